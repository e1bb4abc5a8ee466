/**
 * The contract's auth as an OpenAPI security scheme: OAuth 2.0 flows for the grants OpenAPI names
 * (client credentials, password), the refresh-token grant as the flows' `refreshUrl` (the same
 * token endpoint), and everything else about tokens in `x-contractgen-auth`.
 */
import { knowledge } from '../model/knowledge.js';
import { placeholders } from '../model/values.js';
import type { Auth, AuthScheme, Contract, Endpoint } from '../model/types.js';
import { flag, paragraphs, type Json, type JsonObject } from './json.js';
import { primaryHost, urlIn, variableDefaults } from './servers.js';

const FLOWS: Readonly<Record<string, string>> = { client_credentials: 'clientCredentials', password: 'password' };

export function securitySchemes(contract: Contract): JsonObject | undefined {
  if (contract.schemes.length === 0) return undefined;
  return Object.fromEntries(contract.schemes.map((s) => [s.name, schemeObject(contract, s)]));
}

function schemeObject(contract: Contract, s: AuthScheme): Json {
  switch (s.type) {
    case 'apiKey':
      return { type: 'apiKey', in: s.in, name: s.paramName, description: s.description };
    case 'basic':
      return { type: 'http', scheme: 'basic', description: s.description };
    case 'clientCredentials':
      return clientCredentials(contract, s.detail);
    case 'bearer':
      if (s.source === 'http') return { type: 'http', scheme: 'bearer', bearerFormat: s.format, description: s.description };
      if (s.source === 'openIdConnect') return { type: 'openIdConnect', openIdConnectUrl: s.urls.openIdConnect, description: s.description };
      return { type: 'oauth2', description: s.description, flows: callerFlows(s) };
  }
}

/** OpenAPI 3.1 has no device flow: it is kept in an extension, with the flows object empty. */
function callerFlows(s: Extract<AuthScheme, { type: 'bearer' }>): Json {
  const scopes = Object.fromEntries(s.scopes.map((x) => [x.name, x.description]));
  const { authorization, token, refresh } = s.urls;
  const flow = { authorizationUrl: s.flow === 'password' || s.flow === 'deviceCode' ? undefined : authorization, tokenUrl: s.flow === 'implicit' ? undefined : token, refreshUrl: refresh, scopes };
  if (s.flow === 'deviceCode') return { 'x-contractgen-device-code': flow };
  return s.flow === undefined ? {} : { [s.flow]: flow };
}

function clientCredentials(contract: Contract, auth: Auth): Json {
  const url = tokenUrl(contract);
  const refresh = auth.grants.some((g) => g.name === 'refresh_token');
  const flows: Record<string, Json> = {};
  for (const grant of auth.grants) {
    const flow = FLOWS[grant.name];
    if (flow !== undefined) flows[flow] = { tokenUrl: url.relative, refreshUrl: refresh ? url.relative : undefined, scopes: {} };
  }
  const hasFlows = Object.keys(flows).length > 0;
  return {
    // Without a flow OpenAPI can name, the token is still a bearer token on every request.
    type: hasFlows ? 'oauth2' : 'http',
    scheme: hasFlows ? undefined : 'bearer',
    description: description(contract, auth),
    flows: hasFlows ? flows : undefined,
    'x-contractgen-token-url': url.template,
    'x-contractgen-auth': authData(auth),
  };
}

/** Each alternative of the endpoint as a requirement object; none at all when the contract has no schemes. */
export function operationSecurity(contract: Contract, endpoint: Endpoint): Json | undefined {
  if (contract.schemes.length === 0) return undefined;
  return endpoint.security.map((alt) => Object.fromEntries(alt.map((name) => [name, []])));
}

/**
 * `template` is the token URL as the contract gives it (host URL + path). `relative` drops a
 * leading variable, so it resolves against the document's servers (the token host's); any other
 * variable takes its placeholder default, since OpenAPI does not template token URLs.
 */
function tokenUrl(contract: Contract): { template: string; relative: string } {
  const k = knowledge(contract);
  const endpoint = k.tokenEndpoint;
  const host = endpoint === undefined ? undefined : k.host(endpoint.host);
  const env = k.defaultEnvironment;
  const base = (host === undefined ? '' : env === undefined ? host.url : urlIn(env, host)).replace(/\/+$/, '');
  const path = endpoint?.path ?? '';
  const defaults = variableDefaults(contract);
  const isPrimary = host !== undefined && host === primaryHost(contract);
  let relative = isPrimary ? base.replace(/^\{[^{}]*\}/, '') : base;
  for (const name of placeholders(relative)) relative = relative.replace(`{${name}}`, defaults.get(name) ?? name);
  return { template: base + path, relative: relative + path };
}

function description(contract: Contract, auth: Auth): string | undefined {
  const endpoint = knowledge(contract).tokenEndpoint;
  const grants = auth.grants.map((g) => `${g.name}${g.isDefault ? ' (default)' : ''} sends ${g.send.map((s) => s.field).join(', ') || 'no credential field'}`);
  const lifetime = auth.lifetime.map((l) => `${l.environment} ${l.seconds} s`).join(', ');
  const replay = auth.unauthorized.replay === 'once' ? '; the client drops the token and replays the request once' : '';
  return paragraphs([
    auth.description,
    endpoint === undefined ? undefined : `Tokens come from ${endpoint.method} ${endpoint.path} (operation ${endpoint.id}); ${auth.grantField} selects the grant: ${grants.join('; ')}.`,
    auth.grants.some((g) => g.name === 'refresh_token') ? 'The refresh-token grant uses the same token URL (refreshUrl).' : undefined,
    lifetime === '' ? undefined : `Token lifetime: ${lifetime}.`,
    `Sent as ${auth.carrier.header}: ${auth.carrier.scheme} <token>.`,
    auth.carrier.notShown,
    `A missing or expired token: ${auth.unauthorized.status} with the \`${auth.unauthorized.shape}\` shape${replay}.`,
  ]);
}

function authData(auth: Auth): JsonObject {
  return {
    description: auth.description,
    endpoint: auth.endpoint,
    grantField: auth.grantField,
    grants: auth.grants.map((g) => ({ name: g.name, default: flag(g.isDefault), send: Object.fromEntries(g.send.map((s) => [s.field, s.credential])) })),
    token: auth.token,
    lifetime: Object.fromEntries(auth.lifetime.map((l) => [l.environment, l.seconds])),
    carrier: auth.carrier,
    unauthorized: auth.unauthorized,
  };
}
