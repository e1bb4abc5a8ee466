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
/**
 * Header parameters (lower-cased names) over the client's default headers but under the call's
 * own; cookie parameters joined to a Cookie header already there. The tables name it
 * (`params.headers`) only for endpoints with such parameters, so other bundles leave it out.
 */
export declare function withParams(headers: Record<string, string>, serialised: SerialisedParams, callHeaders: Readonly<Record<string, string>> | undefined): void;
export declare function serialiseParams(pathTemplate: string, params: readonly ParamSpec[], input: Readonly<Record<string, unknown>>): SerialisedParams;
/** OpenAPI's default style in each place (the generator leaves it out of the tables). */
export declare function defaultStyle(where: ParamLocation): ParamStyle;
/** OpenAPI's default explode: true for form; deepObject is defined only exploded. */
export declare function defaultExplode(style: ParamStyle): boolean;
