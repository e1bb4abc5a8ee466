/**
 * The generic half of a generated package's `mocks` entry: msw request handlers that answer with
 * the contract's fixtures, on exactly the URLs the client calls (the same `buildUrl`).
 *
 * msw is an optional peer dependency and the package never imports it: the caller passes msw's
 * `http` in, typed here by the little of it the handlers use. So the package compiles without
 * msw installed, and the handlers are always built by the caller's own copy of msw, the one its
 * server runs.
 */
import { buildUrl } from './exchange.js';
import { stringifyJson } from './json.js';
// Statuses whose responses carry no body (the Response constructor rejects one).
const NULL_BODY_STATUSES = [101, 204, 205, 304];
/** A fresh Response per request: a body can be read once. */
export function mockResponse(response) {
    const headers = new Headers(response.headers);
    if (response.contentType !== undefined)
        headers.set('content-type', response.contentType);
    // As the client writes JSON: an int64 given as a bigint is answered with its exact digits.
    const text = response.json !== undefined ? stringifyJson(response.json) : response.text;
    const body = text === undefined || text === '' || NULL_BODY_STATUSES.includes(response.status) ? null : text;
    return new Response(body, { status: response.status, headers });
}
/** The msw URL of an endpoint: the client's own URL building, with `:name` for each path parameter. */
export function mockUrl(spec, target, endpoint) {
    // msw reads `:name` up to the first character that is not a word character: others get `:p0`, `:p1`, …
    let n = 0;
    const path = endpoint.path.replace(/\{([^{}]*)\}/g, (_, name) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `:${name}` : `:p${n++}`));
    return buildUrl(spec, target, { ...endpoint, path }, undefined);
}
/**
 * A request without a required query parameter, header or cookie gets a 400 naming it, as a server
 * that validates its input would: code under test that forgets one (a hand-written call, another
 * client) fails against the mocks, not first in production. A query parameter is there when its
 * name is, or a `name[…]` key (deepObject); a required form-exploded object, sent as its own keys,
 * is not checked.
 */
function unmet(endpoint, request) {
    const specs = paramSpecs(endpoint);
    if (specs.length === 0)
        return undefined;
    const url = new URL(request.url);
    const cookies = (request.headers.get('cookie') ?? '').split(';').map((c) => (c.includes('=') ? c.slice(0, c.indexOf('=')) : c).trim());
    for (const p of specs) {
        if (p.required !== true || p.in === 'path' || p.ownKeys === true)
            continue;
        if (p.in === 'query' && hasQuery(url.searchParams, p.name))
            continue;
        if (p.in === 'header' && request.headers.has(p.name))
            continue;
        if (p.in === 'cookie' && cookies.includes(p.name))
            continue;
        return mockResponse({ status: 400, contentType: 'text/plain', text: `mock: required ${p.in} parameter '${p.name}' is missing` });
    }
    return undefined;
}
/** The name, or a `name[…]` key; forEach, not keys(): the package's lib has no DOM.Iterable. */
function hasQuery(query, name) {
    let found = false;
    query.forEach((_, key) => {
        found ||= key === name || key.startsWith(`${name}[`);
    });
    return found;
}
/** The endpoint's parameters, from its table, or as specs when the exchange writes them itself (plain query parameters). */
function paramSpecs(endpoint) {
    return endpoint.params?.specs ?? (endpoint.queryParams ?? []).map((q) => ({ name: q.name, key: q.name, in: 'query', ...(q.required === true ? { required: true } : {}) }));
}
/** Whether a request asks for a page after the first: a cursor, an offset above 0, a page number past the first. */
function followsFirstPage(endpoint, request) {
    const paging = endpoint.pagination;
    if (paging === undefined || paging.kind === 'link')
        return false;
    const param = paramSpecs(endpoint).find((p) => p.key === paging.param);
    if (param === undefined)
        return false;
    const value = param.in === 'header' ? request.headers.get(param.name) : new URL(request.url).searchParams.get(param.name);
    if (value === null || value === '')
        return false;
    if (paging.kind === 'cursor')
        return true;
    return Number(value) > (paging.kind === 'page' ? (paging.start ?? 1) : 0);
}
const own = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
function lookup(record, key) {
    return own(record, key) ? record[key] : undefined;
}
/**
 * The generated `createMocks`' engine. `Keys` maps each operation id to its fixture keys (the
 * generated `FixtureKeys`); `endpoint(id)` narrows to them.
 */
export function mockApi(http, spec, fixtures, target) {
    const endpoint = (id) => endpointMocks(http, spec, fixtures, target, id);
    return {
        // The keys are the generated fixtures' own, which `Keys` names: the cast only narrows them.
        endpoint: (id) => endpoint(id),
        handlers: () => Object.keys(fixtures.endpoints).map((id) => endpoint(id).success()),
    };
}
function endpointMocks(http, spec, fixtures, target, id) {
    const endpoint = lookup(spec.endpoints, id);
    const mine = lookup(fixtures.endpoints, id);
    if (endpoint === undefined || mine === undefined)
        throw new TypeError(`unknown endpoint '${id}'`);
    const hostFixtures = lookup(fixtures.hosts, endpoint.host) ?? {};
    // The contract allows exactly the methods msw's `http` has.
    const method = endpoint.method.toLowerCase();
    const url = mockUrl(spec, target, endpoint);
    const fixture = (key) => {
        const found = lookup(mine.errors, key) ?? lookup(hostFixtures, key);
        if (found === undefined)
            throw new TypeError(`no fixture '${key}' for ${id}`);
        return found;
    };
    const respond = (response, options) => http[method](url, ({ request }) => unmet(endpoint, request) ?? mockResponse(response), options);
    return {
        method,
        url,
        keys: [...Object.keys(hostFixtures), ...Object.keys(mine.errors)],
        success: (options) => {
            const last = mine.lastPage;
            if (last === undefined)
                return respond(mine.success, options);
            return http[method](url, ({ request }) => unmet(endpoint, request) ?? mockResponse(followsFirstPage(endpoint, request) ? last : mine.success), options);
        },
        error: (key, options) => respond(fixture(key), options),
        respond,
        fixture,
        expected: (key) => lookup(mine.expect, key) ?? fixture(key).expect,
    };
}
