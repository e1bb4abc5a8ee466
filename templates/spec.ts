/**
 * The types of the tables a generated package's `tables.ts` holds: what the contract says, as the
 * runtime reads it. Every other runtime module reads the tables through these types, and the
 * generator builds the tables as them (generator/emit/emit-tables.ts), so the two sides cannot
 * disagree about a table's form. Types only: nothing here runs.
 */
import type { base64, callerProvider, TokenFlow } from './credentials.js';
import type { secretParamForms, withIdempotencyKey } from './base-client.js';
import type { DECODE_RULES } from './decode-rules.js';
import type { FieldError } from './decode.js';
import type { readSuccess, writeBody } from './exchange.js';
import type { PaginationSpec } from './paginate.js';
import type { ParamSpec, SerialisedParams, withParams } from './params.js';
import type { BodyData } from './request-body.js';
import type { fetchUpload } from './transport.js';
import type { fetchStream, StreamSpec } from './stream.js';
import type { attachSupportReport, fieldRedactor } from './support.js';

/** A JSON path into a body: `api_error.code` is `['api_error', 'code']`; numbers index arrays. */
export type BodyPath = readonly (string | number)[];

/** An exact HTTP status, or a class (`5XX`). */
export type StatusSpec = number | `${1 | 2 | 3 | 4 | 5}XX`;

// ---------------------------------------------------------------------------------------------
// Error tables
// ---------------------------------------------------------------------------------------------

/** An error envelope as the contract gives it: how it is recognised (`present`, `equals`) and where its parts are (`read`); shape-reader.ts makes its reader. */
export interface ShapeSpec {
  readonly name: string;
  readonly present: readonly BodyPath[];
  readonly equals: readonly { readonly path: BodyPath; readonly value: string | number | boolean }[];
  readonly read: {
    readonly code?: BodyPath;
    readonly message?: BodyPath;
    readonly human?: BodyPath;
    readonly detail?: BodyPath;
    readonly kind?: BodyPath;
    readonly number?: BodyPath;
    readonly status?: BodyPath;
  };
  readonly fieldErrors?: { readonly path: BodyPath; readonly field?: BodyPath; readonly message: BodyPath };
  /** Top-level copies of envelope strings: each `path` carries the same value as `source`. */
  readonly mirrors: readonly { readonly path: BodyPath; readonly source: BodyPath }[];
}

/** What a shape's reader found in a body of that shape: the envelope's texts, its status claim, its field errors. */
export interface ShapeReads {
  readonly code?: string | undefined;
  readonly message?: string | undefined;
  readonly human?: string | undefined;
  readonly detail?: string | undefined;
  readonly kind?: string | undefined;
  /** The status the body claims, as found (decode.ts uses a number that is an HTTP status). */
  readonly status?: unknown;
  readonly fields?: readonly FieldError[];
}

/**
 * Recognises a body as one shape (its `present` and `equals`) and reads it; undefined when the body
 * is not of the shape. Reads own properties only, through body.ts's `own`/`item` (the generated
 * tables write one per shape as straight-line code; shape-reader.ts makes one from a ShapeSpec).
 */
export type ShapeReader = (body: Readonly<Record<string, unknown>>) => ShapeReads | undefined;

/** A shape as the decoder runs it: its name and its reader. */
export interface ShapeRule {
  readonly name: string;
  readonly read: ShapeReader;
}

/** A row of a host's code table. */
export interface CodeRowSpec {
  readonly status: number;
  readonly code: string;
  readonly kind?: string;
  readonly category: string;
}

export interface PolicyRestriction {
  readonly name: string;
  readonly liftedBy: string;
  readonly retryLater: 'yes' | 'no' | 'after_window';
  readonly note?: string;
}

export interface PolicySpec {
  readonly name: string;
  readonly category: string;
  readonly description?: string;
  readonly restrictions: readonly PolicyRestriction[];
}

/** A row of a host's message table, as the matcher reads it (messages.ts). */
export interface MessageRowData {
  readonly id: string;
  /** Regular expression source; absent for a row that matches empty messages. */
  readonly pattern?: string;
  readonly empty?: boolean;
  readonly all?: boolean;
  readonly status?: number;
  /** Field path templates; `{group}` inserts a named capture group. */
  readonly fields: readonly string[];
  readonly ambiguous?: boolean;
}

export interface MessageTableData {
  /** A wrapper segment messages put first (`[order][items]` means `items`). */
  readonly root?: string;
  /** Message vocabulary → request field name. */
  readonly aliases: Readonly<Record<string, string>>;
  readonly rows: readonly MessageRowData[];
}

/** What a message row adds to the decoded error beyond its fields. */
export interface MessageRowAdvice {
  readonly retry?: 'once_then_support';
  readonly policy?: string;
  readonly category?: string;
  readonly cause?: string;
}

/** A documented quirk of one endpoint: on this status (and body), this category and hint. */
export interface QuirkSpec {
  readonly id: string;
  readonly status: StatusSpec;
  readonly emptyBody?: boolean;
  /** A success status that is really an error (e.g. 200 with a zero-byte body). */
  readonly error?: boolean;
  readonly category?: string;
  readonly hint: string;
}

/** What decoding reads of an endpoint. */
export interface EndpointErrorSpec {
  readonly shapes: readonly string[];
  readonly quirks: readonly QuirkSpec[];
  /** Request field paths of the endpoint's body, for resolving field names in messages. */
  readonly fieldPaths: readonly string[];
}

/** An endpoint's error rules with its host, as the decoders' endpoint table holds them. */
export interface EndpointErrorRules extends EndpointErrorSpec {
  readonly host: string;
}

export interface HostErrorSpec {
  readonly name: string;
  /** Shapes recognised on this host, in order. */
  readonly shapes: readonly string[];
  readonly codeShape?: string;
  readonly codes: readonly CodeRowSpec[];
  readonly messages?: MessageTableData & { readonly advice: Readonly<Record<string, MessageRowAdvice>> };
  readonly fieldPaths: readonly string[];
}

export interface ErrorTables {
  readonly shapes: Readonly<Record<string, ShapeRule>>;
  readonly categories: Readonly<Record<string, { readonly retryable: boolean }>>;
  /** Exact statuses first, then classes. */
  readonly statusCategories: readonly { readonly status: StatusSpec; readonly category: string }[];
  readonly policies: Readonly<Record<string, PolicySpec>>;
  readonly fallbackCategory: string;
  /** decode-rules.ts's message-table and quirk rules: named only by a contract with a message table or a quirk. */
  readonly rules?: typeof DECODE_RULES;
}

// ---------------------------------------------------------------------------------------------
// Endpoints, auth and the whole runtime spec
// ---------------------------------------------------------------------------------------------

export interface EndpointSpec extends EndpointErrorSpec {
  readonly id: string;
  readonly method: string;
  /** Path template; `{name}` is a path parameter. */
  readonly path: string;
  readonly host: string;
  /** The auth schemes it accepts: any one alternative, each naming schemes sent together; empty: none. */
  readonly security: readonly (readonly string[])[];
  /** Safe to retry (the contract's word, else the method's). */
  readonly idempotent: boolean;
  readonly pathParams: readonly string[];
  /**
   * Query parameters of one scalar value under their own name (form, exploded: `?name=value`),
   * which the exchange writes itself like `pathParams`: an endpoint with only these needs no
   * parameter table, and its bundle no params.ts.
   */
  readonly queryParams?: readonly PlainQueryParam[];
  /** Request content types, the default first; empty when the endpoint takes no body. */
  readonly contentTypes: readonly string[];
  /** Fields of a URL-encoded form body whose objects go as JSON text, an array's one pair per item (the contract's `jsonFields`). */
  readonly jsonFields?: readonly string[];
  /**
   * How a 2xx body is read: parsed JSON, bytes, text (UTF-8), none, or `followed` (an endpoint whose
   * only documented successes are redirects: what the target answers, as bytes, or parsed when its
   * Content-Type is JSON). Any 2xx is a success; no other status is.
   */
  readonly response: SuccessKind;
  /**
   * The media types a binary success may carry, as an Accept list (`application/pdf`, or
   * `audio/midi, image/png`, or a range such as `image/*`), when the contract names them; a
   * binary success's Content-Type must match one. Also what a binary or text call asks for.
   */
  readonly responseContentType?: string;
  /** Where successes are not all read alike (a PDF 200, a JSON 202): how each status is; the first match wins, `response` reads the rest. */
  readonly successBodies?: readonly SuccessBodySpec[];
  /** The Accept header where successes come in several media types (default: `responseContentType`, else JSON). */
  readonly accept?: string;
  /**
   * Its parameters, where any is not a path parameter of one value under its own name (those
   * `pathParams` lists, and the exchange writes them itself); `serialise` is params.ts's, named by
   * the generated tables only where needed, so a bundle without such calls leaves it out.
   */
  readonly params?: ParamTable;
  /** The input key of its idempotency-key header, and base-client.ts's withIdempotencyKey, which fills a fresh key per call when the caller leaves it out. */
  readonly idempotencyKey?: { readonly key: string; readonly fill: typeof withIdempotencyKey };
  /** How it pages (paginate.ts). */
  readonly pagination?: PaginationSpec;
  /** Input keys of parameters whose values are secrets, and base-client.ts's secretParamForms, which writes out their wire forms for redaction. */
  readonly secretParams?: { readonly keys: readonly string[]; readonly forms: typeof secretParamForms };
  /**
   * How its JSON bodies are read and written: json.ts's LOSSLESS_JSON when a body it sends or
   * reads holds an int64, JSON itself otherwise (so a bundle without such calls carries no reader).
   */
  readonly json?: JsonCodec;
  /**
   * How it writes a body of a media type other than JSON (form, multipart, text, binary):
   * request-body.ts's encodeRequestBody, named only for such endpoints, so a bundle of JSON calls
   * carries no multipart writer.
   */
  readonly encode?: BodyEncoder;
  /**
   * The endpoint's own sender: transport.ts's fetchUpload for an endpoint that takes a stream body,
   * stream.ts's fetchStream for one whose success is a stream; named only for those endpoints.
   */
  readonly upload?: typeof fetchUpload | typeof fetchStream;
  /** How its streamed success is framed and read (stream.ts's readStream, named as its `read`). */
  readonly stream?: StreamSpec;
  /** exchange.ts's writeBody: named only for an endpoint that takes a body (`contentTypes`), so bundles of bodiless calls carry no body writing. */
  readonly write?: typeof writeBody;
  /** exchange.ts's readSuccess: named only where a success is not read as JSON (`response`, `successBodies`); without it every success is JSON. */
  readonly read?: typeof readSuccess;
}

/** How an endpoint writes its bodies: its JSON codec, and the form fields that go as JSON text. */
export interface BodyWriting {
  readonly json?: JsonCodec;
  readonly jsonFields?: readonly string[];
}

/** Writes `value` as `mediaType`; throws a TypeError when it cannot. */
export type BodyEncoder = (value: unknown, mediaType: string, how?: BodyWriting) => { readonly body: BodyData; readonly contentType: string };

/** When errors carry a support report, and support.ts's attacher of it: named only by contracts with a support rule. */
export interface SupportSpec {
  readonly reportOn: readonly StatusSpec[];
  readonly attach: typeof attachSupportReport;
}

export type SuccessKind = 'json' | 'binary' | 'text' | 'none' | 'followed';

export interface SuccessBodySpec {
  readonly status: StatusSpec;
  readonly response: SuccessKind;
  readonly contentType?: string;
}

export interface PlainQueryParam {
  readonly name: string;
  readonly required?: true;
}

export interface ParamTable {
  readonly specs: readonly ParamSpec[];
  readonly serialise: (pathTemplate: string, params: readonly ParamSpec[], input: Readonly<Record<string, unknown>>) => SerialisedParams;
  /** params.ts's writer of header and cookie parameters: named only where the endpoint has some. */
  readonly headers?: typeof withParams;
}

/** A JSON reader and writer. */
export interface JsonCodec {
  parse(text: string): unknown;
  stringify(value: unknown): string | undefined;
}

export interface GrantSpec {
  readonly name: string;
  readonly isDefault: boolean;
  /** Request field → credential option name. */
  readonly send: Readonly<Record<string, string>>;
}

export interface AuthSpec {
  /** Operation id of the token endpoint. */
  readonly endpoint: string;
  readonly grantField: string;
  readonly grants: readonly GrantSpec[];
  readonly token: { readonly accessToken: string; readonly expiresIn?: string; readonly tokenType?: string; readonly refreshToken?: string };
  /** Documented lifetime in seconds per environment: the fallback when a response omits expires_in. */
  readonly lifetime: Readonly<Record<string, number>>;
  readonly header: string;
  readonly scheme: string;
  readonly unauthorized: { readonly status: number; readonly shape: string; readonly replay: boolean };
}

/** How a scheme proves who calls (the client-credentials scheme's lifecycle is `AuthSpec`). */
export type SchemeSpec =
  | { readonly type: 'apiKey'; readonly in: 'header' | 'query' | 'cookie'; readonly name: string }
  /** `encode`: credentials.ts's base64, named by the tables only for a contract with a basic scheme. */
  | { readonly type: 'basic'; readonly encode: typeof base64 }
  /** A token the caller supplies; `unauthorized`: the refusal that asks it for a fresh one (shape: any when absent). */
  | { readonly type: 'bearer'; readonly unauthorized?: { readonly status: number; readonly shape?: string } }
  | { readonly type: 'clientCredentials' };

/** What one HTTP exchange reads (exchange.ts). */
export interface RuntimeSpec {
  readonly tables: ErrorTables;
  readonly hosts: Readonly<Record<string, HostErrorSpec>>;
  /** Environment → host → URL template over server variables. */
  readonly environments: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The environment of a client that chooses none: the contract's only one (absent where it has several). */
  readonly environment?: string;
  /** Server variables' default values: used when the client's options give none. */
  readonly serverDefaults?: Readonly<Record<string, string>>;
}

/** Everything the client object reads (base-client.ts): the generated `RUNTIME_SPEC`. */
export interface FullRuntimeSpec extends RuntimeSpec {
  /** Every auth scheme by name. */
  readonly schemes: Readonly<Record<string, SchemeSpec>>;
  /** The client-credentials scheme's endpoint tokens are requested from, when the contract has one. */
  readonly tokenEndpoint?: EndpointSpec;
  readonly auth?: AuthSpec;
  /**
   * Runs the client-credentials lifecycle (token-flow.ts), named by the generated tables only when
   * the contract has that scheme: a bundle of an API-key client carries no token manager.
   */
  readonly tokenFlow?: TokenFlow;
  /**
   * Makes the provider of a scheme the caller holds a credential for: credentials.ts's
   * secretProvider where those schemes are all API keys, its callerProvider otherwise; absent in a
   * contract without such schemes.
   */
  readonly provider?: typeof callerProvider;
  readonly support?: SupportSpec;
  /** Field names whose values are secrets, redacted from reports and errors. */
  readonly secretFields: readonly string[];
  /** support.ts's fieldRedactor: named only where `secretFields` is not empty, so other bundles carry no field pattern. */
  readonly redactFields?: typeof fieldRedactor;
}
