/**
 * Outputs are declared once (generator/emit/output.ts descriptors, listed in outputs.ts): the
 * layout, the package manifest, the README and the name-collision check know no output of their
 * own. A toy output registered through one descriptor (support/toy-output.ts) shows the recipe of
 * CONTRIBUTING.md works: its files, exports, peer dependency, README section and names all arrive.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import { checkGeneratedNames } from '../generator/emit/check-names.js';
import { layout } from '../generator/emit/layout.js';
import { OUTPUTS } from '../generator/emit/outputs.js';
import { parseContract } from '../generator/load/parse.js';
import { buildModel } from '../generator/model/build.js';
import type { Contract } from '../generator/model/types.js';
import { typecheckPackage } from './support/typecheck-package.js';
import { TOY_OUTPUT } from './support/toy-output.js';

const TMP = fileURLToPath(new URL('./.tmp/', import.meta.url));
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function orders(): Contract {
  const loaded = loadContractText('contract/orders.yaml', readFileSync('contract/orders.yaml', 'utf8'));
  if (!loaded.ok) throw new Error('orders.yaml does not load');
  return loaded.contract;
}

describe('an output registered through its descriptor alone', () => {
  const withToy = [...OUTPUTS, TOY_OUTPUT];

  it('adds its files, exports, files entry, peer dependency and README section, and nothing else changes', () => {
    const contract = orders();
    const before = new Map(layout(contract).map((f) => [f.path, f.text]));
    const after = new Map(layout(contract, { outputs: withToy }).map((f) => [f.path, f.text]));
    const added = [...after.keys()].filter((p) => !before.has(p)).sort();
    expect(added).toEqual(['dist/toy.d.ts', 'dist/toy.js', 'src/toy.ts', 'toy/notes.txt']);
    const changed = [...before.keys()].filter((p) => before.get(p) !== after.get(p)).sort();
    expect(changed).toEqual(['README.md', 'package.json']);
    const manifest = JSON.parse(after.get('package.json') ?? '{}') as Record<string, Record<string, unknown>>;
    expect(manifest.exports?.['./toy']).toEqual({ types: './dist/toy.d.ts', import: './dist/toy.js', default: './dist/toy.js' });
    expect(manifest.exports?.['./toy/notes.txt']).toBe('./toy/notes.txt');
    expect(Object.keys(manifest.exports ?? {}).at(-1)).toBe('./package.json');
    expect(manifest.files).toEqual(['dist', 'src', 'mocks', 'openapi.yaml', 'toy']);
    expect(manifest.peerDependencies).toEqual({ msw: '^2.0.0', 'toy-peer': '^1.0.0' });
    expect(manifest.peerDependenciesMeta).toEqual({ msw: { optional: true } });
    // Its section after the other outputs', before the index of operations, which ends the README.
    expect(after.get('README.md')).toMatch(/## OpenAPI[\s\S]*## Toy\n\n`<package>\/toy` lists the operation ids\.\n\n## Operations\n/);
  });

  it('compiles with the package and runs: its module lists every operation id', async () => {
    const contract = orders();
    const files = new Map(layout(contract, { outputs: withToy }).map((f) => [f.path, f.text]));
    expect(typecheckPackage(files)).toEqual([]);
    mkdirSync(TMP, { recursive: true });
    const dir = mkdtempSync(join(TMP, 'toy-'));
    temps.push(dir);
    for (const [path, text] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const toy = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'dist', 'toy.js')).href)) as { TOY_OPERATIONS: readonly string[] };
    expect(toy.TOY_OPERATIONS).toEqual(contract.endpoints.map((e) => e.id));
  });

  it('is left out where it says it is not enabled', () => {
    const contract = orders();
    const paths = layout({ ...contract, endpoints: [] }, { outputs: withToy }).map((f) => f.path);
    expect(paths.filter((p) => p.includes('toy'))).toEqual([]);
  });

  it("takes part in the name-collision check with its own scope's names", () => {
    // Type GetOrder and operation getOrder share no name in the main entry; the toy scope gives both GetOrderToy.
    const source = readFileSync('contract/orders.yaml', 'utf8').replace(/\ntypes:\n/, '\ntypes:\n  GetOrder:\n    kind: object\n    fields: {}\n');
    const parsed = parseContract('orders.yaml', source);
    if (!parsed.ok) throw new Error('does not parse');
    const plain = buildModel(parsed.contract, undefined, [(ctx, c) => checkGeneratedNames(ctx, c)]);
    expect(plain.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const toy = buildModel(parsed.contract, undefined, [(ctx, c) => checkGeneratedNames(ctx, c, withToy)]);
    const collisions = toy.diagnostics.filter((d) => d.code === 'name-collision');
    expect(collisions.map((d) => d.message)).toEqual(["endpoint 'getOrder' would generate the export 'GetOrderToy', which type 'GetOrder' already generates; rename one of them"]);
    expect(collisions[0]?.line).toBe(source.split('\n').findIndex((l) => l === '  getOrder:') + 1);
  });
});

describe('the registered outputs', () => {
  it('ship every runtime template exactly once, and name no template that does not exist', () => {
    const templates = readdirSync('templates').filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts')).map((n) => n.slice(0, -3)).sort();
    const shipped = OUTPUTS.flatMap((o) => o.runtime);
    expect([...shipped].sort()).toEqual(templates);
  });

  it('have distinct ids, exports and files entries', () => {
    const contract = orders();
    const ids = OUTPUTS.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    const subpaths = OUTPUTS.flatMap((o) => Object.keys(o.exports(contract)));
    expect(new Set(subpaths).size).toBe(subpaths.length);
    const entries = OUTPUTS.flatMap((o) => o.packageFiles);
    expect(new Set(entries).size).toBe(entries.length);
  });
});
