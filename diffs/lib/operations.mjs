// Which operations a finding is about, so findings of tools that place them differently compare:
// Optic names the operation, openapi-diff a dotted path into it, contractgen a position in the
// operation or in the component schema it reports once. A component counts for every operation
// that reaches it through $ref in the finding's direction, in the description the position is in.
import { refPath } from './json-locate.mjs';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Findings about the API as a whole (info, servers, security schemes, an unreached component). */
export const API_WIDE = '(API)';

/** `METHOD /path`, the key every tool's findings are put under. */
export function operationKey(method, path) {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * For one description: the operations that reach each component, by the direction they reach it in
 * (`#/components/kind/name` → `{ request, response }`, each a set of keys): through parameters and
 * the request body it is sent, through responses read.
 */
export function reachOf(doc) {
  const edges = new Map();
  for (const [kind, members] of Object.entries(doc.components ?? {}))
    for (const [name, value] of Object.entries(members ?? {})) edges.set(componentOf(['components', kind, name]), refsIn(value));
  const reach = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {}))
    for (const method of METHODS) {
      const op = item?.[method];
      if (op === undefined) continue;
      const key = operationKey(method, path);
      walk(edges, reach, key, 'request', [...refsIn(item.parameters ?? []), ...refsIn(op.parameters ?? []), ...refsIn(op.requestBody ?? {})]);
      walk(edges, reach, key, 'response', [...refsIn(op.responses ?? {})]);
    }
  return reach;
}

function walk(edges, reach, key, direction, start) {
  const queue = [...start];
  const seen = new Set();
  while (queue.length > 0) {
    const c = queue.pop();
    if (seen.has(c)) continue;
    seen.add(c);
    if (!reach.has(c)) reach.set(c, { request: new Set(), response: new Set() });
    reach.get(c)[direction].add(key);
    queue.push(...(edges.get(c) ?? []));
  }
}

function componentOf(path) {
  return path.slice(0, 3).join('/');
}

function refsIn(node, out = new Set()) {
  if (node === null || typeof node !== 'object') return out;
  if (typeof node.$ref === 'string') {
    const target = refPath(node.$ref);
    if (target?.[0] === 'components' && target.length >= 3) out.add(componentOf(target));
  }
  for (const v of Object.values(node)) refsIn(v, out);
  return out;
}

/**
 * The operations a path into `doc` is about: its own, its path item's, or those that reach its
 * component in `direction` (request, response; any other reach both ways).
 */
export function operationsAt(doc, reach, path, direction) {
  if (path[0] === 'paths' && path.length >= 2) {
    const method = String(path[2] ?? '').toLowerCase();
    if (METHODS.includes(method)) return [operationKey(method, path[1])];
    return METHODS.filter((m) => doc.paths?.[path[1]]?.[m] !== undefined).map((m) => operationKey(m, path[1]));
  }
  if (path[0] === 'components' && path.length >= 3) {
    const both = reach.get(componentOf(path)) ?? { request: new Set(), response: new Set() };
    const ops = direction === 'request' || direction === 'response' ? both[direction] : new Set([...both.request, ...both.response]);
    return ops.size === 0 ? [API_WIDE] : [...ops];
  }
  return [API_WIDE];
}

/**
 * openapi-diff's dotted location (`paths./a.b/{id}.get.responses.200…`) as the operation it is in.
 * Path keys hold dots, so the longest path of the description the location starts with wins.
 */
export function operationOfDotted(doc, location) {
  if (!location.startsWith('paths.')) return API_WIDE;
  const rest = location.slice('paths.'.length);
  let best;
  for (const path of Object.keys(doc.paths ?? {}))
    if (rest.startsWith(`${path}.`) && (best === undefined || path.length > best.length)) best = path;
  if (best === undefined) return API_WIDE;
  const method = rest.slice(best.length + 1).split('.')[0];
  return METHODS.includes(method) ? operationKey(method, best) : API_WIDE;
}
