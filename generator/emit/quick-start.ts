/**
 * The README's quick start: the install line and a program that works when pasted. It creates the
 * client with exactly the options this API needs (its credentials and base URLs read from the
 * environment), makes one call with its `ok` check (a GET of the API's main resource) and, where
 * the API paginates, walks the items of a paginated operation. test/readme-quick-start.test.ts type-checks it under TypeScript 5.9
 * and 7 and runs it against a server on 127.0.0.1; the property tests type-check it for random
 * contracts.
 *
 * Every name in it comes from names.ts and naming.ts, every value is a literal of naming.ts, and
 * the environment variables' names are made of letters, digits and `_` alone.
 */
import { markdownCode, markdownFence } from '../escape.js';
import { knowledge } from '../model/knowledge.js';
import type { AuthScheme, Contract, Endpoint, Environment, Param, TypeRef } from '../model/types.js';
import { constant, stringLiteral } from '../naming.js';
import { CLIENT, endpointNames } from './names.js';
import { Code, data, fits, list, objectKey } from './pretty.js';
import { datedExample } from './date-plans.js';
import { exampleValue } from './value-example.js';

/** The operations the quick start calls. */
interface QuickStartCalls {
  /** The one call: a GET without a required body, of the resource with the most operations under it (callCost). */
  readonly call: Endpoint | undefined;
  /** The paginated operation it walks, when the API has one: one under the call's resource if any (GitHub: a repository's issues). */
  readonly paged: Endpoint | undefined;
}

function quickStartCalls(contract: Contract): QuickStartCalls {
  const callable = contract.endpoints.filter((e) => e.id !== contract.auth?.endpoint);
  const call = simplest(contract, callable);
  const paged = callable.filter((e) => e.pagination !== undefined);
  const below = call === undefined ? [] : paged.filter((e) => e.path.startsWith(`${call.path.replace(/\/+$/, '')}/`));
  return { call, paged: simplest(contract, below.length > 0 ? below : paged) };
}

/** The README section: install, then the program and the environment variables it reads. */
export function quickStartSection(contract: Contract): string[] {
  const { code, variables, baseUrl } = quickStart(contract);
  const reads = variables.length === 0 ? [] : ['', `It reads ${variables.map(markdownCode).join(', ')} from the environment.`];
  return ['## Quick start', '', ...markdownFence([`npm install ${contract.info.packageName}`], 'sh'), '', ...markdownFence(code, 'ts'), ...reads, '', ...usageNotes(contract, baseUrl), ''];
}

/**
 * What a first program asks next, said under it: where the per-call options go, how to send the
 * calls elsewhere (where the program does not already), and what the compiler needs.
 */
function usageNotes(contract: Contract, baseUrlShown: boolean): string[] {
  const hosts = contract.hosts.map((h) => h.name);
  const example = hosts.length === 1 ? "baseUrl: 'https://…'" : `baseUrl: { ${hosts.map((h) => `${objectKey(h)}: 'https://…'`).join(', ')} }`;
  return [
    "- Each call's input takes `signal`, `timeoutMs` (each attempt's deadline), `maxRetries` and `headers` beside its parameters.",
    ...(baseUrlShown ? [] : [`- ${markdownCode(example)} in the options sends the calls elsewhere: another installation of the API, a proxy, a mock.`]),
    '- It compiles with TypeScript 5 or later, `target` ES2022 or later and `module` `nodenext` (or `bundler`).',
  ];
}

/** The program, in prettier's form, and the environment variables it reads. */
export function quickStart(contract: Contract): { readonly code: string[]; readonly variables: readonly string[]; readonly baseUrl: boolean } {
  const { call, paged } = quickStartCalls(contract);
  const env = new EnvironmentNames(envPrefix(contract.info.packageName));
  const options = clientOptions(contract, [call, paged], env);
  const pageHelper = paged === undefined ? undefined : endpointNames.items(paged.id);
  const imports = [CLIENT.createClient, ...(pageHelper === undefined ? [] : [pageHelper])];
  const lines = [...list('import ', '{', imports, '}', ` from ${stringLiteral(contract.info.packageName)};`, 0), ''];
  // One option per line, each read at a glance.
  if (Object.keys(options).length === 0) lines.push(`const client = ${CLIENT.createClient}();`);
  else lines.push(...expandedObject(`const client = ${CLIENT.createClient}(`, options, ');'));
  if (call !== undefined) {
    lines.push('', ...callLines(`const result = await client.${endpointNames.operation(call.id)}(`, inputOf(contract, call), ');'));
    lines.push('if (result.ok) console.log(result.data);', 'else console.error(result.error.message);');
  }
  if (paged !== undefined && pageHelper !== undefined) {
    const input = inputOf(contract, paged) ?? {};
    lines.push('', ...callLines(`for await (const item of ${pageHelper}(client, `, input, ')) {'));
    lines.push('  if (item.ok) console.log(item.data);', '  else console.error(item.error.message);', '}');
  }
  return { code: lines, variables: env.names, baseUrl: options['baseUrl'] !== undefined };
}

// ---------------------------------------------------------------------------------------------
// The client's options: the one place that decides them
// ---------------------------------------------------------------------------------------------

/**
 * The options `createClient` needs for this API and these calls, values as code: the default
 * environment where there are several; the base URLs where every host's has a server variable
 * without a default (one string for one host), else those variables; the credentials of the
 * schemes the calls use.
 */
function clientOptions(contract: Contract, calls: readonly (Endpoint | undefined)[], env: EnvironmentNames): Record<string, unknown> {
  const environment = contract.environments.find((e) => e.isDefault) ?? contract.environments[0];
  const options: Record<string, unknown> = {};
  if (environment !== undefined && contract.environments.length > 1) options['environment'] = environment.name;
  const baseUrl = environment === undefined ? undefined : baseUrlOption(contract, environment, env);
  const servers = environment === undefined || baseUrl !== undefined ? {} : serverOptions(contract, environment, env);
  if (baseUrl !== undefined) options['baseUrl'] = baseUrl;
  else if (Object.keys(servers).length > 0 || contract.servers.some((s) => s.default === undefined)) options['servers'] = servers;
  const schemes = schemesShown(contract, calls);
  if (schemes.some((s) => s.type === 'clientCredentials')) options['credentials'] = grantCredentials(contract, env);
  const held = schemes.filter((s) => s.type !== 'clientCredentials');
  if (held.length > 0) options['auth'] = Object.fromEntries(held.map((s) => [s.name, schemeCredential(s, env)]));
  return options;
}

/**
 * Every host's base URL read from an environment variable, where each host's URL needs a server
 * variable without a default: what a user has to hand is a URL, not the description's variable
 * names. Undefined where some host's URL is complete (the variables then say less).
 */
function baseUrlOption(contract: Contract, environment: Environment, env: EnvironmentNames): Code | Record<string, Code> | undefined {
  const k = knowledge(contract);
  const needed = new Set(environment.variables.filter((v) => k.server(v)?.default === undefined));
  const incomplete = (url: string) => [...url.matchAll(/\{([^}]*)\}/g)].some((m) => needed.has(m[1] ?? ''));
  if (needed.size === 0 || !environment.urls.every((u) => incomplete(u.url))) return undefined;
  if (contract.hosts.length === 1) return required(env.claim('base url'));
  return Object.fromEntries(environment.urls.map((u) => [u.host, required(env.claim(`${u.host} url`))]));
}

/** The environment's server variables without a default, each read from an environment variable. */
function serverOptions(contract: Contract, environment: Environment, env: EnvironmentNames): Record<string, Code> {
  const k = knowledge(contract);
  const needed = environment.variables.filter((v) => k.server(v)?.default === undefined);
  return Object.fromEntries(needed.map((v) => [v, required(env.claim(v))]));
}

/** The schemes of the first alternative one of the calls (else any endpoint) accepts. */
function schemesShown(contract: Contract, calls: readonly (Endpoint | undefined)[]): AuthScheme[] {
  const endpoints = [...calls.filter((e): e is Endpoint => e !== undefined), ...contract.endpoints];
  const alternative = endpoints.find((e) => e.security.length > 0)?.security[0] ?? [];
  return alternative.flatMap((name) => contract.schemes.filter((s) => s.name === name));
}

/** The default grant's credentials (client id and secret, …). */
function grantCredentials(contract: Contract, env: EnvironmentNames): Record<string, Code> {
  const grant = contract.auth?.grants.find((g) => g.isDefault) ?? contract.auth?.grants[0];
  return Object.fromEntries((grant?.send ?? []).map((s) => [s.credential, required(env.claim(s.credential))]));
}

function schemeCredential(scheme: AuthScheme, env: EnvironmentNames): Code | Record<string, Code> {
  switch (scheme.type) {
    case 'basic':
      return { username: required(env.claim('username', scheme.name)), password: required(env.claim('password', scheme.name)) };
    case 'bearer':
      return optional(env.claim('token', scheme.name));
    default:
      return optional(env.claim('api key', scheme.name));
  }
}

/** `process.env['X'] ?? ''`, where the option takes a string: an unset variable is an empty string the server refuses, with its message. */
function required(name: string): Code {
  return new Code(`${optional(name).text} ?? ''`);
}

/** `process.env['X']`, where the option may be left out. Bracketed: `noPropertyAccessFromIndexSignature` refuses a dot. */
function optional(name: string): Code {
  return new Code(`process.env[${stringLiteral(name)}]`);
}

/** Generic words a package name carries besides the API's own (`@acme/billing-api-client` → `BILLING`). */
const GENERIC_WORDS = new Set(['api', 'apis', 'client', 'clients', 'sdk', 'js', 'ts', 'node', 'typescript', 'javascript']);

/** The environment variables' prefix: the package name's own words, else its scope's (`@orders/client` → `ORDERS`). */
export function envPrefix(packageName: string): string {
  const [scope, name] = packageName.startsWith('@') ? (packageName.slice(1).split('/', 2) as [string, string | undefined]) : [undefined, packageName];
  const own = (text: string | undefined) => (text ?? '').split(/[^A-Za-z0-9]+/).filter((w) => w !== '' && !GENERIC_WORDS.has(w.toLowerCase()));
  const words = own(name).length > 0 ? own(name) : own(scope);
  return constant(words.length > 0 ? words.join(' ') : 'api');
}

/** Environment variable names, one per value the program reads: `<PREFIX>_<WHAT>`, the scheme's name added where two would meet. */
class EnvironmentNames {
  private readonly taken = new Set<string>();

  constructor(private readonly prefix: string) {}

  /** In the order the program reads them. */
  get names(): readonly string[] {
    return [...this.taken];
  }

  claim(what: string, scheme?: string): string {
    const plain = constant(`${this.prefix} ${what}`);
    let name = this.taken.has(plain) && scheme !== undefined ? constant(`${this.prefix} ${scheme} ${what}`) : plain;
    for (let n = 2; this.taken.has(name); n++) name = `${plain}_${n}`;
    this.taken.add(name);
    return name;
  }
}

// ---------------------------------------------------------------------------------------------
// The calls
// ---------------------------------------------------------------------------------------------

/**
 * The endpoint a first program calls: a GET first, not deprecated, no bytes to send, no required
 * body; then the API's main resource, the path with the most operations on and under it (GitHub's
 * `GET /repos/{owner}/{repo}`, not `GET /`, which says what the API is, nor `GET /zen`); then the
 * fewest required parameters; contract order breaks ties.
 */
function simplest(contract: Contract, endpoints: readonly Endpoint[]): Endpoint | undefined {
  let best: Endpoint | undefined;
  let bestCost: number[] = [];
  const under = operationsUnder(contract);
  for (const endpoint of endpoints) {
    const cost = callCost(contract, endpoint, under(endpoint));
    if (best === undefined || lexicallyLess(cost, bestCost)) [best, bestCost] = [endpoint, cost];
  }
  return best;
}

function callCost(contract: Contract, endpoint: Endpoint, operations: number): number[] {
  const inputs = requiredInputs(endpoint);
  const bytes = inputs.some((ref) => sendsBytes(contract, ref, new Set())) ? 1 : 0;
  const body = endpoint.request !== undefined && !endpoint.request.optional ? 1 : 0;
  // A paginated operation comes last among equals: the program walks one already.
  return [endpoint.method === 'GET' ? 0 : 1, endpoint.deprecated === undefined ? 0 : 1, bytes, body, -operations, inputs.length, endpoint.pagination === undefined ? 0 : 1];
}

/**
 * How many other operations act on an endpoint's path or a path under it; none for the root,
 * under which everything is. Paths sorted once: those under `p` are the run from `p/` to `p0`
 * ('0' follows '/'), found by binary search (Graph's 15,000 operations).
 */
function operationsUnder(contract: Contract): (endpoint: Endpoint) => number {
  const paths = contract.endpoints.map((e) => e.path.replace(/\/+$/, '')).sort();
  const from = (key: string) => {
    let [lo, hi] = [0, paths.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((paths[mid] ?? '') < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return (endpoint) => {
    const path = endpoint.path.replace(/\/+$/, '');
    if (path === '') return 0;
    // Itself and its other methods, then what is under it (`/gifs-x` sorts between and is neither).
    return from(`${path}\u0000`) - from(path) + from(`${path}0`) - from(`${path}/`) - 1;
  };
}

function lexicallyLess(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((x, j) => x !== b[j]);
  return i >= 0 && (a[i] ?? 0) < (b[i] ?? 0);
}

/**
 * The parameters a call must give: the endpoint's required ones (the conditional-request inputs
 * knowledge adds are optional), less an idempotency key, which the client fills in.
 */
function requiredParams(endpoint: Endpoint): Param[] {
  return endpoint.params.filter((p) => p.required && !p.idempotencyKey);
}

/** The types of the inputs a call must give: its required parameters, then a required body. */
function requiredInputs(endpoint: Endpoint): TypeRef[] {
  const body = endpoint.request !== undefined && !endpoint.request.optional ? [endpoint.request.body] : [];
  return [...requiredParams(endpoint).map((p) => p.type), ...body];
}

/** Whether a value of the type holds bytes (an upload), which a JSON-like example cannot give. */
function sendsBytes(contract: Contract, ref: TypeRef, seen: Set<string>): boolean {
  switch (ref.kind) {
    case 'primitive':
      return ref.name === 'binary';
    case 'array':
      return sendsBytes(contract, ref.items, seen);
    case 'map':
      return sendsBytes(contract, ref.values, seen);
    case 'object':
      return ref.fields.some((f) => f.required && sendsBytes(contract, f.type, seen));
    case 'union':
      return ref.members.every((m) => sendsBytes(contract, m, seen));
    case 'named': {
      const type = knowledge(contract).type(ref.name);
      if (type === undefined || seen.has(type.name)) return false;
      seen.add(type.name);
      if (type.kind === 'alias') return sendsBytes(contract, type.type, seen);
      return type.kind === 'object' && type.fields.some((f) => f.required && sendsBytes(contract, f.type, seen));
    }
    default:
      return false;
  }
}

/** The call's input: its required parameters and body with example values; undefined when it needs none. */
function inputOf(contract: Contract, endpoint: Endpoint): Record<string, unknown> | undefined {
  const params = requiredParams(endpoint);
  const request = endpoint.request;
  const body = request === undefined || request.optional ? [] : [['body', bodyExample(contract, request.body)] as const];
  const entries = [...params.map((p) => [p.key, datedExample(contract, p.type, exampleValue(contract, p.type, 'request'))] as const), ...body];
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

function bodyExample(contract: Contract, ref: TypeRef): unknown {
  const resolved = ref.kind === 'named' ? knowledge(contract).type(ref.name) : undefined;
  const bytes = (ref.kind === 'primitive' && ref.name === 'binary') || (resolved?.kind === 'alias' && resolved.type.kind === 'primitive' && resolved.type.name === 'binary');
  return bytes ? new Code('new Uint8Array()') : datedExample(contract, ref, exampleValue(contract, ref, 'request'));
}

/** `head(input)tail`: no argument when there is no input; one line when it fits and holds no object; else prettier's expanded object. */
function callLines(head: string, input: Record<string, unknown> | undefined, tail: string): string[] {
  if (input === undefined) return [`${head}${tail}`];
  return objectLines(head, input, tail, 0);
}

/**
 * An object literal after `head`, in prettier's form: on one line when it fits and every value
 * is a scalar or code (nested objects likewise), else one member per line; example values that
 * are objects or arrays are written by `data`, expanded. `most`: the most members it may have
 * on one line.
 */
function objectLines(head: string, value: Record<string, unknown>, tail: string, indent: number, most = Infinity): string[] {
  const flat = Object.keys(value).length <= most ? flatObject(value) : undefined;
  if (flat !== undefined && fits(`${head}${flat}${tail}`, indent)) return [`${head}${flat}${tail}`];
  return expandedObject(head, value, tail, indent, most);
}

/** One member per line (prettier keeps an object so written, its first member on a line of its own). */
function expandedObject(head: string, value: Record<string, unknown>, tail: string, indent = 0, most = 1): string[] {
  const members = Object.entries(value);
  if (members.length === 0) return [`${head}{}${tail}`];
  const body = members.flatMap(([key, member]) => memberLines(key, member, indent + 1, most).map((l) => `  ${l}`));
  return [`${head}{`, ...body, `}${tail}`];
}

function memberLines(key: string, value: unknown, indent: number, most: number): string[] {
  const head = `${objectKey(key)}: `;
  if (isRecord(value)) return objectLines(head, value, ',', indent, most);
  return data(value, indent, head, ',').split('\n');
}

/** `{ a: 'x', b: process.env['Y'] }` when every value is a scalar, code or such an object. */
function flatObject(value: Record<string, unknown>): string | undefined {
  const members: string[] = [];
  for (const [key, member] of Object.entries(value)) {
    const text = isRecord(member) ? flatObject(member) : member instanceof Code ? member.text : scalarText(member);
    if (text === undefined) return undefined;
    members.push(`${objectKey(key)}: ${text}`);
  }
  return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
}

function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return stringLiteral(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Code);
}
