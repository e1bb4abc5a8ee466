/**
 * The contract's runtime tables (shapes, categories, code and message tables, policies,
 * endpoints, environments) as typed constants the runtime reads. Emitted as JSON literals, so no
 * contract text is ever spliced into code.
 */
import { knowledge, soleEnvironment, type Knowledge } from '../model/knowledge.js';
import { isJsonMediaType } from '../model/values.js';
import { messageTableData } from '../model/message-data.js';
import type { AuthScheme, Contract, Endpoint, Pagination, ErrorShape, Host, MessageRow, Param, Policy, Quirk, ResponseStream, StatusPattern, TypeRef } from '../model/types.js';
import type { StreamSpec } from '../../templates/stream.js';
// The runtime's own types: the tables are built as the runtime reads them.
import type { PaginationSpec } from '../../templates/paginate.js';
import { defaultExplode, defaultStyle, type ParamSpec } from '../../templates/params.js';
import type { AuthSpec, SchemeSpec, EndpointErrorRules, EndpointSpec, ErrorTables, HostErrorSpec, MessageRowAdvice, PolicySpec, QuirkSpec, ShapeSpec, StatusSpec } from '../../templates/spec.js';
import { propertyKey as key, stringLiteral } from '../naming.js';
import { Code, data, union } from './pretty.js';
import { datesOn, emitTypePlans, endpointDates, type EndpointDates } from './date-plans.js';
import { shapeReaderCode } from './shape-readers.js';
import { endpointNames, MODULE, RUNTIME, TABLES } from './names.js';
import type { TsFile } from './ts-file.js';

export function emitTables(file: TsFile, contract: Contract): void {
  const k = knowledge(contract);
  const spec = MODULE.runtime.spec;
  const constant = (doc: string, name: string, type: string, value: unknown) => {
    file.doc(doc);
    file.constant(name, type, (prefix, suffix) => data(value, file.level, prefix, suffix).split('\n'));
    file.w.blankLine();
  };
  // The message-table and quirk rules are named only here, so a bundle of a contract without them leaves them out.
  const rules = usesDecodeRules(k) ? { rules: new Code(file.use(MODULE.runtime.decodeRules, RUNTIME.decodeRules.DECODE_RULES)) } : {};
  const tableData = errorTableData(k);
  // Each shape's reader is written out as code (shape-readers.ts): the package carries no interpreter of shape specs.
  const use = (module: string, name: string) => file.use(module, name);
  const shapes = Object.fromEntries(Object.entries(tableData.shapes).map(([name, s]) => [name, { name, read: new Code(shapeReaderCode(s, file.level + 3, use)) }]));
  constant('Error tables of the contract: shapes, categories, statuses and policies.', TABLES.ERROR_TABLES, file.useType(spec, RUNTIME.spec.ErrorTables), { ...tableData, shapes, ...rules });
  constant('Per-host error handling: recognised shapes, code table, message table.', TABLES.HOST_ERRORS, `Readonly<Record<string, ${file.useType(spec, RUNTIME.spec.HostErrorSpec)}>>`, hostErrors(k));
  file.doc(`Operation ids, the keys of {@link ${TABLES.ENDPOINTS}}.`);
  file.lines(union(`type ${TABLES.EndpointId} =`, contract.endpoints.map((e) => stringLiteral(e.id)).concat(contract.endpoints.length === 0 ? ['never'] : []), ';', file.level));
  file.w.blankLine();
  // One constant per endpoint, so a bundler keeps only the endpoints a program calls (the
  // operation functions name them; ENDPOINTS, for createClient and the mocks, names them all).
  // An explicit type keeps declarations small (no literal types of the whole table).
  const specType = file.useType(MODULE.runtime.spec, RUNTIME.spec.EndpointSpec);
  if (datesOn(contract)) emitTypePlans(file, contract);
  for (const e of contract.endpoints) {
    // Laid out endpoint by endpoint, so a watch session lays out again only those that changed.
    file.section('spec', e, () => {
      // Only endpoints whose bodies or parameters hold dates (in a package that reads them as Dates) name the dated codec, writer and serialiser.
      const dates: EndpointDates = datesOn(contract) ? endpointDates(file, k, e, file.level + 1) : {};
      // Date parameters go through the (dated) parameter table: the exchange writes only strings and numbers itself.
      const plain = plainParams(k, e) && dates.serialise === undefined;
      const stream = k.streamOf(e);
      const spec = {
        ...endpointSpec(k, e, plain),
        ...(e.pagination === undefined ? {} : { pagination: paginationSpec(file, e.pagination) }),
        ...secretParams(file, e),
        ...idempotencyKey(file, e),
        // Only endpoints whose bodies hold an int64 name the lossless reader, so a bundle of other calls leaves it out.
        ...(dates.json !== undefined ? { json: dates.json } : k.holdsInt64(e) ? { json: new Code(file.use(MODULE.runtime.json, RUNTIME.json.LOSSLESS_JSON)) } : {}),
        ...(plain ? {} : { params: { specs: paramTable(k, e), serialise: dates.serialise ?? new Code(file.use(MODULE.runtime.params, RUNTIME.params.serialiseParams)), ...(k.callParams(e).some((p) => p.in === 'header' || p.in === 'cookie') ? { headers: new Code(file.use(MODULE.runtime.params, RUNTIME.params.withParams)) } : {}) } }),
        // Only endpoints with a body other than JSON name the encoder: a bundle of JSON calls carries no multipart writer.
        ...(k.encodesBody(e) ? { encode: new Code(file.use(MODULE.runtime.requestBody, encoderOf(e))) } : {}),
        // Only endpoints that take a stream name fetch's stream upload.
        ...(k.takesStream(e) && stream === undefined ? { upload: new Code(file.use(MODULE.runtime.transport, RUNTIME.transport.fetchUpload)) } : {}),
        // Only endpoints with a body name the body writer, and only those with a success other than JSON the readers of the other kinds.
        ...((e.request?.contentTypes.length ?? 0) > 0 ? { write: dates.write ?? new Code(file.use(MODULE.runtime.exchange, RUNTIME.exchange.writeBody)) } : {}),
        ...(readsOtherThanJson(k, e) && stream === undefined ? { read: new Code(file.use(MODULE.runtime.exchange, RUNTIME.exchange.readSuccess)) } : {}),
        // Only streaming endpoints name the stream's sender and reader (which sends a stream body as fetchUpload does).
        ...(stream === undefined ? {} : { upload: new Code(file.use(MODULE.runtime.stream, RUNTIME.stream.fetchStream)), read: new Code(file.use(MODULE.runtime.stream, RUNTIME.stream.readStream)), stream: streamSpec(k, stream) }),
      };
      file.constant(endpointNames.spec(e.id), specType, (prefix, suffix) => data(spec, file.level, prefix, suffix).split('\n'));
    });
  }
  file.w.blankLine();
  file.doc('How each endpoint is called and how its responses are read.');
  file.constant(TABLES.ENDPOINTS, `Readonly<Record<${TABLES.EndpointId}, ${specType}>>`, (prefix, suffix) => table(prefix, suffix, contract.endpoints, endpointNames.spec));
  file.w.blankLine();
  // The decoders' `endpoint` input needs only the error rules, and only of endpoints whose rules
  // are not their host's: a program that decodes errors keeps those, not every endpoint's spec.
  const special = k.ownDecoding;
  const rulesType = file.useType(spec, RUNTIME.spec.EndpointErrorRules);
  for (const e of special) {
    file.section('rules', e, () => {
      file.constant(endpointNames.rules(e.id), rulesType, (prefix, suffix) => data(errorRules(k, e), file.level, prefix, suffix).split('\n'));
    });
  }
  if (special.length > 0) file.w.blankLine();
  file.doc(
    "Error rules of the endpoints whose error responses decode differently from their host's (own shapes, quirks, or field paths for the host's message table), for the decoders' `endpoint` input; any other endpoint decodes as its host.",
  );
  file.constant(TABLES.ENDPOINT_ERRORS, `Readonly<Partial<Record<${TABLES.EndpointId}, ${rulesType}>>>`, (prefix, suffix) => table(prefix, suffix, special, endpointNames.rules));
  file.w.blankLine();
  constant('Auth schemes by name: what each adds to a request.', TABLES.SCHEMES, `Readonly<Record<string, ${file.useType(spec, RUNTIME.spec.SchemeSpec)}>>`, schemeSpecs(file, contract));
  constant("The client-credentials scheme's lifecycle: token endpoint, grants, lifetimes, header, 401 rule.", TABLES.AUTH, `${file.useType(spec, RUNTIME.spec.AuthSpec)} | undefined`, authSpec(contract));
  constant(
    'Statuses for which errors carry a support report.',
    TABLES.SUPPORT,
    `${file.useType(spec, RUNTIME.spec.SupportSpec)} | undefined`,
    // The builder is named only here, so a bundle of a contract without support reports leaves it out.
    contract.support === undefined ? undefined : { reportOn: contract.support.reportOn.map(statusSpec), attach: new Code(file.use(MODULE.runtime.support, RUNTIME.support.attachSupportReport)) },
  );
  constant('Field names whose values are secrets: redacted from errors and support reports.', TABLES.SECRET_FIELDS, 'readonly string[]', k.secretFields);
  constant('Environment → host → base URL template over server variables.', TABLES.ENVIRONMENT_URLS, 'Readonly<Record<string, Readonly<Record<string, string>>>>', environmentUrls(contract));
  file.doc('Everything the runtime needs, in one object.');
  const token = k.tokenEndpoint;
  const members = [
    `tables: ${TABLES.ERROR_TABLES}`,
    `hosts: ${TABLES.HOST_ERRORS}`,
    `environments: ${TABLES.ENVIRONMENT_URLS}`,
    ...environmentDefault(contract),
    ...serverDefaults(contract),
    ...(token === undefined ? [] : [`tokenEndpoint: ${endpointNames.spec(token.id)}`]),
    `schemes: ${TABLES.SCHEMES}`,
    `auth: ${TABLES.AUTH}`,
    // Named only with a client-credentials scheme: other bundles leave the token manager out.
    ...(contract.auth === undefined ? [] : [`tokenFlow: ${file.use(MODULE.runtime.auth, RUNTIME.auth.clientCredentialsFlow)}`]),
    ...callerProvider(file, contract),
    `support: ${TABLES.SUPPORT}`,
    `secretFields: ${TABLES.SECRET_FIELDS}`,
    // Named only with secret fields: other bundles carry no field pattern.
    ...(k.secretFields.length === 0 ? [] : [`redactFields: ${file.use(MODULE.runtime.support, RUNTIME.support.fieldRedactor)}`]),
  ];
  const runtimeType = file.useType(MODULE.runtime.spec, RUNTIME.spec.FullRuntimeSpec);
  file.constant(TABLES.RUNTIME_SPEC, runtimeType, (prefix, suffix) => [`${prefix}{`, ...members.flatMap((m) => `${m},`.split('\n').map((l) => `  ${l}`)), `}${suffix}`]);
}

/** `{ id: CONSTANT, … }` over `endpoints`, laid out as prettier would. */
function table(prefix: string, suffix: string, endpoints: readonly Endpoint[], name: (id: string) => string): string[] {
  if (endpoints.length === 0) return [`${prefix}{}${suffix}`];
  return [`${prefix}{`, ...endpoints.map((e) => `  ${key(e.id)}: ${name(e.id)},`), `}${suffix}`];
}

function statusSpec(status: StatusPattern): StatusSpec {
  return status.kind === 'exact' ? status.status : `${status.statusClass}XX`;
}

/** Whether decoding needs decode-rules.ts: a host has a message table, or an endpoint a quirk. */
export function usesDecodeRules(k: Knowledge): boolean {
  return k.contract.hosts.some((h) => h.messages !== undefined) || k.contract.endpoints.some((e) => e.errors.quirks.length > 0);
}

/**
 * The error tables as data, without `rules`: shapes as their specs. The generated file writes each
 * shape's reader as code; the generator's own decodes (the mocks' expectations) interpret them.
 */
export function errorTableData(k: Knowledge): Omit<ErrorTables, 'shapes'> & { readonly shapes: Readonly<Record<string, ShapeSpec>> } {
  const { contract } = k;
  return {
    shapes: Object.fromEntries(contract.shapes.map((s) => [s.name, shapeSpec(s)])),
    categories: Object.fromEntries(contract.categories.map((c) => [c.name, { retryable: c.retryable }])),
    statusCategories: contract.statusCategories.map((r) => ({ status: statusSpec(r.status), category: r.category })),
    policies: Object.fromEntries(contract.policies.map((p) => [p.name, policySpec(p)])),
    fallbackCategory: k.fallbackCategory,
  };
}

function policySpec(p: Policy): PolicySpec {
  return {
    name: p.name,
    category: p.category,
    ...(p.description === undefined ? {} : { description: p.description }),
    restrictions: p.restrictions.map((r) => ({ name: r.name, liftedBy: r.liftedBy, retryLater: r.retryLater, ...(r.note === undefined ? {} : { note: r.note }) })),
  };
}

function shapeSpec(shape: ErrorShape): ShapeSpec {
  return {
    name: shape.name,
    present: shape.match.present,
    equals: shape.match.equals,
    read: shape.read,
    ...(shape.fieldErrors === undefined ? {} : { fieldErrors: shape.fieldErrors.field === undefined ? { path: shape.fieldErrors.path, message: shape.fieldErrors.message } : shape.fieldErrors }),
    mirrors: shape.mirrors,
  };
}

function hostErrors(k: Knowledge): Readonly<Record<string, HostErrorSpec>> {
  return Object.fromEntries(k.contract.hosts.map((h) => [h.name, hostSpec(k, h)]));
}

export function hostSpec(k: Knowledge, host: Host): HostErrorSpec {
  const messages = host.messages;
  return {
    name: host.name,
    shapes: k.hostShapes(host),
    ...(host.codes.shape === undefined ? {} : { codeShape: host.codes.shape }),
    codes: host.codes.rows.map((r) => ({ status: r.status, code: r.code, ...(r.kind === undefined ? {} : { kind: r.kind }), category: r.category })),
    ...(messages === undefined
      ? {}
      : {
          messages: {
            ...messageTableData(messages),
            advice: Object.fromEntries(
              messages.rows.filter((r) => r.retry !== undefined || r.policy !== undefined || r.category !== undefined || r.cause !== undefined).map((r) => [r.id, advice(r)]),
            ),
          },
        }),
    // Read only to resolve message-table fields: other hosts carry none.
    fieldPaths: messages === undefined ? [] : k.hostRequestPaths(host.name),
  };
}

function advice(r: MessageRow): MessageRowAdvice {
  return { ...(r.retry === undefined ? {} : { retry: r.retry }), ...(r.policy === undefined ? {} : { policy: r.policy }), ...(r.category === undefined ? {} : { category: r.category }), ...(r.cause === undefined ? {} : { cause: r.cause }) };
}

/**
 * Whether the exchange writes every parameter itself: path parameters (simple) and query
 * parameters (form, exploded) of one plain value under their own name. Such an endpoint names no
 * parameter table, so a bundle of such calls carries no params.ts.
 */
function plainParams(k: Knowledge, e: Endpoint): boolean {
  return k.callParams(e).every((p) => p.key === p.name && k.isPlainValue(p.type) && (p.in === 'path' ? p.style === 'simple' : isPlainQuery(p)));
}

function isPlainQuery(p: Param): boolean {
  return p.in === 'query' && p.style === 'form' && p.explode && !p.allowReserved && !p.secret;
}

/** The parameter table of an endpoint that needs params.ts; style and explode only where not the default. */
function paramTable(k: Knowledge, e: Endpoint): ParamSpec[] {
  return k.callParams(e).map((p) => ({
    name: p.name,
    key: p.key,
    in: p.in,
    ...(p.style === defaultStyle(p.in) ? {} : { style: p.style }),
    ...(p.explode === defaultExplode(p.style) ? {} : { explode: p.explode }),
    // An exploded form object is written as its own keys: the mocks cannot look for its name.
    ...(p.in === 'query' && p.style === 'form' && p.explode && k.isObjectLike(p.type) ? { ownKeys: true } : {}),
    ...(p.allowReserved ? { allowReserved: true } : {}),
    // The client fills an idempotency key the caller leaves out.
    ...(p.required && p.in !== 'path' && !p.idempotencyKey ? { required: true } : {}),
  }));
}

function endpointSpec(k: Knowledge, e: Endpoint, plainParams: boolean): EndpointSpec {
  const body = k.successBody(e);
  const accept = k.accept(e);
  return {
    id: e.id,
    method: e.method,
    path: e.path,
    host: e.host,
    security: e.security,
    idempotent: e.idempotent,
    pathParams: plainParams ? e.params.filter((p) => p.in === 'path').map((p) => p.name) : [],
    ...(plainParams && e.params.some(isPlainQuery) ? { queryParams: e.params.filter(isPlainQuery).map((p) => ({ name: p.name, ...(p.required ? { required: true as const } : {}) })) } : {}),
    contentTypes: e.request?.contentTypes ?? [],
    ...((e.request?.jsonFields.length ?? 0) > 0 ? { jsonFields: e.request?.jsonFields } : {}),
    response: body.kind,
    ...(body.contentType === undefined ? {} : { responseContentType: body.contentType }),
    ...successBodies(k, e),
    ...(accept === undefined ? {} : { accept }),
    shapes: e.errors.shapes,
    quirks: e.errors.quirks.map(quirkSpec),
    fieldPaths: k.messagePaths(e),
  };
}

/** How a streamed success is framed and read (stream.ts): which events' data is JSON, and the rest of the contract's word. */
function streamSpec(k: Knowledge, s: ResponseStream): StreamSpec {
  // Data of no declared type (`unknown`) is JSON where it parses, else text: a description that gives no schema says nothing of its form.
  const unknown = (ref: TypeRef) => ref.kind === 'primitive' && ref.name === 'unknown';
  const json = s.events !== undefined ? s.events.filter((e) => !k.isText(e.type) && !unknown(e.type)).map((e) => e.name) : s.item !== undefined && !k.isText(s.item) && !unknown(s.item);
  const loose = s.events !== undefined ? s.events.filter((e) => unknown(e.type)).map((e) => e.name) : s.item !== undefined && unknown(s.item);
  const some = (v: boolean | readonly string[]) => v === true || (Array.isArray(v) && v.length > 0);
  return {
    format: s.format,
    ...(s.format === 'sse' && some(json) ? { json } : {}),
    ...(s.format === 'sse' && some(loose) ? { loose } : {}),
    ...(s.events === undefined ? {} : { events: s.events.map((e) => e.name) }),
    ...(s.terminator === undefined ? {} : { terminator: s.terminator }),
    ...(s.errorEvent === undefined ? {} : { errorEvent: s.errorEvent }),
    ...(s.resumable ? { resumable: true } : {}),
    ...(s.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: s.idleTimeoutMs }),
  };
}

/** Whether a success of the endpoint is read as anything but JSON (exchange.ts readSuccess). */
function readsOtherThanJson(k: Knowledge, e: Endpoint): boolean {
  return k.successBody(e).kind !== 'json' || k.successBodies(e) !== undefined;
}

/** How each status is read, for an endpoint whose successes are not all read alike. */
function successBodies(k: Knowledge, e: Endpoint): Pick<EndpointSpec, 'successBodies'> {
  const bodies = k.successBodies(e);
  if (bodies === undefined) return {};
  return {
    successBodies: bodies.map(({ response, body }) => ({
      status: response.status.kind === 'default' ? '2XX' : statusSpec(response.status),
      response: body.kind,
      ...(body.contentType === undefined ? {} : { contentType: body.contentType }),
    })),
  };
}

/** How it pages; Link pagination names the judge of next-page URLs, so bundles without it leave it out. */
function paginationSpec(file: TsFile, p: Pagination): Exclude<PaginationSpec, { readonly kind: 'link' }> | { readonly kind: 'link'; readonly items: PaginationSpec['items']; readonly within: Code } {
  switch (p.kind) {
    case 'cursor':
      return { kind: 'cursor', param: p.param, next: p.next, items: p.items };
    case 'offset':
      return { kind: 'offset', param: p.param, ...(p.limit === undefined ? {} : { limit: p.limit }), items: p.items };
    case 'page':
      return { kind: 'page', param: p.param, ...(p.limit === undefined ? {} : { limit: p.limit }), ...(p.start === 1 ? {} : { start: p.start }), items: p.items };
    case 'link':
      return { kind: 'link', items: p.items, within: new Code(file.use(MODULE.runtime.exchange, RUNTIME.exchange.nextPageUrl)) };
  }
}

/** Secret parameters' input keys, with the writer of their wire forms, named only here so bundles of other endpoints leave it out. */
function secretParams(file: TsFile, e: Endpoint): { readonly secretParams?: { readonly keys: readonly string[]; readonly forms: Code } } {
  const keys = e.params.filter((p) => p.secret).map((p) => p.key);
  return keys.length === 0 ? {} : { secretParams: { keys, forms: new Code(file.use(MODULE.runtime.baseClient, RUNTIME.baseClient.secretParamForms)) } };
}

/** The idempotency key's input key, with the filler of a fresh one, named only here so bundles of other endpoints leave it out. */
function idempotencyKey(file: TsFile, e: Endpoint): { readonly idempotencyKey?: { readonly key: string; readonly fill: Code } } {
  const key = e.params.find((p) => p.idempotencyKey)?.key;
  return key === undefined ? {} : { idempotencyKey: { key, fill: new Code(file.use(MODULE.runtime.baseClient, RUNTIME.baseClient.withIdempotencyKey)) } };
}

/** What the decoders read of an endpoint: its host, shapes, quirks and message field paths. */
export function errorRules(k: Knowledge, e: Endpoint): EndpointErrorRules {
  return { host: e.host, shapes: e.errors.shapes, quirks: e.errors.quirks.map(quirkSpec), fieldPaths: k.messagePaths(e) };
}

function quirkSpec(q: Quirk): QuirkSpec {
  return {
    id: q.id,
    status: statusSpec(q.when.status),
    ...(q.when.emptyBody ? { emptyBody: true } : {}),
    ...(q.error ? { error: true } : {}),
    ...(q.category === undefined ? {} : { category: q.category }),
    hint: q.hint,
  };
}

/** A scheme as the tables write it: the runtime's SchemeSpec, with a basic scheme's encoder as a reference in code. */
type SchemeData = Exclude<SchemeSpec, { readonly type: 'basic' }> | { readonly type: 'basic'; readonly encode: Code };

function schemeSpecs(file: TsFile, contract: Contract): Readonly<Record<string, SchemeData>> {
  return Object.fromEntries(contract.schemes.map((s): [string, SchemeData] => [s.name, schemeSpec(file, s)]));
}

/** A scheme as the runtime reads it; a basic scheme names the base64 encoder (so other bundles carry none). */
function schemeSpec(file: TsFile, s: AuthScheme): SchemeData {
  switch (s.type) {
    case 'apiKey':
      return { type: 'apiKey', in: s.in, name: s.paramName };
    case 'basic':
      return { type: 'basic', encode: new Code(file.use(MODULE.runtime.credentials, RUNTIME.credentials.base64)) };
    case 'clientCredentials':
      return { type: 'clientCredentials' };
    case 'bearer': {
      const u = s.unauthorized;
      return u.replay === 'never' ? { type: 'bearer' } : { type: 'bearer', unauthorized: { status: u.status, ...(u.shape === undefined ? {} : { shape: u.shape }) } };
    }
  }
}

function authSpec(contract: Contract): AuthSpec | undefined {
  const auth = contract.auth;
  if (auth === undefined) return undefined;
  const { accessToken, expiresIn, tokenType, refreshToken } = auth.token;
  return {
    endpoint: auth.endpoint,
    grantField: auth.grantField,
    grants: auth.grants.map((g) => ({ name: g.name, isDefault: g.isDefault, send: Object.fromEntries(g.send.map((s) => [s.field, s.credential])) })),
    token: { accessToken, ...(expiresIn === undefined ? {} : { expiresIn }), ...(tokenType === undefined ? {} : { tokenType }), ...(refreshToken === undefined ? {} : { refreshToken }) },
    lifetime: Object.fromEntries(auth.lifetime.map((l) => [l.environment, l.seconds])),
    header: auth.carrier.header,
    scheme: auth.carrier.scheme,
    unauthorized: { status: auth.unauthorized.status, shape: auth.unauthorized.shape, replay: auth.unauthorized.replay === 'once' },
  };
}

function environmentUrls(contract: Contract): Readonly<Record<string, Readonly<Record<string, string>>>> {
  return Object.fromEntries(contract.environments.map((env) => [env.name, Object.fromEntries(env.urls.map((u) => [u.host, u.url]))]));
}

/**
 * `provider: …` for the schemes a caller holds credentials of: the API-key provider when they are
 * all API keys (its bundle carries no token refresh or basic encoding), the general one otherwise.
 */
function callerProvider(file: TsFile, contract: Contract): string[] {
  const held = contract.schemes.filter((s) => s.type !== 'clientCredentials');
  if (held.length === 0) return [];
  const name = held.every((s) => s.type === 'apiKey') ? RUNTIME.credentials.secretProvider : RUNTIME.credentials.callerProvider;
  return [`provider: ${file.use(MODULE.runtime.credentials, name)}`];
}

/** `environment: '…'`, the environment of a client that names none, where the contract has one. */
function environmentDefault(contract: Contract): string[] {
  const sole = soleEnvironment(contract);
  return sole === undefined ? [] : [`environment: ${stringLiteral(sole.name)}`];
}

/** `serverDefaults: { … }` when any server variable has a default. */
function serverDefaults(contract: Contract): string[] {
  const defaults = contract.servers.filter((s) => s.default !== undefined).map((s) => [s.name, s.default] as const);
  return defaults.length === 0 ? [] : [data(Object.fromEntries(defaults), 1, 'serverDefaults: ')];
}

/** The narrowest encoder of the endpoint's media types: JSON and forms alone need no multipart writer. */
function encoderOf(e: Endpoint): string {
  const formOnly = (e.request?.contentTypes ?? []).every((t) => isJsonMediaType(t) || t.toLowerCase() === 'application/x-www-form-urlencoded');
  return formOnly ? RUNTIME.requestBody.encodeFormBody : RUNTIME.requestBody.encodeRequestBody;
}
