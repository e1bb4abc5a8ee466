/**
 * The streaming server of the `sse` measure, on 127.0.0.1 with a port the OS picks:
 *   GET /sse?bytes=N     text/event-stream: the LLM-like stream of sse-streams.mjs (1 MiB of whole
 *                        events, sent again and again) until N bytes are sent, then `data: [DONE]`
 *   GET /binary?bytes=N  application/octet-stream, N bytes (1 MiB of seeded noise, again and again)
 * Writes wait for 'drain', so the server holds one block, however slowly the client reads.
 * Prints `port <n>` once listening; exits on SIGTERM, or by itself after `maxSeconds`.
 */
import { createServer } from 'node:http';
import { serve } from './serve.mjs';
import { prng, streamText } from './sse-streams.mjs';

const maxSeconds = Number(process.argv[2] ?? 600);
const BLOCK = 1 << 20;
const events = Buffer.from(streamText('llm', BLOCK));
const random = prng(11);
const noise = Buffer.alloc(BLOCK);
for (let i = 0; i < BLOCK; i += 4) noise.writeUInt32LE(Math.floor(random() * 2 ** 32), i);
const DONE = Buffer.from('data: [DONE]\n\n');

/** Resolves at the response's next 'drain', or when it closes. */
function drained(res) {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Writes `block` until `total` bytes are written (the last one cut short), then `tail`, waiting for 'drain'. */
async function send(res, block, total, tail) {
  let left = total;
  while (left > 0 && !res.destroyed) {
    const part = left >= block.length ? block : block.subarray(0, left);
    left -= part.length;
    if (!res.write(part)) await drained(res);
  }
  res.end(tail);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const bytes = Number(url.searchParams.get('bytes') ?? 0);
  if (req.method === 'GET' && url.pathname === '/sse') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    // Whole blocks only, so the stream ends on an event's end and [DONE] is read.
    void send(res, events, Math.ceil(bytes / events.length) * events.length, DONE);
    return;
  }
  if (req.method === 'GET' && url.pathname === '/binary') {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes });
    void send(res, noise, bytes, undefined);
    return;
  }
  res.writeHead(404).end();
});
serve(server, maxSeconds);
