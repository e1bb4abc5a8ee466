/**
 * Example scalars that meet a field's format and constraints, for the mocks' fixtures: a fixture
 * that breaks the contract it stands for would teach a client's tests the wrong thing. Every
 * answer is checked against the rules before it is given; undefined means none was found, and the
 * caller asks the contract for an `example` instead of inventing one that might be wrong.
 */
import { isIPv4, isIPv6 } from 'node:net';
import { TEXT_LIMIT } from '../regex/pattern-safety.js';

export interface StringRules {
  readonly format?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
}

export interface NumberRules {
  readonly integer: boolean;
  readonly format?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

const FILLER = 'example';
/** Longest string made (in code points): a fixture is read by people, and making it must stay cheap. */
const MAX_LENGTH = 10_000;

// ---------------------------------------------------------------------------------------------
// Strings
// ---------------------------------------------------------------------------------------------

/** A string satisfying every rule, or undefined when none could be found (the caller then reports that the field needs an `example`). */
export function stringExample(rules: StringRules): string | undefined {
  // A pattern runs on texts of TEXT_LIMIT characters at most: that is the length its safety was judged for.
  const bounds = lengthBounds(rules.minLength, rules.maxLength, rules.pattern === undefined ? MAX_LENGTH : TEXT_LIMIT);
  const regex = rules.pattern === undefined ? undefined : compile(rules.pattern);
  if (bounds === undefined || regex === null || (regex !== undefined && !usable(regex))) return undefined;
  const spec = formatSpec(rules.format);
  const fits = (value: string): boolean => withinLength(value, bounds) && spec.test(value) && (regex === undefined || matches(regex, value));
  return firstOf(stringCandidates(spec, rules.pattern, bounds), fits);
}

/** The format's own values first (realistic), then the pattern's, then the format stretched or cut to length. */
function* stringCandidates(spec: FormatSpec, pattern: string | undefined, bounds: Lengths): Generator<string> {
  yield* spec.values;
  const generated = pattern === undefined ? undefined : patternExample(pattern, bounds.min, bounds.max);
  if (generated !== undefined) yield generated;
  if (spec.sized === undefined) return;
  const preferred = length(spec.values[0] ?? '');
  for (const size of sizesNear(clamp(preferred, bounds.min, bounds.max), bounds)) {
    const value = spec.sized(size);
    if (value !== undefined) yield value;
  }
}

/** Sizes from `target` outwards; a format that has no value of one size seldom has one far from it. */
function* sizesNear(target: number, bounds: Lengths): Generator<number> {
  for (let step = 0; step <= 64; step++) {
    if (target + step <= bounds.max) yield target + step;
    if (step > 0 && target - step >= bounds.min) yield target - step;
  }
}

interface Lengths {
  readonly min: number;
  readonly max: number;
}

/** Whole-number bounds within what is ever made, or undefined when no length meets them. */
function lengthBounds(minLength = 0, maxLength = Number.POSITIVE_INFINITY, longest = MAX_LENGTH): Lengths | undefined {
  const min = Math.max(0, Math.ceil(minLength));
  const max = Math.min(Math.floor(maxLength), longest);
  // NaN fails the comparison, so a nonsense bound gives no example rather than a wrong one.
  return min <= max ? { min, max } : undefined;
}

function withinLength(value: string, bounds: Lengths): boolean {
  const size = length(value);
  return size >= bounds.min && size <= bounds.max;
}

/** JSON Schema counts code points, not UTF-16 units. */
function length(text: string): number {
  let size = 0;
  for (const _ of text) size++;
  return size;
}

/** `text` repeated and cut to exactly `size` code points. */
function fit(text: string, size: number): string {
  const points = [...text];
  return Array.from({ length: size }, (_, i) => points[i % points.length] ?? '').join('');
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

function firstOf(candidates: Iterable<string>, accept: (value: string) => boolean): string | undefined {
  for (const candidate of candidates) if (accept(candidate)) return candidate;
  return undefined;
}

/** The engine's word, but never its exception: a huge counted repetition overflows its stack when compiled. */
function matches(regex: RegExp, value: string): boolean {
  try {
    return regex.test(value);
  } catch {
    return false;
  }
}

/**
 * Whether the engine can run the pattern at all: it compiles a pattern on first use, and one like
 * (a?){100000000} throws then, every time and slowly, so it is tried once instead of per candidate.
 */
function usable(regex: RegExp): boolean {
  try {
    regex.test('');
    return true;
  } catch {
    return false;
  }
}

/** The pattern compiled as JSON Schema reads it (ECMAScript, 'u'); null when it is not one. */
function compile(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Formats: realistic fixed values, how to make one of another length, and what one looks like
// ---------------------------------------------------------------------------------------------

interface FormatSpec {
  /** In order of preference; fixed so the same contract gives the same fixtures everywhere. */
  readonly values: readonly string[];
  /** A value of exactly this many code points, for bounds no fixed value meets. */
  readonly sized?: (size: number) => string | undefined;
  /** Whether a value is of the format: a value from the pattern must be one too. */
  readonly test: (value: string) => boolean;
}

const ANY = (): boolean => true;
const fitted = (text: string) => (size: number) => fit(text, size);

/** A free-text format: any string is one, so the plain word stretches or shrinks to any length. */
const PLAIN: FormatSpec = { values: [FILLER], sized: fitted(FILLER), test: ANY };

function formatSpec(format: string | undefined): FormatSpec {
  // A Map, not an object: a format named `constructor` must not find Object.prototype's.
  return (format === undefined ? undefined : FORMATS.get(format)) ?? PLAIN;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;
const DURATION = /^P(?!$)(?:(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+S)?)?|\d+W)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const IDN_EMAIL_LOCAL = /^[^\s@"(),:;<>[\\\]]+$/u;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const IDN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;
/** RFC 3986's characters (unreserved, reserved, percent); an IRI adds any non-ASCII. */
const URI_CHAR = String.raw`[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]`;
const IRI_CHAR = String.raw`(?:${URI_CHAR}|[^\x00-\x7f])`;
const URI = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:${URI_CHAR}*$`, 'u');
const IRI = new RegExp(`^[A-Za-z][A-Za-z0-9+.-]*:${IRI_CHAR}*$`, 'u');
const URI_REFERENCE = new RegExp(`^${URI_CHAR}*$`, 'u');
const IRI_REFERENCE = new RegExp(`^${IRI_CHAR}*$`, 'u');
const URI_TEMPLATE = /^(?:[^\s{}]|\{[^\s{}]+\})*$/u;
const JSON_POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/u;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9]\d*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/u;
const INTEGER_TEXT = /^-?(?:0|[1-9]\d*)$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (m === null) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isTime(value: string): boolean {
  const m = TIME.exec(value);
  if (m === null) return false;
  const offsetHour = m[4] === undefined ? 0 : Number(m[4]);
  const offsetMinute = m[5] === undefined ? 0 : Number(m[5]);
  // RFC 3339 allows second 60 (a leap second).
  return Number(m[1]) <= 23 && Number(m[2]) <= 59 && Number(m[3]) <= 60 && offsetHour <= 23 && offsetMinute <= 59;
}

function isDateTime(value: string): boolean {
  return (value[10] === 'T' || value[10] === 't') && isDate(value.slice(0, 10)) && isTime(value.slice(11));
}

function isHostname(value: string, label: RegExp = LABEL): boolean {
  return length(value) <= 253 && value.split('.').every((part) => label.test(part));
}

function isEmail(value: string, local: RegExp, label: RegExp): boolean {
  const at = value.lastIndexOf('@');
  const domain = value.slice(at + 1);
  // A domain with a dot: `user@localhost` is an address, but no realistic one an API is sent.
  return at > 0 && at <= 64 && local.test(value.slice(0, at)) && domain.includes('.') && isHostname(domain, label);
}

function isUrl(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/.test(value) && URL.canParse(value);
}

function isRegex(value: string): boolean {
  return compile(value) !== null;
}

function isIntegerIn(value: string, low: bigint, high: bigint): boolean {
  if (!INTEGER_TEXT.test(value)) return false;
  const n = BigInt(value);
  return n >= low && n <= high;
}

/** '2024-01-15T09:30:00' with `size` characters of fraction and zone: '.000Z' stretches it. */
function withFraction(stem: string, size: number): string | undefined {
  const zone = size - length(stem);
  if (zone === 1) return `${stem}Z`;
  return zone >= 3 ? `${stem}.${'0'.repeat(zone - 2)}Z` : undefined;
}

function emailOfSize(size: number): string | undefined {
  const domain = ['example.com', 'ex.io'].find((d) => size - 1 - d.length >= 1 && size - 1 - d.length <= 64);
  return domain === undefined ? undefined : `${fit('user', size - 1 - domain.length)}@${domain}`;
}

function uriOfSize(size: number): string | undefined {
  if (size >= 20) return `https://example.com/${fit(FILLER, size - 20)}`;
  if (size >= 13) return `https://${fit(FILLER, size - 12)}.io/`;
  return size >= 5 ? `urn:${fit(FILLER, size - 4)}` : undefined;
}

/** Labels of at most 63 characters, ending in '.com' once there is room for it. */
function hostnameOfSize(size: number): string | undefined {
  if (size < 1 || size > 253) return undefined;
  if (size < 5) return fit(FILLER, size);
  const labels: string[] = [];
  let rest = size - 4;
  for (; rest > 63; rest -= 63) labels.push(fit(FILLER, 62));
  return `${[...labels, fit(FILLER, rest)].join('.')}.com`;
}

/** The documentation prefix 2001:db8:: (or ::) and groups after it; the full form for the longest. */
function ipv6OfSize(size: number): string | undefined {
  if (size >= 35 && size <= 39) return ipv6Full(size - 7);
  const [head, groups] = size >= 10 ? ['2001:db8::', 5] : ['::', 7];
  const tail = ipv6Tail(size - head.length, groups);
  return tail === undefined ? undefined : head + tail;
}

function ipv6Tail(size: number, maxGroups: number): string | undefined {
  if (size === 0) return '';
  const count = Math.ceil((size + 1) / 5);
  if (count > maxGroups) return undefined;
  let digits = size - (count - 1);
  const groups = Array.from({ length: count }, (_, i) => {
    const own = Math.min(4, digits - (count - 1 - i));
    digits -= own;
    return `1${'0'.repeat(own - 1)}`;
  });
  return groups.join(':');
}

function ipv6Full(digits: number): string {
  let surplus = 32 - digits;
  const groups = ['2001', '0db8', '0000', '0000', '0000', '0000', '0000', '0001'].map((group, i) => {
    if (i === 0 || surplus === 0) return group;
    surplus--;
    return group.slice(1);
  });
  return groups.join(':');
}

/** Base64 of the plain word, cut to whole 4-character blocks (any such block is valid Base64). */
function base64OfSize(size: number): string | undefined {
  return size % 4 === 0 ? Buffer.from(fit(FILLER, (size / 4) * 3)).toString('base64') : undefined;
}

function digitsOfSize(size: number): string | undefined {
  return size >= 1 ? `1${'0'.repeat(size - 1)}` : undefined;
}

const pathOfSize = (size: number): string | undefined => (size === 0 ? '' : `/${fit(FILLER, size - 1)}`);
const INT32: readonly [bigint, bigint] = [-(2n ** 31n), 2n ** 31n - 1n];
const INT64: readonly [bigint, bigint] = [-(2n ** 63n), 2n ** 63n - 1n];

const FORMATS: ReadonlyMap<string, FormatSpec> = new Map<string, FormatSpec>([
  ['date-time', { values: ['2024-01-15T09:30:00Z'], sized: (n) => withFraction('2024-01-15T09:30:00', n), test: isDateTime }],
  ['date', { values: ['2024-01-15'], test: isDate }],
  ['time', { values: ['09:30:00Z'], sized: (n) => withFraction('09:30:00', n), test: isTime }],
  ['duration', { values: ['P1D'], sized: (n) => (n >= 3 ? `P1${'0'.repeat(n - 3)}D` : undefined), test: (v) => DURATION.test(v) }],
  ['uuid', { values: ['3fa85f64-5717-4562-b3fc-2c963f66afa6'], test: (v) => UUID.test(v) }],
  ['email', { values: ['user@example.com'], sized: emailOfSize, test: (v) => isEmail(v, EMAIL_LOCAL, LABEL) }],
  ['idn-email', { values: ['user@example.com'], sized: emailOfSize, test: (v) => isEmail(v, IDN_EMAIL_LOCAL, IDN_LABEL) }],
  ['uri', { values: ['https://example.com/'], sized: uriOfSize, test: (v) => URI.test(v) }],
  ['iri', { values: ['https://example.com/'], sized: uriOfSize, test: (v) => IRI.test(v) }],
  ['url', { values: ['https://example.com/'], sized: uriOfSize, test: isUrl }],
  ['uri-reference', { values: ['/example'], sized: pathOfSize, test: (v) => URI_REFERENCE.test(v) }],
  ['iri-reference', { values: ['/example'], sized: pathOfSize, test: (v) => IRI_REFERENCE.test(v) }],
  // A template without expressions is a template too, so the plain word fills the short ones.
  ['uri-template', { values: ['https://example.com/{id}'], sized: (n) => (n >= 24 ? `https://example.com/${fit(FILLER, n - 24)}{id}` : fit(FILLER, n)), test: (v) => URI_TEMPLATE.test(v) }],
  ['hostname', { values: ['example.com'], sized: hostnameOfSize, test: (v) => isHostname(v) }],
  ['idn-hostname', { values: ['example.com'], sized: hostnameOfSize, test: (v) => isHostname(v, IDN_LABEL) }],
  // Documentation ranges first (RFC 5737 here, RFC 3849 for IPv6): no one's real host. The rest
  // cover the other lengths an address can have, for fields that bound its length.
  ['ipv4', { values: ['192.0.2.1', '1.1.1.1', '10.0.0.1', '192.0.2.10', '192.0.2.100', '198.51.100.1', '198.51.100.10', '198.51.100.100', '255.255.255.255'], test: (v) => isIPv4(v) }],
  ['ipv6', { values: ['2001:db8::1'], sized: ipv6OfSize, test: (v) => isIPv6(v) && !v.includes('%') }],
  ['byte', { values: ['ZXhhbXBsZQ=='], sized: base64OfSize, test: (v) => BASE64.test(v) }],
  ['binary', PLAIN],
  ['password', PLAIN],
  ['regex', { values: ['^example$'], sized: fitted(FILLER), test: isRegex }],
  ['json-pointer', { values: ['/example'], sized: pathOfSize, test: (v) => JSON_POINTER.test(v) }],
  ['relative-json-pointer', { values: ['0'], sized: (n) => (n >= 3 ? `0/${fit(FILLER, n - 2)}` : undefined), test: (v) => RELATIVE_JSON_POINTER.test(v) }],
  // Integers sent as strings so no digit is lost.
  ['int32', { values: ['1'], sized: digitsOfSize, test: (v) => isIntegerIn(v, ...INT32) }],
  ['int64', { values: ['1'], sized: digitsOfSize, test: (v) => isIntegerIn(v, ...INT64) }],
]);

// ---------------------------------------------------------------------------------------------
// Numbers: bounds and grids in exact decimals, answers checked in binary floating point
// ---------------------------------------------------------------------------------------------

interface Bound {
  readonly value: number;
  readonly open: boolean;
}

interface Range {
  readonly lo?: Bound;
  readonly hi?: Bound;
}

/** A number written as `units / 10^scale`, exactly. */
interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const FLOAT_MAX = 3.4028234663852886e38;
const closed = (value: number): Bound => ({ value, open: false });
const FORMAT_RANGES: ReadonlyMap<string, readonly [Bound, Bound]> = new Map([
  ['int8', [closed(-128), closed(127)]],
  ['uint8', [closed(0), closed(255)]],
  ['int16', [closed(-32768), closed(32767)]],
  ['uint16', [closed(0), closed(65535)]],
  ['int32', [closed(-(2 ** 31)), closed(2 ** 31 - 1)]],
  ['uint32', [closed(0), closed(2 ** 32 - 1)]],
  // 2^63 - 1 is no double: the bound is 2^63, open.
  ['int64', [closed(-(2 ** 63)), { value: 2 ** 63, open: true }]],
  ['uint64', [closed(0), { value: 2 ** 64, open: true }]],
  ['float', [closed(-FLOAT_MAX), closed(FLOAT_MAX)]],
]);
/** How many of its neighbours are tried when a grid point's quotient is not exact in binary. */
const NEIGHBOURS = 64n;
/** Finer decimal grids than this hold no double that coarser ones lack. */
const MAX_SCALE = 400;

/** A number satisfying every rule (an integer when `integer`), or undefined when the rules admit none. */
export function numberExample(rules: NumberRules): number | undefined {
  const range = admissibleRange(rules);
  const m = rules.multipleOf;
  if (range === undefined || (m !== undefined && !(Number.isFinite(m) && m > 0))) return undefined;
  const step = gridStep(rules);
  return step === undefined ? continuousExample(range, rules) : onGrid(range, step, rules);
}

function admissibleRange(rules: NumberRules): Range | undefined {
  const given = [rules.minimum, rules.maximum, rules.exclusiveMinimum, rules.exclusiveMaximum];
  if (given.some((b) => b !== undefined && Number.isNaN(b))) return undefined;
  const format = FORMAT_RANGES.get(rules.format ?? '');
  const lo = strictest([bound(rules.minimum, false), bound(rules.exclusiveMinimum, true), format?.[0]], 1);
  const hi = strictest([bound(rules.maximum, false), bound(rules.exclusiveMaximum, true), format?.[1]], -1);
  if (lo?.value === Number.POSITIVE_INFINITY || hi?.value === Number.NEGATIVE_INFINITY) return undefined;
  if (lo !== undefined && hi !== undefined && (lo.value > hi.value || (lo.value === hi.value && (lo.open || hi.open)))) return undefined;
  return { ...(lo === undefined || !Number.isFinite(lo.value) ? {} : { lo }), ...(hi === undefined || !Number.isFinite(hi.value) ? {} : { hi }) };
}

function bound(value: number | undefined, open: boolean): Bound | undefined {
  return value === undefined ? undefined : { value, open };
}

/** The tightest lower (`sign` 1) or upper (-1) bound; at a tie the open one, which excludes more. */
function strictest(bounds: readonly (Bound | undefined)[], sign: 1 | -1): Bound | undefined {
  let best: Bound | undefined;
  for (const b of bounds) {
    if (b === undefined) continue;
    if (best === undefined || sign * (b.value - best.value) > 0 || (b.value === best.value && b.open)) best = b;
  }
  return best;
}

/** The spacing of admissible values: multipleOf, 1 for integers, the least integer multiple when both; none for a plain number. */
function gridStep(rules: NumberRules): Decimal | undefined {
  if (rules.multipleOf === undefined) return rules.integer ? { units: 1n, scale: 0 } : undefined;
  const m = toDecimal(rules.multipleOf);
  if (!rules.integer) return m;
  // n·a/10^s is an integer exactly when 10^s/gcd(a, 10^s) divides n, so the grid is a/gcd(a, 10^s).
  return { units: m.units / gcd(m.units, 10n ** BigInt(m.scale)), scale: 0 };
}

/** 1; else the bound nearest it when closed; else the first grid, coarsest first, with a point inside. */
function continuousExample(range: Range, rules: NumberRules): number | undefined {
  const { lo, hi } = range;
  const candidates = [1, lo !== undefined && !lo.open && lo.value > 0 ? lo.value : undefined, hi !== undefined && !hi.open && hi.value <= 0 ? hi.value : undefined];
  const quick = candidates.find((v) => v !== undefined && admits(v, rules, true));
  if (quick !== undefined) return quick;
  const finest = Math.min(MAX_SCALE, Math.max(scaleOf(lo), scaleOf(hi)) + 20);
  for (let scale = 0; scale <= finest; scale++) {
    const found = onGrid(range, { units: 1n, scale }, rules);
    if (found !== undefined) return found;
  }
  // A range a few doubles wide: its ends' neighbours are all there is.
  return [lo && (lo.open ? adjacent(lo.value, 1) : lo.value), hi && (hi.open ? adjacent(hi.value, -1) : hi.value)].find((v) => v !== undefined && admits(v, rules, true));
}

/**
 * The grid point nearest 1 that is admissible: 1 itself, else the least positive one, else the
 * greatest not above 0. Grid indices are exact integers (BigInt), so a decimal multipleOf like
 * 0.01 never drifts; the double sent is the nearest to the exact decimal.
 */
function onGrid(range: Range, step: Decimal, rules: NumberRules): number | undefined {
  const scale = Math.max(step.scale, scaleOf(range.lo), scaleOf(range.hi));
  const g = rescale(step, scale);
  const first = range.lo && firstIndex(rescale(toDecimal(range.lo.value), scale), g, range.lo.open);
  const last = range.hi && lastIndex(rescale(toDecimal(range.hi.value), scale), g, range.hi.open);
  if (first !== undefined && last !== undefined && first > last) return undefined;
  const within = (n: bigint): boolean => (first === undefined || n >= first) && (last === undefined || n <= last);
  const valueAt = (n: bigint): number => Number(`${n * g}e-${scale}`);
  const start = preferredIndex(first, last, g, scale, within);
  for (let k = 0n; k < NEIGHBOURS; k++) {
    for (const n of k === 0n ? [start] : [start + k, start - k]) if (within(n) && admits(valueAt(n), rules, true)) return valueAt(n);
  }
  // Every nearby multiple is one in decimal (JSON Schema's meaning) but not after binary division;
  // give the nearest, still held to the bounds and the format.
  return within(start) && admits(valueAt(start), rules, false) ? valueAt(start) : undefined;
}

function preferredIndex(first: bigint | undefined, last: bigint | undefined, g: bigint, scale: number, within: (n: bigint) => boolean): bigint {
  const one = 10n ** BigInt(scale);
  if (one % g === 0n && within(one / g)) return one / g;
  const positive = first === undefined || first < 1n ? 1n : first;
  // Not reached with both undefined: then 1's index or 1n is within.
  return last === undefined || positive <= last ? positive : last;
}

function firstIndex(lo: bigint, g: bigint, open: boolean): bigint {
  const n = ceilDiv(lo, g);
  return open && n * g === lo ? n + 1n : n;
}

function lastIndex(hi: bigint, g: bigint, open: boolean): bigint {
  const n = floorDiv(hi, g);
  return open && n * g === hi ? n - 1n : n;
}

/**
 * Whether `value` meets the rules as a validator reading doubles does. `binaryMultiple` asks that
 * value / multipleOf be an integer in floating point as well, which ajv (no multipleOfPrecision)
 * requires; a value built as n·multipleOf from exact decimals is a multiple either way.
 */
function admits(value: number, r: NumberRules, binaryMultiple: boolean): boolean {
  if (!Number.isFinite(value) || (r.integer && !Number.isInteger(value))) return false;
  const format = FORMAT_RANGES.get(r.format ?? '');
  if (format !== undefined && !(above(value, format[0]) && below(value, format[1]))) return false;
  if (r.minimum !== undefined && value < r.minimum) return false;
  if (r.maximum !== undefined && value > r.maximum) return false;
  if (r.exclusiveMinimum !== undefined && value <= r.exclusiveMinimum) return false;
  if (r.exclusiveMaximum !== undefined && value >= r.exclusiveMaximum) return false;
  return !binaryMultiple || r.multipleOf === undefined || Number.isInteger(value / r.multipleOf);
}

const above = (value: number, b: Bound): boolean => (b.open ? value > b.value : value >= b.value);
const below = (value: number, b: Bound): boolean => (b.open ? value < b.value : value <= b.value);

/** The decimal a double prints as: what the contract's author wrote, for any number JSON carries. */
function toDecimal(x: number): Decimal {
  const [mantissa = '0', exponent = '0'] = String(x).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const units = BigInt(whole + fraction);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

function scaleOf(b: Bound | undefined): number {
  return b === undefined ? 0 : toDecimal(b.value).scale;
}

function rescale(d: Decimal, scale: number): bigint {
  return d.units * 10n ** BigInt(scale - d.scale);
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n ? q + 1n : q;
}

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The next double after `x` towards +∞ (`direction` 1) or -∞ (-1). */
function adjacent(x: number, direction: 1 | -1): number {
  if (x === 0) return direction * Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  view.setBigUint64(0, x > 0 === direction > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}

// ---------------------------------------------------------------------------------------------
// Patterns: parse the regular-expression subset real APIs write, generate, and check with the engine
// ---------------------------------------------------------------------------------------------

/** A string matching an ECMAScript regular expression source (JSON Schema `pattern`, unanchored unless it says ^/$, compiled with the 'u' flag), with length within [min, max], or undefined. */
export function patternExample(pattern: string, minLength?: number, maxLength?: number): string | undefined {
  const regex = compile(pattern);
  const bounds = lengthBounds(minLength, maxLength, TEXT_LIMIT);
  if (regex === null || bounds === undefined || !usable(regex)) return undefined;
  return firstOf(patternCandidates(pattern, bounds), (value) => withinLength(value, bounds) && matches(regex, value));
}

/** Words that match many patterns the parser cannot read (lookarounds that generation ignored wrongly, say). */
const GENERIC = [FILLER, 'a', 'A', '0', 'abc123', 'A1', 'a-b', 'Example1'];

function* patternCandidates(pattern: string, bounds: Lengths): Generator<string> {
  const tree = parse(pattern);
  for (const mode of MODES) {
    const generated = tree === undefined ? undefined : generate(tree, bounds, mode);
    if (generated === undefined) continue;
    yield generated;
    yield* padded(generated, bounds);
  }
  for (const word of GENERIC) {
    yield word;
    yield fit(word, clamp(length(word), bounds.min, bounds.max));
  }
}

/** An unanchored pattern is met by a string that only contains a match: filler around it reaches minLength or clears a \B. */
function* padded(text: string, bounds: Lengths): Generator<string> {
  const pad = fit(FILLER, Math.max(1, bounds.min - length(text)));
  yield text + pad;
  yield pad + text;
}

type Node =
  | { readonly kind: 'char'; readonly first: string; readonly mixed: readonly string[] }
  | { readonly kind: 'empty' }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly options: readonly Node[] }
  | { readonly kind: 'repeat'; readonly item: Node; readonly min: number; readonly max: number }
  | { readonly kind: 'group'; readonly item: Node }
  | { readonly kind: 'backref'; readonly group: Node | undefined };

/** Assertions (^ $ \b \B) and lookarounds: zero-width; the engine's final check decides whether they hold. */
const EMPTY: Node = { kind: 'empty' };

interface Parser {
  readonly src: string;
  at: number;
  groups: number;
  /** Capturing groups already closed, by number and name: a backreference copies their text. */
  readonly closed: Map<number | string, Node>;
}

function parse(pattern: string): Node | undefined {
  try {
    const p: Parser = { src: pattern, at: 0, groups: 0, closed: new Map() };
    const tree = alternation(p);
    return p.at === pattern.length ? tree : undefined;
  } catch {
    // Unsupported syntax, or nesting deep enough to exhaust the stack.
    return undefined;
  }
}

function alternation(p: Parser): Node {
  const options = [sequence(p)];
  while (p.src[p.at] === '|') {
    p.at++;
    options.push(sequence(p));
  }
  return options.length === 1 ? (options[0] as Node) : { kind: 'alt', options };
}

function sequence(p: Parser): Node {
  const items: Node[] = [];
  while (p.at < p.src.length && p.src[p.at] !== '|' && p.src[p.at] !== ')') items.push(quantified(p, atom(p)));
  return items.length === 1 ? (items[0] as Node) : { kind: 'seq', items };
}

function next(p: { readonly src: string; at: number }): string {
  const code = p.src.codePointAt(p.at);
  if (code === undefined) throw new Error('unexpected end of pattern');
  p.at += code > 0xffff ? 2 : 1;
  return String.fromCodePoint(code);
}

function atom(p: Parser): Node {
  const c = next(p);
  switch (c) {
    case '^':
    case '$':
      return EMPTY;
    case '.':
      return charNode(/^.$/u, []);
    case '[':
      return charClass(p);
    case '(':
      return group(p);
    case '\\':
      return escape(p);
    case '*':
    case '+':
    case '?':
    case '{':
      throw new Error('quantifier without an atom');
    default:
      return literal(c);
  }
}

function quantified(p: Parser, item: Node): Node {
  const q = quantifier(p);
  return q === undefined ? item : { kind: 'repeat', item, min: q[0], max: q[1] };
}

function quantifier(p: Parser): readonly [number, number] | undefined {
  const c = p.src[p.at];
  const braces = c === '{' ? /^\{(\d+)(?:(,)(\d*))?\}/.exec(p.src.slice(p.at)) : null;
  let range: readonly [number, number];
  if (c === '?') range = [0, 1];
  else if (c === '*') range = [0, Number.POSITIVE_INFINITY];
  else if (c === '+') range = [1, Number.POSITIVE_INFINITY];
  else if (braces !== null) range = [Number(braces[1]), braces[2] === undefined ? Number(braces[1]) : braces[3] ? Number(braces[3]) : Number.POSITIVE_INFINITY];
  else return undefined;
  p.at += braces === null ? 1 : braces[0].length;
  // Lazy or greedy, a quantifier admits the same counts; generation picks its own.
  if (p.src[p.at] === '?') p.at++;
  return range;
}

function group(p: Parser): Node {
  const opening = groupOpening(p);
  const number = opening.capturing ? ++p.groups : undefined;
  const inner = alternation(p);
  if (next(p) !== ')') throw new Error('unclosed group');
  if (opening.look) return EMPTY;
  if (number === undefined) return inner;
  const node: Node = { kind: 'group', item: inner };
  p.closed.set(number, node);
  if (opening.name !== undefined) p.closed.set(opening.name, node);
  return node;
}

/** Reads what follows '(': ?: ?= ?! ?<= ?<! ?<name> or nothing (a numbered group). */
function groupOpening(p: Parser): { readonly look: boolean; readonly capturing: boolean; readonly name?: string } {
  const prefix = ['?:', '?=', '?!', '?<=', '?<!'].find((x) => p.src.startsWith(x, p.at));
  if (prefix !== undefined) {
    p.at += prefix.length;
    return { look: prefix !== '?:', capturing: false };
  }
  if (p.src.startsWith('?<', p.at)) {
    p.at++;
    return { look: false, capturing: true, name: angled(p) };
  }
  if (p.src[p.at] === '?') throw new Error('unsupported group');
  return { look: false, capturing: true };
}

/** What each class escape is shown by first. */
const CLASS_ESCAPES: Readonly<Record<string, string>> = { d: '0', D: 'a', w: 'a', W: '-', s: ' ', S: 'a' };

function escape(p: Parser): Node {
  const c = next(p);
  if (Object.hasOwn(CLASS_ESCAPES, c)) return charNode(new RegExp(`^\\${c}$`, 'u'), [CLASS_ESCAPES[c] ?? '']);
  if (c === 'p' || c === 'P') return charNode(new RegExp(`^\\${c}${braced(p)}$`, 'u'), []);
  if (c === 'b' || c === 'B') return EMPTY;
  if (c === 'k') return { kind: 'backref', group: p.closed.get(angled(p)) };
  if (c >= '1' && c <= '9') return { kind: 'backref', group: p.closed.get(Number(c + digits(p))) };
  return literal(escapedChar(p, c));
}

function braced(p: { readonly src: string; at: number }): string {
  const end = p.src.indexOf('}', p.at);
  if (p.src[p.at] !== '{' || end < 0) throw new Error('expected {…}');
  const text = p.src.slice(p.at, end + 1);
  p.at = end + 1;
  return text;
}

function angled(p: Parser): string {
  const end = p.src.indexOf('>', p.at);
  if (p.src[p.at] !== '<' || end < 0) throw new Error('expected <name>');
  const name = p.src.slice(p.at + 1, end);
  p.at = end + 1;
  return name;
}

function digits(p: Parser): string {
  const m = /^\d*/.exec(p.src.slice(p.at))?.[0] ?? '';
  p.at += m.length;
  return m;
}

const CONTROL: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', f: '\f', v: '\v', '0': '\0', b: '\b' };

/** The character an escape stands for (\b is backspace here: inside a class, where it is read so). */
function escapedChar(p: { readonly src: string; at: number }, c: string): string {
  if (c === 'u' && p.src[p.at] === '{') return String.fromCodePoint(Number.parseInt(braced(p).slice(1, -1), 16));
  if (c === 'u' || c === 'x') return hexUnits(p, c === 'u' ? 4 : 2);
  if (c === 'c') return String.fromCharCode(next(p).charCodeAt(0) % 32);
  return CONTROL[c] ?? c;
}

/** \uXXXX, joined with a following \uXXXX when the two are a surrogate pair (one code point under 'u'). */
function hexUnits(p: { readonly src: string; at: number }, size: number): string {
  const text = p.src.slice(p.at, p.at + size);
  if (!/^[0-9a-fA-F]+$/.test(text) || text.length !== size) throw new Error('bad hex escape');
  p.at += size;
  const unit = Number.parseInt(text, 16);
  const low = /^\\u(d[c-f][0-9a-f]{2})/i.exec(p.src.slice(p.at));
  if (size === 4 && unit >= 0xd800 && unit <= 0xdbff && low?.[1] !== undefined) {
    p.at += 6;
    return String.fromCharCode(unit, Number.parseInt(low[1], 16));
  }
  return String.fromCharCode(unit);
}

/**
 * A character class. The engine decides membership (negation, ranges, escapes, \p{…}) on the
 * class's own source; the parse only proposes candidates, its members in written order first.
 */
function charClass(p: Parser): Node {
  const start = p.at - 1;
  let i = p.src[p.at] === '^' ? p.at + 1 : p.at;
  for (; i < p.src.length && p.src[i] !== ']'; i++) if (p.src[i] === '\\') i++;
  if (i >= p.src.length) throw new Error('unclosed class');
  p.at = i + 1;
  return charNode(new RegExp(`^${p.src.slice(start, i + 1)}$`, 'u'), classMembers(p.src.slice(start + 1, i)));
}

function classMembers(body: string): string[] {
  const q = { src: body, at: body.startsWith('^') ? 1 : 0 };
  const members: string[] = [];
  while (q.at < body.length) {
    const c = next(q);
    if (c !== '\\') members.push(c);
    else members.push(classEscape(q, next(q)));
  }
  return members;
}

function classEscape(q: { readonly src: string; at: number }, c: string): string {
  if (c === 'p' || c === 'P') {
    braced(q);
    return '';
  }
  return CLASS_ESCAPES[c] ?? escapedChar(q, c);
}

/** Plain characters first (letters, digits, then punctuation), then some beyond ASCII, then controls. */
const PREFERRED: readonly string[] = [
  ...new Set([
    ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_. ',
    ...Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i)),
    ...'éñüßøΩЖ中あ😀',
    '\t',
    '\n',
    '\r',
    '\0',
  ]),
];

/**
 * Lower, upper, digit and symbol in turn: the second way through a pattern, for the checks it
 * makes in lookaheads the parse ignores (a password's "one of each").
 */
const MIXED: readonly string[] = Array.from({ length: 26 }, (_, i) => [
  'abcdefghijklmnopqrstuvwxyz'[i] ?? '',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[i] ?? '',
  '1234567890'[i % 10] ?? '',
  '@#$!%*?&-_.+=~^'[i % 15] ?? '',
]).flat();

/** A class's own letters and digits, then the plain characters, then its other members: [\p{L} '-] shows 'a', not ' '. */
function charNode(member: RegExp, own: readonly string[]): Node {
  const word = own.filter((c) => /^[\p{L}\p{N}]$/u.test(c));
  const first = [...word, ...PREFERRED, ...own].find((c) => c !== '' && member.test(c));
  if (first === undefined) throw new Error('a class with no character to show');
  const mixed = MIXED.filter((c) => member.test(c));
  return { kind: 'char', first, mixed: mixed.length > 0 ? mixed : [first] };
}

function literal(c: string): Node {
  return { kind: 'char', first: c, mixed: [c] };
}

// Generation: each node gets a length range to land in, so repetitions stretch toward minLength
// where there is room (the rightmost open-ended ones first) and alternatives shorten toward maxLength.

type Mode = 'first' | 'mixed';
const MODES: readonly Mode[] = ['first', 'mixed'];
/** Node visits per generation: patterns like (a?){100000000} end here instead of running on. */
const BUDGET = 200_000;

interface Stats {
  readonly min: number;
  readonly max: number;
}

interface Run {
  readonly mode: Mode;
  readonly captures: Map<Node, string>;
  readonly stats: Map<Node, Stats>;
  turn: number;
  budget: number;
}

interface Piece {
  readonly text: string;
  readonly size: number;
}

function generate(tree: Node, bounds: Lengths, mode: Mode): string | undefined {
  const run: Run = { mode, captures: new Map(), stats: new Map(), turn: 0, budget: BUDGET };
  try {
    // Too long at its shortest: no need to build it to find out.
    if (stats(tree, run).min > bounds.max) return undefined;
    return gen(tree, bounds.min, bounds.max, run).text;
  } catch {
    return undefined;
  }
}

function gen(node: Node, lo: number, hi: number, run: Run): Piece {
  if (--run.budget < 0) throw new Error('pattern too costly to generate from');
  switch (node.kind) {
    case 'char':
      return { text: run.mode === 'first' ? node.first : (node.mixed[run.turn++ % node.mixed.length] ?? node.first), size: 1 };
    case 'empty':
      return { text: '', size: 0 };
    case 'seq':
      return genSeq(node.items, lo, hi, run);
    case 'alt':
      return genAlt(node.options, lo, hi, run);
    case 'repeat':
      return genRepeat(node, lo, hi, run);
    case 'group': {
      const piece = gen(node.item, lo, hi, run);
      run.captures.set(node, piece.text);
      return piece;
    }
    case 'backref': {
      const text = (node.group && run.captures.get(node.group)) ?? '';
      return { text, size: length(text) };
    }
  }
}

/** Each item at its least unless the items after it cannot make up the rest of `lo`. */
function genSeq(items: readonly Node[], lo: number, hi: number, run: Run): Piece {
  const own = items.map((item) => stats(item, run));
  const restMin = suffixSums(own.map((s) => s.min));
  const restMax = suffixSums(own.map((s) => s.max));
  let text = '';
  let size = 0;
  items.forEach((item, i) => {
    const s = own[i] as Stats;
    const from = Math.max(s.min, lo - size - (restMax[i + 1] ?? 0));
    const to = Math.min(s.max, hi - size - (restMin[i + 1] ?? 0));
    const piece = gen(item, from, Math.max(from, to), run);
    text += piece.text;
    size += piece.size;
  });
  return { text, size };
}

function suffixSums(values: readonly number[]): number[] {
  const sums = new Array<number>(values.length + 1).fill(0);
  for (let i = values.length - 1; i >= 0; i--) sums[i] = (values[i] ?? 0) + (sums[i + 1] ?? 0);
  return sums;
}

/** The first alternative whose lengths reach the range, the first of all when none does. */
function genAlt(options: readonly Node[], lo: number, hi: number, run: Run): Piece {
  const choice = options.find((o) => stats(o, run).min <= hi && stats(o, run).max >= lo) ?? (options[0] as Node);
  const s = stats(choice, run);
  const from = Math.max(lo, s.min);
  return gen(choice, from, Math.max(from, Math.min(hi, s.max)), run);
}

function genRepeat(node: Extract<Node, { kind: 'repeat' }>, lo: number, hi: number, run: Run): Piece {
  const s = stats(node.item, run);
  const count = repetitions(node, s, lo);
  let text = '';
  let size = 0;
  for (let i = 0; i < count; i++) {
    const left = count - i - 1;
    const from = Math.max(s.min, lo - size - times(left, s.max));
    const to = Math.min(s.max, hi - size - times(left, s.min));
    const piece = gen(node.item, from, Math.max(from, to), run);
    text += piece.text;
    size += piece.size;
  }
  return { text, size };
}

/** The fewest repetitions the quantifier allows, more only when they are needed to reach `lo`. */
function repetitions(node: Extract<Node, { kind: 'repeat' }>, s: Stats, lo: number): number {
  // Repeating what is always empty adds nothing; once sets its captures.
  if (s.max === 0) return Math.min(node.min, 1);
  const needed = lo <= 0 ? 0 : Math.max(1, Math.ceil(lo / s.max));
  return Math.min(node.max, Math.max(node.min, needed));
}

/** k·x where 0·∞ is 0 (no repetitions of anything are empty). */
function times(k: number, x: number): number {
  return k === 0 || x === 0 ? 0 : k * x;
}

function stats(node: Node, run: Run): Stats {
  let s = run.stats.get(node);
  if (s === undefined) run.stats.set(node, (s = computeStats(node, run)));
  return s;
}

function computeStats(node: Node, run: Run): Stats {
  switch (node.kind) {
    case 'char':
      return { min: 1, max: 1 };
    case 'empty':
      return { min: 0, max: 0 };
    case 'seq':
      return node.items.reduce((sum, item) => ({ min: sum.min + stats(item, run).min, max: sum.max + stats(item, run).max }), { min: 0, max: 0 });
    case 'alt':
      return { min: Math.min(...node.options.map((o) => stats(o, run).min)), max: Math.max(...node.options.map((o) => stats(o, run).max)) };
    case 'repeat': {
      const s = stats(node.item, run);
      return { min: times(node.min, s.min), max: times(node.max, s.max) };
    }
    case 'group':
      return stats(node.item, run);
    case 'backref':
      // The group closed before the reference, so its stats never reach back here.
      return node.group === undefined ? { min: 0, max: 0 } : stats(node.group, run);
  }
}
