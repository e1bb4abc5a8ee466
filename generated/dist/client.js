import { createRuntime } from './runtime/runtime.js';
import { ENDPOINTS, RUNTIME_SPEC } from './tables.js';
/** Every {@link Environment}. */
export const ENVIRONMENTS = ['production', 'staging', 'mock'];
/**
 * Creates a client of Fulfilment and Last-Mile Order APIs.
 *
 * The header that carries the token on requests: not shown. The RFC 6750 default (Authorization: Bearer) is used.
 */
export function createClient(options) {
    const runtime = createRuntime(RUNTIME_SPEC, options);
    return {
        requestToken: (input) => runtime.call(ENDPOINTS.requestToken, input),
        createOrder: (input) => runtime.call(ENDPOINTS.createOrder, input),
        getOrder: (input) => runtime.call(ENDPOINTS.getOrder, input),
        updateOrder: (input) => runtime.call(ENDPOINTS.updateOrder, input),
        markReadyForCollection: (input) => runtime.call(ENDPOINTS.markReadyForCollection, input),
        getOrderLabel: (input) => runtime.call(ENDPOINTS.getOrderLabel, input),
    };
}
