/**
 * Builds the generated package's `dist/` (ESM JavaScript and declarations) from its formatted
 * sources, file by file: `transpileModule` for JavaScript and `transpileDeclaration` for `.d.ts`.
 * The emitters and templates keep every export explicitly typed (isolated declarations), so no
 * whole-program type check is needed to emit; `verifyPackage` runs that check where wanted (tests,
 * `generate --verify`).
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

// Loaded through require: importing the 9 MB CommonJS bundle from ESM makes Node scan all of it
// for named exports first (~0.4 s here).
const ts = createRequire(import.meta.url)('typescript') as typeof TS;

export interface CompiledFile {
  readonly path: string;
  readonly text: string;
}

export type CompileResult = { readonly ok: true; readonly files: readonly CompiledFile[] } | { readonly ok: false; readonly errors: readonly string[] };

const EMIT_OPTIONS: TS.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ES2022,
  declaration: true,
  isolatedDeclarations: true,
  isolatedModules: true,
  strict: true,
  newLine: ts.NewLineKind.LineFeed,
  removeComments: false,
};

// transpileModule emits no declarations, and refuses declaration-only options.
const { declaration: _d, isolatedDeclarations: _i, ...JS_OPTIONS } = EMIT_OPTIONS;

/** `src/x.ts` → `dist/x.js` + `dist/x.d.ts`, for every TypeScript source. */
export function compilePackage(sources: ReadonlyMap<string, string>): CompileResult {
  const out: CompiledFile[] = [];
  const errors: string[] = [];
  for (const [path, text] of sources) {
    if (!path.startsWith('src/') || !path.endsWith('.ts')) continue;
    const base = `dist/${path.slice('src/'.length, -'.ts'.length)}`;
    const js = ts.transpileModule(text, { compilerOptions: JS_OPTIONS, fileName: path, reportDiagnostics: true });
    const dts = ts.transpileDeclaration(text, { compilerOptions: EMIT_OPTIONS, fileName: path, reportDiagnostics: true });
    for (const d of [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])]) errors.push(describe(d, path));
    out.push({ path: `${base}.js`, text: js.outputText }, { path: `${base}.d.ts`, text: dts.outputText });
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, files: out.sort((a, b) => a.path.localeCompare(b.path)) };
}

const ROOT = '/virtual/';

/** A whole-program strict type check of the package's sources: the generator's own safety net. */
export function verifyPackage(sources: ReadonlyMap<string, string>): readonly string[] {
  const options: TS.CompilerOptions = {
    ...EMIT_OPTIONS,
    isolatedDeclarations: false,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    types: [],
  };
  const files = new Map([...sources].filter(([p]) => p.startsWith('src/') && p.endsWith('.ts')).map(([path, text]) => [`${ROOT}${path}`, text]));
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || (!name.startsWith(ROOT) && fileExists(name));
  host.getSourceFile = (name, version, onError, create) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, version, onError, create) : ts.createSourceFile(name, text, version, true);
  };
  host.getCurrentDirectory = () => ROOT;
  host.directoryExists = (dir) => dir.startsWith(ROOT) || ts.sys.directoryExists(dir);
  const program = ts.createProgram([...files.keys()], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => describe(d, d.file?.fileName.slice(ROOT.length) ?? ''));
}

function describe(d: TS.Diagnostic, path: string): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  if (d.file === undefined || d.start === undefined) return `${path}: ${message}`;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${path}:${line + 1}:${character + 1}: ${message}`;
}
