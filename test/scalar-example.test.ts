/** Example scalars meet their format and constraints (what the mocks' fixtures are made of). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberExample, patternExample, stringExample } from '../generator/emit/scalar-example.js';

const FORMATS: Readonly<Record<string, RegExp>> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  email: /^[^@\s]+@[^@\s]+\.[a-z]+$/,
  uri: /^https?:\/\/[^\s]+$/,
  hostname: /^[a-z0-9.-]+$/,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
  ipv6: /^[0-9a-f:]+$/,
  byte: /^[A-Za-z0-9+/]+={0,2}$/,
};

const PATTERNS = [
  '^[A-Z]{3}$',
  '^\\d{5}(-\\d{4})?$',
  '^[a-zA-Z0-9_.-]+$',
  '^(https?)://.+$',
  '^[0-9a-f]{24}$',
  '^\\+[1-9]\\d{1,14}$',
  '^[a-z][a-z0-9-]{2,62}$',
  '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)$',
  '^[A-Z]{2}\\d{2}[A-Z0-9]{11,30}$',
  '^#[0-9a-fA-F]{6}$',
  '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^[A-Z][a-z]+ [A-Z][a-z]+$',
  '^sk_(live|test)_[A-Za-z0-9]{24}$',
  '^arn:aws:[a-z0-9-]+:[a-z0-9-]*:\\d{12}:.+$',
  '[0-9]+',
  '^\\S+$',
  '^[^\\s@]+@[^\\s@]+$',
  '^(?<year>\\d{4})/(?<month>\\d{2})$',
  '^v\\d+$',
  '^\\w{8}-\\w{4}$',
  '^[\\u0041-\\u005A]{2}$',
  '^[\\x41-\\x5A]+$',
  '^.{3,5}$',
  '^[^a-z]+$',
  '^(?:[01]\\d|2[0-3]):[0-5]\\d$',
  '^ab*c+d?$',
  '^(a|bc|def){2}$',
];

describe('stringExample', () => {
  it.each(Object.entries(FORMATS))('format %s', (format, shape) => {
    expect(stringExample({ format })).toMatch(shape);
  });

  it('meets length bounds, and says so when it cannot', () => {
    expect(stringExample({ minLength: 12 })?.length).toBeGreaterThanOrEqual(12);
    expect(stringExample({ maxLength: 3 })?.length).toBeLessThanOrEqual(3);
    expect(stringExample({ minLength: 2, maxLength: 2 })).toHaveLength(2);
    expect(stringExample({ format: 'uuid', maxLength: 10 })).toBeUndefined();
    expect(stringExample({ pattern: '^(?=x)y$' })).toBeUndefined();
  });

  it.each(PATTERNS)('pattern %s', (pattern) => {
    const value = patternExample(pattern);
    expect(value).toBeDefined();
    expect(new RegExp(pattern, 'u').test(value ?? '')).toBe(true);
  });

  it('invalid patterns give no example, and never throw', () => {
    expect(patternExample('^[a-z')).toBeUndefined();
    expect(patternExample('(')).toBeUndefined();
  });
});

describe('numberExample', () => {
  const meets = (v: number, r: Parameters<typeof numberExample>[0]): boolean =>
    (!r.integer || Number.isInteger(v)) &&
    (r.minimum === undefined || v >= r.minimum) &&
    (r.maximum === undefined || v <= r.maximum) &&
    (r.exclusiveMinimum === undefined || v > r.exclusiveMinimum) &&
    (r.exclusiveMaximum === undefined || v < r.exclusiveMaximum) &&
    (r.multipleOf === undefined || Math.abs(v / r.multipleOf - Math.round(v / r.multipleOf)) < 1e-9);

  it('prefers 1, and meets fractional multiples', () => {
    expect(numberExample({ integer: true })).toBe(1);
    expect(numberExample({ integer: false, minimum: 0, maximum: 100, multipleOf: 0.5 })).toBe(1);
    expect(numberExample({ integer: false, minimum: 2.01, multipleOf: 0.01 })).toBeCloseTo(2.01);
    expect(numberExample({ integer: true, exclusiveMinimum: 1, exclusiveMaximum: 2 })).toBeUndefined();
    expect(numberExample({ integer: true, minimum: 5, maximum: 3 })).toBeUndefined();
  });

  it('meets every rule, and finds a value whenever a small integer range has one', () => {
    const bound = fc.option(fc.integer({ min: -20, max: 20 }), { nil: undefined });
    fc.assert(
      fc.property(bound, bound, bound, bound, fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }), (minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf) => {
        const rules = { integer: true, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf };
        const value = numberExample(rules);
        const exists = Array.from({ length: 81 }, (_, i) => i - 40).some((v) => meets(v, rules));
        if (value !== undefined) expect(meets(value, rules)).toBe(true);
        // Unbounded sides reach beyond the brute-force window, where one may exist too.
        else expect(exists).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
