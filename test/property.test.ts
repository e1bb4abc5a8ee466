/**
 * Property tests over random valid contracts (test/support/arbitrary-contract.ts), a few per
 * `npm test`; `npm run fuzz` runs the same properties over many more (test/fuzz/contracts.fuzz.ts).
 *
 * For each contract: the validator accepts it; `render` gives files and its strict check passes;
 * the sources also type-check under the package's own tsconfig; a second render gives identical
 * bytes; every path is a fixed, relative one inside the package; every field name, enum value and
 * code appears exactly in the generated sources. See test/support/contract-properties.ts.
 *
 * FUZZ_RUNS (default 10) and FUZZ_SEED change the count and the seed. A failing contract is saved
 * under test/.tmp/property/ and named in the failure, with the command that reruns it.
 */
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import { contractArbitrary, type GeneratedContract } from './support/arbitrary-contract.js';
import { checkContract, formatProblems } from './support/contract-properties.js';

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not ${raw}`);
  return value;
}

const RUNS = intEnv('FUZZ_RUNS', 10);
const SEED = intEnv('FUZZ_SEED', 0x2025_c0de);
/** Cheap: validation only, so many more contracts than are rendered. */
const VALIDATE_RUNS = Math.max(RUNS, 150);
const FAILURES = join('test', '.tmp', 'property');

const samples: GeneratedContract[] = fc.sample(contractArbitrary(), { seed: SEED, numRuns: Math.max(RUNS, VALIDATE_RUNS) });

function save(index: number, generated: GeneratedContract): string {
  mkdirSync(FAILURES, { recursive: true });
  const file = join(FAILURES, `seed-${SEED}-${index}.yaml`);
  writeFileSync(file, generated.yaml);
  return file;
}

/** Refused only because hostile names collide or shadow built-ins: a positioned refusal, not a bug. */
function onlyNameCollisions(diagnostics: readonly { code: string; severity: string }[]): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return errors.length > 0 && errors.every((d) => d.code === 'name-collision' || d.code === 'reserved-name');
}

describe(`random valid contracts (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  it(`the arbitrary's contracts are valid: the validator accepts all ${VALIDATE_RUNS}`, () => {
    const rejected: string[] = [];
    samples.slice(0, VALIDATE_RUNS).forEach((generated, i) => {
      let outcome: string;
      try {
        const loaded = loadContractText('contract.yaml', generated.yaml);
        if (loaded.ok || onlyNameCollisions(loaded.diagnostics)) return;
        outcome = loaded.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message} [${d.code}]`).join('; ');
      } catch (e) {
        outcome = `the validator crashed: ${e instanceof Error ? e.message : String(e)}`;
      }
      rejected.push(`#${i} (${save(i, generated)}): ${outcome}`);
    });
    expect(rejected, `${rejected.length} of ${VALIDATE_RUNS} valid contracts rejected:\n${rejected.slice(0, 10).join('\n')}`).toEqual([]);
  });

  samples.slice(0, RUNS).forEach((generated, i) => {
    it(`#${i} (${generated.names} names): renders, compiles strictly, renders identically twice, keeps wire names, writes fixed paths`, async () => {
      // Hostile names may collide in the generated package (hosts api and Api): the validator then
      // refuses the contract with positioned diagnostics instead of emitting a broken package.
      const loaded = loadContractText('contract.yaml', generated.yaml);
      if (!loaded.ok && onlyNameCollisions(loaded.diagnostics)) {
        expect(generated.names).toBe('hostile');
        for (const d of loaded.diagnostics) expect(d.line).toBeGreaterThan(0);
        return;
      }
      const check = await checkContract(generated);
      if (check.problems.length === 0) return;
      const file = save(i, generated);
      expect.fail(
        `${check.problems.length} problem(s) with random contract #${i}, saved as ${file}:\n${formatProblems(check.problems)}\n` +
          `Rerun: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --config test/vitest.config.ts test/property.test.ts -t '#${i} '`,
      );
    }, 180_000);
  });
});
