/**
 * A tiny HTTP server for the client-overhead measure, on 127.0.0.1 with a port the OS picks.
 * Answers GET /orders/{id} with a small JSON order, anything else with a 404 error envelope.
 * Prints `port <n>` once listening; exits on SIGTERM, or by itself after `maxSeconds`.
 */
import { createServer } from 'node:http';
import { serve } from './serve.mjs';

const maxSeconds = Number(process.argv[2] ?? 600);
const server = createServer((req, res) => {
  const m = req.method === 'GET' ? /^\/orders\/([^/?]+)$/.exec(req.url ?? '') : null;
  if (m) {
    const body = JSON.stringify({ id: decodeURIComponent(m[1]), status: 'ready', items: 2 });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
    return;
  }
  const body = JSON.stringify({ error: 'not_found' });
  res.writeHead(404, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 65_000;
serve(server, maxSeconds);
