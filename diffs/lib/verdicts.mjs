// Verdicts checked by hand on the real pairs (diffs/verdicts/*.json), held against what contractgen
// reports now. A verdict names a place in one description (a JSON Pointer on the old or new side),
// says in words what changed and what an existing client sees, and gives the rule contractgen must
// report there with its wire and source levels; `absent` lists rules that must not be reported
// there (the false alarms a reviewer would otherwise read).
import { lineStarts, offsetOf, pathsAt, pointer } from './json-locate.mjs';

const LEVELS = new Set(['breaking', 'warning', 'info']);
const SIDES = new Set(['old', 'new']);

/** Problems with a verdict file's shape (an empty list when it is well formed). */
export function shapeProblems(verdicts, pairIds) {
  const problems = [];
  verdicts.forEach((v, i) => {
    const say = (text) => problems.push(`verdict ${i + 1} (${v.pair ?? '?'}, ${v.rule ?? v.absent?.join(', ') ?? '?'}): ${text}`);
    if (!pairIds.has(v.pair)) say(`no pair has the id '${v.pair}'`);
    if (!SIDES.has(v.at?.side) || typeof v.at?.pointer !== 'string') say('`at` needs a side (old or new) and a pointer');
    for (const key of ['change', 'client']) if (typeof v[key] !== 'string' || v[key].length < 10) say(`\`${key}\` must say it in words`);
    if (v.rule === undefined && (v.absent ?? []).length === 0) say('a verdict expects a rule, or names rules that are absent');
    if (v.rule !== undefined && (!LEVELS.has(v.wire) || !LEVELS.has(v.source))) say('`wire` and `source` must be breaking, warning or info');
    if (v.open !== undefined && (typeof v.open !== 'string' || v.open.length < 10)) say('`open` must say why the engine does not meet the verdict yet');
  });
  return problems;
}

/**
 * Every finding of a report with the pointer of each of its positions (`at.old`, `at.new`), read
 * from the descriptions' texts in one pass a side.
 */
export function placeFindings(findings, texts) {
  const placed = findings.map((f) => ({ finding: f, at: {} }));
  for (const side of SIDES) {
    const text = texts[side];
    const starts = lineStarts(text);
    const offsets = findings.map((f) => (f[side]?.line === undefined ? -1 : offsetOf(starts, f[side].line, f[side].col)));
    const paths = pathsAt(text, offsets);
    offsets.forEach((o, i) => {
      if (o >= 0) placed[i].at[side] = pointer(paths.get(o) ?? []);
    });
  }
  return placed;
}

/** What is wrong with contractgen's report against one verdict (an empty list when it holds). */
export function judge(verdict, placed) {
  const here = placed.filter((p) => p.at[verdict.at.side] === verdict.at.pointer);
  const problems = [];
  if (verdict.rule !== undefined) {
    const same = here.filter((p) => p.finding.rule === verdict.rule);
    if (same.length === 0) problems.push(`expected ${verdict.rule} at ${verdict.at.side} ${verdict.at.pointer}; found ${describe(here)}`);
    else if (!same.some((p) => p.finding.wire === verdict.wire && p.finding.source === verdict.source))
      problems.push(`${verdict.rule} at ${verdict.at.pointer} is wire ${same[0].finding.wire} / source ${same[0].finding.source}, the verdict says ${verdict.wire} / ${verdict.source}`);
  }
  for (const rule of verdict.absent ?? []) if (here.some((p) => p.finding.rule === rule)) problems.push(`${rule} is reported at ${verdict.at.pointer}, the verdict says it is a false alarm`);
  return problems;
}

function describe(here) {
  return here.length === 0 ? 'nothing there' : here.map((p) => `${p.finding.rule} (${p.finding.wire}/${p.finding.source})`).join(', ');
}
