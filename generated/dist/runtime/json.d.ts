/**
 * JSON that never loses a digit. `JSON.parse` rounds an integer beyond ±2^53 (a 64-bit id) to the
 * nearest double, silently (an integer a double holds exactly stays a number); Node 20 has no access to a number's source text in a reviver. So an
 * integer literal outside the safe range is read as a `bigint`, exactly, and a `bigint` is written
 * back as its digits. Everything else is JSON.parse and JSON.stringify, unchanged — and without a
 * run of 16 digits in the text (or a bigint in the value) it is exactly them, at their speed.
 */
/** `JSON.parse(text)`, but unsafe integers are bigints. Throws SyntaxError where JSON.parse does. */
export declare function parseJson(text: string): unknown;
/** `JSON.stringify(value)`, but a bigint is written as its exact digits instead of throwing. */
export declare function stringifyJson(value: unknown): string | undefined;
