/**
 * What V8 itself takes to run patterns, measured in a child process so that a slow one cannot
 * hang the tests: the child runs each pattern on each text as the runtime does (`exec`, or
 * `matchAll` for a `g` pattern) and reports, per pattern, the most CPU time any text took (the
 * least of three runs, so a descheduled run does not count: this machine is shared). CPU time,
 * not wall time: under load the wall clock measures the other processes.
 */
import { spawnSync } from 'node:child_process';
import { heavyTextFor, judge, TEXT_LIMIT } from '../../generator/regex/pattern-safety.js';

export interface TimedPattern {
  readonly pattern: string;
  readonly flags: string;
  readonly texts: readonly string[];
}

export interface Timing {
  readonly pattern: string;
  readonly flags: string;
  /** CPU milliseconds of the slowest text; Infinity when the child did not get to report it. */
  readonly ms: number;
}

const CHILD = `
const jobs = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const cpu = (run) => { const before = process.cpuUsage(); run(); const used = process.cpuUsage(before); return (used.user + used.system) / 1000; };
const reference = () => { const re = /\\w+ /; const text = 'b'.repeat(4096); let least = Infinity; for (let i = 0; i < 5; i++) least = Math.min(least, cpu(() => re.exec(text))); return least; };
process.stdout.write(JSON.stringify(reference()) + '\\n');
for (const job of jobs) {
  const re = new RegExp(job.pattern, job.flags);
  let most = 0;
  for (const text of job.texts) {
    let least = Infinity;
    for (let run = 0; run < 3 && least > 0.05; run++) {
      re.lastIndex = 0;
      least = Math.min(least, cpu(() => { if (re.global) for (const _ of text.matchAll(re)); else re.exec(text); }));
    }
    most = Math.max(most, least);
  }
  process.stdout.write(JSON.stringify(most) + '\\n');
}
process.stdout.write(JSON.stringify(reference()) + '\\n');
`;

/**
 * What the reference pattern (`\w+ ` on 4,096 word characters, tried from every position: a
 * plain quadratic search) takes on the reference machine when it is quiet. The limits of the
 * tests are scaled by how much slower it runs now: vitest runs test files side by side, and other
 * jobs share the machine.
 */
export const REFERENCE_QUIET_MS = 12;

export interface Measurement {
  readonly timings: Timing[];
  /** The reference pattern's time, the more of before and after the jobs. */
  readonly referenceMs: number;
  /** How much slower than quiet the machine is now (at least 1). */
  readonly slowdown: number;
}

/** Every job's time; those after a job that did not finish within `timeoutMs` in all are Infinity. */
export function timeMatching(jobs: readonly TimedPattern[], timeoutMs: number): Measurement {
  const run = spawnSync(process.execPath, ['-e', CHILD], { input: JSON.stringify(jobs), encoding: 'utf8', timeout: timeoutMs, maxBuffer: 1 << 24 });
  const lines = run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => Number(line));
  const times = lines.slice(1, 1 + jobs.length);
  const referenceMs = Math.max(lines[0] ?? Infinity, lines[1 + jobs.length] ?? 0);
  const timings = jobs.map((job, i) => ({ pattern: job.pattern, flags: job.flags, ms: times[i] ?? Infinity }));
  return { timings, referenceMs, slowdown: Math.max(1, referenceMs / REFERENCE_QUIET_MS) };
}

/** `prefix`, then `pump` as often as fits, then `suffix`: `length` characters at most. */
export function pumped(attack: { readonly prefix: string; readonly pump: string; readonly suffix: string }, length: number): string {
  const room = length - attack.prefix.length - attack.suffix.length;
  const count = Math.max(0, Math.floor(room / Math.max(1, attack.pump.length)));
  return attack.prefix + attack.pump.repeat(count) + attack.suffix;
}

/** The heaviest text the analysis finds, and it ended by other characters, so that a match at the end fails. */
export function heavyTexts(pattern: string, unicode: boolean): string[] {
  const heavy = heavyTextFor(pattern, unicode) ?? '';
  return [heavy, ...['!', '\n', ' ', '\u0000', 'a'].map((end) => heavy.slice(0, TEXT_LIMIT - 1) + end)];
}

/** The patterns the rule lets through, each with its texts to time; the rest is refused. */
export function acceptedJobs<T extends { readonly pattern: string; readonly flags: string }>(entries: readonly T[], texts: (entry: T) => string[]): TimedPattern[] {
  return entries.filter((e) => judge(e.pattern, e.flags.includes('u')).safe).map((e) => ({ pattern: e.pattern, flags: e.flags, texts: texts(e) }));
}

/** Texts for a random pattern: the heavy ones, and runs of the characters random patterns read. */
export function randomPatternTexts(entry: { readonly pattern: string; readonly flags: string }): string[] {
  const runs = ['a', 'ab', 'a ', 'a1'].map((w) => `${w.repeat(TEXT_LIMIT / w.length).slice(0, TEXT_LIMIT - 1)}!`);
  return [...heavyTexts(entry.pattern, entry.flags.includes('u')), ...runs];
}
