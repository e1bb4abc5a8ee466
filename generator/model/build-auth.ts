/**
 * Auth schemes, and which of them each endpoint accepts. A scheme is one flat object in the format
 * (like a type spec), so the keys that apply to its type are checked here, in words an author reads.
 */
import type { RawAuthSchemes, RawScheme, RawSecurity } from '../contract-format.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { checkName } from './build-errors.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { knowledge } from './knowledge.js';
import type { Auth, AuthScheme, CallerFlow, Contract, Environment, TypeRef, Unauthorized } from './types.js';

export interface AuthRefs {
  readonly environments: readonly Environment[];
  readonly shapes: readonly string[];
  readonly endpoints: readonly string[];
}

/** What a raw scheme is, once its type, scheme and flow are read together. */
type Kind = 'apiKey' | 'basic' | 'bearer' | 'clientCredentials' | 'callerFlow' | 'openIdConnect';

const CC_KEYS = ['endpoint', 'grantField', 'grants', 'token', 'lifetime', 'carrier'] as const;
const CALLER_URLS = ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const;
const FLOW_URLS: Readonly<Record<CallerFlow, readonly ('authorizationUrl' | 'tokenUrl')[]>> = {
  authorizationCode: ['authorizationUrl', 'tokenUrl'],
  implicit: ['authorizationUrl'],
  password: ['tokenUrl'],
  deviceCode: ['tokenUrl'],
};

/** Each key a scheme may carry besides type and description: the kinds it applies to, and those words. */
const KEY_KINDS: Readonly<Record<string, { readonly kinds: readonly Kind[]; readonly applies: string }>> = {
  in: { kinds: ['apiKey'], applies: 'apiKey schemes' },
  name: { kinds: ['apiKey'], applies: 'apiKey schemes' },
  scheme: { kinds: ['basic', 'bearer'], applies: 'http schemes' },
  format: { kinds: ['bearer'], applies: 'http bearer schemes' },
  flow: { kinds: ['clientCredentials', 'callerFlow'], applies: 'oauth2 schemes' },
  ...Object.fromEntries(CALLER_URLS.map((k) => [k, { kinds: ['callerFlow'], applies: 'oauth2 flows the application runs' }])),
  openIdConnectUrl: { kinds: ['openIdConnect'], applies: 'openIdConnect schemes' },
  scopes: { kinds: ['clientCredentials', 'callerFlow', 'openIdConnect'], applies: 'oauth2 and openIdConnect schemes' },
  ...Object.fromEntries(CC_KEYS.map((k) => [k, { kinds: ['clientCredentials'], applies: 'oauth2 clientCredentials schemes' }])),
  unauthorized: { kinds: ['bearer', 'clientCredentials', 'callerFlow', 'openIdConnect'], applies: 'token schemes (http bearer, oauth2, openIdConnect)' },
};

function kindOf(raw: RawScheme): Kind | undefined {
  switch (raw.type) {
    case 'apiKey':
      return 'apiKey';
    case 'http':
      return raw.scheme === undefined ? undefined : raw.scheme;
    case 'oauth2':
      return raw.flow === undefined ? undefined : raw.flow === 'clientCredentials' ? 'clientCredentials' : 'callerFlow';
    case 'openIdConnect':
      return 'openIdConnect';
  }
}

export interface BuiltAuth {
  readonly schemes: AuthScheme[];
  /** The client-credentials scheme's lifecycle. */
  readonly auth: Auth | undefined;
}

export function buildSchemes(ctx: BuildContext, raw: RawAuthSchemes | undefined, refs: AuthRefs): BuiltAuth {
  // Without a scheme the client has no credential to send: a description that forgot them answers 401s (auth: {} says there are none). A contract of webhooks alone has no client.
  if (raw === undefined && refs.endpoints.length > 0) ctx.report(M.noAuthScheme, ['info'], {}, 'key');
  const schemes: AuthScheme[] = [];
  let auth: Auth | undefined;
  for (const [name, s] of entries(raw)) {
    const scheme = buildScheme(ctx, ['auth', name], name, s, refs);
    if (scheme === undefined) continue;
    if (scheme.type === 'clientCredentials') {
      if (auth !== undefined) ctx.report(M.secondClientCredentials, ['auth', name], { name, first: auth.name }, 'key');
      else auth = scheme.detail;
    }
    schemes.push(scheme);
  }
  return { schemes, auth };
}

function buildScheme(ctx: BuildContext, path: RawPath, name: string, raw: RawScheme, refs: AuthRefs): AuthScheme | undefined {
  const kind = kindOf(raw);
  if (kind === undefined) {
    const key = raw.type === 'http' ? 'scheme' : 'flow';
    ctx.report(M.missingSchemeKey, path, { key, type: raw.type, what: raw.type === 'http' ? 'basic or bearer' : 'which OAuth 2.0 flow' }, 'key');
    return undefined;
  }
  let misplaced = false;
  for (const key of Object.keys(raw)) {
    const rule = KEY_KINDS[key];
    if (rule === undefined || rule.kinds.includes(kind)) continue;
    ctx.report(M.misplacedSchemeKey, [...path, key], { key, applies: rule.applies, type: kind === 'basic' || kind === 'bearer' ? `http ${kind}` : raw.type }, 'key');
    misplaced = true;
  }
  const base = { name, description: raw.description, loc: ctx.loc(path, 'key') };
  switch (kind) {
    case 'apiKey':
      if (raw.in === undefined || raw.name === undefined) {
        ctx.report(M.missingSchemeKey, path, { key: raw.in === undefined ? 'in' : 'name', type: 'apiKey', what: raw.in === undefined ? 'where the key travels' : 'the name it travels under' }, 'key');
        return undefined;
      }
      return { ...base, type: 'apiKey', in: raw.in, paramName: raw.name };
    case 'basic':
      return { ...base, type: 'basic' };
    case 'clientCredentials':
      return misplaced ? undefined : clientCredentials(ctx, path, name, raw, refs, base);
    default:
      return callerToken(ctx, path, kind, raw, refs, base);
  }
}

function callerToken(ctx: BuildContext, path: RawPath, kind: 'bearer' | 'callerFlow' | 'openIdConnect', raw: RawScheme, refs: AuthRefs, base: Pick<AuthScheme, 'name' | 'description' | 'loc'>): AuthScheme | undefined {
  if (kind === 'openIdConnect' && raw.openIdConnectUrl === undefined) {
    ctx.report(M.missingSchemeKey, path, { key: 'openIdConnectUrl', type: 'openIdConnect', what: 'where its discovery document is' }, 'key');
  }
  const flow = raw.flow === undefined || raw.flow === 'clientCredentials' ? undefined : raw.flow;
  // The URLs an OpenAPI description of the flow needs (the device flow's as the token endpoint's).
  const needs = flow === undefined ? [] : FLOW_URLS[flow];
  for (const key of needs) if (raw[key] === undefined) ctx.report(M.missingSchemeKey, path, { key, type: `oauth2 ${flow ?? ''}`, what: 'where the flow runs' }, 'key');
  return {
    ...base,
    type: 'bearer',
    source: kind === 'bearer' ? 'http' : kind === 'callerFlow' ? 'oauth2' : 'openIdConnect',
    format: raw.format,
    flow,
    urls: { authorization: raw.authorizationUrl, token: raw.tokenUrl, refresh: raw.refreshUrl, openIdConnect: raw.openIdConnectUrl },
    scopes: entries(raw.scopes).map(([scope, description]) => ({ name: scope, description })),
    unauthorized: unauthorized(ctx, path, raw, refs, undefined),
  };
}

/** The status (and shape) that means a refused credential: 401 with any shape unless the contract says. */
function unauthorized(ctx: BuildContext, path: RawPath, raw: RawScheme, refs: AuthRefs, defaultShape: string | undefined): Unauthorized {
  const given = raw.unauthorized;
  const shape = given?.shape ?? defaultShape;
  if (shape !== undefined) {
    const at = given?.shape === undefined ? path : [...path, 'unauthorized', 'shape'];
    checkName(ctx, at, shape, refs.shapes, M.unknownShape, given?.shape === undefined ? 'key' : 'value');
  }
  return { status: given?.status ?? 401, shape, replay: given?.replay ?? 'once' };
}

function clientCredentials(ctx: BuildContext, path: RawPath, name: string, raw: RawScheme, refs: AuthRefs, base: Pick<AuthScheme, 'name' | 'description' | 'loc'>): AuthScheme | undefined {
  const { endpoint, grantField, grants: rawGrants, token } = raw;
  if (endpoint === undefined || grantField === undefined || rawGrants === undefined || token === undefined) {
    const key = endpoint === undefined ? 'endpoint' : grantField === undefined ? 'grantField' : rawGrants === undefined ? 'grants' : 'token';
    ctx.report(M.missingSchemeKey, path, { key, type: 'oauth2 clientCredentials', what: 'how tokens are fetched' }, 'key');
    return undefined;
  }
  checkName(ctx, [...path, 'endpoint'], endpoint, refs.endpoints, M.unknownEndpoint);
  const grants = entries(rawGrants).map(([grant, g]) => ({
    name: grant,
    isDefault: g.default ?? false,
    send: entries(g.send).map(([field, credential]) => ({ field, credential })),
  }));
  const defaults = grants.filter((g) => g.isDefault);
  if (defaults.length !== 1) ctx.report(M.defaultGrant, [...path, 'grants'], { found: defaults.length });
  const lifetime = entries(raw.lifetime).map(([environment, seconds]) => ({ environment, seconds }));
  for (const { environment } of lifetime) checkName(ctx, [...path, 'lifetime', environment], environment, refs.environments.map((e) => e.name), M.unknownEnvironment, 'key');
  const refused = unauthorized(ctx, path, raw, refs, 'unauthorized');
  const detail: Auth = {
    type: 'oauth2',
    name,
    description: raw.description,
    endpoint,
    grantField,
    grants,
    token: { accessToken: token.accessToken, expiresIn: token.expiresIn, tokenType: token.tokenType, refreshToken: token.refreshToken },
    lifetime,
    carrier: {
      header: raw.carrier?.header ?? 'Authorization',
      scheme: raw.carrier?.scheme ?? 'Bearer',
      shown: raw.carrier?.shown ?? raw.carrier !== undefined,
      notShown: raw.carrier?.notShown,
    },
    unauthorized: { status: refused.status, shape: refused.shape ?? 'unauthorized', replay: refused.replay },
    loc: base.loc,
  };
  return { ...base, type: 'clientCredentials', detail };
}

/**
 * An endpoint's `auth` as alternatives of schemes sent together. Omitted or `required`: any one
 * scheme of the contract (the token endpoint of a client-credentials scheme needs none).
 */
export function buildSecurity(ctx: BuildContext, path: RawPath, raw: RawSecurity | undefined, schemes: readonly string[], isTokenEndpoint: boolean): string[][] {
  if (raw === 'none' || (raw === undefined && isTokenEndpoint)) return [];
  if (raw === undefined || raw === 'required') {
    if (raw === 'required' && schemes.length === 0) ctx.report(M.noSchemes, path, {});
    return schemes.map((s) => [s]);
  }
  const alternatives = typeof raw === 'string' ? [raw] : raw;
  const out: string[][] = [];
  alternatives.forEach((alt, i) => {
    const names = typeof alt === 'string' ? [alt] : alt;
    const at = typeof raw === 'string' ? [] : typeof alt === 'string' ? [i] : undefined;
    const known = names.filter((n, j) => checkName(ctx, [...path, ...(at ?? [i, j])], n, schemes, M.unknownScheme));
    if (known.length === names.length) out.push([...names]);
  });
  return out;
}

/** The token endpoint's request and response types must carry the fields the client-credentials scheme names. */
export function checkAuthFields(ctx: BuildContext, contract: Contract, auth: Auth): void {
  const k = knowledge(contract);
  const endpoint = k.tokenEndpoint;
  if (endpoint === undefined) return;
  const path = ['auth', auth.name];
  const objectFields = (ref: TypeRef | undefined): string[] | undefined => {
    const type = ref?.kind === 'named' ? k.type(ref.name) : undefined;
    return type?.kind === 'object' ? type.fields.map((f) => f.name) : undefined;
  };
  const request = objectFields(endpoint.request?.body);
  if (request !== undefined) {
    checkName(ctx, [...path, 'grantField'], auth.grantField, request, M.unknownAuthField);
    for (const grant of auth.grants) for (const { field } of grant.send) checkName(ctx, [...path, 'grants', grant.name, 'send', field], field, request, M.unknownAuthField, 'key');
  }
  const response = objectFields(k.successResponses(endpoint)[0]?.body);
  if (response === undefined) return;
  // refreshToken may name a field the documented response lacks: it is read when present.
  for (const key of ['accessToken', 'expiresIn', 'tokenType'] as const) {
    const field = auth.token[key];
    if (field !== undefined) checkName(ctx, [...path, 'token', key], field, response, M.unknownAuthField);
  }
}
