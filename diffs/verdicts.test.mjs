// The hand-checked verdicts (verdicts/*.json) against contractgen diff as a user runs it: the built
// CLI on each pair that has verdicts, its JSON report's findings placed in the descriptions.
// `npm run diffs:verdicts` at the repository root (after `npm run diffs` has installed diffs/);
// VERDICTS=<file> checks one file.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { judge, placeFindings, shapeProblems } from './lib/verdicts.mjs';
import { findingsOf } from './lib/contractgen.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const files = process.env.VERDICTS ? [join(root, process.env.VERDICTS)] : readdirSync(join(here, 'verdicts')).filter((f) => f.endsWith('.json')).map((f) => join(here, 'verdicts', f));
// The pairs as the last run chose them (results.json): choosing them again reads thousands of files.
const pairs = new Map(JSON.parse(readFileSync(join(here, 'results.json'), 'utf8')).pairs.map((p) => [p.id, p]));
const reports = new Map();

function placedFor(pair) {
  if (!reports.has(pair.id)) {
    const out = execFileSync(process.execPath, ['generator/dist/generator/bin.js', 'diff', pair.old, pair.new, '--format', 'json'], { cwd: root, maxBuffer: 1 << 30, encoding: 'utf8' });
    const texts = { old: readFileSync(join(root, pair.old), 'utf8'), new: readFileSync(join(root, pair.new), 'utf8') };
    reports.set(pair.id, placeFindings(findingsOf(JSON.parse(out)), texts));
  }
  return reports.get(pair.id);
}

for (const file of files) {
  const { verdicts } = JSON.parse(readFileSync(file, 'utf8'));
  test(`${basename(file)}: every verdict is well formed`, () => assert.deepEqual(shapeProblems(verdicts, new Set(pairs.keys())), []));
  for (const v of verdicts) {
    if (!pairs.has(v.pair)) continue;
    // A verdict the engine does not meet yet says why in `open`: it runs as a todo, reported apart.
    const options = typeof v.open === 'string' ? { todo: v.open } : {};
    test(`${basename(file)}: ${v.pair} ${v.at.pointer}: ${v.rule ?? `no ${v.absent.join(', ')}`}`, options, () => assert.deepEqual(judge(v, placedFor(pairs.get(v.pair))), []));
  }
}
