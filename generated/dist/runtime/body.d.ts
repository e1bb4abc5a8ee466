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
 * The object or array a JSON text holds, parsed at once; undefined for any other text. Unlike
 * parseBody it does not first measure the text's depth and structure, so only short texts are
 * worth giving it, and the caller must check those limits on the result before relying on it.
 */
export declare function parseJsonContainer(body: string): object | undefined;
/**
 * What a decoded error keeps of the body: text truncated, data as a plain bounded JSON copy.
 * Values that cannot be copied as JSON (throwing getters, proxies, cycles, extreme depth or size)
 * are dropped, so the error itself always serialises.
 */
export declare function keptBody(value: unknown, rawLength?: number): unknown;
/**
 * The paths one decode reads, as a tree over the body: a path ends at a node with a slot, where
 * scanPlainJson records the value it finds there.
 */
export interface PathTrie {
    /** The index of the path that ends here, or -1. */
    readonly slot: number;
    readonly keys: readonly (string | number)[];
    readonly children: readonly PathTrie[];
}
/** The tree of `paths`; the value at `paths[i]` goes to slot `i`. */
export declare function pathTrie(paths: readonly BodyPath[]): PathTrie;
/**
 * Whether `value` is plain JSON data that the JSON round trip (JSON.parse(JSON.stringify(value)))
 * would give back equal: plain objects and arrays of strings, finite numbers (not -0), booleans
 * and null, within the depth, structure and size limits. Values are read as JSON.stringify reads
 * them: own enumerable properties, getters and proxy traps run. In the same single pass, the
 * value at each path of `trie` is written to `found[slot]`, so a read never reaches a prototype.
 * False for anything else (cycles, toJSON, dates, class instances, throwing getters or traps,
 * huge data): only the round trip itself can say what such a value becomes. The budgets
 * over-count the round trip's text, so data accepted here is data it would keep.
 */
export declare function scanPlainJson(value: object, trie: PathTrie, found: unknown[]): boolean;
export declare function isRecord(value: unknown): value is Readonly<Record<string, unknown>>;
/** The value at `path`, following own properties only; undefined when any step is missing. */
export declare function readPath(value: unknown, path: BodyPath): unknown;
export declare function hasPath(value: unknown, path: BodyPath): boolean;
/** The text at `path`: see scalarText. */
export declare function readText(value: unknown, path: BodyPath): string | undefined;
/** A string for a scalar (truncated; numbers become their decimal text); undefined for anything else. */
export declare function scalarText(value: unknown): string | undefined;
export declare function truncate(text: string, limit?: number): string;
