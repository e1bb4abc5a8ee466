import { type nextPageUrl, type Result } from './exchange.js';
import type { BodyPath, EndpointSpec } from './spec.js';
/** How an endpoint pages, as the generated tables hold it. Input keys are the keys of the call's input object. */
export type PaginationSpec = {
    readonly kind: 'cursor';
    readonly param: string; /** where the next cursor is in the response body */
    readonly next: BodyPath;
    readonly items: BodyPath;
} | {
    readonly kind: 'offset';
    readonly param: string; /** the input key of the page size, when there is one */
    readonly limit?: string;
    readonly items: BodyPath;
} | {
    readonly kind: 'page';
    readonly param: string; /** the first page's number (default 1) */
    readonly start?: number;
    readonly limit?: string;
    readonly items: BodyPath;
} | {
    readonly kind: 'link';
    readonly items: BodyPath;
    /** exchange.ts's nextPageUrl, which judges a next page's URL: named only for such endpoints, so other bundles leave it out. */
    readonly within: typeof nextPageUrl;
};
/** The input key under which the next page's absolute URL is passed to the call (link pagination). A symbol, so it can never collide with a parameter. */
export declare const PAGE_URL: unique symbol;
export interface PageOptions {
    /** Stops after this many pages (default DEFAULT_MAX_PAGES = 100). */
    readonly maxPages?: number;
    /** Stops before the next request; an in-flight request is cancelled through the call's own `signal` input. */
    readonly signal?: AbortSignal;
}
export declare const DEFAULT_MAX_PAGES: number;
export type PageCall<E> = (input: Readonly<Record<string | symbol, unknown>>) => Promise<Result<unknown, E>>;
/**
 * One `Result` per page; a failed page is the last element. The first request is `input` as given.
 *
 * Signals: the options' signal and the input's own `signal` both stop the walk before a request;
 * the call receives the options' signal when there is one (it replaces the input's, as there is no
 * portable way to combine two without a global), else the input's.
 *
 * Link pagination resolves a relative `rel="next"` URL against the URL of the page it came from:
 * the `PAGE_URL` that was passed, or for the first page the input's own `PAGE_URL`, if any. Without
 * one, the first page's URL is unknown and only an absolute next URL is followed.
 *
 * @throws RangeError when maxPages is not a whole number of at least 1: a programming error.
 */
export declare function pages<E>(call: PageCall<E>, spec: PaginationSpec, input: object, options?: PageOptions, canceled?: () => E): AsyncIterableIterator<Result<unknown, E>>;
/**
 * One `{ ok: true, data: item, status, response }` per element of the array at `spec.items` in each page
 * body (the page's response is repeated). A body without an array there ends the iteration as a
 * page with no items would; an empty array does not (a cursor may still lead on). Errors from
 * `pages` are yielded as they are and end the iteration.
 *
 * @throws RangeError as `pages` does.
 */
export declare function items<E>(call: PageCall<E>, spec: PaginationSpec, input: object, options?: PageOptions, canceled?: () => E): AsyncIterableIterator<Result<unknown, E>>;
/**
 * The links of a Link header value, one entry per relation type (lower case) in order; the URLs
 * are as written, unresolved. Malformed entries are skipped. Linear in the header's length, which
 * is read up to 64 KiB.
 */
/** What the paging functions need of a client: base-client.ts's Runtime. */
export interface PagingRuntime {
    call(endpoint: EndpointSpec, input: object | undefined): Promise<Result<unknown, unknown>>;
    url(endpoint: EndpointSpec, input: object | undefined): string | undefined;
}
/** An endpoint's pages through a client: what the generated `<operation>Pages` functions return. */
export declare function endpointPages(runtime: PagingRuntime, endpoint: EndpointSpec, input: object | undefined, options?: PageOptions): AsyncIterableIterator<Result<unknown, unknown>>;
/** An endpoint's items through a client: what the generated `<operation>Items` functions return. */
export declare function endpointItems(runtime: PagingRuntime, endpoint: EndpointSpec, input: object | undefined, options?: PageOptions): AsyncIterableIterator<Result<unknown, unknown>>;
export declare function parseLinkHeader(value: string): {
    readonly rel: string;
    readonly url: string;
}[];
