/**
 * Dates as `Date` objects (`outputs: { dates: Date }`): where values hold `date-time` and `date`
 * strings, as the plans of templates/dates.ts. The tables hold a plan per named type that holds
 * dates and name, per endpoint, the dated codec, body writer and parameter serialiser only where
 * its bodies or parameters hold one; the mocks' typed fixtures hold Dates where the plans say.
 * Nothing here runs for a package with `dates: string`, whose output stays what it was.
 */
import { dateFormatOf, knowledge, type Knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint, Field, NamedType, ResponseSpec, ResponseStream, TypeRef } from '../model/types.js';
import { mapDates, parseDate, type DateFormat, type DatePlan } from '../../templates/dates.js';
import { stringLiteral } from '../naming.js';
import type { MockFixtures, EndpointFixtures, StreamFixture } from './mock-fixtures.js';
import { MODULE, RUNTIME, typeNames } from './names.js';
import { Code, data } from './pretty.js';
import type { TsFile } from './ts-file.js';

/** A plan as the generator builds it: a named type's plan by name (its constant in the tables). */
export type PlanData =
  | DateFormat
  | { readonly ref: string }
  | { readonly fields: Readonly<Record<string, PlanData>> }
  | { readonly items: PlanData }
  | { readonly values: PlanData }
  | { readonly either: readonly PlanData[] };

/** Whether the package types and reads dates as Date objects. */
export function datesOn(contract: Contract): boolean {
  return contract.outputs.dates === 'Date';
}

/** Where values of the type hold dates; undefined where they hold none. */
export function planOf(k: Knowledge, ref: TypeRef): PlanData | undefined {
  switch (ref.kind) {
    case 'primitive':
      return dateFormatOf(ref);
    case 'named':
      return namedRef(k, ref.name);
    case 'array':
      return wrap(planOf(k, ref.items), (items) => ({ items }));
    case 'map':
      return wrap(planOf(k, ref.values), (values) => ({ values }));
    case 'object':
      return fieldsPlan(k, ref.fields);
    case 'union':
      return eitherPlan(ref.members.map((m) => planOf(k, m)));
    default:
      return undefined;
  }
}

function wrap(inner: PlanData | undefined, make: (inner: PlanData) => PlanData): PlanData | undefined {
  return inner === undefined ? undefined : make(inner);
}

/** Every field that holds dates, requests' and responses' alike (a field one direction leaves out is simply absent). */
function fieldsPlan(k: Knowledge, fields: readonly Field[]): PlanData | undefined {
  const planned = plansByName(fields.map((f) => [f.name, planOf(k, f.type)]));
  return planned === undefined ? undefined : { fields: planned };
}

/** The names whose plans are defined, as a record (keys defined, not assigned: a name may be `__proto__`); undefined when none is. */
function plansByName(plans: readonly (readonly [string, PlanData | undefined])[]): Readonly<Record<string, PlanData>> | undefined {
  const out: Record<string, PlanData> = {};
  let any = false;
  for (const [name, plan] of plans) {
    if (plan === undefined) continue;
    Object.defineProperty(out, name, { value: plan, enumerable: true, writable: true, configurable: true });
    any = true;
  }
  return any ? out : undefined;
}

/** The members that hold dates: none, one (its plan), or several, each tried in turn (a plan given twice, once). */
function eitherPlan(members: readonly (PlanData | undefined)[]): PlanData | undefined {
  const either = new Map<string, PlanData>();
  for (const m of members) if (m !== undefined) either.set(JSON.stringify(m), m);
  return either.size <= 1 ? [...either.values()][0] : { either: [...either.values()] };
}

/** A reference to a named type that holds dates: an alias of a date is the date itself, any other is its plan by name. */
function namedRef(k: Knowledge, name: string): PlanData | undefined {
  if (!k.holdsDates({ kind: 'named', name })) return undefined;
  const type = k.type(name);
  return type?.kind === 'alias' && type.type.kind === 'primitive' ? dateFormatOf(type.type) : { ref: name };
}

/** A named type's own plan: its fields', or what its alias stands for. */
export function namedPlan(k: Knowledge, type: NamedType): PlanData | undefined {
  if (type.kind === 'object') return fieldsPlan(k, type.fields);
  return type.kind === 'alias' ? planOf(k, type.type) : undefined;
}

/** Whether the tables hold a plan constant for the type: it holds dates and is no alias of a date. */
export function hasPlanConstant(k: Knowledge, type: NamedType): boolean {
  const ref = namedRef(k, type.name);
  return ref !== undefined && typeof ref !== 'string';
}

// ---------------------------------------------------------------------------------------------
// Endpoints: what each call reads and writes
// ---------------------------------------------------------------------------------------------

/** Where the JSON an endpoint reads on success holds dates: its JSON bodies, and its stream's JSON items and events. */
export function readPlan(k: Knowledge, e: Endpoint): PlanData | undefined {
  return eitherPlan(k.successResponses(e).flatMap((r) => readTypes(k, r).map((t) => planOf(k, t))));
}

/** The types the endpoint's codec parses for one success: its body where read as JSON, its stream's items, or its events' data where not text. */
function readTypes(k: Knowledge, r: ResponseSpec): TypeRef[] {
  const body = r.body !== undefined && k.responseBody(r).kind === 'json' ? [r.body] : [];
  const stream = r.stream === undefined ? [] : [r.stream.item, ...(r.stream.events ?? []).map((x) => x.type)].flatMap((t) => streamJson(k, r.stream, t) ?? []);
  return [...body, ...stream];
}

/** A stream's item or event type where the codec parses it: JSON lines and sequences always, an event's data where its type is not text. */
function streamJson(k: Knowledge, stream: ResponseStream | undefined, type: TypeRef | undefined): TypeRef | undefined {
  if (stream === undefined || type === undefined || stream.format === 'binary') return undefined;
  return stream.format === 'sse' && k.isText(type) ? undefined : type;
}

/** Where the endpoint's request body holds dates. */
export function writePlan(k: Knowledge, e: Endpoint): PlanData | undefined {
  return e.request === undefined ? undefined : planOf(k, e.request.body);
}

/** The endpoint's parameters that hold dates, by input key. */
export function paramPlans(k: Knowledge, e: Endpoint): Readonly<Record<string, PlanData>> | undefined {
  return plansByName(k.callParams(e).map((p) => [p.key, planOf(k, p.type)]));
}

// ---------------------------------------------------------------------------------------------
// The tables
// ---------------------------------------------------------------------------------------------

/** A plan as tables.ts writes it: a named type's plan behind a function (types may hold themselves), or by its name at the top of an endpoint's. */
function planValue(plan: PlanData, top = false): unknown {
  if (typeof plan === 'string') return plan;
  if ('ref' in plan) return new Code(top ? typeNames.dates(plan.ref) : `() => ${typeNames.dates(plan.ref)}`);
  if ('fields' in plan) return { fields: mapRecord(plan.fields, (p) => planValue(p)) };
  if ('items' in plan) return { items: planValue(plan.items) };
  if ('values' in plan) return { values: planValue(plan.values) };
  return { either: plan.either.map((p) => planValue(p)) };
}

function mapRecord<T, U>(record: Readonly<Record<string, T>>, f: (value: T) => U): Record<string, U> {
  const out: Record<string, U> = {};
  for (const [key, value] of Object.entries(record)) Object.defineProperty(out, key, { value: f(value), enumerable: true, writable: true, configurable: true });
  return out;
}

/** `export const OrderDates: DatePlan = { … };` for each named type that holds dates, before the endpoints that name them. */
export function emitTypePlans(file: TsFile, contract: Contract): void {
  const k = knowledge(contract);
  const planned = contract.types.filter((t) => hasPlanConstant(k, t));
  if (planned.length === 0) return;
  const type = file.useType(MODULE.runtime.dates, RUNTIME.dates.DatePlan);
  file.doc('Where each type holds dates (`date-time` and `date` strings the client reads and writes as Date objects).');
  for (const t of planned) {
    // A plan reads the types it names: those are in every section's context (output.ts).
    file.section('dates', t, () => {
      const plan = namedPlan(k, t);
      if (plan !== undefined) file.constant(typeNames.dates(t.name), type, (prefix, suffix) => data(planValue(plan), file.level, prefix, suffix).split('\n'));
    });
  }
  file.w.blankLine();
}

/**
 * Where a webhook payload holds dates, as generated code names it (a named type's plan imported
 * from the tables, each plan it names too); undefined where it holds none or dates stay strings.
 */
export function payloadPlan(file: TsFile, contract: Contract, ref: TypeRef): Code | undefined {
  if (!datesOn(contract)) return undefined;
  const plan = planOf(knowledge(contract), ref);
  if (plan === undefined) return undefined;
  for (const name of namedIn(plan)) file.use(MODULE.tables, typeNames.dates(name));
  const value = planValue(plan, true);
  if (value instanceof Code) return value;
  // A plan written in place: a private constant of its own, laid out as data.
  const name = `PAYLOAD_DATES_${payloadPlans.get(file)?.length ?? 0}`;
  const lines = (type: string) => data(value, 0, `const ${name}${type} = `, ';').split('\n');
  file.value(lines('').join('\n'), '', () => {
    file.lines(lines(`: ${file.useType(MODULE.runtime.dates, RUNTIME.dates.DatePlan)}`));
    file.w.blankLine();
  });
  payloadPlans.set(file, [...(payloadPlans.get(file) ?? []), name]);
  return new Code(name);
}

/** The private plan constants each webhooks file has declared, for their names. */
const payloadPlans = new WeakMap<TsFile, string[]>();

function namedIn(plan: PlanData, out: Set<string> = new Set()): Set<string> {
  if (typeof plan === 'string') return out;
  if ('ref' in plan) out.add(plan.ref);
  else if ('fields' in plan) for (const p of Object.values(plan.fields)) namedIn(p, out);
  else if ('items' in plan) namedIn(plan.items, out);
  else if ('values' in plan) namedIn(plan.values, out);
  else for (const p of plan.either) namedIn(p, out);
  return out;
}

/** A call of a dated factory of templates/dates.ts over a plan, marked pure so a bundle that never calls the endpoint drops its spec. */
function factoryCall(file: TsFile, name: string, plan: unknown, indent: number): Code {
  const callee = file.use(MODULE.runtime.dates, name);
  return new Code(data(plan, indent, `/* @__PURE__ */ ${callee}(`, ')'));
}

/** What an endpoint's spec names for its dates: the codec of its successes, the writer of its body, the serialiser of its parameters. */
export interface EndpointDates {
  readonly json?: Code;
  readonly write?: Code;
  readonly serialise?: Code;
}

/** The dated members of an endpoint's spec at `indent` (its members' level); none where it reads and writes no date. */
export function endpointDates(file: TsFile, k: Knowledge, e: Endpoint, indent: number): EndpointDates {
  const read = readPlan(k, e);
  const write = writePlan(k, e);
  const params = paramPlans(k, e);
  const json = k.holdsInt64(e) ? RUNTIME.dates.datedLosslessJson : RUNTIME.dates.datedJson;
  return {
    ...(read === undefined ? {} : { json: factoryCall(file, json, planValue(read, true), indent) }),
    ...(write === undefined || (e.request?.contentTypes.length ?? 0) === 0 ? {} : { write: factoryCall(file, RUNTIME.dates.datedBody, planValue(write, true), indent) }),
    // One level deeper: inside the spec's `params`.
    ...(params === undefined ? {} : { serialise: factoryCall(file, RUNTIME.dates.datedParams, mapRecord(params, (p) => planValue(p, true)), indent + 1) }),
  };
}

// ---------------------------------------------------------------------------------------------
// Types and fixtures
// ---------------------------------------------------------------------------------------------

/**
 * A type as read where the runtime does not parse its dates (an error body, a text body or event):
 * wrapped in templates/dates.ts's `WireDates`, which makes its Dates strings again. `use` imports
 * a runtime type into the file being written and gives its name there.
 */
export function wireType(contract: Contract, ref: TypeRef, text: string, use: (module: string, name: string) => string): string {
  if (!datesOn(contract) || !knowledge(contract).holdsDates(ref)) return text;
  return `${use(MODULE.runtime.dates, RUNTIME.dates.WireDates)}<${text}>`;
}

/** A named plan the generator runs: references resolved on demand (memoised, as types may hold themselves). */
function runnable(k: Knowledge, plan: PlanData, named = new Map<string, DatePlan>()): DatePlan {
  if (typeof plan === 'string') return plan;
  if ('ref' in plan) {
    return () => {
      let found = named.get(plan.ref);
      if (found === undefined) {
        const type = k.type(plan.ref);
        const own = type === undefined ? undefined : namedPlan(k, type);
        named.set(plan.ref, (found = own === undefined ? { fields: {} } : runnable(k, own, named)));
      }
      return found;
    };
  }
  if ('fields' in plan) return { fields: mapRecord(plan.fields, (p) => runnable(k, p, named)) };
  if ('items' in plan) return { items: runnable(k, plan.items, named) };
  if ('values' in plan) return { values: runnable(k, plan.values, named) };
  return { either: plan.either.map((p) => runnable(k, p, named)) };
}

/** A fixture's date string as the typed fixtures write it: `new Date('…')` (a valid date-time as toISOString writes it, so any runtime parses it). */
function dateCode(value: unknown, format: DateFormat): unknown {
  if (typeof value !== 'string') return value;
  const date = parseDate(value, format);
  const text = date === undefined || format === 'date' ? value : date.toISOString();
  return new Code(`new Date(${stringLiteral(text)})`);
}

/** `value` (an example of `ref`) with its dates as `new Date(…)` code. */
function withDates(k: Knowledge, ref: TypeRef | undefined, value: unknown): unknown {
  const plan = ref === undefined ? undefined : planOf(k, ref);
  return plan === undefined ? value : mapDates(value, runnable(k, plan), dateCode, true);
}

/** An example value of `ref` as generated code writes it: its dates as `new Date(…)` where the package types them so. */
export function datedExample(contract: Contract, ref: TypeRef, value: unknown): unknown {
  return datesOn(contract) ? withDates(knowledge(contract), ref, value) : value;
}

/**
 * The fixtures as `mocks/fixtures.ts` writes them where dates are Date objects: each success, last
 * page, stream item and error event with its dates as `new Date(…)` code, each by its own type
 * (so its values are `data()`'s, not JSON, whatever the fixture types say). The handlers send them
 * as text again (templates/dates.ts `wireFixtures`); `mocks/fixtures.json` keeps the text.
 */
export function datedFixtures(k: Knowledge, fixtures: MockFixtures): MockFixtures {
  return { ...fixtures, endpoints: fixtures.endpoints.map((e) => datedEndpoint(k, e)) };
}

function datedEndpoint(k: Knowledge, fixtures: EndpointFixtures): EndpointFixtures {
  const e = fixtures.endpoint;
  const response = k.successResponses(e)[0];
  // The success fixture is the first success's body, where the client reads it as JSON.
  const body = response === undefined || k.responseBody(response).kind !== 'json' ? undefined : response.body;
  const json = <R extends { readonly json?: unknown }>(r: R): R => (r.json === undefined ? r : { ...r, json: withDates(k, body, r.json) });
  const { lastPage, stream } = fixtures;
  return {
    ...fixtures,
    success: json(fixtures.success),
    ...(lastPage === undefined ? {} : { lastPage: json(lastPage) }),
    ...(stream === undefined ? {} : { stream: datedStream(k, e, stream) }),
  } as EndpointFixtures;
}

/** A stream fixture's items and error event with their dates as code: each event's data by its event's type, where not read as text. */
function datedStream(k: Knowledge, e: Endpoint, fixture: StreamFixture): StreamFixture {
  const stream = k.streamOf(e);
  if (stream === undefined || stream.format === 'binary') return fixture;
  const eventType = (name: unknown) => streamJson(k, stream, stream.events === undefined ? stream.item : stream.events.find((x) => x.name === name)?.type);
  const event = (item: unknown) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? { ...item, data: withDates(k, eventType((item as { event?: unknown }).event), (item as { data?: unknown }).data) } : item);
  const items = fixture.items.map((item) => (stream.format === 'sse' ? event(item) : withDates(k, streamJson(k, stream, stream.item), item)));
  const error = fixture.error === undefined ? {} : { error: { ...fixture.error, data: withDates(k, eventType(fixture.error.event), fixture.error.data) } };
  return { ...fixture, items, ...error } as StreamFixture;
}
