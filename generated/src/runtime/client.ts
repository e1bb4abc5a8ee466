/**
 * The request pipeline every generated method runs: URL from environment and server variables,
 * body encoding, bearer token, timeout and cancellation, response decoding and the contract's
 * quirks. Generated code supplies the tables; nothing here knows any one API.
 *
 * Every call runs this path, so it avoids per-call closures, regular expressions and header
 * iteration where a cache or a lazy value does the same (see bench/: client throughput).
 */
import { decodeHostError, statusMatches, successQuirk, type DecodedError, type EndpointErrorSpec, type ErrorTables, type HostErrorSpec, type StatusSpec } from './decode.js';

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
  readonly authHeader?: { readonly header: string; readonly scheme: string };
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
export const CLIENT_ERROR_CATEGORIES: readonly ClientErrorCategory[] = ['network', 'timeout', 'canceled', 'invalid_response', 'invalid_request'];

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
  // Absent here; declared so code can read them across a union with decoded errors.
  readonly kind?: undefined;
  readonly bodyStatus?: undefined;
  readonly policy?: undefined;
  readonly retry?: undefined;
  readonly supportReport?: undefined;
}

export type Result<T, E> =
  | { readonly ok: true; readonly data: T; readonly response: ResponseInfo }
  | { readonly ok: false; readonly error: E };

export const DEFAULT_TIMEOUT_MS: number = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES: number = 32 * 1024 * 1024;

export function clientError<Host extends string>(host: Host, code: ClientError['code'], message: string, status = 0, extra: Partial<Pick<ClientError, 'hint' | 'rules' | 'body'>> = {}): ClientError<Host> {
  const error: ClientError<Host> = { host, status, shape: 'client', code, known: true, category: code, retryable: code === 'network' || code === 'timeout', message, fields: [], rules: extra.rules ?? [], body: extra.body };
  return extra.hint === undefined ? error : { ...error, hint: extra.hint };
}

// ---------------------------------------------------------------------------------------------
// Transports: how one request goes over the wire
// ---------------------------------------------------------------------------------------------

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

// Looked up at call time, so a global fetch replaced after the client was made (tests) is used.
const globalFetch: FetchLike = (url, init) => fetch(url, init);

/** The default transport: fetch, with the body cap applied while reading. */
async function viaFetch(fetchFn: FetchLike, request: TransportRequest): Promise<TransportResponse> {
  const response = await fetchFn(request.url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal });
  return new FetchResponse(response.status, response.headers, await readBody(response, request.maxResponseBytes));
}

/**
 * Iterating fetch Headers costs more than the rest of the call, and most calls never look at
 * them: they are copied on first use. A class, as an object literal with a getter is slow to make.
 */
class FetchResponse implements TransportResponse {
  private record: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    private readonly source: Headers,
    readonly body: Uint8Array | undefined,
  ) {}

  get headers(): Readonly<Record<string, string>> {
    if (this.record === undefined) {
      const record: Record<string, string> = {};
      this.source.forEach((value, key) => {
        record[key] = value;
      });
      this.record = record;
    }
    return this.record;
  }
}

/** Reads a body, stopping (and cancelling the stream) past `limit` bytes: no unbounded buffering. */
async function readBody(response: Response, limit: number): Promise<Uint8Array | undefined> {
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  // A declared length is not trusted (it may count compressed bytes): the stream is counted.
  if (response.body === null) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concat(chunks, size);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

/** The chunks as one array the caller owns (binary data is handed out as is). */
export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
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

/**
 * A request on its way to the transport, with its deadline: the caller's signal combined with a
 * timeout (`expired` tells the two apart afterwards). The AbortController, costly in Node, is made
 * only when a transport reads `signal`: fetch does, the node:http transport listens here instead
 * (see abortOf). Listener and timer are this object: a call allocates no closures for them.
 */
class Outgoing implements TransportRequest, Abortable, AbortListener {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  expired = false;
  aborted = false;
  reason: unknown;
  private controller: AbortController | undefined;
  private listener: AbortListener | undefined;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    request: Sent,
    readonly maxResponseBytes: number,
    private readonly caller: AbortSignal | undefined,
    timeoutMs: number,
  ) {
    ({ url: this.url, method: this.method, headers: this.headers, body: this.body } = request);
    if (caller?.aborted === true) this.abort(caller.reason);
    else caller?.addEventListener('abort', this, { once: true });
    if (timeoutMs > 0) this.timer = setTimeout(expire, timeoutMs, this);
  }

  get signal(): AbortSignal | undefined {
    // Without a timeout the caller's own signal does.
    if (this.timer === undefined) return this.caller;
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** The caller aborted. */
  handleEvent(): void {
    this.abort(this.caller?.reason);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.listener?.handleEvent();
  }

  listen(listener: AbortListener): void {
    this.listener = listener;
  }

  unlisten(listener: AbortListener): void {
    if (this.listener === listener) this.listener = undefined;
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this);
  }
}

function expire(request: Outgoing): void {
  if (request.aborted) return;
  request.expired = true;
  request.abort(new Error('timeout'));
}

/** The abort of a request: without an AbortSignal for the runtime's own, else through its signal. */
export function abortOf(request: TransportRequest): Abortable | undefined {
  if (request instanceof Outgoing) return request;
  const signal = request.signal;
  if (signal === undefined) return undefined;
  return {
    get aborted() {
      return signal.aborted;
    },
    listen: (listener) => signal.addEventListener('abort', listener, { once: true }),
    unlisten: (listener) => signal.removeEventListener('abort', listener),
  };
}

function failure(error: ClientError, request: Sent | undefined): Exchange {
  return { result: { ok: false, error }, request, response: undefined };
}

/** One HTTP exchange, no retries. `token` is the bearer token to send, if any. */
export async function send(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, token?: string): Promise<Exchange> {
  const host = endpoint.host;
  let request: Sent;
  try {
    request = prepare(spec, options, endpoint, input, token);
  } catch (e) {
    return failure(clientError(host, 'invalid_request', e instanceof Error ? e.message : 'invalid request'), undefined);
  }
  const timeoutMs = input.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const outgoing = new Outgoing(request, limit, input.signal, timeoutMs);
  try {
    const response = await (options.transport === undefined ? viaFetch(options.fetch ?? globalFetch, outgoing) : options.transport(outgoing));
    if (!hasBody(response, limit)) return failure(clientError(host, 'invalid_response', `the response body exceeds ${limit} bytes`, response.status), request);
    return { result: interpret(spec, endpoint, response), request, response };
  } catch (e) {
    if (outgoing.expired) return failure(clientError(host, 'timeout', `no response within ${timeoutMs} ms`), request);
    if (input.signal?.aborted === true) return failure(clientError(host, 'canceled', 'the call was aborted'), request);
    return failure(clientError(host, 'network', `network error: ${e instanceof Error ? e.message : 'unknown'}`), request);
  } finally {
    outgoing.clear();
  }
}

/** A body was read and is within the cap (checked again: a custom transport may ignore it). */
function hasBody(response: TransportResponse, limit: number): response is Received {
  return response.body !== undefined && response.body.byteLength <= limit;
}

function prepare(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, token: string | undefined): Sent {
  const url = buildUrl(spec, options, endpoint, input.params);
  const headers: Record<string, string> = { accept: endpoint.responseContentType ?? 'application/json', ...options.headers, ...input.headers };
  let body: string | undefined;
  if (endpoint.contentTypes.length > 0 && input.body !== undefined) {
    const contentType = input.contentType ?? endpoint.contentTypes[0] ?? 'application/json';
    if (!endpoint.contentTypes.includes(contentType)) throw new TypeError(`content type '${contentType}' is not accepted by ${endpoint.id}`);
    headers['content-type'] = contentType;
    body = encodeBody(input.body, contentType);
  }
  if (endpoint.auth && token !== undefined) {
    const carrier = options.authHeader;
    headers[carrier === undefined ? 'authorization' : carrier.header.toLowerCase()] = `${carrier?.scheme ?? 'Bearer'} ${token}`;
  }
  return { url, method: endpoint.method, headers, body };
}

// ---------------------------------------------------------------------------------------------
// URLs and bodies
// ---------------------------------------------------------------------------------------------

/** Filled base URLs by options, then URL template: they never change for one client. */
const baseCache = new WeakMap<RuntimeOptions, Map<string, string>>();

export function buildUrl(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, params: Readonly<Record<string, string | number>> | undefined): string {
  const base = baseUrl(spec, options, endpoint.host);
  return (
    base +
    endpoint.path.replace(/\{([^{}]*)\}/g, (_, name: string) => {
      const value = params !== undefined && own(params, name) ? params[name] : undefined;
      if (value === undefined || value === '') throw new TypeError(`path parameter '${name}' is missing`);
      return encodeURIComponent(value);
    })
  );
}

function own(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

function baseUrl(spec: RuntimeSpec, options: RuntimeOptions, host: string): string {
  const { environment, servers } = options;
  const hosts = own(spec.environments, environment) ? spec.environments[environment] : undefined;
  const template = hosts !== undefined && own(hosts, host) ? hosts[host] : undefined;
  if (typeof template !== 'string') throw new TypeError(`unknown environment '${environment}'`);
  let cache = baseCache.get(options);
  if (cache === undefined) baseCache.set(options, (cache = new Map()));
  let base = cache.get(template);
  if (base === undefined) {
    base = template
      .replace(/\{([^{}]*)\}/g, (_, name: string) => {
        const value = own(servers, name) ? servers[name] : undefined;
        if (value === undefined || value === '') throw new TypeError(`server variable '${name}' is not configured for environment '${environment}'`);
        return value;
      })
      .replace(/\/+$/, '');
    cache.set(template, base);
  }
  return base;
}

export function encodeBody(body: unknown, contentType: string): string {
  if (contentType !== 'application/x-www-form-urlencoded') return JSON.stringify(body);
  const form = new URLSearchParams();
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body)) {
      if (value !== undefined && value !== null) form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  return form.toString();
}

// ---------------------------------------------------------------------------------------------
// Interpreting a response
// ---------------------------------------------------------------------------------------------

let utf8Decoder: { decode(bytes: Uint8Array): string } | undefined;

/** UTF-8 text, without a byte-order mark; one decoder serves every call (it keeps no state). */
function utf8(bytes: Uint8Array): string {
  return (utf8Decoder ??= new TextDecoder()).decode(bytes);
}

function isSuccess(endpoint: EndpointSpec, status: number): boolean {
  if (status < 200 || status >= 300) return false;
  const listed = endpoint.successStatuses;
  for (const spec of listed) if (statusMatches(spec, status)) return true;
  return listed.length === 0;
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

export function interpret(spec: RuntimeSpec, endpoint: EndpointSpec, response: Received): Result<unknown, DecodedError | ClientError> {
  const { status, body } = response;
  const host = spec.hosts[endpoint.host];
  if (!isSuccess(endpoint, status) || (host !== undefined && endpoint.quirks.length > 0 && successQuirk(endpoint, status, body.length) !== undefined)) {
    if (host === undefined) return invalid(endpoint, status, `HTTP ${status}`);
    return { ok: false, error: decodeHostError(spec.tables, host, { status, body: body.length === 0 ? undefined : utf8(body), endpoint }) };
  }
  if (endpoint.response === 'binary') {
    const expected = endpoint.responseContentType;
    const media = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (expected !== undefined && media !== expected) return invalid(endpoint, status, `expected ${expected}, got ${media === '' ? 'no content type' : media}`);
    return { ok: true, data: body, response: infoOf(response) };
  }
  if (endpoint.response === 'none' || body.length === 0) return { ok: true, data: undefined, response: infoOf(response) };
  try {
    return { ok: true, data: JSON.parse(utf8(body)) as unknown, response: infoOf(response) };
  } catch {
    return invalid(endpoint, status, `the ${status} response is not valid JSON`);
  }
}
