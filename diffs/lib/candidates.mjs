// The list for hand-checking (diffs/verdict-candidates.json): a seeded sample of contractgen's
// findings on the pairs, spread over as many rules (and, within a rule, pairs) as there are, each
// with the old and new description's text around it, so a person can judge "would an existing
// client break on the wire, or at compile time?" without opening the files.
import { seededShuffle } from '../../corpus/descriptions.mjs';
import { offsetOf, pathsAt } from './json-locate.mjs';
import { snippet } from './snippet.mjs';

export const SAMPLE = 150;
/** Breaking and warning rules are drawn twice per round: those verdicts are the ones to check. */
const DRAWS = { breaking: 2, warning: 2, info: 1 };

/**
 * `pool`: every finding as `{ pair, finding }`. Returns the chosen ones in draw order: round after
 * round, each rule (in a seeded order) gives its next finding(s), its findings taken from its pairs
 * in turn (a seeded order within each pair), until `size` are chosen or none are left.
 */
export function sample(pool, seed, size = SAMPLE) {
  const byRule = new Map();
  for (const item of pool) {
    const rule = item.finding.rule;
    if (!byRule.has(rule)) byRule.set(rule, []);
    byRule.get(rule).push(item);
  }
  const queues = seededShuffle([...byRule.keys()].sort(), seed).map((rule) => ({ rule, items: alternatePairs(byRule.get(rule), seed) }));
  const chosen = [];
  while (chosen.length < size && queues.some((q) => q.items.length > 0))
    for (const q of queues)
      for (let n = DRAWS[q.items[0]?.finding.level] ?? 1; n > 0 && q.items.length > 0 && chosen.length < size; n--) chosen.push(q.items.shift());
  return chosen;
}

/** A rule's findings, one pair after another in turn, each pair's in a seeded order. */
function alternatePairs(items, seed) {
  const byPair = new Map();
  for (const item of items) {
    if (!byPair.has(item.pair.id)) byPair.set(item.pair.id, []);
    byPair.get(item.pair.id).push(item);
  }
  const lists = seededShuffle([...byPair.keys()].sort(), seed).map((id) => seededShuffle(byPair.get(id), seed));
  const out = [];
  for (let i = 0; out.length < items.length; i++) for (const list of lists) if (i < list.length) out.push(list[i]);
  return out;
}

/**
 * One candidate as written: the finding's words and positions, and each side's snippet. `sides`:
 * each description as lib/compare.mjs loads it, with `paths` (offset → path) where the caller has
 * located every position of the pair in one pass.
 */
export function candidate({ pair, finding }, sides) {
  const subject = finding.message.split(': ')[0];
  const side = (name) => {
    const at = finding[name];
    if (at?.line === undefined) return null;
    const s = sides[name];
    const offset = offsetOf(s.starts, at.line, at.col);
    const path = s.paths?.get(offset) ?? pathsAt(s.text, [offset]).get(offset) ?? [];
    return { file: pair[name], line: at.line, col: at.col, ...snippet(s.doc, path, subject) };
  };
  return {
    pair: pair.id,
    rule: finding.rule,
    level: finding.level,
    wire: finding.wire,
    source: finding.source,
    direction: finding.direction,
    message: finding.message,
    old: side('old'),
    new: side('new'),
    verdict: null,
  };
}
