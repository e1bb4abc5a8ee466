/**
 * Example scalars that meet a field's format and constraints, for the mocks' fixtures: a fixture
 * that breaks the contract it stands for would teach a client's tests the wrong thing. Every
 * answer is checked against the rules before it is given; undefined means none was found.
 */
import { isMultiple } from '../model/check-value.js';

export interface StringRules {
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

export interface NumberRules {
  readonly integer: boolean;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** Realistic, fixed values per format: the same contract gives the same fixtures everywhere. */
const FORMAT_EXAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  duration: 'P1D',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  iri: 'https://example.com/',
  'uri-reference': '/example',
  'iri-reference': '/example',
  'uri-template': 'https://example.com/{id}',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'ZXhhbXBsZQ==',
  password: 'example',
  regex: '^example$',
  'json-pointer': '/example',
  int64: '1',
  int32: '1',
};

const FILLER = 'example';

export function stringExample(rules: StringRules): string | undefined {
  const candidates: string[] = [];
  const formatted = rules.format === undefined ? undefined : FORMAT_EXAMPLES[rules.format];
  if (formatted !== undefined) candidates.push(formatted);
  if (rules.pattern !== undefined) {
    const generated = patternExample(rules.pattern, rules.minLength, rules.maxLength);
    if (generated !== undefined) candidates.push(generated);
  }
  // A known format has its one form: a plain word would not be one.
  if (formatted === undefined) candidates.push(fitLength(FILLER, rules.minLength, rules.maxLength));
  return candidates.find((c) => meets(c, rules));
}

/** `text` padded or cut to the length bounds. */
function fitLength(text: string, min = 0, max = Number.POSITIVE_INFINITY): string {
  let out = text;
  while (length(out) < min) out += text;
  return [...out].slice(0, Math.max(min, Math.min(length(out), max))).join('');
}

function length(text: string): number {
  return [...text].length;
}

function meets(value: string, rules: StringRules): boolean {
  if (rules.minLength !== undefined && length(value) < rules.minLength) return false;
  if (rules.maxLength !== undefined && length(value) > rules.maxLength) return false;
  return rules.pattern === undefined || test(rules.pattern, value);
}

function test(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

export function numberExample(rules: NumberRules): number | undefined {
  const low = Math.max(rules.minimum ?? Number.NEGATIVE_INFINITY, rules.exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
  const high = Math.min(rules.maximum ?? Number.POSITIVE_INFINITY, rules.exclusiveMaximum ?? Number.POSITIVE_INFINITY);
  const step = rules.multipleOf ?? (rules.integer ? 1 : undefined);
  // Prefer 1, then the admissible value nearest the lower bound, then nearest the upper.
  const starts = [1, Number.isFinite(low) ? low : 0, Number.isFinite(high) ? high : 0, 0];
  for (const start of starts) {
    for (const candidate of around(start, step, rules.integer)) if (admits(candidate, rules)) return candidate;
  }
  return undefined;
}

/** A few values at and beside `start` on the grid of `step` (integers when `integer`). */
function around(start: number, step: number | undefined, integer: boolean): number[] {
  if (step === undefined) return [start, start + 1, start - 1, start + 0.5, start - 0.5];
  const unit = integer && !Number.isInteger(step) ? lcmWithOne(step) : step;
  const base = Math.round(start / unit) * unit;
  return [0, 1, -1, 2, -2].map((k) => Number((base + k * unit).toPrecision(15)));
}

/** The smallest multiple of a fractional step that is an integer (0.5 → 1, 0.25 → 1, 1.5 → 3). */
function lcmWithOne(step: number): number {
  for (let k = 1; k <= 1000; k++) if (isMultiple(step * k, 1)) return Math.round(step * k);
  return step;
}

function admits(value: number, r: NumberRules): boolean {
  if (!Number.isFinite(value) || (r.integer && !Number.isInteger(value))) return false;
  if (r.format === 'int32' && (value < -(2 ** 31) || value > 2 ** 31 - 1)) return false;
  if (r.minimum !== undefined && value < r.minimum) return false;
  if (r.maximum !== undefined && value > r.maximum) return false;
  if (r.exclusiveMinimum !== undefined && value <= r.exclusiveMinimum) return false;
  if (r.exclusiveMaximum !== undefined && value >= r.exclusiveMaximum) return false;
  return r.multipleOf === undefined || isMultiple(value, r.multipleOf);
}

// ---------------------------------------------------------------------------------------------
// Patterns: the shortest string of the regular-expression subset real APIs write
// ---------------------------------------------------------------------------------------------

/** A string matching `pattern` (with the length bounds), or undefined. */
export function patternExample(pattern: string, minLength?: number, maxLength?: number): string | undefined {
  const rules = { pattern, ...(minLength === undefined ? {} : { minLength }), ...(maxLength === undefined ? {} : { maxLength }) };
  const candidates: string[] = [];
  for (const repeat of [0, minLength ?? 0]) {
    const generated = generate(pattern, repeat);
    if (generated !== undefined) candidates.push(generated);
  }
  candidates.push(FILLER, 'a', 'A', '0', 'abc123', 'a-b', 'A1');
  return candidates.find((c) => meets(c, rules));
}

/** Walks the pattern once, taking the first alternative and the least each quantifier allows (stretched toward `want` characters). */
function generate(pattern: string, want: number): string | undefined {
  const state = { pattern, i: 0, out: '' };
  try {
    sequence(state, want);
    return state.out;
  } catch {
    return undefined;
  }
}

interface State {
  readonly pattern: string;
  i: number;
  out: string;
}

function sequence(s: State, want: number): void {
  while (s.i < s.pattern.length) {
    const c = s.pattern[s.i];
    if (c === '|') return skipAlternatives(s);
    if (c === ')') return;
    const atom = readAtom(s);
    const [min, max] = readQuantifier(s);
    const times = Math.min(max, Math.max(min, atom.length > 0 && s.out.length < want ? Math.min(want - s.out.length, max) : min));
    for (let k = 0; k < times; k++) s.out += atom;
  }
}

/** After the first alternative: skip the others up to the group's end. */
function skipAlternatives(s: State): void {
  let depth = 0;
  for (; s.i < s.pattern.length; s.i++) {
    const c = s.pattern[s.i];
    if (c === '\\') s.i++;
    else if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return;
      depth--;
    }
  }
}

const ESCAPES: Readonly<Record<string, string>> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a', n: '\n', t: '\t', b: '', B: '' };

function readAtom(s: State): string {
  const c = s.pattern[s.i++] ?? '';
  if (c === '^' || c === '$') return '';
  if (c === '.') return 'a';
  if (c === '\\') return readEscape(s);
  if (c === '[') return readClass(s);
  if (c === '(') {
    if (s.pattern.startsWith('?=', s.i) || s.pattern.startsWith('?!', s.i) || s.pattern.startsWith('?<=', s.i) || s.pattern.startsWith('?<!', s.i)) throw new Error('lookaround');
    if (s.pattern.startsWith('?:', s.i)) s.i += 2;
    else if (s.pattern.startsWith('?<', s.i)) s.i = s.pattern.indexOf('>', s.i) + 1;
    const outer = s.out;
    s.out = '';
    sequence(s, 0);
    const inner = s.out;
    s.out = outer;
    s.i++;
    return inner;
  }
  return c;
}

function readEscape(s: State): string {
  const c = s.pattern[s.i++] ?? '';
  if (c === 'u' || c === 'x') {
    const digits = c === 'u' ? 4 : 2;
    const code = Number.parseInt(s.pattern.slice(s.i, s.i + digits), 16);
    s.i += digits;
    return String.fromCodePoint(code);
  }
  return ESCAPES[c] ?? c;
}

/** The first character a class admits: its first member, or for a negated class a letter it leaves out. */
function readClass(s: State): string {
  const negated = s.pattern[s.i] === '^';
  if (negated) s.i++;
  const end = s.pattern.indexOf(']', s.i + 1);
  if (end < 0) throw new Error('unclosed class');
  const body = s.pattern.slice(s.i, end);
  s.i = end + 1;
  if (negated) return ['a', 'A', '0', '-', '_', ' '].find((x) => !new RegExp(`[${body}]`, 'u').test(x)) ?? 'a';
  if (!body.startsWith('\\')) return body[0] ?? 'a';
  return readEscape({ pattern: body, i: 1, out: '' });
}

function readQuantifier(s: State): [number, number] {
  const c = s.pattern[s.i];
  let range: [number, number] = [1, 1];
  if (c === '?') range = [0, 1];
  else if (c === '*') range = [0, 64];
  else if (c === '+') range = [1, 64];
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(s.pattern.slice(s.i));
    if (m === null) return range;
    const min = Number(m[1]);
    range = [min, m[2] === undefined ? min : m[3] === '' || m[3] === undefined ? min + 64 : Number(m[3])];
    s.i += m[0].length - 1;
  } else return range;
  s.i++;
  if (s.pattern[s.i] === '?') s.i++;
  return range;
}
