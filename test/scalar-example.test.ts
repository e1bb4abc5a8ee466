/**
 * Example scalars meet their format and constraints (what the mocks' fixtures are made of). The
 * checks here are independent readings of each rule: node:net, URL, Date, Buffer and the regular
 * expression engine, not the module's own validators.
 */
import { isIPv4, isIPv6 } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberExample, patternExample, stringExample, type NumberRules } from '../generator/emit/scalar-example.js';

const codePoints = (text: string): number => [...text].length;

const dateOk = (v: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const timeOk = (v: string): boolean => /^([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i.test(v);
const absoluteUri = (v: string): boolean => /^[a-z][a-z0-9+.-]*:\S*$/i.test(v) && URL.canParse(v);

/** What a value of each format must be, by a reading independent of the module. */
const FORMATS: Readonly<Record<string, (v: string) => boolean>> = {
  'date-time': (v) => v.length >= 20 && dateOk(v.slice(0, 10)) && v[10] === 'T' && timeOk(v.slice(11)) && !Number.isNaN(Date.parse(v)),
  date: dateOk,
  time: timeOk,
  duration: (v) => /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/.test(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(v),
  email: (v) => /^[^@\s]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(v) && v.indexOf('@') <= 64,
  'idn-email': (v) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/u.test(v),
  uri: absoluteUri,
  iri: absoluteUri,
  url: (v) => /^https?:\/\//.test(v) ? new URL(v).hostname.length > 0 : absoluteUri(v),
  'uri-reference': (v) => !/\s/.test(v) && URL.canParse(v, 'https://base.example/'),
  'iri-reference': (v) => !/\s/.test(v) && URL.canParse(v, 'https://base.example/'),
  'uri-template': (v) => !/\s/.test(v) && /^[^{}]*(\{[^{}]+\}[^{}]*)*$/.test(v),
  hostname: (v) => v.length <= 253 && /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(v),
  'idn-hostname': (v) => v.length <= 253 && URL.canParse(`https://${v}/`),
  ipv4: (v) => isIPv4(v),
  ipv6: (v) => isIPv6(v),
  byte: (v) => Buffer.from(v, 'base64').toString('base64') === v,
  binary: () => true,
  password: () => true,
  regex: (v) => {
    try {
      new RegExp(v, 'u');
      return true;
    } catch {
      return false;
    }
  },
  'json-pointer': (v) => v === '' || /^(\/([^~/]|~[01])*)+$/.test(v),
  'relative-json-pointer': (v) => /^(0|[1-9]\d*)(#|(\/([^~/]|~[01])*)*)$/.test(v),
  int32: (v) => /^-?\d+$/.test(v) && BigInt(v) >= -(2n ** 31n) && BigInt(v) < 2n ** 31n,
  int64: (v) => /^-?\d+$/.test(v) && BigInt(v) >= -(2n ** 63n) && BigInt(v) < 2n ** 63n,
};

describe('stringExample: formats', () => {
  it.each(Object.entries(FORMATS))('format %s gives a value of the format, the same every time', (format, ok) => {
    const value = stringExample({ format });
    expect(value).toBeDefined();
    expect(ok(value ?? ''), value).toBe(true);
    expect(stringExample({ format })).toBe(value);
  });

  it('gives the realistic values the docs promise', () => {
    expect(stringExample({ format: 'date-time' })).toBe('2024-01-15T09:30:00Z');
    expect(stringExample({ format: 'date' })).toBe('2024-01-15');
    expect(stringExample({ format: 'email' })).toBe('user@example.com');
    expect(stringExample({ format: 'ipv4' })).toBe('192.0.2.1');
    expect(stringExample({ format: 'ipv6' })).toBe('2001:db8::1');
    expect(stringExample({ format: 'byte' })).toBe('ZXhhbXBsZQ==');
    expect(stringExample({})).toBe('example');
  });

  it('an unknown format gives a plain word, even one named like an Object.prototype member', () => {
    for (const format of ['decimal', 'x-custom', 'constructor', '__proto__', 'toString', '']) expect(stringExample({ format }), format).toBe('example');
  });
});

describe('stringExample: lengths', () => {
  it('stretches or cuts a plain string to the bounds, counting code points', () => {
    expect(stringExample({ minLength: 12 })).toBe('exampleexamp');
    expect(stringExample({ maxLength: 3 })).toBe('exa');
    expect(stringExample({ minLength: 2, maxLength: 2 })).toBe('ex');
    expect(stringExample({ maxLength: 0 })).toBe('');
    const emoji = stringExample({ minLength: 3, maxLength: 3, pattern: '^[😀-😂]+$' });
    expect(emoji).toBe('😀😀😀');
    expect(emoji).toHaveLength(6); // UTF-16 units: JSON Schema counts the 3 code points instead
  });

  it('says so when bounds contradict each other or are nonsense', () => {
    expect(stringExample({ minLength: 5, maxLength: 4 })).toBeUndefined();
    expect(stringExample({ minLength: Number.NaN })).toBeUndefined();
    expect(stringExample({ minLength: 1e9 })).toBeUndefined();
  });

  it('a fixed-form format that cannot fit gives none rather than a plain string', () => {
    expect(stringExample({ format: 'uuid', maxLength: 10 })).toBeUndefined();
    expect(stringExample({ format: 'uuid', minLength: 37 })).toBeUndefined();
    expect(stringExample({ format: 'date', minLength: 11 })).toBeUndefined();
    expect(stringExample({ format: 'date-time', maxLength: 19 })).toBeUndefined();
    expect(stringExample({ format: 'date-time', minLength: 21, maxLength: 21 })).toBeUndefined();
    expect(stringExample({ format: 'ipv4', minLength: 16 })).toBeUndefined();
    expect(stringExample({ format: 'email', maxLength: 5 })).toBeUndefined();
    expect(stringExample({ pattern: '^(?=x)y$' })).toBeUndefined();
  });

  it('a format with room to grow or shrink keeps its form', () => {
    expect(stringExample({ format: 'date-time', minLength: 24 })).toBe('2024-01-15T09:30:00.000Z');
    expect(stringExample({ format: 'email', maxLength: 8 })).toBe('us@ex.io');
    expect(stringExample({ format: 'hostname', minLength: 20 })).toBe('exampleexampleex.com');
    expect(stringExample({ format: 'uri', minLength: 30 })).toBe('https://example.com/exampleexa');
    expect(stringExample({ format: 'byte', minLength: 16, maxLength: 16 })).toBe('ZXhhbXBsZWV4YW1w');
    expect(stringExample({ format: 'password', minLength: 10 })).toBe('exampleexa');
  });

  it('every length a format admits gives a value of the format of that length', () => {
    const reachable: Readonly<Record<string, readonly number[]>> = {
      'date-time': [20, ...range(22, 60)],
      time: [9, ...range(11, 40)],
      email: range(7, 76),
      hostname: range(1, 253),
      ipv4: range(7, 15),
      ipv6: range(2, 39),
      byte: range(0, 64).filter((n) => n % 4 === 0),
      uri: range(5, 80),
      url: range(5, 80),
      password: range(0, 80),
      int64: range(1, 19),
    };
    for (const [format, sizes] of Object.entries(reachable)) {
      const ok = FORMATS[format] ?? (() => true);
      for (const size of sizes) {
        const value = stringExample({ format, minLength: size, maxLength: size });
        expect(value, `${format} of ${size}`).toBeDefined();
        expect(codePoints(value ?? ''), `${format}: ${value}`).toBe(size);
        expect(ok(value ?? ''), `${format}: ${value}`).toBe(true);
      }
    }
  });

  it('whatever the bounds, an answer meets them and its format', () => {
    const formats = fc.constantFrom(undefined, ...Object.keys(FORMATS));
    const size = fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined });
    fc.assert(
      fc.property(formats, size, size, (format, minLength, maxLength) => {
        const value = stringExample({ format, minLength, maxLength });
        const admissible = (minLength ?? 0) <= (maxLength ?? Number.POSITIVE_INFINITY);
        if (format === undefined || format === 'password' || format === 'binary') expect(value !== undefined).toBe(admissible);
        if (value === undefined) return;
        expect(codePoints(value)).toBeGreaterThanOrEqual(minLength ?? 0);
        expect(codePoints(value)).toBeLessThanOrEqual(maxLength ?? Number.POSITIVE_INFINITY);
        if (format !== undefined) expect(FORMATS[format]?.(value), `${format}: ${value}`).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('stringExample: format and pattern together', () => {
  it('prefers the format value when it matches the pattern, else the pattern value when it is of the format', () => {
    expect(stringExample({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' })).toBe('2024-01-15');
    expect(stringExample({ format: 'email', pattern: '^[a-z]+@example\\.com$' })).toBe('user@example.com');
    expect(stringExample({ format: 'uuid', pattern: '^[0-9a-f-]{36}$' })).toBe('3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(stringExample({ format: 'hostname', pattern: '^api\\.[a-z]+\\.io$' })).toBe('api.a.io');
    expect(stringExample({ format: 'uri', pattern: '^ftp://' })).toBe('ftp://');
  });

  it('gives none when no value is both', () => {
    expect(stringExample({ format: 'date', pattern: '^2023-13' })).toBeUndefined();
    expect(stringExample({ format: 'uuid', pattern: '^[A-Z]+$' })).toBeUndefined();
  });

  it('a plain string takes the word when the pattern allows it, else the pattern value', () => {
    expect(stringExample({ pattern: '^[a-z][a-z0-9-]*$', minLength: 1 })).toBe('example');
    expect(stringExample({ pattern: '^[A-Z]{3}$' })).toBe('AAA');
    expect(stringExample({ pattern: '^[a-z', minLength: 1 })).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------------------------

/** Patterns as real API descriptions write them. */
const PATTERNS: readonly (readonly [string, string])[] = [
  ['ISO 4217 currency', '^[A-Z]{3}$'],
  ['ISO 3166 country', '^[A-Z]{2}$'],
  ['US ZIP', '^\\d{5}(-\\d{4})?$'],
  ['filename-safe', '^[a-zA-Z0-9_.-]+$'],
  ['http(s) URL', '^(https?)://.+$'],
  ['MongoDB ObjectId', '^[0-9a-f]{24}$'],
  ['E.164 phone', '^\\+[1-9]\\d{1,14}$'],
  ['DNS-style name', '^[a-z][a-z0-9-]{2,62}$'],
  ['semver (semver.org)', '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)(?:-((?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\\.(?:0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\\+([0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*))?$'],
  ['IBAN-like', '^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$'],
  ['hex colour', '^#(?:[0-9a-fA-F]{3}){1,2}$'],
  ['slug', '^[a-z0-9]+(?:-[a-z0-9]+)*$'],
  ['ISO date', '^\\d{4}-\\d{2}-\\d{2}$'],
  ['full name', '^[A-Z][a-z]+ [A-Z][a-z]+$'],
  ['Stripe-style key', '^sk_(live|test)_[A-Za-z0-9]{24}$'],
  ['AWS ARN', '^arn:aws:[a-z0-9-]+:[a-z0-9-]*:\\d{12}:.+$'],
  ['unanchored digits', '[0-9]+'],
  ['no whitespace', '^\\S+$'],
  ['email-ish', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'],
  ['named groups', '^(?<year>\\d{4})/(?<month>0[1-9]|1[0-2])$'],
  ['API version', '^v\\d+$'],
  ['\\w with counts', '^\\w{8}-\\w{4}$'],
  ['\\u escapes in a class', '^[\\u0041-\\u005A]{2}$'],
  ['\\x escapes in a class', '^[\\x41-\\x5A]+$'],
  ['dot with counts', '^.{3,5}$'],
  ['negated class', '^[^a-z]+$'],
  ['HH:MM', '^(?:[01]\\d|2[0-3]):[0-5]\\d$'],
  ['lazy quantifiers', '^a+?b*?c{2,}?d??$'],
  ['repeated alternation', '^(a|bc|def){2}$'],
  ['UUID', '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-5][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$'],
  ['BCP 47 language', '^[a-z]{2,3}(?:-[A-Z]{2})?$'],
  ['UK postcode', '^[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}$'],
  ['Canadian postal code', '^[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d$'],
  ['IPv4 by pattern', '^((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)$'],
  ['US phone', '^\\(\\d{3}\\) \\d{3}-\\d{4}$'],
  ['money amount', '^-?\\d+(\\.\\d{1,2})?$'],
  ['GitHub login (lookahead inside)', '^[a-zA-Z\\d](?:[a-zA-Z\\d]|-(?=[a-zA-Z\\d])){0,38}$'],
  ['JWT', '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$'],
  ['SHA-256', '^[a-f0-9]{64}$'],
  ['Base64', '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$'],
  ['MAC address', '^([0-9A-Fa-f]{2}[:-]){5}([0-9A-Fa-f]{2})$'],
  ['card last four', '^\\d{4}$'],
  ['GCP project id', '^[a-z][-a-z0-9]{4,28}[a-z0-9]$'],
  ['Kubernetes DNS-1123 subdomain', '^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$'],
  ['S3 bucket', '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$'],
  ['ISBN-13', '^97[89]\\d{10}$'],
  ['social handle', '^@?(\\w){1,15}$'],
  ['Unicode names', "^[\\p{L}\\p{M} '-]+$"],
  ['word boundaries', '\\bfoo\\b'],
  ['not a boundary', '\\Bfoo'],
  ['backreference', '^(\\w)\\w*\\1$'],
  ['named backreference', '^(?<q>[\'"]).*\\k<q>$'],
  ['escaped slashes', '^\\/api\\/v\\d+\\/[\\w\\-]+$'],
  ['astral range', '^[\\u{1F600}-\\u{1F64F}]+$'],
  ['surrogate-pair escape', '^\\uD83D\\uDE00$'],
  ['IANA time zone', '^[A-Za-z]+(?:/[A-Za-z_]+)+$'],
  ['grouped thousands', '^\\d{1,3}(,\\d{3})*(\\.\\d+)?$'],
  ['Docker image', '^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:/[a-z0-9]+(?:[._-][a-z0-9]+)*)*(?::[\\w][\\w.-]{0,127})?$'],
  ['EU VAT', '^(ATU\\d{8}|BE0\\d{9}|DE\\d{9})$'],
  ['password rules (lookaheads)', '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[@$!%*?&])[A-Za-z\\d@$!%*?&]{8,}$'],
  ['control escapes', '^a\\tb\\cJ?\\0?$'],
  ['\\s and \\D', '^\\D\\s\\d$'],
  ['empty alternative', '^(|x)y$'],
  ['anchored alternation', '^abc$|^xyz$'],
];

describe('patternExample', () => {
  it(`table of ${PATTERNS.length} real-world patterns`, () => {
    expect(PATTERNS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PATTERNS)('%s: %s', (_, pattern) => {
    const value = patternExample(pattern);
    expect(value).toBeDefined();
    expect(new RegExp(pattern, 'u').test(value ?? ''), value).toBe(true);
    expect(patternExample(pattern)).toBe(value);
  });

  it('prefers the first alternative and the fewest repetitions', () => {
    expect(patternExample('^[A-Z]{3}$')).toBe('AAA');
    expect(patternExample('^\\d{5}(-\\d{4})?$')).toBe('00000');
    expect(patternExample('^(https?)://.+$')).toBe('http://a');
    expect(patternExample('^sk_(live|test)_[A-Za-z0-9]{24}$')).toBe(`sk_live_${'A'.repeat(24)}`);
    expect(patternExample('^[a-zA-Z0-9_.-]+$')).toBe('a');
    expect(patternExample("^[\\p{L} '-]+$")).toBe('a');
    expect(patternExample('^[^a-z]+$')).toBe('A');
  });

  it('stretches repetitions to reach minLength and shortens choices to keep under maxLength', () => {
    const cases: readonly (readonly [string, number, number, string])[] = [
      ['^\\d{5}(-\\d{4})?$', 10, 10, '00000-0000'],
      ['^[a-z][a-z0-9-]{2,62}$', 10, 20, 'aaaaaaaaaa'],
      ['^#(?:[0-9a-fA-F]{3}){1,2}$', 7, 7, '#000000'],
      ['^(https?|ftp)://x$', 0, 7, 'ftp://x'],
      ['^(a|bcd)(e|fgh)$', 5, 6, 'bcdfgh'],
      // The rightmost open-ended repetition takes up the length.
      ['^[a-z0-9]+(?:-[a-z0-9]+)*$', 6, 6, 'a-aaaa'],
      ['^\\+[1-9]\\d{1,14}$', 16, 16, '+100000000000000'],
      ['[0-9]+', 5, 5, '00000'],
      ['^abc', 5, 5, 'abcex'],
    ];
    for (const [pattern, min, max, expected] of cases) expect(patternExample(pattern, min, max), `${pattern} [${min}, ${max}]`).toBe(expected);
  });

  it('gives none when no string of those lengths matches', () => {
    expect(patternExample('^[A-Z]{3}$', 4)).toBeUndefined();
    expect(patternExample('^[A-Z]{3}$', 0, 2)).toBeUndefined();
    expect(patternExample('^\\d{5}(-\\d{4})?$', 6, 9)).toBeUndefined();
    expect(patternExample('abc', 0, 2)).toBeUndefined();
    expect(patternExample('^v\\d+$', 1, 1)).toBeUndefined();
    expect(patternExample('^[a-z]+$', 3, 2)).toBeUndefined();
  });

  it('a lookaround it cannot read gives a correct value or none', () => {
    for (const pattern of ['^(?!foo).*$', '^(?!.*--)[a-z-]+$', '^(?<!x)y$', '^(?=.{5})[a-z]+$', '^foo(?!bar)', '^(?=.*\\d{3})\\w+$']) {
      for (const [min, max] of [[undefined, undefined], [8, 12]] as const) {
        const value = patternExample(pattern, min, max);
        if (value !== undefined) expect(new RegExp(pattern, 'u').test(value), `${pattern}: ${value}`).toBe(true);
      }
    }
    expect(patternExample('^(?!foo).*$', 4)).toBe('aaaa');
  });

  it('an invalid pattern gives none, and never throws', () => {
    for (const pattern of ['^[a-z', '(', ')', '\\', 'a{2,1}', '(?<n>a)(?<n>b)', '[z-a]', '\\k<nope>', '(?i)abc', '*a', 'a**', '\\p{NoSuchProperty}', '[\\d-z]', 'x{']) {
      expect(patternExample(pattern), pattern).toBeUndefined();
    }
  });

  it('costly patterns end, with a correct value or none', () => {
    const costly = ['^.{100000}$', '(a?){1000000}', '^(a+)+$', '^(\\w+\\s?)+$', `${'('.repeat(3000)}a${')'.repeat(3000)}`, '^(?:a|b|c|d|e|f|g){5000}$', '(?:){1000000}x'];
    for (const pattern of costly) {
      const started = Date.now();
      const value = patternExample(pattern, 0, 50);
      expect(Date.now() - started, pattern.slice(0, 40)).toBeLessThan(5_000);
      if (value !== undefined) expect(new RegExp(pattern, 'u').test(value)).toBe(true);
    }
    expect(patternExample('^(a+)+$', 40)).toBe('a'.repeat(40));
    expect(patternExample('^.{100000}$')).toBeUndefined();
  });

  it('any answer matches and meets the bounds, for the table and random bounds', () => {
    const patterns = fc.constantFrom(...PATTERNS.map(([, p]) => p));
    const size = fc.option(fc.integer({ min: 0, max: 80 }), { nil: undefined });
    fc.assert(
      fc.property(patterns, size, size, (pattern, min, max) => {
        const value = patternExample(pattern, min, max);
        if (value === undefined) return;
        expect(new RegExp(pattern, 'u').test(value)).toBe(true);
        expect(codePoints(value)).toBeGreaterThanOrEqual(min ?? 0);
        expect(codePoints(value)).toBeLessThanOrEqual(max ?? Number.POSITIVE_INFINITY);
      }),
      { numRuns: 500 },
    );
  });

  it('a pattern with an open-ended repetition reaches every minLength, at its shortest', () => {
    fc.assert(
      fc.property(fc.constantFrom('^[a-z]+$', '^[a-zA-Z0-9_.-]+$', '^\\S+$', '^(https?)://.+$', '^[a-z0-9]+(?:-[a-z0-9]+)*$', '[0-9]+'), fc.integer({ min: 8, max: 500 }), (pattern, min) => {
        const value = patternExample(pattern, min);
        expect(value).toBeDefined();
        expect(codePoints(value ?? '')).toBe(min);
        expect(new RegExp(pattern, 'u').test(value ?? '')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('random regex sources never throw; any answer matches', () => {
    const piece = fc.constantFrom('a', 'b', '(', ')', '(?:', '(?=', '(?<g>', '|', '*', '+', '?', '{2}', '{1,3}', '[a-c]', '[^a]', '\\d', '\\w', '\\b', '.', '^', '$', '\\1', '-', '\\', '{', '}');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }), (pieces, min) => {
        const pattern = pieces.join('');
        const value = patternExample(pattern, min);
        if (value !== undefined) expect(new RegExp(pattern, 'u').test(value), `${pattern}: ${value}`).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Numbers
// ---------------------------------------------------------------------------------------------

/** Whether `v` meets the rules, the multiple checked exactly in decimal (thousandths). */
function meetsExactly(v: number, r: NumberRules): boolean {
  const thousandths = Math.round(v * 1000);
  const step = r.multipleOf === undefined ? undefined : Math.round(r.multipleOf * 1000);
  return (
    v === thousandths / 1000 &&
    (!r.integer || Number.isInteger(v)) &&
    (r.minimum === undefined || v >= r.minimum) &&
    (r.maximum === undefined || v <= r.maximum) &&
    (r.exclusiveMinimum === undefined || v > r.exclusiveMinimum) &&
    (r.exclusiveMaximum === undefined || v < r.exclusiveMaximum) &&
    (step === undefined || thousandths % step === 0)
  );
}

/** The next double above `x`. */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + (x > 0 ? 1n : -1n));
  return view.getFloat64(0);
}

describe('numberExample', () => {
  it('prefers 1, then the least positive admissible value, then the one nearest zero', () => {
    expect(numberExample({ integer: true })).toBe(1);
    expect(numberExample({ integer: false })).toBe(1);
    expect(numberExample({ integer: false, minimum: 0, maximum: 100, multipleOf: 0.5 })).toBe(1);
    expect(numberExample({ integer: false, multipleOf: 3 })).toBe(3);
    expect(numberExample({ integer: false, minimum: 2.5 })).toBe(2.5);
    expect(numberExample({ integer: false, exclusiveMinimum: 2.5 })).toBe(3);
    expect(numberExample({ integer: false, exclusiveMinimum: 0, exclusiveMaximum: 1 })).toBe(0.1);
    expect(numberExample({ integer: false, exclusiveMinimum: 1.5, exclusiveMaximum: 1.6 })).toBe(1.51);
    expect(numberExample({ integer: false, exclusiveMaximum: 0 })).toBe(-1);
    expect(numberExample({ integer: false, minimum: -3.5, maximum: -1.5 })).toBe(-1.5);
    expect(numberExample({ integer: true, minimum: -10, maximum: -5, multipleOf: 3 })).toBe(-6);
    expect(numberExample({ integer: true, minimum: 0, maximum: 9 })).toBe(1);
  });

  it('a fractional multipleOf: exact in decimal, and its quotient an integer in binary too (what ajv checks)', () => {
    // 2.01 / 0.01 is 200.99999999999997 in floating point; 2.02 / 0.01 is 202.
    expect(numberExample({ integer: false, minimum: 2.01, multipleOf: 0.01 })).toBe(2.02);
    expect(numberExample({ integer: false, minimum: 0.25, maximum: 0.45, multipleOf: 0.1 })).toBe(0.4);
    // Only 0.3 is admissible: a multiple in decimal, which JSON Schema means, though not in binary.
    expect(numberExample({ integer: false, minimum: 0.3, maximum: 0.3, multipleOf: 0.1 })).toBe(0.3);
    expect(numberExample({ integer: true, multipleOf: 0.3 })).toBe(3);
    expect(numberExample({ integer: true, multipleOf: 2.5 })).toBe(5);
    expect(numberExample({ integer: true, multipleOf: 0.25, minimum: 7 })).toBe(7);
  });

  it('formats bound the value', () => {
    expect(numberExample({ integer: true, format: 'int32' })).toBe(1);
    expect(numberExample({ integer: true, format: 'int32', minimum: 2 ** 31 })).toBeUndefined();
    expect(numberExample({ integer: true, format: 'int32', maximum: -(2 ** 31) - 1 })).toBeUndefined();
    expect(numberExample({ integer: true, format: 'int32', exclusiveMinimum: 2 ** 31 - 2 })).toBe(2 ** 31 - 1);
    expect(numberExample({ integer: true, format: 'int64', minimum: 2 ** 62 })).toBe(2 ** 62);
    expect(numberExample({ integer: true, format: 'int64', minimum: 2 ** 63 })).toBeUndefined();
    expect(numberExample({ integer: false, format: 'float', minimum: 1e39 })).toBeUndefined();
    expect(numberExample({ integer: false, format: 'double', minimum: 1e39 })).toBe(1e39);
    expect(numberExample({ integer: false, format: 'float' })).toBe(1);
  });

  it('gives none when the rules admit nothing', () => {
    expect(numberExample({ integer: true, exclusiveMinimum: 1, exclusiveMaximum: 2 })).toBeUndefined();
    expect(numberExample({ integer: true, minimum: 5, maximum: 3 })).toBeUndefined();
    expect(numberExample({ integer: false, minimum: 3, exclusiveMaximum: 3 })).toBeUndefined();
    expect(numberExample({ integer: false, minimum: 1, maximum: 2, multipleOf: 5 })).toBeUndefined();
    expect(numberExample({ integer: true, minimum: 0.1, maximum: 0.9 })).toBeUndefined();
    // No double lies strictly between 1 and the next double after it.
    expect(numberExample({ integer: false, exclusiveMinimum: 1, exclusiveMaximum: nextUp(1) })).toBeUndefined();
    expect(numberExample({ integer: false, exclusiveMinimum: 1, exclusiveMaximum: nextUp(nextUp(1)) })).toBe(nextUp(1));
  });

  it('nonsense rules give none; infinite bounds are read as they say', () => {
    for (const multipleOf of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(numberExample({ integer: false, multipleOf })).toBeUndefined();
    expect(numberExample({ integer: false, minimum: Number.NaN })).toBeUndefined();
    expect(numberExample({ integer: false, minimum: Number.POSITIVE_INFINITY })).toBeUndefined();
    expect(numberExample({ integer: false, minimum: Number.NEGATIVE_INFINITY })).toBe(1);
    expect(numberExample({ integer: false, maximum: -1e300 })).toBe(-1e300);
    expect(numberExample({ integer: false, exclusiveMinimum: 0, exclusiveMaximum: 1e-300 })).toBe(1e-301);
  });

  it('integers: meets every rule, and finds a value whenever one exists (brute force)', () => {
    const bound = fc.option(fc.integer({ min: -20, max: 20 }), { nil: undefined });
    const multiple = fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined });
    fc.assert(
      fc.property(fc.boolean(), bound, bound, bound, bound, multiple, (integer, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf) => {
        // Integer bounds and an integer multiple (or `integer`): every admissible value is an integer,
        // so searching the integers is complete.
        const rules: NumberRules = { integer: integer || multipleOf === undefined, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf };
        const value = numberExample(rules);
        // An unbounded side reaches past the window by at most one step, so the window finds one if any exists.
        const exists = Array.from({ length: 81 }, (_, i) => i - 40).some((v) => meetsExactly(v, rules));
        expect(value !== undefined, JSON.stringify(rules)).toBe(exists);
        if (value !== undefined) expect(meetsExactly(value, rules)).toBe(true);
        if (value !== undefined && multipleOf !== undefined) expect(Number.isInteger(value / multipleOf)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('decimals: meets every rule exactly, and finds a value whenever one exists (brute force in thousandths)', () => {
    const bound = fc.option(
      fc.integer({ min: -500, max: 500 }).map((j) => j / 100),
      { nil: undefined },
    );
    const multiple = fc.option(
      fc.integer({ min: 1, max: 50 }).map((k) => k / 100),
      { nil: undefined },
    );
    fc.assert(
      fc.property(fc.boolean(), bound, bound, bound, bound, multiple, (integer, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf) => {
        const rules: NumberRules = { integer, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf };
        const value = numberExample(rules);
        // Integers: a multiple of k/100 that is an integer is one of k/gcd(k, 100) ≤ 50, so ±60 covers
        // an unbounded side; decimals: thousandths within ±12 do (steps ≤ 0.5, bounds within ±5).
        const window = integer ? Array.from({ length: 121 }, (_, i) => i - 60) : Array.from({ length: 24_001 }, (_, i) => (i - 12_000) / 1000);
        const exists = window.some((v) => meetsExactly(v, rules));
        expect(value !== undefined, JSON.stringify(rules)).toBe(exists);
        if (value !== undefined) expect(meetsExactly(value, rules), `${value} for ${JSON.stringify(rules)}`).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('any doubles as bounds: meets them, and finds a value whenever a double lies between', () => {
    const bound = fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: undefined });
    fc.assert(
      fc.property(bound, bound, fc.boolean(), fc.boolean(), (a, b, openLow, openHigh) => {
        const [lo, hi] = a !== undefined && b !== undefined && a > b ? [b, a] : [a, b];
        const rules: NumberRules = { integer: false, ...(openLow ? { exclusiveMinimum: lo } : { minimum: lo }), ...(openHigh ? { exclusiveMaximum: hi } : { maximum: hi }) };
        const value = numberExample(rules);
        if (value !== undefined) {
          expect(Number.isFinite(value)).toBe(true);
          if (lo !== undefined) expect(openLow ? value > lo : value >= lo).toBe(true);
          if (hi !== undefined) expect(openHigh ? value < hi : value <= hi).toBe(true);
          return;
        }
        // None found: then the interval holds no finite double at all (an unbounded side ends at ±MAX_VALUE).
        const first = lo === undefined ? -Number.MAX_VALUE : openLow ? nextUp(lo) : lo;
        const last = hi ?? Number.MAX_VALUE;
        expect(openHigh && hi !== undefined ? first >= last : first > last, JSON.stringify(rules)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
