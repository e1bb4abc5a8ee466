/**
 * Dates as `Date` objects, for a package generated with `outputs: { dates: Date }`: a `date-time`
 * or `date` string the contract names is read as a Date, and a Date is written back as the string
 * its format says. Only such packages ship this module, and their tables name it only for the calls
 * whose bodies or parameters hold dates, so every other bundle leaves it out.
 *
 * Where a value holds dates is a plan (`DatePlan`), data the generated tables hold per named type
 * and per endpoint. The tables wrap what a call already runs: the endpoint's JSON codec
 * (`datedJson`: successes and stream items), its body writer (`datedBody`: JSON, form and
 * multipart bodies) and its parameter serialiser (`datedParams`). The rest of the runtime never
 * sees a plan.
 *
 * Reading is strict: a string that is not a valid RFC 3339 `date-time` (or `full-date`) stays the
 * string, never an Invalid Date, so a validator can say what is wrong with it. A `date` is UTC
 * midnight of its day and is written from the UTC getters, so it never moves a day in any time
 * zone. A `date-time` keeps milliseconds: finer digits are dropped, as a Date holds no finer.
 */
import { hasOwn, setOwn } from './body.js';
import { writeBody } from './exchange.js';
import { LOSSLESS_JSON } from './json.js';
import { serialiseParams } from './params.js';
import type { EndpointSpec, JsonCodec, ParamTable } from './spec.js';

export type DateFormat = 'date-time' | 'date';

/**
 * Where a value holds dates: the value itself (`'date-time'`, `'date'`), an object's fields, an
 * array's items, a map's values, any member of a union (each member's plan in turn), or a named
 * type's plan, behind a function because a type may hold itself.
 */
export type DatePlan =
  | DateFormat
  | (() => DatePlan)
  | { readonly fields: Readonly<Record<string, DatePlan>> }
  | { readonly items: DatePlan }
  | { readonly values: DatePlan }
  | { readonly either: readonly DatePlan[] };

/** `T` as the wire carries it: every Date a string. What an error body is, read as the server sent it. */
export type WireDates<T> = T extends Date ? string : T extends readonly (infer I)[] ? WireDates<I>[] : T extends object ? { [K in keyof T]: WireDates<T[K]> } : T;

/** A JSON codec that reads dates: its `dates` plan, kept for the mocks, which write the same bodies. */
export interface DatedJson extends JsonCodec {
  readonly dates: DatePlan;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/**
 * The Date a `date-time` (RFC 3339: `T`, `t` or a space, a fraction of any length, `Z` or an
 * offset) or a `date` (YYYY-MM-DD, read as UTC midnight) names; undefined for any other text, a
 * day the month does not have included. A leap second (23:59:60 UTC) is read as the second after
 * it, as a Date counts time without leap seconds.
 */
export function parseDate(text: string, format: DateFormat): Date | undefined {
  const m = (format === 'date' ? DATE : DATE_TIME).exec(text);
  if (m === null) return undefined;
  const part = (i: number): number => Number(m[i] ?? 0);
  const [month, day] = [part(2) - 1, part(3)];
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0–99 as 1900–1999.
  date.setUTCFullYear(part(1), month, day);
  // A month or day out of range rolls over into another: then the text named no day.
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return undefined;
  if (format === 'date') return date;
  const [hour, minute, second] = [part(4), part(5), part(6)];
  if (hour > 23 || minute > 59 || second > 60 || part(9) > 23 || part(10) > 59) return undefined;
  const offset = (m[8] === '-' ? -1 : 1) * (part(9) * 60 + part(10));
  // RFC 3339 allows second 60 only as a leap second: the last minute of a UTC day.
  if (second === 60 && (((hour * 60 + minute - offset) % 1440) + 1440) % 1440 !== 1439) return undefined;
  // The offset is taken off the minutes (setUTCHours carries over); digits past the millisecond are dropped.
  date.setUTCHours(hour, minute - offset, second, Number((m[7] ?? '').slice(0, 3).padEnd(3, '0')));
  return date;
}

/**
 * A Date as its format writes it: `toISOString()` for a `date-time`, the UTC day's YYYY-MM-DD for a
 * `date`.
 *
 * @throws TypeError for an invalid Date, or one outside the years 0000–9999 (no RFC 3339 form).
 */
export function formatDate(date: Date, format: DateFormat): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) throw new TypeError(`${Number.isNaN(year) ? 'an invalid Date' : `a Date in the year ${year}`} cannot be sent as a ${format}`);
  const text = date.toISOString();
  return format === 'date' ? text.slice(0, 10) : text;
}

/** What a plan does at a date: read a string, write a Date (or, in the generator, write a fixture). */
export type DateLeaf = (value: unknown, format: DateFormat) => unknown;

const READ: DateLeaf = (value, format) => (typeof value === 'string' ? (parseDate(value, format) ?? value) : value);
const WRITE: DateLeaf = (value, format) => (value instanceof Date ? formatDate(value, format) : value);

/**
 * `value` with the dates `plan` names read or written by `leaf`. `copy`: containers on the way to a
 * change are copied (a caller's input is never changed); else changed in place (a parsed body).
 * Anything the plan does not expect (another kind of value, a missing field) is left as it is.
 */
export function mapDates(value: unknown, plan: DatePlan, leaf: DateLeaf, copy: boolean): unknown {
  if (typeof plan === 'function') return mapDates(value, plan(), leaf, copy);
  if (typeof plan === 'string') return leaf(value, plan);
  if ('either' in plan) return plan.either.reduce((out, member) => mapDates(out, member, leaf, copy), value);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if ('items' in plan) return Array.isArray(value) ? mapItems(value, plan.items, leaf, copy) : value;
  if (Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  // An object's listed fields, or every member of a map.
  const fields = 'fields' in plan ? plan.fields : undefined;
  const every = 'values' in plan ? plan.values : undefined;
  let out = record;
  for (const name of Object.keys(fields ?? record)) {
    const inner = every ?? fields?.[name];
    if (inner === undefined || !hasOwn(record, name)) continue;
    const before = record[name];
    const after = mapDates(before, inner, leaf, copy);
    if (after === before) continue;
    if (copy && out === record) out = { ...record };
    setOwn(out, name, after);
  }
  return out;
}

function mapItems(list: unknown[], plan: DatePlan, leaf: DateLeaf, copy: boolean): unknown[] {
  let out = list;
  for (let i = 0; i < list.length; i++) {
    const after = mapDates(list[i], plan, leaf, copy);
    if (after === list[i]) continue;
    if (copy && out === list) out = list.slice();
    out[i] = after;
  }
  return out;
}

/** The plan's strings in a freshly parsed value read as Dates, in place. */
export function readDates(value: unknown, plan: DatePlan): unknown {
  return mapDates(value, plan, READ, false);
}

/**
 * A copy of `value` with the plan's Dates written as strings (a string given instead is sent as
 * it is); `value` itself is left as it was.
 *
 * @throws TypeError for an invalid Date, or one outside the years 0000–9999.
 */
export function writeDates(value: unknown, plan: DatePlan): unknown {
  return mapDates(value, plan, WRITE, true);
}

/**
 * The codec of an endpoint whose JSON successes or stream items hold dates: `base` (JSON itself
 * here) with the plan's strings read as Dates.
 * It writes as `base` does: bodies reach it with their Dates written already (`datedBody`).
 */
export function datedJson(dates: DatePlan, base: JsonCodec = JSON): DatedJson {
  return { dates, parse: (text) => readDates(base.parse(text), dates), stringify: (value) => base.stringify(value) };
}

/** datedJson over json.ts's lossless codec: for an endpoint whose bodies hold an int64 too. */
export function datedLosslessJson(dates: DatePlan): DatedJson {
  return datedJson(dates, LOSSLESS_JSON);
}

/** A body writer that knows its body's dates: the mocks read a request's body with `readDates` before checking it. */
export interface DatedBodyWriter {
  (...args: Parameters<typeof writeBody>): ReturnType<typeof writeBody>;
  readonly readDates: (value: unknown) => unknown;
}

/** exchange.ts's writeBody for an endpoint whose request body holds dates: its Dates written first, whatever the media type. */
export function datedBody(dates: DatePlan): DatedBodyWriter {
  return Object.assign((endpoint: EndpointSpec, value: unknown, chosen: string | undefined) => writeBody(endpoint, writeDates(value, dates), chosen), { readDates: (value: unknown) => readDates(value, dates) });
}

/** params.ts's serialiseParams for an endpoint with date parameters (plans by input key): their Dates written first. */
export function datedParams(dates: Readonly<Record<string, DatePlan>>): ParamTable['serialise'] {
  return (path, specs, input) => serialiseParams(path, specs, writeDates(input, { fields: dates }) as Readonly<Record<string, unknown>>);
}

/** What wireFixtures reads of a package's fixtures (mocks.ts's MockFixtureSet: a package without mocks does not ship that module). */
interface FixtureSet {
  readonly endpoints: Readonly<Record<string, EndpointFixtures>>;
}

interface EndpointFixtures {
  readonly success: { readonly status: number; readonly json?: unknown };
  readonly lastPage?: { readonly status: number; readonly json?: unknown };
  readonly stream?: { readonly items: readonly unknown[]; readonly error?: { readonly data?: unknown } };
}

/** A Date written as text where it can be (an invalid one, from a contract's example, stays: JSON writes null). */
const WIRE: DateLeaf = (value, format) => (value instanceof Date && !Number.isNaN(value.getTime()) ? WRITE(value, format) : value);

/**
 * The mocks' fixtures as the msw handlers send them: the Dates of each endpoint's success, last
 * page and stream written as text by the plan of the endpoint's codec. The typed fixtures hold
 * Dates, as the client returns them.
 */
export function wireFixtures<F extends FixtureSet>(fixtures: F, endpoints: Readonly<Record<string, EndpointSpec>>): F {
  const out: Record<string, EndpointFixtures> = {};
  for (const [id, mine] of Object.entries(fixtures.endpoints)) {
    const spec = hasOwn(endpoints, id) ? endpoints[id] : undefined;
    const dates = spec?.json !== undefined && 'dates' in spec.json ? (spec.json as DatedJson).dates : undefined;
    setOwn(out, id, dates === undefined ? mine : wireEndpoint(mine, dates, spec?.stream?.format === 'sse'));
  }
  return { ...fixtures, endpoints: out };
}

function wireEndpoint(mine: EndpointFixtures, dates: DatePlan, sse: boolean): EndpointFixtures {
  const wire = (value: unknown) => mapDates(value, dates, WIRE, true);
  const body = <R extends { readonly json?: unknown }>(r: R): R => (r.json === undefined ? r : { ...r, json: wire(r.json) });
  // An event's data holds the dates; a JSON line or sequence is the item itself.
  const item = (i: unknown) => (sse && typeof i === 'object' && i !== null ? { ...i, data: wire((i as { readonly data?: unknown }).data) } : wire(i));
  const { stream, lastPage } = mine;
  return {
    ...mine,
    success: body(mine.success),
    ...(lastPage === undefined ? {} : { lastPage: body(lastPage) }),
    ...(stream === undefined ? {} : { stream: { ...stream, items: stream.items.map(item), ...(stream.error === undefined ? {} : { error: { ...stream.error, data: wire(stream.error.data) } }) } }),
  };
}
