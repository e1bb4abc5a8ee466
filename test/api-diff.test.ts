/**
 * generator/diff/api.ts over hand-written declaration pairs: each change to an export, member by
 * member, judged by the export's role (what consumers do with it), minor only where their code
 * provably keeps compiling; types compared by structure (inline ↔ named, renamed, recursive,
 * generic arguments), open enums, functions' parameters and results; hostile declarations
 * (types that expand without end, or exponentially) judged major within a bound.
 */
import { describe, expect, it } from 'vitest';
import { apiDiff } from '../generator/diff/api.js';
import type { Role } from '../generator/diff/api-roles.js';
import type { ApiChange } from '../generator/diff/review.js';

const INDEX = ["export * from './types.js';", "export * from './client.js';", "export type { Result, CallOptions } from './runtime/exchange.js';"].join('\n');

/** Two packages' `types` (and optionally `client`) modules; roles by export name (default `both`). */
function changes(before: string, after: string, roles: Readonly<Record<string, Role>> = {}, clients: readonly [string, string] = ['', '']): ApiChange[] {
  const files = (types: string, client: string) => new Map([['index', INDEX], ['types', types], ['client', `import type * as Types from './types.js';\nimport { type Result } from './runtime/exchange.js';\n${client}`]]);
  const map = new Map(Object.entries(roles));
  return apiDiff({ files: files(before, clients[0]), roles: map }, { files: files(after, clients[1]), roles: map });
}

/** `Export.member change bump`, one line a change. */
const brief = (list: readonly ApiChange[]) => list.map((c) => `${c.export}${c.member === undefined ? '' : ` ${c.member}`} ${c.change} ${c.bump}`);

describe('members of an object type, by role', () => {
  const order = 'export interface Order { id: string; note?: string; }';

  it('output: members added (optional or not) and a member now always present are minor; one removed or now optional is major', () => {
    expect(brief(changes(order, 'export interface Order { id: string; note?: string; total: number; tag?: string; }', { Order: 'output' }))).toEqual(['Order total added minor', 'Order tag added minor']);
    expect(brief(changes(order, 'export interface Order { id: string; }', { Order: 'output' }))).toEqual(['Order note removed major']);
    expect(brief(changes(order, 'export interface Order { id?: string; note?: string; }', { Order: 'output' }))).toEqual(['Order id changed major']);
    expect(brief(changes(order, 'export interface Order { id: string; note: string; }', { Order: 'output' }))).toEqual(['Order note changed minor']);
  });

  it('input: an optional member added or a member made optional is minor; a required one added, or one made required, is major', () => {
    expect(brief(changes(order, 'export interface Order { id: string; note?: string; tag?: string; }', { Order: 'input' }))).toEqual(['Order tag added minor']);
    expect(brief(changes(order, 'export interface Order { id: string; note?: string; total: number; }', { Order: 'input' }))).toEqual(['Order total added major']);
    expect(brief(changes(order, 'export interface Order { id?: string; note?: string; }', { Order: 'input' }))).toEqual(['Order id changed minor']);
    expect(brief(changes(order, 'export interface Order { id: string; note: string; }', { Order: 'input' }))).toEqual(['Order note changed major']);
  });

  it('both (or a type no operation uses): only an optional member added is minor', () => {
    expect(brief(changes(order, 'export interface Order { id: string; note?: string; tag?: string; }'))).toEqual(['Order tag added minor']);
    expect(brief(changes(order, 'export interface Order { id: string; note?: string; total: number; }'))).toEqual(['Order total added major']);
    expect(brief(changes(order, 'export interface Order { id?: string; note?: string; }'))).toEqual(['Order id changed major']);
  });

  it('inline objects are compared member by member, at their path', () => {
    const before = 'export interface CreateInput { readonly body: { name: string; image: { id?: string; tags: Array<{ k: string }> } }; }';
    const after = 'export interface CreateInput { readonly body: { name: string; image: { id?: string; version?: string; tags: Array<{ k: string; v?: string }> } }; }';
    const list = changes(before, after, { CreateInput: 'input' });
    expect(brief(list)).toEqual(['CreateInput body.image.tags[number].v added minor', 'CreateInput body.image.version added minor']);
    expect(list[1]?.after).toBe('version?: string');
  });

  it("a key that is not an identifier is quoted in the path, and a comment or a layout change is no change", () => {
    expect(brief(changes("export type H = { 'x-rate': number };", "export type H = {\n  /** Limit. */\n  'x-rate': number;\n  \"x-left\"?: number;\n};", { H: 'output' }))).toEqual(['H ["x-left"] added minor']);
  });
});

describe('unions', () => {
  it('widened: minor for a type clients send, major for one they read', () => {
    const [a, b] = ["export type Kind = 'a' | 'b';", "export type Kind = 'a' | 'b' | 'c';"];
    expect(brief(changes(a, b, { Kind: 'input' }))).toEqual(['Kind changed minor']);
    expect(brief(changes(a, b, { Kind: 'output' }))).toEqual(['Kind changed major']);
    expect(brief(changes(a, b))).toEqual(['Kind changed major']);
  });

  it('narrowed: minor only for a type clients read that lost null or undefined (a literal it lost may be a case label)', () => {
    expect(brief(changes('export type N = string | null;', 'export type N = string;', { N: 'output' }))).toEqual(['N changed minor']);
    expect(brief(changes('export type N = string | null;', 'export type N = string;', { N: 'input' }))).toEqual(['N changed major']);
    expect(brief(changes("export type K = 'a' | 'b';", "export type K = 'a';", { K: 'output' }))).toEqual(['K changed major']);
  });

  it("an object member of a union is compared in place (`{…} | null`)", () => {
    expect(brief(changes('export type D = { a: string } | null;', 'export type D = { a: string; b?: number } | null;', { D: 'output' }))).toEqual(['D b added minor']);
  });

  it("a member changed in place beside one gained, and TypeScript's own generics compared by their arguments", () => {
    const list = changes('export interface Card { metadata: Record<string, unknown>; }', 'export interface Card { metadata: Record<string, string> | null; }', { Card: 'output' });
    expect(brief(list)).toEqual(['Card metadata[string] changed minor', 'Card metadata changed major']);
    expect(list.map((c) => c.reason)).toEqual(['a type clients read was unknown and is now described', 'a type clients read may hold values it did not']);
  });

  it('an inline object that became a named type beside a null: the object compared, the null judged on its own', () => {
    const list = changes('export interface Account { profile: { name?: string }; }', 'export interface Profile { name?: string; url?: string; }\nexport interface Account { profile: Profile | null; }', { Account: 'output' });
    expect(brief(list)).toEqual(['Account profile.url added minor', 'Account profile changed major', 'Profile added minor']);
  });

  it("an open enum's literals beside `string & {}` add and take away nothing: string → Code | (string & {}) is the same type", () => {
    const code = "export type Code = 'missing' | 'invalid';";
    expect(brief(changes(`${code}\nexport interface E { code: string; }`, `${code}\nexport interface E { code: Code | (string & {}); }`, { E: 'output' }))).toEqual([]);
    expect(brief(changes("export type S = 'a' | (string & {});", "export type S = 'a' | 'b' | (string & {});", { S: 'output' }))).toEqual([]);
  });
});

describe('types compared by structure, not by name', () => {
  it('an inline object moved into a named type of the same shape is no change to the export that holds it', () => {
    const list = changes('export type GetData = { id: string; name?: string };', 'export interface Thing { id: string; name?: string; }\nexport type GetData = Thing;', { GetData: 'output' });
    expect(brief(list)).toEqual(['Thing added minor']);
  });

  it('a type renamed with the same shape, even a recursive one, is no change where it is used (the old name is removed, the new added)', () => {
    const before = 'export interface Node { value: string; next?: Node; }\nexport interface Tree { root: Node; }';
    const after = 'export interface Item { value: string; next?: Item; }\nexport interface Tree { root: Item; }';
    expect(brief(changes(before, after, { Tree: 'output' }))).toEqual(['Item added minor', 'Node removed major']);
  });

  it("through a namespace (`Types.Thing` in client.d.ts) and an interface's extends list", () => {
    const types = 'export interface Base { id: string; }\nexport interface Thing extends Base { name?: string; }';
    const list = changes(types, types, { GetData: 'output' }, ['export type GetData = { id: string; name?: string };', 'export type GetData = Types.Thing;']);
    expect(brief(list)).toEqual([]);
  });

  it("a runtime generic's arguments: a response header declared is a member added to response.headers", () => {
    const client = (result: string) => `export interface GetHeaders { readonly link?: string; }\nexport type GetResult = ${result};`;
    const list = changes('', '', { GetResult: 'output' }, [client('Result<string, never>'), client('Result<string, never, number, GetHeaders>')]);
    expect(brief(list)).toEqual(['GetResult response.headers.link added minor']);
  });

  it('unknown → a type in what clients read narrows it (minor); a type → unknown in what they send widens it (minor); the reverse is major', () => {
    expect(brief(changes('export type D = unknown;', 'export type D = { a: string };', { D: 'output' }))).toEqual(['D changed minor']);
    expect(brief(changes('export type D = { a: string };', 'export type D = unknown;', { D: 'input' }))).toEqual(['D changed minor']);
    expect(brief(changes('export type D = { a: string };', 'export type D = unknown;', { D: 'output' }))).toEqual(['D changed major']);
  });
});

describe('the client, functions and values', () => {
  const client = (methods: string) => `export interface GetInput { id: string; }\nexport type GetResult = Result<string, never>;\nexport interface Client { ${methods} }`;

  it('a method added to the client is minor; one removed is major', () => {
    expect(brief(changes('', '', { Client: 'output' }, [client('get(input: GetInput): Promise<GetResult>;'), client('get(input: GetInput): Promise<GetResult>; ping(input?: GetInput): Promise<GetResult>;')]))).toEqual(['Client ping added minor']);
    expect(brief(changes('', '', { Client: 'output' }, [client('get(input: GetInput): Promise<GetResult>; ping(): Promise<GetResult>;'), client('get(input: GetInput): Promise<GetResult>;')]))).toEqual(['Client ping removed major']);
  });

  it("a method's parameter made optional is minor (callers may still pass it); made required, or one added that callers must pass, is major", () => {
    const roles = { Client: 'output' } as const;
    expect(brief(changes('', '', roles, [client('get(input: GetInput): Promise<GetResult>;'), client('get(input?: GetInput): Promise<GetResult>;')]))).toEqual(['Client get(0) changed minor']);
    expect(brief(changes('', '', roles, [client('get(input?: GetInput): Promise<GetResult>;'), client('get(input: GetInput): Promise<GetResult>;')]))).toEqual(['Client get(0) changed major']);
    expect(brief(changes('', '', roles, [client('get(input: GetInput): Promise<GetResult>;'), client('get(input: GetInput, other: string): Promise<GetResult>;')]))).toEqual(['Client get(1) added major']);
    expect(brief(changes('', '', roles, [client('get(input: GetInput): Promise<GetResult>;'), client('get(input: GetInput, other?: string): Promise<GetResult>;')]))).toEqual(['Client get(1) added minor']);
  });

  it("a function type's parameters are what its callers build: a callback clients write is judged the other way round", () => {
    const [a, b] = ['export type Cb = (event: { id: string }) => void;', 'export type Cb = (event: { id: string; at?: number }) => void;'];
    // Clients call it (it is handed to them): the event is theirs to build, an optional member is minor.
    expect(brief(changes(a, b, { Cb: 'output' }))).toEqual(['Cb (0).at added minor']);
    const [c, d] = ['export type Cb = (event: { id: string }) => void;', 'export type Cb = (event: { id: string; at: number }) => void;'];
    expect(brief(changes(c, d, { Cb: 'output' }))).toEqual(['Cb (0).at added major']);
    // Clients write it (they pass it in): the event is what they receive, a member added is minor.
    expect(brief(changes(c, d, { Cb: 'input' }))).toEqual(['Cb (0).at added minor']);
  });

  it("values are read: an enum's `*_VALUES` list gaining an item at its end is minor, one inserted before is major; a function whose signature changed is major", () => {
    expect(brief(changes("export declare const KIND_VALUES: readonly ['a', 'b'];", "export declare const KIND_VALUES: readonly ['a', 'b', 'c'];"))).toEqual(['KIND_VALUES [2] added minor']);
    expect(brief(changes("export declare const KIND_VALUES: readonly ['a', 'b'];", "export declare const KIND_VALUES: readonly ['c', 'a', 'b'];"))).toEqual(['KIND_VALUES changed major']);
    expect(brief(changes('export declare function isCode(code: unknown): code is string;', 'export declare function isCode(code: unknown): code is number;'))).toEqual(['isCode changed major']);
  });

  it('exports added are minor, removed major; a name that is a type and a value judges each', () => {
    expect(brief(changes('export type A = string;', 'export type A = string;\nexport type B = number;'))).toEqual(['B added minor']);
    expect(brief(changes('export type A = string;\nexport type B = number;', 'export type A = string;'))).toEqual(['B removed major']);
    const kind = (values: string) => `export type Kind = ${values.split(',').map((v) => `'${v}'`).join(' | ')};\nexport declare const Kind: { ${values.split(',').map((v) => `readonly ${v}: '${v}';`).join(' ')} };`;
    expect(brief(changes(kind('a,b'), kind('a,b,c'), { Kind: 'input' }))).toEqual(['Kind changed minor', 'Kind c added minor']);
  });
});

describe('hostile declarations are judged within a bound', () => {
  it('a generic that expands without end is judged major, quickly', () => {
    const grow = (arg: string) => `type F<T> = { x: F<{ y: T }>; v: T };\nexport type X = F<${arg}>;`;
    const started = performance.now();
    const list = changes(grow('string'), grow('number'), { X: 'output' });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.bump === 'major')).toBe(true);
  });

  it('types that name each other twice per level (2^40 paths) are compared once per pair', () => {
    const levels = (prefix: string, last: string) => Array.from({ length: 40 }, (_, i) => `export interface ${prefix}${i} { a: ${i === 39 ? last : `${prefix}${i + 1}`}; b: ${i === 39 ? last : `${prefix}${i + 1}`}; }`).join('\n');
    const started = performance.now();
    const same = changes(`${levels('L', 'string')}\nexport type Top = L0;`, `${levels('M', 'string')}\nexport type Top = M0;`, { Top: 'output' });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(same.filter((c) => c.export === 'Top')).toEqual([]);
    const differs = changes(`${levels('L', 'string')}\nexport type Top = L0;`, `${levels('M', 'number')}\nexport type Top = M0;`, { Top: 'output' });
    expect(brief(differs.filter((c) => c.export === 'Top')).every((line) => line.endsWith('major'))).toBe(true);
  });
});
