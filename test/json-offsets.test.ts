/**
 * generator/import/json-offsets.ts: every pointer of seeded random JSON documents (laid out
 * compactly, indented, and with odd whitespace) names the offset where its value is written, asked
 * in any order and more than once; pointers that name nothing give undefined.
 */
import { describe, expect, it } from 'vitest';
import { jsonOffsets } from '../generator/import/json-offsets.js';
import { pointerOf } from '../generator/load/locate.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A small seeded generator (mulberry32): the same documents every run. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ['a', 'b', 'paths', '/x/{id}', 'a~b', 'c/d', '"q"', '\\', 'é', '', '0', 'properties'];

function value(next: () => number, depth: number): Json {
  const pick = Math.floor(next() * (depth > 3 ? 4 : 6));
  const count = Math.floor(next() * 5);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return next() < 0.5;
    case 2:
      return Math.round((next() - 0.5) * 1e6) / 100;
    case 3:
      return `s${Math.floor(next() * 100)}, "}]` + (next() < 0.3 ? '\\' : '');
    case 4:
      return Array.from({ length: count }, () => value(next, depth + 1));
    default: {
      const o: { [key: string]: Json } = {};
      for (let i = 0; i < count; i++) o[KEYS[Math.floor(next() * KEYS.length)] ?? 'k'] = value(next, depth + 1);
      return o;
    }
  }
}

/** Every path of a value, with the value there. */
function paths(v: Json, at: (string | number)[] = []): [(string | number)[], Json][] {
  const here: [(string | number)[], Json][] = [[at, v]];
  if (Array.isArray(v)) return [...here, ...v.flatMap((x, i) => paths(x, [...at, i]))];
  if (v !== null && typeof v === 'object') return [...here, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
  return here;
}

/** The value written at `offset`: JSON.parse of the shortest prefix from there that parses to it. */
function valueAt(text: string, offset: number, expected: Json): boolean {
  const want = JSON.stringify(expected);
  for (let end = offset + 1; end <= text.length; end++) {
    try {
      if (JSON.stringify(JSON.parse(text.slice(offset, end))) === want) return true;
    } catch {
      // Not a whole value yet.
    }
  }
  return false;
}

const LAYOUTS: [string, (v: Json) => string][] = [
  ['compact', (v) => JSON.stringify(v)],
  ['indented', (v) => JSON.stringify(v, null, 2)],
  ['odd whitespace', (v) => JSON.stringify(v, null, '\t').replace(/\n/g, '\r\n ').replace(/:/g, ' :\t')],
];

describe('jsonOffsets', () => {
  it.each(LAYOUTS)('finds every value of 40 random documents (%s)', (_name, layout) => {
    const next = random(33);
    for (let n = 0; n < 40; n++) {
      const doc = value(next, 0);
      const text = layout(doc);
      const offsets = jsonOffsets(text);
      // Deepest first, then again: each container's members are kept after its first scan.
      const all = paths(doc).reverse();
      for (const [path, expected] of [...all, ...all]) {
        const offset = offsets(pointerOf(path));
        expect(offset, `${pointerOf(path)} in ${text}`).toBeDefined();
        expect(valueAt(text, offset ?? 0, expected), `${pointerOf(path)} at ${offset} in ${text}`).toBe(true);
      }
    }
  });

  it('names nothing that is not there: a missing key, an index past the end, a step into a scalar', () => {
    const text = '{ "a": [1, {"b": 2}], "s": "x" }';
    const offsets = jsonOffsets(text);
    expect(offsets('/a/1/b')).toBe(text.indexOf('2'));
    for (const pointer of ['/c', '/a/2', '/a/-1', '/a/x', '/s/0', '/a/0/b']) expect(offsets(pointer), pointer).toBeUndefined();
  });

  it('a repeated key names its first value, as the scan always has', () => {
    const text = '{"k": 1, "k": 2}';
    expect(jsonOffsets(text)('/k')).toBe(text.indexOf('1'));
  });
});
