/**
 * Error-code unions and tables, each host's decoded-error type and decoder, the `decodeError`
 * dispatcher, and each endpoint's error union: where the endpoint documents error bodies, one
 * member per body with its statuses and one for every other status, so `error.status` narrows
 * `error.body`.
 */
import { knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint, Host, TypeRef } from '../model/types.js';
import { propertyKey, stringLiteral } from '../naming.js';
import { constTuple, emitLiteralUnion } from './literal-union.js';
import { endpointNames, ERRORS, hostNames, MODULE, RUNTIME, TABLES } from './names.js';
import { typeText } from './emit-types.js';
import { wireType } from './date-plans.js';
import { list, union } from './pretty.js';
import type { TsFile } from './ts-file.js';

const DECODE = MODULE.runtime.decode;

function literals(values: readonly string[]): string[] {
  return values.length === 0 ? ['never'] : values.map(stringLiteral);
}

export function emitErrors(file: TsFile, contract: Contract): void {
  emitCommonUnions(file, contract);
  emitDecodeInput(file);
  const k = knowledge(contract);
  const documenting = contract.endpoints.filter((e) => documentsAny(documentedErrors(contract, e)));
  const typed = new Set(documenting.map((e) => e.host));
  const documents = new Set(documenting);
  for (const host of contract.hosts) emitHost(file, contract, host, typed.has(host.name));
  emitDispatcher(file, contract);
  // One declaration per distinct error union: later endpoints with the same one name the first's.
  const first = new Map<string, string>();
  for (const endpoint of contract.endpoints) {
    const host = k.host(endpoint.host);
    const key = !documents.has(endpoint) ? '' : JSON.stringify(endpointErrorMembers(contract, endpoint, (name) => name));
    const same = key === '' ? undefined : first.get(key);
    if (key !== '' && same === undefined) first.set(key, endpointNames.error(endpoint.id));
    // The error type reads the shapes of the endpoint's host, which other endpoints on it extend, and the shape bodies and first endpoint it shares its union with.
    const reads = [host === undefined ? '' : k.hostShapes(host).join('\n'), key, same ?? ''].join('\n');
    file.section('endpoint', endpoint, () => emitEndpointError(file, contract, endpoint, same), reads);
  }
}

/** What an endpoint's error responses document, by the statuses that send it. */
interface DocumentedErrors {
  /** Bodies of exact statuses, each with the statuses that send it, in the contract's order. */
  readonly exact: readonly { readonly body: TypeRef; readonly statuses: number[] }[];
  /** The body of a `4XX` or `5XX` class: for the statuses of the class not listed exactly. */
  readonly classes: readonly { readonly statusClass: 4 | 5; readonly body: TypeRef }[];
  /** The body of an error `default`: for every status listed neither exactly nor by class. */
  readonly fallback: TypeRef | undefined;
}

/** The bodies an endpoint's error responses document: their own `body`, else their shape's. */
function documentedErrors(contract: Contract, endpoint: Endpoint): DocumentedErrors {
  const exact = new Map<string, { readonly body: TypeRef; readonly statuses: number[] }>();
  const classes: { statusClass: 4 | 5; body: TypeRef }[] = [];
  let fallback: TypeRef | undefined;
  for (const r of endpoint.responses) {
    const body = r.isError ? (r.body ?? contract.shapes.find((s) => s.name === r.shape)?.body) : undefined;
    if (body === undefined) continue;
    if (r.status.kind === 'default') fallback = body;
    else if (r.status.kind === 'class' && (r.status.statusClass === 4 || r.status.statusClass === 5)) classes.push({ statusClass: r.status.statusClass, body });
    else if (r.status.kind === 'exact') {
      const key = typeText(contract, body);
      const group = exact.get(key) ?? { body, statuses: [] };
      group.statuses.push(r.status.status);
      exact.set(key, group);
    }
  }
  return { exact: [...exact.values()], classes, fallback };
}

function documentsAny(d: DocumentedErrors): boolean {
  return d.exact.length > 0 || d.classes.length > 0 || d.fallback !== undefined;
}

function typeAndValues(file: TsFile, typeDoc: string[], typeName: string, values: readonly string[], valuesDoc: string, valuesName: string): void {
  emitLiteralUnion(file, { typeName, typeDoc, values, valuesName, valuesDoc });
}

function emitCommonUnions(file: TsFile, contract: Contract): void {
  const hosts = contract.hosts.map((h) => h.name);
  typeAndValues(file, ['The hosts of the contract; errors are decoded per host.'], ERRORS.Host, hosts, `Every {@link ${ERRORS.Host}}.`, ERRORS.HOSTS);
  file.w.blankLine();
  file.doc('Operation ids of the contract.');
  file.lines(union(`export type ${ERRORS.OperationId} =`, literals(contract.endpoints.map((e) => e.id)), ';', file.level));
  file.w.blankLine();
  const categoryDocs = contract.categories.map((c) => `- ${c.name}${c.retryable ? ' (retryable)' : ''}: ${c.description ?? ''}`);
  const categories = contract.categories.map((c) => c.name);
  typeAndValues(file, ['Error categories: what kind of failure, and so what to do about it.', categoryDocs.join('\n')], ERRORS.ErrorCategory, categories, `Every {@link ${ERRORS.ErrorCategory}}, in contract order.`, ERRORS.ERROR_CATEGORIES);
  file.doc('Categories worth retrying (with backoff).');
  constTuple(file, ERRORS.RETRYABLE_CATEGORIES, contract.categories.filter((c) => c.retryable).map((c) => c.name));
  file.w.blankLine();
}

function emitDecodeInput(file: TsFile): void {
  file.doc('Input of the per-host decoders.');
  file.w.write(`export interface ${ERRORS.HostDecodeInput} `).block(() => {
    file.doc('The HTTP status: authoritative over any status inside the body.');
    file.w.writeLine('readonly status: number;');
    file.doc('The raw response text, or the already-parsed JSON value.');
    file.w.writeLine('readonly body: unknown;');
    file.doc('The operation that was called, to apply its quirks.');
    file.w.writeLine(`readonly endpoint?: ${ERRORS.OperationId};`);
  });
  file.w.blankLine();
}

function codeType(host: Host): string {
  return host.codes.codes.length > 0 ? `${hostNames.code(host.name)} | (string & {})` : 'string';
}

/** The arguments of `DecodedError<host, shapes, code, category>`; `file`, where given, imports DecodedError. */
function decodedErrorArgs(host: Host, shapes: string, file?: TsFile): string[] {
  file?.useType(DECODE, RUNTIME.decode.DecodedError);
  return [stringLiteral(host.name), shapes, codeType(host), ERRORS.ErrorCategory];
}

function emitHost(file: TsFile, contract: Contract, host: Host, typedBodies: boolean): void {
  const codes = host.codes;
  if (codes.codes.length > 0) {
    const openNote = codes.open ? 'The table is open: other codes may arrive; treat them by their status class.' : 'The table is closed.';
    const typeDoc = [`Error codes of the ${host.name} host's code table.`, codes.description ?? '', openNote];
    typeAndValues(file, typeDoc, hostNames.code(host.name), codes.codes, `Every {@link ${hostNames.code(host.name)}}, in table order.`, hostNames.codes(host.name));
    file.doc(`Whether a code is one of {@link ${hostNames.codes(host.name)}}.`);
    const values = hostNames.codes(host.name);
    file.fn(
      `${hostNames.isCode(host.name)}(code: unknown): code is ${hostNames.code(host.name)}`,
      'code',
      [`return typeof code === 'string' && ${values}.includes(code);`],
      [`return typeof code === 'string' && (${values} as readonly string[]).includes(code);`],
    );
  }
  file.doc(`Error envelope shapes the ${host.name} host answers with ('unrecognised' when none matches).`);
  file.lines(union(`export type ${hostNames.shape(host.name)} =`, literals(knowledge(contract).hostShapes(host)), ';', file.level));
  file.doc(`An error response of the ${host.name} host, decoded.`, host.description);
  // Generic where an endpoint on the host types its error bodies by status.
  const params = typedBodies ? '<S extends number = number, B = unknown>' : '';
  const args = [...decodedErrorArgs(host, hostNames.shape(host.name), file), ...(typedBodies ? ['S', 'B'] : [])];
  file.lines(list(`export type ${hostNames.error(host.name)}${params} = ${RUNTIME.decode.DecodedError}`, '<', args, '>', ';', file.level, false));
  file.doc(`Decodes an error response of the ${host.name} host. Never throws.`);
  const decodeArgs = [...tableArgs(file), stringLiteral(host.name), 'input'];
  const decode = file.use(DECODE, RUNTIME.decode.decodeForHost);
  const error = hostNames.error(host.name);
  file.fn(`${hostNames.decode(host.name)}(input: ${ERRORS.HostDecodeInput}): ${error}`, 'input', [`return ${decode}(${decodeArgs.join(', ')});`], list(`return ${decode}`, '(', decodeArgs, ')', ` as ${error};`, file.level + 1));
  file.w.blankLine();
}

/** The tables every decoder reads. */
function tableArgs(file: TsFile): string[] {
  return [TABLES.ERROR_TABLES, TABLES.HOST_ERRORS, TABLES.ENDPOINT_ERRORS].map((name) => file.use(MODULE.tables, name));
}

function emitDispatcher(file: TsFile, contract: Contract): void {
  file.doc('Any decoded error of any host.');
  file.lines(union(`export type ${ERRORS.AnyDecodedError} =`, contract.hosts.map((h) => hostNames.error(h.name)).concat(contract.hosts.length === 0 ? ['never'] : []), ';', file.level));
  file.doc("Each host's decoded error type.");
  file.w.write(`export interface ${ERRORS.HostErrors} `).block(() => {
    for (const h of contract.hosts) file.w.writeLine(`${propertyKey(h.name)}: ${hostNames.error(h.name)};`);
  });
  file.doc('Input of {@link decodeError}.');
  file.w.write(`export interface ${ERRORS.DecodeErrorInput}<H extends ${ERRORS.Host} = ${ERRORS.Host}> extends ${ERRORS.HostDecodeInput} `).block(() => {
    file.doc('The host that answered: decoding branches on it, never on the body.');
    file.w.writeLine('readonly host: H;');
  });
  file.doc('Decodes an error response by host. Never throws, whatever the input.');
  const args = [...tableArgs(file), 'input'];
  const decode = file.use(DECODE, RUNTIME.decode.decodeByHost);
  const signature = `${ERRORS.decodeError}<H extends ${ERRORS.Host}>(input: ${ERRORS.DecodeErrorInput}<H>): ${ERRORS.HostErrors}[H]`;
  file.fn(signature, 'input', [`return ${decode}(${args.join(', ')});`], list(`return ${decode}`, '(', args, ')', ` as ${ERRORS.HostErrors}[H];`, file.level + 1));
  file.w.blankLine();
}

function emitEndpointError(file: TsFile, contract: Contract, endpoint: Endpoint, same: string | undefined): void {
  const tokenEndpoint = knowledge(contract).usesTokenFlow(endpoint) ? contract.auth?.endpoint : undefined;
  const tokenNote = tokenEndpoint === undefined ? undefined : `A failed token request surfaces as a {@link ${endpointNames.error(tokenEndpoint)}}.`;
  // Only what the type does not say: a consumer's tsc scans every comment of the declarations.
  file.doc(tokenNote);
  const name = `export type ${endpointNames.error(endpoint.id)} =`;
  if (same !== undefined) file.w.writeLine(`${name} ${same};`);
  else file.lines(union(name, endpointErrorMembers(contract, endpoint, (exported) => file.useType(MODULE.types, exported), file), ';', file.level));
}

/**
 * The members of an endpoint's error union: the host's decoded error (per documented body, then
 * for every other status), the client errors, and the token endpoint's errors where it fetches
 * tokens. Without `file`, the text names what it uses as is (the key of a shared union).
 */
function endpointErrorMembers(contract: Contract, endpoint: Endpoint, nameOf: (exported: string) => string, file?: TsFile): string[] {
  const k = knowledge(contract);
  const host = k.host(endpoint.host);
  if (host === undefined) return ['never'];
  const runtime = (module: string, exported: string) => (file === undefined ? exported : file.useType(module, exported));
  // The host's own decoded-error type when the endpoint adds no shape (the usual case).
  const own = k.hostShapes(host);
  const sameShapes = own.length === endpoint.errors.shapes.length && own.every((s) => endpoint.errors.shapes.includes(s));
  const decoded = (statusAndBody: readonly string[]): string =>
    sameShapes
      ? `${hostNames.error(host.name)}${statusAndBody.length === 0 ? '' : `<${statusAndBody.join(', ')}>`}`
      : list(runtime(DECODE, RUNTIME.decode.DecodedError), '<', [...decodedErrorArgs(host, literals(endpoint.errors.shapes).join(' | '), file), ...statusAndBody], '>', '', (file?.level ?? 0) + 1, false).join('\n');
  const documented = documentedErrors(contract, endpoint);
  // An error body is read as the server sent it: where the package reads dates as Dates, its type says they are text here.
  const wire = (ref: TypeRef, text: string) => wireType(contract, ref, text, runtime);
  const members = documentsAny(documented) ? documentedMembers(contract, documented, decoded, (exported) => runtime(DECODE, exported), nameOf, wire) : [decoded([])];
  members.push(`${runtime(MODULE.runtime.exchange, RUNTIME.exchange.ClientError)}<${stringLiteral(host.name)}>`);
  const tokenEndpoint = k.usesTokenFlow(endpoint) ? contract.auth?.endpoint : undefined;
  if (tokenEndpoint !== undefined) members.push(endpointNames.error(tokenEndpoint));
  return members;
}

/**
 * One member per documented body with the statuses that send it: exact statuses, then a class's
 * statuses not listed exactly (`Exclude<Status4xx, 404>`), then every other status, whose body is
 * the `default`'s or unknown. Statuses are literal unions, never `number`: a member typed `number`
 * would take in every `error.status === 404` check and so keep `body` unknown.
 */
function documentedMembers(
  contract: Contract,
  d: DocumentedErrors,
  decoded: (statusAndBody: readonly string[]) => string,
  runtime: (exported: string) => string,
  nameOf: (exported: string) => string,
  wire: (ref: TypeRef, text: string) => string,
): string[] {
  const exact = d.exact.flatMap((b) => b.statuses);
  const body = (ref: TypeRef) => `${wire(ref, typeText(contract, ref, nameOf))} | undefined`;
  const excluding = (all: string, statuses: readonly (number | string)[]) => (statuses.length === 0 ? all : `Exclude<${all}, ${statuses.join(' | ')}>`);
  const classType = (c: 4 | 5) => runtime(c === 4 ? RUNTIME.decode.Status4xx : RUNTIME.decode.Status5xx);
  const rest = excluding(runtime(RUNTIME.decode.HttpStatus), [...exact, ...d.classes.map((c) => classType(c.statusClass))]);
  return [
    ...d.exact.map((b) => decoded([b.statuses.join(' | '), body(b.body)])),
    ...d.classes.map((c) => decoded([excluding(classType(c.statusClass), exact.filter((s) => Math.floor(s / 100) === c.statusClass)), body(c.body)])),
    decoded(d.fallback === undefined ? [rest] : [rest, body(d.fallback)]),
  ];
}
