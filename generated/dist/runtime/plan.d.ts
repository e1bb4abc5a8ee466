/**
 * The tables, compiled once into plans for decoding (decode.ts). Decoding is on the hot path of
 * every failed call: a plan gives every body path the shapes read one slot, so a body is read in one
 * pass, and holds each status's category and the code rows by code. Tables are generated
 * constants, so each plan is cached by the identity of the spec objects it was made from.
 */
import { type PathTrie } from './body.js';
import type { BodyPath, CodeRowSpec, EndpointErrorSpec, ErrorTables, HostErrorSpec } from './spec.js';
/** The category of a status under the tables: its rule's, else the fallback. */
export declare function categoryOfStatus(tables: ErrorTables, status: number): string;
/** A text read from the body, with the mirrors that carry the same value when it is absent. */
export interface TextRead {
    readonly slot: number;
    readonly mirrors: readonly number[];
}
/** A `present` path: its own slot, and for a path ending in an index, its parent's slot. */
export interface Presence {
    /** -1 for the empty path, which is never present. */
    readonly slot: number;
    readonly parent: number;
    readonly index: number | undefined;
}
export interface CodeRow {
    readonly spec: CodeRowSpec;
    readonly retryable: boolean;
}
export interface FieldErrorsPlan {
    readonly slot: number;
    readonly field: BodyPath | undefined;
    readonly message: BodyPath;
    /** The entry keys, when both texts are one key deep (the usual case). */
    readonly keys: {
        readonly field: string | undefined;
        readonly message: string;
    } | undefined;
}
export interface ShapePlan {
    readonly name: string;
    readonly present: readonly Presence[];
    readonly equals: readonly {
        readonly slot: number;
        readonly value: string | number | boolean;
    }[];
    readonly code: TextRead | undefined;
    readonly message: TextRead | undefined;
    readonly human: TextRead | undefined;
    readonly detail: TextRead | undefined;
    readonly kind: TextRead | undefined;
    readonly status: number;
    readonly fieldErrors: FieldErrorsPlan | undefined;
    /** The host's code rows by code, when this shape is the one that carries them. */
    readonly codes: ReadonlyMap<string, readonly CodeRow[]> | undefined;
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
    readonly shapes: readonly ShapePlan[];
    /** Every body path the shapes read, by slot, and the same paths as one tree. */
    readonly paths: readonly BodyPath[];
    readonly trie: PathTrie;
    readonly messages: HostErrorSpec['messages'];
    /** Request field paths that message-table rows resolve against. */
    readonly known: readonly string[];
    readonly endpoint: EndpointErrorSpec | undefined;
}
export declare const hasOwn: (o: object, key: string) => boolean;
export declare function retryableOf(tables: ErrorTables, category: string): boolean;
export declare function tablesPlanOf(tables: ErrorTables): TablesPlan;
export declare function planOf(tables: TablesPlan, host: HostErrorSpec, endpoint: EndpointErrorSpec | undefined): DecodePlan;
export declare function compilePlan(tables: TablesPlan, host: HostErrorSpec, endpoint: EndpointErrorSpec | undefined): DecodePlan;
export {};
