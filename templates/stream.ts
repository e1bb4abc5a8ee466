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
import { readSuccess, success, type ClientError, type Result } from './exchange.js';
import type { EndpointSpec } from './spec.js';
import { isStream, ownBuffer } from './request-body.js';
import { sseParser, type SseEvent, type SseParser } from './sse.js';
import { FetchResponse, fetchUpload, readBody, type Received, type Sender, type TransportRequest, type TransportResponse } from './transport.js';

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
  readonly json?: { parse(text: string): unknown };
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

const RS = 0x1e;
/** The longest pause `retry` may ask for between reconnections. */
const MAX_RETRY_MS = 60_000;
const DEFAULT_RETRY_MS = 1_000;

/** A stream of `T` over `source`, framed and read as `spec` says. */
export function itemStream<T>(source: StreamSource, spec: StreamSpec, options: StreamOptions): ItemStream<T> {
  return new Items<T>(source, spec, options);
}

class Items<T> implements ItemStream<T> {
  error: StreamError | undefined;
  private readonly queue: T[] = [];
  private decoder = new TextDecoder();
  private parser: Framer;
  private finished = false;
  private started = false;
  private lastEventId = '';
  private retryMs = DEFAULT_RETRY_MS;
  private reconnects = 0;

  constructor(
    private source: StreamSource,
    private readonly spec: StreamSpec,
    private readonly options: StreamOptions,
  ) {
    this.parser = this.framer();
    if (options.signal?.aborted === true) this.handleEvent();
    else options.signal?.addEventListener('abort', this, { once: true });
  }

  /** The caller's signal aborted. */
  handleEvent(): void {
    this.end({ code: 'canceled', message: 'the stream was aborted' }, true);
  }

  abort(): void {
    this.end(undefined, true);
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    if (this.started) throw new TypeError('a stream can be iterated once');
    this.started = true;
    return {
      next: () => this.next(),
      return: async () => {
        this.end(undefined, true);
        return { done: true, value: undefined };
      },
    };
  }

  readable(): ReadableStream<T> {
    const items = this[Symbol.asyncIterator]();
    return new ReadableStream<T>(
      {
        pull: async (controller) => {
          const next = await items.next();
          if (!next.done) return controller.enqueue(next.value);
          // A stream that ended early errors, so a pipe does not take the part for the whole.
          if (this.error === undefined) controller.close();
          else controller.error(new Error(this.error.message));
        },
        cancel: () => this.abort(),
      },
      { highWaterMark: 0 },
    );
  }

  private async next(): Promise<IteratorResult<T>> {
    for (;;) {
      const item = this.queue.shift();
      if (item !== undefined) return { done: false, value: item };
      if (this.finished) return { done: true, value: undefined };
      await this.pull();
    }
  }

  /** Reads one chunk into the queue, or ends the stream. */
  private async pull(): Promise<void> {
    let chunk: Uint8Array | undefined;
    try {
      chunk = await this.read();
    } catch (e) {
      if (this.finished) return;
      if (e === IDLE) return this.end({ code: 'timeout', message: `no data for ${this.options.idleTimeoutMs} ms` });
      if (await this.resume()) return;
      return this.end({ code: 'network', message: `the stream broke: ${e instanceof Error ? e.message : 'unknown'}` });
    }
    if (this.finished) return;
    if (this.spec.format === 'binary') {
      if (chunk === undefined) return this.end(undefined);
      if (chunk.byteLength > 0) this.queue.push(chunk as T);
      return;
    }
    if (chunk === undefined) {
      this.parser.feed(this.decoder.decode());
      this.parser.end();
      // A resumable stream reconnects when the server closes it too, as EventSource does: a server
      // that has no more answers the reconnection with anything but a stream (204, say).
      if (!this.finished && (await this.resume())) return;
      return this.end(undefined);
    }
    this.parser.feed(this.decoder.decode(chunk, { stream: true }));
  }

  /** The next chunk, or a rejection with IDLE when none comes within the idle timeout. */
  private read(): Promise<Uint8Array | undefined> {
    const ms = this.options.idleTimeoutMs;
    if (ms <= 0) return this.source.read();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(reject, ms, IDLE);
      this.source.read().then(
        (chunk) => {
          clearTimeout(timer);
          resolve(chunk);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
  }

  /** Reconnects a resumable event stream after a drop, after the pause the server asked for. */
  private async resume(): Promise<boolean> {
    const reconnect = this.options.reconnect;
    if (reconnect === undefined || this.spec.resumable !== true || this.reconnects >= (this.options.maxReconnects ?? 3)) return false;
    this.reconnects++;
    this.source.cancel();
    await new Promise((resolve) => setTimeout(resolve, this.retryMs));
    if (this.finished) return true;
    const next = await reconnect(this.lastEventId).catch(() => undefined);
    if (next === undefined || this.finished) return false;
    this.source = next;
    this.decoder = new TextDecoder();
    this.parser = this.framer();
    return true;
  }

  /**
   * Ends the stream: the items read before the end or failure are still handed out, unless the
   * caller stopped (`drop`).
   */
  private end(error: StreamError | undefined, drop = false): void {
    if (drop) this.queue.length = 0;
    if (this.finished) return;
    this.finished = true;
    this.error = error;
    this.options.signal?.removeEventListener('abort', this);
    this.source.cancel();
  }

  private framer(): Framer {
    if (this.spec.format === 'sse') return this.sse();
    return lines(this.spec.format === 'json-seq' ? RS : 0x0a, this.options.maxItemChars, {
      item: (text) => this.jsonItem(text),
      tooLarge: () => this.end(tooLarge(this.options.maxItemChars)),
    });
  }

  private sse(): Framer {
    const parser: SseParser = sseParser(
      {
        event: (event) => this.sseEvent(event),
        retry: (ms) => (this.retryMs = Math.min(ms, MAX_RETRY_MS)),
        tooLarge: () => this.end(tooLarge(this.options.maxItemChars)),
      },
      this.options.maxItemChars,
      this.lastEventId,
    );
    return { feed: (text) => parser.feed(text), end: () => undefined };
  }

  private sseEvent(event: SseEvent): void {
    if (this.finished) return;
    this.lastEventId = event.id;
    this.reconnects = 0;
    const { terminator, errorEvent, json, loose, events } = this.spec;
    if (terminator !== undefined && event.data === terminator) return this.end(undefined);
    const parsed = (): unknown => {
      const value = this.parse(event.data);
      return value === INVALID ? event.data : value;
    };
    if (event.event === errorEvent) {
      // Its data is JSON where it parses, whether declared or not: servers send error objects.
      const data = parsed();
      return this.end({ code: 'stream_error', message: (typeof data === 'string' ? truncate(data) : serverMessage(data)) ?? `the server sent '${event.event}'`, data });
    }
    if (events !== undefined && !events.includes(event.event)) return;
    const listed = (names: boolean | readonly string[] | undefined) => names === true || (Array.isArray(names) && names.includes(event.event));
    let data: unknown = event.data;
    if (listed(loose)) data = parsed();
    else if (listed(json)) {
      data = this.parse(event.data);
      if (data === INVALID) return this.end({ code: 'invalid_response', message: `event '${event.event}' has data that is not JSON` });
    }
    this.queue.push({ event: event.event, data, id: event.id } as T);
  }

  private parse(text: string): unknown {
    return parseJson(text, this.options.json ?? JSON);
  }

  private jsonItem(text: string): void {
    if (this.finished || text.trim() === '') return;
    const parsed = this.parse(text);
    if (parsed === INVALID) return this.end({ code: 'invalid_response', message: 'an item of the stream is not JSON' });
    this.queue.push(parsed as T);
  }
}

interface Framer {
  feed(text: string): void;
  end(): void;
}

const IDLE = Symbol('idle');
const INVALID = Symbol('invalid');

function parseJson(text: string, codec: { parse(text: string): unknown }): unknown {
  try {
    return codec.parse(text);
  } catch {
    return INVALID;
  }
}

function tooLarge(limit: number): StreamError {
  return { code: 'invalid_response', message: `an item of the stream exceeds ${limit} characters` };
}

/**
 * Items separated by one character (LF for JSON lines, RS for JSON text sequences, where the LF
 * that ends each text is whitespace JSON.parse allows); a CR before an LF is whitespace too. What
 * follows the last separator is an item when the stream ends (a last line without its LF).
 */
function lines(separator: number, limit: number, sink: { item(text: string): void; tooLarge(): void }): Framer {
  let pending: string[] = [];
  let pendingLength = 0;
  const mark = String.fromCharCode(separator);
  const flush = (last: string): void => {
    if (pendingLength === 0) return sink.item(last);
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
        if (pendingLength > limit) sink.tooLarge();
      }
    },
    end() {
      if (pendingLength > 0) flush('');
    },
  };
}

/** A ReadableStream's reader as a source; cancelling it closes the connection under it. */
export function readerSource(body: ReadableStream<Uint8Array>): StreamSource {
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

// ---------------------------------------------------------------------------------------------
// A streaming endpoint's exchange
// ---------------------------------------------------------------------------------------------

/** A 2xx body left unread, with what resuming it needs. */
interface StreamedResponse extends TransportResponse {
  readonly stream?: ReadableStream<Uint8Array>;
  /** The same request again (with Last-Event-ID), for a resumable stream. */
  readonly again?: (lastEventId: string) => Promise<StreamSource | undefined>;
  /** The caller's signal, which still cancels the body after the exchange (and its timeout) ended. */
  readonly caller?: AbortSignal | undefined;
}

/**
 * JSON bodies are read whole (an error, or a streaming endpoint's other success); any other 2xx
 * body of a streaming endpoint is its stream. Exported for transports (node-transport.ts).
 */
export function isStreamed(status: number, contentType: string | null | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // 204 and 205 carry no body: nothing to stream (a resumable stream's server stops it so).
  return status >= 200 && status <= 299 && status !== 204 && status !== 205 && media !== 'application/json' && !media.endsWith('+json');
}

/**
 * The exchange of a streaming endpoint (the tables name it as the endpoint's own sender): as
 * viaFetch, but a streamed 2xx body is left unread for readStream, free of the body cap. A
 * client's own transport is asked to do the same through the request's `stream`.
 */
export async function fetchStream(sender: Sender, request: TransportRequest): Promise<TransportResponse> {
  const caller = (request as { readonly caller?: AbortSignal }).caller;
  const again = (lastEventId: string): Promise<StreamSource | undefined> => resend(sender, request, lastEventId, caller);
  if (sender.transport !== undefined) {
    (request as { stream?: boolean }).stream = true;
    const response = await sender.transport(request);
    if (response.stream === undefined) return response;
    const streamed: StreamedResponse = { status: response.status, headers: response.headers, body: response.body, stream: response.stream, again, caller };
    return streamed;
  }
  const body = request.body;
  // A stream body goes as fetchUpload sends one (this endpoint's success is then read whole).
  if (isStream(body)) return fetchUpload(sender, request);
  const init: RequestInit = { method: request.method, headers: request.headers, body: body instanceof Uint8Array ? ownBuffer(body) : body, signal: request.signal, redirect: 'manual' };
  const response = await (sender.fetch ?? fetch)(request.url, init);
  if (response.body === null || !isStreamed(response.status, response.headers.get('content-type'))) return new FetchResponse(response.status, response.headers, await readBody(response, request.maxResponseBytes));
  return new Streamed(response.status, response.headers, response.body, again, caller);
}

/** fetch's response with its body left unread. */
class Streamed extends FetchResponse implements StreamedResponse {
  constructor(
    status: number,
    headers: Headers,
    readonly stream: ReadableStream<Uint8Array>,
    readonly again: (lastEventId: string) => Promise<StreamSource | undefined>,
    readonly caller: AbortSignal | undefined,
  ) {
    super(status, headers, new Uint8Array(0));
  }
}

/**
 * The request sent again after a drop, asking for what follows `lastEventId`, as the first was
 * (a body that was a stream is not sent twice): only a streamed 2xx resumes.
 */
async function resend(sender: Sender, request: TransportRequest, lastEventId: string, caller: AbortSignal | undefined): Promise<StreamSource | undefined> {
  if (isStream(request.body)) return undefined;
  const headers = lastEventId === '' ? request.headers : { ...request.headers, 'last-event-id': lastEventId };
  const again: TransportRequest & { readonly caller: AbortSignal | undefined } = { url: request.url, method: request.method, headers, body: request.body, signal: caller, maxResponseBytes: request.maxResponseBytes, caller };
  const response: StreamedResponse = await fetchStream(sender, again);
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
export function readStream(endpoint: EndpointSpec, response: Received): Result<unknown, ClientError> {
  const spec = endpoint.stream;
  const streamed = response as Received & StreamedResponse;
  if (spec === undefined || (streamed.stream === undefined && !isStreamed(response.status, response.headers['content-type']))) return readSuccess(endpoint, response);
  const source = streamed.stream === undefined ? bytesSource(response.body) : readerSource(streamed.stream);
  const options: StreamOptions = {
    idleTimeoutMs: spec.idleTimeoutMs ?? DEFAULT_IDLE_MS,
    maxItemChars: MAX_ITEM_CHARS,
    signal: streamed.caller,
    reconnect: streamed.again,
    json: endpoint.json,
  };
  return success(response, itemStream(source, spec, options));
}

/** Bytes already read, as a source of one chunk. */
function bytesSource(bytes: Uint8Array): StreamSource {
  let given = false;
  return {
    read: async () => {
      if (given) return undefined;
      given = true;
      return bytes;
    },
    cancel: () => undefined,
  };
}
