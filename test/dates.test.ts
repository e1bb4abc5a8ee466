/**
 * Dates as Date objects (`outputs: { dates: Date }`, test/fixtures/dates), end to end: the package
 * is generated, type-checked with a consumer's code under TypeScript 5.9 and 7 (date-time and date
 * are Date both ways; a string where a Date belongs is an error; error and text bodies keep text),
 * and called against a node:http server on 127.0.0.1. The server sends ISO strings and the client
 * gets Dates; the client sends Dates and the server receives exact ISO strings (a `date` as
 * YYYY-MM-DD, in any time zone). The mocks answer with the same Dates as text.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { http as msw } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../generator/generate.js';
import { fixture } from './support/corpus.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';

const OUT = outDir('dates');

/** A consumer's code: what the types say of every place a date stands. */
const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { Client, CreateScheduleError, Day, Event, Leave, ListEventsInput, NewSchedule, NowData, Schedule, TailEventsStreamItem, WireDates } from './index.js';
import { FIXTURES } from './mocks/index.js';

export async function read(client: Client, s: Schedule, e: Event): Promise<void> {
  expectTypeOf(s.starts).toEqualTypeOf<Date>();
  expectTypeOf(s.days).toEqualTypeOf<Date[]>();
  expectTypeOf(s.updated).toEqualTypeOf<Date | null | undefined>();
  expectTypeOf(s.slot).toEqualTypeOf<Date | number | undefined>();
  expectTypeOf(e.marks).toEqualTypeOf<Record<string, Date> | undefined>();
  expectTypeOf<Day>().toEqualTypeOf<Date>();
  expectTypeOf<TailEventsStreamItem>().toEqualTypeOf<Event>();
  // A text body is read as the server sent it.
  expectTypeOf<NowData>().toEqualTypeOf<string>();
  expectTypeOf<WireDates<{ at?: Date; days: Date[] }>>().toEqualTypeOf<{ at?: string; days: string[] }>();
  expectTypeOf(FIXTURES.endpoints.createSchedule.success.json).toEqualTypeOf<Schedule | undefined>();
  const r = await client.listEvents({ since: new Date(), on: new Date(Date.UTC(2024, 1, 29)) });
  if (r.ok) expectTypeOf(r.data[0]?.at).toEqualTypeOf<Date | undefined>();
}

export const schedule: NewSchedule = { name: 'n', starts: new Date(), days: [new Date(Date.UTC(2024, 1, 29))], reminders: [{ at: new Date() }] };
// @ts-expect-error a date-time is a Date, not its text
export const textual: NewSchedule = { name: 'n', starts: '2024-02-29T12:00:00Z', days: [] };
// @ts-expect-error a date is a Date too
export const leave: Leave = { from: '2024-02-29', until: new Date() };
// @ts-expect-error a date-time query parameter is a Date
export const query: ListEventsInput = { since: '2024-02-29T12:00:00Z' };
// @ts-expect-error a Date read is not a string
export const text: string = schedule.starts;

export function errors(error: CreateScheduleError): void {
  // An error body keeps the server's text.
  if (error.shape !== 'client' && error.status === 422 && error.body !== undefined) expectTypeOf(error.body.at).toEqualTypeOf<string | undefined>();
}
`;

interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly error?: { readonly code: string; readonly category: string; readonly message: string; readonly body?: unknown };
}
type Call = (input?: object) => Promise<Outcome>;
interface Package {
  createClient(options: object): Record<string, Call>;
}

/** What the server saw of a request. */
interface Seen {
  readonly url: URL;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}
const seen: Seen[] = [];

const EVENT = '{"id":9223372036854775807,"at":"2024-02-29T17:30:00.123456789+05:30","day":"2024-02-29","marks":{"a":"2024-01-01","b":"2024-13-01"},"note":"2024-01-01"}';
const SCHEDULE = `{"name":"s","starts":"2024-02-29t23:59:60z","days":["2024-02-29","someday"],"events":[${EVENT}],"byName":{"x":{"id":1,"at":"2024-02-29T12:00:00-08:00"}},"entries":[{"kind":"meeting","at":"2024-03-01T09:00:00.5Z"},{"kind":"holiday","day":"2024-12-25"}],"slot":"2024-02-29T12:00:00Z","updated":null,"created":"0099-01-01T00:00:00Z","parent":{"name":"p","starts":"2020-01-01T00:00:00Z","days":[],"events":[],"slot":7}}`;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ url, headers: req.headers, body });
    const json = (status: number, text: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    if (url.pathname === '/schedules') return body.includes('"refuse"') ? json(422, '{"title":"Refused.","at":"2024-02-29T12:00:00Z"}') : json(201, SCHEDULE);
    if (url.pathname === '/events') return json(200, `[${EVENT}]`);
    if (url.pathname.startsWith('/days/')) return json(200, `{"day":"${url.pathname.slice(6)}","events":[]}`);
    if (url.pathname === '/leave') return res.writeHead(204).end();
    if (url.pathname === '/events/tail') return res.writeHead(200, { 'content-type': 'application/jsonl' }).end(`${EVENT}\n{"id":2,"at":"2024-03-01T00:00:00Z"}\n`);
    if (url.pathname === '/now') return res.writeHead(200, { 'content-type': 'text/plain' }).end('2024-02-29T12:00:00Z');
    json(404, '{"title":"No such path."}');
  });
}

let under: PackageUnderTest<Package>;
const client = (): Record<string, Call> => under.pkg.createClient({ servers: { api_url: under.base }, maxRetries: 0 });
/** The call's one request, as the server saw it. */
async function sent(call: () => Promise<Outcome>): Promise<{ outcome: Outcome; request: Seen | undefined }> {
  const before = seen.length;
  const outcome = await call();
  return { outcome, request: seen.slice(before)[0] };
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(fixture('dates'), OUT, TYPE_TESTS, handle);
}, 120_000);
afterAll(() => under?.dispose());

describe('the switch changes the types, the tables and the typed fixtures, nothing the wire sees', () => {
  it('with dates: string, the same contract gives the same openapi.yaml and mocks/fixtures.json, strings in the types and no dates module', async () => {
    const file = fixture('dates');
    const text = readFileSync(file, 'utf8');
    const [on, off] = await Promise.all([render(file, text), render(file, text, { outputs: { dates: 'string' } })]);
    if (on.kind !== 'files' || off.kind !== 'files') throw new Error('the dates fixture does not render');
    for (const path of ['openapi.yaml', 'mocks/fixtures.json']) expect(on.files.get(path), path).toBe(off.files.get(path));
    expect([...off.files.keys()].filter((p) => p.includes('dates'))).toEqual([]);
    expect(off.files.get('src/types.ts')).not.toMatch(/\bDate\b/);
    expect(off.files.get('src/tables.ts')).not.toMatch(/dated|Dates/);
    expect(on.files.get('src/types.ts')).toMatch(/starts: Date;/);
  });
});

describe('the types say Date, and text where the client reads text', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

describe('the server sends ISO strings, the client gets Dates (node:http on 127.0.0.1)', () => {
  it('in a body: fields, arrays, maps, union members, a recursive type; an int64 stays exact; a string that is no date stays the string', async () => {
    const { outcome } = await sent(() => client()['createSchedule']!({ body: { name: 's', starts: new Date(0), days: [] } }));
    expect(outcome.ok, JSON.stringify(outcome.error)).toBe(true);
    const data = outcome.data as Record<string, unknown>;
    expect(data).toEqual({
      name: 's',
      // A leap second is the second after it; a fraction is cut at the millisecond.
      starts: new Date('2024-03-01T00:00:00.000Z'),
      days: [new Date('2024-02-29T00:00:00.000Z'), 'someday'],
      events: [{ id: 9223372036854775807n, at: new Date('2024-02-29T12:00:00.123Z'), day: new Date('2024-02-29T00:00:00.000Z'), marks: { a: new Date('2024-01-01T00:00:00.000Z'), b: '2024-13-01' }, note: '2024-01-01' }],
      byName: { x: { id: 1, at: new Date('2024-02-29T20:00:00.000Z') } },
      entries: [
        { kind: 'meeting', at: new Date('2024-03-01T09:00:00.500Z') },
        { kind: 'holiday', day: new Date('2024-12-25T00:00:00.000Z') },
      ],
      slot: new Date('2024-02-29T12:00:00.000Z'),
      updated: null,
      created: new Date('0099-01-01T00:00:00.000Z'),
      parent: { name: 'p', starts: new Date('2020-01-01T00:00:00.000Z'), days: [], events: [], slot: 7 },
    });
    expect((data.created as Date).getUTCFullYear()).toBe(99);
  });

  it('in a JSON-lines stream, item by item', async () => {
    const outcome = await client()['tailEvents']!();
    expect(outcome.ok).toBe(true);
    const items: unknown[] = [];
    for await (const item of outcome.data as AsyncIterable<unknown>) items.push(item);
    expect(items).toEqual([expect.objectContaining({ at: new Date('2024-02-29T12:00:00.123Z'), day: new Date('2024-02-29T00:00:00.000Z') }), { id: 2, at: new Date('2024-03-01T00:00:00.000Z') }]);
  });

  it('a text body and an error body keep the text the server sent', async () => {
    expect(await client()['now']!()).toMatchObject({ ok: true, data: '2024-02-29T12:00:00Z' });
    const { outcome } = await sent(() => client()['createSchedule']!({ body: { name: 'refuse', starts: new Date(0), days: [] } }));
    expect(outcome).toMatchObject({ ok: false, error: { message: 'Refused.', body: { title: 'Refused.', at: '2024-02-29T12:00:00Z' } } });
  });
});

describe('the client sends Dates, the server receives exact ISO strings', () => {
  it('in a JSON body: a date-time as toISOString (UTC, milliseconds), a date as its UTC day, nested and in a union member', async () => {
    const { outcome, request } = await sent(() =>
      client()['createSchedule']!({
        body: { name: 's', starts: new Date('2024-02-29T23:30:00.0015+01:00'), days: [new Date(Date.UTC(2024, 1, 29)), new Date('2024-12-31T23:59:59.999Z')], reminders: [{ at: new Date(Date.UTC(2024, 2, 1)) }], entry: { kind: 'holiday', day: new Date('2024-03-01') } },
      }),
    );
    expect(outcome.ok).toBe(true);
    expect(request?.body).toBe('{"name":"s","starts":"2024-02-29T22:30:00.001Z","days":["2024-02-29","2024-12-31"],"reminders":[{"at":"2024-03-01T00:00:00.000Z"}],"entry":{"kind":"holiday","day":"2024-03-01"}}');
  });

  it('in a form body', async () => {
    const { outcome, request } = await sent(() => client()['requestLeave']!({ body: { from: new Date(Date.UTC(2024, 1, 29)), until: new Date('2024-03-01T12:00:00+05:30'), reason: 'rest' } }));
    expect(outcome.ok).toBe(true);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.body).toBe('from=2024-02-29&until=2024-03-01T06%3A30%3A00.000Z&reason=rest');
  });

  it('in query, header and path parameters', async () => {
    const events = await sent(() => client()['listEvents']!({ since: new Date('2024-02-29T12:00:00-08:00'), on: new Date(Date.UTC(2024, 1, 29)), asOf: new Date(Date.UTC(2024, 0, 1, 0, 0, 0, 7)) }));
    expect(events.outcome.ok).toBe(true);
    expect(events.request?.url.search).toBe('?since=2024-02-29T20%3A00%3A00.000Z&on=2024-02-29');
    expect(events.request?.headers['x-as-of']).toBe('2024-01-01T00:00:00.007Z');
    const day = await sent(() => client()['getDay']!({ day: new Date(Date.UTC(2024, 1, 29)) }));
    expect(day.request?.url.pathname).toBe('/days/2024-02-29');
    expect(day.outcome.data).toEqual({ day: new Date('2024-02-29T00:00:00.000Z'), events: [] });
  });

  it("an invalid Date is refused before anything is sent, and the caller's input is left as it was", async () => {
    const input = { since: new Date('not a date') };
    const { outcome, request } = await sent(() => client()['listEvents']!(input));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_request', message: 'an invalid Date cannot be sent as a date-time' } });
    expect(request).toBeUndefined();
    const body = { name: 's', starts: new Date(Date.UTC(2024, 0, 1)), days: [new Date(Date.UTC(2024, 0, 2))] };
    await client()['createSchedule']!({ body });
    expect(body.starts).toBeInstanceOf(Date);
    expect(body.days[0]).toBeInstanceOf(Date);
  });

  it.each(['America/Los_Angeles', 'Pacific/Kiritimati'])('a date is the same day both ways in %s', async (zone) => {
    const before = process.env.TZ;
    // Node reads a change of TZ at once: the calls run in that zone.
    process.env.TZ = zone;
    try {
      expect(new Date(Date.UTC(2024, 1, 29)).getDate()).toBe(zone === 'America/Los_Angeles' ? 28 : 29);
      const day = await sent(() => client()['getDay']!({ day: new Date('2024-02-29') }));
      expect(day.request?.url.pathname).toBe('/days/2024-02-29');
      const read = (day.outcome.data as { day: Date }).day;
      expect([read.getUTCFullYear(), read.getUTCMonth(), read.getUTCDate(), read.getUTCHours()]).toEqual([2024, 1, 29, 0]);
      const leave = await sent(() => client()['requestLeave']!({ body: { from: read, until: read } }));
      expect(leave.request?.body).toBe('from=2024-02-29&until=2024-02-29T00%3A00%3A00.000Z');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('the mocks: typed fixtures hold Dates, the handlers send text', () => {
  const server = setupServer();
  const target = { servers: { api_url: 'https://calendar.mock.test' } } as const;
  interface Mocks {
    createMocks(http: typeof msw, target: object): { handlers(): Parameters<typeof server.resetHandlers> };
    FIXTURES: { endpoints: Record<string, { success: { json?: unknown }; stream?: { items: readonly unknown[] } }> };
  }
  let mocks: Mocks;
  beforeAll(async () => {
    mocks = (await import(pathToFileURL(join(OUT, 'dist', 'mocks', 'index.js')).href)) as Mocks;
    server.listen({ onUnhandledRequest: 'error' });
    server.resetHandlers(...mocks.createMocks(msw, target).handlers());
  });
  afterAll(() => server.close());

  it('a call answered by the mocks returns the fixture, Dates and all', async () => {
    const mocked = under.pkg.createClient({ ...target, maxRetries: 0 });
    const fixture = mocks.FIXTURES.endpoints['createSchedule']!.success.json as Record<string, unknown>;
    expect(fixture['starts']).toBeInstanceOf(Date);
    expect((fixture['days'] as unknown[])[0]).toEqual(new Date('2024-01-15T00:00:00.000Z'));
    expect(await mocked['createSchedule']!({ body: { name: 'n', starts: new Date(), days: [] } })).toMatchObject({ ok: true, data: fixture });
    const day = await mocked['getDay']!({ day: new Date(Date.UTC(2024, 0, 15)) });
    expect(day).toMatchObject({ ok: true, data: mocks.FIXTURES.endpoints['getDay']!.success.json });
  });

  it('the handlers send the text mocks/fixtures.json holds (a date-time to the millisecond)', async () => {
    const response = await fetch('https://calendar.mock.test/days/2024-01-15');
    expect(await response.json()).toEqual({ day: '2024-01-15', events: [{ id: 1, at: '2024-01-15T09:30:00.000Z' }] });
  });
});
