/**
 * JSON that never loses a digit. `JSON.parse` rounds an integer beyond ±(2^53 - 1) (a 64-bit id)
 * to the nearest double, silently, and `JSON.stringify` throws on a `bigint`. Here an integer
 * literal outside the safe range is read as a `bigint` holding its exact value, and a `bigint` is
 * written back as its digits; everything else is exactly JSON.parse and JSON.stringify.
 *
 * Why a reader of our own: Node 20 (V8 11.3) has no access to a number's source text from
 * JSON.parse (the reviver's `context.source` and `JSON.rawJSON` arrive with V8 11.4+), so a reviver
 * only ever sees the rounded double. A text without a run of 16 digits cannot hold an unsafe
 * integer and goes straight to JSON.parse, at its speed (a sixteenth of the text is read to know);
 * so does one whose long runs are all in strings, fractions or exponents. Only a text that holds an
 * unsafe integer is read by the reader below, about twice as slow as JSON.parse.
 */
import type { JsonCodec } from './spec.js';
/** The codec of endpoints whose bodies hold an int64 (the generated tables name it). */
export declare const LOSSLESS_JSON: JsonCodec;
/**
 * `JSON.parse(text)`, except that an integer literal (no fraction, no exponent) outside
 * Number.MIN_SAFE_INTEGER..Number.MAX_SAFE_INTEGER is a `bigint` of its exact value. Invalid text
 * throws JSON.parse's own SyntaxError.
 */
export declare function parseJson(text: string): unknown;
/**
 * `JSON.stringify(value)`, except that a `bigint` (anywhere, or boxed) is written as its exact
 * digits instead of throwing. A value without one is JSON.stringify's, at its speed: the bigint
 * pass runs only after JSON.stringify has thrown (so getters and toJSON of such a value run again).
 */
export declare function stringifyJson(value: unknown): string | undefined;
