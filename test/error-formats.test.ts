/**
 * The error formats real APIs use, recognised at import from the schemas by their members
 * (generator/import/error-formats.ts) and decoded by the generated client with the server's
 * message and field errors: test/fixtures/openapi/error-formats.json (GitHub-like, RFC 9457,
 * Google AIP-193, Stripe-like, OAuth 2.0, JSON:API, plain `{ error }` and `{ detail }`) is
 * imported, generated and called against a node:http server on 127.0.0.1. That a body no shape
 * matches still gives the server's message is in templates/decode.test.ts.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOpenApi } from '../generator/import/import.js';
import type { Out } from '../generator/import/context.js';
import { outDir } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';

const DESCRIPTION = 'test/fixtures/openapi/error-formats.json';
const OUT = outDir('error-formats');

interface Decoded {
  readonly status: number;
  readonly shape: string;
  readonly code: string;
  readonly known: boolean;
  readonly message: string;
  readonly kind?: string;
  readonly fields: readonly { readonly field: string; readonly message: string }[];
}
type Call = (client: unknown, input?: object) => Promise<{ readonly ok: boolean; readonly error?: Decoded }>;
interface Package {
  createBaseClient(options: object): unknown;
  readonly [operation: string]: unknown;
}

/** What the server answers on each path: status, media type, body. */
const ANSWERS: Readonly<Record<string, readonly [number, string, unknown]>> = {
  'GET /repos/octo': [404, 'application/json', { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }],
  'PATCH /repos/octo': [422, 'application/json', { message: 'Validation Failed', errors: [{ resource: 'Issue', field: 'body', code: 'missing_field' }], documentation_url: 'https://docs.github.com/rest' }],
  'POST /problems': [400, 'application/problem+json', { type: 'https://example.com/probs/invalid', title: 'Your request is not valid.', detail: 'The age must be a positive integer.', status: 400, 'invalid-params': [{ name: 'age', reason: 'must be a positive integer' }] }],
  'GET /google': [400, 'application/json', { error: { code: 400, message: 'Invalid value at book.title', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'book.title', description: 'The title is required.' }] }] } }],
  'POST /charges': [402, 'application/json', { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.', param: 'card_number' } }],
  'POST /token': [400, 'application/json', { error: 'invalid_grant', error_description: 'The refresh token has expired.' }],
  'GET /articles': [422, 'application/vnd.api+json', { errors: [{ status: '422', title: 'Invalid Attribute', detail: 'First name must contain at least two characters.', source: { pointer: '/data/attributes/firstName' } }] }],
  'GET /plain': [404, 'application/json', { error: 'No such thing.' }],
};

let under: PackageUnderTest<Package>;

function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const given = ANSWERS[`${req.method ?? ''} ${req.url ?? ''}`];
  if (given === undefined) return void res.writeHead(500).end();
  const [status, type, body] = given;
  res.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
}

async function call(operation: string, input?: object): Promise<Decoded> {
  const client = under.pkg.createBaseClient({ environment: 'default', servers: { origin: under.base }, maxRetries: 0 });
  const result = await (under.pkg[operation] as Call)(client, input);
  expect(result.ok).toBe(false);
  return result.error as Decoded;
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(DESCRIPTION, OUT, '', handle);
});
afterAll(() => under.dispose());

describe('import: error formats recognised by their members', () => {
  const result = importOpenApi(JSON.parse(readFileSync(DESCRIPTION, 'utf8')) as Record<string, unknown>);
  if (!result.ok) throw new Error(result.problem);
  const contract = result.contract;
  const shapes = contract['shapes'] as Out;
  const shape = (name: string) => shapes[name] as Out;

  it('names each shape after its schema (sanitised by the naming rules), not error, error2…', () => {
    expect(Object.keys(shapes).sort()).toEqual(['basicError', 'errorResponse', 'errors', 'googleRpcStatus', 'httpException', 'oAuthError', 'plainError', 'problem', 'validationError', 'validationProblem']);
  });

  it('reads each format where it keeps its code, message and field errors', () => {
    expect(shape('validationError')).toMatchObject({ match: { present: ['message', 'errors'] }, read: { code: 'errors.0.code', message: 'message' }, fieldErrors: { path: 'errors', field: 'field', message: 'message' } });
    expect(shape('basicError')).toMatchObject({ match: { present: ['message'] }, read: { message: 'message' } });
    expect(shape('validationProblem')).toMatchObject({ match: { present: ['title', 'invalid-params'] }, read: { code: 'type', message: 'title', human: 'detail' }, fieldErrors: { path: 'invalid-params', field: 'name', message: 'reason' } });
    expect(shape('googleRpcStatus')).toMatchObject({ read: { code: 'error.status', message: 'error.message', status: 'error.code' }, fieldErrors: { path: 'error.details.0.fieldViolations', field: 'field', message: 'description' } });
    expect(shape('errorResponse')).toMatchObject({ read: { code: 'error.code', message: 'error.message', kind: 'error.type' }, fieldErrors: { path: 'error', field: 'param', message: 'message' } });
    expect(shape('oAuthError')).toMatchObject({ match: { present: ['error', 'error_description'] }, read: { code: 'error', message: 'error_description' } });
    expect(shape('errors')).toMatchObject({ read: { code: 'errors.0.code', message: 'errors.0.title', human: 'errors.0.detail' }, fieldErrors: { path: 'errors', field: 'source.pointer', message: 'detail' } });
    expect(shape('plainError')).toMatchObject({ read: { code: 'error', message: 'error' } });
    expect(shape('httpException')).toMatchObject({ read: { message: 'detail' } });
    expect(shape('httpException')['read']).not.toHaveProperty('code');
  });

  it('tries the shapes with more members first, so a message with field errors is not read as a message alone', () => {
    const order = (((contract['hosts'] as Out)['api'] as Out)['errors'] as Out)['shapes'] as string[];
    expect(order.indexOf('validationError')).toBeLessThan(order.indexOf('basicError'));
    expect(order.indexOf('validationProblem')).toBeLessThan(order.indexOf('problem'));
  });

  it('among shapes that match alike, tries first the one that reads more: field errors that name their field (GitHub: validation-error after an errors list without fields)', () => {
    const list = (entry: object) => ({ type: 'object', required: ['message', 'errors'], properties: { message: { type: 'string' }, errors: { type: 'array', items: { type: 'object', properties: entry } } } });
    const answer = (status: string, name: string) => ({ [status]: { description: status, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } } });
    const doc = {
      openapi: '3.1.0', info: { title: 't', version: '1' },
      paths: { '/bulk': { post: { responses: { '200': { description: 'ok' }, ...answer('400', 'BulkError') } } }, '/one': { post: { responses: { '200': { description: 'ok' }, ...answer('422', 'ValidationError') } } } },
      components: { schemas: { BulkError: list({ code: { type: 'string' }, message: { type: 'string' } }), ValidationError: list({ resource: { type: 'string' }, field: { type: 'string' }, code: { type: 'string' } }) } },
    };
    const imported = importOpenApi(doc);
    if (!imported.ok) throw new Error(imported.problem);
    const hosts = imported.contract['hosts'] as Out;
    const order = ((Object.values(hosts)[0] as Out)['errors'] as Out)['shapes'] as string[];
    expect(order).toEqual(['validationError', 'bulkError']);
  });

  it('files the codes under the statuses the description gives the shape (GitHub validation codes under 422)', () => {
    const codes = (((contract['hosts'] as Out)['api'] as Out)['errors'] as Out)['codes'] as Out;
    expect(codes['shape']).toBe('validationError');
    expect(codes['rows']).toEqual(['missing_field', 'invalid', 'already_exists'].map((code) => ({ status: 422, code })));
  });

  it('and a shape answering 400 and 422 has each code under both: the description does not say which comes with which', () => {
    const schema = { type: 'object', properties: { code: { type: 'string', enum: ['bad', 'worse'] }, message: { type: 'string' } } };
    const answer = (status: string) => ({ [status]: { description: status, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } } });
    const doc = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok' }, ...answer('422'), ...answer('400') } } } }, components: { schemas: { Failure: schema } } };
    const both = importOpenApi(doc);
    if (!both.ok) throw new Error(both.problem);
    const rows = ((((both.contract['hosts'] as Out)['api'] as Out)['errors'] as Out)['codes'] as Out)['rows'];
    expect(rows).toEqual([400, 422].flatMap((status) => ['bad', 'worse'].map((code) => ({ status, code }))));
  });
});

describe('the generated client gives the server’s message and field errors', () => {
  it('GitHub 404 { message, documentation_url }: "Not Found"', async () => {
    expect(await call('reposGet', { owner: 'octo' })).toMatchObject({ status: 404, shape: 'basicError', message: 'Not Found', fields: [] });
  });

  it('GitHub 422 { message, errors: [{ field, code }] }: "Validation Failed", the field body, the known code', async () => {
    expect(await call('reposUpdate', { owner: 'octo' })).toMatchObject({ status: 422, shape: 'validationError', code: 'missing_field', known: true, message: 'Validation Failed', fields: [{ field: 'body', message: '' }] });
  });

  it('RFC 9457 problem+json with invalid-params: the detail, each parameter', async () => {
    expect(await call('createProblem')).toMatchObject({ shape: 'validationProblem', code: 'https://example.com/probs/invalid', message: 'The age must be a positive integer.', fields: [{ field: 'age', message: 'must be a positive integer' }] });
  });

  it('Google AIP-193: error.message, error.status as the code, the field violations', async () => {
    expect(await call('googleGet')).toMatchObject({ shape: 'googleRpcStatus', code: 'INVALID_ARGUMENT', message: 'Invalid value at book.title', fields: [{ field: 'book.title', message: 'The title is required.' }] });
  });

  it('Stripe-like: error.message, error.code with error.type as its kind, the param as the field', async () => {
    expect(await call('createCharge')).toMatchObject({ status: 402, shape: 'errorResponse', code: 'card_declined', kind: 'card_error', message: 'Your card was declined.', fields: [{ field: 'card_number', message: 'Your card was declined.' }] });
  });

  it('OAuth 2.0: error_description, the error as the code', async () => {
    expect(await call('token')).toMatchObject({ shape: 'oAuthError', code: 'invalid_grant', message: 'The refresh token has expired.' });
  });

  it('JSON:API: the first error’s detail, each source pointer', async () => {
    expect(await call('listArticles')).toMatchObject({ shape: 'errors', message: 'First name must contain at least two characters.', fields: [{ field: '/data/attributes/firstName', message: 'First name must contain at least two characters.' }] });
  });

  it('a plain { error }: the text', async () => {
    expect(await call('plainGet')).toMatchObject({ shape: 'plainError', message: 'No such thing.' });
  });
});
