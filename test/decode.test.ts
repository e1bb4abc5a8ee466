/**
 * Behaviour tests of the generated error decoders (generated/src/errors.ts over the runtime copied
 * from templates/). Every expectation is a fact of contract/orders.yaml spelled out here, not read
 * back from the generated tables, so a generator or runtime change that loses a fact fails a test.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeError,
  decodeFulfilmentError,
  decodeLastmileError,
  FULFILMENT_ERROR_CODES,
  isFulfilmentErrorCode,
  type AnyDecodedError,
  type DecodeErrorInput,
  type OperationId,
} from '../generated/src/index.js';

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const CATEGORIES = [
  'input',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'canceled',
  'server',
  'unavailable',
  'timeout',
  'client',
  'policy',
];
const RETRYABLE = new Set(['rate_limited', 'unavailable', 'timeout']);

/** The category the contract gives each HTTP status (exact statuses, then classes). */
function categoryOf(status: number): string {
  const exact: Record<number, string> = {
    400: 'input',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    422: 'input',
    429: 'rate_limited',
    499: 'canceled',
    500: 'server',
    502: 'server',
    503: 'unavailable',
    504: 'timeout',
  };
  const found = exact[status];
  if (found !== undefined) return found;
  if (status >= 400 && status < 500) return 'client';
  return 'server';
}

interface FulfilmentEnvelope {
  status: string;
  code: string;
  message: string;
  details: { type: string; fields?: { field: string; message: string }[] };
}

function fulfilmentEnvelope(code: string, type: string, message = `failure: ${code}`): FulfilmentEnvelope {
  return { status: code, code, message, details: { type } };
}

interface ApiErrorOptions {
  readonly id?: number;
  readonly code?: string;
  readonly message?: string;
  readonly human?: string;
  readonly description?: string;
  readonly httpStatus?: number;
  readonly attributeErrors?: readonly string[];
  /** Add the four top-level mirrors (every /orders operation does). Default true. */
  readonly mirrors?: boolean;
}

/** An api_error envelope as the last-mile API sends it, mirrors included. */
function apiErrorEnvelope(o: ApiErrorOptions): Record<string, unknown> {
  const apiError: Record<string, unknown> = {};
  if (o.id !== undefined) apiError.id = o.id;
  if (o.code !== undefined) apiError.code = o.code;
  if (o.message !== undefined) apiError.message = o.message;
  if (o.human !== undefined) apiError.human = o.human;
  if (o.description !== undefined) apiError.description = o.description;
  if (o.httpStatus !== undefined) apiError.http_status_code = o.httpStatus;
  if (o.attributeErrors !== undefined) apiError.attribute_errors = o.attributeErrors.map((detail) => ({ detail }));
  const body: Record<string, unknown> = { api_error: apiError };
  if (o.mirrors !== false) {
    if (o.message !== undefined) {
      body.error = o.message;
      body.errors = [{ detail: o.message }];
      body.error_details = [{ detail: o.message }];
    }
    if (o.human !== undefined) body.error_detail = o.human;
  }
  return body;
}

/** Field names of a decoded error, sorted (the decoder's order is not part of the contract). */
function fieldNames(e: AnyDecodedError): string[] {
  return e.fields.map((f) => f.field).sort();
}

/** Properties every decoded error has, whatever the input. */
function expectWellFormed(e: AnyDecodedError, status: number): void {
  expect(Object.getPrototypeOf(e)).toBe(Object.prototype);
  expect(e.status).toBe(status);
  expect(Number.isSafeInteger(e.status)).toBe(true);
  expect(typeof e.shape).toBe('string');
  expect(typeof e.code).toBe('string');
  expect(typeof e.known).toBe('boolean');
  expect(CATEGORIES).toContain(e.category);
  // A "retry once, then support" row is retryable whatever its category.
  expect(e.retryable).toBe(RETRYABLE.has(e.category) || ('retry' in e && e.retry === 'once_then_support'));
  expect(typeof e.message).toBe('string');
  expect(e.message.length).toBeLessThan(10_000);
  expect(Array.isArray(e.fields)).toBe(true);
  for (const f of e.fields) {
    expect(typeof f.field).toBe('string');
    expect(typeof f.message).toBe('string');
  }
  expect(Array.isArray(e.rules)).toBe(true);
  if (typeof e.body === 'string') expect(e.body.length).toBeLessThan(10_000);
}

function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

const FIVE_MB = 5 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// 1. Fulfilment host: the code table
// ---------------------------------------------------------------------------------------------

describe('fulfilment host: code table', () => {
  const ROWS: readonly { status: number; code: string; kind: string; category: string }[] = [
    { status: 400, code: 'invalid_argument', kind: 'input', category: 'input' },
    { status: 400, code: 'failed_precondition', kind: 'internal', category: 'input' },
    { status: 401, code: 'unauthenticated', kind: 'unauthorized', category: 'unauthenticated' },
    { status: 403, code: 'permission_denied', kind: 'forbidden', category: 'forbidden' },
    { status: 404, code: 'not_found', kind: 'not_found', category: 'not_found' },
    { status: 409, code: 'already_exists', kind: 'internal', category: 'conflict' },
    { status: 429, code: 'resource_exhausted', kind: 'internal', category: 'rate_limited' },
    { status: 499, code: 'canceled', kind: 'internal', category: 'canceled' },
    { status: 500, code: 'internal', kind: 'internal', category: 'server' },
    { status: 500, code: 'internal', kind: 'integration', category: 'server' },
    { status: 500, code: 'data_loss', kind: 'internal', category: 'server' },
    { status: 500, code: 'unknown', kind: 'internal', category: 'server' },
    { status: 503, code: 'unavailable', kind: 'internal', category: 'unavailable' },
    { status: 504, code: 'deadline_exceeded', kind: 'internal', category: 'timeout' },
  ];

  it('has the 14 rows of the source table', () => {
    expect(ROWS).toHaveLength(14);
  });

  it.each(ROWS)('$status $code ($kind) → category $category', ({ status, code, kind, category }) => {
    const body = fulfilmentEnvelope(code, kind, `The request failed: ${code}.`);
    for (const given of [body, JSON.stringify(body)]) {
      const e = decodeFulfilmentError({ status, body: given });
      expectWellFormed(e, status);
      expect(e.host).toBe('fulfilment');
      expect(e.shape).toBe('fulfilment');
      expect(e.code).toBe(code);
      expect(e.known).toBe(true);
      expect(e.kind).toBe(kind);
      expect(e.category).toBe(category);
      expect(e.retryable).toBe(category === 'rate_limited' || category === 'unavailable' || category === 'timeout');
      expect(e.message).toBe(`The request failed: ${code}.`);
      expect(e.fields).toEqual([]);
      expect(e.bodyStatus).toBeUndefined();
      expect(e.body).toEqual(body);
    }
  });

  it('FULFILMENT_ERROR_CODES holds exactly the 13 distinct codes of the table', () => {
    const distinct = [...new Set(ROWS.map((r) => r.code))];
    expect(distinct).toHaveLength(13);
    expect(FULFILMENT_ERROR_CODES).toHaveLength(13);
    expect(new Set(FULFILMENT_ERROR_CODES).size).toBe(13);
    expect([...FULFILMENT_ERROR_CODES].sort()).toEqual([...distinct].sort());
  });

  it('isFulfilmentErrorCode accepts exactly the table codes', () => {
    for (const code of FULFILMENT_ERROR_CODES) expect(isFulfilmentErrorCode(code)).toBe(true);
    for (const other of ['quota_weird', '', 'INTERNAL', 'toString', '__proto__', 5, null, undefined, {}]) {
      expect(isFulfilmentErrorCode(other)).toBe(false);
    }
  });

  it.each([
    { status: 502, category: 'server' },
    { status: 418, category: 'client' },
    { status: 400, category: 'input' },
    { status: 599, category: 'server' },
  ])(
    'an unknown code at $status is not known and falls back to its status class ($category)',
    ({ status, category }) => {
      const e = decodeFulfilmentError({ status, body: fulfilmentEnvelope('quota_weird', 'internal') });
      expectWellFormed(e, status);
      expect(e.shape).toBe('fulfilment');
      expect(e.code).toBe('quota_weird');
      expect(e.known).toBe(false);
      expect(e.category).toBe(category);
      expect(e.retryable).toBe(false);
      expect(e.kind).toBe('internal');
    },
  );

  it('the HTTP status wins over the status and code the body claims', () => {
    // Body says unavailable (503, retryable); the HTTP status is 500.
    const e = decodeFulfilmentError({ status: 500, body: fulfilmentEnvelope('unavailable', 'internal') });
    expectWellFormed(e, 500);
    expect(e.code).toBe('unavailable');
    expect(e.category).toBe('server');
    expect(e.retryable).toBe(false);

    // Body says invalid_argument (400); the HTTP status is 503.
    const f = decodeFulfilmentError({
      status: 503,
      body: { ...fulfilmentEnvelope('invalid_argument', 'input'), status: 400 },
    });
    expectWellFormed(f, 503);
    expect(f.category).toBe('unavailable');
    expect(f.retryable).toBe(true);
  });

  it('maps details.fields to field errors with dotted paths', () => {
    const body = fulfilmentEnvelope('invalid_argument', 'input', 'Invalid request.');
    body.details.fields = [
      { field: 'destination.address.address1', message: 'required' },
      { field: 'items.0.name', message: 'required' },
      { field: 'client_id', message: 'format' },
    ];
    const e = decodeFulfilmentError({ status: 400, body: JSON.stringify(body) });
    expect(e.fields).toEqual([
      { field: 'destination.address.address1', message: 'required' },
      { field: 'items.0.name', message: 'required' },
      { field: 'client_id', message: 'format' },
    ]);
    expect(e.category).toBe('input');
  });

  it('recognises the unauthorized envelope on the fulfilment host', () => {
    const e = decodeFulfilmentError({ status: 401, body: '{"error":"unauthorized"}' });
    expectWellFormed(e, 401);
    expect(e.shape).toBe('unauthorized');
    expect(e.code).toBe('unauthorized');
    expect(e.category).toBe('unauthenticated');
    expect(e.retryable).toBe(false);
  });

  it('recognises invalid_client on requestToken, with error_description as the message', () => {
    const e = decodeFulfilmentError({
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
      endpoint: 'requestToken',
    });
    expectWellFormed(e, 401);
    expect(e.shape).toBe('invalid_client');
    expect(e.code).toBe('invalid_client');
    expect(e.message).toBe('Client authentication failed.');
    expect(e.category).toBe('unauthenticated');
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Last-mile host: the four shapes
// ---------------------------------------------------------------------------------------------

describe('last-mile host: envelopes', () => {
  it('decodes the api_error envelope with its four mirrors', () => {
    const body = apiErrorEnvelope({
      id: 1042,
      code: 'bad_request',
      message: 'bad_request',
      human: 'The request could not be processed.',
      description: 'A longer description.',
      httpStatus: 400,
      attributeErrors: ['first detail', 'second detail'],
    });
    expect(Object.keys(body).sort()).toEqual(['api_error', 'error', 'error_detail', 'error_details', 'errors']);
    const e = decodeLastmileError({ status: 400, body: JSON.stringify(body) });
    expectWellFormed(e, 400);
    expect(e.host).toBe('lastmile');
    expect(e.shape).toBe('api_error');
    expect(e.code).toBe('bad_request');
    expect(e.known).toBe(false); // the api_error codes are not shown: the table is empty
    expect(e.category).toBe('input');
    expect(e.retryable).toBe(false);
    expect(e.message).toBe('The request could not be processed.');
    expect(e.fields).toEqual([
      { field: '', message: 'first detail' },
      { field: '', message: 'second detail' },
    ]);
    expect(e.bodyStatus).toBeUndefined();
    expect(e.rules).toEqual([]);
    expect(e.body).toEqual(body);
  });

  it('decodes invalid_client with the message from error_description', () => {
    const e = decodeLastmileError({
      status: 401,
      body: '{"error":"invalid_client","error_description":"Client authentication failed due to unknown client."}',
    });
    expectWellFormed(e, 401);
    expect(e.shape).toBe('invalid_client');
    expect(e.code).toBe('invalid_client');
    expect(e.message).toBe('Client authentication failed due to unknown client.');
    expect(e.category).toBe('unauthenticated');
  });

  it('decodes {error: "unauthorized"} at 401 as unauthenticated', () => {
    const e = decodeLastmileError({ status: 401, body: { error: 'unauthorized' } });
    expectWellFormed(e, 401);
    expect(e.shape).toBe('unauthorized');
    expect(e.code).toBe('unauthorized');
    expect(e.category).toBe('unauthenticated');
    expect(e.retryable).toBe(false);
    expect(e.fields).toEqual([]);
  });

  it('decodes {result, level: "error", message} as result_level with the code as text', () => {
    const e = decodeLastmileError({ status: 400, body: '{"result":5,"level":"error","message":"Something failed."}' });
    expectWellFormed(e, 400);
    expect(e.shape).toBe('result_level');
    expect(e.code).toBe('5');
    expect(e.message).toBe('Something failed.');
    expect(e.category).toBe('input');
  });

  it('does not take {result, level: "warning"} for result_level', () => {
    const e = decodeLastmileError({ status: 400, body: { result: 5, level: 'warning', message: 'm' } });
    expect(e.shape).toBe('unrecognised');
  });

  it('keeps the HTTP status and reports api_error.http_status_code as bodyStatus when it differs', () => {
    const e = decodeLastmileError({
      status: 400,
      body: apiErrorEnvelope({ code: 'unprocessable', message: 'x', httpStatus: 422 }),
    });
    expectWellFormed(e, 400);
    expect(e.status).toBe(400);
    expect(e.bodyStatus).toBe(422);
    expect(e.category).toBe('input');

    const same = decodeLastmileError({ status: 422, body: apiErrorEnvelope({ message: 'x', httpStatus: 422 }) });
    expect(same.bodyStatus).toBeUndefined();

    const server = decodeLastmileError({ status: 503, body: apiErrorEnvelope({ message: 'x', httpStatus: 400 }) });
    expect(server.status).toBe(503);
    expect(server.bodyStatus).toBe(400);
    expect(server.category).toBe('unavailable');
    expect(server.retryable).toBe(true);
  });

  it.each([
    ['1e300', 1e300],
    ['1e9', 1e9],
    ['422.5', 422.5],
    ['-422', -422],
  ] as const)('reports no bodyStatus for an http_status_code of %s that is no HTTP status', (_, claimed) => {
    const e = decodeLastmileError({ status: 400, body: { api_error: { message: 'x', http_status_code: claimed } } });
    expectWellFormed(e, 400);
    expect(e.bodyStatus).toBeUndefined();
  });

  it.each([
    ['error', { error: 'From the error mirror' }],
    ['errors[0].detail', { errors: [{ detail: 'From the error mirror' }] }],
    ['error_details[0].detail', { error_details: [{ detail: 'From the error mirror' }] }],
    ['error_detail', { error_detail: 'From the error mirror' }],
  ] as const)('falls back to the %s mirror when api_error.message and human are absent', (_, mirror) => {
    const e = decodeLastmileError({ status: 400, body: { api_error: { code: 'c' }, ...mirror } });
    expectWellFormed(e, 400);
    expect(e.shape).toBe('api_error');
    expect(e.message).toBe('From the error mirror');
  });

  it('prefers api_error itself over its mirrors', () => {
    const e = decodeLastmileError({
      status: 400,
      body: { api_error: { human: 'Own human' }, error_detail: 'Mirror human', error: 'Mirror message' },
    });
    expect(e.message).toBe('Own human');
  });

  it('maps a validation message carried only by a mirror through the message table', () => {
    const e = decodeLastmileError({
      status: 422,
      body: { api_error: { code: 'c' }, errors: [{ detail: '[payment_amount] is missing' }] },
      endpoint: 'updateOrder',
    });
    expect(fieldNames(e)).toEqual(['payment_amount']);
    expect(e.rules).toContain('payment_amount_missing');
  });

  it('reads attribute_errors as an array of {detail}, skipping entries that are not', () => {
    const e = decodeLastmileError({
      status: 400,
      body: {
        api_error: {
          attribute_errors: [{ detail: 'a detail' }, 1, null, 'text', { other: 'x' }, { detail: 'another' }],
        },
      },
    });
    expectWellFormed(e, 400);
    expect(e.fields).toEqual([
      { field: '', message: 'a detail' },
      { field: '', message: 'another' },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Last-mile host: the validation message table
// ---------------------------------------------------------------------------------------------

interface MessageCase {
  readonly id: string;
  readonly status: number;
  readonly text: string;
  readonly fields: readonly string[];
  readonly endpoint: OperationId;
}

const MESSAGE_CASES: readonly MessageCase[] = [
  {
    id: 'blank_stop_field',
    status: 422,
    text: "'dropoff.address1' must not be blank",
    fields: ['destination.address.address1'],
    endpoint: 'createOrder',
  },
  {
    id: 'blank_stop_field',
    status: 422,
    text: "'pickup.address1' must not be blank",
    fields: ['origin.address.address1'],
    endpoint: 'createOrder',
  },
  {
    id: 'postcode_blank',
    status: 422,
    text: "Validation failed: Postcode can't be blank",
    fields: [],
    endpoint: 'createOrder',
  },
  {
    id: 'unknown_service_kind',
    status: 422,
    text: 'unknown servicekind: "x"',
    fields: ['kind'],
    endpoint: 'createOrder',
  },
  {
    id: 'billing_identifier_invalid',
    status: 400,
    text: '[order][billing_identifier] invalid',
    fields: ['billing_identifier'],
    endpoint: 'createOrder',
  },
  {
    id: 'same_day_not_enabled',
    status: 422,
    text: 'Same day service is not enabled for your account',
    fields: ['kind'],
    endpoint: 'createOrder',
  },
  {
    id: 'required_objects_missing',
    status: 422,
    text: '[origin] is missing, [destination] is missing, [items] is missing',
    fields: ['origin', 'destination', 'items'],
    endpoint: 'createOrder',
  },
  {
    id: 'stop_address1_missing',
    status: 422,
    text: '[destination][address][address1] is missing',
    fields: ['destination.address.address1'],
    endpoint: 'createOrder',
  },
  {
    id: 'stop_address1_missing',
    status: 422,
    text: '[origin][address][address1] is missing',
    fields: ['origin.address.address1'],
    endpoint: 'createOrder',
  },
  { id: 'items_invalid', status: 400, text: '[order][items] invalid', fields: ['items'], endpoint: 'createOrder' },
  {
    id: 'payment_amount_missing',
    status: 422,
    text: '[payment_amount] is missing',
    fields: ['payment_amount'],
    endpoint: 'updateOrder',
  },
];

type Placement = 'attribute_errors' | 'api_error.message' | 'api_error.human' | 'both';
const PLACEMENTS: readonly Placement[] = ['attribute_errors', 'api_error.message', 'api_error.human', 'both'];

function validationBody(text: string, placement: Placement, status: number): Record<string, unknown> {
  switch (placement) {
    case 'attribute_errors':
      return apiErrorEnvelope({
        code: 'validation_failed',
        message: '',
        human: '',
        httpStatus: status,
        attributeErrors: [text],
      });
    case 'api_error.message':
      return apiErrorEnvelope({ code: 'validation_failed', message: text, httpStatus: status });
    case 'api_error.human':
      return apiErrorEnvelope({ code: 'validation_failed', human: text, httpStatus: status });
    case 'both':
      return apiErrorEnvelope({
        code: 'validation_failed',
        message: text,
        human: text,
        httpStatus: status,
        attributeErrors: [text],
      });
  }
}

describe('last-mile host: validation messages', () => {
  it('covers every row of the message table', () => {
    expect(new Set(MESSAGE_CASES.map((c) => c.id)).size + 2).toBe(11); // + empty_message, policy_check_failed
  });

  const cases = MESSAGE_CASES.flatMap((c) => PLACEMENTS.map((placement) => ({ ...c, placement })));
  it.each(cases)('$id: "$text" in $placement → [$fields]', ({ id, status, text, fields, endpoint, placement }) => {
    const e = decodeLastmileError({ status, body: JSON.stringify(validationBody(text, placement, status)), endpoint });
    expectWellFormed(e, status);
    expect(e.shape).toBe('api_error');
    expect(e.category).toBe('input');
    expect(e.rules).toContain(id);
    expect(fieldNames(e)).toEqual([...fields].sort());
    for (const f of e.fields) {
      expect(f.message).toBe(text);
      expect(f.ambiguous).toBeUndefined();
    }
    expect(e.hint).toEqual(expect.any(String));
  });

  it.each(MESSAGE_CASES)('$id: "$text" maps the same without an endpoint', ({ id, status, text, fields }) => {
    const e = decodeLastmileError({ status, body: validationBody(text, 'both', status) });
    expect(e.rules).toContain(id);
    expect(fieldNames(e)).toEqual([...fields].sort());
  });

  it('maps the three missing objects when each comes as its own attribute error', () => {
    const e = decodeLastmileError({
      status: 422,
      body: apiErrorEnvelope({
        code: 'validation_failed',
        message: '',
        attributeErrors: ['[origin] is missing', '[destination] is missing', '[items] is missing'],
      }),
      endpoint: 'createOrder',
    });
    expect(fieldNames(e)).toEqual(['destination', 'items', 'origin']);
    expect(e.rules).toContain('required_objects_missing');
  });

  it('billing_identifier invalid: retry once, then support', () => {
    const e = decodeLastmileError({
      status: 400,
      body: validationBody('[order][billing_identifier] invalid', 'both', 400),
      endpoint: 'createOrder',
    });
    expect(e.retry).toBe('once_then_support');
    // Retryable on the first failure; the client retries it once, then gives the support guidance.
    expect(e.retryable).toBe(true);
    expect(e.hint).toMatch(/retry once/i);
    expect(e.hint).toMatch(/support/i);
  });

  it('other rows carry no retry advice', () => {
    const e = decodeLastmileError({
      status: 400,
      body: validationBody('[order][items] invalid', 'both', 400),
      endpoint: 'createOrder',
    });
    expect(e.retry).toBeUndefined();
  });

  it('an empty 422 (every message field "") names payment_mode and kind, both ambiguous', () => {
    const body = {
      api_error: {
        id: 1,
        code: '',
        message: '',
        human: '',
        description: '',
        http_status_code: 422,
        attribute_errors: [{ detail: '' }],
      },
      error: '',
      errors: [{ detail: '' }],
      error_details: [{ detail: '' }],
      error_detail: '',
    };
    for (const endpoint of [undefined, 'createOrder', 'updateOrder'] as const) {
      const e = decodeLastmileError({
        status: 422,
        body: JSON.stringify(body),
        ...(endpoint === undefined ? {} : { endpoint }),
      });
      expectWellFormed(e, 422);
      expect(e.shape).toBe('api_error');
      expect(e.rules).toContain('empty_message');
      expect(fieldNames(e)).toEqual(['kind', 'payment_mode']);
      for (const f of e.fields) expect(f.ambiguous).toBe(true);
      expect(e.category).toBe('input');
    }
  });

  it.each([400, 404, 409, 500])('an empty api_error at %i does not name payment_mode or kind', (status) => {
    const e = decodeLastmileError({
      status,
      body: apiErrorEnvelope({
        code: '',
        message: '',
        human: '',
        description: '',
        httpStatus: status,
        attributeErrors: [''],
      }),
    });
    expectWellFormed(e, status);
    expect(e.rules).not.toContain('empty_message');
    expect(e.fields.some((f) => f.field === 'payment_mode' || f.field === 'kind' || f.ambiguous === true)).toBe(false);
  });

  // The empty_message row is for envelopes whose message fields are all present and empty; an
  // envelope without any message field says nothing about payment_mode or kind.
  it.each([
    ['{error: "unauthorized"}', { error: 'unauthorized' }],
    ['{api_error: {code}} without any message field', { api_error: { code: 'unprocessable_entity' } }],
  ] as const)('a 422 %s does not name payment_mode or kind', (_, body) => {
    const e = decodeLastmileError({ status: 422, body });
    expectWellFormed(e, 422);
    expect(e.rules).not.toContain('empty_message');
    expect(e.fields).toEqual([]);
  });

  it('keeps a message the table does not know when another message of the same envelope matches', () => {
    const e = decodeLastmileError({
      status: 422,
      body: apiErrorEnvelope({
        code: 'validation_failed',
        attributeErrors: ['[payment_amount] is missing', 'Price must be positive'],
      }),
      endpoint: 'updateOrder',
    });
    expect(e.rules).toContain('payment_amount_missing');
    expect(e.fields).toContainEqual({ field: 'payment_amount', message: '[payment_amount] is missing' });
    expect(e.fields).toContainEqual({ field: '', message: 'Price must be positive' });
    expect(e.fields).toHaveLength(2);
  });

  it('a 422 with a message the table does not know does not name payment_mode or kind', () => {
    const e = decodeLastmileError({ status: 422, body: validationBody('Something else went wrong', 'both', 422) });
    expect(e.rules).toEqual([]);
    expect(e.fields).toEqual([{ field: '', message: 'Something else went wrong' }]);
  });

  it('CanSubmitJobPolicy failed policy check → category policy with its five restrictions', () => {
    const e = decodeLastmileError({
      status: 422,
      body: JSON.stringify(validationBody('CanSubmitJobPolicy failed policy check', 'api_error.message', 422)),
      endpoint: 'createOrder',
    });
    expectWellFormed(e, 422);
    expect(e.rules).toContain('policy_check_failed');
    expect(e.category).toBe('policy');
    expect(e.retryable).toBe(false);
    expect(e.fields).toEqual([]);
    expect(e.policy?.name).toBe('CanSubmitJobPolicy');
    const names = [
      'Customer segmentation rule',
      'Tier closed',
      'Dispatch channel closed for high demand',
      'Hourly order limit reached',
      'Third-party logistics partner not accepting orders',
    ];
    expect(e.policy?.restrictions.map((r) => r.name)).toEqual(names);
    expect(e.policy?.restrictions.map((r) => r.liftedBy)).toEqual([
      'account manager',
      'account manager',
      'operations',
      'account manager',
      'operations',
    ]);
    expect(e.policy?.restrictions.map((r) => r.retryLater)).toEqual(['no', 'no', 'yes', 'after_window', 'yes']);
    for (const name of names) expect(e.hint).toContain(name);
    expect(e.hint).toContain('CanSubmitJobPolicy');
  });

  it('finds the policy message inside a longer text and in attribute_errors', () => {
    const e = decodeLastmileError({
      status: 400,
      body: validationBody('Order rejected: CanSubmitJobPolicy failed policy check.', 'attribute_errors', 400),
    });
    expect(e.category).toBe('policy');
    expect(e.policy?.name).toBe('CanSubmitJobPolicy');
  });
});

// ---------------------------------------------------------------------------------------------
// 4. Endpoint quirks
// ---------------------------------------------------------------------------------------------

describe('endpoint quirks', () => {
  it('getOrder 403 means the order may not exist: category not_found, status stays 403', () => {
    for (const body of [
      undefined,
      '',
      apiErrorEnvelope({ code: 'forbidden', message: 'forbidden', human: 'Forbidden' }),
    ]) {
      const e = decodeLastmileError({ status: 403, body, endpoint: 'getOrder' });
      expectWellFormed(e, 403);
      expect(e.status).toBe(403);
      expect(e.category).toBe('not_found');
      expect(e.retryable).toBe(false);
      expect(e.hint).toMatch(/may not exist/);
      expect(e.rules).toContain('forbidden_means_missing');
    }
  });

  it('getOrder at other statuses keeps its category and gets no hint', () => {
    const e = decodeLastmileError({ status: 401, body: { error: 'unauthorized' }, endpoint: 'getOrder' });
    expect(e.category).toBe('unauthenticated');
    expect(e.hint).toBeUndefined();
    expect(e.rules).toEqual([]);
  });

  it.each([undefined, ''])('getOrderLabel 200 with an empty body (%j) is not_found', (body) => {
    const e = decodeLastmileError({ status: 200, body, endpoint: 'getOrderLabel' });
    expectWellFormed(e, 200);
    expect(e.category).toBe('not_found');
    expect(e.retryable).toBe(false);
    expect(e.hint).toMatch(/zero-byte/i);
    expect(e.rules).toContain('empty_label_means_missing');
  });

  it('updateOrder 404 hints at the wrong method (PUT)', () => {
    const e = decodeLastmileError({ status: 404, body: '', endpoint: 'updateOrder' });
    expectWellFormed(e, 404);
    expect(e.category).toBe('not_found');
    expect(e.hint).toMatch(/wrong method/);
    expect(e.hint).toContain('PUT /orders/{order_id}');
    expect(e.rules).toContain('not_found_means_wrong_method');
  });

  it('getOrderLabel 404 hints at the wrong path', () => {
    const e = decodeLastmileError({ status: 404, body: '<html>Not Found</html>', endpoint: 'getOrderLabel' });
    expectWellFormed(e, 404);
    expect(e.hint).toMatch(/wrong path/);
    expect(e.hint).toContain('/order_label/{order_id}');
    expect(e.rules).toContain('not_found_means_wrong_path');
  });

  it.each([
    ['createOrder', 500],
    ['createOrder', 502],
    ['markReadyForCollection', 500],
  ] as const)('%s %i hints at a malformed payload', (endpoint, status) => {
    const e = decodeLastmileError({ status, body: apiErrorEnvelope({ message: 'Internal Server Error' }), endpoint });
    expectWellFormed(e, status);
    expect(e.category).toBe('server');
    expect(e.hint).toMatch(/malformed payload/i);
    expect(e.rules).toContain('server_error_may_be_payload');
  });

  it('createOrder 4XX gets no malformed-payload hint', () => {
    const e = decodeLastmileError({ status: 400, body: apiErrorEnvelope({ message: 'x' }), endpoint: 'createOrder' });
    expect(e.hint ?? '').not.toMatch(/malformed/i);
    expect(e.rules).not.toContain('server_error_may_be_payload');
  });

  it('an endpoint of another host is ignored (fulfilment decoder, getOrder, 403 stays forbidden)', () => {
    const e = decodeFulfilmentError({
      status: 403,
      body: fulfilmentEnvelope('permission_denied', 'forbidden'),
      endpoint: 'getOrder',
    });
    expectWellFormed(e, 403);
    expect(e.category).toBe('forbidden');
    expect(e.hint).toBeUndefined();
    expect(e.rules).toEqual([]);

    const empty = decodeFulfilmentError({ status: 200, body: '', endpoint: 'getOrderLabel' });
    expect(empty.category).not.toBe('not_found');
    expect(empty.rules).toEqual([]);

    const viaDispatch = decodeError({ host: 'fulfilment', status: 403, body: '', endpoint: 'getOrder' });
    expect(viaDispatch.category).toBe('forbidden');
    expect(viaDispatch.rules).toEqual([]);
  });

  it('an endpoint of another host does not lend its shapes (lastmile decoder, requestToken)', () => {
    const e = decodeLastmileError({
      status: 400,
      body: fulfilmentEnvelope('invalid_argument', 'input'),
      endpoint: 'requestToken',
    });
    expect(e.shape).toBe('unrecognised');
  });

  it('an unknown endpoint name is ignored', () => {
    const e = decodeLastmileError({ status: 403, body: '', endpoint: 'nope' as OperationId });
    expect(e.category).toBe('forbidden');
    const proto = decodeLastmileError({ status: 403, body: '', endpoint: '__proto__' as OperationId });
    expect(proto.category).toBe('forbidden');
  });
});

// ---------------------------------------------------------------------------------------------
// 5. Branch on the host, never on the body
// ---------------------------------------------------------------------------------------------

describe('branch on the host', () => {
  it('an api_error body on the fulfilment host is unrecognised', () => {
    const body = apiErrorEnvelope({ code: 'bad_request', message: 'bad', human: 'Bad request', httpStatus: 400 });
    const e = decodeFulfilmentError({ status: 400, body });
    expectWellFormed(e, 400);
    expect(e.host).toBe('fulfilment');
    expect(e.shape).toBe('unrecognised');
    expect(e.known).toBe(false);
    expect(e.category).toBe('input');
  });

  it('a fulfilment envelope on the last-mile host is unrecognised', () => {
    const e = decodeLastmileError({ status: 404, body: JSON.stringify(fulfilmentEnvelope('not_found', 'not_found')) });
    expectWellFormed(e, 404);
    expect(e.host).toBe('lastmile');
    expect(e.shape).toBe('unrecognised');
    expect(e.known).toBe(false);
    expect(e.category).toBe('not_found');
  });

  const DISPATCH: readonly DecodeErrorInput[] = [
    { host: 'fulfilment', status: 400, body: fulfilmentEnvelope('invalid_argument', 'input') },
    { host: 'fulfilment', status: 503, body: JSON.stringify(fulfilmentEnvelope('unavailable', 'internal')) },
    { host: 'fulfilment', status: 400, body: apiErrorEnvelope({ message: 'x' }) },
    { host: 'fulfilment', status: 401, body: { error: 'invalid_client' }, endpoint: 'requestToken' },
    {
      host: 'lastmile',
      status: 422,
      body: validationBody('[payment_amount] is missing', 'both', 422),
      endpoint: 'updateOrder',
    },
    { host: 'lastmile', status: 403, body: '', endpoint: 'getOrder' },
    { host: 'lastmile', status: 400, body: fulfilmentEnvelope('invalid_argument', 'input') },
    { host: 'lastmile', status: 401, body: '{"error":"unauthorized"}' },
  ];
  it.each(DISPATCH)('decodeError dispatches $host $status like the per-host decoder', (input) => {
    const direct = input.host === 'fulfilment' ? decodeFulfilmentError(input) : decodeLastmileError(input);
    expect(decodeError(input)).toEqual(direct);
    expect(decodeError(input).host).toBe(input.host);
  });
});

// ---------------------------------------------------------------------------------------------
// 6. Hostile input
// ---------------------------------------------------------------------------------------------

function throwingGetters(): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const key of ['code', 'status', 'message', 'details', 'api_error', 'error', 'result', 'level']) {
    Object.defineProperty(o, key, {
      get() {
        throw new Error(`getter ${key}`);
      },
      enumerable: true,
    });
  }
  return o;
}

function throwingProxy(target: object = {}): object {
  const fail = (): never => {
    throw new Error('proxy trap');
  };
  return new Proxy(target, {
    get: fail,
    set: fail,
    has: fail,
    deleteProperty: fail,
    ownKeys: fail,
    getOwnPropertyDescriptor: fail,
    defineProperty: fail,
    getPrototypeOf: fail,
    setPrototypeOf: fail,
    isExtensible: fail,
    preventExtensions: fail,
    apply: fail,
    construct: fail,
  });
}

const decoders = [
  ['fulfilment', decodeFulfilmentError],
  ['lastmile', decodeLastmileError],
] as const;

describe('hostile bodies', () => {
  const HOSTILE: readonly (readonly [string, () => unknown])[] = [
    ['non-JSON text', () => '<html>oops</html>'],
    ['empty string', () => ''],
    ['whitespace', () => ' \n\t '],
    ['undefined', () => undefined],
    ['null', () => null],
    ['a number', () => 42],
    ['true', () => true],
    ['an array', () => [1, 'two', { code: 'x' }]],
    ['"[]"', () => '[]'],
    ['"null"', () => 'null'],
    ['\'"str"\'', () => '"str"'],
    ['truncated JSON', () => '{"code": "invalid_argument", "message": '],
    ['__proto__ JSON', () => '{"__proto__": {"polluted": 1}, "code": "x"}'],
    ['constructor.prototype object', () => ({ constructor: { prototype: { x: 1 } } })],
    [
      'constructor.prototype JSON',
      () => '{"constructor": {"prototype": {"x": 1}}, "api_error": {"constructor": {"prototype": {"x": 1}}}}',
    ],
    ['a null-prototype object', () => Object.assign(Object.create(null) as object, { code: 'x', api_error: {} })],
    ['a function', () => () => 1],
    ['a symbol', () => Symbol('s')],
    ['a bigint', () => 10n],
    ['a Date', () => new Date(0)],
    ['a Map', () => new Map([['code', 'x']])],
    ['getters that throw', throwingGetters],
    ['a Proxy that throws on every trap', () => throwingProxy()],
    ['a Proxy of an array that throws on every trap', () => throwingProxy([])],
    [
      'a revoked Proxy',
      () => {
        const { proxy, revoke } = Proxy.revocable({}, {});
        revoke();
        return proxy;
      },
    ],
  ];

  const cases = decoders.flatMap(([host, decode]) => HOSTILE.map(([label, make]) => ({ host, decode, label, make })));
  it.each(cases)('$host: $label does not throw and keeps the HTTP status', ({ host, decode, make }) => {
    for (const status of [400, 500]) {
      let e: AnyDecodedError | undefined;
      expect(() => {
        e = decode({ status, body: make() });
      }).not.toThrow();
      if (e === undefined) throw new Error('no result');
      expectWellFormed(e, status);
      expect(e.host).toBe(host);
      expect(e.category).toBe(categoryOf(status));
    }
  });

  it('non-JSON text becomes the message of an unrecognised error', () => {
    const e = decodeLastmileError({ status: 502, body: '<html>oops</html>' });
    expect(e.shape).toBe('unrecognised');
    expect(e.message).toContain('<html>oops</html>');
    expect(e.category).toBe('server');
  });

  it('"__proto__" in a body pollutes nothing', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const text =
      '{"__proto__": {"polluted": 1}, "code": "x", "details": {"__proto__": {"polluted": 2}, "fields": [{"__proto__": {"polluted": 3}, "field": "a", "message": "b"}]}}';
    for (const [, decode] of decoders) {
      decode({ status: 400, body: text });
      decode({ status: 400, body: JSON.parse(text) as unknown });
    }
    decodeLastmileError({
      status: 422,
      body: '{"api_error": {"__proto__": {"polluted": 1}, "message": "\'__proto__.polluted\' must not be blank"}}',
    });
    decodeLastmileError({ status: 422, body: { api_error: { message: "'constructor.prototype' must not be blank" } } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);

    const e = decodeFulfilmentError({ status: 400, body: text });
    expect(e.shape).toBe('fulfilment');
    expect(e.code).toBe('x');
    expect(e.fields).toEqual([{ field: 'a', message: 'b' }]);
  });

  it('ignores properties inherited through a prototype', () => {
    const inherited = Object.create({ code: 'invalid_argument', api_error: { message: 'm' } }) as object;
    const f = decodeFulfilmentError({ status: 400, body: inherited });
    expect(f.shape).toBe('unrecognised');
    const l = decodeLastmileError({ status: 400, body: inherited });
    expect(l.shape).toBe('unrecognised');
  });

  it('deeply nested JSON (10,000 levels) is unrecognised, without throwing', () => {
    const depth = 10_000;
    const texts = [
      '['.repeat(depth),
      '['.repeat(depth) + ']'.repeat(depth),
      '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      `{"code": ${'['.repeat(depth)}${']'.repeat(depth)}, "api_error": ${'{"message":'.repeat(depth)}"x"${'}'.repeat(depth)}}`,
    ];
    for (const text of texts) {
      for (const [host, decode] of decoders) {
        const { result: e, ms } = timed(() => decode({ status: 400, body: text }));
        expectWellFormed(e, 400);
        expect(ms).toBeLessThan(1_500);
        if (text.startsWith('{"code"')) {
          // A code that is not text: the shape is still recognised by its keys, the code is not read.
          expect(e.code).toBe('http_400');
          expect(e.known).toBe(false);
        } else {
          expect(e.shape).toBe('unrecognised');
        }
        expect(e.host).toBe(host);
      }
    }
  });

  it('a 5 MB message inside a valid envelope is truncated, quickly', () => {
    const huge = 'A'.repeat(FIVE_MB);
    const bodies: readonly (readonly [string, 'fulfilment' | 'lastmile', unknown])[] = [
      ['fulfilment object', 'fulfilment', { ...fulfilmentEnvelope('invalid_argument', 'input'), message: huge }],
      [
        'fulfilment text',
        'fulfilment',
        JSON.stringify({ ...fulfilmentEnvelope('invalid_argument', 'input'), message: huge }),
      ],
      ['api_error object', 'lastmile', apiErrorEnvelope({ message: huge, human: huge, attributeErrors: [huge, huge] })],
      [
        'api_error text',
        'lastmile',
        JSON.stringify(apiErrorEnvelope({ message: huge, human: huge, attributeErrors: [huge] })),
      ],
    ];
    for (const [label, host, body] of bodies) {
      const { result: e, ms } = timed(() => decodeError({ host, status: 400, body }));
      expect(ms, label).toBeLessThan(1_500);
      expectWellFormed(e, 400);
      expect(e.message.length, label).toBeLessThan(10_000);
      for (const f of e.fields) expect(f.message.length, label).toBeLessThan(10_000);
      if (typeof body !== 'string') expect(e.shape, label).not.toBe('unrecognised');
    }
  });

  it('a 5 MB message that matches a message-table pattern is handled quickly', () => {
    const texts = [
      `'${'a'.repeat(FIVE_MB)}' must not be blank`,
      `unknown servicekind: "${'"'.repeat(FIVE_MB)}`,
      '[origin] is missing, '.repeat(FIVE_MB / 22),
      `${'['.repeat(FIVE_MB)}origin] is missing`,
    ];
    for (const text of texts) {
      const { result: e, ms } = timed(() =>
        decodeLastmileError({ status: 422, body: validationBody(text, 'both', 422), endpoint: 'createOrder' }),
      );
      expect(ms).toBeLessThan(1_500);
      expectWellFormed(e, 422);
    }
  });

  it('a 5 MB non-JSON string is truncated, quickly', () => {
    for (const text of ['x'.repeat(FIVE_MB), `{${'x'.repeat(FIVE_MB)}`, `[${'1,'.repeat(FIVE_MB / 2)}1]`]) {
      for (const [, decode] of decoders) {
        const { result: e, ms } = timed(() => decode({ status: 500, body: text }));
        expect(ms).toBeLessThan(1_500);
        expectWellFormed(e, 500);
        expect(e.shape).toBe('unrecognised');
        expect(typeof e.body === 'string' ? e.body.length : 0).toBeLessThan(10_000);
      }
    }
  });

  it('wrong types in every field do not throw', () => {
    const fulfilment = [
      { status: {}, code: { a: 1 }, message: 42, details: 'input' },
      {
        status: 1,
        code: ['invalid_argument'],
        message: null,
        details: { type: 7, fields: { field: 'a', message: 'b' } },
      },
      {
        code: 'invalid_argument',
        message: true,
        details: { type: {}, fields: [1, null, 'x', [], { field: 5, message: {} }] },
      },
      { code: null, details: null },
    ];
    for (const body of fulfilment) {
      const e = decodeFulfilmentError({ status: 400, body });
      expectWellFormed(e, 400);
      expect(e.shape).toBe('fulfilment');
      expect(e.category).toBe('input');
    }
    const first = decodeFulfilmentError({ status: 400, body: fulfilment[0] });
    expect(first.code).toBe('http_400');
    expect(first.known).toBe(false);
    expect(first.message).toBe('42');
    expect(first.kind).toBeUndefined();
    expect(first.fields).toEqual([]);

    const lastmile = [
      { api_error: 'a string' },
      { api_error: null },
      { api_error: [] },
      {
        api_error: {
          id: 'x',
          code: {},
          message: 5,
          human: [],
          description: null,
          http_status_code: 'abc',
          attribute_errors: { detail: 'x' },
        },
      },
      {
        api_error: { attribute_errors: 'x', http_status_code: 1e300 },
        error: {},
        errors: 'x',
        error_details: [null],
        error_detail: 9,
      },
      { api_error: { http_status_code: -5 }, errors: [[]] },
      { error: 5 },
      { error: ['invalid_client'] },
      { result: {}, level: 'error', message: {} },
      { result: 1, level: ['error'] },
    ];
    for (const body of lastmile) {
      const e = decodeLastmileError({ status: 422, body });
      expectWellFormed(e, 422);
      expect(e.category).toBe('input');
    }
  });

  it.each([
    ['NaN', Number.NaN],
    ['-1', -1],
    ['1e9', 1e9],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['400.5', 400.5],
    ["'400' (string)", '400'],
    ['null', null],
    ['undefined', undefined],
    ['an object', { valueOf: (): number => 400 }],
  ] as const)('status %s comes back as a safe number', (_, status) => {
    for (const [, decode] of decoders) {
      const e = decode({ status: status as unknown as number, body: '{"code":"invalid_argument"}' });
      expect(typeof e.status).toBe('number');
      expect(Number.isSafeInteger(e.status)).toBe(true);
      expect(e.status).toBeGreaterThanOrEqual(0);
      expect(e.status).toBeLessThan(1000);
      expect(CATEGORIES).toContain(e.category);
      expect(typeof e.message).toBe('string');
    }
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['{}', {}],
    ['a number', 7],
    ['a string', 'fulfilment'],
    ["{host: 'nope', status: 500, body: '{}'}", { host: 'nope', status: 500, body: '{}' }],
    ["{host: '__proto__'}", { host: '__proto__', status: 500, body: '{"code":"x"}' }],
    ["{host: 'constructor'}", { host: 'constructor', status: 500, body: '{"code":"x"}' }],
    ['{host: 5}', { host: 5, status: 500, body: '{"code":"x"}' }],
  ] as const)('decodeError(%s) does not throw', (_, input) => {
    let e: AnyDecodedError | undefined;
    expect(() => {
      e = decodeError(input as unknown as DecodeErrorInput);
    }).not.toThrow();
    if (e === undefined) throw new Error('no result');
    expect(Object.getPrototypeOf(e)).toBe(Object.prototype);
    expect(Number.isSafeInteger(e.status)).toBe(true);
    expect(CATEGORIES).toContain(e.category);
    expect(typeof e.message).toBe('string');
    expect(e.shape).toBe('unrecognised');
  });

  it('decodeError on an unknown host keeps the status', () => {
    const e = decodeError({ host: 'nope', status: 500, body: '{}' } as unknown as DecodeErrorInput);
    expect(e.status).toBe(500);
    expect(e.category).toBe('server');
  });

  // "Never throws, whatever the input" (errors.ts) covers the input object itself, not just its body.
  it.each([
    ['a Proxy that throws on every trap', () => throwingProxy()],
    [
      'an input whose getters throw',
      () => {
        const o = {};
        for (const key of ['host', 'status', 'body', 'endpoint']) {
          Object.defineProperty(o, key, {
            get() {
              throw new Error(`getter ${key}`);
            },
            enumerable: true,
          });
        }
        return o;
      },
    ],
  ] as const)('decodeError and the host decoders do not throw on %s as the input', (_, make) => {
    for (const decode of [decodeError, decodeFulfilmentError, decodeLastmileError]) {
      let e: AnyDecodedError | undefined;
      expect(() => {
        e = decode(make() as DecodeErrorInput);
      }).not.toThrow();
      expect(typeof e?.status).toBe('number');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 7. The result is plain data
// ---------------------------------------------------------------------------------------------

describe('the decoded error is plain data', () => {
  const SAMPLES: readonly (readonly [string, () => AnyDecodedError])[] = [
    [
      'fulfilment envelope',
      () =>
        decodeFulfilmentError({
          status: 400,
          body: JSON.stringify({
            ...fulfilmentEnvelope('invalid_argument', 'input'),
            details: { type: 'input', fields: [{ field: 'a.b', message: 'required' }] },
          }),
        }),
    ],
    ['unknown code', () => decodeFulfilmentError({ status: 418, body: fulfilmentEnvelope('quota_weird', 'internal') })],
    [
      'api_error with message rows',
      () =>
        decodeLastmileError({
          status: 422,
          body: validationBody('[origin] is missing, [destination] is missing, [items] is missing', 'both', 422),
          endpoint: 'createOrder',
        }),
    ],
    [
      'policy',
      () =>
        decodeLastmileError({
          status: 422,
          body: validationBody('CanSubmitJobPolicy failed policy check', 'both', 422),
        }),
    ],
    ['quirk', () => decodeLastmileError({ status: 200, body: undefined, endpoint: 'getOrderLabel' })],
    ['result_level', () => decodeLastmileError({ status: 400, body: { result: 5, level: 'error', message: 'm' } })],
    ['non-JSON text', () => decodeLastmileError({ status: 502, body: '<html>oops</html>' })],
    ['unknown host', () => decodeError({ host: 'nope', status: 500, body: '{}' } as unknown as DecodeErrorInput)],
  ];

  it.each(SAMPLES)('%s: plain object, JSON round-trips', (_, make) => {
    const e = make();
    expect(Object.getPrototypeOf(e)).toBe(Object.prototype);
    for (const f of e.fields) expect(Object.getPrototypeOf(f)).toBe(Object.prototype);
    const text = JSON.stringify(e);
    expect(typeof text).toBe('string');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify({ ...e })));
    expect((JSON.parse(text) as { status: unknown }).status).toBe(e.status);
  });

  it('decoding does not share or mutate the contract tables between results', () => {
    const a = decodeLastmileError({
      status: 422,
      body: validationBody('CanSubmitJobPolicy failed policy check', 'both', 422),
    });
    const copy = JSON.stringify(a.policy);
    (a.fields as unknown as { field: string; message: string }[]).push({ field: 'mutated', message: '' });
    const b = decodeLastmileError({
      status: 422,
      body: validationBody('CanSubmitJobPolicy failed policy check', 'both', 422),
    });
    expect(b.fields).toEqual([]);
    expect(JSON.stringify(b.policy)).toBe(copy);
  });

  it.each([
    ['10,000 levels of nested arrays, as text', () => '['.repeat(10_000) + ']'.repeat(10_000)],
    ['getters that throw', throwingGetters],
    ['a Proxy that throws on every trap', () => throwingProxy()],
  ] as const)('stays JSON-serialisable when the body was %s', (_, make) => {
    for (const [, decode] of decoders) {
      const e = decode({ status: 400, body: make() });
      expect(() => JSON.stringify(e)).not.toThrow();
    }
  });
});
