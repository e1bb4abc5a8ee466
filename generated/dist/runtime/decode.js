/**
 * The error decoder engine. Generated per-host decoders call `decodeForHost` with that host's
 * name; the host is always chosen by the caller, never guessed from the body's shape. It never
 * throws: every input, however hostile, yields a decoded error with the HTTP status.
 *
 * Decoding runs a plan compiled once from the tables (plan.ts): the host's shapes, each a reader
 * the generated tables write as straight-line code (shape-reader.ts interprets a shape's spec the
 * same way, for tables built at run time). A body that is plain JSON data is kept as given, since
 * its JSON copy would be equal; anything else is kept as its JSON copy.
 */
import { hasOwn, isPlainJson, isRecord, item, keptBody, own, parseBody, readPath, scalarText, truncate } from './body.js';
import { compilePlan, planOf, tablesPlanOf } from './plan.js';
import { safeStatus } from './status.js';
// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------
export function decodeHostError(tables, host, input) {
    const plan = planOf(tablesPlanOf(tables), host, input.endpoint);
    return decodeWith(plan, host.name, safeStatus(input.status), input.body);
}
/** Decodes a body of any kind: JSON text, parsed data, or any other value. */
function decodeWith(plan, host, status, raw) {
    if (typeof raw === 'string')
        return decodeText(plan, host, status, raw);
    if (typeof raw !== 'object' || raw === null)
        return decodeBody(plan, raw, host, status, keptBody(raw));
    // Plain JSON data is kept as given: it is what its JSON copy would be.
    return decodeBody(plan, raw, host, status, isPlainJson(raw) ? raw : keptBody(raw));
}
function decodeText(plan, host, status, raw) {
    // parseBody never throws: text that is no JSON within its limits comes back as it is.
    const body = parseBody(raw);
    // A body parsed from text is plain JSON: kept as is when small, else dropped (its text is long).
    return decodeBody(plan, body, host, status, keptBody(body, raw.length));
}
/** Decodes `body` into a result carrying `kept`. Never throws. */
function decodeBody(plan, body, host, status, kept) {
    try {
        let shape;
        let reads;
        if (isRecord(body)) {
            for (const rule of plan.shapes) {
                reads = rule.read(body);
                if (reads !== undefined) {
                    shape = rule;
                    break;
                }
            }
        }
        // A shape is found exactly when its reads are.
        let decoded = shape === undefined ? unrecognised(plan, host, status, body, kept) : readShape(plan, shape, reads, host, status, kept);
        // Message tables and quirks are decode-rules.ts's, named by the tables only where a contract has them.
        const rules = plan.tables.tables.rules;
        if (rules === undefined)
            return decoded;
        if (reads !== undefined && plan.messages !== undefined)
            decoded = rules.messages(plan, reads, decoded);
        return plan.endpoint === undefined || plan.endpoint.quirks.length === 0 ? decoded : rules.quirks(plan, plan.endpoint, decoded, body);
    }
    catch {
        return unrecognised(plan, host, status, undefined, undefined);
    }
}
function unrecognised(plan, host, status, body, kept) {
    const text = typeof body === 'string' ? body.trim() : '';
    return {
        host,
        status,
        shape: 'unrecognised',
        code: `http_${status}`,
        known: false,
        category: plan.tables.statusCategory[status],
        retryable: plan.tables.statusRetryable[status],
        message: serverMessage(body) ?? (text === '' ? `HTTP ${status}` : `HTTP ${status}: ${truncate(text, 200)}`),
        fields: [],
        rules: [],
        body: kept,
    };
}
/**
 * The server's own message in a body no shape matched: a string where the usual error formats
 * keep it, at the top (problem details, GitHub, OAuth, a plain `error`), in an `error` object
 * (Google, Stripe) or in the first `errors` entry (JSON:API).
 */
export function serverMessage(body) {
    for (const record of [body, own(body, 'error'), item(own(body, 'errors'), 0)]) {
        for (const key of ['detail', 'title', 'message', 'error_description', 'error']) {
            const text = own(record, key);
            if (typeof text === 'string' && text.trim() !== '')
                return truncate(text);
        }
    }
    return undefined;
}
function readShape(plan, shape, reads, host, status, kept) {
    const code = reads.code ?? `http_${status}`;
    const rows = plan.codeShape === shape.name ? plan.codes.get(code) : undefined;
    const kind = reads.kind;
    const row = rows === undefined ? undefined : rowOf(rows, status, kind);
    const head = {
        host,
        status,
        shape: shape.name,
        code,
        known: rows !== undefined,
        category: row === undefined ? plan.tables.statusCategory[status] : row.spec.category,
        retryable: row === undefined ? plan.tables.statusRetryable[status] : row.retryable,
        message: nonBlank(reads.human) ?? nonBlank(reads.message) ?? nonBlank(reads.detail) ?? `HTTP ${status} ${code}`,
        fields: reads.fields ?? [],
    };
    return withExtras(head, kind, bodyStatusOf(reads.status, status), kept);
}
/** The result, in the key order the decoders have always had: kind and bodyStatus before rules. */
function withExtras(h, kind, bodyStatus, body) {
    if (bodyStatus > 0)
        return { ...h, ...(kind === undefined ? {} : { kind }), bodyStatus, rules: [], body };
    const { host, status, shape, code, known, category, retryable, message, fields } = h;
    return kind === undefined
        ? { host, status, shape, code, known, category, retryable, message, fields, rules: [], body }
        : { host, status, shape, code, known, category, retryable, message, fields, kind, rules: [], body };
}
/** The status the body claims, when it is an HTTP status other than the response's; else 0. */
function bodyStatusOf(claimed, status) {
    const bodyStatus = typeof claimed === 'number' ? safeStatus(claimed) : 0;
    return bodyStatus === status ? 0 : bodyStatus;
}
/** The row for this status, preferring one whose kind agrees with the body's. */
function rowOf(rows, status, kind) {
    let fallback;
    for (const row of rows) {
        if (row.spec.status !== status)
            continue;
        if (kind === undefined || row.spec.kind === undefined || row.spec.kind === kind)
            return row;
        fallback ??= row;
    }
    return fallback;
}
function nonBlank(text) {
    if (text === undefined || text === '')
        return undefined;
    // Most texts start with a printable ASCII character: no need to trim them to know.
    const first = text.charCodeAt(0);
    return (first > 0x20 && first < 0x7f) || text.trim() !== '' ? text : undefined;
}
const MAX_FIELD_ERRORS = 100;
/**
 * The field errors of a list in the body (the first hundred): each entry's texts at `field` and
 * `message` (a key of the entry, or a path into it), where it has either; of a single record, its
 * texts where it names a field. What a shape's reader
 * calls for its `fieldErrors`.
 */
export function fieldErrors(list, field, message) {
    const out = [];
    // One record is one entry, which counts only where it names its field (Stripe's `error.param`).
    const one = isRecord(list);
    const entries = one ? [list] : Array.isArray(list) ? list : [];
    const count = Math.min(entries.length, MAX_FIELD_ERRORS);
    for (let i = 0; i < count; i++) {
        const entry = entries[i];
        const text = scalarText(typeof message === 'string' ? own(entry, message) : readPath(entry, message));
        const name = field === undefined ? undefined : scalarText(typeof field === 'string' ? own(entry, field) : readPath(entry, field));
        if (name !== undefined || (text !== undefined && !one))
            out.push({ field: name ?? '', message: text ?? '' });
    }
    return out;
}
/** The last dispatch: a program decodes for the same host and endpoint again and again. */
let lastDispatch;
/**
 * Entry point of the generated decoders: chooses the host's tables by name (never by the body),
 * uses the endpoint's rules only when that endpoint is on this host, and accepts anything.
 */
export function decodeForHost(tables, hosts, endpoints, hostName, input) {
    const name = typeof hostName === 'string' ? hostName : '';
    const status = safeStatus(field(input, 'status'));
    const body = field(input, 'body');
    const endpointName = field(input, 'endpoint');
    const last = lastDispatch;
    if (last !== undefined && last.tables === tables && last.hosts === hosts && last.endpoints === endpoints && last.name === name && last.endpoint === endpointName) {
        return decodeWith(last.plan, last.host, status, body);
    }
    return decodeDispatched(tables, hosts, endpoints, name, endpointName, status, body);
}
function decodeDispatched(tables, hosts, endpoints, name, endpointName, status, body) {
    const host = hasOwn(hosts, name) ? hosts[name] : undefined;
    const named = typeof endpointName === 'string' && hasOwn(endpoints, endpointName) ? endpoints[endpointName] : undefined;
    const endpoint = named !== undefined && named.host === name ? named : undefined;
    if (host === undefined) {
        // An unknown host has no tables of its own; its plan is not worth keeping.
        const plan = compilePlan(tablesPlanOf(tables), { name, shapes: [], codes: [], fieldPaths: [] }, endpoint);
        return decodeWith(plan, name, status, body);
    }
    const plan = planOf(tablesPlanOf(tables), host, endpoint);
    // Only string names are remembered: the check above compares them by value.
    if (endpointName === undefined || typeof endpointName === 'string')
        lastDispatch = { tables, hosts, endpoints, name, endpoint: endpointName, host: host.name, plan };
    return decodeWith(plan, host.name, status, body);
}
/** `decodeError`'s dispatch: the host named by the input, read without trusting the input. */
export function decodeByHost(tables, hosts, endpoints, input) {
    return decodeForHost(tables, hosts, endpoints, field(input, 'host'), input);
}
/** Reads one property of an untrusted input; getters and proxies that throw yield undefined. */
function field(input, key) {
    try {
        if (!isRecord(input))
            return undefined;
        // Named reads: each call site reads one known property.
        switch (key) {
            case 'host':
                return input.host;
            case 'status':
                return input.status;
            case 'body':
                return input.body;
            case 'endpoint':
                return input.endpoint;
        }
    }
    catch {
        return undefined;
    }
}
