/**
 * Auth schemes at call time: each scheme the client has a credential for becomes a provider of
 * proofs (what the scheme adds to a request), an endpoint's alternatives pick the first scheme set
 * the client can prove, and a refused credential is exchanged for a fresh one where the scheme
 * allows it (the 401 replay). The client-credentials token lifecycle is a provider too, made by
 * token-flow.ts only for contracts that have one.
 */
import type { ClientRuntimeOptions } from './base-client.js';
import type { Exchange } from './exchange.js';
import type { FullRuntimeSpec, SchemeSpec } from './spec.js';
/** A secret, or a function that returns the current one (read before every request). */
export type Secret = string | (() => string | Promise<string>);
/** A token the application obtains itself (authorization code, device flow, …). */
export interface TokenSource {
    readonly token: Secret;
    /**
     * Called with the token the server refused (401): a fresh token, or undefined when none can be
     * had. The request is then replayed once with it.
     */
    readonly refresh?: (rejected: string) => string | undefined | Promise<string | undefined>;
}
export interface BasicCredential {
    readonly username: string;
    readonly password: string;
}
/** What a client may be given for one scheme. */
export type SchemeCredential = Secret | TokenSource | BasicCredential;
/** What one scheme adds to one request. */
export interface Proof {
    /** The secret sent: redacted from every error and report. */
    readonly secret: string;
    readonly header?: {
        readonly name: string;
        readonly value: string;
    };
    /** `name=value`, percent-encoded. */
    readonly query?: string;
    /** `name=value` for the Cookie header. */
    readonly cookie?: string;
}
/** A proof, or the failed exchange that should have produced one (a token request). */
export type ProofResult = {
    readonly ok: true;
    readonly proof: Proof;
} | {
    readonly ok: false;
    readonly failure: Exchange;
};
/** The credential of one scheme, as a client holds it. */
export interface Provider {
    /** A proof for the next request; synchronous when the credential is at hand. */
    get(): ProofResult | Promise<ProofResult>;
    /** Whether `error` means this scheme's credential was refused. */
    refuses(error: {
        readonly status: number;
        readonly shape: string;
    }): boolean;
    /** After a refusal: drop the proof; resolves to whether a fresh one can be had (then the request is replayed once). */
    reject(proof: Proof): Promise<boolean>;
    /** Every secret it has sent or holds. */
    secrets(): readonly string[];
}
/**
 * Makes the client-credentials scheme's provider (auth.ts's clientCredentialsFlow): a token the
 * caller gives, else the contract's token lifecycle. The generated tables name it only when the
 * contract has that scheme, so other bundles carry neither.
 */
export type TokenFlow = (spec: FullRuntimeSpec, client: TokenFlowClient) => Provider | undefined;
/** What the client-credentials provider reads of the client (base-client.ts). */
export interface TokenFlowClient {
    readonly options: ClientRuntimeOptions;
    /** The credential given for the scheme by name (`auth`), if any. */
    readonly given: SchemeCredential | undefined;
    readonly now: () => number;
}
/** Standard base64 of UTF-8 text (RFC 7617 §2.1 with charset UTF-8), without btoa's Latin-1 limit. */
export declare function base64(text: string): string;
/** The proof a scheme sends for a secret. */
export declare function proofOf(scheme: SchemeSpec, secret: string, carrier?: {
    readonly header: string;
    readonly scheme: string;
}): Proof;
/** A refusal rule: the status, and the error shape when one is named. */
export interface Refusal {
    readonly status: number;
    readonly shape?: string;
}
/**
 * The provider of an API key (a string, or a function returning the current one): what the
 * tables name for a contract whose caller-held schemes are all API keys, so its bundle carries no
 * token refresh or basic encoding. A key is never refused: a 401 is the caller's to handle.
 */
export declare function secretProvider(scheme: SchemeSpec, credential: SchemeCredential): Provider;
/**
 * The provider of a scheme the caller gave a credential for, of any kind (what the tables name
 * when a contract has other schemes than API keys). `carrier` and `refusal` default from the
 * scheme (a client-credentials scheme given a token passes its own).
 */
export declare function callerProvider(scheme: SchemeSpec, credential: SchemeCredential, carrier?: {
    readonly header: string;
    readonly scheme: string;
}, refusal?: Refusal | undefined): Provider;
