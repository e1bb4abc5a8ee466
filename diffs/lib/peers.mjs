// The peers on the same pairs: Optic (`optic diff <old> <new> --check`, its default breaking-change
// standard) and Atlassian's openapi-diff, each in a child process with a time limit, offline (Optic's
// telemetry and update check turned off). Each yields its breaking findings with the operation or
// location it names, for lib/compare.mjs. Each run's own output goes to `reportFile` (diffs/out/).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { outcomeOf } from './contractgen.mjs';
import { measure } from './measure.mjs';
import { API_WIDE, operationKey } from './operations.mjs';

export const PEERS = [
  { name: 'optic', label: 'Optic 1.0.9 (@useoptic/optic, `optic diff --check`)', run: runOptic },
  { name: 'openapi-diff', label: "openapi-diff 0.24.1 (Atlassian)", run: runOpenapiDiff },
];

async function runOptic(root, pair, timeoutMs, reportFile) {
  // A directory of its own: Optic looks for an optic.dev.yml and a git repository around it.
  const cwd = mkdtempSync(join(tmpdir(), 'diffs-optic-'));
  const run = await measure({
    args: [join(root, 'diffs/node_modules/@useoptic/optic/build/index.js'), 'diff', resolve(root, pair.old), resolve(root, pair.new), '--check'],
    cwd,
    env: { OPTIC_TELEMETRY_LEVEL: 'off', NO_UPDATE_NOTIFIER: '1' },
    timeoutMs,
    stdoutFile: reportFile,
  });
  rmSync(cwd, { recursive: true, force: true });
  const report = readFileSync(reportFile, 'utf8');
  const reported = /^Operations: /m.test(report);
  const outcome = reported && (run.code === 0 || run.code === 1) ? 'ok' : outcomeOf(run);
  const base = { outcome, ms: run.ms, rssMB: run.rssMB };
  if (outcome !== 'ok') return { ...base, error: errorLine(run.stderr || report, root) };
  return { ...base, breaking: parseOptic(report) };
}

/**
 * Optic's report: an `x METHOD /path:` line opens an operation, and each failed check under it is
 * `x [rule] message` (followed by `at file:line:col`). Checks before any operation are the API's.
 */
export function parseOptic(text) {
  const out = [];
  let operation = API_WIDE;
  for (const line of text.split('\n')) {
    const header = /^\S+\s+(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) (.+):\s*$/.exec(line);
    if (header) {
      operation = operationKey(header[1], header[2]);
      continue;
    }
    const check = /^\s+x \[([^\]]+)\]\s*(.*)$/.exec(line);
    if (check) out.push({ operation, rule: check[1], message: check[2].trim() });
  }
  return out;
}

async function runOpenapiDiff(root, pair, timeoutMs, reportFile) {
  const run = await measure({ args: [join(root, 'diffs/lib/openapi-diff-run.cjs'), pair.old, pair.new], cwd: root, timeoutMs, stdoutFile: reportFile });
  const outcome = outcomeOf(run);
  const base = { outcome, ms: run.ms, rssMB: run.rssMB };
  if (outcome !== 'ok') return { ...base, error: errorLine(run.stderr, root) };
  const { breaking } = JSON.parse(readFileSync(reportFile, 'utf8'));
  return { ...base, breaking: breaking.map((d) => ({ rule: d.code, message: d.code, old: d.old, new: d.new })) };
}

/**
 * The line that says what went wrong: an error's own line before the context a tool prints after it,
 * the checkout's own path (`root`, which openapi-diff resolves references against) left out so the
 * line reads the same on every machine.
 */
export function errorLine(text, root) {
  const local = root === undefined ? text : text.split(`${root}/`).join('');
  const lines = local.split('\n').map((l) => l.trim()).filter((l) => l !== '' && l !== '…');
  return (lines.find((l) => /FATAL ERROR|^\w*Error\b|^invalid openapi|^Validation errors/.test(l)) ?? lines[0] ?? '').slice(0, 240);
}
