/**
 * The generic half of a generated package's `mocks` entry: msw request handlers that answer with
 * the contract's fixtures, on exactly the URLs the client calls (the same `buildUrl`). A streaming
 * endpoint's success is a real streamed body (server-sent events, JSON lines or sequences, bytes),
 * item by item, with a delay between items and a failure in the middle when asked.
 *
 * msw is an optional peer dependency and the package never imports it: the caller passes msw's
 * `http` in, typed here by the little of it the handlers use. So the package compiles without
 * msw installed, and the handlers are always built by the caller's own copy of msw, the one its
 * server runs.
 */
import { isRecord } from './body.js';
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
        // The generated fixtures' items are of the stream's type, which `Item` names.
        streamEndpoint: (id) => endpoint(id),
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
    // The request body's validator, where the handler is asked to check it.
    const checker = (options) => ((options?.validateRequests ?? target.validateRequests) === true ? lookup(target.validators?.endpoints ?? {}, id)?.body : undefined);
    const answer = (options, reply) => {
        const check = checker(options);
        const once = options?.once === undefined ? undefined : { once: options.once };
        if (check === undefined)
            return http[method](url, ({ request }) => unmet(endpoint, request) ?? reply(request), once);
        // A package with dates as Date objects checks them as Dates: the request's text is read as the client would have written it.
        const dated = endpoint.write?.readDates;
        return http[method](url, async ({ request }) => unmet(endpoint, request) ?? (await refusedBody(check, request, dated)) ?? reply(request), once);
    };
    const respond = (response, options) => answer(options, () => mockResponse(response));
    const stream = mine.stream;
    const mocks = {
        method,
        url,
        keys: [...Object.keys(hostFixtures), ...Object.keys(mine.errors)],
        success: (options) => {
            if (stream !== undefined)
                return streamHandler(http, method, url, endpoint, stream, options ?? {}, id);
            const last = mine.lastPage;
            if (last === undefined)
                return respond(mine.success, options);
            return answer(options, (request) => mockResponse(followsFirstPage(endpoint, request) ? last : mine.success));
        },
        error: (key, options) => respond(fixture(key), options),
        respond,
        fixture,
        expected: (key) => lookup(mine.expect, key) ?? fixture(key).expect,
    };
    return stream === undefined ? mocks : { ...mocks, streamFixture: stream };
}
const DROP = Symbol('drop');
const UTF8 = new TextEncoder();
/** The success handler of a streaming endpoint; its options are checked when it is made, as a fixture key is. */
function streamHandler(http, method, url, endpoint, stream, options, id) {
    const { delayMs = 0, failAfter, failWith } = options;
    if (!(typeof delayMs === 'number' && delayMs >= 0 && delayMs <= MAX_DELAY_MS))
        throw new TypeError(`${id}: delayMs must be a number of milliseconds, not ${String(delayMs)}`);
    if (failAfter !== undefined && !(Number.isInteger(failAfter) && failAfter >= 0))
        throw new TypeError(`${id}: failAfter must be a count of items, not ${String(failAfter)}`);
    const error = (failWith ?? (stream.error === undefined ? 'drop' : 'error')) === 'error' ? stream.error : undefined;
    if (failWith === 'error' && error === undefined)
        throw new TypeError(`${id}: the stream has no error event to fail with ('drop' drops the connection)`);
    const fails = failAfter !== undefined || failWith !== undefined;
    const plan = {
        items: options.items ?? stream.items,
        delayMs,
        ...(fails ? { failure: { after: failAfter, error: error === undefined ? undefined : { event: error.event, data: options.errorData ?? error.data } } } : {}),
    };
    return http[method](url, ({ request }) => unmet(endpoint, request) ?? streamResponse(endpoint, stream, plan, request), options.once === undefined ? undefined : { once: options.once });
}
/**
 * A 400 listing the issues of a JSON request body that is not of its type (a body that is not
 * JSON at all, too); undefined for a valid one, no body, or a body of another media type.
 */
async function refusedBody(check, request, dated) {
    const media = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (media !== 'application/json' && !media.endsWith('+json'))
        return undefined;
    const text = await request.clone().text();
    if (text === '')
        return undefined;
    let body;
    try {
        body = JSON.parse(text);
    }
    catch {
        return mockResponse({ status: 400, contentType: 'application/json', json: { message: 'mock: the request body is not JSON', issues: [] } });
    }
    const issues = check.issues(dated === undefined ? body : dated(body));
    return issues.length === 0 ? undefined : mockResponse({ status: 400, contentType: 'application/json', json: { message: 'mock: the request body is not of its type', issues } });
}
/** The longest delay a timer takes. */
const MAX_DELAY_MS = 2_147_483_647;
/**
 * A fresh streamed Response per request: the items framed as the stream's format, then the
 * terminator, or the failure. A resumable stream asked to resume (Last-Event-ID) sends the items
 * after that one; with none left, 204, which ends it.
 */
function streamResponse(endpoint, stream, plan, request) {
    let items = plan.items;
    const lastEventId = endpoint.stream?.resumable === true ? request.headers.get('last-event-id') : null;
    if (lastEventId !== null) {
        const at = items.findIndex((item) => isRecord(item) && item.id === lastEventId);
        items = at === -1 ? [] : items.slice(at + 1);
        if (items.length === 0)
            return mockResponse({ status: 204 });
    }
    const sse = stream.format === 'sse';
    const steps = items.map((item) => streamItem(stream.format, endpoint.stream, item));
    if (plan.failure !== undefined) {
        steps.splice(plan.failure.after ?? steps.length);
        const error = plan.failure.error;
        steps.push(error === undefined ? DROP : sseEvent(error.event, error.data, false));
    }
    else if (sse && stream.terminator !== undefined)
        steps.push(sseEvent('message', stream.terminator, false));
    // The reconnection delay a resumable stream asks for comes first, with the first item.
    if (sse && stream.retryMs !== undefined) {
        const retry = `retry: ${stream.retryMs}\n\n`;
        const first = steps[0];
        if (typeof first === 'string')
            steps[0] = retry + first;
        else
            steps.unshift(retry);
    }
    const headers = new Headers(stream.headers);
    headers.set('content-type', stream.contentType);
    return new Response(stepStream(steps, plan.delayMs), { status: stream.status, headers });
}
/**
 * The steps as a body its reader pulls, one step per pull, each after `delayMs` (the first at
 * once): a step waits for the reader, so the items before a dropped connection reach a reader
 * that keeps up, and a cancelled body stops the timer.
 */
function stepStream(steps, delayMs) {
    let next = 0;
    let timer;
    const send = (controller) => {
        const step = steps[next++];
        if (step === undefined)
            return controller.close();
        if (step === DROP)
            return controller.error(new TypeError('mock: the connection dropped'));
        controller.enqueue(typeof step === 'string' ? UTF8.encode(step) : step);
        if (next === steps.length)
            controller.close();
    };
    return new ReadableStream({
        start: send,
        pull: (controller) => {
            if (delayMs === 0)
                return send(controller);
            return new Promise((resolve) => {
                timer = setTimeout(() => {
                    timer = undefined;
                    send(controller);
                    resolve();
                }, delayMs);
            });
        },
        cancel: () => clearTimeout(timer),
    }, { highWaterMark: 0 });
}
/** One item as the stream's format frames it. */
function streamItem(format, spec, item) {
    switch (format) {
        case 'sse': {
            const event = isRecord(item) && typeof item.event === 'string' ? item.event : 'message';
            const json = spec?.json === true || (Array.isArray(spec?.json) && spec.json.includes(event));
            const data = isRecord(item) ? item.data : item;
            return sseEvent(event, data, json, isRecord(item) && typeof item.id === 'string' ? item.id : undefined);
        }
        case 'jsonl':
            return `${stringifyJson(item) ?? 'null'}\n`;
        case 'json-seq':
            return `\x1e${stringifyJson(item) ?? 'null'}\n`;
        case 'binary':
            return typeof item === 'string' ? item : item instanceof Uint8Array ? item : String(item);
    }
}
/** A server-sent event: its data as JSON where the event's type is not text (and for anything but a string), one `data` line per line. */
function sseEvent(event, data, json, id) {
    const text = json || typeof data !== 'string' ? (stringifyJson(data) ?? '') : data;
    const lines = text.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
    return `${id === undefined ? '' : `id: ${id}\n`}${event === 'message' ? '' : `event: ${event}\n`}${lines.join('')}\n`;
}
