/**
 * A fixture's generated package written to a folder inside the repository (so its type tests
 * resolve `vitest` from node_modules), with a type-test module beside its sources, and checked by
 * each compiler the package must build with: TypeScript 5.9 and TypeScript 7.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from '../../generator/generate.js';
import type { Outputs } from '../../generator/model/types.js';
import { fixture } from './corpus.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const COMPILERS = {
  'TS 5.9': join(ROOT, 'node_modules/typescript/bin/tsc'),
  'TS 7': join(ROOT, 'node_modules/typescript7/bin/tsc'),
} as const;
export type Compiler = keyof typeof COMPILERS;
export const TYPE_CHECK_TIMEOUT = 120_000;

/** `test/.out/<name>`: gitignored. */
export function outDir(name: string): string {
  return join(ROOT, 'test', '.out', name);
}

/** Renders fixture `name` into `out` (emptied first) with `typeTests` as src/type-tests.ts; returns the rendered files. */
export async function writeFixturePackage(name: string, out: string, typeTests: string, outputs?: Partial<Outputs>): Promise<ReadonlyMap<string, string>> {
  return writePackage(fixture(name), out, typeTests, outputs);
}

/** Renders the contract (or OpenAPI description) `file` into `out` as writeFixturePackage does. */
export async function writePackage(file: string, out: string, typeTests: string, outputs?: Partial<Outputs>): Promise<ReadonlyMap<string, string>> {
  const outcome = await render(file, readFileSync(file, 'utf8'), outputs === undefined ? {} : { outputs });
  if (outcome.kind !== 'files') throw new Error(`render failed: ${JSON.stringify(outcome).slice(0, 2000)}`);
  rmSync(out, { recursive: true, force: true });
  for (const [path, text] of outcome.files) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  writeFileSync(join(out, 'src', 'type-tests.ts'), typeTests);
  writeFileSync(join(out, 'tsconfig.test.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: true, noUncheckedIndexedAccess: true, strict: true, skipLibCheck: true, types: [] }, include: ['src/**/*.ts'] }));
  return outcome.files;
}

/** What `compiler` says of the package in `out` with its type tests (empty when it compiles), and its exit status. */
export function typeCheck(out: string, compiler: Compiler): { output: string; status: number | null } {
  const run = spawnSync(process.execPath, [COMPILERS[compiler], '-p', join(out, 'tsconfig.test.json')], { cwd: out, encoding: 'utf8', timeout: TYPE_CHECK_TIMEOUT });
  return { output: `${run.stdout}${run.stderr}`.trim(), status: run.status };
}
