/**
 * The client object behind every generated `createClient`: holds options, and runs calls through
 * the request pipeline.
 */
import { send } from './client.js';
const RESERVED_INPUT_KEYS = new Set(['body', 'contentType', 'signal', 'timeoutMs', 'headers']);
export function createRuntime(spec, options) {
    return {
        call(endpoint, input) {
            return send(spec, options, endpoint, toCallInput(endpoint, input));
        },
    };
}
function toCallInput(endpoint, input) {
    const given = (input ?? {});
    const params = {};
    for (const name of endpoint.pathParams) {
        if (RESERVED_INPUT_KEYS.has(name))
            continue;
        const value = given[name];
        if (typeof value === 'string' || typeof value === 'number')
            params[name] = value;
    }
    return {
        params,
        body: given.body,
        ...(typeof given.contentType === 'string' ? { contentType: given.contentType } : {}),
        ...(given.signal instanceof AbortSignal ? { signal: given.signal } : {}),
        ...(typeof given.timeoutMs === 'number' ? { timeoutMs: given.timeoutMs } : {}),
        ...(isHeaders(given.headers) ? { headers: given.headers } : {}),
    };
}
function isHeaders(value) {
    return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
