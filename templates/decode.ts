/**
 * The error decoder engine. Generated per-host decoders call `decodeHostError` with that host's
 * tables; the host is always chosen by the caller, never guessed from the body's shape.
 * It never throws: every input, however hostile, yields a decoded error with the HTTP status.
 */
import { hasPath, isRecord, keptBody, parseBody, readPath, readText, truncate, type BodyPath } from './body.js';
import { matchEmptyMessage, matchMessage, type MessageTableData } from './messages.js';
import type { SupportReport } from './support.js';

export type StatusSpec = number | `${1 | 2 | 3 | 4 | 5}XX`;

export interface ShapeSpec {
  readonly name: string;
  readonly present: readonly BodyPath[];
  readonly equals: readonly { readonly path: BodyPath; readonly value: string | number | boolean }[];
  readonly read: {
    readonly code?: BodyPath;
    readonly message?: BodyPath;
    readonly human?: BodyPath;
    readonly detail?: BodyPath;
    readonly kind?: BodyPath;
    readonly number?: BodyPath;
    readonly status?: BodyPath;
  };
  readonly fieldErrors?: { readonly path: BodyPath; readonly field?: BodyPath; readonly message: BodyPath };
  readonly mirrors: readonly { readonly path: BodyPath; readonly source: BodyPath }[];
}

export interface CodeRowSpec {
  readonly status: number;
  readonly code: string;
  readonly kind?: string;
  readonly category: string;
}

export interface PolicyRestriction {
  readonly name: string;
  readonly liftedBy: string;
  readonly retryLater: 'yes' | 'no' | 'after_window';
  readonly note?: string;
}

export interface PolicySpec {
  readonly name: string;
  readonly category: string;
  readonly description?: string;
  readonly restrictions: readonly PolicyRestriction[];
}

export interface MessageRowAdvice {
  readonly retry?: 'once_then_support';
  readonly policy?: string;
  readonly category?: string;
  readonly cause?: string;
}

export interface QuirkSpec {
  readonly id: string;
  readonly status: StatusSpec;
  readonly emptyBody?: boolean;
  readonly error?: boolean;
  readonly category?: string;
  readonly hint: string;
}

export interface EndpointErrorSpec {
  readonly shapes: readonly string[];
  readonly quirks: readonly QuirkSpec[];
  /** Request field paths of the endpoint's body, for resolving field names in messages. */
  readonly fieldPaths: readonly string[];
}

export interface HostErrorSpec {
  readonly name: string;
  /** Shapes recognised on this host, in order. */
  readonly shapes: readonly string[];
  readonly codeShape?: string;
  readonly codes: readonly CodeRowSpec[];
  readonly messages?: MessageTableData & { readonly advice: Readonly<Record<string, MessageRowAdvice>> };
  readonly fieldPaths: readonly string[];
}

export interface ErrorTables {
  readonly shapes: Readonly<Record<string, ShapeSpec>>;
  readonly categories: Readonly<Record<string, { readonly retryable: boolean }>>;
  /** Exact statuses first, then classes. */
  readonly statusCategories: readonly { readonly status: StatusSpec; readonly category: string }[];
  readonly policies: Readonly<Record<string, PolicySpec>>;
  readonly fallbackCategory: string;
}

export interface FieldError {
  /** Request field path, dotted (`destination.address.address1`); empty when not named. */
  readonly field: string;
  readonly message: string;
  /** The response does not say which of several fields is at fault. */
  readonly ambiguous?: boolean;
}

export interface DecodedError<Host extends string = string, Shape extends string = string, Code extends string = string, Category extends string = string> {
  readonly host: Host;
  /** The HTTP status: authoritative over any status inside the body. */
  readonly status: number;
  readonly shape: Shape | 'unrecognised';
  readonly code: Code;
  readonly known: boolean;
  readonly category: Category;
  readonly retryable: boolean;
  readonly message: string;
  readonly fields: readonly FieldError[];
  readonly hint?: string;
  /** The envelope's own classifier (e.g. fulfilment `details.type`). */
  readonly kind?: string;
  /** A status the body claims, when it differs from the HTTP status. */
  readonly bodyStatus?: number;
  readonly policy?: PolicySpec;
  readonly retry?: 'once_then_support';
  /** Ids of the contract rules that applied (message rows, quirks). */
  readonly rules: readonly string[];
  /** The parsed body (or its text, truncated). */
  readonly body: unknown;
  /**
   * On errors a client call returns for a status the contract's support rule covers (5xx): the
   * exact request and response with a UTC timestamp, secrets redacted. Not enumerable.
   */
  readonly supportReport?: () => SupportReport;
}

export interface DecodeInput {
  readonly status: number;
  readonly body: unknown;
  readonly endpoint?: EndpointErrorSpec;
}

export function statusMatches(spec: StatusSpec, status: number): boolean {
  return typeof spec === 'number' ? spec === status : Math.floor(status / 100) === Number(spec[0]);
}

export function categoryOfStatus(tables: ErrorTables, status: number): string {
  return tables.statusCategories.find((r) => statusMatches(r.status, status))?.category ?? tables.fallbackCategory;
}

function shapeMatches(shape: ShapeSpec, body: unknown): boolean {
  if (!isRecord(body)) return false;
  return shape.present.every((p) => hasPath(body, p)) && shape.equals.every((e) => readPath(body, e.path) === e.value);
}

function recognise(tables: ErrorTables, names: readonly string[], body: unknown): ShapeSpec | undefined {
  for (const name of names) {
    const shape = tables.shapes[name];
    if (shape !== undefined && shapeMatches(shape, body)) return shape;
  }
  return undefined;
}

/** Reads a text, falling back to the mirrors that carry the same value when the source is absent. */
function readWithMirrors(shape: ShapeSpec, body: unknown, path: BodyPath | undefined): string | undefined {
  if (path === undefined) return undefined;
  const direct = readText(body, path);
  if (direct !== undefined) return direct;
  const key = path.join('.');
  for (const mirror of shape.mirrors) {
    if (mirror.source.join('.') !== key) continue;
    const copy = readText(body, mirror.path);
    if (copy !== undefined) return copy;
  }
  return undefined;
}

export function safeStatus(status: unknown): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 999 ? status : 0;
}

export function decodeHostError(tables: ErrorTables, host: HostErrorSpec, input: DecodeInput): DecodedError {
  const status = safeStatus(input.status);
  let body: unknown;
  try {
    body = parseBody(input.body);
  } catch {
    body = undefined;
  }
  let decoded: DecodedError;
  try {
    decoded = decodeParsed(tables, host, status, body, input.endpoint);
  } catch {
    decoded = unrecognised(tables, host, status, undefined);
  }
  // A body parsed from text is plain JSON: kept as is when small, else dropped (its text is long).
  const rawLength = typeof input.body === 'string' && typeof body !== 'string' ? input.body.length : undefined;
  return { ...decoded, body: keptBody(decoded.body, rawLength) };
}

function unrecognised(tables: ErrorTables, host: HostErrorSpec, status: number, body: unknown): DecodedError {
  const category = categoryOfStatus(tables, status);
  const text = typeof body === 'string' && body.trim() !== '' ? truncate(body.trim(), 200) : undefined;
  return {
    host: host.name,
    status,
    shape: 'unrecognised',
    code: `http_${status}`,
    known: false,
    category,
    retryable: tables.categories[category]?.retryable ?? false,
    message: text === undefined ? `HTTP ${status}` : `HTTP ${status}: ${text}`,
    fields: [],
    rules: [],
    body,
  };
}

function decodeParsed(tables: ErrorTables, host: HostErrorSpec, status: number, body: unknown, endpoint: EndpointErrorSpec | undefined): DecodedError {
  const shape = recognise(tables, endpoint?.shapes ?? host.shapes, body);
  const base = shape === undefined ? unrecognised(tables, host, status, body) : readShape(tables, host, shape, status, body);
  const withMessages = shape === undefined ? base : applyMessages(tables, host, shape, body, base, endpoint);
  return applyQuirks(tables, withMessages, endpoint, body);
}

function readShape(tables: ErrorTables, host: HostErrorSpec, shape: ShapeSpec, status: number, body: unknown): DecodedError {
  const read = (path: BodyPath | undefined) => readWithMirrors(shape, body, path);
  const code = read(shape.read.code) ?? `http_${status}`;
  const rows = host.codeShape === shape.name ? host.codes.filter((r) => r.code === code) : [];
  const kind = read(shape.read.kind);
  const row = rows.find((r) => r.status === status && (kind === undefined || r.kind === undefined || r.kind === kind)) ?? rows.find((r) => r.status === status);
  const category = row?.category ?? categoryOfStatus(tables, status);
  const human = read(shape.read.human);
  const message = read(shape.read.message);
  const detail = read(shape.read.detail);
  const claimed = shape.read.status === undefined ? undefined : readPath(body, shape.read.status);
  const bodyStatus = typeof claimed === 'number' ? safeStatus(claimed) : 0;
  return {
    host: host.name,
    status,
    shape: shape.name,
    code,
    known: rows.length > 0,
    category,
    retryable: tables.categories[category]?.retryable ?? false,
    message: firstText(human, message, detail) ?? `HTTP ${status} ${code}`,
    fields: readFieldErrors(shape, body),
    ...(kind === undefined ? {} : { kind }),
    ...(bodyStatus !== status && bodyStatus > 0 ? { bodyStatus } : {}),
    rules: [],
    body,
  };
}

function firstText(...texts: (string | undefined)[]): string | undefined {
  return texts.find((t) => t !== undefined && t.trim() !== '');
}

const MAX_FIELD_ERRORS = 100;

function readFieldErrors(shape: ShapeSpec, body: unknown): FieldError[] {
  const spec = shape.fieldErrors;
  if (spec === undefined) return [];
  const list = readPath(body, spec.path);
  if (!Array.isArray(list)) return [];
  const out: FieldError[] = [];
  for (const entry of list.slice(0, MAX_FIELD_ERRORS)) {
    const message = readText(entry, spec.message);
    const field = spec.field === undefined ? undefined : readText(entry, spec.field);
    if (message !== undefined || field !== undefined) out.push({ field: field ?? '', message: message ?? '' });
  }
  return out;
}

/** Messages that do not name their field are mapped to request fields by the host's table. */
function applyMessages(tables: ErrorTables, host: HostErrorSpec, shape: ShapeSpec, body: unknown, decoded: DecodedError, endpoint: EndpointErrorSpec | undefined): DecodedError {
  const table = host.messages;
  if (table === undefined) return decoded;
  const known = endpoint !== undefined && endpoint.fieldPaths.length > 0 ? endpoint.fieldPaths : host.fieldPaths;
  const texts = messageTexts(shape, body, decoded);
  const hits: { id: string; fields: readonly string[]; ambiguous: boolean; text: string }[] = [];
  for (const text of texts) {
    const match = matchMessage(table, text, known);
    if (match !== undefined && !hits.some((h) => h.id === match.row.id && h.text === text)) {
      hits.push({ id: match.row.id, fields: match.fields, ambiguous: match.row.ambiguous === true, text });
    }
  }
  if (hits.length === 0 && texts.length > 0 && texts.every((t) => t === '')) {
    const empty = matchEmptyMessage(table, known);
    if (empty !== undefined && (empty.row.status === undefined || empty.row.status === decoded.status)) {
      hits.push({ id: empty.row.id, fields: empty.fields, ambiguous: empty.row.ambiguous === true, text: '' });
    }
  }
  if (hits.length === 0) return decoded;
  return withMessageHits(tables, table.advice, decoded, hits);
}

function messageTexts(shape: ShapeSpec, body: unknown, decoded: DecodedError): string[] {
  const texts: string[] = decoded.fields.filter((f) => f.field === '').map((f) => f.message);
  for (const path of [shape.read.message, shape.read.human, shape.read.detail]) {
    const text = path === undefined ? undefined : readWithMirrors(shape, body, path);
    if (text !== undefined) texts.push(text);
  }
  return texts;
}

function withMessageHits(
  tables: ErrorTables,
  advice: Readonly<Record<string, MessageRowAdvice>>,
  decoded: DecodedError,
  hits: readonly { id: string; fields: readonly string[]; ambiguous: boolean; text: string }[],
): DecodedError {
  // Unnamed field errors whose text a row explained are replaced by the fields it names.
  const explained = new Set(hits.map((h) => h.text));
  const fields: FieldError[] = decoded.fields.filter((f) => f.field !== '' || !explained.has(f.message));
  for (const hit of hits) {
    for (const field of hit.fields) {
      if (!fields.some((f) => f.field === field)) fields.push({ field, message: hit.text, ...(hit.ambiguous ? { ambiguous: true } : {}) });
    }
  }
  let result: DecodedError = { ...decoded, fields, rules: [...decoded.rules, ...hits.map((h) => h.id)] };
  const hints: string[] = [];
  for (const hit of hits) {
    const a = Object.prototype.hasOwnProperty.call(advice, hit.id) ? advice[hit.id] : undefined;
    if (a === undefined) continue;
    if (a.retry !== undefined) result = { ...result, retry: a.retry };
    const policy = a.policy === undefined ? undefined : tables.policies[a.policy];
    const category = policy?.category ?? a.category;
    if (category !== undefined) result = { ...result, category, retryable: tables.categories[category]?.retryable ?? false };
    if (policy !== undefined) {
      result = { ...result, policy };
      hints.push(policyHint(policy));
    } else if (a.cause !== undefined) {
      hints.push(a.cause);
    }
  }
  return hints.length === 0 ? result : { ...result, hint: joinHints(result.hint, hints) };
}

function policyHint(policy: PolicySpec): string {
  const ways = policy.restrictions.map((r) => `${r.name}: lifted by ${r.liftedBy}; retry later ${r.retryLater === 'after_window' ? 'works after the window resets' : r.retryLater === 'yes' ? 'works' : 'does not work'}`);
  return `${policy.description ?? `${policy.name} failed.`} One of these restrictions applies — ${ways.join('; ')}.`;
}

function joinHints(existing: string | undefined, more: readonly string[]): string {
  return [existing, ...more].filter((h): h is string => h !== undefined && h !== '').join(' ');
}

function applyQuirks(tables: ErrorTables, decoded: DecodedError, endpoint: EndpointErrorSpec | undefined, body: unknown): DecodedError {
  if (endpoint === undefined) return decoded;
  const empty = body === undefined || body === '' || (typeof body === 'string' && body.length === 0);
  let result = decoded;
  for (const quirk of endpoint.quirks) {
    if (!statusMatches(quirk.status, decoded.status) || (quirk.emptyBody === true && !empty)) continue;
    const category = quirk.category ?? result.category;
    result = {
      ...result,
      // With no envelope to read, the rule's own words are the best message.
      ...(result.shape === 'unrecognised' ? { message: quirk.hint } : {}),
      category,
      retryable: tables.categories[category]?.retryable ?? false,
      hint: joinHints(result.hint, [quirk.hint]),
      rules: [...result.rules, quirk.id],
    };
  }
  return result;
}

/** Quirks that turn a success status into an error (e.g. 200 with a zero-byte body). */
export function successQuirk(endpoint: EndpointErrorSpec, status: number, bodyLength: number): QuirkSpec | undefined {
  return endpoint.quirks.find((q) => q.error === true && statusMatches(q.status, status) && (q.emptyBody !== true || bodyLength === 0));
}

/**
 * Entry point of the generated decoders: chooses the host's tables by name (never by the body),
 * uses the endpoint's rules only when that endpoint is on this host, and accepts anything.
 */
export function decodeForHost(
  tables: ErrorTables,
  hosts: Readonly<Record<string, HostErrorSpec>>,
  endpoints: Readonly<Record<string, EndpointErrorSpec & { readonly host: string }>>,
  hostName: unknown,
  input: unknown,
): DecodedError {
  const name = typeof hostName === 'string' ? hostName : '';
  const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
  const host: HostErrorSpec = own(hosts, name) ? (hosts[name] as HostErrorSpec) : { name, shapes: [], codes: [], fieldPaths: [] };
  const status = safeStatus(field(input, 'status'));
  const body = field(input, 'body');
  const endpointName = field(input, 'endpoint');
  const endpoint = typeof endpointName === 'string' && own(endpoints, endpointName) ? endpoints[endpointName] : undefined;
  return decodeHostError(tables, host, { status, body, ...(endpoint !== undefined && endpoint.host === name ? { endpoint } : {}) });
}

/** `decodeError`'s dispatch: the host named by the input, read without trusting the input. */
export function decodeByHost(
  tables: ErrorTables,
  hosts: Readonly<Record<string, HostErrorSpec>>,
  endpoints: Readonly<Record<string, EndpointErrorSpec & { readonly host: string }>>,
  input: unknown,
): DecodedError {
  return decodeForHost(tables, hosts, endpoints, field(input, 'host'), input);
}

/** Reads one property of an untrusted input; getters and proxies that throw yield undefined. */
function field(input: unknown, key: string): unknown {
  try {
    return isRecord(input) ? input[key] : undefined;
  } catch {
    return undefined;
  }
}
