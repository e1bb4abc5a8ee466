/**
 * The client object behind every generated `createClient` and `createBaseClient`: credentials and
 * the token lifecycle, the 401 replay, retries with backoff, support reports, and secret
 * redaction around every call. Each attempt is one HTTP exchange (exchange.ts).
 */
import type { TokenStore } from './auth.js';
import type { SchemeCredential } from './credentials.js';
import type { DecodedError } from './decode.js';
import { type ClientError, type Result, type RuntimeOptions } from './exchange.js';
import { type RetryPolicy } from './retry.js';
import type { MiddlewareChain } from './middleware.js';
import type { EndpointSpec, FullRuntimeSpec } from './spec.js';
import { type Redactor } from './support.js';
import type { ClientValidators, ResponseValidation, ValidationOptions } from './validation.js';
/** Options every method accepts besides its parameters and body. */
export interface CallOptions {
    /** Cancels the call; the result is then an error with category 'canceled'. */
    readonly signal?: AbortSignal;
    /** Overrides the client's timeout for this call (milliseconds; 0 disables). */
    readonly timeoutMs?: number;
    /** Extra headers for this call. */
    readonly headers?: Readonly<Record<string, string>>;
    /** Overrides the client's retry count for this call (0 disables). */
    readonly maxRetries?: number;
    /** Overrides the client's `validateResponses` for this call (checked only with the client's `validators`). */
    readonly validateResponses?: ResponseValidation;
    /** Overrides the client's `validateRequests` for this call. */
    readonly validateRequests?: boolean;
    /** Middleware of this call, run after the client's (`middleware(…)`). */
    readonly middleware?: MiddlewareChain;
}
/** Options of the client-credentials scheme's token lifecycle (auth.ts): a client of a contract without that scheme has none. */
export interface TokenOptions {
    /** A fixed bearer token, or a function returning one; replaces the contract's client-credentials token flow. */
    readonly accessToken?: string | (() => string | Promise<string>);
    /** Credentials for the contract's grants, by option name (clientId, clientSecret, refreshToken). */
    readonly credentials?: Readonly<Record<string, string | undefined>>;
    /** Where tokens are cached; share one across processes by implementing get/set. Default: memory. */
    readonly tokenStore?: TokenStore;
    /** How the token request body is encoded (default: the contract's first content type). */
    readonly tokenContentType?: string;
    /** Refresh a token this many milliseconds before it expires (default 60000). */
    readonly refreshSkewMs?: number;
}
export interface ClientRuntimeOptions extends RuntimeOptions, TokenOptions, ValidationOptions {
    /** Middleware run around every attempt of every call (`middleware(…)`): see the README's Middleware section. */
    readonly middleware?: MiddlewareChain;
    /** The checks `validateResponses` and `validateRequests` run: the `/validators` entry's `VALIDATORS`, or `validators({ … })` of some calls. */
    readonly validators?: ClientValidators;
    /** Credentials by auth scheme name: an API key, a basic username and password, or a token (and how to refresh it). */
    readonly auth?: Readonly<Record<string, SchemeCredential | undefined>>;
    /** Retries for retryable failures (default 2; 0 disables). */
    readonly maxRetries?: number;
    /** Backoff tuning. */
    readonly retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
    /** The support contact that 5xx support reports are addressed to. */
    readonly supportEmail?: string;
    /** Clock, for tests. */
    readonly now?: () => number;
}
export interface Runtime {
    call(endpoint: EndpointSpec, input: object | undefined): Promise<Result<unknown, DecodedError | ClientError>>;
    /** The URL `call` would send this input to, without credentials; undefined when the input cannot be sent. */
    url(endpoint: EndpointSpec, input: object | undefined): string | undefined;
}
/** `methods` (a `createClient` object) carrying `runtime`, not enumerable: spreading or logging the client shows its methods alone. */
export declare function withRuntime<C extends object>(runtime: Runtime, methods: C): C;
/**
 * The runtime of a client: a `createClient` object's, or a `BaseClient` (a runtime itself).
 *
 * @throws TypeError for anything else (a hand-made object with the methods of a `Client`).
 */
export declare function runtimeOf(client: object): Runtime;
/** Keys of a method's input besides path parameters; the contract validator rejects parameters so named. */
export declare const RESERVED_INPUT_KEYS: readonly string[];
export declare function createRuntime(spec: FullRuntimeSpec, given: ClientRuntimeOptions): Runtime;
/**
 * The values of the caller's headers: secrets like credentials (a token in a custom header is
 * common), redacted from every error and report and never sent to another origin. Each by its
 * parts too, as a server echoes the token of `Bearer <token>` or a value of `a=<value>; b=…`
 * alone. Accept and Content-Type only name media types, and a value under 8 characters is no
 * credential (`true`, `gzip`): hiding those would blank ordinary words in every report.
 */
export declare function headerSecrets(headers?: Readonly<Record<string, string>>): string[];
/** Errors may echo what was sent; no secret leaves the client inside one, in any text or key. */
export declare function scrubValue(value: unknown, redact: Redactor, depth: number): unknown;
/**
 * The values of a call's secret parameters (the redactor writes out the forms they take on the
 * wire). The tables name it (`secretParams.forms`) only for endpoints that have such parameters,
 * so other bundles leave it out.
 */
export declare function secretParamForms(keys: readonly string[], input: object | undefined): string[];
/**
 * A fresh idempotency key under input key `key` when the caller left it out: the same object
 * carries it through every retry of the call. The tables name it (`idempotencyKey.fill`) only for
 * endpoints with such a header, so other bundles leave it out.
 */
export declare function withIdempotencyKey(key: string, given: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;
