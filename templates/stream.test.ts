import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { itemStream, readerSource, type StreamOptions, type StreamSource, type StreamSpec } from './stream.js';

const encoder = new TextEncoder();
const OPTIONS: StreamOptions = { idleTimeoutMs: 0, maxItemChars: 1 << 20 };

/** A source handing out `chunks` in order, counting reads and cancels. */
function chunks(parts: readonly (string | Uint8Array)[]): StreamSource & { reads: number; cancelled: boolean } {
  const queue = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p));
  const source = {
    reads: 0,
    cancelled: false,
    read: async () => {
      source.reads++;
      return queue.shift();
    },
    cancel: () => {
      source.cancelled = true;
    },
  };
  return source;
}

async function all<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const SSE: StreamSpec = { format: 'sse', json: ['delta', 'error'], terminator: '[DONE]', errorEvent: 'error' };

describe('server-sent events', () => {
  it('reads JSON data for the events the spec names, text for the others, and stops at the terminator', async () => {
    const s = itemStream(chunks(['event: delta\ndata: {"text":"hi"}\n\n', ': ping\n\nevent: note\ndata: plain\n\ndata: [DONE]\n\ndata: after\n\n']), SSE, OPTIONS);
    expect(await all(s)).toEqual([
      { event: 'delta', data: { text: 'hi' }, id: '' },
      { event: 'note', data: 'plain', id: '' },
    ]);
    expect(s.error).toBeUndefined();
  });
  it('ends with the error event, its data kept, after the events before it', async () => {
    const s = itemStream(chunks(['event: delta\ndata: {"text":"a"}\n\nevent: error\ndata: {"error":{"message":"overloaded"}}\n\nevent: delta\ndata: {}\n\n']), SSE, OPTIONS);
    expect(await all(s)).toHaveLength(1);
    expect(s.error).toEqual({ code: 'stream_error', message: 'overloaded', data: { error: { message: 'overloaded' } } });
  });
  it('ends with invalid_response on data that is not JSON', async () => {
    const s = itemStream(chunks(['event: delta\ndata: {oops\n\n']), SSE, OPTIONS);
    expect(await all(s)).toEqual([]);
    expect(s.error?.code).toBe('invalid_response');
  });
  it('reads the same whatever byte a UTF-8 sequence or a line is split at', async () => {
    const bytes = encoder.encode('\uFEFFevent: delta\r\ndata: {"text":"é✓𝄞"}\r\n\r\nevent: delta\rdata: {"n":2}\r\r');
    const whole = await all(itemStream(chunks([bytes]), SSE, OPTIONS));
    expect(whole).toEqual([
      { event: 'delta', data: { text: 'é✓𝄞' }, id: '' },
      { event: 'delta', data: { n: 2 }, id: '' },
    ]);
    for (let i = 0; i <= bytes.length; i++) expect(await all(itemStream(chunks([bytes.slice(0, i), bytes.slice(i)]), SSE, OPTIONS)), `split at ${i}`).toEqual(whole);
  });
  it('a signal aborted before the loop starts ends it at once, canceled, the body cancelled', async () => {
    const source = chunks(['data: 1\n\n']);
    const s = itemStream(source, { format: 'sse' }, { ...OPTIONS, signal: AbortSignal.abort() });
    expect(await all(s)).toEqual([]);
    expect(s.error?.code).toBe('canceled');
    expect(source.cancelled).toBe(true);
  });
  it('reads no further than the loop asks (backpressure)', async () => {
    const source = chunks(Array.from({ length: 100 }, (_, i) => `data: ${i}\n\n`));
    const s = itemStream(source, { format: 'sse' }, OPTIONS);
    for await (const event of s) {
      expect(event).toEqual({ event: 'message', data: '0', id: '' });
      break;
    }
    expect(source.reads).toBe(1);
    expect(source.cancelled).toBe(true);
  });
  it('ends with timeout when no chunk comes within the idle timeout', async () => {
    const source: StreamSource = { read: () => new Promise(() => undefined), cancel: () => undefined };
    const s = itemStream(source, SSE, { ...OPTIONS, idleTimeoutMs: 30 });
    expect(await all(s)).toEqual([]);
    expect(s.error?.code).toBe('timeout');
  });
  it('ends with a bounded error on a line longer than the limit', async () => {
    const s = itemStream(chunks(['data: ', 'x'.repeat(100), 'x'.repeat(100)]), SSE, { ...OPTIONS, maxItemChars: 150 });
    expect(await all(s)).toEqual([]);
    expect(s.error?.code).toBe('invalid_response');
  });
  it('resumes after a drop with the last event ID, after the retry the server asked for', async () => {
    let calls = 0;
    const broken: StreamSource = {
      read: async () => {
        calls++;
        if (calls === 1) return encoder.encode('retry: 5\nid: 7\ndata: {"text":"a"}\n\n');
        throw new Error('socket hang up');
      },
      cancel: () => undefined,
    };
    const asked: string[] = [];
    const s = itemStream(broken, { format: 'sse', json: true, resumable: true }, {
      ...OPTIONS,
      // The second connection ends cleanly, and the reconnection after it finds no stream (a 204).
      reconnect: async (id) => {
        asked.push(id);
        return asked.length === 1 ? chunks(['id: 8\ndata: {"text":"b"}\n\n']) : undefined;
      },
    });
    expect(await all(s)).toEqual([
      { event: 'message', data: { text: 'a' }, id: '7' },
      { event: 'message', data: { text: 'b' }, id: '8' },
    ]);
    expect(asked).toEqual(['7', '8']);
    expect(s.error).toBeUndefined();
  });
  it('gives up after the most reconnections without an event between them', async () => {
    const failing = (): StreamSource => ({ read: () => Promise.reject(new Error('reset')), cancel: () => undefined });
    let tries = 0;
    const s = itemStream(failing(), { format: 'sse', resumable: true }, {
      ...OPTIONS,
      maxReconnects: 2,
      reconnect: async () => {
        tries++;
        return failing();
      },
    });
    expect(await all(s)).toEqual([]);
    expect(tries).toBe(2);
    expect(s.error?.code).toBe('network');
  });
});

describe('JSON lines and JSON text sequences', () => {
  it('reads one item per line, CRLF and a last line without LF included, blank lines skipped', async () => {
    const s = itemStream(chunks(['{"a":1}\r\n\n{"a"', ':2}\n{"a":3}']), { format: 'jsonl' }, OPTIONS);
    expect(await all(s)).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });
  it('ends with invalid_response at a malformed line, after the items before it', async () => {
    const s = itemStream(chunks(['{"a":1}\nnot json\n{"a":3}\n']), { format: 'jsonl' }, OPTIONS);
    expect(await all(s)).toEqual([{ a: 1 }]);
    expect(s.error).toEqual({ code: 'invalid_response', message: 'an item of the stream is not JSON' });
  });
  it('reads RFC 7464 sequences', async () => {
    const s = itemStream(chunks(['\x1e{"a":1}\n\x1e', '[2]\n']), { format: 'json-seq' }, OPTIONS);
    expect(await all(s)).toEqual([{ a: 1 }, [2]]);
  });
});

describe('over a socket (127.0.0.1)', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  /** A server that streams an event every 5 ms until the client goes; resolves when it does. */
  async function endless(): Promise<{ url: string; gone: Promise<void> }> {
    let seen!: () => void;
    const gone = new Promise<void>((resolve) => (seen = resolve));
    const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let n = 0;
      const timer = setInterval(() => res.write(`data: ${n++}\n\n`), 5);
      res.on('close', () => {
        clearInterval(timer);
        seen();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => server.close();
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, gone };
  }

  it('break closes the connection: the server sees it go', async () => {
    const { url, gone } = await endless();
    const response = await fetch(url);
    const s = itemStream<{ data: string }>(readerSource(response.body!), { format: 'sse' }, OPTIONS);
    const got: string[] = [];
    for await (const event of s) {
      got.push(event.data);
      if (got.length === 3) break;
    }
    expect(got).toEqual(['0', '1', '2']);
    await expect(Promise.race([gone.then(() => 'closed'), new Promise((r) => setTimeout(r, 2000, 'open'))])).resolves.toBe('closed');
  });

  it("the caller's signal ends the stream with canceled and closes the connection", async () => {
    const { url, gone } = await endless();
    const controller = new AbortController();
    const response = await fetch(url, { signal: controller.signal });
    const s = itemStream(readerSource(response.body!), { format: 'sse' }, { ...OPTIONS, signal: controller.signal });
    let n = 0;
    for await (const _ of s) if (++n === 2) controller.abort();
    expect(s.error?.code).toBe('canceled');
    await expect(Promise.race([gone.then(() => 'closed'), new Promise((r) => setTimeout(r, 2000, 'open'))])).resolves.toBe('closed');
  });
});
