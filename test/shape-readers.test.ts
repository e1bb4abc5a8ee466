/**
 * Each error shape's generated reader (generator/emit/shape-readers.ts, straight-line code in the
 * package's tables) against the interpreter of the same spec (templates/shape-reader.ts, what
 * tables built as data use): over the shapes of random valid contracts and bodies built around
 * each shape's own paths (present or not, any JSON value or container at each step, indices in
 * and out of range, the `equals` value or another, keys Object.prototype also has), the two read
 * the same, key for key; and the bodies' null-prototype copies too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstText, has, hasItem, item, own, scalarText } from '../templates/body.js';
import { fieldErrors } from '../templates/decode.js';
import { shapeRule } from '../templates/shape-reader.js';
import type { BodyPath, ShapeReader, ShapeSpec } from '../templates/spec.js';
import { errorTableData } from '../generator/emit/emit-tables.js';
import { shapeReaderCode } from '../generator/emit/shape-readers.js';
import { PRETTIER_OPTIONS } from '../generator/emit/pretty.js';
import { loadContractText } from '../generator/contract.js';
import { knowledge } from '../generator/model/knowledge.js';
import { contractArbitrary } from './support/arbitrary-contract.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HELPERS = { own, has, item, hasItem, firstText, scalarText, fieldErrors };

/** The generated reader, run as the code it is (plain JavaScript: no type in it). */
function compiled(spec: ShapeSpec): ShapeReader {
  const code = shapeReaderCode(spec, 0, (_module, name) => name);
  const make = new Function(...Object.keys(HELPERS), `return ${code};`) as (...helpers: unknown[]) => ShapeReader;
  return make(...Object.values(HELPERS));
}

function shapesOf(name: string, text: string): ShapeSpec[] {
  const loaded = loadContractText(name, text);
  if (!loaded.ok) throw new Error(`${name} does not load: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return Object.values(errorTableData(knowledge(loaded.contract)).shapes);
}

/** Every path the shape looks at: checks, texts and mirrors, status, the field-error list and its entries' keys. */
function pathsOf(spec: ShapeSpec): BodyPath[] {
  const reads = Object.values(spec.read).filter((p): p is BodyPath => p !== undefined);
  const fe = spec.fieldErrors;
  const entries = fe === undefined ? [] : [fe.message, ...(fe.field === undefined ? [] : [fe.field])].map((p) => [...fe.path, 0, ...p]);
  return [...spec.present, ...spec.equals.map((e) => e.path), ...reads, ...spec.mirrors.flatMap((m) => [m.path, m.source]), ...(fe === undefined ? [] : [fe.path]), ...entries];
}

const leaf = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -3, max: 600 }), fc.boolean(), fc.constant(null), fc.double({ noNaN: false }));

/** A body that has some of `paths` (each step an object key or an array index, perhaps out of range), with `equals` values or others at their ends. */
function bodyArbitrary(spec: ShapeSpec): fc.Arbitrary<unknown> {
  const paths = pathsOf(spec);
  const equalsAt = new Map(spec.equals.map((e) => [JSON.stringify(e.path), e.value]));
  return fc.tuple(fc.array(fc.tuple(fc.boolean(), fc.nat(2), leaf, fc.boolean()), { minLength: paths.length, maxLength: paths.length }), fc.boolean()).map(([choices, extra]) => {
    const root: Record<string, unknown> = {};
    paths.forEach((path, i) => {
      const [take, shift, value, matchEquals] = choices[i] ?? [false, 0, null, false];
      if (!take || path.length === 0) return;
      const wanted = equalsAt.get(JSON.stringify(path));
      place(root, path, shift, wanted !== undefined && matchEquals ? wanted : value);
    });
    if (extra) Object.defineProperty(root, 'constructor', { value: 'own', enumerable: true, configurable: true, writable: true });
    return root;
  });
}

/** Sets `value` at `path` under `root`, making containers on the way; an index may land `shift` short of where the path points. */
function place(root: Record<string, unknown>, path: BodyPath, shift: number, value: unknown): void {
  let current: unknown = root;
  path.forEach((segment, i) => {
    const last = i === path.length - 1;
    const next = path[i + 1];
    const child = last ? value : typeof next === 'number' ? [] : {};
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment < 0) return;
      const at = Math.max(0, segment - shift);
      while (current.length < at) current.push(null);
      if (current[at] === undefined || last) current[at] = child;
      current = current[at];
    } else if (typeof current === 'object' && current !== null && !Array.isArray(current)) {
      const record = current as Record<string, unknown>;
      if (!Object.prototype.hasOwnProperty.call(record, segment) || last) Object.defineProperty(record, segment, { value: child, enumerable: true, configurable: true, writable: true });
      current = record[segment];
    }
  });
}

function nullProto(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullProto);
  if (typeof value !== 'object' || value === null) return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) out[k] = nullProto(v);
  return out;
}

function expectSameReads(spec: ShapeSpec, body: unknown): void {
  const generated = compiled(spec);
  const interpreted = shapeRule(spec).read;
  for (const given of [body, nullProto(body)]) {
    const record = given as Readonly<Record<string, unknown>>;
    expect(generated(record), JSON.stringify(given)).toEqual(interpreted(record));
  }
}

describe('generated shape readers are in prettier\'s form', () => {
  /** A reader as the tables hold it: the `read` member of a shape in ERROR_TABLES (three levels in). */
  const inTables = (spec: ShapeSpec): string => `export const T = {\n  shapes: {\n    s: {\n      name: 's',\n      read: ${shapeReaderCode(spec, 3, (_m, name) => name).split('\n').join('\n      ')},\n    },\n  },\n};\n`;

  it('for keys, literals and paths of every length up to past the print width', async () => {
    const { format } = await import('prettier');
    for (let n = 1; n <= 130; n += 1) {
      const k = 'k'.repeat(n);
      const spec: ShapeSpec = {
        name: 's',
        present: [['error', k], ['items', 10 ** 22], [k]],
        equals: [{ path: ['type'], value: 'v'.repeat(n) }, { path: ['n'], value: -1 }],
        read: { code: ['error', k], message: ['error', 'message'], status: [k, 'status'] },
        fieldErrors: { path: ['error', k], field: ['where', k], message: ['what'] },
        mirrors: [{ path: [k.toUpperCase()], source: ['error', 'message'] }, { path: ['msg'], source: ['error', 'message'] }],
      };
      const text = inTables(spec);
      expect(await format(text, { ...PRETTIER_OPTIONS, parser: 'typescript' }), `key length ${n}`).toBe(text);
    }
  });
});

describe('generated shape readers read as the interpreter does', () => {
  it('the shapes of orders.yaml and every fixture, on bodies around their paths', () => {
    const fixtures = fileURLToPath(new URL('./fixtures', import.meta.url));
    const files = [fileURLToPath(new URL('../contract/orders.yaml', import.meta.url)), ...readdirSync(fixtures).map((d) => join(fixtures, d, 'contract.yaml')).filter((f) => existsSync(f))];
    const shapes = files.flatMap((file) => shapesOf(file, readFileSync(file, 'utf8')));
    expect(shapes.length).toBeGreaterThan(3);
    for (const spec of shapes) fc.assert(fc.property(bodyArbitrary(spec), (body) => expectSameReads(spec, body)), { numRuns: 150, seed: 16 });
  });

  it('the shapes of random valid contracts', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        contractArbitrary({ names: 'distinct' }).chain((c) => {
          // A contract the model refuses (a warning-level rule aside) has no tables to compare.
          const loaded = loadContractText('random.yaml', c.yaml);
          const shapes = loaded.ok ? Object.values(errorTableData(knowledge(loaded.contract)).shapes) : [];
          return shapes.length === 0 ? fc.constant([] as [ShapeSpec, unknown][]) : fc.tuple(...shapes.map((s) => bodyArbitrary(s).map((b): [ShapeSpec, unknown] => [s, b])));
        }),
        (pairs) => {
          for (const [spec, body] of pairs) expectSameReads(spec, body);
          compared += pairs.length;
        },
      ),
      { numRuns: 60, seed: 16 },
    );
    // The runs must have held shapes to compare, not only contracts without any.
    expect(compared).toBeGreaterThan(30);
  });

  it('a body of the shape is recognised and read; one without its present keys is not', () => {
    const spec: ShapeSpec = {
      name: 'envelope',
      present: [['error', 'code'], ['items', 1]],
      equals: [{ path: ['type'], value: 'list' }],
      read: { code: ['error', 'code'], message: ['error', 'message'], status: ['error', 'status'] },
      fieldErrors: { path: ['error', 'fields'], field: ['where', 'path'], message: ['what'] },
      mirrors: [{ path: ['msg'], source: ['error', 'message'] }],
    };
    const read = compiled(spec);
    const body = { type: 'list', items: [0, null], msg: 'mirrored', error: { code: 7, status: 409, fields: [{ where: { path: 'a.b' }, what: 'w' }, { what: 'm' }, 'x'] } };
    expect(read(body)).toEqual({ code: '7', message: 'mirrored', status: 409, fields: [{ field: 'a.b', message: 'w' }, { field: '', message: 'm' }] });
    expect(read({ ...body, items: [0] })).toBeUndefined();
    expect(read({ ...body, type: 'other' })).toBeUndefined();
    expect(read({ ...body, error: { message: 'no code' } })).toBeUndefined();
    expect(compiled({ ...spec, present: [[]] })(body)).toBeUndefined();
  });
});
