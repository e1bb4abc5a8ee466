/**
 * Pagination as async iterators over a generated call: every page (or item) is a `Result`, so a
 * failure ends the loop as a value instead of an exception thrown out of `for await`. The walk is
 * bounded (maxPages, loop guards on cursors and links) and cancellable between and during requests.
 *
 * Nothing here reaches fetch, timers or host globals (not even URL or AbortController): the call is
 * the only I/O, which keeps the module runnable anywhere and testable with an in-memory function.
 */
import { runtimeOf } from './base-client.js';
import { hasOwn, readPath } from './body.js';
import { clientError } from './exchange.js';
/** The input key under which the next page's absolute URL is passed to the call (link pagination). A symbol, so it can never collide with a parameter. */
// Registered, so the client reads it without importing this module (bundles without pagination leave it out).
export const PAGE_URL = Symbol.for('contractgen.pageUrl');
export const DEFAULT_MAX_PAGES = 100;
/**
 * One `Result` per page; a failed page is the last element. The first request is `input` as given.
 * An abort between pages ends it with a `canceled` error, and `maxPages` with a page still to read
 * with a `page_limit` one (each of `host`).
 *
 * Signals: the options' signal and the input's own `signal` both stop the walk before a request;
 * the call receives the options' signal when there is one (it replaces the input's, as there is no
 * portable way to combine two without a global), else the input's.
 *
 * Link pagination resolves a relative `rel="next"` URL against the URL of the page it came from:
 * the `PAGE_URL` that was passed, or for the first page the input's own `PAGE_URL`, if any. Without
 * one, the first page's URL is unknown and only an absolute next URL is followed.
 *
 * @throws RangeError when maxPages is not a whole number of at least 1: a programming error.
 */
export function pages(call, spec, input, options = {}, host = '') {
    const maxPages = checkedMaxPages(options.maxPages);
    const own = { ...input };
    const inputSignal = isSignal(own['signal']) ? own['signal'] : undefined;
    const signals = [options.signal, inputSignal].filter((s) => s !== undefined);
    const signal = signals[0];
    const first = signal === undefined ? own : { ...own, signal };
    return walk(call, spec, first, maxPages, signals, host);
}
/**
 * One `{ ok: true, data: item, status, response }` per element of the array at `spec.items` in each page
 * body (the page's response is repeated). A body without an array there ends the iteration as a
 * page with no items would; an empty array does not (a cursor may still lead on). Errors from
 * `pages` are yielded as they are and end the iteration.
 *
 * @throws RangeError as `pages` does.
 */
export function items(call, spec, input, options, host) {
    return flatten(pages(call, spec, input, options, host), spec.items);
}
// Not an async generator itself: those throw only at the first next(), too late for a bad argument.
function checkedMaxPages(value) {
    if (value === undefined)
        return DEFAULT_MAX_PAGES;
    if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`maxPages must be a whole number of at least 1, got ${String(value)}`);
    return value;
}
// Duck-typed: `instanceof AbortSignal` would need the global, and a polyfilled signal is as good.
function isSignal(value) {
    return typeof value === 'object' && value !== null && typeof value.aborted === 'boolean';
}
async function* walk(call, spec, first, maxPages, signals, host) {
    const seen = new Set();
    let request = first;
    for (let count = 0; request !== undefined; count++) {
        if (signals.some((s) => s.aborted)) {
            yield { ok: false, error: clientError(host, 'canceled', 'the call was aborted') };
            return;
        }
        if (count === maxPages) {
            yield { ok: false, error: pageLimit(host, maxPages, request) };
            return;
        }
        const result = await call(request);
        yield result;
        if (!result.ok)
            return;
        request = following(spec, request, result, seen);
    }
}
function pageLimit(host, maxPages, next) {
    const url = ownValue(next, PAGE_URL);
    const error = { host, status: 0, shape: 'client', code: 'page_limit', known: true, category: 'page_limit', retryable: false, message: `stopped after ${maxPages} pages (maxPages) with more to read: the next page's input is error.next`, fields: [], rules: [], body: undefined };
    // Not enumerable: logging the error shows neither the input (the call's headers may be secrets) nor the URL a server gave.
    return Object.defineProperties(error, { next: { value: next }, ...(typeof url === 'string' ? { url: { value: url } } : {}) });
}
async function* flatten(source, path) {
    for await (const page of source) {
        if (!page.ok) {
            yield page;
            return;
        }
        const list = readPath(page.data, path);
        if (!Array.isArray(list))
            return;
        for (const item of list)
            yield { ok: true, data: item, status: page.status, response: page.response };
    }
}
/** The input of the request after `sent`, whose answer was `page`; undefined when there is none. */
function following(spec, sent, page, seen) {
    switch (spec.kind) {
        case 'cursor':
            return byCursor(spec.param, spec.next, sent, page.data);
        case 'offset': {
            const count = countOf(page.data, spec.items);
            return byCount(spec.param, spec.limit, sent, count, 0, count);
        }
        case 'page':
            return byCount(spec.param, spec.limit, sent, countOf(page.data, spec.items), spec.start ?? 1, 1);
        case 'link':
            return byLink(sent, page.response, seen);
    }
}
function byCursor(param, next, sent, body) {
    const cursor = readPath(body, next);
    const usable = (typeof cursor === 'string' && cursor !== '') || (typeof cursor === 'number' && Number.isFinite(cursor)) || typeof cursor === 'bigint';
    // A server that answers with the cursor it was sent would be asked the same thing for ever.
    if (!usable || cursor === ownValue(sent, param))
        return undefined;
    return { ...sent, [param]: cursor };
}
/** Offset and page numbers: `param` moves on by `step` until a page comes back empty or short. */
function byCount(param, limit, sent, count, start, step) {
    const at = ownValue(sent, param) ?? start;
    // A value that is no number (a string offset, say) cannot be advanced: this page is the last.
    if (typeof at !== 'number' || !Number.isFinite(at))
        return undefined;
    const size = limit === undefined ? undefined : ownValue(sent, limit);
    if (count === 0 || (typeof size === 'number' && count < size))
        return undefined;
    return { ...sent, [param]: at + step };
}
function countOf(body, items) {
    const list = readPath(body, items);
    return Array.isArray(list) ? list.length : 0;
}
function ownValue(input, key) {
    return hasOwn(input, key) ? input[key] : undefined;
}
function byLink(sent, response, seen) {
    const base = ownValue(sent, PAGE_URL);
    if (typeof base === 'string')
        seen.add(base);
    const header = ownValue(response.headers, 'link');
    const next = typeof header === 'string' ? parseLinkHeader(header).find((l) => l.rel === 'next') : undefined;
    const url = next === undefined ? undefined : resolveUri(next.url, typeof base === 'string' ? base : undefined);
    if (url === undefined || seen.has(url))
        return undefined;
    return { ...sent, [PAGE_URL]: url };
}
/**
 * `reference` resolved against `base`, as an absolute http(s) URL without its fragment (never
 * sent, and a fragment that changes would defeat the loop guard); undefined when it cannot be.
 */
function resolveUri(reference, base) {
    const r = splitUri(reference);
    const b = base === undefined ? undefined : splitUri(base);
    const target = r.scheme !== undefined ? { ...r, path: removeDotSegments(r.path) } : b?.scheme === undefined ? undefined : relativeTo(r, b);
    if (target === undefined || !/^https?$/i.test(target.scheme ?? '') || !target.authority)
        return undefined;
    return `${target.scheme}://${target.authority}${target.path}${target.query === undefined ? '' : `?${target.query}`}`;
}
function relativeTo(r, b) {
    if (r.authority !== undefined)
        return { ...r, scheme: b.scheme, path: removeDotSegments(r.path) };
    if (r.path === '')
        return { ...b, query: r.query ?? b.query };
    const path = r.path.startsWith('/') ? r.path : mergePaths(b, r.path);
    return { scheme: b.scheme, authority: b.authority, path: removeDotSegments(path), query: r.query };
}
function mergePaths(b, path) {
    if (b.authority !== undefined && b.path === '')
        return `/${path}`;
    return b.path.slice(0, b.path.lastIndexOf('/') + 1) + path;
}
function splitUri(text) {
    const hash = text.indexOf('#');
    const rest = hash < 0 ? text : text.slice(0, hash);
    const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(rest)?.[0].slice(0, -1);
    const afterScheme = scheme === undefined ? rest : rest.slice(scheme.length + 1);
    const mark = afterScheme.indexOf('?');
    const hier = mark < 0 ? afterScheme : afterScheme.slice(0, mark);
    const query = mark < 0 ? undefined : afterScheme.slice(mark + 1);
    if (!hier.startsWith('//'))
        return { scheme, authority: undefined, path: hier, query };
    const slash = hier.indexOf('/', 2);
    return { scheme, authority: hier.slice(2, slash < 0 ? undefined : slash), path: slash < 0 ? '' : hier.slice(slash), query };
}
/** RFC 3986 section 5.2.4, by segments: '.' drops out, '..' takes the segment before it along. */
function removeDotSegments(path) {
    const segments = path.split('/');
    const out = [];
    segments.forEach((segment, i) => {
        const last = i === segments.length - 1;
        if (segment === '..' && (out.length > 1 || (out.length === 1 && out[0] !== '')))
            out.pop();
        if (segment !== '.' && segment !== '..')
            out.push(segment);
        else if (last)
            out.push('');
    });
    return out.join('/');
}
// ---------------------------------------------------------------------------------------------
// Link header (RFC 8288)
// ---------------------------------------------------------------------------------------------
/** Longer Link headers are read this far; the entry cut off at the limit is dropped. */
const MAX_LINK_HEADER = 64 * 1024;
function paging(client, endpoint) {
    const spec = endpoint.pagination;
    if (spec === undefined)
        throw new TypeError(`${endpoint.id} does not page`);
    return [runtimeOf(client), spec];
}
/** An endpoint's pages through a client: what the generated `<operation>Pages` functions return. */
export function endpointPages(client, endpoint, input, options) {
    const [runtime, spec] = paging(client, endpoint);
    return pages((i) => runtime.call(endpoint, i), spec, firstInput(runtime, endpoint, spec, input), options, endpoint.host);
}
/** An endpoint's items through a client: what the generated `<operation>Items` functions return. */
export function endpointItems(client, endpoint, input, options) {
    const [runtime, spec] = paging(client, endpoint);
    return items((i) => runtime.call(endpoint, i), spec, firstInput(runtime, endpoint, spec, input), options, endpoint.host);
}
/** Link pagination resolves a relative next URL against the first page's own URL, so it is made known. */
function firstInput(runtime, endpoint, spec, input) {
    const given = input ?? {};
    if (spec.kind !== 'link' || PAGE_URL in given)
        return given;
    const url = runtime.url(endpoint, given);
    return url === undefined ? given : { ...given, [PAGE_URL]: url };
}
/** The input of a paginated endpoint's first page, as its iterators send it (the query entry's first page param). */
export function firstPageInput(runtime, endpoint, input) {
    return firstInput(runtime, endpoint, paging(runtime, endpoint)[1], input);
}
/**
 * The input of the page after the one `sent` read (its body `data`, its `response` where known),
 * as the iterators would send it; undefined where they would stop. `earlier`: the inputs of the
 * pages read before, whose URLs a Link header must not lead back to. Without the response, a Link
 * endpoint has no next page.
 */
export function nextPageInput(endpoint, sent, data, response, earlier) {
    const spec = endpoint.pagination;
    if (spec === undefined || (spec.kind === 'link' && response === undefined))
        return undefined;
    const seen = new Set();
    for (const input of earlier) {
        const url = ownValue(input, PAGE_URL);
        if (typeof url === 'string')
            seen.add(url);
    }
    return following(spec, sent, { data, response: response ?? { status: 200, headers: {} } }, seen);
}
/**
 * The links of a Link header value, one entry per relation type (lower case) in order; the URLs
 * are as written, unresolved. Malformed entries are skipped. Linear in the header's length, which
 * is read up to 64 KiB.
 */
export function parseLinkHeader(value) {
    const scan = { text: value, end: Math.min(value.length, MAX_LINK_HEADER), at: 0 };
    const links = [];
    while (skipSpace(scan) < scan.end) {
        if (scan.text[scan.at] === ',') {
            scan.at++;
            continue;
        }
        const link = readLink(scan);
        if (link === undefined)
            skipEntry(scan);
        else if (scan.at < scan.end || scan.end === value.length)
            for (const rel of relationTypes(link.rel))
                links.push({ rel, url: link.url });
    }
    return links;
}
/** `<uri> *( ";" param )`, stopping before the comma that ends it; undefined when malformed. */
function readLink(scan) {
    if (scan.text[scan.at] !== '<')
        return undefined;
    const url = readUri(scan);
    if (url === undefined)
        return undefined;
    let rel;
    while (skipSpace(scan) < scan.end && scan.text[scan.at] !== ',') {
        if (scan.text[scan.at] !== ';')
            return undefined;
        scan.at++;
        const param = readParam(scan);
        if (param === undefined)
            return undefined;
        // RFC 8288 section 3.3: a rel after the first is ignored.
        if (rel === undefined && param.name.toLowerCase() === 'rel')
            rel = param.value;
    }
    return { url, rel: rel ?? '' };
}
/**
 * The URI between '<' and '>'. A URI may hold commas, so when it turns out malformed the scan
 * resumes at its first comma: the next entry is not lost with it.
 */
function readUri(scan) {
    const start = scan.at + 1;
    let comma = -1;
    for (let i = start; i < scan.end; i++) {
        const code = scan.text.charCodeAt(i);
        if (code === 0x3e) {
            scan.at = i + 1;
            return scan.text.slice(start, i);
        }
        if (code <= 0x20 || code === 0x7f || code === 0x3c) {
            scan.at = comma < 0 ? i : comma;
            return undefined;
        }
        if (code === 0x2c && comma < 0)
            comma = i;
    }
    scan.at = comma < 0 ? scan.end : comma;
    return undefined;
}
/** `token [ "=" ( token / quoted-string ) ]`, with optional whitespace around. */
function readParam(scan) {
    skipSpace(scan);
    const name = readToken(scan);
    // An empty parameter (`<a>; ; rel=next`, a trailing ';') is sloppy but harmless: it names nothing.
    if (skipSpace(scan) >= scan.end || scan.text[scan.at] !== '=')
        return { name, value: '' };
    scan.at++;
    skipSpace(scan);
    if (scan.text[scan.at] === '"')
        return mapDefined(readQuoted(scan), (value) => ({ name, value }));
    const value = readToken(scan);
    return name === '' || value === '' ? undefined : { name, value };
}
function mapDefined(value, f) {
    return value === undefined ? undefined : f(value);
}
const TOKEN_SYMBOLS = "!#$%&'*+-.^_`|~";
function readToken(scan) {
    const start = scan.at;
    while (scan.at < scan.end && isTokenChar(scan.text.charCodeAt(scan.at)))
        scan.at++;
    return scan.text.slice(start, scan.at);
}
function isTokenChar(code) {
    const alnum = (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
    return alnum || (code < 0x80 && TOKEN_SYMBOLS.includes(String.fromCharCode(code)));
}
/** A quoted-string from its opening quote, backslash escapes undone; undefined when unterminated. */
function readQuoted(scan) {
    let value = '';
    let chunk = scan.at + 1;
    for (let i = chunk; i < scan.end; i++) {
        const c = scan.text[i];
        if (c === '"') {
            scan.at = i + 1;
            return value + scan.text.slice(chunk, i);
        }
        if (c === '\\') {
            value += scan.text.slice(chunk, i);
            chunk = ++i;
        }
    }
    scan.at = scan.end;
    return undefined;
}
/** Past the rest of a malformed entry: up to the next comma outside a quoted string. */
function skipEntry(scan) {
    while (scan.at < scan.end && scan.text[scan.at] !== ',') {
        if (scan.text[scan.at] === '"')
            readQuoted(scan);
        else
            scan.at++;
    }
}
function skipSpace(scan) {
    while (scan.at < scan.end && (scan.text[scan.at] === ' ' || scan.text[scan.at] === '\t'))
        scan.at++;
    return scan.at;
}
function relationTypes(rel) {
    return rel
        .toLowerCase()
        .split(/[ \t]+/)
        .filter((r) => r !== '');
}
