import type { DecodedError } from './decode.js';
import { type ClientError, type Exchange, type Result } from './exchange.js';
import type { BodyData } from './request-body.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';
import { type Redactor } from './support.js';
import type { Sent } from './transport.js';
/** A request as it will be sent: `onRequest` may change its URL (on the same origin), headers and body. */
export interface MiddlewareRequest {
    url: string;
    readonly method: string;
    /** Header names as the client wrote them (its own in lower case). */
    headers: Record<string, string>;
    /** A string, bytes, a Blob, form data, URL-encoded parameters or a stream; undefined without a body. */
    body: BodyData | undefined;
}
/** A response as the client read it (header names in lower case); a streamed success has an empty body here. */
export interface MiddlewareResponse {
    readonly status: number;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: Uint8Array;
}
/** What a middleware may answer with instead of the server: a response as the client reads one, a plain one with a text body, or a fetch `Response`. */
export type MiddlewareAnswer = MiddlewareResponse | {
    readonly status: number;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string | Uint8Array;
} | Response;
/**
 * What every hook is told of the attempt. One object per attempt goes to all of its hooks, so a
 * middleware can keep what it needs between them in a `WeakMap` keyed by it (a span, a start time).
 */
export interface MiddlewareContext {
    /** The operation id. */
    readonly operation: string;
    /** The host the endpoint is on. */
    readonly host: string;
    /** 1 for the call's first attempt, then 2, 3, … for each retry or replay; 0 for a call that failed before any attempt. */
    readonly attempt: number;
    /** Method, URL and headers as sent, every secret hidden: set once the request has gone (or been answered by a middleware). */
    readonly request: {
        readonly method: string;
        readonly url: string;
        readonly headers: Readonly<Record<string, string>>;
    } | undefined;
    /** Hides every secret of the call (credentials, secret parameters and fields, headers a middleware set) in a text: for logs. */
    redact(text: string): string;
    /**
     * In `onResponse`: sends the attempt's request again, as it was sent (redirects judged again),
     * and resolves to what came back, which the hook may return in place of the response it was
     * given. Rejects when no response came (the call then fails as that attempt did).
     */
    send(): Promise<MiddlewareResponse>;
}
/** One middleware: any of the three hooks. A hook may be async; the call waits for it. */
export interface Middleware {
    /**
     * Headers this middleware sets that are no secret (a request id, a trace context): shown in
     * errors, support reports and `context.request`. Any other header it sets or changes is hidden
     * there as a credential is. Either kind stays with the request's origin.
     */
    readonly publicHeaders?: readonly string[];
    /**
     * Before the attempt is sent, with the request as it will go (credentials already on it, so it
     * can be signed). Change it in place; answer with a response and nothing is sent (the later
     * middleware's hooks do not run, the earlier ones' `onResponse` do). A throw fails the call with
     * `invalid_request`, nothing sent.
     */
    onRequest?(request: MiddlewareRequest, context: MiddlewareContext): void | MiddlewareAnswer | Promise<void | MiddlewareAnswer>;
    /** With the attempt's response (after redirects): return another in its place, or nothing to keep it. A throw fails the call with `invalid_response`. */
    onResponse?(response: MiddlewareResponse, context: MiddlewareContext): void | MiddlewareAnswer | Promise<void | MiddlewareAnswer>;
    /**
     * Told of every failure: each failed attempt (a network error, a timeout, an error status, a
     * refused redirect), and a call that fails before any attempt is sent. The error is redacted as
     * the call's result is. It only observes: what it returns or throws changes nothing.
     */
    onError?(error: ClientError | DecodedError, context: MiddlewareContext): void | Promise<void>;
}
/** What the client's and a call's `middleware` option take: made by `middleware(…)`. */
export interface MiddlewareChain {
    /** The middleware, in the order their `onRequest` runs. */
    readonly list: readonly Middleware[];
    /** The runtime's hook: the middleware of one call, the client's then the call's. */
    readonly start: (spec: RuntimeSpec, endpoint: EndpointSpec, client: {
        readonly middleware?: MiddlewareChain | undefined;
    }, input: object | undefined, secrets: string[], redact: Redactor) => CallMiddleware;
}
/** The middleware of one call, as the runtime drives it. */
export interface CallMiddleware {
    /** One attempt: the prepared request through `onRequest`, `go` (the exchange), `onResponse`, `onError`. */
    send(request: Sent, go: (request: Sent, sealed: boolean) => Promise<Exchange>): Promise<Exchange>;
    /** The call's result, after `onError` saw a failure no attempt reported. */
    end(result: Result<unknown, DecodedError | ClientError>): Promise<Result<unknown, DecodedError | ClientError>>;
}
/**
 * A chain of middleware for `createClient({ middleware })` or a call's `middleware` option:
 * middleware and chains, in order (a chain's own in its place).
 */
export declare function middleware(...items: readonly (Middleware | MiddlewareChain)[]): MiddlewareChain;
