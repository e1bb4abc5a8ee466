/**
 * Streamed successes as typed async iterables: server-sent events (sse.ts parses them), JSON lines
 * (`application/jsonl`, `application/x-ndjson`) and JSON text sequences (RFC 7464). The body is
 * pulled a chunk at a time only when the loop asks for the next item, so a slow consumer never
 * makes the client buffer the stream; `break`, `abort()` or the caller's signal cancel the body at
 * once, which closes the connection. A failure in the middle (the network, the idle timeout, a
 * malformed item, an error event the contract declares) ends the iteration and is kept in `error`:
 * the loop never throws and no rejection is left unhandled.
 */
import { truncate } from './body.js';
import { serverMessage } from './decode.js';
import { readSuccess, success } from './exchange.js';
import { isStream, ownBuffer } from './request-body.js';
import { sseParser } from './sse.js';
import { FetchResponse, fetchUpload, readBody } from './transport.js';
const RS = 0x1e;
/** The longest pause `retry` may ask for between reconnections. */
const MAX_RETRY_MS = 60_000;
const DEFAULT_RETRY_MS = 1_000;
/** A stream of `T` over `source`, framed and read as `spec` says. */
export function itemStream(source, spec, options) {
    return new Items(source, spec, options);
}
class Items {
    source;
    spec;
    options;
    error;
    queue = [];
    decoder = new TextDecoder();
    parser;
    finished = false;
    started = false;
    lastEventId = '';
    retryMs = DEFAULT_RETRY_MS;
    reconnects = 0;
    constructor(source, spec, options) {
        this.source = source;
        this.spec = spec;
        this.options = options;
        this.parser = this.framer();
        if (options.signal?.aborted === true)
            this.handleEvent();
        else
            options.signal?.addEventListener('abort', this, { once: true });
    }
    /** The caller's signal aborted. */
    handleEvent() {
        this.end({ code: 'canceled', message: 'the stream was aborted' }, true);
    }
    abort() {
        this.end(undefined, true);
    }
    [Symbol.asyncIterator]() {
        if (this.started)
            throw new TypeError('a stream can be iterated once');
        this.started = true;
        return {
            next: () => this.next(),
            return: async () => {
                this.end(undefined, true);
                return { done: true, value: undefined };
            },
        };
    }
    readable() {
        const items = this[Symbol.asyncIterator]();
        return new ReadableStream({
            pull: async (controller) => {
                const next = await items.next();
                if (!next.done)
                    return controller.enqueue(next.value);
                // A stream that ended early errors, so a pipe does not take the part for the whole.
                if (this.error === undefined)
                    controller.close();
                else
                    controller.error(new Error(this.error.message));
            },
            cancel: () => this.abort(),
        }, { highWaterMark: 0 });
    }
    async next() {
        for (;;) {
            const item = this.queue.shift();
            if (item !== undefined)
                return { done: false, value: item };
            if (this.finished)
                return { done: true, value: undefined };
            await this.pull();
        }
    }
    /** Reads one chunk into the queue, or ends the stream. */
    async pull() {
        let chunk;
        try {
            chunk = await this.read();
        }
        catch (e) {
            if (this.finished)
                return;
            if (e === IDLE)
                return this.end({ code: 'timeout', message: `no data for ${this.options.idleTimeoutMs} ms` });
            if (await this.resume())
                return;
            return this.end({ code: 'network', message: `the stream broke: ${e instanceof Error ? e.message : 'unknown'}` });
        }
        if (this.finished)
            return;
        if (this.spec.format === 'binary') {
            if (chunk === undefined)
                return this.end(undefined);
            if (chunk.byteLength > 0)
                this.queue.push(chunk);
            return;
        }
        if (chunk === undefined) {
            this.parser.feed(this.decoder.decode());
            this.parser.end();
            // A resumable stream reconnects when the server closes it too, as EventSource does: a server
            // that has no more answers the reconnection with anything but a stream (204, say).
            if (!this.finished && (await this.resume()))
                return;
            return this.end(undefined);
        }
        this.parser.feed(this.decoder.decode(chunk, { stream: true }));
    }
    /** The next chunk, or a rejection with IDLE when none comes within the idle timeout. */
    read() {
        const ms = this.options.idleTimeoutMs;
        if (ms <= 0)
            return this.source.read();
        return new Promise((resolve, reject) => {
            const timer = setTimeout(reject, ms, IDLE);
            this.source.read().then((chunk) => {
                clearTimeout(timer);
                resolve(chunk);
            }, (e) => {
                clearTimeout(timer);
                reject(e);
            });
        });
    }
    /** Reconnects a resumable event stream after a drop, after the pause the server asked for. */
    async resume() {
        const reconnect = this.options.reconnect;
        if (reconnect === undefined || this.spec.resumable !== true || this.reconnects >= (this.options.maxReconnects ?? 3))
            return false;
        this.reconnects++;
        this.source.cancel();
        await new Promise((resolve) => setTimeout(resolve, this.retryMs));
        if (this.finished)
            return true;
        const next = await reconnect(this.lastEventId).catch(() => undefined);
        if (next === undefined || this.finished)
            return false;
        this.source = next;
        this.decoder = new TextDecoder();
        this.parser = this.framer();
        return true;
    }
    /**
     * Ends the stream: the items read before the end or failure are still handed out, unless the
     * caller stopped (`drop`).
     */
    end(error, drop = false) {
        if (drop)
            this.queue.length = 0;
        if (this.finished)
            return;
        this.finished = true;
        this.error = error;
        this.options.signal?.removeEventListener('abort', this);
        this.source.cancel();
    }
    framer() {
        if (this.spec.format === 'sse')
            return this.sse();
        return lines(this.spec.format === 'json-seq' ? RS : 0x0a, this.options.maxItemChars, {
            item: (text) => this.jsonItem(text),
            tooLarge: () => this.end(tooLarge(this.options.maxItemChars)),
        });
    }
    sse() {
        const parser = sseParser({
            event: (event) => this.sseEvent(event),
            retry: (ms) => (this.retryMs = Math.min(ms, MAX_RETRY_MS)),
            tooLarge: () => this.end(tooLarge(this.options.maxItemChars)),
        }, this.options.maxItemChars, this.lastEventId);
        return { feed: (text) => parser.feed(text), end: () => undefined };
    }
    sseEvent(event) {
        if (this.finished)
            return;
        this.lastEventId = event.id;
        this.reconnects = 0;
        const { terminator, errorEvent, json, loose, events } = this.spec;
        if (terminator !== undefined && event.data === terminator)
            return this.end(undefined);
        const parsed = () => {
            const value = this.parse(event.data);
            return value === INVALID ? event.data : value;
        };
        if (event.event === errorEvent) {
            // Its data is JSON where it parses, whether declared or not: servers send error objects.
            const data = parsed();
            return this.end({ code: 'stream_error', message: (typeof data === 'string' ? truncate(data) : serverMessage(data)) ?? `the server sent '${event.event}'`, data });
        }
        if (events !== undefined && !events.includes(event.event))
            return;
        const listed = (names) => names === true || (Array.isArray(names) && names.includes(event.event));
        let data = event.data;
        if (listed(loose))
            data = parsed();
        else if (listed(json)) {
            data = this.parse(event.data);
            if (data === INVALID)
                return this.end({ code: 'invalid_response', message: `event '${event.event}' has data that is not JSON` });
        }
        this.queue.push({ event: event.event, data, id: event.id });
    }
    parse(text) {
        return parseJson(text, this.options.json ?? JSON);
    }
    jsonItem(text) {
        if (this.finished || text.trim() === '')
            return;
        const parsed = this.parse(text);
        if (parsed === INVALID)
            return this.end({ code: 'invalid_response', message: 'an item of the stream is not JSON' });
        this.queue.push(parsed);
    }
}
const IDLE = Symbol('idle');
const INVALID = Symbol('invalid');
function parseJson(text, codec) {
    try {
        return codec.parse(text);
    }
    catch {
        return INVALID;
    }
}
function tooLarge(limit) {
    return { code: 'invalid_response', message: `an item of the stream exceeds ${limit} characters` };
}
/**
 * Items separated by one character (LF for JSON lines, RS for JSON text sequences, where the LF
 * that ends each text is whitespace JSON.parse allows); a CR before an LF is whitespace too. What
 * follows the last separator is an item when the stream ends (a last line without its LF).
 */
function lines(separator, limit, sink) {
    let pending = [];
    let pendingLength = 0;
    const mark = String.fromCharCode(separator);
    const flush = (last) => {
        if (pendingLength === 0)
            return sink.item(last);
        pending.push(last);
        const whole = pending.join('');
        pending = [];
        pendingLength = 0;
        sink.item(whole);
    };
    return {
        feed(text) {
            let from = 0;
            for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, from)) {
                flush(text.slice(from, at));
                from = at + 1;
            }
            if (from < text.length) {
                pending.push(text.slice(from));
                pendingLength += text.length - from;
                if (pendingLength > limit)
                    sink.tooLarge();
            }
        },
        end() {
            if (pendingLength > 0)
                flush('');
        },
    };
}
/** A ReadableStream's reader as a source; cancelling it closes the connection under it. */
export function readerSource(body) {
    const reader = body.getReader();
    return {
        read: async () => {
            const { done, value } = await reader.read();
            return done ? undefined : value;
        },
        cancel: () => {
            reader.cancel().catch(() => undefined);
        },
    };
}
/**
 * JSON bodies are read whole (an error, or a streaming endpoint's other success); any other 2xx
 * body of a streaming endpoint is its stream. Exported for transports (node-transport.ts).
 */
export function isStreamed(status, contentType) {
    const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    // 204 and 205 carry no body: nothing to stream (a resumable stream's server stops it so).
    return status >= 200 && status <= 299 && status !== 204 && status !== 205 && media !== 'application/json' && !media.endsWith('+json');
}
/**
 * The exchange of a streaming endpoint (the tables name it as the endpoint's own sender): as
 * viaFetch, but a streamed 2xx body is left unread for readStream, free of the body cap. A
 * client's own transport is asked to do the same through the request's `stream`.
 */
export async function fetchStream(sender, request) {
    const caller = request.caller;
    const again = (lastEventId) => resend(sender, request, lastEventId, caller);
    if (sender.transport !== undefined) {
        request.stream = true;
        const response = await sender.transport(request);
        if (response.stream === undefined)
            return response;
        const streamed = { status: response.status, headers: response.headers, body: response.body, stream: response.stream, again, caller };
        return streamed;
    }
    const body = request.body;
    // A stream body goes as fetchUpload sends one (this endpoint's success is then read whole).
    if (isStream(body))
        return fetchUpload(sender, request);
    const init = { method: request.method, headers: request.headers, body: body instanceof Uint8Array ? ownBuffer(body) : body, signal: request.signal, redirect: 'manual' };
    const response = await (sender.fetch ?? fetch)(request.url, init);
    if (response.body === null || !isStreamed(response.status, response.headers.get('content-type')))
        return new FetchResponse(response.status, response.headers, await readBody(response, request.maxResponseBytes));
    return new Streamed(response.status, response.headers, response.body, again, caller);
}
/** fetch's response with its body left unread. */
class Streamed extends FetchResponse {
    stream;
    again;
    caller;
    constructor(status, headers, stream, again, caller) {
        super(status, headers, new Uint8Array(0));
        this.stream = stream;
        this.again = again;
        this.caller = caller;
    }
}
/**
 * The request sent again after a drop, asking for what follows `lastEventId`, as the first was
 * (a body that was a stream is not sent twice): only a streamed 2xx resumes.
 */
async function resend(sender, request, lastEventId, caller) {
    if (isStream(request.body))
        return undefined;
    const headers = lastEventId === '' ? request.headers : { ...request.headers, 'last-event-id': lastEventId };
    const again = { url: request.url, method: request.method, headers, body: request.body, signal: caller, maxResponseBytes: request.maxResponseBytes, caller };
    const response = await fetchStream(sender, again);
    return response.stream === undefined ? undefined : readerSource(response.stream);
}
/** The idle timeout of a stream whose contract gives none (the differ reads it too). */
export const DEFAULT_IDLE_MS = 60_000;
/** Most characters one line, event or item may hold. */
const MAX_ITEM_CHARS = 16 * 1024 * 1024;
/**
 * A streaming endpoint's success (the tables name it as the endpoint's reader): its items, read
 * as they come; a JSON success of the same endpoint as readSuccess reads it. A transport that
 * read the body whole (it cannot stream) gives the same items from the bytes.
 */
export function readStream(endpoint, response) {
    const spec = endpoint.stream;
    const streamed = response;
    if (spec === undefined || (streamed.stream === undefined && !isStreamed(response.status, response.headers['content-type'])))
        return readSuccess(endpoint, response);
    const source = streamed.stream === undefined ? bytesSource(response.body) : readerSource(streamed.stream);
    const options = {
        idleTimeoutMs: spec.idleTimeoutMs ?? DEFAULT_IDLE_MS,
        maxItemChars: MAX_ITEM_CHARS,
        signal: streamed.caller,
        reconnect: streamed.again,
        json: endpoint.json,
    };
    return success(response, itemStream(source, spec, options));
}
/** Bytes already read, as a source of one chunk. */
function bytesSource(bytes) {
    let given = false;
    return {
        read: async () => {
            if (given)
                return undefined;
            given = true;
            return bytes;
        },
        cancel: () => undefined,
    };
}
