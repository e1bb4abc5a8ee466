import { type AuthSpec } from './runtime/auth.js';
import { type ErrorTables, type HostErrorSpec, type StatusSpec } from './runtime/decode.js';
/** Error tables of the contract: shapes, categories, statuses and policies. */
export declare const ERROR_TABLES: ErrorTables;
/** Per-host error handling: recognised shapes, code table, message table. */
export declare const HOST_ERRORS: Readonly<Record<string, HostErrorSpec>>;
/** How each endpoint is called and how its responses are read. */
export declare const ENDPOINTS: {
    readonly requestToken: {
        readonly id: "requestToken";
        readonly method: "POST";
        readonly path: "/oauth/token";
        readonly host: "fulfilment";
        readonly auth: false;
        readonly idempotent: false;
        readonly pathParams: readonly [];
        readonly contentTypes: readonly ["application/json", "application/x-www-form-urlencoded"];
        readonly response: "json";
        readonly successStatuses: readonly [200];
        readonly shapes: readonly ["fulfilment", "unauthorized", "invalid_client"];
        readonly quirks: readonly [];
        readonly fieldPaths: readonly ["grant_type", "client_id", "client_secret", "refresh_token"];
    };
    readonly createOrder: {
        readonly id: "createOrder";
        readonly method: "POST";
        readonly path: "/orders";
        readonly host: "lastmile";
        readonly auth: true;
        readonly idempotent: false;
        readonly pathParams: readonly [];
        readonly contentTypes: readonly ["application/json"];
        readonly response: "json";
        readonly successStatuses: readonly ["2XX"];
        readonly shapes: readonly ["api_error", "invalid_client", "unauthorized", "result_level"];
        readonly quirks: readonly [{
            readonly id: "server_error_may_be_payload";
            readonly status: "5XX";
            readonly hint: "Malformed payloads can return 500 instead of 422 on this endpoint; check the payload before reporting.";
        }];
        readonly fieldPaths: readonly ["origin", "origin.address", "origin.address.address1", "destination", "destination.address", "destination.address.address1", "items", "items.name", "kind", "billing_identifier", "payment_amount", "payment_mode"];
    };
    readonly getOrder: {
        readonly id: "getOrder";
        readonly method: "GET";
        readonly path: "/orders/{order_id}";
        readonly host: "lastmile";
        readonly auth: true;
        readonly idempotent: true;
        readonly pathParams: readonly ["order_id"];
        readonly contentTypes: readonly [];
        readonly response: "json";
        readonly successStatuses: readonly ["2XX"];
        readonly shapes: readonly ["api_error", "invalid_client", "unauthorized", "result_level"];
        readonly quirks: readonly [{
            readonly id: "forbidden_means_missing";
            readonly status: 403;
            readonly category: "not_found";
            readonly hint: "This API answers 403, not 404, for a nonexistent order: the order may not exist.";
        }];
        readonly fieldPaths: readonly [];
    };
    readonly updateOrder: {
        readonly id: "updateOrder";
        readonly method: "PUT";
        readonly path: "/orders/{order_id}";
        readonly host: "lastmile";
        readonly auth: true;
        readonly idempotent: true;
        readonly pathParams: readonly ["order_id"];
        readonly contentTypes: readonly ["application/json"];
        readonly response: "json";
        readonly successStatuses: readonly ["2XX"];
        readonly shapes: readonly ["api_error", "invalid_client", "unauthorized", "result_level"];
        readonly quirks: readonly [{
            readonly id: "not_found_means_wrong_method";
            readonly status: 404;
            readonly hint: "A 404 on an update means the wrong method: the update is PUT /orders/{order_id} (POST and PATCH give 404).";
        }];
        readonly fieldPaths: readonly ["origin", "origin.address", "origin.address.address1", "destination", "destination.address", "destination.address.address1", "items", "items.name", "kind", "billing_identifier", "payment_amount", "payment_mode"];
    };
    readonly markReadyForCollection: {
        readonly id: "markReadyForCollection";
        readonly method: "PUT";
        readonly path: "/orders/{order_id}/ready_for_collection";
        readonly host: "lastmile";
        readonly auth: true;
        readonly idempotent: true;
        readonly pathParams: readonly ["order_id"];
        readonly contentTypes: readonly ["application/json"];
        readonly response: "json";
        readonly successStatuses: readonly ["2XX"];
        readonly shapes: readonly ["api_error", "invalid_client", "unauthorized", "result_level"];
        readonly quirks: readonly [{
            readonly id: "server_error_may_be_payload";
            readonly status: "5XX";
            readonly hint: "Malformed payloads can return 500 instead of 422 on this endpoint; check the payload before reporting.";
        }];
        readonly fieldPaths: readonly [];
    };
    readonly getOrderLabel: {
        readonly id: "getOrderLabel";
        readonly method: "GET";
        readonly path: "/order_label/{order_id}";
        readonly host: "lastmile";
        readonly auth: true;
        readonly idempotent: true;
        readonly pathParams: readonly ["order_id"];
        readonly contentTypes: readonly [];
        readonly response: "binary";
        readonly responseContentType: "application/pdf";
        readonly successStatuses: readonly [200];
        readonly shapes: readonly ["api_error", "invalid_client", "unauthorized", "result_level"];
        readonly quirks: readonly [{
            readonly id: "empty_label_means_missing";
            readonly status: 200;
            readonly emptyBody: true;
            readonly error: true;
            readonly category: "not_found";
            readonly hint: "A zero-byte PDF means the order does not exist.";
        }, {
            readonly id: "not_found_means_wrong_path";
            readonly status: 404;
            readonly hint: "A 404 on a label request means the wrong path: the label path is GET /order_label/{order_id}; no label path exists under the order resource.";
        }];
        readonly fieldPaths: readonly [];
    };
};
/** The contract's auth: token endpoint, grants, lifetimes, header, 401 rule. */
export declare const AUTH: AuthSpec | undefined;
/** Statuses for which errors carry a support report. */
export declare const SUPPORT: {
    readonly reportOn: readonly StatusSpec[];
} | undefined;
/** Field names whose values are secrets: redacted from errors and support reports. */
export declare const SECRET_FIELDS: readonly string[];
/** Environment → host → base URL template over server variables. */
export declare const ENVIRONMENT_URLS: Readonly<Record<string, Readonly<Record<string, string>>>>;
