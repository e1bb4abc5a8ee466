/**
 * `createClient`: options typed by environment, one method per endpoint, typed inputs and results;
 * and the same calls as functions of a `BaseClient`, which bundlers can drop one by one.
 */
import { knowledge, soleEnvironment, successHeaders } from '../model/knowledge.js';
import type { AuthScheme, Contract, Endpoint, Param, ResponseSpec, ResponseStream, TypeRef } from '../model/types.js';
import { formatStatus } from '../model/values.js';
import { propertyKey, propertyType, stringLiteral } from '../naming.js';
import { typeText } from './emit-types.js';
import { wireType } from './date-plans.js';
import { emitLiteralUnion } from './literal-union.js';
import { CLIENT, CLIENT_PRIVATE, endpointNames, MODULE, RUNTIME, TABLES, typeNames } from './names.js';
import { fits, list, union } from './pretty.js';
import type { DocTag, TsFile } from './ts-file.js';

const literals = (values: readonly string[]) => (values.length === 0 ? ['never'] : values.map(stringLiteral));

export function emitClient(file: TsFile, contract: Contract): void {
  emitEnvironments(file, contract);
  emitOptions(file, contract);
  for (const endpoint of contract.endpoints) file.section('endpoint', endpoint, () => emitEndpointTypes(file, contract, endpoint));
  emitClientInterface(file, contract);
  emitCreateClient(file, contract);
  emitOperations(file, contract);
  emitPaging(file, contract);
}

function emitEnvironments(file: TsFile, contract: Contract): void {
  const envs = contract.environments;
  emitLiteralUnion(file, {
    typeName: CLIENT.Environment,
    typeDoc: ['Environments of the contract.', ...envs.map((e) => `${e.name}${e.isDefault ? ' (default)' : ''}: ${e.description ?? ''} ${e.notShown.join(' ')}`.trim())],
    values: envs.map((e) => e.name),
    valuesName: CLIENT.ENVIRONMENTS,
    valuesDoc: `Every {@link ${CLIENT.Environment}}.`,
  });
  file.w.blankLine();
  file.doc('The server variables a client must be configured with, per environment.');
  file.w.write(`export interface ${CLIENT.ServerVariables} `).block(() => {
    for (const env of envs) {
      if (env.variables.length === 0) {
        file.w.writeLine(`${propertyKey(env.name)}: {};`);
        continue;
      }
      file.w.write(`${propertyKey(env.name)}: `).inlineBlock(() => {
        for (const variable of env.variables) {
          const server = knowledge(contract).server(variable);
          file.doc(server?.description, server?.default === undefined ? undefined : `Default: ${server.default}.`);
          const optional = server?.default !== undefined;
          const type = server?.enum === undefined ? 'string' : server.enum.map(stringLiteral).join(' | ');
          file.lines(union(`${propertyKey(variable)}${optional ? '?' : ''}:`, [propertyType(variable, optional, type)], ';', file.level));
        }
      });
      file.w.write(';').newLine();
    }
  });
  file.w.blankLine();
}

/** Options of the runtime the contract gives no work: its client options leave them out (options exist only where they act). */
function idleOptions(file: TsFile, contract: Contract): string[] {
  // The client-credentials scheme's token lifecycle, and the address of support reports.
  const token = contract.auth === undefined ? [`keyof ${file.useType(MODULE.runtime.baseClient, RUNTIME.baseClient.TokenOptions)}`] : [];
  return [...token, ...(contract.support === undefined ? [stringLiteral('supportEmail')] : [])];
}

function emitOptions(file: TsFile, contract: Contract): void {
  const runtimeOptions = file.useType(MODULE.runtime.baseClient, RUNTIME.baseClient.ClientRuntimeOptions);
  emitCredentials(file, contract);
  const callerSchemes = contract.schemes.filter((s) => s.type !== 'clientCredentials');
  emitAuthCredentials(file, callerSchemes);
  emitBaseUrls(file, contract);
  file.doc(`Options of {@link ${CLIENT.createClient}} that do not depend on the environment.`);
  // Typed per contract below: the environment, its server variables and base URLs, the credentials.
  const omitted = [...['environment', 'servers', 'baseUrl', 'authHeader', 'credentials', 'auth'].map(stringLiteral), ...idleOptions(file, contract)];
  file.lines(omitType(`export type ${CLIENT.ClientBaseOptions} =`, runtimeOptions, omitted, file.level));
  const { Environment } = CLIENT;
  const sole = soleEnvironment(contract);
  // Every variable defaulted: nothing need be given; else the servers, unless baseUrl gives every host's URL.
  const serversOptional = serversDefaulted(contract);
  const members = () => {
    file.doc('Which environment to call.', sole === undefined ? undefined : `Optional: the contract has one, ${sole.name}.`);
    file.w.writeLine(`readonly environment${sole === undefined ? '' : '?'}: E;`);
    emitBaseUrl(file, contract);
    file.doc('Base addresses, by server variable name.', serversOptional ? undefined : 'Not needed where `baseUrl` gives every host\'s URL.');
    // Optional in the object itself: where some are needed, the union after it requires them unless baseUrl gives every host's URL.
    file.w.writeLine(`readonly servers?: ${CLIENT.ServerVariables}[E];`);
    if (contract.auth !== undefined) {
      file.doc('Credentials for the token endpoint: the client fetches, caches, refreshes and replays tokens itself.');
      file.w.writeLine(`readonly credentials?: ${CLIENT.Credentials};`);
    }
    if (callerSchemes.length > 0) {
      file.doc('Credentials by auth scheme: each endpoint sends the first of its schemes the client holds.');
      file.w.writeLine(`readonly auth?: ${CLIENT.AuthCredentials};`);
    }
  };
  if (serversOptional) {
    file.doc(`Options of {@link ${CLIENT.createClient}}.`);
    file.w.write(`export interface ${CLIENT.ClientOptions}<E extends ${Environment} = ${Environment}> extends ${CLIENT.ClientBaseOptions} `).block(members);
  } else {
    file.doc(`Options of {@link ${CLIENT.createClient}}: the environment's \`servers\`, unless \`baseUrl\` gives every host's URL.`);
    file.w.write(`export type ${CLIENT.ClientOptions}<E extends ${Environment} = ${Environment}> = ${CLIENT.ClientBaseOptions} & `).inlineBlock(members);
    const choices = [`{ readonly baseUrl: ${baseUrlType(contract, true)} }`, `{ readonly servers: ${CLIENT.ServerVariables}[E] }`];
    const flat = ` & (${choices.join(' | ')});`;
    if (fits(`}${flat}`, file.level)) file.w.write(flat).newLine();
    else file.w.write([' & (', ...choices.map((c) => `    | ${c}`), '  );'].join('\n')).newLine();
  }
  file.w.blankLine();
}

/** `head Omit<type, 'a' | 'b'>;` as prettier lays it out: on one line, else the arguments broken, else the union too. */
function omitType(head: string, type: string, keys: readonly string[], indent: number): string[] {
  const members = keys.join(' | ');
  const flat = `${head} Omit<${type}, ${members}>;`;
  if (fits(flat, indent)) return [flat];
  if (fits(`  ${members}`, indent)) return [`${head} Omit<`, `  ${type},`, `  ${members}`, '>;'];
  return [`${head} Omit<`, `  ${type},`, ...keys.map((k) => `  | ${k}`), '>;'];
}

/** `baseUrl`: one string where the contract has one host, else one per host by name (`BaseUrls`, every host; partly in the option). */
function baseUrlType(contract: Contract, every: boolean): string {
  if (contract.hosts.length === 1) return 'string';
  return every ? CLIENT.BaseUrls : `Partial<${CLIENT.BaseUrls}>`;
}

/** `BaseUrls`, where the contract has several hosts: one member per line whatever their number. */
function emitBaseUrls(file: TsFile, contract: Contract): void {
  if (contract.hosts.length === 1) return;
  file.doc(`Base URLs by host name: the {@link ${CLIENT.ClientOptions}.baseUrl} option.`);
  // A type, not an interface: the runtime reads it as a record of hosts, which an interface is not.
  file.w.write(`export type ${CLIENT.BaseUrls} = `).inlineBlock(() => {
    for (const host of contract.hosts) {
      file.doc(host.description);
      file.w.writeLine(`readonly ${propertyKey(host.name)}: ${propertyType(host.name, false, 'string')};`);
    }
  });
  file.w.write(';').newLine();
  file.w.blankLine();
}

function emitBaseUrl(file: TsFile, contract: Contract): void {
  const only = contract.hosts.length === 1 ? contract.hosts[0] : undefined;
  const what = only === undefined ? "Base URLs by host name, replacing the environment's (a host left out keeps it)" : `The ${only.name} host's base URL, replacing the environment's`;
  const path = contract.endpoints.find((e) => only === undefined || e.host === only.name)?.path ?? '/…';
  file.doc(
    `${what}: a proxy, a gateway, a local mock, another installation of the API. The endpoint's path goes after its path (\`https://proxy.example/api\` + \`${path}\`).`,
    "A relative one is resolved against the page's location. Credentials are sent to its origin, and redirects and next pages judged against it.",
  );
  file.w.writeLine(`readonly baseUrl?: ${baseUrlType(contract, false)};`);
}

/** One optional credential per scheme the caller supplies, typed by what the scheme takes. */
function emitAuthCredentials(file: TsFile, schemes: readonly AuthScheme[]): void {
  if (schemes.length === 0) return;
  const type = (name: string) => file.useType(MODULE.runtime.credentials, name);
  file.doc(`Credentials of the contract's auth schemes, by scheme name (the {@link ${CLIENT.ClientOptions}.auth} option).`);
  // A type, not an interface: the runtime reads it as a record of schemes, which an interface is not.
  file.w.write(`export type ${CLIENT.AuthCredentials} = `).inlineBlock(() => {
    for (const s of schemes) {
      file.doc(s.description, schemeNote(s));
      const credential = s.type === 'basic' ? type('BasicCredential') : s.type === 'bearer' ? `${type('Secret')} | ${type('TokenSource')}` : type('Secret');
      file.w.writeLine(`readonly ${propertyKey(s.name)}?: ${propertyType(s.name, true, credential)};`);
    }
  });
  file.w.write(';').newLine();
  file.w.blankLine();
}

function schemeNote(s: AuthScheme): string {
  switch (s.type) {
    case 'apiKey':
      return `An API key, sent as the ${s.in === 'header' ? 'header' : s.in === 'query' ? 'query parameter' : 'cookie'} ${s.paramName}.`;
    case 'basic':
      return 'HTTP basic: a username and password.';
    case 'bearer':
      return `A bearer token${s.format === undefined ? '' : ` (${s.format})`} the application obtains${s.flow === undefined ? '' : ` (OAuth 2.0 ${s.flow} flow)`}; with \`refresh\`, a refused token is refreshed and the request replayed once.`;
    default:
      return '';
  }
}

/** One branch per grant: the credentials that grant sends are required in it. */
function emitCredentials(file: TsFile, contract: Contract): void {
  const auth = contract.auth;
  if (auth === undefined) return;
  const all = [...new Set(auth.grants.flatMap((g) => g.send.map((s) => s.credential)))];
  const branches = auth.grants.map((g) => {
    const needed = g.send.map((s) => s.credential);
    return `{ ${all.map((c) => `readonly ${propertyKey(c)}${needed.includes(c) ? '' : '?'}: ${propertyType(c, !needed.includes(c), 'string')}`).join('; ')} }`;
  });
  const grants = auth.grants.map((g) => `${g.name}${g.isDefault ? ' (default)' : ''}: ${g.send.map((s) => s.credential).join(', ')}`);
  file.doc('Credentials, one shape per grant of the contract:', grants.join('\n'));
  file.lines(union(`export type ${CLIENT.Credentials} =`, branches.length === 0 ? ['never'] : branches, ';', file.level));
  file.w.blankLine();
}

function imported(file: TsFile): (exported: string) => string {
  return (exported) => file.useType(MODULE.types, exported);
}

/** A 2xx answer's data: the union of the documented 2xx bodies; a followed redirect's target (bytes, or JSON); unknown where no 2xx is documented. */
function dataTypes(file: TsFile, contract: Contract, endpoint: Endpoint): string[] {
  const k = knowledge(contract);
  if (k.redirectsOnly(endpoint)) return ['Uint8Array', file.useType(MODULE.runtime.exchange, RUNTIME.exchange.JsonValue)];
  const types = [...new Set(byBody(file, contract, endpoint).keys())];
  return types.length === 0 ? ['unknown'] : types;
}

/** The documented 2xx statuses by the type of their body, in the contract's order. */
function byBody(file: TsFile, contract: Contract, endpoint: Endpoint): Map<string, ResponseSpec[]> {
  const out = new Map<string, ResponseSpec[]>();
  for (const r of knowledge(contract).successResponses(endpoint)) {
    // A status that streams may answer JSON instead (its body): the data is either.
    const body = r.body === undefined ? [] : [textRead(file, contract, r.body, knowledge(contract).responseBody(r).kind === 'text')];
    const types = [...body, ...(r.stream === undefined ? [] : [streamType(file, contract, endpoint, r.stream)])];
    const type = types.length === 0 ? 'undefined' : types.join(' | ');
    out.set(type, [...(out.get(type) ?? []), r]);
  }
  return out;
}

/** What a streamed success's data is: an ItemStream of the endpoint's stream items (the first stream's by name). */
function streamType(file: TsFile, contract: Contract, endpoint: Endpoint, stream: ResponseStream): string {
  const items = file.useType(MODULE.runtime.stream, RUNTIME.stream.ItemStream);
  const error = errorData(file, contract, stream);
  const args = (item: string) => (error === undefined ? item : `${item}, ${error}`);
  if (knowledge(contract).streamOf(endpoint) === stream) return `${items}<${args(endpointNames.streamItem(endpoint.id))}>`;
  return `${items}<${args(streamItems(file, contract, stream).join(' | '))}>`;
}

/** The type of the error event's data, where the contract declares it among the events. */
function errorData(file: TsFile, contract: Contract, stream: ResponseStream): string | undefined {
  const declared = stream.events?.find((e) => e.name === stream.errorEvent);
  return declared === undefined ? undefined : textRead(file, contract, declared.type, knowledge(contract).isText(declared.type));
}

/**
 * A type as the client reads it: a body or event read as text keeps its dates as text (the codec
 * that reads them as Dates parses JSON only), which `WireDates` says where the package has Dates.
 */
function textRead(file: TsFile, contract: Contract, ref: TypeRef, text: boolean): string {
  const type = typeText(contract, ref, imported(file));
  return text ? wireType(contract, ref, type, (module, name) => file.useType(module, name)) : type;
}

/** A stream's items: its events (each event's data typed by its name, so `event.event` narrows `event.data`), items or byte chunks. */
function streamItems(file: TsFile, contract: Contract, stream: ResponseStream): string[] {
  const event = (name: string, data: string) => `${file.useType(MODULE.runtime.stream, RUNTIME.stream.StreamEvent)}<${name}, ${data}>`;
  // An event's data of a text type is handed out as text; JSON lines and sequences are JSON whatever their type.
  const type = (ref: TypeRef) => textRead(file, contract, ref, stream.format === 'sse' && knowledge(contract).isText(ref));
  switch (stream.format) {
    case 'binary':
      return ['Uint8Array'];
    case 'sse':
      // The error event ends the stream: the loop never hands it out.
      if (stream.events !== undefined) {
        const handed = stream.events.filter((e) => e.name !== stream.errorEvent).map((e) => event(stringLiteral(e.name), type(e.type)));
        return handed.length === 0 ? ['never'] : handed;
      }
      return [event('string', stream.item === undefined ? 'string' : type(stream.item))];
    default:
      return [stream.item === undefined ? 'unknown' : type(stream.item)];
  }
}

/**
 * `Result<Data, Error>` where one body type serves every 2xx (most endpoints: one shared shape for
 * the compiler). Where exact 2xx statuses have different bodies: one `Success` per body with its
 * statuses, so `result.status` narrows `data`, and one for the 2xx the endpoint does not document,
 * which are successes too, typed as any documented body.
 */
function resultTypes(file: TsFile, contract: Contract, endpoint: Endpoint, headers: string | undefined): { readonly generic: readonly string[] } | { readonly union: readonly string[] } {
  const data = endpointNames.data(endpoint.id);
  const error = file.useType(MODULE.errors, endpointNames.error(endpoint.id));
  const groups = knowledge(contract).redirectsOnly(endpoint) ? new Map<string, ResponseSpec[]>() : byBody(file, contract, endpoint);
  const exact = [...groups.values()].every((rs) => rs.every((r) => r.status.kind === 'exact'));
  if (groups.size < 2 || !exact) return { generic: [data, error, ...(headers === undefined ? [] : ['number', headers])] };
  const success = file.useType(MODULE.runtime.exchange, RUNTIME.exchange.Success);
  const statuses = (rs: readonly ResponseSpec[]) => rs.map((r) => formatStatus(r.status)).join(' | ');
  const all = statuses([...groups.values()].flat());
  const h = headers === undefined ? '' : `, ${headers}`;
  return {
    union: [
      ...[...groups].map(([type, rs]) => `${success}<${type}, ${statuses(rs)}${h}>`),
      `${success}<${data}, Exclude<${file.useType(MODULE.runtime.exchange, RUNTIME.exchange.Status2xx)}, ${all}>${h}>`,
      `${file.useType(MODULE.runtime.exchange, RUNTIME.exchange.Failure)}<${error}>`,
    ],
  };
}

function emitEndpointTypes(file: TsFile, contract: Contract, endpoint: Endpoint): void {
  const callOptions = file.useType(MODULE.runtime.baseClient, RUNTIME.baseClient.CallOptions);
  const input = endpointNames.input(endpoint.id);
  // No doc comments on the per-endpoint aliases: their names say what they are, the method's
  // doc (emitClientInterface) carries the endpoint's text, and at 2,000 endpoints the repeated
  // comments were a quarter of client.d.ts, which every consumer's tsc parses.
  const params = knowledge(contract).callParams(endpoint);
  if (params.length === 0 && endpoint.request === undefined) {
    file.w.writeLine(`export interface ${input} extends ${callOptions} {}`);
  } else file.w.write(`export interface ${input} extends ${callOptions} `).block(() => {
    for (const param of params) {
      file.doc(param.description, paramNote(endpoint, param), param.deprecated === undefined ? undefined : { tag: 'deprecated', text: param.deprecated.message });
      const optional = !param.required || param.idempotencyKey;
      file.lines(union(`readonly ${propertyKey(param.key)}${optional ? '?' : ''}:`, [propertyType(param.key, optional, typeText(contract, param.type, imported(file), 'request'))], ';', file.level));
    }
    const request = endpoint.request;
    if (request !== undefined) {
      // No boilerplate doc: a consumer's tsc scans every comment of the declarations.
      file.doc(request.notShown);
      // Bytes sent as the whole body may also stream (a part of a multipart body may not).
      // Bytes may come as a stream too (a body of another type sent as bytes is typed by that type).
      const stream = request.body.kind === 'primitive' && request.body.name === 'binary' ? ['ReadableStream<Uint8Array>'] : [];
      file.lines(union(`readonly body${request.optional ? '?' : ''}:`, [typeText(contract, request.body, imported(file), 'request'), ...stream], ';', file.level));
      if (request.contentTypes.length > 1) {
        file.doc(`How the body is encoded (default ${request.contentTypes[0] ?? ''}).`);
        file.lines(union('readonly contentType?:', literals(request.contentTypes), ';', file.level));
      }
    }
  });
  const stream = knowledge(contract).streamOf(endpoint);
  if (stream !== undefined) {
    file.doc(stream.description);
    file.lines(union(`export type ${endpointNames.streamItem(endpoint.id)} =`, streamItems(file, contract, stream), ';', file.level));
  }
  file.lines(union(`export type ${endpointNames.data(endpoint.id)} =`, dataTypes(file, contract, endpoint), ';', file.level));
  const headers = emitResponseHeaders(file, endpoint);
  const result = resultTypes(file, contract, endpoint, headers);
  const name = `export type ${endpointNames.result(endpoint.id)} =`;
  if ('union' in result) file.lines(union(name, result.union, ';', file.level));
  else file.lines(list(`${name} ${file.useType(MODULE.runtime.exchange, RUNTIME.exchange.Result)}`, '<', result.generic, '>', ';', file.level, false));
  const selected = selection(contract, endpoint);
  if (selected !== undefined) emitSelection(file, contract, endpoint, selected, 'generic' in result ? result.generic.slice(1) : [file.useType(MODULE.errors, endpointNames.error(endpoint.id))]);
  file.w.blankLine();
}

/** A stream a request body field asks for: the field, the value that asks, and whether leaving it out (or false) asks for the body. */
interface Selection {
  readonly stream: ResponseStream;
  readonly field: string;
  readonly equals: string | number | boolean;
  /** A `true` selector: a call that leaves the field out, or sets it false, gets the body (typed on its own overload). */
  readonly bodyOverload: boolean;
}

function selection(contract: Contract, endpoint: Endpoint): Selection | undefined {
  const stream = knowledge(contract).streamOf(endpoint);
  const when = stream?.when;
  if (stream === undefined || when === undefined) return undefined;
  const bodies = knowledge(contract).successResponses(endpoint).some((r) => r.body !== undefined);
  return { stream, field: when.field, equals: when.equals, bodyOverload: when.equals === true && bodies };
}

/**
 * The input that asks for the stream and its result (and, for a `true` selector, the input that
 * does not and its result): the Client method and the operation function are overloaded on them,
 * as Stainless's SDKs are on `stream: true`, so such a call's data is the stream, not a union.
 */
function emitSelection(file: TsFile, contract: Contract, endpoint: Endpoint, s: Selection, rest: readonly string[]): void {
  const id = endpoint.id;
  const input = endpointNames.input(id);
  const key = propertyKey(s.field);
  const value = typeof s.equals === 'string' ? stringLiteral(s.equals) : String(s.equals);
  const result = file.useType(MODULE.runtime.exchange, RUNTIME.exchange.Result);
  const items = streamType(file, contract, endpoint, s.stream);
  file.lines(intersection(`export type ${endpointNames.streamInput(id)} =`, input, `{ readonly body: { readonly ${key}: ${value} } }`));
  file.lines(list(`export type ${endpointNames.streamResult(id)} = ${result}`, '<', [items, ...rest], '>', ';', file.level, false));
  if (!s.bodyOverload) return;
  const bodies = [...new Set(knowledge(contract).successResponses(endpoint).flatMap((r) => (r.body === undefined ? [] : [typeText(contract, r.body, imported(file))])))];
  file.lines(intersection(`export type ${endpointNames.bodyInput(id)} =`, input, `{ readonly body?: { readonly ${key}?: false | null } }`));
  file.lines(list(`export type ${endpointNames.bodyResult(id)} = ${result}`, '<', [bodies.join(' | '), ...rest], '>', ';', file.level, false));
}

/** `head A & { … };` as prettier prints it: on one line, else the object's members on lines of their own. */
function intersection(head: string, left: string, object: string): string[] {
  const line = `${head} ${left} & ${object};`;
  if (fits(line, 0)) return [line];
  return [`${head} ${left} & {`, `  ${object.slice(2, -2)};`, '};'];
}

/** The overloads a selected stream's method or function has: [input, result] pairs, the general one last. */
function overloads(endpoint: Endpoint, s: Selection): readonly (readonly [string, string])[] {
  const id = endpoint.id;
  return [
    [endpointNames.streamInput(id), endpointNames.streamResult(id)],
    ...(s.bodyOverload ? [[endpointNames.bodyInput(id), endpointNames.bodyResult(id)] as const] : []),
    [endpointNames.input(id), endpointNames.result(id)],
  ];
}

/**
 * `<Operation>Headers`: the headers its successes declare, by the lower-case name the runtime
 * reads; required where every success carries it. Undefined when none declares any.
 */
function emitResponseHeaders(file: TsFile, endpoint: Endpoint): string | undefined {
  const headers = successHeaders(endpoint);
  if (headers.length === 0) return undefined;
  const name = endpointNames.headers(endpoint.id);
  file.w.write(`export interface ${name} `).block(() => {
    for (const { key, required, header } of headers) {
      const type = header.type === 'string' ? undefined : `Its text holds ${header.type === 'integer' ? 'an integer' : `a ${header.type}`}.`;
      file.doc(header.description, type);
      file.w.writeLine(`readonly ${propertyKey(key)}${required ? '' : '?'}: ${propertyType(key, !required, 'string')};`);
    }
  });
  return name;
}

function endpointDoc(contract: Contract, endpoint: Endpoint): (string | DocTag | undefined)[] {
  const quirks = endpoint.errors.quirks.map((q) => `Quirk (${q.id}): ${q.hint}`);
  const successes = endpoint.responses.filter((r) => !r.isError).map((r) => `Responds ${formatStatus(r.status)}: ${r.description ?? ''}${r.notShown === undefined ? '' : ` (${r.notShown})`}`);
  const auth = endpoint.security.length === 0 ? '; no authentication' : contract.schemes.length > 1 ? `; auth: ${endpoint.security.map((alt) => alt.join(' + ')).join(' or ')}` : '';
  return [endpoint.summary, endpoint.description, `${endpoint.method} ${endpoint.path} on the ${endpoint.host} host${auth}.`, ...successes, ...quirks, deprecatedTag(endpoint)];
}

function deprecatedTag(endpoint: Endpoint): DocTag | undefined {
  return endpoint.deprecated === undefined ? undefined : { tag: 'deprecated', text: endpoint.deprecated.message };
}

function emitClientInterface(file: TsFile, contract: Contract): void {
  file.doc(`A client of ${contract.info.title} ${contract.info.version}. Methods never throw: they return a result.`);
  file.w.write(`export interface ${CLIENT.Client} `).block(() => {
    for (const endpoint of contract.endpoints) {
      file.section('method', endpoint, () => {
        file.doc(...endpointDoc(contract, endpoint));
        const optional = hasOptionalInput(endpoint);
        const s = selection(contract, endpoint);
        // The general overload last: a call whose field is not a literal gets the union.
        const pairs = s === undefined ? [[endpointNames.input(endpoint.id), endpointNames.result(endpoint.id)] as const] : overloads(endpoint, s);
        pairs.forEach(([input, result], i) => file.w.writeLine(`${endpointNames.operation(endpoint.id)}(input${optional && i === pairs.length - 1 ? '?' : ''}: ${input}): Promise<${result}>;`));
      });
    }
  });
  file.w.blankLine();
}

function emitCreateClient(file: TsFile, contract: Contract): void {
  const carrier = contract.auth?.carrier;
  file.doc(`Creates a client of ${contract.info.title}.`, carrier !== undefined && !carrier.shown ? carrier.notShown : undefined);
  const runtime = `const runtime = ${createRuntime(file)};`;
  const endpoints = file.use(MODULE.tables, TABLES.ENDPOINTS);
  // TypeScript keeps the parentheses a cast leaves around an arrow.
  const js = contract.endpoints.map((e) => {
    const arrow = `(input) => runtime.call(${endpoints}.${e.id}, input)`;
    return `  ${endpointNames.operation(e.id)}: ${selection(contract, e) === undefined ? arrow : `(${arrow})`},`;
  });
  const ts = contract.endpoints.flatMap((endpoint) => {
    if (selection(contract, endpoint) !== undefined) return selectedMethod(endpoint, endpoints);
    const head = `${endpointNames.operation(endpoint.id)}: (input) =>`;
    const body = `runtime.call(${endpoints}.${endpoint.id}, input) as Promise<${endpointNames.result(endpoint.id)}>,`;
    // Prettier breaks an arrow property after `=>` when the line is too long.
    return fits(`${head} ${body}`, 2) ? [`  ${head} ${body}`] : [`  ${head}`, `    ${body}`];
  });
  // The object carries its runtime (not enumerable), so the pagination helpers take it as they take a BaseClient.
  const withRuntime = file.use(MODULE.runtime.baseClient, RUNTIME.baseClient.withRuntime);
  const returned = (members: string[]) => (members.length === 0 ? [`return ${withRuntime}(runtime, {});`] : [`return ${withRuntime}(runtime, {`, ...members, '});']);
  const { Environment, ClientOptions, Client } = CLIENT;
  const [param, declared, jsParam] = optionsParam(contract);
  const head = `${CLIENT.createClient}<E extends ${Environment}>`;
  file.fn(`${head}(${param}): ${Client}`, jsParam, [runtime, ...returned(js)], [runtime, ...returned(ts)], `${head}(${declared}): ${Client}`);
}

/** An overloaded method of the `createClient` object: its one implementation cast to the overloads. */
function selectedMethod(endpoint: Endpoint, endpoints: string): string[] {
  const name = endpointNames.operation(endpoint.id);
  const optional = hasOptionalInput(endpoint) ? '?' : '';
  const head = `${name}: ((input${optional}: ${endpointNames.input(endpoint.id)}) =>`;
  const body = `runtime.call(${endpoints}.${endpoint.id}, input)) as ${CLIENT.Client}['${name}'],`;
  return fits(`${head} ${body}`, 1) ? [`  ${head} ${body}`] : [`  ${head}`, `    ${body}`];
}

/**
 * The options parameter of `createClient` and `createBaseClient` (source, declaration, JavaScript):
 * left out where nothing need be given (one environment, every server variable defaulted), so
 * `createClient()` works as `createClient({})` does.
 */
function optionsParam(contract: Contract): readonly [string, string, string] {
  const type = `${CLIENT.ClientOptions}<E>`;
  if (soleEnvironment(contract) === undefined || !serversDefaulted(contract)) return [`options: ${type}`, `options: ${type}`, 'options'];
  return [`options: ${type} = {}`, `options?: ${type}`, 'options = {}'];
}

function serversDefaulted(contract: Contract): boolean {
  return contract.servers.every((s) => s.default !== undefined);
}

/** `createRuntime(RUNTIME_SPEC, options)`: the client object both forms are built on. */
function createRuntime(file: TsFile): string {
  return `${file.use(MODULE.runtime.baseClient, RUNTIME.baseClient.createRuntime)}(${file.use(MODULE.tables, TABLES.RUNTIME_SPEC)}, options)`;
}

/**
 * The functional form: `createBaseClient(options)` and one function per endpoint taking it. A
 * `createClient` object names every endpoint's spec, so a bundle that uses it carries all of
 * them; each function names only its own.
 */
function emitOperations(file: TsFile, contract: Contract): void {
  file.w.blankLine();
  file.doc("Brands this package's base clients: one made by another generated package is refused by these functions.");
  const { BaseClientBrand, Operation, OptionalOperation } = CLIENT_PRIVATE;
  const { BaseClient, createBaseClient, ClientOptions, Environment } = CLIENT;
  file.lines([`declare const ${BaseClientBrand}: unique symbol;`]);
  file.w.blankLine();
  file.doc(
    `A client without methods, for the operation functions (one per endpoint: \`${operationExample(contract)}(client, input)\` is {@link ${CLIENT.Client}}'s \`${operationExample(contract)}\`): a bundler keeps only the operations a program imports. Made by {@link ${createBaseClient}}.`,
  );
  file.w.write(`export interface ${BaseClient} extends ${file.useType(MODULE.runtime.baseClient, RUNTIME.baseClient.Runtime)} `).block(() => {
    file.w.writeLine(`readonly [${BaseClientBrand}]: true;`);
  });
  file.w.blankLine();
  file.doc(`Creates a {@link ${BaseClient}} of ${contract.info.title}: the options and behaviour of {@link ${CLIENT.createClient}}, without the methods.`);
  const create = `return ${createRuntime(file)}`;
  const [param, declared, jsParam] = optionsParam(contract);
  const head = `${createBaseClient}<E extends ${Environment}>`;
  file.fn(`${head}(${param}): ${BaseClient}`, jsParam, [`${create};`], [`${create} as ${BaseClient};`], `${head}(${declared}): ${BaseClient}`);
  file.w.blankLine();
  // Whether the functions' types take an optional input: each endpoint's own, and an endpoint
  // overloaded on its stream's selector also an Operation (the overloads that set the field need an input).
  const optional = new Set(contract.endpoints.flatMap((e) => (selection(contract, e) === undefined ? [hasOptionalInput(e)] : [hasOptionalInput(e), false])));
  // Constants of a function type, not function declarations: in a consumer's tsc, 2,000
  // `declare const x: Operation<I, R>` cost ~35 ms at 2,000 endpoints, 2,000 functions ~150 ms.
  for (const [alias, question] of [[Operation, ''], [OptionalOperation, '?']] as const) {
    if (!optional.has(question === '?')) continue;
    file.doc(question === '' ? `An operation function: its endpoint called through a {@link ${BaseClient}}.` : 'An operation function whose input may be left out.');
    file.lines([`type ${alias}<I, R> = (client: ${BaseClient}, input${question}: I) => Promise<R>;`]);
  }
  for (const endpoint of contract.endpoints) {
    file.section('operation', endpoint, () => {
      file.w.blankLine();
      // No doc comment per function (the Client method carries the endpoint's): 2,000 of them
      // cost a consumer's tsc ~50 ms of parsing. A deprecation is the exception: editors strike the call through.
      const tag = deprecatedTag(endpoint);
      if (tag !== undefined) file.doc(tag);
      const name = endpointNames.operation(endpoint.id);
      const type = hasOptionalInput(endpoint) ? OptionalOperation : Operation;
      const spec = file.use(MODULE.tables, endpointNames.spec(endpoint.id));
      const s = selection(contract, endpoint);
      if (s !== undefined) return emitSelectedOperation(file, endpoint, s, type, spec);
      const io = [endpointNames.input(endpoint.id), endpointNames.result(endpoint.id)] as const;
      const lines = operationLines(name, type, io, spec);
      const typeText = `${type}<${io[0]}, ${io[1]}>`;
      file.value(`export const ${name} = (client, input) => client.call(${spec}, input);`, `export declare const ${name}: ${typeText};`, () => file.lines(lines));
    });
  }
}

/**
 * An operation function overloaded on its stream's selector: an intersection of operation types
 * (the general one last), its implementation cast to it.
 */
function emitSelectedOperation(file: TsFile, endpoint: Endpoint, s: Selection, general: string, spec: string): void {
  const name = endpointNames.operation(endpoint.id);
  const alias = endpointNames.operationType(endpoint.id);
  const members = overloads(endpoint, s).map(([input, result], i, all) => `${i === all.length - 1 ? general : CLIENT_PRIVATE.Operation}<${input}, ${result}>`);
  const line = `type ${alias} = ${members.join(' & ')};`;
  file.lines(fits(line, 0) ? [line] : [`type ${alias} = ${members[0]} &`, ...members.slice(1).map((m, i, rest) => `  ${m}${i === rest.length - 1 ? ';' : ' &'}`)]);
  const optional = general === CLIENT_PRIVATE.OptionalOperation ? '?' : '';
  const head = `export const ${name} = ((client: ${CLIENT.BaseClient}, input${optional}: ${endpointNames.input(endpoint.id)}) =>`;
  const body = `client.call(${spec}, input)) as ${alias};`;
  const lines = fits(`${head} ${body}`, 0) ? [`${head} ${body}`] : [head, `  ${body}`];
  file.value(`export const ${name} = ((client, input) => client.call(${spec}, input));`, `export declare const ${name}: ${alias};`, () => file.lines(lines));
}

/** An operation for the docs' example: the first that is not the token endpoint. */
export function operationExample(contract: Contract): string {
  const endpoint = contract.endpoints.find((e) => e.id !== contract.auth?.endpoint) ?? contract.endpoints[0];
  return endpoint === undefined ? 'operation' : endpointNames.operation(endpoint.id);
}

export function hasOptionalInput(endpoint: Endpoint): boolean {
  return !endpoint.params.some((p) => p.required) && (endpoint.request === undefined || endpoint.request.optional);
}

/** Where a parameter travels, under which wire name, and its default. */
function paramNote(endpoint: Endpoint, param: Param): string {
  if (param.in === 'path' && param.key === param.name) return `Path parameter of ${endpoint.path}.`;
  const place = `${param.in.charAt(0).toUpperCase()}${param.in.slice(1)} parameter`;
  const wire = param.key === param.name ? '' : ` \`${param.name}\``;
  const fallback = param.default === undefined ? '' : ` The server's default: ${JSON.stringify(param.default)}.`;
  const key = param.idempotencyKey ? ' Left out, the client sends a fresh key, the same on every retry of the call.' : '';
  const secret = param.secret ? ' A secret: redacted from errors and support reports.' : '';
  return `${place}${wire}${param.in === 'path' ? ` of ${endpoint.path}` : ''}.${fallback}${key}${secret}`;
}

/**
 * `export const name: Type<I, R> = (client, input) => client.call(spec, input) as Promise<R>;` as
 * prettier prints it: on one line; else broken after the arrow; else with the parameters broken;
 * else with the type arguments broken (long operation ids).
 */
export function operationLines(name: string, type: string, io: readonly [string, string], spec: string): string[] {
  return arrowLines(name, type, io, ['client', 'input'], 'client.call', [spec, 'input'], `Promise<${io[1]}>`);
}

/** `export const name: Type<I, R> = (params) => callee(args) as Cast;` in prettier's layout (see operationLines); no cast where `castType` is empty. */
export function arrowLines(name: string, type: string, [input, result]: readonly [string, string], params: readonly string[], callee: string, args: readonly string[], castType: string): string[] {
  const cast = castType === '' ? ';' : ` as ${castType};`;
  const call = `${callee}(${args.join(', ')})`;
  const body = `${call}${cast}`;
  // Prettier breaks a long cast's type argument before the call's arguments, unless it is a plain name.
  const open = castType.indexOf('<');
  const typeArgs = open > 0 && castType.endsWith('>') && castType.slice(open + 1, -1).includes('<') ? castType.slice(open + 1, -1) : undefined;
  const brokenCast = typeArgs !== undefined && fits(`${call} as ${castType.slice(0, open + 1)}`, 1) && fits(typeArgs, 2) ? [`  ${call} as ${castType.slice(0, open + 1)}`, `    ${typeArgs}`, '  >;'] : undefined;
  const brokenBody = fits(body, 1) ? [`  ${body}`] : (brokenCast ?? [`  ${callee}(`, ...args.map((a) => `    ${a},`), `  )${cast}`]);
  const lhs = `export const ${name}: ${type}<${input}, ${result}> =`;
  const arrow = `(${params.join(', ')}) =>`;
  if (fits(`${lhs} ${arrow} ${body}`, 0)) return [`${lhs} ${arrow} ${body}`];
  if (fits(`${lhs} ${arrow}`, 0)) return [`${lhs} ${arrow}`, ...brokenBody];
  if (fits(`${lhs} (`, 0)) {
    const lines = [`${lhs} (`, ...params.map((p) => `  ${p},`)];
    return fits(`) => ${body}`, 0) ? [...lines, `) => ${body}`] : [...lines, ') =>', ...brokenBody];
  }
  const typeLines = [`export const ${name}: ${type}<`, `  ${input},`, `  ${result}`];
  return fits(`> = ${arrow} ${body}`, 0) ? [...typeLines, `> = ${arrow} ${body}`] : [...typeLines, `> = ${arrow}`, ...brokenBody];
}

/** Per paginated endpoint, `<operation>Pages` and `<operation>Items`: bounded, cancellable async iterators with errors as results. */
function emitPaging(file: TsFile, contract: Contract): void {
  const paged = contract.endpoints.filter((e) => e.pagination !== undefined);
  if (paged.length === 0) return;
  const { Pages } = CLIENT_PRIVATE;
  const pageOptions = file.useType(MODULE.runtime.paginate, RUNTIME.paginate.PageOptions);
  file.w.blankLine();
  file.doc(
    'Pages of a paginated endpoint through a {@link Client} or a {@link BaseClient}: one result per page, an error as the last one (never thrown), stopped by `options.signal` or the input\'s, and after `options.maxPages` (default 100) requests with a last `page_limit` error when there is more to read (its `next` is the next page\'s input, to read on).',
  );
  const limit = `${file.useType(MODULE.runtime.exchange, RUNTIME.exchange.Failure)}<${file.useType(MODULE.runtime.paginate, RUNTIME.paginate.PageLimitError)}<I>>`;
  file.lines(list(`type ${Pages}<I, R> = `, '(', [`client: ${CLIENT.BaseClient} | ${CLIENT.Client}`, 'input: I', `options?: ${pageOptions}`], ')', ` => AsyncIterableIterator<R | ${limit}>;`, file.level));
  for (const endpoint of paged) {
    file.section('paging', endpoint, () => {
      const spec = file.use(MODULE.tables, endpointNames.spec(endpoint.id));
      const input = endpointNames.input(endpoint.id);
      const result = file.useType(MODULE.runtime.exchange, RUNTIME.exchange.Result);
      const item = `${result}<${itemType(file, contract, endpoint)}, ${file.useType(MODULE.errors, endpointNames.error(endpoint.id))}>`;
      for (const [name, fn, r] of [[endpointNames.pages(endpoint.id), RUNTIME.paginate.endpointPages, endpointNames.result(endpoint.id)], [endpointNames.items(endpoint.id), RUNTIME.paginate.endpointItems, item]] as const) {
        const callee = file.use(MODULE.runtime.paginate, fn);
        const args = ['client', spec, 'input', 'options'];
        file.w.blankLine();
        const lines = arrowLines(name, Pages, [input, r], ['client', 'input', 'options'], callee, args, `AsyncIterableIterator<${r}>`);
        file.value(`export const ${name} = (client, input, options) => ${callee}(${args.join(', ')});`, `export declare const ${name}: ${Pages}<${input}, ${r}>;`, () => file.lines(lines));
      }
    });
  }
}

/** The type of a page's items: the array at `items` in the success body, else unknown. */
function itemType(file: TsFile, contract: Contract, endpoint: Endpoint): string {
  const item = knowledge(contract).pageItemType(endpoint);
  return item === undefined ? 'unknown' : typeText(contract, item, imported(file), 'response');
}
