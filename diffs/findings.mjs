// For judging by hand: contractgen's findings on one pair, from its last report in diffs/out/, each
// with the JSON Pointer of its positions (what a verdict's `at` names) and the description text
// around it on each side.
//
//   node diffs/findings.mjs <text in the pair id> [rule] [--limit N] [--skip N]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { candidate } from './lib/candidates.mjs';
import { loadSide } from './lib/compare.mjs';
import { findingsOf } from './lib/contractgen.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const [text, rule] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
const option = (name, fallback) => Number(process.argv[process.argv.indexOf(name) + 1] ?? fallback) || fallback;
const limit = process.argv.includes('--limit') ? option('--limit', 5) : 5;
const skip = process.argv.includes('--skip') ? option('--skip', 0) : 0;

// The pairs of the last run (results.json): choosing them again reads thousands of files.
const matches = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8')).pairs.filter((p) => p.id.includes(text ?? ''));
if (text === undefined || matches.length !== 1) {
  console.error(text === undefined ? 'usage: node diffs/findings.mjs <text in the pair id> [rule] [--limit N] [--skip N]' : `'${text}' names ${matches.length} pairs: ${matches.map((p) => p.id).join('; ')}`);
  process.exit(2);
}
const pair = matches[0];
const file = join(here, 'out', `${pair.id.replace(/[^A-Za-z0-9.]+/g, '_')}.default.json`);
if (!existsSync(file)) {
  console.error(`${file} is missing: run npm run diffs first`);
  process.exit(1);
}
const all = findingsOf(JSON.parse(readFileSync(file, 'utf8'))).filter((f) => rule === undefined || f.rule === rule);
const sides = { old: loadSide(readFileSync(join(root, pair.old), 'utf8')), new: loadSide(readFileSync(join(root, pair.new), 'utf8')) };
console.log(`# ${pair.id}: ${all.length} findings${rule ? ` of ${rule}` : ''}; showing ${skip + 1}–${Math.min(all.length, skip + limit)}`);
for (const finding of all.slice(skip, skip + limit)) console.log(JSON.stringify(candidate({ pair, finding }, sides), null, 1));
