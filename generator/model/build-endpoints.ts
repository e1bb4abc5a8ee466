/** Endpoints: paths and parameters, bodies, responses, quirks and effective error handling. */
import { isIdempotent } from '../../templates/retry.js';
import type { RawEndpoint, RawQuirk, RawResponse } from '../contract-format.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { contentKey } from '../incremental.js';
import { checkName } from './build-errors.js';
import { buildParams } from './build-params.js';
import { buildTypeRef } from './build-type-ref.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { parseStatus } from './values.js';
import type { Endpoint, EffectiveErrors, Quirk, RequestBody, ResponseSpec } from './types.js';

/** Everything an endpoint reads besides its own entry: a watch session reuses an endpoint while its entry and these are unchanged. */
export interface EndpointRefs {
  /** Each host's own shapes, by host name. */
  readonly hostShapes: ReadonlyMap<string, readonly string[]>;
  readonly typeNames: ReadonlySet<string>;
  readonly shapes: readonly string[];
  readonly categories: readonly string[];
  /** The auth's unauthorized shape when tokens are replayed after a 401. */
  readonly replayShape: string | undefined;
  readonly hasAuth: boolean;
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
  const auth = raw.auth ?? (refs.hasAuth && refs.tokenEndpoint !== id ? 'required' : 'none');
  const quirks = (raw.quirks ?? []).map((q, i) => buildQuirk(ctx, [...path, 'quirks', i], q, refs));
  quirks.forEach((q, i) => {
    if (quirks.findIndex((other) => other.id === q.id) !== i) ctx.report(M.duplicateQuirk, [...path, 'quirks', i, 'id'], { id: q.id, endpoint: id });
  });
  const errors: EffectiveErrors = {
    host: raw.host,
    shapes,
    quirks,
    replayOnUnauthorized: auth === 'required' && refs.replayShape !== undefined,
    supportReport: refs.supportReport,
  };
  return {
    id,
    summary: raw.summary,
    description: raw.description,
    method: raw.method,
    path: raw.path,
    params: buildParams(ctx, path, raw, refs.typeNames),
    host: raw.host,
    auth,
    idempotent: raw.idempotent ?? isIdempotent(raw.method),
    request: buildRequest(ctx, [...path, 'request'], raw.request, refs),
    responses: buildResponses(ctx, [...path, 'responses'], raw.responses, refs),
    errors,
    loc: ctx.loc(path, 'key'),
  };
}

function buildRequest(ctx: BuildContext, path: RawPath, raw: RawEndpoint['request'], refs: EndpointRefs): RequestBody | undefined {
  if (raw === undefined) return undefined;
  return {
    body: buildTypeRef(ctx, [...path, 'body'], raw.body, refs.typeNames),
    contentTypes: [...(raw.contentTypes ?? ['application/json'])],
    optional: raw.optional ?? false,
    notShown: raw.notShown,
  };
}

function buildResponses(ctx: BuildContext, path: RawPath, raw: Readonly<Record<string, RawResponse>>, refs: EndpointRefs): ResponseSpec[] {
  const responses = entries(raw).map(([status, r]) => {
    const p = [...path, status];
    const pattern = parseStatus(status);
    const code = pattern.kind === 'exact' ? pattern.status : pattern.statusClass * 100;
    if (r.shape !== undefined) checkName(ctx, [...p, 'shape'], r.shape, refs.shapes, M.unknownShape);
    return {
      status: pattern,
      description: r.description,
      body: r.body === undefined ? undefined : buildTypeRef(ctx, [...p, 'body'], r.body, refs.typeNames),
      contentType: r.contentType ?? (r.body === undefined ? undefined : r.body === 'binary' ? 'application/octet-stream' : 'application/json'),
      shape: r.shape,
      notShown: r.notShown,
      isError: code >= 400,
      loc: ctx.loc(p, 'key'),
    };
  });
  if (!responses.some((r) => !r.isError)) ctx.report(M.noSuccessResponse, path, {});
  return responses;
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
