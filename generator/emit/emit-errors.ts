/**
 * Error-code unions and tables, each host's decoded-error type and decoder, the `decodeError`
 * dispatcher, and each endpoint's error union.
 */
import type { Contract, Endpoint, Host } from '../model/types.js';
import { camel, constant, pascal, propertyKey, stringLiteral } from '../naming.js';
import { RUNTIME } from './emit-tables.js';
import { hostShapes } from './host-shapes.js';
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

const union = (values: readonly string[]) => (values.length === 0 ? 'never' : values.map(stringLiteral).join(' | '));

export function emitErrors(file: TsFile, contract: Contract): void {
  const tables = './tables.js';
  emitCommonUnions(file, contract);
  for (const host of contract.hosts) emitHost(file, contract, host, tables);
  emitDispatcher(file, contract, tables);
  for (const endpoint of contract.endpoints) emitEndpointError(file, contract, endpoint);
}

function emitCommonUnions(file: TsFile, contract: Contract): void {
  file.doc('The hosts of the contract; errors are decoded per host.');
  file.w.writeLine(`export type ${names.hostType} = ${union(contract.hosts.map((h) => h.name))};`);
  file.doc(`Every {@link ${names.hostType}}.`);
  file.w.writeLine(`export const HOSTS = [${contract.hosts.map((h) => stringLiteral(h.name)).join(', ')}] as const;`);
  file.w.blankLine();
  file.doc('Operation ids of the contract.');
  file.w.writeLine(`export type ${names.operationId} = ${union(contract.endpoints.map((e) => e.id))};`);
  file.w.blankLine();
  const categoryDocs = contract.categories.map((c) => `- ${c.name}${c.retryable ? ' (retryable)' : ''}: ${c.description ?? ''}`);
  file.doc('Error categories: what kind of failure, and so what to do about it.', categoryDocs.join('\n'));
  file.w.writeLine(`export type ${names.category} = ${union(contract.categories.map((c) => c.name))};`);
  file.doc(`Every {@link ${names.category}}, in contract order.`);
  file.w.writeLine(`export const ERROR_CATEGORIES = [${contract.categories.map((c) => stringLiteral(c.name)).join(', ')}] as const;`);
  file.doc('Categories worth retrying (with backoff).');
  file.w.writeLine(`export const RETRYABLE_CATEGORIES = [${contract.categories.filter((c) => c.retryable).map((c) => stringLiteral(c.name)).join(', ')}] as const;`);
  file.w.blankLine();
}

function codeType(contract: Contract, host: Host): string {
  return host.codes.codes.length > 0 ? `${names.hostCode(host.name)} | (string & {})` : 'string';
}

function emitHost(file: TsFile, contract: Contract, host: Host, tables: string): void {
  const decode = `${RUNTIME}/decode.js`;
  const codes = host.codes;
  if (codes.codes.length > 0) {
    const openNote = codes.open ? 'The table is open: other codes may arrive; treat them by their status class.' : 'The table is closed.';
    file.doc(`Error codes of the ${host.name} host's code table.`, codes.description, openNote);
    file.w.writeLine(`export type ${names.hostCode(host.name)} = ${union(codes.codes)};`);
    file.doc(`Every {@link ${names.hostCode(host.name)}}, in table order.`);
    file.w.writeLine(`export const ${names.hostCodes(host.name)} = [${codes.codes.map(stringLiteral).join(', ')}] as const;`);
    file.doc(`Whether a code is one of {@link ${names.hostCodes(host.name)}}.`);
    file.w.write(`export function ${names.isHostCode(host.name)}(code: unknown): code is ${names.hostCode(host.name)} `).block(() => {
      file.w.writeLine(`return typeof code === 'string' && (${names.hostCodes(host.name)} as readonly string[]).includes(code);`);
    });
  }
  file.doc(`Error envelope shapes the ${host.name} host answers with ('unrecognised' when none matches).`);
  file.w.writeLine(`export type ${names.hostShape(host.name)} = ${union(hostShapes(contract, host))};`);
  file.doc(`An error response of the ${host.name} host, decoded.`, host.description);
  file.w.writeLine(`export type ${names.hostError(host.name)} = ${file.useType(decode, 'DecodedError')}<${stringLiteral(host.name)}, ${names.hostShape(host.name)}, ${codeType(contract, host)}, ${names.category}>;`);
  file.doc(
    `Decodes an error response of the ${host.name} host. Never throws.`,
    '`status` is the HTTP status (authoritative over any status in the body); `body` the raw response text or the parsed JSON; `endpoint` the operation id, to apply its quirks.',
  );
  const args = `${file.use(tables, 'ERROR_TABLES')}, ${file.use(tables, 'HOST_ERRORS')}, ${file.use(tables, 'ENDPOINTS')}`;
  file.w.write(`export function ${names.decodeHost(host.name)}(input: { readonly status: number; readonly body: unknown; readonly endpoint?: ${names.operationId} }): ${names.hostError(host.name)} `).block(() => {
    file.w.writeLine(`return ${file.use(decode, 'decodeForHost')}(${args}, ${stringLiteral(host.name)}, input) as ${names.hostError(host.name)};`);
  });
  file.w.blankLine();
}

function emitDispatcher(file: TsFile, contract: Contract, tables: string): void {
  const decode = `${RUNTIME}/decode.js`;
  file.doc('Any decoded error of any host.');
  file.w.writeLine(`export type AnyDecodedError = ${contract.hosts.map((h) => names.hostError(h.name)).join(' | ') || 'never'};`);
  file.doc('Each host\'s decoded error type.');
  file.w.write('export interface HostErrors ').block(() => {
    for (const h of contract.hosts) file.w.writeLine(`${propertyKey(h.name)}: ${names.hostError(h.name)};`);
  });
  file.doc('Input of {@link decodeError}.');
  file.w.write(`export interface DecodeErrorInput<H extends ${names.hostType} = ${names.hostType}> `).block(() => {
    file.doc('The host that answered: decoding branches on it, never on the body.');
    file.w.writeLine('readonly host: H;');
    file.doc('The HTTP status.');
    file.w.writeLine('readonly status: number;');
    file.doc('The raw response text, or the already-parsed JSON value.');
    file.w.writeLine('readonly body: unknown;');
    file.doc('The operation that was called, to apply its quirks.');
    file.w.writeLine(`readonly endpoint?: ${names.operationId};`);
  });
  file.doc('Decodes an error response by host. Never throws, whatever the input.');
  file.w.write(`export function decodeError<H extends ${names.hostType}>(input: DecodeErrorInput<H>): HostErrors[H] `).block(() => {
    const args = `${file.use(tables, 'ERROR_TABLES')}, ${file.use(tables, 'HOST_ERRORS')}, ${file.use(tables, 'ENDPOINTS')}`;
    file.w.writeLine(`return ${file.use(decode, 'decodeByHost')}(${args}, input) as HostErrors[H];`);
  });
  file.w.blankLine();
}

function emitEndpointError(file: TsFile, contract: Contract, endpoint: Endpoint): void {
  const host = contract.hosts.find((h) => h.name === endpoint.host);
  if (host === undefined) return;
  const decode = `${RUNTIME}/decode.js`;
  const client = `${RUNTIME}/client.js`;
  const tokenEndpoint = endpoint.auth === 'required' && contract.auth !== undefined && contract.auth.endpoint !== endpoint.id ? contract.auth.endpoint : undefined;
  const tokenNote = tokenEndpoint === undefined ? undefined : `A failed token request surfaces as a {@link ${names.endpointError(tokenEndpoint)}}.`;
  file.doc(`Errors of ${camel(endpoint.id)}: the ${host.name} host's envelopes, plus failures without a usable response.`, tokenNote);
  const decoded = `${file.useType(decode, 'DecodedError')}<${stringLiteral(host.name)}, ${union(endpoint.errors.shapes)}, ${codeType(contract, host)}, ${names.category}>`;
  const token = tokenEndpoint === undefined ? '' : ` | ${names.endpointError(tokenEndpoint)}`;
  file.w.writeLine(`export type ${names.endpointError(endpoint.id)} = ${decoded} | ${file.useType(client, 'ClientError')}<${stringLiteral(host.name)}>${token};`);
}
