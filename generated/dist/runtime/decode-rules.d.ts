/**
 * The rarer decode rules, applied on top of a decoded envelope: a host's message table (messages
 * that do not name their field mapped to request fields, with the advice of their rows: policy,
 * category, "retry once, then support") and an endpoint's quirks. The generated tables name
 * DECODE_RULES only where a contract has either, so a bundle of other contracts leaves them out.
 */
import { type DecodedError } from './decode.js';
import { type DecodePlan } from './plan.js';
import type { EndpointErrorSpec, ShapeReads } from './spec.js';
/** Messages that do not name their field are mapped to request fields by the host's table. */
declare function applyMessages(plan: DecodePlan, reads: ShapeReads, decoded: DecodedError): DecodedError;
declare function applyQuirks(plan: DecodePlan, endpoint: EndpointErrorSpec, decoded: DecodedError, body: unknown): DecodedError;
/** The rules the tables name: how decode.ts reaches them without importing them. */
export declare const DECODE_RULES: {
    readonly messages: typeof applyMessages;
    readonly quirks: typeof applyQuirks;
};
export {};
