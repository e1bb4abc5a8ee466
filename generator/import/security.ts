/**
 * securitySchemes → auth schemes, and each operation's `security` → its `auth`. A description
 * that declares schemes but requires none leaves the endpoints' auth at the contract's default
 * (any scheme the client holds a credential for, nothing when it holds none): that is how such
 * APIs are called.
 */
import { idForm, isObject, Names, text, type ImportContext, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { TOKEN } from '../../templates/params.js';
import { resolve } from './refs.js';

type Path = readonly (string | number)[];

/** The flow a scheme with several is imported as: the ones a user runs first, client credentials last. */
const FLOW_ORDER = ['authorizationCode', 'deviceCode', 'implicit', 'password', 'clientCredentials'] as const;

export class Security {
  readonly schemes: Out = {};
  /** Description scheme name → contract scheme name (absent: not imported). */
  private readonly names = new Map<string, string>();
  private readonly global: Json | undefined;
  /** `place` NUL `name` (a header's in lower case) → the contract's API-key scheme sent there. */
  private readonly keyPlaces = new Map<string, string>();

  constructor(private readonly ctx: ImportContext) {
    const components = isObject(ctx.doc['components']) ? ctx.doc['components'] : {};
    const schemes = isObject(components['securitySchemes']) ? components['securitySchemes'] : {};
    const taken = new Names(new Set(['none', 'required']));
    for (const [name, raw] of Object.entries(schemes)) {
      const at = ['components', 'securitySchemes', name];
      const resolved = resolve(ctx, raw, at);
      const value = resolved !== undefined && isObject(resolved.value) ? resolved.value : undefined;
      const scheme = value === undefined ? undefined : ctx.exported && isObject(value['x-contractgen-auth']) ? clientCredentials(value['x-contractgen-auth']) : importScheme(ctx, value, at);
      if (scheme === undefined) continue;
      const contractName = taken.claim(name, idForm);
      this.names.set(name, contractName);
      this.schemes[contractName] = scheme;
      if (scheme['type'] === 'apiKey') this.keyPlaces.set(keyPlace(String(scheme['in']), String(scheme['name'])), contractName);
      ctx.origin(['auth', contractName], at);
    }
    this.global = ctx.doc['security'];
  }

  /**
   * The API-key scheme a parameter of this place and name would duplicate: descriptions often
   * list the key among an operation's parameters too, and the client then sends it as the scheme.
   */
  apiKeyScheme(place: string, name: string): string | undefined {
    return this.keyPlaces.get(keyPlace(place, name));
  }

  /** `auth` that also accepts `scheme` alone, where it does not already (the default accepts every scheme). */
  accepting(auth: OutValue, scheme: string): OutValue {
    if (auth === undefined || auth === 'required' || auth === scheme) return auth;
    if (auth === 'none') return scheme;
    const alternatives = Array.isArray(auth) ? auth : [auth];
    return alternatives.includes(scheme) ? auth : [...alternatives, scheme];
  }

  /** The endpoint's `auth`: its own requirements, else the document's; none declared: the default. */
  endpointAuth(own: Json | undefined, path: Path): OutValue {
    const requirements = own ?? this.global;
    const none = Object.keys(this.schemes).length === 0 ? undefined : 'none';
    if (!Array.isArray(requirements)) return undefined;
    const alternatives: OutValue[] = [];
    for (const [i, requirement] of requirements.entries()) {
      if (!isObject(requirement)) continue;
      const names = Object.keys(requirement);
      // `{}`: the call may go without credentials, which the client does when it holds none.
      if (names.length === 0) continue;
      const mapped = names.map((n) => this.names.get(n));
      if (mapped.some((n) => n === undefined)) {
        this.ctx.warn([...(own === undefined ? ['security'] : [...path, 'security']), i], 'auth-dropped', `a security requirement naming a scheme that is not imported (${names.join(', ')}) is left out`);
        continue;
      }
      const list = [...new Set(mapped as string[])];
      alternatives.push(list.length === 1 ? list[0] : list);
    }
    if (alternatives.length === 0) return none;
    return alternatives.length === 1 && typeof alternatives[0] === 'string' ? alternatives[0] : alternatives;
  }
}

/** Header names are compared without case, as HTTP does; query and cookie names as written. */
function keyPlace(place: string, name: string): string {
  return `${place}\u0000${place === 'header' ? name.toLowerCase() : name}`;
}

/** The client-credentials scheme of an exported contract: its token lifecycle as `x-contractgen-auth` holds it. */
function clientCredentials(auth: JsonObject): Out {
  const grants = Array.isArray(auth['grants']) ? auth['grants'].filter(isObject) : [];
  const lifetime = isObject(auth['lifetime']) && Object.keys(auth['lifetime']).length > 0 ? auth['lifetime'] : undefined;
  return {
    type: 'oauth2',
    flow: 'clientCredentials',
    description: text(auth['description']),
    endpoint: auth['endpoint'] as OutValue,
    grantField: auth['grantField'] as OutValue,
    grants: Object.fromEntries(grants.map((g) => [String(g['name']), { default: g['default'] as OutValue, send: g['send'] as OutValue }])),
    token: auth['token'] as OutValue,
    lifetime: lifetime as OutValue,
    carrier: auth['carrier'] as OutValue,
    unauthorized: auth['unauthorized'] as OutValue,
  };
}

function importScheme(ctx: ImportContext, scheme: JsonObject, at: Path): Out | undefined {
  const description = text(scheme['description']);
  const type = scheme['type'];
  if (type === 'apiKey') {
    const place = scheme['in'];
    const name = scheme['name'];
    if ((place !== 'header' && place !== 'query' && place !== 'cookie') || typeof name !== 'string' || !TOKEN.test(name)) return dropped(ctx, at, 'an apiKey scheme without a valid `in` and `name`');
    return { type: 'apiKey', in: place, name, description };
  }
  if (type === 'http') {
    const kind = typeof scheme['scheme'] === 'string' ? scheme['scheme'].toLowerCase() : '';
    if (kind === 'basic') return { type: 'http', scheme: 'basic', description };
    if (kind === 'bearer') return { type: 'http', scheme: 'bearer', format: text(scheme['bearerFormat']), description };
    return dropped(ctx, at, `HTTP scheme '${kind}' (only basic and bearer are)`);
  }
  if (type === 'openIdConnect') {
    const url = text(scheme['openIdConnectUrl']);
    return url === undefined ? dropped(ctx, at, 'an openIdConnect scheme without openIdConnectUrl') : { type: 'openIdConnect', openIdConnectUrl: url, description };
  }
  if (type === 'oauth2') return oauth2(ctx, scheme, at, description);
  return dropped(ctx, at, `security scheme type '${String(type)}'`);
}

function dropped(ctx: ImportContext, at: Path, what: string): undefined {
  ctx.warn(at, 'auth-dropped', `${what} cannot be written in a contract: the scheme is left out`);
  return undefined;
}

/**
 * An OAuth 2.0 scheme as the flow the application runs, its token handed to the client. Client
 * credentials alone becomes a bearer token the application obtains: the contract's own
 * client-credentials lifecycle needs the token endpoint as an operation, which descriptions do not have.
 */
function oauth2(ctx: ImportContext, scheme: JsonObject, at: Path, description: string | undefined): Out | undefined {
  const given = isObject(scheme['flows']) ? scheme['flows'] : {};
  // OpenAPI 3.1 has no device flow: the export keeps it as `x-contractgen-device-code`.
  const flows = isObject(given['x-contractgen-device-code']) ? { ...given, deviceCode: given['x-contractgen-device-code'] } : given;
  const name = FLOW_ORDER.find((f) => isObject(flows[f]));
  if (name === undefined) return dropped(ctx, at, 'an oauth2 scheme without a flow');
  const flow = flows[name] as JsonObject;
  if (Object.keys(given).length > 1) ctx.warn([...at, 'flows'], 'approximated', `an oauth2 scheme with several flows is imported as its ${name} flow`);
  if (name === 'clientCredentials') {
    ctx.warn([...at, 'flows', name], 'approximated', 'an OAuth 2.0 client-credentials flow is imported as a bearer token the application obtains (at the flow\'s tokenUrl) and hands the client');
    const tokenUrl = text(flow['tokenUrl']);
    return { type: 'http', scheme: 'bearer', description: [description, tokenUrl === undefined ? undefined : `OAuth 2.0 client credentials: tokens from ${tokenUrl}.`].filter((d) => d !== undefined).join('\n\n') };
  }
  const urls = { authorizationUrl: text(flow['authorizationUrl']), tokenUrl: text(flow['tokenUrl']), refreshUrl: text(flow['refreshUrl']) };
  const needed = name === 'authorizationCode' ? ['authorizationUrl', 'tokenUrl'] : name === 'implicit' ? ['authorizationUrl'] : ['tokenUrl'];
  for (const key of needed) {
    if (urls[key as keyof typeof urls] === undefined) return dropped(ctx, [...at, 'flows', name], `an oauth2 ${name} flow without ${key}`);
  }
  const scopes = isObject(flow['scopes']) ? Object.fromEntries(Object.entries(flow['scopes']).map(([k, v]) => [k, typeof v === 'string' ? v : ''])) : undefined;
  return { type: 'oauth2', flow: name, ...urls, scopes: scopes !== undefined && Object.keys(scopes).length > 0 ? scopes : undefined, description };
}
