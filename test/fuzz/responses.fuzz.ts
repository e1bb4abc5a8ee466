/**
 * `npm run fuzz`: 100,000 hostile response bodies per host through the generated error decoders
 * (generator and properties: test/support/hostile-responses.ts). Every body must decode without throwing
 * to a plain, JSON-serialisable error with the input's HTTP status (0 when that is not an integer
 * 0–999), bounded texts and field errors, in bounded time, and no prototype may gain a property.
 *
 * FUZZ_RUNS and FUZZ_SEED override the count per host and the seed; a failure names the batch
 * seed and index that reproduce it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { failureText, fuzzHost, HOST_NAMES, summary, type FuzzReport } from '../support/hostile-responses.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 100_000);
const SEED = Number(process.env['FUZZ_SEED'] ?? 0x5eed_f022);
/** Per 1,000 envelope bodies, how many carry a huge value (a 10 KB – 1 MiB string, or an array of up to 250,000 values). */
const HUGE_WEIGHT = 20;
/** Bound on the time any one body may take to decode. */
const MAX_MS_PER_BODY = 250;

describe('hostile response bodies: fuzz', () => {
  const reports: FuzzReport[] = [];
  const started = performance.now();

  afterAll(() => {
    const total = reports.reduce((n, r) => n + r.bodies, 0);
    const failed = reports.reduce((n, r) => n + r.failed, 0);
    const max = Math.max(0, ...reports.map((r) => r.maxMs));
    const p99 = Math.max(0, ...reports.map((r) => r.p99Ms));
    console.log(
      `[fuzz] responses: ${reports.map((r) => `${r.bodies} ${r.host}`).join(' + ')} = ${total} bodies, ${failed} failures, ` +
        `per body max ${max.toFixed(2)} ms, p99 ${p99.toFixed(3)} ms, total ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
    );
  });

  it.each(HOST_NAMES.map((host, i) => [host, i] as const))(
    `%s: ${RUNS.toLocaleString('en')} mutated and random bodies never throw and keep every guarantee`,
    (host, i) => {
      const report = fuzzHost(host, { runs: RUNS, seed: SEED + i, hugeWeight: HUGE_WEIGHT });
      reports.push(report);
      console.log(`[fuzz] ${summary(report)}\n[fuzz] slowest ${host} body: ${report.slowest}`);
      expect(report.bodies).toBe(RUNS);
      expect(report.polluted).toEqual([]);
      expect(report.failed, `${report.failed} failing bodies, first ones:\n${failureText(report)}`).toBe(0);
      expect(report.maxMs, `slowest body: ${report.slowest}`).toBeLessThan(MAX_MS_PER_BODY);
    },
    900_000,
  );

  it('Object.prototype gained nothing over the whole run', () => {
    const probe: Record<string, unknown> = {};
    expect(probe['polluted']).toBeUndefined();
    expect(probe['x']).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
    for (const key in probe) throw new Error(`Object.prototype has an enumerable ${key}`);
  });
});
