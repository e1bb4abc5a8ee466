/**
 * The generic half of a generated package's `mocks` entry: msw request handlers that answer with
 * the contract's fixtures, on exactly the URLs the client calls (the same `buildUrl`). A streaming
 * endpoint's success is a real streamed body (server-sent events, JSON lines or sequences, bytes),
 * item by item, with a delay between items and a failure in the middle when asked.
 *
 * msw is an optional peer dependency and the package never imports it: the caller passes msw's
 * `http` in, typed here by the little of it the handlers use. So the package compiles without
 * msw installed, and the handlers are always built by the caller's own copy of msw, the one its
 * server runs.
 */
import { isRecord } from './body.js';
import { buildUrl, type RuntimeOptions } from './exchange.js';
import { stringifyJson } from './json.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';
import type { ParamSpec } from './params.js';
import type { StreamEvent, StreamSpec } from './stream.js';
import type { ClientRuntimeOptions } from './base-client.js';
import type { Validator } from './validate.js';

export type MockMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** msw's handler options: `once` answers one request, then falls through to the next handler. */
export interface MockHandlerOptions {
  readonly once?: boolean;
  /**
   * Answer 400 with the issues when a JSON request body is not of its type (the target's
   * `validators` check it; default: the target's `validateRequests`).
   */
  readonly validateRequests?: boolean;
}

/** The part of msw's resolver argument the handlers read. */
export interface MockRequestInfo {
  readonly request: Request;
}

/** The part of msw's `http` the mocks use: one route builder per method. */
export type HttpLike<Handler> = {
  readonly [M in MockMethod]: (path: string, resolver: (info: MockRequestInfo) => Response | Promise<Response>, options?: { readonly once?: boolean }) => Handler;
};

/** A canned HTTP response. */
export interface MockResponse {
  readonly status: number;
  readonly contentType?: string;
  /** A JSON body. */
  readonly json?: unknown;
  /** A text body (the example PDF is ASCII text). Neither `json` nor `text`: an empty body. */
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What the client returns for a fixture: part of its error, for `expect(error).toMatchObject(...)`.
 * `fields` lists the field paths only; `policy` its name only.
 */
export interface MockExpectation {
  readonly status: number;
  readonly shape: string;
  readonly code: string;
  readonly known: boolean;
  readonly kind?: string;
  readonly category: string;
  readonly retryable: boolean;
  readonly rules: readonly string[];
  readonly fields: readonly { readonly field: string }[];
  readonly policy?: { readonly name: string };
  readonly retry?: 'once_then_support';
}

/** Where a fixture comes from: a code row, a message row, a policy restriction, a shape, a quirk, a content-type check. */
export type MockFixtureKind = 'code' | 'message' | 'policy' | 'shape' | 'quirk' | 'content_type';

export interface MockErrorFixture extends MockResponse {
  readonly kind: MockFixtureKind;
  /** What the fixture assumes that the contract does not say (a status, where a detail goes). */
  readonly note?: string;
  /** What the client returns for it; on an endpoint, see the endpoint's `expect` first. */
  readonly expect: MockExpectation;
}

export interface MockSuccessFixture<Data = unknown> extends MockResponse {
  readonly json?: Data;
  readonly note?: string;
}

/** A host's error fixtures by key. */
export type MockHostFixtures<Key extends string = string> = Readonly<Record<Key, MockErrorFixture>>;

/** An endpoint's fixtures; `Key` is every key its `error` accepts, the host's (`HostKey`) included. */
export interface MockEndpointFixtures<Data = unknown, HostKey extends string = string, Key extends string = string> {
  readonly method: string;
  readonly path: string;
  readonly host: string;
  readonly success: MockSuccessFixture<Data>;
  /** A paginated endpoint's last page: the success handler's answer to a request for any page after the first. */
  readonly lastPage?: MockSuccessFixture<Data>;
  /** The endpoint's own error responses: its quirks, a wrong content type. */
  readonly errors: Readonly<Record<Exclude<Key, HostKey>, MockErrorFixture>>;
  /**
   * Host fixtures this endpoint's rules (quirks, shapes, fields) decode differently, by key. A record
   * of some keys, not `Partial<Record<HostKey, …>>`: TypeScript reads a key such a record leaves out
   * as Object's member of that name, so one without a `constructor` fixture would not be of the type.
   */
  readonly expect: Readonly<Record<string, MockExpectation>>;
}

/**
 * One item of a stream fixture, for a stream of the client's `Item`s: an event whose `id` is
 * optional (server-sent events), a chunk as text or bytes (a byte stream), else the item itself
 * (JSON lines and sequences).
 */
export type MockStreamItem<Item> = Item extends Uint8Array ? MockStreamChunk : Item extends StreamEvent<infer Name, infer Data> ? MockStreamEvent<Name, Data> : Item;

/** One server-sent event of a stream fixture: `data` is sent as JSON where the contract's type for it is not text. */
export interface MockStreamEvent<Name extends string = string, Data = unknown> {
  readonly event: Name;
  readonly data: Data;
  /** Sent as the event's `id` field (a resumable stream's events have one); the client's `event.id` is the last one sent. */
  readonly id?: string;
}

/** One chunk of a byte stream fixture: text (sent as UTF-8) or bytes. */
export type MockStreamChunk = string | Uint8Array;

/** The event a server-sent event stream reports a failure with (the contract's `error` event). */
export interface MockStreamErrorEvent {
  readonly event: string;
  /** Sent as JSON, or as it is when text. */
  readonly data: unknown;
}

/** A streamed success: what the success handler of a streaming endpoint sends, item by item. */
export interface MockStreamFixture<Item = unknown> {
  readonly status: number;
  readonly contentType: string;
  readonly format: StreamSpec['format'];
  readonly headers?: Readonly<Record<string, string>>;
  /** Server-sent events: the `retry` field sent first, so a client resumes without waiting long. */
  readonly retryMs?: number;
  /** What the stream carries, in order: events, JSON items or byte chunks. */
  readonly items: readonly Item[];
  /** Server-sent events: the data sent after the last item (the contract's terminator, `[DONE]`). */
  readonly terminator?: string;
  /** Server-sent events: what `failWith: 'error'` sends (the contract's error event). */
  readonly error?: MockStreamErrorEvent;
  readonly note?: string;
}

/** A streaming endpoint's success handler: what it streams, how fast, and where it fails. */
export interface MockStreamOptions<Item = unknown> extends MockHandlerOptions {
  /** The items to stream instead of the fixture's. */
  readonly items?: readonly Item[];
  /** Milliseconds between two items (and before the terminator or the failure); the first item goes at once. */
  readonly delayMs?: number;
  /** Ends the stream after this many items with the failure `failWith` says, instead of its end or terminator. */
  readonly failAfter?: number;
  /**
   * `error`: the contract's error event (server-sent events that declare one); `drop`: the
   * connection drops (the body errors). Default: `error` where the stream has an error event, else
   * `drop`. Without `failAfter`, the failure comes after every item.
   */
  readonly failWith?: 'error' | 'drop';
  /** The error event's data instead of the fixture's. */
  readonly errorData?: unknown;
}

/** A streaming endpoint's fixtures: besides the others, the stream its success handler sends. */
export interface MockStreamEndpointFixtures<Data = unknown, HostKey extends string = string, Key extends string = string, Item = unknown> extends MockEndpointFixtures<Data, HostKey, Key> {
  readonly stream: MockStreamFixture<MockStreamItem<Item>>;
}

/** An endpoint's fixtures, as the generic code reads them. */
export interface MockEndpointData {
  readonly success: MockResponse;
  readonly lastPage?: MockResponse;
  readonly stream?: MockStreamFixture;
  readonly errors: MockHostFixtures;
  readonly expect: Readonly<Record<string, MockExpectation | undefined>>;
}

/** Every fixture of a package, as the generic code reads them. */
export interface MockFixtureSet {
  readonly hosts: Readonly<Record<string, MockHostFixtures>>;
  readonly endpoints: Readonly<Record<string, MockEndpointData>>;
}

/** Where the mocked APIs answer: the options the client is created with (its environment, server variables and base URLs). */
export type MockTargetOptions = RuntimeOptions & Pick<ClientRuntimeOptions, 'validators' | 'validateRequests'>;

/** msw handlers for one endpoint. */
export interface EndpointMocks<Handler, Key extends string = string> {
  readonly method: MockMethod;
  /** The URL the handlers match, path parameters as msw `:name` segments. */
  readonly url: string;
  /** Every key `error` accepts: the host's fixtures, then the endpoint's own. */
  readonly keys: readonly Key[];
  /** Answers with the contract's success response. */
  success(options?: MockHandlerOptions): Handler;
  /** Answers with an error fixture. */
  error(key: Key, options?: MockHandlerOptions): Handler;
  /** Answers with any response. */
  respond(response: MockResponse, options?: MockHandlerOptions): Handler;
  fixture(key: Key): MockErrorFixture;
  /** What the client returns for `error(key)` on this endpoint. */
  expected(key: Key): MockExpectation;
}

/** msw handlers for a streaming endpoint: `success` streams its stream fixture. */
export interface StreamEndpointMocks<Handler, Key extends string = string, Item = unknown> extends EndpointMocks<Handler, Key> {
  /** Answers with the stream fixture, item by item: `{ delayMs, failAfter, failWith, items }` shape it. */
  success(options?: MockStreamOptions<MockStreamItem<Item>>): Handler;
  /** What `success` streams. */
  readonly streamFixture: MockStreamFixture<MockStreamItem<Item>>;
}

export interface MockApi<Handler, Keys> {
  endpoint<Id extends keyof Keys & string>(id: Id): EndpointMocks<Handler, Keys[Id] & string>;
  /** A streaming endpoint's mocks; `Item` is its stream's item type (the client's). */
  streamEndpoint<Id extends keyof Keys & string, Item>(id: Id): StreamEndpointMocks<Handler, Keys[Id] & string, Item>;
  /** The success handler of every endpoint. */
  handlers(): Handler[];
}

export interface MockRuntimeSpec extends RuntimeSpec {
  readonly endpoints: Readonly<Record<string, EndpointSpec>>;
}

// Statuses whose responses carry no body (the Response constructor rejects one).
const NULL_BODY_STATUSES: readonly number[] = [101, 204, 205, 304];

/** A fresh Response per request: a body can be read once. */
export function mockResponse(response: MockResponse): Response {
  const headers = new Headers(response.headers);
  if (response.contentType !== undefined) headers.set('content-type', response.contentType);
  // As the client writes JSON: an int64 given as a bigint is answered with its exact digits.
  const text = response.json !== undefined ? stringifyJson(response.json) : response.text;
  const body = text === undefined || text === '' || NULL_BODY_STATUSES.includes(response.status) ? null : text;
  return new Response(body, { status: response.status, headers });
}

/** The msw URL of an endpoint: the client's own URL building, with `:name` for each path parameter. */
export function mockUrl(spec: RuntimeSpec, target: MockTargetOptions, endpoint: EndpointSpec): string {
  // msw reads `:name` up to the first character that is not a word character: others get `:p0`, `:p1`, …
  let n = 0;
  const path = endpoint.path.replace(/\{([^{}]*)\}/g, (_, name: string) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `:${name}` : `:p${n++}`));
  return buildUrl(spec, target, { ...endpoint, path }, undefined);
}

/**
 * A request without a required query parameter, header or cookie gets a 400 naming it, as a server
 * that validates its input would: code under test that forgets one (a hand-written call, another
 * client) fails against the mocks, not first in production. A query parameter is there when its
 * name is, or a `name[…]` key (deepObject); a required form-exploded object, sent as its own keys,
 * is not checked.
 */
function unmet(endpoint: EndpointSpec, request: Request): Response | undefined {
  const specs = paramSpecs(endpoint);
  if (specs.length === 0) return undefined;
  const url = new URL(request.url);
  const cookies = (request.headers.get('cookie') ?? '').split(';').map((c) => (c.includes('=') ? c.slice(0, c.indexOf('=')) : c).trim());
  for (const p of specs) {
    if (p.required !== true || p.in === 'path' || p.ownKeys === true) continue;
    if (p.in === 'query' && hasQuery(url.searchParams, p.name)) continue;
    if (p.in === 'header' && request.headers.has(p.name)) continue;
    if (p.in === 'cookie' && cookies.includes(p.name)) continue;
    return mockResponse({ status: 400, contentType: 'text/plain', text: `mock: required ${p.in} parameter '${p.name}' is missing` });
  }
  return undefined;
}

/** The name, or a `name[…]` key; forEach, not keys(): the package's lib has no DOM.Iterable. */
function hasQuery(query: URLSearchParams, name: string): boolean {
  let found = false;
  query.forEach((_, key) => {
    found ||= key === name || key.startsWith(`${name}[`);
  });
  return found;
}

/** The endpoint's parameters, from its table, or as specs when the exchange writes them itself (plain query parameters). */
function paramSpecs(endpoint: EndpointSpec): readonly ParamSpec[] {
  return endpoint.params?.specs ?? (endpoint.queryParams ?? []).map((q): ParamSpec => ({ name: q.name, key: q.name, in: 'query', ...(q.required === true ? { required: true } : {}) }));
}

/** Whether a request asks for a page after the first: a cursor, an offset above 0, a page number past the first. */
function followsFirstPage(endpoint: EndpointSpec, request: Request): boolean {
  const paging = endpoint.pagination;
  if (paging === undefined || paging.kind === 'link') return false;
  const param = paramSpecs(endpoint).find((p) => p.key === paging.param);
  if (param === undefined) return false;
  const value = param.in === 'header' ? request.headers.get(param.name) : new URL(request.url).searchParams.get(param.name);
  if (value === null || value === '') return false;
  if (paging.kind === 'cursor') return true;
  return Number(value) > (paging.kind === 'page' ? (paging.start ?? 1) : 0);
}

const own = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

function lookup<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return own(record, key) ? record[key] : undefined;
}

/**
 * The generated `createMocks`' engine. `Keys` maps each operation id to its fixture keys (the
 * generated `FixtureKeys`); `endpoint(id)` narrows to them.
 */
export function mockApi<Handler, Keys>(http: HttpLike<Handler>, spec: MockRuntimeSpec, fixtures: MockFixtureSet, target: MockTargetOptions): MockApi<Handler, Keys> {
  const endpoint = (id: string) => endpointMocks(http, spec, fixtures, target, id);
  return {
    // The keys are the generated fixtures' own, which `Keys` names: the cast only narrows them.
    endpoint: <Id extends keyof Keys & string>(id: Id) => endpoint(id) as EndpointMocks<Handler, Keys[Id] & string>,
    // The generated fixtures' items are of the stream's type, which `Item` names.
    streamEndpoint: <Id extends keyof Keys & string, Item>(id: Id) => endpoint(id) as StreamEndpointMocks<Handler, Keys[Id] & string, Item>,
    handlers: () => Object.keys(fixtures.endpoints).map((id) => endpoint(id).success()),
  };
}

function endpointMocks<Handler>(http: HttpLike<Handler>, spec: MockRuntimeSpec, fixtures: MockFixtureSet, target: MockTargetOptions, id: string): EndpointMocks<Handler> | StreamEndpointMocks<Handler> {
  const endpoint = lookup(spec.endpoints, id);
  const mine = lookup(fixtures.endpoints, id);
  if (endpoint === undefined || mine === undefined) throw new TypeError(`unknown endpoint '${id}'`);
  const hostFixtures = lookup(fixtures.hosts, endpoint.host) ?? {};
  // The contract allows exactly the methods msw's `http` has.
  const method = endpoint.method.toLowerCase() as MockMethod;
  const url = mockUrl(spec, target, endpoint);
  const fixture = (key: string): MockErrorFixture => {
    const found = lookup(mine.errors, key) ?? lookup(hostFixtures, key);
    if (found === undefined) throw new TypeError(`no fixture '${key}' for ${id}`);
    return found;
  };
  // The request body's validator, where the handler is asked to check it.
  const checker = (options: MockHandlerOptions | undefined) => ((options?.validateRequests ?? target.validateRequests) === true ? lookup(target.validators?.endpoints ?? {}, id)?.body : undefined);
  const answer = (options: MockHandlerOptions | undefined, reply: (request: Request) => Response): Handler => {
    const check = checker(options);
    const once = options?.once === undefined ? undefined : { once: options.once };
    if (check === undefined) return http[method](url, ({ request }) => unmet(endpoint, request) ?? reply(request), once);
    // A package with dates as Date objects checks them as Dates: the request's text is read as the client would have written it.
    const dated = (endpoint.write as { readonly readDates?: (value: unknown) => unknown } | undefined)?.readDates;
    return http[method](url, async ({ request }) => unmet(endpoint, request) ?? (await refusedBody(check, request, dated)) ?? reply(request), once);
  };
  const respond = (response: MockResponse, options?: MockHandlerOptions): Handler => answer(options, () => mockResponse(response));
  const stream = mine.stream;
  const mocks: EndpointMocks<Handler> = {
    method,
    url,
    keys: [...Object.keys(hostFixtures), ...Object.keys(mine.errors)],
    success: (options) => {
      if (stream !== undefined) return streamHandler(http, method, url, endpoint, stream, options ?? {}, id);
      const last = mine.lastPage;
      if (last === undefined) return respond(mine.success, options);
      return answer(options, (request) => mockResponse(followsFirstPage(endpoint, request) ? last : mine.success));
    },
    error: (key, options) => respond(fixture(key), options),
    respond,
    fixture,
    expected: (key) => lookup(mine.expect, key) ?? fixture(key).expect,
  };
  return stream === undefined ? mocks : { ...mocks, streamFixture: stream };
}

// ---------------------------------------------------------------------------------------------
// Streamed successes
// ---------------------------------------------------------------------------------------------

/** A step of a stream's body: text or bytes to send, or the connection dropping. */
type StreamStep = string | Uint8Array | typeof DROP;

const DROP = Symbol('drop');
const UTF8 = new TextEncoder();

/** What one streaming handler sends: its items, the pause between two, and how it fails (`error` undefined: the connection drops). */
interface StreamPlan {
  readonly items: readonly unknown[];
  readonly delayMs: number;
  readonly failure?: { readonly after: number | undefined; readonly error: MockStreamErrorEvent | undefined };
}

/** The success handler of a streaming endpoint; its options are checked when it is made, as a fixture key is. */
function streamHandler<Handler>(http: HttpLike<Handler>, method: MockMethod, url: string, endpoint: EndpointSpec, stream: MockStreamFixture, options: MockStreamOptions, id: string): Handler {
  const { delayMs = 0, failAfter, failWith } = options;
  if (!(typeof delayMs === 'number' && delayMs >= 0 && delayMs <= MAX_DELAY_MS)) throw new TypeError(`${id}: delayMs must be a number of milliseconds, not ${String(delayMs)}`);
  if (failAfter !== undefined && !(Number.isInteger(failAfter) && failAfter >= 0)) throw new TypeError(`${id}: failAfter must be a count of items, not ${String(failAfter)}`);
  const error = (failWith ?? (stream.error === undefined ? 'drop' : 'error')) === 'error' ? stream.error : undefined;
  if (failWith === 'error' && error === undefined) throw new TypeError(`${id}: the stream has no error event to fail with ('drop' drops the connection)`);
  const fails = failAfter !== undefined || failWith !== undefined;
  const plan: StreamPlan = {
    items: options.items ?? stream.items,
    delayMs,
    ...(fails ? { failure: { after: failAfter, error: error === undefined ? undefined : { event: error.event, data: options.errorData ?? error.data } } } : {}),
  };
  return http[method](url, ({ request }) => unmet(endpoint, request) ?? streamResponse(endpoint, stream, plan, request), options.once === undefined ? undefined : { once: options.once });
}

/**
 * A 400 listing the issues of a JSON request body that is not of its type (a body that is not
 * JSON at all, too); undefined for a valid one, no body, or a body of another media type.
 */
async function refusedBody(check: Validator<unknown>, request: Request, dated?: (value: unknown) => unknown): Promise<Response | undefined> {
  const media = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (media !== 'application/json' && !media.endsWith('+json')) return undefined;
  const text = await request.clone().text();
  if (text === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return mockResponse({ status: 400, contentType: 'application/json', json: { message: 'mock: the request body is not JSON', issues: [] } });
  }
  const issues = check.issues(dated === undefined ? body : dated(body));
  return issues.length === 0 ? undefined : mockResponse({ status: 400, contentType: 'application/json', json: { message: 'mock: the request body is not of its type', issues } });
}

/** The longest delay a timer takes. */
const MAX_DELAY_MS = 2_147_483_647;

/**
 * A fresh streamed Response per request: the items framed as the stream's format, then the
 * terminator, or the failure. A resumable stream asked to resume (Last-Event-ID) sends the items
 * after that one; with none left, 204, which ends it.
 */
function streamResponse(endpoint: EndpointSpec, stream: MockStreamFixture, plan: StreamPlan, request: Request): Response {
  let items = plan.items;
  const lastEventId = endpoint.stream?.resumable === true ? request.headers.get('last-event-id') : null;
  if (lastEventId !== null) {
    const at = items.findIndex((item) => isRecord(item) && item.id === lastEventId);
    items = at === -1 ? [] : items.slice(at + 1);
    if (items.length === 0) return mockResponse({ status: 204 });
  }
  const sse = stream.format === 'sse';
  const steps: StreamStep[] = items.map((item) => streamItem(stream.format, endpoint.stream, item));
  if (plan.failure !== undefined) {
    steps.splice(plan.failure.after ?? steps.length);
    const error = plan.failure.error;
    steps.push(error === undefined ? DROP : sseEvent(error.event, error.data, false));
  } else if (sse && stream.terminator !== undefined) steps.push(sseEvent('message', stream.terminator, false));
  // The reconnection delay a resumable stream asks for comes first, with the first item.
  if (sse && stream.retryMs !== undefined) {
    const retry = `retry: ${stream.retryMs}\n\n`;
    const first = steps[0];
    if (typeof first === 'string') steps[0] = retry + first;
    else steps.unshift(retry);
  }
  const headers = new Headers(stream.headers);
  headers.set('content-type', stream.contentType);
  return new Response(stepStream(steps, plan.delayMs), { status: stream.status, headers });
}

/**
 * The steps as a body its reader pulls, one step per pull, each after `delayMs` (the first at
 * once): a step waits for the reader, so the items before a dropped connection reach a reader
 * that keeps up, and a cancelled body stops the timer.
 */
function stepStream(steps: readonly StreamStep[], delayMs: number): ReadableStream<Uint8Array> {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (controller: ReadableStreamDefaultController<Uint8Array>): void => {
    const step = steps[next++];
    if (step === undefined) return controller.close();
    if (step === DROP) return controller.error(new TypeError('mock: the connection dropped'));
    controller.enqueue(typeof step === 'string' ? UTF8.encode(step) : step);
    if (next === steps.length) controller.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      start: send,
      pull: (controller) => {
        if (delayMs === 0) return send(controller);
        return new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            timer = undefined;
            send(controller);
            resolve();
          }, delayMs);
        });
      },
      cancel: () => clearTimeout(timer),
    },
    { highWaterMark: 0 },
  );
}

/** One item as the stream's format frames it. */
function streamItem(format: StreamSpec['format'], spec: StreamSpec | undefined, item: unknown): string | Uint8Array {
  switch (format) {
    case 'sse': {
      const event = isRecord(item) && typeof item.event === 'string' ? item.event : 'message';
      const json = spec?.json === true || (Array.isArray(spec?.json) && spec.json.includes(event));
      const data = isRecord(item) ? item.data : item;
      return sseEvent(event, data, json, isRecord(item) && typeof item.id === 'string' ? item.id : undefined);
    }
    case 'jsonl':
      return `${stringifyJson(item) ?? 'null'}\n`;
    case 'json-seq':
      return `\x1e${stringifyJson(item) ?? 'null'}\n`;
    case 'binary':
      return typeof item === 'string' ? item : item instanceof Uint8Array ? item : String(item);
  }
}

/** A server-sent event: its data as JSON where the event's type is not text (and for anything but a string), one `data` line per line. */
function sseEvent(event: string, data: unknown, json: boolean, id?: string): string {
  const text = json || typeof data !== 'string' ? (stringifyJson(data) ?? '') : data;
  const lines = text.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `${id === undefined ? '' : `id: ${id}\n`}${event === 'message' ? '' : `event: ${event}\n`}${lines.join('')}\n`;
}

