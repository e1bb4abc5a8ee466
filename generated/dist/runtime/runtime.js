"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.createRuntime = createRuntime;
/**
 * The client object behind every generated `createClient`: holds options, and runs calls through
 * the request pipeline.
 */
const client_js_1 = require("./client.js");
const RESERVED_INPUT_KEYS = new Set(['body', 'contentType', 'signal', 'timeoutMs', 'headers']);
function createRuntime(spec, options) {
    return {
        call(endpoint, input) {
            return (0, client_js_1.send)(spec, options, endpoint, toCallInput(endpoint, input));
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
