/**
 * JSON that never loses a digit. `JSON.parse` rounds an integer beyond ±2^53 (a 64-bit id) to the
 * nearest double, silently (an integer a double holds exactly stays a number); Node 20 has no access to a number's source text in a reviver. So an
 * integer literal outside the safe range is read as a `bigint`, exactly, and a `bigint` is written
 * back as its digits. Everything else is JSON.parse and JSON.stringify, unchanged — and without a
 * run of 16 digits in the text (or a bigint in the value) it is exactly them, at their speed.
 */

/** Control characters JSON text can only write escaped, and that have no short escape (\b \t \n \f \r). */
const MARKERS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];

const LONG_DIGITS = /\d{16}/;

/** `JSON.parse(text)`, but unsafe integers are bigints. Throws SyntaxError where JSON.parse does. */
export function parseJson(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text) as unknown;
  // Each unsafe integer becomes a string that starts with a control character the text never
  // contains (JSON can only write one escaped, so searching for its escape is enough): no string
  // of the document can be mistaken for one.
  const lower = text.toLowerCase();
  const mark = MARKERS.find((c) => !lower.includes(escapeOf(c)));
  if (mark === undefined) return JSON.parse(text) as unknown;
  const marked = markUnsafeIntegers(text, escapeOf(mark));
  if (marked === text) return JSON.parse(text) as unknown;
  const m = String.fromCharCode(mark);
  return JSON.parse(marked, (_key, value: unknown) => (typeof value === 'string' && value.charCodeAt(0) === mark && value.startsWith(m) ? BigInt(value.slice(1)) : value)) as unknown;
}

function escapeOf(code: number): string {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The text with every integer literal outside the safe range quoted behind the marker escape. */
function markUnsafeIntegers(text: string, escape: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
      continue;
    }
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) continue;
    NUMBER.lastIndex = i;
    const token = NUMBER.exec(text)?.[0];
    if (token === undefined) continue;
    if (/^-?\d{16,}$/.test(token) && BigInt(Number(token)) !== BigInt(token)) {
      out += `${text.slice(from, i)}"${escape}${token}"`;
      from = i + token.length;
    }
    i += token.length - 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** The index of the quote that closes the string opening at `start` (or the text's end). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x22) return i;
  }
  return text.length;
}

/** `JSON.stringify(value)`, but a bigint is written as its exact digits instead of throwing. */
export function stringifyJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
  }
  // A first pass finds the control characters the data's own strings use; the marker is one they do not.
  const used = new Set<number>();
  const note = (text: string): void => {
    for (const c of MARKERS) if (text.includes(String.fromCharCode(c))) used.add(c);
  };
  JSON.stringify(value, (key: string, v: unknown) => {
    note(key);
    if (typeof v === 'string') note(v);
    return typeof v === 'bigint' ? 0 : v;
  });
  const mark = MARKERS.find((c) => !used.has(c));
  if (mark === undefined) throw new TypeError('cannot serialise a bigint beside strings holding every control character');
  const m = String.fromCharCode(mark);
  const text = JSON.stringify(value, (_key: string, v: unknown) => (typeof v === 'bigint' ? `${m}${v.toString()}` : v));
  return text?.replace(new RegExp(`"\\\\u${mark.toString(16).padStart(4, '0')}(-?\\d+)"`, 'g'), '$1');
}
