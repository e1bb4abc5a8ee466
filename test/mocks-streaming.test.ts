/**
 * The mocks of streaming endpoints (test/fixtures/streaming), under msw's node server, against the
 * package's own client through fetch: each streaming endpoint's success handler answers with a
 * real stream of its media type carrying exactly its stream fixture (an event of each declared
 * type, a few events of one data type, then the terminator; a few JSON lines, JSON text sequences,
 * byte chunks), items given in the options instead, a delay between items the client sees, a
 * failure in the middle (the contract's error event: `stream_error`; a dropped connection:
 * `network`), and a resumable stream resumed after the drop with Last-Event-ID. And the types:
 * stream fixtures and the handlers' items are typed by the stream's item types, under both
 * compilers.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './support/corpus.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('mocks-streaming');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import { http, type HttpHandler } from 'msw';
import type { ChatChunk, ContentBlockDeltaEvent, FeedItem, LogLine } from './index.js';
import { createMocks, FIXTURES, type MockStreamErrorEvent, type MockStreamEvent } from './mocks/index.js';

const mocks = createMocks(http, { servers: { api_url: 'https://api.mock.test' } });

export const handlers: HttpHandler[] = [
  mocks.createMessage.success({ delayMs: 5, failAfter: 2, failWith: 'error', errorData: { type: 'error' } }),
  mocks.createMessage.success({ items: [{ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } } }] }),
  mocks.chatCompletions.success({ items: [{ event: 'message', data: { id: 'c', choices: [] }, id: '7' }], failWith: 'drop', once: true }),
  mocks.tailLogs.success({ items: [{ at: '2026-01-01T00:00:00Z', level: 'warn', message: 'slow' }] }),
  mocks.download.success({ items: ['text', new Uint8Array([1, 2])] }),
  // @ts-expect-error an event's data is of that event's type
  mocks.createMessage.success({ items: [{ event: 'message_stop', data: { type: 'ping' } }] }),
  // @ts-expect-error no such event is declared
  mocks.createMessage.success({ items: [{ event: 'nonsense', data: {} }] }),
  // @ts-expect-error a log line's level is one of its enum's
  mocks.tailLogs.success({ items: [{ at: 'x', level: 'loud', message: 'm' }] }),
  // @ts-expect-error a JSON line is no byte chunk
  mocks.tailLogs.success({ items: ['text'] }),
  // @ts-expect-error the failure is an error event or a dropped connection
  mocks.chatCompletions.success({ failWith: 'explode' }),
  mocks.getUsage.success(),
];

// @ts-expect-error only a streaming endpoint has a stream fixture
export const none = mocks.getUsage.streamFixture;

export function fixtureTypes(): void {
  const message = FIXTURES.endpoints.createMessage.stream.items[0];
  if (message?.event === 'content_block_delta') expectTypeOf(message.data).toEqualTypeOf<ContentBlockDeltaEvent>();
  expectTypeOf(FIXTURES.endpoints.chatCompletions.stream.items).toEqualTypeOf<readonly MockStreamEvent<string, ChatChunk>[]>();
  expectTypeOf(FIXTURES.endpoints.feed.stream.items[0]?.data).toEqualTypeOf<FeedItem | undefined>();
  expectTypeOf(FIXTURES.endpoints.feed.stream.items[0]?.id).toEqualTypeOf<string | undefined>();
  expectTypeOf(FIXTURES.endpoints.tailLogs.stream.items).toEqualTypeOf<readonly LogLine[]>();
  expectTypeOf(FIXTURES.endpoints.download.stream.items).toEqualTypeOf<readonly (string | Uint8Array)[]>();
  expectTypeOf(FIXTURES.endpoints.createMessage.stream.error).toEqualTypeOf<MockStreamErrorEvent | undefined>();
  expectTypeOf(mocks.sequence.streamFixture).toEqualTypeOf(FIXTURES.endpoints.sequence.stream);
}
`;

// ---------------------------------------------------------------------------------------------
// The package under test, as these tests see it
// ---------------------------------------------------------------------------------------------

interface StreamEventItem {
  readonly event: string;
  readonly data: unknown;
  readonly id?: string;
}

interface StreamFixture {
  readonly status: number;
  readonly contentType: string;
  readonly format: 'sse' | 'jsonl' | 'json-seq' | 'binary';
  readonly retryMs?: number;
  readonly items: readonly unknown[];
  readonly terminator?: string;
  readonly error?: { readonly event: string; readonly data: unknown };
  readonly note?: string;
}

interface StreamOptions {
  readonly once?: boolean;
  readonly items?: readonly unknown[];
  readonly delayMs?: number;
  readonly failAfter?: number;
  readonly failWith?: 'error' | 'drop';
  readonly errorData?: unknown;
}

interface StreamMocks {
  readonly url: string;
  readonly streamFixture: StreamFixture;
  success(options?: StreamOptions): HttpHandler;
}

const STREAMING = ['createMessage', 'chatCompletions', 'feed', 'tailLogs', 'sequence', 'download'] as const;
type Streaming = (typeof STREAMING)[number];

interface MocksModule {
  readonly FIXTURES: { readonly endpoints: Readonly<Record<string, { readonly stream?: StreamFixture }>> };
  createMocks(h: typeof http, target: object): Record<Streaming, StreamMocks> & { readonly getUsage: object; handlers(): HttpHandler[] };
}

interface Streamed extends AsyncIterable<unknown> {
  readonly error: { readonly code: string; readonly message: string; readonly data?: unknown } | undefined;
}

type Outcome = { readonly ok: true; readonly status: number; readonly data: unknown } | { readonly ok: false; readonly error: { readonly code: string } };

interface PackageModule {
  createClient(options: object): Record<Streaming, (input?: object) => Promise<Outcome>>;
}

const TARGET = { servers: { api_url: 'https://api.mock.test/v2' } } as const;
const server = setupServer();
let pkg: PackageModule;
let mocksModule: MocksModule;
let mocks: ReturnType<MocksModule['createMocks']>;
let files: ReadonlyMap<string, string>;

beforeAll(async () => {
  files = await writePackage(fixture('streaming'), OUT, TYPE_TESTS);
  const load = async <T>(path: string) => (await import(/* @vite-ignore */ pathToFileURL(join(OUT, path)).href)) as T;
  pkg = await load<PackageModule>('dist/index.js');
  mocksModule = await load<MocksModule>('dist/mocks/index.js');
  mocks = mocksModule.createMocks(http, TARGET);
  server.listen({ onUnhandledRequest: 'error' });
}, 60_000);

afterAll(() => {
  server.close();
  rmSync(OUT, { recursive: true, force: true });
});

const INPUTS: Readonly<Record<Streaming, object>> = {
  createMessage: { body: { model: 'm', prompt: 'hi', stream: true } },
  chatCompletions: { body: { model: 'm', prompt: 'hi', stream: true } },
  feed: {},
  tailLogs: { level: 'info' },
  sequence: {},
  download: { id: 'f-1' },
};

const client = () => pkg.createClient({ ...TARGET, auth: { apiKey: 'sk-test' }, maxRetries: 0 });

async function open(id: Streaming): Promise<Streamed> {
  const outcome = await client()[id](INPUTS[id]);
  expect(outcome, id).toMatchObject({ ok: true, status: 200 });
  const data = (outcome as { data: Streamed }).data;
  expect(typeof data[Symbol.asyncIterator], id).toBe('function');
  return data;
}

/** Every item of a stream, each with the milliseconds since the call when it arrived. */
async function read(id: Streaming): Promise<{ items: unknown[]; at: number[]; stream: Streamed }> {
  const started = performance.now();
  const stream = await open(id);
  const items: unknown[] = [];
  const at: number[] = [];
  for await (const item of stream) {
    items.push(item);
    at.push(performance.now() - started);
  }
  return { items, at, stream };
}

/** What the client hands out for a stream fixture's items: an event with the last id sent, a JSON item, or the chunks' bytes as text. */
function asReceived(f: StreamFixture, items: readonly unknown[] = f.items): unknown[] {
  if (f.format !== 'sse') return [...items];
  let id = '';
  return items.map((item) => {
    const e = item as StreamEventItem;
    id = e.id ?? id;
    return { event: e.event, data: e.data, id };
  });
}

function received(f: StreamFixture, items: readonly unknown[]): unknown[] {
  if (f.format !== 'binary') return [...items];
  // Chunks may merge or split on the way: the bytes are what arrives.
  return [new TextDecoder().decode(Buffer.concat(items.map((i) => i as Uint8Array)))];
}

function expected(f: StreamFixture, items: readonly unknown[] = f.items): unknown[] {
  return f.format === 'binary' ? [items.join('')] : asReceived(f, items);
}

// ---------------------------------------------------------------------------------------------
// The fixtures
// ---------------------------------------------------------------------------------------------

describe('the stream fixtures', () => {
  it("stream every declared event once, in the contract's order, the error event aside", () => {
    const f = mocksModule.FIXTURES.endpoints.createMessage!.stream!;
    expect(f).toMatchObject({ status: 200, contentType: 'text/event-stream', format: 'sse' });
    expect(f.items.map((i) => (i as StreamEventItem).event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop', 'ping']);
    // Each event's data is its type's example: the Anthropic event types carry their own name.
    for (const item of f.items as StreamEventItem[]) expect((item.data as { type: string }).type).toBe(item.event);
    // The contract gives the error event no type: the host's error body, its message in the shape's place, noted.
    expect(f.error).toEqual({ event: 'error', data: { type: 'error', error: { type: 'example', message: 'mock: the stream failed' } } });
    expect(f.note).toMatch(/'error' event's data no type/);
  });

  it('stream a few events of one data type, then the terminator; a resumable stream numbers them and asks for a short retry', () => {
    const chat = mocksModule.FIXTURES.endpoints.chatCompletions!.stream!;
    expect(chat).toMatchObject({ format: 'sse', terminator: '[DONE]' });
    expect(chat.items).toHaveLength(3);
    expect(chat.items.every((i) => (i as StreamEventItem).event === 'message' && (i as StreamEventItem).id === undefined)).toBe(true);
    const feed = mocksModule.FIXTURES.endpoints.feed!.stream!;
    expect(feed.retryMs).toBe(10);
    expect(feed.items.map((i) => (i as StreamEventItem).id)).toEqual(['1', '2', '3']);
  });

  it('stream a few JSON lines, JSON text sequences and byte chunks, with the media type the contract gives', () => {
    const { tailLogs, sequence, download } = mocksModule.FIXTURES.endpoints;
    expect(tailLogs!.stream).toMatchObject({ contentType: 'application/x-ndjson', format: 'jsonl' });
    expect(tailLogs!.stream!.items[0]).toEqual({ at: '2024-01-15T09:30:00Z', level: 'debug', message: 'example' });
    expect(sequence!.stream).toMatchObject({ contentType: 'application/json-seq', format: 'json-seq' });
    expect(download!.stream).toMatchObject({ contentType: 'application/octet-stream', format: 'binary', items: ['example 1\n', 'example 2\n', 'example 3\n'] });
    for (const s of [tailLogs, sequence]) expect(s!.stream!.items).toHaveLength(3);
  });

  it('are in mocks/fixtures.json too; an endpoint that does not stream has none', () => {
    const json = JSON.parse(files.get('mocks/fixtures.json') ?? '') as MocksModule['FIXTURES'];
    for (const id of STREAMING) expect(json.endpoints[id]!.stream, id).toEqual(mocksModule.FIXTURES.endpoints[id]!.stream);
    expect(mocksModule.FIXTURES.endpoints.getUsage!.stream).toBeUndefined();
    expect('streamFixture' in mocks.getUsage).toBe(false);
    expect(files.get('README.md')).toContain("A streaming endpoint's `success()` answers with a real stream");
  });
});

// ---------------------------------------------------------------------------------------------
// The handlers, against the client
// ---------------------------------------------------------------------------------------------

describe('the success handler of a streaming endpoint, against the generated client', () => {
  it.each(STREAMING)('%s: the client receives exactly the fixture, and the stream ends cleanly', async (id) => {
    server.resetHandlers(...mocks.handlers());
    const f = mocks[id].streamFixture;
    const { items, stream } = await read(id);
    expect(received(f, items)).toEqual(expected(f));
    expect(stream.error).toBeUndefined();
  });

  it('answers with the media type of the stream, framed as its format says', async () => {
    server.resetHandlers(...mocks.handlers());
    const body = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${TARGET.servers.api_url}${path}`, { headers: { 'x-api-key': 'k' }, ...init });
      return { type: response.headers.get('content-type'), text: await response.text() };
    };
    const chat = mocks.chatCompletions.streamFixture;
    const post = { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } };
    expect(await body('/v1/chat/completions', post)).toEqual({
      type: 'text/event-stream',
      text: `${chat.items.map((i) => `data: ${JSON.stringify((i as StreamEventItem).data)}\n\n`).join('')}data: [DONE]\n\n`,
    });
    const message = (await body('/v1/messages', post)).text;
    expect(message.startsWith(`event: message_start\ndata: {"type":"message_start",`)).toBe(true);
    expect(message.endsWith('event: ping\ndata: {"type":"ping"}\n\n')).toBe(true);
    expect((await body('/feed')).text).toMatch(/^retry: 10\n\nid: 1\ndata: \{"seq":1,"text":"example"\}\n\nid: 2\n/);
    const logs = mocks.tailLogs.streamFixture.items.map((i) => `${JSON.stringify(i)}\n`).join('');
    expect(await body('/logs?level=info')).toEqual({ type: 'application/x-ndjson', text: logs });
    const sequence = mocks.sequence.streamFixture.items.map((i) => `\x1e${JSON.stringify(i)}\n`).join('');
    expect(await body('/sequence')).toEqual({ type: 'application/json-seq', text: sequence });
    expect(await body('/files/f-1')).toEqual({ type: 'application/octet-stream', text: 'example 1\nexample 2\nexample 3\n' });
  });

  it('streams the items given instead of the fixture, in their order', async () => {
    const chunk = (content: string) => ({ event: 'message', data: { id: 'c1', choices: [{ index: 0, delta: { content } }] } });
    const events = [chunk('Hel'), chunk('lo'), chunk('!')];
    server.resetHandlers(mocks.chatCompletions.success({ items: events }));
    const f = mocks.chatCompletions.streamFixture;
    const { items, stream } = await read('chatCompletions');
    expect(items).toEqual(expected(f, events));
    expect(stream.error).toBeUndefined();
    const lines = [
      { at: '2026-01-01T00:00:00Z', level: 'info', message: 'up' },
      { at: '2026-01-01T00:00:01Z', level: 'warn', message: 'slow' },
    ];
    server.resetHandlers(mocks.tailLogs.success({ items: lines }));
    expect((await read('tailLogs')).items).toEqual(lines);
  });

  it('waits delayMs between two items: they arrive over time, not at once', async () => {
    const delayMs = 80;
    server.resetHandlers(mocks.tailLogs.success({ delayMs }));
    const { items, at, stream } = await read('tailLogs');
    expect(items).toEqual(mocks.tailLogs.streamFixture.items);
    expect(stream.error).toBeUndefined();
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(gaps).toHaveLength(2);
    // Each item waits its delay at the server; on its way to the loop it may be held up a little
    // longer or shorter than the one before it (a loaded machine).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(delayMs * 0.75);
    expect(at[2]! - at[0]!).toBeGreaterThanOrEqual(2 * delayMs - 10);
    // Without a delay the same items come at once.
    server.resetHandlers(mocks.tailLogs.success());
    const quick = await read('tailLogs');
    expect(quick.at[2]! - quick.at[0]!).toBeLessThan(delayMs);
  });

  it("fails after failAfter items with the contract's error event: the client's iteration ends with stream_error and its data", async () => {
    const f = mocks.createMessage.streamFixture;
    server.resetHandlers(mocks.createMessage.success({ failAfter: 2, delayMs: 10 }));
    const { items, stream } = await read('createMessage');
    expect(items).toEqual(expected(f).slice(0, 2));
    expect(stream.error).toEqual({ code: 'stream_error', message: 'mock: the stream failed', data: f.error!.data });
    // Its data given; and at once, before any item.
    const data = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    server.resetHandlers(mocks.createMessage.success({ failAfter: 0, failWith: 'error', errorData: data }));
    const overloaded = await read('createMessage');
    expect(overloaded.items).toEqual([]);
    expect(overloaded.stream.error).toEqual({ code: 'stream_error', message: 'Overloaded', data });
  });

  it('fails after failAfter items with a dropped connection: the iteration ends with network, after the items before it', async () => {
    server.resetHandlers(mocks.chatCompletions.success({ failAfter: 1, failWith: 'drop', delayMs: 10 }));
    const chat = await read('chatCompletions');
    expect(chat.items).toEqual(expected(mocks.chatCompletions.streamFixture).slice(0, 1));
    expect(chat.stream.error?.code).toBe('network');
    // Where the stream has no error event, a failure drops the connection; without failAfter, after every item.
    server.resetHandlers(mocks.tailLogs.success({ failWith: 'drop' }));
    const logs = await read('tailLogs');
    expect(logs.items).toEqual(mocks.tailLogs.streamFixture.items);
    expect(logs.stream.error?.code).toBe('network');
    server.resetHandlers(mocks.download.success({ failAfter: 2 }));
    const download = await read('download');
    expect(received(mocks.download.streamFixture, download.items)).toEqual(['example 1\nexample 2\n']);
    expect(download.stream.error?.code).toBe('network');
  });

  it('resumes a resumable stream after a dropped connection: the reconnection with Last-Event-ID gets the items after it', async () => {
    const lastEventIds: (string | null)[] = [];
    const listener = ({ request }: { request: Request }) => void lastEventIds.push(request.headers.get('last-event-id'));
    server.events.on('request:start', listener);
    try {
      // The dropping handler answers once; the reconnections fall through to the fixture's handler.
      server.resetHandlers(...mocks.handlers());
      server.use(mocks.feed.success({ once: true, failAfter: 2, failWith: 'drop' }));
      const { items, stream } = await read('feed');
      expect(items).toEqual(expected(mocks.feed.streamFixture));
      expect(stream.error).toBeUndefined();
      // After the drop, after the second event; after the close, after the third: nothing is left, a 204 ends it.
      expect(lastEventIds).toEqual([null, '2', '3']);
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('refuses options it cannot act on when the handler is made', () => {
    expect(() => mocks.chatCompletions.success({ failAfter: 1, failWith: 'error' })).toThrow(/no error event/);
    expect(() => mocks.tailLogs.success({ delayMs: -1 })).toThrow(TypeError);
    expect(() => mocks.tailLogs.success({ delayMs: Number.NaN })).toThrow(TypeError);
    expect(() => mocks.tailLogs.success({ failAfter: 1.5 })).toThrow(TypeError);
  });
});

describe('stream fixture and handler types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});
