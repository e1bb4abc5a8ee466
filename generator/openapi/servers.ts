/**
 * Server objects: every host's URL in every environment. The contract's server variables become
 * OpenAPI server variables. OpenAPI requires a default value, which the contract does not have
 * (the source shows only placeholders), so the default is a placeholder to replace. Variables are
 * described in the server's description: the OpenAPI 3.1 schema that validators ship (2021-09-28)
 * misspells a variable's `description` key and rejects it.
 */
import { knowledge } from '../model/knowledge.js';
import { placeholders } from '../model/values.js';
import type { Contract, Environment, Host } from '../model/types.js';
import { paragraphs, type JsonObject } from './json.js';

/** The host whose servers are the document's: the token endpoint's, so a relative token URL resolves. */
export function primaryHost(contract: Contract): Host | undefined {
  const tokenEndpoint = knowledge(contract).tokenEndpoint;
  return (tokenEndpoint === undefined ? undefined : knowledge(contract).host(tokenEndpoint.host)) ?? contract.hosts[0];
}

/** Each host's server list, environments grouped by URL, the default environment first. */
export function serversByHost(contract: Contract): Map<string, JsonObject[]> {
  const defaults = variableDefaults(contract);
  const environments = [...contract.environments].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return new Map(contract.hosts.map((host) => [host.name, hostServers(contract, host, environments, defaults)]));
}

function hostServers(contract: Contract, host: Host, environments: readonly Environment[], defaults: ReadonlyMap<string, string>): JsonObject[] {
  const byUrl = new Map<string, Environment[]>();
  for (const env of environments) {
    const url = urlIn(env, host);
    byUrl.set(url, [...(byUrl.get(url) ?? []), env]);
  }
  return [...byUrl].map(([url, envs]) => {
    // An environment that gives this host no URL of its own explains why in its notes.
    const notes = envs.filter((e) => urlIn(e, host) === host.url).flatMap((e) => e.notShown);
    const names = [...new Set(placeholders(url))];
    return {
      url,
      description: paragraphs([`${host.name} host, ${environmentList(envs, environments.length > 1)}.`, ...names.map((n) => variableNote(contract, n)), ...notes]),
      variables: names.length === 0 ? undefined : Object.fromEntries(names.map((n) => [n, serverVariable(contract, n, defaults)])),
      'x-contractgen-environments': envs.map((e) => e.name),
    };
  });
}

export function urlIn(env: Environment, host: Host): string {
  return env.urls.find((u) => u.host === host.name)?.url ?? host.url;
}

/** `environments production (default), staging`; the default is named only when there is a choice. */
function environmentList(envs: readonly Environment[], choice: boolean): string {
  const names = envs.map((e) => `${e.name}${e.isDefault && choice ? ' (default)' : ''}`);
  return names.length === 1 ? `${names[0] ?? ''} environment` : `environments ${names.join(', ')}`;
}

function variableNote(contract: Contract, name: string): string {
  const server = knowledge(contract).server(name);
  const description = server?.description;
  const unknown = server?.default === undefined ? 'Its value is not in the contract: replace the placeholder default.' : '';
  return `\`${name}\`: ${description === undefined ? '' : `${description} `}${unknown}`.trim();
}

/** The contract's default and values where it gives them; else a placeholder default, as OpenAPI requires one. */
function serverVariable(contract: Contract, name: string, placeholders: ReadonlyMap<string, string>): JsonObject {
  const server = knowledge(contract).server(name);
  return { default: server?.default ?? server?.enum?.[0] ?? placeholders.get(name) ?? name, enum: server?.enum === undefined ? undefined : [...server.enum] };
}

/**
 * A variable that starts a URL is a base address and defaults to `https://<name>.invalid`; one
 * inside a URL defaults to its name. RFC 2606 reserves `.invalid`, so no request reaches anyone.
 */
export function variableDefaults(contract: Contract): Map<string, string> {
  const templates = [...contract.hosts.map((h) => h.url), ...contract.environments.flatMap((e) => e.urls.map((u) => u.url))];
  const leading = new Set(templates.map((t) => /^\{([^{}]*)\}/.exec(t)?.[1]).filter((n): n is string => n !== undefined));
  const slug = (name: string) => name.toLowerCase().replace(/_/g, '-');
  return new Map(contract.servers.map((s) => [s.name, leading.has(s.name) ? `https://${slug(s.name)}.invalid` : slug(s.name)]));
}
