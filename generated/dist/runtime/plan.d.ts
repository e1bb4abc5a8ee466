/**
 * The tables, compiled once into plans for decoding (decode.ts). Decoding is on the hot path of
 * every failed call: a plan holds each status's category, the shapes a host (or one of its
 * endpoints) is recognised by, in order, and the code rows by code. Tables are generated
 * constants, so each plan is cached by the identity of the spec objects it was made from.
 */
import type { CodeRowSpec, EndpointErrorSpec, ErrorTables, HostErrorSpec, ShapeRule } from './spec.js';
/** The category of a status under the tables: its rule's, else the fallback. */
export declare function categoryOfStatus(tables: ErrorTables, status: number): string;
export interface CodeRow {
    readonly spec: CodeRowSpec;
    readonly retryable: boolean;
}
export interface TablesPlan {
    readonly tables: ErrorTables;
    /** By HTTP status (0–999): the status's category and whether it is retryable. */
    readonly statusCategory: readonly string[];
    readonly statusRetryable: readonly boolean[];
    readonly hosts: WeakMap<HostErrorSpec, HostPlan>;
}
interface HostPlan {
    readonly base: DecodePlan;
    readonly endpoints: WeakMap<EndpointErrorSpec, DecodePlan>;
}
/** Everything one decode needs of the tables, for one host and (optionally) one endpoint. */
export interface DecodePlan {
    readonly tables: TablesPlan;
    readonly shapes: readonly ShapeRule[];
    /** The shape that carries the host's code rows, and the rows by code. */
    readonly codeShape: string | undefined;
    readonly codes: ReadonlyMap<string, readonly CodeRow[]>;
    readonly messages: HostErrorSpec['messages'];
    /** Request field paths that message-table rows resolve against. */
    readonly known: readonly string[];
    readonly endpoint: EndpointErrorSpec | undefined;
}
export declare function retryableOf(tables: ErrorTables, category: string): boolean;
export declare function tablesPlanOf(tables: ErrorTables): TablesPlan;
export declare function planOf(tables: TablesPlan, host: HostErrorSpec, endpoint: EndpointErrorSpec | undefined): DecodePlan;
export declare function compilePlan(tables: TablesPlan, host: HostErrorSpec, endpoint: EndpointErrorSpec | undefined, codes?: DecodePlan['codes']): DecodePlan;
export {};
