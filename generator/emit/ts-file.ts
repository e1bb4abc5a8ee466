/**
 * One generated TypeScript file: a LineWriter for the body, and imports collected from the symbols
 * the body uses, so no emitter writes an import line by hand.
 *
 * Each file is emitted three ways at once: the TypeScript source (`src/`, in prettier's form),
 * and the JavaScript and declarations of `dist/`. Type-level text is shared by the source and the
 * declarations; every value declaration goes through `value`, which takes its JavaScript and its
 * declaration beside the TypeScript. So `dist/` costs no compiler run (TypeScript's transpile
 * of the output was most of a generation's time), and `test/dist-emit.test.ts` holds these
 * forms to what TypeScript itself emits.
 */
import { posix } from 'node:path';
import { docText } from '../naming.js';
import type { ResultCache } from '../incremental.js';
import { joinTrimmed, LineWriter } from './line-writer.js';
import { list } from './pretty.js';

/** A value declaration's place in the TypeScript body, and its `dist/` forms. */
interface ValueRegion {
  readonly start: number;
  readonly end: number;
  readonly js: string;
  readonly dts: string;
}

export interface EmittedFile {
  readonly ts: string;
  readonly js: string;
  readonly dts: string;
}

/**
 * A watch session's store of sections (boundary 2 of incremental.ts), and the key of the model
 * around every section: what a section reads besides its own model object (output.ts EmitContext).
 */
export interface SectionStore {
  readonly cache: ResultCache;
  readonly context: string;
}

/** A section's output, kept by a watch session for reuse: its text, imports and value regions. */
interface Section {
  readonly body: string;
  /** Whether a newline written as a piece of its own follows the body (line-writer.ts `since`). */
  readonly newline: boolean;
  readonly endState: string;
  readonly imports: readonly (readonly [module: string, name: string, type: boolean])[];
  readonly values: readonly ValueRegion[];
}

/**
 * A file's output as a watch session last emitted it, and everything that output is made from: the
 * header, the body's pieces, its imports and its value declarations.
 */
interface EmittedMemo {
  readonly header: string;
  readonly pieces: readonly string[];
  readonly imports: string;
  readonly values: readonly ValueRegion[];
  readonly emitted: EmittedFile;
}

/** How a section records an import of another package as a namespace (`import * as z from 'zod'`): its specifier after this marker. */
const EXTERNAL_NAMESPACE = 'external-namespace:';

/** The owner of every file's EmittedMemo in a session's cache (the slot is the file's path). */
const EMITTED = {};

/** A JSDoc tag the generator writes (editors strike a `@deprecated` symbol through). */
export interface DocTag {
  readonly tag: 'deprecated';
  readonly text: string | undefined;
}

export class TsFile {
  readonly w = new LineWriter();
  private readonly imports = new Map<string, { names: Set<string>; types: Set<string> }>();
  private readonly values: ValueRegion[] = [];
  private recording: [module: string, name: string, type: boolean][] | undefined;

  /** Type-only modules this file imports as a namespace (specifier → name), and those it used. */
  private readonly namespacesUsed = new Set<string>();
  private readonly namespaces = new Map<string, string>();
  /** Other packages imported as a namespace (specifier → name). */
  private readonly externalNamespaces = new Map<string, string>();
  private readonly specifiers = new Map<string, string>();

  /**
   * `path` is the file's path in the package (`src/client.ts`); `namespaces` names the modules it
   * imports types from as a namespace (module → name, modules as in names.ts's MODULE).
   */
  constructor(
    readonly path: string,
    private readonly sections?: SectionStore,
    namespaces: Readonly<Record<string, string>> = {},
  ) {
    for (const [module, name] of Object.entries(namespaces)) this.namespaces.set(this.specifier(module), name);
  }

  /** Imports a value symbol from a module of the package (`runtime/decode`, names.ts's MODULE). */
  use(module: string, name: string): string {
    this.entry(this.specifier(module)).names.add(name);
    this.recording?.push([module, name, false]);
    return name;
  }

  useType(module: string, name: string): string {
    this.recording?.push([module, name, true]);
    const from = this.specifier(module);
    // One `import type * as N` instead of thousands of specifiers: a consumer's tsc resolves
    // each specifier of a declaration file (~70 ms per 6,000 at 2,000 endpoints).
    const namespace = this.namespaces.get(from);
    if (namespace !== undefined) {
      this.namespacesUsed.add(from);
      return `${namespace}.${name}`;
    }
    this.entry(from).types.add(name);
    return name;
  }

  /**
   * Imports another package as a namespace (`import * as z from 'zod'`: a peer dependency of an
   * optional entry), in the source, its JavaScript and its declarations: what a bundler follows
   * member by member (zod's own advice; `import { z }`, a namespace re-exported as a name, kept all
   * of zod in a bundle, 462 KB against 108 KB).
   */
  useExternalNamespace(specifier: string, name: string): string {
    this.recording?.push([`${EXTERNAL_NAMESPACE}${specifier}`, name, false]);
    this.externalNamespaces.set(specifier, name);
    return name;
  }

  /** The import specifier of a package module (`runtime/decode`) from this file: `./runtime/decode.js`. */
  specifier(module: string): string {
    let found = this.specifiers.get(module);
    if (found === undefined) {
      const relative = posix.relative(posix.dirname(this.path), posix.join('src', module));
      this.specifiers.set(module, (found = `${relative.startsWith('.') ? '' : './'}${relative}.js`));
    }
    return found;
  }

  /**
   * Output that depends only on `model` (an endpoint, a type) and the model around it: in a watch
   * session, reused from the previous run when `model` is the same object (the model reuses
   * unchanged endpoints and types), the writer is in the same state, and `reads` is the same.
   * `reads` stands for what the section reads of *other* endpoints (e.g. its host's shapes, which
   * every endpoint on the host adds to); the rest of the model is in the store's context.
   */
  section(tag: string, model: object, emit: () => void, reads = ''): void {
    const sections = this.sections;
    if (sections === undefined) return emit();
    const slot = `${this.path}\n${tag}\n${this.w.state()}`;
    const key = `${sections.context}\n${reads}`;
    const found = sections.cache.get<Section>(model, slot, key);
    if (found !== undefined) return this.replay(found);
    const mark = this.w.mark();
    const start = this.w.getLength();
    const firstValue = this.values.length;
    const outer = this.recording;
    const imports: [string, string, boolean][] = [];
    this.recording = imports;
    try {
      emit();
    } finally {
      this.recording = outer;
      outer?.push(...imports);
    }
    const values = this.values.slice(firstValue).map((v) => ({ ...v, start: v.start - start, end: v.end - start }));
    const { body, newline } = this.w.since(mark);
    const value: Section = { body, newline, endState: this.w.state(), imports, values };
    sections.cache.set(model, slot, key, value);
  }

  private replay(section: Section): void {
    const start = this.w.getLength();
    this.w.replay(section.body, section.newline, section.endState);
    for (const [module, name, type] of section.imports) {
      if (module.startsWith(EXTERNAL_NAMESPACE)) this.useExternalNamespace(module.slice(EXTERNAL_NAMESPACE.length), name);
      else if (type) this.useType(module, name);
      else this.use(module, name);
    }
    for (const v of section.values) this.values.push({ ...v, start: v.start + start, end: v.end + start });
  }

  private entry(from: string) {
    let e = this.imports.get(from);
    if (e === undefined) this.imports.set(from, (e = { names: new Set(), types: new Set() }));
    return e;
  }

  /** The current indentation level, for laying out lines at the print width. */
  get level(): number {
    return this.w.getIndentationLevel();
  }

  /** Writes lines laid out by the pretty helpers, at the current indentation. */
  lines(lines: readonly string[]): void {
    if (lines.length > 0) this.w.writeLines(lines);
  }

  /**
   * A top-level value declaration: `writeTs` writes its TypeScript; `js` is its JavaScript
   * statement and `dts` its declaration (`export declare ...;`).
   */
  value(js: string, dts: string, writeTs: () => void): void {
    const start = this.w.getLength();
    writeTs();
    this.values.push({ start, end: this.w.getLength(), js, dts });
  }

  /**
   * `export const name: type = <value>;` for data laid out by `layout`; the JavaScript is the same
   * layout without the type, so the value is laid out once.
   */
  constant(name: string, type: string, layout: (prefix: string, suffix: string) => readonly string[]): void {
    const tsPrefix = `export const ${name}: ${type} = `;
    const lines = layout(tsPrefix, ';');
    const js = `export const ${name} = ${lines.join('\n').slice(tsPrefix.length)}`;
    this.value(js, `export declare const ${name}: ${type};`, () => this.lines(lines));
  }

  /**
   * `export function <signature> { body }`: `jsParams` are the parameter names, and `body` the
   * statements, valid as both TypeScript and JavaScript (casts belong in `tsBody`).
   */
  fn(signature: string, jsParams: string, body: readonly string[], tsBody: readonly string[] = body, declared: string = signature): void {
    const name = signature.slice(0, signature.search(/[<(]/));
    const js = [`export function ${name}(${jsParams}) {`, ...body.map((l) => `  ${l}`), '}'].join('\n');
    // `declared`: the signature as a declaration file may say it (a parameter's default becomes `?`).
    this.value(js, `export declare function ${declared};`, () => {
      this.w.write(`export function ${signature} `).block(() => this.lines(tsBody));
    });
  }

  /** A JSDoc block from paragraphs and tags; undefined and empty ones are skipped. */
  doc(...paragraphs: (string | DocTag | undefined)[]): void {
    for (const line of docComment(paragraphs)) this.w.writeLine(line);
  }

  /**
   * The TypeScript source, JavaScript and declarations. In a watch session a file made of the same
   * pieces as last run is the same output: its strings are reused, not joined, scanned and compared
   * again (an edit to one endpoint leaves most files as they were, several megabytes at N = 2,000).
   */
  emit(header: string): EmittedFile {
    const cache = this.sections?.cache;
    if (cache === undefined) return this.build(header);
    const imports = this.importsKey();
    const last = cache.get<EmittedMemo>(EMITTED, this.path, '');
    if (last !== undefined && last.header === header && last.imports === imports && sameValues(last.values, this.values) && samePieces(last.pieces, this.w.pieces())) return last.emitted;
    const emitted = this.build(header);
    cache.set(EMITTED, this.path, '', { header, pieces: this.w.pieces(), imports, values: this.values, emitted } satisfies EmittedMemo);
    return emitted;
  }

  /** Everything the import lines are made from, as one string. */
  private importsKey(): string {
    const parts: string[] = [...this.namespacesUsed].map((from) => `${from}=${this.namespaces.get(from) ?? ''}`);
    for (const [from, name] of this.externalNamespaces) parts.push(`${from}*${name}`);
    for (const [from, { names, types }] of this.imports) parts.push(`${from}:${[...names].join(',')}:${[...types].join(',')}`);
    return parts.join('\n');
  }

  private build(header: string): EmittedFile {
    // Each output is built as parts and joined once: concatenating, trimming and joining copied a
    // file of megabytes two or three times (graph's client.ts: 26 MB), and a copy that size
    // costs its time again in collections.
    const tsImports = this.importLines(header, true, (names, types) => [...[...names].sort(), ...[...types].filter((t) => !names.has(t)).sort().map((t) => `type ${t}`)]);
    const ts = this.w.joined(tsImports, '\n');
    // Declarations import the types the file uses: no declaration names an imported value (the
    // values serve function bodies), so they are left out without scanning megabytes of text on
    // every save. In a declaration file every top-level declaration is exported unless an export
    // list says otherwise: `export {}` keeps a module-private type (one without `export`) private.
    const { parts, exportsAll } = this.declarations(ts, tsImports.length, ts.length - 1);
    const dts = joinTrimmed(this.importLines(header, true, (_names, types) => [...types].sort().map((t) => `type ${t}`)), parts, exportsAll ? '\n' : '\nexport {};\n');
    // JavaScript imports the values its statements name (one scan of the joined statements: a
    // pattern of thousands of names, run per statement, cost four times as much).
    const jsBody = this.values.map((v) => v.js).join('\n');
    const js = `${this.importLines(header, false, (names) => usedIn(jsBody, names))}${jsBody === '' ? 'export {};' : jsBody}\n`;
    return { ts, js, dts };
  }

  /**
   * The header and the import lines, by module: the specifiers `pick` chooses, and with `types`
   * the namespace imports of type-only modules.
   */
  private importLines(header: string, types: boolean, pick: (names: Set<string>, types: Set<string>) => string[]): string {
    const lines: string[] = [header];
    let any = false;
    for (const from of [...new Set([...this.imports.keys(), ...this.namespacesUsed, ...this.externalNamespaces.keys()])].sort()) {
      const external = this.externalNamespaces.get(from);
      if (external !== undefined) {
        any = true;
        lines.push(`import * as ${external} from '${from}';`);
      }
      if (types && this.namespacesUsed.has(from)) {
        any = true;
        lines.push(`import type * as ${this.namespaces.get(from) ?? ''} from '${from}';`);
      }
      const found = this.imports.get(from);
      const specifiers = found === undefined ? [] : pick(found.names, found.types);
      if (specifiers.length === 0) continue;
      any = true;
      lines.push(...list('import ', '{', specifiers, '}', ` from '${from}';`, 0));
    }
    if (any) lines.push('');
    return `${lines.join('\n')}\n`;
  }

  /**
   * The body (`source` from `start` to `end`, its trailing whitespace already trimmed) as parts,
   * each value declaration replaced by its declaration, the whitespace around it kept; and whether
   * every top-level declaration of it is exported.
   */
  private declarations(source: string, start: number, end: number): { parts: string[]; exportsAll: boolean } {
    const parts: string[] = [];
    let privateDeclaration = false;
    let exported = false;
    const keep = (from: number, to: number) => {
      const text = source.slice(Math.min(start + from, end), Math.min(start + to, end));
      // Testing the kept stretches one by one is testing the declaration file without joining it:
      // a stretch starts where a value ended (a line end, or the newline still to come), and the
      // value declarations between them all start with `export`, their further lines indented.
      privateDeclaration ||= /^(?:type|interface|declare (?:const|function)) /m.test(text);
      exported ||= /^export /m.test(text);
      parts.push(text);
    };
    let at = 0;
    for (const v of this.values) {
      keep(at, v.start);
      const region = source.slice(start + v.start, start + v.end);
      const lead = /^\s*/.exec(region)?.[0] ?? '';
      // Scanned from the end: a regex for trailing space tries every position of a large region.
      let last = region.length;
      while (last > lead.length && /\s/.test(region[last - 1]!)) last--;
      parts.push(lead, v.dts, region.slice(last));
      at = v.end;
    }
    keep(at, end - start);
    return { parts, exportsAll: !privateDeclaration && (this.values.length > 0 || exported) };
  }
}

/** Whether two lists of pieces are the same text piece by piece (a reused section is the very same string). */
function samePieces(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameValues(a: readonly ValueRegion[], b: readonly ValueRegion[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((v, i) => v.start === b[i]!.start && v.end === b[i]!.end && v.js === b[i]!.js && v.dts === b[i]!.dts);
}

/** Those of `names` that `text` mentions, sorted: one pass over the text, and none without names. */
function usedIn(text: string, names: ReadonlySet<string>): string[] {
  if (names.size === 0) return [];
  // A file imports tens of names but may hold megabytes of statements: one pass for the names
  // themselves, instead of collecting every identifier of the text (seconds at 10,000 endpoints).
  const pattern = new RegExp(`(?<![\\w$])(?:${[...names].map((n) => n.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`, 'g');
  const found = new Set<string>();
  for (const match of text.matchAll(pattern)) {
    found.add(match[0]);
    if (found.size === names.size) break;
  }
  return [...found].sort();
}

/** The lines of a JSDoc block (unindented) from paragraphs and tags; none when all are empty. */
export function docComment(paragraphs: readonly (string | DocTag | undefined)[]): string[] {
  const text = paragraphs
    .filter((p): p is string | DocTag => p !== undefined && (typeof p !== 'string' || p.trim() !== ''))
    // Contract text never makes a tag (docText escapes `@`); only a DocTag does.
    .map((p) => (typeof p === 'string' ? docText(p) : `@${p.tag}${p.text === undefined ? '' : ` ${docText(p.text)}`}`));
  if (text.length === 0) return [];
  const lines = text
    .join('\n\n')
    .split('\n')
    .map((l) => l.trimEnd());
  if (lines.length === 1) return [`/** ${lines[0]} */`];
  return ['/**', ...lines.map((line) => (line === '' ? ' *' : ` * ${line}`)), ' */'];
}
