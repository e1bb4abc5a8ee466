/**
 * Paths and operations: one operation per endpoint, with its path parameters, request body (one
 * media type per content type), responses (responses.ts) and quirks. Operations on a host other
 * than the document's carry that host's servers.
 */
import { FORM_MEDIA_TYPE, formatStatus } from '../model/values.js';
import { isIdempotent } from '../../templates/retry.js';
import { knowledge, type Knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint, Host, Param, Quirk, RequestBody } from '../model/types.js';
import { inputKey } from '../naming.js';
import { defaultStyle } from '../../templates/params.js';
import { flag, nonEmpty, ownText, paragraphs, type Json, type JsonObject } from './json.js';
import { endpointResponses } from './responses.js';
import { typeRefSchema } from './schemas.js';
import { operationSecurity } from './security.js';

export interface OperationContext {
  readonly contract: Contract;
  readonly primaryHost: string | undefined;
  readonly servers: ReadonlyMap<string, readonly JsonObject[]>;
}

export interface Paths {
  readonly paths: Record<string, Json>;
  /** Endpoints OpenAPI cannot hold: a method and path (up to parameter names) already taken. */
  readonly omitted: JsonObject[];
}

export function buildPaths(ctx: OperationContext): Paths {
  const items = new Map<string, Record<string, Json>>();
  // OpenAPI treats paths that differ only in parameter names as the same path.
  const pathOf = new Map<string, string>();
  const omitted: JsonObject[] = [];
  const owners = new Map<string, string>();
  for (const endpoint of ctx.contract.endpoints) {
    const template = endpoint.path.replace(/\{[^{}]*\}/g, '{}');
    const path = pathOf.get(template) ?? endpoint.path;
    pathOf.set(template, path);
    const item = items.get(path) ?? {};
    const method = endpoint.method.toLowerCase();
    const taken = owners.get(`${endpoint.method} ${path}`);
    if (path !== endpoint.path || taken !== undefined) {
      omitted.push(omission(endpoint, path, taken));
      continue;
    }
    const host = knowledge(ctx.contract).host(endpoint.host);
    if (host === undefined) continue;
    item[method] = operation(ctx, endpoint, host);
    items.set(path, item);
    owners.set(`${endpoint.method} ${path}`, endpoint.id);
  }
  return { paths: Object.fromEntries(items), omitted };
}

function omission(endpoint: Endpoint, path: string, taken: string | undefined): JsonObject {
  const reason = path !== endpoint.path ? `OpenAPI takes ${endpoint.path} for ${path}, which names its parameters differently` : `${endpoint.method} ${path} is already operation ${taken ?? ''}`;
  return { operationId: endpoint.id, method: endpoint.method, path: endpoint.path, host: endpoint.host, reason };
}

function operation(ctx: OperationContext, endpoint: Endpoint, host: Host): JsonObject {
  const quirks = endpoint.errors.quirks;
  const description = paragraphs([endpoint.description, endpoint.deprecated?.message === undefined ? undefined : `Deprecated: ${endpoint.deprecated.message}`, quirkList(quirks)]);
  return {
    // The tag is the host: tools group operations by it, and the tag carries the host's URL.
    tags: [host.name],
    summary: endpoint.summary,
    description,
    operationId: endpoint.id,
    deprecated: endpoint.deprecated === undefined ? undefined : true,
    servers: host.name === ctx.primaryHost ? undefined : ctx.servers.get(host.name),
    parameters: nonEmpty(endpoint.params.map((p) => parameter(ctx.contract, p))),
    requestBody: requestBody(ctx.contract, endpoint),
    responses: endpointResponses(ctx.contract, endpoint, host),
    security: operationSecurity(ctx.contract, endpoint),
    // Written only where the contract overrides what the method implies.
    'x-contractgen-description': ownText(description, endpoint.description),
    'x-contractgen-deprecated': endpoint.deprecated?.message,
    'x-contractgen-idempotent': endpoint.idempotent === isIdempotent(endpoint.method) ? undefined : endpoint.idempotent,
    'x-contractgen-quirks': nonEmpty(quirks.map(quirkData)),
    'x-contractgen-pagination': paginationData(endpoint),
    // The host's envelope lists every shape any of its endpoints adds; this says which are this one's.
    'x-contractgen-error-shapes': endpoint.errors.shapes.length === host.shapes.length ? undefined : endpoint.errors.shapes,
  };
}

/** OpenAPI's explode default: true for form only (deepObject, defined only exploded, says so). */
function openApiExplode(style: Param['style']): boolean {
  return style === 'form';
}

/** A parameter object; style, explode and allowReserved only where they differ from OpenAPI's defaults. */
function parameter(contract: Contract, p: Param): JsonObject {
  const schema = typeRefSchema(p.type, knowledge(contract));
  return {
    name: p.name,
    in: p.in,
    required: p.required ? true : undefined,
    description: p.description,
    deprecated: p.deprecated === undefined ? undefined : true,
    style: p.style === defaultStyle(p.in) ? undefined : p.style,
    explode: p.explode === openApiExplode(p.style) ? undefined : p.explode,
    allowReserved: p.allowReserved ? true : undefined,
    schema: p.default === undefined ? schema : { ...schema, default: p.default },
    // The input key, where the contract chose one the wire name would not give.
    'x-contractgen-key': p.key === inputKey(p.name) ? undefined : p.key,
    'x-contractgen-deprecated': p.deprecated?.message,
    'x-contractgen-secret': flag(p.secret),
    'x-contractgen-idempotency-key': flag(p.idempotencyKey),
  };
}

function quirkList(quirks: readonly Quirk[]): string | undefined {
  if (quirks.length === 0) return undefined;
  return ['Quirks:', quirks.map((q) => `- \`${q.id}\` (status ${formatStatus(q.when.status)}${q.when.emptyBody ? ', empty body' : ''}): ${q.hint}`).join('\n')].join('\n\n');
}

function quirkData(q: Quirk): JsonObject {
  return {
    id: q.id,
    when: { status: formatStatus(q.when.status), emptyBody: flag(q.when.emptyBody) },
    error: q.error,
    category: q.category,
    hint: q.hint,
  };
}

/** The contract's `pagination` as written: parameters by wire name, body paths dotted. */
function paginationData(endpoint: Endpoint): JsonObject | undefined {
  const p = endpoint.pagination;
  if (p === undefined) return undefined;
  const wire = (key: string | undefined) => (key === undefined ? undefined : (endpoint.params.find((x) => x.key === key)?.name ?? key));
  const dotted = (path: readonly (string | number)[]) => (path.length === 0 ? undefined : path.join('.'));
  switch (p.kind) {
    case 'cursor':
      return { kind: p.kind, param: wire(p.param), next: dotted(p.next), items: dotted(p.items) };
    case 'offset':
      return { kind: p.kind, param: wire(p.param), limit: wire(p.limit), items: dotted(p.items) };
    case 'page':
      return { kind: p.kind, param: wire(p.param), limit: wire(p.limit), start: p.start === 1 ? undefined : p.start, items: dotted(p.items) };
    case 'link':
      return { kind: p.kind, items: dotted(p.items) };
  }
}

function requestBody(contract: Contract, endpoint: Endpoint): JsonObject | undefined {
  const request = endpoint.request;
  if (request === undefined) return undefined;
  const k = knowledge(contract);
  const schema = typeRefSchema(request.body, k);
  const content: Record<string, Json> = {};
  for (const type of request.contentTypes) content[type] = type.toLowerCase() === FORM_MEDIA_TYPE ? { schema, encoding: bracketEncoding(k, request) } : { schema };
  return { description: request.notShown, required: !request.optional, content, 'x-contractgen-not-shown': request.notShown };
}

/**
 * `deepObject` for each form field the client nests by brackets (an object, or an array holding
 * objects, not in `jsonFields`): without an Encoding Object OpenAPI writes such a field as JSON.
 */
function bracketEncoding(k: Knowledge, request: RequestBody): JsonObject | undefined {
  const body = request.body.kind === 'named' ? k.type(request.body.name) : request.body;
  if (body?.kind !== 'object') return undefined;
  const nested = body.fields.filter((f) => !request.jsonFields.includes(f.name) && (k.isObjectLike(f.type) || (f.type.kind === 'array' && k.isObjectLike(f.type.items))));
  return nested.length === 0 ? undefined : Object.fromEntries(nested.map((f) => [f.name, { style: 'deepObject', explode: true }]));
}
