/**
 * How one request goes over the wire: the request and response as the runtime sees them, the
 * `Transport` that sends them (fetch by default; node-transport.ts is the opt-in alternative), and
 * the abort of a request (the caller's signal combined with the timeout).
 *
 * Every call runs this path, so it avoids per-call closures and header iteration where a lazy value
 * does the same (see bench/: client throughput).
 */

import { setOwn } from './body.js';
import { isStream, ownBuffer, type BodyData } from './request-body.js';

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
export async function viaFetch(sender: Sender, request: TransportRequest): Promise<TransportResponse> {
  // The global fetch is looked up at each call, so one replaced after the client was made (tests) is used.
  if (sender.transport !== undefined) return sender.transport(request);
  const body = request.body;
  const init: RequestInit = { method: request.method, headers: request.headers, body: body instanceof Uint8Array ? ownBuffer(body) : body, signal: request.signal, redirect: 'manual' };
  const response = await (sender.fetch ?? fetch)(request.url, init);
  return new FetchResponse(response.status, response.headers, await readBody(response, request.maxResponseBytes));
}

/** Not in every DOM lib's RequestInit yet; fetch requires it with a stream body. */
interface StreamingInit extends RequestInit {
  readonly duplex: 'half';
}

/**
 * fetch with a stream body, which goes through an Upload, stopped when the exchange ends: Node's
 * fetch (undici) neither cancels a stream body when the call is aborted (the stream is locked to
 * fetch's reader, so cancelling it throws: whatwg/fetch#1286) nor stops reading it, so an endless
 * stream would be read for ever after the call rejected. The tables name it only for endpoints
 * that take a stream, so other bundles leave it out; any other body goes through viaFetch.
 */
export async function fetchUpload(sender: Sender, request: TransportRequest): Promise<TransportResponse> {
  const source = request.body;
  if (sender.transport !== undefined || !isStream(source)) return viaFetch(sender, request);
  const upload = new Upload(source);
  const init: StreamingInit = { method: request.method, headers: request.headers, body: upload.stream, signal: request.signal, duplex: 'half', redirect: 'manual' };
  try {
    const response = await (sender.fetch ?? fetch)(request.url, init);
    const received = new FetchResponse(response.status, response.headers, await readBody(response, request.maxResponseBytes));
    // The server answered before it read the whole body: the rest would be sent to no one.
    upload.stop(new Error('the server answered before the body was sent'));
    return received;
  } catch (error) {
    upload.stop(error);
    throw error;
  }
}

/**
 * The caller's stream as fetch reads it, one chunk per read (highWaterMark 0: nothing is read
 * ahead of the socket). `stop` cancels the caller's stream and errors this one; errored, not
 * closed, as a closed body would let fetch end a chunked upload and the server take the part sent
 * for the whole.
 */
class Upload {
  readonly stream: ReadableStream<Uint8Array>;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private ended = false;

  constructor(source: ReadableStream<Uint8Array>) {
    this.reader = source.getReader();
    this.stream = new ReadableStream<Uint8Array>(this, { highWaterMark: 0 });
  }

  start(controller: ReadableStreamDefaultController<Uint8Array>): void {
    this.controller = controller;
  }

  /** A read that fails (the caller's stream errored) errors this stream with the same error. */
  async pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    const { done, value } = await this.reader.read();
    // Stopped while reading: the stream is errored already, and the read ended by the cancel.
    if (this.ended) return;
    if (!done) return controller.enqueue(value);
    this.ended = true;
    controller.close();
  }

  /** fetch gave the body up itself. */
  cancel(reason: unknown): Promise<void> {
    this.ended = true;
    return this.reader.cancel(reason);
  }

  stop(reason: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.controller?.error(reason);
    this.reader.cancel(reason).catch(() => undefined);
  }
}

/**
 * Iterating fetch Headers costs more than the rest of the call, and most calls never look at
 * them: they are copied on first use. A class, as an object literal with a getter is slow to make.
 */
export class FetchResponse implements TransportResponse {
  private record: Record<string, string> | undefined;

  constructor(
    readonly status: number,
    private readonly source: Headers,
    readonly body: Uint8Array | undefined,
  ) {}

  get headers(): Readonly<Record<string, string>> {
    if (this.record === undefined) {
      const record: Record<string, string> = {};
      this.source.forEach((value, key) => setOwn(record, key, value));
      this.record = record;
    }
    return this.record;
  }
}

/** Reads a body, stopping (and cancelling the stream) past `limit` bytes: no unbounded buffering. */
export async function readBody(response: Response, limit: number): Promise<Uint8Array | undefined> {
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  // A declared length is not trusted (it may count compressed bytes): the stream is counted.
  if (response.body === null) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concat(chunks, size);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

/** The chunks as one array the caller owns (binary data is handed out as is). */
export function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

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
export class Outgoing implements TransportRequest, Abortable, AbortListener {
  url: string;
  method: string;
  headers: Readonly<Record<string, string>>;
  body: BodyData | undefined;
  expired = false;
  aborted = false;
  reason: unknown;
  listener: AbortListener | undefined;
  private controller: AbortController | undefined;
  private readonly timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    request: Sent,
    readonly maxResponseBytes: number,
    /** The caller's own signal: what still cancels a streamed body after the exchange (and its timeout) ended. */
    readonly caller: AbortSignal | undefined,
    timeoutMs: number,
  ) {
    ({ url: this.url, method: this.method, headers: this.headers, body: this.body } = request);
    if (caller?.aborted === true) this.abort(caller.reason);
    else caller?.addEventListener('abort', this, { once: true });
    if (timeoutMs > 0) this.timer = setTimeout(expire, timeoutMs, this);
  }

  get signal(): AbortSignal | undefined {
    // Without a timeout the caller's own signal does.
    if (this.timer === undefined) return this.caller;
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** The caller aborted. */
  handleEvent(): void {
    this.abort(this.caller?.reason);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
    this.listener?.handleEvent();
  }

  /** The next request of a redirected exchange: the same deadline and abort. */
  to(next: Sent): void {
    ({ url: this.url, method: this.method, headers: this.headers, body: this.body } = next);
  }

  clear(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this);
  }
}

function expire(request: Outgoing): void {
  if (request.aborted) return;
  request.expired = true;
  request.abort(new Error('timeout'));
}

/** The abort of a request: without an AbortSignal for the runtime's own, else through its signal. */
export function abortOf(request: TransportRequest): Abortable | undefined {
  if (request instanceof Outgoing) return request;
  const signal = request.signal;
  if (signal === undefined) return undefined;
  let current: AbortListener | undefined;
  return {
    get aborted() {
      return signal.aborted;
    },
    get listener() {
      return current;
    },
    set listener(listener) {
      if (current !== undefined) signal.removeEventListener('abort', current);
      current = listener;
      if (listener !== undefined) signal.addEventListener('abort', listener, { once: true });
    },
  };
}
