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
export type ParamLocation = 'path' | 'query' | 'header' | 'cookie';
export type ParamStyle = 'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';
export interface ParamSpec {
    /** The wire name (e.g. 'X-Request-Id', 'page[size]', 'order_id'). */
    readonly name: string;
    /** The key of the call's input object that holds the value (a safe identifier, e.g. 'xRequestId'). */
    readonly key: string;
    readonly in: ParamLocation;
    /** Omitted: the OpenAPI default for the location (path/header: simple; query/cookie: form). */
    readonly style?: ParamStyle;
    /** Omitted: the OpenAPI default (true for form, false otherwise). */
    readonly explode?: boolean;
    /** Query only: reserved characters (:/?#[]@!$&'()*+,;=) are sent as they are (OpenAPI allowReserved). */
    readonly allowReserved?: boolean;
    readonly required?: boolean;
    /** A form-exploded object: sent as its own keys, not under its name (read by the mocks' check). */
    readonly ownKeys?: boolean;
}
export interface SerialisedParams {
    /** The endpoint's path template with every {name} replaced. */
    readonly path: string;
    /** '' or '?a=1&b=2' (ready to append). */
    readonly query: string;
    /** Lower-cased header names → values. */
    readonly headers: Record<string, string>;
    /** The Cookie header value, or undefined when no cookie parameter has a value. */
    readonly cookie: string | undefined;
}
/** The first style is the location's default; the others are the only ones OpenAPI allows there (the generator's check reads this too). */
export declare const STYLES: Readonly<Record<ParamLocation, readonly ParamStyle[]>>;
/** OpenAPI: header parameters with these names SHALL be ignored (content negotiation and auth own them); the generator reports them. */
export declare const IGNORED_HEADERS: ReadonlySet<string>;
/** RFC 9110 token, which is also RFC 6265's cookie-name. */
export declare const TOKEN: RegExp;
/**
 * Serialises every parameter's value from `input` (read by `ParamSpec.key`, own properties only).
 * Throws TypeError naming the parameter for a missing required or path parameter, or for a value
 * that cannot be sent.
 */
export declare function serialiseParams(pathTemplate: string, params: readonly ParamSpec[], input: Readonly<Record<string, unknown>>): SerialisedParams;
/** OpenAPI's default style in each place (the generator leaves it out of the tables). */
export declare function defaultStyle(where: ParamLocation): ParamStyle;
/** OpenAPI's default explode: true for form; deepObject is defined only exploded. */
export declare function defaultExplode(style: ParamStyle): boolean;
