import { type ClientError, type Result } from './exchange.js';
import type { EndpointSpec } from './spec.js';
import { type Received, type Sender, type TransportRequest, type TransportResponse } from './transport.js';
/** How a streamed body is framed and read: the generated tables hold one per streaming endpoint. */
export interface StreamSpec {
    /** `binary`: the bytes as they come, in chunks. */
    readonly format: 'sse' | 'jsonl' | 'json-seq' | 'binary';
    /** SSE: the events whose data is JSON (`true`: every event's). Lines and sequences are JSON. */
    readonly json?: boolean | readonly string[];
    /** SSE: the events whose data is of no declared type (`true`: every event's): JSON where it parses, else the text. */
    readonly loose?: boolean | readonly string[];
    /**
     * SSE: the events the contract declares; any other is skipped (absent: every event is handed
     * out). An event a server starts sending later reaches no loop whose types do not know it.
     */
    readonly events?: readonly string[];
    /** Most milliseconds between two chunks before the stream ends with `timeout` (default DEFAULT_IDLE_MS; 0: no limit). */
    readonly idleTimeoutMs?: number;
    /** SSE: data that ends the stream instead of being an event (OpenAI's `[DONE]`). */
    readonly terminator?: string;
    /** SSE: the event that reports a failure in the middle of the stream; its data becomes `error.data`. */
    readonly errorEvent?: string;
    /** SSE: reconnect with Last-Event-ID after the connection drops. */
    readonly resumable?: boolean;
}
/** Why a stream ended early. */
export interface StreamError<E = unknown> {
    readonly code: 'network' | 'timeout' | 'canceled' | 'invalid_response' | 'stream_error';
    readonly message: string;
    /** The data of the contract's error event (`stream_error`). */
    readonly data?: E;
}
/** One event of a server-sent event stream, `data` read as the contract says. */
export interface StreamEvent<Name extends string = string, Data = unknown> {
    readonly event: Name;
    readonly data: Data;
    readonly id: string;
}
/** Where the bytes come from: one connection's body, and a way to make another (resumption). */
export interface StreamSource {
    read(): Promise<Uint8Array | undefined>;
    cancel(): void;
}
export interface StreamOptions {
    /** Most milliseconds between two chunks before the stream ends with `timeout` (0: no limit). */
    readonly idleTimeoutMs: number;
    /** Most UTF-16 units one line, event or item may hold. */
    readonly maxItemChars: number;
    readonly signal?: AbortSignal | undefined;
    /** Another connection that resumes after `lastEventId` (SSE, resumable streams only). */
    readonly reconnect?: (lastEventId: string) => Promise<StreamSource | undefined>;
    /** Most reconnections in a row without an event between them. */
    readonly maxReconnects?: number;
    /** How JSON items and data are read: the endpoint's codec (json.ts's lossless one where they hold an int64), else JSON. */
    readonly json?: {
        parse(text: string): unknown;
    };
}
/** What a streaming call's `data` is: iterate it once; `error` says why it ended early, if it did. */
export interface ItemStream<T, E = unknown> extends AsyncIterable<T> {
    /** Why the stream ended early; `data` is the contract's error event's, typed as it declares it. */
    readonly error: StreamError<E> | undefined;
    /** Stops reading and closes the connection; the loop ends. */
    abort(): void;
    /**
     * The same items as a ReadableStream (to pipe into a `Response`, or a file): read it or iterate
     * the stream, not both. Cancelling it closes the connection.
     */
    readable(): ReadableStream<T>;
}
/** A stream of `T` over `source`, framed and read as `spec` says. */
export declare function itemStream<T>(source: StreamSource, spec: StreamSpec, options: StreamOptions): ItemStream<T>;
/** A ReadableStream's reader as a source; cancelling it closes the connection under it. */
export declare function readerSource(body: ReadableStream<Uint8Array>): StreamSource;
/**
 * JSON bodies are read whole (an error, or a streaming endpoint's other success); any other 2xx
 * body of a streaming endpoint is its stream. Exported for transports (node-transport.ts).
 */
export declare function isStreamed(status: number, contentType: string | null | undefined): boolean;
/**
 * The exchange of a streaming endpoint (the tables name it as the endpoint's own sender): as
 * viaFetch, but a streamed 2xx body is left unread for readStream, free of the body cap. A
 * client's own transport is asked to do the same through the request's `stream`.
 */
export declare function fetchStream(sender: Sender, request: TransportRequest): Promise<TransportResponse>;
/** The idle timeout of a stream whose contract gives none (the differ reads it too). */
export declare const DEFAULT_IDLE_MS = 60000;
/**
 * A streaming endpoint's success (the tables name it as the endpoint's reader): its items, read
 * as they come; a JSON success of the same endpoint as readSuccess reads it. A transport that
 * read the body whole (it cannot stream) gives the same items from the bytes.
 */
export declare function readStream(endpoint: EndpointSpec, response: Received): Result<unknown, ClientError>;
