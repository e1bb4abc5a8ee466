/**
 * Parameters an OpenAPI description lists that are something else to the client
 * (test/fixtures/openapi/param-roles.json): a query or header parameter named like an API-key
 * scheme is that scheme (the key sent once, from the client's credentials, and no input for it),
 * and an `Idempotency-Key` header is the contract's idempotency key (a fresh key per call, the same
 * on its retries). Generated from the description, called against node:http on 127.0.0.1, and
 * type-checked under TS 5.9 and 7.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDescription } from '../generator/import/load-description.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';

const DESCRIPTION = 'test/fixtures/openapi/param-roles.json';
const OUT = outDir('import-param-roles');

const TYPE_TESTS = `
import { createClient } from './index.js';

export async function inputs(): Promise<void> {
  const client = createClient({ environment: 'default', auth: { queryKey: 'k', headerKey: 'h' } });
  await client.listCharges({ limit: 5 });
  // @ts-expect-error the API key is the scheme's, never an input of the call
  await client.listCharges({ api_key: 'k' });
  // @ts-expect-error likewise in a header
  await client.createCharge({ body: { amount: 1 }, xAcmeKey: 'h' });
  // The idempotency key is optional: the client makes one when the caller leaves it out.
  await client.createCharge({ body: { amount: 1 } });
  await client.createCharge({ body: { amount: 1 }, idempotencyKey: 'mine' });
}
`;

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}
interface Outcome {
  readonly ok: boolean;
  readonly status?: number;
}
interface Client {
  listCharges(input: object): Promise<Outcome>;
  createCharge(input: object): Promise<Outcome>;
  getStatus(input: object): Promise<Outcome>;
}
interface Package {
  createClient(options: object): Client;
}

const seen: Seen[] = [];
/** Answers to POST /charges still to give before a 201: each a 503. */
let unavailable = 0;
let under: PackageUnderTest<Package>;

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  req.resume();
  if (req.method === 'POST' && unavailable > 0) {
    unavailable--;
    res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"try again"}');
    return;
  }
  if (req.method === 'POST') {
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"c1","amount":1}');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(req.url?.startsWith('/v1/status') ? '{"up":true}' : '[]');
}

function client(): Client {
  return under.pkg.createClient({ environment: 'default', servers: { origin: under.base }, auth: { queryKey: 'query-key-1', headerKey: 'header-key-1' }, retry: { baseDelayMs: 1, maxDelayMs: 5 } });
}

/** What the calls of `run` sent. */
async function requests(run: () => Promise<unknown>): Promise<Seen[]> {
  const before = seen.length;
  await run();
  return seen.slice(before);
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(DESCRIPTION, OUT, TYPE_TESTS, handle);
});

afterAll(() => under.dispose());

describe('a parameter that duplicates an API-key scheme', () => {
  it('is reported where the description lists it', () => {
    const imported = loadDescription(DESCRIPTION, DESCRIPTION);
    const credentials = imported.warnings.filter((w) => w.cause === 'parameter-is-credential');
    expect(credentials.map((w) => w.pointer)).toEqual(['/paths/~1charges/get/parameters/0', '/paths/~1charges/post/parameters/0', '/paths/~1status/get/parameters/0']);
    expect(credentials[0]?.message).toMatch(/'api_key'.*'queryKey'/);
  });

  it('sends a query key once, from the client’s credentials', async () => {
    const [request, ...more] = await requests(() => client().listCharges({ limit: 5 }));
    expect(more).toEqual([]);
    const query = new URL(request?.url ?? '', 'http://x').searchParams;
    expect(query.getAll('api_key')).toEqual(['query-key-1']);
    expect(query.get('limit')).toBe('5');
  });

  it('sends a header key once, from the client’s credentials', async () => {
    const [request] = await requests(() => client().createCharge({ body: { amount: 1 } }));
    expect(request?.headers['x-acme-key']).toBe('header-key-1');
  });

  it('makes an endpoint the description left without security accept the scheme, so the key is still sent', async () => {
    const [request] = await requests(() => client().getStatus({}));
    expect(new URL(request?.url ?? '', 'http://x').searchParams.getAll('api_key')).toEqual(['query-key-1']);
  });
});

describe('an Idempotency-Key header parameter', () => {
  it('is the contract’s idempotency key', () => {
    const imported = loadDescription(DESCRIPTION, DESCRIPTION);
    expect(imported.result.ok && imported.result.contract.endpoints.find((e) => e.id === 'createCharge')?.params.map((p) => [p.name, p.idempotencyKey])).toEqual([['idempotency-key', true]]);
  });

  it('is filled with a fresh key on each call, the same across the call’s retries', async () => {
    unavailable = 2;
    const first = await requests(async () => expect(await client().createCharge({ body: { amount: 1 } })).toMatchObject({ ok: true, status: 201 }));
    const second = await requests(() => client().createCharge({ body: { amount: 1 } }));
    expect(first.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
    const keys = first.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    expect(second[0]?.headers['idempotency-key']).not.toBe(keys[0]);
  });

  it('is the caller’s own when given', async () => {
    const [request] = await requests(() => client().createCharge({ body: { amount: 1 }, idempotencyKey: 'mine-1' }));
    expect(request?.headers['idempotency-key']).toBe('mine-1');
  });
});

describe('its types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});
