/** When and how long to wait before trying a call again. */
export interface RetryPolicy {
    /** Retries after the first attempt (0 disables). */
    readonly maxRetries: number;
    /** First backoff step, milliseconds; doubles each retry, with full jitter. */
    readonly baseDelayMs: number;
    readonly maxDelayMs: number;
    /** A Retry-After longer than this is not waited for: the error is returned instead. */
    readonly maxRetryAfterMs: number;
}
export declare const DEFAULT_RETRY: RetryPolicy;
export declare function isIdempotent(method: string): boolean;
/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export declare function retryAfterMs(value: string | undefined, now: number): number | undefined;
/** Full-jitter exponential backoff: a random wait in [0, min(max, base·2^attempt)]. */
export declare function backoffMs(policy: RetryPolicy, attempt: number, random?: () => number): number;
/** Waits, unless the signal aborts first; resolves false when aborted. */
export declare function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean>;
