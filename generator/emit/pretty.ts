/**
 * Code in prettier's form, written directly. Formatting megabytes of generated code with prettier
 * costs seconds, so emitters lay out their few constructs the way prettier would (fit on one line
 * at the print width, or break one item per line) and a test checks that prettier leaves every
 * generated file unchanged.
 */
import { jsonString, propertyKey as key, stringLiteral } from '../naming.js';

/** The prettier options generated files are written in (test/prettier-form.test.ts checks them). */
export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all', semi: true } as const;
export const PRINT_WIDTH: number = PRETTIER_OPTIONS.printWidth;
const STEP = '  ';

const quoted = stringLiteral;

export function fits(line: string, indent: number): boolean {
  return indent * STEP.length + line.length <= PRINT_WIDTH && !line.includes('\n');
}

/**
 * `head items tail`, items joined by `separator` between `open` and `close`: one line when it
 * fits at `indent`, else one item per line (with a trailing comma when `trailingComma`).
 */
export function list(head: string, open: string, items: readonly string[], close: string, tail: string, indent: number, trailingComma = true, broken = false): string[] {
  // Braces get inner spaces on one line (`{ a, b }`), brackets do not (`[a, b]`).
  const pad = open === '{' ? ' ' : '';
  const flat = `${head}${open}${pad}${items.join(', ')}${pad}${close}${tail}`;
  if (items.length === 0 || (!broken && fits(flat, indent) && items.every((i) => !i.includes('\n')))) return [flat];
  const body = items.flatMap((item, i) => {
    const comma = i < items.length - 1 || trailingComma ? ',' : '';
    const lines = item.split('\n');
    return lines.map((line, j) => `${STEP}${line}${j === lines.length - 1 ? comma : ''}`);
  });
  return [`${head}${open}`, ...body, `${close}${tail}`];
}

/**
 * A union after `head` (`export type X =` or `name?:`): on the same line when it fits, else on
 * the next line when it fits there, else a leading `|` per member.
 */
export function union(head: string, given: readonly string[], tail: string, indent: number): string[] {
  // Prettier drops the parentheses of a lone `(string & {})`.
  const members = given.length === 1 && given[0] === '(string & {})' ? ['string & {}'] : given;
  const flat = `${head} ${members.join(' | ')}${tail}`;
  if (members.length <= 1 || fits(flat, indent)) return flat.split('\n');
  const next = `${STEP}${members.join(' | ')}${tail}`;
  if (head.endsWith('=') && fits(next, indent)) return [head, next];
  // A member that spans lines (an expanded object) continues under its `| `.
  return [
    head,
    ...members.flatMap((m, i) => {
      const lines = m.split('\n');
      const last = i === members.length - 1;
      return lines.map((l, j) => `${j === 0 ? `${STEP}| ` : `${STEP}${STEP}`}${l}${last && j === lines.length - 1 ? tail : ''}`);
    }),
  ];
}

/** Code inside `data`: an expression written as it is (a name the file imports), not as data. */
export class Code {
  constructor(readonly text: string) {}
}

/**
 * A data value (JSON-like) as a literal starting with `prefix` and ending with `suffix`: objects
 * expanded (prettier keeps an object broken when its first key is on a new line) but an array's
 * element of scalars that fits on a line, arrays on one line when they fit.
 */
export function data(value: unknown, indent: number, prefix = '', suffix = '', jsonKeys = false): string {
  const out: string[] = [];
  dataLines(value, indent, prefix, suffix, jsonKeys, '', out);
  return out.join('\n');
}

function memberKey(k: string, jsonKeys: boolean): string {
  return jsonKeys ? jsonString(k) : objectKey(k);
}

/** A key in an object literal: bare, quoted, or computed for `__proto__` (written plainly, quoted or not, it would set the prototype). */
export function objectKey(k: string): string {
  return k === '__proto__' ? `[${quoted(k)}]` : key(k);
}

/** `data`'s lines, each prefixed with `pad` (the nesting so far), appended to `out`: linear in size. */
function dataLines(value: unknown, indent: number, prefix: string, suffix: string, jsonKeys: boolean, pad: string, out: string[]): void {
  const push = (text: string) => {
    for (const line of text.split('\n')) out.push(line === '' ? line : `${pad}${line}`);
  };
  if (value instanceof Code) return push(`${prefix}${value.text}${suffix}`);
  if (Array.isArray(value)) {
    const items = value.map((v) => flatObject(v, indent + 1, jsonKeys) ?? data(v === undefined ? null : v, indent + 1, '', '', jsonKeys));
    // Prettier breaks an array of two or more objects of several keys each, one per line, even when it would fit.
    const objects = !jsonKeys && value.length > 1 && value.every((v) => isPlainObject(v) && definedEntries(v).length > 1);
    push(list(prefix, '[', items, ']', suffix, indent, !jsonKeys, objects).join('\n'));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = definedEntries(value);
    if (entries.length === 0) return push(`${prefix}{}${suffix}`);
    push(`${prefix}{`);
    for (const [k, v] of entries) dataLines(v, indent + 1, `${memberKey(k, jsonKeys)}: `, ',', jsonKeys, `${pad}${STEP}`, out);
    // JSON allows no trailing comma after the last member.
    if (jsonKeys) out[out.length - 1] = (out[out.length - 1] ?? '').replace(/,$/, '');
    return push(`}${suffix}`);
  }
  push(scalar(value, indent, prefix, suffix, jsonKeys));
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Code);
}

function definedEntries(value: object): [string, unknown][] {
  return Object.entries(value).filter(([, v]) => v !== undefined);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * An array's object element on one line (`{ name: 'id', in: 'path' }`) when it holds only scalars
 * (and lists of them) and fits: prettier keeps such an object as written, and expanded ones made
 * parameter tables several times their size. Undefined when it must be expanded.
 */
function flatObject(value: unknown, indent: number, jsonKeys: boolean): string | undefined {
  if (jsonKeys || !isPlainObject(value)) return undefined;
  const entries = definedEntries(value);
  if (entries.length === 0 || !entries.every(([, v]) => isScalar(v) || (Array.isArray(v) && v.every(isScalar)))) return undefined;
  const members = entries.map(([k, v]) => `${memberKey(k, false)}: ${Array.isArray(v) ? `[${v.map((x) => scalar(x, 0, '', '', false)).join(', ')}]` : scalar(v, 0, '', '', false)}`);
  const line = `{ ${members.join(', ')} }`;
  // The widest place it may go: on its own line in a broken array, with the comma after it.
  return fits(`${line},`, indent) ? line : undefined;
}

function scalar(value: unknown, indent: number, prefix: string, suffix: string, jsonKeys: boolean): string {
  const text = value === undefined ? 'undefined' : typeof value === 'string' ? (jsonKeys ? jsonString(value) : quoted(value)) : (JSON.stringify(value) ?? 'null');
  // A string that does not fit beside its key moves to the next line, unless the key is short
  // (narrower than the indent width plus three: prettier's "short key" rule).
  const keyWidth = prefix.length - ': '.length;
  if (typeof value === 'string' && prefix.endsWith(': ') && !jsonKeys && keyWidth >= STEP.length + 3 && !fits(`${prefix}${text}${suffix}`, indent)) {
    return `${prefix.trimEnd()}\n${STEP}${text}${suffix}`;
  }
  return `${prefix}${text}${suffix}`;
}

/** A JSON document in prettier's JSON form. */
export function json(value: unknown): string {
  return `${data(value, 0, '', '', true)}\n`;
}
