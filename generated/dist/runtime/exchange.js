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
import { decodeHostError } from './decode.js';
import { PLAIN_JSON } from './request-body.js';
import { statusMatches } from './status.js';
import { nextHop } from './redirect.js';
import { FetchResponse, Outgoing, viaFetch } from './transport.js';
export const CLIENT_ERROR_CATEGORIES = ['network', 'timeout', 'canceled', 'invalid_response', 'invalid_request', 'redirect', 'not_modified'];
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
export function clientError(host, code, message, status = 0, location) {
    const error = { host, status, shape: 'client', code, known: true, category: code, retryable: code === 'network' || code === 'timeout', message, fields: [], rules: [], body: undefined };
    // Absent, not undefined, where not given (consumers may compile with exactOptionalPropertyTypes).
    return location === undefined ? error : { ...error, location };
}
export function failure(error, request) {
    return { result: { ok: false, error }, request, response: undefined };
}
/** A call its caller aborted: before it was sent (no request), or while it was under way. */
export function canceled(host, request) {
    return failure(clientError(host, 'canceled', 'the call was aborted'), request);
}
/**
 * One HTTP exchange, no retries, carrying `proofs` of the endpoint's auth schemes; redirects are
 * followed as redirect.ts allows, within the call's one deadline. Without the call's `secrets`
 * (its redactor), none leaves the request's origin.
 */
export async function send(spec, options, endpoint, input, proofs, secrets, middleware, prepared) {
    const host = endpoint.host;
    let request;
    try {
        request = prepared ?? prepare(spec, options, endpoint, input, proofs);
    }
    catch (e) {
        return failure(clientError(host, 'invalid_request', e instanceof Error ? e.message : 'invalid request'), undefined);
    }
    // The chain is middleware.ts's, reached through the client's or the call's `middleware` option alone; it sends what it prepared through here again.
    if (middleware)
        return middleware.send(request, (sent, sealed) => send(spec, options, endpoint, input, proofs, sealed ? undefined : secrets, undefined, sent));
    const timeoutMs = input.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const limit = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const outgoing = new Outgoing(request, limit, input.signal, timeoutMs);
    try {
        for (let hops = 0;; hops++) {
            const response = await (endpoint.upload ?? viaFetch)(options, outgoing);
            if (!hasBody(response, limit))
                return failure(clientError(host, 'invalid_response', `the response body exceeds ${limit} bytes`, response.status), request);
            const next = nextHop(request, response, hops, secrets);
            if (next === undefined)
                return { result: interpret(spec, endpoint, response), request, response };
            if ('refused' in next)
                return { result: { ok: false, error: clientError(host, 'redirect', next.refused, response.status, next.location) }, request, response };
            outgoing.to((request = next));
        }
    }
    catch (e) {
        if (outgoing.expired)
            return failure(clientError(host, 'timeout', `no response within ${timeoutMs} ms`), request);
        if (input.signal?.aborted === true)
            return canceled(host, request);
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
function prepare(spec, options, endpoint, input, proofs) {
    const serialised = serialise(endpoint, input);
    let url = urlOf(spec, options, endpoint, input, serialised);
    // Parameters over the client's default headers; the call's own headers over both.
    const headers = { accept: endpoint.accept ?? endpoint.responseContentType ?? 'application/json', ...options.headers };
    if (input.headers !== undefined)
        overlay(headers, input.headers);
    // Only endpoints with header or cookie parameters name params.ts's writer of them.
    if (serialised !== undefined)
        endpoint.params?.headers?.(headers, serialised, input.headers);
    let body;
    if (endpoint.write !== undefined && input.body !== undefined) {
        const encoded = endpoint.write(endpoint, input.body, input.contentType);
        headers['content-type'] = encoded.contentType;
        body = encoded.body;
    }
    if (proofs !== undefined)
        for (const proof of proofs)
            url = withProof(headers, url, proof);
    return { url, method: endpoint.method, headers, body };
}
function serialise(endpoint, input) {
    const table = endpoint.params;
    return table === undefined ? undefined : table.serialise(endpoint.path, table.specs, input.values ?? {});
}
/**
 * The URL a call is sent to, before any credential is added to it.
 *
 * @throws TypeError when the input cannot be sent (a path parameter missing, a next-page URL on another host).
 */
export function requestUrl(spec, options, endpoint, input) {
    return urlOf(spec, options, endpoint, input, serialise(endpoint, input));
}
function urlOf(spec, options, endpoint, input, serialised) {
    if (input.url !== undefined) {
        const paging = endpoint.pagination;
        if (paging?.kind !== 'link')
            throw new TypeError(`${endpoint.id} takes no next page's URL`);
        return paging.within(baseUrl(spec, options, endpoint.host), input.url, endpoint.host);
    }
    return serialised === undefined ? buildUrl(spec, options, endpoint, input.params) + plainQuery(endpoint, input.values) : baseUrl(spec, options, endpoint.host) + serialised.path + serialised.query;
}
// ---------------------------------------------------------------------------------------------
// URLs and bodies
// ---------------------------------------------------------------------------------------------
/** Sets one header, dropping the same header written in another case (one header, one value). */
export function setHeader(headers, name, value) {
    const lower = name.toLowerCase();
    for (const key of Object.keys(headers))
        if (key !== name && key.toLowerCase() === lower)
            delete headers[key];
    setOwn(headers, name, value);
}
/** The call's headers over the client's, whatever the case either is written in. */
function overlay(headers, over) {
    for (const [name, value] of Object.entries(over))
        setHeader(headers, name, value);
}
/** A scheme's proof added to the request: over any header of its name, after the query, into the cookie. */
function withProof(headers, url, proof) {
    if (proof.header !== undefined)
        setHeader(headers, proof.header.name, proof.header.value);
    if (proof.cookie !== undefined)
        joinCookie(headers, proof.cookie);
    if (proof.query === undefined)
        return url;
    const hash = url.indexOf('#');
    const head = hash < 0 ? url : url.slice(0, hash);
    return `${head}${head.includes('?') ? '&' : '?'}${proof.query}`;
}
export function joinCookie(headers, cookie) {
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
export function nextPageUrl(base, url, host) {
    const root = new URL(base);
    const path = root.pathname.replace(/\/$/, '');
    let next;
    try {
        next = new URL(url);
    }
    catch {
        // Not a URL: refused below, as one elsewhere.
    }
    if (next?.origin !== root.origin || (next.pathname !== path && !next.pathname.startsWith(`${path}/`)))
        throw new TypeError(`the next page's URL is not on the ${host} host`);
    return next.href;
}
/** Base URLs by options, then URL template (or `baseUrl` option): they never change for one client. */
const baseCache = new WeakMap();
export function buildUrl(spec, options, endpoint, params) {
    const base = baseUrl(spec, options, endpoint.host);
    return (base +
        endpoint.path.replace(/\{([^{}]*)\}/g, (_, name) => {
            const value = params !== undefined && hasOwn(params, name) ? params[name] : undefined;
            if (value === undefined || value === '')
                throw new TypeError(`path parameter '${name}' is missing`);
            // URL parsers resolve a `.` or `..` segment (even encoded): it would call another path.
            if (value === '.' || value === '..')
                throw new TypeError(`path parameter '${name}' cannot be '${value}'`);
            return encodeURIComponent(value);
        }));
}
/**
 * `?a=1&b=x` of an endpoint's `queryParams`, read and encoded as params.ts reads and encodes a
 * scalar query value: null or undefined is not sent, anything but a string, finite number,
 * boolean or bigint cannot be.
 */
function plainQuery(endpoint, values) {
    const query = endpoint.queryParams;
    if (query === undefined)
        return '';
    let text = '';
    for (const q of query) {
        const value = values !== undefined && hasOwn(values, q.name) ? values[q.name] : undefined;
        if (value === undefined || value === null) {
            if (q.required === true)
                throw new TypeError(`query parameter '${q.name}' is missing`);
            continue;
        }
        const scalar = typeof value === 'string' || typeof value === 'boolean' || typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : undefined;
        if (scalar === undefined)
            throw new TypeError(`query parameter '${q.name}' cannot be ${typeof value === 'number' ? String(value) : Array.isArray(value) ? 'an array' : `a ${typeof value}`}`);
        text += `${text === '' ? '?' : '&'}${q.name}=${encodeUnreserved(scalar)}`;
    }
    return text;
}
/** Everything but RFC 3986's unreserved set, so no value can carry a delimiter of any kind: how query values are written (here and in params.ts). */
export function encodeUnreserved(text) {
    return encodeURIComponent(text).replace(/[!'()*]/g, percentOf);
}
export function percentOf(character) {
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
function baseUrl(spec, options, host) {
    const { servers, baseUrl: given } = options;
    const environment = options.environment ?? spec.environment;
    let template = typeof given === 'string' ? given : own(given, host);
    // No environment is named '': a client that chose none finds none when the contract has several.
    if (typeof template !== 'string')
        template = own(own(spec.environments, environment ?? ''), host);
    if (typeof template !== 'string')
        throw new TypeError(`unknown environment '${environment}'`);
    let cache = baseCache.get(options);
    if (cache === undefined)
        baseCache.set(options, (cache = new Map()));
    let base = cache.get(template);
    if (base === undefined) {
        const filled = template.replace(/\{([^{}]*)\}/g, (_, name) => {
            // A variable given as undefined (an unset environment variable) takes its default too.
            const value = own(servers, name) ?? own(spec.serverDefaults, name);
            if (typeof value !== 'string' || value === '')
                throw new TypeError(`server variable '${name}' is not configured for environment '${environment}'`);
            return value;
        });
        try {
            base = new URL(filled, globalThis.location?.href).href.replace(/\/+$/, '');
        }
        catch {
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
export function writeBody(endpoint, value, chosen) {
    const contentType = chosen ?? endpoint.contentTypes[0] ?? 'application/json';
    if (!endpoint.contentTypes.includes(contentType))
        throw new TypeError(`content type '${contentType}' is not accepted by ${endpoint.id}`);
    if (endpoint.encode !== undefined)
        return endpoint.encode(value, contentType, endpoint);
    const text = (endpoint.json ?? PLAIN_JSON).stringify(value);
    if (text === undefined)
        throw new TypeError('the body has no JSON form');
    return { body: text, contentType };
}
// ---------------------------------------------------------------------------------------------
// Interpreting a response
// ---------------------------------------------------------------------------------------------
let utf8Decoder;
/** UTF-8 text, without a byte-order mark; one decoder serves every call (it keeps no state). */
function utf8(bytes) {
    return (utf8Decoder ??= new TextDecoder()).decode(bytes);
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
export function success(response, data) {
    return { ok: true, data, status: response.status, response: infoOf(response) };
}
/**
 * The answer of the last request (redirects already followed or refused): any 2xx is a success,
 * read as the endpoint's 2xx are (an undocumented one as its other statuses); a 304 is the
 * `not_modified` error of a conditional request; anything else is an error decoded by its host.
 */
export function interpret(spec, endpoint, response) {
    const { status, body } = response;
    const host = spec.hosts[endpoint.host];
    // An endpoint's quirks are decode-rules.ts's, named by the tables only where a contract has them.
    const rules = spec.tables.rules;
    if (status < 200 || status > 299 || (host !== undefined && rules !== undefined && endpoint.quirks.length > 0 && rules.successQuirk(endpoint, status, body.length) !== undefined)) {
        if (status === 304)
            return { ok: false, error: clientError(endpoint.host, 'not_modified', 'not modified since the validator the call sent', status) };
        if (host === undefined)
            return invalid(endpoint, status, `HTTP ${status}`);
        return { ok: false, error: decodeHostError(spec.tables, host, { status, body: body.length === 0 ? undefined : utf8(body), endpoint }) };
    }
    return endpoint.read === undefined ? readJson(endpoint, response) : endpoint.read(endpoint, response);
}
/** A JSON success (no data for an empty body). */
function readJson(endpoint, response) {
    const { status, body } = response;
    if (body.length === 0)
        return success(response, undefined);
    try {
        return success(response, (endpoint.json ?? PLAIN_JSON).parse(utf8(body)));
    }
    catch {
        return invalid(endpoint, status, `the ${status} response is not valid JSON`);
    }
}
/**
 * A success read as its status's kind says: bytes (of the expected media type), text, nothing,
 * JSON, or what a followed redirect's target answers (JSON when its Content-Type says so, else
 * bytes). The tables name it only for endpoints whose successes are not all JSON, so a bundle of
 * JSON calls carries none of it.
 */
export function readSuccess(endpoint, response) {
    const { status, body } = response;
    const read = endpoint.successBodies === undefined ? undefined : endpoint.successBodies.find((b) => statusMatches(b.status, status));
    const kind = read === undefined ? endpoint.response : read.response;
    const media = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (kind === 'followed')
        return media === 'application/json' || media.endsWith('+json') ? readJson(endpoint, response) : success(response, body);
    if (kind === 'binary') {
        const expected = read === undefined ? endpoint.responseContentType : read.contentType;
        if (expected !== undefined && !admits(expected, media))
            return invalid(endpoint, status, `expected ${expected}, got ${media === '' ? 'no content type' : media}`);
        return success(response, body);
    }
    if (kind === 'text')
        return success(response, utf8(body));
    if (kind === 'none')
        return success(response, undefined);
    return readJson(endpoint, response);
}
/** Whether a media type is one of an Accept list's: named, or within a range (`image/*` by its type, the any-type range any). */
export function admits(list, media) {
    return list.split(',').some((range) => {
        const r = range.trim().toLowerCase();
        return r === media || r === '*/*' || (r.endsWith('/*') && media.startsWith(r.slice(0, -1)));
    });
}
