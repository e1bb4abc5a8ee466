/**
 * The generic half of a generated package's `mocks` entry: msw request handlers that answer with
 * the contract's fixtures, on exactly the URLs the client calls (the same `buildUrl`).
 *
 * msw is an optional peer dependency and the package never imports it: the caller passes msw's
 * `http` in, typed here by the little of it the handlers use. So the package compiles without
 * msw installed, and the handlers are always built by the caller's own copy of msw, the one its
 * server runs.
 */
import { buildUrl, type RuntimeOptions } from './exchange.js';
import { stringifyJson } from './json.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';
import type { ParamSpec } from './params.js';

export type MockMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** msw's handler options: `once` answers one request, then falls through to the next handler. */
export interface MockHandlerOptions {
  readonly once?: boolean;
}

/** The part of msw's resolver argument the handlers read. */
export interface MockRequestInfo {
  readonly request: Request;
}

/** The part of msw's `http` the mocks use: one route builder per method. */
export type HttpLike<Handler> = {
  readonly [M in MockMethod]: (path: string, resolver: (info: MockRequestInfo) => Response, options?: MockHandlerOptions) => Handler;
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

/** An endpoint's fixtures, as the generic code reads them. */
export interface MockEndpointData {
  readonly success: MockResponse;
  readonly lastPage?: MockResponse;
  readonly errors: MockHostFixtures;
  readonly expect: Readonly<Record<string, MockExpectation | undefined>>;
}

/** Every fixture of a package, as the generic code reads them. */
export interface MockFixtureSet {
  readonly hosts: Readonly<Record<string, MockHostFixtures>>;
  readonly endpoints: Readonly<Record<string, MockEndpointData>>;
}

/** Where the mocked APIs answer: the options the client is created with (its environment, server variables and base URLs). */
export type MockTargetOptions = RuntimeOptions;

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

export interface MockApi<Handler, Keys> {
  endpoint<Id extends keyof Keys & string>(id: Id): EndpointMocks<Handler, Keys[Id] & string>;
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
  const endpoint = (id: string): EndpointMocks<Handler> => endpointMocks(http, spec, fixtures, target, id);
  return {
    // The keys are the generated fixtures' own, which `Keys` names: the cast only narrows them.
    endpoint: <Id extends keyof Keys & string>(id: Id) => endpoint(id) as EndpointMocks<Handler, Keys[Id] & string>,
    handlers: () => Object.keys(fixtures.endpoints).map((id) => endpoint(id).success()),
  };
}

function endpointMocks<Handler>(http: HttpLike<Handler>, spec: MockRuntimeSpec, fixtures: MockFixtureSet, target: MockTargetOptions, id: string): EndpointMocks<Handler> {
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
  const respond = (response: MockResponse, options?: MockHandlerOptions): Handler => http[method](url, ({ request }) => unmet(endpoint, request) ?? mockResponse(response), options);
  return {
    method,
    url,
    keys: [...Object.keys(hostFixtures), ...Object.keys(mine.errors)],
    success: (options) => {
      const last = mine.lastPage;
      if (last === undefined) return respond(mine.success, options);
      return http[method](url, ({ request }) => unmet(endpoint, request) ?? mockResponse(followsFirstPage(endpoint, request) ? last : mine.success), options);
    },
    error: (key, options) => respond(fixture(key), options),
    respond,
    fixture,
    expected: (key) => lookup(mine.expect, key) ?? fixture(key).expect,
  };
}
