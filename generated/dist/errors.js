import { decodeByHost, decodeForHost } from './runtime/decode.js';
import { ENDPOINTS, ERROR_TABLES, HOST_ERRORS } from './tables.js';
/** Every {@link Host}. */
export const HOSTS = ['fulfilment', 'lastmile'];
/** Every {@link ErrorCategory}, in contract order. */
export const ERROR_CATEGORIES = [
    'input',
    'unauthenticated',
    'forbidden',
    'not_found',
    'conflict',
    'rate_limited',
    'canceled',
    'server',
    'unavailable',
    'timeout',
    'client',
    'policy',
];
/** Categories worth retrying (with backoff). */
export const RETRYABLE_CATEGORIES = ['rate_limited', 'unavailable', 'timeout'];
/** Every {@link FulfilmentErrorCode}, in table order. */
export const FULFILMENT_ERROR_CODES = [
    'invalid_argument',
    'failed_precondition',
    'unauthenticated',
    'permission_denied',
    'not_found',
    'already_exists',
    'resource_exhausted',
    'canceled',
    'internal',
    'data_loss',
    'unknown',
    'unavailable',
    'deadline_exceeded',
];
/** Whether a code is one of {@link FULFILMENT_ERROR_CODES}. */
export function isFulfilmentErrorCode(code) {
    return typeof code === 'string' && FULFILMENT_ERROR_CODES.includes(code);
}
/** Decodes an error response of the fulfilment host. Never throws. */
export function decodeFulfilmentError(input) {
    return decodeForHost(ERROR_TABLES, HOST_ERRORS, ENDPOINTS, 'fulfilment', input);
}
/** Decodes an error response of the lastmile host. Never throws. */
export function decodeLastmileError(input) {
    return decodeForHost(ERROR_TABLES, HOST_ERRORS, ENDPOINTS, 'lastmile', input);
}
/** Decodes an error response by host. Never throws, whatever the input. */
export function decodeError(input) {
    return decodeByHost(ERROR_TABLES, HOST_ERRORS, ENDPOINTS, input);
}
