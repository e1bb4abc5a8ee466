/**
 * Pagination and idempotency keys through the generated package (test/fixtures/paging): the page
 * and item iterators of every pagination kind walking ≥ 3 pages of a node:http server on
 * 127.0.0.1 (the exact request URLs asserted), bounded by maxPages, stopped by an AbortSignal, and
 * ending on an error as a value; and an idempotency key generated once per call and sent unchanged
 * on every retry, which makes a POST retried like an idempotent call.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writeFixturePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('paging');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import {
  createBaseClient,
  createClient,
  listByCursorItems,
  listByCursorPages,
  listByPageItems,
  type CreatePaymentInput,
  type ListByCursorError,
  type ListByCursorInput,
  type ListByCursorResult,
  type Item,
  type PageLimitError,
} from './index.js';

export async function pageTypes(): Promise<void> {
  const client = createBaseClient({ environment: 'live', servers: { api_url: 'http://127.0.0.1:1' } });
  for await (const page of listByCursorPages(client, { limit: 2 }, { maxPages: 3 })) {
    if (page.ok) {
      expectTypeOf(page).toEqualTypeOf<Extract<ListByCursorResult, { ok: true }>>();
      expectTypeOf(page.data.data).toEqualTypeOf<Item[]>();
    } else if (page.error.category === 'page_limit') {
      // The last result when maxPages stops a walk with more to read: the next page's input, typed.
      expectTypeOf(page.error).toEqualTypeOf<PageLimitError<ListByCursorInput>>();
      expectTypeOf(page.error.next).toEqualTypeOf<ListByCursorInput>();
    } else expectTypeOf(page.error).toEqualTypeOf<ListByCursorError>();
  }
  // A Client takes the helpers as a BaseClient does; the one environment need not be named.
  const full = createClient({ servers: { api_url: 'http://127.0.0.1:1' } });
  for await (const item of listByCursorItems(full, {})) if (item.ok) expectTypeOf(item.data).toEqualTypeOf<Item>();
  // @ts-expect-error a client is a Client or a BaseClient of this package
  listByCursorItems({ call: () => undefined }, {});
  for await (const item of listByCursorItems(client, {})) if (item.ok) expectTypeOf(item.data).toEqualTypeOf<Item>();
  for await (const item of listByPageItems(client, { perPage: 5 })) if (item.ok) expectTypeOf(item.data.id).toEqualTypeOf<string>();
  // The key is generated per call when left out; a caller may still pass its own.
  const generated: CreatePaymentInput = { body: { id: 'p' } };
  const own: CreatePaymentInput = { body: { id: 'p' }, idempotencyKey: 'k-1' };
  // @ts-expect-error the page size is a number
  listByPageItems(client, { perPage: '5' });
  void generated;
  void own;
}
`;

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}
interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly error?: { readonly status: number; readonly code: string; readonly retryable: boolean };
}
type Iterate = (client: unknown, input: object, options?: object) => AsyncIterableIterator<Outcome>;
interface Package extends Record<string, unknown> {
  createBaseClient(options: object): unknown;
  createClient(options: object): { createPayment(input: object): Promise<Outcome> } & Record<string, unknown>;
}

let dist: string;
let server: Server;
let base = '';
let pkg: Package;
const seen: Seen[] = [];
/** Answers by path; the default one pages a list of seven items three at a time. */
const answers = new Map<string, (req: IncomingMessage, url: URL) => [number, string, Record<string, string>?]>();
const ITEMS = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id }));

function slice(from: number, size: number): { id: string }[] {
  return ITEMS.slice(from, from + size);
}

const PAGED: Record<string, (url: URL) => [number, string, Record<string, string>?]> = {
  '/cursor/items': (url) => {
    const from = Number(url.searchParams.get('cursor') ?? '0');
    const next = from + 3 < ITEMS.length ? String(from + 3) : null;
    return [200, JSON.stringify({ data: slice(from, 3), meta: { next_cursor: next } })];
  },
  '/offset/items': (url) => [200, JSON.stringify(slice(Number(url.searchParams.get('offset') ?? '0'), Number(url.searchParams.get('limit') ?? '3')))],
  '/page/items': (url) => {
    const size = Number(url.searchParams.get('per_page') ?? '3');
    return [200, JSON.stringify({ data: slice((Number(url.searchParams.get('page') ?? '1') - 1) * size, size) })];
  },
  '/link/items': (url) => {
    const from = Number(url.searchParams.get('from') ?? '0');
    const headers: Record<string, string> = {};
    // Relative, absolute and with other relations beside: each must resolve against the page's URL.
    if (from + 3 < ITEMS.length) headers.link = `</link/items?state=${url.searchParams.get('state') ?? ''}&from=${from + 3}>; rel="next", </link/items>; rel="first"`;
    return [200, JSON.stringify(slice(from, 3)), headers];
  },
};

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  req.resume();
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const answer = answers.get(url.pathname)?.(req, url) ?? PAGED[url.pathname]?.(url) ?? [404, '{}'];
  const [status, body, headers = {}] = answer;
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

function baseClient(extra: object = {}): unknown {
  return pkg.createBaseClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0, ...extra });
}

function iterator(name: string): Iterate {
  return pkg[name] as Iterate;
}

async function collect(it: AsyncIterableIterator<Outcome>): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for await (const x of it) out.push(x);
  return out;
}

async function urls<T>(run: () => Promise<T>): Promise<[T, string[]]> {
  const before = seen.length;
  const result = await run();
  return [result, seen.slice(before).map((s) => s.url)];
}

beforeAll(async () => {
  await writeFixturePackage('paging', OUT, TYPE_TESTS);
  dist = pathToFileURL(join(OUT, 'dist', 'index.js')).href;
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pkg = (await import(dist)) as Package;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(OUT, { recursive: true, force: true });
});

describe('page and item types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

const ALL_IDS = ITEMS.map((i) => i.id);

describe('every pagination kind over three pages', () => {
  it('cursor: the next request carries the cursor read from the response body', async () => {
    const [items, sent] = await urls(() => collect(iterator('listByCursorItems')(baseClient(), { limit: 3 })));
    expect(items.map((i) => (i.data as { id: string }).id)).toEqual(ALL_IDS);
    expect(sent).toEqual(['/cursor/items?limit=3', '/cursor/items?cursor=3&limit=3', '/cursor/items?cursor=6&limit=3']);
  });

  it('offset: the offset moves on by the items received until a short page', async () => {
    const [pages, sent] = await urls(() => collect(iterator('listByOffsetPages')(baseClient(), { limit: 3 })));
    expect(pages.map((p) => (p.data as unknown[]).length)).toEqual([3, 3, 1]);
    expect(sent).toEqual(['/offset/items?limit=3', '/offset/items?offset=3&limit=3', '/offset/items?offset=6&limit=3']);
  });

  it('page number: from the first page by one, with the page size under its own wire name', async () => {
    const [items, sent] = await urls(() => collect(iterator('listByPageItems')(baseClient(), { perPage: 3 })));
    expect(items.map((i) => (i.data as { id: string }).id)).toEqual(ALL_IDS);
    expect(sent).toEqual(['/page/items?per_page=3', '/page/items?page=2&per_page=3', '/page/items?page=3&per_page=3']);
  });

  it('Link header: rel="next" resolved against the page it came from, the rest of the input kept', async () => {
    const [items, sent] = await urls(() => collect(iterator('listByLinkItems')(baseClient(), { state: 'open' })));
    expect(items.map((i) => (i.data as { id: string }).id)).toEqual(ALL_IDS);
    expect(sent).toEqual(['/link/items?state=open', '/link/items?state=open&from=3', '/link/items?state=open&from=6']);
  });
});

describe('bounded, cancellable, errors as values', () => {
  it('maxPages stops the walk after that many requests, with a last page_limit error that reads on from where it stopped', async () => {
    const [pages, sent] = await urls(() => collect(iterator('listByCursorPages')(baseClient(), { limit: 1 }, { maxPages: 2 })));
    expect(sent).toEqual(['/cursor/items?limit=1', '/cursor/items?cursor=3&limit=1']);
    expect(pages.map((p) => p.ok)).toEqual([true, true, false]);
    const limit = pages[2]?.error as unknown as { code: string; category: string; message: string; next: Record<string, unknown> };
    expect(limit).toMatchObject({ code: 'page_limit', category: 'page_limit', host: 'api', status: 0, retryable: false });
    expect(limit.message).toContain('maxPages');
    expect(limit.next).toEqual({ limit: 1, cursor: '6' });
    const [, more] = await urls(() => collect(iterator('listByCursorItems')(baseClient(), limit.next)));
    expect(more).toEqual(['/cursor/items?cursor=6&limit=1']);
    expect(() => iterator('listByCursorPages')(baseClient(), {}, { maxPages: 0 })).toThrow(RangeError);
  });

  it('a walk whose last page is at maxPages ends without the page_limit error', async () => {
    const [pages, sent] = await urls(() => collect(iterator('listByCursorPages')(baseClient(), { limit: 3 }, { maxPages: 3 })));
    expect(sent).toHaveLength(3);
    expect(pages.map((p) => p.ok)).toEqual([true, true, true]);
  });

  it('a Link walk stopped by maxPages gives the next URL it would have read, and the helper reads on from it', async () => {
    const [pages] = await urls(() => collect(iterator('listByLinkPages')(baseClient(), { state: 'open' }, { maxPages: 1 })));
    const limit = pages[1]?.error as unknown as { code: string; url: string; next: object };
    expect(limit).toMatchObject({ code: 'page_limit', url: `${base}/link/items?state=open&from=3` });
    const [items, sent] = await urls(() => collect(iterator('listByLinkItems')(baseClient(), limit.next)));
    expect(sent).toEqual(['/link/items?state=open&from=3', '/link/items?state=open&from=6']);
    expect(items.map((i) => (i.data as { id: string }).id)).toEqual(['d', 'e', 'f', 'g']);
  });

  it('an abort between pages ends the walk with a canceled error and no further request', async () => {
    const controller = new AbortController();
    const [pages, sent] = await urls(async () => {
      const out: Outcome[] = [];
      for await (const page of iterator('listByPagePages')(baseClient(), { perPage: 3 }, { signal: controller.signal })) {
        out.push(page);
        controller.abort();
      }
      return out;
    });
    expect(sent).toEqual(['/page/items?per_page=3']);
    expect(pages.map((p) => p.ok)).toEqual([true, false]);
    expect(pages[1]?.error?.code).toBe('canceled');
  });

  it('an abort during a request cancels it: the page is a canceled error, not a throw', async () => {
    const controller = new AbortController();
    answers.set('/offset/items', () => (controller.abort(), [200, '[]']));
    try {
      const pages = await collect(iterator('listByOffsetPages')(baseClient(), {}, { signal: controller.signal }));
      expect(pages).toHaveLength(1);
      expect(pages[0]).toMatchObject({ ok: false });
    } finally {
      answers.delete('/offset/items');
    }
  });

  it('a failing page is the last result: the loop ends without throwing', async () => {
    answers.set('/cursor/items', (_req, url) => (url.searchParams.has('cursor') ? [503, '{"message":"down"}'] : PAGED['/cursor/items']!(url)));
    try {
      const [items, sent] = await urls(() => collect(iterator('listByCursorItems')(baseClient(), { limit: 3 })));
      expect(items.map((i) => i.ok)).toEqual([true, true, true, false]);
      expect(items[3]?.error?.status).toBe(503);
      expect(sent).toHaveLength(2);
    } finally {
      answers.delete('/cursor/items');
    }
  });

  it('a cursor the server repeats, or a Link to the page just read, ends the walk', async () => {
    answers.set('/cursor/items', () => [200, JSON.stringify({ data: slice(0, 1), meta: { next_cursor: 'same' } })]);
    answers.set('/link/items', () => [200, '[]', { link: '</link/items?state=x>; rel=next' }]);
    try {
      const [, cursorSent] = await urls(() => collect(iterator('listByCursorPages')(baseClient(), {})));
      expect(cursorSent).toEqual(['/cursor/items', '/cursor/items?cursor=same']);
      const [, linkSent] = await urls(() => collect(iterator('listByLinkPages')(baseClient(), { state: 'x' })));
      expect(linkSent).toEqual(['/link/items?state=x']);
    } finally {
      answers.delete('/cursor/items');
      answers.delete('/link/items');
    }
  });

  it('a Link to another host is not followed', async () => {
    answers.set('/link/items', () => [200, '[]', { link: '<http://203.0.113.9/steal>; rel="next"' }]);
    try {
      const [pages, sent] = await urls(() => collect(iterator('listByLinkPages')(baseClient(), {})));
      expect(sent).toEqual(['/link/items']);
      expect(pages.at(-1)).toMatchObject({ ok: false });
    } finally {
      answers.delete('/link/items');
    }
  });
});

describe('through a Client', () => {
  it('the page and item helpers take a createClient object as they take a BaseClient', async () => {
    const client = pkg.createClient({ servers: { api_url: base }, maxRetries: 0 });
    const [items, sent] = await urls(() => collect(iterator('listByPageItems')(client, { perPage: 3 })));
    expect(items.map((i) => (i.data as { id: string }).id)).toEqual(ALL_IDS);
    expect(sent).toEqual(['/page/items?per_page=3', '/page/items?page=2&per_page=3', '/page/items?page=3&per_page=3']);
    // Its runtime is carried out of sight: the client shows its methods alone.
    expect(Object.keys(client).sort()).toEqual(['createPayment', 'listByCursor', 'listByLink', 'listByOffset', 'listByPage']);
    expect(JSON.stringify(client)).toBe('{}');
  });

  it('refuses an object that is no client of the package, at the call', () => {
    expect(() => iterator('listByPageItems')({ listByPage: () => undefined }, {})).toThrow(new TypeError('not a client made by createClient or createBaseClient'));
  });
});

describe('plain query parameters (written by the exchange without params.ts) read values as the serialiser does', () => {
  it('encodes sub-delimiters, sends booleans and bigints as text, leaves null out, and refuses an array', async () => {
    const client = pkg.createBaseClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0 });
    const call = pkg['listByCursor'] as (c: unknown, input: object) => Promise<Outcome & { error?: { message?: string } }>;
    const [, sent] = await urls(() => call(client, { cursor: "a b!'()*&x=1", limit: null }));
    expect(sent).toEqual(['/cursor/items?cursor=a%20b%21%27%28%29%2A%26x%3D1']);
    const [, big] = await urls(() => call(client, { cursor: 9007199254740993n, limit: true }));
    expect(big).toEqual(['/cursor/items?cursor=9007199254740993&limit=true']);
    const [refused, none] = await urls(() => call(client, { limit: [1, 2] }));
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_request', message: "query parameter 'limit' cannot be an array" } });
    expect(none).toEqual([]);
  });
});

describe('idempotency keys', () => {
  it('one key per call, the same on every retry, makes a POST retried on 503', async () => {
    let attempts = 0;
    answers.set('/payments', () => (++attempts <= 2 ? [503, '{"message":"busy"}', { 'retry-after': '0' }] : [201, '{"id":"p1"}']));
    try {
      const client = pkg.createClient({ environment: 'live', servers: { api_url: base }, maxRetries: 3, retry: { baseDelayMs: 1, maxDelayMs: 2 } });
      const before = seen.length;
      const first = await client.createPayment({ body: { id: 'p1' } });
      const keys = seen.slice(before).map((s) => s.headers['idempotency-key']);
      expect(first.ok).toBe(true);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
      expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // A second call is another logical operation: a new key.
      attempts = 10;
      const again = seen.length;
      await client.createPayment({ body: { id: 'p2' } });
      expect(seen[again]?.headers['idempotency-key']).not.toBe(keys[0]);
      // A caller's own key is sent as given, and kept across retries too.
      attempts = 0;
      const own = seen.length;
      await client.createPayment({ body: { id: 'p3' }, idempotencyKey: 'caller-key-1' });
      expect(seen.slice(own).map((s) => s.headers['idempotency-key'])).toEqual(['caller-key-1', 'caller-key-1', 'caller-key-1']);
    } finally {
      answers.delete('/payments');
    }
  });
});
