import type { Received, Sent } from './transport.js';
/** Redirects followed for one call; the next one is refused. */
export declare const MAX_REDIRECTS = 5;
/**
 * Where a request may be redirected: `sealed` keeps it on its origin (the token exchange: its
 * answer is accepted from the token endpoint's origin alone); otherwise `holdsSecret` tells whether
 * a Location would carry one of the call's secrets to another origin.
 */
export type RedirectPolicy = {
    readonly sealed: true;
} | {
    readonly holdsSecret: (text: string) => boolean;
};
export declare const SEALED: RedirectPolicy;
/** A redirect not followed: why, and the Location it named (undefined when none could be read). */
export interface Refusal {
    readonly refused: string;
    readonly location: string | undefined;
}
/**
 * The request a redirect leads to, a refusal, or undefined when `response` is not a redirect to
 * follow (then it is the call's answer). `hops`: redirects followed so far.
 */
export declare function nextHop(request: Sent, response: Received, hops: number, policy: RedirectPolicy): Sent | Refusal | undefined;
