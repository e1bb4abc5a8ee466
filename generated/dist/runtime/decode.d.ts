import type { BodyPath, EndpointErrorRules, EndpointErrorSpec, ErrorTables, HostErrorSpec, PolicySpec } from './spec.js';
import type { SupportReport } from './support.js';
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
export declare function decodeHostError(tables: ErrorTables, host: HostErrorSpec, input: DecodeInput): DecodedError;
/**
 * The field errors of a list in the body (the first hundred): each entry's texts at `field` and
 * `message` (a key of the entry, or a path into it), where it has either; of a single record, its
 * texts where it names a field. What a shape's reader
 * calls for its `fieldErrors`.
 */
export declare function fieldErrors(list: unknown, field: string | BodyPath | undefined, message: string | BodyPath): FieldError[];
type EndpointTable = Readonly<Record<string, EndpointErrorRules>>;
/**
 * Entry point of the generated decoders: chooses the host's tables by name (never by the body),
 * uses the endpoint's rules only when that endpoint is on this host, and accepts anything.
 */
export declare function decodeForHost(tables: ErrorTables, hosts: Readonly<Record<string, HostErrorSpec>>, endpoints: EndpointTable, hostName: unknown, input: unknown): DecodedError;
/** `decodeError`'s dispatch: the host named by the input, read without trusting the input. */
export declare function decodeByHost(tables: ErrorTables, hosts: Readonly<Record<string, HostErrorSpec>>, endpoints: EndpointTable, input: unknown): DecodedError;
export {};
