/**
 * The emitters write `dist/` JavaScript and declarations themselves (no compiler at generation
 * time). TypeScript stays the arbiter: for every generated source, what `transpileModule` and
 * `transpileDeclaration` emit must be the same program as the emitted file — same statements
 * once comments and layout are normalised by TypeScript's printer, and the same imports.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import { layout } from '../generator/emit/layout.js';
import { overridden } from '../generator/generate.js';
import { DIFF_NEW, FIXTURE_CONTRACTS } from './support/corpus.js';

const contracts = [...FIXTURE_CONTRACTS, ...DIFF_NEW];

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ES2022,
  declaration: true,
  isolatedDeclarations: true,
  isolatedModules: true,
  strict: true,
};
const { declaration: _d, isolatedDeclarations: _i, ...JS_OPTIONS } = OPTIONS;

/** A statement as its tokens: comments, layout, quote style, leading `|` and trailing separators do not count. */
function tokens(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
  const out: string[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const token = kind === ts.SyntaxKind.StringLiteral ? JSON.stringify(scanner.getTokenValue()) : scanner.getTokenText();
    if ((token === '}' || token === ']' || token === ')') && (out[out.length - 1] === ',' || out[out.length - 1] === ';')) out.pop();
    // A leading `|` of a union is layout too.
    if (token === '|' && ['=', ':', '<', ',', '('].includes(out[out.length - 1] ?? '')) continue;
    out.push(token);
  }
  return out.join(' ');
}

interface Program {
  /** module → imported names (type modifiers ignored). */
  readonly imports: Map<string, Set<string>>;
  readonly statements: string[];
}

/** Statements as tokens; imports as sets; `export {}` markers dropped. */
/** Source files (with their emitted output) already compared, by content. */
const checked = new Set<string>();

function normalise(text: string, fileName: string): Program {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const imports = new Map<string, Set<string>>();
  const statements: string[] = [];
  for (const s of file.statements) {
    if (ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier)) {
      const names = imports.get(s.moduleSpecifier.text) ?? new Set<string>();
      const bindings = s.importClause?.namedBindings;
      if (bindings !== undefined && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
      imports.set(s.moduleSpecifier.text, names);
      continue;
    }
    if (ts.isExportDeclaration(s) && s.exportClause !== undefined && ts.isNamedExports(s.exportClause) && s.exportClause.elements.length === 0 && s.moduleSpecifier === undefined) continue;
    statements.push(tokens(s.getText(file)));
  }
  return { imports, statements };
}

/** Every name TypeScript imports is imported by the emitted file from the same module. */
function expectImportsCovered(emitted: Program, reference: Program, where: string): void {
  for (const [from, names] of reference.imports) {
    for (const name of names) expect(emitted.imports.get(from)?.has(name), `${where}: ${name} from ${from}`).toBe(true);
  }
}

describe('dist/ is what TypeScript emits from src/', () => {
  it.each(contracts)('%s', (contract) => {
    const loaded = loadContractText(contract, readFileSync(contract, 'utf8'));
    if (!loaded.ok) throw new Error(`${contract} does not load`);
    // Every output on, the ones off by default (zod, query) too.
    const files = new Map(layout(overridden(loaded.contract, { outputs: { zod: true, query: true } })).map((f) => [f.path, f.text]));
    // checks.d.ts (the declarations of the validators' generated checks, JavaScript in dist/) is no source.
    const sources = [...files.keys()].filter((p) => p.startsWith('src/') && p.endsWith('.ts') && !p.endsWith('.d.ts'));
    expect(sources.length).toBeGreaterThan(5);
    for (const path of sources) {
      const base = `dist/${path.slice('src/'.length, -'.ts'.length)}`;
      const source = files.get(path)!;
      // The runtime is copied verbatim into every package: a file already held to TypeScript, with
      // the same source and the same emitted output, is not checked again for the next contract.
      const key = [path, source, files.get(`${base}.js`), files.get(`${base}.d.ts`)].join('\u0000');
      if (checked.has(key)) continue;
      checked.add(key);
      const js = ts.transpileModule(source, { compilerOptions: JS_OPTIONS, fileName: path });
      const dts = ts.transpileDeclaration(source, { compilerOptions: OPTIONS, fileName: path, reportDiagnostics: true });
      expect(dts.diagnostics ?? [], `${contract} → ${path}`).toEqual([]);
      for (const [kind, reference, emittedPath] of [
        ['js', js.outputText, `${base}.js`],
        ['dts', dts.outputText, `${base}.d.ts`],
      ] as const) {
        const emitted = files.get(emittedPath);
        expect(emitted, `${contract}: ${emittedPath} is emitted`).toBeTypeOf('string');
        const mine = normalise(emitted!, emittedPath);
        const theirs = normalise(reference, emittedPath);
        expect(mine.statements, `${contract} → ${emittedPath} (${kind})`).toEqual(theirs.statements);
        expectImportsCovered(mine, theirs, `${contract} → ${emittedPath}`);
      }
    }
  });
});
