/**
 * The generated checks against ajv (the oracle: test/support/validator-oracle.ts) on every fixture
 * and on a quarter of the seeded corpus sample (every fourth description); `npm run fuzz` runs the
 * whole sample (test/fuzz/validators.fuzz.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../generator/contract.js';
import { FIXTURES } from './support/corpus.js';
import { compare, compareDescription, CORPUS_SAMPLE } from './support/validator-oracle.js';

describe('generated checks agree with ajv on the package’s own schemas', () => {
  for (const name of CORPUS_SAMPLE.filter((_, i) => i % 4 === 0)) {
    it(`corpus: ${name}`, () => expect(compareDescription(name)).toEqual([]));
  }
  for (const [name, file] of Object.entries(FIXTURES)) {
    it(`${name}`, () => {
      const loaded = loadContract(file);
      if (!loaded.ok) throw new Error(`${file} does not load`);
      expect([...compare(loaded.contract, 'response'), ...compare(loaded.contract, 'request')]).toEqual([]);
    });
  }
});
