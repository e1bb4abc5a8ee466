/**
 * The error decoder engine. Generated per-host decoders call `decodeHostError` with that host's
 * tables; the host is always chosen by the caller, never guessed from the body's shape.
 * It never throws: every input, however hostile, yields a decoded error with the HTTP status.
 */
import { hasPath, isRecord, keptBody, parseBody, readPath, readText, truncate } from './body.js';
import { matchEmptyMessage, matchMessage } from './messages.js';
export function statusMatches(spec, status) {
    return typeof spec === 'number' ? spec === status : Math.floor(status / 100) === Number(spec[0]);
}
export function categoryOfStatus(tables, status) {
    return tables.statusCategories.find((r) => statusMatches(r.status, status))?.category ?? tables.fallbackCategory;
}
function shapeMatches(shape, body) {
    if (!isRecord(body))
        return false;
    return shape.present.every((p) => hasPath(body, p)) && shape.equals.every((e) => readPath(body, e.path) === e.value);
}
function recognise(tables, names, body) {
    for (const name of names) {
        const shape = tables.shapes[name];
        if (shape !== undefined && shapeMatches(shape, body))
            return shape;
    }
    return undefined;
}
/** Reads a text, falling back to the mirrors that carry the same value when the source is absent. */
function readWithMirrors(shape, body, path) {
    if (path === undefined)
        return undefined;
    const direct = readText(body, path);
    if (direct !== undefined)
        return direct;
    const key = path.join('.');
    for (const mirror of shape.mirrors) {
        if (mirror.source.join('.') !== key)
            continue;
        const copy = readText(body, mirror.path);
        if (copy !== undefined)
            return copy;
    }
    return undefined;
}
export function safeStatus(status) {
    return typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 999 ? status : 0;
}
export function decodeHostError(tables, host, input) {
    const status = safeStatus(input.status);
    let body;
    try {
        body = parseBody(input.body);
    }
    catch {
        body = undefined;
    }
    let decoded;
    try {
        decoded = decodeParsed(tables, host, status, body, input.endpoint);
    }
    catch {
        decoded = unrecognised(tables, host, status, undefined);
    }
    // A body parsed from text is plain JSON: kept as is when small, else dropped (its text is long).
    const rawLength = typeof input.body === 'string' && typeof body !== 'string' ? input.body.length : undefined;
    return { ...decoded, body: keptBody(decoded.body, rawLength) };
}
function unrecognised(tables, host, status, body) {
    const category = categoryOfStatus(tables, status);
    const text = typeof body === 'string' && body.trim() !== '' ? truncate(body.trim(), 200) : undefined;
    return {
        host: host.name,
        status,
        shape: 'unrecognised',
        code: `http_${status}`,
        known: false,
        category,
        retryable: tables.categories[category]?.retryable ?? false,
        message: text === undefined ? `HTTP ${status}` : `HTTP ${status}: ${text}`,
        fields: [],
        rules: [],
        body,
    };
}
function decodeParsed(tables, host, status, body, endpoint) {
    const shape = recognise(tables, endpoint?.shapes ?? host.shapes, body);
    const base = shape === undefined ? unrecognised(tables, host, status, body) : readShape(tables, host, shape, status, body);
    const withMessages = shape === undefined ? base : applyMessages(tables, host, shape, body, base, endpoint);
    return applyQuirks(tables, withMessages, endpoint, body);
}
function readShape(tables, host, shape, status, body) {
    const read = (path) => readWithMirrors(shape, body, path);
    const code = read(shape.read.code) ?? `http_${status}`;
    const rows = host.codeShape === shape.name ? host.codes.filter((r) => r.code === code) : [];
    const kind = read(shape.read.kind);
    const row = rows.find((r) => r.status === status && (kind === undefined || r.kind === undefined || r.kind === kind)) ?? rows.find((r) => r.status === status);
    const category = row?.category ?? categoryOfStatus(tables, status);
    const human = read(shape.read.human);
    const message = read(shape.read.message);
    const detail = read(shape.read.detail);
    const claimed = shape.read.status === undefined ? undefined : readPath(body, shape.read.status);
    const bodyStatus = typeof claimed === 'number' ? safeStatus(claimed) : 0;
    return {
        host: host.name,
        status,
        shape: shape.name,
        code,
        known: rows.length > 0,
        category,
        retryable: tables.categories[category]?.retryable ?? false,
        message: firstText(human, message, detail) ?? `HTTP ${status} ${code}`,
        fields: readFieldErrors(shape, body),
        ...(kind === undefined ? {} : { kind }),
        ...(bodyStatus !== status && bodyStatus > 0 ? { bodyStatus } : {}),
        rules: [],
        body,
    };
}
function firstText(...texts) {
    return texts.find((t) => t !== undefined && t.trim() !== '');
}
const MAX_FIELD_ERRORS = 100;
function readFieldErrors(shape, body) {
    const spec = shape.fieldErrors;
    if (spec === undefined)
        return [];
    const list = readPath(body, spec.path);
    if (!Array.isArray(list))
        return [];
    const out = [];
    for (const entry of list.slice(0, MAX_FIELD_ERRORS)) {
        const message = readText(entry, spec.message);
        const field = spec.field === undefined ? undefined : readText(entry, spec.field);
        if (message !== undefined || field !== undefined)
            out.push({ field: field ?? '', message: message ?? '' });
    }
    return out;
}
/** Messages that do not name their field are mapped to request fields by the host's table. */
function applyMessages(tables, host, shape, body, decoded, endpoint) {
    const table = host.messages;
    if (table === undefined)
        return decoded;
    const known = endpoint !== undefined && endpoint.fieldPaths.length > 0 ? endpoint.fieldPaths : host.fieldPaths;
    const texts = messageTexts(shape, body, decoded);
    const hits = [];
    for (const text of texts) {
        const match = matchMessage(table, text, known);
        if (match !== undefined && !hits.some((h) => h.id === match.row.id && h.text === text)) {
            hits.push({ id: match.row.id, fields: match.fields, ambiguous: match.row.ambiguous === true, text });
        }
    }
    if (hits.length === 0 && texts.length > 0 && texts.every((t) => t === '')) {
        const empty = matchEmptyMessage(table, known);
        if (empty !== undefined && (empty.row.status === undefined || empty.row.status === decoded.status)) {
            hits.push({ id: empty.row.id, fields: empty.fields, ambiguous: empty.row.ambiguous === true, text: '' });
        }
    }
    if (hits.length === 0)
        return decoded;
    return withMessageHits(tables, table.advice, decoded, hits);
}
function messageTexts(shape, body, decoded) {
    const texts = decoded.fields.filter((f) => f.field === '').map((f) => f.message);
    for (const path of [shape.read.message, shape.read.human, shape.read.detail]) {
        const text = path === undefined ? undefined : readWithMirrors(shape, body, path);
        if (text !== undefined)
            texts.push(text);
    }
    return texts;
}
function withMessageHits(tables, advice, decoded, hits) {
    // Unnamed field errors whose text a row explained are replaced by the fields it names.
    const explained = new Set(hits.map((h) => h.text));
    const fields = decoded.fields.filter((f) => f.field !== '' || !explained.has(f.message));
    for (const hit of hits) {
        for (const field of hit.fields) {
            if (!fields.some((f) => f.field === field))
                fields.push({ field, message: hit.text, ...(hit.ambiguous ? { ambiguous: true } : {}) });
        }
    }
    let result = { ...decoded, fields, rules: [...decoded.rules, ...hits.map((h) => h.id)] };
    const hints = [];
    for (const hit of hits) {
        const a = Object.prototype.hasOwnProperty.call(advice, hit.id) ? advice[hit.id] : undefined;
        if (a === undefined)
            continue;
        if (a.retry !== undefined)
            result = { ...result, retry: a.retry };
        const policy = a.policy === undefined ? undefined : tables.policies[a.policy];
        const category = policy?.category ?? a.category;
        if (category !== undefined)
            result = { ...result, category, retryable: tables.categories[category]?.retryable ?? false };
        if (policy !== undefined) {
            result = { ...result, policy };
            hints.push(policyHint(policy));
        }
        else if (a.cause !== undefined) {
            hints.push(a.cause);
        }
    }
    return hints.length === 0 ? result : { ...result, hint: joinHints(result.hint, hints) };
}
function policyHint(policy) {
    const ways = policy.restrictions.map((r) => `${r.name}: lifted by ${r.liftedBy}; retry later ${r.retryLater === 'after_window' ? 'works after the window resets' : r.retryLater === 'yes' ? 'works' : 'does not work'}`);
    return `${policy.description ?? `${policy.name} failed.`} One of these restrictions applies — ${ways.join('; ')}.`;
}
function joinHints(existing, more) {
    return [existing, ...more].filter((h) => h !== undefined && h !== '').join(' ');
}
function applyQuirks(tables, decoded, endpoint, body) {
    if (endpoint === undefined)
        return decoded;
    const empty = body === undefined || body === '' || (typeof body === 'string' && body.length === 0);
    let result = decoded;
    for (const quirk of endpoint.quirks) {
        if (!statusMatches(quirk.status, decoded.status) || (quirk.emptyBody === true && !empty))
            continue;
        const category = quirk.category ?? result.category;
        result = {
            ...result,
            // With no envelope to read, the rule's own words are the best message.
            ...(result.shape === 'unrecognised' ? { message: quirk.hint } : {}),
            category,
            retryable: tables.categories[category]?.retryable ?? false,
            hint: joinHints(result.hint, [quirk.hint]),
            rules: [...result.rules, quirk.id],
        };
    }
    return result;
}
/** Quirks that turn a success status into an error (e.g. 200 with a zero-byte body). */
export function successQuirk(endpoint, status, bodyLength) {
    return endpoint.quirks.find((q) => q.error === true && statusMatches(q.status, status) && (q.emptyBody !== true || bodyLength === 0));
}
/**
 * Entry point of the generated decoders: chooses the host's tables by name (never by the body),
 * uses the endpoint's rules only when that endpoint is on this host, and accepts anything.
 */
export function decodeForHost(tables, hosts, endpoints, hostName, input) {
    const name = typeof hostName === 'string' ? hostName : '';
    const own = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
    const host = own(hosts, name) ? hosts[name] : { name, shapes: [], codes: [], fieldPaths: [] };
    const status = safeStatus(field(input, 'status'));
    const body = field(input, 'body');
    const endpointName = field(input, 'endpoint');
    const endpoint = typeof endpointName === 'string' && own(endpoints, endpointName) ? endpoints[endpointName] : undefined;
    return decodeHostError(tables, host, { status, body, ...(endpoint !== undefined && endpoint.host === name ? { endpoint } : {}) });
}
/** `decodeError`'s dispatch: the host named by the input, read without trusting the input. */
export function decodeByHost(tables, hosts, endpoints, input) {
    return decodeForHost(tables, hosts, endpoints, field(input, 'host'), input);
}
/** Reads one property of an untrusted input; getters and proxies that throw yield undefined. */
function field(input, key) {
    try {
        return isRecord(input) ? input[key] : undefined;
    }
    catch {
        return undefined;
    }
}
