/**
 * Streamed successes as typed async iterables: server-sent events (sse.ts parses them), JSON lines
 * (`application/jsonl`, `application/x-ndjson`) and JSON text sequences (RFC 7464). The body is
 * pulled a chunk at a time only when the loop asks for the next item, so a slow consumer never
 * makes the client buffer the stream; `break`, `abort()` or the caller's signal cancel the body at
 * once, which closes the connection. A failure in the middle (the network, the idle timeout, a
 * malformed item, an error event the contract declares) ends the iteration and is kept in `error`:
 * the loop never throws and no rejection is left unhandled.
 */
import { sseParser, type SseEvent, type SseParser } from './sse.js';

/** How a streamed body is framed and read: the generated tables hold one per streaming response. */
export interface StreamSpec {
  readonly format: 'sse' | 'jsonl' | 'json-seq';
  /** SSE: the events whose data is JSON (`true`: every event's). Lines and sequences are JSON. */
  readonly json?: boolean | readonly string[];
  /** SSE: data that ends the stream instead of being an event (OpenAI's `[DONE]`). */
  readonly terminator?: string;
  /** SSE: the event that reports a failure in the middle of the stream; its data becomes `error.data`. */
  readonly errorEvent?: string;
  /** SSE: reconnect with Last-Event-ID after the connection drops. */
  readonly resumable?: boolean;
}

/** Why a stream ended early. */
export interface StreamError {
  readonly code: 'network' | 'timeout' | 'canceled' | 'invalid_response' | 'stream_error';
  readonly message: string;
  /** The data of the contract's error event (`stream_error`). */
  readonly data?: unknown;
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
}

/** What a streaming call's `data` is: iterate it once; `error` says why it ended early, if it did. */
export interface ItemStream<T> extends AsyncIterable<T> {
  readonly error: StreamError | undefined;
  /** Stops reading and closes the connection; the loop ends. */
  abort(): void;
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
    options.signal?.addEventListener('abort', this, { once: true });
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
    if (chunk === undefined) {
      this.parser.feed(this.decoder.decode());
      this.parser.end();
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
    const { terminator, errorEvent, json } = this.spec;
    if (terminator !== undefined && event.data === terminator) return this.end(undefined);
    const isJson = json === true || (Array.isArray(json) && json.includes(event.event));
    let data: unknown = event.data;
    if (isJson) {
      const parsed = parseJson(event.data);
      if (parsed === INVALID) return this.end({ code: 'invalid_response', message: `event '${event.event}' has data that is not JSON` });
      data = parsed;
    }
    if (event.event === errorEvent) return this.end({ code: 'stream_error', message: messageOf(data) ?? `the server sent '${event.event}'`, data });
    this.queue.push({ event: event.event, data, id: event.id } as T);
  }

  private jsonItem(text: string): void {
    if (this.finished || text.trim() === '') return;
    const parsed = parseJson(text);
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

function messageOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data.slice(0, 500);
  if (data === null || typeof data !== 'object') return undefined;
  const record = data as Record<string, unknown>;
  const inner = Object.hasOwn(record, 'error') ? record.error : record;
  if (inner !== null && typeof inner === 'object' && Object.hasOwn(inner, 'message')) {
    const message = (inner as Record<string, unknown>).message;
    if (typeof message === 'string') return message.slice(0, 500);
  }
  return undefined;
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
