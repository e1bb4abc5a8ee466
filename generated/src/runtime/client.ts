/**
 * The request pipeline every generated method runs: URL from environment and server variables,
 * body encoding, bearer token, timeout and cancellation, response decoding and the contract's
 * quirks. Generated code supplies the tables; nothing here knows any one API.
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

export function clientError<Host extends string>(host: Host, code: ClientError['code'], message: string, status = 0, extra: Partial<Pick<ClientError, 'hint' | 'rules' | 'body'>> = {}): ClientError<Host> {
  return {
    host,
    status,
    shape: 'client',
    code,
    known: true,
    category: code,
    retryable: code === 'network' || code === 'timeout',
    message,
    fields: [],
    rules: extra.rules ?? [],
    body: extra.body,
    ...(extra.hint === undefined ? {} : { hint: extra.hint }),
  };
}

export function buildUrl(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, params: Readonly<Record<string, string | number>> | undefined): string {
  const template = spec.environments[options.environment]?.[endpoint.host];
  if (template === undefined) throw new TypeError(`unknown environment '${options.environment}'`);
  const base = template.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(options.servers, name) ? options.servers[name] : undefined;
    if (value === undefined || value === '') throw new TypeError(`server variable '${name}' is not configured for environment '${options.environment}'`);
    return value;
  });
  const path = endpoint.path.replace(/\{([^{}]*)\}/g, (_, name: string) => {
    const value = params !== undefined && Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    if (value === undefined || value === '') throw new TypeError(`path parameter '${name}' is missing`);
    return encodeURIComponent(String(value));
  });
  return `${base.replace(/\/+$/, '')}${path}`;
}

export function encodeBody(body: unknown, contentType: string): string {
  if (contentType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    if (typeof body === 'object' && body !== null) {
      for (const [key, value] of Object.entries(body)) {
        if (value !== undefined && value !== null) form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
    }
    return form.toString();
  }
  return JSON.stringify(body);
}

function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Combines the caller's signal with a timeout; `timedOut` tells the two apart afterwards. */
function deadline(signal: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; timedOut: () => boolean; clear: () => void } {
  const controller = new AbortController();
  let expired = false;
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted === true) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          expired = true;
          controller.abort(new Error('timeout'));
        }, timeoutMs)
      : undefined;
  return {
    signal: controller.signal,
    timedOut: () => expired,
    clear: () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export interface Sent {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
}

export interface Received {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** One HTTP exchange and what came of it; `request`/`response` are kept for support reports. */
export interface Exchange {
  readonly result: Result<unknown, DecodedError | ClientError>;
  readonly request: Sent | undefined;
  readonly response: Received | undefined;
}

/** One HTTP exchange, no retries. `token` is the bearer token to send, if any. */
export async function send(spec: RuntimeSpec, options: RuntimeOptions, endpoint: EndpointSpec, input: CallInput, token?: string): Promise<Exchange> {
  const host = endpoint.host;
  let request: Sent;
  try {
    request = prepare(spec, options, endpoint, input, token);
  } catch (e) {
    const error = clientError(host, 'invalid_request', e instanceof Error ? e.message : 'invalid request');
    return { result: { ok: false, error }, request: undefined, response: undefined };
  }
  const timeoutMs = input.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const guard = deadline(input.signal, timeoutMs);
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const failed = (error: ClientError): Exchange => ({ result: { ok: false, error }, request, response: undefined });
  try {
    const response = await doFetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: guard.signal });
    const bytes = await readBody(response, options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
    if (bytes === undefined) return failed(clientError(host, 'invalid_response', `the response body exceeds ${options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES} bytes`, response.status));
    const received: Received = { status: response.status, headers: headersOf(response), body: bytes };
    return { result: interpret(spec, endpoint, response, bytes), request, response: received };
  } catch (e) {
    if (guard.timedOut()) return failed(clientError(host, 'timeout', `no response within ${timeoutMs} ms`));
    if (input.signal?.aborted === true) return failed(clientError(host, 'canceled', 'the call was aborted'));
    const reason = e instanceof Error ? e.message : 'network error';
    return failed(clientError(host, 'network', `network error: ${reason}`));
  } finally {
    guard.clear();
  }
}

export const DEFAULT_MAX_RESPONSE_BYTES: number = 32 * 1024 * 1024;

/** Reads a body, stopping (and cancelling the stream) past `limit` bytes: no unbounded buffering. */
async function readBody(response: Response, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (response.body === null || response.body === undefined) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
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
    const carrier = options.authHeader ?? { header: 'Authorization', scheme: 'Bearer' };
    headers[carrier.header.toLowerCase()] = `${carrier.scheme} ${token}`;
  }
  return { url, method: endpoint.method, headers, body };
}

function isSuccess(endpoint: EndpointSpec, status: number): boolean {
  return status >= 200 && status < 300 && (endpoint.successStatuses.length === 0 || endpoint.successStatuses.some((s) => statusMatches(s, status)));
}

export function interpret(spec: RuntimeSpec, endpoint: EndpointSpec, response: Response, bytes: Uint8Array): Result<unknown, DecodedError | ClientError> {
  const info: ResponseInfo = { status: response.status, headers: headersOf(response) };
  const host = spec.hosts[endpoint.host];
  const text = () => new TextDecoder().decode(bytes);
  if (!isSuccess(endpoint, response.status)) {
    if (host === undefined) return { ok: false, error: clientError(endpoint.host, 'invalid_response', `HTTP ${response.status}`, response.status) };
    return { ok: false, error: decodeHostError(spec.tables, host, { status: response.status, body: bytes.length === 0 ? undefined : text(), endpoint }) };
  }
  const quirk = successQuirk(endpoint, response.status, bytes.length);
  if (quirk !== undefined && host !== undefined) {
    return { ok: false, error: decodeHostError(spec.tables, host, { status: response.status, body: bytes.length === 0 ? undefined : text(), endpoint }) };
  }
  const media = mediaType(response.headers.get('content-type'));
  if (endpoint.responseContentType !== undefined && endpoint.response === 'binary' && media !== endpoint.responseContentType) {
    const message = `expected ${endpoint.responseContentType}, got ${media === '' ? 'no content type' : media}`;
    return { ok: false, error: clientError(endpoint.host, 'invalid_response', message, response.status) };
  }
  if (endpoint.response === 'binary') return { ok: true, data: bytes, response: info };
  if (endpoint.response === 'none' || bytes.length === 0) return { ok: true, data: undefined, response: info };
  try {
    return { ok: true, data: JSON.parse(text()) as unknown, response: info };
  } catch {
    return { ok: false, error: clientError(endpoint.host, 'invalid_response', `the ${response.status} response is not valid JSON`, response.status) };
  }
}
