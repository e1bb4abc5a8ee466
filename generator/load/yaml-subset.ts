/**
 * A reader for the plain subset of YAML that contracts are written in — block mappings and
 * sequences, plain and quoted scalars, one-line flow collections, `|`/`>` block scalars,
 * comments — at ~30× the speed of a full parse (the `yaml` package parses ~1.3 MB/s here,
 * most of a large contract's generation time).
 *
 * It only ever answers with data the full parser would give, or with nothing: anything outside
 * the subset, and anything the full parser would report (repeated keys, nesting past the limit,
 * a construct it rejects), makes it give up, and the caller parses the text with `yaml` as
 * before. Positions are not kept: the full parser finds them when a diagnostic needs one.
 * `test/yaml-subset.test.ts` holds it to `yaml`'s answers on every contract in the test corpus
 * and on generated YAML.
 */
import { MAX_DEPTH } from '../limits.js';

/** Thrown inside the reader to give up; never escapes `readYamlSubset`. */
const GIVE_UP: unique symbol = Symbol('give-up');

/** Tabs, CRs, control and separator characters, a BOM: the full parser decides around these. */
const OUTSIDE_SUBSET = /[\t\r\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

/**
 * The document's mapping as plain data (what `yaml`'s `toJS()` gives), or undefined when the
 * text is not in the subset. `rootDepth` counts collections above the text (a piece of a
 * larger document), for the nesting limit.
 */
export function readYamlSubset(text: string, rootDepth = 0, budget?: ValueBudget): Record<string, unknown> | undefined {
  if (OUTSIDE_SUBSET.test(text)) return undefined;
  try {
    return new SubsetReader(text, budget).document(rootDepth);
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

/**
 * Values a reading may still make (`left`), shared by the pieces of one document; `exceeded` says
 * the reader gave up for that reason, which no full parse would change (limits.ts).
 */
export interface ValueBudget {
  left: number;
  exceeded?: boolean;
}

function giveUp(): never {
  throw GIVE_UP;
}

const SPACE = 0x20;
const NL = 0x0a;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const COMMA = 0x2c;

/** Characters that may not start a plain scalar here (YAML indicators, and ones we leave to yaml). */
const PLAIN_START_REFUSED = new Set([...'?:,[]{}#&*!|>\'"%@`-'].map((c) => c.charCodeAt(0)));

class SubsetReader {
  private i = 0;
  private readonly n: number;

  constructor(
    private readonly s: string,
    private readonly budget: ValueBudget | undefined,
  ) {
    this.n = s.length;
  }

  document(rootDepth: number): Record<string, unknown> {
    const indent = this.nextContentLine();
    if (indent < 0) giveUp();
    this.i += indent;
    const value = this.blockMapping(indent, rootDepth);
    if (this.nextContentLine() >= 0) giveUp();
    return value;
  }

  // ---- lines -------------------------------------------------------------------------------

  /**
   * From a line start, skips blank and comment-only lines; returns the indent of the next line
   * with content (the position stays at its start), or -1 at the end of the text.
   */
  private nextContentLine(): number {
    const { s, n } = this;
    while (this.i < n) {
      let j = this.i;
      while (j < n && s.charCodeAt(j) === SPACE) j++;
      if (j >= n) {
        this.i = n;
        return -1;
      }
      const c = s.charCodeAt(j);
      if (c === NL) {
        this.i = j + 1;
        continue;
      }
      if (c === HASH) {
        const end = s.indexOf('\n', j);
        this.i = end === -1 ? n : end + 1;
        continue;
      }
      if (j === this.i && this.isMarker(j)) giveUp();
      return j - this.i;
    }
    return -1;
  }

  /** `---`, `...` or a directive at a line start: several documents, or directives. */
  private isMarker(j: number): boolean {
    const { s } = this;
    if (s.charCodeAt(j) === 0x25) return true;
    const three = s.slice(j, j + 3);
    return (three === '---' || three === '...') && this.isBlankOrEnd(j + 3);
  }

  private isBlankOrEnd(j: number): boolean {
    return j >= this.n || this.s.charCodeAt(j) === SPACE || this.s.charCodeAt(j) === NL;
  }

  private lineEnd(from: number): number {
    const eol = this.s.indexOf('\n', from);
    return eol === -1 ? this.n : eol;
  }

  private column(): number {
    return this.i - (this.s.lastIndexOf('\n', this.i - 1) + 1);
  }

  /** After a value on its line: spaces, maybe a comment, then the next line. */
  private endOfLine(): void {
    const { s, n } = this;
    while (this.i < n && s.charCodeAt(this.i) === SPACE) this.i++;
    if (this.i >= n) return;
    const c = s.charCodeAt(this.i);
    // A comment needs a space before it, or a line to itself.
    if (c === HASH && (this.i === 0 || s.charCodeAt(this.i - 1) === SPACE || s.charCodeAt(this.i - 1) === NL)) {
      const end = s.indexOf('\n', this.i);
      this.i = end === -1 ? n : end + 1;
      return;
    }
    if (c !== NL) giveUp();
    this.i++;
  }

  /** One more value (a mapping's entry, a list's item), out of the budget. */
  private spend(): void {
    if (this.budget === undefined || --this.budget.left >= 0) return;
    this.budget.exceeded = true;
    giveUp();
  }

  // ---- block collections -------------------------------------------------------------------

  /** A mapping whose keys sit at `indent`; the position is at its first key. */
  private blockMapping(indent: number, depth: number): Record<string, unknown> {
    if (depth + 1 >= MAX_DEPTH) giveUp();
    const out: Record<string, unknown> = {};
    for (let first = true; ; first = false) {
      if (!first) {
        const at = this.nextContentLine();
        if (at < indent) break;
        if (at > indent) giveUp();
        this.i += at;
      }
      const key = this.blockKey();
      if (Object.prototype.hasOwnProperty.call(out, key)) giveUp();
      this.spend();
      assign(out, key, this.blockValue(indent, depth + 1));
    }
    return out;
  }

  /** A key and its `:`; the position ends after the colon. */
  private blockKey(): string {
    const { s } = this;
    const start = this.i;
    const c = s.charCodeAt(start);
    let key: string;
    if (c === 0x22 || c === 0x27) {
      key = c === 0x22 ? this.doubleQuoted() : this.singleQuoted();
      if (s.charCodeAt(this.i) !== COLON) giveUp();
    } else {
      if (PLAIN_START_REFUSED.has(c)) giveUp();
      const end = this.lineEnd(start);
      let j = start;
      for (;;) {
        j = s.indexOf(':', j);
        if (j === -1 || j >= end) giveUp();
        if (this.isBlankOrEnd(j + 1)) break;
        j++;
      }
      const raw = trimSpaces(s.slice(start, j));
      if (raw.includes(' #')) giveUp();
      key = plainKey(raw);
      this.i = j;
    }
    // yaml allows implicit keys of at most 1024 characters.
    if (this.i - start > 1000) giveUp();
    this.i++;
    if (!this.isBlankOrEnd(this.i)) giveUp();
    return key;
  }

  /** The value after a block mapping key at `indent`. */
  private blockValue(indent: number, depth: number): unknown {
    const { s, n } = this;
    while (this.i < n && s.charCodeAt(this.i) === SPACE) this.i++;
    const c = this.i < n ? s.charCodeAt(this.i) : NL;
    if (c === NL || c === HASH) {
      this.endOfLine();
      // `key:` then `- item` at the key's own indent is a sequence value.
      return this.nestedBlock(indent, depth, true);
    }
    return this.inlineValue(indent, depth);
  }

  /** What follows a key or dash with nothing after it on its line: a deeper block, or null. */
  private nestedBlock(indent: number, depth: number, sameIndentSequence: boolean): unknown {
    const at = this.nextContentLine();
    if (at < 0) return null;
    const start = this.i + at;
    const dash = this.s.charCodeAt(start) === DASH && this.isBlankOrEnd(start + 1);
    if (at > indent || (at === indent && dash && sameIndentSequence)) {
      this.i = start;
      return dash ? this.blockSequence(at, depth) : this.blockMapping(at, depth);
    }
    return null;
  }

  /** A sequence whose dashes sit at `indent`; the position is at its first dash. */
  private blockSequence(indent: number, depth: number): unknown[] {
    if (depth + 1 >= MAX_DEPTH) giveUp();
    const { s } = this;
    const out: unknown[] = [];
    for (let first = true; ; first = false) {
      if (!first) {
        const at = this.nextContentLine();
        if (at < indent) break;
        if (at > indent) giveUp();
        const start = this.i + at;
        if (!(s.charCodeAt(start) === DASH && this.isBlankOrEnd(start + 1))) break;
        this.i = start;
      }
      this.i++;
      while (this.i < this.n && s.charCodeAt(this.i) === SPACE) this.i++;
      this.spend();
      out.push(this.sequenceItem(indent, depth + 1));
    }
    return out;
  }

  /** One item after its dash: nothing (a deeper block or null), a compact mapping or list, or a value. */
  private sequenceItem(indent: number, depth: number): unknown {
    const { s, n } = this;
    const c = this.i < n ? s.charCodeAt(this.i) : NL;
    if (c === NL || c === HASH) {
      this.endOfLine();
      return this.nestedBlock(indent, depth, false);
    }
    if (c === DASH && this.isBlankOrEnd(this.i + 1)) return this.blockSequence(this.column(), depth);
    if (this.startsMapping()) return this.blockMapping(this.column(), depth);
    return this.inlineValue(indent, depth);
  }

  /** Whether the rest of this line begins with a key and its colon (a compact mapping). */
  private startsMapping(): boolean {
    const { s } = this;
    const c = s.charCodeAt(this.i);
    if (c === 0x5b || c === 0x7b) return false;
    let j = this.i;
    if (c === 0x22 || c === 0x27) {
      const save = this.i;
      if (c === 0x22) this.doubleQuoted();
      else this.singleQuoted();
      j = this.i;
      this.i = save;
      while (s.charCodeAt(j) === SPACE) j++;
      return s.charCodeAt(j) === COLON;
    }
    const line = s.slice(j, this.lineEnd(j));
    const hash = line.indexOf(' #');
    const end = hash === -1 ? line.length : hash;
    for (let k = line.indexOf(':'); k !== -1 && k < end; k = line.indexOf(':', k + 1)) {
      if (k + 1 === line.length || line.charCodeAt(k + 1) === SPACE) return true;
    }
    return false;
  }

  // ---- values on one line ------------------------------------------------------------------

  /** A scalar, quoted scalar, flow collection or block scalar that starts on this line. */
  private inlineValue(parentIndent: number, depth: number): unknown {
    const { s } = this;
    const c = s.charCodeAt(this.i);
    let value: unknown;
    if (c === 0x7c || c === 0x3e) {
      value = this.blockScalar(parentIndent, c === 0x3e);
    } else {
      if (c === 0x5b || c === 0x7b) value = this.flowCollection(depth);
      else if (c === 0x22) value = this.doubleQuoted();
      else if (c === 0x27) value = this.singleQuoted();
      else value = this.plainLine();
      this.endOfLine();
    }
    // A deeper line after it (a multi-line scalar) is refused by the collection's loop.
    return value;
  }

  /** A plain scalar running to the end of its line or to a comment. */
  private plainLine(): unknown {
    const { s } = this;
    const c = s.charCodeAt(this.i);
    if (PLAIN_START_REFUSED.has(c) && !(c === DASH && !this.isBlankOrEnd(this.i + 1))) giveUp();
    const line = s.slice(this.i, this.lineEnd(this.i));
    const hash = line.indexOf(' #');
    const raw = trimSpaces(hash === -1 ? line : line.slice(0, hash));
    // `a: b: c` and `a: b:` are nested mappings yaml refuses on one line.
    if (raw.includes(': ') || raw.endsWith(':')) giveUp();
    this.i += hash === -1 ? line.length : hash;
    return plainValue(raw);
  }

  private singleQuoted(): string {
    const { s, n } = this;
    let out = '';
    let from = this.i + 1;
    // Character by character: linear in the scalar, however many share its line.
    for (let j = from; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === NL) giveUp();
      if (c !== 0x27) continue;
      out += s.slice(from, j);
      if (s.charCodeAt(j + 1) !== 0x27) {
        this.i = j + 1;
        return out;
      }
      out += "'";
      from = ++j + 1;
    }
    return giveUp();
  }

  private doubleQuoted(): string {
    const { s, n } = this;
    let out = '';
    let j = this.i + 1;
    let from = j;
    for (; j < n; j++) {
      const c = s.charCodeAt(j);
      if (c === 0x22) {
        this.i = j + 1;
        return out + s.slice(from, j);
      }
      if (c === NL) giveUp();
      if (c !== 0x5c) continue;
      out += s.slice(from, j);
      const next = s[j + 1] ?? '';
      const simple = ESCAPES[next];
      if (simple !== undefined) {
        out += simple;
        j++;
      } else {
        const length = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
        const hex = s.slice(j + 2, j + 2 + length);
        if (length === 0 || hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) giveUp();
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) giveUp();
        out += String.fromCodePoint(code);
        j += 1 + length;
      }
      from = j + 1;
    }
    return giveUp();
  }

  /** `|` or `>` with clip or strip chomping; the text is the following more-indented lines. */
  private blockScalar(parentIndent: number, folded: boolean): string {
    const { s, n } = this;
    this.i++;
    const chomp = s.charCodeAt(this.i);
    if (chomp === DASH) this.i++;
    else if (chomp !== SPACE && chomp !== NL && chomp !== HASH && this.i < n) giveUp();
    this.endOfLine();
    const lines: string[] = [];
    let indent = -1;
    while (this.i < n) {
      const eol = s.indexOf('\n', this.i);
      const end = eol === -1 ? n : eol;
      let j = this.i;
      while (j < end && s.charCodeAt(j) === SPACE) j++;
      const spaces = j - this.i;
      if (j === end) {
        // A blank line: part of the text only between lines of it; yaml decides the odd ones.
        if (indent === -1 || spaces > indent) giveUp();
        lines.push('');
      } else {
        if (indent === -1) {
          if (spaces <= parentIndent) break;
          indent = spaces;
        }
        if (spaces < indent) break;
        if (folded && spaces > indent) giveUp();
        lines.push(s.slice(this.i + indent, end));
      }
      this.i = eol === -1 ? n : eol + 1;
    }
    while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    if (lines.length === 0) return '';
    const text = folded ? fold(lines) : lines.join('\n');
    return chomp === DASH ? text : `${text}\n`;
  }

  /** `[...]` or `{...}` on one line. */
  private flowCollection(depth: number): unknown {
    if (depth + 1 >= MAX_DEPTH) giveUp();
    const { s } = this;
    const open = s.charCodeAt(this.i);
    const close = open === 0x5b ? 0x5d : 0x7d;
    this.i++;
    const list: unknown[] = [];
    const map: Record<string, unknown> = {};
    for (let first = true; ; first = false) {
      this.skipFlowSpaces();
      const c = s.charCodeAt(this.i);
      if (c === close && first) {
        this.i++;
        break;
      }
      this.spend();
      if (open === 0x5b) {
        list.push(this.flowNode(depth + 1, false));
      } else {
        const quoted = c === 0x22 || c === 0x27;
        const key = quoted ? (c === 0x22 ? this.doubleQuoted() : this.singleQuoted()) : plainKey(this.flowPlain(true));
        if (s.charCodeAt(this.i) !== COLON) giveUp();
        this.i++;
        if (!quoted && s.charCodeAt(this.i) !== SPACE) giveUp();
        if (Object.prototype.hasOwnProperty.call(map, key)) giveUp();
        this.skipFlowSpaces();
        assign(map, key, this.flowNode(depth + 1, true));
      }
      this.skipFlowSpaces();
      const after = s.charCodeAt(this.i);
      this.i++;
      if (after === close) break;
      if (after !== COMMA) giveUp();
      this.skipFlowSpaces();
      if (s.charCodeAt(this.i) === close) giveUp();
    }
    return open === 0x5b ? list : map;
  }

  private skipFlowSpaces(): void {
    while (this.s.charCodeAt(this.i) === SPACE) this.i++;
  }

  private flowNode(depth: number, inMap: boolean): unknown {
    const c = this.s.charCodeAt(this.i);
    if (c === 0x5b || c === 0x7b) return this.flowCollection(depth);
    if (c === 0x22 || c === 0x27) {
      const value = c === 0x22 ? this.doubleQuoted() : this.singleQuoted();
      // `["a": b]` is a pair inside a list.
      if (this.s.charCodeAt(this.i) === COLON) giveUp();
      return value;
    }
    const raw = this.flowPlain(false);
    if (!inMap && this.s.charCodeAt(this.i) === COLON) giveUp();
    return plainValue(raw);
  }

  /** A plain scalar inside `[]`/`{}`: up to `,`, a bracket, a `: `, or a comment. */
  private flowPlain(isKey: boolean): string {
    const { s, n } = this;
    const start = this.i;
    const c = s.charCodeAt(start);
    if (PLAIN_START_REFUSED.has(c) && !(c === DASH && !this.isBlankOrEnd(start + 1) && !FLOW_END.has(s.charCodeAt(start + 1)))) giveUp();
    let j = start;
    for (; j < n; j++) {
      const d = s.charCodeAt(j);
      if (d === NL) giveUp();
      if (FLOW_END.has(d)) break;
      if (d === COLON && (this.isBlankOrEnd(j + 1) || FLOW_END.has(s.charCodeAt(j + 1)))) break;
      if (d === HASH && s.charCodeAt(j - 1) === SPACE) giveUp();
    }
    const raw = trimSpaces(s.slice(start, j));
    if (raw === '' || (!isKey && s.charCodeAt(j) === COLON)) giveUp();
    this.i = j;
    return raw;
  }
}

/** Trailing spaces off: YAML's white space is spaces and tabs (String#trimEnd also takes NBSP and more). */
function trimSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === SPACE) end--;
  return end === text.length ? text : text.slice(0, end);
}

const FLOW_END = new Set([COMMA, 0x5b, 0x5d, 0x7b, 0x7d]);

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};
Object.setPrototypeOf(ESCAPES, null);

/** Folded lines: single breaks become spaces, each blank line one newline. */
function fold(lines: readonly string[]): string {
  let out = lines[0]!;
  let blanks = 0;
  for (let k = 1; k < lines.length; k++) {
    const line = lines[k]!;
    if (line === '') {
      blanks++;
      continue;
    }
    out += blanks === 0 ? ' ' : '\n'.repeat(blanks);
    out += line;
    blanks = 0;
  }
  return out;
}

/** A key as yaml's `toJS()` names it; keys yaml would read as another type are left to yaml. */
function plainKey(raw: string): string {
  if (raw === '' || raw === '<<') giveUp();
  const value = plainValue(raw);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && String(value) === raw) return raw;
  return giveUp();
}

/** Assigns like yaml's `toJS()`: `__proto__` stays an own key. */
function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

// The YAML 1.2 core schema, in the order yaml tries its tags.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** First characters after which a plain scalar can only be a string. */
const MAYBE_TYPED = /^[-+.0-9~nNtTfF]/;

function plainValue(raw: string): unknown {
  if (!MAYBE_TYPED.test(raw)) return raw === '' ? null : raw;
  if (NULL.test(raw)) return null;
  if (BOOL.test(raw)) return raw[0] === 't' || raw[0] === 'T';
  if (INT_OCT.test(raw)) return parseInt(raw.slice(2), 8);
  if (INT.test(raw)) return parseInt(raw, 10);
  if (INT_HEX.test(raw)) return parseInt(raw.slice(2), 16);
  if (FLOAT_NAN.test(raw)) return raw.slice(-3).toLowerCase() === 'nan' ? NaN : raw[0] === '-' ? -Infinity : Infinity;
  if (FLOAT_EXP.test(raw) || FLOAT.test(raw)) return parseFloat(raw);
  return raw;
}
