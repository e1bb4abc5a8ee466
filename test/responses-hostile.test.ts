/**
 * Hostile responses, in `npm test`:
 *
 * - a small seeded sample (2,000 bodies per host) of the fuzz generator of test/support/hostile-responses.ts
 *   (`npm run fuzz` runs 100,000 per host), so CI always exercises it;
 * - the time one body may cost, up to the runtime's parse limit;
 * - the body cap over real HTTP (node:http on 127.0.0.1): an endless or oversized stream ends the
 *   call with `invalid_response` long before the body is sent, and the connection is closed;
 * - truncation: a 2 MB 5xx body gives a short message and a support report of at most 64 KiB of
 *   body that says how much was cut;
 * - secrets: a huge 5xx body that echoes the client secret, refresh token and access token leaks
 *   none of them through String(error), JSON.stringify(error), inspect or the support report.
 *
 * The decoders' fixed hostile cases (proxies, 10,000-level nesting, 5 MB messages, bad statuses)
 * are in decode.test.ts and the body cap over a mocked fetch in templates/exchange.test.ts; the
 * e2e suite's secrets sweep covers echoes in envelope messages. This file adds what those do not.
 *
 * Tests that fail today show runtime bugs (time at the parse limit, secrets in codes, field errors
 * and keys, secrets cut by truncation, wrong truncation counts): docs/reliability.md, "Failures
 * found", says which test shows which bug.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  decodeError,
  type Client,
  type ClientError,
  type DecodedError,
  type Result,
  type SupportReport,
} from '../generated/src/index.js';
import { MAX_PARSE_LENGTH, MAX_TEXT_LENGTH } from '../generated/src/runtime/body.js';
import { MAX_REPORT_BODY } from '../generated/src/runtime/support.js';
import { start, type FakeApi, type RecordedRequest } from './fake-api/server.js';
import { failureText, fuzzHost, HOST_NAMES, LIMITS, problemsOf, summary, type FuzzReport } from './support/hostile-responses.js';

type AnyError = DecodedError | ClientError;

const SAMPLE_RUNS = 2_000;
const SAMPLE_SEED = 20_240_611;
/** The time one body may take to decode, as in `npm run fuzz`. */
const MAX_MS_PER_BODY = 250;

function reportOf(error: AnyError): SupportReport | undefined {
  const candidate: unknown = (error as { readonly supportReport?: unknown }).supportReport;
  return typeof candidate === 'function' ? (candidate as () => SupportReport)() : undefined;
}

function errorOf<T>(result: Result<T, AnyError>): AnyError {
  if (result.ok) throw new Error(`expected an error, got data ${JSON.stringify(result.data)?.slice(0, 200) ?? ''}`);
  return result.error;
}

function timed<T>(run: () => T): { result: T; ms: number } {
  const t0 = performance.now();
  const result = run();
  return { result, ms: performance.now() - t0 };
}

// ---------------------------------------------------------------------------------------------
// 1. A seeded sample of the fuzz generator
// ---------------------------------------------------------------------------------------------

describe('hostile bodies: a seeded sample of the fuzz generator', () => {
  const reports: FuzzReport[] = [];
  afterAll(() => {
    for (const r of reports) console.log(`[hostile sample] ${summary(r)}`);
  });

  it.each(HOST_NAMES.map((host, i) => [host, i] as const))(
    `%s: ${SAMPLE_RUNS.toLocaleString('en')} mutated and random bodies never throw and keep every guarantee`,
    (host, i) => {
      const report = fuzzHost(host, { runs: SAMPLE_RUNS, seed: SAMPLE_SEED + i, hugeWeight: 10 });
      reports.push(report);
      expect(report.bodies).toBe(SAMPLE_RUNS);
      expect(report.polluted).toEqual([]);
      expect(report.failed, `${report.failed} failing bodies, first ones:\n${failureText(report)}`).toBe(0);
      expect(report.maxMs, `slowest body: ${report.slowest}`).toBeLessThan(MAX_MS_PER_BODY);
    },
    60_000,
  );

  it('the checker rejects what it must (so a clean sample means something)', () => {
    const good = decodeError({ host: 'lastmile', status: 422, body: '{"api_error":{"message":"[payment_amount] is missing"}}' });
    expect(problemsOf('lastmile', 422, good)).toEqual([]);
    expect(problemsOf('lastmile', 422, { ...good, status: 500 })).toEqual(['status 500, expected 422']);
    expect(problemsOf('lastmile', Number.NaN, good)).toEqual(['status 422, expected 0']);
    expect(problemsOf('lastmile', 422, { ...good, message: 'm'.repeat(LIMITS.text) })).toEqual(['message is 10000 characters']);
    expect(problemsOf('lastmile', 422, { ...good, fields: [{ field: 'f', message: 7 }] })).toHaveLength(1);
    expect(problemsOf('lastmile', 422, { ...good, shape: 'fulfilment' })).toHaveLength(1);
    expect(problemsOf('lastmile', 422, { ...good, body: 10n })).toEqual([expect.stringMatching(/^JSON.stringify\(error\) throws/)]);
    expect(problemsOf('lastmile', 422, Object.assign(Object.create(null) as object, good))).toEqual(['the result is not a plain object']);
  });

  it('no prototype gained a property', () => {
    const probe: Record<string, unknown> = {};
    expect(probe['polluted']).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(([] as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Time per body up to the parse limit
// ---------------------------------------------------------------------------------------------

/** A JSON array of `item` repeated to just under `length` characters. */
function filled(item: string, length: number): string {
  const n = Math.floor((length - 2) / (item.length + 1));
  return `[${new Array<string>(n).fill(item).join(',')}]`;
}

describe('time per body', () => {
  // Bodies the runtime still parses (under MAX_PARSE_LENGTH) that cost the most per character:
  // many tiny containers, many keys. Real error envelopes are a few hundred bytes.
  const DENSE: readonly (readonly [string, () => string])[] = [
    ['1.4 million empty objects', () => filled('{}', MAX_PARSE_LENGTH - 16)],
    [
      'an object with 300,000 keys',
      () => `{${Array.from({ length: 300_000 }, (_, i) => `"k${i.toString(36).padStart(4, '0')}":1`).join(',')}}`,
    ],
  ];

  it.each(DENSE)(`a body just under the parse limit (%s) decodes within ${MAX_MS_PER_BODY} ms`, (_, make) => {
    const body = make();
    expect(body.length).toBeLessThanOrEqual(MAX_PARSE_LENGTH);
    let best = Number.POSITIVE_INFINITY;
    // Once per host, the faster counts: a GC pause in one run is not the decoder's cost.
    for (const host of HOST_NAMES) {
      const { result, ms } = timed(() => decodeError({ host, status: 500, body }));
      expect(result.status).toBe(500);
      best = Math.min(best, ms);
    }
    expect(best, `the faster of 2 decodes of a ${body.length}-character body`).toBeLessThan(MAX_MS_PER_BODY);
  });

  it(`a body just over the parse limit is not parsed and decodes within ${MAX_MS_PER_BODY} ms`, () => {
    const body = filled('{}', MAX_PARSE_LENGTH + 1024);
    for (const host of HOST_NAMES) {
      const { result, ms } = timed(() => decodeError({ host, status: 500, body }));
      expect(ms).toBeLessThan(MAX_MS_PER_BODY);
      expect(result.shape).toBe('unrecognised');
      expect(typeof result.body === 'string' && result.body.length < MAX_TEXT_LENGTH + 100).toBe(true);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 3. The body cap, over real HTTP
// ---------------------------------------------------------------------------------------------

const CAP = 64 * 1024;
const CHUNK = 16 * 1024;

interface Streamed {
  /** Bytes handed to the socket. */
  sent: number;
  /** The response closed (connection gone or body ended). */
  closed: boolean;
  /** The whole body was written before the close. */
  finished: boolean;
  closedAt: number;
  readonly done: Promise<void>;
}

type Behaviour = (req: IncomingMessage, res: ServerResponse, state: Streamed) => void;

interface CapServer {
  readonly url: string;
  /** Each request's stream state, in arrival order. */
  readonly streams: Streamed[];
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
}

async function capServer(): Promise<CapServer> {
  const streams: Streamed[] = [];
  let behaviour: Behaviour = (_req, res) => res.end();
  const server: Server = createServer((req, res) => {
    let resolve: () => void = () => undefined;
    const state: Streamed = { sent: 0, closed: false, finished: false, closedAt: 0, done: new Promise<void>((r) => (resolve = r)) };
    streams.push(state);
    res.on('close', () => {
      state.closed = true;
      state.finished = res.writableFinished;
      state.closedAt = performance.now();
      resolve();
    });
    req.resume();
    behaviour(req, res, state);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    streams,
    behave(b) {
      behaviour = b;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e === undefined ? resolve() : reject(e)));
      }),
  };
}

/** Writes 16 KiB chunks as fast as the socket takes them until the connection closes. */
function endless(status: number): Behaviour {
  const chunk = Buffer.alloc(CHUNK, '{"a":1}'.charCodeAt(0));
  return (_req, res, state) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    const pump = (): void => {
      while (!res.destroyed) {
        state.sent += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
    };
    pump();
  };
}

/** Writes `total` bytes in 16 KiB chunks, one every `everyMs`, optionally declaring the length. */
function paced(total: number, everyMs: number, declare: boolean): Behaviour {
  const chunk = Buffer.alloc(CHUNK, 0x78);
  return (_req, res, state) => {
    res.writeHead(500, { 'content-type': 'text/plain', ...(declare ? { 'content-length': String(total) } : {}) });
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      if (state.sent >= total) {
        clearInterval(timer);
        res.end();
        return;
      }
      state.sent += chunk.length;
      res.write(chunk);
    }, everyMs);
    res.on('close', () => clearInterval(timer));
  };
}

/** Resolves with the state once closed, or rejects after `ms`. */
function closedWithin(state: Streamed, ms: number): Promise<Streamed> {
  return Promise.race([
    state.done.then(() => state),
    new Promise<Streamed>((_, reject) => setTimeout(() => reject(new Error(`the server did not see the connection close within ${ms} ms`)), ms)),
  ]);
}

describe('the body cap over HTTP (maxResponseBytes 64 KiB)', () => {
  let server: CapServer;
  let client: Client;

  beforeAll(async () => {
    server = await capServer();
    client = createClient({
      environment: 'production',
      servers: { base_url: server.url, lastmile_url: server.url },
      accessToken: 'static-token-for-cap-tests',
      maxResponseBytes: CAP,
      maxRetries: 0,
      timeoutMs: 10_000,
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('an endless chunked 200 body ends the call with invalid_response at once, and the connection is closed', async () => {
    server.behave(endless(200));
    const t0 = performance.now();
    const error = errorOf(await client.getOrder({ order_id: 'o1' }));
    const ms = performance.now() - t0;
    expect(error).toMatchObject({ shape: 'client', code: 'invalid_response', category: 'invalid_response', status: 200, retryable: false });
    expect(error.message).toBe(`the response body exceeds ${CAP} bytes`);
    expect(ms).toBeLessThan(2_000);
    const state = await closedWithin(server.streams.at(-1) as Streamed, 2_000);
    expect(state.finished).toBe(false);
    // What the server got rid of before the close sat in socket buffers, not in the client:
    // the client holds at most the cap plus one chunk.
    expect(state.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('an endless 500 body is not buffered for decoding either: invalid_response, status 500, no support report', async () => {
    server.behave(endless(500));
    const t0 = performance.now();
    const error = errorOf(await client.getOrder({ order_id: 'o1' }));
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(error).toMatchObject({ shape: 'client', code: 'invalid_response', status: 500 });
    expect(reportOf(error)).toBeUndefined();
    const state = await closedWithin(server.streams.at(-1) as Streamed, 2_000);
    expect(state.finished).toBe(false);
  });

  it('a 1 MB chunked body sent slowly: the call returns after about the cap, long before the body is sent', async () => {
    const total = 1024 * 1024;
    server.behave(paced(total, 5, false)); // 64 chunks, 320 ms in all
    const error = errorOf(await client.getOrder({ order_id: 'o1' }));
    const state = server.streams.at(-1) as Streamed;
    const sentAtReturn = state.sent;
    expect(error).toMatchObject({ code: 'invalid_response', status: 500, message: `the response body exceeds ${CAP} bytes` });
    expect(sentAtReturn).toBeGreaterThan(CAP);
    expect(sentAtReturn).toBeLessThan(total / 4);
    await closedWithin(state, 2_000);
    expect(state.finished).toBe(false);
    expect(state.sent).toBeLessThan(total / 4);
  });

  it('a declared Content-Length above the cap ends the call before the body is read', async () => {
    const total = 1024 * 1024;
    server.behave(paced(total, 5, true));
    const t0 = performance.now();
    const error = errorOf(await client.getOrder({ order_id: 'o1' }));
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(error).toMatchObject({ code: 'invalid_response', status: 500, message: `the response body exceeds ${CAP} bytes` });
    const state = await closedWithin(server.streams.at(-1) as Streamed, 2_000);
    expect(state.finished).toBe(false);
    expect(state.sent).toBeLessThanOrEqual(4 * CHUNK);
  });

  it('a body under the cap is read and decoded as usual', async () => {
    const message = 'm'.repeat(CAP - 1024);
    server.behave((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ api_error: { code: 'internal', message } }));
    });
    const error = errorOf(await client.getOrder({ order_id: 'o1' }));
    expect(error).toMatchObject({ shape: 'api_error', code: 'internal', status: 500, category: 'server' });
    expect(reportOf(error)?.response.body.length).toBeGreaterThan(CAP - 1024);
  });
});

// ---------------------------------------------------------------------------------------------
// 4 and 5. Truncation and secrets, against the fake API
// ---------------------------------------------------------------------------------------------

const CLIENT_ID = 'client-hostile-4410';
// Random-looking throughout, so any 8 characters of one identify it (see partialLeaks).
const PLANTED_SECRET = 'cs9f31c07d20aa4b6e81d5';
const PLANTED_REFRESH = 'rt5ab2e4c3e9f14d7a0b68';
/** The fake API issues `${prefix}${n}-${12 hex digits}`. */
const TOKEN_PREFIX = 'at';
const TWO_MB = 2 * 1024 * 1024;

let fake: FakeApi;

function makeClient(): Client {
  return createClient<'staging'>({
    environment: 'staging',
    servers: { staging_url: fake.urlOf('fulfilment'), lastmile_url: fake.urlOf('lastmile') },
    credentials: { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET, refreshToken: PLANTED_REFRESH },
    maxRetries: 0,
    timeoutMs: 10_000,
    supportEmail: 'api-support@example.test',
  });
}

function accessTokenOf(request: RecordedRequest): string {
  return (request.headers['authorization'] ?? '').replace(/^Bearer /, '');
}

function planted(): string[] {
  return [PLANTED_SECRET, PLANTED_REFRESH, ...fake.control.issued()];
}

/** Everywhere an error can be read, written or logged. */
function surfaces(error: AnyError): Record<string, string> {
  const report = reportOf(error);
  return {
    'String(error)': String(error),
    'template literal': `${String(error)}`,
    'JSON.stringify(error)': JSON.stringify(error),
    'inspect(error)': inspect(error, { depth: null, maxStringLength: null, maxArrayLength: null }),
    message: error.message,
    hint: error.hint ?? '',
    'report.text': report?.text ?? '',
    'JSON.stringify(report)': JSON.stringify(report ?? null),
  };
}

/** Each place a planted secret appears whole. */
function leaks(error: AnyError): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(surfaces(error))) {
    for (const secret of planted()) if (text.includes(secret)) found.push(`${where} contains ${secret}`);
  }
  return found;
}

/** Each place any 8 consecutive characters of a planted secret appear (a secret cut in two). */
function partialLeaks(error: AnyError): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(surfaces(error))) {
    for (const secret of planted()) {
      for (let i = 0; i + 8 <= secret.length; i++) {
        const part = secret.slice(i, i + 8);
        if (text.includes(part)) {
          const at = text.indexOf(part);
          found.push(`${where} contains '${part}' of ${secret}: …${text.slice(Math.max(0, at - 20), at + 30)}…`);
          break;
        }
      }
    }
  }
  return found;
}

describe('with the fake API', () => {
  beforeAll(async () => {
    fake = await start();
  });

  afterAll(async () => {
    await fake.close();
  });

  beforeEach(() => {
    fake.control.reset();
    fake.control.settings.credentials = { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET, refreshToken: PLANTED_REFRESH };
    fake.control.settings.tokenPrefix = TOKEN_PREFIX;
  });

  describe('large 5xx bodies are truncated, and say so', () => {
    // Soft assertions: each wrong count is reported, not only the first.
    it('a 2 MB JSON 500: short message, support report body cut at 64 KiB with the count of what was cut', async () => {
      const message = `Internal failure: ${'A'.repeat(TWO_MB)}`;
      const body = JSON.stringify({ api_error: { code: 'internal', message, human: 'Something went wrong' } });
      fake.control.next('getOrder', { status: 500, headers: { 'content-type': 'application/json' }, body });
      const t0 = performance.now();
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(performance.now() - t0).toBeLessThan(5_000);
      expect(error).toMatchObject({ shape: 'api_error', code: 'internal', status: 500, category: 'server' });
      // The message is the envelope's human text; its machine message is cut where it is kept.
      expect(error.message).toBe('Something went wrong');
      const report = reportOf(error);
      if (report === undefined) throw new Error('a 500 carries a support report');
      expect(report.response.body).toBe(`${body.slice(0, MAX_REPORT_BODY)}… (${body.length - MAX_REPORT_BODY} more characters)`);
      expect(report.response.body.length).toBeLessThan(MAX_REPORT_BODY + 64);
      expect(report.text.length).toBeLessThan(MAX_REPORT_BODY + 4096);
      expect(report.text).toContain(`… (${body.length - MAX_REPORT_BODY} more characters)`);
      // The decoded body is kept as data, bounded by the parse limit.
      expect(JSON.stringify(error).length).toBeLessThan(MAX_PARSE_LENGTH + 64 * 1024);
    });

    it('a 2 MB JSON 500 whose only text is huge: the message is cut at 2,048 characters and says how much more there was', async () => {
      const message = `Internal failure: ${'B'.repeat(TWO_MB)}`;
      const body = JSON.stringify({ api_error: { code: 'internal', message } });
      fake.control.next('getOrder', { status: 500, headers: { 'content-type': 'application/json' }, body });
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(error.message).toBe(`${message.slice(0, MAX_TEXT_LENGTH)}… (${message.length - MAX_TEXT_LENGTH} more characters)`);
      expect(reportOf(error)?.response.body.length).toBeLessThan(MAX_REPORT_BODY + 64);
    });

    it('a 2 MB text (non-JSON) 502: message and kept body are cut and say so; the report body is cut at 64 KiB', async () => {
      const body = `<html><body>${'<p>Bad gateway</p>'.repeat(TWO_MB / 18)}</body></html>`;
      fake.control.next('getOrder', { status: 502, headers: { 'content-type': 'text/html' }, body });
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(error).toMatchObject({ shape: 'unrecognised', status: 502, category: 'server' });
      expect(error.message.length).toBeLessThan(300);
      expect(JSON.stringify(error).length).toBeLessThan(10_000);
      const report = reportOf(error);
      expect(report?.response.body).toBe(`${body.slice(0, MAX_REPORT_BODY)}… (${body.length - MAX_REPORT_BODY} more characters)`);
      // What was cut is counted against the whole body, not against an already-cut copy.
      expect.soft(error.message).toBe(`HTTP 502: ${body.slice(0, 200)}… (${body.length - 200} more characters)`);
      expect.soft(error.body).toBe(`${body.slice(0, MAX_TEXT_LENGTH)}… (${body.length - MAX_TEXT_LENGTH} more characters)`);
    });
  });

  describe('secrets echoed in huge 5xx bodies', () => {
    /** Padding around the echoes, so every truncation point is crossed (4 × this stays under the parse limit). */
    const PAD = 'p'.repeat(512 * 1024);

    it('echoed in messages, mirrors, headers and secret fields of a 2 MB JSON body: no secret in any surface', async () => {
      fake.control.next('getOrder', {
        status: 500,
        headers: { 'content-type': 'application/json' },
        body: (r) => {
          const token = accessTokenOf(r);
          const all = `token ${token} secret ${PLANTED_SECRET} refresh ${PLANTED_REFRESH}`;
          return JSON.stringify({
            api_error: { code: 'internal', message: `debug: ${all} ${PAD} ${all}`, human: `Request with Bearer ${token} failed`, description: `${PAD}${all}` },
            error: `debug: ${all}`,
            errors: [{ detail: all }],
            error_details: [{ detail: `${PAD}${all}` }],
            error_detail: all,
            echoed_headers: r.headers,
            client_secret: PLANTED_SECRET,
            refresh_token: PLANTED_REFRESH,
            access_token: token,
            trailer: `${PAD}${all}`,
          });
        },
      });
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(error).toMatchObject({ shape: 'api_error', status: 500 });
      expect(error.message).toContain('[REDACTED]');
      expect(reportOf(error)?.response.body).toContain('[REDACTED]');
      expect(leaks(error)).toEqual([]);
      expect(partialLeaks(error)).toEqual([]);
    });

    it('echoed all through a 2 MB text (non-JSON) body: no secret in any surface', async () => {
      fake.control.next('getOrder', {
        status: 503,
        headers: { 'content-type': 'text/plain' },
        body: (r) => {
          const all = `token ${accessTokenOf(r)} secret ${PLANTED_SECRET} refresh ${PLANTED_REFRESH}`;
          return `${all}\n${PAD.slice(0, 100_000)}\n${all}\n`.repeat(20);
        },
      });
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(error).toMatchObject({ shape: 'unrecognised', status: 503 });
      expect(leaks(error)).toEqual([]);
      expect(partialLeaks(error)).toEqual([]);
    });

    it('lastmile: echoed in attribute_errors, the error code and a validation message naming a field: redacted', async () => {
      fake.control.next('getOrder', {
        status: 500,
        headers: { 'content-type': 'application/json' },
        body: (r) =>
          JSON.stringify({
            api_error: {
              code: `token_${accessTokenOf(r)}`,
              message: `'${PLANTED_REFRESH}' must not be blank`,
              attribute_errors: [{ detail: `client_secret ${PLANTED_SECRET} is wrong` }, { detail: PAD }],
            },
          }),
      });
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(error).toMatchObject({ shape: 'api_error', status: 500 });
      expect(leaks(error)).toEqual([]);
    });

    it('fulfilment: echoed in the code, details.type and details.fields of a token endpoint 500: redacted', async () => {
      fake.control.next('requestToken', {
        status: 500,
        headers: { 'content-type': 'application/json' },
        body: () =>
          JSON.stringify({
            status: 'internal',
            code: `bad_secret_${PLANTED_SECRET}`,
            message: 'The token request failed.',
            details: { type: `refresh:${PLANTED_REFRESH}`, fields: [{ field: PLANTED_SECRET, message: `was ${PLANTED_SECRET}` }] },
            pad: PAD,
          }),
      });
      const error = errorOf(await makeClient().requestToken({ body: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: PLANTED_SECRET } }));
      expect(error).toMatchObject({ host: 'fulfilment', shape: 'fulfilment', status: 500 });
      expect(leaks(error)).toEqual([]);
    });

    it('echoed as an object key of the body: redacted', async () => {
      fake.control.next('getOrder', {
        status: 500,
        headers: { 'content-type': 'application/json' },
        body: (r) => JSON.stringify({ api_error: { code: 'internal', message: 'Token table dump' }, tokens: { [accessTokenOf(r)]: 'active', [PLANTED_REFRESH]: 'active' }, pad: PAD }),
      });
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(error).toMatchObject({ shape: 'api_error', status: 500 });
      expect(leaks(error)).toEqual([]);
    });

    it.each([
      ['the message (cut at 2,048 characters)', 'json' as const, MAX_TEXT_LENGTH],
      ['the message of a text body (cut at 200 characters)', 'text' as const, 200],
      ['the kept text body (cut at 2,048 characters)', 'text' as const, MAX_TEXT_LENGTH],
    ])('a secret cut in two by %s leaks no part of itself', async (_, kind, cut) => {
      fake.control.next('getOrder', {
        status: 500,
        headers: { 'content-type': kind === 'json' ? 'application/json' : 'text/plain' },
        body: (r) => {
          const token = accessTokenOf(r);
          // The token starts 8 characters before the cut; the client secret a little later.
          const text = `${'x'.repeat(cut - 8)}${token} and ${PLANTED_SECRET} ${PAD}`;
          return kind === 'json' ? JSON.stringify({ api_error: { code: 'internal', message: text } }) : text;
        },
      });
      const error = errorOf(await makeClient().getOrder({ order_id: 'ord_1' }));
      expect(error.status).toBe(500);
      expect(leaks(error)).toEqual([]);
      expect(partialLeaks(error)).toEqual([]);
    });
  });
});
