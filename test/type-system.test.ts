/**
 * The type system through the generated package (test/fixtures/types): what each construct means
 * in TypeScript, checked by both compilers over a type-test module written beside the package, and
 * what a real client gets from a node:http server on 127.0.0.1 returning each construct.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT as TIMEOUT, typeCheck, writeFixturePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('type-system');

/** Each construct's TypeScript meaning; a `@ts-expect-error` line that compiles fails the check. */
const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import { Diet, Offset, Priority as PriorityValues, Signal } from './index.js';
import type { Diet as DietType } from './index.js';
import type { Animal, Cat, Dog, DogInput, Enclosure, Fish, Labels, Level, Location, Pet, PetInput, Priority, Size, Tags, Tree } from './index.js';

export function nullableIsNotOptional(a: Animal, e: Enclosure): void {
  expectTypeOf(a.nickname).toEqualTypeOf<string | null | undefined>();
  expectTypeOf(e.occupancy).toEqualTypeOf<number | null>();
  // @ts-expect-error occupancy is required, though it may be null
  const missing: Pick<Enclosure, 'occupancy'> = {};
  const none: Pick<Enclosure, 'occupancy'> = { occupancy: null };
  void missing;
  void none;
}

export function readOnlyAndWriteOnly(input: DogInput, output: Animal): void {
  expectTypeOf<DogInput>().not.toHaveProperty('id');
  expectTypeOf<DogInput>().not.toHaveProperty('created_at');
  expectTypeOf<DogInput>().toHaveProperty('keeper_email');
  expectTypeOf<Animal>().not.toHaveProperty('keeper_email');
  expectTypeOf<Dog>().not.toHaveProperty('keeper_email');
  expectTypeOf(output.id).toEqualTypeOf<number | bigint>();
  // @ts-expect-error id is read-only: the server sets it
  output.id = 1;
  // @ts-expect-error requests never carry the read-only id
  const withId: DogInput = { id: 1, name: 'Rex', species: 'dog', good: true };
  const dog: DogInput = { name: 'Rex', species: 'dog', good: true, keeper_email: 'k@example.com' };
  void input;
  void withId;
  void dog;
}

// Animal is only a base, never sent itself: it has no request form.
// @ts-expect-error no AnimalInput: nothing sends an Animal
export type NoAnimalInput = import('./index.js').AnimalInput;

export function discriminatedNarrowing(pet: Pet): string {
  switch (pet.species) {
    case 'dog':
      expectTypeOf(pet).toEqualTypeOf<Dog>();
      return String(pet.good);
    case 'cat':
      expectTypeOf(pet).toEqualTypeOf<Cat>();
      return String(pet.lives);
    case 'fish':
      expectTypeOf(pet).toEqualTypeOf<Fish>();
      return pet.water;
    default: {
      const exhaustive: never = pet;
      return exhaustive;
    }
  }
}

export function exhaustiveWithoutFish(pet: Pet): string {
  switch (pet.species) {
    case 'dog':
    case 'cat':
      return pet.name;
    default: {
      // @ts-expect-error Fish is not handled, so the switch is not exhaustive
      const exhaustive: never = pet;
      return String(exhaustive);
    }
  }
}

export function inputUnion(pet: PetInput): void {
  expectTypeOf<PetInput>().toEqualTypeOf<DogInput | import('./index.js').CatInput | import('./index.js').FishInput>();
  void pet;
}

export function mapsUnderNoUncheckedIndexedAccess(labels: Labels, e: Enclosure): void {
  expectTypeOf(labels['colour']).toEqualTypeOf<string | undefined>();
  // @ts-expect-error a map lookup may miss
  const colour: string = labels['colour'];
  expectTypeOf(e.residents['north']).toEqualTypeOf<(number | bigint)[] | undefined>();
  void colour;
}

export function enums(p: Priority, l: Level, s: Size): void {
  expectTypeOf(p).toEqualTypeOf<1 | 2 | 3>();
  expectTypeOf(Diet.omnivore).toEqualTypeOf<'omnivore'>();
  expectTypeOf(PriorityValues[2]).toEqualTypeOf<2>();
  const diet: DietType = Diet.herbivore;
  // @ts-expect-error the by-name object holds the listed values only
  void Diet.fungivore;
  expectTypeOf(Signal['in-progress']).toEqualTypeOf<'in-progress'>();
  expectTypeOf(Signal['__proto__']).toEqualTypeOf<'__proto__'>();
  expectTypeOf(Signal["it's"]).toEqualTypeOf<"it's">();
  expectTypeOf(Offset['-1']).toEqualTypeOf<-1>();
  void diet;
  // @ts-expect-error a closed integer enum admits its values only
  const four: Priority = 4;
  const thirty: Level = 30;
  const xl: Size = 'XL';
  void four;
  void thirty;
  void xl;
  void l;
  void s;
}

export function arraysUnionsRecursion(t: Tags, loc: Location, tree: Tree, e: Enclosure): void {
  expectTypeOf(t).toEqualTypeOf<string[]>();
  expectTypeOf(loc).toEqualTypeOf<import('./index.js').Point | string | number[]>();
  expectTypeOf(tree.children[0]).toEqualTypeOf<Tree | undefined>();
  expectTypeOf(tree.parent).toEqualTypeOf<Tree | null | undefined>();
  expectTypeOf(e.kind).toEqualTypeOf<'enclosure'>();
  expectTypeOf(e.grid).toEqualTypeOf<number[][] | undefined>();
  // @ts-expect-error const fields take their one value only
  const other: Pick<Enclosure, 'kind'> = { kind: 'cage' };
  void other;
}
`;

beforeAll(async () => {
  await writeFixturePackage('types', OUT, TYPE_TESTS);
});

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('each construct means what docs/contract-format.md says in TypeScript', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TIMEOUT }, (compiler) => {
    expect(typeCheck(OUT, compiler)).toEqual({ output: '', status: 0 });
  });

  it('editors strike through what is deprecated: types, fields and enum values (the language service says so)', () => {
    // Editors draw the strike-through from the language service's suggestion diagnostics marked
    // reportsDeprecated; a consumer reads the package's declarations (dist/*.d.ts).
    const consumer = join(OUT, 'consumer.ts');
    const text = [
      "import { Diet, type Flag, type Animal } from './dist/index.js';",
      'export const gone = Diet.insectivore;',
      'export const kept = Diet.omnivore;',
      'export type F = Flag;',
      'export const legacy = (a: Animal) => a.legacy_code;',
      'export const name = (a: Animal) => a.name;',
      '',
    ].join('\n');
    writeFileSync(consumer, text);
    const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [], noEmit: true };
    const service = ts.createLanguageService({
      getScriptFileNames: () => [consumer],
      getScriptVersion: () => '1',
      getScriptSnapshot: (f) => (ts.sys.fileExists(f) ? ts.ScriptSnapshot.fromString(ts.sys.readFile(f) ?? '') : undefined),
      getCurrentDirectory: () => OUT,
      getCompilationSettings: () => options,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: ts.sys.fileExists,
      readFile: ts.sys.readFile,
      readDirectory: ts.sys.readDirectory,
      directoryExists: ts.sys.directoryExists,
      getDirectories: ts.sys.getDirectories,
    });
    expect(service.getSemanticDiagnostics(consumer).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    const struck = service
      .getSuggestionDiagnostics(consumer)
      .filter((d) => d.reportsDeprecated === true)
      // An import specifier's span takes its `type` keyword too.
      .map((d) => text.slice(d.start, (d.start ?? 0) + (d.length ?? 0)).replace(/^type /, ''));
    expect([...new Set(struck)].sort()).toEqual(['Flag', 'insectivore', 'legacy_code']);
  });

  it('a type-test line that is wrong fails the check (the check can fail)', { timeout: TIMEOUT }, () => {
    const broken = join(OUT, 'src', 'type-tests-broken.ts');
    writeFileSync(broken, "import type { Enclosure } from './index.js';\nexport const e: Pick<Enclosure, 'occupancy'> = {};\n");
    try {
      const run = typeCheck(OUT, 'TS 5.9');
      expect(run.status).not.toBe(0);
      expect(run.output).toContain("Property 'occupancy' is missing");
    } finally {
      rmSync(broken);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Behaviour: a real server, a real client
// ---------------------------------------------------------------------------------------------

const BIG_ID = '9223372036854775807';
const BIG_COUNT = '18446744073709551615';

const ENCLOSURE = `{"id":"6f1c2a9e-3b7d-4c1e-9f2a-1d2e3f4a5b6c","kind":"enclosure","capacity":4,"residents":{"north":[${BIG_ID},2],"south":[]},"occupancy":null,"grid":[[1,2],[3]],"location":[51.5,-0.12],"feeding":{"time":"08:00:00Z"},"notes":{"a":null,"b":"quiet"},"big_count":${BIG_COUNT}}`;

const ROUTES: Record<string, { status: number; body: string }> = {
  'GET /pets': {
    status: 200,
    body: `[{"id":${BIG_ID},"name":"Rex","species":"dog","good":true,"created_at":"2024-01-01T00:00:00Z","nickname":null},{"id":7,"name":"Tom","species":"cat","lives":9,"created_at":"2024-01-01T00:00:00Z","labels":{"colour":"grey"}}]`,
  },
  'GET /pets/42/labels': { status: 200, body: '{"colour":"grey","mood":"calm"}' },
  'GET /enclosures/e1': { status: 200, body: ENCLOSURE },
  'GET /family': { status: 200, body: '{"name":"root","children":[{"name":"leaf","children":[],"parent":null}],"parent":null}' },
  'GET /count': { status: 200, body: BIG_COUNT },
  // The error envelope is a discriminated union (Problem): each member decodes.
  'GET /enclosures/bad': { status: 422, body: '{"type":"input","code":"invalid_enclosure","detail":"No such enclosure id.","errors":[{"field":"enclosure_id","reason":"unknown"}]}' },
  'GET /enclosures/down': { status: 503, body: '{"type":"server","code":"keeper_away","detail":null,"incident":"0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d"}' },
};

const received: { method: string; url: string; body: string }[] = [];
let server: Server;
let base = '';

function handle(req: IncomingMessage, res: ServerResponse): void {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    received.push({ method: req.method ?? '', url: req.url ?? '', body });
    if (req.method === 'POST' && req.url === '/pets') {
      res.writeHead(201, { 'content-type': 'application/json' }).end(body.replace('{', `{"id":${BIG_ID},"created_at":"2024-01-01T00:00:00Z",`));
      return;
    }
    if (req.method === 'POST' && req.url === '/tags') {
      res.writeHead(204).end();
      return;
    }
    const route = ROUTES[`${req.method ?? ''} ${req.url ?? ''}`];
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"not_found","detail":null}');
      return;
    }
    res.writeHead(route.status, { 'content-type': 'application/json' }).end(route.body);
  });
}

interface ClientLike {
  listPets(input?: object): Promise<{ ok: boolean; data?: unknown; error?: unknown }>;
  createPet(input: object): Promise<{ ok: boolean; data?: unknown; error?: unknown }>;
  getPetLabels(input: object): Promise<{ ok: boolean; data?: unknown }>;
  getEnclosure(input: object): Promise<{ ok: boolean; data?: unknown; error?: unknown }>;
  getFamily(input?: object): Promise<{ ok: boolean; data?: unknown }>;
  countAnimals(input?: object): Promise<{ ok: boolean; data?: unknown }>;
  tagAnimals(input: object): Promise<{ ok: boolean; data?: unknown; error?: unknown }>;
}

let client: ClientLike;

describe('a generated client against a node:http server', () => {
  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const entry = pathToFileURL(join(OUT, 'dist', 'index.js')).href;
    const mod = (await import(entry)) as { createClient(options: object): ClientLike };
    client = mod.createClient({ environment: 'live', servers: { zoo_url: base }, maxRetries: 0, timeoutMs: 5_000 });
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("an enum's by-name object holds each value under its own key, __proto__ too, on a plain prototype", async () => {
    const mod = (await import(pathToFileURL(join(OUT, 'dist', 'index.js')).href)) as Record<string, Record<string, unknown>>;
    const signal = mod['Signal'] ?? {};
    expect(Object.getPrototypeOf(signal)).toBe(Object.prototype);
    expect(Object.entries(signal)).toEqual(['in-progress', '__proto__', 'constructor', "it's", '2x'].map((v) => [v, v]));
    expect(Object.entries(mod['Offset'] ?? {}).sort()).toEqual([['-1', -1], ['0', 0], ['1', 1]]);
  });

  it('reads an array of a discriminated union, with nulls and an int64 beyond 2^53 intact', async () => {
    const result = await client.listPets();
    expect(result.ok).toBe(true);
    const pets = result.data as { id: number | bigint; species: string; nickname?: string | null; labels?: Record<string, string> }[];
    expect(pets).toHaveLength(2);
    expect(pets[0]?.id).toBe(BigInt(BIG_ID));
    expect(pets[0]?.nickname).toBeNull();
    expect(pets[1]?.id).toBe(7);
    expect(pets[1]?.labels).toEqual({ colour: 'grey' });
  });

  it('decodes an error envelope that is a union, whichever member answers', async () => {
    const input = await client.getEnclosure({ enclosure_id: 'bad' });
    expect(input.ok).toBe(false);
    expect(input.error).toMatchObject({ host: 'zoo', status: 422, shape: 'problem', code: 'invalid_enclosure', message: 'No such enclosure id.', category: 'client', retryable: false, fields: [{ field: 'enclosure_id', message: 'unknown' }] });
    const server = await client.getEnclosure({ enclosure_id: 'down' });
    expect(server.ok).toBe(false);
    expect(server.error).toMatchObject({ status: 503, shape: 'problem', code: 'keeper_away', category: 'server', retryable: true, fields: [] });
    expect((server.error as { body: unknown }).body).toMatchObject({ type: 'server', incident: '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d' });
  });

  it('reads a map body', async () => {
    const result = await client.getPetLabels({ pet_id: 42 });
    expect(result.data).toEqual({ colour: 'grey', mood: 'calm' });
  });

  it('reads every construct of an object: maps of arrays, nested arrays, untagged unions, nullable map values', async () => {
    const result = await client.getEnclosure({ enclosure_id: 'e1' });
    const e = result.data as Record<string, unknown>;
    expect(e['residents']).toEqual({ north: [BigInt(BIG_ID), 2], south: [] });
    expect(e['occupancy']).toBeNull();
    expect(e['grid']).toEqual([[1, 2], [3]]);
    expect(e['location']).toEqual([51.5, -0.12]);
    expect(e['feeding']).toEqual({ time: '08:00:00Z' });
    expect(e['notes']).toEqual({ a: null, b: 'quiet' });
    expect(e['big_count']).toBe(BigInt(BIG_COUNT));
  });

  it('reads a recursive type and a bare int64 body', async () => {
    const family = await client.getFamily();
    expect(family.data).toEqual({ name: 'root', children: [{ name: 'leaf', children: [], parent: null }], parent: null });
    const count = await client.countAnimals();
    expect(count.data).toBe(BigInt(BIG_COUNT));
  });

  it('sends a union member and an array of int64 (bigint written as its digits)', async () => {
    const created = await client.createPet({ body: { species: 'dog', name: 'Rex', good: true, keeper_email: 'k@example.com' } });
    expect(created.ok).toBe(true);
    expect((created.data as { id: unknown }).id).toBe(BigInt(BIG_ID));
    const tagged = await client.tagAnimals({ body: [BigInt(BIG_ID), 3] });
    expect(tagged.ok).toBe(true);
    expect(received.at(-1)?.body).toBe(`[${BIG_ID},3]`);
  });
});
