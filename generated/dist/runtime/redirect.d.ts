import type { Redactor } from './support.js';
import type { Received, Sent } from './transport.js';
/** Redirects followed for one call; the next one is refused. */
export declare const MAX_REDIRECTS = 5;
/** A redirect not followed: why, and the Location it named (undefined when none could be read). */
export interface Refusal {
    readonly refused: string;
    readonly location: string | undefined;
}
/**
 * The request a redirect leads to, a refusal, or undefined when `response` is not a redirect to
 * follow (then it is the call's answer). `hops`: redirects followed so far. `secrets`: the call's
 * redactor, which tells whether a Location would carry one of its secrets to another origin;
 * without it a request is sealed to its origin (the token exchange: its body stays there, and its
 * answer is taken from the token endpoint's origin alone).
 */
export declare function nextHop(request: Sent, response: Received, hops: number, secrets: Redactor | undefined): Sent | Refusal | undefined;
