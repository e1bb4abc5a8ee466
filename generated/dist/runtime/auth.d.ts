import { type TokenFlow } from './credentials.js';
import type { AuthSpec } from './spec.js';
/** A token as cached and stored: `expiresAt` is epoch milliseconds (undefined: until rejected). */
export interface StoredToken {
    readonly accessToken: string;
    readonly expiresAt?: number;
    readonly refreshToken?: string;
}
/** Where tokens live; the default keeps them in memory. Implement it to share a token across processes. */
export interface TokenStore {
    get(): StoredToken | undefined | Promise<StoredToken | undefined>;
    set(token: StoredToken | undefined): void | Promise<void>;
}
export declare function memoryTokenStore(): TokenStore;
/** The outcome of a token request: the token, or the error the token endpoint answered with. */
export type TokenOutcome<E> = {
    readonly ok: true;
    readonly token: StoredToken;
} | {
    readonly ok: false;
    readonly error: E;
};
export interface TokenManagerOptions<E> {
    readonly spec: AuthSpec;
    readonly environment: string;
    readonly credentials: Readonly<Record<string, string | undefined>>;
    readonly store: TokenStore;
    /** Refresh this long before expiry (milliseconds). */
    readonly refreshSkewMs: number;
    readonly now: () => number;
    /** Calls the token endpoint with a request body; returns its parsed body or its error. */
    readonly request: (body: Readonly<Record<string, string>>) => Promise<{
        readonly ok: true;
        readonly data: unknown;
    } | {
        readonly ok: false;
        readonly error: E;
    }>;
    /** The error for a successful response that carries no access token. */
    readonly malformed: (message: string) => E;
}
export declare const REFRESH_TOKEN_CREDENTIAL = "refreshToken";
export declare class TokenManager<E> {
    private readonly options;
    private inflight;
    private learnedRefreshToken;
    /** Refresh tokens the server rejected: never sent again, wherever they come from. */
    private readonly rejected;
    constructor(options: TokenManagerOptions<E>);
    /** A valid token: the cached one, or exactly one token request shared by every caller. */
    token(): Promise<TokenOutcome<E>>;
    /** Drops `accessToken` if it is still the cached one (a newer token is kept). */
    invalidate(accessToken: string): Promise<void>;
    private isFresh;
    private fetchToken;
    private credential;
    private sendsRefreshToken;
    /** A refresh grant first when a refresh token is known, then the default grant, then the rest. */
    private usableGrants;
    private requestWith;
    /** Expiry = time received + expires_in; the unit of any creation time is not trusted. */
    private readToken;
}
/**
 * The client-credentials scheme as a provider: a token the caller gives (`auth` by the scheme's
 * name, or `accessToken`) replaces the contract's flow; else tokens fetched with the contract's
 * grants, cached, refreshed and, after a refusal, dropped so the replay fetches a fresh one.
 */
export declare const clientCredentialsFlow: TokenFlow;
