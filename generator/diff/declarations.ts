/**
 * The generated package's declaration files read as data, for `diff`'s API review: each module's
 * top-level statements (imports, re-exports, declarations by name), and a declaration's type as
 * a small tree (objects and their members, unions, intersections, arrays, tuples, references)
 * where the comparison needs one. Anything else is kept as its text, which compares only as equal
 * or not, so an unusual form is never read wrong, only judged cautiously.
 *
 * Only what differs is parsed: a module is first reduced to its statements' text (comments
 * dropped, whitespace collapsed), and equal declarations compare by that text alone. GitHub's
 * 3.4 MB of declarations a side take tens of milliseconds, where TypeScript's own parser (through
 * ts-morph, with its checker for the exports) took seconds.
 */
import { posix } from 'node:path';

export type TypeNode =
  | { readonly kind: 'object'; readonly text: string; readonly members: readonly Member[] }
  | { readonly kind: 'union' | 'intersection'; readonly text: string; readonly items: readonly TypeNode[] }
  | { readonly kind: 'array'; readonly text: string; readonly item: TypeNode; readonly readonly: boolean }
  | { readonly kind: 'tuple'; readonly text: string; readonly items: readonly TypeNode[]; readonly readonly: boolean }
  | { readonly kind: 'ref'; readonly text: string; readonly name: string; readonly args: readonly TypeNode[] }
  | { readonly kind: 'function'; readonly text: string; readonly params: readonly Param[]; readonly returns: TypeNode }
  | { readonly kind: 'text'; readonly text: string };

/** A function type's parameter: its type, whether a call may leave it out, whether it gathers the rest. */
export interface Param {
  readonly type: TypeNode;
  readonly optional: boolean;
  readonly rest: boolean;
}

export interface Member {
  /** The key as a path segment: `.name`, `["a-b"]`, `[string]` for an index signature, `()` for a call signature. */
  readonly key: string;
  /** A property's or index signature's value, a method's function type; undefined for a call signature or a generic method, which compare by text. */
  readonly type: TypeNode | undefined;
  readonly method: boolean;
  readonly optional: boolean;
  readonly readonly: boolean;
  readonly text: string;
}

export interface TypeParam {
  readonly name: string;
  readonly text: string;
  readonly default: TypeNode | undefined;
}

export type DeclarationKind = 'interface' | 'type' | 'const' | 'function' | 'other';

export interface Declaration {
  readonly name: string;
  readonly kind: DeclarationKind;
  readonly exported: boolean;
  /** The statement, comments dropped and whitespace collapsed. */
  readonly text: string;
  /** The module it is declared in (a path under `dist/` without extension: `client`, `runtime/exchange`). */
  readonly module: string;
}

/** What a declaration says, parsed on first use. */
export interface Shape {
  readonly params: readonly TypeParam[];
  /** An interface's `extends` list. */
  readonly heritage: readonly TypeNode[];
  /** An interface's or object type's members, a type alias's or constant's type; text for the rest. */
  readonly body: TypeNode;
}

export interface Module {
  readonly id: string;
  /** Declarations by name: a name can be a type and a value at once (an enum's type and its object of values). */
  readonly declarations: ReadonlyMap<string, readonly Declaration[]>;
  /** Local names imported from other modules: local → [module, name]. */
  readonly imports: ReadonlyMap<string, readonly [string, string]>;
  /** `import type * as Types from './types.js'`: Types → types. */
  readonly namespaces: ReadonlyMap<string, string>;
  /** `export * from`: the modules whose exports this one passes on. */
  readonly exportStar: readonly string[];
  /** `export { a, b as c } from`: c → [module, b]; `export { a }`: a → [this module, a]. */
  readonly exportNames: ReadonlyMap<string, readonly [string, string]>;
}

/** The module id a specifier names from `from`: `./runtime/exchange.js` from `client` is `runtime/exchange`. */
export function moduleId(from: string, specifier: string): string {
  return posix.join(posix.dirname(from), specifier).replace(/\.(d\.ts|js|ts)$/, '');
}

/** A module's declarations, imports and re-exports. */
export function readModule(id: string, source: string): Module {
  const declarations = new Map<string, Declaration[]>();
  const imports = new Map<string, readonly [string, string]>();
  const namespaces = new Map<string, string>();
  const exportStar: string[] = [];
  const exportNames = new Map<string, readonly [string, string]>();
  for (const text of statements(normalised(source))) {
    const namespace = /^import type \* as ([\w$]+) from (['"])(.*?)\2/.exec(text);
    if (namespace !== null) {
      namespaces.set(namespace[1] ?? '', moduleId(id, namespace[3] ?? ''));
      continue;
    }
    const list = /^(import|export)(?: type)? \{(.*?)\}(?: from (['"])(.*?)\3)?/.exec(text);
    if (list !== null) {
      const from = list[4] === undefined ? id : moduleId(id, list[4]);
      for (const [name, local] of specifiers(list[2] ?? '')) (list[1] === 'import' ? imports : exportNames).set(local, [from, name]);
      continue;
    }
    const star = /^export \* from (['"])(.*?)\1/.exec(text);
    if (star !== null) {
      exportStar.push(moduleId(id, star[2] ?? ''));
      continue;
    }
    const declaration = declarationOf(id, text);
    if (declaration === undefined) continue;
    const list2 = declarations.get(declaration.name);
    if (list2 === undefined) declarations.set(declaration.name, [declaration]);
    else list2.push(declaration);
  }
  return { id, declarations, imports, namespaces, exportStar, exportNames };
}

/** `type A, B as C` → [A, A], [B, C]. */
function specifiers(list: string): [string, string][] {
  return list
    .split(',')
    .map((s) => s.trim().replace(/^type /, ''))
    .filter((s) => s !== '')
    .map((s) => {
      const [name = '', local = name] = s.split(' as ');
      return [name.trim(), local.trim()];
    });
}

const DECLARATION = /^(export )?(?:declare )?(?:default )?(?:abstract )?(interface|type|const|let|var|function|class|enum|namespace|module) ([\w$\u0080-\uffff]+)/;

function declarationOf(module: string, text: string): Declaration | undefined {
  const m = DECLARATION.exec(text);
  if (m === null) return undefined;
  const keyword = m[2] ?? '';
  const kind: DeclarationKind = keyword === 'interface' || keyword === 'type' || keyword === 'function' ? keyword : keyword === 'const' || keyword === 'let' || keyword === 'var' ? 'const' : 'other';
  return { name: m[3] ?? '', kind, exported: m[1] !== undefined, text, module };
}

// ---------------------------------------------------------------------------------------------
// Text: comments out, whitespace collapsed, statements split
// ---------------------------------------------------------------------------------------------


/** The offset just past the string or template literal starting at `at`. */
function stringEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === quote) return i + 1;
  }
  return text.length;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12 || c === 11 || c === 0xa0 || c === 0xfeff || c === 0x2028 || c === 0x2029;

/** The source without comments, every run of whitespace (and comment) one space, strings kept as written. */
export function normalised(source: string): string {
  const parts: string[] = [];
  let space = false;
  let i = 0;
  const emit = (from: number, to: number) => {
    if (space && parts.length > 0) parts.push(' ');
    space = false;
    parts.push(source.slice(from, to));
  };
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (isSpace(c)) {
      space = true;
      i++;
    } else if (c === 47 && source.charCodeAt(i + 1) === 47) {
      const end = source.indexOf('\n', i);
      i = end === -1 ? source.length : end;
      space = true;
    } else if (c === 47 && source.charCodeAt(i + 1) === 42) {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
      space = true;
    } else if (c === 39 || c === 34 || c === 96) {
      const end = stringEnd(source, i);
      emit(i, end);
      i = end;
    } else {
      let j = i + 1;
      for (let d = source.charCodeAt(j); j < source.length && !isSpace(d) && d !== 39 && d !== 34 && d !== 96 && !(d === 47 && (source.charCodeAt(j + 1) === 47 || source.charCodeAt(j + 1) === 42)); d = source.charCodeAt(++j));
      emit(i, j);
      i = j;
    }
  }
  return parts.join('');
}

const BLOCKS = new Set(['interface', 'class', 'enum', 'namespace', 'module', 'global']);

/** Top-level statements of normalised text: each ends at a `;`, or at the `}` that closes a block declaration. */
function statements(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  let depth = 0;
  let block: boolean | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (block === undefined && c !== 32) block = BLOCKS.has(/^(?:(?:export|declare|default|abstract) )*([\w$]+)/.exec(text.slice(i, i + 80))?.[1] ?? '');
    if (c === 39 || c === 34 || c === 96) i = stringEnd(text, i) - 1;
    else if (c === 123 || c === 40 || c === 91 || c === 60) depth++;
    else if (c === 125 || c === 41 || c === 93 || (c === 62 && text.charCodeAt(i - 1) !== 61)) {
      depth--;
      if (depth === 0 && c === 125 && block === true && text.charCodeAt(i + 1) !== 59) end(i + 1);
    } else if (c === 59 && depth <= 0) end(i + 1);
  }
  end(text.length);
  return out;

  function end(at: number): void {
    const statement = text.slice(start, at).trim();
    if (statement !== '' && statement !== ';') out.push(statement);
    start = at;
    depth = 0;
    block = undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Tokens and types
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// A package: modules read on first use, names resolved through imports and re-exports
// ---------------------------------------------------------------------------------------------

type Names = ReadonlyMap<string, readonly Declaration[]>;

export class Package {
  private readonly modules = new Map<string, Module | undefined>();
  private readonly exportTables = new Map<string, Names>();
  private readonly shapes = new WeakMap<Declaration, Shape>();

  /** `source`: a module's declaration text by id (`index`, `client`, `runtime/exchange`), undefined when the package has none. */
  constructor(private readonly source: (id: string) => string | undefined) {}

  module(id: string): Module | undefined {
    if (!this.modules.has(id)) {
      const text = this.source(id);
      this.modules.set(id, text === undefined ? undefined : readModule(id, text));
    }
    return this.modules.get(id);
  }

  /** The names a module exports (the package's public API: `exportsOf('index')`), through `export *` and named re-exports. */
  exportsOf(id: string, seen: ReadonlySet<string> = new Set()): Names {
    const kept = this.exportTables.get(id);
    if (kept !== undefined) return kept;
    const out = new Map<string, readonly Declaration[]>();
    const m = this.module(id);
    if (m === undefined || seen.has(id)) return out;
    for (const [name, list] of m.declarations) {
      const exported = list.filter((d) => d.exported);
      if (exported.length > 0) out.set(name, exported);
    }
    for (const [local, [from, name]] of m.exportNames) {
      const found = from === id ? m.declarations.get(name) : this.exportsOf(from, new Set([...seen, id])).get(name);
      if (found !== undefined) out.set(local, found);
    }
    for (const star of m.exportStar) for (const [name, list] of this.exportsOf(star, new Set([...seen, id]))) if (!out.has(name)) out.set(name, list);
    this.exportTables.set(id, out);
    return out;
  }

  /** What a type name means in module `from`: its own declaration, an import, or a namespace's member (`Types.Order`). */
  resolve(from: string, name: string): readonly Declaration[] | undefined {
    const m = this.module(from);
    if (m === undefined) return undefined;
    const dot = name.indexOf('.');
    if (dot > 0) {
      const namespace = m.namespaces.get(name.slice(0, dot));
      return namespace === undefined ? undefined : this.exportsOf(namespace).get(name.slice(dot + 1));
    }
    const own = m.declarations.get(name);
    if (own !== undefined) return own;
    const imported = m.imports.get(name);
    return imported === undefined ? undefined : this.exportsOf(imported[0]).get(imported[1]);
  }

  shape(declaration: Declaration): Shape {
    let shape = this.shapes.get(declaration);
    if (shape === undefined) this.shapes.set(declaration, (shape = shapeOf(declaration)));
    return shape;
  }
}
