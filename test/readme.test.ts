/** The README's "Using the generated client" example compiles against the generated package. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function example(): string {
  const readme = readFileSync('README.md', 'utf8');
  const match = /```ts readme-example\n([\s\S]*?)```/.exec(readme);
  if (match?.[1] === undefined) throw new Error('README.md has no ```ts readme-example block');
  return match[1];
}

describe('README', () => {
  it('opens with the two commands a new user types', () => {
    const readme = readFileSync('README.md', 'utf8');
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock.trim().split('\n')).toEqual(['npm ci && npm run generate', 'npm test']);
  });

  /** The README's example written to test/.tmp/<name> and compiled with `options`: the program and its problems. */
  function compileExample(name: string, options: ts.CompilerOptions): { program: ts.Program; problems: string[] } {
    const dir = join('test', '.tmp', name);
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'example.ts');
    writeFileSync(file, example());
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n');
    const program = ts.createProgram([file], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, skipLibCheck: false, ...options });
    return { program, problems: ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')) };
  }

  it('"Using the generated client" compiles under strict NodeNext against @orders/client', () => {
    const { program, problems } = compileExample('readme', { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, types: ['node'], noUncheckedIndexedAccess: true });
    expect(problems).toEqual([]);
    expect(program.getSourceFiles().some((f) => f.fileName.includes('generated/dist/index.d.ts'))).toBe(true);
  });

  it('the same example compiles for a browser: lib DOM, no Node types, bundler resolution', () => {
    const { program, problems } = compileExample('readme-browser', {
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    expect(problems).toEqual([]);
    expect(program.getSourceFiles().some((f) => /[\\/]@types[\\/]node[\\/]/.test(f.fileName))).toBe(false);
  });

  it('a CommonJS consumer (module node16) gets TypeScript\'s clear answer, and a dynamic import that works', () => {
    const dir = join('test', '.tmp', 'readme-cjs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n');
    const required = join(dir, 'required.ts');
    writeFileSync(required, "import { createClient } from '@orders/client';\nexport const make = createClient;\n");
    const imported = join(dir, 'imported.ts');
    writeFileSync(imported, "export async function make() {\n  const { createClient } = await import('@orders/client');\n  return createClient;\n}\n");
    const options = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16, types: [] };
    const problems = (file: string) => ts.getPreEmitDiagnostics(ts.createProgram([file], options)).map((d) => `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
    expect(problems(required)).toEqual([expect.stringMatching(/^TS1479: .*ECMAScript module and cannot be imported with 'require'\. Consider writing a dynamic 'import\("@orders\/client"\)' call instead/)]);
    expect(problems(imported)).toEqual([]);
  });
});
