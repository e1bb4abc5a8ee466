/**
 * Reading untrusted response bodies: parse without throwing, read paths without touching
 * prototypes, and bound the work any body can cause.
 */

export type BodyPath = readonly (string | number)[];

/** Bodies longer than this are not parsed as JSON; their text is kept, truncated. */
export const MAX_PARSE_LENGTH: number = 4 * 1024 * 1024;
/** Longest text kept from a body for messages. */
export const MAX_TEXT_LENGTH: number = 2048;

/** JSON nested deeper than this is kept as text: real envelopes are shallow. */
export const MAX_JSON_DEPTH: number = 64;

/** Raw response text as JSON when it is JSON of sane size and depth; other values pass through. */
export function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  const text = body.trim();
  if (text === '' || text.length > MAX_PARSE_LENGTH) return truncate(body);
  const first = text[0];
  if ((first !== '{' && first !== '[' && first !== '"') || jsonDepth(text) > MAX_JSON_DEPTH) return truncate(body);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return truncate(body);
  }
}

/**
 * What a decoded error keeps of the body: text truncated, data as a plain bounded JSON copy.
 * Values that cannot be copied as JSON (throwing getters, proxies, cycles, extreme depth or size)
 * are dropped, so the error itself always serialises.
 */
export function keptBody(value: unknown): unknown {
  if (typeof value === 'string') return truncate(value);
  if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  try {
    const text = JSON.stringify(value);
    if (text === undefined || text.length > MAX_PARSE_LENGTH || jsonDepth(text) > MAX_JSON_DEPTH) return undefined;
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Deepest bracket nesting of a JSON text, skipping strings; linear and allocation-free. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return max;
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

/** A string for a scalar (numbers become their decimal text); undefined for anything else. */
export function readText(value: unknown, path: BodyPath): string | undefined {
  const found = readPath(value, path);
  if (typeof found === 'string') return truncate(found);
  if (typeof found === 'number' && Number.isFinite(found)) return String(found);
  if (typeof found === 'boolean') return String(found);
  return undefined;
}

export function truncate(text: string, limit: number = MAX_TEXT_LENGTH): string {
  return text.length > limit ? `${text.slice(0, limit)}… (${text.length - limit} more characters)` : text;
}
