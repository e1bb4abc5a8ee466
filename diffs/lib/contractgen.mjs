// contractgen diff on one pair, in one mode, as a user runs it: the built CLI in a child process,
// its JSON report read back and counted.
import { readFileSync } from 'node:fs';
import { measure } from './measure.mjs';

export const MODES = [
  { name: 'default', flags: [] },
  { name: 'no-api', flags: ['--no-api'] },
];
const BIN = 'generator/dist/generator/bin.js';
const TIMEOUT_MS = 600_000;

/** Run one mode on a pair, its report written to `reportFile`; the run's outcome and counts. */
export async function runContractgen(root, pair, mode, reportFile) {
  const run = await measure({
    args: [BIN, 'diff', pair.old, pair.new, '--format', 'json', ...mode.flags],
    cwd: root,
    timeoutMs: TIMEOUT_MS,
    stdoutFile: reportFile,
  });
  const outcome = outcomeOf(run);
  const base = { outcome, ms: run.ms, rssMB: run.rssMB };
  if (outcome !== 'ok') return { ...base, error: firstLines(run.stderr) };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  return { ...base, ...countFindings(findingsOf(report)), bump: report.bump ?? null, apiChanges: Array.isArray(report.api) ? report.api.length : null };
}

/**
 * ok, refused (exit 1: the CLI said what is wrong with an input), timeout, or crash (a signal, an
 * exit code the CLI does not promise, or a stack trace printed).
 */
export function outcomeOf(run) {
  if (run.timedOut) return 'timeout';
  if (/\n\s+at .+:\d+:\d+\)?\n/.test(run.stderr)) return 'crash';
  if (run.code === 0) return 'ok';
  if (run.code === 1) return 'refused';
  return 'crash';
}

function firstLines(text) {
  return text.split('\n').filter((l) => l.trim() !== '').slice(0, 3).join(' | ').slice(0, 300);
}

/**
 * Every finding in a report, wherever the report puts it (a flat list today; grouped by operation
 * once the engine groups them): any object with a rule and a level.
 */
export function findingsOf(report) {
  const out = [];
  const seen = new Set();
  (function walk(node) {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (typeof node.rule === 'string' && typeof node.level === 'string') {
      out.push(node);
      return;
    }
    for (const value of Object.values(node)) walk(value);
  })(report.findings ?? report);
  return out;
}

/** Findings by level, by wire and source level, and by rule (each with its level). */
export function countFindings(findings) {
  const levels = { breaking: 0, warning: 0, info: 0 };
  const wireBreaking = findings.filter((f) => f.wire === 'breaking').length;
  const sourceBreaking = findings.filter((f) => f.source === 'breaking').length;
  const rules = {};
  for (const f of findings) {
    levels[f.level] = (levels[f.level] ?? 0) + 1;
    rules[f.rule] = { level: f.level, count: (rules[f.rule]?.count ?? 0) + 1 };
  }
  return { findings: findings.length, levels, wireBreaking, sourceBreaking, rules: sortedObject(rules) };
}

function sortedObject(o) {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}
