// A Node program run and measured the benchmark's way (bench/lib/proc.mjs: its own process group,
// a time limit, peak memory from GNU time or a preload), with time in ms and memory in MB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killAll, runMeasured } from '../../bench/lib/proc.mjs';

export { killAll };

/** How much of each end of a long error output is kept: the message opens it, a stack trace ends it. */
const KEPT = 16 * 1024;

/** `node <args>`: `{ ms, rssMB, code, signal, timedOut, stdout, stderr }`; `stdoutFile` takes a long output. */
export async function measure({ args, cwd, env, timeoutMs, stdoutFile }) {
  const scratch = mkdtempSync(join(tmpdir(), 'diffs-'));
  const stderrFile = join(scratch, 'stderr');
  const run = await runMeasured(process.execPath, args, { cwd, env, timeoutMs, stdoutFile, stderrFile, measureDir: scratch });
  const stderr = readFileSync(stderrFile, 'utf8');
  rmSync(scratch, { recursive: true, force: true });
  return {
    ...run,
    ms: Math.round(run.ms),
    rssMB: Number.isFinite(run.maxRssKb) && !run.timedOut ? Math.round(run.maxRssKb / 1024) : null,
    stderr: stderr.length <= 2 * KEPT ? stderr : `${stderr.slice(0, KEPT)}\n…\n${stderr.slice(-KEPT)}`,
  };
}
