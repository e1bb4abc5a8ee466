/**
 * Parameters through the generated package (test/fixtures/params): the input types each place and
 * style gives, checked by both compilers, and the exact bytes a real client puts on the wire for a
 * node:http server on 127.0.0.1, hostile values included.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writeFixturePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('params');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { SearchInput, LabelledInput, Status } from './index.js';

export function requiredAndOptional(input: SearchInput): void {
  expectTypeOf(input.q).toEqualTypeOf<string>();
  expectTypeOf(input.xRequestId).toEqualTypeOf<string>();
  expectTypeOf(input.status).toEqualTypeOf<Status | undefined>();
  expectTypeOf(input.tags).toEqualTypeOf<string[] | undefined>();
  expectTypeOf(input.pageSize).toEqualTypeOf<number | undefined>();
  expectTypeOf(input.colourTheme).toEqualTypeOf<string | undefined>();
  // @ts-expect-error the required query parameter q is missing
  const noQ: SearchInput = { shop_id: 's', xRequestId: 'r' };
  // @ts-expect-error the required header X-Request-Id is missing
  const noHeader: SearchInput = { shop_id: 's', q: 'x' };
  // @ts-expect-error the wire name is not the key
  const wire: SearchInput = { shop_id: 's', q: 'x', xRequestId: 'r', 'page[size]': 5 };
  const least: SearchInput = { shop_id: 's', q: 'x', xRequestId: 'r' };
  void noQ;
  void noHeader;
  void wire;
  void least;
}

export function pathStyles(input: LabelledInput): void {
  expectTypeOf(input.id).toEqualTypeOf<number>();
  expectTypeOf(input.coords).toEqualTypeOf<number[]>();
}
`;

let dist: string;

beforeAll(async () => {
  await writeFixturePackage('params', OUT, TYPE_TESTS);
  dist = pathToFileURL(join(OUT, 'dist', 'index.js')).href;
});

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('parameter input types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    expect(typeCheck(OUT, compiler)).toEqual({ output: '', status: 0 });
  });
});

// ---------------------------------------------------------------------------------------------
// The wire
// ---------------------------------------------------------------------------------------------

interface Seen {
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

type Call = (input: object) => Promise<{ ok: boolean; error?: { category?: string; message?: string } }>;

let server: Server;
const seen: Seen[] = [];
let client: { search: Call; labelled: Call; getShop: Call; setFlag: Call };
let base = '';
let pkg: { createClient(options: object): typeof client };

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push({ url: req.url ?? '', headers: req.headers });
  res.writeHead(200, { 'content-type': 'application/json' }).end(req.url?.includes('/search') === true ? '[]' : '{"id":"1"}');
}

async function last(call: Promise<{ ok: boolean }>): Promise<Seen> {
  const before = seen.length;
  const result = await call;
  expect(result.ok).toBe(true);
  expect(seen.length).toBe(before + 1);
  return seen[seen.length - 1] as Seen;
}

describe('a generated client puts each parameter on the wire as OpenAPI says', () => {
  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    pkg = (await import(dist)) as typeof pkg;
    client = pkg.createClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0 });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('every query style, a header array and cookies, in contract order', async () => {
    const got = await last(
      client.search({
        shop_id: 's1',
        q: 'red shoes',
        status: 'open',
        tags: ['a', 'b'],
        ids: [1, 2, 3],
        words: ['x', 'y'],
        codes: ['p', 'q'],
        window: { from: '2024-01-01', to: '2024-02-01' },
        pageSize: 50,
        next: 'a/b:c?d',
        xRequestId: 'r-1',
        xTrace: ['t1', 't2'],
        session: 's e;s',
        colourTheme: 'dark',
      }),
    );
    expect(got.url).toBe(
      '/shops/s1/search?q=red%20shoes&status=open&tags=a&tags=b&ids=1,2,3&words=x%20y&codes=p|q&window%5Bfrom%5D=2024-01-01&window%5Bto%5D=2024-02-01&page%5Bsize%5D=50&next=a/b:c?d',
    );
    expect(got.headers['x-request-id']).toBe('r-1');
    expect(got.headers['x-trace']).toBe('t1,t2');
    expect(got.headers['cookie']).toBe('session=s%20e%3Bs; theme=dark');
  });

  it('leaves out what is not given', async () => {
    const got = await last(client.search({ shop_id: 's1', q: 'x', xRequestId: 'r' }));
    expect(got.url).toBe('/shops/s1/search?q=x');
    expect(got.headers['cookie']).toBeUndefined();
  });

  it('path styles: simple, label (array) and matrix (exploded object)', async () => {
    const got = await last(client.labelled({ id: 7, coords: [1, 2], point: { from: 'a', to: 'b' } }));
    expect(got.url).toBe('/items/7/.1,2/;from=a;to=b');
  });

  it.each([
    ['../x', '/shops/..%2Fx/search?q='],
    ['?a=b', '/shops/%3Fa%3Db/search?q='],
    ['#frag', '/shops/%23frag/search?q='],
    ['ü日本🎉', `/shops/${encodeURIComponent('ü日本🎉')}/search?q=`],
  ])('a hostile path value %j stays in its segment, and as a query value in its parameter', async (value, prefix) => {
    const got = await last(client.search({ shop_id: value, q: value, xRequestId: 'r' }));
    expect(got.url.startsWith(prefix)).toBe(true);
    const url = new URL(got.url, 'http://h');
    expect(url.pathname.split('/')).toHaveLength(4);
    expect([...url.searchParams]).toEqual([['q', value]]);
  });

  it('a header parameter wins over a default header of any case, the call\'s own header over it; cookies join the default Cookie', async () => {
    const withDefaults = pkg.createClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0, headers: { 'X-Request-Id': 'default', Cookie: 'a=1' } });
    const got = await last(withDefaults.search({ shop_id: 's', q: 'x', xRequestId: 'param', session: 's1' }));
    expect(got.headers['x-request-id']).toBe('param');
    expect(got.headers['cookie']).toBe('a=1; session=s1');
    const own = await last(withDefaults.search({ shop_id: 's', q: 'x', xRequestId: 'param', headers: { 'x-REQUEST-id': 'mine' } }));
    expect(own.headers['x-request-id']).toBe('mine');
  });

  it('boolean, int64 and non-identifier path parameters', async () => {
    const got = await last(client.setFlag({ on: false, itemId: 'i/1', big: 9223372036854775807n }));
    expect(got.url).toBe('/flags/false/i%2F1/9223372036854775807');
  });

  it.each(['.', '..'])('a plain path parameter %j fails the call: URLs resolve it to another path', async (value) => {
    const before = seen.length;
    const result = await client.getShop({ shop_id: value });
    expect(result).toMatchObject({ ok: false, error: { category: 'invalid_request' } });
    expect(seen.length).toBe(before);
  });

  it('a header value with a line break, or a missing required value, fails the call before anything is sent', async () => {
    const before = seen.length;
    const crlf = await client.search({ shop_id: 's', q: 'x', xRequestId: 'r\r\nSet-Cookie: y=1' });
    expect(crlf.ok).toBe(false);
    expect(crlf.error?.category).toBe('invalid_request');
    const missing = await client.search({ shop_id: 's', xRequestId: 'r' });
    expect(missing.ok).toBe(false);
    expect(missing.error?.message).toContain("'q'");
    expect(seen.length).toBe(before);
  });
});
