/**
 * `contractgen diff` on one pair of large descriptions (issue 33's GitHub 19 → 23: two 11-13 MB
 * descriptions, both imports included), in the default mode and with `--no-api`: wall time and
 * peak memory of each run, the load average when it started, and the median of each mode. Not part
 * of `npm test` (the figures are the machine's); the targets are ≤ 6 s and ≤ 600 MB in the default
 * mode, ≤ 4 s with `--no-api`, on a quiet 2-core machine.
 *
 *   npm install --prefix /tmp/gh19 @octokit/openapi@19 && npm install --prefix /tmp/gh23 @octokit/openapi@23
 *   node bench/diff-speed.mjs /tmp/gh19/node_modules/@octokit/openapi/generated/api.github.com.json \
 *     /tmp/gh23/node_modules/@octokit/openapi/generated/api.github.com.json
 *
 * DIFF_RUNS (default 3): runs per mode. BENCH_CONTRACTGEN: another contractgen CLI to measure (a
 * build of another commit). Peak memory is the process's, its worker thread included.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEMORY_METHOD, runMeasured } from './lib/proc.mjs';

const [oldFile, newFile] = process.argv.slice(2);
if (oldFile === undefined || newFile === undefined) {
  console.error('usage: node bench/diff-speed.mjs <old description> <new description>');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const cli = resolve(root, process.env.BENCH_CONTRACTGEN ?? 'generator/dist/generator/bin.js');
const runs = Number(process.env.DIFF_RUNS ?? 3);
const measureDir = mkdtempSync(join(tmpdir(), 'contractgen-diff-speed-'));

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const load = () => loadavg().map((l) => l.toFixed(2)).join(', ');

try {
  console.log(`${cli}\n${oldFile} → ${newFile}\nmemory: ${MEMORY_METHOD}\n`);
  for (const [mode, extra] of [['default', []], ['--no-api', ['--no-api']]]) {
    const times = [];
    const peaks = [];
    for (let i = 1; i <= runs; i++) {
      const started = load();
      // The GitHub format's last line is the summary (the runner keeps only the output's tail).
      const r = await runMeasured(process.execPath, [cli, 'diff', oldFile, newFile, '--format', 'github', ...extra], { cwd: root, timeoutMs: 600_000, measureDir });
      if (r.code !== 0) throw new Error(`diff exited ${r.code}: ${r.stderr}`);
      const summary = r.stdout.trimEnd().split('\n').at(-1)?.replace(/^::notice title=contract review::/, '');
      times.push(r.ms / 1000);
      peaks.push(r.maxRssKb / 1024);
      console.log(`${mode.padEnd(9)} run ${i}: ${(r.ms / 1000).toFixed(2)} s, ${(r.maxRssKb / 1024).toFixed(0)} MB peak; load ${started}; ${summary}`);
    }
    console.log(`${mode.padEnd(9)} median: ${median(times).toFixed(2)} s, ${median(peaks).toFixed(0)} MB peak\n`);
  }
} finally {
  rmSync(measureDir, { recursive: true, force: true });
}
