/**
 * Builds the generated package's `dist/` (JavaScript and declarations) from its formatted sources,
 * in memory, so the package works for consumers with no build step of their own. A type error in
 * generated code is a generator bug and is reported as such.
 */
import ts from 'typescript';
import { PACKAGE_COMPILER_OPTIONS } from './emit/package-options.js';

export interface CompiledFile {
  readonly path: string;
  readonly text: string;
}

export type CompileResult = { readonly ok: true; readonly files: readonly CompiledFile[] } | { readonly ok: false; readonly errors: readonly string[] };

const ROOT = '/virtual/';

export function compilePackage(sources: ReadonlyMap<string, string>): CompileResult {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    // ESM output without depending on the virtual package.json being found; consumers' own
    // NodeNext compilation of src/ is covered by the package's tsconfig and by tests.
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: PACKAGE_COMPILER_OPTIONS.strict,
    noUncheckedIndexedAccess: PACKAGE_COMPILER_OPTIONS.noUncheckedIndexedAccess,
    declaration: true,
    isolatedModules: true,
    rootDir: `${ROOT}src`,
    outDir: `${ROOT}dist`,
    types: [],
    newLine: ts.NewLineKind.LineFeed,
    removeComments: false,
  };
  const host = ts.createCompilerHost(options, true);
  const files = new Map([...sources].map(([path, text]) => [`${ROOT}${path}`, text]));
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
  const out: CompiledFile[] = [];
  host.writeFile = (name, text) => out.push({ path: name.slice(ROOT.length), text });
  const program = ts.createProgram([...files.keys()].filter((f) => f.endsWith('.ts')), options, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) return { ok: false, errors: diagnostics.map(describe) };
  program.emit();
  out.sort((a, b) => a.path.localeCompare(b.path));
  return { ok: true, files: out };
}

function describe(d: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  if (d.file === undefined || d.start === undefined) return message;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${d.file.fileName.slice(ROOT.length)}:${line + 1}:${character + 1}: ${message}`;
}
