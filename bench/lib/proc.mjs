/**
 * Child processes for the benchmark: every one has a timeout, runs in its own process group (so a
 * timeout also ends its children), and is killed when the benchmark exits. Wall time is measured
 * here; peak memory (max RSS) with GNU time when /usr/bin/time exists, otherwise with a preload
 * script that records process.resourceUsage().maxRSS of a Node child at exit.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('./rss-preload.cjs', import.meta.url));
const live = new Set();

/** Whether GNU time is usable for peak memory. */
export const GNU_TIME = (() => {
  if (!existsSync('/usr/bin/time')) return false;
  const r = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 && /^\d+\s*$/m.test(r.stderr);
})();

export const MEMORY_METHOD = GNU_TIME ? '/usr/bin/time (max RSS of the process tree\'s largest process)' : 'process.resourceUsage().maxRSS of the Node child (preload)';

/** Ends every child still running (its whole process group). */
export function killAll() {
  for (const child of live) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  live.clear();
}

function keepTail(chunks, chunk, limit = 64 * 1024) {
  chunks.push(chunk);
  let size = chunks.reduce((n, c) => n + c.length, 0);
  while (size > limit && chunks.length > 1) size -= chunks.shift().length;
}

let seq = 0;

/**
 * Runs `command args` to completion. Returns { code, signal, ms, maxRssKb, stdout, stderr, timedOut }.
 * `measureDir` is where the memory report file goes (a temp dir). `stdoutFile`, `stderrFile`: the
 * child's whole output written there instead (a report of megabytes, an error whose first line is
 * followed by megabytes of context; `stdout`/`stderr` are then empty).
 */
export function runMeasured(command, args, { cwd, timeoutMs, env, measureDir, stdoutFile, stderrFile }) {
  const rssFile = join(measureDir, `rss-${process.pid}-${++seq}.txt`);
  let cmd = command;
  let argv = args;
  const childEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env };
  if (GNU_TIME) {
    cmd = '/usr/bin/time';
    argv = ['-f', '%M', '-o', rssFile, command, ...args];
  } else if (command === process.execPath) {
    argv = ['-r', PRELOAD, ...args];
    childEnv.BENCH_RSS_FILE = rssFile;
  }
  const fds = [stdoutFile, stderrFile].map((file) => (file === undefined ? 'pipe' : openSync(file, 'w')));
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd, argv, { cwd, env: childEnv, stdio: ['ignore', ...fds], detached: true });
    for (const fd of fds) if (typeof fd === 'number') closeSync(fd);
    live.add(child);
    const out = [];
    const err = [];
    child.stdout?.on('data', (c) => keepTail(out, c));
    child.stderr?.on('data', (c) => keepTail(err, c));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, timeoutMs);
    let ended;
    child.on('exit', () => {
      ended = performance.now();
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      live.delete(child);
      resolve({ code: -1, signal: null, ms: NaN, maxRssKb: NaN, stdout: '', stderr: String(e), timedOut });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      const ms = (ended ?? performance.now()) - started;
      let maxRssKb = NaN;
      try {
        const text = readFileSync(rssFile, 'utf8');
        // GNU time writes "Command exited with non-zero status N" before the format on failure.
        const m = text.trim().split('\n').pop()?.match(/^(\d+)$/);
        if (m) maxRssKb = Number(m[1]);
      } catch {
        /* no report (not Node, or killed) */
      }
      rmSync(rssFile, { force: true });
      resolve({
        code,
        signal,
        ms,
        maxRssKb,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
      });
    });
  });
}

/**
 * Starts a long-running child (watch mode, the HTTP server). Returns the child; lines of its
 * stdout and stderr go to `onLine`. `stop()` ends it: SIGTERM, then SIGKILL after 5 s.
 */
export function startLong(command, args, { cwd, env, onLine }) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  child.on('exit', () => live.delete(child));
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      buffer += chunk;
      let i;
      while ((i = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, i).replace(/\r$/, '');
        buffer = buffer.slice(i + 1);
        if (line !== '') onLine(line, performance.now());
      }
    });
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }, 5000);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  return { child, exited, stop };
}
