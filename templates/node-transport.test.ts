/**
 * The node:http keep-alive transport against a real node:http server on 127.0.0.1: what goes over
 * the wire (methods, headers, JSON and form bodies), what comes back (JSON, PDF bytes, errors),
 * connection reuse, and the limits the runtime promises whatever the transport: timeouts, aborts
 * and the body cap, each of which must also close the connection.
 */
import { shapeRules } from './shape-reader.js';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRuntime } from './base-client.js';
import { proofOf } from './credentials.js';
import { readSuccess, send, writeBody, type Exchange, type RuntimeOptions } from './exchange.js';
import { nodeTransport } from './node-transport.js';
import { encodeRequestBody } from './request-body.js';
import type { EndpointSpec, ErrorTables, FullRuntimeSpec, RuntimeSpec } from './spec.js';
import type { TransportRequest } from './transport.js';

// ---------------------------------------------------------------------------------------------
// A server whose behaviour each test sets, recording what it received and when sockets closed
// ---------------------------------------------------------------------------------------------

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
  readonly socket: Socket;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

let server: http.Server;
let base = '';
let handler: Handler = () => undefined;
const received: Recorded[] = [];
const sockets = new Set<Socket>();
const closed = new Set<Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), socket: req.socket });
      handler(req, res);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => closed.add(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  handler = () => undefined;
});

function json(status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): Handler {
  const text = JSON.stringify(body);
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
    res.end(text);
  };
}

/** Resolves once the server saw the socket of the last request close (or rejects after `ms`). */
async function closesWithin(ms: number): Promise<void> {
  const socket = received.at(-1)?.socket;
  if (socket === undefined) throw new Error('no request arrived');
  const until = performance.now() + ms;
  while (!closed.has(socket)) {
    if (performance.now() > until) throw new Error(`the connection was still open after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

// ---------------------------------------------------------------------------------------------
// Tables and endpoints, shaped like generated/src/tables.ts
// ---------------------------------------------------------------------------------------------

const TABLES: ErrorTables = {
  shapes: shapeRules({ api_error: { name: 'api_error', present: [['api_error']], equals: [], read: { code: ['api_error', 'code'], message: ['api_error', 'message'] }, mirrors: [] } }),
  categories: { not_found: { retryable: false }, unavailable: { retryable: true }, server: { retryable: false } },
  statusCategories: [
    { status: 404, category: 'not_found' },
    { status: 503, category: 'unavailable' },
    { status: '5XX', category: 'server' },
  ],
  policies: {},
  fallbackCategory: 'server',
};

const SPEC: RuntimeSpec = { tables: TABLES, hosts: { api: { name: 'api', shapes: ['api_error'], codes: [], fieldPaths: [] } }, environments: { local: { api: '{base}' } } };

const base_ = { host: 'api', security: [['oauth']], idempotent: true, pathParams: [], contentTypes: [], response: 'json', shapes: ['api_error'], quirks: [], fieldPaths: [] } as const satisfies Partial<EndpointSpec>;
const GET_ORDER: EndpointSpec = { ...base_, id: 'getOrder', method: 'GET', path: '/orders/{id}', pathParams: ['id'] };
// It takes a form, so the generated tables give it the encoder (spec.ts: EndpointSpec.encode).
const CREATE_ORDER: EndpointSpec = { ...base_, id: 'createOrder', method: 'POST', path: '/orders', idempotent: false, contentTypes: ['application/json', 'application/x-www-form-urlencoded'], encode: encodeRequestBody, write: writeBody };
const GET_LABEL: EndpointSpec = { ...base_, id: 'getLabel', method: 'GET', path: '/labels/{id}', pathParams: ['id'], response: 'binary', responseContentType: 'application/pdf', read: readSuccess };

const transport = nodeTransport(http);

function options(extra: Partial<RuntimeOptions> = {}): RuntimeOptions {
  return { environment: 'local', servers: { base }, transport, ...extra };
}

function errorOf(exchange: Exchange): { code: string; status: number; message: string; category: string } {
  if (exchange.result.ok) throw new Error(`expected an error, got ${JSON.stringify(exchange.result.data)}`);
  return exchange.result.error;
}

// ---------------------------------------------------------------------------------------------

describe('nodeTransport: requests and responses', () => {
  it('sends a GET with the runtime headers and token, and reads a JSON success with its headers', async () => {
    handler = json(200, { id: 'o 1', items: 2 }, { 'x-request-id': 'r1' });
    const exchange = await send(SPEC, options({ headers: { 'user-agent': 'test' } }), GET_ORDER, { params: { id: 'o 1' } }, [proofOf({ type: 'clientCredentials' }, 'tok-1')]);
    expect(exchange.result).toEqual({
      ok: true,
      data: { id: 'o 1', items: 2 },
      status: 200,
      response: { status: 200, headers: expect.objectContaining({ 'content-type': 'application/json', 'x-request-id': 'r1' }) as unknown },
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'GET', url: '/orders/o%201', body: '' });
    expect(received[0]?.headers).toMatchObject({ accept: 'application/json', authorization: 'Bearer tok-1', 'user-agent': 'test' });
    expect(received[0]?.headers).not.toHaveProperty('content-type');
  });

  it('sends a JSON body with its content type and length', async () => {
    handler = json(201, { created: true });
    const exchange = await send(SPEC, options(), CREATE_ORDER, { body: { kind: 'same_day', note: 'é' } });
    expect(exchange.result).toMatchObject({ ok: true, data: { created: true }, response: { status: 201 } });
    const body = '{"kind":"same_day","note":"é"}';
    expect(received[0]).toMatchObject({ method: 'POST', url: '/orders', body });
    expect(received[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  });

  it('sends a form-encoded body', async () => {
    handler = json(200, {});
    await send(SPEC, options(), CREATE_ORDER, { body: { grant_type: 'client_credentials', scope: 'a b' }, contentType: 'application/x-www-form-urlencoded' });
    expect(received[0]?.body).toBe('grant_type=client_credentials&scope=a+b');
    expect(received[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('returns the exact bytes of a PDF, as a Uint8Array of their own', async () => {
    const pdf = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a, 0x80]);
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdf);
    };
    const exchange = await send(SPEC, options(), GET_LABEL, { params: { id: 'o1' } });
    if (!exchange.result.ok) throw new Error(exchange.result.error.message);
    const data = exchange.result.data as Uint8Array;
    expect(Object.getPrototypeOf(data)).toBe(Uint8Array.prototype);
    expect([...data]).toEqual([...pdf]);
    expect(data.buffer.byteLength).toBe(pdf.length);
    expect(received[0]?.headers.accept).toBe('application/pdf');
  });

  it('reads a body sent in many chunks', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 50; i++) res.write(i === 0 ? '[0' : `,${i}`);
      res.end(']');
    };
    const exchange = await send(SPEC, options(), GET_ORDER, { params: { id: 'o1' } });
    expect(exchange.result).toMatchObject({ ok: true, data: Array.from({ length: 50 }, (_, i) => i) });
  });

  it('decodes an error status with the host tables, and keeps the response for support reports', async () => {
    handler = json(404, { api_error: { code: 'not_found', message: 'Order not found' } }, { 'set-cookie': ['a=1', 'b=2'] });
    const exchange = await send(SPEC, options(), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange)).toMatchObject({ status: 404, code: 'not_found', category: 'not_found', message: 'Order not found' });
    expect(exchange.response?.status).toBe(404);
    expect(exchange.response?.headers).toMatchObject({ 'content-type': 'application/json', 'set-cookie': 'a=1, b=2' });
    expect(new TextDecoder().decode(exchange.response?.body)).toBe('{"api_error":{"code":"not_found","message":"Order not found"}}');
  });

  it('joins repeated headers as fetch does, whatever their names', async () => {
    handler = (_req, res) => {
      res.setHeader('x-many', ['one', 'two']);
      res.setHeader('constructor', 'c');
      json(200, {})(_req, res);
    };
    const exchange = await send(SPEC, options(), GET_ORDER, { params: { id: 'o1' } });
    expect(exchange.response?.headers).toMatchObject({ 'x-many': 'one, two', constructor: 'c' });
  });

  it('reuses one kept-alive connection for sequential calls', async () => {
    handler = json(200, { ok: true });
    for (let i = 0; i < 5; i++) await send(SPEC, options(), GET_ORDER, { params: { id: `o${i}` } });
    expect(new Set(received.map((r) => r.socket)).size).toBe(1);
  });

  it('serves concurrent calls, each with its own response', async () => {
    handler = (req, res) => json(200, { url: req.url })(req, res);
    const ids = Array.from({ length: 40 }, (_, i) => `o${i}`);
    const exchanges = await Promise.all(ids.map((id) => send(SPEC, options(), GET_ORDER, { params: { id } })));
    expect(exchanges.map((e) => (e.result.ok ? e.result.data : e.result.error))).toEqual(ids.map((id) => ({ url: `/orders/${id}` })));
  });

  it('composes with the runtime: a 503 on an idempotent call is retried over the same transport', async () => {
    let calls = 0;
    handler = (req, res) => (++calls === 1 ? json(503, {}) : json(200, { done: true }))(req, res);
    const full: FullRuntimeSpec = { ...SPEC, secretFields: [], schemes: {} };
    const runtime = createRuntime(full, { ...options(), accessToken: 'tok', retry: { baseDelayMs: 1, maxDelayMs: 1 } });
    expect(await runtime.call(GET_ORDER, { id: 'o1' })).toMatchObject({ ok: true, data: { done: true } });
    expect(calls).toBe(2);
  });
});

describe('nodeTransport: failures and limits', () => {
  it('times out a request the server never answers, and closes its connection', async () => {
    const t0 = performance.now();
    const exchange = await send(SPEC, options({ timeoutMs: 100 }), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange)).toMatchObject({ code: 'timeout', message: 'no response within 100 ms' });
    expect(performance.now() - t0).toBeLessThan(1_000);
    await closesWithin(1_000);
  });

  it('times out a response whose body never ends', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[1');
    };
    const exchange = await send(SPEC, options({ timeoutMs: 100 }), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange).code).toBe('timeout');
    await closesWithin(1_000);
  });

  it('cancels when the caller aborts, and closes the connection', async () => {
    const controller = new AbortController();
    const pending = send(SPEC, options(), GET_ORDER, { params: { id: 'o1' }, signal: controller.signal });
    while (received.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(errorOf(await pending)).toMatchObject({ code: 'canceled', message: 'the call was aborted' });
    await closesWithin(1_000);
  });

  it('sends nothing for a signal aborted before the call', async () => {
    const controller = new AbortController();
    controller.abort();
    const request: TransportRequest = { url: `${base}/orders/o1`, method: 'GET', headers: {}, body: undefined, signal: controller.signal, maxResponseBytes: 100 };
    await expect(transport(request)).rejects.toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(0);
  });

  it('refuses a declared Content-Length above the cap without reading the body, and closes the connection', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1_000_000 });
      res.write('x'.repeat(1024));
    };
    const exchange = await send(SPEC, options({ maxResponseBytes: 1000 }), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange)).toMatchObject({ code: 'invalid_response', status: 200, message: 'the response body exceeds 1000 bytes' });
    expect(exchange.response).toBeUndefined();
    await closesWithin(1_000);
  });

  it('stops reading an endless body at the cap, and closes the connection', async () => {
    let sent = 0;
    handler = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      const timer = setInterval(() => {
        sent += 1024;
        if (!res.write('y'.repeat(1024))) return;
      }, 1);
      res.on('close', () => clearInterval(timer));
    };
    const exchange = await send(SPEC, options({ maxResponseBytes: 16 * 1024 }), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange)).toMatchObject({ code: 'invalid_response', status: 500, message: `the response body exceeds ${16 * 1024} bytes` });
    await closesWithin(1_000);
    expect(sent).toBeLessThan(1024 * 1024);
  });

  it('reads a body of exactly the cap', async () => {
    handler = json(200, [1, 2, 3]);
    const exchange = await send(SPEC, options({ maxResponseBytes: 7 }), GET_ORDER, { params: { id: 'o1' } });
    expect(exchange.result).toMatchObject({ ok: true, data: [1, 2, 3] });
  });

  it('reports a connection closed in the middle of the body as a network error', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
      res.write('{"partial":');
      setTimeout(() => res.destroy(), 10);
    };
    const exchange = await send(SPEC, options(), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange)).toMatchObject({ code: 'network', status: 0 });
  });

  it('reports a refused connection as a network error', async () => {
    const closedServer = http.createServer();
    await new Promise<void>((resolve) => closedServer.listen(0, '127.0.0.1', resolve));
    const port = (closedServer.address() as AddressInfo).port;
    await new Promise((resolve) => closedServer.close(resolve));
    const exchange = await send(SPEC, options({ servers: { base: `http://127.0.0.1:${port}` } }), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange)).toMatchObject({ code: 'network', message: expect.stringContaining('ECONNREFUSED') as unknown });
  });

  it('reports a URL of the other protocol than the module as a network error that says so', async () => {
    const exchange = await send(SPEC, options({ servers: { base: 'https://127.0.0.1:1' } }), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(exchange)).toMatchObject({ code: 'network', message: expect.stringContaining('https:') as unknown });
    const overHttps = await send(SPEC, options({ transport: nodeTransport(https) }), GET_ORDER, { params: { id: 'o1' } });
    expect(errorOf(overHttps)).toMatchObject({ code: 'network', message: expect.stringContaining('http:') as unknown });
  });

  it('uses the agent it is given', async () => {
    handler = json(200, {});
    const agent = new http.Agent({ keepAlive: false });
    await send(SPEC, options({ transport: nodeTransport(http, { agent }) }), GET_ORDER, { params: { id: 'o1' } });
    await send(SPEC, options({ transport: nodeTransport(http, { agent }) }), GET_ORDER, { params: { id: 'o2' } });
    // Without keep-alive every request has its own connection.
    expect(new Set(received.map((r) => r.socket)).size).toBe(2);
    agent.destroy();
  });
});
