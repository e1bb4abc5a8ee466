/**
 * An endpoint's path, query, header and cookie parameters, written as OpenAPI 3.1 defines
 * parameter serialisation (the `style` / `explode` table), with one guarantee on top: a value never
 * leaves its parameter. Nothing a caller passes can change the path's segments, add a query
 * parameter, a header or a cookie; a value that cannot be written safely is a TypeError naming the
 * parameter, raised before anything is sent.
 *
 * Where this departs from the letter of OpenAPI 3.1.0, and why:
 * - Query names are percent-encoded like values, so `page[size]` goes out as `page%5Bsize%5D`
 *   and deepObject as `color%5BR%5D=100` (3.1.0's table prints raw brackets; RFC 3986 does not
 *   allow them in a query, and OpenAPI 3.1.1 prints them encoded). Servers decode names before
 *   reading brackets (qs, Rack, PHP, Spring), so they see `page[size]` either way.
 * - spaceDelimited and pipeDelimited carry the name (`color=blue%20black`): 3.1.0's table omits
 *   it by mistake (fixed in 3.1.1). With explode: true they are written as form, as 3.1.1 says.
 * - allowReserved still encodes `&`, `=`, `#` and `+`: raw, they would end the parameter, start a
 *   new one, end the URL or turn into a space. `:/?[]@!$'()*,;` are sent raw.
 * - Cookies are joined with `; ` as RFC 6265 requires, not with 3.1.0's `&`.
 * - A path value that makes its whole segment `.` or `..` is a TypeError: URL parsers (WHATWG,
 *   so fetch) resolve those segments, and `%2E` too, so no encoding keeps them in place.
 * - A path value that expands to nothing (`''`, `[]`, `{}`) is a TypeError: it would make an
 *   empty segment, usually another endpoint. An empty header value is sent as it is.
 * - Header values are not encoded (as OpenAPI says), so control characters other than tab
 *   (C0, DEL and C1) and anything above U+00FF are a TypeError rather than a corrupted request.
 * - `null` means "not sent", like `undefined`: generated inputs use both for "no value", and
 *   OpenAPI's `color=` for empty is still reachable with `''`.
 *
 * Every request runs this, so regular expressions live at module level and path templates are
 * compiled once.
 */
import { encodeUnreserved, joinCookie, percentOf, setHeader } from './exchange.js';
/** The first style is the location's default; the others are the only ones OpenAPI allows there (the generator's check reads this too). */
export const STYLES = {
    path: ['simple', 'label', 'matrix'],
    query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
    header: ['simple'],
    cookie: ['form'],
};
/** OpenAPI: header parameters with these names SHALL be ignored (content negotiation and auth own them); the generator reports them. */
export const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
/** RFC 9110 token, which is also RFC 6265's cookie-name. */
export const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What a header value cannot carry without being cut, rejected or re-encoded on the way. */
const HEADER_UNSAFE = /[\0-\x08\x0A-\x1F\x7F-\x9F\u0100-\uFFFF]/;
/** After encodeURI: what must still be encoded with allowReserved, and brackets to restore. */
const STRUCTURAL = /[&=#+]|%5B|%5D/g;
const BRACKET = /[[\]]/;
const PLACEHOLDER = /\{([^{}]*)\}/;
/** Segments URL parsers resolve away (WHATWG decodes `%2e` for this check). */
const DOT_SEGMENTS = new Set(['.', '..', '%2e', '.%2e', '%2e.', '%2e%2e']);
const hasOwn = Object.prototype.hasOwnProperty;
/**
 * Serialises every parameter's value from `input` (read by `ParamSpec.key`, own properties only).
 * Throws TypeError naming the parameter for a missing required or path parameter, or for a value
 * that cannot be sent.
 */
/**
 * Header parameters (lower-cased names) over the client's default headers but under the call's
 * own; cookie parameters joined to a Cookie header already there. The tables name it
 * (`params.headers`) only for endpoints with such parameters, so other bundles leave it out.
 */
export function withParams(headers, serialised, callHeaders) {
    const fromCall = new Set(Object.keys(callHeaders ?? {}).map((k) => k.toLowerCase()));
    for (const [name, value] of Object.entries(serialised.headers))
        if (!fromCall.has(name))
            setHeader(headers, name, value);
    if (serialised.cookie !== undefined)
        joinCookie(headers, serialised.cookie);
}
export function serialiseParams(pathTemplate, params, input) {
    // Null prototype: a header named `__proto__` must be a key, not a prototype swap.
    const headers = Object.create(null);
    const collected = { path: new Map(), query: [], headers, cookies: [] };
    for (const spec of params) {
        const value = hasOwn.call(input, spec.key) ? input[spec.key] : undefined;
        try {
            collect(spec, value, collected);
        }
        catch (error) {
            // encodeURIComponent's only failure; without this the caller could not tell which parameter.
            throw error instanceof URIError ? fail(spec, 'contains a lone surrogate, which cannot be percent-encoded') : error;
        }
    }
    return {
        path: fillPath(pathTemplate, params, collected.path),
        query: collected.query.length === 0 ? '' : '?' + collected.query.join('&'),
        headers,
        cookie: collected.cookies.length === 0 ? undefined : collected.cookies.join('; '),
    };
}
function collect(spec, raw, out) {
    if (spec.in === 'path') {
        out.path.set(spec.name, pathValue(spec, raw));
        return;
    }
    if (spec.in === 'header' && IGNORED_HEADERS.has(spec.name.toLowerCase()))
        return;
    if (raw === undefined || raw === null) {
        if (spec.required === true)
            throw new TypeError(`required ${spec.in} parameter '${spec.name}' is missing`);
        return;
    }
    switch (spec.in) {
        case 'query':
            return queryPieces(spec, raw, out.query);
        case 'header':
            return headerValue(spec, raw, out.headers);
        case 'cookie':
            return cookiePieces(spec, raw, out.cookies);
        default:
            throw fail(spec, 'has an unknown location');
    }
}
// ---------------------------------------------------------------------------------------------
// Path
// ---------------------------------------------------------------------------------------------
function pathValue(spec, raw) {
    if (raw === undefined || raw === null)
        throw new TypeError(`path parameter '${spec.name}' is missing`);
    const shaped = shape(spec, raw);
    const style = styleOf(spec);
    const explode = spec.explode ?? defaultExplode(style);
    let text = '';
    if (shaped !== undefined) {
        if (style === 'simple')
            text = joinShape(shaped, encodeUnreserved, ',', explode ? '=' : ',');
        // Not exploded, a label list is comma-separated (RFC 6570's `{.list}`, OpenAPI 3.1.1's table; 3.0's dots were an erratum).
        else if (style === 'label')
            text = '.' + joinShape(shaped, encodeUnreserved, explode ? '.' : ',', explode ? '=' : ',');
        else
            text = matrix(encodeUnreserved(spec.name), shaped, explode);
    }
    if (text === '')
        throw fail(spec, 'is empty; a path parameter needs a value');
    return text;
}
function matrix(name, shaped, explode) {
    if (!explode || shaped.kind === 'scalar')
        return matrixPair(name, joinShape(shaped, encodeUnreserved, ',', ','));
    let text = '';
    if (shaped.kind === 'array')
        for (const item of shaped.items)
            text += matrixPair(name, encodeUnreserved(item));
    else
        for (const [key, value] of shaped.entries)
            text += matrixPair(encodeUnreserved(key), encodeUnreserved(value));
    return text;
}
/** RFC 6570: an empty matrix value drops its `=` (`;color`). */
function matrixPair(name, value) {
    return value === '' ? ';' + name : ';' + name + '=' + value;
}
/** Templates come from generated code, so this stays small; the cap only guards misuse. */
const TEMPLATES = new Map();
const TEMPLATE_CACHE_LIMIT = 512;
function compile(pathTemplate) {
    const cached = TEMPLATES.get(pathTemplate);
    if (cached !== undefined)
        return cached;
    const names = new Set();
    // Split on '/' first: a placeholder is always inside one segment, and values cannot add one.
    const segments = pathTemplate.split('/').map((text) => {
        const parts = text.split(PLACEHOLDER);
        const holes = [];
        for (let i = 1; i < parts.length; i += 2) {
            const name = parts[i] ?? '';
            names.add(name);
            holes.push({ name, tail: parts[i + 1] ?? '' });
        }
        return { head: parts[0] ?? '', holes };
    });
    const template = { segments, names };
    if (TEMPLATES.size >= TEMPLATE_CACHE_LIMIT)
        TEMPLATES.clear();
    TEMPLATES.set(pathTemplate, template);
    return template;
}
function fillPath(pathTemplate, params, values) {
    const template = compile(pathTemplate);
    let path = '';
    for (let s = 0; s < template.segments.length; s++) {
        const segment = template.segments[s];
        path += s === 0 ? '' : '/';
        path += segment.holes.length === 0 ? segment.head : fillSegment(pathTemplate, segment, values);
    }
    if (values.size > 0) {
        for (const spec of params) {
            if (spec.in === 'path' && !template.names.has(spec.name))
                throw fail(spec, `has no {${spec.name}} in the path template '${pathTemplate}'`);
        }
    }
    return path;
}
function fillSegment(pathTemplate, segment, values) {
    let text = segment.head;
    for (const hole of segment.holes) {
        const value = values.get(hole.name);
        if (value === undefined)
            throw new TypeError(`path template '${pathTemplate}' has {${hole.name}} but no path parameter named '${hole.name}'`);
        text += value + hole.tail;
    }
    if (DOT_SEGMENTS.has(text.toLowerCase())) {
        const name = segment.holes[0]?.name ?? '';
        throw new TypeError(`path parameter '${name}' makes the segment '${text}', which URLs resolve as a relative path; it cannot be sent`);
    }
    return text;
}
// ---------------------------------------------------------------------------------------------
// Query, header, cookie
// ---------------------------------------------------------------------------------------------
function queryPieces(spec, raw, out) {
    const style = styleOf(spec);
    const encodeValue = spec.allowReserved === true ? encodeReserved : encodeUnreserved;
    if (style === 'deepObject') {
        // Only explode: true is defined; false is the default for every style but form, so accept both.
        if (!isPlainObject(raw))
            throw fail(spec, 'uses style deepObject, which needs an object');
        deepPieces(spec, encodeUnreserved(spec.name), raw, encodeValue, out, 0);
        return;
    }
    const shaped = shape(spec, raw);
    if (shaped === undefined)
        return;
    const name = encodeUnreserved(spec.name);
    const explode = spec.explode ?? defaultExplode(style);
    if (style === 'form' || explode) {
        if (shaped.kind === 'scalar' && style !== 'form')
            throw fail(spec, `uses style ${style}, which needs an array or object`);
        formPieces(name, shaped, explode, encodeValue, encodeUnreserved, out);
        return;
    }
    if (shaped.kind === 'scalar')
        throw fail(spec, `uses style ${style}, which needs an array or object`);
    const separator = style === 'spaceDelimited' ? '%20' : '|';
    out.push(name + '=' + joinShape(shaped, encodeValue, separator, separator));
}
/** `name[key]=value`, and one more level (`name[a][b]=value`) for the common filter shapes. */
function deepPieces(spec, prefix, object, encodeValue, out, depth) {
    for (const key of Object.keys(object)) {
        // A bracket in a key would read, once decoded, as another level of nesting.
        if (BRACKET.test(key))
            throw fail(spec, `has the object key ${JSON.stringify(key)}, which deepObject cannot carry ('[' or ']')`);
        const member = object[key];
        if (member === undefined || member === null)
            continue;
        const name = prefix + '%5B' + encodeUnreserved(key) + '%5D';
        const text = scalarText(member);
        if (text !== undefined)
            out.push(name + '=' + encodeValue(text));
        else if (depth === 0 && isPlainObject(member))
            deepPieces(spec, name, member, encodeValue, out, 1);
        else
            throw unsendable(spec, member);
    }
}
/** `name` is already encoded; `encodeKey` writes an exploded object's keys, which become names. */
function formPieces(name, shaped, explode, encodeValue, encodeKey, out) {
    if (!explode || shaped.kind === 'scalar')
        out.push(name + '=' + joinShape(shaped, encodeValue, ',', ','));
    else if (shaped.kind === 'array')
        for (const item of shaped.items)
            out.push(name + '=' + encodeValue(item));
    else
        for (const [key, value] of shaped.entries)
            out.push(encodeKey(key) + '=' + encodeValue(value));
}
function headerValue(spec, raw, headers) {
    const name = spec.name.toLowerCase();
    if (!TOKEN.test(name))
        throw fail(spec, 'is not a valid header name');
    const explode = spec.explode ?? defaultExplode(styleOf(spec));
    const shaped = shape(spec, raw);
    if (shaped === undefined)
        return;
    const value = joinShape(shaped, same, ',', explode ? '=' : ',');
    if (HEADER_UNSAFE.test(value)) {
        throw fail(spec, 'contains a control character or a character above U+00FF, which cannot be sent safely in a header');
    }
    headers[name] = value;
}
function cookiePieces(spec, raw, out) {
    if (!TOKEN.test(spec.name))
        throw fail(spec, 'is not a valid cookie name (an RFC 6265 token)');
    const explode = spec.explode ?? defaultExplode(styleOf(spec));
    const shaped = shape(spec, raw);
    if (shaped === undefined)
        return;
    if (explode && shaped.kind === 'object') {
        // Exploded keys become cookie names; encoding them would send names the server never declared.
        for (const [key] of shaped.entries) {
            if (!TOKEN.test(key))
                throw fail(spec, `has the object key ${JSON.stringify(key)}, which is not a valid cookie name`);
        }
    }
    formPieces(spec.name, shaped, explode, encodeUnreserved, same, out);
}
// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------
/** undefined: not sent (an empty array or object, or an object of only undefined/null members). */
function shape(spec, value) {
    const text = scalarText(value);
    if (text !== undefined)
        return { kind: 'scalar', text };
    if (Array.isArray(value)) {
        const list = value;
        if (list.length === 0)
            return undefined;
        const items = [];
        for (let i = 0; i < list.length; i++)
            items.push(memberText(spec, list[i]));
        return { kind: 'array', items };
    }
    if (isPlainObject(value)) {
        const entries = [];
        for (const key of Object.keys(value)) {
            const member = value[key];
            // Optional members of a generated input type are routinely undefined; they are just absent.
            if (member !== undefined && member !== null)
                entries.push([key, memberText(spec, member)]);
        }
        return entries.length === 0 ? undefined : { kind: 'object', entries };
    }
    throw unsendable(spec, value);
}
function memberText(spec, value) {
    const text = scalarText(value);
    if (text === undefined)
        throw unsendable(spec, value);
    return text;
}
function scalarText(value) {
    switch (typeof value) {
        case 'string':
            return value;
        case 'number':
            return Number.isFinite(value) ? String(value) : undefined;
        case 'boolean':
            return value ? 'true' : 'false';
        case 'bigint':
            return value.toString();
        default:
            return undefined;
    }
}
/** Plain objects from any realm (iframes, vm); Date, Map and class instances are not. */
function isPlainObject(value) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
        return false;
    const proto = Object.getPrototypeOf(value);
    return proto === null || Object.getPrototypeOf(proto) === null;
}
function joinShape(shaped, encodeText, separator, pairSeparator) {
    if (shaped.kind === 'scalar')
        return encodeText(shaped.text);
    let text = '';
    if (shaped.kind === 'array') {
        for (let i = 0; i < shaped.items.length; i++)
            text += (i === 0 ? '' : separator) + encodeText(shaped.items[i]);
        return text;
    }
    for (let i = 0; i < shaped.entries.length; i++) {
        const [key, value] = shaped.entries[i];
        text += (i === 0 ? '' : separator) + encodeText(key) + pairSeparator + encodeText(value);
    }
    return text;
}
/** OpenAPI's default style in each place (the generator leaves it out of the tables). */
export function defaultStyle(where) {
    return STYLES[where]?.[0] ?? 'simple';
}
/** OpenAPI's default explode: true for form; deepObject is defined only exploded. */
export function defaultExplode(style) {
    return style === 'form' || style === 'deepObject';
}
function styleOf(spec) {
    const allowed = STYLES[spec.in];
    if (allowed === undefined)
        throw fail(spec, 'has an unknown location');
    const style = spec.style ?? defaultStyle(spec.in);
    if (!allowed.includes(style))
        throw fail(spec, `cannot use style '${style}'`);
    return style;
}
// ---------------------------------------------------------------------------------------------
// Encoding
// ---------------------------------------------------------------------------------------------
/** allowReserved, minus the four characters that would end or split the parameter (see top). */
function encodeReserved(text) {
    return encodeURI(text).replace(STRUCTURAL, structuralOf);
}
function structuralOf(match) {
    if (match === '%5B')
        return '[';
    if (match === '%5D')
        return ']';
    return percentOf(match);
}
function same(text) {
    return text;
}
// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------
function fail(spec, why) {
    return new TypeError(`${spec.in} parameter '${spec.name}' ${why}`);
}
function unsendable(spec, value) {
    return fail(spec, `has a value that cannot be sent (${describe(value)})`);
}
function describe(value) {
    if (typeof value === 'number')
        return String(value);
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'a nested array';
    if (typeof value === 'object')
        return isPlainObject(value) ? 'a nested object' : Object.prototype.toString.call(value).slice(8, -1);
    return typeof value;
}
