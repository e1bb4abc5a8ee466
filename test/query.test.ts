/**
 * The query entry (issue 36, generator/emit/emit-query.ts, templates/query.ts) with the real
 * `@tanstack/query-core` QueryClient, against a node:http server on 127.0.0.1 serving the paging
 * fixture: a query; an infinite query over three pages of each pagination kind, its next page
 * params exactly what the `<op>Pages` iterators send; a mutation, then invalidation by an
 * operation's key prefix; a failed call's decoded error in `query.state.error`. And the types,
 * under TypeScript 5.9 and 7, with `@tanstack/react-query`'s `useQuery`, `useInfiniteQuery` and
 * `useMutation`: data, error and variables are the call's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InfiniteQueryObserver, MutationObserver, QueryClient, type InfiniteData, type InfiniteQueryObserverResult } from '@tanstack/query-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writeFixturePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('query');

const TYPE_TESTS = `
import { useInfiniteQuery, useMutation, useQuery, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { expectTypeOf } from 'vitest';
import {
  createBaseClient,
  createClient,
  type CreatePaymentData,
  type CreatePaymentError,
  type CreatePaymentInput,
  type ListByCursorData,
  type ListByCursorError,
  type ListByCursorInput,
} from './index.js';
import {
  createPaymentMutationOptions,
  listByCursorInfiniteQueryOptions,
  listByCursorQueryOptions,
  queryKeys,
} from './query.js';

export function hooks(): void {
  const client = createClient({ servers: { api_url: 'http://127.0.0.1:1' } });
  const query = useQuery(listByCursorQueryOptions(client, { limit: 3 }));
  expectTypeOf(query.data).toEqualTypeOf<ListByCursorData | undefined>();
  expectTypeOf(query.error).toEqualTypeOf<ListByCursorError | null>();
  const pages = useInfiniteQuery(listByCursorInfiniteQueryOptions(createBaseClient({ servers: { api_url: 'http://127.0.0.1:1' } })));
  expectTypeOf(pages.data).toEqualTypeOf<InfiniteData<ListByCursorData, ListByCursorInput> | undefined>();
  expectTypeOf(pages.error).toEqualTypeOf<ListByCursorError | null>();
  const create = useMutation(createPaymentMutationOptions(client));
  expectTypeOf(create.data).toEqualTypeOf<CreatePaymentData | undefined>();
  expectTypeOf(create.error).toEqualTypeOf<CreatePaymentError | null>();
  expectTypeOf(create.mutate).parameter(0).toEqualTypeOf<CreatePaymentInput>();
  // The key is tagged: the cache's data of it is the call's data.
  const cached = new QueryClient().getQueryData(listByCursorQueryOptions(client, { limit: 3 }).queryKey);
  expectTypeOf(cached).toEqualTypeOf<ListByCursorData | undefined>();
  expectTypeOf(queryKeys.listByCursor).parameter(0).toEqualTypeOf<ListByCursorInput | undefined>();
  // @ts-expect-error the page size is a number
  listByCursorQueryOptions(client, { limit: '3' });
  // @ts-expect-error a client of this package
  listByCursorQueryOptions({ call: () => undefined }, {});
}
`;

interface Outcome {
  readonly id: string;
}
type Options = Record<string, unknown> & { readonly queryKey: readonly unknown[] };
interface QueryModule {
  readonly queryKeys: Readonly<Record<string, (input?: object) => readonly unknown[]>>;
  readonly [name: string]: unknown;
}
interface Package {
  createClient(options: object): object;
  createBaseClient(options: object): object;
}

let server: Server;
let base = '';
let pkg: Package;
let q: QueryModule;
const seen: string[] = [];
const ITEMS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id }));
let payments = 0;

const PAGED: Record<string, (url: URL) => [number, string, Record<string, string>?]> = {
  '/cursor/items': (url) => {
    if (url.searchParams.get('limit') === '13') return [404, JSON.stringify({ code: 'not_found', message: 'no such list' })];
    const from = Number(url.searchParams.get('cursor') ?? '0');
    const next = from + 3 < ITEMS.length ? String(from + 3) : null;
    return [200, JSON.stringify({ data: ITEMS.slice(from, from + 3), meta: { next_cursor: next } })];
  },
  '/offset/items': (url) => {
    const from = Number(url.searchParams.get('offset') ?? '0');
    return [200, JSON.stringify(ITEMS.slice(from, from + Number(url.searchParams.get('limit') ?? '3')))];
  },
  '/page/items': (url) => {
    const size = Number(url.searchParams.get('per_page') ?? '3');
    const from = (Number(url.searchParams.get('page') ?? '1') - 1) * size;
    return [200, JSON.stringify({ data: ITEMS.slice(from, from + size) })];
  },
  '/link/items': (url) => {
    const from = Number(url.searchParams.get('from') ?? '0');
    const headers: Record<string, string> = {};
    // state=loop: the second page links back to the first, which the walk must not read again.
    if (url.searchParams.get('state') === 'loop' && from === 3) headers.link = '</link/items?state=loop>; rel="next"';
    else if (from + 3 < ITEMS.length) headers.link = `</link/items?${url.searchParams.get('state') === 'loop' ? 'state=loop&' : ''}from=${from + 3}>; rel="next"`;
    return [200, JSON.stringify(ITEMS.slice(from, from + 3)), headers];
  },
  '/payments': () => {
    payments++;
    return [201, JSON.stringify({ id: `p-${payments}` })];
  },
};

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push(`${req.method ?? ''} ${req.url ?? ''}`);
  req.resume();
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const [status, body, headers = {}] = PAGED[url.pathname]?.(url) ?? [404, '{}'];
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

const client = () => pkg.createClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0 });
const options = (name: string, ...args: unknown[]) => (q[name] as (...a: unknown[]) => Options)(...args);

/** An infinite query's observer over the options `name` makes, read to its last page. */
async function readAll(name: string, input: object): Promise<InfiniteQueryObserverResult<InfiniteData<unknown>>> {
  const observer = new InfiniteQueryObserver<unknown, Error, InfiniteData<unknown>, readonly unknown[], unknown>(new QueryClient(), options(name, client(), input) as never);
  await observer.refetch();
  let result = observer.getCurrentResult();
  while (result.hasNextPage) result = await result.fetchNextPage();
  return result;
}

beforeAll(async () => {
  await writeFixturePackage('paging', OUT, TYPE_TESTS, { query: true });
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pkg = (await import(pathToFileURL(join(OUT, 'dist', 'index.js')).href)) as Package;
  q = (await import(pathToFileURL(join(OUT, 'dist', 'query.js')).href)) as QueryModule;
});

it("the paging fixture's query module is its golden (test/fixtures/golden/paging renders without the entry)", async () => {
  await expect(readFileSync(join(OUT, 'src', 'query.ts'), 'utf8')).toMatchFileSnapshot('fixtures/golden/query/paging.ts');
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(OUT, { recursive: true, force: true });
});

describe('query options with a QueryClient', () => {
  it('a query fetches the call, keyed by its parameters under the operation prefix', async () => {
    const queries = new QueryClient();
    const opts = options('listByCursorQueryOptions', client(), { limit: 3, headers: { 'x-trace': 'secret-ish' } });
    expect(opts.queryKey).toEqual(['catalogue-client', 'listByCursor', { limit: 3 }]);
    const data = (await queries.fetchQuery(opts)) as { data: Outcome[] };
    expect(data.data.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(queries.getQueryData(q.queryKeys['listByCursor']?.({ limit: 3 }) ?? [])).toEqual(data);
    expect(q.queryKeys['listByCursor']?.()).toEqual(['catalogue-client', 'listByCursor']);
  });

  it('a failed call puts its decoded error in query.state.error, once (the client retries, TanStack does not)', async () => {
    const queries = new QueryClient();
    const opts = options('listByCursorQueryOptions', client(), { limit: 13 });
    const before = seen.length;
    const error = (await queries.fetchQuery(opts).catch((e: unknown) => e)) as { status: number; message: string };
    expect(error).toMatchObject({ status: 404 });
    expect(queries.getQueryState(opts.queryKey)?.error).toBe(error);
    expect(seen.length - before).toBe(1);
  });

  const KINDS: [string, object, string[]][] = [
    ['listByCursor', { limit: 3 }, ['GET /cursor/items?limit=3', 'GET /cursor/items?cursor=3&limit=3', 'GET /cursor/items?cursor=6&limit=3']],
    ['listByOffset', { limit: 3 }, ['GET /offset/items?limit=3', 'GET /offset/items?offset=3&limit=3', 'GET /offset/items?offset=6&limit=3']],
    ['listByPage', { perPage: 3 }, ['GET /page/items?per_page=3', 'GET /page/items?page=2&per_page=3', 'GET /page/items?page=3&per_page=3']],
    ['listByLink', {}, ['GET /link/items', 'GET /link/items?from=3', 'GET /link/items?from=6']],
  ];
  it.each(KINDS)('%s: an infinite query reads three pages as the iterators would, and knows the last', async (op, input, urls) => {
    const before = seen.length;
    const data = (await readAll(`${op}InfiniteQueryOptions`, input)).data;
    expect(data?.pages).toHaveLength(3);
    expect(seen.slice(before)).toEqual(urls);
    const ids = data?.pages.flatMap((p) => (Array.isArray(p) ? p : (p as { data: Outcome[] }).data)).map((i) => (i as Outcome).id);
    expect(ids).toEqual(ITEMS.map((i) => i.id));
    // Walking the same pages through the iterator sends the same requests.
    const walked = seen.length;
    const iterate = pkg as unknown as Record<string, (c: object, i: object) => AsyncIterableIterator<unknown>>;
    for await (const page of iterate[`${op}Pages`]?.(client(), input) ?? []) void page;
    expect(seen.slice(walked)).toEqual(urls);
  });

  it('an infinite query stops where a Link header leads back to a page already read, as the iterators do', async () => {
    const before = seen.length;
    const result = await readAll('listByLinkInfiniteQueryOptions', { state: 'loop' });
    expect(seen.slice(before)).toEqual(['GET /link/items?state=loop', 'GET /link/items?state=loop&from=3']);
    expect(result.hasNextPage).toBe(false);
  });

  it('a mutation sends the call; invalidating by the operation prefix refetches its queries', async () => {
    const queries = new QueryClient();
    const list = options('listByCursorQueryOptions', client(), { limit: 3 });
    await queries.fetchQuery(list);
    const mutation = new MutationObserver(queries, options('createPaymentMutationOptions', client()) as never);
    const created = await mutation.mutate({ body: { id: 'p' } } as never);
    expect(created).toEqual({ id: `p-${payments}` });
    expect(mutation.getCurrentResult().status).toBe('success');
    await queries.invalidateQueries({ queryKey: q.queryKeys['listByCursor']?.() ?? [] });
    expect(queries.getQueryState(list.queryKey)?.isInvalidated).toBe(true);
  });
});

describe('query types with @tanstack/react-query', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});
