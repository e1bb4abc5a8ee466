import type { Proof } from './credentials.js';
import { type DecodedError } from './decode.js';
import { type EncodedBody } from './request-body.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';
import type { CallMiddleware } from './middleware.js';
import type { Redactor } from './support.js';
import type { ValidationIssue } from './validate.js';
import { type FetchLike, type Received, type Sent, type Transport } from './transport.js';
export interface RuntimeOptions {
    /** Which environment's host URLs to call; optional where the contract has one environment. */
    readonly environment?: string;
    /** Server variables by name; optional where the contract gives every variable a default. */
    readonly servers?: Readonly<Record<string, string>>;
    /**
     * Replaces host URLs, whatever the environment: one for every host, or one per host by host name
     * (a host left out, or given undefined, keeps the environment's). The endpoint's path goes after
     * its path; a relative one is resolved against the page's `location`.
     */
    readonly baseUrl?: string | Readonly<Record<string, string | undefined>>;
    /** Replaces the global fetch (tests, proxies, instrumentation). */
    readonly fetch?: FetchLike;
    /** Sends requests instead of fetch, e.g. `nodeTransport(http)` for node:http keep-alive. */
    readonly transport?: Transport;
    /** Default per-call timeout in milliseconds (default 30000; 0 disables). */
    readonly timeoutMs?: number;
    /** Extra headers sent with every request. */
    readonly headers?: Readonly<Record<string, string>>;
    /** The header and scheme that carry the client-credentials token (default: the contract's). */
    readonly authHeader?: {
        readonly header: string;
        readonly scheme: string;
    };
    /** Responses larger than this are not buffered (default 32 MiB). */
    readonly maxResponseBytes?: number;
}
export interface CallInput {
    readonly params?: Readonly<Record<string, string | number>>;
    /** An absolute URL replacing the path and query (the next page of a Link header): only on the endpoint's own host. */
    readonly url?: string;
    /** The call's whole input, for an endpoint with a parameter table (its keys name the parameters). */
    readonly values?: Readonly<Record<string, unknown>>;
    readonly body?: unknown;
    readonly contentType?: string;
    readonly signal?: AbortSignal;
    readonly timeoutMs?: number;
    readonly headers?: Readonly<Record<string, string>>;
}
/**
 * The status and headers of a success. Generated result types narrow `S` to the statuses the
 * contract lists and `H` to the headers it declares (by lower-case name, as text).
 */
export interface ResponseInfo<S extends number = number, H extends object = {}> {
    readonly status: S;
    readonly headers: Readonly<Record<string, string>> & Readonly<H>;
}
/**
 * Categories of failures without a usable response. `timeout` and `canceled` share their names
 * with the usual HTTP categories (504, 499) so one switch handles both.
 */
export type ClientErrorCategory = 'network' | 'timeout' | 'canceled' | 'invalid_response' | 'invalid_request' | 'redirect' | 'not_modified';
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
    /** Of a `redirect` error: the Location the server named, when it could be read (a browser hides it). */
    readonly location?: string;
    /** Of an `invalid_response` or `invalid_request` error of the client's checks: every way the body or input is not of its type. */
    readonly issues?: readonly ValidationIssue[];
    readonly kind?: undefined;
    readonly bodyStatus?: undefined;
    readonly policy?: undefined;
    readonly retry?: undefined;
    readonly supportReport?: undefined;
}
/**
 * A 2xx answer. `status` is `response.status`, repeated where TypeScript narrows on it: where an
 * endpoint's 2xx statuses have different bodies, its result is a union of one `Success` per status,
 * and checking `result.status` narrows `data` (TypeScript does not narrow on `response.status`).
 */
export interface Success<T, S extends number = number, H extends object = {}> {
    readonly ok: true;
    readonly data: T;
    readonly status: S;
    readonly response: ResponseInfo<S, H>;
}
export interface Failure<E> {
    readonly ok: false;
    readonly error: E;
}
export type Result<T, E, S extends number = number, H extends object = {}> = Success<T, S, H> | Failure<E>;
/** Every 2xx status: `Exclude<Status2xx, …>` types the statuses an endpoint does not document, which are successes too. */
export type Status2xx = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 209 | 210 | 211 | 212 | 213 | 214 | 215 | 216 | 217 | 218 | 219 | 220 | 221 | 222 | 223 | 224 | 225 | 226 | 227 | 228 | 229 | 230 | 231 | 232 | 233 | 234 | 235 | 236 | 237 | 238 | 239 | 240 | 241 | 242 | 243 | 244 | 245 | 246 | 247 | 248 | 249 | 250 | 251 | 252 | 253 | 254 | 255 | 256 | 257 | 258 | 259 | 260 | 261 | 262 | 263 | 264 | 265 | 266 | 267 | 268 | 269 | 270 | 271 | 272 | 273 | 274 | 275 | 276 | 277 | 278 | 279 | 280 | 281 | 282 | 283 | 284 | 285 | 286 | 287 | 288 | 289 | 290 | 291 | 292 | 293 | 294 | 295 | 296 | 297 | 298 | 299;
/** A JSON value: what a followed redirect's target answers when it says JSON. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | {
    readonly [key: string]: JsonValue;
};
export declare const DEFAULT_TIMEOUT_MS: number;
export declare const DEFAULT_MAX_RESPONSE_BYTES: number;
export declare function clientError<Host extends string>(host: Host, code: ClientError['code'], message: string, status?: number, location?: string): ClientError<Host>;
/** One HTTP exchange and what came of it; `request`/`response` are kept for support reports. */
export interface Exchange {
    readonly result: Result<unknown, DecodedError | ClientError>;
    readonly request: Sent | undefined;
    readonly response: Received | undefined;
}
export declare function failure(error: ClientError, request: Sent | undefined): Exchange;
/** A call its caller aborted: before it was sent (no request), or while it was under way. */
export declare function canceled(host: string, request?: Sent): Exchange;
/**
 * One HTTP exchange, no retries, carrying `proofs` of the endpoint's auth schemes; redirects are
 * followed as redirect.ts allows, within the call's one deadline. Without the call's `secrets`
 * (its redactor), none leaves the request's origin.
 */
export declare function send(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, proofs?: readonly Proof[], secrets?: Redactor, middleware?: CallMiddleware, prepared?: Sent): Promise<Exchange>;
/**
 * The URL a call is sent to, before any credential is added to it.
 *
 * @throws TypeError when the input cannot be sent (a path parameter missing, a next-page URL on another host).
 */
export declare function requestUrl(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput): string;
/** Sets one header, dropping the same header written in another case (one header, one value). */
export declare function setHeader(headers: Record<string, string>, name: string, value: string): void;
export declare function joinCookie(headers: Record<string, string>, cookie: string): void;
/**
 * A next-page URL the server gave (Link pagination), followed only below the endpoint's base URL
 * `base`, so credentials never go elsewhere. Judged as the URL parser (and so fetch) reads it, not
 * as text: case, default ports, backslashes and dot segments, encoded ones too, are resolved before
 * it is compared, and the resolved URL is what is sent. The tables name it only for endpoints that
 * page by Link, so other bundles leave it out.
 *
 * @throws TypeError when the URL is not below `base`.
 */
export declare function nextPageUrl(base: string, url: string, host: string): string;
export declare function buildUrl(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, params: Readonly<Record<string, string | number>> | undefined): string;
/** Everything but RFC 3986's unreserved set, so no value can carry a delimiter of any kind: how query values are written (here and in params.ts). */
export declare function encodeUnreserved(text: string): string;
export declare function percentOf(character: string): string;
/**
 * A request body in the media type the call chose (default: the endpoint's first): JSON itself, or
 * the endpoint's `encode`. The tables name it only for endpoints that take a body, so a bundle of
 * bodiless calls carries no body writing.
 *
 * @throws TypeError for a media type the endpoint does not accept, or a value without a JSON form.
 */
export declare function writeBody(endpoint: EndpointSpec, value: unknown, chosen: string | undefined): EncodedBody;
export declare function success(response: Received, data: unknown): Result<unknown, ClientError>;
/**
 * The answer of the last request (redirects already followed or refused): any 2xx is a success,
 * read as the endpoint's 2xx are (an undocumented one as its other statuses); a 304 is the
 * `not_modified` error of a conditional request; anything else is an error decoded by its host.
 */
export declare function interpret(spec: RuntimeSpec, endpoint: EndpointSpec, response: Received): Result<unknown, DecodedError | ClientError>;
/**
 * A success read as its status's kind says: bytes (of the expected media type), text, nothing,
 * JSON, or what a followed redirect's target answers (JSON when its Content-Type says so, else
 * bytes). The tables name it only for endpoints whose successes are not all JSON, so a bundle of
 * JSON calls carries none of it.
 */
export declare function readSuccess(endpoint: EndpointSpec, response: Received): Result<unknown, ClientError>;
/** Whether a media type is one of an Accept list's: named, or within a range (`image/*` by its type, the any-type range any). */
export declare function admits(list: string, media: string): boolean;
