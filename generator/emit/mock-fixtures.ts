/**
 * The fixtures of a generated package's `mocks` entry, built from the model: a response for every
 * row of every error table (codes, messages, policy restrictions), every documented error shape
 * and every quirk, each with what the client makes of it; and a valid success response per
 * endpoint. Only the contract's facts go in; where a fixture has to assume something the contract
 * leaves out (a status, where a detail goes), its `note` says so.
 *
 * Each fixture's expectation is what the runtime decoder returns for it over the package's own
 * tables, so it is what the client returns; the rules live in the runtime alone. The tests keep an
 * independent reading of them (test/support/decode-oracle.ts) to check both sides against.
 */
import { hasPath, isRecord, readPath } from '../../templates/body.js';
import { admits, clientError, type ClientError } from '../../templates/exchange.js';
import { decodeHostError, type DecodedError } from '../../templates/decode.js';
import { DECODE_RULES } from '../../templates/decode-rules.js';
import { shapeRules } from '../../templates/shape-reader.js';
import type { ErrorTables } from '../../templates/spec.js';
import { knowledge, type Knowledge } from '../model/knowledge.js';
import type { BodyPath, Contract, Endpoint, ErrorShape, Host, JsonValue, MessageRow, ResponseHeader, ResponseSpec, ResponseStatus, ResponseStream, ShapeReadKey, StatusPattern, StreamFormat } from '../model/types.js';
import { formatStatus, statusMatches } from '../model/values.js';
import { setOwn } from '../records.js';
import { errorRules, errorTableData, hostSpec, usesDecodeRules } from './emit-tables.js';
import { EXAMPLE_TEXT, exampleValue } from './value-example.js';

// The runtime's own types: what a fixture promises is what the shipped mocks module declares.
import type { MockExpectation as Expectation, MockFixtureKind as FixtureKind } from '../../templates/mocks.js';

/** A canned response; `json` is sent as JSON, `text` as it is, neither as an empty body. */
export interface FixtureResponse {
  readonly status: number;
  readonly contentType?: string;
  readonly json?: JsonValue;
  readonly text?: string;
  readonly note?: string;
}

export interface ErrorFixture extends FixtureResponse {
  readonly kind: FixtureKind;
  readonly expect: Expectation;
}

export interface Keyed<T> {
  readonly key: string;
  readonly value: T;
}

export interface HostFixtures {
  readonly host: Host;
  readonly fixtures: readonly Keyed<ErrorFixture>[];
}

/** A streamed success (the runtime's `MockStreamFixture`): what a streaming endpoint's success handler sends, item by item. */
export interface StreamFixture {
  readonly status: number;
  readonly contentType: string;
  readonly format: StreamFormat;
  readonly headers?: Readonly<Record<string, string>>;
  readonly retryMs?: number;
  /** Events `{ event, data, id? }`, JSON items, or byte chunks as text. */
  readonly items: readonly JsonValue[];
  readonly terminator?: string;
  readonly error?: { readonly event: string; readonly data: JsonValue };
  readonly note?: string;
}

export interface EndpointFixtures {
  readonly endpoint: Endpoint;
  readonly success: FixtureResponse;
  /** A paginated endpoint's last page (no items, no next cursor): what the mocks answer a request for a following page with. */
  readonly lastPage?: FixtureResponse;
  /** A streaming endpoint's stream: what its success handler sends. */
  readonly stream?: StreamFixture;
  /** The endpoint's own error fixtures (quirks, a wrong content type). */
  readonly errors: readonly Keyed<ErrorFixture>[];
  /** Host fixtures the endpoint's rules decode differently than the host alone. */
  readonly expect: readonly Keyed<Expectation>[];
}

export interface MockFixtures {
  readonly hosts: readonly HostFixtures[];
  readonly endpoints: readonly EndpointFixtures[];
}

/** A status for messages the contract gives none for: the usual status of a validation error. */
const ASSUMED_MESSAGE_STATUS = 422;
/** A minimal, valid one-page-less PDF; ASCII, so its text is its bytes. */
const EXAMPLE_PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const NOT_THE_CONTENT = { contentType: 'text/html', text: '<!doctype html><title>Not the document</title>' } as const;
const NOT_JSON_EITHER = { contentType: 'application/json', text: '{}' } as const;

/** A media type the first of an Accept list's admits, for a fixture to answer with: `any` for any type, `image/x-example` for `image/*`. */
function concreteMedia(list: string, any = 'application/octet-stream'): string {
  const range = (list.split(',')[0] ?? '').trim();
  if (range === '*/*') return any;
  return range.endsWith('/*') ? `${range.slice(0, -1)}x-example` : range;
}

const cache = new WeakMap<Contract, MockFixtures>();

/** Built once per contract: three output files read the same fixtures. */
export function mockFixtures(contract: Contract): MockFixtures {
  let built = cache.get(contract);
  if (built === undefined) cache.set(contract, (built = build(contract)));
  return built;
}

function build(contract: Contract): MockFixtures {
  const k = knowledge(contract);
  const expect = expecter(k);
  const hosts = contract.hosts.map((host) => hostFixtures(contract, host, expect(host)));
  const byHost = new Map(hosts.map((h) => [h.host.name, h]));
  const endpoints = contract.endpoints.flatMap((endpoint) => {
    const host = byHost.get(endpoint.host);
    return host === undefined ? [] : [endpointFixtures(k, endpoint, expect(host.host, endpoint), host.fixtures)];
  });
  return { hosts, endpoints };
}

/** The fixtures as plain data: what `FIXTURES` and `mocks/fixtures.json` hold. */
export function fixtureData(fixtures: MockFixtures): unknown {
  const record = <T>(list: readonly Keyed<T>[]) => Object.fromEntries(list.map((k) => [k.key, k.value]));
  return {
    hosts: Object.fromEntries(fixtures.hosts.map((h) => [h.host.name, record(h.fixtures)])),
    endpoints: Object.fromEntries(
      fixtures.endpoints.map((e) => [
        e.endpoint.id,
        {
          method: e.endpoint.method,
          path: e.endpoint.path,
          host: e.endpoint.host,
          success: e.success,
          ...(e.lastPage === undefined ? {} : { lastPage: e.lastPage }),
          ...(e.stream === undefined ? {} : { stream: e.stream }),
          errors: record(e.errors),
          expect: record(e.expect),
        },
      ]),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Keys: readable and stable; a later fixture whose natural key is taken gets a longer one.
// ---------------------------------------------------------------------------------------------

class Keys {
  private readonly used = new Set<string>();
  constructor(taken: readonly string[] = []) {
    for (const key of taken) this.used.add(key);
  }
  claim(candidates: readonly (string | undefined)[]): string {
    const names = candidates.filter((c): c is string => c !== undefined);
    const base = names.find((c) => !this.used.has(c)) ?? names[names.length - 1] ?? 'fixture';
    let key = base;
    for (let n = 2; this.used.has(key); n++) key = `${base}:${n}`;
    this.used.add(key);
    return key;
  }
}

// ---------------------------------------------------------------------------------------------
// Host fixtures
// ---------------------------------------------------------------------------------------------

function hostFixtures(contract: Contract, host: Host, expect: Expect): HostFixtures {
  const keys = new Keys();
  return {
    host,
    fixtures: [...codeFixtures(contract, host, expect, keys), ...messageFixtures(contract, host, expect, keys), ...shapeFixtures(contract, host, expect, keys)],
  };
}

function codeFixtures(contract: Contract, host: Host, expect: Expect, keys: Keys): Keyed<ErrorFixture>[] {
  const shape = knowledge(contract).shape(host.codes.shape);
  // Without a code shape the decoder never consults the table: no response can reach a row.
  if (shape === undefined) return [];
  return host.codes.rows.flatMap((row) => {
    if (!isResponseStatus(row.status)) return [];
    const body = envelope(contract, shape, { code: row.code, kind: row.kind, status: row.status });
    const key = keys.claim([row.code, row.kind === undefined ? undefined : `${row.code}:${row.kind}`, `${row.code}:${row.status}`, `code:${row.code}:${row.status}`]);
    return [{ key, value: errorFixture(expect, 'code', row.status, body) }];
  });
}

/** The shape a host's messages arrive in: its code shape, else the first that carries text. */
function messageShape(contract: Contract, host: Host): ErrorShape | undefined {
  const carriesText = (s: ErrorShape) => textPath(s) !== undefined || (s.fieldErrors !== undefined && s.fieldErrors.field === undefined);
  const code = knowledge(contract).shape(host.codes.shape);
  if (code !== undefined && carriesText(code)) return code;
  return knowledge(contract).hostShapes(host)
    .map((name) => knowledge(contract).shape(name))
    .find((s): s is ErrorShape => s !== undefined && carriesText(s));
}

function textPath(shape: ErrorShape): ShapeReadKey | undefined {
  return (['message', 'human', 'detail'] as const).find((k) => shape.read[k] !== undefined);
}

/** One message row's response: in which shape, with which status and text. */
interface MessageCase {
  readonly shape: ErrorShape;
  readonly row: MessageRow;
  readonly status: number;
  readonly text: string;
  readonly note: string | undefined;
}

function messageFixtures(contract: Contract, host: Host, expect: Expect, keys: Keys): Keyed<ErrorFixture>[] {
  const shape = messageShape(contract, host);
  if (host.messages === undefined || shape === undefined) return [];
  return host.messages.rows.flatMap((row) => {
    const text = row.empty ? '' : row.example;
    // A row without an example has no message to send: a pattern is not a message.
    if (text === undefined) return [];
    const status = row.status ?? ASSUMED_MESSAGE_STATUS;
    const note = row.status === undefined ? `The contract gives no status for this message; ${ASSUMED_MESSAGE_STATUS} is assumed.` : undefined;
    const c: MessageCase = { shape, row, status, text, note };
    const own = { key: keys.claim([row.id, `message:${row.id}`]), value: errorFixture(expect, 'message', status, messageEnvelope(contract, c), note) };
    return [own, ...restrictionFixtures(contract, c, expect, keys)];
  });
}

/**
 * A message row's body: the text in the shape's message slot and, for a validation message (not
 * a policy's), as an unnamed field error too, which is where such messages arrive.
 */
function messageEnvelope(contract: Contract, c: MessageCase, parts: Parts = {}): JsonValue {
  const slot = textPath(c.shape);
  const fe = c.shape.fieldErrors;
  const unnamed = fe !== undefined && fe.field === undefined && (c.row.policy === undefined || slot === undefined);
  return envelope(contract, c.shape, { ...(slot === undefined ? {} : { [slot]: c.text }), ...parts, status: c.status }, unnamed ? [c.text] : []);
}

/** One fixture per restriction of a row's policy, the restriction named in a second text. */
function restrictionFixtures(contract: Contract, c: MessageCase, expect: Expect, keys: Keys): Keyed<ErrorFixture>[] {
  const policy = knowledge(contract).policy(c.row.policy);
  const slot = (['human', 'detail'] as const).find((k) => c.shape.read[k] !== undefined && k !== textPath(c.shape));
  if (policy === undefined || slot === undefined) return [];
  const why = `Which restriction applied is not shown in the contract; this fixture names it in the ${slot} text.`;
  return policy.restrictions.map((restriction) => {
    const body = messageEnvelope(contract, c, { [slot]: restriction.name });
    const key = keys.claim([`${c.row.id}:${restriction.name}`, `policy:${c.row.id}:${restriction.name}`]);
    return { key, value: errorFixture(expect, 'policy', c.status, body, joinNotes(c.note, why)) };
  });
}

/** Shapes other than the code shape, at the statuses the contract documents them with. */
function shapeFixtures(contract: Contract, host: Host, expect: Expect, keys: Keys): Keyed<ErrorFixture>[] {
  const names = knowledge(contract).hostShapes(host).filter((s) => s !== host.codes.shape);
  const seen: { shape: string; status: StatusPattern }[] = [];
  const add = (shape: string | undefined, status: StatusPattern) => {
    if (shape === undefined || !names.includes(shape) || seen.some((s) => s.shape === shape && formatStatus(s.status) === formatStatus(status))) return;
    seen.push({ shape, status });
  };
  for (const e of contract.endpoints.filter((x) => x.host === host.name)) for (const r of e.responses) if (r.isError) add(r.shape, r.status.kind === 'default' ? ANY_ERROR : r.status);
  const auth = contract.auth?.unauthorized;
  if (auth !== undefined) add(auth.shape, { kind: 'exact', status: auth.status });
  seen.sort((a, b) => names.indexOf(a.shape) - names.indexOf(b.shape));
  return seen.flatMap(({ shape: name, status: pattern }) => {
    const shape = knowledge(contract).shape(name);
    const status = representative(pattern);
    if (shape === undefined || !isResponseStatus(status)) return [];
    const key = keys.claim([name, `${name}:${status}`, `shape:${name}:${status}`]);
    return [{ key, value: errorFixture(expect, 'shape', status, envelope(contract, shape, { status }), classNote(pattern)) }];
  });
}

function errorFixture(expect: Expect, kind: FixtureKind, status: number, body: JsonValue | undefined, note?: string, emptyType?: string): ErrorFixture {
  return {
    kind,
    status,
    ...(body === undefined ? (emptyType === undefined ? {} : { contentType: emptyType }) : { contentType: 'application/json', json: body }),
    ...(note === undefined ? {} : { note }),
    expect: expect(status, body),
  };
}

// ---------------------------------------------------------------------------------------------
// Endpoint fixtures
// ---------------------------------------------------------------------------------------------

function endpointFixtures(k: Knowledge, endpoint: Endpoint, expect: Expect, hostFixtures: readonly Keyed<ErrorFixture>[]): EndpointFixtures {
  const keys = new Keys(hostFixtures.map((f) => f.key));
  const errors = [...quirkFixtures(k, endpoint, expect, keys), ...contentTypeFixture(k, endpoint, keys)];
  // Only an endpoint with rules of its own decodes a host fixture differently (most have none).
  const own = k.ownDecoding.includes(endpoint);
  const differences = own ? hostFixtures : [];
  const expected = differences.flatMap(({ key, value }) => {
    const onEndpoint = expect(value.status, value.json);
    return JSON.stringify(onEndpoint) === JSON.stringify(value.expect) ? [] : [{ key, value: onEndpoint }];
  });
  const success = successFixture(k, endpoint);
  const pages = pagedFixtures(k, endpoint, success);
  const stream = streamFixture(k, endpoint);
  return { endpoint, success: pages?.first ?? success, ...(pages === undefined ? {} : { lastPage: pages.last }), ...(stream === undefined ? {} : { stream }), errors, expect: expected };
}

/** Whether the client reads this status as a success of the endpoint (before quirks). */
function isSuccess(k: Knowledge, endpoint: Endpoint, status: number): boolean {
  // As the runtime reads it: any 2xx, documented or not; never a 1xx or 3xx.
  return status >= 200 && status < 300;
}

function quirkFixtures(k: Knowledge, endpoint: Endpoint, expect: Expect, keys: Keys): Keyed<ErrorFixture>[] {
  const host = k.host(endpoint.host);
  return endpoint.errors.quirks.flatMap((quirk) => {
    const status = representative(quirk.when.status);
    // A quirk on a success status that is no error only adds a hint the client never shows.
    const success = isSuccess(k, endpoint, status);
    if (!isResponseStatus(status) || (success && !quirk.error)) return [];
    const body = quirk.when.emptyBody || host === undefined ? undefined : hostErrorBody(k.contract, host, status);
    // A zero-byte document still says what it is meant to be.
    const read = k.successBody(endpoint);
    const emptyType = success && read.kind === 'binary' && read.contentType !== undefined ? concreteMedia(read.contentType) : undefined;
    const value = errorFixture(expect, 'quirk', status, body, classNote(quirk.when.status), emptyType);
    return [{ key: keys.claim([quirk.id, `quirk:${quirk.id}`]), value }];
  });
}

/** An error body the host sends with a status: its code row for the status, else its bare code envelope. */
function hostErrorBody(contract: Contract, host: Host, status: number): JsonValue | undefined {
  const shape = knowledge(contract).shape(host.codes.shape);
  if (shape === undefined) return undefined;
  const row = host.codes.rows.find((r) => r.status === status);
  return envelope(contract, shape, row === undefined ? { status } : { code: row.code, kind: row.kind, status });
}

/** A binary success with a declared media type: the client rejects another media type. */
function contentTypeFixture(k: Knowledge, endpoint: Endpoint, keys: Keys): Keyed<ErrorFixture>[] {
  const expected = k.successBody(endpoint).contentType;
  const response = fixtureSuccess(k, endpoint);
  if (expected === undefined || response === undefined) return [];
  const status = representative(response.status);
  if (endpoint.errors.quirks.some((q) => q.error && !q.when.emptyBody && statusMatches(q.when.status, status))) return [];
  // A range may admit every type (the any-type range): then no media type is wrong.
  const wrong = [NOT_THE_CONTENT, NOT_JSON_EITHER].find((w) => !admits(expected, w.contentType));
  if (wrong === undefined) return [];
  // The client's own error for it: the runtime decides, as for every other fixture.
  const expect = projection(clientError(endpoint.host, 'invalid_response', `expected ${expected}`, status));
  const value: ErrorFixture = { kind: 'content_type', status, ...wrong, note: `A success that is not ${expected}.`, expect };
  return [{ key: keys.claim(['wrong_content_type', 'content_type:wrong_content_type']), value }];
}

/** The success the fixtures answer with: the first 2xx the endpoint documents. */
function fixtureSuccess(k: Knowledge, endpoint: Endpoint): ResponseSpec | undefined {
  return k.successResponses(endpoint)[0];
}

function successFixture(k: Knowledge, endpoint: Endpoint): FixtureResponse {
  const response = fixtureSuccess(k, endpoint);
  // What a followed redirect's target would answer: the mocks answer it directly, as bytes.
  if (k.redirectsOnly(endpoint)) return { status: 200, contentType: 'application/octet-stream', text: EXAMPLE_TEXT, note: 'The contract lists only redirects as successes: the fixture answers as their target would, with bytes.' };
  if (response === undefined) return { status: 200 };
  const status = representative(response.status);
  const note = classNote(response.status);
  const noted = (r: FixtureResponse): FixtureResponse => (note === undefined ? r : { ...r, note });
  const body = response.body;
  if (body === undefined) return noted({ status });
  if (body.kind === 'primitive' && body.name === 'binary') {
    const contentType = concreteMedia(response.contentType ?? 'application/octet-stream');
    return noted({ status, contentType, text: contentType === 'application/pdf' ? EXAMPLE_PDF : EXAMPLE_TEXT });
  }
  const headers = headerExamples(response);
  // A text body is its text, not the JSON of a string.
  if (k.successBody(endpoint).kind === 'text') return noted({ status, contentType: concreteMedia(response.contentType ?? 'text/plain', 'text/plain'), ...headers, text: String(exampleValue(k.contract, body)) });
  return noted({ status, contentType: concreteMedia(response.contentType ?? 'application/json', 'application/json'), ...headers, json: exampleValue(k.contract, body) });
}

const HEADER_EXAMPLES: Readonly<Record<ResponseHeader['type'], string>> = { string: 'example', integer: '1', number: '1', boolean: 'true' };

function headerExamples(response: ResponseSpec): { headers?: Readonly<Record<string, string>> } {
  return response.headers.length === 0 ? {} : { headers: Object.fromEntries(response.headers.map((h) => [h.name, HEADER_EXAMPLES[h.type]])) };
}

// ---------------------------------------------------------------------------------------------
// Streams
// ---------------------------------------------------------------------------------------------

/** How many events a stream of one data type, or items a stream of lines, sequences or bytes, has. */
const STREAM_ITEMS = 3;
/** The pause a resumable stream asks for before a reconnection: short, so a test does not wait the client's default second. */
const STREAM_RETRY_MS = 10;
/** The text the error event carries where the contract gives its data no type. */
const STREAM_FAILED = 'mock: the stream failed';

/**
 * A streaming endpoint's stream: for server-sent events, one event of each declared type in the
 * contract's order (the error event aside: it ends the stream), or a few of the one data type;
 * then the terminator. A few JSON items for lines and sequences; a few chunks of text for bytes.
 * Every event or item is its type's example. A resumable stream's events carry ids, and it asks
 * for a short reconnection delay.
 */
function streamFixture(k: Knowledge, endpoint: Endpoint): StreamFixture | undefined {
  const stream = k.streamOf(endpoint);
  const response = k.successResponses(endpoint).find((r) => r.stream === stream);
  if (stream === undefined || response === undefined) return undefined;
  const error = streamError(k, endpoint, stream);
  const note = joinNotes(classNote(response.status), error?.note);
  return {
    status: representative(response.status),
    contentType: concreteMedia(stream.contentType),
    format: stream.format,
    ...headerExamples(response),
    ...(stream.resumable ? { retryMs: STREAM_RETRY_MS } : {}),
    items: streamItems(k, stream),
    ...(stream.terminator === undefined ? {} : { terminator: stream.terminator }),
    ...(error === undefined ? {} : { error: { event: error.event, data: error.data } }),
    ...(note === undefined ? {} : { note }),
  };
}

function streamItems(k: Knowledge, stream: ResponseStream): JsonValue[] {
  const example = (type: ResponseStream['item']): JsonValue => (type === undefined ? EXAMPLE_TEXT : exampleValue(k.contract, type));
  const few = <T>(make: (n: number) => T): T[] => Array.from({ length: STREAM_ITEMS }, (_, i) => make(i + 1));
  switch (stream.format) {
    case 'sse': {
      const events = stream.events?.filter((e) => e.name !== stream.errorEvent).map((e) => ({ name: e.name, type: e.type })) ?? few(() => ({ name: 'message', type: stream.item }));
      return events.map((e, i) => ({ event: e.name, data: example(e.type), ...(stream.resumable ? { id: String(i + 1) } : {}) }));
    }
    case 'binary':
      return few((n) => `${EXAMPLE_TEXT} ${n}\n`);
    default:
      return few(() => example(stream.item));
  }
}

/**
 * The error event a server-sent event stream fails with: its declared type's example, else the
 * host's error body (in the shape its messages arrive in, carrying a text), else a text.
 */
function streamError(k: Knowledge, endpoint: Endpoint, stream: ResponseStream): { event: string; data: JsonValue; note?: string } | undefined {
  const event = stream.errorEvent;
  if (event === undefined) return undefined;
  const declared = stream.events?.find((e) => e.name === event);
  if (declared !== undefined) return { event, data: exampleValue(k.contract, declared.type) };
  const host = k.host(endpoint.host);
  const shape = host === undefined ? undefined : messageShape(k.contract, host);
  const slot = shape === undefined ? undefined : textPath(shape);
  const data = shape === undefined ? STREAM_FAILED : envelope(k.contract, shape, slot === undefined ? {} : { [slot]: STREAM_FAILED });
  const body = shape === undefined ? 'a text' : `the host's error body (${shape.name})`;
  return { event, data, note: `The contract gives the '${event}' event's data no type; the fixture sends ${body}.` };
}

/**
 * A cursor, offset or page-number endpoint's first page with one item at least (and a next
 * cursor), and its last page: no items, no cursor. The mocks answer the first request with the
 * one and any following page with the other, so iterating the mocks ends after two pages.
 */
function pagedFixtures(k: Knowledge, endpoint: Endpoint, success: FixtureResponse): { first: FixtureResponse; last: FixtureResponse } | undefined {
  const p = endpoint.pagination;
  if (p === undefined || p.kind === 'link' || success.json === undefined) return undefined;
  const item = k.pageItemType(endpoint);
  const first = structuredClone(success.json) as Mutable;
  const items = p.items.length === 0 ? first : readPath(first, p.items);
  // An optional items field is absent from a required-fields-only example: the first page gets one item either way.
  if (item !== undefined && (items === undefined || (Array.isArray(items) && items.length === 0))) {
    if (Array.isArray(items)) items.push(exampleValue(k.contract, item));
    else setPath(first, p.items, [exampleValue(k.contract, item)]);
  }
  const cursor = readPath(first, p.kind === 'cursor' ? p.next : []);
  if (p.kind === 'cursor') setPath(first, p.next, typeof cursor === 'number' ? cursor + 1 : 'next-page');
  const last = (p.items.length === 0 ? [] : setPath(structuredClone(first), p.items, [])) as Mutable;
  // No cursor at all ends the walk whatever the field's type allows.
  if (p.kind === 'cursor') removePath(last, p.next);
  return { first: { ...success, json: first as JsonValue }, last: { ...success, json: last as JsonValue } };
}

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

/** A status a Fetch Response can carry. */
function isResponseStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 200 && status <= 599;
}

/** What a fixture of an error `default` response stands for: the unexpected failure, a 5xx. */
const ANY_ERROR: StatusPattern = { kind: 'class', statusClass: 5 };

/** The status a fixture uses for a pattern: the exact one, else the class's first (5XX → 500); a `default` success: 200. */
function representative(status: ResponseStatus): number {
  return status.kind === 'exact' ? status.status : status.kind === 'class' ? status.statusClass * 100 : 200;
}

function classNote(status: ResponseStatus): string | undefined {
  if (status.kind === 'default') return `The contract gives the success as default; ${representative(status)} is used.`;
  return status.kind === 'class' ? `The contract gives the status class ${formatStatus(status)}; ${representative(status)} is used.` : undefined;
}

function joinNotes(...notes: (string | undefined)[]): string | undefined {
  const kept = notes.filter((n): n is string => n !== undefined);
  return kept.length === 0 ? undefined : kept.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Bodies: envelopes and type-correct examples
// ---------------------------------------------------------------------------------------------

type Parts = Partial<Record<ShapeReadKey, JsonValue | undefined>>;
type Mutable = { [key: string]: unknown } | unknown[];


/**
 * A body of `shape`: its type's required fields, what its match demands, the given parts at the
 * shape's read paths, unnamed field errors carrying `fieldMessages`, and every mirror filled.
 */
function envelope(contract: Contract, shape: ErrorShape, parts: Parts, fieldMessages: readonly string[] = []): JsonValue {
  const typed = shape.body === undefined ? undefined : exampleValue(contract, shape.body);
  // Examples are built fresh on every call: this one is ours to fill in.
  const body = (isRecord(typed) ? typed : {}) as Mutable;
  for (const e of shape.match.equals) setPath(body, e.path, e.value);
  for (const key of Object.keys(parts) as ShapeReadKey[]) {
    const path = shape.read[key];
    const value = parts[key];
    if (path !== undefined && value !== undefined) setPath(body, path, value);
  }
  const fe = shape.fieldErrors;
  if (fe !== undefined && fieldMessages.length > 0) {
    setPath(
      body,
      fe.path,
      fieldMessages.map((message) => setPath({}, fe.message, message)),
    );
  }
  for (const m of shape.mirrors) {
    const value = readPath(body, m.source);
    if (value !== undefined) setPath(body, m.path, value);
  }
  for (const p of shape.match.present) if (!hasPath(body, p)) setPath(body, p, {});
  return body as JsonValue;
}

function removePath(root: Mutable, path: BodyPath): void {
  const parent = readPath(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (isRecord(parent) && typeof key === 'string') delete (parent as Record<string, unknown>)[key];
}

/**
 * Sets `value` at `path`, creating objects (and arrays, for index segments) on the way. Every step
 * reads and writes own properties: a path through `__proto__` (any wire name is allowed) must make
 * a key of that name, not reach Object.prototype through its accessor.
 */
function setPath(root: Mutable, path: BodyPath, value: unknown): Mutable {
  let node: Mutable = root;
  path.forEach((segment, i) => {
    const slot = node as Record<string | number, unknown>;
    if (i === path.length - 1) {
      setOwn(slot, segment, value);
      return;
    }
    const next = readPath(slot, [segment]);
    const wantArray = typeof path[i + 1] === 'number';
    if (typeof next !== 'object' || next === null || Array.isArray(next) !== wantArray) setOwn(slot, segment, wantArray ? [] : {});
    node = slot[segment] as Mutable;
  });
  return root;
}

// ---------------------------------------------------------------------------------------------
// Expectations: what the runtime decoder makes of each fixture
// ---------------------------------------------------------------------------------------------

/** What the client returns for a response of the host (or, given rules, of one endpoint). */
type Expect = (status: number, body: JsonValue | undefined) => Expectation;

/**
 * The package's own decoder over the package's own tables: a fixture promises exactly what the
 * client will return. test/support/decode-oracle.ts checks these against an independent reading.
 */
function expecter(k: Knowledge): (host: Host, endpoint?: Endpoint) => Expect {
  const data = errorTableData(k);
  const tables: ErrorTables = { ...data, shapes: shapeRules(data.shapes), ...(usesDecodeRules(k) ? { rules: DECODE_RULES } : {}) };
  const hosts = new Map(k.contract.hosts.map((h) => [h.name, hostSpec(k, h)]));
  return (host, endpoint) => {
    const spec = hosts.get(host.name) ?? hostSpec(k, host);
    const rules = endpoint === undefined ? undefined : errorRules(k, endpoint);
    // As the client hands it over: the body's text, or nothing for an empty body.
    return (status, body) => projection(decodeHostError(tables, spec, { status, body: body === undefined ? undefined : JSON.stringify(body), ...(rules === undefined ? {} : { endpoint: rules }) }));
  };
}

/** The part of a decoded error a fixture promises (`toMatchObject`): field paths only, the policy's name only. */
function projection(d: DecodedError | ClientError): Expectation {
  return {
    status: d.status,
    shape: d.shape,
    code: d.code,
    known: d.known,
    ...(d.kind === undefined ? {} : { kind: d.kind }),
    category: d.category,
    retryable: d.retryable,
    rules: d.rules,
    fields: d.fields.map((f) => ({ field: f.field })),
    ...(d.policy === undefined ? {} : { policy: { name: d.policy.name } }),
    ...(d.retry === undefined ? {} : { retry: d.retry }),
  };
}
