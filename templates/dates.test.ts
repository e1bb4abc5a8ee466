import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datedBody, datedJson, datedLosslessJson, datedParams, formatDate, parseDate, readDates, wireFixtures, writeDates, type DatePlan } from './dates.js';
import { encodeFormBody, encodeRequestBody } from './request-body.js';
import type { EndpointSpec } from './spec.js';

const iso = (text: string, format: 'date-time' | 'date' = 'date-time') => parseDate(text, format)?.toISOString();

describe('parseDate: RFC 3339 date-time', () => {
  it('reads Z and offsets, east and west, to the same instant', () => {
    expect(iso('2024-02-29T12:00:00Z')).toBe('2024-02-29T12:00:00.000Z');
    expect(iso('2024-02-29T17:30:00+05:30')).toBe('2024-02-29T12:00:00.000Z');
    expect(iso('2024-02-29T05:30:00+05:30')).toBe('2024-02-29T00:00:00.000Z');
    // An offset that moves the day (and the month, and the year) back or forward.
    expect(iso('2024-03-01T02:00:00+05:30')).toBe('2024-02-29T20:30:00.000Z');
    expect(iso('2023-12-31T23:00:00-01:00')).toBe('2024-01-01T00:00:00.000Z');
    expect(iso('2024-02-29T12:00:00-00:00')).toBe('2024-02-29T12:00:00.000Z');
  });

  it('reads a fraction of 1 to 9 digits (and more) to the millisecond, dropping finer digits', () => {
    const expected = ['100', '120', '123', '123', '123', '123', '123', '123', '123', '123'];
    for (let digits = 1; digits <= 10; digits++) {
      expect(iso(`2024-02-29T12:00:00.${'1234567899'.slice(0, digits)}Z`), `${digits} digits`).toBe(`2024-02-29T12:00:00.${expected[digits - 1]}Z`);
    }
    // Dropped, not rounded: .9999 stays in its second.
    expect(iso('2024-02-29T23:59:59.9999Z')).toBe('2024-02-29T23:59:59.999Z');
  });

  it('takes what RFC 3339 allows: t, z and a space', () => {
    expect(iso('2024-02-29t12:00:00z')).toBe('2024-02-29T12:00:00.000Z');
    expect(iso('2024-02-29 12:00:00Z')).toBe('2024-02-29T12:00:00.000Z');
  });

  it('reads 29 February in a leap year, and the years 0000 to 0099 as written (Date.UTC would read 1900 to 1999)', () => {
    expect(iso('2000-02-29T00:00:00Z')).toBe('2000-02-29T00:00:00.000Z');
    expect(iso('0000-02-29T00:00:00Z')).toBe('0000-02-29T00:00:00.000Z');
    expect(iso('0099-12-31T23:59:59Z')).toBe('0099-12-31T23:59:59.000Z');
    expect(iso('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
  });

  it('reads a leap second (23:59:60 UTC) as the second after it, as Date counts time; a second 60 anywhere else is no time', () => {
    expect(iso('2016-12-31T23:59:60Z')).toBe('2017-01-01T00:00:00.000Z');
    expect(iso('2016-12-31T23:59:60.5Z')).toBe('2017-01-01T00:00:00.500Z');
    expect(iso('2017-01-01T00:59:60+01:00')).toBe('2017-01-01T00:00:00.000Z');
    expect(iso('2016-12-31T23:59:60+01:00')).toBeUndefined();
    expect(iso('2016-12-31T12:30:60Z')).toBeUndefined();
  });

  it('names no date for any other text: never an Invalid Date', () => {
    for (const text of [
      '',
      'soon',
      '2023-02-29T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '2024-04-31T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-00-01T00:00:00Z',
      '2024-01-00T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T00:60:00Z',
      '2024-01-01T00:00:61Z',
      '2024-01-01T00:00:00',
      '2024-01-01T00:00:00.Z',
      '2024-01-01T00:00:00+24:00',
      '2024-01-01T00:00:00+05:60',
      '2024-01-01T00:00:00+0530',
      '2024-01-01',
      '24-01-01T00:00:00Z',
      '2024-1-01T00:00:00Z',
      ' 2024-01-01T00:00:00Z',
      '2024-01-01T00:00:00Z ',
      '2024-01-01T00:00:00Zjunk',
      '２０２４-01-01T00:00:00Z',
    ]) {
      expect(parseDate(text, 'date-time'), text).toBeUndefined();
    }
  });

  it('agrees with Date.parse on every date-time it can read (milliseconds, any offset)', () => {
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 999 })),
        fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 }),
        (y, mo, d, [h, mi, s, ms], offset) => {
          const zone = offset === 0 ? 'Z' : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
          const text = `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}.${pad(ms, 3)}${zone}`;
          expect(parseDate(text, 'date-time')?.getTime(), text).toBe(Date.parse(text));
        },
      ),
    );
  });
});

describe('parseDate: date', () => {
  it('reads a day as 00:00 UTC of it', () => {
    const day = parseDate('2024-02-29', 'date');
    expect(day?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect([day?.getUTCFullYear(), day?.getUTCMonth(), day?.getUTCDate()]).toEqual([2024, 1, 29]);
    expect(iso('0001-01-01', 'date')).toBe('0001-01-01T00:00:00.000Z');
  });

  it('names no date for a day the month does not have, a date-time, or other text', () => {
    for (const text of ['2023-02-29', '2024-02-30', '2024-13-01', '2024-00-10', '2024-01-32', '2024-01-01T00:00:00Z', '2024-1-1', '20240101', 'today']) {
      expect(parseDate(text, 'date'), text).toBeUndefined();
    }
  });
});

describe('formatDate', () => {
  it('writes a date-time as toISOString and a date as its UTC day', () => {
    const late = new Date('2024-02-29T23:59:59.999Z');
    expect(formatDate(late, 'date-time')).toBe('2024-02-29T23:59:59.999Z');
    expect(formatDate(late, 'date')).toBe('2024-02-29');
    expect(formatDate(new Date(Date.UTC(2024, 1, 29)), 'date')).toBe('2024-02-29');
    expect(formatDate(parseDate('0099-12-31', 'date') ?? new Date(NaN), 'date')).toBe('0099-12-31');
  });

  it('refuses an invalid Date and one past the years RFC 3339 writes, with a TypeError', () => {
    expect(() => formatDate(new Date(NaN), 'date-time')).toThrow(new TypeError('an invalid Date cannot be sent as a date-time'));
    expect(() => formatDate(new Date('+010000-01-01T00:00:00Z'), 'date')).toThrow(new TypeError('a Date in the year 10000 cannot be sent as a date'));
    expect(() => formatDate(new Date('-000001-01-01T00:00:00Z'), 'date')).toThrow(TypeError);
  });

  it('gives back the text a day or a millisecond date-time was read from', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
        const text = formatDate(date, 'date-time');
        expect(parseDate(text, 'date-time')?.getTime()).toBe(date.getTime());
        const day = formatDate(date, 'date');
        expect(formatDate(parseDate(day, 'date') ?? new Date(NaN), 'date')).toBe(day);
      }),
    );
  });
});

/** The compiled module, for child processes (npm run build writes it). */
const COMPILED = fileURLToPath(new URL('../generator/dist/templates/dates.js', import.meta.url));

describe('a date never moves a day, in any time zone', () => {
  // Each zone runs in a child process of its own: the zone is read when the process starts.
  it.each(['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Kolkata', 'UTC'])('%s', (zone) => {
    expect(existsSync(COMPILED), 'npm run build first').toBe(true);
    const script = `
      const { parseDate, formatDate } = await import(${JSON.stringify(COMPILED)});
      const out = [];
      for (let t = Date.UTC(2023, 0, 1); t <= Date.UTC(2025, 0, 1); t += 86400000) {
        const text = new Date(t).toISOString().slice(0, 10);
        const day = parseDate(text, 'date');
        if (day.getTime() !== t || formatDate(day, 'date') !== text) out.push(text);
        // A Date made in UTC, as the README says, is sent as its day.
        const made = new Date(Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8))));
        if (formatDate(made, 'date') !== text) out.push('made ' + text);
      }
      const leap = parseDate('2024-02-29', 'date');
      console.log(JSON.stringify({ wrong: out, local: leap.getDate(), offset: leap.getTimezoneOffset() }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, TZ: zone }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const result = JSON.parse(run.stdout) as { wrong: string[]; local: number; offset: number };
    expect(result.wrong).toEqual([]);
    // The zone was in effect: west of UTC, 2024-02-29 00:00 UTC is the 28th on the local clock.
    const expected = { 'America/Los_Angeles': [28, 480], 'Pacific/Kiritimati': [29, -840], 'Asia/Kolkata': [29, -330], UTC: [29, 0] }[zone];
    expect([result.local, result.offset]).toEqual(expected);
  });
});

const SCHEDULE: DatePlan = {
  fields: {
    starts: 'date-time',
    days: { items: 'date' },
    byName: { values: () => EVENT },
    entries: { items: { either: [{ fields: { at: 'date-time' } }, { fields: { day: 'date' } }] } },
    slot: { either: ['date-time', 'date'] },
    ['__proto__']: 'date',
    parent: () => SCHEDULE,
  },
};
const EVENT: DatePlan = { fields: { at: 'date-time' } };

describe('readDates and writeDates: where a plan says', () => {
  it('reads fields, items, map values, union members and a type inside itself, in place', () => {
    const value = JSON.parse(
      '{"starts":"2024-02-29T12:00:00Z","days":["2024-02-29","not a day"],"byName":{"a":{"at":"2024-01-01T00:00:00Z","other":"2024-01-01T00:00:00Z"}},"entries":[{"at":"2024-01-01T00:00:00Z"},{"day":"2024-01-02"}],"slot":"2024-01-03","__proto__":"2024-01-04","parent":{"starts":"2020-01-01T00:00:00Z","parent":{"starts":"2019-01-01T00:00:00+01:00"}},"name":"2024-01-01"}',
    ) as Record<string, unknown>;
    const read = readDates(value, SCHEDULE) as Record<string, unknown>;
    expect(read).toBe(value);
    expect(read).toEqual({
      starts: new Date('2024-02-29T12:00:00Z'),
      days: [new Date('2024-02-29T00:00:00Z'), 'not a day'],
      byName: { a: { at: new Date('2024-01-01T00:00:00Z'), other: '2024-01-01T00:00:00Z' } },
      entries: [{ at: new Date('2024-01-01T00:00:00Z') }, { day: new Date('2024-01-02T00:00:00Z') }],
      slot: new Date('2024-01-03T00:00:00Z'),
      ['__proto__']: new Date('2024-01-04T00:00:00Z'),
      parent: { starts: new Date('2020-01-01T00:00:00Z'), parent: { starts: new Date('2018-12-31T23:00:00Z') } },
      name: '2024-01-01',
    });
    // `__proto__` is an own field, read like any other; the prototype is untouched.
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual(new Date('2024-01-04T00:00:00Z'));
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
  });

  it('leaves what the plan does not expect as it is: other kinds, missing fields, invalid text', () => {
    const value = { starts: 5, days: 'x', byName: [1], entries: null, slot: 'tomorrow' };
    expect(readDates(structuredClone(value), SCHEDULE)).toEqual(value);
    expect(readDates('2024-02-30', 'date')).toBe('2024-02-30');
    expect(readDates(null, SCHEDULE)).toBeNull();
  });

  it('writes Dates as their format says into a copy, leaving the caller\'s value and its unchanged parts as they were', () => {
    const event = { at: new Date('2024-01-01T00:00:00.5Z') };
    const untouched = { note: 'x' };
    const input = { starts: new Date('2024-02-29T23:30:00+01:00'), days: [new Date(Date.UTC(2024, 1, 29)), '2024-03-01'], byName: { a: event, b: untouched }, slot: new Date(Date.UTC(2024, 0, 3)), extra: untouched };
    const written = writeDates(input, SCHEDULE) as Record<string, unknown>;
    expect(written).toEqual({ starts: '2024-02-29T22:30:00.000Z', days: ['2024-02-29', '2024-03-01'], byName: { a: { at: '2024-01-01T00:00:00.500Z' }, b: untouched }, slot: '2024-01-03T00:00:00.000Z', extra: untouched });
    expect(input.starts).toBeInstanceOf(Date);
    expect(event.at).toBeInstanceOf(Date);
    expect((written.byName as Record<string, unknown>).b).toBe(untouched);
    expect(written.extra).toBe(untouched);
    const plain = { starts: '2024-01-01T00:00:00Z', days: [] };
    expect(writeDates(plain, SCHEDULE)).toBe(plain);
  });

  it('refuses an invalid Date', () => {
    expect(() => writeDates({ starts: new Date('soon') }, SCHEDULE)).toThrow(TypeError);
  });
});

function endpoint(spec: Partial<EndpointSpec>): EndpointSpec {
  return { id: 'e', method: 'POST', path: '/e', host: 'api', security: [], idempotent: false, pathParams: [], contentTypes: ['application/json'], response: 'json', shapes: [], quirks: [], fieldPaths: [], ...spec };
}

describe('the factories the tables name', () => {
  it('datedJson reads the plan\'s dates; datedLosslessJson keeps an int64 exact beside them', () => {
    expect(datedJson(EVENT).parse('{"at":"2024-01-01T00:00:00Z"}')).toEqual({ at: new Date('2024-01-01T00:00:00Z') });
    expect(datedLosslessJson(EVENT).parse('{"id":9223372036854775807,"at":"2024-01-01T00:00:00Z"}')).toEqual({ id: 9223372036854775807n, at: new Date('2024-01-01T00:00:00Z') });
    expect(datedLosslessJson(EVENT).stringify({ id: 9223372036854775807n, at: 'x' })).toBe('{"id":9223372036854775807,"at":"x"}');
    expect(() => datedJson(EVENT).parse('{')).toThrow(SyntaxError);
  });

  it('datedBody writes the Dates of a JSON, form or multipart body', () => {
    const plan: DatePlan = { fields: { from: 'date', until: 'date-time' } };
    const body = { from: new Date(Date.UTC(2024, 1, 29)), until: new Date('2024-03-01T00:00:00Z'), reason: 'x' };
    const json = datedBody(plan)(endpoint({}), body, undefined);
    expect(json.body).toBe('{"from":"2024-02-29","until":"2024-03-01T00:00:00.000Z","reason":"x"}');
    const form = datedBody(plan)(endpoint({ contentTypes: ['application/x-www-form-urlencoded'], encode: encodeFormBody }), body, undefined);
    expect(form.body).toBe('from=2024-02-29&until=2024-03-01T00%3A00%3A00.000Z&reason=x');
    const multipart = datedBody(plan)(endpoint({ contentTypes: ['multipart/form-data'], encode: encodeRequestBody }), body, undefined);
    expect(new TextDecoder().decode(multipart.body as Uint8Array)).toContain('name="from"\r\n\r\n2024-02-29\r\n');
    expect(body.from).toBeInstanceOf(Date);
  });

  it('datedParams writes the Dates of path, query and header parameters', () => {
    const serialise = datedParams({ day: 'date', since: 'date-time', asOf: 'date-time', days: { items: 'date' } });
    const specs = [
      { name: 'day', key: 'day', in: 'path' as const },
      { name: 'since', key: 'since', in: 'query' as const },
      { name: 'days', key: 'days', in: 'query' as const },
      { name: 'X-As-Of', key: 'asOf', in: 'header' as const },
    ];
    const input = { day: new Date(Date.UTC(2024, 1, 29)), since: new Date('2024-02-29T12:00:00+05:30'), days: [new Date(Date.UTC(2024, 0, 1)), new Date(Date.UTC(2024, 0, 2))], asOf: new Date('2024-01-01T00:00:00Z') };
    const out = serialise('/days/{day}', specs, input);
    expect(out.path).toBe('/days/2024-02-29');
    expect(out.query).toBe('?since=2024-02-29T06%3A30%3A00.000Z&days=2024-01-01&days=2024-01-02');
    expect(out.headers).toEqual({ 'x-as-of': '2024-01-01T00:00:00.000Z' });
  });
});

describe('wireFixtures: the mocks send their Dates as text', () => {
  it('by the plan of each endpoint\'s codec: successes, last pages, JSON lines, events\' data and the error event', () => {
    const fixtures = {
      hosts: {},
      endpoints: {
        get: { success: { status: 200, json: { at: new Date('2024-01-01T00:00:00Z') } }, lastPage: { status: 200, json: { at: new Date('2024-01-02T00:00:00Z') } } },
        lines: { success: { status: 200 }, stream: { items: [{ at: new Date('2024-01-03T00:00:00Z') }] } },
        events: { success: { status: 200 }, stream: { items: [{ event: 'e', data: { at: new Date('2024-01-04T00:00:00Z') }, id: '1' }], error: { event: 'error', data: { at: new Date('2024-01-05T00:00:00Z') } } } },
        plain: { success: { status: 200, json: { at: 'as given' } } },
      },
    };
    const endpoints = {
      get: endpoint({ json: datedJson(EVENT) }),
      lines: endpoint({ json: datedJson(EVENT), stream: { format: 'jsonl' } }),
      events: endpoint({ json: datedJson(EVENT), stream: { format: 'sse' } }),
      plain: endpoint({}),
    };
    const wire = wireFixtures(fixtures, endpoints);
    expect(wire.endpoints.get).toEqual({ success: { status: 200, json: { at: '2024-01-01T00:00:00.000Z' } }, lastPage: { status: 200, json: { at: '2024-01-02T00:00:00.000Z' } } });
    expect(wire.endpoints.lines.stream?.items).toEqual([{ at: '2024-01-03T00:00:00.000Z' }]);
    expect(wire.endpoints.events.stream).toEqual({ items: [{ event: 'e', data: { at: '2024-01-04T00:00:00.000Z' }, id: '1' }], error: { event: 'error', data: { at: '2024-01-05T00:00:00.000Z' } } });
    expect(wire.endpoints.plain).toBe(fixtures.endpoints.plain);
    expect(fixtures.endpoints.get.success.json.at).toBeInstanceOf(Date);
  });
});
