import { type AuthSpec } from './runtime/auth.js';
import { type EndpointSpec } from './runtime/client.js';
import { type ErrorTables, type HostErrorSpec, type StatusSpec } from './runtime/decode.js';
import { type FullRuntimeSpec } from './runtime/runtime.js';
/** Error tables of the contract: shapes, categories, statuses and policies. */
export declare const ERROR_TABLES: ErrorTables;
/** Per-host error handling: recognised shapes, code table, message table. */
export declare const HOST_ERRORS: Readonly<Record<string, HostErrorSpec>>;
/** Operation ids, the keys of {@link ENDPOINTS}. */
type EndpointId = 'requestToken' | 'createOrder' | 'getOrder' | 'updateOrder' | 'markReadyForCollection' | 'getOrderLabel';
/** How each endpoint is called and how its responses are read. */
export declare const ENDPOINTS: Readonly<Record<EndpointId, EndpointSpec>>;
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
/** Everything the runtime needs, in one object. */
export declare const RUNTIME_SPEC: FullRuntimeSpec;
export {};
