/**
 * A fast-check arbitrary of VALID contracts (docs/contract-format.md, contract/contract.schema.json),
 * built to be hostile: identifiers are reserved words, prototype keys and names that differ only in
 * case; field names are any strings (empty, digits first, dashes, spaces, unicode, `__proto__`);
 * enum values, descriptions, hints, codes and patterns carry comment terminators, backticks,
 * `${…}`, quotes, backslashes, newlines, U+2028/U+2029 and `</script>`.
 *
 * Every reference points at something declared, every rule names real fields, message examples are
 * matched by their own row and map exactly to `expect` (or are left out), so the validator must
 * accept every value; `test/property.test.ts` asserts it does.
 *
 * Names: `names: 'hostile'` draws every identifier from the hostile pools (contracts then often
 * declare, say, hosts `api` and `Api`); `'distinct'` gives hosts, endpoints and types prefixed names
 * whose generated TypeScript names cannot collide, so a fuzz run can look past name clashes;
 * `'mixed'` (default) picks one of the two per contract.
 */
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { RESERVED_INPUT_KEYS } from '../../templates/base-client.js';
import { patternSafety } from '../../generator/regex/pattern-safety.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Doc = { [key: string]: Json };

export interface GeneratedContract {
  /** The contract as plain data (what the YAML parses to). */
  readonly doc: Doc;
  readonly yaml: string;
  /** How identifiers were drawn. */
  readonly names: 'hostile' | 'distinct';
  /** Wire names the generated package must carry exactly. */
  readonly wire: WireNames;
}

export interface WireNames {
  /** Every field name of every named type, inline object and array item, without repeats. */
  readonly fieldNames: readonly string[];
  /** Every enum with its values, in contract order. */
  readonly enums: readonly { readonly name: string; readonly values: readonly string[] }[];
  /** Every code of every code table, without repeats. */
  readonly codes: readonly string[];
}

export interface ContractArbitraryOptions {
  readonly names?: 'hostile' | 'distinct' | 'mixed';
  /** Probability (0–1) that the contract has `auth`. Default 0.4. */
  readonly auth?: number;
}

// ---------------------------------------------------------------------------------------------
// Pools

/** Identifier-shaped (`^[A-Za-z_][A-Za-z0-9_]*$`) names that are hard on a code generator. */
export const HOSTILE_IDENTIFIERS: readonly string[] = [
  'class', 'default', 'delete', 'new', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype',
  'then', 'import', 'export', 'enum', 'interface', 'type', 'function', 'return', 'await', 'yield', 'let', 'static',
  'undefined', 'null', 'true', 'NaN', 'Infinity', 'eval', 'arguments', 'require', 'module', 'process', 'globalThis',
  'Object', 'Array', 'Promise', 'Error', 'Record', 'Date', 'Response', 'Symbol', 'Map',
  '_', '__', '_1', '$', 'a', 'A', 'x1', 'api', 'Api', 'API', 'order', 'Order', 'ORDER', 'order_item', 'orderItem', 'OrderItem',
  'Client', 'Environment', 'Host', 'HOSTS', 'Result', 'CallOptions', 'ServerVariables', 'ErrorCategory', 'DecodedError',
];
// '$' is not a schema identifier; drop it where the schema's pattern applies. Object.prototype
// member names are rejected by the validator for identifiers (reserved-name); field names and
// enum values (wire names) still draw them.
const BUILT_IN = new Set(Object.getOwnPropertyNames(Object.prototype));
const IDENTIFIERS = HOSTILE_IDENTIFIERS.filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n) && !BUILT_IN.has(n));

/** Type names the format reserves. */
const BUILTIN_TYPE_NAMES = new Set(['string', 'integer', 'number', 'boolean', 'unknown', 'binary', 'object', 'array', 'map', 'enum', 'union']);

/** Text that breaks naive code generation: comments, template literals, quotes, line terminators, HTML. */
export const HOSTILE_TEXT: readonly string[] = [
  '*/',
  '/*',
  '*/ import("fs").then((f) => f.writeFileSync("/tmp/PWNED-arb", "x")) /*',
  '`',
  '${process.exit(1)}',
  '`${process.exit(1)}`',
  "'",
  '"',
  "'); process.exit(1); ('",
  '\\',
  '\\n',
  '\\u2028',
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u2029',
  '</script>',
  '</script><script>process.exit(1)</script>',
  '<!--',
  '-->',
  '@param',
  ' @ts-ignore',
  '{@link x}',
  '// ',
  '#',
  '- ',
  ': ',
  '&a',
  '*a',
  '!tag',
  '---',
  '...',
  '|',
  '>',
  '%',
  '?',
  'null',
  '~',
  'true',
  '0x1F',
  '1e3',
  '.inf',
  '<<',
  '\t',
  ' ',
  'é',
  'ü',
  '日本語',
  '🙂',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\u00a0',
  '\ufeff',
  '\u200b',
];

/** Field names: any string, as the format allows. */
export const HOSTILE_FIELD_NAMES: readonly string[] = [
  ...IDENTIFIERS.slice(0, 32),
  '',
  ' ',
  '0',
  '1',
  '10',
  '1abc',
  '2x',
  'a-b',
  'a_b',
  'a b',
  'a.b',
  'aB',
  'ab',
  'AB',
  'é',
  'ünïcødé',
  '日本',
  '🙂',
  '$',
  '$ref',
  '-',
  '--',
  '[0]',
  '<<',
  '~',
  'a"b',
  "a'b",
  'a\\b',
  '*/',
  '`',
  '${x}',
  '</script>',
  '\u2028',
  '\n',
  'length',
  'field',
];

/** Path segments of `bodyPath` / `fieldPath` (`[A-Za-z0-9_$-]+`). */
const PATH_SEGMENTS: readonly string[] = ['code', 'error', 'message', 'errors', '0', '1', '__proto__', 'constructor', 'toString', 'prototype', '$', '-', 'a-b', '_', 'detail', 'type', 'status'];

const PRIMITIVES = ['string', 'integer', 'number', 'boolean', 'unknown', 'binary'] as const;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
/** Keys of a method's input besides path parameters: never a path parameter's name. */
const RESERVED_PARAMS = new Set(RESERVED_INPUT_KEYS);
/** Prefix of message row `i`; no other row's pattern can match a text that starts with it. */
const rowTag = (i: number) => `\u27e6${i}\u27e7`;

// ---------------------------------------------------------------------------------------------
// Drawing values

type GenValue = fc.GeneratorValue;

class Draw {
  constructor(private readonly g: GenValue) {}

  int(min: number, max: number): number {
    return this.g(fc.integer, { min, max });
  }

  /** True with probability p; shrinks towards false. */
  chance(p: number): boolean {
    return this.int(0, 999) >= 1000 - Math.round(p * 1000);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  from<T>(arb: fc.Arbitrary<T>): T {
    return this.g(() => arb);
  }

  /** A random subset, in the original order. */
  subset<T>(items: readonly T[], max = items.length): T[] {
    const out: T[] = [];
    for (const item of items) if (out.length < max && this.chance(0.4)) out.push(item);
    return out;
  }

  maybe<T>(p: number, make: () => T): T | undefined {
    return this.chance(p) ? make() : undefined;
  }

  /** Free text: hostile pieces and random unicode. */
  text(maxPieces = 3): string {
    const n = this.int(0, maxPieces);
    let s = '';
    for (let i = 0; i < n; i++) {
      const kind = this.int(0, 9);
      if (kind < 6) s += this.pick(HOSTILE_TEXT);
      else if (kind < 9) s += this.from(fc.string({ maxLength: 8, unit: 'grapheme' }));
      else s += this.from(fc.string({ maxLength: 6, unit: 'binary' }));
    }
    return s;
  }

  nonEmptyText(): string {
    const s = this.text();
    return s === '' ? 'x' : s;
  }

  identifier(): string {
    return this.chance(0.6) ? this.pick(IDENTIFIERS) : this.from(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,10}$/));
  }

  /** `n` distinct names from `make` (fewer when it keeps repeating itself). */
  distinct(n: number, make: () => string, key: (name: string) => string = (s) => s): string[] {
    const seen = new Set<string>();
    const out: string[] = [];
    for (let tries = 0; out.length < n && tries < n * 6; tries++) {
      const name = make();
      if (seen.has(key(name))) continue;
      seen.add(key(name));
      out.push(name);
    }
    return out;
  }

  fieldName(): string {
    const kind = this.int(0, 9);
    if (kind < 6) return this.pick(HOSTILE_FIELD_NAMES);
    if (kind < 8) return this.from(fc.string({ maxLength: 6, unit: 'grapheme' }));
    return this.identifier();
  }

  pathSegment(): string {
    return this.chance(0.7) ? this.pick(PATH_SEGMENTS) : this.from(fc.stringMatching(/^[A-Za-z0-9_$-]{1,6}$/));
  }

  bodyPath(): string {
    const n = this.int(1, 3);
    return Array.from({ length: n }, () => this.pathSegment()).join('.');
  }

  status(min = 100, max = 599): number {
    return this.chance(0.7) ? this.pick([100, 200, 201, 204, 301, 400, 401, 403, 404, 409, 418, 422, 429, 500, 502, 503].filter((s) => s >= min && s <= max)) : this.int(min, max);
  }

  /** A JSON value; objects may have `__proto__` and `constructor` keys. */
  json(depth = 0): Json {
    const kind = this.int(0, depth >= 2 ? 4 : 6);
    switch (kind) {
      case 0:
        return null;
      case 1:
        return this.chance(0.5);
      case 2:
        return this.chance(0.5) ? this.int(-1000, 1000) : this.from(fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 3:
      case 4:
        return this.text();
      case 5:
        return Array.from({ length: this.int(0, 3) }, () => this.json(depth + 1));
      default: {
        const keys = this.distinct(this.int(0, 3), () => (this.chance(0.3) ? this.pick(['__proto__', 'constructor', 'polluted']) : this.fieldName()));
        return record(keys.map((k) => [k, this.json(depth + 1)]));
      }
    }
  }
}

/** An object with exactly these own keys (a `__proto__` key stays an own property). */
function record(entries: readonly (readonly [string, Json])[]): { [key: string]: Json } {
  return Object.fromEntries(entries) as { [key: string]: Json };
}

/** Adds `key: value` when value is defined. */
function opt(entries: [string, Json][], key: string, value: Json | undefined): void {
  if (value !== undefined) entries.push([key, value]);
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

// ---------------------------------------------------------------------------------------------
// The contract

interface EnumInfo {
  readonly name: string;
  readonly values: string[];
  readonly open: boolean;
}

interface ObjectInfo {
  readonly name: string;
  /** Filled after every type name is known (fields may refer to any type, itself included). */
  fields: [string, Json][];
  fieldTypes: Map<string, FieldKind>;
}

/** What a field's type allows as a `requiredWhen` value. */
type FieldKind = { kind: 'string' } | { kind: 'enum'; info: EnumInfo } | { kind: 'any' } | { kind: 'other' };

class ContractBuilder {
  private readonly d: Draw;
  private readonly distinctNames: boolean;
  private readonly wantAuth: boolean;
  private readonly enums: EnumInfo[] = [];
  private readonly objects: ObjectInfo[] = [];
  private typeNames: string[] = [];
  private categories: string[] = [];
  private statusRules: [string, string][] = [];
  private shapes: string[] = [];
  private servers: string[] = [];
  private hosts: string[] = [];
  private policies: string[] = [];
  private readonly fieldNames = new Set<string>();
  private readonly codes = new Set<string>();
  /** Identifier-shaped request field names, for message rows to name. */
  private readonly requestFields = new Set<string>();

  constructor(g: GenValue, distinctNames: boolean, authChance: number) {
    this.d = new Draw(g);
    this.distinctNames = distinctNames;
    this.wantAuth = this.d.chance(authChance);
  }

  build(): { doc: Doc; wire: WireNames } {
    const d = this.d;
    const top: [string, Json][] = [['contractgen', 1]];
    top.push(['info', this.info()]);

    this.servers = d.distinct(d.int(0, 3), () => d.identifier());
    if (this.servers.length > 0 || d.chance(0.1)) {
      top.push(['servers', record(this.servers.map((s) => [s, record(d.chance(0.5) ? [['description', d.text()]] : [])]))]);
    }

    this.categories = d.distinct(d.int(0, 4), () => d.identifier());
    if (this.wantAuth || d.chance(0.5)) this.categories.push(...d.distinct(1, () => d.identifier()).filter((c) => !this.categories.includes(c)));
    const types = this.types();
    this.shapes = d.distinct(d.int(0, 3), () => d.identifier());
    const authShape = this.wantAuth && d.chance(0.4) ? 'unauthorized' : undefined;
    if (authShape !== undefined && !this.shapes.includes(authShape)) this.shapes.push(authShape);
    // auth.unauthorized names a shape (by default one called 'unauthorized'). Shape names like an
    // Object.prototype member are refused (reserved-name); the pick keeps its length, so the
    // seeded streams draw what they drew before.
    if (this.wantAuth && this.shapes.length === 0) this.shapes.push(d.pick(['unauthorized', 'token_expired', 'token_missing']));

    const hostCount = d.int(1, 4);
    this.hosts = this.distinctNames ? Array.from({ length: hostCount }, (_, i) => `h${i}_${d.pick(['api', 'class', 'default', 'x'])}`) : d.distinct(hostCount, () => d.identifier());
    if (this.hosts.length === 0) this.hosts = ['api'];

    if (this.categories.length > 0) {
      const patterns = d.distinct(d.int(0, 6), () => (d.chance(0.5) ? `${d.int(1, 5)}XX` : String(d.status())));
      this.statusRules = patterns.map((p) => [p, d.pick(this.categories)]);
    }
    const policies = this.categories.length > 0 ? d.distinct(d.int(0, 2), () => d.identifier()) : [];
    this.policies = policies;

    // Endpoints first (message tables resolve against request fields), then hosts.
    const auth = this.wantAuth ? this.authParts() : undefined;
    const endpoints = this.endpoints(auth);

    top.push(['hosts', record(this.hosts.map((h) => [h, this.host()]))]);
    if (this.shapes.length > 0) top.push(['shapes', record(this.shapes.map((s) => [s, this.shape()]))]);
    if (this.categories.length > 0) {
      top.push(['categories', record(this.categories.map((c) => {
        const e: [string, Json][] = [];
        opt(e, 'description', d.maybe(0.5, () => d.text()));
        opt(e, 'retryable', d.maybe(0.5, () => d.chance(0.5)));
        return [c, record(e)];
      }))]);
    }
    if (this.statusRules.length > 0) top.push(['statusCategories', record(this.statusRules)]);
    if (policies.length > 0) top.push(['policies', record(policies.map((p) => [p, this.policy()]))]);
    if (d.chance(0.3)) top.push(['support', this.support()]);
    const environments = this.environments();
    if (environments !== undefined) top.push(['environments', environments.doc]);
    if (auth !== undefined) top.push(['auth', this.auth(auth, environments?.names ?? ['default'])]);
    if (types.length > 0 || d.chance(0.1)) top.push(['types', record(types)]);
    top.push(['endpoints', record(endpoints)]);

    // Fields of named types first: objects' fields were collected while building them.
    return {
      doc: record(top),
      wire: {
        fieldNames: [...this.fieldNames],
        enums: this.enums.map((e) => ({ name: e.name, values: [...e.values] })),
        codes: [...this.codes],
      },
    };
  }

  private info(): Json {
    const d = this.d;
    const e: [string, Json][] = [
      ['title', d.nonEmptyText()],
      ['version', d.chance(0.5) ? d.pick(['1.0.0', '0.1', '2025-01-01', 'v1']) : d.nonEmptyText()],
      ['package', d.pick(['client', 'a-b', '@scope/client', '@x-y/z.js', 'c~1', '0pkg'])],
    ];
    opt(e, 'description', d.maybe(0.5, () => d.text()));
    opt(e, 'notShown', d.maybe(0.3, () => (d.chance(0.5) ? d.text() : Array.from({ length: d.int(0, 3) }, () => d.text()))));
    return record(e);
  }

  // --- types ---------------------------------------------------------------------------------

  private typeName(i: number): string {
    if (this.distinctNames) return `T${i}_${this.d.pick(['class', 'default', 'delete', 'proto', 'x', 'Error'])}`;
    return this.d.identifier();
  }

  private types(): [string, Json][] {
    const d = this.d;
    const count = d.int(0, 6);
    const names = d.distinct(count + 6, () => this.typeName(d.int(0, 99))).filter((n) => !BUILTIN_TYPE_NAMES.has(n));
    const own = names.slice(0, count);
    this.typeNames = names;
    const kinds = own.map(() => (d.chance(0.35) ? 'enum' : 'object'));
    own.forEach((name, i) => {
      if (kinds[i] === 'enum') {
        const open = d.chance(0.5);
        const n = d.int(open ? 0 : 1, 6);
        const values = d.distinct(n, () => (d.chance(0.6) ? d.pick([...HOSTILE_TEXT, '', 'a', 'A', 'class', '__proto__']) : d.text(2)));
        this.enums.push({ name, values: values.length === 0 && !open ? ['x'] : values, open });
      } else {
        this.objects.push({ name, fields: [], fieldTypes: new Map() });
      }
    });
    // Names reserved for auth types are taken from the tail of `names`, not declared yet.
    this.typeNames = own;
    for (const o of this.objects) this.fillObject(o);
    return own.map((name) => [name, this.namedType(name)]);
  }

  private namedType(name: string): Json {
    const d = this.d;
    const en = this.enums.find((e) => e.name === name);
    const e: [string, Json][] = [];
    if (en !== undefined) {
      e.push(['kind', 'enum']);
      if (en.open || d.chance(0.3)) e.push(['open', en.open]);
      e.push(['values', en.values]);
    } else {
      const o = this.objects.find((x) => x.name === name);
      if (o === undefined) throw new Error(`no type ${name}`);
      e.push(['kind', 'object'], ['fields', record(o.fields)]);
      if (d.chance(0.3)) e.push(['open', d.chance(0.5)]);
      const rules = this.requiredWhen(o);
      if (rules.length > 0) e.push(['requiredWhen', rules]);
      const together = this.together(o);
      if (together.length > 0) e.push(['together', together]);
    }
    opt(e, 'description', d.maybe(0.4, () => d.text()));
    opt(e, 'notShown', d.maybe(0.2, () => d.text()));
    return record(e);
  }

  private fillObject(o: ObjectInfo, extra: readonly [string, Json, FieldKind][] = []): void {
    const d = this.d;
    const names = d.distinct(d.int(0, 7), () => d.fieldName()).filter((n) => !extra.some(([x]) => x === n));
    for (const [name, spec, kind] of extra) {
      o.fields.push([name, spec]);
      o.fieldTypes.set(name, kind);
      this.fieldNames.add(name);
    }
    for (const name of names) {
      const { spec, kind } = this.field(0);
      o.fields.push([name, spec]);
      o.fieldTypes.set(name, kind);
      this.fieldNames.add(name);
    }
  }

  /** A field (`item: false`) or an item type (`item: true`, no required/default/secret). */
  private field(depth: number, item = false): { spec: Json; kind: FieldKind } {
    const d = this.d;
    const e: [string, Json][] = [];
    let kind: FieldKind = { kind: 'other' };
    let allows: (value: Json) => boolean = () => true;
    const choice = d.int(0, depth >= 2 ? 6 : 9);
    if (choice <= 5) {
      const p = d.pick(PRIMITIVES);
      // Any type may travel in a JSON body, where bytes are base64 text (binary-in-json refuses
      // `binary`): the pick keeps its length, so the seeded streams draw what they drew before.
      if (p === 'binary') e.push(['type', 'string'], ['format', 'byte']);
      else e.push(['type', p]);
      kind = p === 'string' ? { kind: 'string' } : p === 'unknown' || p === 'binary' ? { kind: 'any' } : { kind: 'other' };
      allows = (v) => (p === 'string' ? typeof v === 'string' : p === 'integer' ? typeof v === 'number' && Number.isInteger(v) : p === 'number' ? typeof v === 'number' : p === 'boolean' ? typeof v === 'boolean' : true);
    } else if (choice === 6 && this.typeNames.length > 0) {
      const name = d.pick(this.typeNames);
      e.push(['type', name]);
      const en = this.enums.find((x) => x.name === name);
      kind = en === undefined ? { kind: 'any' } : { kind: 'enum', info: en };
      allows = (v) => en === undefined || (typeof v === 'string' && (en.open || en.values.includes(v)));
    } else if (choice === 7 || choice === 6) {
      e.push(['type', 'array'], ['items', this.field(depth + 1, true).spec]);
      kind = { kind: 'any' };
    } else {
      e.push(['type', 'object']);
      const names = d.distinct(d.int(0, 4), () => d.fieldName());
      e.push(['fields', record(names.map((n) => {
        this.fieldNames.add(n);
        return [n, this.field(depth + 1).spec];
      }))]);
      if (d.chance(0.3)) e.push(['open', d.chance(0.5)]);
      kind = { kind: 'any' };
    }
    if (!item) {
      opt(e, 'required', d.maybe(0.4, () => d.chance(0.5)));
      if (d.chance(0.2)) {
        const value = this.defaultFor(kind, e);
        if (value !== undefined && allows(value)) e.push(['default', value]);
      }
      opt(e, 'secret', d.maybe(0.15, () => d.chance(0.7)));
    }
    opt(e, 'description', d.maybe(0.3, () => d.text()));
    opt(e, 'notShown', d.maybe(0.15, () => d.text()));
    return { spec: record(e), kind };
  }

  private defaultFor(kind: FieldKind, e: readonly [string, Json][]): Json | undefined {
    const d = this.d;
    const type = e.find(([k]) => k === 'type')?.[1];
    // Base64 text stands for bytes, which took no default (and drew none).
    if (e.some(([k, v]) => k === 'format' && v === 'byte')) return undefined;
    if (kind.kind === 'enum') return kind.info.open ? d.text() : kind.info.values.length > 0 ? d.pick(kind.info.values) : undefined;
    switch (type) {
      case 'string':
        return d.text();
      case 'integer':
        return d.int(-5, 1_000_000);
      case 'number':
        return d.from(fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return d.chance(0.5);
      case 'unknown':
        return d.chance(0.2) ? record([['__proto__', record([['polluted', true]])]]) : d.json();
      default:
        // Arrays, objects, bytes and named objects: a default must be a value of the type, and
        // random JSON is not (the model reports it: invalid-default).
        return undefined;
    }
  }

  private requiredWhen(o: ObjectInfo): Json[] {
    const d = this.d;
    const names = o.fields.map(([n]) => n);
    const candidates = names.filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n) && o.fieldTypes.get(n)?.kind !== 'other');
    if (candidates.length === 0 || !d.chance(0.4)) return [];
    const rules: Json[] = [];
    const discriminant = d.pick(candidates);
    for (let i = d.int(1, 3); i > 0; i--) {
      const field = d.chance(0.85) ? discriminant : d.pick(candidates);
      const kind = o.fieldTypes.get(field);
      const value = kind?.kind === 'enum' && !kind.info.open ? d.pick(kind.info.values) : d.text(2);
      const require = d.distinct(d.int(1, 3), () => d.pick(names));
      rules.push(record([['when', record([[field, value]])], ['require', require]]));
    }
    return rules;
  }

  private together(o: ObjectInfo): Json[] {
    const d = this.d;
    const names = o.fields.map(([n]) => n);
    if (names.length < 2 || !d.chance(0.35)) return [];
    return Array.from({ length: d.int(1, 2) }, () => {
      const group = d.distinct(d.int(2, Math.min(3, names.length)), () => d.pick(names));
      return group.length >= 2 ? group : names.slice(0, 2);
    });
  }

  // --- auth ----------------------------------------------------------------------------------

  private authParts(): AuthParts {
    const d = this.d;
    const grantField = d.identifier();
    const grantNames = d.distinct(d.int(1, 3), () => d.identifier());
    const sendFields = d.distinct(d.int(0, 3), () => d.identifier()).filter((f) => f !== grantField);
    const grants = grantNames.map((name, i) => ({
      name,
      isDefault: i === 0,
      // Credentials are client options, refused when named like an Object.prototype member (reserved-name); same pick length, same streams.
      send: d.subset(sendFields).map((f) => [f, d.pick(['clientId', 'clientSecret', 'refreshToken', 'apiKey', 'partnerKey', 'client_key', d.identifier()])] as [string, string]),
    }));
    const tokenFields = d.distinct(3, () => d.identifier());
    const token = { accessToken: tokenFields[0] ?? 'access_token', expiresIn: d.maybe(0.6, () => tokenFields[1]), tokenType: d.maybe(0.5, () => tokenFields[2]) };
    const requestType = d.chance(0.85) ? this.authType('request', [
      [grantField, record([['type', 'string'], ...(d.chance(0.5) ? [['default', grantNames[0] ?? 'x'] as [string, Json]] : [])]), { kind: 'string' }],
      ...sendFields.map((f) => [f, record([['type', 'string'], ['secret', d.chance(0.5)]]), { kind: 'string' }] as [string, Json, FieldKind]),
    ]) : 'unknown';
    const responseType = d.chance(0.85) ? this.authType('response', [
      [token.accessToken, record([['type', 'string'], ['required', true], ['secret', true]]), { kind: 'string' }],
      ...(token.expiresIn === undefined || token.expiresIn === token.accessToken ? [] : [[token.expiresIn, record([['type', 'integer']]), { kind: 'other' }] as [string, Json, FieldKind]]),
      ...(token.tokenType === undefined || token.tokenType === token.accessToken || token.tokenType === token.expiresIn ? [] : [[token.tokenType, record([['type', 'string']]), { kind: 'string' }] as [string, Json, FieldKind]]),
    ]) : 'unknown';
    return { grantField, grants, token, requestType, responseType, endpointId: '' };
  }

  /** Declares an object type for the token endpoint with the given fields plus random ones. */
  private authType(role: string, fields: readonly [string, Json, FieldKind][]): string {
    const d = this.d;
    let name = this.distinctNames ? `Token_${role}` : d.pick([`Token${role === 'request' ? 'Request' : 'Response'}`, d.identifier()]);
    while (this.typeNames.includes(name) || BUILTIN_TYPE_NAMES.has(name)) name = `${name}_`;
    const o: ObjectInfo = { name, fields: [], fieldTypes: new Map() };
    this.objects.push(o);
    this.typeNames.push(name);
    this.fillObject(o, fields);
    this.pendingTypes.push(name);
    return name;
  }

  private readonly pendingTypes: string[] = [];

  private auth(parts: AuthParts, environments: readonly string[]): Json {
    const d = this.d;
    const e: [string, Json][] = [
      ['type', 'oauth2'],
      ['flow', 'clientCredentials'],
      ['endpoint', parts.endpointId],
      ['grantField', parts.grantField],
      ['grants', record(parts.grants.map((g) => {
        const ge: [string, Json][] = [];
        if (g.isDefault) ge.push(['default', true]);
        else if (d.chance(0.3)) ge.push(['default', false]);
        ge.push(['send', record(g.send)]);
        return [g.name, record(ge)];
      }))],
    ];
    const token: [string, Json][] = [['accessToken', parts.token.accessToken]];
    opt(token, 'expiresIn', parts.token.expiresIn);
    opt(token, 'tokenType', parts.token.tokenType);
    opt(token, 'refreshToken', d.maybe(0.4, () => d.identifier()));
    e.push(['token', record(token)]);
    opt(e, 'description', d.maybe(0.3, () => d.text()));
    const lifetimes = d.subset(environments);
    if (lifetimes.length > 0) e.push(['lifetime', record(lifetimes.map((env) => [env, d.int(1, 604800)]))]);
    if (d.chance(0.5)) {
      const c: [string, Json][] = [];
      opt(c, 'header', d.maybe(0.6, () => d.pick(['Authorization', 'X-Api-Token', 'x-a-1', 'class', 'Proto-1'])));
      opt(c, 'scheme', d.maybe(0.6, () => d.pick(['Bearer', 'Token', 'MAC', 'constructor'])));
      opt(c, 'shown', d.maybe(0.5, () => d.chance(0.5)));
      opt(c, 'notShown', d.maybe(0.5, () => d.text()));
      e.push(['carrier', record(c)]);
    }
    if (!this.shapes.includes('unauthorized') || d.chance(0.5)) {
      const u: [string, Json][] = [];
      opt(u, 'status', d.maybe(0.5, () => d.int(400, 499)));
      u.push(['shape', this.shapes.includes('unauthorized') && d.chance(0.3) ? 'unauthorized' : d.pick(this.shapes)]);
      opt(u, 'replay', d.maybe(0.5, () => d.pick(['once', 'never'])));
      e.push(['unauthorized', record(u)]);
    }
    // Object.prototype member names are refused for schemes as for hosts (reserved-name).
    return record([[d.pick(['oauth', 'clientCredentials', 'Client', '__']), record(e)]]);
  }

  // --- endpoints -----------------------------------------------------------------------------

  private endpoints(auth: AuthParts | undefined): [string, Json][] {
    const d = this.d;
    const fold = (id: string) => id.toLowerCase().replace(/_/g, '');
    const count = d.int(1, 5);
    const ids = this.distinctNames
      ? Array.from({ length: count + 1 }, (_, i) => `op${i}${d.pick(['', '_class', '_delete', '_then', 'Default'])}`)
      : d.distinct(count + 1, () => d.identifier(), fold);
    const [tokenId = 'requestToken', ...rest] = ids;
    const out: [string, Json][] = [];
    if (auth !== undefined) {
      auth.endpointId = tokenId;
      out.push([tokenId, this.endpoint({ request: auth.requestType, success: auth.responseType, token: true })]);
    }
    // Shapes must exist before endpoints name them; they do (declared above).
    for (const id of (auth === undefined ? ids : rest).slice(0, Math.max(1, count))) out.push([id, this.endpoint({})]);
    // Auth types were declared while building; register their YAML entries.
    return out;
  }

  private endpoint(opts: { request?: string; success?: string; token?: boolean }): Json {
    const d = this.d;
    const e: [string, Json][] = [];
    opt(e, 'summary', d.maybe(0.5, () => d.text()));
    opt(e, 'description', d.maybe(0.3, () => d.text()));
    e.push(['method', opts.token === true ? 'POST' : d.pick(METHODS)]);
    const params = d.distinct(d.int(0, 3), () => (d.chance(0.5) ? d.pick(['__proto__', 'constructor', 'toString', 'id', 'class', 'default', 'order_id']) : d.identifier())).filter((p) => !RESERVED_PARAMS.has(p));
    const segments = params.map((p) => `{${p}}`);
    for (let i = d.int(0, 3); i > 0; i--) segments.splice(d.int(0, segments.length), 0, this.literal());
    e.push(['path', `/${segments.join('/')}`]);
    e.push(['host', d.pick(this.hosts)]);
    if (opts.token === true) opt(e, 'auth', d.maybe(0.3, () => 'none'));
    else opt(e, 'auth', d.maybe(0.3, () => d.pick(this.wantAuth ? ['none', 'required'] : ['none'])));
    opt(e, 'idempotent', d.maybe(0.2, () => d.chance(0.5)));
    if (params.length > 0) {
      e.push(['params', record(params.map((p) => {
        const pe: [string, Json][] = [];
        opt(pe, 'description', d.maybe(0.4, () => d.text()));
        opt(pe, 'type', d.maybe(0.4, () => d.pick(['string', 'integer'])));
        return [p, record(pe)];
      }))]);
    }
    const requestBody = opts.request ?? (d.chance(0.5) ? this.bodyType() : undefined);
    if (requestBody !== undefined) {
      const r: [string, Json][] = [['body', requestBody]];
      // Media types the body can travel as (invalid-request-body refuses the rest): a form takes fields, bytes go as bytes.
      const named = typeof requestBody === 'string' && !(PRIMITIVES as readonly string[]).includes(requestBody);
      const media = requestBody === 'binary' ? ['application/octet-stream', 'image/png'] : named ? ['application/json', 'application/x-www-form-urlencoded'] : ['application/json', 'text/plain'];
      const contentTypes = d.chance(0.4) ? (d.chance(0.5) ? media : [d.pick(media)]) : undefined;
      if (contentTypes !== undefined) r.push(['contentTypes', contentTypes]);
      opt(r, 'optional', d.maybe(0.3, () => d.chance(0.5)));
      // Fields a form writes as JSON text: only where a form is sent, and only fields of the body.
      const fields = (this.objects.find((x) => x.name === requestBody)?.fields ?? []).map(([name]) => name);
      if (contentTypes?.includes('application/x-www-form-urlencoded') === true && fields.length > 0 && d.chance(0.5)) r.push(['jsonFields', d.distinct(d.int(1, Math.min(2, fields.length)), () => d.pick(fields))]);
      opt(r, 'notShown', d.maybe(0.2, () => d.text()));
      e.push(['request', record(r)]);
      this.collectRequestFields(requestBody);
    }
    const shapes = d.subset(this.shapes, 2);
    if (shapes.length > 0 || d.chance(0.05)) e.push(['shapes', shapes]);
    e.push(['responses', this.responses(opts.success, opts.token === true)]);
    const quirks = this.quirks();
    if (quirks.length > 0) e.push(['quirks', quirks]);
    return record(e);
  }

  private literal(): string {
    const d = this.d;
    const s = d.chance(0.5) ? d.pick(['orders', 'v1', 'a b', 'é', '*/', '`', "'", '"', '${x}'.replace(/[{}]/g, ''), '</script>', '\u2028', '%2F', '..', '.', '?q=1', '#f']) : d.text(2);
    return s.replace(/[{}]/g, '');
  }

  private bodyType(): string {
    const d = this.d;
    return d.chance(0.6) && this.typeNames.length > 0 ? d.pick(this.typeNames) : d.pick(PRIMITIVES);
  }

  private collectRequestFields(type: string): void {
    const o = this.objects.find((x) => x.name === type);
    for (const [name] of o?.fields ?? []) if (/^[A-Za-z0-9_$-]+$/.test(name)) this.requestFields.add(name);
  }

  private responses(success: string | undefined, single: boolean): Json {
    const d = this.d;
    // The token endpoint's first success response is where auth.token is read: give it one.
    const keys = d.distinct(single ? 1 : d.int(1, 3), () => (d.chance(0.3) ? `${d.int(1, 3)}XX` : String(d.status(100, 399))));
    const errors = d.distinct(d.int(0, 2), () => (d.chance(0.3) ? `${d.int(4, 5)}XX` : String(d.status(400, 599)))).filter((k) => !keys.includes(k));
    return record([...keys.map((k, i) => [k, this.response(i === 0 ? success : undefined)] as [string, Json]), ...errors.map((k) => [k, this.response(undefined)] as [string, Json])]);
  }

  private response(body: string | undefined): Json {
    const d = this.d;
    const e: [string, Json][] = [];
    opt(e, 'description', d.maybe(0.5, () => d.text()));
    const b = body ?? (d.chance(0.5) ? this.bodyType() : undefined);
    opt(e, 'body', b);
    if (b !== undefined) opt(e, 'contentType', d.maybe(0.3, () => d.pick(['application/json', 'application/pdf', 'text/plain', 'image/png', 'application/vnd.a+json'])));
    if (this.shapes.length > 0) opt(e, 'shape', d.maybe(0.2, () => d.pick(this.shapes)));
    opt(e, 'notShown', d.maybe(0.2, () => d.text()));
    return record(e);
  }

  private quirks(): Json[] {
    const d = this.d;
    const ids = d.distinct(d.chance(0.3) ? d.int(1, 3) : 0, () => d.identifier());
    return ids.map((id) => {
      const e: [string, Json][] = [['id', id]];
      const w: [string, Json][] = [['status', d.chance(0.5) ? d.status() : `${d.int(1, 5)}XX`]];
      opt(w, 'emptyBody', d.maybe(0.4, () => d.chance(0.5)));
      e.push(['when', record(w)]);
      opt(e, 'error', d.maybe(0.3, () => d.chance(0.5)));
      if (this.categories.length > 0) opt(e, 'category', d.maybe(0.5, () => d.pick(this.categories)));
      e.push(['hint', d.nonEmptyText()]);
      return record(e);
    });
  }

  // --- hosts and their error tables ----------------------------------------------------------

  private url(): string {
    const d = this.d;
    const variable = this.servers.length > 0 && d.chance(0.6) ? `{${d.pick(this.servers)}}` : '';
    const rest = d.pick(['https://api.example.com', '/v2', 'http://[::1]:8080/a b', '', d.text(2).replace(/[{}]/g, '')]);
    const url = `${variable}${rest}`;
    return url === '' ? 'https://x.test' : url;
  }

  private host(): Json {
    const d = this.d;
    const e: [string, Json][] = [['url', this.url()]];
    opt(e, 'description', d.maybe(0.4, () => d.text()));
    const errors: [string, Json][] = [];
    const shapes = d.subset(this.shapes);
    if (shapes.length > 0) errors.push(['shapes', shapes]);
    if (d.chance(0.6)) errors.push(['codes', this.codeTable()]);
    if (d.chance(0.5)) errors.push(['messages', this.messageTable()]);
    if (errors.length > 0 || d.chance(0.1)) e.push(['errors', record(errors)]);
    return record(e);
  }

  private categoryOfStatus(status: number): string | undefined {
    const exact = this.statusRules.find(([p]) => p === String(status));
    if (exact !== undefined) return exact[1];
    return this.statusRules.find(([p]) => p === `${Math.floor(status / 100)}XX`)?.[1];
  }

  private codeTable(): Json {
    const d = this.d;
    const e: [string, Json][] = [];
    if (this.shapes.length > 0) opt(e, 'shape', d.maybe(0.5, () => d.pick(this.shapes)));
    opt(e, 'open', d.maybe(0.7, () => d.chance(0.5)));
    opt(e, 'description', d.maybe(0.3, () => d.text()));
    const rows: Json[] = [];
    const count = d.chance(0.2) ? d.int(20, 40) : d.int(0, 6);
    for (let i = 0; i < count; i++) {
      let status = d.status();
      let category = this.categoryOfStatus(status);
      if (category === undefined && this.categories.length === 0) {
        // Only covered statuses can go without an explicit category, and there is none to give.
        status = 500;
        category = this.categoryOfStatus(status);
        if (category === undefined) continue;
      }
      const code = d.chance(0.7) ? d.nonEmptyText() : d.pick(['invalid_argument', 'not_found', 'https://errors.example.com/x', '__proto__', 'constructor']);
      this.codes.add(code);
      const r: [string, Json][] = [['status', status], ['code', code]];
      opt(r, 'kind', d.maybe(0.3, () => d.text(2)));
      if (this.categories.length > 0 && (category === undefined || d.chance(0.3))) r.push(['category', d.pick(this.categories)]);
      opt(r, 'description', d.maybe(0.3, () => d.text()));
      rows.push(record(r));
    }
    e.push(['rows', rows]);
    return record(e);
  }

  private messageTable(): Json {
    const d = this.d;
    const e: [string, Json][] = [];
    opt(e, 'description', d.maybe(0.3, () => d.text()));
    const root = d.maybe(0.4, () => d.identifier());
    opt(e, 'root', root);
    const aliasKeys = d.distinct(d.int(0, 3), () => d.identifier());
    const aliases = new Map(aliasKeys.map((k) => [k, d.identifier()]));
    if (aliases.size > 0 || d.chance(0.1)) e.push(['aliases', record([...aliases])]);
    const resolve = (segment: string) => aliases.get(segment) ?? segment;
    const words = [...aliasKeys, ...this.requestFields, '__proto__', 'constructor', 'toString', 'field_1', 'x-y', 'a$'].filter((w) => /^[A-Za-z0-9_]+$/.test(w) || /^[A-Za-z0-9_$-]+$/.test(w));
    const singles = [...this.requestFields, ...aliasKeys, 'payment_mode', 'kind', '__proto__', '0', 'a-b'];
    const ids = d.distinct(d.int(0, 6), () => d.identifier());
    let emptyUsed = false;
    const rows = ids.map((id, i) => {
      const tag = rowTag(i);
      const r: [string, Json][] = [['id', id]];
      const literal = d.text(2).replace(/\u27e6/g, '');
      const shape = d.int(0, 5);
      if (shape === 0) {
        // Fixed fields; single segments resolve through the aliases only.
        const fields = d.distinct(d.int(0, 3), () => d.pick(singles));
        r.push(['pattern', `^${escapeRegExp(tag + literal)}$`], ['fields', fields]);
        if (d.chance(0.7)) r.push(['example', tag + literal], ['expect', unique(fields.map(resolve))]);
      } else if (shape === 1) {
        // A captured word, maybe followed by a fixed field.
        const word = d.pick(words);
        const fixed = d.maybe(0.4, () => d.pick(singles));
        r.push(['pattern', `^${escapeRegExp(tag)} (?<w>[A-Za-z0-9_$-]+) ${escapeRegExp(literal)}$`], ['fields', ['{w}', ...(fixed === undefined ? [] : [fixed])]]);
        if (d.chance(0.8)) r.push(['example', `${tag} ${word} ${literal}`], ['expect', unique([resolve(word), ...(fixed === undefined ? [] : [resolve(fixed)])])]);
      } else if (shape === 2 && root !== undefined) {
        // A bracket path under the root: `[root][word]` → word → its alias.
        const word = d.pick(words.filter((w) => /^\w+$/.test(w)));
        r.push(['pattern', `^${escapeRegExp(tag)} (?<p>(\\[\\w+\\])+) bad$`], ['fields', ['{p}']]);
        r.push(['example', `${tag} [${root}][${word}] bad`], ['expect', [resolve(word)]]);
      } else if (shape === 3) {
        // Every match collected.
        const found = Array.from({ length: d.int(1, 3) }, () => d.pick(words.filter((w) => /^\w+$/.test(w))));
        r.push(['pattern', `${escapeRegExp(tag)}<(?<f>\\w+)>`], ['all', true], ['fields', ['{f}']]);
        if (d.chance(0.8)) r.push(['example', found.map((w) => `${tag}<${w}>`).join(` ${literal} `)], ['expect', unique(found.map(resolve))]);
      } else if (shape === 4 && !emptyUsed) {
        emptyUsed = true;
        const fields = d.distinct(d.int(0, 3), () => d.pick(singles));
        r.push(['empty', true], ['fields', fields], ['expect', fields.map(resolve)]);
      } else {
        // A free pattern, not tested by an example; `expect` alone is allowed and not checked.
        const pieces = Array.from({ length: d.int(1, 4) }, (_, j) => d.pick([
          '\\d+', '[a-z]{2,5}', '(?:foo|bar)', '\u2028', '\\u2029', '\\$\\{[^}]*\\}', '\\*\\/', '<\\/script>', '`', '"', "'", '\\\\', '\\n', '.*?', '\\s*', '[^\\]]+', '(?=x)', '(?!y)', '\\bw\\b', '[\\u00e9-\\u00ff]', 'ü', '🙂', `(?<g${j}>\\w+)`,
        ]));
        // Adjacent free repetitions (`.*?\\s*.*?`) can be too slow to match: validate refuses them (slow-pattern).
        while (pieces.length > 1 && !patternSafety(`^${escapeRegExp(tag)}${pieces.join('')}`, false).safe) pieces.pop();
        const pattern = `^${escapeRegExp(tag)}${pieces.join('')}`;
        const groups = [...pattern.matchAll(/\(\?<(\w+)>/g)].map((m) => `{${m[1] ?? ''}}`);
        r.push(['pattern', pattern], ['fields', [...groups, ...d.subset(['x.y', 'a-b.c', '{nothing}'.replace(/[{}]/g, ''), '$'], 2)]]);
        opt(r, 'expect', d.maybe(0.3, () => ['anything.at_all']));
      }
      opt(r, 'status', d.maybe(0.3, () => d.status()));
      opt(r, 'ambiguous', d.maybe(0.2, () => d.chance(0.5)));
      opt(r, 'retry', d.maybe(0.2, () => 'once_then_support'));
      if (this.policies.length > 0) opt(r, 'policy', d.maybe(0.3, () => d.pick(this.policies)));
      if (this.categories.length > 0) opt(r, 'category', d.maybe(0.3, () => d.pick(this.categories)));
      opt(r, 'cause', d.maybe(0.4, () => d.text()));
      return record(r);
    });
    e.push(['rows', rows]);
    return record(e);
  }

  private shape(): Json {
    const d = this.d;
    const match: [string, Json][] = [];
    const which = d.int(0, 2);
    if (which !== 1) match.push(['present', Array.from({ length: d.int(1, 3) }, () => d.bodyPath())]);
    if (which !== 0) {
      const paths = d.distinct(d.int(1, 2), () => d.bodyPath());
      match.push(['equals', record(paths.map((p) => [p, d.pick<Json>([d.text(2), d.int(-3, 600), d.chance(0.5), 'unauthorized', 1.5])]))]);
    }
    const read: [string, Json][] = [['code', d.bodyPath()]];
    for (const key of ['message', 'human', 'detail', 'kind', 'number', 'status']) opt(read, key, d.maybe(0.3, () => d.bodyPath()));
    const e: [string, Json][] = [];
    opt(e, 'description', d.maybe(0.4, () => d.text()));
    if (this.typeNames.length > 0) opt(e, 'body', d.maybe(0.3, () => d.pick(this.typeNames)));
    e.push(['match', record(match)], ['read', record(read)]);
    if (d.chance(0.3)) {
      const fe: [string, Json][] = [['path', d.bodyPath()]];
      opt(fe, 'field', d.maybe(0.5, () => d.bodyPath()));
      fe.push(['message', d.bodyPath()]);
      e.push(['fieldErrors', record(fe)]);
    }
    if (d.chance(0.3)) e.push(['mirrors', record(d.distinct(d.int(1, 3), () => d.bodyPath()).map((p) => [p, d.bodyPath()]))]);
    return record(e);
  }

  private policy(): Json {
    const d = this.d;
    const e: [string, Json][] = [];
    opt(e, 'description', d.maybe(0.4, () => d.text()));
    e.push(['category', d.pick(this.categories)]);
    e.push(['restrictions', Array.from({ length: d.int(0, 3) }, () => {
      const r: [string, Json][] = [['name', d.nonEmptyText()], ['liftedBy', d.nonEmptyText()], ['retryLater', d.pick(['yes', 'no', 'after_window'])]];
      opt(r, 'note', d.maybe(0.5, () => d.text()));
      return record(r);
    })]);
    return record(e);
  }

  private support(): Json {
    const d = this.d;
    const e: [string, Json][] = [['contact', d.identifier()]];
    opt(e, 'description', d.maybe(0.4, () => d.text()));
    e.push(['reportOn', Array.from({ length: d.int(1, 3) }, () => (d.chance(0.5) ? `${d.int(1, 5)}XX` : d.status()))]);
    if (d.chance(0.5)) e.push(['include', d.subset(['request', 'response', 'timestamp'])]);
    return record(e);
  }

  private environments(): { doc: Json; names: string[] } | undefined {
    const d = this.d;
    const names = d.distinct(d.int(0, 3), () => d.identifier());
    if (names.length === 0) return undefined;
    const defaultIndex = d.chance(0.6) ? d.int(0, names.length - 1) : -1;
    const doc = record(names.map((name, i) => {
      const e: [string, Json][] = [];
      if (i === defaultIndex) e.push(['default', true]);
      else opt(e, 'default', d.maybe(0.2, () => false));
      opt(e, 'description', d.maybe(0.4, () => d.text()));
      const hosts = d.subset(this.hosts);
      if (hosts.length > 0) e.push(['urls', record(hosts.map((h) => [h, this.url()]))]);
      opt(e, 'notShown', d.maybe(0.3, () => (d.chance(0.5) ? d.text() : [d.text(), d.text()])));
      return [name, record(e)];
    }));
    return { doc, names };
  }

  /** Entries for auth types, declared after the random ones. */
  authTypeEntries(): [string, Json][] {
    return this.pendingTypes.map((name) => [name, this.namedType(name)]);
  }
}

interface AuthParts {
  readonly grantField: string;
  readonly grants: readonly { name: string; isDefault: boolean; send: [string, string][] }[];
  readonly token: { accessToken: string; expiresIn: string | undefined; tokenType: string | undefined };
  readonly requestType: string;
  readonly responseType: string;
  endpointId: string;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items.filter((s) => s !== ''))];
}

/** Builds one contract from the generator; separated so the arbitrary stays a thin map. */
function buildContract(g: GenValue, options: ContractArbitraryOptions): GeneratedContract {
  const mode = options.names ?? 'mixed';
  const first = new Draw(g);
  const distinct = mode === 'distinct' || (mode === 'mixed' && first.chance(0.5));
  const builder = new ContractBuilder(g, distinct, options.auth ?? 0.4);
  const built = builder.build();
  // Auth types are created while endpoints are built: splice them into `types`.
  const extra = builder.authTypeEntries();
  let doc = built.doc;
  if (extra.length > 0) {
    doc = record(Object.entries(built.doc).map(([k, v]) => (k === 'types' ? [k, record([...Object.entries(v as Doc), ...extra])] : [k, v])));
    if (!('types' in doc)) doc = record([...Object.entries(doc).filter(([k]) => k !== 'endpoints'), ['types', record(extra)], ['endpoints', doc['endpoints'] ?? null]]);
  }
  withFiniteValues(doc);
  return { doc, yaml: toYaml(doc), names: distinct ? 'distinct' : 'hostile', wire: built.wire };
}

// ---------------------------------------------------------------------------------------------
// Types with a value

/**
 * A type that holds itself through fields every value must fill has no finite value, which the
 * format refuses (no-finite-value). Fields refer to any type at random, so a drawn contract can
 * hold such a cycle: a field on it is made optional (or leaves the together-group or the rules
 * that pull it in) until every type has a value. This is the test's own reading of the format,
 * not the generator's, so the model's is checked against it; it changes values after every draw,
 * so the seeded streams draw what they drew before.
 */
function withFiniteValues(doc: Doc): void {
  const types = isDoc(doc['types']) ? doc['types'] : {};
  for (;;) {
    const valued = typesWithValues(types);
    const stuck = Object.entries(types).find(([name, t]) => isDoc(t) && t['kind'] === 'object' && !valued.has(name));
    if (stuck === undefined) return;
    if (!loosen(stuck[1] as Doc, types, valued)) throw new Error(`type ${stuck[0]} has no value and nothing to loosen`);
  }
}

function isDoc(value: Json | undefined): value is Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The least fixpoint: enums have values; an object has one once a way to write it needs only types that have. */
function typesWithValues(types: Doc): Set<string> {
  const valued = new Set(Object.entries(types).filter(([, t]) => isDoc(t) && t['kind'] === 'enum').map(([n]) => n));
  for (let size = -1; size !== valued.size; ) {
    size = valued.size;
    for (const [name, t] of Object.entries(types)) if (!valued.has(name) && isDoc(t) && writable(t, types, valued)) valued.add(name);
  }
  return valued;
}

function writable(object: Doc, types: Doc, valued: ReadonlySet<string>): boolean {
  const fields = isDoc(object['fields']) ? object['fields'] : {};
  return waysToWrite(object, types).some((way) => way.every((n) => hasValue(fields[n], types, valued)));
}

/** A field's value: given by its default, a scalar, an array (which may be empty), or an object or named type that has one. */
function hasValue(spec: Json | undefined, types: Doc, valued: ReadonlySet<string>): boolean {
  if (!isDoc(spec) || 'default' in spec) return true;
  const type = spec['type'];
  if (type === 'object') return writable(spec, types, valued);
  return typeof type !== 'string' || !Object.hasOwn(types, type) || valued.has(type);
}

/**
 * The fields each way of writing an object must fill: the required ones, with each rule on its
 * first rule's field when that field is text (the rule's own field then holds the rule's value),
 * or with none where a value no rule covers exists; together-groups come whole.
 */
function waysToWrite(object: Doc, types: Doc): string[][] {
  const fields = isDoc(object['fields']) ? object['fields'] : {};
  const groups = (Array.isArray(object['together']) ? object['together'] : []).filter((g): g is string[] => Array.isArray(g));
  const rules = (Array.isArray(object['requiredWhen']) ? object['requiredWhen'] : []).filter(isDoc).map((r) => ({ field: Object.keys(isDoc(r['when']) ? r['when'] : {})[0] ?? '', value: String(Object.values(isDoc(r['when']) ? r['when'] : {})[0]), require: (Array.isArray(r['require']) ? r['require'] : []).map(String) }));
  const required = Object.entries(fields).filter(([, f]) => isDoc(f) && f['required'] === true).map(([n]) => n);
  const whole = (names: readonly string[]) => {
    const out = new Set(names);
    for (let size = -1; size !== out.size; ) {
      size = out.size;
      for (const g of groups) if (g.some((n) => out.has(n))) g.forEach((n) => out.add(n));
    }
    return [...out];
  };
  const tested = rules[0]?.field;
  const values = tested === undefined ? undefined : textValues(fields[tested], types);
  if (tested === undefined || values === undefined) return [whole(required)];
  const own = rules.filter((r) => r.field === tested);
  const ways = own.map((r) => whole([...required, tested, ...r.require]).filter((n) => n !== tested));
  const enforced = new Set(rules.map((r) => r.field)).size === 1;
  if (!enforced || values === 'any' || values.some((v) => !own.some((r) => r.value === v))) ways.push(whole(required));
  return ways;
}

/** A text field's values: 'any' for a string or an open enum, a closed enum's list; undefined for no text. */
function textValues(spec: Json | undefined, types: Doc): 'any' | string[] | undefined {
  const type = isDoc(spec) ? spec['type'] : undefined;
  if (type === 'string') return 'any';
  const named = typeof type === 'string' && Object.hasOwn(types, type) ? types[type] : undefined;
  if (!isDoc(named) || named['kind'] !== 'enum') return undefined;
  return named['open'] === true ? 'any' : (Array.isArray(named['values']) ? named['values'] : []).map(String);
}

/**
 * One step towards a value: the first field without one, of the last way to write the object (the
 * one without a rule, when there is one), is made optional, or leaves the groups or rules that pull
 * it in. False when there is nothing to loosen.
 */
function loosen(object: Doc, types: Doc, valued: ReadonlySet<string>): boolean {
  const fields = isDoc(object['fields']) ? object['fields'] : {};
  const ways = waysToWrite(object, types);
  const name = (ways[ways.length - 1] ?? []).find((n) => !hasValue(fields[n], types, valued));
  const field = name === undefined ? undefined : fields[name];
  if (name === undefined || !isDoc(field)) return false;
  if (field['required'] === true) {
    field['required'] = false;
    return true;
  }
  const holds = (list: Json): boolean => Array.isArray(list) && list.includes(name);
  for (const key of ['together', 'requiredWhen'] as const) {
    const list = object[key];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((item) => !holds(key === 'together' ? item : isDoc(item) ? (item['require'] ?? null) : null));
    if (kept.length === list.length) continue;
    if (kept.length > 0) object[key] = kept;
    else delete object[key];
    return true;
  }
  return false;
}

/**
 * The contract as YAML text that parses back to exactly `doc`. The yaml package does not always
 * round-trip (it drops the leading space of " \n" in block scalars); JSON, which is YAML too, does.
 */
export function toYaml(doc: Json): string {
  const text = stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
  return JSON.stringify(parse(text)) === JSON.stringify(doc) ? text : `${JSON.stringify(doc, null, 2)}\n`;
}

export function contractArbitrary(options: ContractArbitraryOptions = {}): fc.Arbitrary<GeneratedContract> {
  return fc.gen().map((g) => buildContract(g, options));
}
