import { matchEmptyMessage, matchMessage } from './messages.js';
import { hasOwn } from './body.js';
import { retryableOf } from './plan.js';
import { statusMatches } from './status.js';
/** The guidance a `once_then_support` rule gives on the first failure, and after the retry failed too. */
const RETRY_ONCE_HINT = 'Retry the call once; if it fails again, contact support.';
const RETRIED_ONCE_HINT = 'It failed again after one retry: contact support.';
/** Messages that do not name their field are mapped to request fields by the host's table. */
function applyMessages(plan, reads, decoded) {
    const table = plan.messages;
    if (table === undefined)
        return decoded;
    const texts = messageTexts(reads, decoded);
    // No text, no rule: the table's patterns never run on an envelope without messages.
    if (texts.length === 0)
        return decoded;
    const hits = [];
    for (const text of texts) {
        const match = matchMessage(table, text, plan.known);
        if (match !== undefined && !hits.some((h) => h.id === match.row.id && h.text === text)) {
            hits.push({ id: match.row.id, fields: match.fields, ambiguous: match.row.ambiguous === true, text });
        }
    }
    if (hits.length === 0 && texts.every((t) => t === '')) {
        const empty = matchEmptyMessage(table, plan.known);
        if (empty !== undefined && (empty.row.status === undefined || empty.row.status === decoded.status)) {
            hits.push({ id: empty.row.id, fields: empty.fields, ambiguous: empty.row.ambiguous === true, text: '' });
        }
    }
    if (hits.length === 0)
        return decoded;
    return withMessageHits(plan.tables.tables, table.advice, decoded, hits);
}
function messageTexts(reads, decoded) {
    const texts = [];
    for (const f of decoded.fields)
        if (f.field === '')
            texts.push(f.message);
    for (const text of [reads.message, reads.human, reads.detail])
        if (text !== undefined)
            texts.push(text);
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
        const a = hasOwn(advice, hit.id) ? advice[hit.id] : undefined;
        if (a === undefined)
            continue;
        if (a.retry !== undefined)
            result = { ...result, retry: a.retry };
        const policy = a.policy === undefined ? undefined : tables.policies[a.policy];
        const category = policy?.category ?? a.category;
        if (category !== undefined)
            result = { ...result, category, retryable: retryableOf(tables, category) };
        if (policy !== undefined) {
            result = { ...result, policy };
            hints.push(policyHint(policy));
        }
        else if (a.cause !== undefined) {
            hints.push(a.cause);
        }
    }
    // "Retry once, then contact support": this failure is the first, so a retry is what the API asks for.
    if (result.retry === 'once_then_support') {
        result = { ...result, retryable: true };
        hints.push(RETRY_ONCE_HINT);
    }
    return hints.length === 0 ? result : { ...result, hint: joinHints(result.hint, hints) };
}
const policyHints = new WeakMap();
/** The policy's description and restrictions as one hint; written once per policy. */
function policyHint(policy) {
    let hint = policyHints.get(policy);
    if (hint === undefined) {
        hint = describePolicy(policy);
        policyHints.set(policy, hint);
    }
    return hint;
}
function describePolicy(policy) {
    const ways = policy.restrictions.map((r) => `${r.name}: lifted by ${r.liftedBy}; retry later ${r.retryLater === 'after_window' ? 'works after the window resets' : r.retryLater === 'yes' ? 'works' : 'does not work'}`);
    return `${policy.description ?? `${policy.name} failed.`} One of these restrictions applies — ${ways.join('; ')}.`;
}
function joinHints(existing, more) {
    return [existing, ...more].filter((h) => h !== undefined && h !== '').join(' ');
}
function applyQuirks(plan, endpoint, decoded, body) {
    const empty = body === undefined || body === '';
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
            // A "retry once" row still asks for its one retry, whatever category the quirk gives.
            retryable: result.retry === 'once_then_support' || retryableOf(plan.tables.tables, category),
            hint: joinHints(result.hint, [quirk.hint]),
            rules: [...result.rules, quirk.id],
        };
    }
    return result;
}
/** The error of a `once_then_support` failure that was already retried once: not retryable, and the support guidance. */
export function retriedOnce(error) {
    return { ...error, retryable: false, hint: error.hint === undefined ? RETRIED_ONCE_HINT : error.hint.replace(RETRY_ONCE_HINT, RETRIED_ONCE_HINT) };
}
/** Quirks that turn a success status into an error (e.g. 200 with a zero-byte body). */
export function successQuirk(endpoint, status, bodyLength) {
    return endpoint.quirks.find((q) => q.error === true && statusMatches(q.status, status) && (q.emptyBody !== true || bodyLength === 0));
}
/**
 * The rules the tables name, so the decoder (messages, quirks), the exchange (a success a quirk
 * makes an error) and the client (the second failure of a `once_then_support` error) reach them
 * without importing them.
 */
export const DECODE_RULES = { messages: applyMessages, quirks: applyQuirks, successQuirk, retriedOnce };
