/**
 * Overlays applied to a description's data, in order, each action to the result of the one before
 * (Overlay Specification 1.0): `remove: true` takes every node its target selects out of the
 * mapping or list that holds it; `update` merges into each selected object (properties only in
 * the update are added, objects merged recursively, lists concatenated, a primitive replaced by
 * a primitive: what Overlay 1.1 spells out for 1.0's "recursively merged"), or is appended to each
 * selected list (a list's items appended one by one). A node a target names twice is changed once.
 *
 * The data is changed in place. An overlay is untrusted: every property it writes is an own data
 * property, and every property it reads or merges into is the description's own (generator/records.ts),
 * so `__proto__`, `constructor` and `prototype` are names like any other; every node it writes
 * is a copy, counted against the same budget as the targets' work.
 *
 * Positions: a part an overlay wrote is found in that overlay (its `update`), every other part in
 * the description, at its index before any removal (`position`).
 */
import { MESSAGES as M, problem } from '../diagnostic-catalogue.js';
import type { Diagnostic, Position } from '../diagnostics.js';
import { MAX_OVERLAY_NODES, MAX_OVERLAY_STEPS } from '../limits.js';
import { pointerOf, pointerSegments } from '../load/locate.js';
import { own, setOwn } from '../records.js';
import type { Overlay, OverlayAction } from './read-overlay.js';
import { Meter, OverlayBudgetExceeded, PatternTextTooLong, select } from './targets.js';

/** A place in an overlay: where a written part's value is. */
interface Written {
  readonly overlay: Overlay;
  readonly path: readonly (string | number)[];
}

/** What the overlays wrote, by the container they wrote into, for `position`. */
interface Provenance {
  /** Keys of an object an overlay set (added or replaced). */
  readonly keys: WeakMap<object, Map<string, Written>>;
  /** A changed list's items: each one's index in the description, or where an overlay wrote it. */
  readonly items: WeakMap<unknown[], (number | Written)[]>;
}

export interface Applied {
  /** Errors (the data is then half changed) and warnings (an action that selects nothing). */
  readonly diagnostics: readonly Diagnostic[];
  /** Where the part a JSON pointer of the changed data names is written: in an overlay (with its file), or in the description. */
  readonly position: (pointer: string) => Position;
}

type Json = Record<string, unknown> | unknown[];

/**
 * Applies `overlays` to `data` (the description named `description`, whose positions are
 * `position`), stopping at the first error. The returned `position` keeps `data`.
 */
export function applyOverlays(data: unknown, overlays: readonly Overlay[], description: string, position: (pointer: string) => Position): Applied {
  const provenance: Provenance = { keys: new WeakMap(), items: new WeakMap() };
  const meter = new Meter(MAX_OVERLAY_STEPS, MAX_OVERLAY_NODES);
  const diagnostics: Diagnostic[] = [];
  outer: for (const overlay of overlays) {
    for (const action of overlay.actions) {
      const problems = applyAction(data, overlay, action, { description, meter, provenance });
      diagnostics.push(...problems);
      if (problems.some((d) => d.severity === 'error')) break outer;
    }
  }
  return { diagnostics, position: (pointer) => locate(data, provenance, pointerSegments(pointer), position) };
}

interface Run {
  readonly description: string;
  readonly meter: Meter;
  readonly provenance: Provenance;
}

/** One action: its target's nodes, then the change; problems are positioned in the overlay. */
function applyAction(data: unknown, overlay: Overlay, action: OverlayAction, run: Run): Diagnostic[] {
  const at = (path: readonly (string | number)[]) => overlay.locate(['actions', action.index, ...path]);
  let locations: (string | number)[][];
  try {
    locations = select(action.target, data, run.meter);
  } catch (e) {
    const detail = stopped(e, action.target.text, run.description);
    if (detail === undefined) throw e;
    return [problem(M.overlayInvalid, overlay.file, at(['target']), { detail })];
  }
  if (locations.length === 0) return action.update === undefined && !action.remove ? [] : [problem(M.overlayNoMatch, overlay.file, at(['target']), { target: action.target.text, description: run.description })];
  try {
    if (action.remove) removeAll(data, locations, run.provenance);
    else if (action.update !== undefined) updateAll(data, locations, action.update.value, { overlay, path: ['actions', action.index, 'update'] }, run);
    return [];
  } catch (e) {
    if (e instanceof Conflict) return [problem(M.overlayConflict, overlay.file, e.at === undefined ? at(['target']) : overlay.locate(e.at), { detail: e.message })];
    const detail = stopped(e, action.target.text, run.description);
    if (detail === undefined) throw e;
    return [problem(M.overlayInvalid, overlay.file, at(['target']), { detail })];
  }
}

/** Why a target stopped, for the errors a target can meet on a description; undefined for any other error. */
function stopped(e: unknown, target: string, description: string): string | undefined {
  if (e instanceof OverlayBudgetExceeded) return `target '${target}' ${e.message} on ${description} (with the actions before it): select the nodes more directly, with fewer descendant segments \`..\` and wildcards`;
  if (e instanceof PatternTextTooLong) return `target '${target}': ${e.message} in ${description}, and longer texts could make it run long`;
  if (e instanceof RangeError) return `target '${target}' cannot be evaluated on ${description}: it nests too deeply`;
  return undefined;
}

/** An update that cannot merge; `at` is the path of the update's part in the overlay. */
class Conflict extends Error {
  constructor(
    message: string,
    readonly at?: readonly (string | number)[],
  ) {
    super(message);
  }
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node at `location`, read through own properties. */
function nodeAt(data: unknown, location: readonly (string | number)[]): unknown {
  let node = data;
  for (const step of location) node = Array.isArray(node) && typeof step === 'number' ? node[step] : isObject(node) && typeof step === 'string' ? own(node, step) : undefined;
  return node;
}

/**
 * The update into the node at each location, each node once: a YAML description's alias puts one
 * node at two locations, which the data model reads as two copies changed alike.
 */
function updateAll(data: unknown, locations: readonly (readonly (string | number)[])[], update: unknown, written: Written, run: Run): void {
  const done = new Set<unknown>();
  for (const location of locations) {
    const node = nodeAt(data, location);
    if (typeof node === 'object' && node !== null && done.has(node)) continue;
    done.add(node);
    updateOne(node, location, update, written, run);
  }
}

function updateOne(node: unknown, location: readonly (string | number)[], update: unknown, written: Written, run: Run): void {
  if (Array.isArray(node)) return append(node, update, written, run);
  if (!isObject(node)) {
    throw new Conflict(`the target selects ${kindOf(node)} at ${pointerOf(location) || '/'}: an update merges into an object or appends to a list; to change a value, select the object that holds it and give the new value under its name`);
  }
  if (!isObject(update)) throw new Conflict(`the target selects an object at ${pointerOf(location) || '/'}, so \`update\` must be an object of the properties to merge, not ${kindOf(update)}`, written.path);
  merge(node, update, written, run);
}

/** The update's properties into `node`, as the specification merges them. */
function merge(node: Record<string, unknown>, update: Record<string, unknown>, written: Written, run: Run): void {
  for (const key of Object.keys(update)) {
    const value = update[key];
    const place: Written = { overlay: written.overlay, path: [...written.path, key] };
    const current = own(node, key);
    if (current === undefined && !Object.prototype.hasOwnProperty.call(node, key)) setWritten(node, key, copy(value, run.meter), place, run.provenance);
    else if (isObject(current) && isObject(value)) merge(current, value, place, run);
    else if (Array.isArray(current) && Array.isArray(value)) value.forEach((item: unknown, i) => appendItem(current, item, { overlay: place.overlay, path: [...place.path, i] }, run));
    else if (!isContainer(current) && !isContainer(value)) setWritten(node, key, value, place, run.provenance);
    else throw new Conflict(`\`${key}\` is ${kindOf(value)} in the update and ${kindOf(current)} in the description: objects merge with objects and lists with lists; to replace it, remove it in an action before`, place.path);
  }
}

function isContainer(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}

/** A list update's items one by one, anything else as one item. */
function append(list: unknown[], update: unknown, written: Written, run: Run): void {
  if (Array.isArray(update)) update.forEach((item: unknown, i) => appendItem(list, item, { overlay: written.overlay, path: [...written.path, i] }, run));
  else appendItem(list, update, written, run);
}

function appendItem(list: unknown[], item: unknown, written: Written, run: Run): void {
  itemsOf(list, run.provenance).push(written);
  list.push(copy(item, run.meter));
}

function setWritten(node: Record<string, unknown>, key: string, value: unknown, written: Written, provenance: Provenance): void {
  setOwn(node, key, value);
  let keys = provenance.keys.get(node);
  if (keys === undefined) provenance.keys.set(node, (keys = new Map()));
  keys.set(key, written);
}

/** The origins of a list's items, from the first change on. */
function itemsOf(list: unknown[], provenance: Provenance): (number | Written)[] {
  let items = provenance.items.get(list);
  if (items === undefined) provenance.items.set(list, (items = list.map((_, i) => i)));
  return items;
}

/**
 * A copy of an update's value for the description: its own properties as own data properties, each
 * node a step (one update merged into many nodes is paid for each time). An overlay nests at most
 * 64 levels, so the recursion is shallow.
 */
function copy(value: unknown, meter: Meter): unknown {
  meter.spend(1);
  if (Array.isArray(value)) return value.map((item: unknown) => copy(item, meter));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) setOwn(out, key, copy(value[key], meter));
  return out;
}

/**
 * Removes the node at each location from the object or list that holds it, the last in document
 * order first: a removal then never moves an item another location names.
 */
function removeAll(data: unknown, locations: readonly (readonly (string | number)[])[], provenance: Provenance): void {
  // A YAML alias puts one list or object at two locations: each of its members goes once.
  const done = new Map<unknown, Set<string | number>>();
  for (const location of [...locations].sort(laterFirst)) {
    if (location.length === 0) throw new Conflict('the target selects the whole description, which cannot be removed: remove its parts');
    const parent = nodeAt(data, location.slice(0, -1));
    const key = location[location.length - 1]!;
    const members = done.get(parent) ?? new Set<string | number>();
    if (members.has(key)) continue;
    done.set(parent, members.add(key));
    if (Array.isArray(parent) && typeof key === 'number' && key < parent.length) {
      itemsOf(parent, provenance).splice(key, 1);
      parent.splice(key, 1);
    } else if (isObject(parent) && typeof key === 'string') {
      delete parent[key];
      provenance.keys.get(parent)?.delete(key);
    }
  }
}

/** Reverse document order: the higher index first, a node's descendants before it. */
function laterFirst(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [a[i]!, b[i]!];
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return y - x;
    return String(y) < String(x) ? -1 : 1;
  }
  return b.length - a.length;
}

/**
 * Where the node at `segments` of the changed data is written: walking down, the first key or
 * item an overlay wrote leads into that overlay; else the path, with each list index as it was
 * before removals, is found in the description.
 */
function locate(data: unknown, provenance: Provenance, segments: readonly string[], position: (pointer: string) => Position): Position {
  const original: (string | number)[] = [];
  let node = data;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    let origin: string | number | Written;
    if (Array.isArray(node)) {
      const index = Number(segment);
      origin = provenance.items.get(node)?.[index] ?? index;
      node = node[index];
    } else if (isObject(node)) {
      origin = provenance.keys.get(node)?.get(segment) ?? segment;
      node = own(node, segment);
    } else {
      original.push(...segments.slice(i));
      break;
    }
    if (typeof origin === 'object') return inOverlay(origin, segments.slice(i + 1));
    original.push(origin);
  }
  return position(pointerOf(original));
}

function inOverlay(written: Written, rest: readonly string[]): Position {
  const steps = [...written.path, ...rest.map((s) => (/^\d+$/.test(s) ? Number(s) : s))];
  return { ...written.overlay.locate(steps), file: written.overlay.file };
}

