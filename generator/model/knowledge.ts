/**
 * Facts derived from a model, computed once per model and read by every stage after it: the
 * emitters, the OpenAPI export, the mocks, diff and the model's own whole-contract checks. A fact
 * that two stages need is defined here once, so the generated tables, the OpenAPI document and the
 * mocks cannot disagree about it (which shapes a host answers with, which request fields a message
 * can name, which category a status falls back to).
 *
 * `knowledge(contract)` is cached per model object and every fact is computed on first use. The
 * model is immutable, so the facts never go stale; only `fieldPaths` is also kept across models
 * (see byRef), because a watch session rebuilds the model around reused endpoints and types.
 */
import { admits } from '../../templates/exchange.js';
import { finiteValues, type FiniteValues } from './finite-values.js';
import { bytesInJson, type BytesInJson } from './json-bytes.js';
import { categoryOfStatus, isDataStatus, isFollowedRedirect, isJsonMediaType, mediaEssence } from './values.js';
import { eachChild, discriminatorMapping, type MappingEntry } from './unions.js';
import type { Category, Contract, Endpoint, Environment, ErrorShape, Field, Host, NamedType, Param, Policy, ResponseHeader, ResponseSpec, ResponseStream, ServerVariable, TypeRef } from './types.js';

export type Direction = 'request' | 'response';

/** Whether a direction carries the field: requests leave readOnly fields out, responses writeOnly ones. */
export function carries(direction: Direction, field: Field): boolean {
  return direction === 'request' ? !field.readOnly : !field.writeOnly;
}

/** How the client reads an endpoint's success responses. */
export interface SuccessBody {
  /** `followed`: what a redirect's target answers, as bytes, or parsed when it says it is JSON. */
  readonly kind: 'json' | 'binary' | 'text' | 'none' | 'followed';
  /**
   * The media types a binary or text success may carry, when the contract names them: as an
   * Accept list (`image/png, audio/*`), which a binary success's Content-Type must match.
   */
  readonly contentType: string | undefined;
}

export interface Knowledge {
  readonly contract: Contract;
  type(name: string): NamedType | undefined;
  host(name: string): Host | undefined;
  shape(name: string | undefined): ErrorShape | undefined;
  category(name: string): Category | undefined;
  policy(name: string | undefined): Policy | undefined;
  server(name: string): ServerVariable | undefined;
  endpoint(id: string): Endpoint | undefined;
  /** The client-credentials scheme's token endpoint, when the contract has one. */
  readonly tokenEndpoint: Endpoint | undefined;
  /** Whether the endpoint may be sent with the client-credentials scheme's token. */
  usesTokenFlow(endpoint: Endpoint): boolean;
  readonly defaultEnvironment: Environment | undefined;
  /**
   * Shapes a host can answer with: its own, plus any an endpoint on it adds (e.g. the token
   * endpoint's invalid_client). The decoder recognises exactly these, so types and behaviour agree.
   */
  hostShapes(host: Host): readonly string[];
  /** Dotted request field paths of a type, as error messages name them. */
  fieldPaths(ref: TypeRef): readonly string[];
  /** Every request field path of the endpoints on a host, for resolving that host's messages. */
  hostRequestPaths(host: string): readonly string[];
  /** The request's field paths, where the host's message table resolves fields against them. */
  messagePaths(endpoint: Endpoint): readonly string[];
  /**
   * Endpoints whose error decoding differs from their host's: only in the shapes tried, the
   * quirks, and (where the host has a message table) the field paths messages match against.
   */
  readonly ownDecoding: readonly Endpoint[];
  /**
   * The responses whose body is the call's data: its 2xx (a 2XX class, a `default` success). A
   * listed redirect is followed and a 304 is an error, so neither is ever one.
   */
  successResponses(endpoint: Endpoint): readonly ResponseSpec[];
  /**
   * The parameters a call takes: the endpoint's own, then the conditional request headers it
   * offers (`ifNoneMatch` / `ifModifiedSince`, see `conditionalParams`).
   */
  callParams(endpoint: Endpoint): readonly Param[];
  /** Whether values of the type are strings (through names, aliases and string enums): an event's data read as text, not JSON. */
  isText(ref: TypeRef): boolean;
  /** The stream an endpoint's success arrives as (its first success with one), when it streams. */
  streamOf(endpoint: Endpoint): ResponseStream | undefined;
  /** Whether the endpoint's only documented successes are redirects: its data is what their target answers (`followed`). */
  redirectsOnly(endpoint: Endpoint): boolean;
  successBody(endpoint: Endpoint): SuccessBody;
  /** How the client reads one success response's body: bytes, text, JSON or nothing. */
  responseBody(response: ResponseSpec): SuccessBody;
  /**
   * The media types a call asks for: its 2xx media types first, then those its error responses
   * name (problem+json, …), JSON for one answered in a shape without a media type of its own, or
   * JSON where none is documented and it has error shapes (they read JSON), once each; undefined where that is only what the client asks by default (the one success
   * media type, else JSON), so tables carry it only where it differs.
   */
  accept(endpoint: Endpoint): string | undefined;
  /**
   * How each success is read, where they are not all read alike (a PDF 200 beside a JSON 202, a
   * bodiless 304 beside a PNG 200); undefined when `successBody` serves every status.
   */
  successBodies(endpoint: Endpoint): readonly { readonly response: ResponseSpec; readonly body: SuccessBody }[] | undefined;
  /** The type of a paginated endpoint's items: of the array at `pagination.items` in its first success body. */
  pageItemType(endpoint: Endpoint): TypeRef | undefined;
  /** Whether a request body of the endpoint is sent as anything but JSON (form, multipart, text, binary). */
  encodesBody(endpoint: Endpoint): boolean;
  /** Whether a request media type of the endpoint is sent as bytes (not JSON, a form, multipart or text), which a caller may give as a ReadableStream. */
  takesStream(endpoint: Endpoint): boolean;
  /** The category of a status no rule covers: the contract's 5XX rule if any, else the first category. */
  readonly fallbackCategory: string;
  /** The category of an HTTP status: its rule's, else the fallback. */
  categoryOf(status: number): string;
  /** Names of every field marked secret, plus the auth's access and refresh token fields, sorted. */
  readonly secretFields: readonly string[];
  /** Which directions each named type travels in: sent in requests, read from responses, or both. */
  readonly typeUsage: ReadonlyMap<string, ReadonlySet<Direction>>;
  /** A discriminated union's value → member mapping, written or read off its members. */
  discriminatorMapping(union: TypeRef): readonly MappingEntry[];
  /**
   * Named types that read differently in a request: they hold (directly or through other types)
   * a readOnly field, which requests leave out, or a writeOnly one, which responses leave out.
   * Only types a request sends are listed: a type only ever read has one form, so it gets one
   * declaration (an `XInput` nobody can pass anywhere would only cost the consumer's compiler).
   */
  readonly directional: ReadonlySet<string>;
  /** Types whose values requests and responses hold differently (readOnly or writeOnly fields, bytes), through the types they name, however used. */
  readonly differsByDirection: ReadonlySet<string>;
  /**
   * Whether every value of the type is a string or a number a double holds exactly (a string or
   * number scalar, an enum, a const, or a name for one): what a plain path parameter can be.
   */
  isPlainValue(ref: TypeRef): boolean;
  /** Whether values of the type are objects or maps (through names too). */
  isObjectLike(ref: TypeRef): boolean;
  /** Whether a body the endpoint sends or reads on success holds an int64 (read and written losslessly). */
  holdsInt64(endpoint: Endpoint): boolean;
  /**
   * Whether values of the type hold a `date-time` or `date` string, themselves or inside (through
   * names too): what a package generated with `dates: Date` reads and writes as a Date.
   */
  holdsDates(ref: TypeRef): boolean;
  /**
   * Every `binary` a body that travels as JSON would hold (a JSON request or success body, an error
   * shape's body, an object part of a multipart body), where it is written: JSON carries no bytes.
   */
  readonly bytesInJson: readonly BytesInJson[];
  /** Which types have a finite value, how to write the least one, and the cycles of types that have none. */
  readonly finiteValues: FiniteValues;
}

const cache = new WeakMap<Contract, Knowledge>();

export function knowledge(contract: Contract): Knowledge {
  let known = cache.get(contract);
  if (known === undefined) cache.set(contract, (known = new ContractKnowledge(contract)));
  return known;
}

/** A lookup by name, built on first use. */
function index<T>(list: readonly T[], key: (item: T) => string): (name: string) => T | undefined {
  let byName: Map<string, T> | undefined;
  return (name) => {
    if (byName === undefined) {
      byName = new Map();
      for (const item of list) if (!byName.has(key(item))) byName.set(key(item), item);
    }
    return byName.get(name);
  };
}

class ContractKnowledge implements Knowledge {
  readonly type: (name: string) => NamedType | undefined;
  readonly host: (name: string) => Host | undefined;
  readonly category: (name: string) => Category | undefined;
  readonly server: (name: string) => ServerVariable | undefined;
  readonly endpoint: (id: string) => Endpoint | undefined;
  private readonly shapes: (name: string) => ErrorShape | undefined;
  private readonly policies: (name: string) => Policy | undefined;
  private readonly memo = new Map<string, unknown>();

  constructor(readonly contract: Contract) {
    this.type = index(contract.types, (t) => t.name);
    this.host = index(contract.hosts, (h) => h.name);
    this.category = index(contract.categories, (c) => c.name);
    this.server = index(contract.servers, (s) => s.name);
    this.endpoint = index(contract.endpoints, (e) => e.id);
    this.shapes = index(contract.shapes, (s) => s.name);
    this.policies = index(contract.policies, (p) => p.name);
  }

  shape(name: string | undefined): ErrorShape | undefined {
    return name === undefined ? undefined : this.shapes(name);
  }

  policy(name: string | undefined): Policy | undefined {
    return name === undefined ? undefined : this.policies(name);
  }

  /** `make()` once per key. */
  private once<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }

  /** Whether the endpoint may be sent with the client-credentials scheme's token. */
  usesTokenFlow(endpoint: Endpoint): boolean {
    const name = this.contract.auth?.name;
    return name !== undefined && endpoint.id !== this.contract.auth?.endpoint && endpoint.security.some((alt) => alt.includes(name));
  }

  get tokenEndpoint(): Endpoint | undefined {
    const auth = this.contract.auth;
    return auth === undefined ? undefined : this.endpoint(auth.endpoint);
  }

  get defaultEnvironment(): Environment | undefined {
    return this.contract.environments.find((e) => e.isDefault);
  }

  hostShapes(host: Host): readonly string[] {
    const byHost = this.once('hostShapes', () => {
      const out = new Map<string, string[]>(this.contract.hosts.map((h) => [h.name, [...h.shapes]]));
      for (const e of this.contract.endpoints) {
        const shapes = out.get(e.host);
        if (shapes !== undefined) for (const s of e.errors.shapes) if (!shapes.includes(s)) shapes.push(s);
      }
      return out;
    });
    return byHost.get(host.name) ?? host.shapes;
  }

  fieldPaths(ref: TypeRef): readonly string[] {
    return fieldPathsOf(ref, this.typesByName());
  }

  hostRequestPaths(host: string): readonly string[] {
    const byHost = this.once('hostRequestPaths', () => new Map<string, readonly string[]>());
    let paths = byHost.get(host);
    if (paths === undefined) {
      const seen = new Set<string>();
      for (const e of this.contract.endpoints) if (e.host === host && e.request !== undefined) for (const p of this.fieldPaths(e.request.body)) seen.add(p);
      byHost.set(host, (paths = [...seen]));
    }
    return paths;
  }

  messagePaths(endpoint: Endpoint): readonly string[] {
    return this.host(endpoint.host)?.messages === undefined || endpoint.request === undefined ? [] : this.fieldPaths(endpoint.request.body);
  }

  get ownDecoding(): readonly Endpoint[] {
    return this.once('ownDecoding', () =>
      this.contract.endpoints.filter((e) => {
        const host = this.host(e.host);
        if (host === undefined || e.errors.quirks.length > 0 || !sameList(e.errors.shapes, this.hostShapes(host))) return true;
        const paths = this.messagePaths(e);
        return paths.length > 0 && !sameList(paths, host.messages === undefined ? [] : this.hostRequestPaths(host.name));
      }),
    );
  }

  successResponses(endpoint: Endpoint): readonly ResponseSpec[] {
    return endpoint.responses.filter((r) => !r.isError && isDataStatus(r.status));
  }

  callParams(endpoint: Endpoint): readonly Param[] {
    const conditional = conditionalParams(endpoint);
    return conditional.length === 0 ? endpoint.params : [...endpoint.params, ...conditional];
  }

  isText(ref: TypeRef): boolean {
    return this.resolved(ref) === 'string';
  }

  streamOf(endpoint: Endpoint): ResponseStream | undefined {
    return this.successResponses(endpoint).find((r) => r.stream !== undefined)?.stream;
  }

  redirectsOnly(endpoint: Endpoint): boolean {
    return this.successResponses(endpoint).length === 0 && endpoint.responses.some((r) => isFollowedRedirect(r.status));
  }

  successBody(endpoint: Endpoint): SuccessBody {
    if (this.redirectsOnly(endpoint)) return FOLLOWED;
    return fallbackBody(this.successResponses(endpoint).map((r) => this.responseBody(r)));
  }

  accept(endpoint: Endpoint): string | undefined {
    // A stream's media type first: a server that chooses by Accept then streams, as the call expects.
    const success = this.successResponses(endpoint).flatMap((r) => [...(r.stream === undefined ? [] : [r.stream.contentType]), ...(r.body === undefined ? [] : r.contentTypes)]);
    // Error shapes read JSON: an error answered in a shape without a media type of its own comes as JSON, and so do
    // the errors of an endpoint that has shapes and documents no error media type.
    const documented = endpoint.responses.flatMap((r) => (!r.isError ? [] : r.contentTypes.length > 0 ? r.contentTypes : r.shape !== undefined ? ['application/json'] : []));
    const errors = documented.length === 0 && endpoint.errors.shapes.length > 0 ? ['application/json'] : documented;
    // An error type a success range already admits (`*/*`) adds nothing.
    const types = [...new Set([...success, ...errors.filter((t) => !admits(success.join(','), t))])].join(', ');
    return types === '' || types === (this.successBody(endpoint).contentType ?? 'application/json') ? undefined : types;
  }

  successBodies(endpoint: Endpoint): readonly { readonly response: ResponseSpec; readonly body: SuccessBody }[] | undefined {
    const read = this.successResponses(endpoint).map((response) => ({ response, body: this.responseBody(response) }));
    const withBody = read.filter((r) => r.body.kind !== 'none');
    const first = withBody[0]?.body;
    const differ = withBody.some((r) => r.body.kind !== first?.kind || r.body.contentType !== first.contentType);
    // A bodiless status (204, 304) where the statuses not listed are read as bytes or text is listed as none: their media-type check would refuse it.
    const fallback = fallbackBody(read.map((r) => r.body)).kind;
    const bodiless = fallback === 'binary' || fallback === 'text';
    if (!read.some((r) => (r.body.kind === 'none' ? bodiless : differ))) return undefined;
    // Once any is listed, all are: the first match wins at run time, so exact statuses go before classes and `default`.
    const rank = (r: ResponseSpec) => (r.status.kind === 'exact' ? 0 : r.status.kind === 'class' ? 1 : 2);
    return [...read].sort((a, b) => rank(a.response) - rank(b.response));
  }

  /**
   * How the client reads one success: bytes for `binary`; the text of a `text/*` type, and of a
   * string of another non-JSON type (XML, CSV, …); JSON otherwise; nothing without a body. A name
   * is read as what it stands for (an alias of `binary`, a string enum).
   */
  responseBody(r: ResponseSpec): SuccessBody {
    const body = r.body === undefined ? undefined : this.resolved(r.body);
    if (body === undefined) return NO_BODY;
    if (body === 'binary') return { kind: 'binary', contentType: r.contentTypes.join(', ') };
    const media = r.contentType?.toLowerCase();
    if (media === undefined || isJsonMediaType(media)) return { kind: 'json', contentType: undefined };
    if (media.startsWith('text/') || body === 'string') return { kind: 'text', contentType: r.contentTypes.join(', ') };
    return { kind: 'json', contentType: undefined };
  }

  /** Whether a type is bytes or a string, through the names and aliases that stand for it. */
  private resolved(ref: TypeRef): 'binary' | 'string' | 'other' {
    let current: TypeRef = ref;
    for (let depth = 0; depth < 64 && current.kind === 'named'; depth++) {
      const named = this.type(current.name);
      if (named?.kind === 'enum') return named.values.every((v) => typeof v === 'string') ? 'string' : 'other';
      if (named?.kind !== 'alias') return 'other';
      current = named.type;
    }
    if (current.kind === 'primitive' && (current.name === 'binary' || current.name === 'string')) return current.name;
    return current.kind === 'enum' && current.values.every((v) => typeof v === 'string') ? 'string' : 'other';
  }

  pageItemType(endpoint: Endpoint): TypeRef | undefined {
    let ref: TypeRef | undefined = this.successResponses(endpoint)[0]?.body;
    for (const segment of endpoint.pagination?.items ?? []) {
      const named = ref?.kind === 'named' ? this.type(ref.name) : undefined;
      const resolved: TypeRef | undefined = named?.kind === 'alias' ? named.type : ref;
      const fields = named?.kind === 'object' ? named.fields : resolved?.kind === 'object' ? resolved.fields : [];
      ref = fields.find((f) => f.name === String(segment))?.type;
    }
    const named = ref?.kind === 'named' ? this.type(ref.name) : undefined;
    const array = named?.kind === 'alias' ? named.type : ref;
    return array?.kind === 'array' ? array.items : undefined;
  }

  takesStream(endpoint: Endpoint): boolean {
    // What request-body.ts's encodeRequestBody sends as bytes: every other media type.
    return (endpoint.request?.contentTypes ?? []).some((t) => {
      const essence = mediaEssence(t);
      return !isJsonMediaType(essence) && essence !== 'application/x-www-form-urlencoded' && essence !== 'multipart/form-data' && !essence.startsWith('text/');
    });
  }

  /** Whether a request body of the endpoint is sent as anything but JSON (form, multipart, text, binary). */
  encodesBody(endpoint: Endpoint): boolean {
    return (endpoint.request?.contentTypes ?? []).some((t) => !isJsonMediaType(t));
  }

  get fallbackCategory(): string {
    const serverClass = this.contract.statusCategories.find((r) => r.status.kind === 'class' && r.status.statusClass === 5);
    return serverClass?.category ?? this.contract.categories[0]?.name ?? 'unknown';
  }

  categoryOf(status: number): string {
    return categoryOfStatus(this.contract.statusCategories, status) ?? this.fallbackCategory;
  }

  get secretFields(): readonly string[] {
    return this.once('secretFields', () => {
      const names = new Set<string>();
      for (const type of this.contract.types) for (const name of typeFacts(type).secrets) names.add(name);
      const token = this.contract.auth?.token;
      for (const name of [token?.accessToken, token?.refreshToken]) if (name !== undefined) names.add(name);
      return [...names].sort();
    });
  }

  get typeUsage(): ReadonlyMap<string, ReadonlySet<Direction>> {
    return this.once('typeUsage', () => typeUsage(this.contract, this.typesByName()));
  }

  discriminatorMapping(union: TypeRef): readonly MappingEntry[] {
    const byRef = this.once('discriminators', () => new WeakMap<TypeRef, readonly MappingEntry[]>());
    let mapping = byRef.get(union);
    if (mapping === undefined) byRef.set(union, (mapping = discriminatorMapping(union, this.type).mapping));
    return mapping;
  }

  isObjectLike(ref: TypeRef, seen: ReadonlySet<string> = new Set()): boolean {
    if (ref.kind === 'object' || ref.kind === 'map') return true;
    if (ref.kind !== 'named' || seen.has(ref.name)) return false;
    const type = this.type(ref.name);
    return type?.kind === 'object' || (type?.kind === 'alias' && this.isObjectLike(type.type, new Set([...seen, ref.name])));
  }

  isPlainValue(ref: TypeRef, seen: ReadonlySet<string> = new Set()): boolean {
    if (ref.nullable === true) return false;
    if (ref.kind === 'enum') return true;
    if (ref.kind === 'literal') return typeof ref.value === 'string' || typeof ref.value === 'number';
    if (ref.kind === 'primitive') return ref.name === 'string' || ((ref.name === 'integer' || ref.name === 'number') && !isInt64(ref));
    if (ref.kind !== 'named' || seen.has(ref.name)) return false;
    const type = this.type(ref.name);
    if (type?.kind === 'enum') return true;
    return type?.kind === 'alias' && this.isPlainValue(type.type, new Set([...seen, ref.name]));
  }

  holdsInt64(endpoint: Endpoint): boolean {
    const named = this.once('int64Types', () => this.typesHolding('int64'));
    const holds = (ref: TypeRef): boolean => {
      if (isInt64(ref) || (ref.kind === 'named' && named.has(ref.name))) return true;
      let found = false;
      eachChild(ref, (child) => {
        found ||= holds(child);
      });
      return found;
    };
    const streamed = (r: ResponseSpec) => [r.stream?.item, ...(r.stream?.events ?? []).map((e) => e.type)];
    const bodies = [endpoint.request?.body, ...this.successResponses(endpoint).flatMap((r) => [r.body, ...streamed(r)])];
    return bodies.some((body) => body !== undefined && holds(body));
  }

  holdsDates(ref: TypeRef): boolean {
    const named = this.once('dateTypes', () => this.typesHolding('date'));
    if (dateFormatOf(ref) !== undefined || (ref.kind === 'named' && named.has(ref.name))) return true;
    let found = false;
    eachChild(ref, (child) => {
      found ||= this.holdsDates(child);
    });
    return found;
  }

  get bytesInJson(): readonly BytesInJson[] {
    return this.once('bytesInJson', () => bytesInJson(this.contract, this.type, (r) => this.responseBody(r).kind === 'json'));
  }

  get finiteValues(): FiniteValues {
    return this.once('finiteValues', () => finiteValues(this.contract.types, this.type, this.once('referrers', () => referrersOf(this.contract.types))));
  }

  get differsByDirection(): ReadonlySet<string> {
    // A binary field reads as bytes but may be sent as a Blob too: its type has a request form.
    return this.once('differsByDirection', () => new Set([...this.typesHolding('readWrite'), ...this.typesHolding('binary')]));
  }

  get directional(): ReadonlySet<string> {
    return this.once('directional', () => {
      const marked = this.differsByDirection;
      // Most contracts mark no field: then which types requests send need not be learnt.
      if (marked.size === 0) return marked;
      const usage = this.typeUsage;
      return new Set([...marked].filter((name) => usage.get(name)?.has('request') === true));
    });
  }

  private typesHolding(fact: Fact): Set<string> {
    return typesHolding(this.contract.types, () => this.once('referrers', () => referrersOf(this.contract.types)), fact);
  }

  private typesByName(): ReadonlyMap<string, NamedType> {
    return this.once('typesByName', () => new Map(this.contract.types.map((t) => [t.name, t])));
  }
}

const NO_BODY: SuccessBody = { kind: 'none', contentType: undefined };
const FOLLOWED: SuccessBody = { kind: 'followed', contentType: undefined };

/**
 * Bytes before text before JSON: how statuses no `successBodies` entry names are read (an
 * undocumented 2xx too). An endpoint documenting no 2xx reads one as JSON, its data unknown.
 */
function fallbackBody(bodies: readonly SuccessBody[]): SuccessBody {
  for (const kind of ['binary', 'text', 'json'] as const) {
    const found = bodies.find((b) => b.kind === kind);
    if (found !== undefined) return found;
  }
  return bodies.length === 0 ? ANY_JSON : NO_BODY;
}

const ANY_JSON: SuccessBody = { kind: 'json', contentType: undefined };


function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// ---------------------------------------------------------------------------------------------
// Field paths
// ---------------------------------------------------------------------------------------------

const MAX_PATH_DEPTH = 8;

/**
 * Paths kept per reference with the named types the walk read: still valid while each name
 * resolves to the same type object. A watch session reuses unchanged model objects, so an edit
 * walks only the references it touched (test/incremental.test.ts holds reuse to fresh runs).
 */
const byRef = new WeakMap<TypeRef, { readonly read: ReadonlyMap<string, NamedType | undefined>; readonly paths: readonly string[] }>();

function fieldPathsOf(ref: TypeRef, types: ReadonlyMap<string, NamedType>): readonly string[] {
  const kept = byRef.get(ref);
  if (kept !== undefined && [...kept.read].every(([name, type]) => types.get(name) === type)) return kept.paths;
  const read = new Map<string, NamedType | undefined>();
  const lookup = (name: string): NamedType | undefined => {
    if (!read.has(name)) read.set(name, types.get(name));
    return read.get(name);
  };
  const out: Paths = { seen: new Set(), out: [] };
  walk(ref, '', new Set(), lookup, out);
  byRef.set(ref, { read, paths: out.out });
  return out.out;
}

interface Paths {
  readonly seen: Set<string>;
  readonly out: string[];
}

function walk(ref: TypeRef, prefix: string, visiting: Set<string>, lookup: (name: string) => NamedType | undefined, out: Paths): void {
  if (prefix.split('.').length > MAX_PATH_DEPTH) return;
  if (ref.kind === 'object') return walkFields(ref.fields, prefix, visiting, lookup, out);
  // Items and union members share their container's path: messages name fields, not positions.
  if (ref.kind === 'array' || ref.kind === 'union') return eachChild(ref, (child) => walk(child, prefix, visiting, lookup, out));
  if (ref.kind !== 'named') return;
  const type = lookup(ref.name);
  if (type === undefined || type.kind === 'enum' || visiting.has(type.name)) return;
  visiting.add(type.name);
  if (type.kind === 'object') walkFields(type.fields, prefix, visiting, lookup, out);
  else walk(type.type, prefix, visiting, lookup, out);
  visiting.delete(type.name);
}

function walkFields(fields: readonly { name: string; type: TypeRef }[], prefix: string, visiting: Set<string>, lookup: (name: string) => NamedType | undefined, out: Paths): void {
  for (const field of fields) {
    const path = prefix === '' ? field.name : `${prefix}.${field.name}`;
    if (!out.seen.has(path)) {
      out.seen.add(path);
      out.out.push(path);
    }
    walk(field.type, path, visiting, lookup, out);
  }
}

// ---------------------------------------------------------------------------------------------
// Type usage
// ---------------------------------------------------------------------------------------------

/**
 * Which directions each named type travels in: those reachable from a request's parameters and
 * body, and from responses, error shapes and webhook payloads. The roots are kept per endpoint object and what each
 * type names per type object (typeFacts), so a watch session walks only what it rebuilt; the spread
 * itself is over names, once per direction.
 */
function typeUsage(contract: Contract, byName: ReadonlyMap<string, NamedType>): Map<string, Set<Direction>> {
  const usage = new Map<string, Set<Direction>>();
  const spread = (roots: readonly string[], direction: Direction): void => {
    const seen = new Set<string>();
    const stack = [...roots];
    for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
      if (seen.has(name)) continue;
      seen.add(name);
      let set = usage.get(name);
      if (set === undefined) usage.set(name, (set = new Set()));
      set.add(direction);
      const type = byName.get(name);
      if (type !== undefined) for (const n of typeFacts(type).names) if (!seen.has(n)) stack.push(n);
    }
  };
  const request: string[] = [];
  const response: string[] = [];
  for (const e of contract.endpoints) {
    const roots = endpointRoots(e);
    request.push(...roots.request);
    response.push(...roots.response);
  }
  for (const s of contract.shapes) if (s.body !== undefined) namesIn(s.body, response);
  // A webhook's payload is read by its receiver, as a response body is by a client.
  for (const e of contract.webhooks?.events ?? []) namesIn(e.payload, response);
  spread(request, 'request');
  spread(response, 'response');
  return usage;
}

/** Per endpoint object: the names its parameters and request body send, and its responses (bodies and streams) read. */
const rootsOf = new WeakMap<Endpoint, { readonly request: readonly string[]; readonly response: readonly string[] }>();

function endpointRoots(e: Endpoint): { readonly request: readonly string[]; readonly response: readonly string[] } {
  const kept = rootsOf.get(e);
  if (kept !== undefined) return kept;
  const request: string[] = [];
  const response: string[] = [];
  for (const p of e.params) namesIn(p.type, request);
  if (e.request?.body !== undefined) namesIn(e.request.body, request);
  for (const r of e.responses) {
    if (r.body !== undefined) namesIn(r.body, response);
    // A stream's items and events are read as a body is.
    for (const t of [r.stream?.item, ...(r.stream?.events ?? []).map((x) => x.type)]) if (t !== undefined) namesIn(t, response);
  }
  const roots = { request, response };
  rootsOf.set(e, roots);
  return roots;
}

/** The names `ref` holds, not through other names (what the types it names hold is typeFacts'). */
function namesIn(ref: TypeRef, out: string[]): void {
  if (ref.kind === 'named') out.push(ref.name);
  else eachChild(ref, (child) => namesIn(child, out));
}

// ---------------------------------------------------------------------------------------------
// What named types hold (directional types, int64)
// ---------------------------------------------------------------------------------------------

/** An integer a double cannot always hold exactly. */
export function isInt64(ref: TypeRef): boolean {
  return ref.kind === 'primitive' && ref.name === 'integer' && (ref.format === 'int64' || ref.format === 'uint64');
}

/** The date format of a string that names one: what a package generated with `dates: Date` types as a Date. */
export function dateFormatOf(ref: TypeRef): 'date-time' | 'date' | undefined {
  return ref.kind === 'primitive' && ref.name === 'string' && (ref.format === 'date-time' || ref.format === 'date') ? ref.format : undefined;
}

/** What a named type may hold, which spreads to the types that name it. */
type Fact = 'readWrite' | 'int64' | 'binary' | 'date';

/** What a named type holds itself, and the names it refers to (through which it may hold more). */
interface TypeFacts {
  readonly names: readonly string[];
  /** Its fields marked secret, in it or in the objects written inside it (not through names). */
  readonly secrets: readonly string[];
  /** A readOnly or writeOnly field. */
  readonly readWrite: boolean;
  readonly int64: boolean;
  readonly binary: boolean;
  /** A `date-time` or `date` string. */
  readonly date: boolean;
}

/** Per type object: the analyses share one walk, and a watch session walks only the types it rebuilt. */
const factsOf = new WeakMap<NamedType, TypeFacts>();

function typeFacts(type: NamedType): TypeFacts {
  const kept = factsOf.get(type);
  if (kept !== undefined) return kept;
  const names: string[] = [];
  const secrets: string[] = [];
  let readWrite = false;
  let int64 = false;
  let binary = false;
  let date = false;
  const visit = (r: TypeRef): void => {
    if (r.kind === 'named') names.push(r.name);
    else if (isInt64(r)) int64 = true;
    else if (r.kind === 'primitive' && r.name === 'binary') binary = true;
    else if (dateFormatOf(r) !== undefined) date = true;
    else if (r.kind === 'object') visitFields(r.fields);
    else eachChild(r, visit);
  };
  const visitFields = (fields: readonly Field[]): void => {
    for (const f of fields) {
      if (f.readOnly || f.writeOnly) readWrite = true;
      if (f.secret) secrets.push(f.name);
      visit(f.type);
    }
  };
  if (type.kind === 'alias') visit(type.type);
  if (type.kind === 'object') visitFields(type.fields);
  const facts = { names, secrets, readWrite, int64, binary, date };
  factsOf.set(type, facts);
  return facts;
}

/** Each name, and the named types that name it (directly, not through other names). */
function referrersOf(types: readonly NamedType[]): ReadonlyMap<string, readonly string[]> {
  const referrers = new Map<string, string[]>();
  for (const type of types) {
    for (const name of typeFacts(type).names) {
      const list = referrers.get(name);
      if (list === undefined) referrers.set(name, [type.name]);
      else list.push(type.name);
    }
  }
  return referrers;
}

/** Named types that hold `fact`, themselves or through the types they name: it spreads from each holder to the types naming it. */
function typesHolding(types: readonly NamedType[], referrers: () => ReadonlyMap<string, readonly string[]>, fact: Fact): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const type of types) if (typeFacts(type)[fact]) stack.push(type.name);
  for (let name = stack.pop(); name !== undefined; name = stack.pop()) {
    if (out.has(name)) continue;
    out.add(name);
    for (const referrer of referrers().get(name) ?? []) if (!out.has(referrer)) stack.push(referrer);
  }
  return out;
}


/** A header an endpoint's successes declare, as its typed `response.headers` holds it. */
export interface SuccessHeader {
  /** Lower case: how the runtime reads it. */
  readonly key: string;
  /** Declared required on every success of the endpoint. */
  readonly required: boolean;
  /** Its first declaration: type and description. */
  readonly header: ResponseHeader;
}

/** The headers an endpoint's 2xx successes declare, by lower-case name, sorted; a followed redirect's and a 304's are never seen. */
export function successHeaders(endpoint: Endpoint): SuccessHeader[] {
  const successes = endpoint.responses.filter((r) => !r.isError && isDataStatus(r.status));
  const byKey = new Map<string, ResponseHeader>();
  for (const r of successes) for (const h of r.headers) if (!byKey.has(h.name.toLowerCase())) byKey.set(h.name.toLowerCase(), h);
  return [...byKey]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, header]) => ({ key, header, required: successes.every((r) => r.headers.some((h) => h.name.toLowerCase() === key && h.required)) }));
}

/** The conditional request headers a call may send, with the validator its successes declare. */
const CONDITIONAL = [
  { key: 'ifNoneMatch', name: 'If-None-Match', validator: 'etag', description: 'An ETag this endpoint answered with: a 304 (the `not_modified` error) when it still matches.' },
  { key: 'ifModifiedSince', name: 'If-Modified-Since', validator: 'last-modified', description: 'A Last-Modified date this endpoint answered with: a 304 (the `not_modified` error) when nothing changed since.' },
] as const;

/**
 * The conditional headers a GET or HEAD offers as call options: `ifNoneMatch` where a 2xx success
 * declares an `ETag`, `ifModifiedSince` where one declares `Last-Modified`, and both where the
 * endpoint lists a 304 without declaring either (the 304 documents that it answers conditional
 * requests). Only then can a call come back 304 Not Modified. Left out where the endpoint's own
 * parameters already send the header or use the key.
 */
export function conditionalParams(endpoint: Endpoint): Param[] {
  if (endpoint.method !== 'GET' && endpoint.method !== 'HEAD') return [];
  const declared = new Set(successHeaders(endpoint).map((h) => h.key));
  const lists304 = endpoint.responses.some((r) => r.status.kind === 'exact' && r.status.status === 304);
  const anyValidator = CONDITIONAL.some((c) => declared.has(c.validator));
  return CONDITIONAL.filter((c) => (anyValidator ? declared.has(c.validator) : lists304))
    .filter((c) => !endpoint.params.some((p) => p.key === c.key || (p.in === 'header' && p.name.toLowerCase() === c.name.toLowerCase())))
    .map((c) => ({
      name: c.name,
      key: c.key,
      in: 'header',
      type: { kind: 'primitive', name: 'string' },
      required: false,
      style: 'simple',
      explode: false,
      allowReserved: false,
      idempotencyKey: false,
      secret: false,
      default: undefined,
      description: c.description,
      deprecated: undefined,
      loc: endpoint.loc,
    }));
}

/**
 * The environment a client that names none calls: the contract's only one (its `environment`
 * option is optional there), else undefined (a choice is required among several).
 */
export function soleEnvironment(contract: Contract): Environment | undefined {
  return contract.environments.length === 1 ? contract.environments[0] : undefined;
}
