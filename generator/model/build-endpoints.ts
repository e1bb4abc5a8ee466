/** Endpoints: paths and parameters, bodies, responses, quirks and effective error handling. */
import { isIdempotent } from '../../templates/retry.js';
import type { RawEndpoint, RawPagination, RawQuirk, RawResponse, RawResponseStream } from '../contract-format.js';
import { didYouMean } from '../similar.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { contentKey } from '../incremental.js';
import { buildSecurity } from './build-auth.js';
import { checkName } from './build-errors.js';
import { buildParams } from './build-params.js';
import { buildTypeRef, deprecation } from './build-type-ref.js';
import { valueProblem } from './check-value.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { formatStatus, parseBodyPath, parseResponseStatus, parseStatus, sendsForm, statusClassOf } from './values.js';
import { knowledge } from './knowledge.js';
import type { Contract, Endpoint, EffectiveErrors, Pagination, Param, Quirk, RequestBody, ResponseSpec, ResponseStatus, ResponseStream, StreamFormat, TypeRef } from './types.js';

/** Everything an endpoint reads besides its own entry: a watch session reuses an endpoint while its entry and these are unchanged. */
export interface EndpointRefs {
  /** Each host's own shapes, by host name. */
  readonly hostShapes: ReadonlyMap<string, readonly string[]>;
  readonly typeNames: ReadonlySet<string>;
  readonly shapes: readonly string[];
  readonly categories: readonly string[];
  /** The auth's unauthorized shape when tokens are replayed after a 401. */
  readonly replayShape: string | undefined;
  /** Every auth scheme's name, in contract order. */
  readonly schemes: readonly string[];
  readonly tokenEndpoint: string | undefined;
  readonly supportReport: boolean;
}

export function buildEndpoints(ctx: BuildContext, raw: Readonly<Record<string, RawEndpoint>>, refs: EndpointRefs): Endpoint[] {
  checkOperationIdCollisions(ctx, Object.keys(raw));
  // An endpoint reads its id, its entry and `refs`, nothing else: the reuse key is their content.
  const context = ctx.contextKey('endpoints', contentKey(refs));
  return entries(raw).map(([id, e]) => ctx.reuse(e, 'endpoint', `${id}\n${context}`, () => buildEndpoint(ctx, ['endpoints', id], id, e, refs)));
}

/** Ids that differ only in case would produce colliding exported type names. */
function checkOperationIdCollisions(ctx: BuildContext, ids: readonly string[]): void {
  const seen = new Map<string, string>();
  for (const id of ids) {
    const folded = id.toLowerCase().replace(/_/g, '');
    const first = seen.get(folded);
    if (first !== undefined) {
      ctx.report(M.operationIdCollision, ['endpoints', id], { id, first }, 'key');
    } else {
      seen.set(folded, id);
    }
  }
}

function buildEndpoint(ctx: BuildContext, path: RawPath, id: string, raw: RawEndpoint, refs: EndpointRefs): Endpoint {
  checkName(ctx, [...path, 'host'], raw.host, refs.hostShapes.keys(), M.unknownHost);
  const shapes = [...(refs.hostShapes.get(raw.host) ?? [])];
  (raw.shapes ?? []).forEach((s, i) => {
    if (checkName(ctx, [...path, 'shapes', i], s, refs.shapes, M.unknownShape) && !shapes.includes(s)) shapes.push(s);
  });
  const params = buildParams(ctx, path, raw, refs.typeNames);
  const security = buildSecurity(ctx, [...path, 'auth'], raw.auth, refs.schemes, refs.tokenEndpoint === id);
  const quirks = (raw.quirks ?? []).map((q, i) => buildQuirk(ctx, [...path, 'quirks', i], q, refs));
  quirks.forEach((q, i) => {
    if (quirks.findIndex((other) => other.id === q.id) !== i) ctx.report(M.duplicateQuirk, [...path, 'quirks', i, 'id'], { id: q.id, endpoint: id });
  });
  const errors: EffectiveErrors = {
    host: raw.host,
    shapes,
    quirks,
    replayOnUnauthorized: refs.replayShape !== undefined && security.length > 0,
    supportReport: refs.supportReport,
  };
  return {
    id,
    summary: raw.summary,
    description: raw.description,
    deprecated: deprecation(raw.deprecated),
    method: raw.method,
    path: raw.path,
    params,
    host: raw.host,
    security,
    // A call that carries an idempotency key is safe to retry: the server applies it once.
    idempotent: raw.idempotent ?? (isIdempotent(raw.method) || Object.values(raw.params ?? {}).some((p) => p.idempotencyKey === true && p.in === 'header')),
    request: buildRequest(ctx, [...path, 'request'], raw.request, refs),
    responses: buildResponses(ctx, [...path, 'responses'], raw.responses, refs),
    pagination: raw.pagination === undefined ? undefined : buildPagination(ctx, [...path, 'pagination'], raw.pagination, params),
    errors,
    loc: ctx.loc(path, 'key'),
  };
}

/** Each `jsonFields` name is a field of the body, where the body's fields are known (an object type, named or in place). */
export function checkJsonFields(ctx: BuildContext, contract: Contract): void {
  const k = knowledge(contract);
  for (const e of contract.endpoints) {
    const body = e.request?.body;
    const type = body?.kind === 'named' ? k.type(body.name) : body;
    if (type?.kind !== 'object') continue;
    const names = type.fields.map((f) => f.name);
    e.request?.jsonFields.forEach((field, i) => checkName(ctx, ['endpoints', e.id, 'request', 'jsonFields', i], field, names, M.unknownBodyField));
  }
}

/**
 * A stream's `when` names a field of the request body, of a type its value belongs to (a boolean
 * for `true`/`false`, else a scalar or enum that can hold it): the call's types are chosen by it.
 */
export function checkStreamSelectors(ctx: BuildContext, contract: Contract): void {
  const k = knowledge(contract);
  for (const e of contract.endpoints) {
    for (const r of e.responses) {
      const when = r.stream?.when;
      if (when === undefined) continue;
      const at = ['endpoints', e.id, 'responses', r.status.kind === 'default' ? 'default' : formatStatus(r.status), 'stream', 'when'];
      const body = e.request?.body;
      const type = body?.kind === 'named' ? k.type(body.name) : body;
      if (type?.kind !== 'object') {
        ctx.report(M.streamSelectorBody, [...at, 'field'], {}, 'key');
        continue;
      }
      const field = type.fields.find((f) => f.name === when.field);
      if (field === undefined) checkName(ctx, [...at, 'field'], when.field, type.fields.map((f) => f.name), M.unknownBodyField);
      else if (valueProblem(field.type, when.equals, (name) => k.type(name)) !== undefined) ctx.report(M.streamSelectorValue, [...at, 'field'], { field: when.field, value: JSON.stringify(when.equals) }, 'key');
    }
  }
}

function buildRequest(ctx: BuildContext, path: RawPath, raw: RawEndpoint['request'], refs: EndpointRefs): RequestBody | undefined {
  if (raw === undefined) return undefined;
  const body = buildTypeRef(ctx, [...path, 'body'], raw.body, refs.typeNames);
  (raw.contentTypes ?? []).forEach((media, i) => {
    const needs = mediaMismatch(media, body);
    if (needs !== undefined) ctx.report(M.requestBodyMedia, [...path, 'contentTypes', i], { media, needs });
  });
  if (raw.jsonFields !== undefined && !sendsForm(raw.contentTypes ?? [])) ctx.report(M.jsonFieldsWithoutForm, [...path, 'jsonFields'], {}, 'key');
  return {
    body,
    // Bytes go as bytes unless the contract says otherwise, as a response's do (JSON carries none).
    contentTypes: [...(raw.contentTypes ?? [raw.body === 'binary' ? 'application/octet-stream' : 'application/json'])],
    optional: raw.optional ?? false,
    jsonFields: [...(raw.jsonFields ?? [])],
    notShown: raw.notShown,
  };
}

/**
 * What `media` needs that `body` plainly is not, else undefined. Only a body written in place is
 * judged: a named type may be anything, and the runtime refuses what it cannot write. Bytes in a
 * JSON body, at any depth, are json-bytes.ts's (binary-in-json).
 */
function mediaMismatch(media: string, body: TypeRef): string | undefined {
  const essence = media.toLowerCase();
  const binary = body.kind === 'primitive' && body.name === 'binary';
  const scalar = body.kind === 'primitive' || body.kind === 'literal' || body.kind === 'enum';
  if (essence === 'application/json' || essence.endsWith('+json')) return undefined;
  if (essence === 'application/x-www-form-urlencoded' || essence === 'multipart/form-data') return scalar || body.kind === 'array' ? 'an object (its fields are the form fields)' : undefined;
  if (essence.startsWith('text/')) return binary || body.kind === 'object' || body.kind === 'array' || body.kind === 'map' ? 'a string' : undefined;
  return body.kind === 'object' || body.kind === 'array' || body.kind === 'map' ? 'binary (or a string)' : undefined;
}

function buildResponses(ctx: BuildContext, path: RawPath, raw: Readonly<Record<string, RawResponse>>, refs: EndpointRefs): ResponseSpec[] {
  // `default` stands for every status not listed: the success when no other key is one, else the errors.
  const listsSuccess = Object.keys(raw).some((status) => status !== 'default' && statusClassOf(parseStatus(status)) < 4);
  const responses = entries(raw).map(([status, r]) => {
    const p = [...path, status];
    const pattern = parseResponseStatus(status);
    if (r.shape !== undefined) checkName(ctx, [...p, 'shape'], r.shape, refs.shapes, M.unknownShape);
    // A redirect is followed and a 304 is an error: a body written on either would be typed nowhere and read never.
    if (r.body !== undefined && pattern.kind !== 'default' && [1, 3].includes(statusClassOf(pattern))) ctx.report(M.unreadResponseBody, [...p, 'body'], { status }, 'key');
    const contentTypes = responseMediaTypes(r);
    return {
      status: pattern,
      description: r.description,
      body: r.body === undefined ? undefined : buildTypeRef(ctx, [...p, 'body'], r.body, refs.typeNames),
      contentType: contentTypes[0],
      contentTypes,
      shape: r.shape,
      stream: r.stream === undefined ? undefined : buildStream(ctx, [...p, 'stream'], r.stream, refs.typeNames, status, pattern),
      headers: entries(r.headers ?? {}).map(([name, h]) => ({ name, type: h.type ?? 'string', required: h.required ?? false, description: h.description })),
      notShown: r.notShown,
      isError: pattern.kind === 'default' ? listsSuccess : statusClassOf(pattern) >= 4,
      loc: ctx.loc(p, 'key'),
    };
  });
  if (!responses.some((r) => !r.isError)) ctx.report(M.noSuccessResponse, path, {});
  return responses;
}

const STREAM_MEDIA: Readonly<Record<StreamFormat, string>> = { sse: 'text/event-stream', jsonl: 'application/jsonl', 'json-seq': 'application/json-seq', binary: 'application/octet-stream' };

/** The keys each format takes besides format, contentType, idleTimeoutMs and description. */
const STREAM_KEYS: Readonly<Record<StreamFormat, readonly (keyof RawResponseStream)[]>> = {
  sse: ['events', 'data', 'terminator', 'error', 'resumable'],
  jsonl: ['item'],
  'json-seq': ['item'],
  binary: [],
};

function buildStream(ctx: BuildContext, path: RawPath, raw: RawResponseStream, names: ReadonlySet<string>, status: string, pattern: ResponseStatus): ResponseStream {
  const success = pattern.kind === 'default' || statusClassOf(pattern) === 2;
  if (!success) ctx.report(M.streamOnError, path, { status }, 'key');
  const takes = STREAM_KEYS[raw.format];
  for (const key of ['events', 'data', 'item', 'terminator', 'error', 'resumable'] as const) {
    if (raw[key] !== undefined && !takes.includes(key)) ctx.report(M.streamKey, [...path, key], { key, format: raw.format, needs: false }, 'key');
  }
  if (takes.includes('item') && raw.item === undefined) ctx.report(M.streamKey, path, { key: 'item', format: raw.format, needs: true }, 'key');
  if (raw.events !== undefined && raw.data !== undefined) ctx.report(M.streamEventsAndData, [...path, 'data'], {}, 'key');
  const events = raw.format !== 'sse' || raw.events === undefined ? undefined : entries(raw.events).map(([name, type]) => ({ name, type: buildTypeRef(ctx, [...path, 'events', name], type, names), loc: ctx.loc([...path, 'events', name], 'key') }));
  const itemKey = raw.format === 'sse' ? 'data' : 'item';
  const item = raw.format === 'binary' || raw[itemKey] === undefined ? undefined : buildTypeRef(ctx, [...path, itemKey], raw[itemKey], names);
  return {
    format: raw.format,
    contentType: raw.contentType ?? STREAM_MEDIA[raw.format],
    events,
    item,
    terminator: raw.format === 'sse' ? raw.terminator : undefined,
    errorEvent: raw.format === 'sse' ? raw.error : undefined,
    resumable: raw.format === 'sse' && raw.resumable === true,
    when: raw.when === undefined ? undefined : { field: raw.when.field, equals: raw.when.equals ?? true, loc: ctx.loc([...path, 'when', 'field']) },
    idleTimeoutMs: raw.idleTimeoutMs,
    description: raw.description,
    loc: ctx.loc(path, 'key'),
  };
}

/** A response's media types as written (one or a list), else its body's default: bytes for `binary`, else JSON. */
function responseMediaTypes(r: RawResponse): readonly string[] {
  if (r.contentType !== undefined) return typeof r.contentType === 'string' ? [r.contentType] : [...r.contentType];
  if (r.body === undefined) return [];
  return [r.body === 'binary' ? 'application/octet-stream' : 'application/json'];
}

const PAGINATION_KEYS: Readonly<Record<RawPagination['kind'], { readonly needs: readonly string[]; readonly takes: readonly string[] }>> = {
  cursor: { needs: ['param', 'next'], takes: [] },
  offset: { needs: ['param'], takes: ['limit'] },
  page: { needs: ['param'], takes: ['limit', 'start'] },
  link: { needs: [], takes: [] },
};

function buildPagination(ctx: BuildContext, path: RawPath, raw: RawPagination, params: readonly Param[]): Pagination | undefined {
  const rule = PAGINATION_KEYS[raw.kind];
  let ok = true;
  for (const key of ['param', 'next', 'limit', 'start'] as const) {
    const given = raw[key] !== undefined;
    const needs = rule.needs.includes(key);
    if (needs === given || (given && rule.takes.includes(key)) || (!given && !needs)) continue;
    ctx.report(M.paginationKey, given ? [...path, key] : path, { key, kind: raw.kind, needs: !given }, 'key');
    ok = false;
  }
  // Parameters the iterator sets are query or header parameters, named by their wire names.
  const movable = params.filter((p) => p.in === 'query' || p.in === 'header');
  const keyOf = (key: 'param' | 'limit'): string | undefined => {
    const name = raw[key];
    if (name === undefined) return undefined;
    const found = movable.find((p) => p.name === name);
    if (found === undefined) {
      ctx.report(M.paginationParam, [...path, key], { name, hint: didYouMean(name, movable.map((p) => p.name)) });
      ok = false;
    }
    return found?.key;
  };
  const param = keyOf('param') ?? '';
  const limit = keyOf('limit');
  if (!ok) return undefined;
  const items = raw.items === undefined ? [] : parseBodyPath(raw.items);
  const loc = ctx.loc(path, 'key');
  switch (raw.kind) {
    case 'cursor':
      return { kind: 'cursor', param, next: parseBodyPath(raw.next ?? ''), items, loc };
    case 'offset':
      return { kind: 'offset', param, limit, items, loc };
    case 'page':
      return { kind: 'page', param, limit, start: raw.start ?? 1, items, loc };
    case 'link':
      return { kind: 'link', items, loc };
  }
}

function buildQuirk(ctx: BuildContext, path: RawPath, raw: RawQuirk, refs: EndpointRefs): Quirk {
  if (raw.category !== undefined) checkName(ctx, [...path, 'category'], raw.category, refs.categories, M.unknownCategory);
  return {
    id: raw.id,
    when: { status: parseStatus(raw.when.status), emptyBody: raw.when.emptyBody ?? false },
    error: raw.error ?? false,
    category: raw.category,
    hint: raw.hint,
    loc: ctx.loc(path),
  };
}
