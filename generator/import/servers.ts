/**
 * Servers → hosts, environments and server variables. The document's first server is the host
 * `api`; its other servers are environments of it (production, sandbox, …); an operation or path
 * with servers of its own is on another host. A relative server URL is relative to wherever the
 * description is served, which the description cannot say: it becomes `{base_url}` plus the path.
 */
import { own } from '../records.js';
import { isObject, Names, text, type ImportContext, type Json, type JsonObject, type Out } from './context.js';

type Path = readonly (string | number)[];

export class Hosts {
  readonly servers: Out = {};
  readonly hosts: Out = {};
  readonly environments: Out = {};
  private readonly byUrl = new Map<string, string>();
  private readonly hostNames: Names;
  private readonly variableNames = new Names();
  private readonly variables = new Map<string, string>();
  private readonly main: string;

  constructor(
    private readonly ctx: ImportContext,
    avoid: ReadonlySet<string>,
  ) {
    this.hostNames = new Names(avoid);
    const list = Array.isArray(ctx.doc['servers']) ? ctx.doc['servers'].filter(isObject) : [];
    const first = list[0];
    const url = first === undefined ? this.relative('', ['servers']) : this.url(first, ['servers', 0]);
    this.main = this.addHost(url, text(first?.['description']), first === undefined ? undefined : ['servers', 0]);
    this.addEnvironments(list);
  }

  get mainHost(): string {
    return this.main;
  }

  /** The host of an operation or path item with `servers` of its own (its first server), else the main host. */
  hostOf(servers: Json | undefined, path: Path): string {
    const first = Array.isArray(servers) ? servers.find(isObject) : undefined;
    if (first === undefined) return this.main;
    const at = [...path, 'servers', 0];
    const url = this.url(first, at);
    if ((servers as Json[]).length > 1) this.ctx.warn(at, 'approximated', 'an operation with several servers is imported on its first');
    return this.byUrl.get(url) ?? this.addHost(url, text(first['description']), at);
  }

  /** `at`: the server the host comes from, where findings about the host point. */
  private addHost(url: string, description: string | undefined, at: Path | undefined): string {
    const name = this.hostNames.claim(this.byUrl.size === 0 ? 'api' : hostWord(url), (t) => t);
    this.byUrl.set(url, name);
    this.hosts[name] = { description, url };
    if (at !== undefined) this.ctx.origin(['hosts', name], at);
    return name;
  }

  private addEnvironments(list: readonly JsonObject[]): void {
    if (list.length < 2) return;
    const names = new Names();
    for (const [i, server] of list.entries()) {
      const url = this.url(server, ['servers', i]);
      const name = names.claim(environmentWord(text(server['description']), url, i), (t) => t);
      this.environments[name] = { default: i === 0 ? true : undefined, description: text(server['description']), urls: i === 0 ? undefined : { [this.main]: url } };
      this.ctx.origin(['environments', name], ['servers', i]);
    }
  }

  /** A server's URL as a contract URL template, its variables declared under `servers`. */
  private url(server: JsonObject, at: Path): string {
    const raw = typeof server['url'] === 'string' ? server['url'].trim() : '';
    const declared = isObject(server['variables']) ? server['variables'] : {};
    const withVariables = raw.replace(/\{([^{}]*)\}/g, (_, name: string) => `{${this.variable(name, own(declared, name), [...at, 'variables', name])}}`);
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(withVariables) || /^\{[^{}]+\}/.test(withVariables)) return withVariables;
    if (withVariables.startsWith('//')) return `https:${withVariables}`;
    return this.relative(withVariables, at);
  }

  private relative(path: string, at: Path): string {
    const name = this.variable('base_url', { description: 'The address the API is served at: the description gives none, or only a path relative to where it is served.' }, at);
    return `{${name}}${path === '' || path.startsWith('/') ? path : `/${path}`}`.replace(/\/+$/, '');
  }

  /** A server variable by its description's name; one declared alike in several servers is one variable. */
  private variable(name: string, spec: Json | undefined, at: Path): string {
    const declared = isObject(spec) ? spec : {};
    const values = Array.isArray(declared['enum']) ? [...new Set(declared['enum'].filter((v): v is string => typeof v === 'string' && v !== ''))] : [];
    const fallback = typeof declared['default'] === 'string' && declared['default'] !== '' ? declared['default'] : undefined;
    const enumOk = values.length > 0 && (fallback === undefined || values.includes(fallback));
    if (values.length > 0 && !enumOk) this.ctx.warn(at, 'approximated', `the default of server variable '${name}' is not one of its enum values: the enum is left out`);
    const variable: Out = { description: text(declared['description']), default: fallback, enum: enumOk ? values : undefined };
    const key = `${name}\u0000${JSON.stringify(variable)}`;
    const known = this.variables.get(key);
    if (known !== undefined) return known;
    const contractName = this.variableNames.claim(name, (t) => t.replace(/[^A-Za-z0-9]+/g, '_'));
    this.variables.set(key, contractName);
    this.servers[contractName] = variable;
    return contractName;
  }
}

function hostWord(url: string): string {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/:?#]+)/i.exec(url)?.[1] ?? 'host';
  const parts = host.split('.').filter((p) => !/^(www|api|com|org|net|io)$/i.test(p) && !p.includes('{'));
  return (parts[0] ?? 'host').replace(/[^A-Za-z0-9]+/g, '_');
}

function environmentWord(description: string | undefined, url: string, index: number): string {
  const words = (description ?? '').toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const known = words.find((w) => /^(production|prod|live|sandbox|staging|stage|test|testing|development|dev|local|mock|demo|beta|preview)$/.test(w));
  if (known !== undefined) return known;
  if (words.length > 0 && words.length <= 3) return words.join('_');
  const host = hostWord(url);
  return index === 0 ? 'default' : host === 'host' ? `server${index + 1}` : host;
}

/** The server parts of the contract. */
export function serverParts(hosts: Hosts): Out {
  return {
    servers: Object.keys(hosts.servers).length === 0 ? undefined : hosts.servers,
    hosts: hosts.hosts,
    environments: Object.keys(hosts.environments).length === 0 ? undefined : hosts.environments,
  };
}
