/**
 * What the generated validators (issue 35, the `/validators` entry) run on: the issues they
 * collect, bounded on hostile input, and the Standard Schema v1 face each validator shows, so it
 * plugs into what speaks it (form libraries, tRPC, Hono) with no adapter. The interface is written
 * here, as the standard asks of libraries, not imported: the package stays dependency-free.
 */
/** Most issues one validation collects: a hostile body of a million bad items reports this many. */
export const MAX_ISSUES = 100;
/**
 * Where a validation writes its issues, at most MAX_ISSUES. The path is a stack the generated
 * code pushes and pops (through `down`), copied only when an issue is made.
 */
export class Issues {
    list = [];
    /** Issues found, those past MAX_ISSUES too: a check compares it before and after to tell whether it found one. */
    found = 0;
    path = [];
    /** Whether validation should go on after an issue. */
    get open() {
        return this.list.length < MAX_ISSUES;
    }
    enter(key) {
        this.path.push(key);
    }
    leave() {
        this.path.pop();
    }
    add(message, key) {
        this.found++;
        if (this.list.length < MAX_ISSUES) {
            // Made at its final length: a copy then a push grows the copy (measured ~10% of a refused body's issues()).
            const at = this.path;
            const n = at.length;
            const path = new Array(key === undefined ? n : n + 1);
            for (let i = 0; i < n; i++)
                path[i] = at[i];
            if (key !== undefined)
                path[n] = key;
            this.list.push({ message, path });
        }
        return false;
    }
}
/** A failing part looked into for its issues, under `key`; whether to go on (false without `is`: a yes-or-no check stops). */
export function down(is, key, check, value) {
    if (is === undefined)
        return false;
    is.enter(key);
    check(value, is);
    is.leave();
    return is.open;
}
/** An issue told (false without `is`: a yes-or-no check stops), and whether to go on. */
export function no(is, message, key) {
    if (is === undefined)
        return false;
    is.add(message, key);
    return is.open;
}
const NONE = [];
const TOO_DEEP = { message: 'is nested too deeply to check', path: [] };
/**
 * The validator of a generated check. `is` runs it yes-or-no; `issues` and `validate` run it once
 * collecting (a valid value costs about what `is` does: only failing parts are looked into).
 */
export function validator(check) {
    const issues = (value) => {
        let found;
        try {
            // Most values are valid: one yes-or-no pass, nothing allocated; only a refused value is looked into.
            if (check(value) || check(value, (found = new Issues())))
                return NONE;
        }
        catch (e) {
            // A value nested deeper than the stack goes (a hostile body of a million brackets, a cycle) is refused, not thrown.
            if (e instanceof RangeError)
                return [TOO_DEEP];
            throw e;
        }
        // A check that refuses a value tells why (the tests hold it to that); were one not to, the value is still refused.
        return found !== undefined && found.list.length > 0 ? found.list : [{ message: 'is not of its type', path: [] }];
    };
    return {
        '~standard': {
            version: 1,
            vendor: 'contractgen',
            validate: (value) => {
                const list = issues(value);
                return list.length === 0 ? { value: value } : { issues: list };
            },
        },
        is: (value) => {
            try {
                return check(value);
            }
            catch (e) {
                if (e instanceof RangeError)
                    return false;
                throw e;
            }
        },
        issues,
    };
}
// ---------------------------------------------------------------------------------------------
// Formats (RFC 3339 dates and times, checked against the calendar)
// ---------------------------------------------------------------------------------------------
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function leap(year) {
    return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}
/** The number the `count` ASCII digits at `at` spell, or -1 where one is no digit. */
function digits(s, at, count) {
    let n = 0;
    for (let i = at; i < at + count; i++) {
        const d = s.charCodeAt(i) - 48;
        if (d < 0 || d > 9)
            return -1;
        n = n * 10 + d;
    }
    return n;
}
/** Whether `s` holds a date at `at`: YYYY-MM-DD, a day the month has (read by character codes: no slicing, no regex). */
function dateAt(s, at) {
    if (s.charCodeAt(at + 4) !== 45 || s.charCodeAt(at + 7) !== 45)
        return false;
    const year = digits(s, at, 4);
    const month = digits(s, at + 5, 2);
    const day = digits(s, at + 8, 2);
    return year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap(year) ? 29 : DAYS[month - 1]);
}
/** `full-date`: YYYY-MM-DD, a day the month has. */
export function isDate(s) {
    return s.length === 10 && dateAt(s, 0);
}
/**
 * Whether `s` from `at` to its end is a time: hh:mm:ss, a fraction, and an offset (`Z` or ±hh:mm),
 * which `zone` false makes optional; a second 60 only as a leap second, 23:59:60 in UTC.
 */
function timeAt(s, at, zone) {
    if (s.length < at + 8 || s.charCodeAt(at + 2) !== 58 || s.charCodeAt(at + 5) !== 58)
        return false;
    const hour = digits(s, at, 2);
    const minute = digits(s, at + 3, 2);
    const second = digits(s, at + 6, 2);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60)
        return false;
    let i = at + 8;
    if (s.charCodeAt(i) === 46) {
        const from = ++i;
        while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57)
            i++;
        if (i === from)
            return false;
    }
    let offset = 0;
    const c = s.charCodeAt(i);
    if (c === 90 || c === 122)
        i++;
    else if (c === 43 || c === 45) {
        const h = digits(s, i + 1, 2);
        const m = digits(s, i + 4, 2);
        if (s.charCodeAt(i + 3) !== 58 || h < 0 || h > 23 || m < 0 || m > 59)
            return false;
        offset = (c === 45 ? -1 : 1) * (h * 60 + m);
        i += 6;
    }
    else if (zone)
        return false;
    if (i !== s.length)
        return false;
    // A leap second is 23:59:60 in UTC: the local time minus the offset.
    return second < 60 || (hour * 60 + minute - offset + 1440) % 1440 === 23 * 60 + 59;
}
/** `full-time` (or `partial-time` when `zone` is false): hh:mm:ss with fractions, a second 60 only as a leap second at 23:59 UTC. */
export function isTime(s, zone = true) {
    return timeAt(s, 0, zone);
}
/** `date-time`: a date, `T` (or `t`, or a space as RFC 3339 allows), a time with its offset. */
export function isDateTime(s) {
    const t = s.charCodeAt(10);
    return (t === 84 || t === 116 || t === 32) && dateAt(s, 0) && timeAt(s, 11, true);
}
/** `uuid` (RFC 9562): 8-4-4-4-12 hex digits, as a `urn:uuid:` too. */
export function isUuid(s) {
    return /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}
const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// Neither can backtrack far: an atom holds no dot and a label no dot, so each dot ends one.
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'i');
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`, 'i');
/** `email`: a dot-atom local part, `@`, and a domain of at least two labels (letters, digits, inner hyphens). */
export function isEmail(s) {
    const at = s.lastIndexOf('@');
    return at > 0 && s.length <= 320 && LOCAL_PART.test(s.slice(0, at)) && DOMAIN.test(s.slice(at + 1));
}
/** `ipv4`: four decimal octets, 0–255, without leading zeros. */
export function isIpv4(s) {
    const parts = s.split('.');
    return parts.length === 4 && parts.every((p) => /^(?:0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}
/** `ipv6` (RFC 4291): eight groups of 1–4 hex digits, `::` once for a run of zero groups, the last two as an IPv4 address. */
export function isIpv6(s) {
    const halves = s.split('::');
    if (halves.length > 2)
        return false;
    const groups = (half) => (half === '' ? [] : half.split(':'));
    const head = groups(halves[0] ?? '');
    const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
    if (head === undefined || tail === undefined)
        return false;
    const all = [...head, ...tail];
    // An IPv4 part ends the address: after `::` only when groups follow it (`1.2.3.4::` is no address).
    const end = halves.length === 2 ? tail : head;
    const last = end[end.length - 1];
    const v4 = last !== undefined && last.includes('.');
    if (v4 && !isIpv4(last))
        return false;
    const hex = v4 ? all.slice(0, -1) : all;
    if (!hex.every((g) => /^[0-9a-f]{1,4}$/i.test(g)))
        return false;
    const count = hex.length + (v4 ? 2 : 0);
    return halves.length === 2 ? count <= 7 : count === 8;
}
/** `hostname` (RFC 1123): dot-separated labels of letters, digits and inner hyphens, each at most 63, the whole at most 253 (a final dot allowed). */
export function isHostname(s) {
    const name = s.endsWith('.') ? s.slice(0, -1) : s;
    if (name.length === 0 || name.length > 253)
        return false;
    return name.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}
/** `byte`: base64 (RFC 4648), whole quanta of four, `=` padding at the end only. */
export function isByte(s) {
    return s.length % 4 === 0 && /^[a-z0-9+/]*(?:[a-z0-9+/]{2}==|[a-z0-9+/]{3}=)?$/i.test(s) && (s.indexOf('=') === -1 || s.indexOf('=') >= s.length - 2);
}
/** RFC 3986's pchar: unreserved, percent-encoded, sub-delims, `:` and `@`. */
const PCHAR = "(?:[a-z0-9\\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})";
const SEGMENTS = `(?:/${PCHAR}*)*`;
// No part can read what another reads once it has begun (a path segment holds no `/`, a query no
// `#`), so matching is linear. The host is an IP literal in brackets, or a name; the brackets' inside is checked apart.
const URI = new RegExp(`^[a-z][a-z0-9+.-]*:(?=.)(?://(?:(?:[a-z0-9\\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(\\[[^\\]/?#@]*\\]|(?:[a-z0-9\\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::[0-9]*)?${SEGMENTS}|/?(?:${PCHAR}+${SEGMENTS})?)(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?$`, 'i');
const IP_FUTURE = /^v[0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+$/i;
/**
 * `uri` (RFC 3986): an absolute URI, read by its grammar: a scheme, an authority whose host is a
 * name or an IP literal (`[::1]`), a path, a query and a fragment, each of the characters it may
 * hold (`%` with two hex digits). A relative reference is `uri-reference`, non-ASCII an IRI.
 */
export function isUri(s) {
    const m = URI.exec(s);
    if (m === null)
        return false;
    const literal = m[1];
    return literal === undefined || !literal.startsWith('[') || isIpv6(literal.slice(1, -1)) || IP_FUTURE.test(literal.slice(1, -1));
}
// ---------------------------------------------------------------------------------------------
// Helpers the generated checks call
// ---------------------------------------------------------------------------------------------
/** A Date that names a time (not Invalid Date), of this realm or another: a date-time or date of a package generated with `dates: Date`. */
export function isValidDate(v) {
    return (v instanceof Date || Object.prototype.toString.call(v) === '[object Date]') && !Number.isNaN(v.getTime());
}
/** A string's length as JSON Schema counts it: in code points, a surrogate pair one. */
export function codePoints(s) {
    let n = s.length;
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
            const d = s.charCodeAt(i + 1);
            if (d >= 0xdc00 && d <= 0xdfff) {
                n--;
                i++;
            }
        }
    }
    return n;
}
/** `multipleOf` as ajv decides it: the quotient is an integer (in floating point); a bigint (an int64 past 2^53) exactly. */
export function multipleOf(v, m) {
    if (typeof v === 'bigint')
        return Number.isInteger(m) ? v % BigInt(m) === 0n : false;
    return Number.isInteger(v / m);
}
/** `uniqueItems`: no two items equal as JSON values (objects whatever their keys' order). */
export function unique(items) {
    const seen = new Set();
    for (const item of items) {
        const text = canonical(item, 0);
        if (seen.has(text))
            return false;
        seen.add(text);
    }
    return true;
}
function canonical(value, depth) {
    if (depth > 64 || value === null || typeof value !== 'object')
        return typeof value === 'bigint' ? value.toString() : (JSON.stringify(value) ?? 'undefined');
    if (Array.isArray(value))
        return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
    const record = value;
    return `{${Object.keys(record)
        .sort()
        .map((k) => `${JSON.stringify(k)}:${canonical(record[k], depth + 1)}`)
        .join(',')}}`;
}
