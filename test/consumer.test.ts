/**
 * The generated package as a user gets it: test/consumer is a plain strict Node ESM project that
 * depends on `@orders/client` through a file: dependency (npm ci links node_modules/@orders/client
 * to generated/). It must compile under TypeScript 5.9 and TypeScript 7, generated/ itself must
 * compile under both, and the compiled consumer must work against a real HTTP server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONSUMER = fileURLToPath(new URL('./consumer/', import.meta.url));
const CONSUMER_TSCONFIG = 'test/consumer/tsconfig.json';
// src/mocks.ts (the package's msw mocks in use) compiles with the DOM lib msw's types need.
const MOCKS_TSCONFIG = 'test/consumer/tsconfig.mocks.json';
const MOCKS_MAIN = fileURLToPath(new URL('./consumer/dist/mocks.js', import.meta.url));
const CONSUMER_DIST = fileURLToPath(new URL('./consumer/dist/', import.meta.url));
const CONSUMER_MAIN = fileURLToPath(new URL('./consumer/dist/main.js', import.meta.url));
const GENERATED = fileURLToPath(new URL('../generated/', import.meta.url));

const COMPILERS = {
  'TS 5.9': fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)),
  'TS 7': fileURLToPath(new URL('../node_modules/typescript7/bin/tsc', import.meta.url)),
} as const;
type CompilerName = keyof typeof COMPILERS;

const TIMEOUT = 120_000;

interface Compiled {
  readonly status: number | null;
  readonly output: string;
  readonly ms: number;
}

function tsc(compiler: CompilerName, args: readonly string[]): Compiled {
  const started = performance.now();
  const run = spawnSync(process.execPath, [COMPILERS[compiler], ...args], { cwd: ROOT, encoding: 'utf8', timeout: TIMEOUT });
  const output = [run.error?.message, run.stdout, run.stderr].filter((s) => s !== undefined && s !== '').join('\n');
  return { status: run.status, output, ms: Math.round(performance.now() - started) };
}

function expectClean(compiler: CompilerName, args: readonly string[]): Compiled {
  const result = tsc(compiler, args);
  expect(result.status, `${compiler} tsc ${args.join(' ')} failed:\n${result.output}`).toBe(0);
  return result;
}

/** Set once the TS 5.9 build of the consumer (the one the runtime test imports) succeeded. */
let consumerBuilt = false;
/** Likewise for src/mocks.ts. */
let mocksBuilt = false;

describe('the generated package, installed as a dependency', () => {
  beforeAll(() => {
    const linked = fileURLToPath(new URL('../node_modules/@orders/client', import.meta.url));
    if (!existsSync(linked)) throw new Error('node_modules/@orders/client is missing: run npm ci (workspace test/consumer links it)');
    expect(realpathSync(linked)).toBe(realpathSync(GENERATED));
    rmSync(CONSUMER_DIST, { recursive: true, force: true });
  });

  it('the consumer imports only the package name, never a path into generated/', () => {
    const source = readFileSync(`${CONSUMER}src/main.ts`, 'utf8');
    const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);
    expect(specifiers).toEqual(['@orders/client']);
    expect(source).not.toMatch(/generated\//);
  });

  // TS 7 first: the TS 5.9 build runs last, so its output is what the runtime test imports.
  it('the consumer compiles under TS 7', { timeout: TIMEOUT }, () => {
    expectClean('TS 7', ['-p', CONSUMER_TSCONFIG]);
    expect(existsSync(CONSUMER_MAIN)).toBe(true);
  });

  it('the consumer compiles under TS 5.9', { timeout: TIMEOUT }, () => {
    rmSync(CONSUMER_DIST, { recursive: true, force: true });
    expectClean('TS 5.9', ['-p', CONSUMER_TSCONFIG]);
    expect(existsSync(CONSUMER_MAIN)).toBe(true);
    consumerBuilt = true;
  });

  it('the mocks consumer imports only the package, its mocks entry and msw', () => {
    const source = readFileSync(`${CONSUMER}src/mocks.ts`, 'utf8');
    const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);
    expect(specifiers).toEqual(['node:fs', '@orders/client', '@orders/client/mocks', 'msw', 'msw/node']);
  });

  // After both builds of main.js, each into the same dist/; TS 5.9's output is the one run.
  it.each(['TS 7', 'TS 5.9'] as const)('the mocks consumer compiles under %s', { timeout: TIMEOUT }, (compiler) => {
    expectClean(compiler, ['-p', MOCKS_TSCONFIG]);
    expect(existsSync(MOCKS_MAIN)).toBe(true);
    mocksBuilt = compiler === 'TS 5.9';
  });

  it.each(Object.keys(COMPILERS) as CompilerName[])('generated/ compiles strictly under %s', { timeout: TIMEOUT }, (compiler) => {
    expectClean(compiler, ['-p', 'generated/tsconfig.json', '--noEmit', '--strict']);
  });
});

interface Recorded {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly accept: string | undefined;
  readonly body: string;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function parseRequestBody(contentType: string | undefined, text: string): Record<string, unknown> {
  if (contentType?.startsWith('application/x-www-form-urlencoded') === true) return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Just enough of both APIs for the consumer's calls. */
async function handle(req: IncomingMessage, res: ServerResponse, log: Recorded[]): Promise<void> {
  const text = await readBody(req);
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const method = req.method ?? 'GET';
  const contentType = req.headers['content-type'];
  log.push({ method, path, authorization: req.headers.authorization, contentType, accept: req.headers.accept, body: text });

  if (method === 'POST' && path === '/oauth/token') {
    const body = parseRequestBody(contentType, text);
    if (body.grant_type === 'refresh_token') {
      if (body.refresh_token !== 'refresh-1') return sendJson(res, 400, { status: 'invalid_argument', code: 'invalid_argument', message: 'bad refresh token', details: { type: 'input' } });
      return sendJson(res, 200, { access_token: 'refreshed-token', token_type: 'bearer', expires_in: 3600, created_at: 1_700_000_100 });
    }
    if (body.client_id !== 'client-1' || body.client_secret !== 'secret-1') {
      return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed.' });
    }
    return sendJson(res, 200, { access_token: 'access-abc', token_type: 'bearer', expires_in: 3600, created_at: 1_700_000_000 });
  }

  const orderCall = /^\/orders(\/|$)/.test(path) || path.startsWith('/order_label/');
  if (orderCall && req.headers.authorization !== 'Bearer token-123') return sendJson(res, 401, { error: 'unauthorized' });

  const order = /^\/orders\/([^/]+)$/.exec(path);
  if (method === 'GET' && order !== null) {
    const id = decodeURIComponent(order[1] ?? '');
    if (id === 'missing') {
      // The last-mile API answers 403, not 404, for an order that does not exist.
      return sendJson(res, 403, {
        api_error: { id: 403, code: 'forbidden', message: 'Forbidden', human: 'You may not access this order.', http_status_code: 403, attribute_errors: [] },
        error: 'Forbidden',
        errors: [{ detail: 'Forbidden' }],
        error_details: [{ detail: 'Forbidden' }],
        error_detail: 'You may not access this order.',
      });
    }
    return sendJson(res, 200, { id, state: 'created', reference: 'ref-1' });
  }
  if (method === 'POST' && path === '/orders') {
    const body = parseRequestBody(contentType, text);
    return sendJson(res, 201, { id: 'ord-2', state: 'created', reference: body.reference ?? null });
  }
  const label = /^\/order_label\/([^/]+)$/.exec(path);
  if (method === 'GET' && label !== null) {
    // A nonexistent order's label is a zero-byte PDF.
    const bytes = decodeURIComponent(label[1] ?? '') === 'missing' ? Buffer.alloc(0) : PDF;
    res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': bytes.length });
    return void res.end(bytes);
  }
  sendJson(res, 404, { error: 'not_found' });
}

describe('the compiled consumer against a real HTTP server', () => {
  const log: Recorded[] = [];
  let server: Server | undefined;
  let baseUrl = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      handle(req, res, log).catch((e: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(e) });
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server?.once('error', reject);
      server?.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    baseUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('runs every call and reports the expected summary', { timeout: TIMEOUT }, async () => {
    expect(consumerBuilt, 'the consumer did not compile under TS 5.9 (see the failure above)').toBe(true);
    const consumer = (await import(/* @vite-ignore */ pathToFileURL(CONSUMER_MAIN).href)) as {
      run(baseUrl: string): Promise<Record<string, unknown>>;
    };
    const summary = await consumer.run(baseUrl);
    // The summary is plain data.
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);

    // requestToken: JSON client credentials, form-encoded refresh, and invalid_client.
    expect(summary.token).toEqual({
      ok: true,
      status: 200,
      data: { access_token: 'access-abc', token_type: 'bearer', expires_in: 3600, created_at: 1_700_000_000 },
    });
    expect(summary.refreshedToken).toMatchObject({ ok: true, status: 200, data: { access_token: 'refreshed-token' } });
    expect(summary.badCredentials).toMatchObject({
      ok: false,
      host: 'fulfilment',
      status: 401,
      shape: 'invalid_client',
      code: 'invalid_client',
      category: 'unauthenticated',
      retryable: false,
      message: 'Client authentication failed.',
      advice: null,
    });

    // getOrder, and the 403 → not_found quirk for a nonexistent order.
    expect(summary.order).toEqual({ ok: true, status: 200, data: { id: 'ord-1', state: 'created', reference: 'ref-1' } });
    expect(summary.missingOrder).toMatchObject({
      ok: false,
      host: 'lastmile',
      status: 403,
      shape: 'api_error',
      code: 'forbidden',
      category: 'not_found',
      retryable: false,
      message: 'You may not access this order.',
      rules: ['forbidden_means_missing'],
    });
    expect((summary.missingOrder as { hint: string }).hint).toMatch(/403, not 404/);

    // createOrder: 201 is a success (2XX).
    expect(summary.created).toEqual({ ok: true, status: 201, data: { id: 'ord-2', state: 'created', reference: 'consumer-fixture' } });

    // getOrderLabel: PDF bytes as a Uint8Array; a zero-byte PDF is an error with category not_found.
    expect(summary.label).toEqual({
      ok: true,
      status: 200,
      contentType: 'application/pdf',
      isUint8Array: true,
      length: PDF.length,
      head: '%PDF-1.4',
    });
    expect(summary.missingLabel).toMatchObject({
      ok: false,
      host: 'lastmile',
      status: 200,
      category: 'not_found',
      retryable: false,
      rules: ['empty_label_means_missing'],
      retry: 'no_retry',
    });
    expect((summary.missingLabel as { hint: string }).hint).toMatch(/zero-byte PDF/);

    // decodeError by host.
    const decoded = summary.decoded as Record<string, Record<string, unknown>>;
    expect(decoded.lastmileValidation).toMatchObject({
      host: 'lastmile',
      status: 422,
      shape: 'api_error',
      category: 'input',
      rules: ['stop_address1_missing'],
      fields: [{ field: 'destination.address.address1', message: '[destination][address][address1] is missing' }],
    });
    expect(decoded.lastmileForbidden).toMatchObject({ status: 403, category: 'forbidden', rules: [] });
    expect(decoded.lastmileForbiddenOnGetOrder).toMatchObject({ status: 403, category: 'not_found', rules: ['forbidden_means_missing'] });
    expect(decoded.fulfilment).toMatchObject({
      host: 'fulfilment',
      status: 429,
      shape: 'fulfilment',
      code: 'resource_exhausted',
      known: true,
      category: 'rate_limited',
      retryable: true,
      advice: 'retry',
    });

    // The exhaustive switch covers all 13 codes.
    const advice = summary.adviceByCode as Record<string, string>;
    expect(Object.keys(advice)).toHaveLength(13);
    expect(advice).toMatchObject({ invalid_argument: 'fix_request', unauthenticated: 'reauthenticate', not_found: 'give_up', deadline_exceeded: 'retry', data_loss: 'report' });
  });

  it('sent what the contract asks for', () => {
    const calls = log.map((r) => `${r.method} ${r.path}`);
    expect(calls).toEqual([
      'POST /oauth/token',
      'POST /oauth/token',
      'POST /oauth/token',
      'GET /orders/ord-1',
      'GET /orders/missing',
      'POST /orders',
      'GET /order_label/ord-1',
      'GET /order_label/missing',
    ]);
    // The bearer token goes on every order call, never on the token endpoint (auth: none).
    for (const r of log) {
      expect(r.authorization, `${r.method} ${r.path}`).toBe(r.path === '/oauth/token' ? undefined : 'Bearer token-123');
    }
    const [json, form] = log;
    expect(json?.contentType).toBe('application/json');
    expect(JSON.parse(json?.body ?? '')).toEqual({ client_id: 'client-1', client_secret: 'secret-1' });
    expect(form?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(form?.body))).toEqual({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    const create = log.find((r) => r.method === 'POST' && r.path === '/orders');
    expect(create?.contentType).toBe('application/json');
    expect(JSON.parse(create?.body ?? '')).toMatchObject({ origin: { address: { address1: '1 Pickup Street' } }, items: [{ name: 'Box', quantity: 2 }], payment_mode: 'cash' });
    expect(log.filter((r) => r.path.startsWith('/order_label/')).map((r) => r.accept)).toEqual(['application/pdf, application/json', 'application/pdf, application/json']);
  });
});

describe('the compiled consumer with the msw mocks of the package', () => {
  it('gets, through the client, what each mocked response means', { timeout: TIMEOUT }, async () => {
    expect(mocksBuilt, 'src/mocks.ts did not compile under TS 5.9 (see the failure above)').toBe(true);
    const consumer = (await import(/* @vite-ignore */ pathToFileURL(MOCKS_MAIN).href)) as { runMocks(): Promise<Record<string, unknown>> };
    const summary = await consumer.runMocks();
    expect(JSON.parse(JSON.stringify(summary))).toEqual(summary);
    // Every error fixture of every endpoint, as the package expects it, and through decodeError alone.
    expect(summary.mismatches).toEqual([]);
    expect(summary.checked).toBeGreaterThan(100);
    expect(summary.decodedWithoutMsw).toBeGreaterThan(30);
    expect(summary.jsonMatches).toBe(true);
    // The success fixtures parse as data: JSON as the fixture, the label as its PDF bytes.
    const successes = summary.successes as Record<string, { ok: boolean; asFixture: boolean }>;
    expect(Object.keys(successes)).toHaveLength(6);
    for (const [id, s] of Object.entries(successes)) expect(s, id).toMatchObject({ ok: true, asFixture: true });
    // What the contract says, written out here rather than read from the package.
    const samples = summary.samples as Record<string, Record<string, unknown>>;
    expect(samples['getOrder forbidden_means_missing']).toMatchObject({ ok: false, status: 403, category: 'not_found', rules: ['forbidden_means_missing'] });
    expect(samples['getOrderLabel empty_label_means_missing']).toMatchObject({ status: 200, category: 'not_found', rules: ['empty_label_means_missing'] });
    expect(samples['getOrderLabel wrong_content_type']).toMatchObject({ status: 200, shape: 'client', category: 'invalid_response' });
    expect(samples['requestToken invalid_client']).toMatchObject({ status: 401, shape: 'invalid_client', code: 'invalid_client', category: 'unauthenticated' });
    expect(samples['requestToken resource_exhausted']).toMatchObject({ status: 429, code: 'resource_exhausted', category: 'rate_limited', retryable: true });
    expect(samples['requestToken internal:integration']).toMatchObject({ status: 500, code: 'internal', category: 'server' });
    expect(samples['getOrder unauthorized']).toMatchObject({ status: 401, shape: 'unauthorized', category: 'unauthenticated' });
    expect(samples['createOrder stop_address1_missing']).toMatchObject({ status: 422, category: 'input', fields: ['destination.address.address1'] });
    expect(samples['updateOrder billing_identifier_invalid']).toMatchObject({ status: 400, category: 'input', fields: ['billing_identifier'] });
    expect(samples['createOrder empty_message']).toMatchObject({ status: 422, fields: ['payment_mode', 'kind'], rules: ['empty_message'] });
    expect(samples['createOrder policy_check_failed:Tier closed']).toMatchObject({ category: 'policy', policy: 'CanSubmitJobPolicy', message: 'Tier closed' });
    expect(samples['createOrder server_error_may_be_payload']).toMatchObject({ status: 500, category: 'server', rules: ['server_error_may_be_payload'] });
  });
});
