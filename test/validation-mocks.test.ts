/**
 * The mocks and the validators (issue 35) agree: every success fixture (and last page) of every
 * fixture contract, JSON or text, passes its endpoint's validators, through the package as generated; and a
 * handler asked to check request bodies answers 400 with the issues of one that is not of its
 * type, through msw and the generated client.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import { layout } from '../generator/emit/layout.js';
import { FIXTURE_CONTRACTS, fixture } from './support/corpus.js';

const TMP = fileURLToPath(new URL('./.tmp/', import.meta.url));
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

interface Issue {
  readonly message: string;
  readonly path: readonly (string | number)[];
}
interface Checker {
  issues(value: unknown): readonly Issue[];
}
type StatusSpec = number | string;
interface EndpointValidators {
  readonly data?: readonly (readonly [StatusSpec, Checker])[];
}
interface SuccessFixture {
  readonly status: number;
  readonly json?: unknown;
  readonly text?: string;
}
interface Fixtures {
  readonly endpoints: Readonly<Record<string, { readonly success: SuccessFixture; readonly lastPage?: SuccessFixture }>>;
}

async function render(file: string): Promise<{ dir: string; load: <T>(path: string) => Promise<T> }> {
  const loaded = loadContractText(file, readFileSync(file, 'utf8'));
  if (!loaded.ok) throw new Error(`${file} does not load`);
  mkdirSync(TMP, { recursive: true });
  const dir = mkdtempSync(join(TMP, 'validation-mocks-'));
  temps.push(dir);
  for (const f of layout(loaded.contract)) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
  }
  return { dir, load: async <T>(path: string) => (await import(/* @vite-ignore */ pathToFileURL(join(dir, path)).href)) as T };
}

const matches = (spec: StatusSpec, status: number) => (typeof spec === 'number' ? spec === status : Math.floor(status / 100) === Number(String(spec)[0]));

describe('every success fixture passes its validators', () => {
  it.each(FIXTURE_CONTRACTS)('%s', async (file) => {
    const { load } = await render(file);
    const validators = await load<{ readonly VALIDATORS: { readonly endpoints: Readonly<Record<string, EndpointValidators>> } }>('dist/validators.js');
    const { FIXTURES } = await load<{ FIXTURES: Fixtures }>('dist/mocks/fixtures.js');
    let checked = 0;
    for (const [id, fixtures] of Object.entries(FIXTURES.endpoints)) {
      const data = Object.hasOwn(validators.VALIDATORS.endpoints, id) ? validators.VALIDATORS.endpoints[id]?.data : undefined;
      for (const success of [fixtures.success, ...(fixtures.lastPage === undefined ? [] : [fixtures.lastPage])]) {
        const check = data?.find(([spec]) => matches(spec, success.status))?.[1];
        // A body read as text is checked as text (in a dates package its date stays a string).
        const body = success.json !== undefined ? success.json : success.text;
        if (check === undefined || body === undefined) continue;
        expect(check.issues(body), `${id} ${success.status}`).toEqual([]);
        checked++;
      }
    }
    // Every contract but those without JSON successes has some: the test cannot pass by checking none.
    if (Object.keys(FIXTURES.endpoints).length > 0 && Object.values(validators.VALIDATORS.endpoints).some((v) => (v.data?.length ?? 0) > 0)) expect(checked).toBeGreaterThan(0);
  });
});

describe('a handler that checks request bodies', () => {
  it('answers 400 with the issues of a body not of its type, and the fixture to a valid one', async () => {
    const { load } = await render(fixture('types'));
    const pkg = await load<{ createClient(o: object): Record<string, (input: object) => Promise<{ ok: boolean; status?: number; error?: { status: number; body?: unknown } }>> }>('dist/index.js');
    const { createMocks } = await load<{ createMocks(http: unknown, target: object): { createPet: { success(o?: object): never }; handlers(): never[] } }>('dist/mocks/index.js');
    const { VALIDATORS } = await load<{ VALIDATORS: object }>('dist/validators.js');
    const target = { environment: 'live', servers: { zoo_url: 'https://zoo.example' } };
    const mocks = createMocks(http, { ...target, validators: VALIDATORS });
    const server = setupServer(mocks.createPet.success({ validateRequests: true }));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const client = pkg.createClient({ ...target, maxRetries: 0 });
      const bad = await client['createPet']?.({ body: { name: 'Rex', species: 'dog', good: 'yes' } });
      expect(bad).toMatchObject({ ok: false, error: { status: 400 } });
      const raw = await fetch('https://zoo.example/pets', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: '', species: 'dog', good: true }) });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toEqual({ message: 'mock: the request body is not of its type', issues: [{ message: 'must be at least 1 characters long', path: ['name'] }] });
      expect(await client['createPet']?.({ body: { name: 'Rex', species: 'dog', good: true } })).toMatchObject({ ok: true, status: 201 });
    } finally {
      server.close();
    }
  });
});
