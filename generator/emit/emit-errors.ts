/**
 * Error-code unions and tables, each host's decoded-error type and decoder, the `decodeError`
 * dispatcher, and each endpoint's error union.
 */
import type { Contract, Endpoint, Host } from '../model/types.js';
import { camel, constant, pascal, propertyKey, stringLiteral } from '../naming.js';
import { RUNTIME } from './emit-tables.js';
import { hostShapes } from './host-shapes.js';
import { constTuple, emitLiteralUnion } from './literal-union.js';
import { list, union } from './pretty.js';
import type { TsFile } from './ts-file.js';

export const names = {
  hostType: 'Host',
  operationId: 'OperationId',
  category: 'ErrorCategory',
  hostError: (host: string) => `${pascal(host)}Error`,
  hostShape: (host: string) => `${pascal(host)}ErrorShape`,
  hostCode: (host: string) => `${pascal(host)}ErrorCode`,
  hostCodes: (host: string) => `${constant(host)}_ERROR_CODES`,
  isHostCode: (host: string) => `is${pascal(host)}ErrorCode`,
  decodeHost: (host: string) => `decode${pascal(host)}Error`,
  endpointError: (id: string) => `${pascal(id)}Error`,
};

const TABLES = './tables.js';
const DECODE = `${RUNTIME}/decode.js`;

function literals(values: readonly string[]): string[] {
  return values.length === 0 ? ['never'] : values.map(stringLiteral);
}

export function emitErrors(file: TsFile, contract: Contract): void {
  emitCommonUnions(file, contract);
  emitDecodeInput(file);
  for (const host of contract.hosts) emitHost(file, contract, host);
  emitDispatcher(file, contract);
  for (const endpoint of contract.endpoints) file.section('endpoint', endpoint, () => emitEndpointError(file, contract, endpoint));
}

function typeAndValues(file: TsFile, typeDoc: string[], typeName: string, values: readonly string[], valuesDoc: string, valuesName: string): void {
  emitLiteralUnion(file, { typeName, typeDoc, values, valuesName, valuesDoc });
}

function emitCommonUnions(file: TsFile, contract: Contract): void {
  const hosts = contract.hosts.map((h) => h.name);
  typeAndValues(file, ['The hosts of the contract; errors are decoded per host.'], names.hostType, hosts, `Every {@link ${names.hostType}}.`, 'HOSTS');
  file.w.blankLine();
  file.doc('Operation ids of the contract.');
  file.lines(union(`export type ${names.operationId} =`, literals(contract.endpoints.map((e) => e.id)), ';', file.level));
  file.w.blankLine();
  const categoryDocs = contract.categories.map((c) => `- ${c.name}${c.retryable ? ' (retryable)' : ''}: ${c.description ?? ''}`);
  const categories = contract.categories.map((c) => c.name);
  typeAndValues(file, ['Error categories: what kind of failure, and so what to do about it.', categoryDocs.join('\n')], names.category, categories, `Every {@link ${names.category}}, in contract order.`, 'ERROR_CATEGORIES');
  file.doc('Categories worth retrying (with backoff).');
  constTuple(file, 'RETRYABLE_CATEGORIES', contract.categories.filter((c) => c.retryable).map((c) => c.name));
  file.w.blankLine();
}

function emitDecodeInput(file: TsFile): void {
  file.doc('Input of the per-host decoders.');
  file.w.write('export interface HostDecodeInput ').block(() => {
    file.doc('The HTTP status: authoritative over any status inside the body.');
    file.w.writeLine('readonly status: number;');
    file.doc('The raw response text, or the already-parsed JSON value.');
    file.w.writeLine('readonly body: unknown;');
    file.doc('The operation that was called, to apply its quirks.');
    file.w.writeLine(`readonly endpoint?: ${names.operationId};`);
  });
  file.w.blankLine();
}

function codeType(host: Host): string {
  return host.codes.codes.length > 0 ? `${names.hostCode(host.name)} | (string & {})` : 'string';
}

/** `DecodedError<host, shapes, code, category>`, laid out at the print width. */
function decodedErrorArgs(file: TsFile, host: Host, shapes: string): string[] {
  file.useType(DECODE, 'DecodedError');
  return [stringLiteral(host.name), shapes, codeType(host), names.category];
}

function emitHost(file: TsFile, contract: Contract, host: Host): void {
  const codes = host.codes;
  if (codes.codes.length > 0) {
    const openNote = codes.open ? 'The table is open: other codes may arrive; treat them by their status class.' : 'The table is closed.';
    const typeDoc = [`Error codes of the ${host.name} host's code table.`, codes.description ?? '', openNote];
    typeAndValues(file, typeDoc, names.hostCode(host.name), codes.codes, `Every {@link ${names.hostCode(host.name)}}, in table order.`, names.hostCodes(host.name));
    file.doc(`Whether a code is one of {@link ${names.hostCodes(host.name)}}.`);
    const values = names.hostCodes(host.name);
    file.fn(
      `${names.isHostCode(host.name)}(code: unknown): code is ${names.hostCode(host.name)}`,
      'code',
      [`return typeof code === 'string' && ${values}.includes(code);`],
      [`return typeof code === 'string' && (${values} as readonly string[]).includes(code);`],
    );
  }
  file.doc(`Error envelope shapes the ${host.name} host answers with ('unrecognised' when none matches).`);
  file.lines(union(`export type ${names.hostShape(host.name)} =`, literals(hostShapes(contract, host)), ';', file.level));
  file.doc(`An error response of the ${host.name} host, decoded.`, host.description);
  file.lines(list(`export type ${names.hostError(host.name)} = DecodedError`, '<', decodedErrorArgs(file, host, names.hostShape(host.name)), '>', ';', file.level, false));
  file.doc(`Decodes an error response of the ${host.name} host. Never throws.`);
  const args = [file.use(TABLES, 'ERROR_TABLES'), file.use(TABLES, 'HOST_ERRORS'), file.use(TABLES, 'ENDPOINT_ERRORS'), stringLiteral(host.name), 'input'];
  const call = `${file.use(DECODE, 'decodeForHost')}(${args.join(', ')})`;
  file.fn(`${names.decodeHost(host.name)}(input: HostDecodeInput): ${names.hostError(host.name)}`, 'input', [`return ${call};`], list(`return ${file.use(DECODE, 'decodeForHost')}`, '(', args, ')', ` as ${names.hostError(host.name)};`, file.level + 1));
  file.w.blankLine();
}

function emitDispatcher(file: TsFile, contract: Contract): void {
  file.doc('Any decoded error of any host.');
  file.lines(union('export type AnyDecodedError =', contract.hosts.map((h) => names.hostError(h.name)).concat(contract.hosts.length === 0 ? ['never'] : []), ';', file.level));
  file.doc("Each host's decoded error type.");
  file.w.write('export interface HostErrors ').block(() => {
    for (const h of contract.hosts) file.w.writeLine(`${propertyKey(h.name)}: ${names.hostError(h.name)};`);
  });
  file.doc('Input of {@link decodeError}.');
  file.w.write(`export interface DecodeErrorInput<H extends ${names.hostType} = ${names.hostType}> extends HostDecodeInput `).block(() => {
    file.doc('The host that answered: decoding branches on it, never on the body.');
    file.w.writeLine('readonly host: H;');
  });
  file.doc('Decodes an error response by host. Never throws, whatever the input.');
  const args = [file.use(TABLES, 'ERROR_TABLES'), file.use(TABLES, 'HOST_ERRORS'), file.use(TABLES, 'ENDPOINT_ERRORS'), 'input'];
  const decode = file.use(DECODE, 'decodeByHost');
  file.fn(`decodeError<H extends ${names.hostType}>(input: DecodeErrorInput<H>): HostErrors[H]`, 'input', [`return ${decode}(${args.join(', ')});`], list(`return ${decode}`, '(', args, ')', ' as HostErrors[H];', file.level + 1));
  file.w.blankLine();
}

function emitEndpointError(file: TsFile, contract: Contract, endpoint: Endpoint): void {
  const host = contract.hosts.find((h) => h.name === endpoint.host);
  if (host === undefined) return;
  const tokenEndpoint = endpoint.auth === 'required' && contract.auth !== undefined && contract.auth.endpoint !== endpoint.id ? contract.auth.endpoint : undefined;
  const tokenNote = tokenEndpoint === undefined ? undefined : `A failed token request surfaces as a {@link ${names.endpointError(tokenEndpoint)}}.`;
  // Only what the type does not say: a consumer's tsc scans every comment of the declarations.
  file.doc(tokenNote);
  // The host's own decoded-error type when the endpoint adds no shape (the usual case).
  const own = hostShapes(contract, host);
  const sameShapes = own.length === endpoint.errors.shapes.length && own.every((s) => endpoint.errors.shapes.includes(s));
  const decoded = sameShapes
    ? names.hostError(host.name)
    : list('DecodedError', '<', decodedErrorArgs(file, host, literals(endpoint.errors.shapes).join(' | ')), '>', '', file.level + 1, false).join('\n');
  const members = [decoded, `${file.useType(`${RUNTIME}/client.js`, 'ClientError')}<${stringLiteral(host.name)}>`];
  if (tokenEndpoint !== undefined) members.push(names.endpointError(tokenEndpoint));
  file.lines(union(`export type ${names.endpointError(endpoint.id)} =`, members, ';', file.level));
}
