import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from './json.js';

/** Integers a double cannot hold exactly: JSON.parse would round each of them. */
const UNSAFE = ['9007199254740993', '-9223372036854775807', '9223372036854775807', '18446744073709551615', '123456789012345678901234567890'];

/** Bigints as the numbers JSON.parse would have made of them. */
function rounded(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(rounded);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  return value;
}

describe('parseJson', () => {
  it('is JSON.parse on any JSON text, but for integers it would round, which are their exact bigints', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        const parsed = parseJson(text);
        expect(rounded(parsed)).toEqual(JSON.parse(text));
        for (const token of text.match(/(?<![.\d])-?\d{16,}(?![.eE\d])/g) ?? []) if (BigInt(Number(token)) !== BigInt(token)) expect(JSON.stringify(parsed, (_k, v: unknown) => (typeof v === 'bigint' ? `#${v}` : v))).toContain(`#${token}`);
      }),
      { numRuns: 300 },
    );
  });

  it('reads every integer beyond ±2^53 as the exact bigint, wherever it stands', () => {
    for (const digits of UNSAFE) {
      expect(parseJson(digits)).toBe(BigInt(digits));
      expect(parseJson(`[1, ${digits}, "x"]`)).toEqual([1, BigInt(digits), 'x']);
      expect(parseJson(`{"a":{"b":[${digits}]},"c":"${digits}"}`)).toEqual({ a: { b: [BigInt(digits)] }, c: digits });
    }
  });

  it('keeps long integers a double holds exactly (2^53, -2^63), fractions and exponents as JSON.parse reads them', () => {
    for (const text of ['9007199254740991', '-9007199254740991', '1234567890123456', '9007199254740992', '-9223372036854775808', '12345678901234567890.5', '1e400', '-12345678901234567890e2', '0.1234567890123456789']) {
      expect(parseJson(text)).toBe(JSON.parse(text));
    }
  });

  it('never takes a string for a number: digits inside strings, escapes and quotes stay text', () => {
    const text = '{"a":"\\"9223372036854775807","b":"\\u0001","c":"x\\\\","d":9223372036854775807}';
    expect(parseJson(text)).toEqual({ a: '"9223372036854775807', b: '\u0001', c: 'x\\', d: 9223372036854775807n });
  });

  it('a string that spells the marker is not read as a number', () => {
    const markers = Array.from({ length: 31 }, (_, i) => `\\u${(i + 1).toString(16).padStart(4, '0')}`).join('');
    const text = `{"m":"${markers}9223372036854775807","d":9223372036854775807}`;
    const parsed = parseJson(text) as { m: string; d: unknown };
    expect(parsed.m).toBe(JSON.parse(`"${markers}9223372036854775807"`));
    // Every marker is taken: the exact reading cannot be made safely, so it is JSON.parse's.
    expect(parsed.d).toBe(JSON.parse('9223372036854775807'));
  });

  it('throws a SyntaxError exactly where JSON.parse does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(), fc.constantFrom('', '}', ']', ',', '"', '1', 'x', ' '), fc.constantFrom(...UNSAFE), (value, at, junk, big) => {
        const base = JSON.stringify([value, big]);
        const cut = at % (base.length + 1);
        const text = base.slice(0, cut) + junk + base.slice(cut);
        let expected: unknown;
        try {
          JSON.parse(text);
          expected = 'ok';
        } catch (e) {
          expected = e instanceof SyntaxError ? 'syntax' : 'other';
        }
        let actual: unknown;
        try {
          parseJson(text);
          actual = 'ok';
        } catch (e) {
          actual = e instanceof SyntaxError ? 'syntax' : 'other';
        }
        expect(actual).toBe(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps __proto__ an own data property, as JSON.parse does', () => {
    const parsed = parseJson('{"__proto__":{"polluted":true},"id":9223372036854775807}') as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(parsed, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(parsed['id']).toBe(9223372036854775807n);
  });
});

describe('stringifyJson', () => {
  it('is JSON.stringify on values without bigints', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifyJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 300 },
    );
  });

  it('writes bigints as their digits, and round-trips with parseJson', () => {
    for (const digits of UNSAFE) {
      const value = { id: BigInt(digits), list: [BigInt(digits), 1n, 'x'], text: digits };
      const text = stringifyJson(value);
      expect(text).toBe(`{"id":${digits},"list":[${digits},1,"x"],"text":"${digits}"}`);
      expect(parseJson(text ?? '')).toEqual({ id: BigInt(digits), list: [BigInt(digits), 1, 'x'], text: digits });
    }
  });

  it('leaves strings that hold control characters alone beside a bigint', () => {
    const value = { a: '\u0001123', b: '\u0002', big: 9223372036854775807n };
    expect(JSON.parse(stringifyJson(value) ?? '').a).toBe('\u0001123');
    expect(stringifyJson(value)).toBe('{"a":"\\u0001123","b":"\\u0002","big":9223372036854775807}');
  });
});
