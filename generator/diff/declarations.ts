/**
 * The generated package's declaration files read as data, for `diff`'s API review: each module's
 * top-level statements (imports, re-exports, declarations by name), names resolved through
 * imports, namespaces and re-exports, and a declaration's type as a small tree where the
 * comparison needs one (type-reader.ts). Anything the reader does not know is kept as its text,
 * which compares only as equal or not, so an unusual form is never read wrong, only judged
 * cautiously.
 *
 * Only what differs is parsed: a module is first reduced to its statements' text (comments
 * dropped, whitespace collapsed), and equal declarations compare by that text alone. GitHub
 * 19 → 23's review reads both sides' 3.4 MB of declarations, parses and judges what differs in
 * about 0.5 s of CPU; ts-morph (TypeScript's parser, and its checker for the exports) took 3.7 s.
 */
import { posix } from 'node:path';
import { shapeOf, stringEnd } from './type-reader.js';

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
