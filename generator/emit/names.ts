/**
 * Every name a generated package declares or imports, in one table. Emitters take their names from
 * here, and the name-collision check (check-names.ts) claims the very same names, so the two cannot
 * drift apart. Names derived from contract elements go through the naming policy (naming.ts).
 *
 * Modules are named by their path under `src/` without extension (`runtime/decode`); a TsFile turns
 * that into the import specifier its own place needs (`./runtime/decode.js`, `../runtime/decode.js`).
 */
import { camel, constant, pascal, typeName } from '../naming.js';

/** The generated modules and the runtime modules they import, by path under `src/`. */
export const MODULE = {
  types: 'types',
  errors: 'errors',
  client: 'client',
  tables: 'tables',
  index: 'index',
  mocksFixtures: 'mocks/fixtures',
  mocksIndex: 'mocks/index',
  validators: 'validators',
  /** The generated checks behind the validators: JavaScript, with declarations. */
  checks: 'checks',
  zod: 'zod',
  query: 'query',
  webhooks: 'webhooks',
  runtime: {
    auth: 'runtime/auth',
    credentials: 'runtime/credentials',
    dates: 'runtime/dates',
    baseClient: 'runtime/base-client',
    body: 'runtime/body',
    decode: 'runtime/decode',
    decodeRules: 'runtime/decode-rules',
    exchange: 'runtime/exchange',
    json: 'runtime/json',
    middleware: 'runtime/middleware',
    mocks: 'runtime/mocks',
    params: 'runtime/params',
    paginate: 'runtime/paginate',
    requestBody: 'runtime/request-body',
    nodeTransport: 'runtime/node-transport',
    spec: 'runtime/spec',
    stream: 'runtime/stream',
    support: 'runtime/support',
    transport: 'runtime/transport',
    validate: 'runtime/validate',
    validation: 'runtime/validation',
    zodHelpers: 'runtime/zod-helpers',
    query: 'runtime/query',
    webhooks: 'runtime/webhooks',
  },
} as const;

/** `errors.ts`: what every package exports besides the per-host and per-endpoint names. */
export const ERRORS = {
  Host: 'Host',
  HOSTS: 'HOSTS',
  OperationId: 'OperationId',
  ErrorCategory: 'ErrorCategory',
  ERROR_CATEGORIES: 'ERROR_CATEGORIES',
  RETRYABLE_CATEGORIES: 'RETRYABLE_CATEGORIES',
  HostDecodeInput: 'HostDecodeInput',
  AnyDecodedError: 'AnyDecodedError',
  HostErrors: 'HostErrors',
  DecodeErrorInput: 'DecodeErrorInput',
  decodeError: 'decodeError',
} as const;

/** `client.ts`: fixed exports, and the module-private names it declares. */
export const CLIENT = {
  Environment: 'Environment',
  ENVIRONMENTS: 'ENVIRONMENTS',
  ServerVariables: 'ServerVariables',
  Credentials: 'Credentials',
  AuthCredentials: 'AuthCredentials',
  BaseUrls: 'BaseUrls',
  ClientBaseOptions: 'ClientBaseOptions',
  ClientOptions: 'ClientOptions',
  Client: 'Client',
  createClient: 'createClient',
  BaseClient: 'BaseClient',
  createBaseClient: 'createBaseClient',
} as const;

export const CLIENT_PRIVATE = {
  BaseClientBrand: 'BaseClientBrand',
  Operation: 'Operation',
  OptionalOperation: 'OptionalOperation',
  Pages: 'Pages',
} as const;

/**
 * The contract modules client.ts imports as namespaces (`import type * as Types`). No name client.ts
 * declares can be either: its own are fixed names and endpoint names with a suffix.
 */
export const CLIENT_NAMESPACES: Readonly<Record<string, string>> = { [MODULE.types]: 'Types', [MODULE.errors]: 'Errors' };

/** `tables.ts`: the runtime tables. */
export const TABLES = {
  ERROR_TABLES: 'ERROR_TABLES',
  HOST_ERRORS: 'HOST_ERRORS',
  EndpointId: 'EndpointId',
  ENDPOINTS: 'ENDPOINTS',
  ENDPOINT_ERRORS: 'ENDPOINT_ERRORS',
  AUTH: 'AUTH',
  SCHEMES: 'SCHEMES',
  SUPPORT: 'SUPPORT',
  SECRET_FIELDS: 'SECRET_FIELDS',
  ENVIRONMENT_URLS: 'ENVIRONMENT_URLS',
  RUNTIME_SPEC: 'RUNTIME_SPEC',
} as const;

/** Runtime names the generated modules import, by runtime module. */
export const RUNTIME = {
  spec: {
    AuthSpec: 'AuthSpec',
    SchemeSpec: 'SchemeSpec',
    EndpointSpec: 'EndpointSpec',
    ErrorTables: 'ErrorTables',
    HostErrorSpec: 'HostErrorSpec',
    EndpointErrorRules: 'EndpointErrorRules',
    StatusSpec: 'StatusSpec',
    SupportSpec: 'SupportSpec',
    FullRuntimeSpec: 'FullRuntimeSpec',
  },
  exchange: { Result: 'Result', Success: 'Success', Failure: 'Failure', Status2xx: 'Status2xx', JsonValue: 'JsonValue', ClientError: 'ClientError', writeBody: 'writeBody', readSuccess: 'readSuccess', nextPageUrl: 'nextPageUrl' },
  json: { LOSSLESS_JSON: 'LOSSLESS_JSON' },
  dates: { DatePlan: 'DatePlan', WireDates: 'WireDates', datedJson: 'datedJson', datedLosslessJson: 'datedLosslessJson', datedBody: 'datedBody', datedParams: 'datedParams', wireFixtures: 'wireFixtures' },
  auth: { clientCredentialsFlow: 'clientCredentialsFlow' },
  params: { serialiseParams: 'serialiseParams', withParams: 'withParams' },
  requestBody: { encodeRequestBody: 'encodeRequestBody', encodeFormBody: 'encodeFormBody' },
  transport: { fetchUpload: 'fetchUpload' },
  stream: { ItemStream: 'ItemStream', StreamEvent: 'StreamEvent', fetchStream: 'fetchStream', readStream: 'readStream' },
  credentials: { base64: 'base64', secretProvider: 'secretProvider', callerProvider: 'callerProvider' },
  support: { attachSupportReport: 'attachSupportReport', fieldRedactor: 'fieldRedactor' },
  paginate: { PageOptions: 'PageOptions', PageLimitError: 'PageLimitError', endpointPages: 'endpointPages', endpointItems: 'endpointItems' },
  decode: { DecodedError: 'DecodedError', HttpStatus: 'HttpStatus', Status4xx: 'Status4xx', Status5xx: 'Status5xx', decodeForHost: 'decodeForHost', decodeByHost: 'decodeByHost', fieldErrors: 'fieldErrors' },
  body: { own: 'own', has: 'has', item: 'item', hasItem: 'hasItem', firstText: 'firstText', scalarText: 'scalarText' },
  decodeRules: { DECODE_RULES: 'DECODE_RULES' },
  baseClient: { secretParamForms: 'secretParamForms', withIdempotencyKey: 'withIdempotencyKey', createRuntime: 'createRuntime', withRuntime: 'withRuntime', Runtime: 'Runtime', ClientRuntimeOptions: 'ClientRuntimeOptions', TokenOptions: 'TokenOptions', CallOptions: 'CallOptions' },
  mocks: {
    mockApi: 'mockApi',
    EndpointMocks: 'EndpointMocks',
    HttpLike: 'HttpLike',
    MockHostFixtures: 'MockHostFixtures',
    MockEndpointFixtures: 'MockEndpointFixtures',
    MockErrorFixture: 'MockErrorFixture',
    MockStreamEndpointFixtures: 'MockStreamEndpointFixtures',
    StreamEndpointMocks: 'StreamEndpointMocks',
  },
} as const;

/** What the entry point re-exports from the runtime: `export type {…}` unless listed under `values`. */
export const INDEX_REEXPORTS: readonly { readonly module: string; readonly types: readonly string[]; readonly values?: readonly string[] }[] = [
  { module: MODULE.runtime.decode, types: ['DecodedError', 'FieldError'] },
  { module: MODULE.runtime.spec, types: ['PolicySpec', 'PolicyRestriction'] },
  { module: MODULE.runtime.exchange, types: ['ClientError', 'ClientErrorCategory', 'Result', 'ResponseInfo'] },
  { module: MODULE.runtime.baseClient, types: ['CallOptions'] },
  { module: MODULE.runtime.auth, types: ['StoredToken', 'TokenStore'] },
  { module: MODULE.runtime.paginate, types: ['PageOptions', 'PageLimitError'] },
  { module: MODULE.runtime.requestBody, types: ['FilePart'] },
  { module: MODULE.runtime.credentials, types: ['BasicCredential', 'SchemeCredential', 'Secret', 'TokenSource'] },
  { module: MODULE.runtime.support, types: ['SupportReport'] },
  // Opt-in keep-alive transport over node:http; bundles that do not import it do not contain it.
  { module: MODULE.runtime.nodeTransport, values: ['nodeTransport'], types: ['NodeHttpModule', 'NodeTransportOptions'] },
  { module: MODULE.runtime.transport, types: ['FetchLike', 'Transport', 'TransportRequest', 'TransportResponse'] },
  { module: MODULE.runtime.stream, types: ['ItemStream', 'StreamEvent', 'StreamError'] },
  // Middleware chains; bundles that never make one do not contain the chain's code.
  { module: MODULE.runtime.middleware, values: ['middleware'], types: ['Middleware', 'MiddlewareAnswer', 'MiddlewareChain', 'MiddlewareContext', 'MiddlewareRequest', 'MiddlewareResponse'] },
];

/** The entry point's contract modules, re-exported whole. */
export const INDEX_MODULES: readonly string[] = [MODULE.types, MODULE.errors, MODULE.client];

/** `mocks/fixtures.ts` and `mocks/index.ts`: fixed names. */
export const MOCKS = {
  FixtureKeys: 'FixtureKeys',
  Fixtures: 'Fixtures',
  FIXTURES: 'FIXTURES',
  MockTarget: 'MockTarget',
  Mocks: 'Mocks',
  createMocks: 'createMocks',
  WebhookExamples: 'WebhookExamples',
  WEBHOOK_EXAMPLES: 'WEBHOOK_EXAMPLES',
  signedWebhooks: 'signedWebhooks',
} as const;

/**
 * The zod entry (`src/zod.ts`): the package it imports `z` from, and the helpers of
 * templates/zod-helpers.ts it imports where zod's own schemas mean something else than the
 * package's validators. All are names of the entry's scope, whatever the contract says.
 */
export const ZOD = {
  package: 'zod',
  z: 'z',
  /**
   * The main entry's modules the zod entry names types of, as namespaces (`Types.Pet`): a type
   * named `PetSchema` then takes no name the entry declares (`Pet`'s schema is `PetSchema`).
   */
  namespaces: { [MODULE.types]: 'Types', [MODULE.client]: 'Client' } as Readonly<Record<string, string>>,
  helpers: {
    wholeNumber: 'wholeNumber',
    minChars: 'minChars',
    maxChars: 'maxChars',
    multipleOf: 'multipleOf',
    uniqueItems: 'uniqueItems',
    notUndefined: 'notUndefined',
    bytes: 'bytes',
    bytesOrBlob: 'bytesOrBlob',
    ownFields: 'ownFields',
    withRules: 'withRules',
    requiredWhen: 'requiredWhen',
    sentTogether: 'sentTogether',
    taggedMember: 'taggedMember',
  },
} as const;

/**
 * The `/query` entry (emit-query.ts): `queryKeys`, and what it imports of templates/query.ts.
 * @tanstack/query-core is the entry's optional peer dependency, whose types alone it names.
 */
export const QUERY = {
  package: '@tanstack/query-core',
  queryKeys: 'queryKeys',
  QueryKeys: 'QueryKeys',
  namespaces: { [MODULE.client]: 'Client' } as Readonly<Record<string, string>>,
  runtime: {
    operationKey: 'operationKey',
    operationQuery: 'operationQuery',
    operationInfiniteQuery: 'operationInfiniteQuery',
    operationMutation: 'operationMutation',
    OperationKey: 'OperationKey',
    InfiniteKey: 'InfiniteKey',
    OperationQueryOptions: 'OperationQueryOptions',
    OperationInfiniteQueryOptions: 'OperationInfiniteQueryOptions',
    OperationMutationOptions: 'OperationMutationOptions',
  },
} as const;

/** `webhooks.ts`: its own names, and what it takes from and re-exports of the runtime. */
export const WEBHOOKS = {
  verifyWebhook: 'verifyWebhook',
  parseWebhook: 'parseWebhook',
  signWebhook: 'signWebhook',
  webhookHandler: 'webhookHandler',
  nodeWebhookListener: 'nodeWebhookListener',
  WebhookEventMap: 'WebhookEventMap',
  WebhookType: 'WebhookType',
  WebhookEvent: 'WebhookEvent',
  WebhookHandlers: 'WebhookHandlers',
  WebhookHandlerOptions: 'WebhookHandlerOptions',
  /** Private: the signature schemes and the runtime's spec of the events. */
  SIGNATURES: 'SIGNATURES',
  SPEC: 'WEBHOOKS',
  /** The validators entry's payload validators, by event. */
  WEBHOOK_PAYLOADS: 'WEBHOOK_PAYLOADS',
  namespaces: { [MODULE.types]: 'Types' } as Readonly<Record<string, string>>,
  runtime: { verify: 'verify', parse: 'parse', sign: 'sign', handler: 'handler', nodeListener: 'nodeListener', WebhooksSpec: 'WebhooksSpec', SignatureSpec: 'SignatureSpec', Delivered: 'Delivered' },
  /** Runtime types users name, re-exported as they are. */
  types: ['WebhookInput', 'WebhookDelivery', 'WebhookHeaders', 'WebhookSecret', 'WebhookResult', 'WebhookFailure', 'WebhookFailureKind', 'VerifyOptions', 'ParseOptions', 'SignOptions', 'SignedWebhook', 'HandlerAnswer', 'NodeRequest', 'NodeResponse', 'NodeListenerOptions'],
} as const;

/** Types of the runtime's mocks module that users name; the mocks entry re-exports them. */
export const MOCKS_RUNTIME_TYPES: readonly string[] = [
  'EndpointMocks',
  'HttpLike',
  'MockEndpointFixtures',
  'MockErrorFixture',
  'MockExpectation',
  'MockFixtureKind',
  'MockHandlerOptions',
  'MockHostFixtures',
  'MockMethod',
  'MockResponse',
  'MockSuccessFixture',
];

/** The runtime's mocks types of streamed successes: the mocks entry of a contract with a streaming endpoint re-exports them too. */
export const MOCKS_STREAM_TYPES: readonly string[] = [
  'MockStreamChunk',
  'MockStreamEndpointFixtures',
  'MockStreamErrorEvent',
  'MockStreamEvent',
  'MockStreamFixture',
  'MockStreamItem',
  'MockStreamOptions',
  'StreamEndpointMocks',
];

/**
 * Names the main entry claims whatever the contract says: a contract element that would generate
 * one of them is refused where it is written. The runtime names the contract modules import are
 * claimed too, conservatively; `Runtime` never was, and no contract name can meet it (client.ts
 * names contract types through a namespace).
 */
export const RESERVED_EXPORTS: readonly string[] = [
  ...Object.values(ERRORS),
  ...Object.values(CLIENT),
  ...INDEX_REEXPORTS.flatMap((r) => [...(r.values ?? []), ...r.types]),
  ...Object.values(TABLES),
  ...Object.values(RUNTIME.spec),
  ...Object.values(RUNTIME.exchange),
  ...Object.values(RUNTIME.decode),
  ...Object.values(RUNTIME.baseClient).filter((n) => n !== RUNTIME.baseClient.Runtime),
];

/** `validators.ts`: fixed names. */
export const VALIDATORS = { VALIDATORS: 'VALIDATORS' } as const;

/** What the validators entry re-exports from the runtime. */
export const VALIDATORS_RUNTIME = {
  values: ['validators'],
  types: ['ClientValidators', 'EndpointValidators', 'ResponseValidation', 'StandardSchemaV1', 'ValidationEvent', 'ValidationIssue', 'ValidationOptions', 'Validator'],
} as const;

/** Names of the validators entry derived from types and operation ids. */
export const validatorNames = {
  /** A type's validator, by its exported name (`Pet`, `PetInput`). */
  type: (exported: string): string => `${exported}Schema`,
  body: (id: string): string => `${pascal(id)}BodySchema`,
  data: (id: string): string => `${pascal(id)}DataSchema`,
  /** An endpoint's validators for the client. */
  endpoint: (id: string): string => `${camel(id)}Validators`,
};

/** Names derived from the contract's types. */
export const typeNames = {
  /** A contract type as a TypeScript type (as responses carry it). */
  type: (name: string): string => typeName(name),
  /** A type with readOnly or writeOnly fields, as requests carry it. */
  input: (name: string): string => `${typeName(name)}Input`,
  /** An enum's `*_VALUES` array. */
  enumValues: (name: string): string => `${constant(name)}_VALUES`,
  /** The unconditional fields of an object with variant groups. */
  fields: (name: string, input = false): string => `${typeName(name)}${input ? 'Input' : ''}Fields`,
  /** The `index`th (1-based) variant group of an object. */
  rule: (name: string, index: number, input = false): string => `${typeName(name)}${input ? 'Input' : ''}Rule${index}`,
  /** Where a type holds dates (a package with `dates: Date`): its plan in tables.ts, named after the type, which no other name there ends like. */
  dates: (name: string): string => `${typeName(name)}Dates`,
  /** A type's zod schema (the zod entry), as responses carry it or, `input`, as requests send it: `PetSchema`, `PetInputSchema`. */
  schema: (name: string, input = false): string => `${typeName(name)}${input ? 'Input' : ''}Schema`,
};

/** Names derived from hosts. */
export const hostNames = {
  error: (host: string): string => `${pascal(host)}Error`,
  shape: (host: string): string => `${pascal(host)}ErrorShape`,
  code: (host: string): string => `${pascal(host)}ErrorCode`,
  codes: (host: string): string => `${constant(host)}_ERROR_CODES`,
  isCode: (host: string): string => `is${pascal(host)}ErrorCode`,
  decode: (host: string): string => `decode${pascal(host)}Error`,
  fixtureKey: (host: string): string => `${pascal(host)}FixtureKey`,
};

/** Names derived from operation ids. */
export const endpointNames = {
  input: (id: string): string => `${pascal(id)}Input`,
  data: (id: string): string => `${pascal(id)}Data`,
  result: (id: string): string => `${pascal(id)}Result`,
  error: (id: string): string => `${pascal(id)}Error`,
  /** What its streamed success hands out: events, items or byte chunks. */
  streamItem: (id: string): string => `${pascal(id)}StreamItem`,
  /** Where a request field asks for the stream: the input that asks, and its result; the input that does not, and its result. */
  streamInput: (id: string): string => `${pascal(id)}StreamInput`,
  streamResult: (id: string): string => `${pascal(id)}StreamResult`,
  bodyInput: (id: string): string => `${pascal(id)}BodyInput`,
  bodyResult: (id: string): string => `${pascal(id)}BodyResult`,
  /** The overloads of its operation function (module-private). */
  operationType: (id: string): string => `${pascal(id)}Operation`,
  /** The headers its successes declare. */
  headers: (id: string): string => `${pascal(id)}Headers`,
  /** The operation function, and the method of `Client` and of the mocks. */
  operation: (id: string): string => camel(id),
  /** A paginated endpoint's iterators over its pages and over their items. */
  pages: (id: string): string => `${camel(id)}Pages`,
  items: (id: string): string => `${camel(id)}Items`,
  /** The endpoint's spec constant in tables.ts. */
  spec: (id: string): string => `${constant(id)}_ENDPOINT`,
  /** The endpoint's own error rules in tables.ts. */
  rules: (id: string): string => `${constant(id)}_ERROR_RULES`,
  fixtureKey: (id: string): string => `${pascal(id)}FixtureKey`,
  /** The zod entry's schemas of its request body (`<Op>Input['body']`) and of its success data (`<Op>Data`). */
  bodySchema: (id: string): string => `${pascal(id)}BodySchema`,
  dataSchema: (id: string): string => `${pascal(id)}DataSchema`,
  /** The query entry's functions: a call's query key, its query's options, its infinite query's (paginated endpoints), its mutation's. */
  queryKey: (id: string): string => `${camel(id)}QueryKey`,
  queryOptions: (id: string): string => `${camel(id)}QueryOptions`,
  infiniteQueryOptions: (id: string): string => `${camel(id)}InfiniteQueryOptions`,
  mutationOptions: (id: string): string => `${camel(id)}MutationOptions`,
};

/** The suffixes `endpointNames` gives an operation id's exported types. */
export const ENDPOINT_TYPE_NAMES = [
  endpointNames.input,
  endpointNames.data,
  endpointNames.result,
  endpointNames.error,
  endpointNames.headers,
  endpointNames.streamItem,
  endpointNames.streamInput,
  endpointNames.streamResult,
  endpointNames.bodyInput,
  endpointNames.bodyResult,
  endpointNames.operationType,
] as const;

/** The `Mocks` member that returns every success handler: `handlers`, unless an operation is called that. */
export function handlersName(operations: readonly string[]): string {
  const taken = new Set(operations.map(endpointNames.operation));
  let name = 'handlers';
  while (taken.has(name)) name = `${name}_`;
  return name;
}
