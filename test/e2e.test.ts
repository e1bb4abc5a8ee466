/**
 * End-to-end proof of the generated client's runtime (generated/src over templates/) against a
 * real local HTTP service: test/fake-api/server.ts, a fake of the order APIs routed and shaped by
 * contract/orders.yaml. Token lifecycle, 401 replay, token endpoint failures, grants, retries,
 * timeouts and cancellation, the contract's quirks and error rows, support reports and secrets.
 *
 * Every error any call returns is collected; the last test asserts no planted secret (client
 * secret, refresh token, any issued access token) appears anywhere in any of them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createBaseClient,
  createClient,
  createOrder,
  getOrder,
  getOrderLabel,
  type Client,
  type ClientError,
  type ClientOptions,
  type DecodedError,
  type Result,
  type StoredToken,
  type SupportReport,
  type TokenStore,
} from '../generated/src/index.js';
import { contract, envelope, json, rows, SAMPLE_PDF, start, type FakeApi, type RecordedRequest } from './fake-api/server.js';

// ---------------------------------------------------------------------------------------------
// Planted secrets, fixtures and helpers
// ---------------------------------------------------------------------------------------------

const CLIENT_ID = 'client-e2e-7731';
const PLANTED_SECRET = 'CS-pl4nted-client-secret-9f31c0';
const PLANTED_REFRESH = 'RT-pl4nted-refresh-token-5ab2e4';
const WRONG_SECRET = 'CS-pl4nted-wrong-secret-0d6e11';
const TOKEN_PREFIX = 'AT-pl4nted-access-';
const SUPPORT_EMAIL = 'api-support@example.test';
const ORDER = 'ord_1';
const T0 = Date.UTC(2030, 0, 15, 9, 30, 0);

type AnyError = DecodedError | ClientError;

/** Every error produced in this file, for the final secrets sweep. */
const ALL_ERRORS: AnyError[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

let fake: FakeApi;

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  fake = await start();
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await fake.close();
});

beforeEach(() => {
  fake.control.reset();
  fake.control.settings.credentials = { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET, refreshToken: PLANTED_REFRESH };
  fake.control.settings.tokenPrefix = TOKEN_PREFIX;
});

function options(overrides: Partial<ClientOptions<'staging'>> = {}): ClientOptions<'staging'> {
  return {
    environment: 'staging',
    servers: { staging_url: fake.urlOf('fulfilment'), lastmile_url: fake.urlOf('lastmile') },
    credentials: { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET },
    maxRetries: 2,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
    timeoutMs: 5_000,
    supportEmail: SUPPORT_EMAIL,
    ...overrides,
  };
}

function makeClient(overrides: Partial<ClientOptions<'staging'>> = {}): Client {
  return createClient<'staging'>(options(overrides));
}

/** A settable clock for `now`. */
function clock(start = T0): { now: () => number; set: (t: number) => void; advance: (ms: number) => void } {
  let t = start;
  return {
    now: () => t,
    set: (v) => {
      t = v;
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

function track<T, E extends AnyError>(result: Result<T, E>): Result<T, E> {
  if (!result.ok) ALL_ERRORS.push(result.error);
  return result;
}

async function failure<T, E extends AnyError>(call: Promise<Result<T, E>>): Promise<E> {
  const result = track(await call);
  if (result.ok) throw new Error(`expected an error, got data ${JSON.stringify(result.data)}`);
  return result.error;
}

async function success<T, E extends AnyError>(call: Promise<Result<T, E>>): Promise<T> {
  const result = track(await call);
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.data;
}

function decoded(error: AnyError): DecodedError {
  if (error.shape === 'client') throw new Error(`expected a decoded HTTP error, got a client error: ${JSON.stringify(error)}`);
  return error;
}

function reportOf(error: AnyError): SupportReport | undefined {
  const candidate: unknown = (error as { readonly supportReport?: unknown }).supportReport;
  return typeof candidate === 'function' ? (candidate as () => SupportReport)() : undefined;
}

function bearerOf(request: RecordedRequest | undefined): string | undefined {
  return request?.headers['authorization']?.replace(/^Bearer /, '');
}

function formOrJson(request: RecordedRequest | undefined): Record<string, unknown> {
  if (request === undefined) return {};
  if ((request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(request.body));
  return JSON.parse(request.body) as Record<string, unknown>;
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

const ORDER_BODY = {
  origin: { address: { address1: '1 Depot Road' } },
  destination: { address: { address1: '22 Customer Street' } },
  items: [{ name: 'Parcel' }],
};

// ---------------------------------------------------------------------------------------------
// Token lifecycle
// ---------------------------------------------------------------------------------------------

describe('token lifecycle', () => {
  it('200 concurrent getOrder calls on a fresh client cause exactly one token request, and all succeed', async () => {
    const client = makeClient();
    const results = await Promise.all(Array.from({ length: 200 }, () => client.getOrder({ order_id: ORDER })).map(async (p) => track(await p)));
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(fake.control.tokenRequests()).toHaveLength(1);
    const orderCalls = fake.control.requests('getOrder');
    expect(orderCalls).toHaveLength(200);
    const issued = fake.control.issued().at(-1);
    expect(new Set(orderCalls.map(bearerOf))).toEqual(new Set([issued]));
  });

  it('a token expiring mid-run is refreshed exactly once for a burst of concurrent calls (expires_in + now + refreshSkewMs)', async () => {
    fake.control.settings.expiresIn = 120;
    const time = clock();
    const client = makeClient({ now: time.now, refreshSkewMs: 60_000 });
    await success(client.getOrder({ order_id: ORDER }));
    time.advance(59_999); // 1 ms before expiry minus skew: still fresh
    await success(client.getOrder({ order_id: ORDER }));
    expect(fake.control.tokenRequests()).toHaveLength(1);
    const first = fake.control.issued().at(-1);

    time.advance(1); // now = received + expires_in - skew: refresh
    const burst = await Promise.all(Array.from({ length: 50 }, () => client.getOrder({ order_id: ORDER })).map(async (p) => track(await p)));
    expect(burst.every((r) => r.ok)).toBe(true);
    expect(fake.control.tokenRequests()).toHaveLength(2);
    const second = fake.control.issued().at(-1);
    expect(second).not.toBe(first);
    const burstCalls = fake.control.requests('getOrder').slice(2);
    expect(burstCalls).toHaveLength(50);
    expect(new Set(burstCalls.map(bearerOf))).toEqual(new Set([second]));
  });

  it("falls back to the contract's lifetime for the environment when expires_in is absent (staging 3600 s)", async () => {
    const lifetime = contract().auth?.lifetime.find((l) => l.environment === 'staging')?.seconds;
    expect(lifetime).toBe(3600);
    const seconds = lifetime ?? 0;
    fake.control.settings.expiresIn = null;
    const skew = 60_000;
    const time = clock();
    const client = makeClient({ now: time.now, refreshSkewMs: skew });
    await success(client.getOrder({ order_id: ORDER }));
    expect(fake.control.tokenRequests()).toHaveLength(1);

    time.set(T0 + seconds * 1000 - skew - 1);
    await success(client.getOrder({ order_id: ORDER }));
    expect(fake.control.tokenRequests()).toHaveLength(1);

    time.set(T0 + seconds * 1000 - skew);
    await success(client.getOrder({ order_id: ORDER }));
    expect(fake.control.tokenRequests()).toHaveLength(2);
  });

  it('a shared token store lets a second client reuse the first client’s token', async () => {
    let stored: StoredToken | undefined;
    const store: TokenStore = {
      get: async () => stored,
      set: async (t) => {
        stored = t;
      },
    };
    await success(makeClient({ tokenStore: store }).getOrder({ order_id: ORDER }));
    await success(makeClient({ tokenStore: store }).getOrder({ order_id: ORDER }));
    expect(fake.control.tokenRequests()).toHaveLength(1);
    expect(stored?.accessToken).toBe(fake.control.issued().at(-1));
  });
});

// ---------------------------------------------------------------------------------------------
// 401 replay
// ---------------------------------------------------------------------------------------------

describe('401 replay', () => {
  it('a 401 {error: unauthorized} drops the token, fetches a new one and replays the request once with the same body', async () => {
    const client = makeClient();
    await success(client.getOrder({ order_id: ORDER }));
    const revoked = fake.control.issued().at(-1);
    fake.control.revokeAll();

    const body = { ...ORDER_BODY, kind: 'same_day', billing_identifier: 'B-77' };
    const data = await success(client.updateOrder({ order_id: ORDER, body }));
    expect(data).toMatchObject({ id: ORDER, received: body });

    const updates = fake.control.requests('updateOrder');
    expect(updates).toHaveLength(2);
    expect(updates[0]?.body).toBe(updates[1]?.body);
    expect(JSON.parse(updates[1]?.body ?? 'null')).toEqual(body);
    expect(updates[0]?.headers['content-type']).toBe(updates[1]?.headers['content-type']);
    expect(bearerOf(updates[0])).toBe(revoked);
    expect(bearerOf(updates[1])).toBe(fake.control.issued().at(-1));
    expect(bearerOf(updates[1])).not.toBe(revoked);
    expect(fake.control.tokenRequests()).toHaveLength(2);
  });

  it('a second 401 is returned as the error (category unauthenticated, shape unauthorized)', async () => {
    const client = makeClient();
    fake.control.next('updateOrder', rows.unauthorized(), 2);
    const error = await failure(client.updateOrder({ order_id: ORDER, body: { kind: 'standard' } }));
    expect(error).toMatchObject({ host: 'lastmile', status: 401, shape: 'unauthorized', code: 'unauthorized', category: 'unauthenticated', retryable: false });
    const updates = fake.control.requests('updateOrder');
    expect(updates).toHaveLength(2);
    expect(updates[0]?.body).toBe(updates[1]?.body);
    expect(fake.control.tokenRequests()).toHaveLength(2);
    expect(fake.control.pending('updateOrder')).toBe(0);
  });

  it('20 concurrent calls hitting 401 with the same revoked token share one new token request', async () => {
    const client = makeClient();
    await success(client.getOrder({ order_id: ORDER }));
    fake.control.revokeAll();
    const results = await Promise.all(Array.from({ length: 20 }, () => client.getOrder({ order_id: ORDER })).map(async (p) => track(await p)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(fake.control.tokenRequests()).toHaveLength(2);
    expect(fake.control.requests('getOrder')).toHaveLength(1 + 20 + 20);
  });
});

// ---------------------------------------------------------------------------------------------
// Token endpoint failures
// ---------------------------------------------------------------------------------------------

describe('token endpoint failures', () => {
  it('a wrong secret gives every concurrent waiting call the same typed invalid_client error, with no unhandled rejection', async () => {
    const before = unhandled.length;
    const client = makeClient({ credentials: { clientId: CLIENT_ID, clientSecret: WRONG_SECRET } });
    const errors = await Promise.all(Array.from({ length: 25 }, () => failure(client.getOrder({ order_id: ORDER }))));
    await tick();
    await tick();
    expect(unhandled.length).toBe(before);
    expect(fake.control.tokenRequests()).toHaveLength(1);
    expect(fake.control.requests('getOrder')).toHaveLength(0);
    const description = 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.';
    for (const error of errors) {
      expect(error).toEqual(errors[0]);
      expect(error).toMatchObject({ host: 'fulfilment', status: 401, shape: 'invalid_client', code: 'invalid_client', category: 'unauthenticated', message: description, retryable: false });
    }
    // The failure is not cached: the next call asks again.
    await failure(client.getOrder({ order_id: ORDER }));
    expect(fake.control.tokenRequests()).toHaveLength(2);
  });

  it('a 400 fulfilment envelope from the token endpoint surfaces on the order call as the contract says', async () => {
    fake.control.next('requestToken', rows.code('fulfilment', 400, 'invalid_argument', 'input', 'grant_type is not an allowed value'));
    const error = decoded(await failure(makeClient().getOrder({ order_id: ORDER })));
    expect(error).toMatchObject({
      host: 'fulfilment',
      status: 400,
      shape: 'fulfilment',
      code: 'invalid_argument',
      known: true,
      kind: 'input',
      category: 'input',
      retryable: false,
      message: 'grant_type is not an allowed value',
    });
    expect(fake.control.requests('getOrder')).toHaveLength(0);
  });

  it('a 422 with no body from the token endpoint decodes as unrecognised, category input', async () => {
    fake.control.next('requestToken', { status: 422 });
    const error = decoded(await failure(makeClient().getOrder({ order_id: ORDER })));
    expect(error).toMatchObject({ host: 'fulfilment', status: 422, shape: 'unrecognised', code: 'http_422', known: false, category: 'input', retryable: false, message: 'HTTP 422' });
  });

  it('every fulfilment code row of the contract decodes to its code, kind and category (requestToken, never retried: POST)', async () => {
    const client = makeClient();
    const codeRows = rows.codeRows().filter((r) => r.host === 'fulfilment');
    expect(codeRows.length).toBe(14);
    for (const row of codeRows) {
      fake.control.next('requestToken', rows.code('fulfilment', row.status, row.code, row.kind, `row ${row.status} ${row.code}`));
      const error = decoded(await failure(client.requestToken({ body: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: PLANTED_SECRET } })));
      expect(error, `${row.status} ${row.code} ${row.kind ?? ''}`).toMatchObject({
        host: 'fulfilment',
        status: row.status,
        shape: 'fulfilment',
        code: row.code,
        known: true,
        kind: row.kind,
        category: row.category,
        message: `row ${row.status} ${row.code}`,
      });
    }
    expect(fake.control.tokenRequests()).toHaveLength(codeRows.length);
  });

  it('a 200 token response that is not JSON is an invalid_response error of the fulfilment host', async () => {
    fake.control.next('requestToken', { status: 200, headers: { 'content-type': 'text/html' }, body: '<html>maintenance</html>' });
    const error = await failure(makeClient().getOrder({ order_id: ORDER }));
    expect(error).toMatchObject({ host: 'fulfilment', shape: 'client', status: 200, category: 'invalid_response' });
  });

  it('a 5xx from the token endpoint during an order call carries a support report of the token exchange', async () => {
    fake.control.next('requestToken', rows.code('fulfilment', 500, 'internal', 'internal', 'token service failed'));
    const error = decoded(await failure(makeClient().getOrder({ order_id: ORDER })));
    expect(error).toMatchObject({ host: 'fulfilment', status: 500, shape: 'fulfilment', code: 'internal', category: 'server' });
    const report = reportOf(error);
    expect(report).toBeDefined();
    expect(report?.request.method).toBe('POST');
    expect(report?.request.url).toBe(`${fake.urlOf('fulfilment')}/oauth/token`);
    expect(report?.response.status).toBe(500);
    expect(report?.request.body).not.toContain(PLANTED_SECRET);
  });

  it('a 200 token response without access_token is an invalid_response error (the response, not the request, is at fault)', async () => {
    fake.control.next('requestToken', json(200, { token_type: 'bearer', expires_in: 3600 }));
    const error = await failure(makeClient().getOrder({ order_id: ORDER }));
    expect(error.message).toMatch(/access token/);
    expect(fake.control.requests('getOrder')).toHaveLength(0);
    // Like any other unusable token response (e.g. a 200 that is not JSON): the token endpoint's
    // host, category invalid_response.
    expect({ host: error.host, shape: error.shape, status: error.status, category: error.category }).toEqual({
      host: 'fulfilment',
      shape: 'client',
      status: 200,
      category: 'invalid_response',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Grants and encodings
// ---------------------------------------------------------------------------------------------

describe('grants and token request encodings', () => {
  it('credentials { refreshToken } alone use the refresh_token grant', async () => {
    const client = makeClient({ credentials: { refreshToken: PLANTED_REFRESH } });
    await success(client.getOrder({ order_id: ORDER }));
    const [request] = fake.control.tokenRequests();
    expect(request?.headers['content-type']).toBe('application/json');
    expect(formOrJson(request)).toEqual({ grant_type: 'refresh_token', refresh_token: PLANTED_REFRESH });
  });

  it('tokenContentType application/x-www-form-urlencoded sends a form body', async () => {
    const client = makeClient({ tokenContentType: 'application/x-www-form-urlencoded' });
    await success(client.getOrder({ order_id: ORDER }));
    const [request] = fake.control.tokenRequests();
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body ?? ''))).toEqual({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: PLANTED_SECRET });
  });

  it('a rejected refresh token falls back to client_credentials', async () => {
    fake.control.settings.credentials = { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET, refreshToken: 'RT-pl4nted-other-refresh-3c3c' };
    const client = makeClient({ credentials: { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET, refreshToken: PLANTED_REFRESH } });
    await success(client.getOrder({ order_id: ORDER }));
    const grants = fake.control.tokenRequests().map((r) => formOrJson(r)['grant_type']);
    expect(grants).toEqual(['refresh_token', 'client_credentials']);
  });

  it('requestToken can be called directly with a form body', async () => {
    const data = await success(
      makeClient().requestToken({ body: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: PLANTED_SECRET }, contentType: 'application/x-www-form-urlencoded' }),
    );
    expect(data.access_token).toBe(fake.control.issued().at(-1));
    expect(data.expires_in).toBe(3600);
    expect(fake.control.tokenRequests()[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });
});

// ---------------------------------------------------------------------------------------------
// Retries
// ---------------------------------------------------------------------------------------------

describe('retries', () => {
  it('503 with Retry-After: 1 on GET is retried after about a second, then succeeds', async () => {
    fake.control.next('getOrder', { ...rows.apiError(503, { message: 'unavailable' }), headers: { 'content-type': 'application/json', 'retry-after': '1' } });
    const started = performance.now();
    await success(makeClient().getOrder({ order_id: ORDER }));
    const elapsed = performance.now() - started;
    const calls = fake.control.requests('getOrder');
    expect(calls).toHaveLength(2);
    const gap = (calls[1]?.at ?? 0) - (calls[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(2_000);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('429 is retried', async () => {
    fake.control.next('getOrder', { ...rows.apiError(429, { message: 'slow down' }), headers: { 'content-type': 'application/json', 'retry-after': '0' } });
    await success(makeClient().getOrder({ order_id: ORDER }));
    expect(fake.control.requests('getOrder')).toHaveLength(2);
  });

  it('a run of 503s longer than maxRetries returns the error after exactly maxRetries + 1 attempts', async () => {
    fake.control.next('getOrder', { ...rows.apiError(503, { message: 'down' }), headers: { 'content-type': 'application/json', 'retry-after': '0' } }, 5);
    const error = await failure(makeClient({ maxRetries: 3 }).getOrder({ order_id: ORDER }));
    expect(error).toMatchObject({ status: 503, category: 'unavailable', retryable: true });
    expect(fake.control.requests('getOrder')).toHaveLength(4);
    expect(fake.control.pending('getOrder')).toBe(1);
  });

  it('backoff without Retry-After also retries (default client maxRetries 2 → 3 attempts)', async () => {
    fake.control.next('getOrder', rows.apiError(503, { message: 'down' }), 10);
    await failure(makeClient().getOrder({ order_id: ORDER }));
    expect(fake.control.requests('getOrder')).toHaveLength(3);
  });

  it('POST createOrder answered 503 is not retried (not idempotent)', async () => {
    fake.control.next('createOrder', { ...rows.apiError(503, { message: 'down' }), headers: { 'content-type': 'application/json', 'retry-after': '0' } }, 3);
    const error = await failure(makeClient().createOrder({ body: ORDER_BODY }));
    expect(error).toMatchObject({ status: 503, category: 'unavailable' });
    expect(fake.control.requests('createOrder')).toHaveLength(1);
  });

  it('PUT updateOrder answered 503 is retried (idempotent)', async () => {
    fake.control.next('updateOrder', rows.apiError(503, { message: 'down' }), 1);
    await success(makeClient().updateOrder({ order_id: ORDER, body: { kind: 'standard' } }));
    const updates = fake.control.requests('updateOrder');
    expect(updates).toHaveLength(2);
    expect(updates[0]?.body).toBe(updates[1]?.body);
  });

  it('per-call maxRetries: 0 disables retries', async () => {
    fake.control.next('getOrder', rows.apiError(503, { message: 'down' }), 3);
    const error = await failure(makeClient().getOrder({ order_id: ORDER, maxRetries: 0 }));
    expect(error.status).toBe(503);
    expect(fake.control.requests('getOrder')).toHaveLength(1);
  });

  it('a Retry-After beyond maxRetryAfterMs is not waited for', async () => {
    fake.control.next('getOrder', { ...rows.apiError(503, { message: 'down' }), headers: { 'content-type': 'application/json', 'retry-after': '120' } }, 3);
    const started = performance.now();
    const error = await failure(makeClient({ retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 1_000 } }).getOrder({ order_id: ORDER }));
    expect(error.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(fake.control.requests('getOrder')).toHaveLength(1);
  });

  it('a connection reset on GET is retried, and a persistent reset gives a network error after maxRetries + 1 attempts', async () => {
    const client = makeClient();
    fake.control.next('getOrder', { reset: true }, 1);
    await success(client.getOrder({ order_id: ORDER }));
    expect(fake.control.requests('getOrder')).toHaveLength(2);

    fake.control.next('getOrder', { reset: true }, 10);
    const error = await failure(client.getOrder({ order_id: ORDER }));
    expect(error).toMatchObject({ host: 'lastmile', status: 0, shape: 'client', category: 'network', retryable: true });
    expect(fake.control.requests('getOrder')).toHaveLength(2 + 3);
  });

  it('a connection reset on POST is not retried', async () => {
    fake.control.next('createOrder', { reset: true }, 3);
    const error = await failure(makeClient().createOrder({ body: ORDER_BODY }));
    expect(error.category).toBe('network');
    expect(fake.control.requests('createOrder')).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Timeouts and cancellation
// ---------------------------------------------------------------------------------------------

describe('timeouts and cancellation', () => {
  it('a response delayed beyond timeoutMs gives a timeout error quickly', async () => {
    const client = makeClient();
    await success(client.getOrder({ order_id: ORDER })); // the token is cached: only the order call is timed
    fake.control.next('getOrder', { delayMs: 3_000, ...json(200, { id: ORDER }) });
    const started = performance.now();
    const error = await failure(client.getOrder({ order_id: ORDER, timeoutMs: 150, maxRetries: 0 }));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ host: 'lastmile', status: 0, shape: 'client', category: 'timeout', retryable: true });
    expect(elapsed).toBeLessThan(1_000);
  });

  it('a body delayed beyond the client timeoutMs also times out (the deadline covers the body)', async () => {
    const client = makeClient({ timeoutMs: 200, maxRetries: 0 });
    await success(client.getOrder({ order_id: 'ord_2' })); // the token is cached: only the order call is timed
    fake.control.next('getOrder', { bodyDelayMs: 3_000, ...json(200, { id: ORDER }) });
    const started = performance.now();
    const error = await failure(client.getOrder({ order_id: ORDER }));
    expect(error.category).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('timeouts on GET are retried (timeout is a retryable category)', async () => {
    fake.control.next('getOrder', { delayMs: 2_000, ...json(200, { id: ORDER }) }, 1);
    const data = await success(makeClient({ timeoutMs: 150 }).getOrder({ order_id: ORDER }));
    expect(data).toMatchObject({ id: ORDER });
    expect(fake.control.requests('getOrder')).toHaveLength(2);
  });

  it('aborting an in-flight call via AbortController gives category canceled quickly', async () => {
    const client = makeClient();
    await success(client.getOrder({ order_id: ORDER }));
    fake.control.next('getOrder', { delayMs: 3_000, ...json(200, { id: ORDER }) });
    const controller = new AbortController();
    const started = performance.now();
    const pending = failure(client.getOrder({ order_id: ORDER, signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect(error).toMatchObject({ host: 'lastmile', status: 0, shape: 'client', category: 'canceled', retryable: false });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('an already aborted signal gives category canceled', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await failure(makeClient().getOrder({ order_id: ORDER, signal: controller.signal }));
    expect(error.category).toBe('canceled');
    expect(fake.control.requests('getOrder')).toHaveLength(0);
  });

  it('aborting during the wait before a retry gives category canceled promptly (not the last 503)', async () => {
    fake.control.next('getOrder', { ...rows.apiError(503, { message: 'down' }), headers: { 'content-type': 'application/json', 'retry-after': '5' } }, 3);
    const controller = new AbortController();
    const started = performance.now();
    const pending = failure(makeClient().getOrder({ order_id: ORDER, signal: controller.signal }));
    setTimeout(() => controller.abort(), 200);
    const error = await pending;
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(fake.control.requests('getOrder')).toHaveLength(1);
    expect(error.category).toBe('canceled');
  });

  it('aborting a call that is waiting for its token gives category canceled promptly', async () => {
    fake.control.settings.tokenDelayMs = 1_500;
    const controller = new AbortController();
    const started = performance.now();
    const pending = failure(makeClient().getOrder({ order_id: ORDER, signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    const elapsed = performance.now() - started;
    expect(error.category).toBe('canceled');
    expect(elapsed).toBeLessThan(700);
  });

  it("a token request slower than the client's timeoutMs gives a timeout error of the fulfilment host", async () => {
    fake.control.settings.tokenDelayMs = 1_500;
    const started = performance.now();
    const error = await failure(makeClient({ timeoutMs: 150 }).getOrder({ order_id: ORDER }));
    const elapsed = performance.now() - started;
    expect(error).toMatchObject({ host: 'fulfilment', status: 0, shape: 'client', category: 'timeout' });
    expect(elapsed).toBeLessThan(1_000);
    expect(fake.control.tokenRequests()).toHaveLength(1); // the token request (a POST) is not retried
    expect(fake.control.requests('getOrder')).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Quirks and error table rows
// ---------------------------------------------------------------------------------------------

describe('quirks and contract error rows', () => {
  it('getOrder 403 for a missing order → category not_found, status 403, with the hint', async () => {
    const client = makeClient();
    // The fake answers unknown orders the way the endpoint's not_found quirk says.
    const missing = decoded(await failure(client.getOrder({ order_id: 'ord_does_not_exist' })));
    expect(fake.control.requests('getOrder')[0]?.path).toBe('/orders/ord_does_not_exist');
    expect(missing).toMatchObject({ host: 'lastmile', status: 403, category: 'not_found', retryable: false });
    expect(missing.hint).toContain('403, not 404');
    expect(missing.rules).toContain('forbidden_means_missing');

    fake.control.next('getOrder', rows.quirk('getOrder', 'forbidden_means_missing'));
    const scripted = decoded(await failure(client.getOrder({ order_id: ORDER })));
    expect(scripted).toMatchObject({ status: 403, category: 'not_found', shape: 'api_error' });
  });

  it('getOrderLabel 200 with zero bytes → ok: false, category not_found', async () => {
    const client = makeClient();
    const error = decoded(await failure(client.getOrderLabel({ order_id: 'ord_does_not_exist' })));
    const [request] = fake.control.requests('getOrderLabel');
    expect(request?.headers['accept']).toBe('application/pdf, application/json');
    expect(error).toMatchObject({ host: 'lastmile', status: 200, category: 'not_found', retryable: false });
    expect(error.hint).toContain('zero-byte PDF');
    expect(error.rules).toContain('empty_label_means_missing');

    fake.control.next('getOrderLabel', rows.quirk('getOrderLabel', 'empty_label_means_missing'));
    expect(decoded(await failure(client.getOrderLabel({ order_id: ORDER }))).category).toBe('not_found');
  });

  it('getOrderLabel with a non-PDF content type → ok: false, invalid_response', async () => {
    fake.control.next('getOrderLabel', json(200, { label: 'not a pdf' }));
    const error = await failure(makeClient().getOrderLabel({ order_id: ORDER }));
    expect(error).toMatchObject({ host: 'lastmile', status: 200, shape: 'client', category: 'invalid_response' });
    expect(error.message).toContain('application/pdf');
  });

  it('getOrderLabel with a real PDF → Uint8Array data, byte for byte', async () => {
    const data = await success(makeClient().getOrderLabel({ order_id: ORDER }));
    expect(data).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(data).equals(Buffer.from(SAMPLE_PDF))).toBe(true);
    expect(new TextDecoder().decode(data.slice(0, 5))).toBe('%PDF-');
  });

  it('getOrderLabel 404 → hint names the label path', async () => {
    fake.control.next('getOrderLabel', rows.apiError(404, { message: 'Not Found', status: 404 }));
    const error = decoded(await failure(makeClient().getOrderLabel({ order_id: ORDER })));
    expect(error.hint).toContain('GET /order_label/{order_id}');
  });

  it('updateOrder 404 → hint mentions PUT', async () => {
    fake.control.next('updateOrder', rows.apiError(404, { message: 'Not Found', status: 404 }));
    const error = decoded(await failure(makeClient().updateOrder({ order_id: ORDER, body: { kind: 'standard' } })));
    expect(error).toMatchObject({ status: 404, category: 'not_found' });
    expect(error.hint).toContain('PUT /orders/{order_id}');
    expect(error.rules).toContain('not_found_means_wrong_method');
  });

  it('createOrder 500 → hint about a malformed payload, and a support report', async () => {
    fake.control.next('createOrder', rows.apiError(500, { message: 'Internal Server Error' }));
    const error = decoded(await failure(makeClient().createOrder({ body: ORDER_BODY })));
    expect(error).toMatchObject({ status: 500, category: 'server', retryable: false });
    expect(error.hint).toMatch(/Malformed payloads can return 500 instead of 422/);
    expect(reportOf(error)?.response.status).toBe(500);
  });

  it('markReadyForCollection without a body sends none; its 500 carries the malformed-payload hint', async () => {
    await success(makeClient().markReadyForCollection({ order_id: ORDER }));
    const [request] = fake.control.requests('markReadyForCollection');
    expect(request?.path).toBe('/orders/ord_1/ready_for_collection');
    expect(request?.method).toBe('PUT');
    expect(request?.body).toBe('');
    fake.control.next('markReadyForCollection', rows.apiError(500, { message: 'boom' }));
    const error = decoded(await failure(makeClient().markReadyForCollection({ order_id: ORDER, body: {} })));
    expect(error.hint).toMatch(/Malformed payloads/);
  });

  it("billing-identifier row → retry 'once_then_support': retryable the first time, retried once, then contact support", async () => {
    const body = { ...ORDER_BODY, billing_identifier: 'B-404' };
    fake.control.next('createOrder', rows.message('billing_identifier_invalid'));
    const first = decoded(await failure(makeClient({ maxRetries: 0 }).createOrder({ body })));
    expect(first).toMatchObject({ status: 400, category: 'input', retry: 'once_then_support', retryable: true });
    expect(first.hint).toContain('Retry the call once; if it fails again, contact support.');
    expect(first.fields.map((f) => f.field)).toEqual(['billing_identifier']);
    // With retries on, the client retries it once (a POST: the rule says the retry is wanted) …
    const before = fake.control.requests('createOrder').length;
    fake.control.next('createOrder', rows.message('billing_identifier_invalid'));
    await success(makeClient().createOrder({ body }));
    expect(fake.control.requests('createOrder').length - before).toBe(2);
    // … and a second failure is the support case: not retryable, no third attempt.
    const again = fake.control.requests('createOrder').length;
    fake.control.next('createOrder', rows.message('billing_identifier_invalid'));
    fake.control.next('createOrder', rows.message('billing_identifier_invalid'));
    const second = decoded(await failure(makeClient().createOrder({ body })));
    expect(fake.control.requests('createOrder').length - again).toBe(2);
    expect(second).toMatchObject({ retry: 'once_then_support', retryable: false });
    expect(second.hint).toContain('It failed again after one retry: contact support.');
    expect(second.hint).not.toContain('Retry the call once');
  });

  it('policy row → category policy with the 5 restrictions', async () => {
    fake.control.next('createOrder', rows.policy('CanSubmitJobPolicy'));
    const error = decoded(await failure(makeClient().createOrder({ body: ORDER_BODY })));
    expect(error.category).toBe('policy');
    expect(error.retryable).toBe(false);
    expect(error.policy?.name).toBe('CanSubmitJobPolicy');
    expect(error.policy?.restrictions).toHaveLength(5);
    expect(error.policy?.restrictions.map((r) => r.name)).toContain('Hourly order limit reached');
    expect(error.fields).toEqual([]);
  });

  it("'dropoff.address1' row → field destination.address.address1", async () => {
    fake.control.next('createOrder', rows.message('blank_stop_field'));
    const error = decoded(await failure(makeClient().createOrder({ body: ORDER_BODY })));
    expect(error.message).toBe("'dropoff.address1' must not be blank");
    expect(error.fields.map((f) => f.field)).toEqual(['destination.address.address1']);
  });

  it('every message row of the contract decodes to the fields it expects (examples, over HTTP)', async () => {
    const client = makeClient({ maxRetries: 0 });
    const messageRows = rows.messageRows('lastmile');
    expect(messageRows.length).toBe(11);
    for (const row of messageRows) {
      fake.control.next('createOrder', rows.message(row.id));
      const error = decoded(await failure(client.createOrder({ body: ORDER_BODY })));
      expect(error.rules, row.id).toContain(row.id);
      expect(error.fields.map((f) => f.field).sort(), row.id).toEqual([...row.expect].sort());
      if (row.status !== undefined) expect(error.status, row.id).toBe(row.status);
    }
  });

  it('the empty-message 422 names payment_mode and kind as ambiguous', async () => {
    fake.control.next('updateOrder', rows.message('empty_message'));
    const error = decoded(await failure(makeClient().updateOrder({ order_id: ORDER, body: { payment_mode: 'barter', payment_amount: 1 } })));
    expect(error).toMatchObject({ status: 422, category: 'input' });
    expect(error.fields).toEqual([
      { field: 'payment_mode', message: '', ambiguous: true },
      { field: 'kind', message: '', ambiguous: true },
    ]);
  });

  it('the api_error mirrors carry the message when api_error.message is absent; the HTTP status beats the body status', async () => {
    const body = envelope('api_error', { message: '[order][items] invalid', status: 422 });
    const inner = body['api_error'];
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner)) delete inner['message'];
    expect(body['error']).toBe('[order][items] invalid');
    fake.control.next('createOrder', json(400, body));
    const error = decoded(await failure(makeClient().createOrder({ body: ORDER_BODY })));
    expect(error).toMatchObject({ status: 400, bodyStatus: 422, shape: 'api_error' });
    expect(error.rules).toContain('items_invalid');
    expect(error.fields.map((f) => f.field)).toEqual(['items']);
  });
});

// ---------------------------------------------------------------------------------------------
// Support reports
// ---------------------------------------------------------------------------------------------

describe('support reports', () => {
  it('a persistent 500 on getOrder carries a report with the exact request and response, a UTC timestamp and the support address', async () => {
    const time = clock(Date.UTC(2031, 5, 1, 12, 0, 0, 123));
    const responseBody = JSON.stringify(envelope('api_error', { code: 'internal', message: 'Internal Server Error', human: 'Something went wrong', number: 9001 }));
    fake.control.next('getOrder', { status: 500, headers: { 'content-type': 'application/json', 'x-request-id': 'req-5150' }, body: responseBody }, 5);
    const client = makeClient({ now: time.now });
    const error = decoded(await failure(client.getOrder({ order_id: ORDER, headers: { 'x-correlation-id': 'corr-4242' } })));
    expect(error).toMatchObject({ status: 500, category: 'server' });
    const seen = fake.control.requests('getOrder');
    expect(seen).toHaveLength(1); // 500 is not retryable: the one exchange is the report's
    const sent = seen[0];
    const report = reportOf(error);
    expect(report).toBeDefined();
    if (report === undefined || sent === undefined) return;
    expect(Object.keys(error)).not.toContain('supportReport');
    expect(report.to).toBe(SUPPORT_EMAIL);
    expect(report.timestamp).toBe('2031-06-01T12:00:00.123Z');
    expect(report.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(report.request.method).toBe('GET');
    expect(report.request.url).toBe(`${fake.urlOf('lastmile')}/orders/${ORDER}`);
    expect(report.request.body).toBeUndefined();
    expect(report.request.headers['authorization']).toBe('[REDACTED]');
    // The caller's own headers are secrets like credentials: named, their values hidden.
    expect(report.request.headers['x-correlation-id']).toBe('[REDACTED]');
    expect(sent.headers['x-correlation-id']).toBe('corr-4242');
    for (const [name, value] of Object.entries(report.request.headers)) {
      if (name !== 'authorization' && name !== 'x-correlation-id') expect(sent.headers[name], name).toBe(value);
    }
    expect(report.response.status).toBe(500);
    expect(report.response.body).toBe(responseBody);
    expect(report.response.headers['x-request-id']).toBe('req-5150');
    expect(report.response.headers['content-type']).toBe('application/json');
    expect(report.response.headers['content-length']).toBe(String(Buffer.byteLength(responseBody)));
    expect(report.text).toContain(`To: ${SUPPORT_EMAIL}`);
    expect(report.text).toContain(`GET ${fake.urlOf('lastmile')}/orders/${ORDER}`);
    expect(report.text).toContain('authorization: [REDACTED]');
    expect(report.text).toContain(responseBody);
    expect(report.text).toContain('2031-06-01T12:00:00.123Z');
    expect(report.text).not.toContain(bearerOf(sent) ?? '(none)');
  });

  it('a 500 on updateOrder reports the exact request body', async () => {
    fake.control.next('updateOrder', rows.apiError(500, { message: 'boom' }));
    const body = { ...ORDER_BODY, billing_identifier: 'B-1' };
    const error = decoded(await failure(makeClient().updateOrder({ order_id: ORDER, body })));
    const report = reportOf(error);
    const [sent] = fake.control.requests('updateOrder');
    expect(report?.request.method).toBe('PUT');
    expect(report?.request.body).toBe(sent?.body);
    expect(report?.request.headers['content-type']).toBe('application/json');
    expect(report?.text).toContain(sent?.body ?? '(none)');
  });

  it('4xx errors carry no report', async () => {
    fake.control.next('getOrder', rows.apiError(409, { message: 'conflict' }));
    const error = await failure(makeClient().getOrder({ order_id: ORDER }));
    expect(reportOf(error)).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Secrets
// ---------------------------------------------------------------------------------------------

/**
 * A 500 whose body echoes what it was sent: the Authorization header and the client secret (and,
 * with `refresh`, the refresh token: only for a client configured with it, which can know it).
 */
function echo500(request: RecordedRequest, refresh = false): string {
  const authorization = request.headers['authorization'] ?? '';
  return JSON.stringify({
    api_error: {
      code: 'internal',
      message: `debug: got ${authorization} for client ${CLIENT_ID} with secret ${PLANTED_SECRET}`,
      human: `Request with ${authorization} failed`,
      description: refresh ? `refresh token on file: ${PLANTED_REFRESH}` : `client_secret=${PLANTED_SECRET}`,
    },
    error: `debug: got ${authorization}`,
    echoed_headers: request.headers,
    client_secret: PLANTED_SECRET,
  });
}

function planted(): string[] {
  return [PLANTED_SECRET, PLANTED_REFRESH, WRONG_SECRET, ...fake.control.issued()];
}

function leaksIn(error: AnyError): string[] {
  const report = reportOf(error);
  const surfaces: Record<string, string> = {
    json: JSON.stringify(error),
    string: String(error),
    message: error.message,
    hint: error.hint ?? '',
    reportText: report?.text ?? '',
    reportJson: JSON.stringify(report ?? null),
  };
  const leaks: string[] = [];
  for (const secret of planted()) {
    for (const [where, text] of Object.entries(surfaces)) if (text.includes(secret)) leaks.push(`${where} contains ${secret}`);
  }
  return leaks;
}

// ---------------------------------------------------------------------------------------------
// The functional form: createBaseClient and one function per endpoint
// ---------------------------------------------------------------------------------------------

describe('operation functions', () => {
  it('getOrder(base, input) answers as client.getOrder: same data, one token per client, the 403 quirk', async () => {
    const base = createBaseClient<'staging'>(options());
    const viaFunction = await success(getOrder(base, { order_id: ORDER }));
    expect(viaFunction).toEqual(await success(makeClient().getOrder({ order_id: ORDER })));
    expect(fake.control.tokenRequests()).toHaveLength(2);
    const missing = decoded(await failure(getOrder(base, { order_id: 'ord_does_not_exist' })));
    expect(missing).toMatchObject({ host: 'lastmile', status: 403, category: 'not_found' });
    expect(missing.rules).toContain('forbidden_means_missing');
    // The base client kept its token: no third token request.
    expect(fake.control.tokenRequests()).toHaveLength(2);
    expect(bearerOf(fake.control.requests('getOrder').at(-1))).toBe(bearerOf(fake.control.requests('getOrder')[0]));
  });

  it('createOrder sends the body, and getOrderLabel applies the zero-byte quirk, through one base client', async () => {
    const base = createBaseClient<'staging'>(options());
    await success(createOrder(base, { body: ORDER_BODY }));
    expect(formOrJson(fake.control.requests('createOrder')[0])).toEqual(ORDER_BODY);
    const empty = decoded(await failure(getOrderLabel(base, { order_id: 'ord_does_not_exist' })));
    expect(empty).toMatchObject({ status: 200, category: 'not_found' });
    expect(empty.rules).toContain('empty_label_means_missing');
  });
});

describe('secrets', () => {
  it('a 500 that echoes the Authorization header, client secret and refresh token is redacted everywhere', async () => {
    const client = makeClient({ credentials: { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET, refreshToken: PLANTED_REFRESH } });
    fake.control.settings.credentials = { clientId: CLIENT_ID, clientSecret: PLANTED_SECRET, refreshToken: PLANTED_REFRESH };
    fake.control.next('getOrder', { status: 500, headers: { 'content-type': 'application/json' }, body: (r) => echo500(r, true) });
    const error = decoded(await failure(client.getOrder({ order_id: ORDER })));
    const token = bearerOf(fake.control.requests('getOrder')[0]);
    expect(token?.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(error.message).toContain('[REDACTED]');
    expect(reportOf(error)?.response.body).toContain('[REDACTED]');
    expect(leaksIn(error)).toEqual([]);
  });

  it('a token endpoint 500 that echoes the client secret (direct requestToken) is redacted in the error and its report', async () => {
    fake.control.next('requestToken', {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: (r) => JSON.stringify({ code: 'internal', status: 'internal', message: `bad body ${r.body}`, details: { type: 'internal' } }),
    });
    const error = decoded(await failure(makeClient().requestToken({ body: { grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: PLANTED_SECRET } })));
    expect(error).toMatchObject({ host: 'fulfilment', status: 500, code: 'internal', category: 'server' });
    expect(reportOf(error)?.request.body).toContain('[REDACTED]');
    expect(leaksIn(error)).toEqual([]);
  });

  it('a support report read after the token was replaced still redacts the token the request carried', async () => {
    const client = makeClient();
    fake.control.next('getOrder', { status: 500, headers: { 'content-type': 'application/json' }, body: (r) => echo500(r) });
    const error = decoded(await failure(client.getOrder({ order_id: ORDER })));
    const used = bearerOf(fake.control.requests('getOrder')[0]);
    expect(leaksIn(error)).toEqual([]); // read while that token is current: redacted
    // The token is revoked and replaced (401 → replay with a new token).
    fake.control.revokeAll();
    await success(client.getOrder({ order_id: ORDER }));
    expect(fake.control.issued().at(-1)).not.toBe(used);
    const report = reportOf(error);
    expect(report?.response.body.includes(used ?? '(none)')).toBe(false);
    expect(leaksIn(error)).toEqual([]);
  });

  it('an error whose request carried a token that was replaced while it was in flight is redacted', async () => {
    fake.control.settings.expiresIn = 120;
    const time = clock();
    const client = makeClient({ now: time.now, refreshSkewMs: 60_000 });
    await success(client.getOrder({ order_id: ORDER }));
    const first = fake.control.issued().at(-1);
    fake.control.next('getOrder', { delayMs: 300, status: 500, headers: { 'content-type': 'application/json' }, body: (r) => echo500(r) });
    const slow = failure(client.getOrder({ order_id: ORDER }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    time.advance(61_000); // the token is now due for refresh; another call replaces it
    await success(client.getOrder({ order_id: ORDER }));
    expect(fake.control.issued().at(-1)).not.toBe(first);
    const error = decoded(await slow);
    expect(bearerOf(fake.control.requests('getOrder')[1])).toBe(first);
    expect(error.message.includes(first ?? '(none)')).toBe(false);
    expect(leaksIn(error)).toEqual([]);
  });

  it('no planted secret appears in any error produced in this file, and nothing was left unhandled', async () => {
    await tick();
    expect(ALL_ERRORS.length).toBeGreaterThan(50);
    expect(fake.control.issued().length).toBeGreaterThan(20);
    const leaks = ALL_ERRORS.flatMap((error, i) => leaksIn(error).map((leak) => `error #${i} (${error.host} ${error.status} ${error.shape}): ${leak}`));
    expect(unhandled).toEqual([]);
    expect(leaks).toEqual([]);
  });
});
