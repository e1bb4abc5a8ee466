// The part of a description a finding is about, cut to a few dozen lines a person can judge
// without opening a 13 MB file: the operation or schema at the finding's position, the member the
// finding names (a field, a parameter, a body) opened in full, its neighbours folded, and the
// schemas it refers to after it while room remains.
import { at, pointer, refPath } from './json-locate.mjs';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
/** The focused branch is always drawn at least this deep, whatever its neighbours get. */
const FOCUS_DEPTH = 5;
const LONG_TEXT = 100;
const INLINE_WIDTH = 110;

/**
 * Where in the node at `path` a finding's subject lies (a path below it), read from the finding's
 * own words: "Field owner.name", "Query parameter operation.name", "… form field name",
 * "… request body", "… response body". Undefined where it names none of them.
 */
export function focusOf(doc, path, subject) {
  const node = at(doc, path);
  const field = /^Field (.+)$/.exec(subject) ?? / form field (.+)$/.exec(subject);
  if (field) return findKey(node, ['properties', lastSegment(field[1])]);
  const param = /parameter ([^.]+)\.(.+)$/.exec(subject);
  if (param) return findParameter(doc, path, param[2]);
  if (/ request body$/.test(subject) && node?.requestBody !== undefined) return ['requestBody'];
  if (/ response body$/.test(subject) && node?.responses !== undefined) return ['responses'];
  return undefined;
}

function lastSegment(dotted) {
  const i = dotted.lastIndexOf('.');
  return i === -1 ? dotted : dotted.slice(i + 1);
}

/** The shortest path below `node` that ends in `keys` (breadth first, so the nearest wins). */
function findKey(node, keys) {
  const queue = [[node, []]];
  for (let seen = 0; queue.length > 0 && seen < 20000; seen++) {
    const [value, path] = queue.shift();
    if (value === null || typeof value !== 'object') continue;
    let inner = value;
    let ok = true;
    for (const k of keys) {
      if (inner === null || typeof inner !== 'object' || !Object.hasOwn(inner, k)) {
        ok = false;
        break;
      }
      inner = inner[k];
    }
    if (ok) return [...path, ...keys];
    for (const [k, v] of Object.entries(value)) queue.push([v, [...path, Array.isArray(value) ? Number(k) : k]]);
  }
  return undefined;
}

/** A parameter by name among an operation's own parameters (references followed). */
function findParameter(doc, path, name) {
  const list = at(doc, [...path, 'parameters']);
  if (!Array.isArray(list)) return undefined;
  const i = list.findIndex((p) => resolve(doc, p)?.name === name);
  return i === -1 ? undefined : ['parameters', i];
}

function resolve(doc, value) {
  const target = refPath(value?.$ref);
  return target === undefined ? value : at(doc, target);
}

/**
 * The snippet of `doc` at `path`: `{ pointer, focus, lines }`, at most `budget` lines. A path that
 * points at a path item or deeper in an operation is widened to the operation; one in a schema's
 * insides to the schema, so a judge sees the `required` list beside the property.
 */
export function snippet(doc, path, subject, budget = 60) {
  const base = widen(path);
  const focus = focusOf(doc, base, subject);
  const node = at(doc, base);
  const lines = fit(node, focus, budget);
  // A position at the document itself (a finding about the API as a whole) gets its outline only:
  // the first references anywhere in it would be chance schemas.
  if (base.length > 0) appendReferences(doc, lines, focus === undefined ? node : at(node, focus), base, budget);
  return { pointer: pointer(base), ...(focus === undefined ? {} : { focus: pointer(focus) }), lines };
}

/** The operation (paths./p.method) or component (components.kind.name) that holds `path`. */
export function widen(path) {
  if (path[0] === 'paths' && path.length >= 3 && METHODS.has(String(path[2]).toLowerCase())) return path.slice(0, 3);
  if (path[0] === 'components' && path.length >= 3) return path.slice(0, 3);
  return path;
}

/**
 * The node drawn as deep as `budget` lines allow: first every branch folded deeper and deeper (the
 * focused one never above depth 5), then, on the way to the focus, neighbours that are objects
 * left out (plain values such as `type` and `required` stay) and the focus folded from depth 2 on,
 * then cut.
 */
function fit(node, focus, budget) {
  let lines = [];
  for (const elide of focus === undefined ? [false] : [false, true])
    for (let depth = 10; depth >= 0; depth--) {
      // A drawing stops once it is longer than the budget: GitHub's schemas run to 100,000 lines drawn in full.
      lines = draw(node, focus, depth, '', '', elide, { left: budget });
      if (lines.length <= budget) return lines;
    }
  return [...lines.slice(0, budget - 1), '… (more lines left out)'];
}

/** The schemas the drawn part refers to, each after a `// #/…` line, while the budget lasts. */
function appendReferences(doc, lines, node, base, budget) {
  const seen = new Set([pointer(base)]);
  for (const ref of references(node)) {
    const target = refPath(ref);
    const room = budget - lines.length - 1;
    if (target === undefined || seen.has(pointer(target)) || room < 4) continue;
    seen.add(pointer(target));
    lines.push(`// ${ref}`, ...fit(at(doc, target), undefined, Math.min(room, 25)));
  }
}

function references(node, out = new Set(), depth = 0) {
  if (node === null || typeof node !== 'object' || depth > 8 || out.size >= 4) return [...out];
  if (typeof node.$ref === 'string') out.add(node.$ref);
  for (const v of Object.values(node)) references(v, out, depth + 1);
  return [...out];
}

/**
 * JSON lines with two-space indents; containers below `depth` folded to `{… n keys}`; with
 * `elide`, the object-valued neighbours of the focused branch left out and counted.
 */
function draw(value, focus, depth, indent, label, elide, room) {
  room.left--;
  if (value === null || typeof value !== 'object') return [`${indent}${label}${scalar(value, label)}`];
  const list = Array.isArray(value);
  const entries = Object.entries(value);
  const [open, close] = list ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return [`${indent}${label}${open}${close}`];
  if (plain(value)) return inline(value, indent, label);
  if (depth <= 0 && focus === undefined) return [`${indent}${label}${open}… ${entries.length} ${list ? 'items' : 'keys'}${close}`];
  const members = [];
  let left = 0;
  for (const [k, v] of entries) {
    if (room.left < 0) break;
    const key = list ? Number(k) : k;
    const onFocus = focus !== undefined && focus[0] === key;
    if (elide && focus !== undefined && !onFocus && !plain(v)) {
      left++;
      continue;
    }
    const rest = onFocus && focus.length > 1 ? focus.slice(1) : undefined;
    const childDepth = onFocus ? Math.max(depth - 1, elide ? 2 : FOCUS_DEPTH) : depth - 1;
    members.push(draw(v, rest, childDepth, `${indent}  `, list ? '' : `${JSON.stringify(k)}: `, elide, room));
  }
  if (left > 0) members.push([`${indent}  // … ${left} more ${list ? 'items' : 'members'} left out`]);
  const lines = [`${indent}${label}${open}`];
  members.forEach((m, i) => {
    const last = i === members.length - 1 || (i === members.length - 2 && left > 0);
    for (let j = 0; j < m.length - 1; j++) lines.push(m[j]);
    lines.push(last || m[m.length - 1].trimStart().startsWith('//') ? m[m.length - 1] : `${m[m.length - 1]},`);
  });
  lines.push(`${indent}${close}`);
  room.left--;
  return lines;
}

/** A value drawn on a line or a few: a scalar, or a list of scalars (an enum, a `required` list). */
function plain(value) {
  return value === null || typeof value !== 'object' || (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object'));
}

function scalar(value, label) {
  if (typeof value !== 'string') return JSON.stringify(value);
  const limit = label.startsWith('"description"') ? 60 : LONG_TEXT;
  return JSON.stringify(value.length > limit ? `${value.slice(0, limit)}…` : value);
}

/** A list of plain values on as few lines as fit, at most four, then how many more. */
function inline(values, indent, label) {
  const parts = values.map((v) => scalar(v, ''));
  const lines = [];
  let line = `${indent}${label}[`;
  let shown = 0;
  for (const part of parts) {
    if (line.length + part.length > INLINE_WIDTH && shown > 0) {
      if (lines.length === 3) break;
      lines.push(line);
      line = `${indent}  `;
    }
    line += `${part}, `;
    shown++;
  }
  const more = parts.length - shown;
  lines.push(`${line.replace(/, $/, '')}${more > 0 ? `, … ${more} more` : ''}]`);
  return lines;
}
