import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { interpret } from './exchange.js';
import { encodeRequestBody } from './request-body.js';
import { LOSSLESS_JSON, parseJson, stringifyJson } from './json.js';
import { mockResponse } from './mocks.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';

/** Integers JSON.parse would round (or keep only by luck of a double): each must come back exact. */
const UNSAFE = ['9007199254740992', '9007199254740993', '-9007199254740992', '-9223372036854775808', '9223372036854775807', '18446744073709551615', '123456789012345678901234567890'];

/**
 * A value as text that tells apart everything JSON.parse's result can differ in: key order,
 * own keys (`__proto__` included), prototypes, -0, and a bigint from a number.
 */
function show(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(show).join(',')}]`;
  const prototype = Object.getPrototypeOf(value) === Object.prototype ? '' : '<not Object.prototype>';
  const entries = Object.getOwnPropertyNames(value).map((key) => {
    const d = Object.getOwnPropertyDescriptor(value, key);
    const flags = d?.writable === true && d.enumerable === true && d.configurable === true ? '' : '<not plain data>';
    return `${JSON.stringify(key)}${flags}:${show(d?.value)}`;
  });
  return `${prototype}{${entries.join(',')}}`;
}

/** JSON.parse's value of `text`, as `show` writes it. */
function expectedOf(text: string): string {
  return show(JSON.parse(text));
}

/**
 * What parseJson must make of JSON.stringify(value): JSON.stringify writes a number as an integer
 * literal exactly when it is an integer below 1e21, and those outside the safe range are read as
 * the bigint of the digits written (not of the double: 1.2345678901234568e20 is written 123456789012345680000).
 */
function exactOf(value: unknown): unknown {
  const text = JSON.stringify(value);
  return JSON.parse(text, (_key, v: unknown) => (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 1e21 && !Number.isSafeInteger(v) ? BigInt(JSON.stringify(v)) : v)) as unknown;
}

/** Whether JSON.stringify(value) holds an integer literal outside the safe range. */
function holdsUnsafe(value: unknown): boolean {
  return show(exactOf(value)) !== show(JSON.parse(JSON.stringify(value)));
}

/** `value` with each bigint made the number JSON.parse would have read (own keys kept as they are). */
function rounded(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(rounded);
  if (typeof value !== 'object' || value === null) return value;
  const out = {};
  for (const key of Object.keys(value)) Object.defineProperty(out, key, { value: rounded((value as Record<string, unknown>)[key]), writable: true, enumerable: true, configurable: true });
  return out;
}

/** The outcome of a call: its value (as `show` writes it) or the class and message of what it threw. */
function outcome(read: () => unknown): string {
  try {
    return `ok ${show(read())}`;
  } catch (e) {
    return e instanceof Error ? `${e.constructor.name}: ${e.message}` : `threw ${String(e)}`;
  }
}

/** `value` as JSON text with RFC 8259 whitespace (taken in turn from `spaces`) around every token. */
function spaced(value: unknown, spaces: readonly string[]): string {
  let n = 0;
  const ws = (): string => spaces[n++ % spaces.length] ?? '';
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${ws()}${v.map((x) => `${ws()}${write(x)}${ws()}`).join(',')}${ws()}]`;
    if (typeof v === 'object' && v !== null) return `{${ws()}${Object.entries(v).map(([k, x]) => `${ws()}${JSON.stringify(k)}${ws()}:${ws()}${write(x)}${ws()}`).join(',')}${ws()}}`;
    return JSON.stringify(v);
  };
  return `${ws()}${write(value)}${ws()}`;
}

const WHITESPACE = fc.array(fc.constantFrom('', ' ', '\t', '\n', '\r', '\r\n  '), { minLength: 1, maxLength: 8 });

describe('parseJson', () => {
  it('is JSON.parse on any JSON text without an unsafe integer', () => {
    fc.assert(
      fc.property(fc.json(), WHITESPACE, (text, spaces) => {
        fc.pre(!holdsUnsafe(JSON.parse(text)));
        expect(show(parseJson(text))).toBe(expectedOf(text));
        const other = spaced(JSON.parse(text), spaces);
        expect(show(parseJson(other))).toBe(expectedOf(other));
      }),
      { numRuns: 400 },
    );
  });

  it('is JSON.parse on any JSON text, but for the integer literals it would round, which are exact bigints', () => {
    const wide = fc.jsonValue({ maxDepth: 4 }).chain((v) => fc.tuple(fc.constant(v), fc.array(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer().map((n) => n * 2 ** 40)), { maxLength: 6 })));
    fc.assert(
      fc.property(wide, WHITESPACE, ([value, numbers], spaces) => {
        const whole = [value, numbers];
        const text = spaced(whole, spaces);
        expect(show(parseJson(text))).toBe(show(exactOf(whole)));
      }),
      { numRuns: 400 },
    );
  });

  it('reads any JSON text as JSON.parse does when an unsafe integer sends it to the exact reader', () => {
    fc.assert(
      fc.property(fc.jsonValue(), WHITESPACE, fc.constantFrom(...UNSAFE), (value, spaces, big) => {
        const text = spaced([value, 0], spaces).replace(/0(\s*\]\s*)$/, `${big}$1`);
        const parsed = parseJson(text);
        expect(Array.isArray(parsed)).toBe(true);
        const [first, last] = parsed as [unknown, unknown];
        expect(show(first)).toBe(show(exactOf(value)));
        expect(last).toBe(BigInt(big));
      }),
      { numRuns: 400 },
    );
  });

  it('reads every integer outside ±(2^53 - 1) as its exact bigint, at the top, in arrays and in nested objects', () => {
    for (const digits of UNSAFE) {
      const big = BigInt(digits);
      expect(parseJson(digits)).toBe(big);
      expect(parseJson(` \n${digits}\t`)).toBe(big);
      expect(parseJson(`[1, ${digits}, "x", [${digits}]]`)).toEqual([1, big, 'x', [big]]);
      expect(parseJson(`{"a":{"b":[${digits}],"c":{"d":${digits}}},"e":"${digits}","f":${digits}}`)).toEqual({ a: { b: [big], c: { d: big } }, e: digits, f: big });
    }
  });

  it('finds an unsafe integer wherever it stands in the text (the search reads every sixteenth character)', () => {
    for (const digits of ['9007199254740992', '-9007199254740993', '12345678901234567890']) {
      for (let offset = 0; offset < 40; offset++) {
        const pad = 'x'.repeat(offset);
        expect(parseJson(`[${' '.repeat(offset)}${digits}]`)).toEqual([BigInt(digits)]);
        expect(parseJson(`["${pad}",${digits},"${pad}1234567890123456789"]`)).toEqual([pad, BigInt(digits), `${pad}1234567890123456789`]);
        expect(parseJson(`{"${pad}":0.${digits.replace('-', '')},"n":${digits}}`)).toEqual({ [pad]: Number(`0.${digits.replace('-', '')}`), n: BigInt(digits) });
      }
    }
  });

  it('keeps integers inside the safe range numbers, exactly at its edges', () => {
    for (const text of ['9007199254740991', '-9007199254740991', '1234567890123456', '-1234567890123456', '0', '-0', '900719925474099']) {
      expect(show(parseJson(`[${text}, 9007199254740993]`))).toBe(show([JSON.parse(text), 9007199254740993n]));
      expect(show(parseJson(text))).toBe(show(JSON.parse(text)));
    }
    expect(typeof parseJson('9007199254740992')).toBe('bigint');
    expect(typeof parseJson('9007199254740991')).toBe('number');
    expect(typeof parseJson('-9007199254740992')).toBe('bigint');
    expect(typeof parseJson('-9007199254740991')).toBe('number');
  });

  it('reads fractions and exponents as JSON.parse does, however many digits (1e400, 12345678901234567890.5)', () => {
    const numbers = ['1e400', '-1e400', '12345678901234567890.5', '12345678901234567890e0', '-12345678901234567890E-2', '1E+25', '0.30000000000000004', '1.2345678901234567e-300', '5e-400', '0.1234567890123456789', '123456789012345678901234567890.0'];
    for (const n of numbers) {
      expect(show(parseJson(n))).toBe(show(JSON.parse(n)));
      // The same beside an unsafe integer, through the exact reader.
      expect(show(parseJson(`[${n},9007199254740993]`))).toBe(show([JSON.parse(n), 9007199254740993n]));
    }
  });

  it('never takes a string for a number: long digits in strings, keys, escapes and quotes stay text', () => {
    const text = '{"a":"\\"9223372036854775807","b":"\\u0000","c":"x\\\\","9223372036854775807":"12345678901234567890","e":"id 12345678901234567890 ok","d":9223372036854775807}';
    const parsed = parseJson(text) as Record<string, unknown>;
    expect(parsed).toEqual({ a: '"9223372036854775807', b: '\u0000', c: 'x\\', '9223372036854775807': '12345678901234567890', e: 'id 12345678901234567890 ok', d: 9223372036854775807n });
    expect(Object.keys(parsed)).toEqual(Object.keys(JSON.parse(text) as object));
    // Ids sent as strings only, and a prose string: JSON.parse's value.
    for (const only of ['{"id":"12345678901234567890"}', '["x 12345678901234567890 y", 1.12345678901234567890]', '"\\\\12345678901234567890"']) expect(show(parseJson(only))).toBe(expectedOf(only));
  });

  it('reads strings exactly as JSON.parse: every escape, lone surrogates, non-BMP characters', () => {
    const text = '["\\"\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\uD83D\\uDE00", "\\ud800", "\\uDC00x", "😀é", "", "\\u0000", 12345678901234567890]';
    expect(show(parseJson(text))).toBe(show([...(JSON.parse(text) as unknown[]).slice(0, -1), 12345678901234567890n]));
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const t = `[${JSON.stringify(s)},-12345678901234567890]`;
        expect(parseJson(t)).toEqual([s, -12345678901234567890n]);
      }),
      { numRuns: 300 },
    );
  });

  it('makes __proto__ an own data property, as JSON.parse does, and pollutes nothing', () => {
    const texts = [
      '{"__proto__":{"polluted":true},"id":9223372036854775807}',
      '{"a":{"__proto__":[1,9223372036854775807]},"__proto__":null}',
      '{"__proto__":1,"__proto__":9223372036854775807}',
      '{"constructor":{"prototype":{"polluted":true}},"toString":12345678901234567890,"hasOwnProperty":"x","valueOf":null}',
      '[{"__proto__":{"__proto__":{"polluted":9223372036854775807}}}]',
    ];
    for (const text of texts) {
      const parsed = parseJson(text);
      // JSON.parse's value, with the bigints as the numbers it makes of them.
      expect(show(rounded(parsed))).toBe(expectedOf(text));
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    }
    const first = parseJson(texts[0] as string) as Record<string, unknown>;
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype);
    expect(Object.prototype.hasOwnProperty.call(first, '__proto__')).toBe(true);
    expect(first['id']).toBe(9223372036854775807n);
  });

  it('keeps the last of repeated keys in the place of the first, as JSON.parse does', () => {
    const text = '{"b":1,"a":2,"b":12345678901234567890,"1":3,"0":4}';
    expect(show(parseJson(text))).toBe(show({ b: 12345678901234567890n, a: 2, 1: 3, 0: 4 }));
    expect(Object.keys(parseJson(text) as object)).toEqual(Object.keys(JSON.parse(text) as object));
  });

  it('nests as deep as JSON.parse does (the exact reader keeps no call stack)', () => {
    const depth = 200_000;
    const text = `${'[{"a":'.repeat(depth)}9223372036854775807${'}]'.repeat(depth)}`;
    let value = parseJson(text);
    for (let i = 0; i < depth; i++) value = ((value as unknown[])[0] as Record<string, unknown>)['a'];
    expect(value).toBe(9223372036854775807n);
  });

  it('throws JSON.parse’s own SyntaxError at the texts JSON.parse rejects', () => {
    const invalid = [
      '',
      ' ',
      '[01234567890123456789]',
      '{12345678901234567890:1}',
      '{"a":1,12345678901234567890:2}',
      '[12345678901234567890,]',
      '[12345678901234567890 1]',
      '12345678901234567890 x',
      '12345678901234567890 12345678901234567890',
      '-12345678901234567890-',
      '--12345678901234567890',
      '+12345678901234567890',
      '[12345678901234567890.]',
      '[.12345678901234567890]',
      '[12345678901234567890e]',
      '[12345678901234567890e+]',
      '[-, 12345678901234567890]',
      '["\u0001", 12345678901234567890]',
      '["\\x", 12345678901234567890]',
      '["\\u12", 12345678901234567890]',
      '["unterminated, 12345678901234567890]',
      '[12345678901234567890, "unterminated\\"]',
      '\uFEFF[12345678901234567890]',
      '[\u000B12345678901234567890]',
      '[\u00A012345678901234567890]',
      '[12345678901234567890\u2028]',
      '{"a" 12345678901234567890}',
      '{"a":12345678901234567890',
      '[tru, 12345678901234567890]',
      '[nul, 12345678901234567890]',
      '[True, 12345678901234567890]',
      '[12345678901234567890]]',
      '{"a":12345678901234567890}}',
      "{'a':12345678901234567890}",
      '[NaN, 12345678901234567890]',
      '[0x10, 12345678901234567890]',
      '[12345678901234567890n]',
      '12345678901234567890_000',
    ];
    for (const text of invalid) {
      const theirs = outcome(() => JSON.parse(text));
      expect(theirs, text).toMatch(/^SyntaxError: /);
      expect(outcome(() => parseJson(text)), text).toBe(theirs);
    }
  });

  it('throws exactly where JSON.parse throws on mutated texts, with the same error', () => {
    const junk = ['', '}', ']', '{', '[', ',', ':', '"', '\\', '0', '1', '-', '.', 'e', 'x', ' ', '\u0000', '\t', 'n', '12345678901234567890'];
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...UNSAFE), fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...junk), (value, big, at, removed, inserted) => {
        const base = JSON.stringify({ v: value, id: '#' }).replace('"#"', big);
        const cut = at % (base.length + 1);
        const text = base.slice(0, cut) + inserted + base.slice(cut + removed);
        expect(outcome(() => rounded(parseJson(text)))).toBe(outcome(() => JSON.parse(text)));
      }),
      { numRuns: 600 },
    );
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
    const date = new Date(0);
    for (const value of [undefined, () => 1, Symbol('s'), { a: undefined, b: () => 1, c: date }, [undefined, NaN, -0, Infinity], { toJSON: () => 'x' }, 'text']) expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('writes bigints as their exact digits, and parseJson reads them back exactly', () => {
    for (const digits of UNSAFE) {
      const big = BigInt(digits);
      const value = { id: big, list: [big, 1n, 'x'], nested: { deeper: [{ id: big }] }, text: digits };
      const text = stringifyJson(value);
      expect(text).toBe(`{"id":${digits},"list":[${digits},1,"x"],"nested":{"deeper":[{"id":${digits}}]},"text":"${digits}"}`);
      // 1n is safe, so it comes back a number.
      expect(parseJson(text ?? '')).toEqual({ ...value, list: [big, 1, 'x'] });
      expect(stringifyJson(big)).toBe(digits);
    }
  });

  it('round-trips any JSON value beside any bigints outside the safe range', () => {
    const unsafe = fc.oneof(fc.bigInt({ min: 2n ** 53n, max: 2n ** 80n }), fc.bigInt({ min: -(2n ** 80n), max: -(2n ** 53n) }));
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(unsafe, { maxLength: 5 }), (value, bigs) => {
        const text = stringifyJson({ value, bigs, last: bigs[0] ?? 0 });
        expect(text).toBe(`{"value":${JSON.stringify(value)},"bigs":[${bigs.join(',')}],"last":${bigs[0] ?? 0}}`);
        expect(show(parseJson(text ?? ''))).toBe(show({ value: exactOf(value), bigs, last: bigs[0] ?? 0 }));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves strings and keys that spell its marker alone', () => {
    const lookalikes = Array.from({ length: 40 }, (_, k) => `\u0000bigint${k}`);
    const value = { [lookalikes[0] as string]: lookalikes, big: 9223372036854775807n, also: [lookalikes[1], -9223372036854775808n, '\u0000bigint', '\u0000'] };
    const strings = `${JSON.stringify(lookalikes[1])},-9223372036854775808,"\\u0000bigint","\\u0000"`;
    expect(stringifyJson(value)).toBe(`{${JSON.stringify(lookalikes[0])}:${JSON.stringify(lookalikes)},"big":9223372036854775807,"also":[${strings}]}`);
    const back = parseJson(stringifyJson(value) ?? '') as typeof value;
    expect(back.also).toEqual([lookalikes[1], -9223372036854775808n, '\u0000bigint', '\u0000']);
    expect(back[lookalikes[0] as string]).toEqual(lookalikes);
  });

  it('throws rather than write a wrong text when the value spells each new marker as it is read again', () => {
    let reads = 0;
    const value = {
      big: 9223372036854775807n,
      get strings(): string[] {
        reads++;
        return Array.from({ length: 1000 * reads }, (_, k) => `\u0000bigint${k}`);
      },
    };
    expect(() => stringifyJson(value)).toThrow(TypeError);
  });

  it('reads bigints as JSON.stringify reads values: boxed, from toJSON, top level; a cycle still throws', () => {
    expect(stringifyJson({ a: Object(5n), b: { toJSON: () => 12345678901234567890n }, c: new Date(0) })).toBe('{"a":5,"b":12345678901234567890,"c":"1970-01-01T00:00:00.000Z"}');
    expect(stringifyJson(-1n)).toBe('-1');
    expect(stringifyJson([undefined, 2n, () => 1])).toBe('[null,2,null]');
    const cycle: Record<string, unknown> = { big: 1n };
    cycle['self'] = cycle;
    expect(() => stringifyJson(cycle)).toThrow(TypeError);
  });
});

describe('on the wire', () => {
  const SPEC: RuntimeSpec = {
    tables: { shapes: {}, categories: { server: { retryable: false } }, statusCategories: [], policies: {}, fallbackCategory: 'server' },
    hosts: {},
    environments: {},
  };
  // An endpoint whose bodies hold an int64 names LOSSLESS_JSON (the generated tables do); others read JSON itself.
  const PLAIN: EndpointSpec = { id: 'get', host: 'api', method: 'GET', path: '/x', security: [], idempotent: true, pathParams: [], contentTypes: [], response: 'json', shapes: [], quirks: [], fieldPaths: [] };
  const GET: EndpointSpec = { ...PLAIN, json: LOSSLESS_JSON };

  it('success bodies are read exactly where the endpoint names the lossless codec, and by JSON.parse where not', () => {
    const body = new TextEncoder().encode('{"id":9223372036854775807,"n":1,"s":"18446744073709551615"}');
    const result = interpret(SPEC, GET, { status: 200, headers: {}, body });
    expect(result).toMatchObject({ ok: true, data: { id: 9223372036854775807n, n: 1, s: '18446744073709551615' } });
    expect(interpret(SPEC, PLAIN, { status: 200, headers: {}, body })).toMatchObject({ ok: true, data: { id: 9223372036854775807, n: 1 } });
  });

  it('JSON request bodies are written exactly; form fields as their digits', () => {
    expect(encodeRequestBody({ id: 9223372036854775807n, n: 1 }, 'application/json', { json: LOSSLESS_JSON }).body).toBe('{"id":9223372036854775807,"n":1}');
    expect(() => encodeRequestBody({ id: 1n }, 'application/json')).toThrow(TypeError);
    expect(encodeRequestBody({ id: 9223372036854775807n, nested: { id: -18446744073709551615n }, t: true }, 'application/x-www-form-urlencoded', { json: LOSSLESS_JSON }).body).toBe(
      new URLSearchParams({ id: '9223372036854775807', 'nested[id]': '-18446744073709551615', t: 'true' }).toString(),
    );
  });

  it('mock responses answer with the exact digits', async () => {
    expect(await mockResponse({ status: 200, json: { id: 18446744073709551615n } }).text()).toBe('{"id":18446744073709551615}');
  });
});
