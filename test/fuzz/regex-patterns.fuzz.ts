/**
 * `npm run fuzz`: many random patterns of the shapes that make backtracking slow
 * (test/support/random-patterns.ts); each one the rule of generator/regex/pattern-safety.ts
 * accepts must run in V8 within 50 ms of CPU on 4,096 characters (scaled by how much slower than
 * quiet the machine runs a reference pattern, test/support/regex-timing.ts). FUZZ_PATTERNS (default 1,500)
 * and FUZZ_SEED steer it; a failure prints the pattern and its time.
 */
import { describe, expect, it } from 'vitest';
import { randomPatterns } from '../support/random-patterns.js';
import { acceptedJobs, randomPatternTexts, timeMatching } from '../support/regex-timing.js';

const env = (name: string, fallback: number): number => Number(process.env[name] || fallback);
const COUNT = env('FUZZ_PATTERNS', 1500);
const SEED = env('FUZZ_SEED', 7);

describe('random patterns', () => {
  it(`${COUNT} patterns: each is refused, or runs within 50 ms`, () => {
    const jobs = acceptedJobs(randomPatterns(SEED, COUNT), randomPatternTexts);
    // In batches: a child that stalls on one pattern leaves the others timed.
    const batches = Array.from({ length: Math.ceil(jobs.length / 100) }, (_, i) => timeMatching(jobs.slice(i * 100, i * 100 + 100), 300_000));
    const slow = batches.flatMap((b) => b.timings.filter((t) => !(t.ms < 50 * b.slowdown)));
    const slowest = batches.flatMap((b) => b.timings).sort((a, b) => b.ms - a.ms)[0];
    console.log(`[regex patterns] ${COUNT} random patterns, ${jobs.length} accepted; the slowest ${slowest?.ms.toFixed(1)} ms (${JSON.stringify(slowest?.pattern)}), the reference up to ${Math.max(...batches.map((b) => b.referenceMs)).toFixed(1)} ms`);
    expect(slow).toEqual([]);
  });
});
