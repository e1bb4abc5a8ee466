// The matrix's server (node:http on 127.0.0.1): what scenario.mjs calls, and the page the browser
// loads, whose script posts its outcomes back to /result.
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';

export function startServer({ page, onResult }) {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks), { page, onResult }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ base: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) })));
}

function json(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function answer(req, res, body, { page, onResult }) {
  const url = new URL(req.url, 'http://x');
  const path = url.pathname;
  if (path === '/page.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><meta charset="utf-8"><title>matrix</title><script src="/page.js"></script>');
  if (path === '/page.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(page());
  if (path === '/result') {
    json(res, 200, {});
    return onResult(JSON.parse(body.toString()));
  }
  if (path === '/notes/slow') return void setTimeout(() => json(res, 200, { id: 'slow', text: 'late' }), 2000);
  if (path === '/notes/missing') return json(res, 404, { message: 'no such note' });
  if (req.method === 'GET' && path.startsWith('/notes/')) return json(res, 200, { id: decodeURIComponent(path.slice('/notes/'.length)), text: 'hello' });
  if (req.method === 'POST' && path === '/notes') {
    const note = JSON.parse(body.toString());
    const signature = req.headers['x-signature'];
    if (signature !== undefined) {
      const expected = createHmac('sha256', 'matrix-secret').update(`POST /notes\n${body.toString()}`).digest('hex');
      return json(res, 201, { ...note, text: signature === expected ? 'signature ok' : 'signature wrong' });
    }
    return json(res, 201, note);
  }
  if (path === '/files') return json(res, 201, multipart(req.headers['content-type'] ?? '', body));
  if (path === '/bytes') return json(res, 200, { title: 'bytes', bytes: body.every((b) => b === 7) ? body.length : -1, signed: false });
  if (path === '/ticks') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let n = 0;
    const tick = () => {
      n++;
      if (n <= 3) {
        res.write(`data: {"n":${n}}\n\n`);
        setTimeout(tick, 30);
      } else res.end('data: [DONE]\n\n');
    };
    return tick();
  }
  if (path === '/pages') {
    const cursor = url.searchParams.get('cursor');
    const [id, next] = cursor === null ? ['p1', 'c2'] : cursor === 'c2' ? ['p2', 'c3'] : ['p3', null];
    return json(res, 200, { data: [{ id, text: id }], next });
  }
  json(res, 404, { message: `no route ${req.method} ${path}` });
}

/** The title and the file's size of a multipart body, read as the server would. */
function multipart(type, body) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(type);
  if (boundary === null) return { title: `not multipart: ${type}`, bytes: -1, signed: false };
  const text = body.toString('latin1');
  const parts = text.split(`--${boundary[1] ?? boundary[2]}`).slice(1, -1);
  let title = '';
  let bytes = -1;
  for (const part of parts) {
    const [head, ...rest] = part.split('\r\n\r\n');
    const content = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    if (/name="title"/.test(head)) title = content;
    if (/name="file"/.test(head)) bytes = Buffer.from(content, 'latin1').length;
  }
  return { title, bytes, signed: false };
}
