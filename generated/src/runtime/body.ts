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
 * Whether `value` is plain JSON data that the JSON round trip (JSON.parse(JSON.stringify(value)))
 * would give back equal: plain objects and arrays of strings, finite numbers (not -0), booleans
 * and null, within the depth, structure and size limits. Values are read as JSON.stringify reads
 * them: own enumerable properties, getters and proxy traps run. False for anything else (cycles,
 * toJSON, dates, class instances, throwing getters or traps, huge data): only the round trip
 * itself can say what such a value becomes. The budgets over-count the round trip's text, so data
 * accepted here is data it would keep.
 */
export function isPlainJson(value: object): boolean {
  const savedNodes = nodesLeft;
  const savedChars = charsLeft;
  // A getter can decode again while this scan runs: each scan keeps its own budget.
  nodesLeft = MAX_JSON_NODES;
  charsLeft = MAX_PARSE_LENGTH;
  try {
    if ((OBJECT_PROTOTYPE as { readonly toJSON?: unknown }).toJSON !== undefined) return false;
    return scanContainer(value, 1) && nodesLeft >= 0 && charsLeft >= 0;
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

function scanContainer(value: object, depth: number): boolean {
  nodesLeft -= 1;
  charsLeft -= 3;
  if (depth > MAX_JSON_DEPTH || nodesLeft < 0 || charsLeft < 0) return false;
  return Array.isArray(value) ? scanArray(value, depth) : scanObject(value, depth);
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

function scanArray(value: readonly unknown[], depth: number): boolean {
  // An own or inherited toJSON replaces the array in the round trip.
  if (Object.getPrototypeOf(value) !== ARRAY_PROTOTYPE || (value as { readonly toJSON?: unknown }).toJSON !== undefined) return false;
  const length = value.length;
  nodesLeft -= length;
  if (nodesLeft < 0) return false;
  for (let i = 0; i < length; i++) {
    const item = value[i];
    const kind = kindOf(item);
    if (kind === REJECTED || (kind === CONTAINER && !scanContainer(item as object, depth + 1))) return false;
  }
  return true;
}

function scanObject(value: object, depth: number): boolean {
  if (Object.getPrototypeOf(value) !== OBJECT_PROTOTYPE) return false;
  const record = value as Readonly<Record<string, unknown>>;
  for (const key in record) {
    if (!hasOwn(record, key)) continue;
    const item = record[key];
    nodesLeft -= 2;
    charsLeft -= 6 * key.length + 4;
    const kind = kindOf(item);
    if (kind === REJECTED || (kind === CONTAINER && !scanContainer(item as object, depth + 1))) return false;
  }
  return true;
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

const OWN = Object.prototype.hasOwnProperty;
/** Whether `o` has the own property `key`: the one check every runtime module reads records by. */
export const hasOwn = (o: object, key: PropertyKey): boolean => OWN.call(o, key);

// ---------------------------------------------------------------------------------------------
// Steps into a body (the generated shape readers are written as calls of these): each reads an
// own property of a record or an item of an array, and is undefined (or false) for anything else.
// ---------------------------------------------------------------------------------------------

/** The own property `key` of a record. */
export function own(value: unknown, key: string): unknown {
  // Written out (not isRecord and hasOwn): every decode reads a handful of these.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return OWN.call(value, key) ? (value as Readonly<Record<string, unknown>>)[key] : undefined;
}

/**
 * Gives a record the own data property `key`, as JSON.parse does. Records keyed by names from the
 * wire or the contract (headers, form fields, parameters) are written with it: assigning
 * `__proto__` would set the prototype instead (the key is lost), and with a frozen
 * Object.prototype (hardened JavaScript) assigning any name it holds throws. Other names are
 * assigned, which is faster.
 */
export function setOwn<T>(record: Record<string | number, T>, key: string | number, value: T): void {
  if (OWN.call(Object.prototype, key)) Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
  else record[key] = value;
}

/** Whether a record has the own property `key`, whatever its value. */
export function has(value: unknown, key: string): boolean {
  return isRecord(value) && hasOwn(value, key);
}

/** The item at `index` of an array. */
export function item(value: unknown, index: number): unknown {
  return Array.isArray(value) && index < value.length ? (value[index] as unknown) : undefined;
}

/** Whether `index` is below an array's length (present, whatever is stored there). */
export function hasItem(value: unknown, index: number): boolean {
  return Array.isArray(value) && index < value.length;
}

/** The value at `path`, following own properties only; undefined when any step is missing. */
export function readPath(value: unknown, path: BodyPath): unknown {
  return readTo(value, path, path.length);
}

/** The value at the first `end` segments of `path` (indexed, not sliced). */
function readTo(value: unknown, path: BodyPath, end: number): unknown {
  let current: unknown = value;
  for (let i = 0; i < end && current !== undefined; i++) {
    const segment = path[i] as string | number;
    current = typeof segment === 'number' ? item(current, segment) : own(current, segment);
  }
  return current;
}

export function hasPath(value: unknown, path: BodyPath): boolean {
  const end = path.length - 1;
  if (end < 0) return false;
  const parent = readTo(value, path, end);
  const last = path[end] as string | number;
  return typeof last === 'number' ? hasItem(parent, last) : has(parent, last);
}

/** The text of the first value that has one: a read and its mirrors. */
export function firstText(...values: readonly unknown[]): string | undefined {
  for (const value of values) {
    const text = scalarText(value);
    if (text !== undefined) return text;
  }
  return undefined;
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
