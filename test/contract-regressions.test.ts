/**
 * Minimal contracts, each reduced from a random contract that failed a property of
 * test/property.test.ts or test/fuzz/contracts.fuzz.ts. All are valid by the schema and
 * docs/contract-format.md; each must validate, render, type-check under the package's own
 * tsconfig, and declare every exported name once.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { loadContractText } from '../generator/contract.js';
import { loadInputText } from '../generator/input.js';
import { render } from '../generator/generate.js';
import { sourceNames } from './support/contract-properties.js';
import { typecheckPackage } from './support/typecheck-package.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const HEAD = 'contractgen: 1\ninfo: { title: T, version: 1.0.0, package: t }\n';

/** Renders, type-checks and returns every problem found, as text. */
async function problems(source: string): Promise<string[]> {
  let loaded;
  try {
    loaded = loadContractText('contract.yaml', source);
  } catch (e) {
    return [`the validator crashes: ${e instanceof Error ? e.message : String(e)}`];
  }
  if (!loaded.ok) return loaded.diagnostics.map((d) => `rejected: ${d.message} [${d.code}]`);
  const rendered = await render('contract.yaml', source);
  if (rendered.kind !== 'files') return ['render rejects it'];
  const names = sourceNames(rendered.files);
  return [...typecheckPackage(rendered.files).map((e) => `does not type-check: ${e}`), ...names.duplicates.map((d) => `declared twice (merged): ${d}`)];
}

/** Renders a valid contract; its files. */
async function files(source: string): Promise<ReadonlyMap<string, string>> {
  const rendered = await render('contract.yaml', source);
  if (rendered.kind !== 'files') throw new Error(`render gives ${rendered.kind}`);
  return rendered.files;
}

/** The package's files with `src/use.ts` (a consumer's code) beside its sources, type-checked: what the compiler says. */
function typecheckWith(rendered: ReadonlyMap<string, string>, use: string): string[] {
  return typecheckPackage(new Map([...rendered, ['src/use.ts', use]]));
}

/** The validator refuses the contract with positioned errors of this code (and no others; warnings, such as no-auth-scheme, aside). */
function expectRejected(source: string, code: string): void {
  const loaded = loadContractText('contract.yaml', source);
  expect(loaded.ok).toBe(false);
  const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
  expect(errors.map((d) => d.code)).toEqual(errors.map(() => code));
  for (const d of errors) expect(d.line, d.message).toBeGreaterThan(0);
}

describe('minimal reproductions', () => {
  it('an auth scheme named like an Object.prototype member (constructor) is refused where it is named', () => {
    // From test/fuzz/contracts.fuzz.ts: the SCHEMES table's `constructor` entry took the type of
    // Object's own member, so the package did not compile; hosts, shapes and the rest were refused already.
    const source = `${HEAD}auth:\n  constructor: { type: apiKey, in: header, name: X-Key }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping:\n    method: GET\n    path: /ping\n    host: api\n    auth: [constructor]\n    responses: { "200": { description: Pong. } }\n`;
    expectRejected(source, 'reserved-name');
    expect(loadContractText('contract.yaml', source).diagnostics[0]).toMatchObject({ line: 4, col: 3 });
  });

  it('a shape whose match path goes through __proto__: a key of that name in the mocks and the OpenAPI schema, and Object.prototype untouched', async () => {
    // From test/fuzz/contracts.fuzz.ts: the mock body was built by assignment, which walked into
    // Object.prototype (every later contract of the run then failed validation) and looped.
    const source = `${HEAD}hosts:\n  api:\n    url: "https://api.example.com"\n    errors: { shapes: [odd] }\nshapes:\n  odd:\n    match: { present: [__proto__.x.status] }\n    read: { code: __proto__.x.code }\nendpoints:\n  ping:\n    method: GET\n    path: /ping\n    host: api\n    responses:\n      "200": { description: Pong. }\n      "400": { description: Bad., shape: odd }\n`;
    const prototype = Object.getOwnPropertyNames(Object.prototype).join();
    const rendered = await render('contract.yaml', source);
    expect(Object.getOwnPropertyNames(Object.prototype).join()).toBe(prototype);
    if (rendered.kind !== 'files') throw new Error(rendered.kind);
    const fixtures = JSON.parse(rendered.files.get('mocks/fixtures.json') ?? '') as { shapes?: unknown };
    expect(JSON.stringify(fixtures)).toContain('"__proto__":{"x":{"status":{}');
    expect(rendered.files.get('openapi.yaml')).toMatch(/required: \[__proto__\]\n\s+properties:\n\s+__proto__:/);
    expect(await problems(source)).toEqual([]);
  });

  it('a code named constructor (a mock fixture key): the fixture records of every endpoint compile', async () => {
    // From test/fuzz/contracts.fuzz.ts (15 of the default seed's 300): each endpoint's `expect`
    // record, typed Partial<Record<FixtureKey, …>>, was no such record without a `constructor` entry:
    // TypeScript reads a key a literal leaves out as Object's member of that name.
    const source = `${HEAD}hosts:\n  api:\n    url: "https://api.example.com"\n    errors:\n      shapes: [problem]\n      codes: { shape: problem, rows: [{ status: 400, code: constructor }, { status: 404, code: __proto__ }] }\nshapes:\n  problem: { match: { present: [code] }, read: { code: code } }\ncategories: { client: {} }\nstatusCategories: { 4XX: client }\nendpoints:\n  ping:\n    method: GET\n    path: /ping\n    host: api\n    responses: { "200": { description: Pong. } }\n`;
    expect(await problems(source)).toEqual([]);
    const fixtures = JSON.parse((await files(source)).get('mocks/fixtures.json') ?? '') as { hosts: { api: object } };
    expect(Object.keys(fixtures.hosts.api)).toEqual(['constructor', '__proto__']);
  });

  it('optional fields named like members of Object (constructor, toString, hasOwnProperty, valueOf): the success fixture and a literal that leave them out compile', async () => {
    // TypeScript gave `{ name: 'x' }` the `constructor` of Object, a Function, so it was no
    // `{ name: string; constructor?: string }`: the mocks' success fixture did not compile, nor
    // did a caller's request body without those fields.
    const source = `${HEAD}hosts:\n  api: { url: "https://api.example.com" }\ntypes:\n  Thing:\n    kind: object\n    fields:\n      name: { type: string, required: true }\n      constructor: { type: string }\n      toString: { type: integer }\n      hasOwnProperty: { type: boolean }\n      valueOf: { type: object, fields: { constructor: { type: string } } }\n    together: [[toString, hasOwnProperty]]\nendpoints:\n  putThing: { method: PUT, path: /thing, host: api, params: { constructor: { in: query, type: string } }, request: { body: Thing }, responses: { "200": { body: Thing } } }\n`;
    expect(await problems(source)).toEqual([]);
    const use = "import type { PutThingInput, Thing } from './index.js';\nexport const thing: Thing = { name: 'x' };\nexport const input: PutThingInput = { body: { name: 'x', valueOf: {} } };\nexport const both: Thing = { name: 'x', constructor: 'c', toString: 1, hasOwnProperty: true };\n// @ts-expect-error a field still has its type\nexport const wrong: Thing = { name: 'x', constructor: 1 };\n";
    expect(typecheckWith(await files(source), use)).toEqual([]);
  });

  it('a together group of fields named toString and valueOf: the OpenAPI export keeps both (it crashed on Object.prototype.toString)', async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://api.example.com" }\ntypes:\n  Pair:\n    kind: object\n    fields: { toString: { type: string }, valueOf: { type: string }, __proto__: { type: string, required: true } }\n    together: [[toString, valueOf]]\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { body: Pair } } }\n`;
    const openapi = (await files(source)).get('openapi.yaml') ?? '';
    expect(openapi).toMatch(/dependentRequired:\s+toString: \[valueOf\]\s+valueOf: \[toString\]/);
    expect(openapi).toMatch(/required: \[__proto__\]\n\s+properties:\n\s+toString: .*\n\s+valueOf: .*\n\s+__proto__:/);
    expect(await problems(source)).toEqual([]);
  });

  it('a path placeholder named like an Object member (toString) without its entry is undeclared, not found on Object', () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: "/things/{toString}", host: api, params: { q: { in: query } }, responses: { "200": { description: Pong. } } }\n`;
    // With other parameters declared: `params.toString` was Object's method, and the contract passed.
    expectRejected(source, 'undeclared-path-parameter');
  });

  it('a server variable or a credential named like an Object member is refused where it is named (client options the runtime reads by name)', () => {
    const variable = `${HEAD}servers:\n  constructor: { default: "https://api.example.com" }\nhosts:\n  api: { url: "{constructor}" }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { description: Pong. } } }\n`;
    expectRejected(variable, 'reserved-name');
    expect(loadContractText('contract.yaml', variable).diagnostics.find((d) => d.severity === 'error')).toMatchObject({ line: 4, col: 3 });
    const credential = `${HEAD}auth:\n  oauth:\n    type: oauth2\n    flow: clientCredentials\n    endpoint: token\n    grantField: grant_type\n    grants: { client_credentials: { default: true, send: { client_id: toString } } }\n    token: { accessToken: access_token }\nshapes:\n  unauthorized: { match: { present: [error] }, read: { code: error } }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  token: { method: POST, path: /token, host: api, responses: { "200": { description: A token. } } }\n`;
    expectRejected(credential, 'reserved-name');
  });

  it("requiredWhen on a field that is no string (untyped-condition): the success fixture does not write the rule's text into it", async () => {
    // From test/fuzz/contracts.fuzz.ts (9 of the default seed's 300): the fixture set `size` to
    // 'large', a string where the type holds an object, and the mocks did not compile.
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  Parcel:\n    kind: object\n    fields:\n      size: { type: object, fields: { width: { type: number } } }\n      note: { type: string }\n    requiredWhen:\n      - { when: { size: large }, require: [note] }\nendpoints:\n  get: { method: GET, path: /parcel, host: api, responses: { "200": { body: Parcel } } }\n`;
    expect(await problems(source)).toEqual([]);
    const fixtures = JSON.parse((await files(source)).get('mocks/fixtures.json') ?? '') as { endpoints: { get: { success: { json: unknown } } } };
    expect(fixtures.endpoints.get.success.json).toEqual({});
  });

  it('together groups that share a field ([a, b] and [c, a], c required): the success fixture completes both', async () => {
    // From test/fuzz/contracts.fuzz.ts: the second group brought in `a` after the first was looked
    // at, so the fixture had `a` without `b`, which the first group's type forbids.
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  Pair:\n    kind: object\n    fields: { a: { type: string }, b: { type: integer }, c: { type: boolean, required: true } }\n    together: [[a, b], [c, a]]\nendpoints:\n  get: { method: GET, path: /pair, host: api, responses: { "200": { body: Pair } } }\n`;
    expect(await problems(source)).toEqual([]);
    const fixtures = JSON.parse((await files(source)).get('mocks/fixtures.json') ?? '') as { endpoints: { get: { success: { json: object } } } };
    expect(Object.keys(fixtures.endpoints.get.success.json).sort()).toEqual(['a', 'b', 'c']);
  });

  it("the format's smallest valid contract (no types) passes the generator's own strict check", async () => {
    const smallest = `${HEAD}hosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping:\n    method: GET\n    path: /ping\n    host: api\n    responses: { "200": { description: Pong. } }\n`;
    expect(await problems(smallest)).toEqual([]);
  });

  it('a host named like an Object.prototype member (toString) in a contract whose environments list urls', async () => {
    const source = `${HEAD}hosts:\n  toString: { url: "https://a.example" }\nenvironments:\n  prod: { urls: {} }\nendpoints:\n  ping: { method: GET, path: /ping, host: toString, responses: { "200": {} } }\n`;
    // Refused with a positioned diagnostic (it used to crash the validator).
    expectRejected(source, 'reserved-name');
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-regression-'));
    try {
      writeFileSync(join(dir, 'c.yaml'), source);
      const err: string[] = [];
      const code = await main(['validate', join(dir, 'c.yaml')], { out: () => undefined, err: (l) => err.push(l), cwd: process.cwd() });
      expect(code, err.join('\n')).toBe(1);
      // After the contract's warning (it declares no auth scheme).
      expect(err.find((line) => !line.includes('[no-auth-scheme]') && /^\S/.test(line))).toMatch(/c\.yaml:4:3: host 'toString' is the name of a built-in JavaScript object member/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const twoHosts = `${HEAD}hosts:\n  api: { url: "https://a.example" }\n  Api: { url: "https://b.example" }\ntypes:\n  T: { kind: object, fields: {} }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { body: T } } }\n`;

  it('two hosts whose names differ only in case (api, Api)', async () => {
    expectRejected(twoHosts, 'name-collision');
  });

  it('generate never exits 0 with a package that does not compile or load (api, Api)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-regression-'));
    try {
      writeFileSync(join(dir, 'c.yaml'), twoHosts);
      const out = join(dir, 'out');
      const code = await main(['generate', '--contract', join(dir, 'c.yaml'), '--out', out], { out: () => undefined, err: () => undefined, cwd: process.cwd() });
      if (code !== 0) return;
      const tsc = spawnSync(process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '--strict', '--noEmit', '-p', join(out, 'tsconfig.json')], { encoding: 'utf8', timeout: 120_000 });
      expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
      await expect(import(/* @vite-ignore */ pathToFileURL(join(out, 'dist', 'index.js')).href)).resolves.toBeDefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('an endpoint with the name of its host (orders)', async () => {
    const source = `${HEAD}hosts:\n  orders: { url: "https://a.example" }\ntypes:\n  T: { kind: object, fields: {} }\nendpoints:\n  orders: { method: GET, path: /orders, host: orders, responses: { "200": { body: T } } }\n`;
    expectRejected(source, 'name-collision');
  });

  it("an endpoint whose operation function would shadow a package export (decodeError), or a host's decoder (decodeApiError)", async () => {
    for (const id of ['decodeError', 'createBaseClient', 'decodeApiError']) {
      const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  T: { kind: object, fields: {} }\nendpoints:\n  ${id}: { method: GET, path: /t, host: api, responses: { "200": { body: T } } }\n`;
      expectRejected(source, 'name-collision');
    }
  });

  it("types named Operation and OptionalOperation (client.ts's private aliases): the package and its declarations compile", async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  Operation: { kind: object, fields: { id: { type: string } } }\n  OptionalOperation: { kind: object, fields: { id: { type: string } } }\nendpoints:\n  getOperation: { method: GET, path: "/ops/{id}", host: api, params: { id: { type: string } }, responses: { "200": { body: Operation } } }\n  listOperations: { method: GET, path: /ops, host: api, responses: { "200": { body: OptionalOperation } } }\n`;
    expect(await problems(source)).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-regression-'));
    try {
      writeFileSync(join(dir, 'c.yaml'), source);
      const out = join(dir, 'out');
      expect(await main(['generate', '--contract', join(dir, 'c.yaml'), '--out', out], { out: () => undefined, err: () => undefined, cwd: process.cwd() })).toBe(0);
      // The declarations as a consumer's tsc reads them: index.d.ts re-exports types.d.ts and client.d.ts.
      writeFileSync(join(dir, 'use.ts'), "import type { Operation, OptionalOperation } from './out/dist/index.js';\nexport type Both = [Operation, OptionalOperation];\n");
      const tsc = spawnSync(process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '--strict', '--noEmit', '--skipLibCheck', 'false', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--target', 'ES2022', '--lib', 'ES2022,DOM', join(dir, 'use.ts')], { encoding: 'utf8', timeout: 120_000 });
      expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('an endpoint whose function name a module cannot export (eval, arguments) or should not (then)', async () => {
    for (const id of ['eval', 'arguments', 'then']) {
      const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  T: { kind: object, fields: {} }\nendpoints:\n  ${id}: { method: GET, path: /t, host: api, responses: { "200": { body: T } } }\n`;
      expectRejected(source, 'reserved-name');
    }
  });

  it('an enum whose object of values a module cannot export (eval, arguments) or should not (then); an object type of those names is only a type', async () => {
    for (const name of ['eval', 'arguments', 'then']) {
      const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  ${name}: { kind: enum, values: [a] }\nendpoints:\n  ping: { method: GET, path: /t, host: api, responses: { "200": { body: ${name} } } }\n`;
      expectRejected(source, 'reserved-name');
      expect(loadContractText('c.yaml', source.replace('kind: enum, values: [a]', 'kind: object, fields: {}')).ok).toBe(true);
    }
    // An imported description's schema of such a name takes another.
    const description = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, security: [], paths: { '/t': { get: { operationId: 'ping', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/then' } } } } } } } }, components: { schemas: { then: { type: 'string', enum: ['a'] } } } });
    const imported = loadInputText('d.json', description);
    expect(imported.ok).toBe(true);
    expect(imported.ok && imported.contract.types.map((t) => t.name).filter((n) => n.toLowerCase().startsWith('then'))).not.toContain('then');
  });

  it("a type named like a paginated endpoint's iterator (listItemsPages for listItems)", async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  listItemsPages: { kind: object, fields: { items: { type: array, required: true, items: { type: string } }, next: { type: string } } }\nendpoints:\n  listItems:\n    method: GET\n    path: /items\n    host: api\n    params: { cursor: { in: query, type: string } }\n    pagination: { kind: cursor, param: cursor, next: next, items: items }\n    responses: { "200": { body: listItemsPages } }\n`;
    expectRejected(source, 'name-collision');
  });

  it('a type named like a generated export (Client)', async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  Client: { kind: object, fields: { id: { type: string } } }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { body: Client } } }\n`;
    expectRejected(source, 'name-collision');
  });

  it("a type named like an endpoint's input type (CreateOrderInput for createOrder)", async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  CreateOrderInput: { kind: object, fields: { sku: { type: string } } }\nendpoints:\n  createOrder: { method: POST, path: /orders, host: api, request: { body: CreateOrderInput }, responses: { "201": {} } }\n`;
    expectRejected(source, 'name-collision');
  });

  it('two enums whose names differ only in case (size, Size)', async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  size: { kind: enum, values: [s] }\n  Size: { kind: enum, values: [S] }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { body: size } } }\n`;
    expectRejected(source, 'name-collision');
  });

  it('two object types named class and Class (both become interface Class, which merge silently)', async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  class: { kind: object, fields: { a: { type: string, required: true } } }\n  Class: { kind: object, fields: { b: { type: integer, required: true } } }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { body: class } } }\n`;
    expectRejected(source, 'name-collision');
  });

  // A key named like an Object.prototype member loses the contextual type of a typed object
  // literal (Record<string, PolicySpec>): its literal-typed properties widen to string.
  it('a policy named toString', async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ncategories: { policy: {} }\npolicies:\n  toString:\n    category: policy\n    restrictions:\n      - { name: Daily limit, liftedBy: support, retryLater: after_window }\ntypes:\n  T: { kind: object, fields: {} }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { body: T } } }\n`;
    expectRejected(source, 'reserved-name');
  });

  it('a message row with id constructor and retry advice', async () => {
    const source = `${HEAD}hosts:\n  api:\n    url: "https://a.example"\n    errors:\n      messages:\n        rows:\n          - { id: constructor, pattern: "^x$", fields: [], retry: once_then_support }\ntypes:\n  T: { kind: object, fields: {} }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { body: T } } }\n`;
    expectRejected(source, 'reserved-name');
  });

  it('requiredWhen on a field of an object type: the validator rejects it, or the field keeps its type', async () => {
    const source = `${HEAD}hosts:\n  api: { url: "https://a.example" }\ntypes:\n  Parcel:\n    kind: object\n    fields:\n      size: { type: object, fields: { width: { type: number } } }\n      note: { type: string }\n    requiredWhen:\n      - { when: { size: large }, require: [note] }\nendpoints:\n  send: { method: POST, path: /parcels, host: api, request: { body: Parcel }, responses: { "201": {} } }\n`;
    const loaded = loadContractText('contract.yaml', source);
    if (!loaded.ok) return;
    const rendered = await render('contract.yaml', source);
    expect(rendered.kind).toBe('files');
    if (rendered.kind !== 'files') return;
    expect(typecheckPackage(rendered.files)).toEqual([]);
    // `size` is declared as { width?: number }; the generated Parcel must still say so.
    expect(sourceNames(rendered.files).strings.has('width'), rendered.files.get('src/types.ts')).toBe(true);
  });
});

describe('what a body can hold: bytes only where the media type carries them, and a finite value', () => {
  const API = `${HEAD}hosts:\n  api: { url: "https://a.example" }\n`;
  /** The diagnostics of a refused contract, as `line:col code` and the message. */
  function refused(source: string): { at: string; message: string }[] {
    const loaded = loadContractText('contract.yaml', source);
    expect(loaded.ok, 'refused').toBe(false);
    return loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => ({ at: `${d.line}:${d.col} ${d.code}`, message: d.message }));
  }
  type Fixtures = { endpoints: Record<string, { success: { status: number; json?: unknown; text?: string } }> };
  async function successes(source: string): Promise<Fixtures['endpoints']> {
    return (JSON.parse((await files(source)).get('mocks/fixtures.json') ?? '') as Fixtures).endpoints;
  }

  it('binary inside a JSON success body (a field, an array item, a map value, a union member) is refused where it is written', () => {
    // From test/fuzz/contracts.fuzz.ts (16 of the default seed's 300): typed Uint8Array where the
    // client reads a string from JSON, so the mock fixtures (a string there) did not compile.
    const source = `${API}types:\n  Doc:\n    kind: object\n    fields:\n      content: { type: binary, required: true }\n      pages: { type: array, items: { type: binary } }\n      parts: { type: map, values: binary }\n      either: { type: union, members: [string, binary] }\nendpoints:\n  get: { method: GET, path: /doc, host: api, responses: { "200": { body: Doc } } }\n`;
    expect(refused(source).map((d) => d.at)).toEqual(['9:7 binary-in-json', '10:29 binary-in-json', '11:27 binary-in-json', '12:48 binary-in-json']);
    expect(refused(source)[0]?.message).toMatch(/^binary in the 200 response of 'get', which travels as JSON: JSON carries no bytes; write \{ type: string, format: byte \}/);
  });

  it('bytes where they travel as bytes are kept: multipart fields and array fields, whole bodies; a binary request body is sent as application/octet-stream by default', async () => {
    const source = `${API}types:\n  Upload:\n    kind: object\n    fields:\n      file: { type: binary, required: true }\n      pages: { type: array, items: { type: binary } }\n      note: { type: string, format: byte }\nendpoints:\n  store: { method: POST, path: /up, host: api, request: { body: Upload, contentTypes: [multipart/form-data] }, responses: { "200": { body: binary, contentType: application/pdf } } }\n  put: { method: PUT, path: /raw, host: api, request: { body: binary }, responses: { "204": {} } }\n`;
    expect(await problems(source)).toEqual([]);
    const loaded = loadContractText('contract.yaml', source);
    expect(loaded.ok && loaded.contract.endpoints.map((e) => e.request?.contentTypes)).toEqual([['multipart/form-data'], ['application/octet-stream']]);
  });

  it('binary in an object part of a multipart body, in a JSON request body (named or whole) and in an error shape is refused', () => {
    const multipart = `${API}endpoints:\n  upload:\n    method: POST\n    path: /up\n    host: api\n    request:\n      body: { type: object, fields: { meta: { type: object, fields: { thumb: { type: binary } } } } }\n      contentTypes: [multipart/form-data]\n    responses: { "204": {} }\n`;
    expect(refused(multipart).map((d) => d.message)).toEqual([expect.stringMatching(/^binary in an object part of the multipart\/form-data request body of 'upload'/)]);
    const json = `${API}types:\n  Blob: { kind: array, items: binary }\nendpoints:\n  send: { method: POST, path: /s, host: api, request: { body: Blob }, responses: { "204": {} } }\n  raw: { method: POST, path: /r, host: api, request: { body: binary, contentTypes: [application/json] }, responses: { "204": {} } }\n`;
    expect(refused(json).map((d) => d.at)).toEqual(['6:24 binary-in-json', '9:56 binary-in-json']);
    const shape = `${API}types:\n  Problem: { kind: object, fields: { trace: { type: binary } } }\nshapes:\n  problem: { body: Problem, match: { present: [code] }, read: { code: code } }\nendpoints:\n  get: { method: GET, path: /x, host: api, responses: { "200": {} } }\n`;
    expect(refused(shape).map((d) => d.message)).toEqual([expect.stringMatching(/^binary in the body of error shape 'problem'/)]);
  });

  it('an endpoint that lists a followed redirect as a success: the success fixture is its 2xx, or what the target answers, as bytes', async () => {
    // From test/fuzz/contracts.fuzz.ts (15 of the default seed's 300): the fixture wrote the 301's
    // JSON body, which is never data (the redirect is followed; the body is warned about, unread).
    const source = `${API}types:\n  Doc: { kind: object, fields: { id: { type: string, required: true } } }\nendpoints:\n  both: { method: GET, path: /a, host: api, responses: { "301": { body: Doc }, "200": { body: Doc } } }\n  only: { method: GET, path: /b, host: api, responses: { "303": { body: Doc } } }\n`;
    expect(await problems(source)).toEqual([]);
    expect(loadContractText('contract.yaml', source).diagnostics.map((d) => d.code)).toEqual(['no-auth-scheme', 'unread-response-body', 'unread-response-body']);
    const fixtures = await successes(source);
    expect(fixtures['both']?.success).toMatchObject({ status: 200, json: { id: 'example' } });
    // Only redirects: the mocks answer as the target would, with bytes, which the client reads as its data.
    expect(fixtures['only']?.success).toMatchObject({ status: 200, contentType: 'application/octet-stream', note: expect.stringContaining('as their target would') });
  });

  it('types that hold themselves through fields a value must fill are refused, naming the cycle', () => {
    // From test/fuzz/contracts.fuzz.ts (9 of the default seed's 300): no finite value exists, and
    // the mock fixture wrote {} where the type needs its field.
    const cases: [string, string][] = [
      ['  Node: { kind: object, fields: { next: { type: Node, required: true } } }\n', 'Node.next → Node'],
      ['  A: { kind: object, fields: { b: { type: object, required: true, fields: { a: { type: A, required: true } } } } }\n', 'A.b → A'],
      ['  T: { kind: union, members: [U, V] }\n  U: { kind: object, fields: { t: { type: T, required: true } } }\n  V: { kind: object, fields: { u: { type: U, required: true } } }\n', 'U.t → T → U'],
      ['  L: { kind: object, fields: { items: { type: array, items: { type: L }, minItems: 1, required: true } } }\n', 'L.items → L'],
      ['  P: { kind: object, fields: { a: { type: P }, b: { type: string, required: true } }, together: [[a, b]] }\n', 'P.a → P'],
    ];
    for (const [types, cycle] of cases) {
      const source = `${API}types:\n${types}endpoints:\n  get: { method: GET, path: /x, host: api, responses: { "200": {} } }\n`;
      const found = refused(source);
      expect(found.map((d) => d.at.replace(/^\d+:\d+ /, ''))).toEqual(['no-finite-value']);
      expect(found[0]?.message).toContain(`every value needs another through ${cycle};`);
    }
  });

  it('recursive types with a finite value: the success fixture ends with a value of its type (a union member, a nullable field, a rule that does not recurse)', async () => {
    // From test/fuzz/contracts.fuzz.ts: the fixture took the recursive choice and ended with {},
    // which is no value of the type, so the mocks did not compile.
    const source =
      `${API}types:\n` +
      '  Tree: { kind: union, members: [Branch, Leaf] }\n' +
      '  Branch: { kind: object, fields: { child: { type: Tree, required: true } } }\n' +
      '  Leaf: { kind: object, fields: { value: { type: string, required: true } } }\n' +
      '  Node: { kind: object, fields: { next: { type: Node, required: true, nullable: true }, name: { type: string, required: true } } }\n' +
      '  Shape:\n    kind: object\n    fields: { kind: { type: string, required: true }, inner: { type: Shape }, side: { type: integer } }\n' +
      '    requiredWhen:\n      - { when: { kind: nested }, require: [inner] }\n      - { when: { kind: flat }, require: [side] }\n' +
      'endpoints:\n' +
      '  tree: { method: GET, path: /t, host: api, responses: { "200": { body: Tree } } }\n' +
      '  node: { method: GET, path: /n, host: api, responses: { "200": { body: Node } } }\n' +
      '  shape: { method: GET, path: /s, host: api, responses: { "200": { body: Shape } } }\n';
    expect(await problems(source)).toEqual([]);
    const fixtures = await successes(source);
    expect(fixtures['tree']?.success.json).toEqual({ child: { value: 'example' } });
    expect(fixtures['node']?.success.json).toEqual({ next: null, name: 'example' });
    expect(fixtures['shape']?.success.json).toEqual({ kind: 'nested', inner: { kind: 'flat', side: 1 } });
  });
});
