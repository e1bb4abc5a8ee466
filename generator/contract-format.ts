/**
 * The contract as written in YAML, after it passed contract/contract.schema.json. These types
 * mirror the schema; only the model builder reads them.
 */
import type { Constraints } from './model/types.js';

export interface RawContract {
  readonly contractgen: 1;
  readonly info: RawInfo;
  readonly outputs?: { readonly openapi?: boolean; readonly mocks?: boolean; readonly validators?: boolean; readonly zod?: boolean; readonly query?: boolean; readonly dates?: 'string' | 'Date' };
  readonly servers?: Readonly<Record<string, { readonly description?: string; readonly default?: string; readonly enum?: readonly string[] }>>;
  readonly hosts?: Readonly<Record<string, RawHost>>;
  readonly shapes?: Readonly<Record<string, RawShape>>;
  readonly categories?: Readonly<Record<string, { readonly description?: string; readonly retryable?: boolean }>>;
  readonly statusCategories?: Readonly<Record<string, string>>;
  readonly policies?: Readonly<Record<string, RawPolicy>>;
  readonly support?: RawSupport;
  readonly environments?: Readonly<Record<string, RawEnvironment>>;
  readonly auth?: RawAuthSchemes;
  readonly types?: Readonly<Record<string, RawNamedType>>;
  readonly endpoints?: Readonly<Record<string, RawEndpoint>>;
  readonly webhooks?: RawWebhooks;
}

export type RawNotShown = string | readonly string[];

export interface RawInfo {
  readonly title: string;
  readonly version: string;
  readonly package: string;
  readonly packageVersion?: string;
  readonly license?: string;
  readonly repository?: string;
  readonly packageDescription?: string;
  readonly description?: string;
  readonly notShown?: RawNotShown;
}

export interface RawHost {
  readonly description?: string;
  readonly url: string;
  readonly errors?: {
    readonly shapes?: readonly string[];
    readonly codes?: RawCodeTable;
    readonly messages?: RawMessageTable;
  };
}

export interface RawCodeTable {
  readonly shape?: string;
  readonly open?: boolean;
  readonly description?: string;
  readonly rows: readonly {
    readonly status: number;
    readonly code: string;
    readonly kind?: string;
    readonly category?: string;
    readonly description?: string;
  }[];
}

export interface RawMessageTable {
  readonly description?: string;
  readonly root?: string;
  readonly aliases?: Readonly<Record<string, string>>;
  readonly rows: readonly RawMessageRow[];
}

export interface RawMessageRow {
  readonly id: string;
  readonly pattern?: string;
  readonly empty?: boolean;
  readonly all?: boolean;
  readonly status?: number;
  readonly fields: readonly string[];
  readonly ambiguous?: boolean;
  readonly example?: string;
  readonly expect?: readonly string[];
  readonly retry?: 'once_then_support';
  readonly policy?: string;
  readonly category?: string;
  readonly cause?: string;
}

export interface RawShape {
  readonly description?: string;
  readonly body?: RawTypeRef;
  readonly match: { readonly present?: readonly string[]; readonly equals?: Readonly<Record<string, string | number | boolean>> };
  readonly read: Readonly<Record<string, string>>;
  readonly fieldErrors?: { readonly path: string; readonly field?: string; readonly message: string };
  readonly mirrors?: Readonly<Record<string, string>>;
}

export interface RawPolicy {
  readonly description?: string;
  readonly category: string;
  readonly restrictions: readonly {
    readonly name: string;
    readonly liftedBy: string;
    readonly retryLater: 'yes' | 'no' | 'after_window';
    readonly note?: string;
  }[];
}

export type RawStatus = number | string;

export interface RawSupport {
  readonly contact: string;
  readonly description?: string;
  readonly reportOn: readonly RawStatus[];
  readonly include?: readonly ('request' | 'response' | 'timestamp')[];
}

export interface RawEnvironment {
  readonly default?: boolean;
  readonly description?: string;
  readonly urls?: Readonly<Record<string, string>>;
  readonly notShown?: RawNotShown;
}

/** `auth`: schemes by name. */
export type RawAuthSchemes = Readonly<Record<string, RawScheme>>;

/**
 * One scheme, every type's keys in one object (the schema cannot say which apply to which type in
 * words a contract author reads; the model reports a key on the wrong type).
 */
export interface RawScheme {
  readonly type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect';
  readonly description?: string;
  readonly in?: 'header' | 'query' | 'cookie';
  readonly name?: string;
  readonly scheme?: 'basic' | 'bearer';
  readonly format?: string;
  readonly flow?: 'clientCredentials' | 'authorizationCode' | 'deviceCode' | 'implicit' | 'password';
  readonly authorizationUrl?: string;
  readonly tokenUrl?: string;
  readonly refreshUrl?: string;
  readonly openIdConnectUrl?: string;
  readonly scopes?: Readonly<Record<string, string>>;
  readonly endpoint?: string;
  readonly grantField?: string;
  readonly grants?: Readonly<Record<string, { readonly default?: boolean; readonly send: Readonly<Record<string, string>> }>>;
  readonly token?: { readonly accessToken: string; readonly expiresIn?: string; readonly tokenType?: string; readonly refreshToken?: string };
  readonly lifetime?: Readonly<Record<string, number>>;
  readonly carrier?: { readonly header?: string; readonly scheme?: string; readonly shown?: boolean; readonly notShown?: string };
  readonly unauthorized?: { readonly status?: number; readonly shape?: string; readonly replay?: 'once' | 'never' };
}

/** `none`, `required` (every scheme of the contract), a scheme, or alternatives (a list: a name or names sent together). */
export type RawSecurity = 'none' | 'required' | string | readonly (string | readonly string[])[];

/** `deprecated: true`, or the message that says what to use instead. */
export type RawDeprecated = boolean | string;

/** Constraints are JSON Schema keywords, written in the contract exactly as the model keeps them. */
export type RawConstraints = Constraints;

export type RawEnumValue = string | number | { readonly value: string | number; readonly description?: string; readonly deprecated?: RawDeprecated };

export type RawDiscriminator = string | { readonly field: string; readonly mapping?: Readonly<Record<string, string>> };

/** A type where one is used: a type name, or a type written in place. */
export type RawTypeRef = string | RawTypeSpec;

interface RawTypeParts extends RawConstraints {
  readonly fields?: Readonly<Record<string, RawField>>;
  readonly open?: boolean;
  readonly items?: RawTypeRef;
  /** An enum's values, or a map's value type. */
  readonly values?: readonly RawEnumValue[] | RawTypeRef;
  readonly members?: readonly RawTypeRef[];
  readonly discriminator?: RawDiscriminator;
  readonly format?: string;
  readonly nullable?: boolean;
  readonly example?: unknown;
  readonly deprecated?: RawDeprecated;
  readonly notShown?: string;
  readonly description?: string;
}

export interface RawTypeSpec extends RawTypeParts {
  /** Absent only when `const` gives the value. */
  readonly type?: string;
  readonly const?: string | number | boolean | null;
}

export interface RawField extends RawTypeSpec {
  readonly required?: boolean;
  readonly default?: unknown;
  readonly secret?: boolean;
  readonly readOnly?: boolean;
  readonly writeOnly?: boolean;
}

export type RawParamLocation = 'path' | 'query' | 'header' | 'cookie';
export type RawParamStyle = 'simple' | 'label' | 'matrix' | 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject';

/** A parameter: a type written like a field's, and where and how it travels. */
export interface RawParam extends RawTypeSpec {
  readonly in?: RawParamLocation;
  readonly key?: string;
  readonly required?: boolean;
  readonly default?: unknown;
  readonly style?: RawParamStyle;
  readonly explode?: boolean;
  readonly allowReserved?: boolean;
  readonly idempotencyKey?: boolean;
  readonly secret?: boolean;
}

export type RawTypeKind = 'object' | 'enum' | 'array' | 'map' | 'union' | 'string' | 'integer' | 'number' | 'boolean';

/** A named type; the schema allows each kind only its own keys. */
export interface RawNamedType extends RawTypeParts {
  readonly kind: RawTypeKind;
  readonly extends?: readonly string[];
  readonly requiredWhen?: readonly { readonly when: Readonly<Record<string, string>>; readonly require: readonly string[] }[];
  readonly together?: readonly (readonly string[])[];
}

export interface RawEndpoint {
  readonly summary?: string;
  readonly deprecated?: RawDeprecated;
  readonly description?: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
  readonly path: string;
  readonly host: string;
  readonly auth?: RawSecurity;
  readonly idempotent?: boolean;
  readonly params?: Readonly<Record<string, RawParam>>;
  readonly request?: {
    readonly body: RawTypeRef;
    readonly contentTypes?: readonly string[];
    readonly optional?: boolean;
    readonly jsonFields?: readonly string[];
    readonly notShown?: string;
  };
  readonly shapes?: readonly string[];
  readonly responses: Readonly<Record<string, RawResponse>>;
  readonly quirks?: readonly RawQuirk[];
  readonly pagination?: RawPagination;
}

export interface RawPagination {
  readonly kind: 'cursor' | 'offset' | 'page' | 'link';
  readonly param?: string;
  readonly next?: string;
  readonly limit?: string;
  readonly start?: number;
  readonly items?: string;
}

export interface RawResponse {
  readonly description?: string;
  readonly body?: RawTypeRef;
  /** One media type, or every one that carries the body; ranges (`image/*`, the any-type range) allowed. */
  readonly contentType?: string | readonly string[];
  readonly shape?: string;
  readonly stream?: RawResponseStream;
  readonly headers?: Readonly<Record<string, RawResponseHeader>>;
  readonly notShown?: string;
}

export interface RawResponseStream {
  readonly format: 'sse' | 'jsonl' | 'json-seq' | 'binary';
  readonly contentType?: string;
  readonly events?: Readonly<Record<string, RawTypeRef>>;
  readonly data?: RawTypeRef;
  readonly item?: RawTypeRef;
  readonly terminator?: string;
  readonly error?: string;
  readonly resumable?: boolean;
  readonly when?: { readonly field: string; readonly equals?: string | number | boolean };
  readonly idleTimeoutMs?: number;
  readonly description?: string;
}

export interface RawResponseHeader {
  readonly type?: 'string' | 'integer' | 'number' | 'boolean';
  readonly required?: boolean;
  readonly description?: string;
}

export interface RawWebhooks {
  readonly event?: { readonly header?: string; readonly field?: string };
  readonly signature?: string;
  readonly signatures?: Readonly<Record<string, RawSignatureScheme>>;
  readonly events: Readonly<Record<string, RawWebhookEvent>>;
}

export interface RawWebhookEvent {
  readonly summary?: string;
  readonly description?: string;
  readonly payload: RawTypeRef;
  readonly headers?: Readonly<Record<string, RawResponseHeader>>;
  readonly signature?: string;
  readonly deprecated?: RawDeprecated;
}

export interface RawSignatureScheme {
  readonly type: 'standardWebhooks' | 'stripe' | 'github' | 'hmac';
  readonly description?: string;
  readonly tolerance?: number;
  readonly header?: string;
  readonly algorithm?: 'sha1' | 'sha256' | 'sha384' | 'sha512';
  readonly encoding?: 'hex' | 'base64' | 'base64url';
  readonly prefix?: string;
  readonly signed?: string;
  readonly timestampHeader?: string;
  readonly idHeader?: string;
  readonly secret?: 'text' | 'base64' | 'whsec';
}

export interface RawQuirk {
  readonly id: string;
  readonly when: { readonly status: RawStatus; readonly emptyBody?: boolean };
  readonly error?: boolean;
  readonly category?: string;
  readonly hint: string;
}

/** npm's rule for a package name (`info.package`): lower case, URL-safe, an optional scope. */
export const PACKAGE_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/** A name npm publishes: its rule, and at most 214 characters. */
export function isPackageName(name: string): boolean {
  return PACKAGE_NAME.test(name) && name.length <= 214;
}

/** A semantic version (semver.org): what npm accepts as a package's version (`info.packageVersion`). */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;
