/**
 * The zod entry (issue 35, generator/emit/emit-zod.ts): for every fixture contract, the package
 * generated with `outputs.zod` compiles under TypeScript 5.9 and 7 (each schema is declared as a
 * `z.ZodType` of the package's own type, so this holds schemas to types), every example value
 * the mocks and the README's quick start would use parses, and over those examples and mutations
 * of them zod's verdict is the package's own generated checks' (validator-code.ts, run yes or no).
 * Mutations: every value replaced by one of another type, by strings that break or meet a
 * format, a pattern or a length, by numbers that break a bound, integrality or `multipleOf`, by
 * bigints and bytes; every field removed, set to `undefined`, an unknown field, a `__proto__` key
 * and an inherited name added; every item removed, the first repeated.
 *
 * The disagreements zod's own rules make are named in DOCUMENTED, with the README section's
 * words (emit-zod.ts); any other fails the test, and each documented one must be met somewhere in
 * the corpus, so the list cannot outlive what it documents.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract, loadContractText } from '../generator/contract.js';
import { endpointNames, typeNames } from '../generator/emit/names.js';
import { mockFixtures } from '../generator/emit/mock-fixtures.js';
import { PACKAGE_COMPILER_OPTIONS } from '../generator/emit/package-options.js';
import { checkModule } from '../generator/emit/validator-code.js';
import { exampleValue } from '../generator/emit/value-example.js';
import { render } from '../generator/generate.js';
import { knowledge, type Direction, type Knowledge } from '../generator/model/knowledge.js';
import type { Contract, Field, TypeRef } from '../generator/model/types.js';
import * as runtime from '../templates/validate.js';
import { fixture, FIXTURES } from './support/corpus.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, type Compiler } from './support/type-tests.js';

const OUT = outDir('zod');

interface Parsed {
  readonly success: boolean;
}
interface Schema {
  safeParse(value: unknown): Parsed;
}
type ZodModule = Readonly<Record<string, Schema | undefined>>;

/** Where a mutation was made: the path to the value changed, and what was put there. */
interface Mutation {
  readonly value: unknown;
  readonly at: string;
  readonly planted: unknown;
  readonly how: 'another type' | 'string' | 'date' | 'number' | 'bytes' | 'removed' | 'undefined' | 'unknown field' | '__proto__ key' | 'inherited name' | 'item removed' | 'item repeated';
}

/**
 * zod's own rules that differ from the validators', as the README section names them; each takes
 * a mutation where ours and zod's verdicts differ and says whether it is that difference.
 */
const DOCUMENTED: Readonly<Record<string, (m: Mutation, ours: boolean, positions: Positions) => boolean>> = {
  "a map's __proto__ key is not read": (m, ours, positions) => !ours && m.how === '__proto__ key' && positions.maps.has(m.at),
};

/** Observed documented disagreements, by name, over the whole corpus. */
const met = new Map<string, number>();

const STRINGS = [
  '',
  'x',
  'not a valid value!',
  'x'.repeat(300),
  '😀😀😀',
  '😀'.repeat(21),
  'é'.repeat(41),
  'a@b',
  'a@b.co',
  "o'hara+tag@mail.example",
  '1.2.3.4',
  '256.1.1.1',
  '::1',
  '::ffff:1.2.3.4',
  '1.2.3.4::',
  'example.com',
  'aGVsbG8=',
  'aGVsbG8',
  '2024-01-01',
  '2024-02-30',
  '12:00:00Z',
  '12:00:00',
  '23:59:60Z',
  '2024-01-01T00:00:00Z',
  '2024-01-01T00:00:00+01:00',
  '2024-01-01t00:00:00z',
  '2024-01-01 00:00:00Z',
  '2016-12-31T23:59:60Z',
  '00000000-0000-0000-0000-000000000000',
  'urn:uuid:00000000-0000-4000-8000-000000000000',
  'https://example.com/a?b=c',
  'mailto:a@b.co',
  'in-progress',
  '__proto__',
];
const NUMBERS: readonly unknown[] = [-1e9, 1e12, 0.5, 0.3, 0, -0, -1, 1, 2 ** 53 + 2, 1e20, 2147483648, Number.NaN, Number.POSITIVE_INFINITY, 5n, 2n ** 70n, -1n];

/** Paths (as `/a/0/b`) of the example whose type is a map: where a `__proto__` key is a map's. */
interface Positions {
  readonly maps: Set<string>;
}

/** A contract for what no fixture has: an ipv6 field, a rule naming a `__proto__` field, a map, a `multipleOf` of 0.1. */
const EDGES = 'edges';
const EDGES_CONTRACT = `contractgen: 1
info: { title: Edges API, version: 1.0.0, package: edges-client }
servers:
  base_url: {}
auth: {}
hosts:
  api: { url: "{base_url}" }
categories:
  failed: {}
types:
  Address:
    kind: object
    fields:
      ip: { type: string, format: ipv6, required: true }
  Pair:
    kind: object
    fields:
      __proto__: { type: string }
      b: { type: string }
    together:
      - [__proto__, b]
  Names:
    kind: map
    values: { type: string }
  Tenth:
    kind: number
    multipleOf: 0.1
endpoints:
  getAddress:
    method: GET
    path: /address
    host: api
    responses:
      "200": { body: Address }
`;

beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'edges.yaml'), EDGES_CONTRACT);
  for (const [name, file] of [...Object.entries(FIXTURES), [EDGES, join(OUT, 'edges.yaml')] as const]) {
    const outcome = await render(file, readFileSync(file, 'utf8'), { outputs: { zod: true } });
    if (outcome.kind !== 'files') throw new Error(`${name} does not render`);
    for (const [path, text] of outcome.files) {
      mkdirSync(dirname(join(OUT, name, path)), { recursive: true });
      writeFileSync(join(OUT, name, path), text);
    }
  }
  // One program over every package, the compilers reading zod's declarations once. Each zod.ts is
  // compiled beside the package's own declarations in dist/ (the other suites compile src/): it
  // is held to the types as a consumer's compiler reads them, and the program stays small.
  for (const name of [...Object.keys(FIXTURES), EDGES]) writeFileSync(join(OUT, name, 'dist', 'zod-typed.ts'), readFileSync(join(OUT, name, 'src', 'zod.ts'), 'utf8'));
  const { rootDir: _rootDir, outDir: _outDir, declaration: _declaration, ...options } = PACKAGE_COMPILER_OPTIONS;
  writeFileSync(join(OUT, 'tsconfig.test.json'), JSON.stringify({ compilerOptions: { ...options, noEmit: true }, include: ['*/dist/zod-typed.ts'] }));
}, 120_000);

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('the zod entry', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('compiles with every schema held to its type: %s', (compiler) => {
    const run = spawnSync(process.execPath, [COMPILERS[compiler], '-p', join(OUT, 'tsconfig.test.json')], { cwd: OUT, encoding: 'utf8', timeout: TYPE_CHECK_TIMEOUT });
    expect(`${run.stdout}${run.stderr}`.trim()).toBe('');
    expect(run.status).toBe(0);
  }, TYPE_CHECK_TIMEOUT);

  for (const [name, file] of Object.entries(FIXTURES)) {
    it(`${name}: examples parse, and zod decides every mutation as the generated checks do`, async () => {
      const loaded = loadContract(file);
      if (!loaded.ok) throw new Error(`${file} does not load`);
      const zod = (await import(pathToFileURL(join(OUT, name, 'dist', 'zod.js')).href)) as ZodModule;
      // The types fixture's zod module is a golden, beside its package's others (test/generate.test.ts renders it without the entry).
      if (name === 'types') await expect(readFileSync(join(OUT, name, 'src', 'zod.ts'), 'utf8')).toMatchFileSnapshot('fixtures/golden/types/src/zod.ts');
      expect([...exampleFailures(loaded.contract, zod), ...endpointFailures(loaded.contract, zod)]).toEqual([]);
      expect(disagreements(loaded.contract, zod)).toEqual([]);
    });
  }

  it('claims its names: a schema another element generates too is refused where it is written; a type named like a schema is not', () => {
    // createPet's body schema is CreatePetBodySchema, which the type CreatePetBody's is too. The
    // type DietSchema (schema DietSchemaSchema) takes nothing of Diet's: types come in as `Types.*`.
    // The validators entry claims the same names (test/validator-code.test.ts): off here.
    const named = readFileSync(fixture('types'), 'utf8').replace(/\ntypes:\n/, '\ntypes:\n  DietSchema:\n    kind: string\n  CreatePetBody:\n    kind: string\n');
    const plain = named.replace(/\nservers:\n/, '\noutputs:\n  validators: false\nservers:\n');
    const source = plain.replace(/\n  validators: false\n/, '\n  validators: false\n  zod: true\n');
    const loaded = loadContractText('types.yaml', source);
    const collisions = loaded.diagnostics.filter((d) => d.code === 'name-collision');
    expect(collisions.map((d) => d.message)).toEqual(["endpoint 'createPet' would generate the export 'CreatePetBodySchema', which type 'CreatePetBody' already generates; rename one of them"]);
    expect(collisions[0]?.line).toBe(source.split('\n').findIndex((l) => l === '  createPet:') + 1);
    // Without the zod entry, the same names are free.
    expect(loadContractText('types.yaml', plain).diagnostics.filter((d) => d.code === 'name-collision')).toEqual([]);
  });

  it('claims its names when a config entry or the API turns it on, not only the contract', async () => {
    const plain = readFileSync(fixture('types'), 'utf8').replace(/\ntypes:\n/, '\ntypes:\n  CreatePetBody:\n    kind: string\n').replace(/\nservers:\n/, '\noutputs:\n  validators: false\nservers:\n');
    expect((await render('types.yaml', plain)).kind).toBe('files');
    const outcome = await render('types.yaml', plain, { outputs: { zod: true } });
    if (outcome.kind !== 'invalid') throw new Error('rendered a package whose zod entry exports CreatePetBodySchema twice');
    expect(outcome.diagnostics.map((d) => [d.code, d.line])).toEqual([['name-collision', plain.split('\n').findIndex((l) => l === '  createPet:') + 1]]);
  });

  it('meets every documented disagreement somewhere in the corpus', () => {
    expect([...met.keys()].sort()).toEqual(Object.keys(DOCUMENTED).sort());
  });

  it('decides ipv6 as the validators do, and disagrees exactly as documented where no fixture goes (a rule naming __proto__, a map with a __proto__ or symbol key)', async () => {
    const zod = (await import(pathToFileURL(join(OUT, EDGES, 'dist', 'zod.js')).href)) as ZodModule;
    const loaded = loadContract(join(OUT, 'edges.yaml'));
    if (!loaded.ok) throw new Error('the edge contract does not load');
    const ours = ourChecks(loaded.contract);
    const verdicts = (type: string, value: unknown) => [ours(type, 'response')(value), zod[typeNames.schema(type)]?.safeParse(value).success];
    expect(verdicts('Address', { ip: '::1' })).toEqual([true, true]);
    expect(verdicts('Address', { ip: '::ffff:1.2.3.4' })).toEqual([true, true]);
    expect(verdicts('Address', { ip: '1.2.3.4::' })).toEqual([false, false]);
    expect(verdicts('Pair', withOwn({ b: 'y' }, '__proto__', 'x'))).toEqual([true, false]);
    expect(verdicts('Pair', { b: 'y' })).toEqual([false, false]);
    expect(verdicts('Pair', {})).toEqual([true, true]);
    expect(verdicts('Names', { a: 'x' })).toEqual([true, true]);
    expect(verdicts('Names', JSON.parse('{"__proto__": 1}'))).toEqual([false, true]);
    expect(verdicts('Names', { [Symbol('s')]: 'x' })).toEqual([true, false]);
    // Not a disagreement: multipleOf as ajv decides it (zod's own takes 0.3 as a multiple of 0.1).
    expect(verdicts('Tenth', 0.5)).toEqual([true, true]);
    expect(verdicts('Tenth', 0.3)).toEqual([false, false]);
  });
});

/** The package's generated checks, by type and direction. */
function ourChecks(contract: Contract): (type: string, direction: Direction) => (value: unknown) => boolean {
  const helpers = Object.fromEntries(Object.entries(runtime).filter(([, v]) => typeof v === 'function'));
  const checks = checkModule(contract);
  const fns = new Function(...Object.keys(helpers), `${checks.code}\nreturn { ${[...new Set(checks.named.values())].join(', ')} };`)(...Object.values(helpers)) as Record<string, (v: unknown) => boolean>;
  return (type, direction) => {
    const fn = fns[checks.named.get(`${direction}:${type}`) ?? ''];
    if (fn === undefined) throw new Error(`no check for ${direction} ${type}`);
    return fn;
  };
}

/** Each named type's schemas: as responses carry it, and as requests send it where they do. */
function typeSchemas(contract: Contract): { type: string; direction: Direction; schema: string }[] {
  const k = knowledge(contract);
  return contract.types.flatMap((t) => {
    const sent = k.typeUsage.get(t.name)?.has('request') === true;
    const input = k.directional.has(t.name);
    return [{ type: t.name, direction: 'response' as const, schema: typeNames.schema(t.name) }, ...(sent ? [{ type: t.name, direction: 'request' as const, schema: typeNames.schema(t.name, input) }] : [])];
  });
}

function exampleFailures(contract: Contract, zod: ZodModule): string[] {
  const ours = ourChecks(contract);
  return typeSchemas(contract).flatMap(({ type, direction, schema }) =>
    examples(contract, type, direction, ours).flatMap(({ value, which }) => {
      return [
        ...(ours(type, direction)(value) ? [] : [`${schema}: ${which} is not of its type to the generated checks (the test's bytes are wrong)`]),
        ...(zod[schema]?.safeParse(value).success === true ? [] : [`${schema}: ${which} does not parse`]),
      ];
    }),
  );
}

/**
 * A type's examples as the client holds them: the mocks' (required fields only); for an object,
 * the same with every optional field of the direction that keeps it valid, so that mutations reach
 * those fields too, and with the fields of the other direction besides (a server's echo, which
 * the checks allow unchecked).
 */
function examples(contract: Contract, type: string, direction: Direction, ours: ReturnType<typeof ourChecks>): { value: unknown; positions: Positions; which: string }[] {
  const k = knowledge(contract);
  const ref: TypeRef = { kind: 'named', name: type };
  const held = (json: unknown, which = 'the example') => {
    const positions: Positions = { maps: new Set() };
    return { value: runtimeValue(k, ref, json, direction, '', ours, positions), positions, which };
  };
  const natural = exampleValue(contract, ref, direction);
  const named = k.type(type);
  if (named?.kind !== 'object' || !isRecord(natural)) return [held(natural)];
  const other: Direction = direction === 'request' ? 'response' : 'request';
  const hidden = (f: Field) => (direction === 'request' ? f.readOnly : f.writeOnly);
  let rich: Readonly<Record<string, unknown>> = natural;
  for (const f of named.fields) {
    if (Object.hasOwn(rich, f.name) || hidden(f)) continue;
    const candidate = withOwn(rich, f.name, exampleValue(contract, f.type, direction));
    if (ours(type, direction)(held(candidate).value)) rich = candidate;
  }
  const echoed = named.fields.filter(hidden).reduce((v, f) => withOwn(v, f.name, exampleValue(contract, f.type, other)), rich);
  return [held(natural), ...(rich === natural ? [] : [held(rich, 'the example with its optional fields')]), ...(echoed === rich ? [] : [held(echoed, 'the example with the fields of the other direction')])];
}

/** Every endpoint's body example and mock success data parse with its schemas; only a streamed or redirected success has none. */
function endpointFailures(contract: Contract, zod: ZodModule): string[] {
  const k = knowledge(contract);
  const ours = ourChecks(contract);
  const failures: string[] = [];
  for (const e of contract.endpoints) {
    const body = e.request?.body;
    if (body !== undefined) {
      const example = runtimeValue(k, body, exampleValue(contract, body, 'request'), 'request', '', ours, { maps: new Set() });
      if (zod[endpointNames.bodySchema(e.id)]?.safeParse(example).success !== true) failures.push(`${e.id}: its body example does not parse`);
    }
    const data = zod[endpointNames.dataSchema(e.id)];
    if (data === undefined) {
      if (!k.redirectsOnly(e) && k.successResponses(e).every((r) => r.stream === undefined)) failures.push(`${e.id}: no data schema`);
      continue;
    }
    const fixtures = mockFixtures(contract).endpoints.find((f) => f.endpoint === e);
    for (const response of [fixtures?.success, fixtures?.lastPage]) {
      if (response === undefined) continue;
      const bytes = k.successBody(e).kind === 'binary';
      const value = response.json !== undefined ? response.json : response.text !== undefined ? (bytes ? new TextEncoder().encode(response.text) : response.text) : undefined;
      // JSON as the client holds it (dates as Dates in a dates package), read as any success's body.
      const held = response.json === undefined ? [value] : k.successResponses(e).flatMap((r) => (r.body === undefined ? [] : [runtimeValue(k, r.body, value, 'response', '', ours, { maps: new Set() })]));
      if (!held.some((v) => data.safeParse(v).success)) failures.push(`${e.id}: its mock success (${response.status}) does not parse`);
    }
  }
  return failures;
}

function disagreements(contract: Contract, zod: ZodModule): string[] {
  const ours = ourChecks(contract);
  const out: string[] = [];
  for (const { type, direction, schema } of typeSchemas(contract)) {
    const check = ours(type, direction);
    for (const { value, positions } of examples(contract, type, direction, ours)) for (const m of mutations(value)) {
      const mine = check(m.value);
      const theirs = zod[schema]?.safeParse(m.value).success === true;
      if (mine === theirs) continue;
      const reason = Object.keys(DOCUMENTED).find((d) => DOCUMENTED[d]?.(m, mine, positions) === true);
      if (reason !== undefined) met.set(reason, (met.get(reason) ?? 0) + 1);
      else out.push(`${schema} at ${m.at || '/'} (${m.how} ${shown(m.planted)}): ours ${mine}, zod ${theirs}`);
    }
  }
  return out;
}

function shown(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Uint8Array) return 'a Uint8Array';
  if (typeof Blob === 'function' && value instanceof Blob) return 'a Blob';
  return JSON.stringify(value)?.slice(0, 60) ?? String(value);
}

/**
 * The example as the client holds it: `binary` as bytes (examples are JSON, where bytes are a
 * placeholder text). Records where the type is a map, for the one documented disagreement that
 * depends on it. A union takes the member the example was made of (its tag, else the first that
 * the generated checks accept).
 */
function runtimeValue(k: Knowledge, ref: TypeRef, value: unknown, direction: Direction, at: string, ours: ReturnType<typeof ourChecks>, positions: Positions): unknown {
  if (value === null || value === undefined) return value;
  const inner = (r: TypeRef, v: unknown, path: string) => runtimeValue(k, r, v, direction, path, ours, positions);
  switch (ref.kind) {
    case 'primitive':
      if (ref.name === 'binary') return new TextEncoder().encode(String(value));
      // A dates package holds a date-time or date as a Date (a date at UTC midnight, as the client reads one).
      return k.contract.outputs.dates === 'Date' && (ref.format === 'date-time' || ref.format === 'date') ? new Date(String(value)) : value;
    case 'named': {
      const type = k.type(ref.name);
      if (type?.kind === 'alias') return inner(type.type, value, at);
      return type?.kind === 'object' ? objectValue(type.fields, value, at, inner) : value;
    }
    case 'object':
      return objectValue(ref.fields, value, at, inner);
    case 'array':
      return Array.isArray(value) ? value.map((v: unknown, i) => inner(ref.items, v, `${at}/${i}`)) : value;
    case 'map':
      positions.maps.add(at);
      return isRecord(value) ? entries(Object.entries(value).map(([key, v]) => [key, inner(ref.values, v, `${at}/${key}`)])) : value;
    case 'union':
      return unionValue(k, ref, value, direction, at, ours, positions);
    default:
      return value;
  }
}

function unionValue(k: Knowledge, ref: Extract<TypeRef, { kind: 'union' }>, value: unknown, direction: Direction, at: string, ours: ReturnType<typeof ourChecks>, positions: Positions): unknown {
  const field = ref.discriminator?.field;
  const tag = field !== undefined && isRecord(value) ? Object.getOwnPropertyDescriptor(value, field)?.value : undefined;
  const tagged = k.discriminatorMapping(ref).find((e) => e.value === tag)?.member;
  if (tagged !== undefined) return runtimeValue(k, { kind: 'named', name: tagged }, value, direction, at, ours, positions);
  for (const member of ref.members) {
    const converted = runtimeValue(k, member, value, direction, at, ours, positions);
    if (member.kind !== 'named' || ours(member.name, direction)(converted)) return converted;
  }
  return value;
}

function objectValue(fields: readonly Field[], value: unknown, at: string, inner: (r: TypeRef, v: unknown, path: string) => unknown): unknown {
  if (!isRecord(value)) return value;
  return entries(Object.entries(value).map(([key, v]) => {
    const field = fields.find((f) => f.name === key);
    return [key, field === undefined ? v : inner(field.type, v, `${at}/${key}`)];
  }));
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array) && !(value instanceof Date) && !(typeof Blob === 'function' && value instanceof Blob);
}

/** An object of own properties, whatever the keys (`__proto__` stays a property). */
function entries(list: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  return Object.fromEntries(list) as Record<string, unknown>;
}

function withOwn(object: Readonly<Record<string, unknown>>, key: string, value: unknown): Record<string, unknown> {
  const copy = entries(Object.entries(object));
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const REMOVE = Symbol('remove');

/** Every mutation of `root` (see the file's comment), each with where it was made. */
function mutations(root: unknown): Mutation[] {
  const out: Mutation[] = [];
  const walk = (v: unknown, at: string, replace: (next: unknown) => unknown): void => {
    const put = (next: unknown, how: Mutation['how']) => out.push({ value: replace(next), at, planted: next, how });
    for (const other of otherTypes(v)) put(other, 'another type');
    if (typeof v === 'string') for (const s of STRINGS) put(s, 'string');
    if (typeof v === 'number' || typeof v === 'bigint') for (const n of NUMBERS) put(n, 'number');
    if (v instanceof Uint8Array || (typeof Blob === 'function' && v instanceof Blob)) for (const b of [new Uint8Array([1, 2]), new Blob(['x']), 'x']) put(b, 'bytes');
    if (v instanceof Date) for (const d of [new Date(Number.NaN), v.toISOString(), v.getTime()]) put(d, 'date');
    if (Array.isArray(v)) walkArray(v, at, replace, walk, out);
    else if (isRecord(v)) walkObject(v, at, replace, walk, out);
  };
  walk(root, '', (next) => next);
  return out;
}

type Walk = (v: unknown, at: string, replace: (next: unknown) => unknown) => void;

function walkArray(v: readonly unknown[], at: string, replace: (next: unknown) => unknown, walk: Walk, out: Mutation[]): void {
  if (v.length > 0) out.push({ value: replace([...v, v[0]]), at, planted: v[0], how: 'item repeated' });
  v.forEach((item, i) => {
    out.push({ value: replace(v.filter((_, j) => j !== i)), at: `${at}/${i}`, planted: undefined, how: 'item removed' });
    walk(item, `${at}/${i}`, (next) => replace(v.map((x, j) => (j === i ? next : x))));
  });
}

function walkObject(v: Readonly<Record<string, unknown>>, at: string, replace: (next: unknown) => unknown, walk: Walk, out: Mutation[]): void {
  out.push({ value: replace(withOwn(v, 'zz_unknown', 1)), at, planted: 1, how: 'unknown field' });
  out.push({ value: replace(withOwn(v, '__proto__', 1)), at, planted: 1, how: '__proto__ key' });
  out.push({ value: replace(withOwn(v, 'toString', 'x')), at, planted: 'x', how: 'inherited name' });
  for (const key of Object.keys(v)) {
    const without = entries(Object.entries(v).filter(([k]) => k !== key));
    out.push({ value: replace(without), at: `${at}/${key}`, planted: undefined, how: 'removed' });
    out.push({ value: replace(withOwn(v, key, undefined)), at: `${at}/${key}`, planted: undefined, how: 'undefined' });
    walk(Object.getOwnPropertyDescriptor(v, key)?.value, `${at}/${key}`, (next) => replace(next === REMOVE ? without : withOwn(v, key, next)));
  }
}

/** Values of other JSON (or JavaScript) types than `v`. */
function otherTypes(v: unknown): unknown[] {
  if (typeof v === 'string') return [12, null, true];
  if (typeof v === 'number' || typeof v === 'bigint') return ['twelve', null];
  if (typeof v === 'boolean') return ['yes', 1];
  if (v === null) return ['null', 0];
  if (Array.isArray(v)) return ['x', {}];
  return ['x', [], null];
}
