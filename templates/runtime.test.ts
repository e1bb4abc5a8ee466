/** Retry decisions of the runtime: the contract's idempotency, not only the method, decides. */
import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from './client.js';
import type { ErrorTables, HostErrorSpec } from './decode.js';
import { createRuntime, type FullRuntimeSpec } from './runtime.js';

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
    auth: false,
    idempotent,
    pathParams: [],
    contentTypes: ['application/json'],
    response: 'json',
    successStatuses: [200],
    shapes: [],
    quirks: [],
    fieldPaths: [],
  };
}

async function attempts(idempotent: boolean): Promise<{ calls: number; ok: boolean }> {
  const spec: FullRuntimeSpec = { tables, hosts: { api: host }, environments: { live: { api: 'http://127.0.0.1:1' } }, endpoints: {}, secretFields: [] };
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
