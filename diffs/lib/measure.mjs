// A Node program run and measured the benchmark's way (bench/lib/proc.mjs: its own process group,
// a time limit, peak memory from GNU time or a preload), with time in ms and memory in MB.
import { tmpdir } from 'node:os';
import { killAll, runMeasured } from '../../bench/lib/proc.mjs';

export { killAll };

/** `node <args>`: `{ ms, rssMB, code, signal, timedOut, stdout, stderr }`; `stdoutFile` takes a long output. */
export async function measure({ args, cwd, env, timeoutMs, stdoutFile }) {
  const run = await runMeasured(process.execPath, args, { cwd, env, timeoutMs, stdoutFile, measureDir: tmpdir() });
  return { ...run, ms: Math.round(run.ms), rssMB: Number.isFinite(run.maxRssKb) && !run.timedOut ? Math.round(run.maxRssKb / 1024) : null };
}
