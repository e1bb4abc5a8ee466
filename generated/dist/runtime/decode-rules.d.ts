/**
 * The rarer decode rules, applied on top of a decoded envelope: a host's message table (messages
 * that do not name their field mapped to request fields, with the advice of their rows: policy,
 * category, "retry once, then support") and an endpoint's quirks. The generated tables name
 * DECODE_RULES only where a contract has either, so a bundle of other contracts leaves them out.
 */
import type { DecodedError } from './decode.js';
import { type DecodePlan } from './plan.js';
import type { EndpointErrorSpec, QuirkSpec, ShapeReads } from './spec.js';
/** Messages that do not name their field are mapped to request fields by the host's table. */
declare function applyMessages(plan: DecodePlan, reads: ShapeReads, decoded: DecodedError): DecodedError;
declare function applyQuirks(plan: DecodePlan, endpoint: EndpointErrorSpec, decoded: DecodedError, body: unknown): DecodedError;
/** The error of a `once_then_support` failure that was already retried once: not retryable, and the support guidance. */
export declare function retriedOnce<E extends {
    readonly retryable: boolean;
    readonly hint?: string;
}>(error: E): E;
/** Quirks that turn a success status into an error (e.g. 200 with a zero-byte body). */
export declare function successQuirk(endpoint: EndpointErrorSpec, status: number, bodyLength: number): QuirkSpec | undefined;
/**
 * The rules the tables name, so the decoder (messages, quirks), the exchange (a success a quirk
 * makes an error) and the client (the second failure of a `once_then_support` error) reach them
 * without importing them.
 */
export declare const DECODE_RULES: {
    readonly messages: typeof applyMessages;
    readonly quirks: typeof applyQuirks;
    readonly successQuirk: typeof successQuirk;
    readonly retriedOnce: typeof retriedOnce;
};
export {};
