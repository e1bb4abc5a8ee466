/**
 * `npm run fuzz`: the subset reader against `yaml` over many random YAML-like documents
 * (test/support/yaml-documents.ts). FUZZ_RUNS (default 300) × 1,000 documents per edge-case
 * rate; FUZZ_SEED moves the first seed. A failure names its seed and both answers.
 */
import { describe, expect, it } from 'vitest';
import { compareWithYaml, randomYaml } from '../support/yaml-documents.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300) * 1_000;
const FIRST = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000_007);

describe(`subset reader vs yaml (FUZZ_SEED=${FIRST})`, () => {
  it.each([0.5, 0.3, 0.1, 0.02])(`${RUNS} documents, edge cases at %s`, (edge) => {
    const outcomes = { same: 0, 'gave-up': 0 };
    const failures: string[] = [];
    for (let seed = FIRST; seed < FIRST + RUNS && failures.length < 5; seed++) {
      try {
        outcomes[compareWithYaml(randomYaml(seed, edge))]++;
      } catch (e) {
        failures.push(`seed ${seed}: ${(e as Error).message}`);
      }
    }
    process.stdout.write(`edge ${edge}: ${outcomes.same} read, ${outcomes['gave-up']} left to yaml\n`);
    expect(failures).toEqual([]);
  });
});
