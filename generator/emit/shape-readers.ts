/**
 * Each error shape's reader as straight-line code in the generated tables: its `present` and
 * `equals` checks, then its texts, status claim and field errors, every step an own property or
 * array item read through body.ts's `own`/`item`, each path read once into a local. It reads what
 * templates/shape-reader.ts reads from the same ShapeSpec (a test holds the two to one answer), but
 * carries no interpreter: a bundle keeps only the code of the shapes its contract has.
 */
import { mirrorsOf } from '../../templates/shape-reader.js';
import type { BodyPath, ShapeSpec } from '../../templates/spec.js';
import { stringLiteral } from '../naming.js';
import { fits, list } from './pretty.js';
import { MODULE, RUNTIME } from './names.js';

/** Imports a runtime helper into the file being written and returns the name to call it by. */
export type Use = (module: string, name: string) => string;

const TEXT_KEYS = ['code', 'message', 'human', 'detail', 'kind'] as const;
const STEP = '  ';

/** `(body) => { … }`: the reader of `spec`, written for a `read:` member at `indent`. */
export function shapeReaderCode(spec: ShapeSpec, indent: number, use: Use): string {
  if (spec.present.some((path) => path.length === 0)) return '() => undefined';
  const reader = new ReaderWriter(indent + 1, use);
  const reads = readPaths(spec);
  for (const path of spec.present) reader.check(reads.has(JSON.stringify(path)) ? reader.absence(path) : `!${reader.presence(path)}`);
  for (const e of spec.equals) reader.check(`${reader.value(e.path)} !== ${literal(e.value)}`, literal(e.value));
  const members: string[] = [];
  for (const key of TEXT_KEYS) {
    const path = spec.read[key];
    if (path === undefined) continue;
    const values = [path, ...mirrorsOf(spec, path)].map((p) => reader.value(p));
    members.push(values.length === 1 ? `${key}: ${use(MODULE.runtime.body, RUNTIME.body.scalarText)}(${values[0] ?? ''}),` : call(`${key}: ${use(MODULE.runtime.body, RUNTIME.body.firstText)}`, values, indent + 2, ','));
  }
  if (spec.read.status !== undefined) members.push(`status: ${reader.value(spec.read.status)},`);
  const fe = spec.fieldErrors;
  if (fe !== undefined) {
    // A path of several steps is a local of its own, so the call stays a list of short names.
    const args = [reader.value(fe.path), fe.field === undefined ? 'undefined' : reader.path(fe.field), reader.path(fe.message)];
    members.push(call(`fields: ${use(MODULE.runtime.decode, RUNTIME.decode.fieldErrors)}`, args, indent + 2, ','));
  }
  const result = members.length === 0 ? ['return {};'] : ['return {', ...members.flatMap((m) => m.split('\n').map((l) => `${STEP}${l}`)), '};'];
  return ['(body) => {', ...[...reader.lines, ...result].map((l) => `${STEP}${l}`), '}'].join('\n');
}

/** The statements of one reader: a local per path read, and the checks that end it early. */
class ReaderWriter {
  readonly lines: string[] = [];
  private readonly locals = new Map<string, string>();
  private count = 0;

  constructor(
    private readonly indent: number,
    private readonly use: Use,
  ) {}

  /** The local holding the value at `path` (the body itself for the empty path). */
  value(path: BodyPath): string {
    if (path.length === 0) return 'body';
    const key = JSON.stringify(path);
    const known = this.locals.get(key);
    if (known !== undefined) return known;
    const parent = this.value(path.slice(0, -1));
    const last = path[path.length - 1] as string | number;
    const name = `v${++this.count}`;
    const step = typeof last === 'number' ? this.use(MODULE.runtime.body, RUNTIME.body.item) : this.use(MODULE.runtime.body, RUNTIME.body.own);
    this.lines.push(...call(`const ${name} = ${step}`, [parent, key1(last)], this.indent, ';').split('\n'));
    this.locals.set(key, name);
    return name;
  }

  /** Whether `path` (not empty) is present: its last key an own property, or its last index below the length. */
  presence(path: BodyPath, lead = 'if (!'): string {
    const parent = this.value(path.slice(0, -1));
    const last = path[path.length - 1] as string | number;
    const test = typeof last === 'number' ? this.use(MODULE.runtime.body, RUNTIME.body.hasItem) : this.use(MODULE.runtime.body, RUNTIME.body.has);
    const flat = `${test}(${parent}, ${key1(last)})`;
    if (fits(`${lead}${flat}) return undefined;`, this.indent)) return flat;
    // Too long for one `if`: the test gets a local of its own, laid out as prettier lays out a call.
    const name = `v${++this.count}`;
    this.lines.push(...call(`const ${name} = ${test}`, [parent, key1(last)], this.indent, ';').split('\n'));
    return name;
  }

  /**
   * The test that `path` (not empty), whose value the reader reads anyway, is absent: its value is
   * read first, so a present key costs one read, not two.
   */
  absence(path: BodyPath): string {
    const value = this.value(path);
    const test = this.presence(path, `if (${value} === undefined && !`);
    return `${value} === undefined && !${test}`;
  }

  /** A path for fieldErrors: one key as a string (no array made per call), else a local holding its steps. */
  path(path: BodyPath): string {
    const only = path.length === 1 ? path[0] : undefined;
    if (typeof only === 'string') return stringLiteral(only);
    const name = `v${++this.count}`;
    this.lines.push(...list(`const ${name} = `, '[', path.map(key1), ']', ';', this.indent));
    return name;
  }

  /** `if (failed) return undefined;`, a long literal compared through a local of its own. */
  check(failed: string, literalText?: string): void {
    const line = `if (${failed}) return undefined;`;
    if (fits(line, this.indent) || literalText === undefined) {
      this.lines.push(line);
      return;
    }
    const name = `v${++this.count}`;
    const declared = `const ${name} = ${literalText};`;
    this.lines.push(...(fits(declared, this.indent) ? [declared] : [`const ${name} =`, `${STEP}${literalText};`]));
    this.lines.push(`if (${failed.replace(literalText, name)}) return undefined;`);
  }
}

/** The paths whose values the reader returns (texts, mirrors, status, field-error list), by their JSON form. */
function readPaths(spec: ShapeSpec): Set<string> {
  const texts = TEXT_KEYS.flatMap((key) => {
    const path = spec.read[key];
    return path === undefined ? [] : [path, ...mirrorsOf(spec, path)];
  });
  const more = [spec.read.status, spec.fieldErrors?.path].filter((p): p is BodyPath => p !== undefined);
  return new Set([...texts, ...more].map((p) => JSON.stringify(p)));
}

/** `head(a, b)`, or its arguments one per line, as prettier breaks a call that does not fit. */
function call(head: string, args: readonly string[], indent: number, tail = ''): string {
  return list(head, '(', args, ')', tail, indent).join('\n');
}

function key1(segment: string | number): string {
  return typeof segment === 'number' ? numberLiteral(segment) : stringLiteral(segment);
}

function literal(value: string | number | boolean): string {
  return typeof value === 'string' ? stringLiteral(value) : typeof value === 'number' ? numberLiteral(value) : String(value);
}

/** A number as prettier writes it (`1e21`, not `1e+21`). */
function numberLiteral(value: number): string {
  return String(value).replace('e+', 'e');
}
