/**
 * The generated package's `mocks` entry, on a freshly rendered package (generated/ may be stale):
 *
 * - every error-table row (code rows, message rows, policy restrictions), the auth and token
 *   endpoint shapes, and every quirk of contract/orders.yaml has a fixture, and the package's own
 *   `decodeError` reads each one as the contract says: the fixtures and the decoders agree;
 * - every fixture's shipped expectation is what the decoder returns, here and for the contracts
 *   of the test corpus;
 * - the success fixtures are valid data of each endpoint's response type;
 * - the msw handlers answer on the URLs the client calls, and the client turns each fixture into
 *   the expected result;
 * - msw stays out of the package: nothing imports it, it is an optional peer dependency.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse as parseYaml } from 'yaml';
import { loadContractText } from '../generator/contract.js';
import { layout } from '../generator/emit/layout.js';
import { knowledge } from '../generator/model/knowledge.js';
import type { Contract, Endpoint, Host, JsonValue } from '../generator/model/types.js';
import { categoryOfStatus, formatStatus } from '../generator/model/values.js';
import { camel } from '../generator/naming.js';
import { oracleExpectation } from './support/decode-oracle.js';
import { DIFF_NEW, FIXTURE_CONTRACTS, FIXTURES } from './support/corpus.js';

const TMP = fileURLToPath(new URL('./.tmp/', import.meta.url));

// ---------------------------------------------------------------------------------------------
// The rendered package, as these tests see it
// ---------------------------------------------------------------------------------------------

interface Expectation {
  readonly status: number;
  readonly shape: string;
  readonly code: string;
  readonly category: string;
  readonly rules: readonly string[];
  readonly fields: readonly { readonly field: string }[];
}

interface Fixture {
  readonly kind: string;
  readonly status: number;
  readonly contentType?: string;
  readonly json?: unknown;
  readonly text?: string;
  readonly note?: string;
  readonly expect: Expectation;
}

interface EndpointFixtures {
  readonly method: string;
  readonly path: string;
  readonly host: string;
  readonly success: Omit<Fixture, 'kind' | 'expect'>;
  readonly errors: Readonly<Record<string, Fixture>>;
  readonly expect: Readonly<Record<string, Expectation>>;
}

interface Fixtures {
  readonly hosts: Readonly<Record<string, Readonly<Record<string, Fixture>>>>;
  readonly endpoints: Readonly<Record<string, EndpointFixtures>>;
}

interface Decoded extends Expectation {
  readonly kind?: string;
  readonly known: boolean;
  readonly fields: readonly { readonly field: string; readonly message: string }[];
  readonly policy?: { readonly name: string };
  readonly retry?: string;
  readonly message: string;
}

interface EndpointMocks {
  readonly url: string;
  readonly method: string;
  readonly keys: readonly string[];
  success(options?: { once?: boolean }): HttpHandler;
  error(key: string, options?: { once?: boolean }): HttpHandler;
  respond(response: { status: number; json?: unknown; text?: string; contentType?: string }): HttpHandler;
  fixture(key: string): Fixture;
  expected(key: string): Expectation;
}

type Mocks = Readonly<Record<string, EndpointMocks>> & { handlers(): HttpHandler[] };
type Target = { readonly environment: string; readonly servers: Readonly<Record<string, string>> };

interface MocksModule {
  readonly FIXTURES: Fixtures;
  createMocks(h: typeof http, target: Target): Mocks;
}

type Outcome = { readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: Decoded };

interface PackageModule {
  decodeError(input: { host: string; status: number; body: unknown; endpoint?: string }): Decoded;
  createClient(options: object): Readonly<Record<string, (input?: object) => Promise<Outcome>>>;
}

interface Rendered {
  readonly contract: Contract;
  readonly dir: string;
  readonly files: ReadonlyMap<string, string>;
  readonly pkg: PackageModule;
  readonly mocks: MocksModule;
}

const temps: string[] = [];

/** Rendered once per file: several suites read the same corpus, and rendering is most of their time. */
const rendered = new Map<string, Promise<Rendered>>();

function render(contractFile: string): Promise<Rendered> {
  let r = rendered.get(contractFile);
  if (r === undefined) {
    const loaded = loadContractText(contractFile, readFileSync(contractFile, 'utf8'));
    if (!loaded.ok) throw new Error(`${contractFile} does not load`);
    r = renderModel(loaded.contract);
    rendered.set(contractFile, r);
  }
  return r;
}

async function renderModel(contract: Contract): Promise<Rendered> {
  mkdirSync(TMP, { recursive: true });
  // Inside the repository, so the package resolves nothing it should not, and msw resolves for the tests.
  const dir = mkdtempSync(join(TMP, 'mocks-'));
  temps.push(dir);
  // The validators entry is test/validation-*.test.ts's: left out here, where every diff fixture renders and its checks would only add time.
  const files = new Map(layout({ ...contract, outputs: { ...contract.outputs, validators: false } }).map((f) => [f.path, f.text]));
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const load = async <T>(path: string) => (await import(/* @vite-ignore */ pathToFileURL(join(dir, path)).href)) as T;
  return { contract, dir, files, pkg: await load<PackageModule>('dist/index.js'), mocks: await load<MocksModule>('dist/mocks/index.js') };
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function statusCategory(contract: Contract, status: number): string | undefined {
  return categoryOfStatus(contract.statusCategories, status);
}

/** The body a fixture sends, as the client hands it to the decoder (text, or nothing). */
function wireBody(f: { json?: unknown; text?: string }): string | undefined {
  return f.json !== undefined ? JSON.stringify(f.json) : f.text === '' ? undefined : f.text;
}

function decode(r: Rendered, host: string, f: Fixture, endpoint?: string): Decoded {
  return r.pkg.decodeError({ host, status: f.status, body: wireBody(f), ...(endpoint === undefined ? {} : { endpoint }) });
}

function hostFixtures(r: Rendered, host: Host): [string, Fixture][] {
  return Object.entries(r.mocks.FIXTURES.hosts[host.name] ?? {});
}

/** An endpoint's own expectation for a host fixture: an own entry only, as a fixture key may be `constructor`. */
function expectedOn(mine: EndpointFixtures, key: string): Expectation | undefined {
  return Object.hasOwn(mine.expect, key) ? mine.expect[key] : undefined;
}

/**
 * The shipped expectations are the runtime decoder's answers (the generator computes them with
 * it); an independent reading of the contract's rules (support/decode-oracle.ts) must agree.
 */
function expectOracleAgrees(r: Rendered): void {
  const json = (f: Fixture) => f.json as JsonValue | undefined;
  for (const host of r.contract.hosts) for (const [key, f] of hostFixtures(r, host)) expect(f.expect, `${host.name} ${key}`).toEqual(oracleExpectation(r.contract, host, f.status, json(f)));
  for (const e of r.contract.endpoints) {
    const host = knowledge(r.contract).host(e.host)!;
    const mine = r.mocks.FIXTURES.endpoints[e.id]!;
    for (const [key, f] of Object.entries(mine.errors)) if (f.kind !== 'content_type') expect(f.expect, `${e.id} ${key}`).toEqual(oracleExpectation(r.contract, host, f.status, json(f), e));
    for (const [key, f] of hostFixtures(r, host)) expect(expectedOn(mine, key) ?? f.expect, `${e.id} ${key}`).toEqual(oracleExpectation(r.contract, host, f.status, json(f), e));
  }
}

/**
 * Why a success fixture is not valid data of its response, by the package's own OpenAPI document
 * (JSON Schema 2020-12: types, nullability, enums, constraints, required fields) read with ajv:
 * a reading of the contract independent of the mocks' example builder. Formats are the one thing
 * left unchecked (ajv needs a plugin for them); scalar-example.test.ts holds those.
 */
/**
 * The success fixture as the handlers send it: the typed one, or where the package reads dates as
 * Dates (which the typed fixtures hold), the text mocks/fixtures.json holds.
 */
function sentSuccess(r: Rendered, id: string): unknown {
  const typed = r.mocks.FIXTURES.endpoints[id]!.success;
  if (r.contract.outputs.dates !== 'Date') return typed.json ?? typed.text;
  const wire = (JSON.parse(r.files.get('mocks/fixtures.json') ?? '{}') as { endpoints: Record<string, { success: { json?: unknown; text?: string } }> }).endpoints[id]!.success;
  return wire.json ?? wire.text;
}

function successProblems(r: Rendered, e: Endpoint, value: unknown): string | undefined {
  const response = e.responses.find((x) => !x.isError);
  const validate = response === undefined ? undefined : responseValidators(r)(`${e.id} ${formatStatus(response.status)} ${response.contentType ?? 'application/json'}`);
  if (validate === undefined) return `no schema for ${e.id}`;
  return validate(protoStandIn(value)) ? undefined : new Ajv2020().errorsText(validate.errors);
}

/**
 * ajv leaves a property named `__proto__` out of `properties` (a guard of its own,
 * ajv-validator/ajv#1242), so the schemas and the values it checks call that name something else.
 */
const PROTO_STAND_IN = '\u0000__proto__';

function protoStandIn(value: unknown, names = false): unknown {
  if (typeof value === 'string') return names && value === '__proto__' ? PROTO_STAND_IN : value;
  if (Array.isArray(value)) return value.map((v) => protoStandIn(v, names));
  if (typeof value !== 'object' || value === null) return value;
  // `required` and `dependentRequired` list property names.
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === '__proto__' ? PROTO_STAND_IN : k, protoStandIn(v, names || k === 'required' || k === 'dependentRequired')]));
}

type Validators = (key: string) => ValidateFunction | undefined;
const validators = new WeakMap<Rendered, Validators>();

/** Validators of the package's responses by `operationId status media`: one parse and one ajv per package, each compiled when first asked for. */
function responseValidators(r: Rendered): Validators {
  const known = validators.get(r);
  if (known !== undefined) return known;
  type Operation = { operationId?: string; responses: Record<string, { content?: Record<string, { schema: object }> }> };
  const doc = parseYaml(r.files.get('openapi.yaml') ?? '') as { paths: Record<string, Record<string, Operation>>; components: object };
  // Own properties only: a response without a `constructor` field has none (ajv-validator/ajv#1045).
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true, ownProperties: true });
  // The schemas refer to components by `#/components/…`: one schema holding them all resolves every reference.
  ajv.addSchema({ $id: 'doc', components: protoStandIn(doc.components) });
  const schemas = new Map<string, object>();
  for (const operation of Object.values(doc.paths).flatMap((p) => Object.values(p))) {
    for (const [status, response] of Object.entries(operation.responses)) {
      for (const [media, content] of Object.entries(response.content ?? {})) schemas.set(`${operation.operationId ?? ''} ${status} ${media}`, content.schema);
    }
  }
  const compiled = new Map<string, ValidateFunction>();
  const get: Validators = (key) => {
    const schema = schemas.get(key);
    if (schema === undefined) return undefined;
    let validate = compiled.get(key);
    if (validate === undefined) compiled.set(key, (validate = ajv.compile(protoStandIn(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'))) as object)));
    return validate;
  };
  validators.set(r, get);
  return get;
}

// ---------------------------------------------------------------------------------------------
// contract/orders.yaml: every row and quirk has a fixture the decoder reads as the contract says
// ---------------------------------------------------------------------------------------------

describe('the mocks of contract/orders.yaml', () => {
  let r: Rendered;
  beforeAll(async () => {
    r = await render('contract/orders.yaml');
  }, 60_000);

  it('has a fixture for every code row, decoded to the row: status, code, kind, category', () => {
    for (const host of r.contract.hosts) {
      const codeFixtures = hostFixtures(r, host).filter(([, f]) => f.kind === 'code');
      expect(codeFixtures, host.name).toHaveLength(host.codes.rows.length);
      for (const row of host.codes.rows) {
        const decoded = codeFixtures.map(([, f]) => decode(r, host.name, f)).filter((d) => d.status === row.status && d.code === row.code && d.kind === row.kind);
        expect(decoded, `${host.name} ${row.status} ${row.code} ${row.kind ?? ''}`).toHaveLength(1);
        expect(decoded[0]).toMatchObject({ shape: host.codes.shape, known: true, category: row.category });
      }
    }
    expect(r.contract.hosts.flatMap((h) => h.codes.rows)).toHaveLength(14);
  });

  it('has a fixture for every message row, carrying its example and decoded to its fields, category, policy and advice', () => {
    const host = r.contract.hosts.find((h) => h.name === 'lastmile')!;
    const rows = host.messages?.rows ?? [];
    expect(rows).toHaveLength(11);
    const fixtures = hostFixtures(r, host).filter(([, f]) => f.kind === 'message');
    expect(fixtures).toHaveLength(rows.length);
    for (const row of rows) {
      const found = fixtures.map(([, f]) => ({ f, d: decode(r, host.name, f) })).filter(({ d }) => d.rules.includes(row.id));
      expect(found, row.id).toHaveLength(1);
      const { f, d } = found[0]!;
      const policy = r.contract.policies.find((p) => p.name === row.policy);
      expect(d.rules, row.id).toEqual([row.id]);
      expect(d.fields.map((x) => x.field), row.id).toEqual(row.expect);
      expect(d.status).toBe(row.status ?? 422);
      expect(f.note !== undefined, `${row.id}: an assumed status is noted`).toBe(row.status === undefined);
      expect(d.category, row.id).toBe(policy?.category ?? row.category ?? statusCategory(r.contract, d.status));
      expect(d.policy?.name, row.id).toBe(row.policy);
      expect(d.retry, row.id).toBe(row.retry);
      if (row.example !== undefined) expect(JSON.stringify(f.json)).toContain(JSON.stringify(row.example).slice(1, -1));
    }
  });

  it('has a fixture for every restriction of every policy a message row names', () => {
    const host = r.contract.hosts.find((h) => h.name === 'lastmile')!;
    const fixtures = hostFixtures(r, host).filter(([, f]) => f.kind === 'policy');
    const policyRows = (host.messages?.rows ?? []).filter((row) => row.policy !== undefined);
    const restrictions = policyRows.flatMap((row) => r.contract.policies.find((p) => p.name === row.policy)!.restrictions.map((x) => ({ row, x })));
    expect(restrictions).toHaveLength(5);
    expect(fixtures).toHaveLength(restrictions.length);
    for (const { row, x } of restrictions) {
      const matching = fixtures.filter(([, f]) => JSON.stringify(f.json).includes(JSON.stringify(x.name)));
      expect(matching, x.name).toHaveLength(1);
      const d = decode(r, host.name, matching[0]![1]);
      expect(d).toMatchObject({ rules: [row.id], category: 'policy', policy: { name: row.policy } });
      expect(d.message).toBe(x.name);
    }
  });

  it("has the token endpoint's invalid_client and the auth's unauthorized, decoded to their shapes", () => {
    const fulfilment = Object.values(r.mocks.FIXTURES.hosts.fulfilment ?? {});
    const invalidClient = fulfilment.filter((f) => f.kind === 'shape' && f.status === 401 && decode(r, 'fulfilment', f).shape === 'invalid_client');
    expect(invalidClient).toHaveLength(1);
    expect(decode(r, 'fulfilment', invalidClient[0]!, 'requestToken')).toMatchObject({ code: 'invalid_client', category: 'unauthenticated' });
    for (const host of ['fulfilment', 'lastmile']) {
      const unauthorized = Object.values(r.mocks.FIXTURES.hosts[host] ?? {}).filter((f) => decode(r, host, f).shape === 'unauthorized');
      expect(unauthorized, host).toHaveLength(1);
      expect(decode(r, host, unauthorized[0]!)).toMatchObject({ status: 401, code: 'unauthorized', category: 'unauthenticated' });
    }
  });

  it('has a fixture for every quirk of every endpoint, decoded with the quirk applied', () => {
    let quirks = 0;
    for (const endpoint of r.contract.endpoints) {
      const own = Object.values(r.mocks.FIXTURES.endpoints[endpoint.id]?.errors ?? {});
      for (const quirk of endpoint.errors.quirks) {
        quirks++;
        const found = own.filter((f) => f.kind === 'quirk' && decode(r, endpoint.host, f, endpoint.id).rules.includes(quirk.id));
        expect(found, `${endpoint.id} ${quirk.id}`).toHaveLength(1);
        const f = found[0]!;
        const d = decode(r, endpoint.host, f, endpoint.id);
        expect(d.category, quirk.id).toBe(quirk.category ?? statusCategory(r.contract, f.status));
        if (quirk.when.emptyBody) expect(wireBody(f), quirk.id).toBeUndefined();
      }
    }
    expect(quirks).toBe(6);
  });

  it("has getOrder's 403, getOrderLabel's zero-byte PDF and a non-PDF label as the brief describes them", () => {
    const order = r.mocks.FIXTURES.endpoints.getOrder!.errors.forbidden_means_missing!;
    expect(decode(r, 'lastmile', order, 'getOrder')).toMatchObject({ status: 403, category: 'not_found', rules: ['forbidden_means_missing'] });
    const empty = r.mocks.FIXTURES.endpoints.getOrderLabel!.errors.empty_label_means_missing!;
    expect(empty).toMatchObject({ status: 200, contentType: 'application/pdf' });
    expect(wireBody(empty)).toBeUndefined();
    const html = r.mocks.FIXTURES.endpoints.getOrderLabel!.errors.wrong_content_type!;
    expect(html).toMatchObject({ kind: 'content_type', status: 200, contentType: 'text/html' });
    expect(html.expect).toMatchObject({ shape: 'client', code: 'invalid_response', category: 'invalid_response' });
  });

  it('ships expectations equal to what decodeError returns, for the host and on every endpoint', () => {
    const { hosts, endpoints } = r.mocks.FIXTURES;
    for (const host of r.contract.hosts) for (const [key, f] of hostFixtures(r, host)) expect(decode(r, host.name, f), `${host.name} ${key}`).toMatchObject(f.expect);
    for (const e of r.contract.endpoints) {
      const mine = endpoints[e.id]!;
      for (const [key, f] of Object.entries(mine.errors)) if (f.kind !== 'content_type') expect(decode(r, e.host, f, e.id), `${e.id} ${key}`).toMatchObject(f.expect);
      for (const [key, f] of Object.entries(hosts[e.host] ?? {})) expect(decode(r, e.host, f, e.id), `${e.id} ${key}`).toMatchObject(expectedOn(mine, key) ?? f.expect);
    }
  });

  it('ships expectations an independent reading of the contract agrees with (the oracle of test/support)', () => {
    expectOracleAgrees(r);
  });

  it('has a valid success response per endpoint: its response type, with PDF bytes for the label', () => {
    for (const e of r.contract.endpoints) {
      const success = r.mocks.FIXTURES.endpoints[e.id]!.success;
      const response = e.responses.find((x) => !x.isError)!;
      expect(success.status, e.id).toBeGreaterThanOrEqual(200);
      expect(success.status, e.id).toBeLessThan(300);
      const body = response.body;
      if (body?.kind === 'primitive' && body.name === 'binary') continue;
      if (body !== undefined) expect(successProblems(r, e, success.json), `${e.id}: ${JSON.stringify(success.json)}`).toBeUndefined();
    }
    expect(r.mocks.FIXTURES.endpoints.requestToken!.success.json).toEqual({ access_token: 'example' });
    const label = r.mocks.FIXTURES.endpoints.getOrderLabel!.success;
    expect(label.contentType).toBe('application/pdf');
    expect(label.text).toMatch(/^%PDF-1\.\d\n[\s\S]*%%EOF\n$/);
    expect(label.text).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('gives every endpoint its host fixtures and its own, under distinct keys', () => {
    const mocks = r.mocks.createMocks(http, { environment: 'production', servers: { base_url: 'https://f.test', lastmile_url: 'https://l.test' } });
    for (const e of r.contract.endpoints) {
      const m = mocks[camel(e.id)]!;
      const own = Object.keys(r.mocks.FIXTURES.endpoints[e.id]!.errors);
      expect(m.keys).toEqual([...Object.keys(r.mocks.FIXTURES.hosts[e.host] ?? {}), ...own]);
      expect(new Set(m.keys).size).toBe(m.keys.length);
      for (const key of m.keys) expect(m.fixture(key).expect.status).toBe(m.fixture(key).status);
    }
    expect(() => mocks.getOrder!.error('no_such_fixture')).toThrow(TypeError);
  });

  it('writes the same fixtures as mocks/fixtures.json, and keeps msw out of the package', () => {
    expect(JSON.parse(r.files.get('mocks/fixtures.json') ?? '')).toEqual(JSON.parse(JSON.stringify(r.mocks.FIXTURES)));
    const code = [...r.files].filter(([path]) => /\.(ts|js)$/.test(path));
    expect(code.length).toBeGreaterThan(20);
    for (const [path, text] of code) expect(text, path).not.toMatch(/from ['"]msw|import\(['"]msw|require\(['"]msw/);
    const manifest = JSON.parse(r.files.get('package.json') ?? '{}') as Record<string, unknown>;
    expect(manifest.exports).toMatchObject({
      './mocks': { types: './dist/mocks/index.d.ts', import: './dist/mocks/index.js' },
      './mocks/fixtures.json': './mocks/fixtures.json',
    });
    expect(manifest.peerDependencies).toEqual({ msw: '^2.0.0' });
    expect(manifest.peerDependenciesMeta).toEqual({ msw: { optional: true } });
    expect(manifest.files).toContain('mocks');
    expect(manifest.dependencies).toBeUndefined();
    expect(r.files.get('README.md')).toContain('/mocks');
  });

  it('keeps the mocks out of the main entry', () => {
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const m of (r.files.get(path) ?? '').matchAll(/from '(\.[^']+)'/g)) visit(join(dirname(path), m[1]!).replace(/\\/g, '/'));
    };
    visit('dist/index.js');
    expect(seen.size).toBeGreaterThan(5);
    expect([...seen].filter((p) => p.includes('mocks'))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// The handlers, under msw, against the package's own client
// ---------------------------------------------------------------------------------------------

const TARGET = {
  environment: 'staging',
  // A path prefix and a trailing slash: the handlers must build URLs exactly as the client does.
  servers: { staging_url: 'https://fulfilment.mock.test/api/', lastmile_url: 'https://lastmile.mock.test/v1' },
} as const;

function inputFor(e: Endpoint): object {
  const params = Object.fromEntries(e.params.filter((p) => p.in === 'path').map((p) => [p.key, `${p.name}-1`]));
  return e.request === undefined ? params : { ...params, body: {} };
}

describe('the msw handlers of contract/orders.yaml, against the generated client', () => {
  let r: Rendered;
  let mocks: Mocks;
  const server = setupServer();
  const client = () => r.pkg.createClient({ ...TARGET, accessToken: 'token-1', maxRetries: 0 });
  const call = (e: Endpoint) => client()[camel(e.id)]!(inputFor(e));

  beforeAll(async () => {
    r = await render('contract/orders.yaml');
    mocks = r.mocks.createMocks(http, TARGET);
    server.listen({ onUnhandledRequest: 'error' });
  }, 60_000);
  afterAll(() => server.close());

  it('match the URLs the client builds from the environment and server variables', () => {
    expect(mocks.requestToken).toMatchObject({ method: 'post', url: 'https://fulfilment.mock.test/api/oauth/token' });
    expect(mocks.getOrder).toMatchObject({ method: 'get', url: 'https://lastmile.mock.test/v1/orders/:order_id' });
    expect(mocks.markReadyForCollection!.url).toBe('https://lastmile.mock.test/v1/orders/:order_id/ready_for_collection');
    expect(() => r.mocks.createMocks(http, { environment: 'staging', servers: { staging_url: 'https://f.test' } })).toThrow(/lastmile_url/);
    expect(() => r.mocks.createMocks(http, { environment: 'nowhere', servers: {} })).toThrow(/nowhere/);
  });

  it('answer every call with its success fixture, which the client returns as data', async () => {
    server.resetHandlers(...mocks.handlers());
    for (const e of r.contract.endpoints) {
      const result = await call(e);
      const success = r.mocks.FIXTURES.endpoints[e.id]!.success;
      expect(result.ok, `${e.id}: ${JSON.stringify(result)}`).toBe(true);
      if (!result.ok) continue;
      if (success.text !== undefined) expect(new TextDecoder().decode(result.data as Uint8Array)).toBe(success.text);
      else expect(result.data).toEqual(success.json);
    }
  });

  it('answer with every error fixture, which the client decodes as expected', async () => {
    let checked = 0;
    for (const e of r.contract.endpoints) {
      const m = mocks[camel(e.id)]!;
      for (const key of m.keys) {
        server.resetHandlers(m.error(key));
        const result = await call(e);
        expect(result.ok, `${e.id} ${key}`).toBe(false);
        if (!result.ok) expect(result.error, `${e.id} ${key}`).toMatchObject(m.expected(key));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('answer once with { once: true }, then fall through', async () => {
    server.resetHandlers(...mocks.handlers());
    server.use(mocks.getOrder!.error('forbidden_means_missing', { once: true }));
    const getOrder = r.contract.endpoints.find((e) => e.id === 'getOrder')!;
    expect(await call(getOrder)).toMatchObject({ ok: false, error: { status: 403, category: 'not_found' } });
    expect(await call(getOrder)).toMatchObject({ ok: true, data: {} });
  });

  it('answer with any response through respond()', async () => {
    server.resetHandlers(mocks.getOrder!.respond({ status: 200, json: { id: 'ord-9', state: 'created' } }));
    const getOrder = r.contract.endpoints.find((e) => e.id === 'getOrder')!;
    expect(await call(getOrder)).toMatchObject({ ok: true, data: { id: 'ord-9', state: 'created' } });
    // msw's own responses mix with the package's handlers.
    server.resetHandlers(http.get(mocks.getOrder!.url, () => HttpResponse.json({ id: 'ord-8' })));
    expect(await call(getOrder)).toMatchObject({ ok: true, data: { id: 'ord-8' } });
  });

  it('serve the token endpoint to a client that fetches its own token', async () => {
    server.resetHandlers(...mocks.handlers());
    const withCredentials = r.pkg.createClient({ ...TARGET, credentials: { clientId: 'c', clientSecret: 's' }, maxRetries: 0 });
    expect(await withCredentials.getOrder!({ order_id: 'ord-1' })).toMatchObject({ ok: true });
    server.use(mocks.requestToken!.error('invalid_client'));
    const refused = r.pkg.createClient({ ...TARGET, credentials: { clientId: 'c', clientSecret: 'wrong' }, maxRetries: 0 });
    expect(await refused.getOrder!({ order_id: 'ord-1' })).toMatchObject({ ok: false, error: { host: 'fulfilment', shape: 'invalid_client', status: 401 } });
  });
});

// ---------------------------------------------------------------------------------------------
// Every contract of the test corpus: fixtures and decoder agree
// ---------------------------------------------------------------------------------------------

// The order APIs are checked row by row above.
const CORPUS = [...FIXTURE_CONTRACTS.filter((f) => f !== FIXTURES.orders), ...DIFF_NEW];

interface DecodeInternals {
  readonly tables: { readonly ERROR_TABLES: object; readonly HOST_ERRORS: object; readonly ENDPOINTS: Readonly<Record<string, object>>; readonly ENDPOINT_ERRORS: Readonly<Record<string, object>> };
  readonly decodeForHost: (tables: object, hosts: object, endpoints: object, host: string, input: object) => Decoded;
}

async function internals(r: Rendered): Promise<DecodeInternals> {
  const load = async <T>(path: string) => (await import(/* @vite-ignore */ pathToFileURL(join(r.dir, path)).href)) as T;
  return { tables: await load('dist/tables.js'), decodeForHost: (await load<Pick<DecodeInternals, 'decodeForHost'>>('dist/runtime/decode.js')).decodeForHost };
}

/**
 * orders.yaml without quirks, and with updateOrder taking an Item: updateOrder then differs from
 * its host only in the field paths its messages resolve against (createOrder too: the host's paths
 * now include the item's), the other endpoints not at all.
 */
async function ordersWithoutQuirks(): Promise<Rendered> {
  const loaded = loadContractText('contract/orders.yaml', readFileSync('contract/orders.yaml', 'utf8'));
  if (!loaded.ok) throw new Error('orders.yaml does not load');
  const c = loaded.contract;
  const item = (e: Endpoint): Endpoint => (e.id !== 'updateOrder' || e.request === undefined ? e : { ...e, request: { ...e.request, body: { kind: 'named', name: 'Item' } } });
  return renderModel({ ...c, endpoints: c.endpoints.map((e) => ({ ...item(e), errors: { ...e.errors, quirks: [] } })) });
}

describe('ENDPOINT_ERRORS: the decoders name only endpoints that decode differently from their host', () => {
  const cases = ['contract/orders.yaml', 'orders.yaml without quirks', ...CORPUS];
  it.each(cases)('%s: decoding with each endpoint is decoding with its full spec', async (file) => {
    const r = file === 'orders.yaml without quirks' ? await ordersWithoutQuirks() : await render(file);
    const { tables, decodeForHost } = await internals(r);
    if (file === 'orders.yaml without quirks') expect(Object.keys(tables.ENDPOINT_ERRORS)).toEqual(['createOrder', 'updateOrder']);
    for (const e of r.contract.endpoints) {
      const fixtures = [...Object.values(r.mocks.FIXTURES.hosts[e.host] ?? {}), ...Object.values(r.mocks.FIXTURES.endpoints[e.id]?.errors ?? {})];
      for (const f of fixtures) {
        const input = { status: f.status, body: wireBody(f), endpoint: e.id };
        expect(decode(r, e.host, f, e.id), `${e.id} ${f.kind} ${f.status}`).toEqual(decodeForHost(tables.ERROR_TABLES, tables.HOST_ERRORS, tables.ENDPOINTS, e.host, input));
      }
    }
  });
  it('orders.yaml leaves requestToken out (the check above is not vacuous)', async () => {
    const { tables } = await internals(await render('contract/orders.yaml'));
    expect(Object.keys(tables.ENDPOINTS).filter((id) => !(id in tables.ENDPOINT_ERRORS))).toEqual(['requestToken']);
  });
});

describe('fixtures and decoders agree for every contract of the test corpus', () => {
  it.each(CORPUS)('%s', async (file) => {
    const r = await render(file);
    expectOracleAgrees(r);
    for (const host of r.contract.hosts) for (const [key, f] of hostFixtures(r, host)) expect(decode(r, host.name, f), `${host.name} ${key}`).toMatchObject(f.expect);
    for (const e of r.contract.endpoints) {
      const mine = r.mocks.FIXTURES.endpoints[e.id]!;
      for (const [key, f] of Object.entries(mine.errors)) if (f.kind !== 'content_type') expect(decode(r, e.host, f, e.id), `${e.id} ${key}`).toMatchObject(f.expect);
      for (const [key, f] of Object.entries(r.mocks.FIXTURES.hosts[e.host] ?? {})) expect(decode(r, e.host, f, e.id), `${e.id} ${key}`).toMatchObject(expectedOn(mine, key) ?? f.expect);
      const response = e.responses.find((x) => !x.isError);
      const body = response?.body;
      // A text body is answered as its text.
      if (body !== undefined && !(body.kind === 'primitive' && body.name === 'binary')) expect(successProblems(r, e, sentSuccess(r, e.id)), e.id).toBeUndefined();
    }
  });
});

describe('the msw handlers answer a request without a required query parameter, header or cookie with a 400', () => {
  const server = setupServer();
  const target = { environment: 'live', servers: { api_url: 'https://search.mock.test' } } as const;
  let r: Rendered;

  beforeAll(async () => {
    r = await render('test/fixtures/params/contract.yaml');
    server.listen({ onUnhandledRequest: 'error' });
    server.resetHandlers(...r.mocks.createMocks(http, target).handlers());
  }, 60_000);
  afterAll(() => server.close());

  it('the generated client, which sends them, gets the success fixture', async () => {
    const client = r.pkg.createClient({ ...target, maxRetries: 0 });
    const result = await client['search']!({ shop_id: 's1', q: 'x', xRequestId: 'r-1' });
    expect(result).toMatchObject({ ok: true, data: r.mocks.FIXTURES.endpoints['search']!.success.json });
  });

  it.each([
    ['query', 'https://search.mock.test/shops/s1/search', { 'x-request-id': 'r-1' }, "mock: required query parameter 'q' is missing"],
    ['header', 'https://search.mock.test/shops/s1/search?q=x', {}, "mock: required header parameter 'X-Request-Id' is missing"],
  ])('a hand-written call without the required %s parameter', async (_where, url, headers, message) => {
    const response = await fetch(url, { headers });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(message);
  });

  it('match a path whose parameter name is no identifier ({item-id})', async () => {
    const client = r.pkg.createClient({ ...target, maxRetries: 0 });
    expect(await client['setFlag']!({ on: true, itemId: 'i-1', big: 5 })).toMatchObject({ ok: true });
  });

  it('answers once the parameter is there, whatever the header name case', async () => {
    const response = await fetch('https://search.mock.test/shops/s1/search?q=x', { headers: { 'X-REQUEST-ID': 'r' } });
    expect(response.status).toBe(200);
  });
});

describe('the msw handlers of a paginated endpoint answer its first page, then its last', () => {
  const server = setupServer();
  const target = { environment: 'live', servers: { api_url: 'https://catalogue.mock.test' } } as const;
  let r: Rendered;
  let pkg: Readonly<Record<string, unknown>>;

  beforeAll(async () => {
    r = await render('test/fixtures/paging/contract.yaml');
    pkg = r.pkg as unknown as Readonly<Record<string, unknown>>;
    server.listen({ onUnhandledRequest: 'error' });
    server.resetHandlers(...r.mocks.createMocks(http, target).handlers());
  }, 60_000);
  afterAll(() => server.close());

  type Iterate = (client: unknown, input: object) => AsyncIterableIterator<Outcome>;
  const walk = async (name: string, input: object): Promise<Outcome[]> => {
    const client = (pkg['createBaseClient'] as (o: object) => unknown)({ ...target, maxRetries: 0 });
    const out: Outcome[] = [];
    for await (const page of (pkg[name] as Iterate)(client, input)) out.push(page);
    return out;
  };

  it.each([
    ['listByCursorPages', {}],
    ['listByOffsetPages', {}],
    ['listByPagePages', {}],
  ])('%s: two pages, the first with items, the last without', async (name, input) => {
    const pages = await walk(name, input);
    expect(pages.map((p) => p.ok)).toEqual([true, true]);
    const id = name.replace(/Pages$/, '');
    const fixtures = r.mocks.FIXTURES.endpoints[id] as unknown as { success: { json: unknown }; lastPage: { json: unknown } };
    expect(pages.map((p) => (p.ok ? p.data : undefined))).toEqual([fixtures.success.json, fixtures.lastPage.json]);
  });

  it('the items of the first page, once', async () => {
    const items = await walk('listByCursorItems', { limit: 5 });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.ok)).toBe(true);
  });
});
