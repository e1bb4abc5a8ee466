/**
 * Reading untrusted response bodies: parse without throwing, read paths without touching
 * prototypes, and bound the work any body can cause.
 *
 * These are error bodies, and they are read with JSON.parse, not json.ts's parseJson (which success
 * bodies get): a decoded error keeps its body and must always serialise with JSON.stringify, which
 * throws on a bigint. The decoder reads only texts from it (code, message, kind) and types the
 * body `unknown`, so an integer beyond ±2^53 in an error body is kept as JSON.parse rounds it.
 */
import type { BodyPath } from './spec.js';
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
/**
 * Whether `value` is plain JSON data that the JSON round trip (JSON.parse(JSON.stringify(value)))
 * would give back equal: plain objects and arrays of strings, finite numbers (not -0), booleans
 * and null, within the depth, structure and size limits. Values are read as JSON.stringify reads
 * them: own enumerable properties, getters and proxy traps run. False for anything else (cycles,
 * toJSON, dates, class instances, throwing getters or traps, huge data): only the round trip
 * itself can say what such a value becomes. The budgets over-count the round trip's text, so data
 * accepted here is data it would keep.
 */
export declare function isPlainJson(value: object): boolean;
export declare function isRecord(value: unknown): value is Readonly<Record<string, unknown>>;
/** Whether `o` has the own property `key`: the one check every runtime module reads records by. */
export declare const hasOwn: (o: object, key: PropertyKey) => boolean;
/** The own property `key` of a record. */
export declare function own(value: unknown, key: string): unknown;
/**
 * Gives a record the own data property `key`, as JSON.parse does. Records keyed by names from the
 * wire or the contract (headers, form fields, parameters) are written with it: assigning
 * `__proto__` would set the prototype instead (the key is lost), and with a frozen
 * Object.prototype (hardened JavaScript) assigning any name it holds throws. Other names are
 * assigned, which is faster.
 */
export declare function setOwn<T>(record: Record<string | number, T>, key: string | number, value: T): void;
/** Whether a record has the own property `key`, whatever its value. */
export declare function has(value: unknown, key: string): boolean;
/** The item at `index` of an array. */
export declare function item(value: unknown, index: number): unknown;
/** Whether `index` is below an array's length (present, whatever is stored there). */
export declare function hasItem(value: unknown, index: number): boolean;
/** The value at `path`, following own properties only; undefined when any step is missing. */
export declare function readPath(value: unknown, path: BodyPath): unknown;
export declare function hasPath(value: unknown, path: BodyPath): boolean;
/** The text of the first value that has one: a read and its mirrors. */
export declare function firstText(...values: readonly unknown[]): string | undefined;
/** The text at `path`: see scalarText. */
export declare function readText(value: unknown, path: BodyPath): string | undefined;
/** A string for a scalar (truncated; numbers become their decimal text); undefined for anything else. */
export declare function scalarText(value: unknown): string | undefined;
export declare function truncate(text: string, limit?: number): string;
