// contractgen's breaking findings beside a peer's, operation by operation: which operations each
// calls broken, where they agree, and the operations where only one of them does (with what each
// said there), for RESULTS.md and a person to judge.
import { lineStarts, offsetOf, pathsAt } from './json-locate.mjs';
import { API_WIDE, operationOfDotted, operationsAt, reachOf } from './operations.mjs';

const LISTED = 12;

/** A description read once for every comparison of a pair: its text, tree, line starts and reach. */
export function loadSide(text) {
  const doc = JSON.parse(text);
  return { text, doc, starts: lineStarts(text), reach: reachOf(doc) };
}

/** Operation → contractgen's breaking findings there (positions turned into operations). */
export function ourBreaking(findings, sides) {
  const breaking = findings.filter((f) => f.level === 'breaking');
  const byOp = new Map();
  for (const name of ['old', 'new']) {
    const side = sides[name];
    const placed = breaking.filter((f) => f[name]?.line !== undefined);
    const offsets = placed.map((f) => offsetOf(side.starts, f[name].line, f[name].col));
    const paths = pathsAt(side.text, offsets);
    placed.forEach((f, i) => {
      for (const op of operationsAt(side.doc, side.reach, paths.get(offsets[i]) ?? [], f.direction)) add(byOp, op, f);
    });
  }
  for (const f of breaking) if (f.old?.line === undefined && f.new?.line === undefined) add(byOp, API_WIDE, f);
  return byOp;
}

/** Operation → a peer's breaking findings (Optic names it; openapi-diff's locations are read). */
export function peerBreaking(findings, sides) {
  const byOp = new Map();
  for (const f of findings) {
    if (f.operation !== undefined) add(byOp, f.operation, f);
    else for (const [name, locations] of [['old', f.old], ['new', f.new]]) for (const l of locations ?? []) add(byOp, operationOfDotted(sides[name].doc, l), f);
  }
  return byOp;
}

function add(map, key, finding) {
  if (!map.has(key)) map.set(key, new Set());
  map.get(key).add(finding);
}

/** Agreement over operations (the API-wide findings counted apart), and the first disagreements. */
export function agreement(ours, theirs) {
  const keys = (m) => new Set([...m.keys()].filter((k) => k !== API_WIDE));
  const [a, b] = [keys(ours), keys(theirs)];
  const both = [...a].filter((k) => b.has(k));
  const onlyOurs = [...a].filter((k) => !b.has(k)).sort();
  const onlyTheirs = [...b].filter((k) => !a.has(k)).sort();
  const said = (m, k) => [...m.get(k)].slice(0, 3).map((f) => `${f.rule}: ${f.message}`.slice(0, 220));
  return {
    operations: { contractgen: a.size, peer: b.size, both: both.length, onlyContractgen: onlyOurs.length, onlyPeer: onlyTheirs.length },
    apiWide: { contractgen: ours.get(API_WIDE)?.size ?? 0, peer: theirs.get(API_WIDE)?.size ?? 0 },
    onlyContractgen: onlyOurs.slice(0, LISTED).map((op) => ({ operation: op, contractgen: said(ours, op) })),
    onlyPeer: onlyTheirs.slice(0, LISTED).map((op) => ({ operation: op, peer: said(theirs, op) })),
  };
}
