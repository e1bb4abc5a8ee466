/**
 * An OpenAPI description straight to a working client: test/fixtures/openapi/pets-paged.json (query
 * arrays in three styles, a header parameter, an API key, a cursor-paginated list and a coded error)
 * is generated from directly, then called against a node:http server on 127.0.0.1. The requests on
 * the wire are what the description says; the types are what it says too, under TS 5.9 and TS 7.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';

const DESCRIPTION = 'test/fixtures/openapi/pets-paged.json';
const OUT = outDir('import-behaviour');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import { createBaseClient, listPets, listPetsItems, type Pet } from './index.js';

export async function importedTypes(): Promise<void> {
  const client = createBaseClient({ environment: 'default', auth: { key: 'k' } });
  const result = await listPets(client, { shopId: 's', species: ['cat'] });
  if (result.ok) {
    expectTypeOf(result.data.data).toEqualTypeOf<Pet[]>();
    expectTypeOf(result.response.headers['x-total-count']).toEqualTypeOf<string>();
  } else if (result.error.shape === 'error') {
    expectTypeOf(result.error.code).toEqualTypeOf<'bad_species' | 'bad_cursor' | (string & {})>();
  }
  for await (const item of listPetsItems(client, { shopId: 's', species: ['cat'] })) if (item.ok) expectTypeOf(item.data.tag).toEqualTypeOf<string | null | undefined>();
  // @ts-expect-error species is a required query parameter
  await listPets(client, { shopId: 's' });
  // @ts-expect-error the limit is a number
  await listPets(client, { shopId: 's', species: [], limit: '5' });
}
`;

interface Seen {
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}
interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly response?: { readonly headers: Record<string, string> };
  readonly error?: { readonly code: string; readonly category: string; readonly message: string };
}
interface Package {
  createBaseClient(options: object): unknown;
  listPets(client: unknown, input: object): Promise<Outcome>;
  listPetsItems(client: unknown, input: object, options?: object): AsyncIterableIterator<Outcome>;
}

const PETS = ['Tom', 'Ginger', 'Felix', 'Luna', 'Milo', 'Nala', 'Oscar'].map((name, i) => ({ id: `p${i}`, name, tag: null }));
const seen: Seen[] = [];
let under: PackageUnderTest<Package>;
let base = '';
let pkg: Package;

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push({ url: req.url ?? '', headers: req.headers });
  req.resume();
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.searchParams.getAll('species').includes('dragon')) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'bad_species', message: 'No dragons.' }));
    return;
  }
  const from = Number(url.searchParams.get('cursor') ?? '0');
  const size = Number(url.searchParams.get('limit') ?? '3');
  const next = from + size < PETS.length ? String(from + size) : null;
  res.writeHead(200, { 'content-type': 'application/json', 'x-total-count': String(PETS.length) }).end(JSON.stringify({ data: PETS.slice(from, from + size), next_cursor: next }));
}

function client(): unknown {
  return pkg.createBaseClient({ environment: 'default', servers: { origin: base }, auth: { key: 'secret-key-1' }, maxRetries: 0 });
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(DESCRIPTION, OUT, TYPE_TESTS, handle);
  ({ pkg, base } = under);
});

afterAll(() => under.dispose());

describe('a client generated from an OpenAPI description', () => {
  it('sends each query array in its style, the header parameter and the API key, to the server variable’s URL', async () => {
    const before = seen.length;
    const result = await pkg.listPets(client(), { shopId: 'north/1', species: ['cat', 'dog'], tags: ['a,b', 'c'], sort: ['name', 'age'], xRequestId: 'req-7', limit: 2 });
    expect(result.ok).toBe(true);
    const [request] = seen.slice(before);
    expect(request?.url).toBe('/v1/shops/north%2F1/pets?species=cat&species=dog&tags=a%2Cb,c&sort=name|age&limit=2');
    expect(request?.headers['x-request-id']).toBe('req-7');
    expect(request?.headers['x-api-key']).toBe('secret-key-1');
    expect(result.response?.headers['x-total-count']).toBe('7');
  });

  it('walks the cursor pagination the description implies (pageToken-style parameter and next field), page by page', async () => {
    const before = seen.length;
    const names: unknown[] = [];
    for await (const item of pkg.listPetsItems(client(), { shopId: 's', species: ['cat'], limit: 3 })) names.push(item.ok ? (item.data as { name: string }).name : item.error?.code);
    expect(names).toEqual(PETS.map((p) => p.name));
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/v1/shops/s/pets?species=cat&limit=3', '/v1/shops/s/pets?species=cat&cursor=3&limit=3', '/v1/shops/s/pets?species=cat&cursor=6&limit=3']);
  });

  it('decodes the error by the shape and code table the import inferred', async () => {
    const result = await pkg.listPets(client(), { shopId: 's', species: ['dragon'] });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ code: 'bad_species', category: 'input', message: 'No dragons.', known: true });
  });
});

describe('its types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});
