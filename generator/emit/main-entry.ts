/**
 * The package's main entry (`<package>`): the contract's types, the runtime tables, the error
 * decoders, the client and its operation functions, and the entry point that re-exports them with
 * the runtime types users name.
 */
import { knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint } from '../model/types.js';
import { emitClient, operationExample } from './emit-client.js';
import { emitErrors } from './emit-errors.js';
import { emitTables } from './emit-tables.js';
import { emitTypes } from './emit-types.js';
import { CLIENT_NAMESPACES, ENDPOINT_TYPE_NAMES, endpointNames, hostNames, INDEX_MODULES, INDEX_REEXPORTS, MODULE, RESERVED_EXPORTS, RUNTIME, typeNames } from './names.js';
import { datesOn } from './date-plans.js';
import { list } from './pretty.js';
import { EmitContext, header, type NameClaim, type OutputDescriptor, type OutputFile } from './output.js';

/** The main entry's contract modules, each emitted as its source, JavaScript and declarations. */
const MODULES: Readonly<Record<string, (emit: EmitContext) => OutputFile[]>> = {
  [MODULE.types]: (emit) => emit.tsFile(MODULE.types, (f) => emitTypes(f, emit.contract)),
  [MODULE.tables]: (emit) => emit.tsFile(MODULE.tables, (f) => emitTables(f, emit.contract)),
  [MODULE.errors]: (emit) => emit.tsFile(MODULE.errors, (f) => emitErrors(f, emit.contract)),
  // The client names a type of every endpoint: contract types and errors come in as namespaces.
  [MODULE.client]: (emit) => emit.tsFile(MODULE.client, (f) => emitClient(f, emit.contract), CLIENT_NAMESPACES),
};

export const MAIN_ENTRY: OutputDescriptor = {
  id: 'main',
  enabled: () => true,
  files: (emit) => [...Object.values(MODULES).flatMap((module) => module(emit)), ...indexFiles(emit.contract)],
  runtime: ['auth', 'base-client', 'body', 'credentials', 'decode', 'decode-rules', 'exchange', 'json', 'messages', 'middleware', 'node-transport', 'paginate', 'params', 'plan', 'redirect', 'request-body', 'retry', 'shape-reader', 'spec', 'sse', 'status', 'stream', 'support', 'transport', 'validate', 'validation'],
  exports: () => ({ '.': { module: MODULE.index } }),
  packageFiles: ['dist', 'src'],
  peerDependencies: [],
  readme: (contract) => [
    '## Exports',
    '',
    `- \`createClient(options)\`: ${contract.endpoints.length} method(s), one per endpoint, each returning \`{ ok: true, data, status, response } | { ok: false, error }\`; see \`Client\` in \`dist/client.d.ts\`.`,
    `- \`createBaseClient(options)\` and one function per endpoint taking it (\`${operationExample(contract)}(client, input)\`): the same calls, and a bundler keeps only the endpoints a program calls (the decoders add the error rules of endpoints that have their own).`,
    `- \`decodeError({ host, status, body, endpoint? })\` and one decoder per host (${contract.hosts.length}): they never throw.`,
    "- The contract's types, enums (literal unions plus `*_VALUES` arrays) and error-code unions.",
    '',
  ],
  // With dates as Dates, errors.ts imports WireDates beside the contract's types.
  names: (contract) => [{ id: 'main', reserved: datesOn(contract) ? [...RESERVED_EXPORTS, RUNTIME.dates.WireDates] : RESERVED_EXPORTS, claims: mainClaims(contract) }],
};

/**
 * The declarations of what the package exports, by module id (`index`, `types`, `errors`,
 * `client`): the entry point and the modules it re-exports whole, without the tables, the README
 * or the other outputs (what `diff` reviews as the package's public API).
 */
export function publicDeclarations(contract: Contract): Map<string, string> {
  const emit = new EmitContext(contract);
  const files = [...INDEX_MODULES.flatMap((id) => MODULES[id]?.(emit) ?? []), ...indexFiles(contract)];
  return new Map(files.filter((f) => f.path.startsWith('dist/') && f.path.endsWith('.d.ts')).map((f) => [f.path.slice('dist/'.length, -'.d.ts'.length), f.text]));
}

function indexFiles(contract: Contract): OutputFile[] {
  const statements = indexStatements(contract);
  const text = (keep: (s: IndexStatement) => boolean) => `${statements.filter(keep).flatMap((s) => s.lines).join('\n')}\n`;
  return [
    { path: `src/${MODULE.index}.ts`, text: text(() => true), format: 'typescript' },
    // Type-only re-exports vanish from JavaScript; the rest is the same in all three.
    { path: `dist/${MODULE.index}.js`, text: text((s) => !s.typeOnly), format: 'none' },
    { path: `dist/${MODULE.index}.d.ts`, text: text(() => true), format: 'none' },
  ];
}

/** One statement of the entry point, in prettier's form (a long list of names broken one per line). */
interface IndexStatement {
  readonly lines: readonly string[];
  readonly typeOnly: boolean;
}

function indexStatements(contract: Contract): IndexStatement[] {
  const from = (module: string) => ` from './${module}.js';`;
  const values = (names: readonly string[], module: string): IndexStatement => ({ lines: list('export ', '{', names, '}', from(module), 0), typeOnly: false });
  const types = (names: readonly string[], module: string): IndexStatement => ({ lines: list('export type ', '{', names, '}', from(module), 0), typeOnly: true });
  return [
    { lines: [header(contract, true)], typeOnly: false },
    ...INDEX_MODULES.map((m) => ({ lines: [`export *${from(m)}`], typeOnly: false })),
    ...INDEX_REEXPORTS.flatMap((r) => [...(r.values === undefined ? [] : [values(r.values, r.module)]), types(r.types, r.module)]),
    // The type that says a body read as text keeps its dates as text (error bodies), for code that names it.
    ...(datesOn(contract) ? [types([RUNTIME.dates.WireDates], MODULE.runtime.dates)] : []),
  ];
}

/** The names the main entry exports for the contract's types, hosts and endpoints. */
function mainClaims(contract: Contract): NameClaim[] {
  const claims: NameClaim[] = [];
  const directional = knowledge(contract).directional;
  for (const type of contract.types) {
    const path = ['types', type.name];
    const owner = `type '${type.name}'`;
    claims.push({ name: typeNames.type(type.name), owner, path });
    const input = directional.has(type.name);
    if (input) claims.push({ name: typeNames.input(type.name), owner, path });
    if (type.kind === 'enum') claims.push({ name: typeNames.enumValues(type.name), owner: `enum '${type.name}'`, path });
    else if (type.kind === 'object' && (type.requiredWhen.length > 0 || type.together.length > 0)) {
      for (const variant of input ? [false, true] : [false]) {
        claims.push({ name: typeNames.fields(type.name, variant), owner, path });
        for (let i = 1; i <= type.requiredWhen.length + type.together.length; i++) claims.push({ name: typeNames.rule(type.name, i, variant), owner, path });
      }
    }
  }
  for (const host of contract.hosts) {
    const path = ['hosts', host.name];
    for (const name of [hostNames.error, hostNames.shape, hostNames.code, hostNames.codes, hostNames.isCode, hostNames.decode]) claims.push({ name: name(host.name), owner: `host '${host.name}'`, path });
  }
  for (const endpoint of distinctEndpoints(contract)) claims.push(...endpointClaims(endpoint));
  return claims;
}

/** Per endpoint object: a watch session names only the endpoints it rebuilt. */
const claimsOf = new WeakMap<Endpoint, readonly NameClaim[]>();

/** The endpoint's types, its operation function and, where it pages, its iterators. */
function endpointClaims(endpoint: Endpoint): readonly NameClaim[] {
  let claims = claimsOf.get(endpoint);
  if (claims === undefined) {
    const [path, owner] = [['endpoints', endpoint.id], `endpoint '${endpoint.id}'`];
    const iterators = endpoint.pagination === undefined ? [] : [endpointNames.pages, endpointNames.items];
    claims = [...ENDPOINT_TYPE_NAMES, endpointNames.operation, ...iterators].map((name) => ({ name: name(endpoint.id), owner, path }));
    claimsOf.set(endpoint, claims);
  }
  return claims;
}

/** Endpoints, less those whose ids equal an earlier one's but for case (already duplicate operation ids). */
export function distinctEndpoints(contract: Contract): Contract['endpoints'] {
  const folded = new Set<string>();
  return contract.endpoints.filter((e) => {
    const key = e.id.toLowerCase().replace(/_/g, '');
    if (folded.has(key)) return false;
    folded.add(key);
    return true;
  });
}
