/**
 * A declaration's type read as a tree (declarations.ts's `TypeNode`): objects and their members,
 * unions, intersections, arrays, tuples, function types, references with their arguments; any
 * other form kept as its text. Tokens are read once, each bracket matched to the one that closes
 * it, so a split at depth 0 steps over bracketed parts (the reader is linear in a declaration's
 * tokens but for nesting).
 */
import type { Declaration, Member, Param, Shape, TypeNode, TypeParam } from './declarations.js';

/** The offset just past the string or template literal starting at `at`. */
export function stringEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i + 1;
  }
  return text.length;
}

interface Tokens {
  readonly text: string;
  /** Each token's text and its offsets in `text`. */
  readonly words: readonly string[];
  readonly start: readonly number[];
  readonly end: readonly number[];
  /** For a bracket that opens (`{ ( [ <`), the index of the one that closes it; -1 elsewhere. */
  readonly match: readonly number[];
}

function tokens(text: string): Tokens {
  const words: string[] = [];
  const start: number[] = [];
  const end: number[] = [];
  const match: number[] = [];
  const open: number[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let j = i + 1;
    if (c === 32) {
      i++;
      continue;
    }
    if (c === 39 || c === 34 || c === 96) j = stringEnd(text, i);
    else if (isWord(c)) {
      const number = c >= 48 && c <= 57;
      for (let d = text.charCodeAt(j); j < text.length && (isWord(d) || (number && (d === 46 || ((d === 43 || d === 45) && /[eE]/.test(text[j - 1] ?? ''))))); d = text.charCodeAt(++j));
    } else if (c === 61 && text.charCodeAt(i + 1) === 62) j = i + 2;
    else if (c === 46 && text.startsWith('...', i)) j = i + 3;
    const n = words.length;
    words.push(text.slice(i, j));
    start.push(i);
    end.push(j);
    match.push(-1);
    if (j === i + 1 && (c === 123 || c === 40 || c === 91 || c === 60)) open.push(n);
    else if (j === i + 1 && (c === 125 || c === 41 || c === 93 || c === 62)) {
      const o = open.pop();
      if (o !== undefined) match[o] = n;
    }
    i = j;
  }
  return { text, words, start, end, match };
}

const isWord = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36 || c >= 0x80;

/** What a range holds at bracket depth 0: whether it is a form compared by text, where its `|` and `&` are. */
interface Top {
  readonly opaque: boolean;
  readonly bars: number[];
  readonly amps: number[];
}

class Reader {
  constructor(private readonly t: Tokens) {}

  tok(i: number): string {
    return this.t.words[i] ?? '';
  }

  get length(): number {
    return this.t.words.length;
  }

  textOf(a: number, b: number): string {
    return b <= a ? '' : this.t.text.slice(this.t.start[a] ?? 0, this.t.end[b - 1] ?? 0);
  }

  /** The index of the token that closes the bracket opened at `a` (`b` when it does not close before `b`). */
  closing(a: number, b: number): number {
    const m = this.t.match[a] ?? -1;
    return m < 0 || m >= b ? b : m;
  }

  /** The positions in [a, b) of `seps` at bracket depth 0, stepping over bracketed parts. */
  split(a: number, b: number, seps: ReadonlySet<string>): number[] {
    const at: number[] = [];
    for (let i = a; i < b; i++) {
      const m = this.t.match[i] ?? -1;
      if (m > i) i = m;
      else if (seps.has(this.t.words[i] ?? '')) at.push(i);
    }
    return at;
  }

  private top(a: number, b: number): Top {
    const top = { opaque: false, bars: [] as number[], amps: [] as number[] };
    for (let i = a; i < b; i++) {
      const m = this.t.match[i] ?? -1;
      if (m > i) {
        i = m;
        continue;
      }
      const w = this.t.words[i] ?? '';
      if (w === '|') top.bars.push(i);
      else if (w === '&') top.amps.push(i);
      else if (OPAQUE.has(w)) top.opaque = true;
    }
    return top;
  }

  /** [a, b) cut at the given depth-0 positions, empty pieces dropped. */
  cut(a: number, b: number, at: readonly number[]): [number, number][] {
    const cuts = [a - 1, ...at, b];
    const out: [number, number][] = [];
    for (let k = 0; k + 1 < cuts.length; k++) if ((cuts[k + 1] ?? 0) > (cuts[k] ?? 0) + 1) out.push([(cuts[k] ?? 0) + 1, cuts[k + 1] ?? 0]);
    return out;
  }

  pieces(a: number, b: number, seps: ReadonlySet<string>): [number, number][] {
    return this.cut(a, b, this.split(a, b, seps));
  }

  type(a: number, b: number): TypeNode {
    while (a < b && (this.tok(a) === '|' || this.tok(a) === '&')) a++;
    const text = this.textOf(a, b);
    const fn = this.tok(a) === '(' ? this.fn(a, b, '=>') : undefined;
    if (fn !== undefined) return fn;
    const top = this.top(a, b);
    if (top.opaque) return { kind: 'text', text };
    for (const [at, kind] of [[top.bars, 'union'], [top.amps, 'intersection']] as const) {
      const parts = at.length === 0 ? [] : this.cut(a, b, at);
      if (parts.length > 1) return { kind, text, items: parts.map(([x, y]) => this.type(x, y)) };
    }
    return this.operand(a, b, text);
  }

  private operand(a: number, b: number, text: string): TypeNode {
    const first = this.tok(a);
    if (first === 'readonly' && b - a > 1) {
      const inner = this.operand(a + 1, b, this.textOf(a + 1, b));
      return inner.kind === 'array' || inner.kind === 'tuple' ? { ...inner, text, readonly: true } : { kind: 'text', text };
    }
    if (b - a >= 3 && this.tok(b - 1) === ']' && this.tok(b - 2) === '[') return { kind: 'array', text, item: this.type(a, b - 2), readonly: false };
    const close = this.closing(a, b);
    if (close === b - 1 && first === '(') return this.type(a + 1, b - 1);
    if (close === b - 1 && first === '{') return { kind: 'object', text, members: this.members(a + 1, b - 1) };
    if (close === b - 1 && first === '[') return { kind: 'tuple', text, items: this.pieces(a + 1, b - 1, COMMA).map(([x, y]) => this.type(x, y)), readonly: false };
    return this.reference(a, b, text);
  }

  /** `Name`, `Types.Name`, `Name<args>`; `Array<T>` and `ReadonlyArray<T>` are arrays. */
  private reference(a: number, b: number, text: string): TypeNode {
    let i = a;
    if (!isWord(this.tok(i).charCodeAt(0)) || /^\d/.test(this.tok(i))) return { kind: 'text', text };
    while (this.tok(i + 1) === '.' && i + 2 < b && isWord(this.tok(i + 2).charCodeAt(0))) i += 2;
    const name = this.textOf(a, i + 1);
    if (i + 1 === b) return KEYWORDS.has(name) ? { kind: 'text', text } : { kind: 'ref', text, name, args: [] };
    if (this.tok(i + 1) !== '<' || this.closing(i + 1, b) !== b - 1) return { kind: 'text', text };
    const args = this.pieces(i + 2, b - 1, COMMA).map(([x, y]) => this.type(x, y));
    const [item] = args;
    if ((name === 'Array' || name === 'ReadonlyArray') && args.length === 1 && item !== undefined) return { kind: 'array', text, item, readonly: name === 'ReadonlyArray' };
    return { kind: 'ref', text, name, args };
  }

  /** `(a: A, b?: B, ...c: C[]) <arrow> R` at `a` (the arrow `=>` for a function type, `:` for a method): undefined for any other form. */
  private fn(a: number, b: number, arrow: string): TypeNode | undefined {
    const close = this.closing(a, b);
    if (close >= b - 1 || this.tok(close + 1) !== arrow) return undefined;
    const params: Param[] = [];
    for (const [x, y] of this.pieces(a + 1, close, COMMA)) {
      const rest = this.tok(x) === '...';
      const name = rest ? x + 1 : x;
      const optional = this.tok(name + 1) === '?';
      const colon = optional ? name + 2 : name + 1;
      if (!isWord(this.tok(name).charCodeAt(0)) || this.tok(colon) !== ':' || colon + 1 >= y) return undefined;
      params.push({ type: this.type(colon + 1, y), optional, rest });
    }
    return { kind: 'function', text: this.textOf(a, b), params, returns: this.type(close + 2, b) };
  }

  members(a: number, b: number): Member[] {
    return this.pieces(a, b, MEMBER_SEPARATORS).map(([x, y]) => this.member(x, y));
  }

  private member(a: number, b: number): Member {
    const text = this.textOf(a, b);
    let i = a;
    const isReadonly = this.tok(i) === 'readonly' && !KEY_FOLLOWERS.has(this.tok(i + 1)) && i + 1 < b;
    if (isReadonly) i++;
    const first = this.tok(i);
    if (first === '(' || first === '<' || (first === 'new' && this.tok(i + 1) === '(')) return { key: first === 'new' ? 'new()' : '()', type: undefined, method: false, optional: false, readonly: isReadonly, text };
    if (first === '[') {
      const close = this.closing(i, b);
      // `[key: string]: T` is an index signature; `[expr]` a computed key.
      const index = this.tok(i + 2) === ':' ? `[${this.textOf(i + 3, close)}]` : `[${this.textOf(i + 1, close)}]`;
      return this.property(index, close + 1, b, isReadonly, text);
    }
    return this.property(keySegment(first), i + 1, b, isReadonly, text);
  }

  private property(key: string, at: number, b: number, isReadonly: boolean, text: string): Member {
    let i = at;
    const optional = this.tok(i) === '?';
    if (optional) i++;
    const next = this.tok(i);
    if (next === ':') return { key, type: this.type(i + 1, b), method: false, optional, readonly: isReadonly, text };
    // A method: its function type, unless generic (then compared by text).
    return { key, type: next === '(' ? this.fn(i, b, ':') : undefined, method: next === '(' || next === '<', optional, readonly: isReadonly, text };
  }

  /** `<A, B extends C = D>` at `a`: the parameters, and the index past `>`. */
  params(a: number, b: number): [TypeParam[], number] {
    if (this.tok(a) !== '<') return [[], a];
    const close = this.closing(a, b);
    const params = this.pieces(a + 1, close, COMMA).map(([x, y]): TypeParam => {
      const eq = this.split(x, y, EQUALS)[0];
      return { name: this.tok(x), text: this.textOf(x, y), default: eq === undefined ? undefined : this.type(eq + 1, y) };
    });
    return [params, close + 1];
  }
}

/** A depth-0 `=>`, `?` or `extends` makes a function, constructor or conditional type: compared by text. */
const OPAQUE = new Set(['=>', '?', 'extends', 'keyof', 'typeof', 'infer', 'is', 'asserts', 'unique']);
const COMMA = new Set([',']);
const EQUALS = new Set(['=']);
const MEMBER_SEPARATORS = new Set([';', ',']);
const MODIFIERS = new Set(['export', 'declare', 'default', 'abstract']);
const KEY_FOLLOWERS = new Set(['?', ':', '(', '<', ';', ',']);
const KEYWORDS = new Set(['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'any', 'never', 'void', 'undefined', 'null', 'true', 'false', 'this']);

/** A property key as a path segment: `.name` for an identifier, `["a-b"]` (JSON) for any other. */
function keySegment(token: string): string {
  const c = token.charCodeAt(0);
  if (c === 39 || c === 34) {
    const value = stringValue(token);
    return /^[A-Za-z_$][\w$]*$/.test(value) ? `.${value}` : `[${JSON.stringify(value)}]`;
  }
  return /^\d/.test(token) ? `[${JSON.stringify(String(Number(token)))}]` : `.${token}`;
}

/** The value of a quoted string literal (TypeScript's escapes; a code point escape as written). */
function stringValue(token: string): string {
  const body = token.slice(1, -1);
  if (!body.includes('\\')) return body;
  const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_m, e: string) => {
    if (e.startsWith('u{')) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if ((e.startsWith('u') || e.startsWith('x')) && e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    return SIMPLE[e] ?? e;
  });
}

/** A declaration's type parameters, `extends` list and body. */
export function shapeOf(declaration: Declaration): Shape {
  const r = new Reader(tokens(declaration.text));
  const n = r.length;
  // The name follows the modifiers and the declaration's keyword.
  let i = 0;
  while (i < n && MODIFIERS.has(r.tok(i))) i++;
  const [params, after] = r.params(i + 2, n);
  const end = r.tok(n - 1) === ';' ? n - 1 : n;
  switch (declaration.kind) {
    case 'interface': {
      let open = after;
      while (open < end && r.tok(open) !== '{') open++;
      const heritage = r.tok(after) === 'extends' ? r.pieces(after + 1, open, COMMA).map(([x, y]) => r.type(x, y)) : [];
      const close = r.closing(open, n);
      return { params, heritage, body: { kind: 'object', text: r.textOf(open, close + 1), members: r.members(open + 1, close) } };
    }
    case 'type':
      return { params, heritage: [], body: r.tok(after) === '=' ? r.type(after + 1, end) : { kind: 'text', text: declaration.text } };
    case 'const':
      return { params, heritage: [], body: r.tok(after) === ':' ? r.type(after + 1, end) : { kind: 'text', text: declaration.text } };
    default:
      return { params, heritage: [], body: { kind: 'text', text: declaration.text } };
  }
}
