// The figures over every pair (summarise) and diffs/RESULTS.md (render).
import { MODES } from './contractgen.mjs';
import { PEERS } from './peers.mjs';

const TARGETS = { default: { s: 6, mb: 600 }, 'no-api': { s: 4 } };
const OUTCOMES = ['ok', 'refused', 'crash', 'timeout'];
const LEVELS = ['breaking', 'warning', 'info'];
const DISAGREEMENTS_PER_PAIR = 3;

export function summarise(records, meta) {
  const modes = Object.fromEntries(MODES.map(({ name }) => [name, runFigures(records.map((r) => r.contractgen[name]))]));
  const ran = records.map((r) => r.contractgen.default).filter((c) => c.outcome === 'ok');
  const sum = (f) => ran.reduce((s, c) => s + f(c), 0);
  return {
    ...meta,
    pairs: records.length,
    groups: countBy(records.map((r) => r.group)),
    openapi31: records.filter((r) => r.openapi.old.startsWith('3.1') || r.openapi.new.startsWith('3.1')).length,
    modes,
    findings: {
      ...Object.fromEntries(LEVELS.map((l) => [l, sum((c) => c.levels[l] ?? 0)])),
      wireBreaking: sum((c) => c.wireBreaking),
      sourceBreaking: sum((c) => c.sourceBreaking),
    },
    bumps: Object.fromEntries(MODES.map(({ name }) => [name, countBy(records.map((r) => r.contractgen[name].bump).filter(Boolean))])),
    rules: ruleTotals(ran),
    peers: Object.fromEntries(PEERS.map(({ name }) => [name, peerFigures(records, name)]).filter(([, f]) => f.runs > 0)),
  };
}

function runFigures(runs) {
  const ok = runs.filter((r) => r.outcome === 'ok');
  return { ...Object.fromEntries(OUTCOMES.map((o) => [o, runs.filter((r) => r.outcome === o).length])), ...spread(ok, 'ms'), ...spread(ok, 'rssMB') };
}

function spread(runs, key) {
  const values = runs.map((r) => r[key]).filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (values.length === 0) return {};
  const mid = values.length >> 1;
  // Times and megabytes are whole numbers; a ratio keeps one decimal.
  const places = key === 'ratio' ? 10 : 1;
  const median = values.length % 2 === 1 ? values[mid] : Math.round(((values[mid - 1] + values[mid]) / 2) * places) / places;
  return { [`${key}Median`]: median, [`${key}Max`]: values[values.length - 1] };
}

function ruleTotals(runs) {
  const totals = new Map();
  for (const run of runs)
    for (const [rule, { level, count }] of Object.entries(run.rules)) {
      const t = totals.get(rule) ?? { rule, level, count: 0, pairs: 0 };
      t.count += count;
      t.pairs += 1;
      totals.set(rule, t);
    }
  return [...totals.values()].sort((a, b) => b.count - a.count || a.rule.localeCompare(b.rule));
}

function peerFigures(records, name) {
  const runs = records.map((r) => r.peers[name]).filter(Boolean);
  const ok = runs.filter((r) => r.outcome === 'ok');
  const ratios = records
    .filter((r) => r.peers[name]?.outcome === 'ok' && r.contractgen.default.outcome === 'ok')
    .map((r) => ({ ratio: r.peers[name].ms / r.contractgen.default.ms }));
  const compared = runs.filter((r) => r.agreement !== undefined);
  const total = (k) => compared.reduce((s, r) => s + r.agreement.operations[k], 0);
  return {
    runs: runs.length,
    ...Object.fromEntries(OUTCOMES.map((o) => [o, runs.filter((r) => r.outcome === o).length])),
    ...spread(ok, 'ms'),
    ...spread(ok, 'rssMB'),
    timeRatio: spread(ratios.map((r) => ({ ratio: Math.round(r.ratio * 10) / 10 })), 'ratio'),
    breaking: ok.reduce((s, r) => s + r.breaking, 0),
    compared: compared.length,
    operations: Object.fromEntries(['contractgen', 'peer', 'both', 'onlyContractgen', 'onlyPeer'].map((k) => [k, total(k)])),
  };
}

function countBy(values) {
  const out = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

export function render(s, records) {
  return [...header(s), ...summaryTable(s), ...github(records), ...pairTable(records), ...rulesTable(s), ...peers(s, records), ...howTo()].join('\n');
}

/** A Markdown table: the header row, the rule, a row per list of cells, a blank line. */
function table(headers, rows) {
  const row = (cells) => `| ${cells.join(' | ')} |`;
  return [row(headers), row(headers.map(() => '---')), ...rows.map(row), ''];
}

function header(s) {
  const groups = Object.entries(s.groups).map(([g, n]) => `${n} from ${g}`).join(', ');
  return [
    '# contractgen diff on real version pairs',
    '',
    `${s.pairs} pairs of real descriptions (${groups}; ${s.openapi31} with OpenAPI 3.1 on a side), each diffed by the built CLI (\`contractgen diff <old> <new> --format json\`) in a child process, in the default mode and with \`--no-api\`, one at a time: wall time and peak resident memory of the whole process (both descriptions' import included). Node ${s.node}, ${s.cpus} CPUs shared with other work (the one-minute load average of each run is in results.json). Written by \`npm run diffs\` (diffs/run.mjs); per-pair figures in diffs/results.json, a sample of findings for hand-checking in diffs/verdict-candidates.json. How the versions and pairs were chosen: diffs/README.md (seed ${s.seed}).${s.only === null ? '' : ` Only the pairs whose id holds "${s.only}".`}`,
    '',
  ];
}

function summaryTable(s) {
  const f = s.findings;
  return [
    '## Summary',
    '',
    ...table(
      ['Mode', 'ok', 'refused', 'crashes', 'time-outs', 'median time', 'max time', 'median MB', 'max MB', 'bumps'],
      MODES.map(({ name }) => {
        const m = s.modes[name];
        return [name, m.ok, m.refused, m.crash, m.timeout, sec(m.msMedian), sec(m.msMax), m.rssMBMedian ?? '—', m.rssMBMax ?? '—', bumps(s.bumps[name])];
      }),
    ),
    `Findings (default mode, over the pairs it finished): **${f.breaking} breaking**, ${f.warning} warning, ${f.info} info; ${f.wireBreaking} breaking on the wire, ${f.sourceBreaking} breaking in source. \`--no-api\` reports the same findings (it leaves out the generated packages' API comparison, which decides the bump). "refused": the CLI exited 1 saying what is wrong with an input.`,
    '',
  ];
}

function bumps(counts) {
  return Object.entries(counts ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([b, n]) => `${b} ${n}`)
    .join(', ');
}

function github(records) {
  const rows = records.filter((r) => r.why === 'GitHub');
  if (rows.length === 0) return [];
  const time = (c, limit) => (c.outcome !== 'ok' ? c.outcome : `${sec(c.ms)}${limit === undefined ? '' : c.ms <= limit * 1000 ? ' ✓' : ` ✗ (≤ ${limit} s)`}`);
  const mem = (c, limit) => (c.rssMB === null ? '—' : `${c.rssMB}${limit === undefined ? '' : c.rssMB <= limit ? ' ✓' : ` ✗ (≤ ${limit})`}`);
  const runs = (c) => (c.runs ?? [c]).map((r) => `${sec(r.ms)} (load ${r.load})`).join(', ');
  return [
    "## GitHub's description (the issue's speed target)",
    '',
    `Two 11–13 MB descriptions; the targets are ≤ ${TARGETS.default.s} s and ≤ ${TARGETS.default.mb} MB peak in the default mode, ≤ ${TARGETS['no-api'].s} s with \`--no-api\`. Each mode ran three times; the median run is shown, every run's time (and the machine's load average then) after it.`,
    '',
    ...table(
      ['Pair', 'default time', 'default MB', '--no-api time', '--no-api MB', 'breaking / warning / info', 'bump (default, --no-api)'],
      rows.map((r) => {
        const [d, n] = [r.contractgen.default, r.contractgen['no-api']];
        return [r.id, time(d, TARGETS.default.s), mem(d, TARGETS.default.mb), time(n, TARGETS['no-api'].s), mem(n), levels(d), `${d.bump ?? '—'}, ${n.bump ?? '—'}`];
      }),
    ),
    ...rows.flatMap((r) => [`- ${r.id}: default ${runs(r.contractgen.default)}; --no-api ${runs(r.contractgen['no-api'])}.`]),
    '',
  ];
}

function pairTable(records) {
  return [
    '## Every pair',
    '',
    'Time and peak memory in the default mode, then with `--no-api`. KB: the two files. Optic and openapi-diff: time and breaking findings, or what stopped them (see Peers).',
    '',
    ...table(
      ['Pair', 'why', 'OpenAPI', 'KB', 'outcome', 'breaking / warning / info', 'time', 'MB', '--no-api time', 'MB', 'bump', 'Optic', 'openapi-diff'],
      records.map((r) => {
        const [d, n] = [r.contractgen.default, r.contractgen['no-api']];
        const outcome = d.outcome === 'ok' ? 'ok' : `**${d.outcome}**: ${escape(d.error ?? '')}`;
        return [escape(r.id), r.why, `${r.openapi.old}→${r.openapi.new}`, `${kb(r.bytes.old)}→${kb(r.bytes.new)}`, outcome, levels(d), sec(d.ms), d.rssMB ?? '—', sec(n.ms), n.rssMB ?? '—', `${d.bump ?? '—'}/${n.bump ?? '—'}`, peerCell(r.peers.optic), peerCell(r.peers['openapi-diff'])];
      }),
    ),
  ];
}

function peerCell(p) {
  if (p === undefined) return 'not run';
  if (p.outcome !== 'ok') return `${p.outcome} ${sec(p.ms)}`;
  return `${sec(p.ms)}, ${p.breaking}`;
}

function levels(c) {
  return c.levels === undefined ? '—' : LEVELS.map((l) => c.levels[l] ?? 0).join(' / ');
}

function rulesTable(s) {
  return [
    '## Rules that fired',
    '',
    'Over the pairs the default mode finished: how many findings each rule gave, and in how many pairs.',
    '',
    ...table(
      ['Rule', 'level', 'findings', 'pairs'],
      s.rules.map((r) => [r.rule, r.level, r.count, r.pairs]),
    ),
  ];
}

function peers(s, records) {
  const names = Object.keys(s.peers);
  if (names.length === 0) return ['## Peers', '', 'Not run (`--no-peers`).', ''];
  const stopped = records.flatMap((r) => names.filter((n) => r.peers[n] !== undefined && r.peers[n].outcome !== 'ok').map((n) => `- ${n} on ${escape(r.id)}: ${r.peers[n].outcome} after ${sec(r.peers[n].ms)}${r.peers[n].error ? ` — ${escape(r.peers[n].error)}` : ''}`));
  return [
    '## Peers',
    '',
    `Each peer ran on the same pairs, one run at a time, with a ${s.peerTimeoutS} s limit: ${PEERS.map((p) => p.label).join('; ')}.${s.peersReused ? " The peers' figures are from their last run (read from diffs/out/ by `--reuse-peers`); contractgen's were measured again, and so compared again." : ''} Their breaking verdicts are set beside contractgen's by operation (\`METHOD /path\`): Optic names the operation of each failed check; openapi-diff's locations are paths into the operation; contractgen's positions are placed in the description and a finding in a component schema counts for every operation that reaches it through \`$ref\`. Findings about the API as a whole (info, servers, security schemes, unreached schemas) are counted apart.`,
    '',
    ...table(
      ['Peer', 'ran', 'ok', 'refused', 'crashes', 'time-outs', 'median time', 'max time', 'median MB', 'time ÷ contractgen (median, max)', 'breaking findings', 'pairs compared', 'operations breaking: contractgen / peer / both / only contractgen / only peer'],
      names.map((n) => {
        const p = s.peers[n];
        const o = p.operations;
        // Reused peer runs met another load than contractgen's new ones: their ratio would mislead.
        const ratio = s.peersReused ? '— (peers reused)' : `${p.timeRatio.ratioMedian ?? '—'}×, ${p.timeRatio.ratioMax ?? '—'}×`;
        return [n, p.runs, p.ok, p.refused, p.crash, p.timeout, sec(p.msMedian), sec(p.msMax), p.rssMBMedian ?? '—', ratio, p.breaking, p.compared, `${o.contractgen} / ${o.peer} / ${o.both} / ${o.onlyContractgen} / ${o.onlyPeer}`];
      }),
    ),
    '### What stopped them',
    '',
    ...(stopped.length === 0 ? ['Nothing: every run finished.'] : stopped),
    '',
    '### Where they disagree',
    '',
    `Per pair, operations only one side calls broken (at most ${DISAGREEMENTS_PER_PAIR} of each kind here; results.json lists up to 12 with each tool's first findings there).`,
    '',
    ...disagreements(records, names),
  ];
}

function disagreements(records, names) {
  const lines = [];
  for (const r of records)
    for (const n of names) {
      const a = r.peers[n]?.agreement;
      if (a === undefined || (a.onlyContractgen.length === 0 && a.onlyPeer.length === 0)) continue;
      const o = a.operations;
      lines.push(`**${escape(r.id)}, ${n}**: ${o.both} both, ${o.onlyContractgen} only contractgen, ${o.onlyPeer} only ${n}.`, '');
      for (const d of a.onlyContractgen.slice(0, DISAGREEMENTS_PER_PAIR)) lines.push(`- only contractgen, ${escape(d.operation)}: ${escape(d.contractgen[0])}`);
      for (const d of a.onlyPeer.slice(0, DISAGREEMENTS_PER_PAIR)) lines.push(`- only ${n}, ${escape(d.operation)}: ${escape(d.peer[0])}`);
      lines.push('');
    }
  return lines;
}

function howTo() {
  return [
    '## Running it',
    '',
    '`npm run diffs` (installs diffs/, builds, runs everything; on 2 shared cores most of the time goes to the peers). `DIFFS_ONLY=<text>` runs the pairs whose id holds the text and prints the report (committed files untouched); `--no-peers` skips the peers; `--render` rewrites this file and verdict-candidates.json from results.json and diffs/out/.',
    '',
  ];
}

function sec(ms) {
  return typeof ms === 'number' ? `${(ms / 1000).toFixed(1)} s` : '—';
}

function kb(bytes) {
  return Math.round(bytes / 1024).toLocaleString('en');
}

/** Text from a description or a tool (a path, a message) in a table cell: pipes and newlines kept out. */
function escape(text) {
  return String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;'));
}
