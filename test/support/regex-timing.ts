/**
 * What V8 itself takes to run patterns, measured in a child process so that a slow one cannot
 * hang the tests: the child runs each pattern on each text as the runtime does (`exec`, or
 * `matchAll` for a `g` pattern) and reports, per pattern, the most CPU time any text took (the
 * least of two runs, so a descheduled run does not count: this machine is shared). CPU time, not
 * wall time: under load the wall clock measures the other processes.
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
for (const job of jobs) {
  const re = new RegExp(job.pattern, job.flags);
  let most = 0;
  for (const text of job.texts) {
    let least = Infinity;
    for (let run = 0; run < 2 && least > 0.05; run++) {
      re.lastIndex = 0;
      const before = process.cpuUsage();
      if (re.global) for (const _ of text.matchAll(re)); else re.exec(text);
      const used = process.cpuUsage(before);
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    most = Math.max(most, least);
  }
  process.stdout.write(JSON.stringify(most) + '\\n');
}
`;

/** Every job's time; those after a job that did not finish within `timeoutMs` in all are Infinity. */
export function timeMatching(jobs: readonly TimedPattern[], timeoutMs: number): Timing[] {
  const run = spawnSync(process.execPath, ['-e', CHILD], { input: JSON.stringify(jobs), encoding: 'utf8', timeout: timeoutMs, maxBuffer: 1 << 24 });
  const times = run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => Number(line));
  return jobs.map((job, i) => ({ pattern: job.pattern, flags: job.flags, ms: times[i] ?? Infinity }));
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
