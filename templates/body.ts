/**
 * Reading untrusted response bodies: parse without throwing, read paths without touching
 * prototypes, and bound the work any body can cause.
 *
 * These are error bodies, and they are read with JSON.parse, not json.ts's parseJson (which success
 * bodies get): a decoded error keeps its body and must always serialise with JSON.stringify, which
 * throws on a bigint. The decoder reads only texts from it (code, message, kind) and types the
 * body `unknown`, so an integer beyond ±2^53 in an error body is kept as JSON.parse rounds it.
 */
import type { BodyPath } from './spec.js';

/** Bodies longer than this are not parsed as JSON; their text is kept, truncated. */
export const MAX_PARSE_LENGTH: number = 4 * 1024 * 1024;
/** JSON with more structure than this (containers, members, items) is kept as text, unparsed. */
export const MAX_JSON_NODES: number = 50_000;
/** JSON bodies parsed from texts longer than this are not kept whole in the decoded error. */
export const MAX_KEPT_JSON: number = 64 * 1024;
/** Longest text kept from a body for messages. */
export const MAX_TEXT_LENGTH: number = 2048;

/** JSON nested deeper than this is kept as text: real envelopes are shallow. */
export const MAX_JSON_DEPTH: number = 64;

/** Raw response text as JSON when it is JSON of sane size and depth; other values pass through. */
export function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (text === '' || text.length > MAX_PARSE_LENGTH) return body;
  const first = text[0];
  if (first !== '{' && first !== '[' && first !== '"') return body;
  const shape = jsonShape(text);
  // Real envelopes are shallow and small; parse time grows with structure, not bytes.
  if (shape.depth > MAX_JSON_DEPTH || shape.nodes > MAX_JSON_NODES) return body;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return body;
  }
}

/**
 * The object or array a JSON text holds, parsed at once; undefined for any other text. Unlike
 * parseBody it does not first measure the text's depth and structure, so only short texts are
 * worth giving it, and the caller must check those limits on the result before relying on it.
 */
export function parseJsonContainer(body: string): object | undefined {
  const text = body.trim();
  const first = text.charCodeAt(0);
  if (first !== 0x7b && first !== 0x5b) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a decoded error keeps of the body: text truncated, data as a plain bounded JSON copy.
 * Values that cannot be copied as JSON (throwing getters, proxies, cycles, extreme depth or size)
 * are dropped, so the error itself always serialises.
 */
export function keptBody(value: unknown, rawLength?: number): unknown {
  if (typeof value === 'string') return truncate(value);
  // Parsed from a short text: already plain, bounded JSON data; no copy needed.
  if (rawLength !== undefined && rawLength <= MAX_KEPT_JSON) return value;
  if (rawLength !== undefined) return undefined;
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  try {
    const text = JSON.stringify(value);
    if (text === undefined || text.length > MAX_PARSE_LENGTH) return undefined;
    const shape = jsonShape(text);
    if (shape.depth > MAX_JSON_DEPTH || shape.nodes > MAX_JSON_NODES) return undefined;
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The paths one decode reads, as a tree over the body: a path ends at a node with a slot, where
 * scanPlainJson records the value it finds there.
 */
export interface PathTrie {
  /** The index of the path that ends here, or -1. */
  readonly slot: number;
  readonly keys: readonly (string | number)[];
  readonly children: readonly PathTrie[];
}

interface TrieBuilder {
  slot: number;
  readonly keys: (string | number)[];
  readonly children: TrieBuilder[];
}

/** The tree of `paths`; the value at `paths[i]` goes to slot `i`. */
export function pathTrie(paths: readonly BodyPath[]): PathTrie {
  const root: TrieBuilder = { slot: -1, keys: [], children: [] };
  paths.forEach((path, slot) => {
    let node = root;
    for (const segment of path) {
      const at = node.keys.indexOf(segment);
      if (at >= 0) {
        node = node.children[at] as TrieBuilder;
        continue;
      }
      const child: TrieBuilder = { slot: -1, keys: [], children: [] };
      node.keys.push(segment);
      node.children.push(child);
      node = child;
    }
    if (node.slot < 0) node.slot = slot;
  });
  return root;
}

/**
 * Whether `value` is plain JSON data that the JSON round trip (JSON.parse(JSON.stringify(value)))
 * would give back equal: plain objects and arrays of strings, finite numbers (not -0), booleans
 * and null, within the depth, structure and size limits. Values are read as JSON.stringify reads
 * them: own enumerable properties, getters and proxy traps run. In the same single pass, the
 * value at each path of `trie` is written to `found[slot]`, so a read never reaches a prototype.
 * False for anything else (cycles, toJSON, dates, class instances, throwing getters or traps,
 * huge data): only the round trip itself can say what such a value becomes. The budgets
 * over-count the round trip's text, so data accepted here is data it would keep.
 */
export function scanPlainJson(value: object, trie: PathTrie, found: unknown[]): boolean {
  const savedNodes = nodesLeft;
  const savedChars = charsLeft;
  // A getter can decode again while this scan runs: each scan keeps its own budget.
  nodesLeft = MAX_JSON_NODES;
  charsLeft = MAX_PARSE_LENGTH;
  try {
    if ((OBJECT_PROTOTYPE as { readonly toJSON?: unknown }).toJSON !== undefined) return false;
    if (trie.slot >= 0) found[trie.slot] = value;
    return scanContainer(value, trie.keys.length === 0 ? undefined : trie, 1, found) && nodesLeft >= 0 && charsLeft >= 0;
  } catch {
    return false;
  } finally {
    nodesLeft = savedNodes;
    charsLeft = savedChars;
  }
}

const OBJECT_PROTOTYPE: object = Object.prototype;
const ARRAY_PROTOTYPE: object = Array.prototype;

/** What the scan in progress may still meet: structural tokens, and characters of JSON text. */
let nodesLeft = 0;
let charsLeft = 0;

function scanContainer(value: object, node: PathTrie | undefined, depth: number, found: unknown[]): boolean {
  nodesLeft -= 1;
  charsLeft -= 3;
  if (depth > MAX_JSON_DEPTH || nodesLeft < 0 || charsLeft < 0) return false;
  return Array.isArray(value) ? scanArray(value, node, depth, found) : scanObject(value, node, depth, found);
}

const SCALAR = 0;
const CONTAINER = 1;
const REJECTED = 2;

/** Whether an item is a JSON scalar the round trip keeps as it is, a container, or neither. */
function kindOf(item: unknown): number {
  if (typeof item === 'string') {
    // Quotes, a separator, and at most six characters per escaped character.
    charsLeft -= 6 * item.length + 3;
    return SCALAR;
  }
  if (typeof item === 'object') {
    if (item !== null) return CONTAINER;
    charsLeft -= 5;
    return SCALAR;
  }
  if (typeof item === 'number') {
    charsLeft -= 25;
    // The round trip turns -0 into 0, and NaN and infinities into null.
    return Number.isFinite(item) && (item !== 0 || 1 / item > 0) ? SCALAR : REJECTED;
  }
  if (typeof item !== 'boolean') return REJECTED;
  charsLeft -= 6;
  return SCALAR;
}

function scanArray(value: readonly unknown[], node: PathTrie | undefined, depth: number, found: unknown[]): boolean {
  // An own or inherited toJSON replaces the array in the round trip.
  if (Object.getPrototypeOf(value) !== ARRAY_PROTOTYPE || (value as { readonly toJSON?: unknown }).toJSON !== undefined) return false;
  const length = value.length;
  nodesLeft -= length;
  if (nodesLeft < 0) return false;
  const keys = node === undefined ? undefined : node.keys;
  for (let i = 0; i < length; i++) {
    const item = value[i];
    const child = keys === undefined ? undefined : childAt(node as PathTrie, keys, i, item, found);
    const kind = kindOf(item);
    if (kind === REJECTED || (kind === CONTAINER && !scanContainer(item as object, child, depth + 1, found))) return false;
  }
  return true;
}

function scanObject(value: object, node: PathTrie | undefined, depth: number, found: unknown[]): boolean {
  if (Object.getPrototypeOf(value) !== OBJECT_PROTOTYPE) return false;
  const record = value as Readonly<Record<string, unknown>>;
  const keys = node === undefined ? undefined : node.keys;
  for (const key in record) {
    if (!hasOwn(record, key)) continue;
    const item = record[key];
    nodesLeft -= 2;
    charsLeft -= 6 * key.length + 4;
    const child = keys === undefined ? undefined : childAt(node as PathTrie, keys, key, item, found);
    const kind = kindOf(item);
    if (kind === REJECTED || (kind === CONTAINER && !scanContainer(item as object, child, depth + 1, found))) return false;
  }
  return true;
}

/** The trie node under `key`, with `item` recorded in its slot; undefined when no path goes on. */
function childAt(node: PathTrie, keys: readonly (string | number)[], key: string | number, item: unknown, found: unknown[]): PathTrie | undefined {
  for (let i = 0; i < keys.length; i++) {
    if (keys[i] !== key) continue;
    const child = node.children[i] as PathTrie;
    if (child.slot >= 0) found[child.slot] = item;
    return child.keys.length === 0 ? undefined : child;
  }
  return undefined;
}

/** Deepest bracket nesting and count of structural tokens of a JSON text, skipping strings. */
function jsonShape(text: string): { depth: number; nodes: number } {
  let depth = 0;
  let max = 0;
  let nodes = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      max = Math.max(max, ++depth);
      nodes++;
    } else if (c === 125 || c === 93) depth--;
    else if (c === 44 || c === 58) nodes++;
  }
  return { depth: max, nodes };
}

export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** The value at `path`, following own properties only; undefined when any step is missing. */
export function readPath(value: unknown, path: BodyPath): unknown {
  let current: unknown = value;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return undefined;
      current = current[segment];
    } else {
      if (!isRecord(current) || !hasOwn(current, segment)) return undefined;
      current = current[segment];
    }
  }
  return current;
}

export function hasPath(value: unknown, path: BodyPath): boolean {
  if (path.length === 0) return false;
  const parent = readPath(value, path.slice(0, -1));
  const last = path[path.length - 1];
  if (typeof last === 'number') return Array.isArray(parent) && last < parent.length;
  return isRecord(parent) && last !== undefined && hasOwn(parent, last);
}

/** The text at `path`: see scalarText. */
export function readText(value: unknown, path: BodyPath): string | undefined {
  return scalarText(readPath(value, path));
}

/** A string for a scalar (truncated; numbers become their decimal text); undefined for anything else. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return truncate(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

export function truncate(text: string, limit: number = MAX_TEXT_LENGTH): string {
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length - limit} more characters)` : text;
}
