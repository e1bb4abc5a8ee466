/**
 * An ECMAScript regular expression's pattern → a tree, as the engine reads it with or without the
 * `u` flag (without it, Annex B's web-compatibility forms: `]` and `{` as plain characters, legacy
 * octal escapes, `\c` not followed by a letter, quantified lookaheads). Only patterns the engine
 * has already compiled are read; anything this reader does not know is an `Unreadable` error, and
 * the caller then treats the pattern as one it cannot vouch for.
 */
import { ASTRAL, classEscape, complement, dot, MAX_CODE_POINT, MAX_CODE_UNIT, property, range, single, union, type CharSet } from './char-sets.js';

export type Node =
  /** One character of a set (a literal, a class, an escape, `.`). */
  | { readonly kind: 'char'; readonly set: CharSet }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly body: Node; readonly min: number; readonly max: number; readonly start: number; readonly end: number }
  /** `^`, `$`, `\b`, `\B`: zero-width, may fail; `start` and `end` are the ones a route through them must respect. */
  | { readonly kind: 'assert'; readonly which: 'start' | 'end' | 'boundary' }
  | { readonly kind: 'look'; readonly body: Node; readonly behind: boolean }
  /** A capturing group: the engine saves its bounds at every entry and exit, and restores them on backtracking. */
  | { readonly kind: 'capture'; readonly body: Node }
  | { readonly kind: 'backref'; readonly start: number; readonly end: number };

export class Unreadable extends Error {}

/** Counts above this are read as this: the analysis treats such a count as unbounded anyway. */
const MAX_COUNT = 1_000_000_000;

export function parsePattern(source: string, unicode: boolean): Node {
  const reader = new Reader(source, unicode);
  const node = reader.disjunction();
  if (!reader.atEnd()) throw new Unreadable(`unexpected '${reader.peek()}' at ${reader.at}`);
  return node;
}

class Reader {
  at = 0;
  private readonly groups: number;
  private readonly named: boolean;
  private readonly max: number;
  /** The class being read holds a property escape, whose astral part is approximate. */
  private approximate = false;

  constructor(
    private readonly src: string,
    private readonly unicode: boolean,
  ) {
    const scan = scanGroups(src);
    this.groups = scan.count;
    this.named = scan.named;
    this.max = unicode ? MAX_CODE_POINT : MAX_CODE_UNIT;
  }

  atEnd(): boolean {
    return this.at >= this.src.length;
  }

  peek(offset = 0): string {
    return this.src[this.at + offset] ?? '';
  }

  private eat(text: string): boolean {
    if (!this.src.startsWith(text, this.at)) return false;
    this.at += text.length;
    return true;
  }

  private expect(text: string): void {
    if (!this.eat(text)) throw new Unreadable(`expected '${text}' at ${this.at}`);
  }

  disjunction(): Node {
    const options = [this.alternative()];
    while (this.eat('|')) options.push(this.alternative());
    return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
  }

  private alternative(): Node {
    const items: Node[] = [];
    while (!this.atEnd() && this.peek() !== '|' && this.peek() !== ')') items.push(this.term());
    return items.length === 1 ? (items[0] as Node) : { kind: 'seq', items };
  }

  private term(): Node {
    const start = this.at;
    const assertion = this.assertion();
    if (assertion !== undefined) return assertion;
    const look = this.lookaround();
    // Annex B lets a lookahead (not a lookbehind) take a quantifier when there is no `u` flag.
    if (look !== undefined && (look.behind || this.unicode)) return look;
    const atom = look ?? this.atom();
    return this.quantified(atom, start);
  }

  private assertion(): Node | undefined {
    if (this.eat('^')) return { kind: 'assert', which: 'start' };
    if (this.eat('$')) return { kind: 'assert', which: 'end' };
    if (this.eat('\\b') || this.eat('\\B')) return { kind: 'assert', which: 'boundary' };
    return undefined;
  }

  private lookaround(): (Node & { kind: 'look' }) | undefined {
    for (const [opener, behind] of [
      ['(?=', false],
      ['(?!', false],
      ['(?<=', true],
      ['(?<!', true],
    ] as const) {
      if (this.eat(opener)) {
        const body = this.disjunction();
        this.expect(')');
        return { kind: 'look', body, behind };
      }
    }
    return undefined;
  }

  private quantified(atom: Node, start: number): Node {
    const bounds = this.quantifier();
    if (bounds === undefined) return atom;
    this.eat('?');
    return { kind: 'repeat', body: atom, min: bounds.min, max: bounds.max, start, end: this.at };
  }

  private quantifier(): { min: number; max: number } | undefined {
    if (this.eat('*')) return { min: 0, max: Infinity };
    if (this.eat('+')) return { min: 1, max: Infinity };
    if (this.eat('?')) return { min: 0, max: 1 };
    BRACED.lastIndex = this.at;
    const braced = BRACED.exec(this.src);
    if (braced === null) return undefined;
    this.at += braced[0].length;
    const min = count(braced[1] ?? '0');
    const max = braced[2] === undefined ? min : braced[3] === '' ? Infinity : count(braced[3] ?? '0');
    return { min, max };
  }

  private atom(): Node {
    const c = this.peek();
    if (c === '.') return this.skip(1, { kind: 'char', set: dot(this.max) });
    if (c === '[') return { kind: 'char', set: this.characterClass() };
    if (c === '\\') return this.atomEscape();
    if (c === '(') return this.group();
    if ('*+?)|'.includes(c)) throw new Unreadable(`nothing to repeat at ${this.at}`);
    if (this.unicode && '{}]'.includes(c)) throw new Unreadable(`lone '${c}' at ${this.at}`);
    if (c === '{' && this.quantifier() !== undefined) throw new Unreadable(`nothing to repeat at ${this.at}`);
    return { kind: 'char', set: single(this.literal()) };
  }

  private skip(length: number, node: Node): Node {
    this.at += length;
    return node;
  }

  /** The next character of the source: a code point with `u`, a code unit without. */
  private literal(): number {
    const c = this.unicode ? (this.src.codePointAt(this.at) ?? 0) : this.src.charCodeAt(this.at);
    this.at += c > MAX_CODE_UNIT ? 2 : 1;
    return c;
  }

  private group(): Node {
    this.expect('(');
    if (this.eat('?:')) return this.closeGroup();
    if (this.eat('?<')) {
      const name = /^[^>]*>/.exec(this.src.slice(this.at));
      if (name === null) throw new Unreadable(`unterminated group name at ${this.at}`);
      this.at += name[0].length;
    } else if (this.peek() === '?') {
      throw new Unreadable(`unknown group at ${this.at}`);
    }
    return { kind: 'capture', body: this.closeGroup() };
  }

  private closeGroup(): Node {
    const body = this.disjunction();
    this.expect(')');
    return body;
  }

  private atomEscape(): Node {
    const start = this.at;
    this.expect('\\');
    const c = this.peek();
    if (/[1-9]/.test(c)) return this.decimalEscape(start);
    if (c === 'k' && (this.unicode || this.named)) {
      const ref = /^k<[^>]*>/.exec(this.src.slice(this.at));
      if (ref === null) throw new Unreadable(`incomplete \\k at ${start}`);
      this.at += ref[0].length;
      return { kind: 'backref', start, end: this.at };
    }
    return { kind: 'char', set: this.characterEscape(false) };
  }

  /** `\N`: a backreference when the pattern has N groups; without `u`, an octal escape or a digit otherwise. */
  private decimalEscape(start: number): Node {
    const digits = /^\d+/.exec(this.src.slice(this.at))?.[0] ?? '';
    if (this.unicode || Number(digits) <= this.groups) {
      this.at += digits.length;
      return { kind: 'backref', start, end: this.at };
    }
    return { kind: 'char', set: single(this.legacyOctal()) };
  }

  /** Without `u`: up to three octal digits (at most 0o377), or `8`/`9` standing for themselves. */
  private legacyOctal(): number {
    const octal = /^[0-3][0-7]{0,2}|^[4-7][0-7]?/.exec(this.src.slice(this.at))?.[0];
    if (octal === undefined) return this.literal();
    this.at += octal.length;
    return parseInt(octal, 8);
  }

  /** The set of an escape after `\` (the backslash is read); `inClass` for the forms a class adds. */
  private characterEscape(inClass: boolean): CharSet {
    const c = this.peek();
    if (/[dDwWsS]/.test(c)) return this.skipSet(1, classEscape(c, this.max));
    if ((c === 'p' || c === 'P') && this.unicode) return this.propertyEscape(c === 'P');
    const code = this.escapedCode(inClass);
    return single(code);
  }

  private skipSet(length: number, set: CharSet): CharSet {
    this.at += length;
    return set;
  }

  private propertyEscape(negated: boolean): CharSet {
    const body = /^[pP]\{([^}]*)\}/.exec(this.src.slice(this.at));
    if (body === null) throw new Unreadable(`incomplete property escape at ${this.at}`);
    this.at += body[0].length;
    this.approximate = true;
    return property(body[1] ?? '', negated);
  }

  /** The one character an escape stands for. */
  private escapedCode(inClass: boolean): number {
    const c = this.peek();
    const control = CONTROL_ESCAPES[c];
    if (control !== undefined) return this.skipCode(1, control);
    if (c === '0' && !/[0-9]/.test(this.peek(1))) return this.skipCode(1, 0);
    if (c === 'b' && inClass) return this.skipCode(1, 8);
    if (c === 'c') return this.controlLetter(inClass);
    if (c === 'x') return this.hexEscape(2, 'x');
    if (c === 'u') return this.unicodeEscape();
    if (/[0-9]/.test(c)) {
      if (this.unicode) throw new Unreadable(`decimal escape at ${this.at}`);
      return this.legacyOctal();
    }
    if (c === '') throw new Unreadable('pattern ends in a backslash');
    return this.literal();
  }

  private skipCode(length: number, code: number): number {
    this.at += length;
    return code;
  }

  /** `\cX`: X's code mod 32; without `u`, `\c` before anything else is a backslash itself (and `c` is read next). */
  private controlLetter(inClass: boolean): number {
    const next = this.peek(1);
    if (/[A-Za-z]/.test(next) || (inClass && !this.unicode && /[0-9_]/.test(next))) return this.skipCode(2, next.charCodeAt(0) % 32);
    if (this.unicode) throw new Unreadable(`incomplete \\c at ${this.at}`);
    return 0x5c;
  }

  /** `\xHH` (or `\uHHHH` without `u`); without `u`, an incomplete one is the letter itself. */
  private hexEscape(digits: number, letter: string): number {
    const hex = new RegExp(`^${letter}([0-9A-Fa-f]{${digits}})`).exec(this.src.slice(this.at));
    if (hex !== null) return this.skipCode(hex[0].length, parseInt(hex[1] ?? '0', 16));
    if (this.unicode) throw new Unreadable(`incomplete \\${letter} at ${this.at}`);
    return this.skipCode(1, letter.charCodeAt(0));
  }

  private unicodeEscape(): number {
    if (!this.unicode) return this.hexEscape(4, 'u');
    const braced = /^u\{([0-9A-Fa-f]+)\}/.exec(this.src.slice(this.at));
    if (braced !== null) return this.skipCode(braced[0].length, parseInt(braced[1] ?? '0', 16));
    const lead = this.hexEscape(4, 'u');
    const trail = /^\\u(d[c-f][0-9a-f]{2})/i.exec(this.src.slice(this.at));
    // With `u`, an escaped surrogate pair is one code point.
    if (lead >= 0xd800 && lead <= 0xdbff && trail !== null) {
      this.at += trail[0].length;
      return 0x10000 + ((lead - 0xd800) << 10) + (parseInt(trail[1] ?? '0', 16) - 0xdc00);
    }
    return lead;
  }

  private characterClass(): CharSet {
    this.expect('[');
    const negated = this.eat('^');
    const parts: CharSet[] = [];
    this.approximate = false;
    while (!this.eat(']')) {
      if (this.atEnd()) throw new Unreadable('unterminated character class');
      parts.push(this.classRange());
    }
    const set = union(...parts);
    if (!negated) return set;
    // A property's set takes in every astral code point (char-sets.ts): its complement must too, to stay a superset.
    return this.approximate ? union(complement(set, this.max), ASTRAL) : complement(set, this.max);
  }

  /** One atom of a class, or a range `a-b`; without `u`, `\d-z` is the three of them. */
  private classRange(): CharSet {
    const first = this.classAtom();
    if (this.peek() !== '-' || this.peek(1) === ']' || this.peek(1) === '') return first.set;
    this.at++;
    const second = this.classAtom();
    if (first.code === undefined || second.code === undefined) {
      if (this.unicode) throw new Unreadable(`class escape in a range at ${this.at}`);
      return union(first.set, second.set, single(0x2d));
    }
    if (first.code > second.code) throw new Unreadable(`range out of order at ${this.at}`);
    return range(first.code, second.code);
  }

  private classAtom(): { set: CharSet; code?: number } {
    if (!this.eat('\\')) {
      const code = this.literal();
      return { set: single(code), code };
    }
    const c = this.peek();
    if (/[dDwWsS]/.test(c) || ((c === 'p' || c === 'P') && this.unicode)) return { set: this.characterEscape(true) };
    if (c === '-' && this.unicode) return this.codeAtom(this.skipCode(1, 0x2d));
    return this.codeAtom(this.escapedCode(true));
  }

  private codeAtom(code: number): { set: CharSet; code: number } {
    return { set: single(code), code };
  }
}

/** `{n}`, `{n,}`, `{n,m}` at a given position, however many digits (the engine reads a huge count as unbounded). */
const BRACED = /\{(\d+)(?:(,)(\d*))?\}/y;

const CONTROL_ESCAPES: Readonly<Record<string, number>> = Object.assign(Object.create(null) as Record<string, number>, {
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  v: 0x0b,
});

function count(digits: string): number {
  const n = Number(digits);
  return Number.isFinite(n) ? Math.min(n, MAX_COUNT) : MAX_COUNT;
}

/**
 * The pattern's groups, read without parsing: how many capture (a decimal escape's meaning depends
 * on it), whether any is named, and how deep groups nest (the reader is recursive: the caller
 * refuses deep ones before reading).
 */
export function scanGroups(src: string): { count: number; named: boolean; depth: number } {
  let count = 0;
  let named = false;
  let inClass = false;
  let open = 0;
  let depth = 0;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === ')') open--;
    else if (c === '(') {
      depth = Math.max(depth, ++open);
      const capturing = src[i + 1] !== '?' || (src.startsWith('?<', i + 1) && !'=!'.includes(src[i + 3] ?? ''));
      if (capturing) count++;
      if (capturing && src[i + 1] === '?') named = true;
    }
  }
  return { count, named, depth };
}
