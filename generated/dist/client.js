"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ENVIRONMENTS = void 0;
exports.createClient = createClient;
const runtime_js_1 = require("./runtime/runtime.js");
const tables_js_1 = require("./tables.js");
exports.ENVIRONMENTS = ['production', 'staging', 'mock'];
/**
 * Creates a client of Fulfilment and Last-Mile Order APIs.
 *
 * The header that carries the token on requests: not shown. The RFC 6750 default (Authorization: Bearer) is used.
 */
function createClient(options) {
    const runtime = (0, runtime_js_1.createRuntime)({ tables: tables_js_1.ERROR_TABLES, hosts: tables_js_1.HOST_ERRORS, environments: tables_js_1.ENVIRONMENT_URLS }, { ...options, authHeader: { header: 'Authorization', scheme: 'Bearer' } });
    return {
        requestToken: (input) => runtime.call(tables_js_1.ENDPOINTS['requestToken'], input),
        createOrder: (input) => runtime.call(tables_js_1.ENDPOINTS['createOrder'], input),
        getOrder: (input) => runtime.call(tables_js_1.ENDPOINTS['getOrder'], input),
        updateOrder: (input) => runtime.call(tables_js_1.ENDPOINTS['updateOrder'], input),
        markReadyForCollection: (input) => runtime.call(tables_js_1.ENDPOINTS['markReadyForCollection'], input),
        getOrderLabel: (input) => runtime.call(tables_js_1.ENDPOINTS['getOrderLabel'], input),
    };
}
