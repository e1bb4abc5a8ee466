/**
 * The model built from contract/orders.yaml holds every row of the source document's tables. The
 * expected values are the source document's facts, spelled out here rather than read back from
 * the contract, so a contract edit that loses or changes a fact fails a test.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchEmptyMessage, matchMessage } from '../templates/messages.js';
import type { MessageTableData } from '../templates/spec.js';
import { loadContract } from '../generator/contract.js';
import { knowledge } from '../generator/model/knowledge.js';
import { categoryOfStatus, formatStatus } from '../generator/model/values.js';
import { messageTableData } from '../generator/model/message-data.js';
import type { Contract, EnumType, Endpoint, ErrorShape, Field, Host, MessageTable, ObjectType } from '../generator/model/types.js';

const ORDERS = fileURLToPath(new URL('../contract/orders.yaml', import.meta.url));

const loaded = loadContract(ORDERS);
if (!loaded.ok) throw new Error(`contract/orders.yaml does not load: ${JSON.stringify(loaded.diagnostics)}`);
const contract: Contract = loaded.contract;

function host(name: string): Host {
  const found = contract.hosts.find((h) => h.name === name);
  if (found === undefined) throw new Error(`no host '${name}'`);
  return found;
}

function shape(name: string): ErrorShape {
  const found = contract.shapes.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no shape '${name}'`);
  return found;
}

function endpoint(id: string): Endpoint {
  const found = contract.endpoints.find((e) => e.id === id);
  if (found === undefined) throw new Error(`no endpoint '${id}'`);
  return found;
}

function objectType(name: string): ObjectType {
  const found = contract.types.find((t) => t.name === name);
  if (found?.kind !== 'object') throw new Error(`no object type '${name}'`);
  return found;
}

function enumType(name: string): EnumType {
  const found = contract.types.find((t) => t.name === name);
  if (found?.kind !== 'enum') throw new Error(`no enum type '${name}'`);
  return found;
}

function field(type: ObjectType, name: string): Field {
  const found = type.fields.find((f) => f.name === name);
  if (found === undefined) throw new Error(`no field '${name}' in '${type.name}'`);
  return found;
}

function messages(): MessageTable {
  const table = host('lastmile').messages;
  if (table === undefined) throw new Error('the lastmile host has no message table');
  return table;
}

describe('the contract', () => {
  it('loads without diagnostics', () => {
    expect(loaded.diagnostics).toEqual([]);
  });

  it('info: title, version and package', () => {
    expect(contract.info).toMatchObject({ title: 'Fulfilment and Last-Mile Order APIs', version: '1.0.0', packageName: '@orders/client' });
  });

  it('has exactly the hosts fulfilment and lastmile', () => {
    expect(contract.hosts.map((h) => [h.name, h.url])).toEqual([
      ['fulfilment', '{base_url}'],
      ['lastmile', '{lastmile_url}'],
    ]);
  });
});

describe('fulfilment code table', () => {
  const table = host('fulfilment').codes;

  it('holds all 14 rows (status, code, kind) in order', () => {
    expect(table.rows.map((r) => [r.status, r.code, r.kind])).toEqual([
      [400, 'invalid_argument', 'input'],
      [400, 'failed_precondition', 'internal'],
      [401, 'unauthenticated', 'unauthorized'],
      [403, 'permission_denied', 'forbidden'],
      [404, 'not_found', 'not_found'],
      [409, 'already_exists', 'internal'],
      [429, 'resource_exhausted', 'internal'],
      [499, 'canceled', 'internal'],
      [500, 'internal', 'internal'],
      [500, 'internal', 'integration'],
      [500, 'data_loss', 'internal'],
      [500, 'unknown', 'internal'],
      [503, 'unavailable', 'internal'],
      [504, 'deadline_exceeded', 'internal'],
    ]);
  });

  it('is open, describes the fulfilment shape and has 13 distinct codes', () => {
    expect(table.open).toBe(true);
    expect(table.shape).toBe('fulfilment');
    expect(table.codes).toEqual([
      'invalid_argument',
      'failed_precondition',
      'unauthenticated',
      'permission_denied',
      'not_found',
      'already_exists',
      'resource_exhausted',
      'canceled',
      'internal',
      'data_loss',
      'unknown',
      'unavailable',
      'deadline_exceeded',
    ]);
    expect(new Set(table.rows.map((r) => r.code)).size).toBe(13);
  });

  it("gives each row its status's category", () => {
    const byStatus: Record<number, string> = {
      400: 'input',
      401: 'unauthenticated',
      403: 'forbidden',
      404: 'not_found',
      409: 'conflict',
      429: 'rate_limited',
      499: 'canceled',
      500: 'server',
      503: 'unavailable',
      504: 'timeout',
    };
    expect(table.rows.map((r) => [r.code, r.category])).toEqual(table.rows.map((r) => [r.code, byStatus[r.status]]));
    expect(table.rows.every((r) => byStatus[r.status] !== undefined)).toBe(true);
  });

  it('the lastmile code table is open with no rows (its codes are not shown)', () => {
    const lastmile = host('lastmile').codes;
    expect(lastmile).toMatchObject({ shape: 'api_error', open: true, rows: [], codes: [] });
  });
});

describe('categories', () => {
  it('maps every status and status class of the source', () => {
    expect(contract.statusCategories.map((r) => [formatStatus(r.status), r.category])).toEqual([
      ['400', 'input'],
      ['401', 'unauthenticated'],
      ['403', 'forbidden'],
      ['404', 'not_found'],
      ['409', 'conflict'],
      ['422', 'input'],
      ['429', 'rate_limited'],
      ['499', 'canceled'],
      ['500', 'server'],
      ['502', 'server'],
      ['503', 'unavailable'],
      ['504', 'timeout'],
      ['4XX', 'client'],
      ['5XX', 'server'],
    ]);
  });

  it('exact statuses win over classes; unlisted statuses fall to their class', () => {
    expect(categoryOfStatus(contract.statusCategories, 404)).toBe('not_found');
    expect(categoryOfStatus(contract.statusCategories, 418)).toBe('client');
    expect(categoryOfStatus(contract.statusCategories, 501)).toBe('server');
    expect(categoryOfStatus(contract.statusCategories, 503)).toBe('unavailable');
  });

  it('retryable categories are exactly rate_limited, unavailable and timeout', () => {
    expect(contract.categories.filter((c) => c.retryable).map((c) => c.name).sort()).toEqual(['rate_limited', 'timeout', 'unavailable']);
  });
});

describe('error shapes', () => {
  it('the shape names used are exactly fulfilment, api_error, invalid_client, unauthorized and result_level', () => {
    expect(contract.shapes.map((s) => s.name).sort()).toEqual(['api_error', 'fulfilment', 'invalid_client', 'result_level', 'unauthorized']);
  });

  it('the fulfilment host answers with fulfilment and unauthorized', () => {
    expect(host('fulfilment').shapes).toEqual(['fulfilment', 'unauthorized']);
  });

  it('the lastmile host answers with the four last-mile shapes, in recognition order', () => {
    expect(host('lastmile').shapes).toEqual(['api_error', 'invalid_client', 'unauthorized', 'result_level']);
  });

  it('fulfilment: present code; reads code, message, details.type; field errors in details.fields', () => {
    const s = shape('fulfilment');
    expect(s.body).toEqual({ kind: 'named', name: 'FulfilmentErrorBody' });
    expect(s.match).toEqual({ present: [['code']], equals: [] });
    expect(s.read).toEqual({ code: ['code'], message: ['message'], kind: ['details', 'type'] });
    expect(s.fieldErrors).toEqual({ path: ['details', 'fields'], field: ['field'], message: ['message'] });
    expect(s.mirrors).toEqual([]);
  });

  it('api_error: present api_error; reads its code, message, human, description, id and http_status_code', () => {
    const s = shape('api_error');
    expect(s.body).toEqual({ kind: 'named', name: 'ApiErrorBody' });
    expect(s.match).toEqual({ present: [['api_error']], equals: [] });
    expect(s.read).toEqual({
      code: ['api_error', 'code'],
      message: ['api_error', 'message'],
      human: ['api_error', 'human'],
      detail: ['api_error', 'description'],
      number: ['api_error', 'id'],
      status: ['api_error', 'http_status_code'],
    });
    expect(s.fieldErrors).toEqual({ path: ['api_error', 'attribute_errors'], field: undefined, message: ['detail'] });
  });

  it("api_error's four top-level mirrors", () => {
    expect(shape('api_error').mirrors).toEqual([
      { path: ['error'], source: ['api_error', 'message'] },
      { path: ['errors', 0, 'detail'], source: ['api_error', 'message'] },
      { path: ['error_details', 0, 'detail'], source: ['api_error', 'message'] },
      { path: ['error_detail'], source: ['api_error', 'human'] },
    ]);
  });

  it('invalid_client: error equals invalid_client; reads error and error_description', () => {
    const s = shape('invalid_client');
    expect(s.body).toEqual({ kind: 'named', name: 'InvalidClientBody' });
    expect(s.match).toEqual({ present: [], equals: [{ path: ['error'], value: 'invalid_client' }] });
    expect(s.read).toEqual({ code: ['error'], human: ['error_description'] });
  });

  it('unauthorized: error equals unauthorized; reads error', () => {
    const s = shape('unauthorized');
    expect(s.body).toEqual({ kind: 'named', name: 'UnauthorizedBody' });
    expect(s.match).toEqual({ present: [], equals: [{ path: ['error'], value: 'unauthorized' }] });
    expect(s.read).toEqual({ code: ['error'] });
  });

  it('result_level: present result and level equals error; reads result and message', () => {
    const s = shape('result_level');
    expect(s.body).toEqual({ kind: 'named', name: 'ResultLevelBody' });
    expect(s.match).toEqual({ present: [['result']], equals: [{ path: ['level'], value: 'error' }] });
    expect(s.read).toEqual({ code: ['result'], message: ['message'] });
  });
});

describe('validation-message table (lastmile)', () => {
  it('has the wrapper root order and the aliases dropoff → destination, pickup → origin', () => {
    expect(messages().root).toBe('order');
    expect(messages().aliases).toEqual([
      { message: 'dropoff', request: 'destination' },
      { message: 'pickup', request: 'origin' },
    ]);
  });

  it('holds all 11 rows in order with their ids, statuses, examples, fields and expectations', () => {
    const rows = messages().rows.map((r) => ({
      id: r.id,
      status: r.status,
      example: r.example,
      fields: r.fields,
      expect: r.expect,
      empty: r.empty,
      all: r.all,
      ambiguous: r.ambiguous,
      retry: r.retry,
      policy: r.policy,
    }));
    const row = (id: string, status: number | undefined, example: string | undefined, fields: string[], expected: string[]) => ({
      id,
      status,
      example,
      fields,
      expect: expected,
      empty: false,
      all: false,
      ambiguous: false,
      retry: undefined,
      policy: undefined,
    });
    expect(rows).toEqual([
      row('blank_stop_field', undefined, "'dropoff.address1' must not be blank", ['{path}'], ['destination.address.address1']),
      row('postcode_blank', undefined, "Validation failed: Postcode can't be blank", [], []),
      row('unknown_service_kind', undefined, 'unknown servicekind: "express"', ['kind'], ['kind']),
      { ...row('billing_identifier_invalid', 400, '[order][billing_identifier] invalid', ['billing_identifier'], ['billing_identifier']), retry: 'once_then_support' },
      row('same_day_not_enabled', 422, 'Same day service is not enabled for your account', ['kind'], ['kind']),
      {
        ...row('required_objects_missing', 422, '[origin] is missing, [destination] is missing, [items] is missing', ['{path}'], ['origin', 'destination', 'items']),
        all: true,
      },
      row('stop_address1_missing', 422, '[destination][address][address1] is missing', ['{stop}.address.address1'], ['destination.address.address1']),
      row('items_invalid', 400, '[order][items] invalid', ['items'], ['items']),
      row('payment_amount_missing', 422, '[payment_amount] is missing', ['payment_amount'], ['payment_amount']),
      { ...row('empty_message', 422, undefined, ['payment_mode', 'kind'], ['payment_mode', 'kind']), empty: true, ambiguous: true },
      { ...row('policy_check_failed', undefined, 'CanSubmitJobPolicy failed policy check', [], []), policy: 'CanSubmitJobPolicy' },
    ]);
  });

  describe('the runtime matcher maps each message to request fields', () => {
    const data: MessageTableData = messageTableData(messages());
    const known = knowledge(contract).hostRequestPaths('lastmile');

    it.each([
      ["'dropoff.address1' must not be blank", 'blank_stop_field', ['destination.address.address1']],
      ["'pickup.address1' must not be blank", 'blank_stop_field', ['origin.address.address1']],
      ["Validation failed: Postcode can't be blank", 'postcode_blank', []],
      ['unknown servicekind: "express"', 'unknown_service_kind', ['kind']],
      ['[order][billing_identifier] invalid', 'billing_identifier_invalid', ['billing_identifier']],
      ['Same day service is not enabled for your account', 'same_day_not_enabled', ['kind']],
      ['[origin] is missing, [destination] is missing, [items] is missing', 'required_objects_missing', ['origin', 'destination', 'items']],
      ['[items] is missing', 'required_objects_missing', ['items']],
      ['[destination][address][address1] is missing', 'stop_address1_missing', ['destination.address.address1']],
      ['[origin][address][address1] is missing', 'stop_address1_missing', ['origin.address.address1']],
      ['[order][items] invalid', 'items_invalid', ['items']],
      ['[payment_amount] is missing', 'payment_amount_missing', ['payment_amount']],
      ['CanSubmitJobPolicy failed policy check', 'policy_check_failed', []],
    ])('%s → row %s, fields %j', (message, id, fields) => {
      const match = matchMessage(data, message, known);
      expect(match?.row.id).toBe(id);
      expect(match?.fields).toEqual(fields);
    });

    it('an envelope of empty messages → payment_mode or kind (ambiguous)', () => {
      const match = matchEmptyMessage(data, known);
      expect(match?.row.id).toBe('empty_message');
      expect(match?.row.ambiguous).toBe(true);
      expect(match?.fields).toEqual(['payment_mode', 'kind']);
    });

    it('the request paths the matcher resolves against include both stops’ address1', () => {
      expect(known).toEqual(expect.arrayContaining(['origin.address.address1', 'destination.address.address1', 'items', 'kind', 'payment_amount', 'payment_mode', 'billing_identifier']));
    });
  });
});

describe('policies', () => {
  it('CanSubmitJobPolicy is in category policy with its 5 restrictions', () => {
    expect(contract.policies.map((p) => [p.name, p.category])).toEqual([['CanSubmitJobPolicy', 'policy']]);
    expect(contract.policies[0]?.restrictions.map((r) => [r.name, r.liftedBy, r.retryLater])).toEqual([
      ['Customer segmentation rule', 'account manager', 'no'],
      ['Tier closed', 'account manager', 'no'],
      ['Dispatch channel closed for high demand', 'operations', 'yes'],
      ['Hourly order limit reached', 'account manager', 'after_window'],
      ['Third-party logistics partner not accepting orders', 'operations', 'yes'],
    ]);
  });

  it('the policy category exists and is not retryable', () => {
    expect(contract.categories.find((c) => c.name === 'policy')?.retryable).toBe(false);
  });
});

describe('endpoints', () => {
  it('are the 6 operations with method, path, host, auth and path parameters', () => {
    expect(contract.endpoints.map((e) => [e.id, e.method, e.path, e.host, e.security.length === 0 ? 'none' : e.security.map((alt) => alt.join('+')).join('|'), e.params.map((p) => p.name)])).toEqual([
      ['requestToken', 'POST', '/oauth/token', 'fulfilment', 'none', []],
      ['createOrder', 'POST', '/orders', 'lastmile', 'oauth', []],
      ['getOrder', 'GET', '/orders/{order_id}', 'lastmile', 'oauth', ['order_id']],
      ['updateOrder', 'PUT', '/orders/{order_id}', 'lastmile', 'oauth', ['order_id']],
      ['markReadyForCollection', 'PUT', '/orders/{order_id}/ready_for_collection', 'lastmile', 'oauth', ['order_id']],
      ['getOrderLabel', 'GET', '/order_label/{order_id}', 'lastmile', 'oauth', ['order_id']],
    ]);
  });

  it('requestToken takes TokenRequest as JSON or form-urlencoded and answers 200 TokenResponse', () => {
    const e = endpoint('requestToken');
    expect(e.request?.body).toEqual({ kind: 'named', name: 'TokenRequest' });
    expect(e.request?.contentTypes).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    expect(e.responses.map((r) => [formatStatus(r.status), r.shape, r.isError])).toEqual([
      ['200', undefined, false],
      ['400', 'fulfilment', true],
      ['401', 'invalid_client', true],
      ['422', undefined, true],
    ]);
    expect(e.responses[0]?.body).toEqual({ kind: 'named', name: 'TokenResponse' });
  });

  it('order bodies: createOrder OrderRequest, updateOrder OrderUpdate, markReadyForCollection optional and not shown', () => {
    expect(endpoint('createOrder').request?.body).toEqual({ kind: 'named', name: 'OrderRequest' });
    expect(endpoint('updateOrder').request?.body).toEqual({ kind: 'named', name: 'OrderUpdate' });
    const ready = endpoint('markReadyForCollection').request;
    expect(ready?.optional).toBe(true);
    expect(ready?.notShown).toMatch(/not shown/);
    expect(endpoint('getOrder').request).toBeUndefined();
    expect(endpoint('getOrderLabel').request).toBeUndefined();
  });

  it('getOrderLabel answers 200 with an application/pdf binary body', () => {
    const responses = endpoint('getOrderLabel').responses;
    expect(responses.map((r) => ({ status: formatStatus(r.status), body: r.body, contentType: r.contentType, isError: r.isError }))).toEqual([
      { status: '200', body: { kind: 'primitive', name: 'binary' }, contentType: 'application/pdf', isError: false },
    ]);
  });

  it('quirks: getOrder 403 means not found', () => {
    expect(endpoint('getOrder').errors.quirks.map((q) => [q.id, formatStatus(q.when.status), q.when.emptyBody, q.error, q.category])).toEqual([
      ['forbidden_means_missing', '403', false, false, 'not_found'],
    ]);
  });

  it('quirks: getOrderLabel 200 with an empty body is a not_found error; its 404 means the wrong path', () => {
    const quirks = endpoint('getOrderLabel').errors.quirks;
    expect(quirks.map((q) => [q.id, formatStatus(q.when.status), q.when.emptyBody, q.error, q.category])).toEqual([
      ['empty_label_means_missing', '200', true, true, 'not_found'],
      ['not_found_means_wrong_path', '404', false, false, undefined],
    ]);
    expect(quirks[1]?.hint).toMatch(/wrong path/);
    expect(quirks[1]?.hint).toContain('GET /order_label/{order_id}');
  });

  it('quirks: updateOrder 404 means the wrong method', () => {
    const quirks = endpoint('updateOrder').errors.quirks;
    expect(quirks.map((q) => [q.id, formatStatus(q.when.status), q.error, q.category])).toEqual([['not_found_means_wrong_method', '404', false, undefined]]);
    expect(quirks[0]?.hint).toMatch(/wrong method/);
    expect(quirks[0]?.hint).toContain('PUT /orders/{order_id}');
  });

  it.each(['createOrder', 'markReadyForCollection'])('quirks: %s 5XX may be a malformed payload', (id) => {
    const quirks = endpoint(id).errors.quirks;
    expect(quirks.map((q) => [q.id, formatStatus(q.when.status), q.error, q.category])).toEqual([['server_error_may_be_payload', '5XX', false, undefined]]);
    expect(quirks[0]?.hint).toMatch(/Malformed payloads can return 500 instead of 422/);
  });

  it('requestToken has no quirks', () => {
    expect(endpoint('requestToken').errors.quirks).toEqual([]);
  });

  it('effective error shapes: host shapes, then the endpoint’s own', () => {
    expect(contract.endpoints.map((e) => [e.id, e.errors.shapes])).toEqual([
      ['requestToken', ['fulfilment', 'unauthorized', 'invalid_client']],
      ['createOrder', ['api_error', 'invalid_client', 'unauthorized', 'result_level']],
      ['getOrder', ['api_error', 'invalid_client', 'unauthorized', 'result_level']],
      ['updateOrder', ['api_error', 'invalid_client', 'unauthorized', 'result_level']],
      ['markReadyForCollection', ['api_error', 'invalid_client', 'unauthorized', 'result_level']],
      ['getOrderLabel', ['api_error', 'invalid_client', 'unauthorized', 'result_level']],
    ]);
  });

  it('every endpoint but requestToken replays once after a 401; all report 5XX to support', () => {
    expect(contract.endpoints.map((e) => [e.id, e.errors.replayOnUnauthorized, e.errors.supportReport])).toEqual([
      ['requestToken', false, true],
      ['createOrder', true, true],
      ['getOrder', true, true],
      ['updateOrder', true, true],
      ['markReadyForCollection', true, true],
      ['getOrderLabel', true, true],
    ]);
  });
});

describe('auth', () => {
  const auth = contract.auth;

  it('is OAuth 2 through requestToken, selecting the grant by grant_type', () => {
    expect(auth?.type).toBe('oauth2');
    expect(auth?.endpoint).toBe('requestToken');
    expect(auth?.grantField).toBe('grant_type');
  });

  it('grants client_credentials (default) and refresh_token with their send maps', () => {
    expect(auth?.grants).toEqual([
      {
        name: 'client_credentials',
        isDefault: true,
        send: [
          { field: 'client_id', credential: 'clientId' },
          { field: 'client_secret', credential: 'clientSecret' },
        ],
      },
      { name: 'refresh_token', isDefault: false, send: [{ field: 'refresh_token', credential: 'refreshToken' }] },
    ]);
  });

  it('reads access_token, expires_in and token_type from the token response', () => {
    expect(auth?.token).toEqual({ accessToken: 'access_token', expiresIn: 'expires_in', tokenType: 'token_type', refreshToken: undefined });
  });

  it('token lifetime: production 604800 s (7 days), staging 3600 s', () => {
    expect(auth?.lifetime).toEqual([
      { environment: 'production', seconds: 604800 },
      { environment: 'staging', seconds: 3600 },
    ]);
  });

  it('carrier: Authorization: Bearer, not shown by the source (RFC 6750 default)', () => {
    expect(auth?.carrier).toMatchObject({ header: 'Authorization', scheme: 'Bearer', shown: false });
    expect(auth?.carrier.notShown).toMatch(/not shown/);
    expect(auth?.carrier.notShown).toContain('Authorization: Bearer');
  });

  it('a 401 with the unauthorized shape replays the request once', () => {
    expect(auth?.unauthorized).toEqual({ status: 401, shape: 'unauthorized', replay: 'once' });
  });
});

describe('environments, servers and support', () => {
  it('servers are base_url, staging_url, mock_url and lastmile_url', () => {
    expect(contract.servers.map((s) => s.name)).toEqual(['base_url', 'staging_url', 'mock_url', 'lastmile_url']);
  });

  it('production (default), staging and mock, with resolved URLs and required variables', () => {
    expect(contract.environments.map((e) => ({ name: e.name, isDefault: e.isDefault, urls: e.urls, variables: e.variables }))).toEqual([
      {
        name: 'production',
        isDefault: true,
        urls: [
          { host: 'fulfilment', url: '{base_url}' },
          { host: 'lastmile', url: '{lastmile_url}' },
        ],
        variables: ['base_url', 'lastmile_url'],
      },
      {
        name: 'staging',
        isDefault: false,
        urls: [
          { host: 'fulfilment', url: '{staging_url}' },
          { host: 'lastmile', url: '{lastmile_url}' },
        ],
        variables: ['staging_url', 'lastmile_url'],
      },
      {
        name: 'mock',
        isDefault: false,
        urls: [
          { host: 'fulfilment', url: '{mock_url}' },
          { host: 'lastmile', url: '{lastmile_url}' },
        ],
        variables: ['mock_url', 'lastmile_url'],
      },
    ]);
  });

  it('staging and mock record that their last-mile address is not shown', () => {
    expect(contract.environments.map((e) => [e.name, e.notShown.length])).toEqual([
      ['production', 0],
      ['staging', 1],
      ['mock', 1],
    ]);
  });

  it('support: contact support_email on 5XX with request, response and timestamp', () => {
    expect(contract.support).toMatchObject({ contact: 'support_email', reportOn: [{ kind: 'class', statusClass: 5 }], include: ['request', 'response', 'timestamp'] });
  });
});

describe('types', () => {
  it('TokenRequest: client_credentials requires client_id and client_secret; refresh_token requires refresh_token', () => {
    expect(objectType('TokenRequest').requiredWhen).toEqual([
      { field: 'grant_type', value: 'client_credentials', require: ['client_id', 'client_secret'] },
      { field: 'grant_type', value: 'refresh_token', require: ['refresh_token'] },
    ]);
  });

  it('TokenRequest: grant_type defaults to client_credentials; the secrets are secret', () => {
    const t = objectType('TokenRequest');
    expect(field(t, 'grant_type').default).toBe('client_credentials');
    expect(t.fields.filter((f) => f.secret).map((f) => f.name)).toEqual(['client_secret', 'refresh_token']);
  });

  it('TokenResponse: access_token required; created_at is marked not shown', () => {
    const t = objectType('TokenResponse');
    expect(field(t, 'access_token').required).toBe(true);
    expect(field(t, 'created_at').notShown).toMatch(/not shown/);
  });

  it('OrderRequest: open; requires origin, destination and items; payment_amount and payment_mode together', () => {
    const t = objectType('OrderRequest');
    expect(t.open).toBe(true);
    expect(t.fields.filter((f) => f.required).map((f) => f.name)).toEqual(['origin', 'destination', 'items']);
    expect(t.together).toEqual([['payment_amount', 'payment_mode']]);
  });

  it('OrderUpdate: nothing required; payment_amount and payment_mode together', () => {
    const t = objectType('OrderUpdate');
    expect(t.fields.filter((f) => f.required)).toEqual([]);
    expect(t.together).toEqual([['payment_amount', 'payment_mode']]);
  });

  it('Address.address1 and Item.name are required', () => {
    expect(field(objectType('Address'), 'address1').required).toBe(true);
    expect(field(objectType('Item'), 'name').required).toBe(true);
  });

  it.each(['ServiceKind', 'PaymentMode'])('%s is an open enum with no values and a not-shown note', (name) => {
    const t = enumType(name);
    expect(t.open).toBe(true);
    expect(t.values).toEqual([]);
    expect(t.notShown).toMatch(/not shown/);
  });
});
