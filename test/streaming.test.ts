/**
 * Streamed successes (test/fixtures/streaming) against a node:http server on 127.0.0.1, through
 * fetch and nodeTransport: server-sent events typed by event name (the event sequence Anthropic's
 * Messages API documents, an event the contract does not declare skipped, its error event ending
 * the stream), one data type with OpenAI's `[DONE]` terminator, a resumable feed reconnecting with
 * Last-Event-ID after a dropped connection, JSON lines with a malformed line, JSON text sequences,
 * and a download larger than the body cap; `break` and an AbortSignal closing the connection (the
 * server sees it close); an error status before the stream decoded as usual. And the types: the
 * event's name narrows its data, under both compilers.
 */
import * as http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { fixture } from './support/corpus.js';

const OUT = outDir('streaming');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import { createMessage, type BaseClient, type Client, type ContentBlockDeltaEvent, type CreateMessageStreamItem, type FeedItem, type ItemStream, type LogLine, type Message, type MessageStopEvent, type StreamError } from './index.js';

export async function selected(client: Client, base: BaseClient, stream: boolean): Promise<void> {
  // The request's stream field chooses the overload: the stream, the JSON body, or (not a literal) either.
  const json = await client.createMessage({ body: { model: 'm', prompt: 'hi' } });
  if (json.ok) expectTypeOf(json.data).toEqualTypeOf<Message>();
  const off = await client.createMessage({ body: { model: 'm', prompt: 'hi', stream: false } });
  if (off.ok) expectTypeOf(off.data).toEqualTypeOf<Message>();
  const either = await client.createMessage({ body: { model: 'm', prompt: 'hi', stream } });
  if (either.ok) expectTypeOf(either.data).toEqualTypeOf<Message | ItemStream<CreateMessageStreamItem>>();
  const fn = await createMessage(base, { body: { model: 'm', prompt: 'hi', stream: true } });
  if (fn.ok) expectTypeOf(fn.data).toEqualTypeOf<ItemStream<CreateMessageStreamItem>>();
  const fnJson = await createMessage(base, { body: { model: 'm', prompt: 'hi' } });
  if (fnJson.ok) expectTypeOf(fnJson.data).toEqualTypeOf<Message>();
}

export async function streamTypes(client: Client): Promise<string> {
  const r = await client.createMessage({ body: { model: 'm', prompt: 'hi', stream: true } });
  if (!r.ok) return r.error.message;
  expectTypeOf(r.data).toEqualTypeOf<ItemStream<CreateMessageStreamItem>>();
  let text = '';
  for await (const event of r.data) {
    if (event.event === 'content_block_delta') {
      expectTypeOf(event.data).toEqualTypeOf<ContentBlockDeltaEvent>();
      text += event.data.delta.text;
    } else if (event.event === 'message_stop') expectTypeOf(event.data).toEqualTypeOf<MessageStopEvent>();
    // @ts-expect-error no such event is declared
    else if (event.event === 'nonsense') return '';
  }
  expectTypeOf(r.data.error).toEqualTypeOf<StreamError | undefined>();
  const logs = await client.tailLogs({ level: 'info' });
  if (logs.ok) for await (const line of logs.data) expectTypeOf(line).toEqualTypeOf<LogLine>();
  const feed = await client.feed();
  if (feed.ok) for await (const event of feed.data) expectTypeOf(event.data).toEqualTypeOf<FeedItem>();
  const file = await client.download({ id: 'f' });
  if (file.ok) {
    expectTypeOf(file.data).toEqualTypeOf<ItemStream<Uint8Array>>();
    expectTypeOf(file.data.readable()).toEqualTypeOf<ReadableStream<Uint8Array>>();
  }
  return text;
}
`;

interface Streamed<T = unknown> extends AsyncIterable<T> {
  readonly error: { readonly code: string; readonly message: string; readonly data?: unknown } | undefined;
  abort(): void;
  readable(): ReadableStream<T>;
}
interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly status?: number;
  readonly error?: { readonly category: string; readonly code: string; readonly status: number; readonly message: string };
}
type Call = (input?: object) => Promise<Outcome>;
type Client = Record<'createMessage' | 'chatCompletions' | 'feed' | 'rawEvents' | 'tailLogs' | 'sequence' | 'download', Call>;
interface Package {
  createClient(options: object): Client;
  nodeTransport(module: typeof http): unknown;
}

let under: PackageUnderTest<Package>;

/** The event sequence of a streamed message, as Anthropic's Messages API documents it (with a ping, and one event no contract declares). */
const MESSAGE_EVENTS = [
  ['message_start', { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'm', stop_reason: null, usage: { input_tokens: 25, output_tokens: 1 } } }],
  ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
  ['ping', { type: 'ping' }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hello' } }],
  ['future_event', { type: 'future_event' }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: ', wörld 👋' } }],
  ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 15 } }],
  ['message_stop', { type: 'message_stop' }],
] as const;

/**
 * Every field and line-end form the WHATWG standard reads: a BOM, comments, `data` over several
 * lines (one with no space after the colon, one with two), `event`, `id` (kept across events; one
 * holding a NUL ignored), `retry` (digits only), an unknown field, a field without a colon, LF, CR
 * and CRLF line ends, an event with no data (not dispatched), and a last event without its blank
 * line (discarded at the end).
 */
const RAW = Buffer.from(
  '\uFEFF: comment\n' +
    'data: first\ndata:second\ndata:  third\n\n' +
    'event: named\rid: 1\rdata: é✓𝄞\r\r' +
    'retry: 25\r\nretry: 1x\r\nunknown: x\r\ndata\r\ndata: after empty\r\n\r\n' +
    'id: bad\u0000id\nevent: no-data\n\n' +
    'data: kept id\n\n' +
    'id\ndata: cleared id\n\n' +
    'data: never dispatched',
);
const RAW_EVENTS = [
  { event: 'message', data: 'first\nsecond\n third', id: '' },
  { event: 'named', data: 'é✓𝄞', id: '1' },
  { event: 'message', data: '\nafter empty', id: '1' },
  { event: 'message', data: 'kept id', id: '1' },
  { event: 'message', data: 'cleared id', id: '' },
];

const sse = (event: string | undefined, data: unknown, id?: string) => `${event === undefined ? '' : `event: ${event}\n`}${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/** Bytes the download handler has handed to its socket so far (it writes only as the socket drains). */
let written = 0;

/** Sockets the server saw close, by request path. */
const closed: string[] = [];
const lastEventIds: (string | undefined)[] = [];
let feedConnections = 0;

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => resolve(text));
  });
}

/** Writes `parts` one per tick, in pieces split anywhere (a UTF-8 sequence too). */
async function dribble(res: ServerResponse, text: string, size = 7): Promise<void> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) {
    if (res.destroyed) return;
    res.write(bytes.subarray(i, i + size));
    await new Promise((r) => setImmediate(r));
  }
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://x');
  res.on('close', () => closed.push(url.pathname + url.search));
  const sent = req.method === 'POST' ? (JSON.parse(await body(req)) as { prompt: string; stream?: boolean }) : undefined;
  if (url.pathname === '/v1/messages') {
    if (sent?.prompt === 'bad') return void res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'invalid_request_error', message: 'prompt: bad' } }));
    if (sent?.stream !== true) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'msg_1', type: 'message', content: [{ type: 'text', text: 'Hello' }], stop_reason: 'end_turn' }));
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    if (sent.prompt === 'overload') return void res.end(sse(...MESSAGE_EVENTS[0]) + sse('error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }) + sse(...MESSAGE_EVENTS[8]));
    if (sent.prompt === 'endless') {
      res.write(sse(...MESSAGE_EVENTS[0]));
      const timer = setInterval(() => res.write(sse(...MESSAGE_EVENTS[2])), 5);
      return void res.on('close', () => clearInterval(timer));
    }
    await dribble(res, MESSAGE_EVENTS.map(([event, data]) => sse(event, data)).join(''));
    return void res.end();
  }
  if (url.pathname === '/v1/chat/completions') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (content: string | null) => ({ id: 'c1', choices: [{ index: 0, delta: { content } }] });
    return void res.end(`${sse(undefined, chunk('Hel'))}${sse(undefined, chunk('lo'))}: keep-alive\r\n\r\ndata: [DONE]\n\n${sse(undefined, chunk('never'))}`);
  }
  if (url.pathname === '/feed') {
    feedConnections++;
    lastEventIds.push(req.headers['last-event-id'] as string | undefined);
    const from = Number(req.headers['last-event-id'] ?? 0);
    if (from < 3) res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (req.headers['x-stall'] !== undefined) return void res.write(sse(undefined, { seq: 1, text: 'one' }, '1'));
    // The first connection drops in the middle of the third event; the next carries on after the last id it was sent.
    if (from === 0) {
      res.write(`retry: 20\n\n${sse(undefined, { seq: 1, text: 'one' }, '1')}${sse(undefined, { seq: 2, text: 'two' }, '2')}id: 3\ndata: {"seq": 3, "te`);
      return void setTimeout(() => res.destroy(), 5);
    }
    // Past the third event it has no more: a 204 stops the reconnecting.
    if (from >= 3) return void res.writeHead(204).end();
    return void res.end(`${sse(undefined, { seq: from + 1, text: 'three' }, String(from + 1))}`);
  }
  if (url.pathname === '/raw') {
    // The sample in two writes, split at the byte the call asks for (inside a UTF-8 sequence too).
    const split = Number(url.searchParams.get('split'));
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(RAW.subarray(0, split));
    await new Promise((r) => setTimeout(r, 1));
    return void res.end(RAW.subarray(split));
  }
  if (url.pathname === '/logs') {
    res.writeHead(200, { 'content-type': 'application/x-ndjson' });
    return void res.end('{"at":"2026-01-01T00:00:00Z","level":"info","message":"up","offset":9007199254740993}\r\n\n{"at":"2026-01-01T00:00:01Z","level":"warn","message":"slow","offset":2}\n{"at": oops\n{"at":"x","level":"info","message":"never"}\n');
  }
  if (url.pathname === '/sequence') {
    res.writeHead(200, { 'content-type': 'application/json-seq' });
    return void res.end('\x1e{"seq":1,"text":"a"}\n\x1e{"seq":2,"text":"b"}\n');
  }
  if (url.pathname.startsWith('/files/')) {
    if (url.pathname === '/files/missing') return void res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'no such file' } }));
    const size = Number(url.pathname.slice('/files/'.length));
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
    written = 0;
    const chunk = Buffer.alloc(64 * 1024, 7);
    let left = size;
    const write = (): void => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(left, chunk.length));
        left -= piece.length;
        written += piece.length;
        if (!res.write(piece)) return void res.once('drain', write);
      }
      res.end();
    };
    return write();
  }
  res.writeHead(500).end();
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(fixture('streaming'), OUT, TYPE_TESTS, (req, res) => void handle(req, res));
});

afterAll(() => under.dispose());

describe('stream types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

async function all<T>(stream: Streamed<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

function streamOf<T = unknown>(outcome: Outcome): Streamed<T> {
  expect(outcome).toMatchObject({ ok: true, status: 200 });
  const data = outcome.data as Streamed<T>;
  expect(typeof data[Symbol.asyncIterator]).toBe('function');
  return data;
}

/** Until the server saw the connection of `path` close (or a second passed). */
async function closedSoon(path: string): Promise<boolean> {
  for (let i = 0; i < 100 && !closed.includes(path); i++) await new Promise((r) => setTimeout(r, 10));
  return closed.includes(path);
}

describe.each(['fetch', 'nodeTransport'] as const)('through %s', (transport) => {
  const client = (options: object = {}): Client =>
    under.pkg.createClient({ baseUrl: under.base, auth: { apiKey: 'sk-test-secret' }, maxRetries: 0, ...(transport === 'fetch' ? {} : { transport: under.pkg.nodeTransport(http) }), ...options });

  it('server-sent events typed by name: every declared event in order, split anywhere, an undeclared one skipped', async () => {
    const stream = streamOf<{ event: string; data: { type: string; delta?: { text?: string } } }>(await client().createMessage({ body: { model: 'm', prompt: 'hi', stream: true } }));
    const events = await all(stream);
    expect(events.map((e) => e.event)).toEqual(MESSAGE_EVENTS.map(([name]) => name).filter((name) => name !== 'future_event'));
    expect(events.every((e) => e.data.type === e.event)).toBe(true);
    expect(events.map((e) => e.data.delta?.text ?? '').join('')).toBe('Hello, wörld 👋');
    expect(stream.error).toBeUndefined();
  });

  it('the same status answering JSON (no stream asked for) is the JSON body', async () => {
    const outcome = await client().createMessage({ body: { model: 'm', prompt: 'hi' } });
    expect(outcome).toMatchObject({ ok: true, data: { id: 'msg_1', content: [{ text: 'Hello' }] } });
  });

  it('an error before the stream starts is the usual decoded error', async () => {
    const outcome = await client().createMessage({ body: { model: 'm', prompt: 'bad', stream: true } });
    expect(outcome).toMatchObject({ ok: false, error: { status: 400, code: 'invalid_request_error', message: 'prompt: bad' } });
  });

  it("the contract's error event ends the stream with stream_error and its data, after the events before it", async () => {
    const stream = streamOf(await client().createMessage({ body: { model: 'm', prompt: 'overload', stream: true } }));
    expect(await all(stream)).toHaveLength(1);
    expect(stream.error).toEqual({ code: 'stream_error', message: 'Overloaded', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
  });

  it('break closes the connection at once: the server sees the socket close', async () => {
    const path = '/v1/messages';
    closed.length = 0;
    const stream = streamOf(await client().createMessage({ body: { model: 'm', prompt: 'endless', stream: true } }));
    let seen = 0;
    for await (const _ of stream) if (++seen === 3) break;
    expect(await closedSoon(path)).toBe(true);
  });

  it("the caller's AbortSignal closes the connection and ends the loop with canceled", async () => {
    closed.length = 0;
    const controller = new AbortController();
    const stream = streamOf(await client().createMessage({ body: { model: 'm', prompt: 'endless', stream: true }, signal: controller.signal }));
    let seen = 0;
    for await (const _ of stream) if (++seen === 2) controller.abort();
    expect(stream.error?.code).toBe('canceled');
    expect(await closedSoon('/v1/messages')).toBe(true);
  });

  it("one data type for every event, and OpenAI's [DONE] terminator ending it", async () => {
    const stream = streamOf<{ event: string; data: { choices: { delta: { content: string } }[] } }>(await client().chatCompletions({ body: { model: 'm', prompt: 'hi', stream: true } }));
    const events = await all(stream);
    expect(events.map((e) => [e.event, e.data.choices[0]?.delta.content])).toEqual([
      ['message', 'Hel'],
      ['message', 'lo'],
    ]);
    expect(stream.error).toBeUndefined();
  });

  it('a resumable stream reconnects after a dropped connection, with Last-Event-ID, after the retry the server asked for', async () => {
    lastEventIds.length = 0;
    feedConnections = 0;
    const stream = streamOf<{ data: { seq: number }; id: string }>(await client().feed());
    const events = await all(stream);
    expect(events.map((e) => [e.data.seq, e.id])).toEqual([
      [1, '1'],
      [2, '2'],
      [3, '3'],
    ]);
    expect(lastEventIds).toEqual([undefined, '2', '3']);
    expect(feedConnections).toBe(3);
  });

  it("the idle timeout ends a stalled stream with timeout (the contract's idleTimeoutMs)", async () => {
    closed.length = 0;
    const started = Date.now();
    const stream = streamOf<{ data: { seq: number } }>(await client().feed({ headers: { 'x-stall': 'yes' } }));
    expect((await all(stream)).map((e) => e.data.seq)).toEqual([1]);
    expect(stream.error?.code).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await closedSoon('/feed')).toBe(true);
  });

  it('every SSE field and line end, the sample split at every byte offset: the same events', async () => {
    for (let split = 0; split <= RAW.length; split++) {
      const stream = streamOf(await client().rawEvents({ split }));
      expect(await all(stream), `split at byte ${split}`).toEqual(RAW_EVENTS);
      expect(stream.error).toBeUndefined();
    }
  });

  it('JSON lines: CRLF and blank lines allowed, an int64 kept exact; a malformed line ends the stream with invalid_response after the good ones', async () => {
    const stream = streamOf<{ level: string; offset: number | bigint }>(await client().tailLogs({ level: 'info' }));
    const lines = await all(stream);
    expect(lines.map((l) => l.level)).toEqual(['info', 'warn']);
    // An int64 beyond 2^53 keeps every digit, as in any body that holds one.
    expect(lines.map((l) => l.offset)).toEqual([9007199254740993n, 2]);
    expect(stream.error?.code).toBe('invalid_response');
  });

  it('JSON text sequences', async () => {
    const stream = streamOf<{ seq: number }>(await client().sequence());
    expect((await all(stream)).map((i) => i.seq)).toEqual([1, 2]);
  });

  it('a download larger than the body cap streams whole, chunk by chunk; an error status before it is decoded', async () => {
    const size = 8 * 1024 * 1024 + 3;
    const stream = streamOf<Uint8Array>(await client({ maxResponseBytes: 1024 * 1024 }).download({ id: String(size) }));
    let total = 0;
    let largest = 0;
    for await (const chunk of stream) {
      total += chunk.byteLength;
      largest = Math.max(largest, chunk.byteLength);
    }
    expect(total).toBe(size);
    expect(largest).toBeLessThan(1024 * 1024);
    expect(await client().download({ id: 'missing' })).toMatchObject({ ok: false, error: { status: 404, code: 'not_found_error' } });
  });

  it('memory stays flat over a download six times the body cap: the peak growth is a small part of it (bench/ streams 1 GiB)', async () => {
    const size = 192 * 1024 * 1024;
    const used = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = used();
    let peak = 0;
    let total = 0;
    const stream = streamOf<Uint8Array>(await client({ maxResponseBytes: 32 * 1024 * 1024 }).download({ id: String(size) }));
    for await (const chunk of stream) {
      total += chunk.byteLength;
      if ((total & 0xfffff) < chunk.byteLength) peak = Math.max(peak, used() - before);
    }
    expect(total).toBe(size);
    // Buffered whole, the growth would pass the 192 MiB read; chunks the loop dropped wait only for the collector.
    expect(peak, `peak growth ${(peak / 1048576).toFixed(1)} MiB over ${size / 1048576} MiB`).toBeLessThan(96 * 1024 * 1024);
  });

  it('backpressure: a consumer that stops reading stops the server writing (no buffering of the stream)', async () => {
    const size = 256 * 1024 * 1024;
    const stream = streamOf<Uint8Array>(await client().download({ id: String(size) }));
    // One chunk read, then the loop pauses with the connection open.
    const items = stream[Symbol.asyncIterator]();
    expect((await items.next()).done).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    const paused = written;
    await new Promise((r) => setTimeout(r, 300));
    // Only what the sockets and the body's queue hold went out, far from the 256 MiB, and nothing more while paused.
    expect(paused).toBeLessThan(16 * 1024 * 1024);
    expect(written).toBe(paused);
    // Reading again (what was buffered, then more), the server writes again.
    for (let i = 0; i < 4096 && written === paused; i++) await items.next();
    expect(written).toBeGreaterThan(paused);
    await items.return?.();
  });

  it('a download as a ReadableStream', async () => {
    const stream = streamOf<Uint8Array>(await client().download({ id: '100000' }));
    const bytes = new Uint8Array(await new Response(stream.readable()).arrayBuffer());
    expect(bytes.length).toBe(100000);
    expect(bytes.every((b) => b === 7)).toBe(true);
  });
});
