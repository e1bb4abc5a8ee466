/**
 * Wire names that are members of every JavaScript object (`__proto__`, `constructor`, `toString`,
 * `hasOwnProperty`, `valueOf`), end to end. The fixture contract test/fixtures/object-members and
 * the description test/fixtures/openapi/object-members.json give them every place a wire name
 * has; each package is generated (mocks and openapi.yaml included), type-checked with a consumer's
 * code under TypeScript 5.9 and 7, and called against a node:http server on 127.0.0.1, which
 * checks every name is sent as written and answers with them. Object.prototype is left as it was.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absentMember } from '../generator/naming.js';
import { fixture } from './support/corpus.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';

const PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).join();
const CONTRACT_OUT = outDir('object-members');
const DESCRIPTION_OUT = outDir('object-members-openapi');
const DESCRIPTION = 'test/fixtures/openapi/object-members.json';

/** A consumer's code: literals that leave the optional members out, and every name read back. */
const CONTRACT_TYPES = `
import { expectTypeOf } from 'vitest';
import { Member, type Figure, type PutThingInput, type Rules, type Thing } from './index.js';
import { FIXTURES } from './mocks/index.js';

export const thing: Thing = { ['__proto__']: 'p', name: 'n' };
export const input: PutThingInput = { toString: 't', body: thing };
export const rules: Rules = {};
export const ruled: Rules = { constructor: '__proto__', hasOwnProperty: 'h', toString: 1, valueOf: 'v' };
// @ts-expect-error hasOwnProperty is required when constructor is __proto__
export const unruled: Rules = { constructor: '__proto__' };
// @ts-expect-error toString and valueOf are sent together
export const half: Rules = { toString: 1 };
// @ts-expect-error a member-named field keeps its own type
export const wrong: Thing = { ['__proto__']: 'p', name: 'n', toString: 'not a number' };

export function read(t: Thing, f: Figure): void {
  expectTypeOf(t.__proto__).toEqualTypeOf<string>();
  if (typeof t.toString === 'number') expectTypeOf(t.toString).toEqualTypeOf<number>();
  if (f.constructor === '__proto__') expectTypeOf(f.toString).toEqualTypeOf<number>();
  expectTypeOf(Member.__proto__).toEqualTypeOf<'__proto__'>();
  expectTypeOf(FIXTURES.endpoints.putThing.success.json).toEqualTypeOf<Thing | undefined>();
}
`;

const DESCRIPTION_TYPES = `
import { expectTypeOf } from 'vitest';
import type { Derived, PutThingInput, Thing } from './index.js';

export const thing: Thing = { ['__proto__']: 'p', name: 'n' };
export const derived: Derived = {};
export const input: PutThingInput = { toString: 't', body: thing };
export function read(t: Thing): void {
  expectTypeOf(t.__proto__).toEqualTypeOf<string>();
}
`;

interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly response?: { readonly headers: Readonly<Record<string, string>> };
  readonly error?: { readonly code: string; readonly message: string; readonly known: boolean; readonly fields: readonly { field: string; message: string }[] };
}
type Call = (input: object) => Promise<Outcome>;
interface Package {
  createClient(options: object): Record<string, Call>;
  nodeTransport(module: typeof http, options: { agent: http.Agent }): unknown;
  MEMBER_VALUES: readonly string[];
}

/**
 * Node's fetch (undici) leaves out a request header named `__proto__` (it copies headers into a
 * plain object by assignment), so calls that send one go through the package's node:http transport.
 */
const agent = new http.Agent({ keepAlive: false });
afterAll(() => agent.destroy());

/** What the server saw of a request: the raw body and headers, and the query. */
interface Seen {
  readonly url: URL;
  readonly method: string;
  readonly headers: readonly string[];
  readonly body: string;
}
const seen: Seen[] = [];

const THING_REPLY = '{"__proto__":"server","constructor":"made","toString":7,"name":"n","valueOf":{"__proto__":"toString","constructor":{"__proto__":"hasOwnProperty"}}}';
const PROBLEM_REPLY = '{"__proto__":{"code":"__proto__"},"constructor":"No such thing.","hasOwnProperty":[{"__proto__":"name","toString":"is unknown"}]}';

function reply(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push({ url, method: req.method ?? '', headers: req.rawHeaders, body: Buffer.concat(chunks).toString('utf8') });
    if (url.pathname === '/oauth/token') return reply(res, 200, '{"__proto__":"token-1","constructor":3600}');
    if (url.pathname === '/things/missing') return reply(res, 404, PROBLEM_REPLY);
    if (url.pathname.startsWith('/things/')) return reply(res, 200, THING_REPLY, { constructor: 'made-by-test', ['__proto__']: '7' });
    if (url.pathname === '/merged') return reply(res, 200, '{"__proto__":"m","constructor":1}');
    reply(res, 404, '{}');
  });
}

/** The raw header of that name (Node's parsed headers are not what was sent). */
function rawHeader(s: Seen | undefined, name: string): string | undefined {
  const at = s?.headers.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name) ?? -1;
  return at < 0 ? undefined : s?.headers[at + 1];
}

function ownValue(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Object.getOwnPropertyDescriptor(value, key)?.value : undefined;
}

let fromContract: PackageUnderTest<Package>;

/** A client of the contract's package, with its credentials, on the loopback server. */
function contractClient(transport?: unknown): Record<string, Call> {
  return fromContract.pkg.createClient({ environment: 'default', servers: { base_url: fromContract.base }, credentials: { clientId: 'id-1', clientSecret: 'secret-1' }, maxRetries: 0, transport });
}
let fromDescription: PackageUnderTest<Package>;

beforeAll(async () => {
  fromContract = await packageUnderTest<Package>(fixture('object-members'), CONTRACT_OUT, CONTRACT_TYPES, handle);
  fromDescription = await packageUnderTest<Package>(DESCRIPTION, DESCRIPTION_OUT, DESCRIPTION_TYPES, handle);
}, 120_000);

afterAll(async () => {
  await fromContract?.dispose();
  await fromDescription?.dispose();
});

describe('the rule: an optional property named like a member of Object also admits that member', () => {
  it("names exactly the members of TypeScript's Object interface", () => {
    // What the compiler itself says `keyof Object` is.
    const dir = outDir('object-members-keyof');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'keyof.ts');
    writeFileSync(file, 'export type K = keyof Object;\n');
    try {
      const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, types: [] });
      const source = program.getSourceFile(file);
      const alias = source?.statements[0];
      if (alias === undefined || !ts.isTypeAliasDeclaration(alias)) throw new Error('no alias');
      const type = program.getTypeChecker().getTypeAtLocation(alias.name);
      const members = (type.isUnion() ? type.types : [type]).map((t) => (t.isStringLiteral() ? t.value : String(t))).sort();
      expect(members.length).toBeGreaterThan(5);
      for (const name of members) expect(absentMember(name, true), name).toBe(`Object['${name}']`);
      const others = Object.getOwnPropertyNames(Object.prototype).filter((n) => !members.includes(n));
      expect(others).toContain('__proto__');
      for (const name of [...others, 'name', 'prototype', '']) expect(absentMember(name, true), name).toBeUndefined();
      for (const name of members) expect(absentMember(name, false), `${name} required`).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the packages compile, with code that leaves the optional members out', () => {
  const cases = [CONTRACT_OUT, DESCRIPTION_OUT].flatMap((out) => (Object.keys(COMPILERS) as Compiler[]).map((compiler) => [out.includes('openapi') ? 'description' : 'contract', compiler, out] as const));
  it.each(cases)('from the %s, under %s', { timeout: TYPE_CHECK_TIMEOUT }, (_from, compiler, out) => {
    const { output, status } = typeCheck(out, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

describe('the client sends and reads every name as written (node:http on 127.0.0.1)', () => {
  it('the token request carries __proto__ and valueOf as form fields, and the token is read from __proto__', async () => {
    const client = contractClient();
    const before = seen.length;
    const result = await client['putThing']!({ toString: 't', constructor: 'c', hasOwnProperty: true, ['__proto__']: 'h', body: { ['__proto__']: 'p', constructor: 'c', name: 'n' } });
    expect(result.ok, JSON.stringify(result.error)).toBe(true);
    const [token, call] = seen.slice(before);
    expect(token?.url.pathname).toBe('/oauth/token');
    expect([...new URLSearchParams(token?.body)]).toEqual([['toString', 'client_credentials'], ['__proto__', 'id-1'], ['valueOf', 'secret-1']]);
    expect(rawHeader(call, 'authorization')).toBe('Bearer token-1');
  });

  it('a body, query and header parameters named __proto__, constructor and hasOwnProperty go out under those names', async () => {
    const client = contractClient(fromContract.pkg.nodeTransport(http, { agent }));
    const before = seen.length;
    const result = await client['putThing']!({ toString: 'x y', constructor: 'c', hasOwnProperty: false, ['__proto__']: 'h', body: { ['__proto__']: 'p', constructor: 'c', toString: 3, name: 'n' } });
    expect(result.ok).toBe(true);
    const call = seen.slice(before).find((s) => s.url.pathname.startsWith('/things/'));
    expect(call?.method).toBe('PUT');
    expect(call?.url.pathname).toBe('/things/x%20y');
    expect([...(call?.url.searchParams ?? [])]).toEqual([['constructor', 'c'], ['hasOwnProperty', 'false']]);
    expect(rawHeader(call, '__proto__')).toBe('h');
    const sent: unknown = JSON.parse(call?.body ?? '');
    expect(Object.keys(sent as object)).toEqual(['__proto__', 'constructor', 'toString', 'name']);
    expect(ownValue(sent, '__proto__')).toBe('p');
  });

  it('a response whose JSON and headers hold those names is read as written: own properties, plain objects', async () => {
    const client = contractClient();
    const result = await client['putThing']!({ toString: 't', body: { ['__proto__']: 'p', name: 'n' } });
    expect(result.ok).toBe(true);
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
    expect(Object.keys(result.data as object)).toEqual(['__proto__', 'constructor', 'toString', 'name', 'valueOf']);
    expect(ownValue(result.data, '__proto__')).toBe('server');
    const inner = ownValue(result.data, 'valueOf');
    expect(ownValue(inner, '__proto__')).toBe('toString');
    expect(ownValue(ownValue(inner, 'constructor'), '__proto__')).toBe('hasOwnProperty');
    expect(ownValue(result.response?.headers, '__proto__')).toBe('7');
    expect(ownValue(result.response?.headers, 'constructor')).toBe('made-by-test');
  });

  it('an error shape read through __proto__, constructor and hasOwnProperty decodes its code, message and fields', async () => {
    const client = contractClient();
    const result = await client['putThing']!({ toString: 'missing', body: { ['__proto__']: 'p', name: 'n' } });
    expect(result.ok).toBe(false);
    expect(result.error).toMatchObject({ code: '__proto__', known: true, message: 'No such thing.', fields: [{ field: 'name', message: 'is unknown' }] });
  });

  it('the package generated from the description does the same', async () => {
    const client = fromDescription.pkg.createClient({ environment: 'default', servers: { origin: fromDescription.base }, maxRetries: 0, transport: fromDescription.pkg.nodeTransport(http, { agent }) });
    const before = seen.length;
    const result = await client['putThing']!({ toString: 't', constructor: 'c', ['__proto__']: 'h', body: { ['__proto__']: 'p', name: 'n' } });
    expect(result.ok, JSON.stringify(result.error)).toBe(true);
    const [call] = seen.slice(before);
    expect(rawHeader(call, '__proto__')).toBe('h');
    expect(call?.url.search).toBe('?constructor=c');
    expect(ownValue(JSON.parse(call?.body ?? ''), '__proto__')).toBe('p');
    expect(ownValue(result.data, '__proto__')).toBe('server');
    expect(ownValue(result.response?.headers, '__proto__')).toBe('7');
    const merged = await client['postMerged']!({ body: { ['__proto__']: 'd', constructor: 'e' } });
    expect(merged.ok).toBe(true);
    expect(ownValue(merged.data, '__proto__')).toBe('m');
    expect(fromDescription.pkg.MEMBER_VALUES).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
  });

  it('Object.prototype is as it was', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).join()).toBe(PROTOTYPE);
    expect(({} as Record<string, unknown>)['code']).toBeUndefined();
  });
});
