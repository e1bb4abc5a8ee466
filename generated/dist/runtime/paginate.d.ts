/**
 * Pagination as async iterators over a generated call: every page (or item) is a `Result`, so a
 * failure ends the loop as a value instead of an exception thrown out of `for await`. The walk is
 * bounded (maxPages, loop guards on cursors and links) and cancellable between and during requests.
 *
 * Nothing here reaches fetch, timers or host globals (not even URL or AbortController): the call is
 * the only I/O, which keeps the module runnable anywhere and testable with an in-memory function.
 */
import { type Runtime } from './base-client.js';
import { type ClientError, type nextPageUrl, type ResponseInfo, type Result } from './exchange.js';
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
/**
 * The last result of a walk stopped by `maxPages` with a page still to read: never a silent stop.
 * It carries the next page's call: `next`, its input (for Link pagination the next page's URL is
 * in it, and in `url`), which the same helper takes to read on. Neither is enumerable: the input
 * may hold the call's secrets (its headers), and a logged error shows none of it.
 */
export interface PageLimitError<I = unknown> extends Omit<ClientError, 'code' | 'category' | 'retryable'> {
    readonly code: 'page_limit';
    readonly category: 'page_limit';
    readonly retryable: false;
    /** The input of the next page's call: pass it to the same helper to read on. */
    readonly next: I;
    /** Link pagination: the next page's URL. */
    readonly url?: string;
}
export type PageCall<E> = (input: Readonly<Record<string | symbol, unknown>>) => Promise<Result<unknown, E>>;
type Input = Readonly<Record<string | symbol, unknown>>;
/** What a walk yields: a page's result, a canceled error, or the page limit. */
type Step<E> = Result<unknown, E | ClientError | PageLimitError<Input>>;
/**
 * One `Result` per page; a failed page is the last element. The first request is `input` as given.
 * An abort between pages ends it with a `canceled` error, and `maxPages` with a page still to read
 * with a `page_limit` one (each of `host`).
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
export declare function pages<E>(call: PageCall<E>, spec: PaginationSpec, input: object, options?: PageOptions, host?: string): AsyncIterableIterator<Step<E>>;
/**
 * One `{ ok: true, data: item, status, response }` per element of the array at `spec.items` in each page
 * body (the page's response is repeated). A body without an array there ends the iteration as a
 * page with no items would; an empty array does not (a cursor may still lead on). Errors from
 * `pages` are yielded as they are and end the iteration.
 *
 * @throws RangeError as `pages` does.
 */
export declare function items<E>(call: PageCall<E>, spec: PaginationSpec, input: object, options?: PageOptions, host?: string): AsyncIterableIterator<Step<E>>;
/** A client the paging functions take: a `BaseClient` (a runtime itself) or a `createClient` object (which carries one). */
export type PagingClient = Runtime | object;
/** An endpoint's pages through a client: what the generated `<operation>Pages` functions return. */
export declare function endpointPages(client: PagingClient, endpoint: EndpointSpec, input: object | undefined, options?: PageOptions): AsyncIterableIterator<Step<unknown>>;
/** An endpoint's items through a client: what the generated `<operation>Items` functions return. */
export declare function endpointItems(client: PagingClient, endpoint: EndpointSpec, input: object | undefined, options?: PageOptions): AsyncIterableIterator<Step<unknown>>;
/** The input of a paginated endpoint's first page, as its iterators send it (the query entry's first page param). */
export declare function firstPageInput(runtime: Runtime, endpoint: EndpointSpec, input: object | undefined): object;
/**
 * The input of the page after the one `sent` read (its body `data`, its `response` where known),
 * as the iterators would send it; undefined where they would stop. `earlier`: the inputs of the
 * pages read before, whose URLs a Link header must not lead back to. Without the response, a Link
 * endpoint has no next page.
 */
export declare function nextPageInput(endpoint: EndpointSpec, sent: object, data: unknown, response: ResponseInfo | undefined, earlier: readonly object[]): object | undefined;
/**
 * The links of a Link header value, one entry per relation type (lower case) in order; the URLs
 * are as written, unresolved. Malformed entries are skipped. Linear in the header's length, which
 * is read up to 64 KiB.
 */
export declare function parseLinkHeader(value: string): {
    readonly rel: string;
    readonly url: string;
}[];
export {};
