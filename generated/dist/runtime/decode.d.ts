/**
 * The error decoder engine. Generated per-host decoders call `decodeHostError` with that host's
 * tables; the host is always chosen by the caller, never guessed from the body's shape.
 * It never throws: every input, however hostile, yields a decoded error with the HTTP status.
 *
 * Decoding is on the hot path of every failed call, so the tables are compiled once per host and
 * endpoint into a plan (cached by the identity of the generated constants), and a body that is
 * plain JSON data is read in one pass that also checks it: it is then kept as given, since its
 * JSON copy would be equal. Anything else is read as it always was and kept as its JSON copy.
 */
import { type BodyPath } from './body.js';
import { type MessageTableData } from './messages.js';
import type { SupportReport } from './support.js';
export type StatusSpec = number | `${1 | 2 | 3 | 4 | 5}XX`;
export interface ShapeSpec {
    readonly name: string;
    readonly present: readonly BodyPath[];
    readonly equals: readonly {
        readonly path: BodyPath;
        readonly value: string | number | boolean;
    }[];
    readonly read: {
        readonly code?: BodyPath;
        readonly message?: BodyPath;
        readonly human?: BodyPath;
        readonly detail?: BodyPath;
        readonly kind?: BodyPath;
        readonly number?: BodyPath;
        readonly status?: BodyPath;
    };
    readonly fieldErrors?: {
        readonly path: BodyPath;
        readonly field?: BodyPath;
        readonly message: BodyPath;
    };
    readonly mirrors: readonly {
        readonly path: BodyPath;
        readonly source: BodyPath;
    }[];
}
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
export interface MessageRowAdvice {
    readonly retry?: 'once_then_support';
    readonly policy?: string;
    readonly category?: string;
    readonly cause?: string;
}
export interface QuirkSpec {
    readonly id: string;
    readonly status: StatusSpec;
    readonly emptyBody?: boolean;
    readonly error?: boolean;
    readonly category?: string;
    readonly hint: string;
}
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
    readonly messages?: MessageTableData & {
        readonly advice: Readonly<Record<string, MessageRowAdvice>>;
    };
    readonly fieldPaths: readonly string[];
}
export interface ErrorTables {
    readonly shapes: Readonly<Record<string, ShapeSpec>>;
    readonly categories: Readonly<Record<string, {
        readonly retryable: boolean;
    }>>;
    /** Exact statuses first, then classes. */
    readonly statusCategories: readonly {
        readonly status: StatusSpec;
        readonly category: string;
    }[];
    readonly policies: Readonly<Record<string, PolicySpec>>;
    readonly fallbackCategory: string;
}
export interface FieldError {
    /** Request field path, dotted (`destination.address.address1`); empty when not named. */
    readonly field: string;
    readonly message: string;
    /** The response does not say which of several fields is at fault. */
    readonly ambiguous?: boolean;
}
export interface DecodedError<Host extends string = string, Shape extends string = string, Code extends string = string, Category extends string = string> {
    readonly host: Host;
    /** The HTTP status: authoritative over any status inside the body. */
    readonly status: number;
    readonly shape: Shape | 'unrecognised';
    readonly code: Code;
    readonly known: boolean;
    readonly category: Category;
    readonly retryable: boolean;
    readonly message: string;
    readonly fields: readonly FieldError[];
    readonly hint?: string;
    /** The envelope's own classifier (e.g. fulfilment `details.type`). */
    readonly kind?: string;
    /** A status the body claims, when it differs from the HTTP status. */
    readonly bodyStatus?: number;
    readonly policy?: PolicySpec;
    readonly retry?: 'once_then_support';
    /** Ids of the contract rules that applied (message rows, quirks). */
    readonly rules: readonly string[];
    /** The parsed body (or its text, truncated). */
    readonly body: unknown;
    /**
     * On errors a client call returns for a status the contract's support rule covers (5xx): the
     * exact request and response with a UTC timestamp, secrets redacted. Not enumerable.
     */
    readonly supportReport?: () => SupportReport;
}
export interface DecodeInput {
    readonly status: number;
    readonly body: unknown;
    readonly endpoint?: EndpointErrorSpec;
}
export declare function statusMatches(spec: StatusSpec, status: number): boolean;
export declare function categoryOfStatus(tables: ErrorTables, status: number): string;
export declare function safeStatus(status: unknown): number;
export declare function decodeHostError(tables: ErrorTables, host: HostErrorSpec, input: DecodeInput): DecodedError;
/** Quirks that turn a success status into an error (e.g. 200 with a zero-byte body). */
export declare function successQuirk(endpoint: EndpointErrorSpec, status: number, bodyLength: number): QuirkSpec | undefined;
type EndpointTable = Readonly<Record<string, EndpointErrorRules>>;
/**
 * Entry point of the generated decoders: chooses the host's tables by name (never by the body),
 * uses the endpoint's rules only when that endpoint is on this host, and accepts anything.
 */
export declare function decodeForHost(tables: ErrorTables, hosts: Readonly<Record<string, HostErrorSpec>>, endpoints: EndpointTable, hostName: unknown, input: unknown): DecodedError;
/** `decodeError`'s dispatch: the host named by the input, read without trusting the input. */
export declare function decodeByHost(tables: ErrorTables, hosts: Readonly<Record<string, HostErrorSpec>>, endpoints: EndpointTable, input: unknown): DecodedError;
export {};
