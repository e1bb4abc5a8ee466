/**
 * Success is a 2xx, exactly typed (test/fixtures/success), against a node:http server on 127.0.0.1
 * that negotiates as real servers do: a vendor +json endpoint answers 406 to any other Accept and
 * its problem+json errors only to an Accept that names them; a conditional GET answers 304 to the
 * ETag it gave; a legacy path answers 301 to its new address on the same origin. And the types:
 * `data` is the 2xx body, narrowed by `result.status` where 200 and 201 differ, under both compilers.
 */
import * as http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { fixture } from './support/corpus.js';

const OUT = outDir('success');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { Account, Client, Created, GetAccountInput } from './index.js';

export async function successTypes(client: Client): Promise<void> {
  const account = await client.getAccount({ id: 'a1', ifNoneMatch: '"v1"' });
  if (!account.ok) {
    // A 304 is an error of its own category, never data | undefined.
    if (account.error.category === 'not_modified') expectTypeOf(account.error.status).toEqualTypeOf<number>();
    return;
  }
  expectTypeOf(account.data).toEqualTypeOf<Account>();
  expectTypeOf(account.response.headers.etag).toEqualTypeOf<string>();
  const put = await client.putAccount({ id: 'a1', body: { id: 'a1' } });
  if (!put.ok) return;
  expectTypeOf(put.data).toEqualTypeOf<Account | Created>();
  if (put.status === 201) {
    expectTypeOf(put.data).toEqualTypeOf<Created>();
    expectTypeOf(put.response.status).toEqualTypeOf<201>();
  } else if (put.status === 200) expectTypeOf(put.data).toEqualTypeOf<Account>();
  // The 301 is followed, never data.
  const legacy = await client.getLegacy({ id: 'a1' });
  if (legacy.ok) expectTypeOf(legacy.data).toEqualTypeOf<Account>();
}

export function conditionalOptions(input: GetAccountInput): void {
  expectTypeOf(input.ifNoneMatch).toEqualTypeOf<string | undefined>();
  // @ts-expect-error only an ETag is declared: no If-Modified-Since
  void input.ifModifiedSince;
  // @ts-expect-error a PUT answers no 304
  void ({ id: 'a', body: { id: 'a' }, ifNoneMatch: 'x' } satisfies Parameters<Client['putAccount']>[0]);
}
`;

const VENDOR = 'application/prs.openbanking.opendata.v2.2+json';

interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly status?: number;
  readonly response?: { readonly status: number; readonly headers: Readonly<Record<string, string>> };
  readonly error?: { readonly category: string; readonly status: number; readonly message: string; readonly shape: string };
}
type Call = (input: object) => Promise<Outcome>;
type Client = Record<'getAccount' | 'putAccount' | 'getLegacy', Call>;
interface Package {
  createClient(options: object): Client;
  nodeTransport(module: typeof http): unknown;
}

let under: PackageUnderTest<Package>;
const accepts: string[] = [];

/** Media types an Accept header lists, without their parameters. */
function listed(accept: string | undefined): string[] {
  return (accept ?? '').split(',').map((t) => (t.split(';')[0] ?? '').trim().toLowerCase());
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  req.on('end', () => {
    accepts.push(req.headers.accept ?? '');
    const path = req.url ?? '';
    const send = (status: number, type: string, body: unknown, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': type, ...headers }).end(JSON.stringify(body));
    if (path.startsWith('/accounts/') && req.method === 'GET') {
      if (path === '/accounts/missing') {
        if (!listed(req.headers.accept).includes('application/problem+json')) return void res.writeHead(406).end();
        return send(404, 'application/problem+json', { type: 'https://errors.example/not-found', title: 'No such account' });
      }
      if (!listed(req.headers.accept).includes(VENDOR)) return void res.writeHead(406).end();
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304, { etag: '"v1"' }).end();
      return send(200, `${VENDOR}; charset=utf-8`, { id: 'a1', name: 'Ada' }, { etag: '"v1"' });
    }
    if (path === '/accounts/new' && req.method === 'PUT') return send(201, 'application/json', { id: 'new', location: '/accounts/new' });
    if (path === '/accounts/a1' && req.method === 'PUT') return send(200, 'application/json', { id: 'a1', name: 'Ada' });
    if (path === '/legacy/a1') return send(301, 'application/json', { type: 'moved', title: 'Moved' }, { location: '/moved/a1' });
    if (path === '/moved/a1') return send(200, 'application/json', { id: 'a1', name: 'moved' });
    res.writeHead(500).end();
  });
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(fixture('success'), OUT, TYPE_TESTS, handle);
});

afterAll(() => under.dispose());

describe('success types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

const TRANSPORTS = ['fetch', 'nodeTransport'] as const;

describe.each(TRANSPORTS)('through %s', (transport) => {
  const client = (): Client =>
    under.pkg.createClient({ environment: 'live', servers: { api_url: under.base }, maxRetries: 0, ...(transport === 'fetch' ? {} : { transport: under.pkg.nodeTransport(http) }) });

  it('a vendor +json endpoint: Accept names its type (the server answers 406 to any other), the body is read as JSON', async () => {
    const outcome = await client().getAccount({ id: 'a1' });
    expect(outcome).toMatchObject({ ok: true, data: { id: 'a1', name: 'Ada' }, status: 200, response: { status: 200, headers: { etag: '"v1"' } } });
    expect(listed(accepts.at(-1))).toEqual([VENDOR, 'application/problem+json']);
  });

  it('a problem+json error is asked for after the success type, and decoded with the server’s title', async () => {
    const outcome = await client().getAccount({ id: 'missing' });
    expect(outcome).toMatchObject({ ok: false, error: { status: 404, shape: 'problem', message: 'No such account' } });
  });

  it('a 304 after If-None-Match is the not_modified error, status 304', async () => {
    const outcome = await client().getAccount({ id: 'a1', ifNoneMatch: '"v1"' });
    expect(outcome).toMatchObject({ ok: false, error: { shape: 'client', category: 'not_modified', status: 304 } });
    expect(outcome.data).toBeUndefined();
  });

  it('200 and 201 of different bodies: each read, the status saying which', async () => {
    expect(await client().putAccount({ id: 'a1', body: { id: 'a1' } })).toMatchObject({ ok: true, status: 200, data: { id: 'a1', name: 'Ada' } });
    expect(await client().putAccount({ id: 'new', body: { id: 'new' } })).toMatchObject({ ok: true, status: 201, data: { id: 'new', location: '/accounts/new' } });
  });

  it('a same-origin 301 is followed: its own body is never data, the target’s 2xx is', async () => {
    expect(await client().getLegacy({ id: 'a1' })).toMatchObject({ ok: true, status: 200, data: { id: 'a1', name: 'moved' } });
  });
});
