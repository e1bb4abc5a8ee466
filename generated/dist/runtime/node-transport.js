/**
 * An opt-in transport over node:http or node:https with keep-alive connections: in Node it serves
 * several times the requests per second of fetch (bench/: client throughput).
 *
 *   import * as http from 'node:http';
 *   const client = createClient({ ...options, transport: nodeTransport(http) });
 *
 * The caller passes the module in, and it is typed by the small structural interfaces below: this
 * file imports nothing from Node, so the package still bundles for browsers, and bundles that do
 * not import nodeTransport do not contain it. Timeouts, aborts and the body cap behave as with
 * fetch: an abort destroys the request, and a body past the cap is not read (the connection is
 * closed). Bodies are not decompressed (nothing asks for compression).
 */
import { hasOwn, setOwn } from './body.js';
import { isStreamed } from './stream.js';
import { abortOf, concat } from './transport.js';
/** A transport over `http` (node:http, or node:https for https URLs) with keep-alive connections. */
export function nodeTransport(http, options = {}) {
    const agent = options.agent ?? new http.Agent({ keepAlive: true });
    return (request) => new Promise((resolve, reject) => {
        new NodeExchange(request, resolve, reject).start(http, agent);
    });
}
/** One request and its response; settles once, whatever node:http emits afterwards. */
class NodeExchange {
    outgoing;
    resolve;
    reject;
    settled = false;
    abort;
    request;
    response;
    headers = {};
    chunks = [];
    size = 0;
    /** The reader of a Blob or stream body while it is being sent. */
    reader;
    /** Resumes a send waiting for 'drain', which a destroyed request never emits. */
    resume;
    constructor(outgoing, resolve, reject) {
        this.outgoing = outgoing;
        this.resolve = resolve;
        this.reject = reject;
        this.abort = abortOf(outgoing);
    }
    start(http, agent) {
        const { url, method, headers, body } = this.outgoing;
        if (this.abort?.aborted === true)
            return this.fail(undefined);
        const whole = body === undefined || typeof body === 'string' || body instanceof Uint8Array;
        const request = http.request(url, { method, headers: whole ? headers : withLength(headers, body), agent }, (response) => this.receive(response));
        this.request = request;
        request.on('error', (error) => this.fail(error));
        if (this.abort !== undefined)
            this.abort.listener = this;
        if (whole)
            request.end(body);
        else
            void this.stream(request, body);
    }
    /**
     * Writes a Blob or stream chunk by chunk, as the socket drains: neither is held in memory whole.
     * Settling (abort, error, an early response) cancels the reader, which ends a pending read, and
     * ends a wait for 'drain'.
     */
    async stream(request, body) {
        const reader = (body instanceof Blob ? body.stream() : body).getReader();
        this.reader = reader;
        try {
            for (;;) {
                const { done, value } = await reader.read();
                if (this.settled)
                    return;
                if (done)
                    break;
                if (value.byteLength > 0 && !request.write(value))
                    await this.drained(request);
            }
            this.reader = undefined;
            request.end();
        }
        catch (error) {
            this.fail(error);
        }
    }
    drained(request) {
        return new Promise((resolve) => {
            this.resume = resolve;
            request.once('drain', resolve);
        });
    }
    /** The exchange was aborted: the request (and its response, if any) is destroyed. */
    handleEvent() {
        this.fail(undefined);
    }
    receive(response) {
        this.response = response;
        this.headers = headersOf(response.rawHeaders);
        response.on('error', (error) => this.fail(error));
        response.on('close', () => {
            if (!response.complete)
                this.fail(new Error('the connection closed before the response ended'));
        });
        if (this.outgoing.stream === true && isStreamed(response.statusCode ?? 0, this.headers['content-type']))
            return this.streamed(response);
        if (Number(this.headers['content-length']) > this.outgoing.maxResponseBytes)
            return this.answer(undefined);
        response.on('data', (chunk) => this.read(chunk));
        response.on('end', () => this.answer(concat(this.chunks, this.size)));
    }
    /**
     * Answers with the body unread, as a stream that reads the socket only as fast as it is read
     * (paused past 64 KiB queued); cancelling it destroys the response, closing the connection.
     */
    streamed(response) {
        this.settle(undefined);
        let open = true;
        const stream = new ReadableStream({
            start(controller) {
                const stop = (error) => {
                    if (!open)
                        return;
                    open = false;
                    if (error === undefined)
                        controller.close();
                    else
                        controller.error(error);
                };
                response.on('data', (chunk) => {
                    if (!open)
                        return;
                    controller.enqueue(chunk);
                    if ((controller.desiredSize ?? 0) <= 0)
                        response.pause();
                });
                response.on('end', () => stop(undefined));
                response.on('error', (error) => stop(error));
                response.on('close', () => stop(response.complete ? undefined : new Error('the connection closed before the response ended')));
            },
            pull() {
                response.resume();
            },
            cancel() {
                open = false;
                response.destroy();
            },
        }, { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength });
        this.resolve({ status: response.statusCode ?? 0, headers: this.headers, body: new Uint8Array(0), stream });
    }
    read(chunk) {
        this.size += chunk.byteLength;
        if (this.size > this.outgoing.maxResponseBytes)
            this.answer(undefined);
        else
            this.chunks.push(chunk);
    }
    /** Resolves with the body, or with none when it passed the cap: the connection is then closed. */
    answer(body) {
        const response = this.response;
        if (this.settled || response === undefined)
            return;
        this.settle(undefined);
        if (body === undefined)
            response.destroy();
        this.resolve({ status: response.statusCode ?? 0, headers: this.headers, body });
    }
    fail(error) {
        if (this.settled)
            return;
        const reason = error instanceof Error ? error : new Error('the request was aborted');
        this.settle(reason);
        this.request?.destroy();
        this.response?.destroy();
        this.reject(reason);
    }
    /**
     * `reason` is what the body's stream is cancelled with, if it is still being sent (undefined:
     * the server answered first). Made only then: an Error's stack costs every response otherwise.
     */
    settle(reason) {
        this.settled = true;
        if (this.abort?.listener === this)
            this.abort.listener = undefined;
        this.resume?.();
        this.resume = undefined;
        const reader = this.reader;
        if (reader === undefined)
            return;
        this.reader = undefined;
        // The rest of the body will not be sent: the request cannot finish, so its connection goes.
        reader.cancel(reason ?? new Error('the server answered before the body was sent')).catch(() => undefined);
        this.request?.destroy();
    }
}
/** A Blob's length is known: sent as Content-Length (as fetch does), not chunked. */
function withLength(headers, body) {
    if (!(body instanceof Blob) || Object.keys(headers).some((name) => name.toLowerCase() === 'content-length'))
        return headers;
    return { ...headers, 'content-length': String(body.size) };
}
/**
 * Lower-case names; repeated headers joined with ", " as fetch does. Read from the raw list: Node's
 * `headers` object would be built first, only to be copied.
 */
function headersOf(raw) {
    const out = {};
    for (let i = 0; i + 1 < raw.length; i += 2) {
        const name = (raw[i] ?? '').toLowerCase();
        const value = raw[i + 1] ?? '';
        // Own properties only: a header named like an Object.prototype member is a header too.
        const before = hasOwn(out, name) ? out[name] : undefined;
        setOwn(out, name, before === undefined ? value : `${before}, ${value}`);
    }
    return out;
}
