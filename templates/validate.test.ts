import { describe, expect, it } from 'vitest';
import type { StandardSchemaV1 as Official } from '@standard-schema/spec';
import { isDate, isDateTime, isTime, Issues, MAX_ISSUES, validator, type Check } from './validate.js';

describe('RFC 3339 formats against the calendar', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2024-04-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-1-01', false],
    ['24-01-01', false],
  ])('date %s: %s', (s, ok) => expect(isDate(s)).toBe(ok));

  it.each([
    ['2024-01-01T00:00:00Z', true],
    ['2024-01-01t00:00:00z', true],
    ['2024-01-01 12:30:45.123+05:30', true],
    ['2024-01-01T12:30:45', false],
    ['2024-01-01T24:00:00Z', false],
    ['2024-01-01T23:59:60Z', true],
    ['2024-01-01T23:59:60+01:00', false],
    ['2024-01-02T00:59:60+01:00', true],
    ['2024-01-01T15:59:60-08:00', true],
    ['2024-01-01T12:00:00+24:00', false],
    ['2024-01-01X12:00:00Z', false],
    ['2024-02-30T12:00:00Z', false],
  ])('date-time %s: %s', (s, ok) => expect(isDateTime(s)).toBe(ok));

  it('time: with an offset, or without one as a partial time', () => {
    expect(isTime('08:30:00.5Z')).toBe(true);
    expect(isTime('08:30:00')).toBe(false);
    expect(isTime('08:30:00', false)).toBe(true);
    expect(isTime('08:60:00Z')).toBe(false);
  });
});

describe('a validator', () => {
  // A hand-written check standing in for generated code: a list of positive integers.
  const positives: Check = (value, issues) => {
    if (!Array.isArray(value)) return issues.add('expected an array');
    let ok = true;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'number' && Number.isInteger(item) && item > 0) continue;
      ok = issues.add('expected a positive integer', i);
      if (!issues.open) return false;
    }
    return ok;
  };
  const v = validator<number[]>(positives);

  it('is a Standard Schema v1 (the official interface accepts it)', () => {
    const standard: Official<number[]> = v;
    expect(standard['~standard'].version).toBe(1);
    expect(standard['~standard'].vendor).toBe('contractgen');
    expect(standard['~standard'].validate([1, 2])).toEqual({ value: [1, 2] });
    expect(standard['~standard'].validate([1, -2, 'x'])).toEqual({
      issues: [
        { message: 'expected a positive integer', path: [1] },
        { message: 'expected a positive integer', path: [2] },
      ],
    });
  });

  it('is stops at the first issue; issues collects them, bounded', () => {
    expect(v.is([1, 2, 3])).toBe(true);
    expect(v.is([1, 0])).toBe(false);
    expect(v.issues(Array.from({ length: 10_000 }, () => -1))).toHaveLength(MAX_ISSUES);
    const first = new Issues(true);
    expect(positives([-1, -2], first)).toBe(false);
    expect(first.list).toHaveLength(1);
  });
});
