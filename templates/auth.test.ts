import { describe, expect, it, vi, type Mock } from 'vitest';
import { REFRESH_TOKEN_CREDENTIAL, TokenManager, memoryTokenStore, type StoredToken, type TokenManagerOptions, type TokenStore } from './auth.js';
import type { AuthSpec } from './spec.js';

interface TestError {
  readonly code: string;
  readonly message?: string;
}

type Body = Readonly<Record<string, string>>;
type Answer = { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: TestError };

const SPEC: AuthSpec = {
  endpoint: 'requestToken',
  grantField: 'grant_type',
  grants: [
    { name: 'client_credentials', isDefault: true, send: { client_id: 'clientId', client_secret: 'clientSecret' } },
    { name: 'refresh_token', isDefault: false, send: { refresh_token: REFRESH_TOKEN_CREDENTIAL } },
  ],
  token: { accessToken: 'access_token', expiresIn: 'expires_in', tokenType: 'token_type', refreshToken: 'refresh_token' },
  lifetime: { production: 600, staging: 60 },
  header: 'Authorization',
  scheme: 'Bearer',
  unauthorized: { status: 401, shape: 'unauthorized', replay: true },
};

const CLIENT = { clientId: 'id-1', clientSecret: 'secret-1' };
const CC_BODY = { grant_type: 'client_credentials', client_id: 'id-1', client_secret: 'secret-1' };
const refreshBody = (token: string) => ({ grant_type: 'refresh_token', refresh_token: token });

const T0 = 1_700_000_000_000;

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const ok = (data: unknown): Answer => ({ ok: true, data });
const fail = (code: string): Answer => ({ ok: false, error: { code } });

/** Lets every pending promise continuation run. */
const flush = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

interface Harness {
  readonly manager: TokenManager<TestError>;
  readonly request: Mock<(body: Body) => Promise<Answer>>;
  readonly store: TokenStore;
  readonly bodies: () => Body[];
  advance(ms: number): void;
  now(): number;
}

function harness(
  answer: (body: Body, call: number) => Answer | Promise<Answer>,
  overrides: Partial<Omit<TokenManagerOptions<TestError>, 'request' | 'now' | 'malformed'>> = {},
): Harness {
  let time = T0;
  let calls = 0;
  const store = overrides.store ?? memoryTokenStore();
  const request = vi.fn(async (body: Body): Promise<Answer> => answer(body, calls++));
  const manager = new TokenManager<TestError>({
    spec: SPEC,
    environment: 'production',
    credentials: CLIENT,
    refreshSkewMs: 0,
    ...overrides,
    store,
    now: () => time,
    request,
    malformed: (message) => ({ code: 'malformed', message }),
  });
  return {
    manager,
    request,
    store,
    bodies: () => request.mock.calls.map((c) => c[0]),
    advance: (ms) => {
      time += ms;
    },
    now: () => time,
  };
}

async function tokenOf(manager: TokenManager<TestError>): Promise<StoredToken> {
  const outcome = await manager.token();
  if (!outcome.ok) throw new Error(`expected a token, got error ${outcome.error.code}`);
  return outcome.token;
}

describe('memoryTokenStore', () => {
  it('starts empty, keeps what is set and forgets on undefined', () => {
    const store = memoryTokenStore();
    expect(store.get()).toBeUndefined();
    const token: StoredToken = { accessToken: 'a', expiresAt: 5 };
    store.set(token);
    expect(store.get()).toBe(token);
    store.set(undefined);
    expect(store.get()).toBeUndefined();
  });

  it('keeps separate stores separate', () => {
    const one = memoryTokenStore();
    const two = memoryTokenStore();
    one.set({ accessToken: 'x' });
    expect(two.get()).toBeUndefined();
  });
});

describe('TokenManager: requesting and caching', () => {
  it('requests a token with the default grant and its credentials', async () => {
    const h = harness(() => ok({ access_token: 'tok-1', expires_in: 3600, token_type: 'Bearer' }));
    const token = await tokenOf(h.manager);
    expect(h.bodies()).toEqual([CC_BODY]);
    expect(token).toEqual({ accessToken: 'tok-1', expiresAt: T0 + 3_600_000 });
  });

  it('stores the token it received', async () => {
    const h = harness(() => ok({ access_token: 'tok-1', expires_in: 3600 }));
    const token = await tokenOf(h.manager);
    expect(await h.store.get()).toEqual(token);
  });

  it('serves later calls from the cache', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 3600 }));
    const first = await tokenOf(h.manager);
    h.advance(1_000_000);
    const second = await tokenOf(h.manager);
    expect(second).toEqual(first);
    expect(h.request).toHaveBeenCalledTimes(1);
  });

  it('computes expiry as the time received plus expires_in, in seconds', async () => {
    const h = harness(() => ok({ access_token: 't', expires_in: 90 }));
    h.advance(12_345);
    const token = await tokenOf(h.manager);
    expect(token.expiresAt).toBe(T0 + 12_345 + 90_000);
  });

  it('accepts fractional expires_in', async () => {
    const h = harness(() => ok({ access_token: 't', expires_in: 1.5 }));
    expect((await tokenOf(h.manager)).expiresAt).toBe(T0 + 1500);
  });

  it('does not trust other time fields of the response', async () => {
    const h = harness(() => ok({ access_token: 't', expires_in: 100, created_at: 1, expires_at: 2 }));
    expect((await tokenOf(h.manager)).expiresAt).toBe(T0 + 100_000);
  });

  it('requests a new token once the cached one has expired', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 100 }));
    await tokenOf(h.manager);
    h.advance(99_999);
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-0');
    h.advance(1);
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-1');
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('refreshes refreshSkewMs before expiry', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 100 }), { refreshSkewMs: 30_000 });
    await tokenOf(h.manager);
    h.advance(69_999);
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-0');
    h.advance(1);
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-1');
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('requests every time when the skew exceeds the lifetime', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 10 }), { refreshSkewMs: 60_000 });
    await tokenOf(h.manager);
    await tokenOf(h.manager);
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('reads the access token from the field the spec names', async () => {
    const spec: AuthSpec = { ...SPEC, token: { accessToken: 'jwt', expiresIn: 'ttl' } };
    const h = harness(() => ok({ jwt: 'from-jwt', access_token: 'wrong', ttl: 5 }), { spec });
    expect(await tokenOf(h.manager)).toEqual({ accessToken: 'from-jwt', expiresAt: T0 + 5000 });
  });

  it('sends the grant in the field the spec names', async () => {
    const spec: AuthSpec = { ...SPEC, grantField: 'grant' };
    const h = harness(() => ok({ access_token: 't' }), { spec });
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([{ grant: 'client_credentials', client_id: 'id-1', client_secret: 'secret-1' }]);
  });
});

describe('TokenManager: lifetime fallback', () => {
  it('uses the environment lifetime when expires_in is absent', async () => {
    const production = harness(() => ok({ access_token: 't' }));
    expect((await tokenOf(production.manager)).expiresAt).toBe(T0 + 600_000);
    const staging = harness(() => ok({ access_token: 't' }), { environment: 'staging' });
    expect((await tokenOf(staging.manager)).expiresAt).toBe(T0 + 60_000);
  });

  it('uses the environment lifetime when expires_in is not a positive finite number', async () => {
    for (const expiresIn of [0, -5, '3600', null, true, { s: 1 }]) {
      const h = harness(() => ok({ access_token: 't', expires_in: expiresIn }));
      expect((await tokenOf(h.manager)).expiresAt, JSON.stringify(expiresIn)).toBe(T0 + 600_000);
    }
  });

  it('uses the environment lifetime when the spec names no expires_in field', async () => {
    const spec: AuthSpec = { ...SPEC, token: { accessToken: 'access_token' } };
    const h = harness(() => ok({ access_token: 't', expires_in: 5 }), { spec });
    expect((await tokenOf(h.manager)).expiresAt).toBe(T0 + 600_000);
  });

  it('keeps a token without expiry until it is rejected when neither is known', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}` }), { environment: 'mock' });
    const token = await tokenOf(h.manager);
    expect(token).toEqual({ accessToken: 'tok-0' });
    expect('expiresAt' in token).toBe(false);
    h.advance(365 * 24 * 3600 * 1000);
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-0');
    expect(h.request).toHaveBeenCalledTimes(1);
    await h.manager.invalidate('tok-0');
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-1');
  });
});

describe('TokenManager: bad token responses', () => {
  it('returns the malformed error when a success carries no access token', async () => {
    for (const data of [{}, { access_token: '' }, { access_token: 5 }, null, 'text', [], { token: 'elsewhere' }]) {
      const h = harness(() => ok(data));
      const outcome = await h.manager.token();
      expect(outcome, JSON.stringify(data)).toEqual({ ok: false, error: { code: 'malformed', message: 'the token response carries no access token (field access_token)' } });
      expect(await h.store.get()).toBeUndefined();
    }
  });

  it('names the field the spec reads the access token from', async () => {
    const spec: AuthSpec = { ...SPEC, token: { accessToken: 'jwt' } };
    const h = harness(() => ok({ access_token: 'not-this-one' }), { spec });
    expect(await h.manager.token()).toEqual({ ok: false, error: { code: 'malformed', message: 'the token response carries no access token (field jwt)' } });
  });

  it('gives every waiter the same malformed error object', async () => {
    const gate = deferred<Answer>();
    const h = harness(() => gate.promise);
    const calls = Array.from({ length: 4 }, () => h.manager.token());
    await flush();
    gate.resolve(ok({ nothing: true }));
    const outcomes = await Promise.all(calls);
    expect(h.request).toHaveBeenCalledTimes(1);
    const first = outcomes[0];
    if (first === undefined || first.ok) throw new Error('expected an error');
    for (const outcome of outcomes) expect(!outcome.ok && outcome.error).toBe(first.error);
  });

  it('falls back to the next grant when a refresh answer is malformed', async () => {
    const h = harness((body) => (body.grant_type === 'refresh_token' ? ok({}) : ok({ access_token: 'via-cc' })), {
      credentials: { ...CLIENT, refreshToken: 'r-1' },
    });
    expect((await tokenOf(h.manager)).accessToken).toBe('via-cc');
    expect(h.bodies()).toEqual([refreshBody('r-1'), CC_BODY]);
  });

  it('throws when no grant has its credentials', async () => {
    const h = harness(() => ok({ access_token: 't' }), { credentials: { clientId: 'only-id' } });
    await expect(h.manager.token()).rejects.toThrow(/no credentials for any grant/);
    expect(h.request).not.toHaveBeenCalled();
  });

  it('lets a later call try again after a malformed answer', async () => {
    const h = harness((_b, n) => (n === 0 ? ok({}) : ok({ access_token: 'good' })));
    expect((await h.manager.token()).ok).toBe(false);
    expect((await tokenOf(h.manager)).accessToken).toBe('good');
  });
});

describe('TokenManager: single flight', () => {
  it('shares one request among concurrent callers', async () => {
    const gate = deferred<Answer>();
    const h = harness(() => gate.promise);
    const calls = Array.from({ length: 10 }, () => h.manager.token());
    await flush();
    expect(h.request).toHaveBeenCalledTimes(1);
    gate.resolve(ok({ access_token: 'shared', expires_in: 60 }));
    const outcomes = await Promise.all(calls);
    expect(h.request).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) expect(outcome).toEqual({ ok: true, token: { accessToken: 'shared', expiresAt: T0 + 60_000 } });
  });

  it('shares the request with callers that arrive while it is in flight', async () => {
    const gate = deferred<Answer>();
    const h = harness(() => gate.promise);
    const early = h.manager.token();
    await flush();
    const late = h.manager.token();
    await flush();
    expect(h.request).toHaveBeenCalledTimes(1);
    gate.resolve(ok({ access_token: 'shared' }));
    expect(await early).toEqual(await late);
    expect(h.request).toHaveBeenCalledTimes(1);
  });

  it('gives every waiter the same error object when the request fails', async () => {
    const gate = deferred<Answer>();
    const h = harness(() => gate.promise);
    const calls = Array.from({ length: 5 }, () => h.manager.token());
    await flush();
    const error: TestError = { code: 'invalid_client' };
    gate.resolve({ ok: false, error });
    const outcomes = await Promise.all(calls);
    expect(h.request).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error).toBe(error);
    }
    expect(await h.store.get()).toBeUndefined();
  });

  it('does not cache a failure: the next call requests again', async () => {
    const h = harness((_b, n) => (n === 0 ? fail('unavailable') : ok({ access_token: 'second' })));
    const first = await h.manager.token();
    expect(first.ok).toBe(false);
    expect((await tokenOf(h.manager)).accessToken).toBe('second');
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('rejects every waiter when the request throws, then recovers', async () => {
    const gate = deferred<Answer>();
    const h = harness((_b, n) => (n === 0 ? gate.promise : ok({ access_token: 'after' })));
    const calls = Array.from({ length: 3 }, () => h.manager.token());
    await flush();
    const boom = new Error('socket hang up');
    gate.reject(boom);
    const settled = await Promise.allSettled(calls);
    for (const s of settled) expect(s).toEqual({ status: 'rejected', reason: boom });
    expect(h.request).toHaveBeenCalledTimes(1);
    expect((await tokenOf(h.manager)).accessToken).toBe('after');
  });

  it('starts a new request for a later expiry, not reusing a finished flight', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 1 }));
    await Promise.all([h.manager.token(), h.manager.token()]);
    h.advance(1000);
    const [a, b] = await Promise.all([tokenOf(h.manager), tokenOf(h.manager)]);
    expect(a.accessToken).toBe('tok-1');
    expect(b.accessToken).toBe('tok-1');
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('shares one request among concurrent callers with an asynchronous store', async () => {
    let current: StoredToken | undefined;
    const store: TokenStore = {
      get: async () => {
        await Promise.resolve();
        return current;
      },
      set: async (token) => {
        await Promise.resolve();
        current = token;
      },
    };
    const gate = deferred<Answer>();
    const h = harness(() => gate.promise, { store });
    const calls = Array.from({ length: 5 }, () => h.manager.token());
    await flush();
    gate.resolve(ok({ access_token: 'async-store' }));
    await Promise.all(calls);
    expect(h.request).toHaveBeenCalledTimes(1);
    expect(current?.accessToken).toBe('async-store');
  });
});

describe('TokenManager: invalidate', () => {
  it('drops the cached token when it is the one rejected', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 3600 }));
    await tokenOf(h.manager);
    await h.manager.invalidate('tok-0');
    expect(await h.store.get()).toBeUndefined();
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-1');
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('keeps a newer token when an older one is rejected', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 3600 }));
    await tokenOf(h.manager);
    await h.manager.invalidate('tok-0');
    await tokenOf(h.manager);
    await h.manager.invalidate('tok-0');
    expect((await h.store.get())?.accessToken).toBe('tok-1');
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-1');
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('does nothing when the store is empty', async () => {
    const h = harness(() => ok({ access_token: 't' }));
    await h.manager.invalidate('anything');
    expect(await h.store.get()).toBeUndefined();
    expect(h.request).not.toHaveBeenCalled();
  });

  it('keeps the refresh token of the dropped token for the next request', async () => {
    const h = harness((_b, n) => (n === 0 ? ok({ access_token: 'tok-0', refresh_token: 'r-0' }) : ok({ access_token: 'tok-1' })));
    await tokenOf(h.manager);
    await h.manager.invalidate('tok-0');
    expect((await tokenOf(h.manager)).accessToken).toBe('tok-1');
    expect(h.bodies()).toEqual([CC_BODY, refreshBody('r-0')]);
  });
});

describe('TokenManager: grant choice', () => {
  it('uses the default grant when no refresh token is known', async () => {
    const h = harness(() => ok({ access_token: 't' }));
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([CC_BODY]);
  });

  it('prefers the refresh grant when a refresh token is supplied', async () => {
    const h = harness(() => ok({ access_token: 't' }), { credentials: { ...CLIENT, refreshToken: 'r-supplied' } });
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([refreshBody('r-supplied')]);
  });

  it('uses the refresh grant alone when only a refresh token is supplied', async () => {
    const h = harness(() => ok({ access_token: 't' }), { credentials: { refreshToken: 'r-only' } });
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([refreshBody('r-only')]);
  });

  it('treats undefined credentials as absent', async () => {
    const h = harness(() => ok({ access_token: 't' }), { credentials: { ...CLIENT, refreshToken: undefined } });
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([CC_BODY]);
  });

  it('uses a refresh token learned from a response, and keeps it with the token', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 10, refresh_token: `r-${n}` }));
    const first = await tokenOf(h.manager);
    expect(first).toEqual({ accessToken: 'tok-0', expiresAt: T0 + 10_000, refreshToken: 'r-0' });
    h.advance(10_000);
    const second = await tokenOf(h.manager);
    expect(second.refreshToken).toBe('r-1');
    h.advance(10_000);
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([CC_BODY, refreshBody('r-0'), refreshBody('r-1')]);
  });

  it('keeps the learned refresh token when a refresh response carries none', async () => {
    const h = harness((_b, n) => (n === 0 ? ok({ access_token: 'tok-0', expires_in: 10, refresh_token: 'r-0' }) : ok({ access_token: `tok-${n}`, expires_in: 10 })));
    await tokenOf(h.manager);
    h.advance(10_000);
    expect((await tokenOf(h.manager)).refreshToken).toBe('r-0');
    h.advance(10_000);
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([CC_BODY, refreshBody('r-0'), refreshBody('r-0')]);
  });

  it('ignores an empty or non-string refresh token in a response', async () => {
    for (const refresh of ['', 7, null]) {
      const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 10, refresh_token: refresh }));
      expect(await tokenOf(h.manager)).toEqual({ accessToken: 'tok-0', expiresAt: T0 + 10_000 });
      h.advance(10_000);
      await tokenOf(h.manager);
      expect(h.bodies()).toEqual([CC_BODY, CC_BODY]);
    }
  });

  it('does not read a refresh token when the spec names no field for it', async () => {
    const spec: AuthSpec = { ...SPEC, token: { accessToken: 'access_token', expiresIn: 'expires_in' } };
    const h = harness(() => ok({ access_token: 't', expires_in: 10, refresh_token: 'ignored' }), { spec });
    expect(await tokenOf(h.manager)).toEqual({ accessToken: 't', expiresAt: T0 + 10_000 });
  });

  it('uses the refresh token of an expired token found in the store (another process)', async () => {
    const store = memoryTokenStore();
    store.set({ accessToken: 'old', expiresAt: T0 - 1, refreshToken: 'r-shared' });
    const h = harness(() => ok({ access_token: 'new' }), { store });
    expect((await tokenOf(h.manager)).accessToken).toBe('new');
    expect(h.bodies()).toEqual([refreshBody('r-shared')]);
  });

  it('falls back to client credentials when the refresh token is rejected', async () => {
    const h = harness((body) => (body.grant_type === 'refresh_token' ? fail('invalid_grant') : ok({ access_token: 'via-cc' })), {
      credentials: { ...CLIENT, refreshToken: 'r-bad' },
    });
    const token = await tokenOf(h.manager);
    expect(token.accessToken).toBe('via-cc');
    expect(h.bodies()).toEqual([refreshBody('r-bad'), CC_BODY]);
    expect(await h.store.get()).toEqual(token);
  });

  it('falls back within one flight: concurrent callers still cause one request per grant', async () => {
    const h = harness((body) => (body.grant_type === 'refresh_token' ? fail('invalid_grant') : ok({ access_token: 'via-cc' })), {
      credentials: { ...CLIENT, refreshToken: 'r-bad' },
    });
    const outcomes = await Promise.all([h.manager.token(), h.manager.token(), h.manager.token()]);
    expect(h.request).toHaveBeenCalledTimes(2);
    for (const outcome of outcomes) expect(outcome.ok).toBe(true);
  });

  it('returns the last error when every grant fails', async () => {
    const h = harness((body) => fail(body.grant_type === 'refresh_token' ? 'invalid_grant' : 'invalid_client'), {
      credentials: { ...CLIENT, refreshToken: 'r-bad' },
    });
    const outcome = await h.manager.token();
    expect(outcome).toEqual({ ok: false, error: { code: 'invalid_client' } });
    expect(h.request).toHaveBeenCalledTimes(2);
  });

  it('returns the refresh error when the refresh grant is the only usable one', async () => {
    const h = harness(() => fail('invalid_grant'), { credentials: { refreshToken: 'r-bad' } });
    expect(await h.manager.token()).toEqual({ ok: false, error: { code: 'invalid_grant' } });
    expect(h.request).toHaveBeenCalledTimes(1);
  });

  it('does not send a rejected learned refresh token again', async () => {
    const h = harness((body, n) => {
      if (n === 0) return ok({ access_token: 'tok-0', expires_in: 10, refresh_token: 'r-0' });
      if (body.grant_type === 'refresh_token') return fail('invalid_grant');
      return ok({ access_token: `tok-${n}`, expires_in: 10 });
    });
    await tokenOf(h.manager);
    h.advance(10_000);
    const second = await tokenOf(h.manager);
    expect(second.refreshToken).toBeUndefined();
    h.advance(10_000);
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([CC_BODY, refreshBody('r-0'), CC_BODY, CC_BODY]);
  });

  // The same spent token comes back when the fallback grant fails too: the expired token that
  // carries it stays in the store, and the next call learns it from there again.
  it('does not send a rejected refresh token again when the fallback grant also failed', async () => {
    const h = harness((body, n) => {
      if (n === 0) return ok({ access_token: 'tok-0', expires_in: 10, refresh_token: 'r-0' });
      if (body.grant_type === 'refresh_token') return fail('invalid_grant');
      return n === 2 ? fail('unavailable') : ok({ access_token: `tok-${n}`, expires_in: 10 });
    });
    await tokenOf(h.manager);
    h.advance(10_000);
    expect(await h.manager.token()).toEqual({ ok: false, error: { code: 'unavailable' } });
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([CC_BODY, refreshBody('r-0'), CC_BODY, CC_BODY]);
  });

  // "A rejected refresh token is spent": only the learned copy is forgotten, so a supplied
  // refresh token (credentials.refreshToken) is sent again, and rejected again, before every
  // later client-credentials request.
  it('does not send a rejected supplied refresh token again', async () => {
    const h = harness((body, n) => (body.grant_type === 'refresh_token' ? fail('invalid_grant') : ok({ access_token: `tok-${n}`, expires_in: 10 })), {
      credentials: { ...CLIENT, refreshToken: 'r-supplied' },
    });
    await tokenOf(h.manager);
    h.advance(10_000);
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([refreshBody('r-supplied'), CC_BODY, CC_BODY]);
  });

  it('prefers the learned refresh token over the supplied one', async () => {
    const h = harness((_b, n) => ok({ access_token: `tok-${n}`, expires_in: 10, refresh_token: `r-learned-${n}` }), {
      credentials: { ...CLIENT, refreshToken: 'r-supplied' },
    });
    await tokenOf(h.manager);
    h.advance(10_000);
    await tokenOf(h.manager);
    expect(h.bodies()).toEqual([refreshBody('r-supplied'), refreshBody('r-learned-0')]);
  });

  it('tries the default grant before other non-refresh grants', async () => {
    const spec: AuthSpec = {
      ...SPEC,
      grants: [
        { name: 'password', isDefault: false, send: { username: 'user', password: 'password' } },
        { name: 'client_credentials', isDefault: true, send: { client_id: 'clientId', client_secret: 'clientSecret' } },
      ],
    };
    const h = harness((body) => (body.grant_type === 'client_credentials' ? fail('invalid_client') : ok({ access_token: 'pw' })), {
      spec,
      credentials: { ...CLIENT, user: 'u', password: 'p' },
    });
    expect((await tokenOf(h.manager)).accessToken).toBe('pw');
    expect(h.bodies()).toEqual([CC_BODY, { grant_type: 'password', username: 'u', password: 'p' }]);
  });
});

describe('TokenManager: custom stores', () => {
  it('serves a fresh token from the store without a request', async () => {
    const get = vi.fn(async (): Promise<StoredToken | undefined> => ({ accessToken: 'from-store', expiresAt: T0 + 60_000 }));
    const set = vi.fn(async (_token: StoredToken | undefined): Promise<void> => undefined);
    const h = harness(() => ok({ access_token: 'unused' }), { store: { get, set } });
    expect(await tokenOf(h.manager)).toEqual({ accessToken: 'from-store', expiresAt: T0 + 60_000 });
    expect(h.request).not.toHaveBeenCalled();
    expect(set).not.toHaveBeenCalled();
  });

  it('writes a new token to the store and reads the store on every call', async () => {
    let current: StoredToken | undefined;
    const get = vi.fn(() => current);
    const set = vi.fn((token: StoredToken | undefined) => {
      current = token;
    });
    const h = harness(() => ok({ access_token: 'fetched', expires_in: 100 }), { store: { get, set } });
    await tokenOf(h.manager);
    expect(set).toHaveBeenCalledTimes(1);
    expect(set).toHaveBeenCalledWith({ accessToken: 'fetched', expiresAt: T0 + 100_000 });
    // Another process replaces the token: this one sees it.
    current = { accessToken: 'other-process', expiresAt: T0 + 100_000 };
    expect((await tokenOf(h.manager)).accessToken).toBe('other-process');
    expect(get).toHaveBeenCalledTimes(2);
    expect(h.request).toHaveBeenCalledTimes(1);
  });

  it('writes undefined to the store on invalidate', async () => {
    let current: StoredToken | undefined = { accessToken: 'stored' };
    const set = vi.fn(async (token: StoredToken | undefined) => {
      current = token;
    });
    const h = harness(() => ok({ access_token: 'x' }), { store: { get: async () => current, set } });
    await h.manager.invalidate('stored');
    expect(set).toHaveBeenCalledWith(undefined);
    expect(current).toBeUndefined();
  });

  it('treats a stored token without expiry as valid', async () => {
    const store = memoryTokenStore();
    store.set({ accessToken: 'forever' });
    const h = harness(() => ok({ access_token: 'x' }), { store });
    h.advance(10 ** 12);
    expect((await tokenOf(h.manager)).accessToken).toBe('forever');
    expect(h.request).not.toHaveBeenCalled();
  });
});
