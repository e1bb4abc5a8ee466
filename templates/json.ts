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

import { setOwn } from './body.js';
import type { JsonCodec } from './spec.js';

/** The codec of endpoints whose bodies hold an int64 (the generated tables name it). */
export const LOSSLESS_JSON: JsonCodec = { parse: parseJson, stringify: stringifyJson };

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/**
 * `JSON.parse(text)`, except that an integer literal (no fraction, no exponent) outside
 * Number.MIN_SAFE_INTEGER..Number.MAX_SAFE_INTEGER is a `bigint` of its exact value. Invalid text
 * throws JSON.parse's own SyntaxError.
 */
export function parseJson(text: string): unknown {
  if (!holdsUnsafeInteger(text)) return JSON.parse(text) as unknown;
  let value: unknown;
  try {
    value = readExact(text);
  } catch {
    // Not JSON: JSON.parse throws its own error, with its message and position.
    JSON.parse(text);
    throw new SyntaxError('JSON text that JSON.parse accepts could not be read exactly');
  }
  return value;
}

/**
 * Whether the text may hold an integer literal outside the safe range: false when it has no run of
 * 16 digits (the fast path), or only runs that are not such a literal — the digits of a fraction
 * or exponent (0.30000000000000004), or of a string (ids sent as strings, "1234567890123456789").
 * Exact for JSON text; for any other text both answers end in JSON.parse's error.
 */
function holdsUnsafeInteger(text: string): boolean {
  // Where the next run is sought; the text before `walked` has had its strings stepped over.
  let from = 0;
  let walked = 0;
  for (;;) {
    const start = longDigitRun(text, from);
    if (start < 0) return false;
    from = runEnd;
    // Most runs are ruled out by their neighbours; only the rest need to know where strings are.
    if (!isUnsafeIntegerToken(text, start, from)) continue;
    for (;;) {
      const open = text.indexOf('"', walked);
      if (open < 0 || open > start) return true;
      const close = closingQuote(text, open);
      // An unterminated string: not JSON, JSON.parse says why.
      if (close < 0) return false;
      walked = close + 1;
      if (close > start) {
        // The run is inside this string.
        from = walked;
        break;
      }
    }
  }
}

/** Where the run `longDigitRun` found ends. */
let runEnd = 0;

/**
 * The start of the first run of 16 or more digits that starts at or after `from` (its end in
 * runEnd), or -1. Any 16 consecutive indices hold exactly one of from + 15, from + 31, …: only
 * those are read, and extended to the run around them, so text without such runs costs a
 * sixteenth of a pass.
 */
function longDigitRun(text: string, from: number): number {
  for (let at = from + 15; at < text.length; at += 16) {
    // A run of 16 through `at` also holds at - 8 or at + 8.
    if (!isDigit(text.charCodeAt(at)) || (!isDigit(text.charCodeAt(at - 8)) && !isDigit(text.charCodeAt(at + 8)))) continue;
    let start = at;
    while (start > from && isDigit(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (isDigit(text.charCodeAt(end))) end++;
    if (end - start >= 16) {
      runEnd = end;
      return start;
    }
  }
  return -1;
}

/** The index of the quote closing the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let at = open;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let backslash = at - 1;
    while (text.charCodeAt(backslash) === 0x5c /* \ */) backslash--;
    // An even number of backslashes before it: the quote is not escaped.
    if ((at - 1 - backslash) % 2 === 0) return at;
  }
}

/**
 * Whether the digits text[start..end) are an integer literal outside the safe range if they stand
 * outside a string: a number token stands after `[`, `,`, `:`, whitespace or the text's start
 * (a minus sign between) and before `,`, `]`, `}`, whitespace or the end. Anything else next to
 * them is a fraction, an exponent, a string's text, or not JSON.
 */
function isUnsafeIntegerToken(text: string, start: number, end: number): boolean {
  const sign = text.charCodeAt(start - 1) === 0x2d /* - */ ? 1 : 0;
  const before = text.charCodeAt(start - 1 - sign);
  if (start - sign > 0 && before !== 0x5b /* [ */ && before !== 0x2c /* , */ && before !== 0x3a /* : */ && !isSpace(before)) return false;
  const after = text.charCodeAt(end);
  if (end < text.length && after !== 0x2c /* , */ && after !== 0x5d /* ] */ && after !== 0x7d /* } */ && !isSpace(after)) return false;
  // No leading zeros in JSON: more than 16 digits is beyond 2^53; 16 digits compare as text.
  return end - start > 16 || text.slice(start, end) > '9007199254740991';
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * The slow path: one pass over the text, iterative (an explicit stack of open containers), so it
 * nests as deep as JSON.parse does and never runs out of call stack — there is no depth limit for
 * body.ts's MAX_JSON_DEPTH to agree with. Error bodies (body.ts) keep JSON.parse and its limits.
 * Throws at the first character that is not JSON; parseJson then lets JSON.parse say why.
 */
function readExact(text: string): unknown {
  const open: (unknown[] | Record<string, unknown>)[] = [];
  // The key each open object is waiting to give a value to (innermost last).
  const keys: string[] = [];
  let i = skipSpace(text, 0);
  for (;;) {
    let value: unknown;
    const c = text.charCodeAt(i);
    if (c === 0x7b /* { */) {
      i = skipSpace(text, i + 1);
      if (text.charCodeAt(i) !== 0x7d /* } */) {
        i = readKey(text, i, keys);
        open.push({});
        continue;
      }
      value = {};
      i++;
    } else if (c === 0x5b /* [ */) {
      i = skipSpace(text, i + 1);
      if (text.charCodeAt(i) !== 0x5d /* ] */) {
        open.push([]);
        continue;
      }
      value = [];
      i++;
    } else if (c === 0x22 /* " */) {
      i = readString(text, i);
      value = scanned;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      i = readNumber(text, i);
      value = scanned;
    } else if (text.startsWith('true', i)) {
      value = true;
      i += 4;
    } else if (text.startsWith('false', i)) {
      value = false;
      i += 5;
    } else if (text.startsWith('null', i)) {
      value = null;
      i += 4;
    } else throw new SyntaxError();
    // A value is complete: give it to its container, and close every container that ends here.
    for (;;) {
      i = skipSpace(text, i);
      const parent = open[open.length - 1];
      if (parent === undefined) {
        if (i !== text.length) throw new SyntaxError();
        return value;
      }
      const d = text.charCodeAt(i);
      if (Array.isArray(parent)) {
        parent[parent.length] = value;
        if (d === 0x2c /* , */) {
          i = skipSpace(text, i + 1);
          break;
        }
        if (d !== 0x5d /* ] */) throw new SyntaxError();
      } else {
        // A member is an own data property, as JSON.parse makes it, even `__proto__`.
        setOwn(parent, keys.pop() as string, value);
        if (d === 0x2c /* , */) {
          i = readKey(text, skipSpace(text, i + 1), keys);
          break;
        }
        if (d !== 0x7d /* } */) throw new SyntaxError();
      }
      value = open.pop();
      i++;
    }
  }
}

function skipSpace(text: string, from: number): number {
  let i = from;
  for (;;) {
    // RFC 8259 whitespace: space, tab, line feed, carriage return; nothing else.
    if (isSpace(text.charCodeAt(i))) i++;
    else return i;
  }
}

/** What readString and readNumber read last (one value, so no allocation for a pair). */
let scanned: unknown;

/** Reads `"key"` and the colon after it; pushes the key; returns where the value starts. */
function readKey(text: string, from: number, keys: string[]): number {
  if (text.charCodeAt(from) !== 0x22 /* " */) throw new SyntaxError();
  let i = skipSpace(text, readString(text, from));
  if (text.charCodeAt(i) !== 0x3a /* : */) throw new SyntaxError();
  keys.push(scanned as string);
  return skipSpace(text, i + 1);
}

/** The string whose opening quote is at `from`, into `scanned`; returns the index after it. */
function readString(text: string, from: number): number {
  let i = from + 1;
  let escaped = false;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) break;
    if (c === 0x5c /* \ */) {
      escaped = true;
      i += 2;
      continue;
    }
    // A control character (JSON allows it only escaped), or the end of the text (NaN).
    if (!(c >= 0x20)) throw new SyntaxError();
    i++;
  }
  // Escapes are decoded by JSON.parse itself (and a bad one throws): exactly its reading.
  scanned = escaped ? (JSON.parse(text.slice(from, i + 1)) as string) : text.slice(from + 1, i);
  return i + 1;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The number starting at `from`, into `scanned`; returns the index after it. */
function readNumber(text: string, from: number): number {
  const negative = text.charCodeAt(from) === 0x2d; /* - */
  const start = negative ? from + 1 : from;
  let i = start;
  let c = text.charCodeAt(i);
  // The integer part's value, exact while it has at most 15 digits.
  let value = c - 0x30;
  if (c === 0x30 /* 0 */) c = text.charCodeAt(++i);
  else if (isDigit(c)) while (isDigit((c = text.charCodeAt(++i)))) value = value * 10 + (c - 0x30);
  else throw new SyntaxError();
  const digits = i - start;
  let integer = true;
  if (c === 0x2e /* . */) {
    integer = false;
    if (!isDigit(text.charCodeAt(++i))) throw new SyntaxError();
    while (isDigit((c = text.charCodeAt(++i))));
  }
  if (c === 0x65 /* e */ || c === 0x45 /* E */) {
    integer = false;
    c = text.charCodeAt(++i);
    if (c === 0x2b /* + */ || c === 0x2d /* - */) i++;
    if (!isDigit(text.charCodeAt(i))) throw new SyntaxError();
    while (isDigit(text.charCodeAt(++i)));
  }
  if (integer && digits < 16) scanned = negative ? -value : value;
  else if (integer) {
    // Only an integer of 16 or more digits can be outside the safe range.
    const exact = BigInt(text.slice(from, i));
    scanned = exact > MAX_SAFE || exact < MIN_SAFE ? exact : Number(exact);
  } else scanned = Number(text.slice(from, i)); // Number() reads a JSON number as JSON.parse does
  return i;
}

/**
 * `JSON.stringify(value)`, except that a `bigint` (anywhere, or boxed) is written as its exact
 * digits instead of throwing. A value without one is JSON.stringify's, at its speed: the bigint
 * pass runs only after JSON.stringify has thrown (so getters and toJSON of such a value run again).
 */
export function stringifyJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // A bigint throws a TypeError; so does a cycle, which the pass below meets and throws again.
    if (!(error instanceof TypeError)) throw error;
  }
  return stringifyWithBigints(value);
}

/**
 * Each bigint is written as a marker string, then every quoted marker is replaced by the digits,
 * in order (JSON.stringify calls the replacer in the order it writes). A marker that a string or
 * key of the value also spells would be replaced wrongly, so the markers are counted: the quoted
 * marker is delimited by `[`, `,` or `:` and `,`, `]` or `}`, so no occurrence overlaps another,
 * and when the text holds exactly as many as the bigints written, each of them is one. Otherwise
 * a marker absent from the text is taken and the value written again.
 */
function stringifyWithBigints(value: unknown): string | undefined {
  let tag = 0;
  for (let attempt = 0; attempt < 4; attempt++) {
    const marker = `\u0000bigint${tag}`;
    const digits: string[] = [];
    const text = JSON.stringify(value, (_key: string, v: unknown) => {
      // JSON.stringify would unwrap a boxed bigint (Object(1n)) and throw on it.
      const big = typeof v === 'bigint' ? v : v instanceof BigInt ? v.valueOf() : undefined;
      if (big === undefined) return v;
      digits.push(big.toString());
      return marker;
    });
    if (text === undefined || digits.length === 0) return text;
    const quoted = JSON.stringify(marker);
    const pieces = text.split(quoted);
    if (pieces.length - 1 === digits.length) {
      let out = pieces[0] as string;
      for (let k = 0; k < digits.length; k++) out += (digits[k] as string) + (pieces[k + 1] as string);
      return out;
    }
    do tag++;
    while (text.includes(JSON.stringify(`\u0000bigint${tag}`)));
  }
  // Only a value whose strings change on every read can get here.
  throw new TypeError('cannot serialise a bigint: the value keeps spelling the marker');
}
