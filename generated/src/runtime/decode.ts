/**
 * The error decoder engine. Generated per-host decoders call `decodeForHost` with that host's
 * name; the host is always chosen by the caller, never guessed from the body's shape. It never
 * throws: every input, however hostile, yields a decoded error with the HTTP status.
 *
 * Decoding runs a plan compiled once from the tables (plan.ts). A body that is plain JSON data is
 * read in one pass that also checks it: it is then kept as given, since its JSON copy would be
 * equal. Anything else is read as it always was and kept as its JSON copy.
 */
import {
  hasPath,
  isRecord,
  keptBody,
  MAX_KEPT_JSON,
  parseBody,
  parseJsonContainer,
  readPath,
  scalarText,
  scanPlainJson,
  truncate,
} from './body.js';
import { compilePlan, hasOwn, planOf, tablesPlanOf, type CodeRow, type DecodePlan, type FieldErrorsPlan, type Presence, type ShapePlan, type TextRead } from './plan.js';
import type { BodyPath, EndpointErrorRules, EndpointErrorSpec, ErrorTables, HostErrorSpec, PolicySpec, QuirkSpec } from './spec.js';
import { safeStatus, statusMatches } from './status.js';
import type { SupportReport } from './support.js';

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

// ---------------------------------------------------------------------------------------------
// Reading the body. Plain JSON data is scanned once: `found` then holds the value at every path
// the plan reads. Any other value (`found` undefined) is read path by path, through own
// properties, only as far as the decode goes, as it always was.
// ---------------------------------------------------------------------------------------------

/** What a scan of the body found at each of the plan's paths; undefined: read them as needed. */
export type Found = readonly unknown[] | undefined;

function valueAt(plan: DecodePlan, body: unknown, found: Found, slot: number): unknown {
  return found === undefined ? readPath(body, plan.paths[slot] as BodyPath) : found[slot];
}

function isPresent(plan: DecodePlan, body: unknown, found: Found, p: Presence): boolean {
  if (p.slot < 0) return false;
  if (found === undefined) return hasPath(body, plan.paths[p.slot] as BodyPath);
  // Scanned data has no undefined values: a key is present exactly when a value was found.
  if (p.index === undefined) return found[p.slot] !== undefined;
  const parent = found[p.parent];
  return Array.isArray(parent) && p.index < parent.length;
}

export function textOf(plan: DecodePlan, body: unknown, found: Found, read: TextRead | undefined): string | undefined {
  if (read === undefined) return undefined;
  const direct = scalarText(valueAt(plan, body, found, read.slot));
  if (direct !== undefined) return direct;
  for (const mirror of read.mirrors) {
    const copy = scalarText(valueAt(plan, body, found, mirror));
    if (copy !== undefined) return copy;
  }
  return undefined;
}

function recognise(plan: DecodePlan, body: unknown, found: Found): ShapePlan | undefined {
  if (!isRecord(body)) return undefined;
  for (const shape of plan.shapes) {
    if (matches(plan, body, found, shape)) return shape;
  }
  return undefined;
}

function matches(plan: DecodePlan, body: unknown, found: Found, shape: ShapePlan): boolean {
  for (const p of shape.present) if (!isPresent(plan, body, found, p)) return false;
  for (const e of shape.equals) if (valueAt(plan, body, found, e.slot) !== e.value) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

export function decodeHostError(tables: ErrorTables, host: HostErrorSpec, input: DecodeInput): DecodedError {
  const plan = planOf(tablesPlanOf(tables), host, input.endpoint);
  return decodeWith(plan, host.name, safeStatus(input.status), input.body);
}

/** Decodes a body of any kind: JSON text, parsed data, or any other value. */
function decodeWith(plan: DecodePlan, host: string, status: number, raw: unknown): DecodedError {
  if (typeof raw === 'string') return decodeText(plan, host, status, raw);
  if (typeof raw !== 'object' || raw === null) return decodeBody(plan, raw, undefined, host, status, keptBody(raw));
  const found = new Array<unknown>(plan.paths.length);
  // Plain JSON data is kept as given: it is what its JSON copy would be.
  if (scanPlainJson(raw, plan.trie, found)) return decodeBody(plan, raw, found, host, status, raw);
  return decodeBody(plan, raw, undefined, host, status, keptBody(raw));
}

function decodeText(plan: DecodePlan, host: string, status: number, raw: string): DecodedError {
  const quick = raw.length <= MAX_KEPT_JSON ? parseJsonContainer(raw) : undefined;
  if (quick !== undefined) {
    const found = new Array<unknown>(plan.paths.length);
    // Data the scan accepts is within parseBody's depth and structure limits: parseBody's answer.
    if (scanPlainJson(quick, plan.trie, found)) return decodeBody(plan, quick, found, host, status, quick);
  }
  let body: unknown;
  try {
    body = parseBody(raw);
  } catch {
    body = undefined;
  }
  // A body parsed from text is plain JSON: kept as is when small, else dropped (its text is long).
  const kept = keptBody(body, raw.length);
  return decodeBody(plan, body, undefined, host, status, kept);
}

/** Decodes `body` (read through `found` when scanned) into a result carrying `kept`. Never throws. */
function decodeBody(plan: DecodePlan, body: unknown, found: Found, host: string, status: number, kept: unknown): DecodedError {
  try {
    const shape = recognise(plan, body, found);
    let decoded = shape === undefined ? unrecognised(plan, host, status, body, kept) : readShape(plan, body, found, shape, host, status, kept);
    // Message tables and quirks are decode-rules.ts's, named by the tables only where a contract has them.
    const rules = plan.tables.tables.rules;
    if (rules === undefined) return decoded;
    if (shape !== undefined && plan.messages !== undefined) decoded = rules.messages(plan, body, found, shape, decoded);
    return plan.endpoint === undefined || plan.endpoint.quirks.length === 0 ? decoded : rules.quirks(plan, plan.endpoint, decoded, body);
  } catch {
    return unrecognised(plan, host, status, undefined, undefined);
  }
}

function unrecognised(plan: DecodePlan, host: string, status: number, body: unknown, kept: unknown): DecodedError {
  const text = typeof body === 'string' ? body.trim() : '';
  return {
    host,
    status,
    shape: 'unrecognised',
    code: `http_${status}`,
    known: false,
    category: plan.tables.statusCategory[status] as string,
    retryable: plan.tables.statusRetryable[status] as boolean,
    message: text === '' ? `HTTP ${status}` : `HTTP ${status}: ${truncate(text, 200)}`,
    fields: [],
    rules: [],
    body: kept,
  };
}

function readShape(plan: DecodePlan, body: unknown, found: Found, shape: ShapePlan, host: string, status: number, kept: unknown): DecodedError {
  const code = textOf(plan, body, found, shape.code) ?? `http_${status}`;
  const rows = shape.codes?.get(code);
  const kind = textOf(plan, body, found, shape.kind);
  const row = rows === undefined ? undefined : rowOf(rows, status, kind);
  const head: ShapeHead = {
    host,
    status,
    shape: shape.name,
    code,
    known: rows !== undefined,
    category: row === undefined ? (plan.tables.statusCategory[status] as string) : row.spec.category,
    retryable: row === undefined ? (plan.tables.statusRetryable[status] as boolean) : row.retryable,
    message: messageOf(plan, body, found, shape) ?? `HTTP ${status} ${code}`,
    fields: readFieldErrors(plan, body, found, shape),
  };
  return withExtras(head, kind, bodyStatusOf(plan, body, found, shape, status), kept);
}

type ShapeHead = Pick<DecodedError, 'host' | 'status' | 'shape' | 'code' | 'known' | 'category' | 'retryable' | 'message' | 'fields'>;

/** The result, in the key order the decoders have always had: kind and bodyStatus before rules. */
function withExtras(h: ShapeHead, kind: string | undefined, bodyStatus: number, body: unknown): DecodedError {
  if (bodyStatus > 0) return { ...h, ...(kind === undefined ? {} : { kind }), bodyStatus, rules: [], body };
  const { host, status, shape, code, known, category, retryable, message, fields } = h;
  return kind === undefined
    ? { host, status, shape, code, known, category, retryable, message, fields, rules: [], body }
    : { host, status, shape, code, known, category, retryable, message, fields, kind, rules: [], body };
}

/** The envelope's own words: its human text, else its message, else its detail. */
function messageOf(plan: DecodePlan, body: unknown, found: Found, shape: ShapePlan): string | undefined {
  const human = textOf(plan, body, found, shape.human);
  const message = textOf(plan, body, found, shape.message);
  const detail = textOf(plan, body, found, shape.detail);
  return nonBlank(human) ?? nonBlank(message) ?? nonBlank(detail);
}

/** The status the body claims, when it is an HTTP status other than the response's; else 0. */
function bodyStatusOf(plan: DecodePlan, body: unknown, found: Found, shape: ShapePlan, status: number): number {
  const claimed = shape.status < 0 ? undefined : valueAt(plan, body, found, shape.status);
  const bodyStatus = typeof claimed === 'number' ? safeStatus(claimed) : 0;
  return bodyStatus === status ? 0 : bodyStatus;
}

/** The row for this status, preferring one whose kind agrees with the body's. */
function rowOf(rows: readonly CodeRow[], status: number, kind: string | undefined): CodeRow | undefined {
  let fallback: CodeRow | undefined;
  for (const row of rows) {
    if (row.spec.status !== status) continue;
    if (kind === undefined || row.spec.kind === undefined || row.spec.kind === kind) return row;
    fallback ??= row;
  }
  return fallback;
}

function nonBlank(text: string | undefined): string | undefined {
  if (text === undefined || text === '') return undefined;
  // Most texts start with a printable ASCII character: no need to trim them to know.
  const first = text.charCodeAt(0);
  return (first > 0x20 && first < 0x7f) || text.trim() !== '' ? text : undefined;
}

const MAX_FIELD_ERRORS = 100;

function readFieldErrors(plan: DecodePlan, body: unknown, found: Found, shape: ShapePlan): FieldError[] {
  const spec = shape.fieldErrors;
  const out: FieldError[] = [];
  if (spec === undefined) return out;
  const list = valueAt(plan, body, found, spec.slot);
  if (!Array.isArray(list)) return out;
  const count = Math.min(list.length, MAX_FIELD_ERRORS);
  for (let i = 0; i < count; i++) {
    const entry: unknown = list[i];
    const texts = found !== undefined && spec.keys !== undefined ? entryTexts(entry, spec.keys) : entryTextsAt(entry, spec);
    if (texts !== undefined) out.push(texts);
  }
  return out;
}

/** An entry's field error, read in one pass over the keys of a scanned (plain) entry. */
function entryTexts(entry: unknown, keys: NonNullable<FieldErrorsPlan['keys']>): FieldError | undefined {
  if (!isRecord(entry)) return undefined;
  let message: string | undefined;
  let field: string | undefined;
  for (const key in entry) {
    if (!hasOwn(entry, key)) continue;
    if (key === keys.message) message = scalarText(entry[key]);
    if (key === keys.field) field = scalarText(entry[key]);
  }
  return message === undefined && field === undefined ? undefined : { field: field ?? '', message: message ?? '' };
}

function entryTextsAt(entry: unknown, spec: FieldErrorsPlan): FieldError | undefined {
  const message = scalarText(readPath(entry, spec.message));
  const field = spec.field === undefined ? undefined : scalarText(readPath(entry, spec.field));
  return message === undefined && field === undefined ? undefined : { field: field ?? '', message: message ?? '' };
}

/** The guidance a `once_then_support` rule gives on the first failure, and after the retry failed too. */
export const RETRY_ONCE_HINT: string = 'Retry the call once; if it fails again, contact support.';
export const RETRIED_ONCE_HINT: string = 'It failed again after one retry: contact support.';

/** The error of a `once_then_support` failure that was already retried once: not retryable, and the support guidance. */
export function retriedOnce<E extends { readonly retryable: boolean; readonly hint?: string }>(error: E): E {
  return { ...error, retryable: false, hint: error.hint === undefined ? RETRIED_ONCE_HINT : error.hint.replace(RETRY_ONCE_HINT, RETRIED_ONCE_HINT) };
}

/** Quirks that turn a success status into an error (e.g. 200 with a zero-byte body). */
export function successQuirk(endpoint: EndpointErrorSpec, status: number, bodyLength: number): QuirkSpec | undefined {
  return endpoint.quirks.find((q) => q.error === true && statusMatches(q.status, status) && (q.emptyBody !== true || bodyLength === 0));
}

// ---------------------------------------------------------------------------------------------
// Entry points of the generated decoders
// ---------------------------------------------------------------------------------------------

type EndpointTable = Readonly<Record<string, EndpointErrorRules>>;

/** The last dispatch: a program decodes for the same host and endpoint again and again. */
let lastDispatch: {
  readonly tables: ErrorTables;
  readonly hosts: object;
  readonly endpoints: object;
  readonly name: string;
  readonly endpoint: unknown;
  readonly host: string;
  readonly plan: DecodePlan;
} | undefined;

/**
 * Entry point of the generated decoders: chooses the host's tables by name (never by the body),
 * uses the endpoint's rules only when that endpoint is on this host, and accepts anything.
 */
export function decodeForHost(
  tables: ErrorTables,
  hosts: Readonly<Record<string, HostErrorSpec>>,
  endpoints: EndpointTable,
  hostName: unknown,
  input: unknown,
): DecodedError {
  const name = typeof hostName === 'string' ? hostName : '';
  const status = safeStatus(field(input, 'status'));
  const body = field(input, 'body');
  const endpointName = field(input, 'endpoint');
  const last = lastDispatch;
  if (last !== undefined && last.tables === tables && last.hosts === hosts && last.endpoints === endpoints && last.name === name && last.endpoint === endpointName) {
    return decodeWith(last.plan, last.host, status, body);
  }
  return decodeDispatched(tables, hosts, endpoints, name, endpointName, status, body);
}

function decodeDispatched(
  tables: ErrorTables,
  hosts: Readonly<Record<string, HostErrorSpec>>,
  endpoints: EndpointTable,
  name: string,
  endpointName: unknown,
  status: number,
  body: unknown,
): DecodedError {
  const host = hasOwn(hosts, name) ? hosts[name] : undefined;
  const named = typeof endpointName === 'string' && hasOwn(endpoints, endpointName) ? endpoints[endpointName] : undefined;
  const endpoint = named !== undefined && named.host === name ? named : undefined;
  if (host === undefined) {
    // An unknown host has no tables of its own; its plan is not worth keeping.
    const plan = compilePlan(tablesPlanOf(tables), { name, shapes: [], codes: [], fieldPaths: [] }, endpoint);
    return decodeWith(plan, name, status, body);
  }
  const plan = planOf(tablesPlanOf(tables), host, endpoint);
  // Only string names are remembered: the check above compares them by value.
  if (endpointName === undefined || typeof endpointName === 'string') lastDispatch = { tables, hosts, endpoints, name, endpoint: endpointName, host: host.name, plan };
  return decodeWith(plan, host.name, status, body);
}

/** `decodeError`'s dispatch: the host named by the input, read without trusting the input. */
export function decodeByHost(
  tables: ErrorTables,
  hosts: Readonly<Record<string, HostErrorSpec>>,
  endpoints: EndpointTable,
  input: unknown,
): DecodedError {
  return decodeForHost(tables, hosts, endpoints, field(input, 'host'), input);
}

/** Reads one property of an untrusted input; getters and proxies that throw yield undefined. */
function field(input: unknown, key: 'host' | 'status' | 'body' | 'endpoint'): unknown {
  try {
    if (!isRecord(input)) return undefined;
    // Named reads: each call site reads one known property.
    switch (key) {
      case 'host':
        return input.host;
      case 'status':
        return input.status;
      case 'body':
        return input.body;
      case 'endpoint':
        return input.endpoint;
    }
  } catch {
    return undefined;
  }
}
