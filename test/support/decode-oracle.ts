/**
 * An independent reading of the decoder's rules over the model, for the mocks tests. The generator
 * computes each fixture's expectation with the runtime decoder itself (what the client will really
 * return); this oracle restates the rules (recognition order, code rows, message rows, policies,
 * quirks) from the contract's side, so a fixture's shipped expectation is checked against a second
 * implementation and a decoder bug cannot pass as its own expectation.
 *
 * It reads bodies with the runtime's own path reader and message matcher: those are tested on
 * their own (templates/body.test.ts, templates/messages.test.ts).
 */
import { hasPath, isRecord, readPath, readText } from '../../templates/body.js';
import { matchEmptyMessage, matchMessage } from '../../templates/messages.js';
import type { MockExpectation as Expectation } from '../../templates/mocks.js';
import type { MessageTableData } from '../../templates/spec.js';
import { knowledge } from '../../generator/model/knowledge.js';
import { messageTableData } from '../../generator/model/message-data.js';
import type { BodyPath, Contract, Endpoint, ErrorShape, Host, JsonValue, Quirk } from '../../generator/model/types.js';
import { statusMatches } from '../../generator/model/values.js';

/** What the decoder should make of `body` (a JSON value, or none) with `status` from `host`, on `endpoint` when given. */
export function oracleExpectation(contract: Contract, host: Host, status: number, body: JsonValue | undefined, endpoint?: Endpoint): Expectation {
  const reader = hostReader(contract, host);
  return expectation(endpoint === undefined ? reader : endpointReader(contract, endpoint, reader), status, body);
}

interface Reader {
  readonly contract: Contract;
  readonly host: Host;
  /** Shapes in recognition order. */
  readonly shapes: readonly ErrorShape[];
  /** Request field paths message fields resolve against. */
  readonly known: readonly string[];
  readonly table: MessageTableData | undefined;
  readonly quirks: readonly Quirk[];
}

function hostReader(contract: Contract, host: Host): Reader {
  const shapes = knowledge(contract).hostShapes(host).flatMap((n) => knowledge(contract).shape(n) ?? []);
  const table = host.messages === undefined ? undefined : messageTableData(host.messages);
  return { contract, host, shapes, known: knowledge(contract).hostRequestPaths(host.name), table, quirks: [] };
}

/** The host's reader with an endpoint's recognition order, request fields and quirks. */
function endpointReader(contract: Contract, endpoint: Endpoint, host: Reader): Reader {
  const own = endpoint.request === undefined ? [] : knowledge(contract).fieldPaths(endpoint.request.body);
  const shapes = endpoint.errors.shapes.flatMap((n) => knowledge(contract).shape(n) ?? []);
  return { ...host, shapes, known: own.length > 0 ? own : host.known, quirks: endpoint.errors.quirks };
}

interface Decoded {
  readonly status: number;
  readonly shape: string;
  readonly code: string;
  readonly known: boolean;
  readonly kind?: string;
  readonly category: string;
  readonly rules: readonly string[];
  readonly fields: readonly { readonly field: string; readonly message: string }[];
  readonly policy?: string;
  readonly retry?: 'once_then_support';
}

function expectation(reader: Reader, status: number, body: JsonValue | undefined): Expectation {
  const shape = body === undefined ? undefined : reader.shapes.find((s) => shapeMatches(s, body));
  const base = shape === undefined ? unrecognised(reader, status) : withMessages(reader, shape, body, readShape(reader, shape, status, body));
  const d = withQuirks(reader, base, body === undefined);
  return {
    status: d.status,
    shape: d.shape,
    code: d.code,
    known: d.known,
    ...(d.kind === undefined ? {} : { kind: d.kind }),
    category: d.category,
    // A "retry once, then support" row is retryable on its first failure, whatever its category.
    retryable: d.retry === 'once_then_support' || (reader.contract.categories.find((c) => c.name === d.category)?.retryable ?? false),
    rules: d.rules,
    fields: d.fields.map((f) => ({ field: f.field })),
    ...(d.policy === undefined ? {} : { policy: { name: d.policy } }),
    ...(d.retry === undefined ? {} : { retry: d.retry }),
  };
}

function shapeMatches(shape: ErrorShape, body: unknown): boolean {
  return isRecord(body) && shape.match.present.every((p) => hasPath(body, p)) && shape.match.equals.every((e) => readPath(body, e.path) === e.value);
}

/** As the generated tables' fallback: the 5XX rule's category, else the first category. */
function categoryOf(contract: Contract, status: number): string {
  const rules = contract.statusCategories;
  const serverClass = rules.find((r) => r.status.kind === 'class' && r.status.statusClass === 5);
  return rules.find((r) => statusMatches(r.status, status))?.category ?? serverClass?.category ?? contract.categories[0]?.name ?? 'unknown';
}

function unrecognised(reader: Reader, status: number): Decoded {
  return { status, shape: 'unrecognised', code: `http_${status}`, known: false, category: categoryOf(reader.contract, status), rules: [], fields: [] };
}

function textAt(shape: ErrorShape, body: unknown, path: BodyPath | undefined): string | undefined {
  if (path === undefined) return undefined;
  const key = path.join('.');
  return readText(body, path) ?? shape.mirrors.filter((m) => m.source.join('.') === key).map((m) => readText(body, m.path)).find((t) => t !== undefined);
}

function readShape(reader: Reader, shape: ErrorShape, status: number, body: unknown): Decoded {
  const code = textAt(shape, body, shape.read.code) ?? `http_${status}`;
  const rows = reader.host.codes.shape === shape.name ? reader.host.codes.rows.filter((r) => r.code === code) : [];
  const kind = textAt(shape, body, shape.read.kind);
  const row = rows.find((r) => r.status === status && (kind === undefined || r.kind === undefined || r.kind === kind)) ?? rows.find((r) => r.status === status);
  const category = row?.category ?? categoryOf(reader.contract, status);
  return { status, shape: shape.name, code, known: rows.length > 0, ...(kind === undefined ? {} : { kind }), category, rules: [], fields: fieldErrors(shape, body) };
}

function fieldErrors(shape: ErrorShape, body: unknown): { field: string; message: string }[] {
  const spec = shape.fieldErrors;
  const list = spec === undefined ? undefined : readPath(body, spec.path);
  if (spec === undefined || !Array.isArray(list)) return [];
  return list.slice(0, 100).flatMap((entry: unknown) => {
    const message = readText(entry, spec.message);
    const field = spec.field === undefined ? undefined : readText(entry, spec.field);
    return message === undefined && field === undefined ? [] : [{ field: field ?? '', message: message ?? '' }];
  });
}

function withMessages(reader: Reader, shape: ErrorShape, body: unknown, d: Decoded): Decoded {
  const table = reader.table;
  if (table === undefined) return d;
  const texts = [...d.fields.filter((f) => f.field === '').map((f) => f.message), ...[shape.read.message, shape.read.human, shape.read.detail].flatMap((p) => textAt(shape, body, p) ?? [])];
  const hits: { id: string; fields: readonly string[]; text: string }[] = [];
  for (const text of texts) {
    const match = matchMessage(table, text, reader.known);
    if (match !== undefined && !hits.some((h) => h.id === match.row.id && h.text === text)) hits.push({ id: match.row.id, fields: match.fields, text });
  }
  if (hits.length === 0 && texts.length > 0 && texts.every((t) => t === '')) {
    const empty = matchEmptyMessage(table, reader.known);
    if (empty !== undefined && (empty.row.status === undefined || empty.row.status === d.status)) hits.push({ id: empty.row.id, fields: empty.fields, text: '' });
  }
  return hits.length === 0 ? d : withHits(reader, d, hits);
}

function withHits(reader: Reader, d: Decoded, hits: readonly { id: string; fields: readonly string[]; text: string }[]): Decoded {
  const explained = new Set(hits.map((h) => h.text));
  const fields = d.fields.filter((f) => f.field !== '' || !explained.has(f.message));
  for (const hit of hits) for (const field of hit.fields) if (!fields.some((f) => f.field === field)) fields.push({ field, message: hit.text });
  let result: Decoded = { ...d, fields, rules: [...d.rules, ...hits.map((h) => h.id)] };
  for (const hit of hits) {
    const row = reader.host.messages?.rows.find((r) => r.id === hit.id);
    const policy = reader.contract.policies.find((p) => p.name === row?.policy);
    const category = policy?.category ?? row?.category;
    if (row?.retry !== undefined) result = { ...result, retry: row.retry };
    if (category !== undefined) result = { ...result, category };
    if (policy !== undefined) result = { ...result, policy: policy.name };
  }
  return result;
}

function withQuirks(reader: Reader, d: Decoded, empty: boolean): Decoded {
  let result = d;
  for (const quirk of reader.quirks) {
    if (!statusMatches(quirk.when.status, d.status) || (quirk.when.emptyBody && !empty)) continue;
    result = { ...result, category: quirk.category ?? result.category, rules: [...result.rules, quirk.id] };
  }
  return result;
}
