#!/usr/bin/env node
/**
 * Deterministic synthetic API for the benchmark (issue 7), written twice: as a contractgen contract
 * (YAML) and as an OpenAPI 3.0 document (JSON) describing the same API.
 *
 * N endpoints, spread over two hosts. Each endpoint has one path parameter, a JSON request body of
 * 9 fields (strings, integers, an enum, a nested object; an array of a constrained scalar alias,
 * a map, a nullable string), a 200 response of 14 fields that extends a base with read-only
 * fields (a nested object; an array of a discriminated union, a map of objects, an int64 alias,
 * a nullable date-time, an integer enum, a deprecated field), and 3 error responses (400, 404,
 * 500) sharing one envelope whose code is a 14-value enum. Every fifth endpoint (4, 9, …) answers
 * with an array of its response type. The type-system constructs (issue 15) are written alike in both
 * descriptions: extends ↔ allOf, union ↔ oneOf + discriminator, map ↔ additionalProperties,
 * nullable ↔ nullable, readOnly, deprecated, format and constraints.
 *
 * Field names vary per endpoint through a seeded generator, so no two endpoints are textually
 * identical, but the same N always gives the same bytes.
 *
 *   node bench/synth.mjs <N> <outDir>   writes <outDir>/contract.yaml and <outDir>/openapi.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ERROR_CODES = [
  'invalid_argument',
  'missing_field',
  'out_of_range',
  'unauthenticated',
  'permission_denied',
  'not_found',
  'already_exists',
  'conflict',
  'precondition_failed',
  'rate_limited',
  'internal',
  'unavailable',
  'timeout',
  'unknown',
];
/** The status each code comes with (the code table rows). */
export const CODE_STATUS = {
  invalid_argument: 400,
  missing_field: 400,
  out_of_range: 400,
  unauthenticated: 401,
  permission_denied: 403,
  not_found: 404,
  already_exists: 409,
  conflict: 409,
  precondition_failed: 412,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  timeout: 504,
  unknown: 500,
};
export const HOSTS = ['alpha', 'beta'];
const HOST_URL = { alpha: 'https://alpha.example.com/v1', beta: 'https://beta.example.com/v2' };
const METHODS = ['POST', 'PUT', 'PATCH'];
const PRIORITY = ['low', 'normal', 'high', 'urgent'];
const NOUNS = ['order', 'invoice', 'parcel', 'ticket', 'account', 'route', 'batch', 'slot', 'quote', 'member', 'device', 'report'];
const WORDS = ['label', 'title', 'reference', 'comment', 'nickname', 'source', 'channel', 'region', 'handle', 'alias'];
const INTS = ['quantity', 'limit', 'weight', 'count', 'rank', 'score', 'size', 'level'];

/** Small deterministic PRNG (mulberry32); test/support/yaml-documents.ts uses it too. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

/** The API as plain data: one record per endpoint. */
export function buildApi(n) {
  const r = rng(0xc0ffee ^ n);
  const endpoints = [];
  for (let i = 0; i < n; i++) {
    const noun = pick(r, NOUNS);
    const s1 = pick(r, WORDS);
    let s2 = pick(r, WORDS);
    if (s2 === s1) s2 = `${s2}_alt`;
    const n1 = pick(r, INTS);
    let n2 = pick(r, INTS);
    if (n2 === n1) n2 = `${n2}_max`;
    const id = `op${i}${cap(noun)}`;
    endpoints.push({
      index: i,
      id,
      type: cap(id),
      method: METHODS[i % METHODS.length],
      host: HOSTS[i % HOSTS.length],
      path: `/${noun}s${i}/{${noun}_id}`,
      param: `${noun}_id`,
      summary: `Operation ${i} on one ${noun}.`,
      // Request: 6 fields — 2 strings, 2 integers, an enum, a nested object.
      request: [
        { name: s1, type: 'string', required: true },
        { name: s2, type: 'string', required: false },
        { name: n1, type: 'integer', required: true },
        { name: n2, type: 'integer', required: false },
        { name: 'priority', type: 'enum', required: true },
        {
          name: 'address',
          type: 'object',
          required: true,
          fields: [
            { name: 'line1', type: 'string', required: true },
            { name: 'city', type: 'string', required: true },
            { name: 'postcode', type: 'string', required: false },
          ],
        },
        { name: 'tags', type: 'tags', required: false },
        { name: 'attributes', type: 'stringMap', required: false },
        { name: 'note', type: 'nullableString', required: false },
      ],
      // Response: 8 fields.
      response: [
        { name: 'id', type: 'string', required: true },
        { name: s1, type: 'string', required: true },
        { name: n1, type: 'integer', required: true },
        { name: 'priority', type: 'enum', required: true },
        { name: 'created_at', type: 'string', required: true },
        { name: 'updated_at', type: 'string', required: false },
        { name: 'version', type: 'integer', required: true },
        {
          name: 'owner',
          type: 'object',
          required: false,
          fields: [
            { name: 'id', type: 'string', required: true },
            { name: 'email', type: 'string', required: false },
          ],
        },
        { name: 'events', type: 'events', required: true },
        { name: 'totals', type: 'moneyMap', required: false },
        { name: 'balance', type: 'amount', required: true },
        { name: 'deleted_at', type: 'nullableDateTime', required: true },
        { name: 'tier', type: 'level', required: false },
        { name: 'legacy_ref', type: 'deprecatedString', required: false },
      ],
      // Every fifth endpoint lists: its 200 body is an array of the response type. Not op0, the
      // one the consumer, client and bundle measures call.
      list: i % 5 === 4,
    });
  }
  return { n, endpoints };
}

// ---------------------------------------------------------------------------------------------
// contractgen contract (YAML, written by hand: flow mappings for fields keep it compact)

/** The contract form of each field type that is not a plain scalar (keys inside `{ … }`). */
const YAML_TYPE = {
  enum: 'type: Priority',
  tags: 'type: array, items: { type: Tag }, maxItems: 20, uniqueItems: true',
  stringMap: 'type: map, values: { type: string, maxLength: 256 }',
  nullableString: 'type: string, nullable: true, maxLength: 500',
  events: 'type: array, items: { type: Event }',
  moneyMap: 'type: map, values: { type: Money }',
  amount: 'type: Amount',
  nullableDateTime: 'type: string, format: date-time, nullable: true',
  level: 'type: Level',
  deprecatedString: 'type: string, deprecated: Use id.',
};

function yamlFields(fields, indent) {
  const pad = ' '.repeat(indent);
  let out = '';
  for (const f of fields) {
    const req = f.required ? ', required: true' : '';
    if (f.type === 'object') {
      out += `${pad}${f.name}:\n${pad}  type: object\n`;
      if (f.required) out += `${pad}  required: true\n`;
      out += `${pad}  fields:\n${yamlFields(f.fields, indent + 4)}`;
    } else {
      out += `${pad}${f.name}: { ${YAML_TYPE[f.type] ?? `type: ${f.type}`}${req} }\n`;
    }
  }
  return out;
}

/** The named types every endpoint shares, besides the error envelope's. */
const SHARED_YAML = [
  '  Tag:',
  '    kind: string',
  '    pattern: "^[a-z0-9-]+$"',
  '    maxLength: 32',
  '  Amount:',
  '    kind: integer',
  '    format: int64',
  '    minimum: 0',
  '  Level:',
  '    kind: enum',
  '    values: [1, 2, 3]',
  '  Money:',
  '    kind: object',
  '    fields:',
  '      amount: { type: Amount, required: true }',
  '      currency: { type: string, minLength: 3, maxLength: 3, required: true }',
  '  Audit:',
  '    kind: object',
  '    fields:',
  '      created_by: { type: string, required: true, readOnly: true }',
  '      revision: { type: integer, format: int32, minimum: 1, readOnly: true }',
  '  Created:',
  '    kind: object',
  '    fields:',
  '      type: { const: created, required: true }',
  '      at: { type: string, format: date-time, required: true }',
  '  Cancelled:',
  '    kind: object',
  '    fields:',
  '      type: { const: cancelled, required: true }',
  '      reason: { type: string, nullable: true, required: true }',
  '  Event:',
  '    kind: union',
  '    members: [Created, Cancelled]',
  '    discriminator: type',
];

/**
 * `extras`: also emit the OpenAPI export and the mocks entry. Off by default, so contractgen makes
 * what the peers make (types, functions, a client; plus its decoders) and the comparison is like
 * for like; `contract-extras.yaml` measures the whole package.
 */
export function contractYaml(api, extras = false) {
  const lines = [];
  lines.push(`# Synthetic benchmark contract, N = ${api.n}. Generated by bench/synth.mjs; do not edit.`);
  lines.push('contractgen: 1');
  lines.push(`info: { title: Synthetic API ${api.n}, version: 1.0.0, package: "@bench/synth-${api.n}" }`);
  lines.push(`outputs: { openapi: ${extras}, mocks: ${extras} }`);
  lines.push('hosts:');
  for (const h of HOSTS) {
    lines.push(`  ${h}:`);
    lines.push(`    url: "${HOST_URL[h]}"`);
    lines.push('    errors:');
    lines.push('      shapes: [envelope]');
    lines.push('      codes:');
    lines.push('        shape: envelope');
    lines.push('        rows:');
    for (const c of ERROR_CODES) lines.push(`          - { status: ${CODE_STATUS[c]}, code: ${c} }`);
  }
  lines.push('shapes:');
  lines.push('  envelope:');
  lines.push('    description: The error envelope of both hosts.');
  lines.push('    body: ErrorEnvelope');
  lines.push('    match: { present: [error.code, error.message] }');
  lines.push('    read: { code: error.code, message: error.message, detail: error.detail, status: error.status }');
  lines.push('    fieldErrors: { path: error.fields, field: field, message: message }');
  lines.push('categories:');
  for (const c of ['input', 'unauthenticated', 'forbidden', 'not_found', 'conflict', 'client', 'server']) lines.push(`  ${c}: {}`);
  lines.push('  rate_limited: { retryable: true }');
  lines.push('  unavailable: { retryable: true }');
  lines.push('statusCategories:');
  lines.push('  "400": input');
  lines.push('  "401": unauthenticated');
  lines.push('  "403": forbidden');
  lines.push('  "404": not_found');
  lines.push('  "409": conflict');
  lines.push('  "429": rate_limited');
  lines.push('  "503": unavailable');
  lines.push('  "504": unavailable');
  lines.push('  4XX: client');
  lines.push('  5XX: server');
  lines.push('types:');
  lines.push('  Priority:');
  lines.push('    kind: enum');
  lines.push(`    values: [${PRIORITY.join(', ')}]`);
  lines.push('  ErrorCode:');
  lines.push('    kind: enum');
  lines.push(`    values: [${ERROR_CODES.join(', ')}]`);
  lines.push('  FieldProblem:');
  lines.push('    kind: object');
  lines.push('    fields:');
  lines.push('      field: { type: string, required: true }');
  lines.push('      message: { type: string, required: true }');
  lines.push('  ErrorEnvelope:');
  lines.push('    kind: object');
  lines.push('    fields:');
  lines.push('      error:');
  lines.push('        type: object');
  lines.push('        required: true');
  lines.push('        fields:');
  lines.push('          code: { type: ErrorCode, required: true }');
  lines.push('          message: { type: string, required: true }');
  lines.push('          status: { type: integer }');
  lines.push('          detail: { type: string }');
  lines.push('          fields: { type: array, items: { type: FieldProblem } }');
  lines.push(...SHARED_YAML);
  let text = `${lines.join('\n')}\n`;
  for (const e of api.endpoints) {
    text += `  ${e.type}Request:\n    kind: object\n    fields:\n${yamlFields(e.request, 6)}`;
    text += `  ${e.type}Response:\n    kind: object\n    extends: [Audit]\n    fields:\n${yamlFields(e.response, 6)}`;
  }
  text += 'endpoints:\n';
  for (const e of api.endpoints) {
    text +=
      `  ${e.id}:\n` +
      `    summary: ${e.summary}\n` +
      `    method: ${e.method}\n` +
      `    path: ${e.path}\n` +
      `    host: ${e.host}\n` +
      `    params:\n      ${e.param}: { description: Identifies the resource. }\n` +
      `    request: { body: ${e.type}Request }\n` +
      '    responses:\n' +
      `      "200": { description: The resource., body: ${e.list ? `{ type: array, items: { type: ${e.type}Response } }` : `${e.type}Response`} }\n` +
      '      "400": { description: Invalid request., shape: envelope }\n' +
      '      "404": { description: Not found., shape: envelope }\n' +
      '      "500": { description: Server error., shape: envelope }\n';
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// OpenAPI 3.0

function schemaOf(fields) {
  const properties = {};
  const required = [];
  for (const f of fields) {
    if (f.required) required.push(f.name);
    if (f.type === 'object') properties[f.name] = schemaOf(f.fields);
    else properties[f.name] = OPENAPI_TYPE[f.type] ?? { type: f.type };
  }
  return { type: 'object', ...(required.length > 0 ? { required } : {}), properties, additionalProperties: false };
}

const ref = (name) => ({ $ref: `#/components/schemas/${name}` });

/** The OpenAPI 3.0 form of each field type YAML_TYPE writes. */
const OPENAPI_TYPE = {
  enum: ref('Priority'),
  tags: { type: 'array', items: ref('Tag'), maxItems: 20, uniqueItems: true },
  stringMap: { type: 'object', additionalProperties: { type: 'string', maxLength: 256 } },
  nullableString: { type: 'string', nullable: true, maxLength: 500 },
  events: { type: 'array', items: ref('Event') },
  moneyMap: { type: 'object', additionalProperties: ref('Money') },
  amount: ref('Amount'),
  nullableDateTime: { type: 'string', format: 'date-time', nullable: true },
  level: ref('Level'),
  deprecatedString: { type: 'string', deprecated: true, description: 'Use id.' },
};

/** SHARED_YAML in OpenAPI 3.0. */
const SHARED_SCHEMAS = {
  Tag: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 32 },
  Amount: { type: 'integer', format: 'int64', minimum: 0 },
  Level: { type: 'integer', enum: [1, 2, 3] },
  Money: {
    type: 'object',
    required: ['amount', 'currency'],
    properties: { amount: ref('Amount'), currency: { type: 'string', minLength: 3, maxLength: 3 } },
    additionalProperties: false,
  },
  Audit: {
    type: 'object',
    required: ['created_by'],
    properties: { created_by: { type: 'string', readOnly: true }, revision: { type: 'integer', format: 'int32', minimum: 1, readOnly: true } },
  },
  Created: {
    type: 'object',
    required: ['type', 'at'],
    properties: { type: { type: 'string', enum: ['created'] }, at: { type: 'string', format: 'date-time' } },
    additionalProperties: false,
  },
  Cancelled: {
    type: 'object',
    required: ['type', 'reason'],
    properties: { type: { type: 'string', enum: ['cancelled'] }, reason: { type: 'string', nullable: true } },
    additionalProperties: false,
  },
  Event: {
    oneOf: [ref('Created'), ref('Cancelled')],
    discriminator: { propertyName: 'type', mapping: { created: '#/components/schemas/Created', cancelled: '#/components/schemas/Cancelled' } },
  },
};

export function openapiDocument(api) {
  const schemas = {
    Priority: { type: 'string', enum: PRIORITY },
    ErrorCode: { type: 'string', enum: ERROR_CODES },
    FieldProblem: {
      type: 'object',
      required: ['field', 'message'],
      properties: { field: { type: 'string' }, message: { type: 'string' } },
      additionalProperties: false,
    },
    ErrorEnvelope: {
      type: 'object',
      description: 'The error envelope of both hosts.',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { $ref: '#/components/schemas/ErrorCode' },
            message: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            fields: { type: 'array', items: { $ref: '#/components/schemas/FieldProblem' } },
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
    ...SHARED_SCHEMAS,
  };
  const errorResponse = (description) => ({
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  });
  const paths = {};
  for (const e of api.endpoints) {
    schemas[`${e.type}Request`] = schemaOf(e.request);
    // allOf with a base: additionalProperties false on the part would reject the base's fields.
    const { additionalProperties: _closed, ...own } = schemaOf(e.response);
    schemas[`${e.type}Response`] = { allOf: [ref('Audit'), own] };
    const response = ref(`${e.type}Response`);
    paths[e.path] = {
      servers: [{ url: HOST_URL[e.host] }],
      [e.method.toLowerCase()]: {
        operationId: e.id,
        summary: e.summary,
        parameters: [{ name: e.param, in: 'path', required: true, description: 'Identifies the resource.', schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${e.type}Request` } } },
        },
        responses: {
          200: {
            description: 'The resource.',
            content: { 'application/json': { schema: e.list ? { type: 'array', items: response } : response } },
          },
          400: errorResponse('Invalid request.'),
          404: errorResponse('Not found.'),
          500: errorResponse('Server error.'),
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: `Synthetic API ${api.n}`, version: '1.0.0' },
    servers: [{ url: HOST_URL.alpha }],
    paths,
    components: { schemas },
  };
}

/** Writes `contract.yaml`, `contract-extras.yaml` and `openapi.json` for N endpoints into `dir`. */
export function writeSynthetic(n, dir) {
  mkdirSync(dir, { recursive: true });
  const api = buildApi(n);
  const contract = join(dir, 'contract.yaml');
  const contractExtras = join(dir, 'contract-extras.yaml');
  const openapi = join(dir, 'openapi.json');
  writeFileSync(contract, contractYaml(api));
  writeFileSync(contractExtras, contractYaml(api, true));
  writeFileSync(openapi, `${JSON.stringify(openapiDocument(api))}\n`);
  return { contract, contractExtras, openapi, api };
}

if (import.meta.url === pathToFileURL(resolve(process.argv[1] ?? '')).href) {
  const n = Number(process.argv[2]);
  const dir = process.argv[3];
  if (!Number.isInteger(n) || n < 1 || dir === undefined) {
    console.error('usage: node bench/synth.mjs <N> <outDir>');
    process.exit(2);
  }
  const { contract, openapi } = writeSynthetic(n, dir);
  console.log(`${contract}\n${openapi}`);
}
