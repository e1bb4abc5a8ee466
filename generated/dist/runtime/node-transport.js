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
        const request = http.request(url, { method, headers, agent }, (response) => this.receive(response));
        this.request = request;
        request.on('error', (error) => this.fail(error));
        this.abort?.listen(this);
        request.end(body);
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
        if (Number(this.headers['content-length']) > this.outgoing.maxResponseBytes)
            return this.answer(undefined);
        response.on('data', (chunk) => this.read(chunk));
        response.on('end', () => this.answer(concat(this.chunks, this.size)));
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
        this.settle();
        if (body === undefined)
            response.destroy();
        this.resolve({ status: response.statusCode ?? 0, headers: this.headers, body });
    }
    fail(error) {
        if (this.settled)
            return;
        this.settle();
        this.request?.destroy();
        this.response?.destroy();
        this.reject(error instanceof Error ? error : new Error('the request was aborted'));
    }
    settle() {
        this.settled = true;
        this.abort?.unlisten(this);
    }
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
        const before = Object.prototype.hasOwnProperty.call(out, name) ? out[name] : undefined;
        out[name] = before === undefined ? value : `${before}, ${value}`;
    }
    return out;
}
