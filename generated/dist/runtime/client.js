/**
 * The request pipeline every generated method runs: URL from environment and server variables,
 * body encoding, bearer token, timeout and cancellation, response decoding and the contract's
 * quirks. Generated code supplies the tables; nothing here knows any one API.
 *
 * Every call runs this path, so it avoids per-call closures, regular expressions and header
 * iteration where a cache or a lazy value does the same (see bench/: client throughput).
 */
import { decodeHostError, statusMatches, successQuirk } from './decode.js';
export const CLIENT_ERROR_CATEGORIES = ['network', 'timeout', 'canceled', 'invalid_response', 'invalid_request'];
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
export function clientError(host, code, message, status = 0, extra = {}) {
    const error = { host, status, shape: 'client', code, known: true, category: code, retryable: code === 'network' || code === 'timeout', message, fields: [], rules: extra.rules ?? [], body: extra.body };
    return extra.hint === undefined ? error : { ...error, hint: extra.hint };
}
// Looked up at call time, so a global fetch replaced after the client was made (tests) is used.
const globalFetch = (url, init) => fetch(url, init);
/** The default transport: fetch, with the body cap applied while reading. */
async function viaFetch(fetchFn, request) {
    const response = await fetchFn(request.url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal });
    return new FetchResponse(response.status, response.headers, await readBody(response, request.maxResponseBytes));
}
/**
 * Iterating fetch Headers costs more than the rest of the call, and most calls never look at
 * them: they are copied on first use. A class, as an object literal with a getter is slow to make.
 */
class FetchResponse {
    status;
    source;
    body;
    record;
    constructor(status, source, body) {
        this.status = status;
        this.source = source;
        this.body = body;
    }
    get headers() {
        if (this.record === undefined) {
            const record = {};
            this.source.forEach((value, key) => {
                record[key] = value;
            });
            this.record = record;
        }
        return this.record;
    }
}
/** Reads a body, stopping (and cancelling the stream) past `limit` bytes: no unbounded buffering. */
async function readBody(response, limit) {
    if (Number(response.headers.get('content-length')) > limit) {
        await response.body?.cancel().catch(() => undefined);
        return undefined;
    }
    // A declared length is not trusted (it may count compressed bytes): the stream is counted.
    if (response.body === null)
        return new Uint8Array(await response.arrayBuffer());
    const reader = response.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            return concat(chunks, size);
        size += value.byteLength;
        if (size > limit) {
            await reader.cancel().catch(() => undefined);
            return undefined;
        }
        chunks.push(value);
    }
}
/** The chunks as one array the caller owns (binary data is handed out as is). */
export function concat(chunks, size) {
    const out = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
        out.set(chunk, offset);
        offset += chunk.byteLength;
    }
    return out;
}
/**
 * A request on its way to the transport, with its deadline: the caller's signal combined with a
 * timeout (`expired` tells the two apart afterwards). The AbortController, costly in Node, is made
 * only when a transport reads `signal`: fetch does, the node:http transport listens here instead
 * (see abortOf). Listener and timer are this object: a call allocates no closures for them.
 */
class Outgoing {
    maxResponseBytes;
    caller;
    url;
    method;
    headers;
    body;
    expired = false;
    aborted = false;
    reason;
    controller;
    listener;
    timer;
    constructor(request, maxResponseBytes, caller, timeoutMs) {
        this.maxResponseBytes = maxResponseBytes;
        this.caller = caller;
        ({ url: this.url, method: this.method, headers: this.headers, body: this.body } = request);
        if (caller?.aborted === true)
            this.abort(caller.reason);
        else
            caller?.addEventListener('abort', this, { once: true });
        if (timeoutMs > 0)
            this.timer = setTimeout(expire, timeoutMs, this);
    }
    get signal() {
        // Without a timeout the caller's own signal does.
        if (this.timer === undefined)
            return this.caller;
        if (this.controller === undefined) {
            this.controller = new AbortController();
            if (this.aborted)
                this.controller.abort(this.reason);
        }
        return this.controller.signal;
    }
    /** The caller aborted. */
    handleEvent() {
        this.abort(this.caller?.reason);
    }
    abort(reason) {
        if (this.aborted)
            return;
        this.aborted = true;
        this.reason = reason;
        this.controller?.abort(reason);
        this.listener?.handleEvent();
    }
    listen(listener) {
        this.listener = listener;
    }
    unlisten(listener) {
        if (this.listener === listener)
            this.listener = undefined;
    }
    clear() {
        if (this.timer !== undefined)
            clearTimeout(this.timer);
        this.caller?.removeEventListener('abort', this);
    }
}
function expire(request) {
    if (request.aborted)
        return;
    request.expired = true;
    request.abort(new Error('timeout'));
}
/** The abort of a request: without an AbortSignal for the runtime's own, else through its signal. */
export function abortOf(request) {
    if (request instanceof Outgoing)
        return request;
    const signal = request.signal;
    if (signal === undefined)
        return undefined;
    return {
        get aborted() {
            return signal.aborted;
        },
        listen: (listener) => signal.addEventListener('abort', listener, { once: true }),
        unlisten: (listener) => signal.removeEventListener('abort', listener),
    };
}
function failure(error, request) {
    return { result: { ok: false, error }, request, response: undefined };
}
/** One HTTP exchange, no retries. `token` is the bearer token to send, if any. */
export async function send(spec, options, endpoint, input, token) {
    const host = endpoint.host;
    let request;
    try {
        request = prepare(spec, options, endpoint, input, token);
    }
    catch (e) {
        return failure(clientError(host, 'invalid_request', e instanceof Error ? e.message : 'invalid request'), undefined);
    }
    const timeoutMs = input.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const outgoing = new Outgoing(request, limit, input.signal, timeoutMs);
    try {
        const response = await (options.transport === undefined ? viaFetch(options.fetch ?? globalFetch, outgoing) : options.transport(outgoing));
        if (!hasBody(response, limit))
            return failure(clientError(host, 'invalid_response', `the response body exceeds ${limit} bytes`, response.status), request);
        return { result: interpret(spec, endpoint, response), request, response };
    }
    catch (e) {
        if (outgoing.expired)
            return failure(clientError(host, 'timeout', `no response within ${timeoutMs} ms`), request);
        if (input.signal?.aborted === true)
            return failure(clientError(host, 'canceled', 'the call was aborted'), request);
        return failure(clientError(host, 'network', `network error: ${e instanceof Error ? e.message : 'unknown'}`), request);
    }
    finally {
        outgoing.clear();
    }
}
/** A body was read and is within the cap (checked again: a custom transport may ignore it). */
function hasBody(response, limit) {
    return response.body !== undefined && response.body.byteLength <= limit;
}
function prepare(spec, options, endpoint, input, token) {
    const url = buildUrl(spec, options, endpoint, input.params);
    const headers = { accept: endpoint.responseContentType ?? 'application/json', ...options.headers, ...input.headers };
    let body;
    if (endpoint.contentTypes.length > 0 && input.body !== undefined) {
        const contentType = input.contentType ?? endpoint.contentTypes[0] ?? 'application/json';
        if (!endpoint.contentTypes.includes(contentType))
            throw new TypeError(`content type '${contentType}' is not accepted by ${endpoint.id}`);
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
const baseCache = new WeakMap();
export function buildUrl(spec, options, endpoint, params) {
    const base = baseUrl(spec, options, endpoint.host);
    return (base +
        endpoint.path.replace(/\{([^{}]*)\}/g, (_, name) => {
            const value = params !== undefined && own(params, name) ? params[name] : undefined;
            if (value === undefined || value === '')
                throw new TypeError(`path parameter '${name}' is missing`);
            return encodeURIComponent(value);
        }));
}
function own(record, key) {
    return Object.prototype.hasOwnProperty.call(record, key);
}
function baseUrl(spec, options, host) {
    const { environment, servers } = options;
    const hosts = own(spec.environments, environment) ? spec.environments[environment] : undefined;
    const template = hosts !== undefined && own(hosts, host) ? hosts[host] : undefined;
    if (typeof template !== 'string')
        throw new TypeError(`unknown environment '${environment}'`);
    let cache = baseCache.get(options);
    if (cache === undefined)
        baseCache.set(options, (cache = new Map()));
    let base = cache.get(template);
    if (base === undefined) {
        base = template
            .replace(/\{([^{}]*)\}/g, (_, name) => {
            const value = own(servers, name) ? servers[name] : undefined;
            if (value === undefined || value === '')
                throw new TypeError(`server variable '${name}' is not configured for environment '${environment}'`);
            return value;
        })
            .replace(/\/+$/, '');
        cache.set(template, base);
    }
    return base;
}
export function encodeBody(body, contentType) {
    if (contentType !== 'application/x-www-form-urlencoded')
        return JSON.stringify(body);
    const form = new URLSearchParams();
    if (typeof body === 'object' && body !== null) {
        for (const [key, value] of Object.entries(body)) {
            if (value !== undefined && value !== null)
                form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
        }
    }
    return form.toString();
}
// ---------------------------------------------------------------------------------------------
// Interpreting a response
// ---------------------------------------------------------------------------------------------
let utf8Decoder;
/** UTF-8 text, without a byte-order mark; one decoder serves every call (it keeps no state). */
function utf8(bytes) {
    return (utf8Decoder ??= new TextDecoder()).decode(bytes);
}
function isSuccess(endpoint, status) {
    if (status < 200 || status >= 300)
        return false;
    const listed = endpoint.successStatuses;
    for (const spec of listed)
        if (statusMatches(spec, status))
            return true;
    return listed.length === 0;
}
/** Status and headers of a success; the headers of fetch are read only when asked for. */
function infoOf(response) {
    if (!(response instanceof FetchResponse))
        return { status: response.status, headers: response.headers };
    return {
        status: response.status,
        get headers() {
            const headers = response.headers;
            // From now on a plain property, so inspecting the result shows the headers.
            Object.defineProperty(this, 'headers', { value: headers, enumerable: true, writable: true });
            return headers;
        },
    };
}
function invalid(endpoint, status, message) {
    return { ok: false, error: clientError(endpoint.host, 'invalid_response', message, status) };
}
export function interpret(spec, endpoint, response) {
    const { status, body } = response;
    const host = spec.hosts[endpoint.host];
    if (!isSuccess(endpoint, status) || (host !== undefined && endpoint.quirks.length > 0 && successQuirk(endpoint, status, body.length) !== undefined)) {
        if (host === undefined)
            return invalid(endpoint, status, `HTTP ${status}`);
        return { ok: false, error: decodeHostError(spec.tables, host, { status, body: body.length === 0 ? undefined : utf8(body), endpoint }) };
    }
    if (endpoint.response === 'binary') {
        const expected = endpoint.responseContentType;
        const media = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        if (expected !== undefined && media !== expected)
            return invalid(endpoint, status, `expected ${expected}, got ${media === '' ? 'no content type' : media}`);
        return { ok: true, data: body, response: infoOf(response) };
    }
    if (endpoint.response === 'none' || body.length === 0)
        return { ok: true, data: undefined, response: infoOf(response) };
    try {
        return { ok: true, data: JSON.parse(utf8(body)), response: infoOf(response) };
    }
    catch {
        return invalid(endpoint, status, `the ${status} response is not valid JSON`);
    }
}
