/**
 * The generated package's mocks, used the way a consuming project tests its own error handling:
 * msw's `setupServer` with the package's handlers, the package's client, and one line per case,
 * `server.use(mocks.getOrder.error('forbidden_means_missing'))`.
 *
 * `runMocks()` answers every call of every endpoint with each of its error fixtures and with its
 * success, and returns a JSON-serialisable summary for test/consumer.test.ts: the mismatches
 * between what the client returned and what the package expects, and a few results in full for
 * the test to check against the contract itself.
 */
import { readFileSync } from 'node:fs';
import { createClient, decodeError, type Client, type ClientOptions, type OrderRequest } from '@orders/client';
import { createMocks, FIXTURES, type EndpointMocks, type MockExpectation } from '@orders/client/mocks';
import { http, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

/** The options of the client under test; the mocks answer on the URLs they lead to. */
export const MOCK_OPTIONS = {
  environment: 'staging',
  servers: { staging_url: 'https://fulfilment.mock.test/api', lastmile_url: 'https://lastmile.mock.test/v1/' },
} as const satisfies ClientOptions<'staging'>;

const ORDER: OrderRequest = {
  origin: { address: { address1: '1 Pickup Street' } },
  destination: { address: { address1: '2 Dropoff Road' } },
  items: [{ name: 'Box' }],
};

/** What the test reads of a result. */
export interface Seen {
  readonly ok: boolean;
  readonly status: number;
  readonly shape?: string;
  readonly code?: string;
  readonly category?: string;
  readonly retryable?: boolean;
  readonly message?: string;
  readonly rules?: readonly string[];
  readonly fields?: readonly string[];
  readonly policy?: string | null;
}

export interface MocksSummary {
  /** Error fixtures sent through the client. */
  readonly checked: number;
  /** `endpoint key: path: expected … got …` for every difference from the package's expectation. */
  readonly mismatches: readonly string[];
  /** Each endpoint's success, as the client returned it. */
  readonly successes: Readonly<Record<string, { readonly ok: boolean; readonly status: number; readonly asFixture: boolean }>>;
  /** A few results in full, by `endpoint key`. */
  readonly samples: Readonly<Record<string, Seen>>;
  /** Host fixtures run through `decodeError` directly, as a project without msw would. */
  readonly decodedWithoutMsw: number;
  /** mocks/fixtures.json holds what FIXTURES holds. */
  readonly jsonMatches: boolean;
}

type AnyResult = Awaited<ReturnType<Client[keyof Client]>>;

function seen(result: AnyResult): Seen {
  if (result.ok) return { ok: true, status: result.response.status };
  const e = result.error;
  return {
    ok: false,
    status: e.status,
    shape: e.shape,
    code: e.code,
    category: e.category,
    retryable: e.retryable,
    message: e.message,
    rules: [...e.rules],
    fields: e.fields.map((f) => f.field),
    policy: e.policy?.name ?? null,
  };
}

/** Where `actual` differs from `expected`, read as `toMatchObject` does: objects by their expected keys, arrays whole. */
function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
    return expected.flatMap((item: unknown, i) => differences(actual[i], item, `${path}.${i}`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null) return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
    const record = actual as Readonly<Record<string, unknown>>;
    return Object.entries(expected).flatMap(([key, value]) => differences(record[key], value, `${path}.${key}`));
  }
  return Object.is(actual, expected) ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

interface Sweep {
  checked: number;
  readonly mismatches: string[];
  readonly samples: Record<string, Seen>;
}

/** Answers `call` with every error fixture of one endpoint in turn. */
async function sweep<K extends string>(server: ReturnType<typeof setupServer>, name: string, mocks: EndpointMocks<HttpHandler, K>, call: () => Promise<AnyResult>, out: Sweep): Promise<void> {
  for (const key of mocks.keys) {
    server.use(mocks.error(key));
    const result = await call();
    server.resetHandlers();
    const expected: MockExpectation = mocks.expected(key);
    out.checked++;
    out.samples[`${name} ${key}`] = seen(result);
    if (result.ok) out.mismatches.push(`${name} ${key}: the call succeeded`);
    else out.mismatches.push(...differences(result.error, expected, `${name} ${key}`));
  }
}

async function successes(client: Client, labelText: string | undefined): Promise<MocksSummary['successes']> {
  const json = (id: keyof typeof FIXTURES.endpoints) => JSON.stringify(FIXTURES.endpoints[id].success.json);
  const token = await client.requestToken({ body: { client_id: 'client-1', client_secret: 'secret-1' } });
  const created = await client.createOrder({ body: ORDER });
  const order = await client.getOrder({ order_id: 'ord-1' });
  const updated = await client.updateOrder({ order_id: 'ord-1', body: { items: [{ name: 'Crate' }] } });
  const ready = await client.markReadyForCollection({ order_id: 'ord-1' });
  const label = await client.getOrderLabel({ order_id: 'ord-1' });
  const entry = (r: AnyResult, asFixture: (data: unknown) => boolean) => ({ ok: r.ok, status: r.ok ? r.response.status : r.error.status, asFixture: r.ok && asFixture(r.data) });
  const sameJson = (id: keyof typeof FIXTURES.endpoints) => (data: unknown) => JSON.stringify(data) === json(id);
  return {
    requestToken: entry(token, sameJson('requestToken')),
    createOrder: entry(created, sameJson('createOrder')),
    getOrder: entry(order, sameJson('getOrder')),
    updateOrder: entry(updated, sameJson('updateOrder')),
    markReadyForCollection: entry(ready, sameJson('markReadyForCollection')),
    getOrderLabel: entry(label, (data) => data instanceof Uint8Array && new TextDecoder().decode(data) === labelText),
  };
}

/** Every host fixture through `decodeError`, compared with its expectation. */
function decodeHostFixtures(out: Sweep): number {
  let count = 0;
  for (const host of ['fulfilment', 'lastmile'] as const) {
    for (const [key, fixture] of Object.entries(FIXTURES.hosts[host])) {
      const body = fixture.json === undefined ? fixture.text : JSON.stringify(fixture.json);
      out.mismatches.push(...differences(decodeError({ host, status: fixture.status, body }), fixture.expect, `decodeError ${host} ${key}`));
      count++;
    }
  }
  return count;
}

export async function runMocks(): Promise<MocksSummary> {
  const mocks = createMocks(http, MOCK_OPTIONS);
  const server = setupServer(...mocks.handlers());
  server.listen({ onUnhandledRequest: 'error' });
  try {
    // A fixed token (no token request before each call) and no retries: one fixture, one response.
    const client = createClient({ ...MOCK_OPTIONS, accessToken: 'token-1', maxRetries: 0 });
    const out: Sweep = { checked: 0, mismatches: [], samples: {} };
    await sweep(server, 'requestToken', mocks.requestToken, () => client.requestToken({ body: { client_id: 'client-1', client_secret: 'secret-1' } }), out);
    await sweep(server, 'createOrder', mocks.createOrder, () => client.createOrder({ body: ORDER }), out);
    await sweep(server, 'getOrder', mocks.getOrder, () => client.getOrder({ order_id: 'ord-1' }), out);
    await sweep(server, 'updateOrder', mocks.updateOrder, () => client.updateOrder({ order_id: 'ord-1', body: {} }), out);
    await sweep(server, 'markReadyForCollection', mocks.markReadyForCollection, () => client.markReadyForCollection({ order_id: 'ord-1' }), out);
    await sweep(server, 'getOrderLabel', mocks.getOrderLabel, () => client.getOrderLabel({ order_id: 'ord-1' }), out);
    const decodedWithoutMsw = decodeHostFixtures(out);
    const jsonFile = readFileSync(new URL(import.meta.resolve('@orders/client/mocks/fixtures.json')), 'utf8');
    return {
      checked: out.checked,
      mismatches: out.mismatches,
      successes: await successes(client, FIXTURES.endpoints.getOrderLabel.success.text),
      samples: out.samples,
      decodedWithoutMsw,
      jsonMatches: JSON.stringify(JSON.parse(jsonFile)) === JSON.stringify(FIXTURES),
    };
  } finally {
    server.close();
  }
}
