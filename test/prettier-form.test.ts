/**
 * Generated files are written in prettier's form by the emitters (no prettier at generation
 * time). Prettier stays the arbiter: reformatting any generated file must change nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import { operationLines } from '../generator/emit/emit-client.js';
import { layout } from '../generator/emit/layout.js';
import { overridden } from '../generator/generate.js';
import { prettierCheck } from './support/prettier-check.js';
import { constant, pascal } from '../generator/naming.js';
import { DIFF_NEW, FIXTURE_CONTRACTS } from './support/corpus.js';

const contracts = [...FIXTURE_CONTRACTS, ...DIFF_NEW];

describe('generated code is already in prettier form', () => {
  it.each(contracts)('%s', async (file) => {
    const loaded = loadContractText(file, readFileSync(file, 'utf8'));
    if (!loaded.ok) throw new Error(`${file} does not load`);
    // Every output on, the ones off by default (zod, query) too.
    for (const output of layout(overridden(loaded.contract, { outputs: { zod: true, query: true } })).filter((f) => f.format !== 'none')) {
      expect(await prettierCheck(output), `${file} → ${output.path}`).toBe(output.text);
    }
  });
});

describe('operation constants are in prettier form whatever the length of the operation id', () => {
  // The corpus's ids are short; each layout case of operationLines (one line, broken after the
  // arrow, parameters broken, type arguments broken, call broken) starts at some id length.
  const ids = Array.from({ length: 90 }, (_, n) => 'abcdefghijklmnopqrstuvwxyz'.repeat(4).slice(0, n + 1));
  // One line (short ids only fit), broken after the arrow, parameters broken, type arguments
  // broken, and the call too.
  it.each([
    ['Operation', [1, 2, 4, 5, 8]],
    ['OptionalOperation', [2, 4, 5, 8]],
  ] as const)('%s', async (type, layouts) => {
    const seen = new Set<number>();
    for (const id of ids) {
      const lines = operationLines(id, type, [`${pascal(id)}Input`, `${pascal(id)}Result`], `${constant(id)}_ENDPOINT`);
      seen.add(lines.length);
      const text = `${lines.join('\n')}\n`;
      expect(await prettierCheck({ path: 'src/client.ts', text, format: 'typescript' }), id).toBe(text);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual(layouts);
  });
});
