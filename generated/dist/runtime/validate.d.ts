/**
 * What the generated validators (issue 35, the `/validators` entry) run on: the issues they
 * collect, bounded on hostile input, and the Standard Schema v1 face each validator shows, so it
 * plugs into what speaks it (form libraries, tRPC, Hono) with no adapter. The interface is written
 * here, as the standard asks of libraries, not imported: the package stays dependency-free.
 */
/** One way a value is not of its type: what is wrong, and where (`['items', 0, 'sku']`). */
export interface ValidationIssue {
    readonly message: string;
    readonly path: readonly (string | number)[];
}
/** Standard Schema v1 (standardschema.dev): the `~standard` property of a validator. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
    readonly '~standard': StandardSchemaProps<Input, Output>;
}
export interface StandardSchemaProps<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output>;
    readonly types?: {
        readonly input: Input;
        readonly output: Output;
    } | undefined;
}
export type StandardResult<Output> = {
    readonly value: Output;
    readonly issues?: undefined;
} | {
    readonly issues: readonly ValidationIssue[];
};
/** Most issues one validation collects: a hostile body of a million bad items reports this many. */
export declare const MAX_ISSUES = 100;
/**
 * Where a validation writes its issues, at most MAX_ISSUES. The path is a stack the generated
 * code pushes and pops (through `down`), copied only when an issue is made.
 */
export declare class Issues {
    readonly list: ValidationIssue[];
    /** Issues found, those past MAX_ISSUES too: a check compares it before and after to tell whether it found one. */
    found: number;
    private readonly path;
    /** Whether validation should go on after an issue. */
    get open(): boolean;
    enter(key: string | number): void;
    leave(): void;
    add(message: string, key?: string | number): false;
}
/**
 * A generated check: true when `value` is of its type. Without `issues`, yes or no at the first
 * failure; with them, every issue is told there.
 */
export type Check = (value: unknown, issues?: Issues) => boolean;
/** A failing part looked into for its issues, under `key`; whether to go on (false without `is`: a yes-or-no check stops). */
export declare function down(is: Issues | undefined, key: string | number, check: Check, value: unknown): boolean;
/** An issue told (false without `is`: a yes-or-no check stops), and whether to go on. */
export declare function no(is: Issues | undefined, message: string, key?: string | number): boolean;
/** A validator: the check as Standard Schema, `is` (a type guard, first failure only) and `issues` (all of them). */
export interface Validator<T> extends StandardSchemaV1<T, T> {
    is(value: unknown): value is T;
    issues(value: unknown): readonly ValidationIssue[];
}
/**
 * The validator of a generated check. `is` runs it yes-or-no; `issues` and `validate` run it once
 * collecting (a valid value costs about what `is` does: only failing parts are looked into).
 */
export declare function validator<T>(check: Check): Validator<T>;
/** `full-date`: YYYY-MM-DD, a day the month has. */
export declare function isDate(s: string): boolean;
/** `full-time` (or `partial-time` when `zone` is false): hh:mm:ss with fractions, a second 60 only as a leap second at 23:59 UTC. */
export declare function isTime(s: string, zone?: boolean): boolean;
/** `date-time`: a date, `T` (or `t`, or a space as RFC 3339 allows), a time with its offset. */
export declare function isDateTime(s: string): boolean;
/** `uuid` (RFC 9562): 8-4-4-4-12 hex digits, as a `urn:uuid:` too. */
export declare function isUuid(s: string): boolean;
/** `email`: a dot-atom local part, `@`, and a domain of at least two labels (letters, digits, inner hyphens). */
export declare function isEmail(s: string): boolean;
/** `ipv4`: four decimal octets, 0–255, without leading zeros. */
export declare function isIpv4(s: string): boolean;
/** `ipv6` (RFC 4291): eight groups of 1–4 hex digits, `::` once for a run of zero groups, the last two as an IPv4 address. */
export declare function isIpv6(s: string): boolean;
/** `hostname` (RFC 1123): dot-separated labels of letters, digits and inner hyphens, each at most 63, the whole at most 253 (a final dot allowed). */
export declare function isHostname(s: string): boolean;
/** `byte`: base64 (RFC 4648), whole quanta of four, `=` padding at the end only. */
export declare function isByte(s: string): boolean;
/**
 * `uri` (RFC 3986): an absolute URI, read by its grammar: a scheme, an authority whose host is a
 * name or an IP literal (`[::1]`), a path, a query and a fragment, each of the characters it may
 * hold (`%` with two hex digits). A relative reference is `uri-reference`, non-ASCII an IRI.
 */
export declare function isUri(s: string): boolean;
/** A Date that names a time (not Invalid Date), of this realm or another: a date-time or date of a package generated with `dates: Date`. */
export declare function isValidDate(v: unknown): boolean;
/** A string's length as JSON Schema counts it: in code points, a surrogate pair one. */
export declare function codePoints(s: string): number;
/** `multipleOf` as ajv decides it: the quotient is an integer (in floating point); a bigint (an int64 past 2^53) exactly. */
export declare function multipleOf(v: number | bigint, m: number): boolean;
/** `uniqueItems`: no two items equal as JSON values (objects whatever their keys' order). */
export declare function unique(items: readonly unknown[]): boolean;
