/**
 * The generator's safety net: a whole-program strict type check of a generated package's sources
 * (tests, `render(..., { verify: true })`). Generation itself compiles nothing: the emitters write
 * `dist/` beside `src/`.
 */
import { createRequire } from 'node:module';
import type * as TS from 'typescript';

// Loaded through require: importing the 9 MB CommonJS bundle from ESM makes Node scan all of it
// for named exports first (~0.4 s here).
const ts = createRequire(import.meta.url)('typescript') as typeof TS;

const ROOT = '/virtual/';

/** A whole-program strict type check of the package's sources: the generator's own safety net. */
export function verifyPackage(sources: ReadonlyMap<string, string>): readonly string[] {
  const options: TS.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    strict: true,
    isolatedModules: true,
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
