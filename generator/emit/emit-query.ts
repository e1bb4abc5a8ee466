/**
 * The package's optional `query` entry (`src/query.ts`, off unless the contract's `outputs.query`,
 * a config entry or an option asks for it): TanStack Query v5 options for every call, framework-
 * agnostic (query-core's types; React, Vue, Solid, Svelte and Angular adapters take them as they
 * are). Per GET endpoint `<op>QueryKey` and `<op>QueryOptions(client, input)`; per paginated one
 * `<op>InfiniteQueryOptions`, its pages those the `<op>Pages` iterators read; per other endpoint
 * `<op>MutationOptions(client)`; and `queryKeys`, every key function by operation. What the
 * options do is templates/query.ts's; @tanstack/query-core is the entry's optional peer
 * dependency, of which it names types only.
 */
import { knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint } from '../model/types.js';
import { propertyKey, stringLiteral } from '../naming.js';
import { arrowLines, hasOptionalInput } from './emit-client.js';
import { distinctEndpoints } from './main-entry.js';
import { CLIENT, endpointNames, MODULE, QUERY } from './names.js';
import type { NameClaim, OutputDescriptor } from './output.js';
import { fits, list } from './pretty.js';
import type { TsFile } from './ts-file.js';

/** The TanStack Query versions the options are written for. */
const QUERY_RANGE = '^5.0.0';

/** The module's own names: its private aliases and the package name constant. */
const PRIVATE = {
  PACKAGE: 'PACKAGE',
  AnyClient: 'AnyClient',
  Key: 'Key',
  Query: 'Query',
  OptionalQuery: 'OptionalQuery',
  InfiniteQuery: 'InfiniteQuery',
  OptionalInfiniteQuery: 'OptionalInfiniteQuery',
  Mutation: 'Mutation',
  OptionalMutation: 'OptionalMutation',
} as const;

export const QUERY_ENTRY: OutputDescriptor = {
  id: 'query',
  enabled: (contract) => contract.outputs.query,
  files: (emit) => emit.tsFile(MODULE.query, (file) => emitQuery(file, emit.contract), QUERY.namespaces),
  runtime: ['query'],
  exports: () => ({ './query': { module: MODULE.query } }),
  // Its files are in dist/ and src/, which the main entry lists.
  packageFiles: [],
  peerDependencies: [{ name: QUERY.package, range: QUERY_RANGE, optional: true }],
  readme: (contract) => queryReadme(contract),
  names: (contract) => [{ id: 'query', reserved: [QUERY.queryKeys, QUERY.QueryKeys, ...Object.values(QUERY.runtime), ...Object.values(PRIVATE), ...Object.values(QUERY.namespaces)], claims: queryClaims(contract) }],
};

type Kind = 'query' | 'mutation';

/** What the entry offers for an endpoint: a query (GET), a mutation (any other method), nothing for a streamed success. */
function kindOf(contract: Contract, e: Endpoint): Kind | undefined {
  if (knowledge(contract).streamOf(e) !== undefined) return undefined;
  return e.method === 'GET' ? 'query' : 'mutation';
}

function offered(contract: Contract): { readonly endpoint: Endpoint; readonly kind: Kind }[] {
  return distinctEndpoints(contract).flatMap((endpoint) => {
    const kind = kindOf(contract, endpoint);
    return kind === undefined ? [] : [{ endpoint, kind }];
  });
}

function queryClaims(contract: Contract): NameClaim[] {
  return offered(contract).flatMap(({ endpoint: e, kind }) => {
    const [owner, path] = [`endpoint '${e.id}'`, ['endpoints', e.id]];
    const names = kind === 'mutation' ? [endpointNames.mutationOptions(e.id)] : [endpointNames.queryKey(e.id), endpointNames.queryOptions(e.id), ...(e.pagination === undefined ? [] : [endpointNames.infiniteQueryOptions(e.id)])];
    return names.map((name) => ({ name, owner, path }));
  });
}

function emitQuery(file: TsFile, contract: Contract): void {
  const endpoints = offered(contract);
  const client = (name: string) => file.useType(MODULE.client, name);
  // The keys' first element; private, so its declaration file has none (as the compiler's would not).
  const pkg = `const ${PRIVATE.PACKAGE} = ${stringLiteral(contract.info.packageName)};`;
  file.value(pkg, '', () => file.lines([pkg]));
  file.w.blankLine();
  emitAliases(file, aliasesUsed(endpoints), client(CLIENT.Client), client(CLIENT.BaseClient));
  const queries = endpoints.filter((x) => x.kind === 'query').map((x) => x.endpoint);
  for (const { endpoint, kind } of endpoints) {
    file.w.blankLine();
    if (kind === 'query') emitQueryFunctions(file, endpoint);
    else emitMutation(file, endpoint);
  }
  if (queries.length > 0) emitQueryKeys(file, queries);
}

/** The private aliases the module's functions are typed with (the compiler's declarations keep only those). */
function aliasesUsed(endpoints: readonly { readonly endpoint: Endpoint; readonly kind: Kind }[]): ReadonlySet<string> {
  const used = new Set<string>();
  for (const { endpoint: e, kind } of endpoints) {
    const optional = hasOptionalInput(e);
    if (kind === 'mutation') used.add(optional ? PRIVATE.OptionalMutation : PRIVATE.Mutation);
    else {
      used.add(PRIVATE.Key).add(optional ? PRIVATE.OptionalQuery : PRIVATE.Query);
      if (e.pagination !== undefined) used.add(optional ? PRIVATE.OptionalInfiniteQuery : PRIVATE.InfiniteQuery);
    }
  }
  return used;
}

/** The module's private function types: what each exported function is, by its input and result types. */
function emitAliases(file: TsFile, used: ReadonlySet<string>, client: string, baseClient: string): void {
  if (used.size === 0) return;
  const rt = (name: string) => file.useType(MODULE.runtime.query, name);
  const { OperationKey, OperationQueryOptions, OperationInfiniteQueryOptions, OperationMutationOptions } = QUERY.runtime;
  const p = PRIVATE;
  const all: readonly (readonly [string, () => string])[] = [
    [p.Key, () => `type ${p.Key}<I> = (input?: I) => ${rt(OperationKey)};`],
    [p.Query, () => `type ${p.Query}<I, R> = (client: ${p.AnyClient}, input: I) => ${rt(OperationQueryOptions)}<R>;`],
    [p.OptionalQuery, () => `type ${p.OptionalQuery}<I, R> = (client: ${p.AnyClient}, input?: I) => ${rt(OperationQueryOptions)}<R>;`],
    [p.InfiniteQuery, () => `type ${p.InfiniteQuery}<I, R> = (client: ${p.AnyClient}, input: I) => ${rt(OperationInfiniteQueryOptions)}<I, R>;`],
    [p.OptionalInfiniteQuery, () => `type ${p.OptionalInfiniteQuery}<I, R> = (client: ${p.AnyClient}, input?: I) => ${rt(OperationInfiniteQueryOptions)}<I, R>;`],
    [p.Mutation, () => `type ${p.Mutation}<I, R> = (client: ${p.AnyClient}) => ${rt(OperationMutationOptions)}<I, R>;`],
    [p.OptionalMutation, () => `type ${p.OptionalMutation}<I, R> = (client: ${p.AnyClient}) => ${rt(OperationMutationOptions)}<I | void, R>;`],
  ];
  file.doc('A client of this package: a `createClient` object or a `createBaseClient` one.');
  file.lines([`type ${p.AnyClient} = ${client} | ${baseClient};`]);
  // Each at most 100 columns wide as written (prettier's width) for names this short.
  file.lines(all.filter(([name]) => used.has(name)).map(([, line]) => line()));
}

function emitQueryFunctions(file: TsFile, e: Endpoint): void {
  const spec = file.use(MODULE.tables, endpointNames.spec(e.id));
  const input = file.useType(MODULE.client, endpointNames.input(e.id));
  const result = file.useType(MODULE.client, endpointNames.result(e.id));
  const optional = hasOptionalInput(e);
  const key = endpointNames.queryKey(e.id);
  const operationKey = file.use(MODULE.runtime.query, QUERY.runtime.operationKey);
  file.doc(`The query key of a ${e.id} call; without an input, the prefix of every ${e.id} key (for invalidation).`);
  declare(file, key, `${PRIVATE.Key}<${input}>`, keyLines(key, input, operationKey, spec), `export const ${key} = (input) => ${operationKey}(${PRIVATE.PACKAGE}, ${spec}, input);`);
  file.w.blankLine();
  const options = endpointNames.queryOptions(e.id);
  const query = file.use(MODULE.runtime.query, QUERY.runtime.operationQuery);
  file.doc(`Options of a ${e.id} query (${e.method} ${e.path}): for \`useQuery\`, \`prefetchQuery\`, \`ensureQueryData\`; its key is \`${key}(input)\`, its error the call's error.`);
  const args = ['client', PRIVATE.PACKAGE, spec, 'input'];
  const queryType = optional ? PRIVATE.OptionalQuery : PRIVATE.Query;
  declare(file, options, `${queryType}<${input}, ${result}>`, arrowLines(options, queryType, [input, result], ['client', 'input'], query, args, ''), `export const ${options} = (client, input) => ${query}(${args.join(', ')});`);
  if (e.pagination === undefined) return;
  file.w.blankLine();
  const infinite = endpointNames.infiniteQueryOptions(e.id);
  const infiniteQuery = file.use(MODULE.runtime.query, QUERY.runtime.operationInfiniteQuery);
  file.doc(`Options of a ${e.id} infinite query, for \`useInfiniteQuery\`: each page's param is its call's input, each next one what \`${endpointNames.pages(e.id)}\` would send.`);
  const infiniteType = optional ? PRIVATE.OptionalInfiniteQuery : PRIVATE.InfiniteQuery;
  declare(file, infinite, `${infiniteType}<${input}, ${result}>`, arrowLines(infinite, infiniteType, [input, result], ['client', 'input'], infiniteQuery, args, ''), `export const ${infinite} = (client, input) => ${infiniteQuery}(${args.join(', ')});`);
}

function emitMutation(file: TsFile, e: Endpoint): void {
  const spec = file.use(MODULE.tables, endpointNames.spec(e.id));
  const input = file.useType(MODULE.client, endpointNames.input(e.id));
  const result = file.useType(MODULE.client, endpointNames.result(e.id));
  const name = endpointNames.mutationOptions(e.id);
  const mutation = file.use(MODULE.runtime.query, QUERY.runtime.operationMutation);
  file.doc(`Options of a ${e.id} mutation (${e.method} ${e.path}), for \`useMutation\`: its variables are the call's input, its error the call's error.`);
  const args = ['client', PRIVATE.PACKAGE, spec];
  const mutationType = hasOptionalInput(e) ? PRIVATE.OptionalMutation : PRIVATE.Mutation;
  declare(file, name, `${mutationType}<${input}, ${result}>`, arrowLines(name, mutationType, [input, result], ['client'], mutation, args, ''), `export const ${name} = (client) => ${mutation}(${args.join(', ')});`);
}

/** `export const <key>: Key<I> = (input) => operationKey(PACKAGE, SPEC, input);` in prettier's layout. */
function keyLines(key: string, input: string, operationKey: string, spec: string): string[] {
  const head = `export const ${key}: ${PRIVATE.Key}<${input}> = (input) =>`;
  const body = `${operationKey}(${PRIVATE.PACKAGE}, ${spec}, input);`;
  if (fits(`${head} ${body}`, 0)) return [`${head} ${body}`];
  if (fits(head, 0)) return [head, `  ${body}`];
  return [`export const ${key}: ${PRIVATE.Key}<`, `  ${input}`, `> = (input) =>`, `  ${body}`];
}

/** A constant of type `type`: its TypeScript lines, JavaScript and declaration. */
function declare(file: TsFile, name: string, type: string, lines: readonly string[], js: string): void {
  file.value(js, `export declare const ${name}: ${type};`, () => file.lines(lines));
}

/** `QueryKeys` and `queryKeys`: every GET operation's key function, by operation. */
function emitQueryKeys(file: TsFile, endpoints: readonly Endpoint[]): void {
  const example = endpointNames.operation(endpoints[0]?.id ?? '');
  file.w.blankLine();
  file.doc(`Every query key function, by operation: \`queryKeys.${example}(input)\` is a call's key, \`queryKeys.${example}()\` the prefix of all of them.`);
  file.lines([`export interface ${QUERY.QueryKeys} {`, ...endpoints.map((e) => `  readonly ${propertyKey(endpointNames.operation(e.id))}: typeof ${endpointNames.queryKey(e.id)};`), '}']);
  file.w.blankLine();
  file.doc('Every query key function, by operation (see {@link QueryKeys}).');
  const entries = endpoints.map((e) => `${propertyKey(endpointNames.operation(e.id))}: ${endpointNames.queryKey(e.id)}`);
  const lines = list(`export const ${QUERY.queryKeys}: ${QUERY.QueryKeys} = `, '{', entries, '}', ';', 0, true);
  file.value(`export const ${QUERY.queryKeys} = { ${entries.join(', ')} };`, `export declare const ${QUERY.queryKeys}: ${QUERY.QueryKeys};`, () => file.lines(lines));
}

/** The README section on `<package>/query`. */
function queryReadme(contract: Contract): string[] {
  const pkg = contract.info.packageName;
  const q = offered(contract);
  const query = q.find((x) => x.kind === 'query')?.endpoint;
  const mutation = q.find((x) => x.kind === 'mutation')?.endpoint;
  return [
    '## TanStack Query',
    '',
    `\`${pkg}/query\` has TanStack Query v5 options for every call, for \`@tanstack/query-core\` and each of its adapters (React, Vue, Solid, Svelte, Angular): \`<operation>QueryOptions(client, input)\` per GET endpoint, \`<operation>InfiniteQueryOptions(client, input)\` per paginated one (each next page is what \`<operation>Pages\` would read next), \`<operation>MutationOptions(client)\` per other endpoint, and \`queryKeys\`. A failed call throws its decoded error, typed as the call's error; the client retries as its policy says, so the options set \`retry: false\`. \`@tanstack/query-core\` (${QUERY_RANGE}) is an optional peer dependency; the main entry never loads it.`,
    '',
    ...(query === undefined
      ? []
      : [
          '```ts',
          `import { ${endpointNames.queryOptions(query.id)}, queryKeys${mutation === undefined ? '' : `, ${endpointNames.mutationOptions(mutation.id)}`} } from '${pkg}/query';`,
          '',
          `const options = ${endpointNames.queryOptions(query.id)}(client${hasOptionalInput(query) ? '' : ', input'});`,
          'const { data, error } = useQuery(options); // error: the call\'s error union',
          ...(mutation === undefined ? [] : ['', `const create = useMutation(${endpointNames.mutationOptions(mutation.id)}(client));`, `// after it: queryClient.invalidateQueries({ queryKey: queryKeys.${endpointNames.operation(query.id)}() })`]),
          '```',
          '',
        ]),
  ];
}
