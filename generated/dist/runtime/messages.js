/** Longer messages are cut before matching, so no pattern can be made to run for long. */
export const MAX_MESSAGE_LENGTH = 4096;
const compiled = new WeakMap();
function regexOf(row) {
    if (row.pattern === undefined)
        return undefined;
    let re = compiled.get(row);
    if (re === undefined) {
        re = new RegExp(row.pattern, row.all === true ? 'g' : '');
        compiled.set(row, re);
    }
    return re;
}
/** Messages up to this long have their match remembered: APIs repeat the same few messages. */
const MAX_REMEMBERED_LENGTH = 512;
/** Remembered messages per table and known paths; the memory is cleared when it is full. */
const MAX_REMEMBERED = 256;
/** Per table, per known-paths list: each remembered message's match (null: none). */
const remembered = new WeakMap();
function memoryOf(table, knownPaths) {
    let byPaths = remembered.get(table);
    if (byPaths === undefined) {
        byPaths = new WeakMap();
        remembered.set(table, byPaths);
    }
    let memory = byPaths.get(knownPaths);
    if (memory === undefined) {
        memory = new Map();
        byPaths.set(knownPaths, memory);
    }
    return memory;
}
/**
 * The first row whose pattern matches `message`, with the request field paths it names.
 * `knownPaths` (dotted request field paths) lets a shortened path such as `destination.address1`
 * resolve to the one known path it abbreviates (`destination.address.address1`).
 * Tables are constants, so a short message's match is remembered: the patterns run once for it.
 * The match returned may be shared between calls and must not be changed.
 */
export function matchMessage(table, message, knownPaths = NO_PATHS) {
    if (message.length > MAX_REMEMBERED_LENGTH)
        return findMatch(table, message, knownPaths);
    const memory = memoryOf(table, knownPaths);
    const known = memory.get(message);
    if (known !== undefined)
        return known ?? undefined;
    const match = findMatch(table, message, knownPaths);
    if (memory.size >= MAX_REMEMBERED)
        memory.clear();
    memory.set(message, match ?? null);
    return match;
}
const NO_PATHS = [];
function findMatch(table, message, knownPaths) {
    const text = message.length > MAX_MESSAGE_LENGTH ? message.slice(0, MAX_MESSAGE_LENGTH) : message;
    for (const row of table.rows) {
        const re = regexOf(row);
        if (re === undefined || text === '')
            continue;
        const matches = row.all === true ? [...text.matchAll(re)] : [re.exec(text)].filter((m) => m !== null);
        if (matches.length === 0)
            continue;
        const fields = [];
        for (const m of matches) {
            for (const template of row.fields) {
                const path = resolveFieldPath(table, fillTemplate(template, m.groups), knownPaths);
                if (path !== '' && !fields.includes(path))
                    fields.push(path);
            }
        }
        return { row, fields };
    }
    return undefined;
}
/** The row that applies when every message of an envelope is empty. */
export function matchEmptyMessage(table, knownPaths = []) {
    const row = table.rows.find((r) => r.empty === true);
    if (row === undefined)
        return undefined;
    return { row, fields: row.fields.map((f) => resolveFieldPath(table, f, knownPaths)) };
}
function fillTemplate(template, groups) {
    return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name) => groups?.[name] ?? '');
}
/**
 * Normalises a message's field reference to a request field path: bracket paths become dotted,
 * the wrapper root is dropped, the first segment is translated through the aliases, and an
 * abbreviated path is resolved against the known request paths when exactly one fits.
 */
export function resolveFieldPath(table, raw, knownPaths) {
    const segments = splitPath(raw);
    if (segments.length > 1 && segments[0] === table.root)
        segments.shift();
    const first = segments[0];
    if (first !== undefined && Object.prototype.hasOwnProperty.call(table.aliases, first)) {
        segments[0] = table.aliases[first] ?? first;
    }
    const path = segments.join('.');
    if (knownPaths.length === 0 || knownPaths.includes(path) || segments.length < 2)
        return path;
    const head = `${segments[0]}.`;
    const tail = `.${segments.slice(1).join('.')}`;
    const candidates = knownPaths.filter((known) => known.startsWith(head) && known.endsWith(tail));
    return candidates.length === 1 ? (candidates[0] ?? path) : path;
}
function splitPath(raw) {
    const trimmed = raw.trim();
    const parts = trimmed.startsWith('[') ? [...trimmed.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '') : trimmed.split('.');
    return parts.filter((p) => p !== '');
}
