/**
 * Middleware (issue 36) through generated packages, against node:http servers on 127.0.0.1: the
 * order of the hooks (client then call, back from the last), what `onRequest` may change and the
 * answer it may give instead of the server, one run per attempt (retries, the 401 replay, pages),
 * `context.send()`, the origin rule after every middleware (a request moved to another origin, a
 * redirect after a header a middleware set, a changed Accept), secrets hidden from errors, reports
 * and the context, hooks that throw; and the README's recipes, compiled under TypeScript 5.9 and 7
 * and run: request ids, logging, HMAC signing checked by the server, OpenTelemetry spans recorded
 * by the SDK with the HTTP semantic conventions' attributes and a `traceparent` the server saw.
 *
 * Packages: test/fixtures/auth (`partner-client`: keys, a token source with refresh, support
 * reports) and test/fixtures/paging (`catalogue-client`: retries, an idempotency key, pages).
 */
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { propagation, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './support/corpus.js';
import { listenLoopback, type Loopback } from './support/loopback.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writePackage, type Compiler } from './support/type-tests.js';

const AUTH_OUT = outDir('middleware-auth');
const PAGING_OUT = outDir('middleware-paging');

const TYPE_TESTS = `
import { createClient, middleware, type Middleware, type MiddlewareContext } from './index.js';

const stamp: Middleware = {
  publicHeaders: ['x-stamp'],
  onRequest(request, context: MiddlewareContext) {
    request.headers['x-stamp'] = String(context.attempt);
  },
  onResponse: async (response, context) => (response.status === 503 ? context.send() : undefined),
  onError(error) {
    void error.category;
  },
};
const client = createClient({ servers: { api_url: 'https://api.example' }, middleware: middleware(stamp) });
void client.getWidget({ id: 'w', middleware: middleware(stamp, middleware(stamp)) });
// @ts-expect-error a chain is made by middleware(…)
createClient({ servers: { api_url: 'https://api.example' }, middleware: [stamp] });
// @ts-expect-error a hook's request is the client's
export const wrong: Middleware = { onRequest: (request: Request) => void request };
`;

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}
interface Planned {
  readonly status: number;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

/** What each server received, and what it answers next by path (else 200 with a widget). */
const seen: Seen[] = [];
const elsewhereSeen: Seen[] = [];
const plans = new Map<string, Planned[]>();
let echo = false;

function record(into: Seen[], req: IncomingMessage, then: (body: string) => void): void {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    into.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    then(body);
  });
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  record(seen, req, () => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const planned = plans.get(path)?.shift();
    if (echo) return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `headers were ${JSON.stringify(req.headers)}` }));
    if (planned !== undefined) return void res.writeHead(planned.status, { 'content-type': 'application/json', ...planned.headers }).end(planned.body ?? '{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pageOf(req.url ?? '')));
  });
}

/** A widget, or the page of the cursor asked for (three pages). */
function pageOf(url: string): unknown {
  if (!url.startsWith('/cursor/items')) return { id: 'w1' };
  const cursor = new URL(url, 'http://x').searchParams.get('cursor');
  const next = cursor === null ? 'c2' : cursor === 'c2' ? 'c3' : null;
  return { data: [{ id: cursor ?? 'c1' }], meta: { next_cursor: next } };
}

interface CallError {
  readonly code: string;
  readonly category: string;
  readonly message: string;
  readonly status: number;
  readonly location?: string;
  readonly body: unknown;
  supportReport?(): { text: string };
}
type Answer = { ok: true; data: unknown; status: number } | { ok: false; error: CallError };
type Call = (input?: object) => Promise<Answer>;
interface Hooks {
  publicHeaders?: readonly string[];
  onRequest?(request: { url: string; method: string; headers: Record<string, string>; body: unknown }, context: Context): unknown;
  onResponse?(response: { status: number; headers: Record<string, string>; body: Uint8Array }, context: Context): unknown;
  onError?(error: CallError, context: Context): unknown;
}
interface Context {
  readonly operation: string;
  readonly attempt: number;
  readonly request: { readonly method: string; readonly url: string; readonly headers: Record<string, string> } | undefined;
  redact(text: string): string;
  send(): Promise<{ status: number; headers: Record<string, string>; body: Uint8Array }>;
}
interface Pkg {
  createClient(options: object): Record<string, Call>;
  middleware(...items: readonly object[]): object;
}
interface PagingPkg extends Pkg {
  listByCursorPages(client: object, input?: object): AsyncIterable<{ ok: boolean }>;
}
interface Recipes {
  readonly requestId: Hooks;
  logging(log: (line: string) => void): Hooks;
  signing(keyId: string, secret: string): Hooks;
  tracing(tracer: Tracer): Hooks;
}

let server: Loopback;
let elsewhere: Loopback;
let auth: Pkg;
let paging: PagingPkg;
let recipes: Recipes;
const KEY = 'partner-key-0123456789';

/** A middleware that logs its hooks as `<name>:<hook>`. */
function logged(name: string, log: string[], extra: Hooks = {}): Hooks {
  return {
    onRequest: (request, context) => {
      log.push(`${name}:request`);
      return extra.onRequest?.(request, context);
    },
    onResponse: (response, context) => {
      log.push(`${name}:response`);
      return extra.onResponse?.(response, context);
    },
    onError: (error, context) => {
      log.push(`${name}:error`);
      return extra.onError?.(error, context);
    },
  };
}

const partner = (options: object = {}) => auth.createClient({ environment: 'live', servers: { api_url: server.base }, auth: { partnerKey: KEY }, maxRetries: 0, ...options });
const catalogue = (options: object = {}) => paging.createClient({ environment: 'live', servers: { api_url: server.base }, retry: { baseDelayMs: 1, maxDelayMs: 2 }, ...options });

function reset(): void {
  seen.length = 0;
  elsewhereSeen.length = 0;
  plans.clear();
  echo = false;
}

beforeAll(async () => {
  server = await listenLoopback(handle);
  // Another origin: localhost, not 127.0.0.1.
  elsewhere = await listenLoopback((req, res) => record(elsewhereSeen, req, () => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"elsewhere"}')));
  const files = await writePackage(fixture('auth'), AUTH_OUT, TYPE_TESTS);
  await writePackage(fixture('paging'), PAGING_OUT, 'export {};\n');
  auth = (await import(pathToFileURL(join(AUTH_OUT, 'dist', 'index.js')).href)) as Pkg;
  paging = (await import(pathToFileURL(join(PAGING_OUT, 'dist', 'index.js')).href)) as PagingPkg;
  recipes = await recipesOf(files);
}, TYPE_CHECK_TIMEOUT);
afterAll(async () => {
  await server.close();
  await elsewhere.close();
});

/** The README's recipes block as a module of the package (its import made `./index.js`): typed with the package's sources, and run from dist/. */
async function recipesOf(files: ReadonlyMap<string, string>): Promise<Recipes> {
  const readme = files.get('README.md') ?? '';
  const block = /^```ts\n([\s\S]*?)^```$/m.exec(readme.slice(readme.indexOf('## Middleware')))?.[1];
  if (block === undefined) throw new Error('the README has no recipes');
  const code = block.replace(" from 'partner-client';", " from './index.js';");
  writeFileSync(join(AUTH_OUT, 'src', 'recipes.ts'), `declare const process: { readonly env: Readonly<Record<string, string | undefined>> };\n${code}`);
  writeFileSync(join(AUTH_OUT, 'dist', 'recipes.js'), ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText);
  return (await import(pathToFileURL(join(AUTH_OUT, 'dist', 'recipes.js')).href)) as Recipes;
}

describe.each(Object.keys(COMPILERS) as Compiler[])('middleware types and the README recipes under %s', (compiler) => {
  it('compile: chains made by middleware(…), hooks typed', () => {
    const { output, status } = typeCheck(AUTH_OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, TYPE_CHECK_TIMEOUT);
});

describe('order', () => {
  it("runs onRequest client's first then the call's, onResponse and onError back from the last", async () => {
    reset();
    const log: string[] = [];
    const client = partner({ middleware: auth.middleware(logged('a', log), logged('b', log)) });
    expect(await client['getWidget']?.({ id: 'w1', middleware: auth.middleware(logged('c', log)) })).toMatchObject({ ok: true, data: { id: 'w1' } });
    expect(log).toEqual(['a:request', 'b:request', 'c:request', 'c:response', 'b:response', 'a:response']);
    log.length = 0;
    plans.set('/widgets/w2', [{ status: 404 }]);
    expect(await client['getWidget']?.({ id: 'w2', middleware: auth.middleware(logged('c', log)) })).toMatchObject({ ok: false, error: { status: 404 } });
    expect(log).toEqual(['a:request', 'b:request', 'c:request', 'c:response', 'b:response', 'a:response', 'c:error', 'b:error', 'a:error']);
  });

  it("runs a call's middleware on a client without any", async () => {
    reset();
    const log: string[] = [];
    expect(await partner()['getWidget']?.({ id: 'w1', middleware: auth.middleware(logged('c', log)) })).toMatchObject({ ok: true });
    expect(log).toEqual(['c:request', 'c:response']);
  });
});

describe('onRequest', () => {
  it('sees the request with its credential, and what it changes is sent: headers, query, body', async () => {
    reset();
    let key: string | undefined;
    const change: Hooks = {
      onRequest(request) {
        key = request.headers['x-partner-key'];
        request.headers['x-extra'] = 'yes';
        request.url = `${request.url}?trace=on`;
        request.body = JSON.stringify({ id: 'changed' });
      },
    };
    expect(await partner({ auth: { partnerKey: KEY, ops: { username: 'op', password: 'pw' } }, middleware: auth.middleware(change) })['partnerAdmin']?.({ body: { id: 'sent' } })).toMatchObject({ ok: true });
    expect(key).toBe(KEY);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/partner/admin?trace=on', body: '{"id":"changed"}', headers: { 'x-extra': 'yes', 'x-partner-key': KEY } });
  });

  it('answers instead of the server: nothing sent, the later middleware skipped, the earlier ones see the answer', async () => {
    for (const answer of [{ status: 200, headers: { 'Content-Type': 'application/json' }, body: '{"id":"cached"}' }, new Response('{"id":"cached"}', { headers: { 'content-type': 'application/json' } })]) {
      reset();
      const log: string[] = [];
      const client = partner({ middleware: auth.middleware(logged('a', log), logged('b', log, { onRequest: () => answer }), logged('c', log)) });
      expect(await client['getWidget']?.({ id: 'w1' })).toMatchObject({ ok: true, status: 200, data: { id: 'cached' } });
      expect(seen).toEqual([]);
      expect(log).toEqual(['a:request', 'b:request', 'b:response', 'a:response']);
    }
  });

  it('answers with an error status: decoded as the server’s would be', async () => {
    reset();
    const refuse: Hooks = { onRequest: () => ({ status: 503, body: '' }) };
    expect(await partner({ middleware: auth.middleware(refuse) })['getWidget']?.({ id: 'w1' })).toMatchObject({ ok: false, error: { status: 503 } });
    expect(seen).toEqual([]);
  });
});

describe('one run per attempt', () => {
  it('retries run the chain again, with the attempt counted and the same idempotency key', async () => {
    reset();
    const attempts: number[] = [];
    const keys: string[] = [];
    const errors: number[] = [];
    const count: Hooks = {
      onRequest(request, context) {
        attempts.push(context.attempt);
        if (request.headers['idempotency-key'] !== undefined) keys.push(request.headers['idempotency-key']);
      },
      onError: (error) => void errors.push(error.status),
    };
    plans.set('/cursor/items', [{ status: 503 }, { status: 503 }]);
    expect(await catalogue({ middleware: paging.middleware(count) })['listByCursor']?.()).toMatchObject({ ok: true });
    expect(attempts).toEqual([1, 2, 3]);
    expect(errors).toEqual([503, 503]);
    expect(seen).toHaveLength(3);
    attempts.length = 0;
    plans.set('/payments', [{ status: 503 }, { status: 201, body: '{"id":"p1"}' }]);
    expect(await catalogue({ middleware: paging.middleware(count) })['createPayment']?.({ body: { id: 'p1' } })).toMatchObject({ ok: true, status: 201 });
    expect(attempts).toEqual([1, 2]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('the replay after a 401 runs the chain again, with the fresh token', async () => {
    reset();
    const tokens: (string | undefined)[] = [];
    plans.set('/profile', [{ status: 401 }]);
    const client = partner({ auth: { user: { token: 'old-token-0001', refresh: () => 'fresh-token-0002' } }, middleware: auth.middleware({ onRequest: (request: { headers: Record<string, string> }) => void tokens.push(request.headers['authorization']) }) });
    expect(await client['profile']?.()).toMatchObject({ ok: true });
    expect(tokens).toEqual(['Bearer old-token-0001', 'Bearer fresh-token-0002']);
  });

  it('an iterator runs the chain for each page', async () => {
    reset();
    const urls: string[] = [];
    const client = catalogue({ middleware: paging.middleware({ onRequest: (request: { url: string }, context: Context) => void urls.push(`${context.attempt} ${new URL(request.url).search}`) }) });
    let pages = 0;
    for await (const page of paging.listByCursorPages(client)) if (page.ok) pages++;
    expect(pages).toBe(3);
    expect(urls).toEqual(['1 ', '1 ?cursor=c2', '1 ?cursor=c3']);
  });

  it('context.send() sends the request again from onResponse, and its answer replaces the first', async () => {
    reset();
    plans.set('/widgets/w1', [{ status: 500, body: '{"message":"flaky"}' }]);
    const again: Hooks = { onResponse: async (response, context) => (response.status === 500 ? context.send() : undefined) };
    expect(await partner({ middleware: auth.middleware(again) })['getWidget']?.({ id: 'w1' })).toMatchObject({ ok: true, data: { id: 'w1' } });
    expect(seen).toHaveLength(2);
  });
});

describe('the origin rule applies after every middleware', () => {
  it('refuses a credentialed request a middleware moved to another origin: nothing sent, onError told', async () => {
    reset();
    const errors: string[] = [];
    const move: Hooks = {
      onRequest(request) {
        request.url = request.url.replace(server.base, elsewhere.base.replace('127.0.0.1', 'localhost'));
      },
      onError: (error) => void errors.push(error.code),
    };
    const r = await partner({ middleware: auth.middleware(move) })['getWidget']?.({ id: 'w1' });
    expect(r).toMatchObject({ ok: false, error: { code: 'redirect', status: 0 } });
    expect(seen).toEqual([]);
    expect(elsewhereSeen).toEqual([]);
    expect(errors).toEqual(['redirect']);
  });

  it('follows a redirect to another origin without a header a middleware set, public or not', async () => {
    reset();
    const other = elsewhere.base.replace('127.0.0.1', 'localhost');
    plans.set('/widgets/hop', [{ status: 302, headers: { location: `${other}/landing` } }]);
    const sign: Hooks = { publicHeaders: ['x-request-id'], onRequest: (request) => void Object.assign(request.headers, { 'x-signature': 'signature-value-42', 'x-request-id': 'request-id-42' }) };
    expect(await partner({ middleware: auth.middleware(sign) })['getWidget']?.({ id: 'hop' })).toMatchObject({ ok: true, data: { id: 'elsewhere' } });
    expect(seen[0]?.headers).toMatchObject({ 'x-signature': 'signature-value-42', 'x-partner-key': KEY });
    expect(Object.keys(elsewhereSeen[0]?.headers ?? {}).filter((h) => h.startsWith('x-'))).toEqual([]);
  });

  it("refuses a redirect whose Location holds a middleware's secret, and seals a request whose Accept a middleware changed", async () => {
    reset();
    const other = elsewhere.base.replace('127.0.0.1', 'localhost');
    plans.set('/widgets/hop', [{ status: 302, headers: { location: `${other}/landing?sig=signature-value-42` } }, { status: 302, headers: { location: `${other}/landing` } }]);
    const sign: Hooks = { onRequest: (request) => void (request.headers['x-signature'] = 'signature-value-42') };
    const first = await partner({ middleware: auth.middleware(sign) })['getWidget']?.({ id: 'hop' });
    expect(first).toMatchObject({ ok: false, error: { code: 'redirect' } });
    expect(JSON.stringify(first)).not.toContain('signature-value-42');
    const accept: Hooks = { onRequest: (request) => void (request.headers['accept'] = 'application/vnd.secret-0123+json') };
    expect(await partner({ middleware: auth.middleware(accept) })['getWidget']?.({ id: 'hop' })).toMatchObject({ ok: false, error: { code: 'redirect' } });
    expect(elsewhereSeen).toEqual([]);
  });
});

describe('secrets stay hidden', () => {
  it("from errors, support reports, onError and the context's request, but for headers called public", async () => {
    reset();
    echo = true;
    let shown: Context['request'];
    let observed = '';
    const sign: Hooks = {
      publicHeaders: ['x-request-id'],
      onRequest: (request) => void Object.assign(request.headers, { 'x-signature': 'signature-value-42', 'x-request-id': 'request-id-42' }),
      onResponse: (_response, context) => void (shown = context.request),
      onError: (error) => void (observed = JSON.stringify(error)),
    };
    const r = await partner({ middleware: auth.middleware(sign) })['getWidget']?.({ id: 'w1' });
    if (r?.ok !== false) throw new Error('expected the echoed 500');
    const everything = [JSON.stringify(r), r.error.message, JSON.stringify(r.error.body), r.error.supportReport?.().text ?? '', observed, JSON.stringify(shown)].join('\n');
    expect(seen[0]?.headers['x-signature']).toBe('signature-value-42');
    expect(everything).not.toContain('signature-value-42');
    expect(everything).not.toContain(KEY);
    expect(r.error.supportReport?.().text).toContain('request-id-42');
    expect(shown?.headers).toMatchObject({ 'x-signature': '[REDACTED]', 'x-request-id': 'request-id-42', 'x-partner-key': '[REDACTED]' });
  });
});

describe('hooks that fail, and calls that fail before sending', () => {
  it('a throwing onRequest fails with invalid_request and sends nothing; onResponse with invalid_response; onError changes nothing', async () => {
    reset();
    const thrower = (hook: 'onRequest' | 'onResponse' | 'onError'): Hooks => ({
      [hook]: () => {
        throw new Error(`${hook} broke`);
      },
    });
    expect(await partner({ middleware: auth.middleware(thrower('onRequest')) })['getWidget']?.({ id: 'w1' })).toMatchObject({ ok: false, error: { code: 'invalid_request', message: 'a middleware failed: onRequest broke' } });
    expect(seen).toEqual([]);
    expect(await partner({ middleware: auth.middleware(thrower('onResponse')) })['getWidget']?.({ id: 'w1' })).toMatchObject({ ok: false, error: { code: 'invalid_response', status: 200 } });
    plans.set('/widgets/w1', [{ status: 404 }]);
    expect(await partner({ middleware: auth.middleware(thrower('onError')) })['getWidget']?.({ id: 'w1' })).toMatchObject({ ok: false, error: { status: 404 } });
  });

  it('tells onError of a call refused before any attempt, as attempt 0', async () => {
    reset();
    const told: string[] = [];
    const r = await partner({ middleware: auth.middleware({ onError: (error: { code: string }, context: Context) => void told.push(`${context.attempt} ${error.code}`) }) })['getWidget']?.({});
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(told).toEqual(['0 invalid_request']);
    expect(seen).toEqual([]);
  });
});

describe("the README's recipes", () => {
  it('send a request id per attempt, log each answer, sign what the server verifies, and trace each attempt', async () => {
    reset();
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    const lines: string[] = [];
    const chain = paging.middleware(recipes.requestId, recipes.logging((line) => lines.push(line)), recipes.signing('key-1', 'shared-secret'), recipes.tracing(provider.getTracer('test')));
    plans.set('/cursor/items', [{ status: 503 }]);
    const r = await catalogue({ middleware: chain, maxRetries: 1 })['listByCursor']?.({ limit: 5 });
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    expect(seen).toHaveLength(2);
    // Signed as the recipe says, checked here as a server would: method, path and query, timestamp, body.
    for (const request of seen) {
      const [, keyId, t, v1] = /^keyId=([^,]+),t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['x-signature'])) ?? [];
      expect(keyId).toBe('key-1');
      expect(createHmac('sha256', 'shared-secret').update([request.method, request.url, t, request.body].join('\n')).digest('hex')).toBe(v1);
    }
    const ids = seen.map((s) => String(s.headers['x-request-id']));
    expect(new Set(ids).size).toBe(2);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(new RegExp(`^GET ${server.base}/cursor/items\\?limit=5 503 \\d+ ms \\(attempt 1, ${ids[0]}\\)$`));
    expect(lines[1]).toBe('listByCursor failed: unavailable: HTTP 503');
    expect(lines[2]).toMatch(/ 200 \d+ ms \(attempt 2, /);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => [s.name, s.kind, s.attributes['http.response.status_code'], s.attributes['error.type'], s.attributes['http.request.resend_count']])).toEqual([
      ['GET', 2, 503, '503', undefined],
      ['GET', 2, 200, undefined, 1],
    ]);
    expect(spans[0]?.attributes).toMatchObject({ 'http.request.method': 'GET', 'server.address': '127.0.0.1', 'server.port': Number(new URL(server.base).port), 'url.full': `${server.base}/cursor/items?limit=5` });
    // The trace context went with each attempt, naming its span.
    expect(seen.map((s) => String(s.headers['traceparent']).split('-')[2])).toEqual(spans.map((s) => s.spanContext().spanId));
  });
});
