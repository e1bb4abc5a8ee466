/**
 * The generated checks against ajv on every description of the seeded corpus sample (npm test
 * runs a quarter of them: test/validator-differential.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { compareDescription, CORPUS_SAMPLE } from '../support/validator-oracle.js';

describe('generated checks agree with ajv on the whole corpus sample', () => {
  for (const name of CORPUS_SAMPLE) it(name, () => expect(compareDescription(name)).toEqual([]));
});
