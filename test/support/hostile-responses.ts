/**
 * Hostile response bodies for the generated error decoders, and the properties every decoded error
 * must keep whatever the body. Shared by test/responses-hostile.test.ts (a small seeded sample, in
 * `npm test`) and test/fuzz/responses.fuzz.ts (100,000 bodies per host, `npm run fuzz`).
 *
 * Bodies start from valid envelopes of every error shape of contract/orders.yaml (built with the
 * fake API's own envelope builder, so a shape added to the contract is fuzzed too) carrying the
 * contract's codes, kinds and message-table examples, and are then mutated: keys deleted, values
 * retyped (numbers, booleans, arrays, objects, null), huge strings (up to 1 MiB), wide arrays (up
 * to 250,000 items, about 3 MB of JSON), deep nesting (up to 5,000 levels), prototype keys
 * (`__proto__`, `constructor`, `prototype`), unicode and lone surrogates, cycles,
 * then sent as JSON text, pretty text, corrupted text, the parsed value or the mutated JS value.
 * Random JSON, random bytes read as text and arbitrary JS values are mixed in, with random
 * statuses (0, negative, 1e9, NaN, non-integers, non-numbers) and random `endpoint` names.
 *
 * Cases are plain descriptors (huge strings and deep values are materialised only when decoded),
 * so a failure prints compactly and reproduces from its batch seed and index (see Failure).
 */
import fc from 'fast-check';
import {
  decodeError,
  decodeFulfilmentError,
  decodeLastmileError,
  type AnyDecodedError,
  type DecodeErrorInput,
} from '../../generated/src/index.js';
import { contract, envelope, type EnvelopeValues } from '../fake-api/server.js';

export type HostName = 'fulfilment' | 'lastmile';
export const HOST_NAMES: readonly HostName[] = ['fulfilment', 'lastmile'];

// ---------------------------------------------------------------------------------------------
// Contract facts the generator starts from
// ---------------------------------------------------------------------------------------------

const model = contract();
const SHAPES = model.shapes.map((s) => s.name);
const CODES = [...new Set(model.hosts.flatMap((h) => h.codes.rows.map((r) => r.code)))];
const KINDS = [...new Set(model.hosts.flatMap((h) => h.codes.rows.flatMap((r) => (r.kind === undefined ? [] : [r.kind]))))];
const EXAMPLES = [
  ...new Set(model.hosts.flatMap((h) => h.messages?.rows ?? []).flatMap((r) => (r.example === undefined ? [] : [r.example]))),
];
const OPERATIONS = model.endpoints.map((e) => e.id);
const CATEGORIES = new Map(model.categories.map((c) => [c.name, c.retryable]));
const CONTRACT_STATUSES = [
  ...new Set([
    ...model.hosts.flatMap((h) => h.codes.rows.map((r) => r.status)),
    ...model.statusCategories.flatMap((r) => (r.status.kind === 'exact' ? [r.status.status] : [r.status.statusClass * 100])),
    ...model.hosts.flatMap((h) => h.messages?.rows ?? []).flatMap((r) => (r.status === undefined ? [] : [r.status])),
    200,
    418,
  ]),
];
/** Shapes a host may answer with: its own, and those of its endpoints. */
const SHAPES_OF_HOST = new Map(
  model.hosts.map((h) => [
    h.name,
    new Set(['unrecognised', ...h.shapes, ...model.endpoints.filter((e) => e.host === h.name).flatMap((e) => e.errors.shapes)]),
  ]),
);
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const PROTO_WORDS = [...PROTO_KEYS, '__proto__.polluted', 'constructor.prototype.polluted', 'hasOwnProperty', 'toString', 'valueOf', 'polluted'];
const FIELD_PATHS = ['destination.address.address1', 'origin.address.address1', 'items', 'kind', 'payment_mode', 'a.b', ...PROTO_WORDS];

/** Limits the properties hold the decoders to (the runtime's own caps are well below these). */
export const LIMITS = {
  /** `message`, `code`, `kind`, `hint` and every field error's `field` and `message`. */
  text: 10_000,
  fields: 200,
  rules: 50,
  /** JSON.stringify(error): the kept body is at most MAX_PARSE_LENGTH (4 MiB) of JSON. */
  json: 4 * 1024 * 1024 + 64 * 1024,
} as const;

// ---------------------------------------------------------------------------------------------
// Descriptors
// ---------------------------------------------------------------------------------------------

/** A value to put into a body; huge and deep values are built only when the case is decoded. */
export type ValueSpec =
  | { readonly t: 'value'; readonly v: unknown }
  | { readonly t: 'huge'; readonly n: number; readonly unit: string }
  /** A wide array: n copies of a small value (dense JSON, up to about 1 MB of text). */
  | { readonly t: 'wide'; readonly n: number; readonly item: unknown }
  | { readonly t: 'deep'; readonly n: number; readonly container: 'array' | 'object'; readonly leaf: unknown }
  /** An object with a prototype key: own (as JSON.parse makes it) or assigned (`o.__proto__ = v`). */
  | { readonly t: 'proto'; readonly key: string; readonly v: unknown; readonly assign: boolean }
  /** A reference back to the body's root (a cycle). */
  | { readonly t: 'cycle' };

/** `at`: child picks from the root (each taken modulo the node's child count). */
export type Mutation =
  | { readonly op: 'delete'; readonly at: readonly number[] }
  | { readonly op: 'set'; readonly at: readonly number[]; readonly value: ValueSpec }
  | { readonly op: 'add'; readonly at: readonly number[]; readonly key: string; readonly value: ValueSpec; readonly assign: boolean };

export type Corruption =
  | { readonly op: 'truncate'; readonly at: number }
  | { readonly op: 'insert'; readonly at: number; readonly text: string }
  | { readonly op: 'delete'; readonly at: number; readonly n: number }
  | { readonly op: 'replace'; readonly at: number; readonly text: string };

export type Form = 'text' | 'pretty' | 'value' | 'parsed' | 'corrupt';

export interface SeedSpec {
  readonly shape: string;
  readonly values: EnvelopeValues;
  readonly mirrors: boolean;
  /** Also repeat the code as the fulfilment body's `status` (FulfilmentErrorBody.status). */
  readonly statusText: boolean;
}

export type BodySpec =
  | { readonly kind: 'envelope'; readonly seed: SeedSpec; readonly mutations: readonly Mutation[]; readonly form: Form; readonly corruptions: readonly Corruption[]; readonly pad: string }
  | { readonly kind: 'bytes'; readonly bytes: readonly number[]; readonly encoding: 'utf-8' | 'latin1' | 'utf-16le' }
  | { readonly kind: 'json-text'; readonly text: string }
  | { readonly kind: 'json-value'; readonly value: unknown }
  | { readonly kind: 'anything'; readonly value: unknown }
  | { readonly kind: 'absent' };

export interface HostileCase {
  /** decodeError({ host, … }) or the host's own decoder. */
  readonly entry: 'decodeError' | 'hostDecoder';
  readonly status: unknown;
  /** undefined: no endpoint key. */
  readonly endpoint: unknown;
  readonly body: BodySpec;
}

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const protoWord = fc.constantFrom(...PROTO_WORDS);

/** Texts for message fields: the contract's message examples (whole, embedded, spliced), the
 * patterns' field slots filled with prototype words, unicode, lone surrogates. */
const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EXAMPLES, '') },
  { weight: 2, arbitrary: fc.tuple(fc.string(), fc.constantFrom(...EXAMPLES), fc.string()).map(([a, e, b]) => `${a}${e}${b}`) },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...EXAMPLES), fc.nat(), fc.nat({ max: 8 }), fc.string({ unit: 'binary', maxLength: 6 })).map(
      ([e, at, n, s]) => e.slice(0, at % (e.length + 1)) + s + e.slice((at % (e.length + 1)) + n),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(protoWord, fc.constantFrom('origin', 'destination'))
      .chain(([p, stop]) =>
        fc.constantFrom(
          `'${p}' must not be blank`,
          `'dropoff.${p}' must not be blank`,
          `[${stop}][address][address1] is missing`,
          `[${p}] is missing, [origin] is missing`,
          `unknown servicekind: "${p}"`,
          `[order][${p}] invalid`,
        ),
      ),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: protoWord },
);

const bodyStatus: fc.Arbitrary<number> = fc.oneof(fc.constantFrom(...CONTRACT_STATUSES), fc.integer({ min: -1000, max: 2000 }));

const seed: fc.Arbitrary<SeedSpec> = fc.record({
  shape: fc.constantFrom(...SHAPES),
  values: fc.record(
    {
      code: fc.oneof(fc.constantFrom(...CODES), text),
      message: text,
      human: text,
      detail: text,
      kind: fc.oneof(fc.constantFrom(...KINDS), text),
      number: fc.integer(),
      status: bodyStatus,
      fieldErrors: fc.array(fc.record({ field: fc.constantFrom(...FIELD_PATHS), message: text }, { requiredKeys: ['message'] }), { maxLength: 4 }),
    },
    { requiredKeys: [] },
  ),
  mirrors: fc.boolean(),
  statusText: fc.boolean(),
});

/** Small retyped values: numbers (NaN, ±0, ±Infinity, huge), booleans, null, strings, arrays, objects, JSON. */
const smallValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1e9, 1e308, -1e308, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53 + 1, 400.5, 5e-324),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  text,
  fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), protoWord), fc.oneof(text, fc.integer(), fc.boolean()), { maxKeys: 4 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Units a huge string repeats: plain text, message-pattern fragments, JSON syntax, escapes, astral. */
const HUGE_UNITS = ['A', 'é', '😀', '\\', '"', '[', '{"a":', "'a", '[origin] is missing, ', 'CanSubmitJobPolicy failed policy check ', ' ', '\u0000', '\ud800'];

export const MAX_HUGE = 1024 * 1024;

const huge: fc.Arbitrary<ValueSpec> = fc.record({
  t: fc.constant('huge' as const),
  n: fc.integer({ min: 10_000, max: MAX_HUGE }),
  unit: fc.constantFrom(...HUGE_UNITS),
});

const wide: fc.Arbitrary<ValueSpec> = fc.record({
  t: fc.constant('wide' as const),
  n: fc.integer({ min: 1000, max: 250_000 }),
  item: fc.constantFrom<unknown>({}, [], 0, '', null, { a: 1 }, { detail: 'x' }, { field: 'a', message: "'a' must not be blank" }),
});

const deep: fc.Arbitrary<ValueSpec> = fc.record({
  t: fc.constant('deep' as const),
  n: fc.oneof(fc.integer({ min: 60, max: 70 }), fc.integer({ min: 2, max: 5000 })),
  container: fc.constantFrom('array' as const, 'object' as const),
  leaf: smallValue,
});

const valueSpec: fc.Arbitrary<ValueSpec> = fc.oneof(
  { weight: 20, arbitrary: smallValue.map((v): ValueSpec => ({ t: 'value', v })) },
  { weight: 2, arbitrary: deep },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('proto' as const),
      key: fc.constantFrom(...PROTO_KEYS),
      v: fc.oneof(fc.constant({ polluted: 'yes' }), fc.constant({ prototype: { polluted: 'yes' } }), smallValue),
      assign: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant<ValueSpec>({ t: 'cycle' }) },
);

const at = fc.array(fc.nat(), { maxLength: 5 });

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('delete' as const), at }),
  fc.record({ op: fc.constant('set' as const), at, value: valueSpec }),
  fc.record({
    op: fc.constant('add' as const),
    at,
    key: fc.oneof(protoWord, fc.constantFrom('api_error', 'error', 'code', 'message', 'details', 'fields', 'result', 'level'), fc.string({ maxLength: 8 })),
    value: valueSpec,
    assign: fc.boolean(),
  }),
);

const corruption: fc.Arbitrary<Corruption> = fc.oneof(
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: fc.oneof(fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\\', '\u0000', '\ud83d', 'null'), fc.string({ unit: 'binary', maxLength: 4 })) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), n: fc.nat({ max: 16 }) }),
  fc.record({ op: fc.constant('replace' as const), at: fc.nat(), text: fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }) }),
);

/** `hugeWeight` per 1,000: the share of envelope bodies that get one huge value (a string of
 * 10 KB – 1 MiB, or an array of up to 250,000 small values). */
function envelopeBody(hugeWeight: number): fc.Arbitrary<BodySpec> {
  return fc
    .record({
      seed,
      mutations: fc.array(mutation, { maxLength: 4 }),
      huge: fc.oneof(
        { weight: 1000 - hugeWeight, arbitrary: fc.constant(undefined) },
        { weight: hugeWeight, arbitrary: fc.record({ at, value: fc.oneof({ weight: 3, arbitrary: huge }, { weight: 1, arbitrary: wide }) }) },
      ),
      form: fc.constantFrom<Form>('text', 'text', 'pretty', 'value', 'parsed', 'parsed', 'corrupt'),
      corruptions: fc.array(corruption, { minLength: 1, maxLength: 3 }),
      pad: fc.constantFrom('', ' ', '\n', '\t\r\n ', '\uFEFF', '\u00a0'),
    })
    .map(({ huge: big, mutations, ...rest }): BodySpec => ({
      kind: 'envelope',
      ...rest,
      mutations: big === undefined ? mutations : [...mutations, { op: 'set', at: big.at, value: big.value }],
    }));
}

const otherBody: fc.Arbitrary<BodySpec> = fc.oneof(
  fc.record({ kind: fc.constant('bytes' as const), bytes: fc.array(fc.nat({ max: 255 }), { maxLength: 300 }), encoding: fc.constantFrom('utf-8' as const, 'latin1' as const, 'utf-16le' as const) }),
  fc.record({ kind: fc.constant('json-text' as const), text: fc.json({ maxDepth: 4 }) }),
  fc.record({ kind: fc.constant('json-value' as const), value: fc.jsonValue({ maxDepth: 4 }) }),
  fc.record({
    kind: fc.constant('anything' as const),
    value: fc.anything({
      maxDepth: 4,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withNullPrototype: true,
      withObjectString: true,
      withSet: true,
      withSparseArray: true,
      withTypedArray: true,
      withUnicodeString: true,
    }),
  }),
  fc.constant<BodySpec>({ kind: 'absent' }),
);

const status: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...CONTRACT_STATUSES) },
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 999 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(0, -0, -1, -400, 1000, 1e9, -1e9, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 400.5, 499.999, 2 ** 53, Number.MAX_VALUE, Number.MIN_VALUE),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('400', '500', null, undefined, true, {}, [500], 500n) },
);

const endpoint: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...OPERATIONS) },
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', ' getOrder', 'GETORDER', 5, null, {}, ['getOrder']) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);

/** Hostile cases; `hugeWeight` per 1,000 envelope bodies carry a string of 10 KB – 1 MiB. */
export function hostileCase(hugeWeight = 20): fc.Arbitrary<HostileCase> {
  return fc.record({
    entry: fc.constantFrom('decodeError' as const, 'hostDecoder' as const),
    status,
    endpoint,
    body: fc.oneof({ weight: 4, arbitrary: envelopeBody(hugeWeight) }, { weight: 1, arbitrary: otherBody }),
  });
}

// ---------------------------------------------------------------------------------------------
// Materialising a case
// ---------------------------------------------------------------------------------------------

/** A copy, so mutating a body never changes the case's descriptor (or a shared constant). */
function fresh(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

function materialise(spec: ValueSpec, root: unknown): unknown {
  switch (spec.t) {
    case 'value':
      return fresh(spec.v);
    case 'huge':
      return spec.unit.repeat(Math.ceil(spec.n / spec.unit.length)).slice(0, spec.n);
    case 'wide': {
      // Built as JSON text and parsed: distinct items, natively fast.
      const item = JSON.stringify(spec.item) ?? 'null';
      return JSON.parse(`[${new Array<string>(spec.n).fill(item).join(',')}]`) as unknown;
    }
    case 'deep': {
      let v: unknown = fresh(spec.leaf);
      for (let i = 0; i < spec.n; i++) v = spec.container === 'array' ? [v] : { a: v };
      return v;
    }
    case 'proto': {
      const o: Record<string, unknown> = {};
      const v = fresh(spec.v);
      if (spec.assign) o[spec.key] = v;
      else Object.defineProperty(o, spec.key, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    }
    case 'cycle':
      return root;
  }
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** The node `at` leads to, as its parent and key (no parent: the root). */
function locate(root: unknown, path: readonly number[]): { parent: Record<string, unknown> | unknown[] | undefined; key: string } {
  let parent: Record<string, unknown> | unknown[] | undefined;
  let key = '';
  let node = root;
  for (const pick of path) {
    if (!isContainer(node)) break;
    const keys = Object.keys(node);
    if (keys.length === 0) break;
    const next = keys[pick % keys.length] ?? '';
    parent = node;
    key = next;
    node = (node as Record<string, unknown>)[next];
  }
  return { parent, key };
}

function put(target: Record<string, unknown> | unknown[], key: string, value: unknown, assign: boolean): void {
  if (!assign) {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return;
  }
  try {
    (target as Record<string, unknown>)[key] = value;
  } catch {
    // `o.__proto__ = <o or an object above it>`: a cyclic prototype chain, which JS refuses.
  }
}

function mutate(body: unknown, mutations: readonly Mutation[]): unknown {
  let root = body;
  for (const m of mutations) {
    const { parent, key } = locate(root, m.at);
    if (m.op === 'delete') {
      if (parent === undefined) root = undefined;
      else if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (m.op === 'set') {
      const value = materialise(m.value, root);
      if (parent === undefined) root = value;
      else put(parent, key, value, true);
    } else {
      const target = parent === undefined ? root : (parent as Record<string, unknown>)[key];
      if (!isContainer(target)) continue;
      const value = materialise(m.value, root);
      if (Array.isArray(target)) target.push(value);
      else put(target, m.key, value, m.assign);
    }
  }
  return root;
}

function stringify(value: unknown, space?: number): string | undefined {
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v), space);
  } catch {
    return undefined; // cycles: this form then sends no body
  }
}

function corrupt(text: string, corruptions: readonly Corruption[]): string {
  let out = text;
  for (const c of corruptions) {
    const i = c.at % (out.length + 1);
    if (c.op === 'truncate') out = out.slice(0, i);
    else if (c.op === 'insert') out = out.slice(0, i) + c.text + out.slice(i);
    else if (c.op === 'delete') out = out.slice(0, i) + out.slice(i + c.n);
    else out = out.slice(0, i) + c.text + out.slice(i + c.text.length);
  }
  return out;
}

/** The body a case sends, built fresh (mutations never leak between cases). */
export function bodyOf(spec: BodySpec): unknown {
  switch (spec.kind) {
    case 'bytes':
      return new TextDecoder(spec.encoding).decode(Uint8Array.from(spec.bytes));
    case 'json-text':
      return spec.text;
    case 'json-value':
    case 'anything':
      return spec.value;
    case 'absent':
      return undefined;
    case 'envelope': {
      const values = spec.seed.values;
      const base: Record<string, unknown> = envelope(spec.seed.shape, values, { mirrors: spec.seed.mirrors });
      if (spec.seed.statusText && spec.seed.shape === 'fulfilment' && values.code !== undefined) base['status'] = values.code;
      const value = mutate(base, spec.mutations);
      switch (spec.form) {
        case 'value':
          return value;
        case 'text':
          return stringify(value);
        case 'pretty': {
          const t = stringify(value, 2);
          return t === undefined ? undefined : `${spec.pad}${t}${spec.pad}`;
        }
        case 'parsed': {
          const t = stringify(value);
          return t === undefined ? undefined : (JSON.parse(t) as unknown);
        }
        case 'corrupt':
          return corrupt(stringify(value) ?? '', spec.corruptions);
      }
    }
  }
}

/** Whether a case carries a huge string or a wide array. */
export function isHuge(c: HostileCase): boolean {
  return c.body.kind === 'envelope' && c.body.mutations.some((m) => m.op !== 'delete' && (m.value.t === 'huge' || m.value.t === 'wide'));
}

/** What makes a case big: its form, its huge values and the size of the body it sent. */
export function sketch(c: HostileCase, body: unknown): string {
  const size = typeof body === 'string' ? `${body.length}-character text` : body === undefined ? 'no body' : `a ${Array.isArray(body) ? 'array' : typeof body} value`;
  if (c.body.kind !== 'envelope') return `${c.body.kind} body, ${size}`;
  const big = c.body.mutations.flatMap((m) => {
    if (m.op === 'delete') return [];
    const v = m.value;
    if (v.t === 'huge') return [`a ${v.n}-character string of ${JSON.stringify(v.unit)}`];
    if (v.t === 'wide') return [`an array of ${v.n} × ${JSON.stringify(v.item)}`];
    if (v.t === 'deep') return [`${v.n} levels of ${v.container}s`];
    return [];
  });
  return `${c.body.seed.shape} envelope as ${c.body.form}${big.length > 0 ? ` with ${big.join(', ')}` : ''}: ${size}`;
}

/** A case as short JSON, huge strings shown by their size. */
export function describeCase(c: HostileCase, limit = 600): string {
  const text = JSON.stringify(c, (_k, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) return String(v);
    if (typeof v === 'number' && Object.is(v, -0)) return '-0';
    if (typeof v === 'bigint') return `${v}n`;
    if (v === undefined) return '(undefined)';
    return v;
  });
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

// ---------------------------------------------------------------------------------------------
// Decoding and the properties
// ---------------------------------------------------------------------------------------------

export function decodeCase(host: HostName, c: HostileCase, body: unknown): unknown {
  const input: Record<string, unknown> = { status: c.status, body };
  if (c.endpoint !== undefined) input['endpoint'] = c.endpoint;
  if (c.entry === 'decodeError') return decodeError({ host, ...input } as unknown as DecodeErrorInput);
  const decode = host === 'fulfilment' ? decodeFulfilmentError : decodeLastmileError;
  return decode(input as unknown as Parameters<typeof decode>[0]);
}

function isPlain(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function boundedText(value: unknown): boolean {
  return typeof value === 'string' && value.length < LIMITS.text;
}

/** The HTTP status a decoder must report for an input status. */
export function expectedStatus(status: unknown): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 999 ? status : 0;
}

/** Every way `result` breaks the decoders' guarantees; empty when it keeps them all. */
export function problemsOf(host: HostName, status: unknown, result: unknown): string[] {
  if (!isPlain(result)) return ['the result is not a plain object'];
  const e = result as unknown as AnyDecodedError;
  const out: string[] = [];
  if (typeof e.status !== 'number' || !Number.isSafeInteger(e.status) || e.status < 0 || e.status > 999) out.push(`status ${String(e.status)} is not an integer 0–999`);
  else if (e.status !== expectedStatus(status)) out.push(`status ${e.status}, expected ${expectedStatus(status)}`);
  if (e.host !== host) out.push(`host ${String(e.host)}`);
  if (!SHAPES_OF_HOST.get(host)?.has(e.shape)) out.push(`shape ${String(e.shape)} is not one of the host's`);
  if (!boundedText(e.message)) out.push(`message is ${typeof e.message === 'string' ? `${e.message.length} characters` : typeof e.message}`);
  if (!boundedText(e.code)) out.push(`code is ${typeof e.code === 'string' ? `${e.code.length} characters` : typeof e.code}`);
  if (e.kind !== undefined && !boundedText(e.kind)) out.push('kind unbounded or not text');
  if (e.hint !== undefined && !boundedText(e.hint)) out.push('hint unbounded or not text');
  if (typeof e.known !== 'boolean') out.push('known is not boolean');
  const retryable = CATEGORIES.get(e.category);
  if (retryable === undefined) out.push(`category ${String(e.category)} is not a contract category`);
  else if (e.retryable !== (retryable || ('retry' in e && e.retry === 'once_then_support'))) out.push(`retryable ${String(e.retryable)} for category ${e.category}`);
  if (!Array.isArray(e.fields) || e.fields.length > LIMITS.fields) out.push('fields is not a bounded array');
  else {
    for (const f of e.fields) {
      if (!isPlain(f) || !boundedText(f.field) || !boundedText(f.message)) {
        out.push(`field error ${JSON.stringify(f)?.slice(0, 200) ?? String(f)} is not bounded text`);
        break;
      }
    }
  }
  if (!Array.isArray(e.rules) || e.rules.length > LIMITS.rules || !e.rules.every((r) => typeof r === 'string')) out.push('rules is not a bounded list of ids');
  if (e.bodyStatus !== undefined && (!Number.isSafeInteger(e.bodyStatus) || e.bodyStatus <= 0 || e.bodyStatus > 999 || e.bodyStatus === e.status)) out.push(`bodyStatus ${String(e.bodyStatus)}`);
  if (typeof e.body === 'string' && e.body.length >= LIMITS.text) out.push(`body kept as ${e.body.length} characters of text`);
  try {
    const json = JSON.stringify(e);
    if (typeof json !== 'string') out.push('JSON.stringify(error) is not a string');
    else if (json.length > LIMITS.json) out.push(`JSON.stringify(error) is ${json.length} characters`);
  } catch (err) {
    out.push(`JSON.stringify(error) throws: ${err instanceof Error ? err.message : String(err)}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// A run
// ---------------------------------------------------------------------------------------------

export interface Failure {
  readonly host: HostName;
  /** Reproduces the case: fc.sample(hostileCase(hugeWeight), { seed: batchSeed, numRuns: batchSize })[index]. */
  readonly batchSeed: number;
  readonly index: number;
  readonly problems: readonly string[];
  readonly input: string;
}

export interface FuzzReport {
  readonly host: HostName;
  readonly bodies: number;
  readonly failures: readonly Failure[];
  /** Number of failing bodies (failures keeps the first few). */
  readonly failed: number;
  readonly hugeBodies: number;
  readonly maxMs: number;
  readonly p99Ms: number;
  readonly medianMs: number;
  /** The case that took longest. */
  readonly slowest: string;
  readonly totalMs: number;
  /** Object.prototype, Array.prototype or Function.prototype changed during the run. */
  readonly polluted: readonly string[];
}

export interface FuzzOptions {
  readonly runs: number;
  readonly seed: number;
  readonly batchSize?: number;
  /** Per 1,000 envelope bodies: how many carry a huge string (10 KB – 1 MiB). */
  readonly hugeWeight?: number;
  /** Failures kept in the report. */
  readonly keep?: number;
}

function prototypeState(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((p) => Reflect.ownKeys(p).map(String).sort().join(','))
    .join('|');
}

/** Runs `runs` hostile cases against one host's decoders; throws only if the generator itself fails. */
export function fuzzHost(host: HostName, options: FuzzOptions): FuzzReport {
  const batchSize = options.batchSize ?? 500;
  const keep = options.keep ?? 10;
  const arbitrary = hostileCase(options.hugeWeight);
  const times = new Float64Array(options.runs);
  const failures: Failure[] = [];
  const polluted: string[] = [];
  const before = prototypeState();
  let failed = 0;
  let hugeBodies = 0;
  let maxMs = 0;
  let slowest = '';
  let n = 0;
  const start = performance.now();
  for (let batch = 0; n < options.runs; batch++) {
    const batchSeed = (options.seed + batch * 7919) | 0;
    const cases = fc.sample(arbitrary, { seed: batchSeed, numRuns: Math.min(batchSize, options.runs - n) });
    cases.forEach((c, index) => {
      if (isHuge(c)) hugeBodies++;
      let problems: string[];
      let ms = 0;
      let body: unknown;
      try {
        body = bodyOf(c.body);
      } catch (err) {
        throw new Error(`the generator failed on batch seed ${batchSeed} #${index}: ${err instanceof Error ? err.message : String(err)}`);
      }
      try {
        const t0 = performance.now();
        let result: unknown;
        try {
          result = decodeCase(host, c, body);
        } finally {
          ms = performance.now() - t0;
        }
        problems = problemsOf(host, c.status, result);
      } catch (err) {
        problems = [`threw ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`];
      }
      times[n++] = ms;
      if (ms > maxMs) {
        maxMs = ms;
        slowest = `${ms.toFixed(1)} ms, batch seed ${batchSeed} #${index}: ${sketch(c, body)}`;
      }
      if (problems.length > 0) {
        failed++;
        if (failures.length < keep) failures.push({ host, batchSeed, index, problems, input: describeCase(c) });
      }
    });
    if (prototypeState() !== before && polluted.length === 0) polluted.push(`after batch seed ${batchSeed}: ${prototypeState()}`);
  }
  const probe = {} as Record<string, unknown>;
  for (const key of ['polluted', 'x', 'a', 'prototype']) if (probe[key] !== undefined) polluted.push(`({}).${key} is ${String(probe[key])}`);
  if (([] as unknown as Record<string, unknown>)['polluted'] !== undefined) polluted.push('[].polluted is set');
  const sorted = times.slice(0, n).sort();
  return {
    host,
    bodies: n,
    failures,
    failed,
    hugeBodies,
    maxMs,
    p99Ms: sorted[Math.min(n - 1, Math.floor(n * 0.99))] ?? 0,
    medianMs: sorted[Math.floor(n / 2)] ?? 0,
    slowest,
    totalMs: performance.now() - start,
    polluted,
  };
}

export function summary(r: FuzzReport): string {
  return (
    `${r.host}: ${r.bodies} bodies (${r.hugeBodies} huge: 10 KB–1 MiB strings, arrays of ≤250k values), ${r.failed} failures, ` +
    `per body max ${r.maxMs.toFixed(2)} ms, p99 ${r.p99Ms.toFixed(3)} ms, median ${r.medianMs.toFixed(3)} ms; run ${(r.totalMs / 1000).toFixed(1)} s`
  );
}

export function failureText(r: FuzzReport): string {
  return r.failures.map((f) => `- batch seed ${f.batchSeed} #${f.index}: ${f.problems.join('; ')}\n  input: ${f.input}`).join('\n');
}
