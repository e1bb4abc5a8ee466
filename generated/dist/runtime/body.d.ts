/**
 * Reading untrusted response bodies: parse without throwing, read paths without touching
 * prototypes, and bound the work any body can cause.
 */
export type BodyPath = readonly (string | number)[];
/** Bodies longer than this are not parsed as JSON; their text is kept, truncated. */
export declare const MAX_PARSE_LENGTH: number;
/** JSON with more structure than this (containers, members, items) is kept as text, unparsed. */
export declare const MAX_JSON_NODES: number;
/** JSON bodies parsed from texts longer than this are not kept whole in the decoded error. */
export declare const MAX_KEPT_JSON: number;
/** Longest text kept from a body for messages. */
export declare const MAX_TEXT_LENGTH: number;
/** JSON nested deeper than this is kept as text: real envelopes are shallow. */
export declare const MAX_JSON_DEPTH: number;
/** Raw response text as JSON when it is JSON of sane size and depth; other values pass through. */
export declare function parseBody(body: unknown): unknown;
/**
 * What a decoded error keeps of the body: text truncated, data as a plain bounded JSON copy.
 * Values that cannot be copied as JSON (throwing getters, proxies, cycles, extreme depth or size)
 * are dropped, so the error itself always serialises.
 */
export declare function keptBody(value: unknown, rawLength?: number): unknown;
export declare function isRecord(value: unknown): value is Readonly<Record<string, unknown>>;
/** The value at `path`, following own properties only; undefined when any step is missing. */
export declare function readPath(value: unknown, path: BodyPath): unknown;
export declare function hasPath(value: unknown, path: BodyPath): boolean;
/** A string for a scalar (numbers become their decimal text); undefined for anything else. */
export declare function readText(value: unknown, path: BodyPath): string | undefined;
export declare function truncate(text: string, limit?: number): string;
