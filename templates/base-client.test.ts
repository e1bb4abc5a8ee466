/** Retry decisions of the runtime: the contract's idempotency, not only the method, decides. */
import { describe, expect, it } from 'vitest';
import { clientCredentialsFlow } from './auth.js';
import { createRuntime } from './base-client.js';
import { writeBody } from './exchange.js';
import type { EndpointSpec, ErrorTables, FullRuntimeSpec, HostErrorSpec } from './spec.js';
import { shapeRules } from './shape-reader.js';

const tables: ErrorTables = {
  shapes: {},
  categories: { unavailable: { retryable: true }, server: { retryable: false } },
  statusCategories: [{ status: 503, category: 'unavailable' }, { status: '5XX', category: 'server' }],
  policies: {},
  fallbackCategory: 'server',
};
const host: HostErrorSpec = { name: 'api', shapes: [], codes: [], fieldPaths: [] };

function endpoint(idempotent: boolean): EndpointSpec {
  return {
    id: 'submit',
    method: 'POST',
    path: '/submit',
    host: 'api',
    security: [],
    idempotent,
    pathParams: [],
    contentTypes: ['application/json'],
    write: writeBody,
    response: 'json',
    shapes: [],
    quirks: [],
    fieldPaths: [],
  };
}

async function attempts(idempotent: boolean): Promise<{ calls: number; ok: boolean }> {
  const spec: FullRuntimeSpec = { tables, hosts: { api: host }, environments: { live: { api: 'http://127.0.0.1:1' } }, secretFields: [], schemes: {} };
  let calls = 0;
  const runtime = createRuntime(spec, {
    environment: 'live',
    servers: {},
    retry: { baseDelayMs: 1, maxDelayMs: 1 },
    fetch: async () => {
      calls++;
      return calls === 1 ? new Response('', { status: 503 }) : new Response('{"done":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  const result = await runtime.call(endpoint(idempotent), { body: { a: 1 } });
  return { calls, ok: result.ok };
}

describe('retries follow the contract', () => {
  it('retries a POST the contract marks idempotent', async () => {
    expect(await attempts(true)).toEqual({ calls: 2, ok: true });
  });

  it('never retries a POST the contract leaves non-idempotent', async () => {
    expect(await attempts(false)).toEqual({ calls: 1, ok: false });
  });
});

// ---------------------------------------------------------------------------------------------
// accessToken: a fixed token is sent without waiting; a token function is asked on every attempt
// ---------------------------------------------------------------------------------------------

const authTables: ErrorTables = {
  ...tables,
  shapes: shapeRules({ unauthorized: { name: 'unauthorized', present: [], equals: [{ path: ['error'], value: 'unauthorized' }], read: { code: ['error'] }, mirrors: [] } }),
  categories: { ...tables.categories, unauthenticated: { retryable: false } },
  statusCategories: [{ status: 401, category: 'unauthenticated' }, ...tables.statusCategories],
};

const authSpec: FullRuntimeSpec = {
  tables: authTables,
  hosts: { api: { name: 'api', shapes: ['unauthorized'], codes: [], fieldPaths: [] } },
  environments: { live: { api: 'http://127.0.0.1:1' } },
  secretFields: [],
  schemes: { oauth: { type: 'clientCredentials' } },
  tokenFlow: clientCredentialsFlow,
  auth: {
    endpoint: 'token',
    grantField: 'grant_type',
    grants: [],
    token: { accessToken: 'access_token' },
    lifetime: {},
    header: 'Authorization',
    scheme: 'Bearer',
    unauthorized: { status: 401, shape: 'unauthorized', replay: true },
  },
};

const getThing: EndpointSpec = { ...endpoint(true), id: 'getThing', method: 'GET', path: '/things/{id}', pathParams: ['id'], contentTypes: [], security: [['oauth']], shapes: ['unauthorized'] };

/** A fetch that records the Authorization header of each request and answers from a list. */
function recording(answers: readonly (() => Response)[]): { fetch: (url: string, init: RequestInit) => Promise<Response>; sent: (string | undefined)[] } {
  const sent: (string | undefined)[] = [];
  return {
    sent,
    fetch: async (_url, init) => {
      sent.push((init.headers as Record<string, string>).authorization);
      const answer = answers[Math.min(sent.length, answers.length) - 1];
      if (answer === undefined) throw new Error('no answer');
      return answer();
    },
  };
}

const ok = (): Response => new Response('{"done":true}', { status: 200, headers: { 'content-type': 'application/json' } });
const unauthorized = (): Response => new Response('{"error":"unauthorized"}', { status: 401, headers: { 'content-type': 'application/json' } });

describe('accessToken', () => {
  it('sends a fixed token on every call, and does not replay a 401 it cannot renew', async () => {
    const wire = recording([ok, unauthorized]);
    const runtime = createRuntime(authSpec, { environment: 'live', servers: {}, accessToken: 'fixed-token-1', fetch: wire.fetch, maxRetries: 0 });
    expect(await runtime.call(getThing, { id: 'a' })).toMatchObject({ ok: true, data: { done: true } });
    expect(await runtime.call(getThing, { id: 'b' })).toMatchObject({ ok: false, error: { status: 401, shape: 'unauthorized' } });
    expect(wire.sent).toEqual(['Bearer fixed-token-1', 'Bearer fixed-token-1']);
  });

  it('asks a token function on every attempt, sync or async, and replays a 401 once with its next token', async () => {
    const wire = recording([unauthorized, ok]);
    const tokens = ['t-1', 't-2'];
    let asked = 0;
    const accessToken = (): string | Promise<string> => {
      const token = tokens[asked++] ?? 'none';
      return asked % 2 === 0 ? Promise.resolve(token) : token;
    };
    const runtime = createRuntime(authSpec, { environment: 'live', servers: {}, accessToken, fetch: wire.fetch, maxRetries: 0 });
    expect(await runtime.call(getThing, { id: 'a' })).toMatchObject({ ok: true });
    expect(wire.sent).toEqual(['Bearer t-1', 'Bearer t-2']);
  });

  it('returns invalid_request, with the message redacted, when the token function throws', async () => {
    const wire = recording([ok]);
    const accessToken = (): string => {
      throw new Error('vault refused secret-client-secret-77');
    };
    const runtime = createRuntime(authSpec, { environment: 'live', servers: {}, accessToken, credentials: { clientSecret: 'secret-client-secret-77' }, fetch: wire.fetch });
    const result = await runtime.call(getThing, { id: 'a' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', message: 'vault refused [REDACTED]' } });
    expect(wire.sent).toEqual([]);
  });

  it('cancels while it waits for an async token, without sending', async () => {
    const wire = recording([ok]);
    const controller = new AbortController();
    const runtime = createRuntime(authSpec, { environment: 'live', servers: {}, accessToken: () => new Promise<string>(() => undefined), fetch: wire.fetch });
    const pending = runtime.call(getThing, { id: 'a', signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect(wire.sent).toEqual([]);
  });

  it('sends nothing for a signal aborted before the call, with or without auth', async () => {
    const wire = recording([ok]);
    const runtime = createRuntime(authSpec, { environment: 'live', servers: {}, accessToken: 'fixed-token-1', fetch: wire.fetch });
    const controller = new AbortController();
    controller.abort();
    for (const security of [[['oauth']], []]) {
      expect(await runtime.call({ ...getThing, security }, { id: 'a', signal: controller.signal })).toMatchObject({ ok: false, error: { code: 'canceled', status: 0 } });
    }
    expect(wire.sent).toEqual([]);
  });
});
