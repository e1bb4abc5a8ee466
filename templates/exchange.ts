/**
 * One HTTP exchange, the request pipeline every generated call runs: the URL from environment and
 * server variables, the body's encoding, the bearer token, timeout and cancellation (transport.ts),
 * and the response read as the contract says — a success, the contract's quirks, or an error
 * decoded by its host (decode.ts). Generated code supplies the tables; nothing here knows any one
 * API. Retries, tokens and support reports are the client object's (base-client.ts).
 *
 * Every call runs this path, so it avoids per-call closures and regular expressions where a cache
 * does the same (see bench/: client throughput).
 */
import { hasOwn, own, setOwn } from './body.js';
import type { Proof } from './credentials.js';
import { decodeHostError, type DecodedError } from './decode.js';
import type { SerialisedParams } from './params.js';
import { PLAIN_JSON, type BodyData, type EncodedBody } from './request-body.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';
import { statusMatches } from './status.js';
import { nextHop } from './redirect.js';
import type { CallMiddleware } from './middleware.js';
import type { Redactor } from './support.js';
import type { ValidationIssue } from './validate.js';
import { FetchResponse, Outgoing, viaFetch, type FetchLike, type Received, type Sent, type Transport, type TransportResponse } from './transport.js';

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
  readonly authHeader?: { readonly header: string; readonly scheme: string };
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
export const CLIENT_ERROR_CATEGORIES: readonly ClientErrorCategory[] = ['network', 'timeout', 'canceled', 'invalid_response', 'invalid_request', 'redirect', 'not_modified'];

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
  // Absent here; declared so code can read them across a union with decoded errors.
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
export type Status2xx =
  | 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 209 | 210 | 211 | 212 | 213 | 214 | 215 | 216 | 217 | 218 | 219
  | 220 | 221 | 222 | 223 | 224 | 225 | 226 | 227 | 228 | 229 | 230 | 231 | 232 | 233 | 234 | 235 | 236 | 237 | 238 | 239
  | 240 | 241 | 242 | 243 | 244 | 245 | 246 | 247 | 248 | 249 | 250 | 251 | 252 | 253 | 254 | 255 | 256 | 257 | 258 | 259
  | 260 | 261 | 262 | 263 | 264 | 265 | 266 | 267 | 268 | 269 | 270 | 271 | 272 | 273 | 274 | 275 | 276 | 277 | 278 | 279
  | 280 | 281 | 282 | 283 | 284 | 285 | 286 | 287 | 288 | 289 | 290 | 291 | 292 | 293 | 294 | 295 | 296 | 297 | 298 | 299;

/** A JSON value: what a followed redirect's target answers when it says JSON. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

export const DEFAULT_TIMEOUT_MS: number = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES: number = 32 * 1024 * 1024;

export function clientError<Host extends string>(host: Host, code: ClientError['code'], message: string, status = 0, location?: string): ClientError<Host> {
  const error: ClientError<Host> = { host, status, shape: 'client', code, known: true, category: code, retryable: code === 'network' || code === 'timeout', message, fields: [], rules: [], body: undefined };
  // Absent, not undefined, where not given (consumers may compile with exactOptionalPropertyTypes).
  return location === undefined ? error : { ...error, location };
}

// ---------------------------------------------------------------------------------------------
// One exchange
// ---------------------------------------------------------------------------------------------


/** One HTTP exchange and what came of it; `request`/`response` are kept for support reports. */
export interface Exchange {
  readonly result: Result<unknown, DecodedError | ClientError>;
  readonly request: Sent | undefined;
  readonly response: Received | undefined;
}

export function failure(error: ClientError, request: Sent | undefined): Exchange {
  return { result: { ok: false, error }, request, response: undefined };
}

/** A call its caller aborted: before it was sent (no request), or while it was under way. */
export function canceled(host: string, request?: Sent): Exchange {
  return failure(clientError(host, 'canceled', 'the call was aborted'), request);
}

/**
 * One HTTP exchange, no retries, carrying `proofs` of the endpoint's auth schemes; redirects are
 * followed as redirect.ts allows, within the call's one deadline. Without the call's `secrets`
 * (its redactor), none leaves the request's origin.
 */
export async function send(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, proofs?: readonly Proof[], secrets?: Redactor, middleware?: CallMiddleware, prepared?: Sent): Promise<Exchange> {
  const host = endpoint.host;
  let request: Sent;
  try {
    request = prepared ?? prepare(spec, options, endpoint, input, proofs);
  } catch (e) {
    return failure(clientError(host, 'invalid_request', e instanceof Error ? e.message : 'invalid request'), undefined);
  }
  // The chain is middleware.ts's, reached through the client's or the call's `middleware` option alone; it sends what it prepared through here again.
  if (middleware) return middleware.send(request, (sent, sealed) => send(spec, options, endpoint, input, proofs, sealed ? undefined : secrets, undefined, sent));
  const timeoutMs = input.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const outgoing = new Outgoing(request, limit, input.signal, timeoutMs);
  try {
    for (let hops = 0; ; hops++) {
      const response = await (endpoint.upload ?? viaFetch)(options, outgoing);
      if (!hasBody(response, limit)) return failure(clientError(host, 'invalid_response', `the response body exceeds ${limit} bytes`, response.status), request);
      const next = nextHop(request, response, hops, secrets);
      if (next === undefined) return { result: interpret(spec, endpoint, response), request, response };
      if ('refused' in next) return { result: { ok: false, error: clientError(host, 'redirect', next.refused, response.status, next.location) }, request, response };
      outgoing.to((request = next));
    }
  } catch (e) {
    if (outgoing.expired) return failure(clientError(host, 'timeout', `no response within ${timeoutMs} ms`), request);
    if (input.signal?.aborted === true) return canceled(host, request);
    return failure(clientError(host, 'network', `network error: ${e instanceof Error ? e.message : 'unknown'}`), request);
  } finally {
    outgoing.clear();
  }
}

/** A body was read and is within the cap (checked again: a custom transport may ignore it). */
function hasBody(response: TransportResponse, limit: number): response is Received {
  return response.body !== undefined && response.body.byteLength <= limit;
}

function prepare(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, proofs: readonly Proof[] | undefined): Sent {
  const serialised = serialise(endpoint, input);
  let url = urlOf(spec, options, endpoint, input, serialised);
  // Parameters over the client's default headers; the call's own headers over both.
  const headers: Record<string, string> = { accept: endpoint.accept ?? endpoint.responseContentType ?? 'application/json', ...options.headers };
  if (input.headers !== undefined) overlay(headers, input.headers);
  // Only endpoints with header or cookie parameters name params.ts's writer of them.
  if (serialised !== undefined) endpoint.params?.headers?.(headers, serialised, input.headers);
  let body: BodyData | undefined;
  if (endpoint.write !== undefined && input.body !== undefined) {
    const encoded = endpoint.write(endpoint, input.body, input.contentType);
    headers['content-type'] = encoded.contentType;
    body = encoded.body;
  }
  if (proofs !== undefined) for (const proof of proofs) url = withProof(headers, url, proof);
  return { url, method: endpoint.method, headers, body };
}

function serialise(endpoint: EndpointSpec, input: CallInput): SerialisedParams | undefined {
  const table = endpoint.params;
  return table === undefined ? undefined : table.serialise(endpoint.path, table.specs, input.values ?? {});
}

/**
 * The URL a call is sent to, before any credential is added to it.
 *
 * @throws TypeError when the input cannot be sent (a path parameter missing, a next-page URL on another host).
 */
export function requestUrl(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput): string {
  return urlOf(spec, options, endpoint, input, serialise(endpoint, input));
}

function urlOf(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, serialised: SerialisedParams | undefined): string {
  if (input.url !== undefined) {
    const paging = endpoint.pagination;
    if (paging?.kind !== 'link') throw new TypeError(`${endpoint.id} takes no next page's URL`);
    return paging.within(baseUrl(spec, options, endpoint.host), input.url, endpoint.host);
  }
  return serialised === undefined ? buildUrl(spec, options, endpoint, input.params) + plainQuery(endpoint, input.values) : baseUrl(spec, options, endpoint.host) + serialised.path + serialised.query;
}

// ---------------------------------------------------------------------------------------------
// URLs and bodies
// ---------------------------------------------------------------------------------------------

/** Sets one header, dropping the same header written in another case (one header, one value). */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const lower = name.toLowerCase();
  for (const key of Object.keys(headers)) if (key !== name && key.toLowerCase() === lower) delete headers[key];
  setOwn(headers, name, value);
}

/** The call's headers over the client's, whatever the case either is written in. */
function overlay(headers: Record<string, string>, over: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(over)) setHeader(headers, name, value);
}

/** A scheme's proof added to the request: over any header of its name, after the query, into the cookie. */
function withProof(headers: Record<string, string>, url: string, proof: Proof): string {
  if (proof.header !== undefined) setHeader(headers, proof.header.name, proof.header.value);
  if (proof.cookie !== undefined) joinCookie(headers, proof.cookie);
  if (proof.query === undefined) return url;
  const hash = url.indexOf('#');
  const head = hash < 0 ? url : url.slice(0, hash);
  return `${head}${head.includes('?') ? '&' : '?'}${proof.query}`;
}

export function joinCookie(headers: Record<string, string>, cookie: string): void {
  const existing = Object.keys(headers).find((k) => k.toLowerCase() === 'cookie');
  const before = existing === undefined ? '' : (headers[existing] ?? '');
  setHeader(headers, 'cookie', before === '' ? cookie : `${before}; ${cookie}`);
}

/**
 * A next-page URL the server gave (Link pagination), followed only below the endpoint's base URL
 * `base`, so credentials never go elsewhere. Judged as the URL parser (and so fetch) reads it, not
 * as text: case, default ports, backslashes and dot segments, encoded ones too, are resolved before
 * it is compared, and the resolved URL is what is sent. The tables name it only for endpoints that
 * page by Link, so other bundles leave it out.
 *
 * @throws TypeError when the URL is not below `base`.
 */
export function nextPageUrl(base: string, url: string, host: string): string {
  const root = new URL(base);
  const path = root.pathname.replace(/\/$/, '');
  let next: URL | undefined;
  try {
    next = new URL(url);
  } catch {
    // Not a URL: refused below, as one elsewhere.
  }
  if (next?.origin !== root.origin || (next.pathname !== path && !next.pathname.startsWith(`${path}/`))) throw new TypeError(`the next page's URL is not on the ${host} host`);
  return next.href;
}

/** Base URLs by options, then URL template (or `baseUrl` option): they never change for one client. */
const baseCache = new WeakMap<RuntimeOptions, Map<string, string>>();

export function buildUrl(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, params: Readonly<Record<string, string | number>> | undefined): string {
  const base = baseUrl(spec, options, endpoint.host);
  return (
    base +
    endpoint.path.replace(/\{([^{}]*)\}/g, (_, name: string) => {
      const value = params !== undefined && hasOwn(params, name) ? params[name] : undefined;
      if (value === undefined || value === '') throw new TypeError(`path parameter '${name}' is missing`);
      // URL parsers resolve a `.` or `..` segment (even encoded): it would call another path.
      if (value === '.' || value === '..') throw new TypeError(`path parameter '${name}' cannot be '${value}'`);
      return encodeURIComponent(value);
    })
  );
}

/**
 * `?a=1&b=x` of an endpoint's `queryParams`, read and encoded as params.ts reads and encodes a
 * scalar query value: null or undefined is not sent, anything but a string, finite number,
 * boolean or bigint cannot be.
 */
function plainQuery(endpoint: EndpointSpec, values: Readonly<Record<string, unknown>> | undefined): string {
  const query = endpoint.queryParams;
  if (query === undefined) return '';
  let text = '';
  for (const q of query) {
    const value = values !== undefined && hasOwn(values, q.name) ? values[q.name] : undefined;
    if (value === undefined || value === null) {
      if (q.required === true) throw new TypeError(`query parameter '${q.name}' is missing`);
      continue;
    }
    const scalar = typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : undefined;
    if (scalar === undefined) throw new TypeError(`query parameter '${q.name}' cannot be ${typeof value === 'number' ? String(value) : Array.isArray(value) ? 'an array' : `a ${typeof value}`}`);
    text += `${text === '' ? '?' : '&'}${q.name}=${encodeUnreserved(scalar)}`;
  }
  return text;
}

/** Everything but RFC 3986's unreserved set, so no value can carry a delimiter of any kind: how query values are written (here and in params.ts). */
export function encodeUnreserved(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, percentOf);
}

export function percentOf(character: string): string {
  return '%' + character.charCodeAt(0).toString(16).toUpperCase();
}



/**
 * A host's base URL: the `baseUrl` option's, else the environment's (the contract's only one when
 * none is chosen); server variables filled in, made absolute (a relative one against the page's
 * location, as a browser's fetch reads it, so the redirect rule and Link pages judge the origin
 * requests really go to), with no trailing slash.
 *
 * @throws TypeError for an unknown environment, a missing server variable, or a base URL that is
 * not absolute where there is no page location.
 */
function baseUrl(spec: RuntimeSpec, options: RuntimeOptions, host: string): string {
  const { servers, baseUrl: given } = options;
  const environment = options.environment ?? spec.environment;
  let template = typeof given === 'string' ? given : own(given, host);
  // No environment is named '': a client that chose none finds none when the contract has several.
  if (typeof template !== 'string') template = own(own(spec.environments, environment ?? ''), host);
  if (typeof template !== 'string') throw new TypeError(`unknown environment '${environment}'`);
  let cache = baseCache.get(options);
  if (cache === undefined) baseCache.set(options, (cache = new Map()));
  let base = cache.get(template);
  if (base === undefined) {
    const filled = template.replace(/\{([^{}]*)\}/g, (_, name: string) => {
      // A variable given as undefined (an unset environment variable) takes its default too.
      const value = own(servers, name) ?? own(spec.serverDefaults, name);
      if (typeof value !== 'string' || value === '') throw new TypeError(`server variable '${name}' is not configured for environment '${environment}'`);
      return value;
    });
    try {
      base = new URL(filled, (globalThis as { location?: { href?: string } }).location?.href).href.replace(/\/+$/, '');
    } catch {
      throw new TypeError(`the base URL '${filled}' is not absolute, and there is no page location to resolve it against`);
    }
    cache.set(template, base);
  }
  return base;
}

/**
 * A request body in the media type the call chose (default: the endpoint's first): JSON itself, or
 * the endpoint's `encode`. The tables name it only for endpoints that take a body, so a bundle of
 * bodiless calls carries no body writing.
 *
 * @throws TypeError for a media type the endpoint does not accept, or a value without a JSON form.
 */
export function writeBody(endpoint: EndpointSpec, value: unknown, chosen: string | undefined): EncodedBody {
  const contentType = chosen ?? endpoint.contentTypes[0] ?? 'application/json';
  if (!endpoint.contentTypes.includes(contentType)) throw new TypeError(`content type '${contentType}' is not accepted by ${endpoint.id}`);
  if (endpoint.encode !== undefined) return endpoint.encode(value, contentType, endpoint);
  const text = (endpoint.json ?? PLAIN_JSON).stringify(value);
  if (text === undefined) throw new TypeError('the body has no JSON form');
  return { body: text, contentType };
}

// ---------------------------------------------------------------------------------------------
// Interpreting a response
// ---------------------------------------------------------------------------------------------

let utf8Decoder: { decode(bytes: Uint8Array): string } | undefined;

/** UTF-8 text, without a byte-order mark; one decoder serves every call (it keeps no state). */
function utf8(bytes: Uint8Array): string {
  return (utf8Decoder ??= new TextDecoder()).decode(bytes);
}

/** Status and headers of a success; the headers of fetch are read only when asked for. */
function infoOf(response: Received): ResponseInfo {
  if (!(response instanceof FetchResponse)) return { status: response.status, headers: response.headers };
  return {
    status: response.status,
    get headers(): Readonly<Record<string, string>> {
      const headers = response.headers;
      // From now on a plain property, so inspecting the result shows the headers.
      Object.defineProperty(this, 'headers', { value: headers, enumerable: true, writable: true });
      return headers;
    },
  };
}

function invalid(endpoint: EndpointSpec, status: number, message: string): Result<unknown, ClientError> {
  return { ok: false, error: clientError(endpoint.host, 'invalid_response', message, status) };
}

export function success(response: Received, data: unknown): Result<unknown, ClientError> {
  return { ok: true, data, status: response.status, response: infoOf(response) };
}

/**
 * The answer of the last request (redirects already followed or refused): any 2xx is a success,
 * read as the endpoint's 2xx are (an undocumented one as its other statuses); a 304 is the
 * `not_modified` error of a conditional request; anything else is an error decoded by its host.
 */
export function interpret(spec: RuntimeSpec, endpoint: EndpointSpec, response: Received): Result<unknown, DecodedError | ClientError> {
  const { status, body } = response;
  const host = spec.hosts[endpoint.host];
  // An endpoint's quirks are decode-rules.ts's, named by the tables only where a contract has them.
  const rules = spec.tables.rules;
  if (status < 200 || status > 299 || (host !== undefined && rules !== undefined && endpoint.quirks.length > 0 && rules.successQuirk(endpoint, status, body.length) !== undefined)) {
    if (status === 304) return { ok: false, error: clientError(endpoint.host, 'not_modified', 'not modified since the validator the call sent', status) };
    if (host === undefined) return invalid(endpoint, status, `HTTP ${status}`);
    return { ok: false, error: decodeHostError(spec.tables, host, { status, body: body.length === 0 ? undefined : utf8(body), endpoint }) };
  }
  return endpoint.read === undefined ? readJson(endpoint, response) : endpoint.read(endpoint, response);
}

/** A JSON success (no data for an empty body). */
function readJson(endpoint: EndpointSpec, response: Received): Result<unknown, ClientError> {
  const { status, body } = response;
  if (body.length === 0) return success(response, undefined);
  try {
    return success(response, (endpoint.json ?? PLAIN_JSON).parse(utf8(body)));
  } catch {
    return invalid(endpoint, status, `the ${status} response is not valid JSON`);
  }
}

/**
 * A success read as its status's kind says: bytes (of the expected media type), text, nothing,
 * JSON, or what a followed redirect's target answers (JSON when its Content-Type says so, else
 * bytes). The tables name it only for endpoints whose successes are not all JSON, so a bundle of
 * JSON calls carries none of it.
 */
export function readSuccess(endpoint: EndpointSpec, response: Received): Result<unknown, ClientError> {
  const { status, body } = response;
  const read = endpoint.successBodies === undefined ? undefined : endpoint.successBodies.find((b) => statusMatches(b.status, status));
  const kind = read === undefined ? endpoint.response : read.response;
  const media = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (kind === 'followed') return media === 'application/json' || media.endsWith('+json') ? readJson(endpoint, response) : success(response, body);
  if (kind === 'binary') {
    const expected = read === undefined ? endpoint.responseContentType : read.contentType;
    if (expected !== undefined && !admits(expected, media)) return invalid(endpoint, status, `expected ${expected}, got ${media === '' ? 'no content type' : media}`);
    return success(response, body);
  }
  if (kind === 'text') return success(response, utf8(body));
  if (kind === 'none') return success(response, undefined);
  return readJson(endpoint, response);
}

/** Whether a media type is one of an Accept list's: named, or within a range (`image/*` by its type, the any-type range any). */
export function admits(list: string, media: string): boolean {
  return list.split(',').some((range) => {
    const r = range.trim().toLowerCase();
    return r === media || r === '*/*' || (r.endsWith('/*') && media.startsWith(r.slice(0, -1)));
  });
}
