import { describe, expect, it } from 'vitest';
import type { StandardSchemaV1 as Official } from '@standard-schema/spec';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isByte, isDate, isDateTime, isEmail, isHostname, isIpv4, isIpv6, isTime, isUri, isUuid, Issues, MAX_ISSUES, no, validator, type Check } from './validate.js';

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
  // A hand-written check standing in for generated code (as validator-code.ts writes them): a list of positive integers.
  const positives: Check = (value, is) => {
    if (!Array.isArray(value)) return is !== undefined && is.add('expected an array');
    const n = is === undefined ? 0 : is.found;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'number' && Number.isInteger(item) && item > 0) continue;
      if (!no(is, 'expected a positive integer', i)) return false;
    }
    return is === undefined || is.found === n;
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
    // Past MAX_ISSUES a check stops, and still says no.
    const many = new Issues();
    expect(positives(Array.from({ length: 500 }, () => -1), many)).toBe(false);
    expect([many.list.length, many.found]).toEqual([MAX_ISSUES, MAX_ISSUES]);
  });
});

/**
 * A documented disagreement: ajv-formats takes an authority whose port is not digits, or which
 * holds colons outside brackets (`http://12:00:00+01:00`, `http://e80:0::1`); RFC 3986 does not, nor
 * does isUri.
 */
function laxAuthority(s: string): boolean {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(s)?.[1];
  if (authority === undefined || authority.includes('[')) return false;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return !/^[^:]*(?::[0-9]*)?$/.test(host);
}

describe('formats agree with ajv-formats (full) over random strings of their alphabet', () => {
  // ajv-formats is the differential oracle (test only): the generated checks must decide as ajv would on the package's own schemas.
  const oracle = (name: string) => {
    const f = (fullFormats as Record<string, unknown>)[name];
    if (f instanceof RegExp) return (s: string) => f.test(s);
    if (typeof f === 'function') return f as (s: string) => boolean;
    return (f as { validate: (s: string) => boolean }).validate;
  };
  const pieces = ['255', '256', '01', '::', '1.2.3.4', 'ffff', 'g', '=', '==', '/', '+', '-', 'a-', '-a', '2001', 'db8', '2024', '2023', '1900', '02', '29', '30', '31', '12', '13', '00', '-', ':', 'T', 't', ' ', 'Z', 'z', '+', '05:30', '.', '123', '23', '59', '60', '24', '9', 'x', '@', 'a', 'example.com', 'urn:uuid:', 'http://', '3fa85f64-5717-4562-b3fc-2c963f66afa6', 'é', '[', ']', '#', '[::1]', '[v1.x]', '?', '%41', '%4', ':8080'];
  const shapes = ['2024-02-29T23:59:60Z', '2024-01-01', '12:00:00+01:00', 'a@example.com', 'https://x.example/a?b#c', '192.168.0.1', '2001:db8::ff00:42:8329', '::ffff:10.0.0.1', 'fe80:0:0:0:202:b3ff:fe1e:8329', 'api.example.com', 'aGVsbG8gd29ybGQ=', 'YWJj', 'http://[::1]:8080/a/b?c=d#e', 'mailto:a@example.com', 'urn:isbn:0451450523'];
  const random = (seed: number) => {
    let a = seed;
    return () => ((a = (a * 1103515245 + 12345) >>> 0) / 4294967296);
  };
  const next = random(7);
  const samples = [...shapes];
  for (let i = 0; i < 20_000; i++) {
    const base = shapes[Math.floor(next() * shapes.length)] as string;
    const at = Math.floor(next() * (base.length + 1));
    const piece = pieces[Math.floor(next() * pieces.length)] as string;
    samples.push(next() < 0.5 ? base.slice(0, at) + piece + base.slice(at + 1) : base.slice(0, at) + piece + base.slice(at));
  }
  it.each([
    ['date', isDate],
    ['time', (s: string) => isTime(s)],
    ['date-time', isDateTime],
    ['uuid', isUuid],
    ['email', isEmail],
    ['uri', isUri],
    ['ipv4', isIpv4],
    ['ipv6', isIpv6],
    ['hostname', isHostname],
    ['byte', isByte],
  ] as const)('%s', (name, ours) => {
    const theirs = oracle(name);
    const differ = samples.filter((s) => ours(s) !== theirs(s) && !(name === 'uri' && !ours(s) && laxAuthority(s)));
    expect(differ.slice(0, 10)).toEqual([]);
  });
});

describe('ipv6', () => {
  it.each([
    ['::1.2.3.4', true],
    ['1::2.3.4.5', true],
    ['::', true],
    ['1.2.3.4::', false],
    ['1.2.3.4::1', false],
  ])('%s: %s', (s, ok) => expect(isIpv6(s)).toBe(ok));
});

describe('a validator of a value nested past the stack', () => {
  it('refuses it, yes-or-no and with issues, and throws nothing', () => {
    const tree: Check = (value, is) => Array.isArray(value) ? value.every((v) => tree(v, is)) : value === 0 || no(is, 'expected 0');
    const v = validator<unknown>(tree);
    let deep: unknown = 0;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(v.is(deep)).toBe(false);
    expect(v.issues(deep)).toEqual([{ message: 'is nested too deeply to check', path: [] }]);
    expect(v.is([[0], 0])).toBe(true);
  });
});
