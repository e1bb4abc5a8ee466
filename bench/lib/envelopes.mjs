/**
 * The error envelopes the decoder measure runs on, each as: a JSON Schema (for ajv), a zod 4
 * schema, and a fixed list of parsed bodies (one per code of the table) with their HTTP status.
 *
 * - `synthetic`: the envelope of bench/synth.mjs (14-value code enum), decoded by the generated
 *   N = 50 package's decodeError.
 * - `orders`: the fulfilment envelope of contract/orders.yaml, decoded by the repo's
 *   generated/dist (used when the synthetic package could not be generated).
 */
import { ERROR_CODES, CODE_STATUS, HOSTS } from '../synth.mjs';

function syntheticBodies() {
  return ERROR_CODES.map((code, i) => {
    const error = { code, message: `The request failed: ${code.replace(/_/g, ' ')}.`, status: CODE_STATUS[code] };
    if (i % 2 === 0) error.detail = `Request req-${1000 + i} could not be completed; see the documentation of ${code}.`;
    if (CODE_STATUS[code] === 400) {
      error.fields = [
        { field: 'address.city', message: 'must not be blank' },
        { field: 'priority', message: 'must be one of low, normal, high, urgent' },
      ];
    }
    return { status: CODE_STATUS[code], body: { error } };
  });
}

export function syntheticEnvelope(z) {
  const jsonSchema = {
    $id: 'https://bench.example/ErrorEnvelope',
    type: 'object',
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: { type: 'string', enum: ERROR_CODES },
          message: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          fields: {
            type: 'array',
            items: {
              type: 'object',
              required: ['field', 'message'],
              properties: { field: { type: 'string' }, message: { type: 'string' } },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
  const zodSchema = z.strictObject({
    error: z.strictObject({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      status: z.int().optional(),
      detail: z.string().optional(),
      fields: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional(),
    }),
  });
  return { name: 'synthetic', host: HOSTS[0], endpoint: 'op0Account', jsonSchema, zodSchema, bodies: syntheticBodies() };
}

const FULFILMENT_ROWS = [
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
];

export function ordersEnvelope(z) {
  const jsonSchema = {
    $id: 'https://bench.example/FulfilmentErrorBody',
    type: 'object',
    required: ['status', 'code', 'message', 'details'],
    properties: {
      status: { type: 'string' },
      code: { type: 'string' },
      message: { type: 'string' },
      details: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { type: 'string' },
          fields: {
            type: 'array',
            items: {
              type: 'object',
              required: ['field', 'message'],
              properties: { field: { type: 'string' }, message: { type: 'string' } },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
  const zodSchema = z.strictObject({
    status: z.string(),
    code: z.string(),
    message: z.string(),
    details: z.strictObject({
      type: z.string(),
      fields: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional(),
    }),
  });
  const bodies = FULFILMENT_ROWS.map(([status, code, type]) => {
    const details = { type };
    if (type === 'input') details.fields = [{ field: 'origin.address.address1', message: 'required' }];
    return { status, body: { status: code, code, message: `The request failed: ${code}.`, details } };
  });
  return { name: 'orders (fulfilment)', host: 'fulfilment', endpoint: 'requestToken', jsonSchema, zodSchema, bodies };
}
