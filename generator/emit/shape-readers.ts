/**
 * Each error shape's reader as straight-line code in the generated tables: its `present` and
 * `equals` checks, then its texts, status claim and field errors, every step an own property or
 * array item read through body.ts's `own`/`item`, each path read once into a local. It reads what
 * templates/shape-reader.ts reads from the same ShapeSpec (a test holds the two to one answer), but
 * carries no interpreter: a bundle keeps only the code of the shapes its contract has.
 */
import { textReads } from '../../templates/shape-reader.js';
import type { BodyPath, ShapeSpec } from '../../templates/spec.js';
import { stringLiteral } from '../naming.js';
import { fits, list } from './pretty.js';
import { MODULE, RUNTIME } from './names.js';

/** Imports a runtime helper into the file being written and returns the name to call it by. */
export type Use = (module: string, name: string) => string;

const STEP = '  ';

/** `(body) => { … }`: the reader of `spec`, written for a `read:` member at `indent`. */
export function shapeReaderCode(spec: ShapeSpec, indent: number, use: Use): string {
  if (spec.present.some((path) => path.length === 0)) return '() => undefined';
  const reader = new ReaderWriter(indent + 1, use);
  const texts = textReads(spec);
  const reads = readPaths(spec, texts);
  for (const path of spec.present) reader.fail(reads.has(JSON.stringify(path)) ? reader.absence(path) : `!${reader.presence(path)}`);
  for (const e of spec.equals) reader.mismatch(reader.value(e.path), literal(e.value));
  const members: string[] = [];
  for (const { key, paths } of texts) {
    const values = paths.map((p) => reader.value(p));
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
    const last = path[path.length - 1] as string | number;
    const name = this.local(typeof last === 'number' ? RUNTIME.body.item : RUNTIME.body.own, path);
    this.locals.set(key, name);
    return name;
  }

  /** `const vN = step(parent, last);` for the last step of `path` (laid out as prettier lays out a call); its name. */
  private local(step: string, path: BodyPath): string {
    const parent = this.value(path.slice(0, -1));
    const name = `v${++this.count}`;
    const args = [parent, segmentLiteral(path[path.length - 1] as string | number)];
    this.lines.push(...call(`const ${name} = ${this.use(MODULE.runtime.body, step)}`, args, this.indent, ';').split('\n'));
    return name;
  }

  /** Whether `path` (not empty) is present: its last key an own property, or its last index below the length. */
  presence(path: BodyPath, lead = 'if (!'): string {
    const last = path[path.length - 1] as string | number;
    const test = typeof last === 'number' ? RUNTIME.body.hasItem : RUNTIME.body.has;
    const flat = `${this.use(MODULE.runtime.body, test)}(${this.value(path.slice(0, -1))}, ${segmentLiteral(last)})`;
    // Too long for one `if`: the test gets a local of its own.
    return fits(`${lead}${flat}) return undefined;`, this.indent) ? flat : this.local(test, path);
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
    this.lines.push(...list(`const ${name} = `, '[', path.map(segmentLiteral), ']', ';', this.indent));
    return name;
  }

  /** `if (failed) return undefined;` (its parts are locals and calls that fit). */
  fail(failed: string): void {
    this.lines.push(`if (${failed}) return undefined;`);
  }

  /** Ends the reader when `value` is not `literalText`; a literal too long for the line is a local of its own. */
  mismatch(value: string, literalText: string): void {
    if (fits(`if (${value} !== ${literalText}) return undefined;`, this.indent)) return this.fail(`${value} !== ${literalText}`);
    const name = `v${++this.count}`;
    const declared = `const ${name} = ${literalText};`;
    // Prettier breaks a long literal after the `=`.
    this.lines.push(...(fits(declared, this.indent) ? [declared] : [`const ${name} =`, `${STEP}${literalText};`]));
    this.fail(`${value} !== ${name}`);
  }
}

/** The paths whose values the reader returns (texts, mirrors, status, field-error list), by their JSON form. */
function readPaths(spec: ShapeSpec, texts: ReturnType<typeof textReads>): Set<string> {
  const more = [spec.read.status, spec.fieldErrors?.path].filter((p): p is BodyPath => p !== undefined);
  return new Set([...texts.flatMap((t) => t.paths), ...more].map((p) => JSON.stringify(p)));
}

/** `head(a, b)`, or its arguments one per line, as prettier breaks a call that does not fit. */
function call(head: string, args: readonly string[], indent: number, tail = ''): string {
  return list(head, '(', args, ')', tail, indent).join('\n');
}

/** A step of a path as a literal: a key as a string, an index as a number. */
function segmentLiteral(segment: string | number): string {
  return typeof segment === 'number' ? numberLiteral(segment) : stringLiteral(segment);
}

function literal(value: string | number | boolean): string {
  return typeof value === 'string' ? stringLiteral(value) : typeof value === 'number' ? numberLiteral(value) : String(value);
}

/** A number as prettier writes it (`1e21`, not `1e+21`). */
function numberLiteral(value: number): string {
  return String(value).replace('e+', 'e');
}
