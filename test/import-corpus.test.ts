/**
 * The seeded sample of the public OpenAPI corpus (test/fixtures/openapi-corpus, picked by
 * `node corpus/run.mjs --pick-test-sample`): every description imports, validates and generates,
 * keeping every operation, and a few of the packages type-check under strict settings. The whole
 * corpus runs with `npm run corpus` (corpus/RESULTS.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layout } from '../generator/emit/layout.js';
import { loadDescriptionText } from '../generator/import/load-description.js';
import { typecheckPackage } from './support/typecheck-package.js';

const DIR = 'test/fixtures/openapi-corpus';
const manifest = JSON.parse(readFileSync(join(DIR, 'manifest.json'), 'utf8')) as { files: string[] };
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch']);
/** Type-checking a package costs seconds: every tenth of the sample is checked. */
const CHECKED_EVERY = 10;

function operations(doc: { paths?: Record<string, Record<string, unknown>> }): number {
  return Object.values(doc.paths ?? {}).reduce((n, item) => n + Object.keys(item).filter((m) => METHODS.has(m)).length, 0);
}

describe('the seeded corpus sample', () => {
  it('holds the 40 descriptions the script picked', () => {
    expect(manifest.files).toHaveLength(40);
  });

  for (const [i, name] of manifest.files.entries()) {
    it(`${name}: imports, validates and generates with every operation${i % CHECKED_EVERY === 0 ? ', and type-checks' : ''}`, () => {
      const text = readFileSync(join(DIR, name.replace(/\//g, '__')), 'utf8');
      const imported = loadDescriptionText(name, text);
      const errors = imported.result.diagnostics.filter((d) => d.severity === 'error');
      expect(errors.map((d) => `${d.line}:${d.col} ${d.message}`)).toEqual([]);
      if (!imported.result.ok) return;
      expect(imported.result.contract.endpoints).toHaveLength(operations(JSON.parse(text) as never));
      const files = new Map(layout(imported.result.contract).map((f) => [f.path, f.text]));
      expect(files.get('src/client.ts')).toBeDefined();
      if (i % CHECKED_EVERY === 0) expect(typecheckPackage(files)).toEqual([]);
    });
  }
});
