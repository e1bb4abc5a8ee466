/**
 * A whole-program strict type check of a generated package, in memory: the tests' check that what
 * the emitters wrote compiles. Generation itself compiles nothing (the emitters write `dist/`
 * beside `src/`, and test/dist-emit.test.ts holds that to TypeScript's own output).
 */
import ts from 'typescript';

const ROOT = '/virtual/package/';
/** Library files parse once per process: most of a type check's cost is lib.dom.d.ts. */
const libFiles = new Map<string, ts.SourceFile | undefined>();

/**
 * A whole-program strict type check of a generated package, in memory, with the compiler options
 * of the package's own tsconfig.json (NodeNext, strict, noUncheckedIndexedAccess), so it is what a
 * consumer compiling `src/` gets. Library files are not re-checked (`skipLibCheck`).
 */
export function typecheckPackage(files: ReadonlyMap<string, string>): string[] {
  const tsconfig = JSON.parse(files.get('tsconfig.json') ?? '{}') as { compilerOptions?: unknown };
  const converted = ts.convertCompilerOptionsFromJson(tsconfig.compilerOptions ?? {}, ROOT);
  const options: ts.CompilerOptions = { ...converted.options, strict: true, noUncheckedIndexedAccess: true, noEmit: true, skipLibCheck: true, types: [] };
  const virtual = new Map([...files].filter(([p]) => p === 'package.json' || (p.startsWith('src/') && p.endsWith('.ts'))).map(([p, text]) => [`${ROOT}${p}`, text]));
  const host = ts.createCompilerHost(options, true);
  const fileExists = host.fileExists.bind(host);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => virtual.has(name) || (!name.startsWith(ROOT) && fileExists(name));
  host.readFile = (name) => virtual.get(name) ?? (name.startsWith(ROOT) ? undefined : readFile(name));
  host.directoryExists = (dir) => dir.startsWith(ROOT) || ROOT.startsWith(`${dir}/`) || ts.sys.directoryExists(dir);
  host.getCurrentDirectory = () => ROOT;
  host.getSourceFile = (name, language, onError, create) => {
    const text = virtual.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, language, true);
    if (name.startsWith(ROOT)) return undefined;
    const key = `${name}\u0000${JSON.stringify(language)}`;
    if (!libFiles.has(key)) libFiles.set(key, getSourceFile(name, language, onError, create));
    return libFiles.get(key);
  };
  const roots = [...virtual.keys()].filter((p) => p.endsWith('.ts'));
  const program = ts.createProgram(roots, options, host);
  return [...converted.errors, ...ts.getPreEmitDiagnostics(program)].map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file === undefined || d.start === undefined) return message;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
    return `${d.file.fileName.replace(ROOT, '')}:${line + 1}:${character + 1}: ${message}`;
  });
}
