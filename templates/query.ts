/**
 * TanStack Query v5 options for the generated calls (the package's `/query` entry): one query's
 * options, an infinite query's built on the endpoint's pagination (each next page's input is what
 * the `<operation>Pages` iterators would send), a mutation's; and the query keys they share.
 *
 * Framework-agnostic: the options are plain objects that `@tanstack/query-core` and its React,
 * Vue, Solid, Svelte and Angular adapters take as they are. Only types come from query-core, the
 * entry's optional peer dependency: nothing here loads it.
 *
 * A failed call throws its decoded error (the endpoint's error union, nothing else) for the query
 * to hold in `error`. The client retries a call itself where its policy says so, so the options
 * ask TanStack not to retry again (`retry: false`; a caller's own `retry` replaces it).
 */
import type { DataTag, InfiniteData, InfiniteQueryObserverOptions, MutationOptions, QueryFunctionContext, QueryObserverOptions } from '@tanstack/query-core';
import { runtimeOf, type Runtime } from './base-client.js';
import { hasOwn } from './body.js';
import type { ResponseInfo } from './exchange.js';
import { firstPageInput, nextPageInput } from './paginate.js';
import type { EndpointSpec } from './spec.js';

/** The data of a call's result (`Result<D, E>`), and its error. */
export type DataOf<R> = R extends { readonly ok: true; readonly data: infer D } ? D : never;
export type ErrorOf<R> = R extends { readonly ok: false; readonly error: infer E } ? E : never;

/** What a query holds: TanStack refuses `undefined` data, so a success without a body is `null`. */
export type QueryData<D> = undefined extends D ? Exclude<D, undefined> | null : D;

/**
 * A query key: the package, the operation, and the call's parameters (none of its secrets or call
 * options). Without the parameters, the prefix of every key of the operation (for invalidation).
 */
export type OperationKey = readonly [pkg: string, operation: string] | readonly [pkg: string, operation: string, params: Readonly<Record<string, unknown>>];
/** The key of an operation's infinite query: its parameters and `'pages'`, under the operation's prefix. */
export type InfiniteKey = readonly [pkg: string, operation: string, params: Readonly<Record<string, unknown>>, pages: 'pages'];

/** Options of a call's query (`useQuery`, `prefetchQuery`, `ensureQueryData`, `fetchQuery`), its key tagged with its data and error types. */
export type OperationQueryOptions<R> = QueryObserverOptions<QueryData<DataOf<R>>, ErrorOf<R>, QueryData<DataOf<R>>, QueryData<DataOf<R>>, DataTag<OperationKey, QueryData<DataOf<R>>, ErrorOf<R>>> & {
  readonly queryKey: DataTag<OperationKey, QueryData<DataOf<R>>, ErrorOf<R>>;
  readonly queryFn: (context: QueryFunctionContext<DataTag<OperationKey, QueryData<DataOf<R>>, ErrorOf<R>>>) => Promise<QueryData<DataOf<R>>>;
};

/** Options of a paginated call's infinite query (`useInfiniteQuery`, `prefetchInfiniteQuery`): each page's param is its call's input. */
export type OperationInfiniteQueryOptions<I, R> = InfiniteQueryObserverOptions<DataOf<R>, ErrorOf<R>, InfiniteData<DataOf<R>, I>, DataTag<InfiniteKey, InfiniteData<DataOf<R>, I>, ErrorOf<R>>, I> & {
  readonly queryKey: DataTag<InfiniteKey, InfiniteData<DataOf<R>, I>, ErrorOf<R>>;
  readonly queryFn: (context: QueryFunctionContext<DataTag<InfiniteKey, InfiniteData<DataOf<R>, I>, ErrorOf<R>>, I>) => Promise<DataOf<R>>;
  readonly initialPageParam: I;
  readonly getNextPageParam: (lastPage: DataOf<R>, allPages: DataOf<R>[], lastPageParam: I, allPageParams: I[]) => I | undefined;
};

/** Options of a call's mutation (`useMutation`): its variables are the call's input. */
export type OperationMutationOptions<I, R> = MutationOptions<DataOf<R>, ErrorOf<R>, I> & {
  readonly mutationKey: readonly [pkg: string, operation: string];
  readonly mutationFn: (input: I) => Promise<DataOf<R>>;
};

/**
 * The query key of a call of `endpoint`: the input keys that identify it are its parameters but
 * those marked secret, so a key never holds a credential or a call option (`signal`, `headers`,
 * `timeoutMs`); keys the input leaves out, or gives as `undefined`, are left out. Without an
 * input, the prefix of every key of the endpoint (for invalidation).
 */
export function operationKey(pkg: string, endpoint: EndpointSpec, input?: object): OperationKey {
  return input === undefined ? [pkg, endpoint.id] : [pkg, endpoint.id, picked(endpoint, input)];
}

/** The key of an endpoint's infinite query. */
export function infiniteKey(pkg: string, endpoint: EndpointSpec, input?: object): InfiniteKey {
  return [pkg, endpoint.id, picked(endpoint, input ?? {}), 'pages'];
}

/** The input's parameters: path, query and other parameters by their input keys, not the secret ones. */
function picked(endpoint: EndpointSpec, input: object): Readonly<Record<string, unknown>> {
  const secret = endpoint.secretParams?.keys ?? [];
  const keys = [...endpoint.pathParams, ...(endpoint.queryParams ?? []).map((q) => q.name), ...(endpoint.params?.specs ?? []).map((p) => p.key)];
  const out: Record<string, unknown> = {};
  const given = input as Readonly<Record<string, unknown>>;
  for (const key of keys) if (!secret.includes(key) && hasOwn(given, key) && given[key] !== undefined) out[key] = given[key];
  return out;
}

/** A call's result as a query wants it: the data, or its error thrown. */
async function settled(runtime: Runtime, endpoint: EndpointSpec, input: object): Promise<{ data: unknown; response: ResponseInfo }> {
  const result = await runtime.call(endpoint, input);
  if (!result.ok) throw result.error;
  return { data: result.data, response: result.response };
}

/** The options of one call's query; the query's own signal cancels the call. */
export function operationQuery<R>(client: object, pkg: string, endpoint: EndpointSpec, input: object | undefined): OperationQueryOptions<R> {
  // Found now, not at the first fetch: a wrong client is a programming error where it is written.
  const runtime = runtimeOf(client);
  const options = {
    queryKey: operationKey(pkg, endpoint, input),
    queryFn: async ({ signal }: { readonly signal: AbortSignal }) => {
      const { data } = await settled(runtime, endpoint, { ...input, signal });
      return data === undefined ? null : data;
    },
    retry: false,
  };
  return options as unknown as OperationQueryOptions<R>;
}

/**
 * The options of a paginated call's infinite query. The first page param is the call's input
 * (with the first page's URL, for Link pagination); each next one is what the `<operation>Pages`
 * iterators would send after that page, none where they would stop. A Link header is read from the
 * page's response, kept beside its data.
 */
export function operationInfiniteQuery<I extends object, R>(client: object, pkg: string, endpoint: EndpointSpec, input: I | undefined): OperationInfiniteQueryOptions<I, R> {
  const runtime = runtimeOf(client);
  const responses = new WeakMap<object, ResponseInfo>();
  const options = {
    queryKey: infiniteKey(pkg, endpoint, input),
    initialPageParam: firstPageInput(runtime, endpoint, input),
    queryFn: async ({ pageParam, signal }: { readonly pageParam: object; readonly signal: AbortSignal }) => {
      const { data, response } = await settled(runtime, endpoint, { ...pageParam, signal });
      if (typeof data === 'object' && data !== null) responses.set(data, response);
      return data;
    },
    getNextPageParam: (lastPage: unknown, _pages: unknown, lastPageParam: object, pageParams: readonly object[]) => {
      const response = typeof lastPage === 'object' && lastPage !== null ? responses.get(lastPage) : undefined;
      return nextPageInput(endpoint, lastPageParam, lastPage, response, pageParams);
    },
    retry: false,
  };
  return options as unknown as OperationInfiniteQueryOptions<I, R>;
}

/** The options of a call's mutation: its variables are the call's input. */
export function operationMutation<I, R>(client: object, pkg: string, endpoint: EndpointSpec): OperationMutationOptions<I, R> {
  const runtime = runtimeOf(client);
  const options = {
    mutationKey: [pkg, endpoint.id],
    mutationFn: async (input: object | undefined) => (await settled(runtime, endpoint, input ?? {})).data,
    retry: false,
  };
  return options as unknown as OperationMutationOptions<I, R>;
}
