import { describe, expect, it } from 'vitest';
import {
  MAX_JSON_DEPTH,
  MAX_JSON_NODES,
  MAX_PARSE_LENGTH,
  MAX_TEXT_LENGTH,
  hasPath,
  isRecord,
  keptBody,
  parseBody,
  isPlainJson,
  readPath,
  readText,
  truncate,
} from './body.js';

const nested = (depth: number, open = '[', close = ']'): string => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('truncate', () => {
  it('keeps text up to the limit unchanged', () => {
    expect(truncate('')).toBe('');
    expect(truncate('abc', 3)).toBe('abc');
    const exact = 'x'.repeat(MAX_TEXT_LENGTH);
    expect(truncate(exact)).toBe(exact);
  });

  it('cuts longer text at the limit and says how much was dropped', () => {
    expect(truncate('abcdef', 4)).toBe('abcd… (2 more characters)');
    const long = 'y'.repeat(MAX_TEXT_LENGTH + 10);
    expect(truncate(long)).toBe(`${'y'.repeat(MAX_TEXT_LENGTH)}… (10 more characters)`);
  });

  it('defaults to MAX_TEXT_LENGTH', () => {
    expect(MAX_TEXT_LENGTH).toBe(2048);
    expect(truncate('z'.repeat(MAX_TEXT_LENGTH + 1))).toMatch(/… \(1 more characters\)$/);
  });
});

describe('parseBody', () => {
  it('passes non-string values through untouched', () => {
    const object = { a: 1 };
    const bytes = new Uint8Array([1, 2]);
    expect(parseBody(object)).toBe(object);
    expect(parseBody(bytes)).toBe(bytes);
    expect(parseBody(undefined)).toBeUndefined();
    expect(parseBody(null)).toBeNull();
    expect(parseBody(42)).toBe(42);
  });

  it('parses JSON objects, arrays and strings, ignoring surrounding whitespace', () => {
    expect(parseBody('{"a":[1,{"b":true}]}')).toEqual({ a: [1, { b: true }] });
    expect(parseBody('  \n[1,2,3]\t ')).toEqual([1, 2, 3]);
    expect(parseBody('"quoted"')).toBe('quoted');
  });

  it('keeps non-JSON text as text', () => {
    expect(parseBody('Internal Server Error')).toBe('Internal Server Error');
    expect(parseBody('<html><body>502</body></html>')).toBe('<html><body>502</body></html>');
  });

  it('keeps bare JSON scalars as text: only objects, arrays and strings are parsed', () => {
    expect(parseBody('42')).toBe('42');
    expect(parseBody('true')).toBe('true');
    expect(parseBody('null')).toBe('null');
  });

  it('keeps empty and blank bodies as they are', () => {
    expect(parseBody('')).toBe('');
    expect(parseBody('   ')).toBe('   ');
  });

  it('keeps malformed JSON as text without throwing', () => {
    expect(parseBody('{"a":')).toBe('{"a":');
    expect(parseBody('[1,2')).toBe('[1,2');
    expect(parseBody('"unterminated')).toBe('"unterminated');
  });

  it('returns text that is not JSON whole, and keptBody truncates it once', () => {
    const text = `not json ${'x'.repeat(MAX_TEXT_LENGTH)}`;
    expect(parseBody(text)).toBe(text);
    const kept = keptBody(parseBody(text));
    expect(kept).toBe(truncate(text));
    expect((kept as string).startsWith(text.slice(0, MAX_TEXT_LENGTH))).toBe(true);
  });

  it('parses JSON nested exactly MAX_JSON_DEPTH deep', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    const parsed = parseBody(nested(MAX_JSON_DEPTH));
    expect(Array.isArray(parsed)).toBe(true);
    let depth = 0;
    let current: unknown = parsed;
    while (Array.isArray(current)) {
      depth++;
      current = current[0];
    }
    expect(depth).toBe(MAX_JSON_DEPTH);
  });

  it('keeps JSON nested deeper than MAX_JSON_DEPTH as truncated text', () => {
    const deep = nested(MAX_JSON_DEPTH + 1);
    expect(parseBody(deep)).toBe(deep);
    const veryDeep = nested(100_000, '{"a":', '}');
    expect(parseBody(veryDeep)).toBe(veryDeep);
    expect(keptBody(parseBody(veryDeep))).toBe(truncate(veryDeep));
  });

  it('counts depth from brackets only, not brackets inside strings', () => {
    const inString = `{"a":"${'['.repeat(500)}\\"${'{'.repeat(500)}"}`;
    expect(parseBody(inString)).toEqual({ a: `${'['.repeat(500)}"${'{'.repeat(500)}` });
  });

  it('handles escaped backslashes before a closing quote when measuring depth', () => {
    // "\\" ends the string; the following brackets are real structure.
    const text = `{"a":"\\\\","b":${nested(3)}}`;
    expect(parseBody(text)).toEqual({ a: '\\', b: [[[]]] });
  });

  it('keeps bodies longer than MAX_PARSE_LENGTH as truncated text without parsing', () => {
    const huge = `["${'a'.repeat(MAX_PARSE_LENGTH)}"]`;
    expect(parseBody(huge)).toBe(huge);
    expect(keptBody(parseBody(huge))).toBe(truncate(huge));
  });

  it('does not let __proto__ keys change the prototype of the result', () => {
    const parsed = parseBody('{"__proto__":{"polluted":true}}');
    expect(isRecord(parsed)).toBe(true);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(readPath(parsed, ['__proto__', 'polluted'])).toBe(true);
  });
});

describe('keptBody', () => {
  it('keeps scalars and truncates strings', () => {
    expect(keptBody(undefined)).toBeUndefined();
    expect(keptBody(null)).toBeNull();
    expect(keptBody(3)).toBe(3);
    expect(keptBody(false)).toBe(false);
    expect(keptBody('short')).toBe('short');
    const long = 'q'.repeat(MAX_TEXT_LENGTH + 5);
    expect(keptBody(long)).toBe(truncate(long));
  });

  it('returns a plain JSON copy of data, not the same object', () => {
    const data = { a: [1, 2, { b: 'c' }], d: undefined, e: new Date(0) };
    const kept = keptBody(data);
    expect(kept).not.toBe(data);
    expect(kept).toEqual({ a: [1, 2, { b: 'c' }], e: '1970-01-01T00:00:00.000Z' });
    expect(Object.keys(kept as object)).not.toContain('d');
  });

  it('drops values that cannot be copied as JSON', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(keptBody(cycle)).toBeUndefined();
    expect(keptBody({ n: 1n })).toBeUndefined();
    const throwing = {
      get boom(): never {
        throw new Error('getter');
      },
    };
    expect(keptBody(throwing)).toBeUndefined();
    const proxy = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(keptBody(proxy)).toBeUndefined();
    expect(keptBody(() => 1)).toBeUndefined();
    expect(keptBody(Symbol('s'))).toBeUndefined();
  });

  it('drops data nested deeper than MAX_JSON_DEPTH and keeps data at that depth', () => {
    let atLimit: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) atLimit = [atLimit];
    expect(keptBody(atLimit)).toEqual(atLimit);
    expect(keptBody([atLimit])).toBeUndefined();
  });

  it('drops data whose JSON exceeds MAX_PARSE_LENGTH', () => {
    expect(keptBody({ big: 'a'.repeat(MAX_PARSE_LENGTH) })).toBeUndefined();
  });

  it('always yields something JSON.stringify accepts', () => {
    const values: unknown[] = [{ a: 1 }, [1, 'x'], 'text', 1, null, undefined, { n: 1n }];
    for (const value of values) expect(() => JSON.stringify(keptBody(value))).not.toThrow();
  });
});

describe('isRecord', () => {
  it('accepts plain objects only', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
    expect(isRecord([])).toBe(false);
    expect(isRecord(null)).toBe(false);
    expect(isRecord('x')).toBe(false);
    expect(isRecord(undefined)).toBe(false);
  });
});

describe('readPath', () => {
  const body = { a: { b: [10, { c: 'deep' }], n: null, z: 0 }, list: ['x', 'y'] };

  it('follows object keys and array indices', () => {
    expect(readPath(body, ['a', 'b', 1, 'c'])).toBe('deep');
    expect(readPath(body, ['a', 'b', 0])).toBe(10);
    expect(readPath(body, ['list', 1])).toBe('y');
    expect(readPath(body, ['a', 'z'])).toBe(0);
    expect(readPath(body, ['a', 'n'])).toBeNull();
  });

  it('returns the value itself for an empty path', () => {
    expect(readPath(body, [])).toBe(body);
    expect(readPath('text', [])).toBe('text');
  });

  it('returns undefined for any missing step', () => {
    expect(readPath(body, ['missing'])).toBeUndefined();
    expect(readPath(body, ['a', 'b', 5])).toBeUndefined();
    expect(readPath(body, ['a', 'n', 'x'])).toBeUndefined();
    expect(readPath(undefined, ['a'])).toBeUndefined();
    expect(readPath('string', ['length'])).toBeUndefined();
  });

  it('does not index objects with numbers or arrays with names', () => {
    expect(readPath({ 0: 'zero' }, [0])).toBeUndefined();
    expect(readPath(['x'], ['0'])).toBeUndefined();
    expect(readPath(['x'], ['length'])).toBeUndefined();
  });

  it('follows own properties only, never the prototype chain', () => {
    expect(readPath({}, ['toString'])).toBeUndefined();
    expect(readPath({}, ['constructor'])).toBeUndefined();
    expect(readPath({}, ['__proto__'])).toBeUndefined();
    expect(readPath({ a: {} }, ['a', 'hasOwnProperty'])).toBeUndefined();
    const child = Object.create({ inherited: 'yes' }) as Record<string, unknown>;
    expect(readPath(child, ['inherited'])).toBeUndefined();
  });
});

describe('hasPath', () => {
  const body = { a: { b: [undefined, null], u: undefined }, e: [] };

  it('is false for the empty path', () => {
    expect(hasPath(body, [])).toBe(false);
  });

  it('is true for present keys and indices, whatever their value', () => {
    expect(hasPath(body, ['a'])).toBe(true);
    expect(hasPath(body, ['a', 'u'])).toBe(true);
    expect(hasPath(body, ['a', 'b', 0])).toBe(true);
    expect(hasPath(body, ['a', 'b', 1])).toBe(true);
  });

  it('is false for absent keys, out-of-range indices and wrong container kinds', () => {
    expect(hasPath(body, ['x'])).toBe(false);
    expect(hasPath(body, ['a', 'b', 2])).toBe(false);
    expect(hasPath(body, ['e', 0])).toBe(false);
    expect(hasPath(body, ['a', 0])).toBe(false);
    expect(hasPath(body, ['a', 'b', 'length'])).toBe(false);
    expect(hasPath(body, ['x', 'y'])).toBe(false);
    expect(hasPath('text', ['length'])).toBe(false);
  });

  it('ignores inherited properties', () => {
    expect(hasPath({}, ['toString'])).toBe(false);
    expect(hasPath({ a: {} }, ['a', '__proto__'])).toBe(false);
  });
});

describe('readText', () => {
  const body = { s: 'hello', n: 42, f: 1.5, neg: -3, t: true, fl: false, nil: null, o: { x: 1 }, arr: [1], long: 'L'.repeat(MAX_TEXT_LENGTH + 3) };

  it('reads strings, numbers and booleans as text', () => {
    expect(readText(body, ['s'])).toBe('hello');
    expect(readText(body, ['n'])).toBe('42');
    expect(readText(body, ['f'])).toBe('1.5');
    expect(readText(body, ['neg'])).toBe('-3');
    expect(readText(body, ['t'])).toBe('true');
    expect(readText(body, ['fl'])).toBe('false');
  });

  it('returns undefined for null, objects, arrays, absent paths and non-finite numbers', () => {
    expect(readText(body, ['nil'])).toBeUndefined();
    expect(readText(body, ['o'])).toBeUndefined();
    expect(readText(body, ['arr'])).toBeUndefined();
    expect(readText(body, ['missing'])).toBeUndefined();
    expect(readText({ x: Number.NaN }, ['x'])).toBeUndefined();
    expect(readText({ x: Number.POSITIVE_INFINITY }, ['x'])).toBeUndefined();
  });

  it('truncates long strings', () => {
    expect(readText(body, ['long'])).toBe(truncate(body.long));
  });

  it('keeps the empty string (it is a string, not absent)', () => {
    expect(readText({ m: '' }, ['m'])).toBe('');
  });
});

describe('isPlainJson', () => {
  const scan = (value: object): { ok: boolean } => ({ ok: isPlainJson(value) });

  it('accepts plain JSON data, an own __proto__ key included', () => {
    const error = { code: 'c', list: ['x', { y: [true, null, 1.5] }] };
    expect(scan({ error, top: 0, extra: { deep: ['s'] } }).ok).toBe(true);
    expect(scan(['top', { error: 1 }]).ok).toBe(true);
    expect(scan({ 0: 'numeric key', __proto__: null }).ok).toBe(false);
    expect(scan(JSON.parse('{"0":"zero","__proto__":{"code":"own"}}') as object).ok).toBe(true);
  });

  it.each([
    ['undefined', { a: undefined }],
    ['NaN', { a: Number.NaN }],
    ['Infinity', [Number.POSITIVE_INFINITY]],
    ['-0', { a: -0 }],
    ['a function', { a: (): number => 1 }],
    ['a symbol', [Symbol('s')]],
    ['a bigint', { a: 1n }],
    ['a Date', { a: new Date(0) }],
    ['a Map', { a: new Map() }],
    ['a null-prototype object', { a: Object.create(null) as object }],
    ['a class instance', new (class Box { a = 1 })()],
    ['an array subclass', { a: new (class List extends Array<number> {})() }],
    ['an array with toJSON', Object.assign([1], { toJSON: (): string => 'x' })],
    ['a sparse array', [1, , 3]],
    ['a getter that throws', { get a(): never { throw new Error('getter'); } }],
    ['a proxy that throws', new Proxy({}, { ownKeys: (): never => { throw new Error('trap'); } })],
  ])('declines %s: only the JSON round trip knows what it becomes', (_, value) => {
    expect(scan(value as object).ok).toBe(false);
  });

  it('declines cycles, data nested deeper than MAX_JSON_DEPTH and data over MAX_JSON_NODES', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(scan(cycle).ok).toBe(false);
    let atLimit: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH; i++) atLimit = [atLimit];
    expect(scan(atLimit as object).ok).toBe(true);
    expect(scan([atLimit]).ok).toBe(false);
    expect(scan(new Array<number>(MAX_JSON_NODES - 10).fill(0)).ok).toBe(true);
    expect(scan(new Array<number>(MAX_JSON_NODES + 1).fill(0)).ok).toBe(false);
    expect(scan({ big: 'a'.repeat(MAX_PARSE_LENGTH / 6) }).ok).toBe(false);
  });

  it('accepts only what keptBody would keep equal', () => {
    const values: object[] = [{ a: [1, 'x', null, false, { b: -1.5e300 }] }, [[], {}], { '': '', 'ü': '\u0000' }];
    for (const value of values) {
      expect(scan(value).ok).toBe(true);
      expect(keptBody(value)).toStrictEqual(value);
    }
  });
});
