/**
 * An endpoint's responses: the ones it declares, the host's error statuses (as references to the
 * host's response components), a response for each status a quirk is about, and `default`.
 */
import { knowledge } from '../model/knowledge.js';
import { formatStatus, isFollowedRedirect } from '../model/values.js';
import type { Knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint, Host, Quirk, ResponseSpec, ResponseStatus, ResponseStream, StatusPattern, TypeRef } from '../model/types.js';
import { defaultResponse, errorResponse, hostErrorStatuses, mediaContent, overlaps, quirkNotes, responseComponentName } from './error-responses.js';
import { flag, nonEmpty, ownText, paragraphs, ref, type Json, type JsonObject } from './json.js';
import { typeRefSchema } from './schemas.js';

const NONE: readonly Quirk[] = [];

/**
 * Exact statuses ascending, then classes (`2XX` … `5XX`), then `default`. JavaScript objects list
 * integer-like keys first, ascending, whatever the insertion order, so classes are added after and
 * cannot sit among the exact statuses of their class: the closest order a plain object can hold.
 */
export function endpointResponses(contract: Contract, endpoint: Endpoint, host: Host): JsonObject {
  const quirks = endpoint.errors.quirks;
  const needsToken = knowledge(contract).usesTokenFlow(endpoint);
  const at = (status: StatusPattern) => (quirks.length === 0 ? NONE : quirks.filter((q) => overlaps(q.when.status, status)));
  const out: Record<string, Json> = {};
  const classes: [string, Json][] = [];
  const put = (status: StatusPattern, response: Json) => {
    if (status.kind === 'exact') out[status.status] = response;
    else classes.push([formatStatus(status), response]);
  };
  let declaredDefault: Json | undefined;
  for (const r of endpoint.responses) {
    const status = r.status;
    // `default` is written last, as OpenAPI orders it: the success when the endpoint lists none, else its other errors.
    if (status.kind === 'default') declaredDefault = r.isError ? defaultResponse(contract, host, r) : successResponse(contract, r, NONE);
    else put(status, r.isError ? errorResponse(contract, host, { status, declared: r, quirks: at(status), needsToken }) : successResponse(contract, r, at(status)));
  }
  for (const code of hostErrorStatuses(contract, host, needsToken)) {
    if (out[code] !== undefined) continue;
    const status: StatusPattern = { kind: 'exact', status: code };
    const said = at(status);
    // A quirk adds to what the status means here, so the endpoint gets its own response.
    out[code] = said.length === 0 ? ref('responses', responseComponentName(host.name, code)) : added(errorResponse(contract, host, { status, declared: undefined, quirks: said, needsToken }));
  }
  for (const quirk of quirks) {
    const status = quirk.when.status;
    if (status.kind === 'exact' ? out[status.status] !== undefined : classes.some(([key]) => key === formatStatus(status))) continue;
    const said = at(status);
    put(status, added(isErrorStatus(status) ? errorResponse(contract, host, { status, declared: undefined, quirks: said, needsToken }) : { description: quirkNotes(said) }));
  }
  // A success `default` takes OpenAPI's `default`: the host's other errors go under 4XX and 5XX.
  if (endpoint.responses.some((r) => r.status.kind === 'default' && !r.isError)) {
    for (const key of ['4XX', '5XX']) if (!classes.some(([k]) => k === key)) classes.push([key, ref('responses', responseComponentName(host.name, 'default'))]);
  }
  for (const [key, response] of classes.sort(([a], [b]) => a.localeCompare(b))) out[key] = response;
  out['default'] = declaredDefault ?? ref('responses', responseComponentName(host.name, 'default'));
  return out;
}

/** A response written for a quirk on a status the endpoint does not list: marked so an import leaves it out. */
function added(response: JsonObject): JsonObject {
  return { ...response, 'x-contractgen-added': true };
}

function isErrorStatus(status: StatusPattern): boolean {
  return (status.kind === 'exact' ? Math.floor(status.status / 100) : status.statusClass) >= 4;
}

function successContent(contract: Contract, r: ResponseSpec): JsonObject | undefined {
  const body = r.body === undefined ? undefined : mediaContent(r.contentTypes, typeRefSchema(r.body, knowledge(contract)));
  if (r.stream === undefined) return body;
  return { ...body, [r.stream.contentType]: streamContent(knowledge(contract), r.stream) };
}

/**
 * A stream as OpenAPI 3.1 tools read one: `schema` is what 3.0 and 3.1 descriptions give (one
 * event's data for server-sent events, each line's item as an array of them for JSON lines and
 * sequences, bytes); `x-itemSchema` is OpenAPI 3.2's `itemSchema` (each event as parsed, told apart
 * by its `event` const, its data JSON by `contentSchema`); `x-contractgen-stream` the rest of the
 * contract's word.
 */
function streamContent(k: Knowledge, s: ResponseStream): JsonObject {
  const extra = {
    terminator: s.terminator,
    error: s.errorEvent,
    resumable: flag(s.resumable),
    when: s.when === undefined ? undefined : { field: s.when.field, equals: s.when.equals === true ? undefined : s.when.equals },
    idleTimeoutMs: s.idleTimeoutMs,
    description: s.description,
  };
  const declared = { format: s.format, ...extra };
  if (s.format === 'binary') return { schema: { type: 'string', format: 'binary' }, 'x-contractgen-stream': declared };
  if (s.format !== 'sse') {
    const item = s.item === undefined ? {} : typeRefSchema(s.item, k);
    return { schema: { type: 'array', items: item }, 'x-itemSchema': item, 'x-contractgen-stream': declared };
  }
  const data = (ref: TypeRef | undefined): JsonObject => (ref === undefined || k.isText(ref) ? { type: 'string' } : { type: 'string', contentMediaType: 'application/json', contentSchema: typeRefSchema(ref, k) });
  const envelope = { type: 'object', required: ['data'], properties: { data: { type: 'string' }, event: { type: 'string' }, id: { type: 'string' }, retry: { type: 'integer', minimum: 0 } } };
  if (s.events === undefined) {
    // Text data of no declared type has no schema (a declared string has one: the import tells the two apart so).
    const schema = s.item === undefined ? undefined : typeRefSchema(s.item, k);
    return { schema, 'x-itemSchema': { ...envelope, properties: { ...envelope.properties, data: data(s.item) } }, 'x-contractgen-stream': declared };
  }
  const members = s.events.map((e) => typeRefSchema(e.type, k));
  return {
    schema: members.length === 1 ? members[0] : { anyOf: members },
    'x-itemSchema': { ...envelope, required: ['event', 'data'], oneOf: s.events.map((e) => ({ properties: { event: { const: e.name }, data: data(e.type) } })) },
    'x-contractgen-stream': declared,
  };
}

/** What the client makes of a success status the contract says nothing about: a 2xx is data, a redirect is followed, a 304 is an error. */
function statusMeaning(status: ResponseStatus): string {
  if (status.kind === 'default') return 'The success: any 2xx the operation does not list.';
  if (isFollowedRedirect(status)) return `Status ${formatStatus(status)}: a redirect the client follows; what its Location answers is the result.`;
  if (status.kind === 'exact' && status.status === 304) return 'Status 304: not modified since the validator the request sent (If-None-Match, If-Modified-Since); the client returns it as its `not_modified` error.';
  return `Status ${formatStatus(status)}.`;
}

function successResponse(contract: Contract, r: ResponseSpec, quirks: readonly Quirk[]): JsonObject {
  const description = paragraphs([r.description, r.notShown, quirkNotes(quirks)]) ?? statusMeaning(r.status);
  return {
    description,
    'x-contractgen-description': ownText(description, r.description),
    headers: r.headers.length === 0 ? undefined : Object.fromEntries(r.headers.map((h) => [h.name, { description: h.description, required: h.required ? true : undefined, schema: { type: h.type } }])),
    content: successContent(contract, r),
    'x-contractgen-quirks': nonEmpty(quirks.map((q) => q.id)),
    'x-contractgen-not-shown': r.notShown,
  };
}
