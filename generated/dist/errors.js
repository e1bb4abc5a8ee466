"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.FULFILMENT_ERROR_CODES = exports.RETRYABLE_CATEGORIES = exports.ERROR_CATEGORIES = exports.HOSTS = void 0;
exports.isFulfilmentErrorCode = isFulfilmentErrorCode;
exports.decodeFulfilmentError = decodeFulfilmentError;
exports.decodeLastmileError = decodeLastmileError;
exports.decodeError = decodeError;
const decode_js_1 = require("./runtime/decode.js");
const tables_js_1 = require("./tables.js");
exports.HOSTS = ['fulfilment', 'lastmile'];
exports.ERROR_CATEGORIES = [
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
exports.RETRYABLE_CATEGORIES = ['rate_limited', 'unavailable', 'timeout'];
/** Every {@link FulfilmentErrorCode}, in table order. */
exports.FULFILMENT_ERROR_CODES = [
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
function isFulfilmentErrorCode(code) {
    return typeof code === 'string' && exports.FULFILMENT_ERROR_CODES.includes(code);
}
/**
 * Decodes an error response of the fulfilment host. Never throws.
 *
 * `status` is the HTTP status (authoritative over any status in the body); `body` the raw response text or the parsed JSON; `endpoint` the operation id, to apply its quirks.
 */
function decodeFulfilmentError(input) {
    return (0, decode_js_1.decodeForHost)(tables_js_1.ERROR_TABLES, tables_js_1.HOST_ERRORS, tables_js_1.ENDPOINTS, 'fulfilment', input);
}
/**
 * Decodes an error response of the lastmile host. Never throws.
 *
 * `status` is the HTTP status (authoritative over any status in the body); `body` the raw response text or the parsed JSON; `endpoint` the operation id, to apply its quirks.
 */
function decodeLastmileError(input) {
    return (0, decode_js_1.decodeForHost)(tables_js_1.ERROR_TABLES, tables_js_1.HOST_ERRORS, tables_js_1.ENDPOINTS, 'lastmile', input);
}
/** Decodes an error response by host. Never throws, whatever the input. */
function decodeError(input) {
    const host = typeof input === 'object' && input !== null ? input.host : undefined;
    return (0, decode_js_1.decodeForHost)(tables_js_1.ERROR_TABLES, tables_js_1.HOST_ERRORS, tables_js_1.ENDPOINTS, host, input);
}
