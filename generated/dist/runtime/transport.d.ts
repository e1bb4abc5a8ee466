/**
 * How one request goes over the wire: the request and response as the runtime sees them, the
 * `Transport` that sends them (fetch by default; node-transport.ts is the opt-in alternative), and
 * the abort of a request (the caller's signal combined with the timeout).
 *
 * Every call runs this path, so it avoids per-call closures and header iteration where a lazy value
 * does the same (see bench/: client throughput).
 */
import { type BodyData } from './request-body.js';
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
/** A request as the runtime sends it. */
export interface Sent {
    readonly url: string;
    readonly method: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: BodyData | undefined;
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
    /**
     * Set for a call whose success is a stream (stream.ts): a transport that can leaves a 2xx body
     * unread and answers it as `stream` (no cap applies to it); one that cannot reads it whole.
     */
    readonly stream?: boolean;
}
/** What a transport answers: `body` is undefined when it exceeded `maxResponseBytes`. */
export interface TransportResponse {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: Uint8Array | undefined;
    /** A 2xx body left unread, as `stream` on the request asked (`body` is then empty). */
    readonly stream?: ReadableStream<Uint8Array>;
}
/** How a client sends: its transport, else fetch (the caller's, else the global one). */
export interface Sender {
    readonly fetch?: FetchLike | undefined;
    readonly transport?: Transport | undefined;
}
/**
 * Sends one request and reads its response. It rejects on network failures and when the signal
 * aborts, and never buffers more than `maxResponseBytes` of a body. It follows no redirect: a 3xx
 * is answered as it came, and the runtime decides where the request may go next (redirect.ts).
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;
/**
 * The default transport: fetch, with the body cap applied while reading. A stream body goes through
 * fetchUpload. fetch follows no redirect itself: it would send a key in a custom header, a caller's
 * headers or a body to wherever the Location points (redirect.ts follows them instead).
 */
export declare function viaFetch(sender: Sender, request: TransportRequest): Promise<TransportResponse>;
/**
 * fetch with a stream body, which goes through an Upload, stopped when the exchange ends: Node's
 * fetch (undici) neither cancels a stream body when the call is aborted (the stream is locked to
 * fetch's reader, so cancelling it throws: whatwg/fetch#1286) nor stops reading it, so an endless
 * stream would be read for ever after the call rejected. The tables name it only for endpoints
 * that take a stream, so other bundles leave it out; any other body goes through viaFetch.
 */
export declare function fetchUpload(sender: Sender, request: TransportRequest): Promise<TransportResponse>;
/**
 * Iterating fetch Headers costs more than the rest of the call, and most calls never look at
 * them: they are copied on first use. A class, as an object literal with a getter is slow to make.
 */
export declare class FetchResponse implements TransportResponse {
    readonly status: number;
    private readonly source;
    readonly body: Uint8Array | undefined;
    private record;
    constructor(status: number, source: Headers, body: Uint8Array | undefined);
    get headers(): Readonly<Record<string, string>>;
}
/** Reads a body, stopping (and cancelling the stream) past `limit` bytes: no unbounded buffering. */
export declare function readBody(response: Response, limit: number): Promise<Uint8Array | undefined>;
/** The chunks as one array the caller owns (binary data is handed out as is). */
export declare function concat(chunks: readonly Uint8Array[], size: number): Uint8Array;
/** Told when an exchange is aborted (an object, so listening allocates no closure). */
export interface AbortListener {
    handleEvent(): void;
}
/** The abort of one exchange, as a transport sees it. */
export interface Abortable {
    readonly aborted: boolean;
    /** Told of the abort, one at a time: a transport sets itself for the exchange it runs, and clears it when done. */
    listener: AbortListener | undefined;
}
/**
 * A request on its way to the transport, with its deadline: the caller's signal combined with a
 * timeout (`expired` tells the two apart afterwards). The AbortController, costly in Node, is made
 * only when a transport reads `signal`: fetch does, the node:http transport listens here instead
 * (see abortOf). Listener and timer are this object: a call allocates no closures for them.
 */
export declare class Outgoing implements TransportRequest, Abortable, AbortListener {
    readonly maxResponseBytes: number;
    /** The caller's own signal: what still cancels a streamed body after the exchange (and its timeout) ended. */
    readonly caller: AbortSignal | undefined;
    url: string;
    method: string;
    headers: Readonly<Record<string, string>>;
    body: BodyData | undefined;
    expired: boolean;
    aborted: boolean;
    reason: unknown;
    listener: AbortListener | undefined;
    private controller;
    private readonly timer;
    constructor(request: Sent, maxResponseBytes: number, 
    /** The caller's own signal: what still cancels a streamed body after the exchange (and its timeout) ended. */
    caller: AbortSignal | undefined, timeoutMs: number);
    get signal(): AbortSignal | undefined;
    /** The caller aborted. */
    handleEvent(): void;
    abort(reason: unknown): void;
    /** The next request of a redirected exchange: the same deadline and abort. */
    to(next: Sent): void;
    clear(): void;
}
/** The abort of a request: without an AbortSignal for the runtime's own, else through its signal. */
export declare function abortOf(request: TransportRequest): Abortable | undefined;
