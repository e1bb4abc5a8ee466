/**
 * Reading untrusted response bodies: parse without throwing, read paths without touching
 * prototypes, and bound the work any body can cause.
 */
/** Bodies longer than this are not parsed as JSON; their text is kept, truncated. */
export const MAX_PARSE_LENGTH = 4 * 1024 * 1024;
/** JSON with more structure than this (containers, members, items) is kept as text, unparsed. */
export const MAX_JSON_NODES = 50_000;
/** JSON bodies parsed from texts longer than this are not kept whole in the decoded error. */
export const MAX_KEPT_JSON = 64 * 1024;
/** Longest text kept from a body for messages. */
export const MAX_TEXT_LENGTH = 2048;
/** JSON nested deeper than this is kept as text: real envelopes are shallow. */
export const MAX_JSON_DEPTH = 64;
/** Raw response text as JSON when it is JSON of sane size and depth; other values pass through. */
export function parseBody(body) {
    if (typeof body !== 'string')
        return body;
    const text = body.trim();
    if (text === '' || text.length > MAX_PARSE_LENGTH)
        return body;
    const first = text[0];
    if (first !== '{' && first !== '[' && first !== '"')
        return body;
    const shape = jsonShape(text);
    // Real envelopes are shallow and small; parse time grows with structure, not bytes.
    if (shape.depth > MAX_JSON_DEPTH || shape.nodes > MAX_JSON_NODES)
        return body;
    try {
        return JSON.parse(text);
    }
    catch {
        return body;
    }
}
/**
 * What a decoded error keeps of the body: text truncated, data as a plain bounded JSON copy.
 * Values that cannot be copied as JSON (throwing getters, proxies, cycles, extreme depth or size)
 * are dropped, so the error itself always serialises.
 */
export function keptBody(value, rawLength) {
    if (typeof value === 'string')
        return truncate(value);
    // Parsed from a short text: already plain, bounded JSON data; no copy needed.
    if (rawLength !== undefined && rawLength <= MAX_KEPT_JSON)
        return value;
    if (rawLength !== undefined)
        return undefined;
    if (value === undefined || value === null || typeof value === 'number' || typeof value === 'boolean')
        return value;
    try {
        const text = JSON.stringify(value);
        if (text === undefined || text.length > MAX_PARSE_LENGTH)
            return undefined;
        const shape = jsonShape(text);
        if (shape.depth > MAX_JSON_DEPTH || shape.nodes > MAX_JSON_NODES)
            return undefined;
        return JSON.parse(text);
    }
    catch {
        return undefined;
    }
}
/** Deepest bracket nesting and count of structural tokens of a JSON text, skipping strings. */
function jsonShape(text) {
    let depth = 0;
    let max = 0;
    let nodes = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 92)
                i++;
            else if (c === 34)
                inString = false;
        }
        else if (c === 34)
            inString = true;
        else if (c === 123 || c === 91) {
            max = Math.max(max, ++depth);
            nodes++;
        }
        else if (c === 125 || c === 93)
            depth--;
        else if (c === 44 || c === 58)
            nodes++;
    }
    return { depth: max, nodes };
}
export function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const hasOwn = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
/** The value at `path`, following own properties only; undefined when any step is missing. */
export function readPath(value, path) {
    let current = value;
    for (const segment of path) {
        if (typeof segment === 'number') {
            if (!Array.isArray(current) || segment >= current.length)
                return undefined;
            current = current[segment];
        }
        else {
            if (!isRecord(current) || !hasOwn(current, segment))
                return undefined;
            current = current[segment];
        }
    }
    return current;
}
export function hasPath(value, path) {
    if (path.length === 0)
        return false;
    const parent = readPath(value, path.slice(0, -1));
    const last = path[path.length - 1];
    if (typeof last === 'number')
        return Array.isArray(parent) && last < parent.length;
    return isRecord(parent) && last !== undefined && hasOwn(parent, last);
}
/** A string for a scalar (numbers become their decimal text); undefined for anything else. */
export function readText(value, path) {
    const found = readPath(value, path);
    if (typeof found === 'string')
        return truncate(found);
    if (typeof found === 'number' && Number.isFinite(found))
        return String(found);
    if (typeof found === 'boolean')
        return String(found);
    return undefined;
}
export function truncate(text, limit = MAX_TEXT_LENGTH) {
    return text.length > limit ? `${text.slice(0, limit)}… (${text.length - limit} more characters)` : text;
}
