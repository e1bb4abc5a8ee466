/**
 * Sets of characters as sorted, disjoint, inclusive ranges of code points (of UTF-16 code units
 * when a pattern has no `u` flag), the sets ECMAScript's escapes stand for, and the partition of
 * the alphabet that a pattern's sets induce (its minterms): two characters of one minterm are
 * accepted by exactly the same sets, so the analysis reads one symbol per minterm.
 */

/** Flat pairs: [lo0, hi0, lo1, hi1, …], each range inclusive, sorted, disjoint, not adjacent. */
export type CharSet = readonly number[];

export const MAX_CODE_POINT = 0x10ffff;
export const MAX_CODE_UNIT = 0xffff;

export function single(c: number): CharSet {
  return [c, c];
}

export function range(lo: number, hi: number): CharSet {
  return [lo, hi];
}

/** The union of `sets`, normalised (sorted, merged). */
export function union(...sets: readonly CharSet[]): CharSet {
  const pairs: [number, number][] = [];
  for (const set of sets) for (let i = 0; i < set.length; i += 2) pairs.push([set[i] ?? 0, set[i + 1] ?? 0]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= (out[last] ?? 0) + 1) out[last] = Math.max(out[last] ?? 0, hi);
    else out.push(lo, hi);
  }
  return out;
}

/** Every character of `0..max` that `set` does not hold. */
export function complement(set: CharSet, max: number): CharSet {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < set.length; i += 2) {
    const lo = set[i] ?? 0;
    if (lo > next) out.push(next, lo - 1);
    next = (set[i + 1] ?? 0) + 1;
  }
  if (next <= max) out.push(next, max);
  return out;
}

/** Whether some character is in both. */
export function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if ((a[i + 1] ?? 0) < (b[j] ?? 0)) i += 2;
    else if ((b[j + 1] ?? 0) < (a[i] ?? 0)) j += 2;
    else return true;
  }
  return false;
}

const DIGIT: CharSet = [0x30, 0x39];
const WORD: CharSet = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
/** WhiteSpace and LineTerminator, as ECMAScript's \s means them. */
const SPACE: CharSet = union(
  [0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a],
  [0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff],
);
const LINE_TERMINATORS: CharSet = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];

/** The set of a class escape (`\d`, `\W`, …), within `0..max`. */
export function classEscape(letter: string, max: number): CharSet {
  const lower = letter.toLowerCase();
  const base = lower === 'd' ? DIGIT : lower === 'w' ? WORD : SPACE;
  return letter === lower ? base : complement(base, max);
}

/** `.` without the `s` flag: anything but a line terminator. */
export function dot(max: number): CharSet {
  return complement(LINE_TERMINATORS, max);
}

// ---------------------------------------------------------------------------------------------
// Unicode properties (\p{…}): read from the engine itself, which knows its own Unicode version
// ---------------------------------------------------------------------------------------------

/** Every code point outside the Basic Multilingual Plane. */
export const ASTRAL: CharSet = [MAX_CODE_UNIT + 1, MAX_CODE_POINT];

let basicPlane: string | undefined;
const properties = new Map<string, CharSet>();

/**
 * The set `\p{<body>}` (or `\P{…}`, `negated`) stands for, exact in the Basic Multilingual Plane
 * and taking in every astral code point either way: reading the astral planes costs fifty times
 * more per property, and a larger set can only make the bound larger. The engine has accepted
 * the pattern already, so `body` names a property it knows.
 */
export function property(body: string, negated: boolean): CharSet {
  let bmp = properties.get(body);
  if (bmp === undefined) {
    bmp = readProperty(body);
    properties.set(body, bmp);
  }
  return union(negated ? complement(bmp, MAX_CODE_UNIT) : bmp, ASTRAL);
}

/** Each run of matching code points of the plane, found by the engine in one pass. */
function readProperty(body: string): CharSet {
  basicPlane ??= planeText();
  const out: number[] = [];
  for (const m of basicPlane.matchAll(new RegExp(`\\p{${body}}+`, 'gu'))) {
    const first = codePointAtUnit(m.index);
    const last = codePointAtUnit(m.index + m[0].length - 1);
    if (first < SURROGATES_START && last > SURROGATES_END) out.push(first, SURROGATES_START - 1, SURROGATES_END + 1, last);
    else out.push(first, last);
  }
  // Surrogates are left out of the text (a lead before a trail would read as one code point);
  // every surrogate has the same properties, so four stand for all of them.
  const lone = new RegExp(`^\\p{${body}}$`, 'u');
  if (['\ud800', '\udbff', '\udc00', '\udfff'].some((s) => lone.test(s))) out.push(SURROGATES_START, SURROGATES_END);
  return union(out);
}

const SURROGATES_START = 0xd800;
const SURROGATES_END = 0xdfff;
const SURROGATES = SURROGATES_END - SURROGATES_START + 1;

/** Every code point of the Basic Multilingual Plane but the surrogates, once, in order. */
function planeText(): string {
  const units: number[] = [];
  for (let c = 0; c <= MAX_CODE_UNIT; c++) if (c < SURROGATES_START || c > SURROGATES_END) units.push(c);
  const chunks: string[] = [];
  for (let i = 0; i < units.length; i += 8192) chunks.push(String.fromCharCode(...units.slice(i, i + 8192)));
  return chunks.join('');
}

/** The code point at UTF-16 offset `unit` of the plane's text. */
function codePointAtUnit(unit: number): number {
  return unit < SURROGATES_START ? unit : unit + SURROGATES;
}

// ---------------------------------------------------------------------------------------------
// Minterms
// ---------------------------------------------------------------------------------------------

export interface Minterms {
  /** How many classes of characters the sets tell apart. */
  readonly count: number;
  /** For each input set (by index), the minterms it holds. */
  readonly of: readonly (readonly number[])[];
  /** One character of each minterm (the smallest), to write example texts with. */
  readonly sample: readonly number[];
}

/**
 * The coarsest partition of `0..max` in which every set is a union of parts. A sweep over every
 * range boundary; the membership signature of each elementary interval names its part.
 */
export function minterms(sets: readonly CharSet[], max: number): Minterms {
  const events = boundaries(sets, max);
  const ids = new Map<string, number>();
  const of: number[][] = sets.map(() => []);
  const sample: number[] = [];
  const inside = new Set<number>();
  for (let e = 0; e < events.length - 1; e++) {
    const at = events[e]?.at ?? 0;
    for (const [set, entering] of events[e]?.changes ?? []) {
      if (entering) inside.add(set);
      else inside.delete(set);
    }
    const members = [...inside].sort((a, b) => a - b);
    const key = members.join(',');
    let id = ids.get(key);
    if (id === undefined) {
      id = ids.size;
      ids.set(key, id);
      sample.push(at);
      for (const m of members) of[m]?.push(id);
    }
  }
  return { count: ids.size, of, sample };
}

interface Boundary {
  readonly at: number;
  readonly changes: [number, boolean][];
}

/** Points where some set starts or stops, in order, with what changes there; the last is max + 1. */
function boundaries(sets: readonly CharSet[], max: number): Boundary[] {
  const byPoint = new Map<number, [number, boolean][]>([
    [0, []],
    [max + 1, []],
  ]);
  const at = (p: number): [number, boolean][] => {
    let list = byPoint.get(p);
    if (list === undefined) byPoint.set(p, (list = []));
    return list;
  };
  sets.forEach((set, index) => {
    for (let i = 0; i < set.length; i += 2) {
      at(set[i] ?? 0).push([index, true]);
      at((set[i + 1] ?? 0) + 1).push([index, false]);
    }
  });
  return [...byPoint].sort((a, b) => a[0] - b[0]).map(([p, changes]) => ({ at: p, changes }));
}
