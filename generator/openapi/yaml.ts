/**
 * A small YAML writer for plain JSON data. It exists for speed: the document is written on every
 * `generate`, and a general YAML library spends most of its time on features JSON data never
 * needs (yaml's stringify is ~20x slower on a 2,000-endpoint document). Collections are written in
 * block style, except short ones holding only scalars, which fit on one line in flow style
 * (`required: [a, b]`, `schema: {type: string}`). A string is written plain only when no YAML 1.1
 * or 1.2 reader can take it for anything else, and otherwise as a JSON string, which is a valid
 * YAML double-quoted scalar once the few characters YAML also requires escaped are escaped.
 *
 * Speed comes from allocating little and keeping little: each line is built whole and lines are
 * joined in chunks, so the many small strings die young (holding them all until the end costs
 * more in garbage collection than writing them); indentation, keys and short values are computed
 * once and reused.
 */
import { jsonString } from '../naming.js';
import type { Json, JsonObject } from './json.js';

/** Longest flow collection written on one line (without its key and indentation). */
const FLOW_WIDTH = 80;
const LINES_PER_CHUNK = 1024;

export function toYaml(value: Json): string {
  const out = new Output();
  write(out, value, 0, '');
  return out.text();
}

class Output {
  private lines: string[] = [];
  private readonly chunks: string[] = [];

  line(text: string): void {
    this.lines.push(text);
    if (this.lines.length === LINES_PER_CHUNK) {
      this.chunks.push(this.lines.join(''));
      this.lines = [];
    }
  }

  text(): string {
    this.chunks.push(this.lines.join(''));
    this.lines = [];
    return this.chunks.join('');
  }
}

/** Writes a node whose first line starts with `lead` and whose other lines are indented `depth` levels. */
function write(out: Output, value: Json, depth: number, lead: string): void {
  if (value === null || typeof value !== 'object') out.line(`${lead}${scalar(value)}\n`);
  else if (isList(value)) sequence(out, value, depth, lead);
  else mapping(out, value, depth, lead);
}

function sequence(out: Output, items: readonly Json[], depth: number, lead: string): void {
  if (items.length === 0) out.line(`${lead}[]\n`);
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Json;
    // The first item shares the line of a `- ` or `key:` lead; the others start at `depth`.
    const dash = i === 0 && lead !== indentation(depth) ? `${lead}- ` : dashes(depth);
    const inline = inlineForm(item);
    if (inline === undefined) write(out, item, depth + 1, dash);
    else out.line(`${dash}${inline}\n`);
  }
}

function mapping(out: Output, map: JsonObject, depth: number, lead: string): void {
  let prefix = lead;
  let empty = true;
  for (const key in map) {
    const value = map[key];
    if (value === undefined) continue;
    empty = false;
    const inline = inlineForm(value);
    if (inline === undefined) {
      out.line(`${prefix}${scalar(key)}:\n`);
      write(out, value, depth + 1, indentation(depth + 1));
    } else {
      out.line(`${prefix}${scalar(key)}: ${inline}\n`);
    }
    prefix = indentation(depth);
  }
  if (empty) out.line(`${lead}{}\n`);
}

/** A scalar, or a collection's one-line flow form when it has one; else undefined. */
function inlineForm(value: Json): string | undefined {
  return value === null || typeof value !== 'object' ? scalar(value) : flow(value);
}

/** The flow form of an empty collection or a short one of scalars; else undefined. */
function flow(value: readonly Json[] | JsonObject): string | undefined {
  // Checked before any text is built: most collections hold collections.
  if (!holdsOnlyScalars(value)) return undefined;
  let body = '';
  if (isList(value)) {
    for (const item of value) {
      body += body === '' ? scalar(item as Scalar) : `, ${scalar(item as Scalar)}`;
      if (body.length > FLOW_WIDTH) return undefined;
    }
    return `[${body}]`;
  }
  for (const key in value) {
    const item = value[key];
    if (item === undefined) continue;
    body += `${body === '' ? '' : ', '}${scalar(key)}: ${scalar(item as Scalar)}`;
    if (body.length > FLOW_WIDTH) return undefined;
  }
  return `{${body}}`;
}

type Scalar = string | number | boolean | null;

function holdsOnlyScalars(value: readonly Json[] | JsonObject): boolean {
  if (isList(value)) {
    for (const item of value) if (item !== null && typeof item === 'object') return false;
    return true;
  }
  for (const key in value) {
    const item = value[key];
    if (item !== null && typeof item === 'object') return false;
  }
  return true;
}

// Array.isArray does not narrow readonly arrays.
function isList(value: readonly Json[] | JsonObject): value is readonly Json[] {
  return Array.isArray(value);
}

const indents: string[] = [''];
const dashList: string[] = [];

function indentation(depth: number): string {
  while (indents.length <= depth) indents.push(`${indents[indents.length - 1] ?? ''}  `);
  return indents[depth] ?? '';
}

/** `- ` at `depth`: the same width as one more level, so an item's other lines line up. */
function dashes(depth: number): string {
  while (dashList.length <= depth) dashList.push(`${indentation(dashList.length)}- `);
  return dashList[depth] ?? '- ';
}

// Letters, digits and a few punctuation marks no YAML reader treats specially, in block or flow
// context; no leading or trailing space (plain scalars lose it), no `:`, `#`, quotes, `,[]{}`.
const PLAIN = /^[A-Za-z_$/](?:[\w$ ./+-]*[\w$./+-])?$/;
// Words YAML 1.2 (core schema) or YAML 1.1 read as booleans or null, and exponents some YAML 1.1
// readers take for numbers (`e5`).
const KEYWORD = /^(?:true|false|yes|no|on|off|y|n|null|[eE][-+]?\d+)$/i;

/** Keys and values repeat a lot (`type`, `string`, field names): decide each string once. */
const scalars = new Map<string, string>();
const SCALAR_CACHE_LIMIT = 50_000;

function scalar(value: Scalar): string {
  if (typeof value !== 'string') return String(value);
  const known = scalars.get(value);
  if (known !== undefined) return known;
  // A JSON string is a YAML double-quoted scalar once the characters YAML also requires escaped
  // (C1 controls, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF) are: jsonString escapes those, and the
  // invisible ones no generated file holds raw.
  const written = PLAIN.test(value) && !KEYWORD.test(value) ? value : jsonString(value);
  if (value.length <= 64) {
    // Start over rather than grow without end over a long `generate --watch` session.
    if (scalars.size >= SCALAR_CACHE_LIMIT) scalars.clear();
    scalars.set(value, written);
  }
  return written;
}

