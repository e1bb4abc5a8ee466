/**
 * Generated files are written in prettier's form by the emitters (no prettier at generation
 * time). Prettier stays the arbiter: reformatting any generated file must change nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import { layout } from '../generator/emit/layout.js';
import { prettierCheck } from '../generator/format.js';

const contracts = [
  'contract/orders.yaml',
  'test/fixtures/problem-json/contract.yaml',
  'test/fixtures/enums-nested/contract.yaml',
  // The diff fixtures: dozens of small contracts, each exercising other corners of the format.
  ...readdirSync('test/diff').map((rule) => join('test/diff', rule, 'new.yaml')),
];

describe('generated code is already in prettier form', () => {
  it.each(contracts)('%s', async (file) => {
    const loaded = loadContractText(file, readFileSync(file, 'utf8'));
    if (!loaded.ok) throw new Error(`${file} does not load`);
    for (const output of layout(loaded.contract).filter((f) => f.format !== 'none')) {
      expect(await prettierCheck(output), `${file} → ${output.path}`).toBe(output.text);
    }
  });
});
