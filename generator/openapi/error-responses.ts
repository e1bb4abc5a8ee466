/**
 * Error responses. Each host gets one response component per status its code table lists (plus
 * the token status on hosts with authenticated endpoints) and a `default`, all answering with the
 * host's envelope; an endpoint refers to them unless it says more about that status (a declared
 * response or a quirk), in which case it gets its own response with the same facts and its own.
 */
import { knowledge } from '../model/knowledge.js';
import { formatStatus, statusMatches } from '../model/values.js';
import type { Contract, Host, Quirk, ResponseSpec, StatusPattern } from '../model/types.js';
import { nonEmpty, ownText, paragraphs, ref, type Json, type JsonObject } from './json.js';
import { envelopeSchemaName, shapeSchemaName } from './shapes.js';
import { typeRefSchema } from './schemas.js';

/** `fulfilment.400`. */
export function responseComponentName(host: string, status: number | 'default'): string {
  return `${host}.${status}`;
}

type StatusLists = { readonly plain: readonly number[]; readonly withToken: readonly number[] };
// Per contract: the token status comes from the contract's auth, not from the host.
const statusLists = new WeakMap<Contract, Map<string, StatusLists>>();

/** The host's code-table statuses, and the token status when tokens are sent to it, ascending. */
export function hostErrorStatuses(contract: Contract, host: Host, needsToken: boolean): readonly number[] {
  let byHost = statusLists.get(contract);
  if (byHost === undefined) statusLists.set(contract, (byHost = new Map()));
  let lists = byHost.get(host.name);
  if (lists === undefined) {
    const plain = [...new Set(host.codes.rows.map((r) => r.status))].sort((a, b) => a - b);
    const token = contract.auth?.unauthorized.status;
    const withToken = token === undefined || plain.includes(token) ? plain : [...plain, token].sort((a, b) => a - b);
    byHost.set(host.name, (lists = { plain, withToken }));
  }
  return needsToken ? lists.withToken : lists.plain;
}

export function errorResponseComponents(contract: Contract): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const host of contract.hosts) {
    const k = knowledge(contract);
    const needsToken = contract.endpoints.some((e) => e.host === host.name && k.usesTokenFlow(e));
    for (const status of hostErrorStatuses(contract, host, needsToken)) {
      out[responseComponentName(host.name, status)] = errorResponse(contract, host, { status: { kind: 'exact', status }, declared: undefined, quirks: [], needsToken });
    }
    out[responseComponentName(host.name, 'default')] = defaultResponse(contract, host);
  }
  return out;
}

export interface ErrorResponseInput {
  readonly status: StatusPattern;
  /** The endpoint's own response for this status, if it declares one. */
  readonly declared: ResponseSpec | undefined;
  /** The endpoint's quirks that apply to this status. */
  readonly quirks: readonly Quirk[];
  /** The endpoint sends a token (components: any endpoint that does). */
  readonly needsToken: boolean;
}

export function errorResponse(contract: Contract, host: Host, input: ErrorResponseInput): JsonObject {
  const { declared, status } = input;
  const schema = errorSchema(contract, host, declared);
  const description = paragraphs([
    declared?.description,
    declared?.notShown,
    listsCodes(host, declared) ? codesSentence(host, status) : undefined,
    input.needsToken ? unauthorizedNote(contract, status) : undefined,
    quirkNotes(input.quirks),
    supportNote(contract, status),
  ]);
  const written = description ?? fallbackDescription(contract, status);
  return {
    description: written,
    'x-contractgen-description': declared === undefined ? undefined : ownText(written, declared.description),
    content: schema === undefined ? undefined : mediaContent(declared?.contentTypes ?? [], schema),
    'x-contractgen-quirks': nonEmpty(input.quirks.map((q) => q.id)),
    'x-contractgen-not-shown': declared?.notShown,
  };
}

const sentences = new WeakMap<Host, Map<string, string | undefined>>();

/**
 * The code rows of a status, for people: `Codes: \`not_found\` (kind not_found, category not_found).`
 * The table itself, for tools, is the envelope's `x-contractgen-codes`: one copy, not one per use.
 */
function codesSentence(host: Host, status: StatusPattern): string | undefined {
  let byStatus = sentences.get(host);
  if (byStatus === undefined) sentences.set(host, (byStatus = new Map()));
  const key = formatStatus(status);
  if (byStatus.has(key)) return byStatus.get(key);
  const rows = host.codes.rows.filter((r) => overlaps(status, { kind: 'exact', status: r.status }));
  const sentence = rows.length === 0 ? undefined : `Codes: ${rows.map((r) => `\`${r.code}\` (${r.kind === undefined ? '' : `kind ${r.kind}, `}category ${r.category})`).join(', ')}.`;
  byStatus.set(key, sentence);
  return sentence;
}

/** A declared shape or body wins; a declared response with neither stays open (no content). */
function errorSchema(contract: Contract, host: Host, declared: ResponseSpec | undefined): JsonObject | undefined {
  if (declared === undefined) return ref('schemas', envelopeSchemaName(host.name));
  if (declared.shape !== undefined) return ref('schemas', shapeSchemaName(declared.shape));
  return declared.body === undefined ? undefined : typeRefSchema(declared.body, knowledge(contract));
}

/** Code rows describe bodies in the code table's shape: list them only where that shape can answer. */
function listsCodes(host: Host, declared: ResponseSpec | undefined): boolean {
  if (declared === undefined) return true;
  return declared.shape !== undefined && declared.shape === host.codes.shape;
}

function unauthorizedNote(contract: Contract, status: StatusPattern): string | undefined {
  const auth = contract.auth;
  if (auth === undefined || !overlaps(status, { kind: 'exact', status: auth.unauthorized.status })) return undefined;
  const replay = auth.unauthorized.replay === 'once' ? '; the client drops the token and replays the request once' : '';
  return `On endpoints that need a token, a missing or expired token answers ${auth.unauthorized.status} with the \`${auth.unauthorized.shape}\` shape${replay}.`;
}

export function quirkNotes(quirks: readonly Quirk[]): string | undefined {
  if (quirks.length === 0) return undefined;
  return quirks.map((q) => `Quirk \`${q.id}\`${quirkOutcome(q)}: ${q.hint}`).join('\n\n');
}

/** `(empty body, reported as an error, category not_found)`, or nothing. */
function quirkOutcome(q: Quirk): string {
  const parts = [q.when.emptyBody ? 'empty body' : undefined, q.error ? 'reported as an error' : undefined, q.category === undefined ? undefined : `category ${q.category}`];
  const said = parts.filter((p) => p !== undefined);
  return said.length === 0 ? '' : ` (${said.join(', ')})`;
}

function supportNote(contract: Contract, status: StatusPattern): string | undefined {
  const support = contract.support;
  if (support === undefined || !support.reportOn.some((p) => overlaps(p, status))) return undefined;
  return support.description ?? `Report it to support (${support.contact}) with the ${support.include.join(', ')}.`;
}

function fallbackDescription(contract: Contract, status: StatusPattern): string {
  const category = categoryOf(contract, status);
  return `Status ${formatStatus(status)}${category === undefined ? '' : `, category ${category}`}.`;
}

/** Any status the endpoint does not list: the host's envelope, or what the endpoint's own `default` declares. */
export function defaultResponse(contract: Contract, host: Host, declared?: ResponseSpec): JsonObject {
  const byStatus = contract.statusCategories.map((r) => `${formatStatus(r.status)} ${r.category}`).join(', ');
  const envelope = declared === undefined || (declared.shape === undefined && declared.body === undefined);
  const schema = envelope ? ref('schemas', envelopeSchemaName(host.name)) : errorSchema(contract, host, declared);
  const description = paragraphs([
    declared?.description,
    declared?.notShown,
    envelope ? `Any other error status: a body in the ${host.name} host's error envelope.` : 'Any other error status.',
    byStatus === '' ? undefined : `Categories by status: ${byStatus}.`,
    supportNote(contract, { kind: 'class', statusClass: 5 }),
  ]);
  return {
    description,
    'x-contractgen-description': declared === undefined ? undefined : ownText(description, declared.description),
    content: schema === undefined ? undefined : mediaContent(declared?.contentTypes ?? [], schema),
    'x-contractgen-not-shown': declared?.notShown,
  };
}

/** The category `statusCategories` gives a status: an exact rule first, then its class. */
function categoryOf(contract: Contract, status: StatusPattern): string | undefined {
  const rules = contract.statusCategories;
  if (status.kind === 'exact') {
    const exact = rules.find((r) => r.status.kind === 'exact' && r.status.status === status.status);
    if (exact !== undefined) return exact.category;
  }
  const statusClass = status.kind === 'exact' ? Math.floor(status.status / 100) : status.statusClass;
  return rules.find((r) => r.status.kind === 'class' && r.status.statusClass === statusClass)?.category;
}

/** Whether two status patterns can name the same status (`500` and `5XX` do). */
export function overlaps(a: StatusPattern, b: StatusPattern): boolean {
  if (a.kind === 'exact') return statusMatches(b, a.status);
  if (b.kind === 'exact') return statusMatches(a, b.status);
  return a.statusClass === b.statusClass;
}

/** A body's `content`: the schema under each media type the contract lists for it (JSON when none). */
export function mediaContent(types: readonly string[], schema: Json): JsonObject {
  return Object.fromEntries((types.length === 0 ? ['application/json'] : types).map((t) => [t, { schema }]));
}
