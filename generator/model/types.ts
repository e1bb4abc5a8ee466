/**
 * The typed, normalised model (IR) of a contract. Loading and validation end here: every emitter,
 * the differ and the exporters read only these types, never YAML.
 */
import type { ParamLocation, ParamStyle } from '../../templates/params.js';
import type { SignatureSpec } from '../../templates/webhooks.js';

/** Where a model element came from, for diagnostics and diff reports. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** A JSON path into a response body: `api_error.code` → `["api_error", "code"]`; digits index arrays. */
export type BodyPath = readonly (string | number)[];

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** What the package carries besides the client (the contract's `outputs`, overridden by options and config entries). */
export interface Outputs {
  readonly openapi: boolean;
  readonly mocks: boolean;
  /** The `/validators` entry (default on). */
  readonly validators: boolean;
  /** The `/zod` entry (default off). */
  readonly zod: boolean;
  /** The `/query` entry: TanStack Query options (default off). */
  readonly query: boolean;
  /** `Date`: date-time and date values are Date objects in types and at run time (default `string`). */
  readonly dates: 'string' | 'Date';
}

export interface Contract {
  readonly file: string;
  /** sha256 of the contract's source text, hex. */
  readonly hash: string;
  readonly info: Info;
  /** Artifacts the package carries besides the client, and how it types dates. */
  readonly outputs: Outputs;
  readonly servers: readonly ServerVariable[];
  readonly hosts: readonly Host[];
  readonly environments: readonly Environment[];
  readonly types: readonly NamedType[];
  readonly shapes: readonly ErrorShape[];
  readonly categories: readonly Category[];
  readonly statusCategories: readonly StatusCategoryRule[];
  readonly policies: readonly Policy[];
  readonly support: SupportRule | undefined;
  /** Every auth scheme the contract names, in contract order. */
  readonly schemes: readonly AuthScheme[];
  /** The OAuth 2.0 client-credentials scheme's token lifecycle, when the contract has one (at most one). */
  readonly auth: Auth | undefined;
  readonly endpoints: readonly Endpoint[];
  /** The events the API delivers to its users, when it has any. */
  readonly webhooks: Webhooks | undefined;
}

export interface Info {
  readonly title: string;
  readonly version: string;
  readonly packageName: string;
  /** The package's own version (semver): `packageVersion`, else `version` when that is one, else 0.0.0. */
  readonly packageVersion: string;
  readonly license: string | undefined;
  readonly repository: string | undefined;
  readonly packageDescription: string | undefined;
  readonly description: string | undefined;
  readonly notShown: readonly string[];
  readonly loc: SourceLocation;
}

export interface ServerVariable {
  readonly name: string;
  readonly description: string | undefined;
  /** Used when the client's options give none. */
  readonly default: string | undefined;
  /** The values allowed, when the contract lists them. */
  readonly enum: readonly string[] | undefined;
  readonly loc: SourceLocation;
}

/** A status as a contract writes it: an exact code (`403`) or a class (`5XX` → class 5). */
export type StatusPattern =
  | { readonly kind: 'exact'; readonly status: number }
  | { readonly kind: 'class'; readonly statusClass: StatusClass };

/**
 * A response's key: a status pattern, or `default` (every status the endpoint does not list: its
 * success when it lists none, else its errors).
 */
export type ResponseStatus = StatusPattern | { readonly kind: 'default' };

/** The classes the format allows (`1XX` to `5XX`). */
export type StatusClass = 1 | 2 | 3 | 4 | 5;

export interface Host {
  readonly name: string;
  readonly description: string | undefined;
  /** URL template, e.g. `{lastmile_url}`; placeholders are server variables. */
  readonly url: string;
  /** Error shapes this host may answer with, in recognition order. */
  readonly shapes: readonly string[];
  readonly codes: CodeTable;
  readonly messages: MessageTable | undefined;
  readonly loc: SourceLocation;
}

export interface CodeTable {
  /** The shape whose `read.code` the table describes. */
  readonly shape: string | undefined;
  /** More codes may appear than the table lists. */
  readonly open: boolean;
  readonly description: string | undefined;
  readonly rows: readonly CodeRow[];
  /** The distinct codes of the rows, in first-seen order. */
  readonly codes: readonly string[];
}

export interface CodeRow {
  readonly status: number;
  readonly code: string;
  /** The secondary classifier the shape's `read.kind` carries (fulfilment: `details.type`). */
  readonly kind: string | undefined;
  /** The row's category: explicit, else the category of its status. */
  readonly category: string;
  readonly description: string | undefined;
  readonly loc: SourceLocation;
}

export interface MessageTable {
  readonly description: string | undefined;
  /** A wrapper segment messages put first (`[order][items]` → `items`). */
  readonly root: string | undefined;
  /** Message vocabulary → request field name (`dropoff` → `destination`). */
  readonly aliases: readonly { readonly message: string; readonly request: string }[];
  readonly rows: readonly MessageRow[];
}

export type RetryAdvice = 'once_then_support';

export interface MessageRow {
  readonly id: string;
  /** A JavaScript regular expression source; undefined for the empty-message row. */
  readonly pattern: string | undefined;
  /** Matches when every message of the envelope is empty. */
  readonly empty: boolean;
  /** Collect every match in the message, not only the first. */
  readonly all: boolean;
  readonly status: number | undefined;
  /** Request field path templates; `{name}` is a named capture group. */
  readonly fields: readonly string[];
  /** The fields are candidates: the response does not say which one is at fault. */
  readonly ambiguous: boolean;
  readonly example: string | undefined;
  readonly expect: readonly string[];
  readonly retry: RetryAdvice | undefined;
  readonly policy: string | undefined;
  readonly category: string | undefined;
  readonly cause: string | undefined;
  readonly loc: SourceLocation;
}

export interface ShapeMatch {
  /** Every path must be present in the body. */
  readonly present: readonly BodyPath[];
  /** Every path must hold exactly this value. */
  readonly equals: readonly { readonly path: BodyPath; readonly value: string | number | boolean }[];
}

export type ShapeReadKey = 'code' | 'message' | 'human' | 'detail' | 'kind' | 'number' | 'status';
export const SHAPE_READ_KEYS: readonly ShapeReadKey[] = ['code', 'message', 'human', 'detail', 'kind', 'number', 'status'];

export interface ErrorShape {
  readonly name: string;
  readonly description: string | undefined;
  /** The type of the envelope body. */
  readonly body: TypeRef | undefined;
  readonly match: ShapeMatch;
  readonly read: Readonly<Partial<Record<ShapeReadKey, BodyPath>>>;
  readonly fieldErrors:
    | { readonly path: BodyPath; readonly field: BodyPath | undefined; readonly message: BodyPath }
    | undefined;
  /** Top-level copies of envelope strings: each `path` carries the same value as `source`. */
  readonly mirrors: readonly { readonly path: BodyPath; readonly source: BodyPath }[];
  readonly loc: SourceLocation;
}

export interface Category {
  readonly name: string;
  readonly description: string | undefined;
  readonly retryable: boolean;
  readonly loc: SourceLocation;
}

export interface StatusCategoryRule {
  readonly status: StatusPattern;
  readonly category: string;
  readonly loc: SourceLocation;
}

export type RetryLater = 'yes' | 'no' | 'after_window';

export interface PolicyRestriction {
  readonly name: string;
  readonly liftedBy: string;
  readonly retryLater: RetryLater;
  readonly note: string | undefined;
}

export interface Policy {
  readonly name: string;
  readonly description: string | undefined;
  readonly category: string;
  readonly restrictions: readonly PolicyRestriction[];
  readonly loc: SourceLocation;
}

export interface SupportRule {
  /** The client option that carries the support address (a placeholder the user configures). */
  readonly contact: string;
  readonly description: string | undefined;
  readonly reportOn: readonly StatusPattern[];
  readonly include: readonly ('request' | 'response' | 'timestamp')[];
  readonly loc: SourceLocation;
}

export interface Environment {
  readonly name: string;
  readonly description: string | undefined;
  readonly isDefault: boolean;
  /** Every host's URL template in this environment (host defaults filled in). */
  readonly urls: readonly { readonly host: string; readonly url: string }[];
  /** The server variables a client must supply for this environment. */
  readonly variables: readonly string[];
  readonly notShown: readonly string[];
  readonly loc: SourceLocation;
}

export interface Grant {
  readonly name: string;
  readonly isDefault: boolean;
  /** Request field ← client credential option. */
  readonly send: readonly { readonly field: string; readonly credential: string }[];
}

/** How a scheme's credential travels. */
export type ApiKeyLocation = 'header' | 'query' | 'cookie';

/** OAuth 2.0 flows the application runs itself, handing the client its token. */
export type CallerFlow = 'authorizationCode' | 'deviceCode' | 'implicit' | 'password';
export const CALLER_FLOWS: readonly CallerFlow[] = ['authorizationCode', 'deviceCode', 'implicit', 'password'];

/** A 401 (or the contract's status) that makes the client ask for a fresh credential and replay once. */
export interface Unauthorized {
  readonly status: number;
  /** The error shape the status must come with; undefined: any. */
  readonly shape: string | undefined;
  readonly replay: 'once' | 'never';
}

interface SchemeBase {
  readonly name: string;
  readonly description: string | undefined;
  readonly loc: SourceLocation;
}

/** A named way of proving who calls: what endpoints list in `auth`. */
export type AuthScheme = SchemeBase &
  (
    | { readonly type: 'apiKey'; readonly in: ApiKeyLocation; readonly paramName: string }
    | { readonly type: 'basic' }
    /** A bearer token the caller supplies: HTTP bearer, OpenID Connect, or an OAuth 2.0 flow the application runs. */
    | {
        readonly type: 'bearer';
        readonly source: 'http' | 'oauth2' | 'openIdConnect';
        readonly format: string | undefined;
        readonly flow: CallerFlow | undefined;
        readonly urls: { readonly authorization: string | undefined; readonly token: string | undefined; readonly refresh: string | undefined; readonly openIdConnect: string | undefined };
        readonly scopes: readonly { readonly name: string; readonly description: string }[];
        readonly unauthorized: Unauthorized;
      }
    | { readonly type: 'clientCredentials'; readonly detail: Auth }
  );

export interface Auth {
  readonly type: 'oauth2';
  /** The scheme's name. */
  readonly name: string;
  readonly description: string | undefined;
  /** Operation id of the token endpoint. */
  readonly endpoint: string;
  readonly grantField: string;
  readonly grants: readonly Grant[];
  readonly token: {
    readonly accessToken: string;
    readonly expiresIn: string | undefined;
    readonly tokenType: string | undefined;
    readonly refreshToken: string | undefined;
  };
  /** Documented token lifetime in seconds per environment. */
  readonly lifetime: readonly { readonly environment: string; readonly seconds: number }[];
  readonly carrier: {
    readonly header: string;
    readonly scheme: string;
    /** False when the source does not show the header and this is the RFC 6750 default. */
    readonly shown: boolean;
    readonly notShown: string | undefined;
  };
  readonly unauthorized: { readonly status: number; readonly shape: string; readonly replay: 'once' | 'never' };
  readonly loc: SourceLocation;
}

export type PrimitiveName = 'string' | 'integer' | 'number' | 'boolean' | 'unknown' | 'binary';
export const PRIMITIVE_NAMES: readonly PrimitiveName[] = ['string', 'integer', 'number', 'boolean', 'unknown', 'binary'];

/** The scalar kinds a named alias may have (`kind: string` with a format and constraints). */
export type ScalarName = 'string' | 'integer' | 'number' | 'boolean';
export const SCALAR_NAMES: readonly ScalarName[] = ['string', 'integer', 'number', 'boolean'];

/** JSON Schema validation keywords, as the contract writes them; each applies to one kind of value. */
export interface Constraints {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}
export const CONSTRAINT_KEYS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems', 'uniqueItems'] as const;

/** `deprecated: true` or `deprecated: "Use x instead."`. */
export interface Deprecation {
  readonly message: string | undefined;
}

/** A value an enum lists, with what the contract says about it. */
export type EnumLiteral = string | number;

export interface EnumValueNote {
  readonly value: EnumLiteral;
  readonly description: string | undefined;
  readonly deprecated: Deprecation | undefined;
}

/** How a union tells its members apart: a field whose value names the member. */
export interface Discriminator {
  readonly field: string;
  /** Field value → member type name, in the order the members are listed. */
  readonly mapping: readonly { readonly value: string; readonly member: string }[];
}

/** What every reference may add: `nullable` (the value may be `null`) and a documented example. */
interface RefCommon {
  readonly nullable?: boolean;
  readonly example?: JsonValue;
}

export type TypeRef = RefCommon &
  (
    | { readonly kind: 'primitive'; readonly name: PrimitiveName; readonly format?: string; readonly constraints?: Constraints }
    | { readonly kind: 'named'; readonly name: string }
    | { readonly kind: 'array'; readonly items: TypeRef; readonly constraints?: Constraints }
    /** String keys to values of one type (`additionalProperties` with a schema). */
    | { readonly kind: 'map'; readonly values: TypeRef }
    | { readonly kind: 'object'; readonly fields: readonly Field[]; readonly open: boolean; readonly notShown: string | undefined }
    | { readonly kind: 'enum'; readonly values: readonly EnumLiteral[]; readonly open: boolean; readonly notes: readonly EnumValueNote[] }
    | { readonly kind: 'union'; readonly members: readonly TypeRef[]; readonly discriminator: Discriminator | undefined }
    /** A single allowed value (`const`). */
    | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  );

export interface Field {
  readonly name: string;
  readonly type: TypeRef;
  readonly required: boolean;
  readonly default: JsonValue | undefined;
  readonly description: string | undefined;
  readonly notShown: string | undefined;
  /** Redacted from reports and error messages. */
  readonly secret: boolean;
  /** Only in responses: the server sets it; request types leave it out. */
  readonly readOnly: boolean;
  /** Only in requests: the server never returns it; response types leave it out. */
  readonly writeOnly: boolean;
  readonly deprecated: Deprecation | undefined;
  /** The base type this field comes from through `extends`; undefined for the type's own fields. */
  readonly inherited: string | undefined;
  readonly loc: SourceLocation;
}

export interface ConditionalRequirement {
  readonly field: string;
  readonly value: string;
  readonly require: readonly string[];
}

interface NamedTypeBase {
  readonly name: string;
  readonly description: string | undefined;
  readonly notShown: string | undefined;
  readonly deprecated: Deprecation | undefined;
  readonly loc: SourceLocation;
}

export interface EnumType extends NamedTypeBase {
  readonly kind: 'enum';
  /** All strings or all integers. */
  readonly values: readonly EnumLiteral[];
  /** Values beyond the listed ones may appear. */
  readonly open: boolean;
  /** Values with a description or a deprecation. */
  readonly notes: readonly EnumValueNote[];
}

export interface ObjectType extends NamedTypeBase {
  readonly kind: 'object';
  /** Every field, inherited ones first (in `extends` order), then the type's own. */
  readonly fields: readonly Field[];
  /** Object types whose fields this one has (allOf). */
  readonly extends: readonly string[];
  /** Other fields exist that the contract does not show. */
  readonly open: boolean;
  readonly requiredWhen: readonly ConditionalRequirement[];
  /** Groups of fields that are sent together or not at all. */
  readonly together: readonly (readonly string[])[];
}

/** A named array, map, union or scalar: a name for a type expression. */
export interface AliasType extends NamedTypeBase {
  readonly kind: 'alias';
  readonly type: TypeRef;
}

export type NamedType = EnumType | ObjectType | AliasType;

// The runtime's own words for where a parameter travels and how (templates/params.ts).
export type { ParamLocation, ParamStyle };

/** A path, query, header or cookie parameter. */
export interface Param {
  /** The wire name, exactly as sent. */
  readonly name: string;
  /** The key of the call's input that holds it: the wire name when it is an identifier. */
  readonly key: string;
  readonly in: ParamLocation;
  readonly type: TypeRef;
  /** Path parameters always are. */
  readonly required: boolean;
  readonly style: ParamStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** A header the client fills with a fresh key per logical call, the same across its retries. */
  readonly idempotencyKey: boolean;
  /** Its values are redacted from errors and support reports. */
  readonly secret: boolean;
  readonly default: JsonValue | undefined;
  readonly description: string | undefined;
  readonly deprecated: Deprecation | undefined;
  readonly loc: SourceLocation;
}

export interface RequestBody {
  readonly body: TypeRef;
  readonly contentTypes: readonly string[];
  readonly optional: boolean;
  /** Form fields written as one JSON text each (`jsonFields`); the others nest by brackets. */
  readonly jsonFields: readonly string[];
  readonly notShown: string | undefined;
}

export interface ResponseSpec {
  readonly status: ResponseStatus;
  readonly description: string | undefined;
  readonly body: TypeRef | undefined;
  /** The first of `contentTypes`: the media type mocks and the OpenAPI export lead with. */
  readonly contentType: string | undefined;
  /** Every media type (or range: `image/*`, the any-type range) the contract says carries the body, in its order; empty without one. */
  readonly contentTypes: readonly string[];
  /** The error shape this status answers with, when the contract names one. */
  readonly shape: string | undefined;
  /** A success that arrives as a stream (beside `body`: the JSON answer the status may give instead). */
  readonly stream: ResponseStream | undefined;
  /** Headers a success carries, as the contract declares them. */
  readonly headers: readonly ResponseHeader[];
  readonly notShown: string | undefined;
  readonly isError: boolean;
  readonly loc: SourceLocation;
}

export type StreamFormat = 'sse' | 'jsonl' | 'json-seq' | 'binary';

/** A streamed success: how it is framed and what each item is. */
export interface ResponseStream {
  readonly format: StreamFormat;
  /** Its media type: the contract's, else the format's. */
  readonly contentType: string;
  /** sse: the declared events with their data types, in contract order; undefined: every event, of `item`. */
  readonly events: readonly StreamEventType[] | undefined;
  /** sse without `events`: every event's data type (text without one); jsonl, json-seq: each item's; binary: none. */
  readonly item: TypeRef | undefined;
  readonly terminator: string | undefined;
  /** sse: the event that reports a failure in the middle of the stream. */
  readonly errorEvent: string | undefined;
  readonly resumable: boolean;
  /** The request body field whose value asks for the stream: calls that set it are typed to return it. */
  readonly when: StreamSelector | undefined;
  readonly idleTimeoutMs: number | undefined;
  readonly description: string | undefined;
  readonly loc: SourceLocation;
}

export interface StreamSelector {
  readonly field: string;
  readonly equals: string | number | boolean;
  readonly loc: SourceLocation;
}

export interface StreamEventType {
  readonly name: string;
  readonly type: TypeRef;
  readonly loc: SourceLocation;
}

export interface ResponseHeader {
  /** As the contract writes it; the runtime reads it in lower case. */
  readonly name: string;
  readonly type: 'string' | 'integer' | 'number' | 'boolean';
  readonly required: boolean;
  readonly description: string | undefined;
}

/** How an endpoint pages; parameters by input key. */
export type Pagination =
  | { readonly kind: 'cursor'; readonly param: string; readonly next: BodyPath; readonly items: BodyPath; readonly loc: SourceLocation }
  | { readonly kind: 'offset'; readonly param: string; readonly limit: string | undefined; readonly items: BodyPath; readonly loc: SourceLocation }
  | { readonly kind: 'page'; readonly param: string; readonly limit: string | undefined; readonly start: number; readonly items: BodyPath; readonly loc: SourceLocation }
  | { readonly kind: 'link'; readonly items: BodyPath; readonly loc: SourceLocation };

export interface Quirk {
  readonly id: string;
  readonly when: { readonly status: StatusPattern; readonly emptyBody: boolean };
  /** A success status that is really an error (e.g. 200 with a zero-byte body). */
  readonly error: boolean;
  readonly category: string | undefined;
  readonly hint: string;
  readonly loc: SourceLocation;
}

/** What the client does with an endpoint's error responses, computed once from host and contract. */
export interface EffectiveErrors {
  readonly host: string;
  /** Host shapes plus the endpoint's own, in recognition order. */
  readonly shapes: readonly string[];
  readonly quirks: readonly Quirk[];
  /** A 401 with the auth's unauthorized shape drops the token and replays the request. */
  readonly replayOnUnauthorized: boolean;
  readonly supportReport: boolean;
}

export interface Endpoint {
  readonly id: string;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  /** Still works, but should no longer be called: `@deprecated` on its method and operation function. */
  readonly deprecated: Deprecation | undefined;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  readonly path: string;
  /** Path parameters in path order, then the others in contract order. */
  readonly params: readonly Param[];
  readonly host: string;
  /** The schemes it accepts: any one alternative, each naming schemes sent together; empty: none. */
  readonly security: readonly (readonly string[])[];
  /** Whether retrying is safe: from the contract, else from the method. */
  readonly idempotent: boolean;
  readonly request: RequestBody | undefined;
  readonly responses: readonly ResponseSpec[];
  readonly pagination: Pagination | undefined;
  readonly errors: EffectiveErrors;
  readonly loc: SourceLocation;
}

/** The events the API sends to its users' servers (the contract's `webhooks`). */
export interface Webhooks {
  /** Where a delivery names its event; none: the receiver names the one it expects. */
  readonly event: { readonly kind: 'header'; readonly name: string } | { readonly kind: 'field'; readonly path: BodyPath } | undefined;
  readonly schemes: readonly SignatureScheme[];
  readonly events: readonly WebhookEvent[];
  readonly loc: SourceLocation;
}

/** A signature scheme, with the runtime's data for it (templates/webhooks.ts). */
export interface SignatureScheme {
  readonly name: string;
  readonly kind: 'standardWebhooks' | 'stripe' | 'github' | 'hmac';
  readonly description: string | undefined;
  readonly spec: SignatureSpec;
  readonly loc: SourceLocation;
}

export interface WebhookEvent {
  /** The name a delivery carries. */
  readonly name: string;
  readonly summary: string | undefined;
  readonly description: string | undefined;
  readonly payload: TypeRef;
  readonly headers: readonly ResponseHeader[];
  /** Its scheme's name; none: unsigned. */
  readonly signature: string | undefined;
  readonly deprecated: Deprecation | undefined;
  readonly loc: SourceLocation;
}
