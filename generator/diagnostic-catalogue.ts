/**
 * Every diagnostic the tool reports, in one catalogue: each code with the stage that reports it and
 * what it means (docs/contract-format.md's table is held to `CODES` by test/diagnostic-catalogue.test.ts),
 * and each message, by the situation it reports, with its code and its words. Stages report through
 * `MESSAGES` and never spell a code or a sentence of their own.
 */
import { diagnostic, type Diagnostic, type Position, type Severity } from './diagnostics.js';

export type Stage = 'load' | 'schema' | 'model' | 'import' | 'overlay' | 'config' | 'write';

export interface CodeInfo {
  readonly stages: readonly Stage[];
  readonly summary: string;
}

/** Every code, as docs/contract-format.md's Diagnostics table lists it, in that order. */
export const CODES = {
  'file-unreadable': { stages: ['load'], summary: 'The file does not exist or cannot be read.' },
  'file-too-large': { stages: ['load'], summary: 'A contract over 64 MiB, over 2,500,000 values (mapping entries and list items), or over 4 MiB and not all plain block YAML; a description over 256 MiB.' },
  'yaml-syntax': { stages: ['load'], summary: 'The YAML does not parse.' },
  'duplicate-key': { stages: ['load'], summary: 'A key appears twice in one mapping.' },
  'empty-contract': { stages: ['load'], summary: 'The file is empty.' },
  'not-a-mapping': { stages: ['load'], summary: 'The document is a list or a scalar.' },
  'too-deep': { stages: ['load'], summary: 'Nesting deeper than 64 levels.' },
  'alias-limit': { stages: ['load'], summary: 'YAML aliases expand to more than 100 nodes (an "alias bomb").' },
  'unknown-key': { stages: ['schema'], summary: 'A key the format does not have; suggests a close one.' },
  'missing-key': {
    stages: ['schema'],
    summary: 'A required key is absent. Also (model) an array without `items`, a map without `values`, a union without `members`, and a message row with neither `pattern` nor `empty: true`.',
  },
  'invalid-name': { stages: ['schema'], summary: 'A map key that is not a valid name or status pattern.' },
  'wrong-type': { stages: ['schema'], summary: 'A value of the wrong type (a number where a string is expected, …).' },
  'not-allowed-value': { stages: ['schema'], summary: 'A value outside a fixed set (`method: FETCH`, `contractgen: 2`).' },
  'invalid-value': {
    stages: ['schema'],
    summary:
      "Any other schema rule: a form (package name, path, status), a minimum or maximum, an empty string or list, a repeated item. Also (model) a message row with both `pattern` and `empty: true`, and a `requiredWhen` value its field's closed enum does not allow.",
  },
  'name-collision': {
    stages: ['model'],
    summary: 'Two contract elements would generate the same export (hosts `api` and `Api`, a type named `Client`, an endpoint named like its host or like a package function such as `decodeError`).',
  },
  'reserved-name': {
    stages: ['model'],
    summary: 'A host, shape, category, policy, environment, auth scheme, signature scheme, server variable, credential, operation id or message row id named like an `Object.prototype` member (`toString`, `constructor`, `__proto__`…); an operation id or an enum that would name an exported value `eval`, `arguments` (strict mode cannot bind them) or `then` (the package would be thenable).',
  },
  'untyped-condition': {
    stages: ['model'],
    summary: 'A `requiredWhen` tests a field that is not a string or enum: the rule is documented but the generated type cannot enforce it.',
  },
  'invalid-default': { stages: ['model'], summary: "A field's `default` or an `example` is not a value its type allows (a closed enum's values, the scalar type, its constraints, `null` where not nullable)." },
  'reserved-parameter-name': {
    stages: ['model'],
    summary: "A parameter whose input key is a call option's (`body`, `contentType`, `signal`, `timeoutMs`, `headers`, `maxRetries`, `validateResponses`, `validateRequests`, `middleware`): it would clash in the generated method's input.",
  },
  'duplicate-operation-id': { stages: ['load', 'model'], summary: 'A key repeated under `endpoints`; or two ids that differ only by case or underscores.' },
  'unknown-host': { stages: ['model'], summary: '`endpoints.*.host` or an `environments.*.urls` key names no host.' },
  'unknown-shape': {
    stages: ['model'],
    summary: "An undeclared shape in `errors.shapes`, `errors.codes.shape`, `endpoints.*.shapes`, a response's `shape` or `auth.unauthorized.shape`.",
  },
  'unknown-category': { stages: ['model'], summary: 'An undeclared category in `statusCategories`, a code row, a message row, a policy or a quirk.' },
  'unknown-policy': { stages: ['model'], summary: "A message row's `policy` is not declared." },
  'unknown-server-variable': { stages: ['model'], summary: 'A `{name}` in a host or environment URL is not under `servers`.' },
  'invalid-server-variable': { stages: ['model'], summary: "A server variable whose `default` is not one of its `enum` values." },
  'unknown-endpoint': { stages: ['model'], summary: '`auth.endpoint` names no endpoint.' },
  'unknown-environment': { stages: ['model'], summary: 'An `auth.lifetime` key names no environment.' },
  'unknown-field': {
    stages: ['model'],
    summary:
      "A `requiredWhen` or `together` name is not a field of its type; `auth.grantField`, a `send` field or a `token` field is not a field of the token endpoint's request or response type; or a `jsonFields` name is not a field of the request body.",
  },
  'unresolved-type': {
    stages: ['model'],
    summary: 'A type name neither built in nor declared (in a field, an item, a union member, `extends`, a body); or `object`, `array`, `map`, `enum` or `union` named without the keys that say what it holds.',
  },
  'invalid-union': {
    stages: ['model'],
    summary:
      "A union's discriminator does not tell its members apart: a member is not a named object type, lacks the field, gives it no literal value, shares a value with another member, or a `mapping` names a type that is not a member.",
  },
  'invalid-extends': {
    stages: ['model'],
    summary: '`extends` names a type that is not an object, or a cycle of types that extend each other, or a field redefines an inherited one with another type.',
  },
  'invalid-constraint': {
    stages: ['model'],
    summary:
      'A constraint that no value can meet or that cannot be checked: a minimum above its maximum (numbers, lengths, items), a `pattern` that is not a valid regular expression, a `const` of another type than `type`, an enum that mixes strings and numbers, a field both `readOnly` and `writeOnly`.',
  },
  'no-finite-value': {
    stages: ['model'],
    summary:
      'A type no finite value has: it holds itself through fields a value must fill (`Node { next: { type: Node, required: true } }`), through an array that needs an item or a union whose every member does; the message names the cycle.',
  },
  'reserved-type-name': { stages: ['model'], summary: 'A declared type uses a built-in name such as `string`.' },
  'empty-enum': { stages: ['model'], summary: 'A closed enum has no values.' },
  'misplaced-key': {
    stages: ['model'],
    summary:
      'A key that does not apply to its type: `fields` other than on an object, `items` other than on an array, `values`, `members` or `discriminator` on the wrong kind, a constraint or `format` on a type it cannot constrain (`minLength` on an integer, `minimum` on a named type).',
  },
  'no-category': { stages: ['model'], summary: 'A code row has no `category`, and neither its status nor its class is in `statusCategories`.' },
  'duplicate-row-id': { stages: ['model'], summary: 'Two message rows of one table, or two quirks of one endpoint, share an `id`.' },
  'invalid-pattern': { stages: ['model'], summary: "A message row's `pattern` is not a valid JavaScript regular expression." },
  'unknown-group': { stages: ['model'], summary: "A `{group}` in a row's `fields` is not a named group of its pattern." },
  'slow-pattern': {
    stages: ['model'],
    summary:
      "A `pattern` (a type's or a message row's) that a backtracking matcher may take too long on: repetitions that can read the same characters in many ways (`(a+)+`, `\\d+\\d+x`), more than 11 million steps on some text of 4,096 characters; or a pattern too large to check.",
  },
  'example-mismatch': { stages: ['model'], summary: "A row's `example` is matched by another row or by none, or maps to other fields than `expect`." },
  'duplicate-default': { stages: ['model'], summary: 'More than one environment has `default: true`.' },
  'default-grant': { stages: ['model'], summary: 'Not exactly one grant has `default: true`.' },
  'unknown-scheme': { stages: ['model'], summary: "An endpoint's `auth` names no scheme of `auth`." },
  'invalid-auth': {
    stages: ['model'],
    summary: 'A scheme that cannot work as written: a key its type does not take, a key it needs missing, a second OAuth 2.0 client-credentials scheme, or `auth: required` in a contract without schemes.',
  },
  'unknown-signature': { stages: ['model'], summary: "`webhooks.signature` or an event's `signature` names no scheme of `webhooks.signatures`." },
  'invalid-signature-scheme': {
    stages: ['model'],
    summary: 'A signature scheme that cannot work as written: a key its type does not take, an `hmac` scheme without `header`, `algorithm` or `encoding`, or a `signed` text naming `{timestamp}` or `{id}` without the header that carries it.',
  },
  'nothing-to-generate': { stages: ['model', 'import'], summary: 'The contract (or description) has neither endpoints nor webhooks; or endpoints and no `hosts`.' },
  'no-auth-scheme': {
    stages: ['model'],
    summary:
      'The contract (or OpenAPI description) declares no auth scheme: the client sends no credentials and offers no credential option. Declare the schemes under `auth` (`auth: {}` says the API takes none), or give a description a `securitySchemes` entry with an overlay (docs/overlays.md).',
  },
  'duplicate-path-parameter': { stages: ['model'], summary: 'A `{name}` appears twice in a path.' },
  'undeclared-path-parameter': { stages: ['model'], summary: 'A `{name}` in a path has no `params` entry.' },
  'extra-path-parameter': { stages: ['model'], summary: 'A `params` entry has no `{name}` in the path and says no other `in:`.' },
  'invalid-parameter': {
    stages: ['model'],
    summary:
      'A parameter that cannot travel as written: a style its place does not allow, an optional path parameter, a `{name}` declared elsewhere, a header or cookie name that is no token, an Accept, Content-Type or Authorization header, two headers differing only in case, or two parameters with one input key.',
  },
  'no-success-response': { stages: ['model'], summary: 'An endpoint has no response below 400 and no default.' },
  'unread-response-body': { stages: ['model'], summary: 'A 1xx or 3xx response with a `body`: it is never data (a redirect is followed, a 304 is the `not_modified` error), so the body is never read or typed.' },
  'invalid-stream': {
    stages: ['model'],
    summary: "A response `stream` that cannot be read as written: on a status that is not a success, a key its format does not take (`events`, `data`, `terminator`, `error` and `resumable` are sse's; `item` is jsonl's and json-seq's), a jsonl or json-seq stream without `item`, an sse stream with both `events` and `data`, or a `when` that names no field of the request body or a value the field cannot hold.",
  },
  'invalid-pagination': {
    stages: ['model'],
    summary: "A `pagination` that cannot page: a key its kind does not take or needs, or a `param`/`limit` that names no query or header parameter of the endpoint.",
  },
  'invalid-request-body': { stages: ['model'], summary: 'A request body its media type cannot carry: a form or multipart body that is no object, a text body that is no string, bytes sent as a form (bytes in a JSON body are `binary-in-json`); or `jsonFields` on an endpoint that sends no URL-encoded form.' },
  'binary-in-json': {
    stages: ['model'],
    summary:
      '`binary`, at any depth and through named types, in a body that travels as JSON (a JSON request or success body, an error shape\'s body, an object part of a multipart body): JSON carries no bytes. Write `string` with `format: byte` (base64), or send the bytes as a multipart part or a whole body of their own media type.',
  },
  'package-version': { stages: ['model'], summary: "`info.version` is not a semantic version and `info.packageVersion` is not given: the generated package is versioned 0.0.0." },
  'overlay-invalid': {
    stages: ['overlay'],
    summary:
      'An overlay that cannot be applied as written: not an Overlay Specification 1.0 document (a key it does not have, a required one missing, a value of the wrong type, no actions, an action given twice), a `target` that is not an RFC 9535 JSONPath query or that `match()`/`search()` with a pattern that is not a safe string literal, a target that would take more than 100 million steps or hold more than a million nodes, or overlays given for a contract rather than an OpenAPI description.',
  },
  'overlay-conflict': {
    stages: ['overlay'],
    summary:
      "An `update` that cannot merge into what its target selects: a target that selects a string, number, boolean or null (select the object that holds it), a non-object update for an object, one property an object in the update and another kind in the description (or the reverse), or `remove` of the whole description.",
  },
  'overlay-no-effect': {
    stages: ['overlay'],
    summary: "An action that changes nothing: its `target` selects no node of the description (the Overlay Specification makes that no error, so it is a warning), or it has neither `update` nor `remove: true`.",
  },
  'config-invalid': { stages: ['config'], summary: 'A `contractgen.config.json`/`.yaml` that cannot be used: not JSON or YAML, an unknown key, an entry without `contract` or `out`, or two contracts generated into one folder.' },
  'openapi-unreadable': {
    stages: ['import'],
    summary: 'An OpenAPI description that cannot be imported: not JSON or YAML, not OpenAPI 3.0, 3.1 or 3.2 (for Swagger 2.0 the message says how to convert it), or without an operation the format can hold.',
  },
  'openapi-approximated': {
    stages: ['import'],
    summary: 'A part of an OpenAPI description the contract holds only approximately (the nearest type that accepts its values, `unknown` at worst) or leaves out; the message says what and why.',
  },
  'unsafe-output-path': {
    stages: ['write'],
    summary:
      "`generate` would follow a symbolic link in its output folder (a link at any step of a path it reads, writes or deletes), or the folder's manifest or write journal names a path outside it (`..`, absolute, a backslash): the run stops there.",
  },
} as const satisfies Readonly<Record<string, CodeInfo>>;

export type DiagnosticCode = keyof typeof CODES;

/** One message: its code, its severity and its words, from the facts the reporting stage knows. */
export interface Message<P> {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  text(params: P): string;
}

function error<P = Record<string, never>>(code: DiagnosticCode, text: (params: P) => string): Message<P> {
  return { code, severity: 'error', text };
}

function warning<P>(code: DiagnosticCode, text: (params: P) => string): Message<P> {
  return { code, severity: 'warning', text };
}

/** 'a', 'b' and 'c'. */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** A count of steps in words: "about 40 million", or "more than 13 million" when no bound was found. */
function steps(count: number, limit: number): string {
  return Number.isFinite(count) ? `about ${millions(count)}` : `more than ${millions(limit)}`;
}

function millions(count: number): string {
  return `${Math.round(count / 1e6).toLocaleString('en-US')} million`;
}

/** A reference to an element the contract does not declare; `hint` is a did-you-mean or ''. */
type Unknown = { readonly name: string; readonly hint: string };
const unknown = (code: DiagnosticCode, what: string) => error<Unknown>(code, (p) => `unknown ${what} '${p.name}'${p.hint}`);

export const MESSAGES = {
  // load
  noSuchFile: error<{ what: string }>('file-unreadable', (p) => `cannot read the ${p.what}: no such file`),
  notARegularFile: error<{ what: string }>('file-unreadable', (p) => `cannot read the ${p.what}: not a regular file`),
  unreadableFile: error<{ what: string }>('file-unreadable', (p) => `cannot read the ${p.what} file`),
  fileTooLarge: error<{ size: number; limit: number; what: string }>('file-too-large', (p) => `the ${p.what} is ${p.size} bytes; the limit is ${p.limit} bytes`),
  yamlSyntax: error<{ detail: string }>('yaml-syntax', (p) => `YAML syntax: ${p.detail}`),
  tooManyValues: error<{ limit: number }>('file-too-large', (p) => `the contract holds more than ${p.limit} values (mapping entries and list items); the largest real API's holds half as many`),
  tooLargeForYaml: error<{ size: number; limit: number }>(
    'file-too-large',
    (p) => `the contract is ${p.size} bytes and not all plain block YAML (anchors, tags, tabs, multi-line flow collections or quoted scalars): past ${p.limit} bytes only plain block YAML, as import writes it, is read`,
  ),
  duplicateKey: error<{ key: string; firstLine: number }>('duplicate-key', (p) => `duplicate key '${p.key}' (first at line ${p.firstLine}): each key may appear once in a mapping`),
  duplicateOperation: error<{ id: string; firstLine: number }>('duplicate-operation-id', (p) => `duplicate operation id '${p.id}' (first at line ${p.firstLine})`),
  emptyContract: error('empty-contract', () => 'the contract is empty: expected a mapping with contractgen, info, hosts and endpoints'),
  notAMapping: error<{ found: string }>('not-a-mapping', (p) => `the contract must be a mapping of keys, not ${p.found}`),
  tooDeep: error<{ limit: number }>('too-deep', (p) => `the contract nests deeper than ${p.limit} levels`),
  aliasLimit: error<{ limit: number }>('alias-limit', (p) => `aliases expand to too many nodes (limit ${p.limit}): the document looks like an alias bomb`),

  // schema: `where` is the dotted path of the value, `rule` what the schema says of it
  unknownKey: error<{ key: string; where: string; hint: string }>('unknown-key', (p) => `unknown key '${p.key}' in ${p.where}${p.hint}`),
  missingKey: error<{ where: string; key: string }>('missing-key', (p) => `${p.where} is missing the required key '${p.key}'`),
  invalidName: error<{ name: string; where: string; rule: string }>('invalid-name', (p) => `'${p.name}' is not a valid name in ${p.where}: ${p.rule}`),
  wrongType: error<{ where: string; rule: string }>('wrong-type', (p) => `${p.where} ${p.rule}`),
  notAllowedValue: error<{ where: string; rule: string }>('not-allowed-value', (p) => `${p.where} ${p.rule}`),
  invalidValue: error<{ where: string; rule: string }>('invalid-value', (p) => `${p.where} ${p.rule}`),

  // model: references
  unknownHost: unknown('unknown-host', 'host'),
  unknownShape: unknown('unknown-shape', 'shape'),
  unknownCategory: unknown('unknown-category', 'category'),
  unknownPolicy: unknown('unknown-policy', 'policy'),
  unknownServerVariable: unknown('unknown-server-variable', 'server variable'),
  serverDefaultNotInEnum: error<{ name: string; value: string }>('invalid-server-variable', (p) => `the default of server variable '${p.name}', '${p.value}', is not one of its enum values`),
  unknownEndpoint: unknown('unknown-endpoint', 'endpoint'),
  unknownEnvironment: unknown('unknown-environment', 'environment'),
  unknownAuthField: unknown('unknown-field', 'field'),
  unknownBodyField: unknown('unknown-field', 'field of the request body'),
  notAField: error<{ field: string; type: string; hint: string }>('unknown-field', (p) => `'${p.field}' is not a field of '${p.type}'${p.hint}`),
  unknownType: error<Unknown>('unresolved-type', (p) => `unknown type '${p.name}'${p.hint}`),
  structuralBody: error<{ name: string }>('unresolved-type', (p) => `'${p.name}' needs the keys that say what it holds: write { type: ${p.name}, … } in place, or declare a named type and use its name here`),

  // model: types
  reservedTypeName: error<{ name: string }>('reserved-type-name', (p) => `'${p.name}' is a built-in type name and cannot name a contract type`),
  invalidDefault: error<{ field: string; problem: string }>('invalid-default', (p) => `default of '${p.field}' ${p.problem}`),
  untypedCondition: warning<{ field: string }>(
    'untyped-condition',
    (p) => `requiredWhen tests '${p.field}', which is not a string or enum field: the generated type documents the rule but cannot enforce it`,
  ),
  invalidCondition: error<{ field: string; problem: string }>('invalid-value', (p) => `requiredWhen value for '${p.field}' ${p.problem}`),
  emptyEnum: error<{ name: string }>('empty-enum', (p) => `closed enum '${p.name}' has no values: list them, or declare it open if they are not shown`),
  fieldsOnNonObject: error<{ type: string }>('misplaced-key', (p) => `'fields' only applies to type object, not '${p.type}'`),
  itemsOnNonArray: error<{ type: string }>('misplaced-key', (p) => `'items' only applies to type array, not '${p.type}'`),
  arrayWithoutItems: error('missing-key', () => "an array needs 'items' to say what it holds"),
  missingTypeKey: error<{ type: string; key: string; what: string }>('missing-key', (p) => `${p.type === 'enum' ? 'an' : 'a'} ${p.type} needs '${p.key}' to say ${p.what}`),
  misplacedTypeKey: error<{ key: string; applies: string; type: string }>('misplaced-key', (p) => `'${p.key}' only applies to ${p.applies}, not to '${p.type}'`),
  misplacedConstraint: error<{ key: string; applies: string; type: string }>(
    'misplaced-key',
    (p) => `'${p.key}' constrains ${p.applies}, not '${p.type}'${p.type.match(/^[A-Z]/) === null ? '' : ': constrain the named type itself, or declare a scalar type with it'}`,
  ),
  emptyRange: error<{ low: string; high: string; lowValue: number; highValue: number }>('invalid-constraint', (p) => `${p.low} (${p.lowValue}) is above ${p.high} (${p.highValue}): no value can satisfy both`),
  invalidTypePattern: error<{ reason: string }>('invalid-constraint', (p) => `'pattern' is not a valid regular expression: ${p.reason}`),
  constMismatch: error<{ type: string; value: string }>('invalid-constraint', (p) => `const ${p.value} is not a ${p.type}`),
  mixedEnum: error<{ name: string }>('invalid-constraint', (p) => `enum ${p.name} mixes strings and numbers: list all strings or all integers`),
  noFiniteValue: error<{ type: string; cycle: string }>(
    'no-finite-value',
    (p) => `type '${p.type}' has no finite value: every value needs another through ${p.cycle}; make a field on the way optional or nullable`,
  ),
  readAndWriteOnly: error<{ field: string }>('invalid-constraint', (p) => `field '${p.field}' is both readOnly and writeOnly: it would be in neither requests nor responses`),
  invalidExample: error<{ problem: string }>('invalid-default', (p) => `example ${p.problem}`),
  extendsNonObject: error<{ name: string; kind: string }>('invalid-extends', (p) => `'${p.name}' is ${p.kind === 'enum' ? 'an' : 'a'} ${p.kind}; extends takes object types only`),
  extendsCycle: error<{ cycle: string }>('invalid-extends', (p) => `types extend each other in a cycle: ${p.cycle}`),
  incompatibleField: error<{ field: string; base: string; before: string; after: string }>(
    'invalid-extends',
    (p) => `field '${p.field}' is ${p.before} in ${p.base} and ${p.after} here: a type that extends another may narrow a field (make it required), not change its type`,
  ),
  unionMemberNotObject: error<{ member: string }>('invalid-union', (p) => `member ${p.member} of a discriminated union must be a named object type`),
  discriminatorMissing: error<{ member: string; field: string }>('invalid-union', (p) => `member ${p.member} has no field '${p.field}', the union's discriminator`),
  discriminatorNotLiteral: error<{ member: string; field: string }>(
    'invalid-union',
    (p) => `field '${p.field}' of ${p.member} is not a literal (a const or a one-value enum): give it one, or map values to members with 'mapping'`,
  ),
  duplicateDiscriminatorValue: error<{ value: string; member: string; other: string }>('invalid-union', (p) => `discriminator value '${p.value}' names both ${p.other} and ${p.member}`),
  mappingNotMember: error<{ value: string; member: string }>('invalid-union', (p) => `mapping '${p.value}' names ${p.member}, which is not a member of the union`),
  memberNotMapped: error<{ member: string }>('invalid-union', (p) => `member ${p.member} has no value in 'mapping'`),
  mappingDisagrees: error<{ member: string; field: string; literal: string; value: string }>('invalid-union', (p) => `mapping gives ${p.member} the value '${p.value}', but its field '${p.field}' is always '${p.literal}'`),

  // model: hosts, errors, environments, auth
  noCategory: error<{ status: number }>('no-category', (p) => `no category for status ${p.status}: add it (or its class) to statusCategories, or give the row a category`),
  duplicateMessageRow: error<{ id: string }>('duplicate-row-id', (p) => `message row id '${p.id}' is used twice`),
  messageRowWithoutPattern: error<{ id: string }>('missing-key', (p) => `message row '${p.id}' needs a 'pattern', or 'empty: true' for the empty-message case`),
  messageRowPatternAndEmpty: error<{ id: string }>('invalid-value', (p) => `message row '${p.id}' has both a pattern and 'empty: true'; choose one`),
  invalidPattern: error<{ id: string; reason: string }>('invalid-pattern', (p) => `invalid regular expression in message row '${p.id}': ${p.reason}`),
  slowPattern: error<{ subject: string; parts: readonly string[]; steps: number; limit: number; length: number }>(
    'slow-pattern',
    (p) =>
      `${p.subject} may take too long to match: ${p.parts.length === 0 ? 'its repetitions' : listed(p.parts.map((part) => `'${part}'`))} can read the same characters in many ways, so on some text of ${p.length.toLocaleString('en-US')} characters a backtracking matcher may take ${steps(p.steps, p.limit)} steps (the limit is ${millions(p.limit)}); make the repetitions read different characters, or bound them`,
  ),
  unanalysablePattern: error<{ subject: string }>('slow-pattern', (p) => `${p.subject} is too large or too complex to check that it always matches quickly: write it shorter, or split it`),
  unknownGroup: error<{ template: string; group: string }>('unknown-group', (p) => `field template '${p.template}' names the capture group '${p.group}', which the pattern does not define`),
  exampleMatchedByOther: error<{ id: string; by: string }>('example-mismatch', (p) => `the example of message row '${p.id}' is matched by ${p.by}`),
  exampleFieldsDiffer: error<{ id: string; got: string; expected: string }>('example-mismatch', (p) => `message row '${p.id}' maps its example to [${p.got}], not [${p.expected}]`),
  secondDefaultEnvironment: error<{ name: string }>('duplicate-default', (p) => `environment '${p.name}' is a second default; only one environment may be the default`),
  defaultGrant: error<{ found: number }>('default-grant', (p) => `exactly one grant must be the default (found ${p.found})`),
  unknownScheme: unknown('unknown-scheme', 'auth scheme'),
  unknownSignature: unknown('unknown-signature', 'signature scheme'),
  misplacedSignatureKey: error<{ key: string; type: string }>('invalid-signature-scheme', (p) => `'${p.key}' does not apply to a ${p.type} signature scheme`),
  missingSignatureKey: error<{ key: string; what: string }>('invalid-signature-scheme', (p) => `an hmac signature scheme needs '${p.key}' to say ${p.what}`),
  signedWithoutHeader: error<{ part: string; key: string }>('invalid-signature-scheme', (p) => `'signed' names {${p.part}}, so the scheme needs '${p.key}': the header that carries it`),
  nothingToGenerate: error('nothing-to-generate', () => 'the contract has neither endpoints nor webhooks: there is nothing to generate'),
  nothingToImport: error<{ detail: string }>('nothing-to-generate', (p) => `${p.detail}: there is nothing to generate`),
  endpointsWithoutHosts: error('nothing-to-generate', () => 'the contract has endpoints and no hosts: declare the hosts they are served from'),
  misplacedSchemeKey: error<{ key: string; applies: string; type: string }>('invalid-auth', (p) => `'${p.key}' applies to ${p.applies}, not to a ${p.type} scheme`),
  missingSchemeKey: error<{ key: string; type: string; what: string }>('invalid-auth', (p) => `a ${p.type} scheme needs '${p.key}' to say ${p.what}`),
  secondClientCredentials: error<{ name: string; first: string }>(
    'invalid-auth',
    (p) => `'${p.name}' is a second OAuth 2.0 client-credentials scheme ('${p.first}' is the first): the client runs one token lifecycle`,
  ),
  noSchemes: error('invalid-auth', () => "auth: required names the contract's schemes, and it has none: declare them under auth, or say auth: none"),
  noAuthScheme: warning<Record<string, never>>(
    'no-auth-scheme',
    () =>
      "no auth scheme is declared, so the client sends no credentials and its options offer none: declare the API's schemes under auth (auth: {} says it takes none), or for an OpenAPI description add a securitySchemes entry with an overlay (docs/overlays.md)",
  ),

  // model: endpoints
  operationIdCollision: error<{ id: string; first: string }>('duplicate-operation-id', (p) => `operation id '${p.id}' collides with '${p.first}' (ids must differ by more than case and underscores)`),
  duplicateQuirk: error<{ id: string; endpoint: string }>('duplicate-row-id', (p) => `quirk id '${p.id}' is used twice in ${p.endpoint}`),
  duplicatePathParameter: error<{ name: string; path: string }>('duplicate-path-parameter', (p) => `path parameter '{${p.name}}' appears twice in ${p.path}`),
  undeclaredPathParameter: error<{ name: string; path: string; hint: string }>(
    'undeclared-path-parameter',
    (p) => `path parameter '{${p.name}}' in ${p.path} is not declared in params${p.hint}`,
  ),
  reservedParameterName: error<{ name: string; reserved: readonly string[] }>(
    'reserved-parameter-name',
    (p) => `parameter '${p.name}' would clash with the call option of the same name (${p.reserved.join(', ')}); give it another input name with key:`,
  ),
  extraPathParameter: error<{ name: string; path: string }>(
    'extra-path-parameter',
    (p) => `params declares '${p.name}', but the path ${p.path} has no '{${p.name}}' (a query, header or cookie parameter says so with in:)`,
  ),
  placeholderElsewhere: error<{ name: string; path: string; where: string }>('invalid-parameter', (p) => `'{${p.name}}' is in the path ${p.path}, but its parameter says in: ${p.where}`),
  optionalPathParameter: error<{ name: string }>('invalid-parameter', (p) => `path parameter '${p.name}' cannot be optional: the path needs its value`),
  parameterNameNotToken: error<{ name: string; where: string }>('invalid-parameter', (p) => `${p.where} parameter '${p.name}' is not a valid ${p.where} name (letters, digits and !#$%&'*+-.^_\`|~ only)`),
  parameterKeyMisplaced: error<{ key: string; applies: string }>('invalid-parameter', (p) => `'${p.key}' applies to ${p.applies} only`),
  styleNotAllowed: error<{ style: string; where: string; allowed: string }>('invalid-parameter', (p) => `style '${p.style}' is not one a ${p.where} parameter can take (${p.allowed})`),
  parameterKeyCollision: error<{ name: string; key: string; first: string }>(
    'invalid-parameter',
    (p) => `parameter '${p.name}' would take the input key '${p.key}', which '${p.first}' already takes; give one of them another with key:`,
  ),
  ownedHeader: error<{ name: string }>('invalid-parameter', (p) => `header '${p.name}' is not a parameter: responses, request.contentTypes and auth say what it carries`),
  duplicateHeaderParameter: error<{ name: string; first: string }>('invalid-parameter', (p) => `header '${p.name}' is '${p.first}' again (header names ignore case)`),
  noSuccessResponse: error('no-success-response', () => 'an endpoint needs at least one success (1XX–3XX) response, or a default'),
  unreadResponseBody: warning<{ status: string }>(
    'unread-response-body',
    (p) => `a ${p.status} is never the call's data (a redirect is followed and its target answers; a 304 is the not_modified error), so this body is never read: leave it out, or give it to the 2xx that carries it`,
  ),
  streamKey: error<{ key: string; format: string; needs: boolean }>(
    'invalid-stream',
    (p) => (p.needs ? `a ${p.format} stream needs '${p.key}': the type of each item` : `'${p.key}' does not apply to a ${p.format} stream`),
  ),
  streamEventsAndData: error('invalid-stream', () => "an sse stream gives 'events' (each event's data type) or 'data' (one type for every event), not both"),
  streamSelectorBody: error('invalid-stream', () => "'when' names a field of the request body, and this endpoint sends no object"),
  streamSelectorValue: error<{ field: string; value: string }>('invalid-stream', (p) => `${p.value} is not a value of '${p.field}': the stream is asked for by a value the field can hold`),
  streamOnError: error<{ status: string }>('invalid-stream', (p) => `a ${p.status} is not a success: only a 2xx (or a default success) is read as a stream`),
  paginationKey: error<{ key: string; kind: string; needs: boolean }>('invalid-pagination', (p) => (p.needs ? `${p.kind} pagination needs '${p.key}'` : `'${p.key}' does not apply to ${p.kind} pagination`)),
  requestBodyMedia: error<{ media: string; needs: string }>('invalid-request-body', (p) => `a ${p.media} body must be ${p.needs}`),
  jsonFieldsWithoutForm: error('invalid-request-body', () => '`jsonFields` says how an application/x-www-form-urlencoded body is written, and the endpoint sends none: add it to `contentTypes`'),
  binaryInJson: error<{ carrier: string }>(
    'binary-in-json',
    (p) => `binary in ${p.carrier}, which travels as JSON: JSON carries no bytes; write { type: string, format: byte } (base64 text) here, or send the bytes as a multipart/form-data part or an application/octet-stream body`,
  ),

  // import
  openapiUnreadable: error<{ detail: string }>('openapi-unreadable', (p) => p.detail),
  packageVersionDefaulted: warning<{ version: string }>('package-version', (p) => `info.version '${p.version}' is not a semantic version (npm refuses it as a package's), so the package is versioned 0.0.0; give the package its own with info.packageVersion (e.g. 1.0.0)`),
  configInvalid: error<{ detail: string }>('config-invalid', (p) => p.detail),
  openapiApproximated: warning<{ detail: string }>('openapi-approximated', (p) => p.detail),

  // overlay (generator/overlay/)
  overlayInvalid: error<{ detail: string }>('overlay-invalid', (p) => p.detail),
  overlayForContract: error<{ contract: string }>('overlay-invalid', (p) => `overlays change an OpenAPI description, and ${p.contract} is a contractgen contract: change the contract itself`),
  overlayConflict: error<{ detail: string }>('overlay-conflict', (p) => p.detail),
  overlayNoMatch: warning<{ target: string; description: string }>(
    'overlay-no-effect',
    (p) => `target '${p.target}' selects nothing in ${p.description}, so this action changes nothing (check the path against the description: it may have moved or been renamed)`,
  ),
  overlayNothingToDo: warning('overlay-no-effect', () => 'this action has neither `update` nor `remove: true`, so it changes nothing'),
  paginationParam: error<{ name: string; hint: string }>('invalid-pagination', (p) => `'${p.name}' is no query or header parameter of this endpoint${p.hint}`),

  // write: the output folder (output-folder.ts)
  outsideOutput: error<{ path: string }>(
    'unsafe-output-path',
    (p) => `names '${p.path}', which is not a plain path inside the output folder; contractgen reads, writes and deletes only inside it (remove this file if contractgen did not write it)`,
  ),
  outputLink: error('unsafe-output-path', () => 'is a symbolic link; contractgen follows no link in its output folder (remove it, or generate into another folder)'),

  // model: names of the generated package
  builtInName: error<{ kind: string; name: string }>('reserved-name', (p) => `${p.kind} '${p.name}' is the name of a built-in JavaScript object member; choose another name`),
  unfitOperation: error<{ id: string; why: string }>('reserved-name', (p) => `operation id '${p.id}' cannot name the package's operation function: ${p.why}; choose another name`),
  unfitEnum: error<{ name: string; why: string }>('reserved-name', (p) => `enum '${p.name}' cannot name the package's object of its values: ${p.why}; choose another name`),
  nameCollision: error<{ owner: string; name: string; previous: string }>('name-collision', (p) => `${p.owner} would generate the export '${p.name}', which ${p.previous} already generates; rename one of them`),
};

/** `message` about `file` at `at` (line 0: no position, e.g. an unreadable file). */
export function problem<P>(message: Message<P>, file: string, at: Position, params: P): Diagnostic {
  return diagnostic(message.code, file, at, message.text(params), message.severity);
}
