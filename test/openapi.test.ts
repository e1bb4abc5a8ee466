/**
 * `contractgen openapi` and `renderOpenApi`: the OpenAPI 3.1 export of a contract. The order
 * contract's document validates with swagger-parser, its schemas are valid JSON Schema 2020-12 and
 * behave as the contract says (checked by validating bodies with Ajv), and everything the contract
 * states is in it: servers and variables, both token content types, the PDF label, quirks, the
 * security scheme, one envelope per host with every shape, every code row and every "not shown".
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020Module from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPI } from 'openapi-types';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../generator/cli.js';
import type { Io } from '../generator/commands.js';
import { loadContract, loadContractText } from '../generator/contract.js';
import { knowledge } from '../generator/model/knowledge.js';
import type { Contract } from '../generator/model/types.js';
import { buildOpenApi } from '../generator/openapi/document.js';
import { renderOpenApi } from '../generator/openapi/render.js';
import { toYaml } from '../generator/openapi/yaml.js';
import { contractArbitrary } from './support/arbitrary-contract.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const ORDERS = 'contract/orders.yaml';
const FIXTURES = ['test/fixtures/problem-json/contract.yaml', 'test/fixtures/enums-nested/contract.yaml', 'test/fixtures/streaming/contract.yaml'];

const COLLIDING = `contractgen: 1
info: { title: Collide, version: "1", package: collide }
hosts:
  one: { url: "https://one.example.com" }
  two: { url: "https://two.example.com" }
endpoints:
  getA: { method: GET, path: "/a/{x}", host: one, params: { x: {} }, responses: { "200": { description: A. } } }
  getAOnTwo: { method: GET, path: "/a/{x}", host: two, params: { x: {} }, responses: { "200": { description: A on two. } } }
  putA: { method: PUT, path: "/a/{y}", host: one, params: { y: {} }, responses: { "204": { description: Put. } } }
  getB: { method: GET, path: /b, host: two, idempotent: false, responses: { "200": { description: B. } } }
`;

type AjvClass = typeof Ajv2020Module.default;
const Ajv2020 = ((Ajv2020Module as unknown as { default?: AjvClass }).default ?? Ajv2020Module) as AjvClass;

function contractOf(file: string): Contract {
  const loaded = loadContract(join(REPO, file), file);
  if (!loaded.ok) throw new Error(`${file} does not load: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return loaded.contract;
}

/** The document as a reader sees it: the YAML text, parsed. */
function documentOf(contract: Contract): unknown {
  return parse(renderOpenApi(contract));
}

/** The value at a path of keys, or undefined. */
function at(value: unknown, ...path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

function keysAt(value: unknown, ...path: (string | number)[]): string[] {
  const found = at(value, ...path);
  return found !== null && typeof found === 'object' ? Object.keys(found) : [];
}

async function validateOpenApi(doc: unknown): Promise<void> {
  // validate() dereferences in place; the copy keeps `doc` as written.
  await SwaggerParser.validate(structuredClone(doc) as OpenAPI.Document);
}

/** swagger-parser does not look inside schemas for OpenAPI 3.1: check them against 2020-12 here. */
function invalidSchemas(doc: unknown): string[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  return keysAt(doc, 'components', 'schemas').filter((name) => !ajv.validateSchema(at(doc, 'components', 'schemas', name) as object));
}

/** A validator for one component schema, with `#/components/...` references resolved in the document. */
function schemaValidator(doc: unknown): (name: string, body: unknown) => boolean {
  const ajv = new Ajv2020({ strict: false, validateFormats: false });
  ajv.addSchema({ $id: 'https://contractgen.invalid/openapi.json', components: at(doc, 'components') });
  return (name, body) => {
    const validate = ajv.getSchema(`https://contractgen.invalid/openapi.json#/components/schemas/${name}`);
    if (validate === undefined) throw new Error(`no schema ${name}`);
    return validate(body) === true;
  };
}

/** Path templates name exactly their path parameters, and operation ids are unique (OpenAPI rules swagger-parser skips for 3.x). */
function structuralProblems(doc: unknown): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const path of keysAt(doc, 'paths')) {
    const inPath = [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]);
    for (const method of keysAt(doc, 'paths', path)) {
      const operation = at(doc, 'paths', path, method);
      const params = ((at(operation, 'parameters') ?? []) as { name: string; in: string }[]).filter((p) => p.in === 'path').map((p) => p.name);
      if (JSON.stringify(params) !== JSON.stringify(inPath)) problems.push(`${method} ${path}: parameters ${params.join(', ')}`);
      const id = String(at(operation, 'operationId'));
      if (ids.has(id)) problems.push(`operationId ${id} twice`);
      ids.add(id);
    }
  }
  return problems;
}

const temps: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contractgen-openapi-'));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document of contract/orders.yaml', () => {
  const contract = contractOf(ORDERS);
  const doc = documentOf(contract);
  const valid = schemaValidator(doc);
  const operation = (id: string): unknown => {
    for (const path of keysAt(doc, 'paths')) for (const method of keysAt(doc, 'paths', path)) if (at(doc, 'paths', path, method, 'operationId') === id) return at(doc, 'paths', path, method);
    throw new Error(`no operation ${id}`);
  };

  it('validates as OpenAPI 3.1 with swagger-parser; its schemas are valid JSON Schema 2020-12; its paths are consistent', async () => {
    expect(at(doc, 'openapi')).toBe('3.1.0');
    await validateOpenApi(doc);
    expect(invalidSchemas(doc)).toEqual([]);
    expect(structuralProblems(doc)).toEqual([]);
    expect(keysAt(doc, 'paths').flatMap((p) => keysAt(doc, 'paths', p))).toHaveLength(contract.endpoints.length);
  });

  it('servers: the token host in each environment, the default first, with the server variables; last-mile operations carry their own', () => {
    expect(at(doc, 'servers')).toMatchObject([
      { url: '{base_url}', variables: { base_url: { default: 'https://base-url.invalid' } }, 'x-contractgen-environments': ['production'] },
      { url: '{staging_url}', variables: { staging_url: { default: 'https://staging-url.invalid' } }, 'x-contractgen-environments': ['staging'] },
      { url: '{mock_url}', variables: { mock_url: { default: 'https://mock-url.invalid' } }, 'x-contractgen-environments': ['mock'] },
    ]);
    expect(at(doc, 'servers', 0, 'description')).toContain('Production base address of the fulfilment API');
    expect(at(operation('requestToken'), 'servers')).toBeUndefined();
    for (const endpoint of contract.endpoints.filter((e) => e.host === 'lastmile')) {
      const servers = at(operation(endpoint.id), 'servers');
      expect(servers, endpoint.id).toMatchObject([{ url: '{lastmile_url}', variables: { lastmile_url: { default: 'https://lastmile-url.invalid' } }, 'x-contractgen-environments': ['production', 'staging', 'mock'] }]);
      // Staging and mock give the last-mile host no address of their own: their notes say so.
      expect(at(servers, 0, 'description')).toContain('The staging address of the last-mile API: not shown');
    }
  });

  it('the token endpoint: no security, JSON and form-urlencoded bodies, its declared responses and shapes', () => {
    const token = operation('requestToken');
    expect(at(token, 'security')).toEqual([]);
    expect(at(token, 'requestBody')).toEqual({
      required: true,
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/TokenRequest' } },
        'application/x-www-form-urlencoded': { schema: { $ref: '#/components/schemas/TokenRequest' } },
      },
    });
    expect(at(token, 'responses', '200', 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/TokenResponse' });
    expect(at(token, 'responses', '400', 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/ErrorShape.fulfilment' });
    expect(at(token, 'responses', '401', 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/ErrorShape.invalid_client' });
    // "Body not detailed": the 422 stays open, with no invented content.
    expect(at(token, 'responses', '422')).toEqual({
      description: 'Unprocessable entity; body not detailed.\n\nCause of the 422 from POST /oauth/token and its body: not shown.',
      // The contract's own words apart from what the export added, for an import to read back.
      'x-contractgen-description': 'Unprocessable entity; body not detailed.',
      'x-contractgen-not-shown': 'Cause of the 422 from POST /oauth/token and its body: not shown.',
    });
    expect(at(token, 'x-contractgen-error-shapes')).toEqual(['fulfilment', 'unauthorized', 'invalid_client']);
  });

  it('the PDF label: application/pdf binary, with the zero-byte quirk in the response, the operation and x-contractgen-quirks', () => {
    const label = operation('getOrderLabel');
    expect(at(label, 'responses', '200', 'content')).toEqual({ 'application/pdf': { schema: { type: 'string', format: 'binary' } } });
    expect(at(label, 'responses', '200', 'description')).toContain('A zero-byte PDF means the order does not exist.');
    expect(at(label, 'responses', '200', 'description')).toContain('reported as an error, category not_found');
    expect(at(label, 'description')).toContain('`empty_label_means_missing` (status 200, empty body)');
    expect(at(label, 'x-contractgen-quirks')).toContainEqual({
      id: 'empty_label_means_missing',
      when: { status: '200', emptyBody: true },
      error: true,
      category: 'not_found',
      hint: 'A zero-byte PDF means the order does not exist.',
    });
  });

  it('every quirk has a response for its status that explains it, answering with the host envelope when it is an error', () => {
    for (const endpoint of contract.endpoints) {
      for (const quirk of endpoint.errors.quirks) {
        const status = quirk.when.status.kind === 'exact' ? String(quirk.when.status.status) : `${quirk.when.status.statusClass}XX`;
        const response = at(operation(endpoint.id), 'responses', status);
        expect(at(response, 'description'), `${endpoint.id} ${quirk.id}`).toContain(quirk.hint);
        expect(at(response, 'x-contractgen-quirks')).toContain(quirk.id);
        expect(at(operation(endpoint.id), 'x-contractgen-quirks')).toContainEqual(expect.objectContaining({ id: quirk.id, hint: quirk.hint }));
      }
    }
    // A missing order answers 403: documented on GET /orders/{order_id} with the not_found category.
    const forbidden = at(operation('getOrder'), 'responses', '403');
    expect(at(forbidden, 'description')).toContain('This API answers 403, not 404, for a nonexistent order');
    expect(at(forbidden, 'description')).toContain('category not_found');
    expect(at(forbidden, 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/ErrorEnvelope.lastmile' });
  });

  it('schemas: required fields, closed and open enums, closed and open objects; what is not shown stays open', () => {
    expect(at(doc, 'components', 'schemas', 'GrantType')).toEqual({ type: 'string', description: 'Selects the grant.', enum: ['client_credentials', 'refresh_token'] });
    expect(at(doc, 'components', 'schemas', 'FulfilmentFailureType', 'anyOf')).toEqual([
      { type: 'string', enum: ['input', 'internal', 'unauthorized', 'forbidden', 'not_found', 'integration'] },
      { type: 'string', description: 'A value beyond the listed ones: the enum is open.' },
    ]);
    expect(at(doc, 'components', 'schemas', 'TokenResponse')).toMatchObject({ required: ['access_token'], additionalProperties: false });
    expect(at(doc, 'components', 'schemas', 'OrderRequest')).toMatchObject({ required: ['origin', 'destination', 'items'], additionalProperties: true });
    expect(at(doc, 'components', 'schemas', 'Order')).toMatchObject({ type: 'object', additionalProperties: true });
    expect(at(doc, 'components', 'schemas', 'Order', 'properties')).toBeUndefined();
    // Values, unit and type not shown: no enum, no format, no type is invented.
    expect(at(doc, 'components', 'schemas', 'ServiceKind')).toEqual({
      type: 'string',
      description: 'The service type of an order.\n\nThe allowed service types: not shown (the material mentions a Same Day service).',
      'x-contractgen-description': 'The service type of an order.',
      'x-contractgen-not-shown': 'The allowed service types: not shown (the material mentions a Same Day service).',
      // An open enum without values is the bare type: the extension says it is an enum.
      'x-contractgen-open': true,
    });
    expect(at(doc, 'components', 'schemas', 'OrderRequest', 'properties', 'payment_amount')).toEqual({
      description: 'Type of payment_amount: not shown.',
      // The contract gives the field no description of its own.
      'x-contractgen-description': null,
      'x-contractgen-not-shown': 'Type of payment_amount: not shown.',
    });
    expect(at(doc, 'components', 'schemas', 'TokenResponse', 'properties', 'created_at')).toMatchObject({ type: 'integer' });
    expect(at(doc, 'components', 'schemas', 'TokenResponse', 'properties', 'created_at', 'format')).toBeUndefined();
  });

  it('schemas behave as the contract says: conditional requirements, sent-together fields, open and closed types', () => {
    expect(valid('TokenRequest', { client_id: 'id', client_secret: 'secret' })).toBe(true);
    expect(valid('TokenRequest', { client_id: 'id' })).toBe(false);
    expect(valid('TokenRequest', { grant_type: 'refresh_token', refresh_token: 'r' })).toBe(true);
    expect(valid('TokenRequest', { grant_type: 'refresh_token' })).toBe(false);
    expect(valid('TokenRequest', { grant_type: 'password', client_id: 'id', client_secret: 's' })).toBe(false);
    expect(valid('FulfilmentFailureType', 'a_new_kind')).toBe(true);
    expect(valid('TokenResponse', { access_token: 't', surprise: 1 })).toBe(false);
    const order = { origin: { address: { address1: '1 Depot Road', city: 'x' } }, destination: { address: { address1: '2 High St' } }, items: [{ name: 'Parcel', weight: 2 }], extra: true };
    expect(valid('OrderRequest', order)).toBe(true);
    expect(valid('OrderRequest', { ...order, payment_amount: 5 })).toBe(false);
    expect(valid('OrderRequest', { ...order, payment_amount: 5, payment_mode: 'cash' })).toBe(true);
    expect(valid('OrderRequest', { origin: order.origin, items: [] })).toBe(false);
  });

  it('the OAuth2 client-credentials scheme: token URL from the contract, the refresh grant documented; security per operation', () => {
    const scheme = at(doc, 'components', 'securitySchemes', 'oauth');
    expect(at(scheme, 'type')).toBe('oauth2');
    expect(at(scheme, 'flows')).toEqual({ clientCredentials: { tokenUrl: '/oauth/token', refreshUrl: '/oauth/token', scopes: {} } });
    expect(at(scheme, 'x-contractgen-token-url')).toBe('{base_url}/oauth/token');
    expect(at(scheme, 'description')).toContain('refresh_token sends refresh_token');
    expect(at(scheme, 'description')).toContain('The header that carries the token on requests: not shown.');
    expect(at(scheme, 'x-contractgen-auth', 'grants')).toEqual([
      { name: 'client_credentials', default: true, send: { client_id: 'clientId', client_secret: 'clientSecret' } },
      { name: 'refresh_token', send: { refresh_token: 'refreshToken' } },
    ]);
    expect(at(scheme, 'x-contractgen-auth', 'lifetime')).toEqual({ production: 604800, staging: 3600 });
    for (const endpoint of contract.endpoints) {
      expect(at(operation(endpoint.id), 'security'), endpoint.id).toEqual(endpoint.security.length > 0 ? [{ oauth: [] }] : []);
    }
  });

  it("each host's envelope is a oneOf of every shape it can answer with, and each shape's bodies match exactly one", () => {
    for (const host of contract.hosts) {
      const shapes = knowledge(contract).hostShapes(host);
      expect(at(doc, 'components', 'schemas', `ErrorEnvelope.${host.name}`, 'oneOf')).toEqual(shapes.map((s) => ({ $ref: `#/components/schemas/ErrorShape.${s}` })));
      for (const shape of shapes) expect(keysAt(doc, 'components', 'schemas'), shape).toContain(`ErrorShape.${shape}`);
    }
    expect(knowledge(contract).hostShapes(contract.hosts[1] as Contract['hosts'][number])).toEqual(['api_error', 'invalid_client', 'unauthorized', 'result_level']);
    const bodies: Record<string, unknown> = {
      fulfilment: { status: 'invalid_argument', code: 'invalid_argument', message: 'A sentence.', details: { type: 'input', fields: [{ field: 'a.b', message: 'required' }] } },
      unauthorized: { error: 'unauthorized' },
      invalid_client: { error: 'invalid_client', error_description: 'Bad credentials.' },
      api_error: { api_error: { code: 'x', message: '', attribute_errors: [{ detail: '' }] }, error: '', errors: [{ detail: '' }], error_details: [{ detail: '' }], error_detail: 'h' },
      result_level: { result: 3, level: 'error', message: 'Elsewhere on the platform.' },
    };
    for (const host of contract.hosts) {
      for (const shape of knowledge(contract).hostShapes(host)) {
        expect(valid(`ErrorShape.${shape}`, bodies[shape]), shape).toBe(true);
        expect(valid(`ErrorEnvelope.${host.name}`, bodies[shape]), `${host.name}: ${shape}`).toBe(true);
      }
    }
    expect(valid('ErrorEnvelope.lastmile', { result: 3, level: 'info', message: 'not an error' })).toBe(false);
    expect(valid('ErrorEnvelope.lastmile', bodies['fulfilment'])).toBe(false);
  });

  it('error responses per status: the code-table statuses and the token status refer to the host components, which answer with the envelope', () => {
    const components = keysAt(doc, 'components', 'responses');
    for (const endpoint of contract.endpoints) {
      const host = contract.hosts.find((h) => h.name === endpoint.host);
      const responses = at(operation(endpoint.id), 'responses');
      const statuses = new Set([...(host?.codes.rows ?? []).map((r) => r.status), ...(endpoint.security.length > 0 ? [401] : [])]);
      for (const status of statuses) {
        const response = at(responses, String(status));
        const ref = at(response, '$ref');
        if (ref === undefined) continue; // declared or quirked here: checked above
        expect(ref).toBe(`#/components/responses/${endpoint.host}.${status}`);
        expect(components).toContain(`${endpoint.host}.${status}`);
      }
      expect(at(responses, 'default')).toEqual({ $ref: `#/components/responses/${endpoint.host}.default` });
    }
    expect(at(operation('getOrder'), 'responses', '401')).toEqual({ $ref: '#/components/responses/lastmile.401' });
    expect(at(doc, 'components', 'responses', 'lastmile.401', 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/ErrorEnvelope.lastmile' });
    expect(at(doc, 'components', 'responses', 'lastmile.401', 'description')).toContain('replays the request once');
    expect(at(doc, 'components', 'responses', 'fulfilment.403', 'content', 'application/json', 'schema')).toEqual({ $ref: '#/components/schemas/ErrorEnvelope.fulfilment' });
  });

  it('every code row, message rule, category, status rule, policy and the support rule is kept', () => {
    for (const host of contract.hosts) {
      const codes = at(doc, 'components', 'schemas', `ErrorEnvelope.${host.name}`, 'x-contractgen-codes');
      expect(at(codes, 'open')).toBe(host.codes.open);
      expect(at(codes, 'rows')).toEqual(host.codes.rows.map((r) => ({ status: r.status, code: r.code, ...(r.kind === undefined ? {} : { kind: r.kind }), category: r.category })));
      for (const row of host.codes.rows) {
        const text = String(at(doc, 'components', 'responses', `${host.name}.${row.status}`, 'description'));
        expect(text, `${host.name} ${row.code}`).toContain(`\`${row.code}\` (kind ${row.kind ?? ''}, category ${row.category})`);
      }
      const messages = (at(doc, 'components', 'schemas', `ErrorEnvelope.${host.name}`, 'x-contractgen-messages', 'rows') ?? []) as { id: string; pattern?: string; fields: string[] }[];
      expect(messages.map((m) => [m.id, m.pattern, m.fields])).toEqual((host.messages?.rows ?? []).map((m) => [m.id, m.pattern, m.fields]));
    }
    expect(Object.keys(at(doc, 'x-contractgen-categories') as object)).toEqual(contract.categories.map((c) => c.name));
    expect(at(doc, 'x-contractgen-categories', 'rate_limited')).toEqual({ description: 'Too many requests.', retryable: true });
    expect(at(doc, 'x-contractgen-status-categories')).toMatchObject({ '403': 'forbidden', '5XX': 'server', '4XX': 'client' });
    expect(at(doc, 'x-contractgen-policies', 'CanSubmitJobPolicy', 'restrictions', 3)).toEqual({ name: 'Hourly order limit reached', liftedBy: 'account manager', retryLater: 'after_window', note: "The hourly order limit's value: not shown." });
    expect(at(doc, 'x-contractgen-support')).toMatchObject({ contact: 'support_email', reportOn: ['5XX'], include: ['request', 'response', 'timestamp'] });
    expect(at(doc, 'components', 'schemas', 'ErrorShape.api_error', 'x-contractgen-shape', 'mirrors')).toEqual({
      error: 'api_error.message',
      'errors.0.detail': 'api_error.message',
      'error_details.0.detail': 'api_error.message',
      error_detail: 'api_error.human',
    });
  });

  it('every "not shown" sentence of the contract is in the document', () => {
    const sentences = [
      ...contract.info.notShown,
      ...contract.environments.flatMap((e) => e.notShown),
      ...contract.types.flatMap((t) => [t.notShown, ...(t.kind === 'object' ? t.fields.map((f) => f.notShown) : [])]),
      ...contract.endpoints.flatMap((e) => [e.request?.notShown, ...e.responses.map((r) => r.notShown)]),
      ...contract.policies.flatMap((p) => p.restrictions.map((r) => r.note)),
      contract.auth?.carrier.notShown,
    ].filter((s): s is string => s !== undefined);
    expect(sentences.length).toBeGreaterThan(15);
    const text = JSON.stringify(doc);
    for (const sentence of sentences) expect(text, sentence).toContain(JSON.stringify(sentence).slice(1, -1));
  });

  it('is deterministic: the same contract gives the same bytes, wherever it is read from', () => {
    const first = renderOpenApi(contract);
    expect(renderOpenApi(contractOf(ORDERS))).toBe(first);
    const elsewhere = loadContractText('somewhere/else/orders.yaml', readFileSync(join(REPO, ORDERS), 'utf8'));
    if (!elsewhere.ok) throw new Error('the copy does not load');
    expect(renderOpenApi(elsewhere.contract)).toBe(first);
    expect(first.startsWith('# OpenAPI 3.1 document generated by contractgen from orders.yaml.')).toBe(true);
  });
});

describe('the OpenAPI documents of other contracts', () => {
  for (const file of FIXTURES) {
    it(`${file} validates, with valid schemas and consistent paths`, async () => {
      const doc = documentOf(contractOf(file));
      await validateOpenApi(doc);
      expect(invalidSchemas(doc)).toEqual([]);
      expect(structuralProblems(doc)).toEqual([]);
    });
  }

  it('a contract without auth has no security; a URL variable inside a path keeps its prefix', () => {
    const inventory = documentOf(contractOf('test/fixtures/problem-json/contract.yaml'));
    expect(at(inventory, 'components', 'securitySchemes')).toBeUndefined();
    expect(at(inventory, 'paths', '/items', 'get', 'security')).toBeUndefined();
    expect(at(inventory, 'servers')).toMatchObject([{ url: '{api_url}/v2', variables: { api_url: { default: 'https://api-url.invalid' } } }]);
    const catalogue = documentOf(contractOf('test/fixtures/enums-nested/contract.yaml'));
    expect(at(catalogue, 'paths', '/products/{product_id}/revisions/{revision}', 'get', 'parameters', 1)).toEqual({ name: 'revision', in: 'path', required: true, schema: { type: 'integer' } });
    expect(at(catalogue, 'components', 'schemas', 'Material')).toMatchObject({ type: 'string' });
    expect(at(catalogue, 'components', 'schemas', 'Material', 'enum')).toBeUndefined();
  });

  it('endpoints OpenAPI cannot hold (same method and path on two hosts, or a path differing only in parameter names) are listed, not lost', async () => {
    const loaded = loadContractText('collide.yaml', COLLIDING);
    if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
    const doc = documentOf(loaded.contract);
    await validateOpenApi(doc);
    expect(keysAt(doc, 'paths')).toEqual(['/a/{x}', '/b']);
    expect(at(doc, 'x-contractgen-omitted')).toEqual([
      { operationId: 'getAOnTwo', method: 'GET', path: '/a/{x}', host: 'two', reason: 'GET /a/{x} is already operation getA' },
      { operationId: 'putA', method: 'PUT', path: '/a/{y}', host: 'one', reason: 'OpenAPI takes /a/{y} for /a/{x}, which names its parameters differently' },
    ]);
    // An operation on the other host carries its servers; an idempotence the method does not imply is kept.
    expect(at(doc, 'paths', '/b', 'get', 'servers', 0, 'url')).toBe('https://two.example.com');
    expect(at(doc, 'paths', '/b', 'get', 'x-contractgen-idempotent')).toBe(false);
    expect(at(doc, 'paths', '/a/{x}', 'get', 'x-contractgen-idempotent')).toBeUndefined();
  });

  it('random valid contracts export valid documents whose YAML reads back as the built document', async () => {
    const samples = fc.sample(contractArbitrary(), { seed: 0x0a9e_0a91, numRuns: 16 });
    let checked = 0;
    for (const generated of samples) {
      const loaded = loadContractText('contract.yaml', generated.yaml);
      if (!loaded.ok) continue; // hostile names may collide: refused with diagnostics, tested elsewhere
      const text = renderOpenApi(loaded.contract);
      const doc: unknown = parse(text);
      expect(doc).toEqual(JSON.parse(JSON.stringify(buildOpenApi(loaded.contract))));
      await validateOpenApi(doc);
      expect(invalidSchemas(doc)).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
  });
});

describe('the YAML writer', () => {
  it('writes any JSON value so that YAML 1.2 and YAML 1.1 readers read it back unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const expected: unknown = JSON.parse(JSON.stringify(value));
        const text = toYaml(value as Parameters<typeof toYaml>[0]);
        expect(parse(text)).toEqual(expected);
        expect(parse(text, { version: '1.1' })).toEqual(expected);
      }),
      { numRuns: 300, seed: 8 },
    );
  });

  it('quotes every string a reader could take for something else, and leaves words plain', () => {
    const tricky = ['yes', 'No', 'on', 'y', 'null', '~', 'true', '1.0', '0x1F', '12:30', '- a', '#x', 'a: b', 'a #b', ' lead', 'trail ', '', '@x', '*a', '&a', '!t', '%d', '{a}', '[a]', 'a,b', "'q'", '"q"', 'line\nbreak', '\u2028', '\u0085', '\ufeff', 'tab\t'];
    const doc = Object.fromEntries(tricky.map((s) => [s, s]));
    expect(parse(toYaml(doc))).toEqual(doc);
    expect(parse(toYaml(doc), { version: '1.1' })).toEqual(doc);
    expect(toYaml({ summary: 'Issue an access token.', path: '/oauth/token', ref: '#/x' })).toBe('summary: Issue an access token.\npath: /oauth/token\nref: "#/x"\n');
  });

  it('writes short scalar collections on one line and the rest as blocks', () => {
    expect(toYaml({ required: ['a', 'b'], schema: { type: 'string' }, empty: {}, none: [], rows: [{ id: 1, deep: { x: [1] } }], skipped: undefined })).toBe(
      'required: [a, b]\nschema: {type: string}\nempty: {}\nnone: []\nrows:\n  - id: 1\n    deep:\n      x: [1]\n',
    );
    expect(toYaml([[1, [2]], 'x'])).toBe('- - 1\n  - [2]\n- x\n');
  });
});

describe('speed', () => {
  it('a synthetic 2,000-endpoint contract renders within a generous 2 s (yaml\'s stringify alone took ~5 s)', async () => {
    // bench/synth.mjs has no type declarations: take what this test uses.
    const synth = (await import(new URL('../bench/synth.mjs', import.meta.url).href)) as { buildApi(n: number): unknown; contractYaml(api: unknown): string };
    const loaded = loadContractText('synth.yaml', synth.contractYaml(synth.buildApi(2000)));
    if (!loaded.ok) throw new Error('the synthetic contract does not load');
    renderOpenApi(loaded.contract); // warm-up: the bound is about the writer, not the JIT
    const started = performance.now();
    const text = renderOpenApi(loaded.contract);
    const elapsed = performance.now() - started;
    expect(text.length).toBeGreaterThan(5_000_000);
    // ~150 ms of CPU on the loaded 2-core CI box; yaml's stringify took ~5 s for the same document.
    expect(elapsed).toBeLessThan(2_000);
  }, 180_000);
});

describe('contractgen openapi', () => {
  interface Run {
    readonly code: number;
    readonly out: string[];
    readonly err: string[];
  }

  async function run(argv: readonly string[], cwd: string = REPO): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const io: Io = { out: (line) => out.push(line), err: (line) => err.push(line), cwd };
    const code = await main(argv, io);
    for (const line of [...out, ...err]) expect(line, 'no stack trace in CLI output').not.toMatch(/\n\s+at /);
    return { code, out, err };
  }

  const expected = renderOpenApi(contractOf(ORDERS));

  it('prints the document to stdout without --out, from ./contract/ without --contract', async () => {
    const explicit = await run(['openapi', '--contract', ORDERS]);
    expect(explicit).toEqual({ code: 0, out: [expected.replace(/\n$/, '')], err: [] });
    const byDefault = await run(['openapi']);
    expect(byDefault).toEqual(explicit);
  });

  it('--out writes the file (creating its folder) and says so on stdout', async () => {
    const file = join(tempDir(), 'api', 'openapi.yaml');
    const { code, out, err } = await run(['openapi', '--contract', ORDERS, '--out', file]);
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(readFileSync(file, 'utf8')).toBe(expected);
    expect(out).toEqual([`${file}: OpenAPI 3.1 document written (${Buffer.byteLength(expected)} bytes)`]);
  });

  it('exits 1 with file:line:col diagnostics when the contract has errors, and writes nothing', async () => {
    const dir = tempDir();
    const contract = join(dir, 'broken.yaml');
    writeFileSync(contract, readFileSync(join(REPO, ORDERS), 'utf8').replace('    host: lastmile\n    params:', '    host: lastmiles\n    params:'));
    const out = join(dir, 'openapi.yaml');
    const { code, out: stdout, err } = await run(['openapi', '--contract', contract, '--out', out]);
    expect(code).toBe(1);
    expect(stdout).toEqual([]);
    expect(err[0]).toMatch(new RegExp(`^${contract.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: unknown host 'lastmiles'`));
    expect(err.at(-1)).toBe(`openapi stopped: ${contract} has errors`);
    expect(() => readFileSync(out)).toThrow();
  });

  it('exits 1 when the output cannot be written', async () => {
    const blocker = join(tempDir(), 'file');
    writeFileSync(blocker, '');
    const { code, err } = await run(['openapi', '--contract', ORDERS, '--out', join(blocker, 'openapi.yaml')]);
    expect(code).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(/^contractgen openapi: cannot write .*openapi\.yaml: /);
  });

  it('exits 2 on usage errors, with the usage', async () => {
    for (const argv of [['openapi', 'contract/orders.yaml', 'other.yaml'], ['openapi', '--format', 'json'], ['openapi', '--out']]) {
      const { code, out, err } = await run(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(out).toEqual([]);
      expect(err.join('\n')).toContain('contractgen openapi [--contract <file>] [--out <file>]');
    }
  });

  it('--help lists the command and says where the document goes', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('contractgen openapi [--contract <file>] [--out <file>]');
    expect(out.join('\n')).toContain('to stdout unless --out is given');
  });
});
