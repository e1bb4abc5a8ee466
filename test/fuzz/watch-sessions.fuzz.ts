/**
 * `npm run fuzz`: many random watch sessions (test/support/watch-sessions.ts), each run of each
 * rendered through one Incremental store and afresh, which must agree. A failing session's text at
 * the step that differed is saved under test/.tmp/watch-sessions/, named with its seed.
 *
 * FUZZ_SESSIONS (default 40), FUZZ_STEPS (edits a session, default 20) and FUZZ_SEED (the first
 * session's seed) steer it; FUZZ_RUNS, which sizes the other fuzz files, does not.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { randomSession } from '../support/watch-sessions.js';
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { buildApi, contractYaml } from '../../bench/synth.mjs';

const env = (name: string, fallback: number): number => Number(process.env[name] || fallback);
const RUNS = env('FUZZ_SESSIONS', 40);
const SEED = env('FUZZ_SEED', 1000);
const STEPS = env('FUZZ_STEPS', 20);
const FAILURES = join('test', '.tmp', 'watch-sessions');

describe('random watch sessions', () => {
  it(`${RUNS} sessions of ${STEPS} edits render what fresh runs render`, async () => {
    const start = contractYaml(buildApi(130)) as string;
    const failures: string[] = [];
    let invalid = 0;
    const after = new Map<string, number>();
    for (let seed = SEED; seed < SEED + RUNS; seed++) {
      const report = await randomSession('synthetic.yaml', start, seed, STEPS);
      invalid += report.invalid;
      for (const edit of report.invalidAfter) after.set(edit, (after.get(edit) ?? 0) + 1);
      if (report.failure === undefined) continue;
      mkdirSync(FAILURES, { recursive: true });
      const file = join(FAILURES, `seed-${seed}.yaml`);
      writeFileSync(file, report.failure.text);
      failures.push(`seed ${seed}, step ${report.failure.step} (${report.failure.edit}): ${report.failure.differences.slice(0, 5).join('; ')}\n  edits: ${report.steps.join(' → ')}\n  text: ${file}`);
    }
    const causes = [...after].sort((a, b) => b[1] - a[1]).map(([edit, n]) => `${edit}: ${n}`);
    console.log(`[watch sessions] ${RUNS} sessions, ${RUNS * (STEPS + 1)} runs, ${invalid} of them of an invalid contract; runs invalid after each edit: ${causes.join(', ')}`);
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
