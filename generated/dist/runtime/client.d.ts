/**
 * The request pipeline every generated method runs: URL from environment and server variables,
 * body encoding, bearer token, timeout and cancellation, response decoding and the contract's
 * quirks. Generated code supplies the tables; nothing here knows any one API.
 *
 * Every call runs this path, so it avoids per-call closures, regular expressions and header
 * iteration where a cache or a lazy value does the same (see bench/: client throughput).
 */
import { type DecodedError, type EndpointErrorSpec, type ErrorTables, type HostErrorSpec, type StatusSpec } from './decode.js';
export interface EndpointSpec extends EndpointErrorSpec {
    readonly id: string;
    readonly method: string;
    /** Path template; `{name}` is a path parameter. */
    readonly path: string;
    readonly host: string;
    readonly auth: boolean;
    /** Safe to retry (the contract's word, else the method's). */
    readonly idempotent: boolean;
    readonly pathParams: readonly string[];
    /** Request content types, the default first; empty when the endpoint takes no body. */
    readonly contentTypes: readonly string[];
    readonly response: 'json' | 'binary' | 'none';
    /** The media type a success must carry (e.g. application/pdf), when the contract names one. */
    readonly responseContentType?: string;
    readonly successStatuses: readonly StatusSpec[];
}
export interface RuntimeSpec {
    readonly tables: ErrorTables;
    readonly hosts: Readonly<Record<string, HostErrorSpec>>;
    /** Environment → host → URL template over server variables. */
    readonly environments: Readonly<Record<string, Readonly<Record<string, string>>>>;
}
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export interface RuntimeOptions {
    readonly environment: string;
    readonly servers: Readonly<Record<string, string>>;
    /** Replaces the global fetch (tests, proxies, instrumentation). */
    readonly fetch?: FetchLike;
    /** Sends requests instead of fetch, e.g. `nodeTransport(http)` for node:http keep-alive. */
    readonly transport?: Transport;
    /** Default per-call timeout in milliseconds (default 30000; 0 disables). */
    readonly timeoutMs?: number;
    /** Extra headers sent with every request. */
    readonly headers?: Readonly<Record<string, string>>;
    /** The header and scheme that carry the token (from the contract's auth). */
    readonly authHeader?: {
        readonly header: string;
        readonly scheme: string;
    };
    /** Responses larger than this are not buffered (default 32 MiB). */
    readonly maxResponseBytes?: number;
}
export interface CallInput {
    readonly params?: Readonly<Record<string, string | number>>;
    readonly body?: unknown;
    readonly contentType?: string;
    readonly signal?: AbortSignal;
    readonly timeoutMs?: number;
    readonly headers?: Readonly<Record<string, string>>;
}
export interface ResponseInfo {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
}
/**
 * Categories of failures without a usable response. `timeout` and `canceled` share their names
 * with the usual HTTP categories (504, 499) so one switch handles both.
 */
export type ClientErrorCategory = 'network' | 'timeout' | 'canceled' | 'invalid_response' | 'invalid_request';
export declare const CLIENT_ERROR_CATEGORIES: readonly ClientErrorCategory[];
/** Failures that happen before or around HTTP: no response, or a response the contract rules out. */
export interface ClientError<Host extends string = string> {
    readonly host: Host;
    /** 0 when no response arrived. */
    readonly status: number;
    readonly shape: 'client';
    readonly code: ClientErrorCategory;
    readonly known: true;
    readonly category: ClientErrorCategory;
    readonly retryable: boolean;
    readonly message: string;
    readonly fields: readonly [];
    readonly hint?: string;
    readonly rules: readonly string[];
    readonly body: unknown;
    readonly kind?: undefined;
    readonly bodyStatus?: undefined;
    readonly policy?: undefined;
    readonly retry?: undefined;
    readonly supportReport?: undefined;
}
export type Result<T, E> = {
    readonly ok: true;
    readonly data: T;
    readonly response: ResponseInfo;
} | {
    readonly ok: false;
    readonly error: E;
};
export declare const DEFAULT_TIMEOUT_MS: number;
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
export declare function clientError<Host extends string>(host: Host, code: ClientError['code'], message: string, status?: number, extra?: Partial<Pick<ClientError, 'hint' | 'rules' | 'body'>>): ClientError<Host>;
/** A request as the runtime sends it. */
export interface Sent {
    readonly url: string;
    readonly method: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: string | undefined;
}
/** A response as the runtime read it; header names are lower case. */
export interface Received {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: Uint8Array;
}
export interface TransportRequest extends Sent {
    /** Aborts the exchange (timeout or the caller's signal); the transport then rejects. */
    readonly signal: AbortSignal | undefined;
    /** Bodies longer than this are not read: the transport answers `body: undefined` and drops the connection. */
    readonly maxResponseBytes: number;
}
/** What a transport answers: `body` is undefined when it exceeded `maxResponseBytes`. */
export interface TransportResponse {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: Uint8Array | undefined;
}
/**
 * Sends one request and reads its response. It rejects on network failures and when the signal
 * aborts, and never buffers more than `maxResponseBytes` of a body.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;
/** The chunks as one array the caller owns (binary data is handed out as is). */
export declare function concat(chunks: readonly Uint8Array[], size: number): Uint8Array;
/** One HTTP exchange and what came of it; `request`/`response` are kept for support reports. */
export interface Exchange {
    readonly result: Result<unknown, DecodedError | ClientError>;
    readonly request: Sent | undefined;
    readonly response: Received | undefined;
}
/** Told when an exchange is aborted (an object, so listening allocates no closure). */
export interface AbortListener {
    handleEvent(): void;
}
/** The abort of one exchange, as a transport sees it. */
export interface Abortable {
    readonly aborted: boolean;
    /** One listener at a time: a transport listens for the exchange it runs. */
    listen(listener: AbortListener): void;
    unlisten(listener: AbortListener): void;
}
/** The abort of a request: without an AbortSignal for the runtime's own, else through its signal. */
export declare function abortOf(request: TransportRequest): Abortable | undefined;
/** One HTTP exchange, no retries. `token` is the bearer token to send, if any. */
export declare function send(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, token?: string): Promise<Exchange>;
export declare function buildUrl(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, params: Readonly<Record<string, string | number>> | undefined): string;
export declare function encodeBody(body: unknown, contentType: string): string;
export declare function interpret(spec: RuntimeSpec, endpoint: EndpointSpec, response: Received): Result<unknown, DecodedError | ClientError>;
