/**
 * The client object behind every generated `createClient`: holds options, and runs calls through
 * the request pipeline.
 */
import { type EndpointSpec, type RuntimeOptions, type RuntimeSpec } from './client.js';
/** Options every method accepts besides its parameters and body. */
export interface CallOptions {
    /** Cancels the call; the result is then an error with category 'aborted'. */
    readonly signal?: AbortSignal;
    /** Overrides the client's timeout for this call (milliseconds; 0 disables). */
    readonly timeoutMs?: number;
    /** Extra headers for this call. */
    readonly headers?: Readonly<Record<string, string>>;
}
export interface Runtime {
    call(endpoint: EndpointSpec, input: object | undefined): Promise<unknown>;
}
export declare function createRuntime(spec: RuntimeSpec, options: RuntimeOptions): Runtime;
