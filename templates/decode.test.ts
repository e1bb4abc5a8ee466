import { afterEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_NODES } from './body.js';
import { DECODE_RULES } from './decode-rules.js';
import { decodeByHost, decodeForHost, decodeHostError, type DecodedError } from './decode.js';
import { shapeRules } from './shape-reader.js';
import type { EndpointErrorSpec, ErrorTables, HostErrorSpec } from './spec.js';

// ---------------------------------------------------------------------------------------------
// Small literal tables exercising every kind of path: nested keys, indices, mirrors, equals,
// keys Object.prototype also has, multi-segment field-error paths, a message table and a quirk.
// ---------------------------------------------------------------------------------------------

const TABLES: ErrorTables = {
  shapes: shapeRules({
    envelope: {
      name: 'envelope',
      present: [['error', 'code']],
      equals: [],
      read: {
        code: ['error', 'code'],
        message: ['error', 'message'],
        human: ['error', 'human'],
        detail: ['error', 'detail'],
        kind: ['error', 'kind'],
        status: ['error', 'status'],
      },
      fieldErrors: { path: ['error', 'fields'], field: ['field'], message: ['message'] },
      mirrors: [
        { path: ['msg'], source: ['error', 'message'] },
        { path: ['errors', 0, 'detail'], source: ['error', 'message'] },
      ],
    },
    indexed: {
      name: 'indexed',
      present: [['items', 1]],
      equals: [{ path: ['type'], value: 'list' }],
      read: { code: ['items', 0] },
      mirrors: [],
    },
    flag: { name: 'flag', present: [], equals: [{ path: ['ok'], value: false }], read: { code: ['reason'] }, mirrors: [] },
    // hasPath counts any index below the length as present, even one no array can hold.
    negative: { name: 'negative', present: [['neg', -1]], equals: [], read: { code: ['neg', 0] }, mirrors: [] },
    proto: { name: 'proto', present: [['__proto__']], equals: [], read: { code: ['constructor'] }, mirrors: [] },
    nested_fields: {
      name: 'nested_fields',
      present: [['errs']],
      equals: [],
      read: {},
      fieldErrors: { path: ['errs'], field: ['where', 'path'], message: ['what'] },
      mirrors: [],
    },
  }),
  categories: {
    input: { retryable: false },
    conflict: { retryable: false },
    not_found: { retryable: false },
    server: { retryable: false },
    unavailable: { retryable: true },
    client: { retryable: false },
  },
  statusCategories: [
    { status: 400, category: 'input' },
    { status: 404, category: 'not_found' },
    { status: 503, category: 'unavailable' },
    { status: '4XX', category: 'client' },
    { status: '5XX', category: 'server' },
  ],
  policies: {},
  fallbackCategory: 'server',
  rules: DECODE_RULES,
};

const HOSTS: Readonly<Record<string, HostErrorSpec>> = {
  acme: {
    name: 'acme',
    shapes: ['envelope', 'indexed', 'flag', 'negative', 'proto', 'nested_fields'],
    codeShape: 'envelope',
    codes: [
      { status: 400, code: 'bad', kind: 'a', category: 'input' },
      { status: 400, code: 'bad', kind: 'b', category: 'conflict' },
      { status: 503, code: 'busy', category: 'unavailable' },
    ],
    messages: {
      aliases: {},
      rows: [{ id: 'missing', pattern: '^\\[(?<f>\\w+)\\] is missing$', fields: ['{f}'] }],
      advice: { missing: { cause: 'A required field is missing.' } },
    },
    fieldPaths: ['name', 'kind'],
  },
};

const ENDPOINTS: Readonly<Record<string, EndpointErrorSpec & { readonly host: string }>> = {
  op: {
    host: 'acme',
    shapes: ['envelope', 'indexed', 'flag', 'negative', 'proto', 'nested_fields'],
    quirks: [{ id: 'gone', status: 404, hint: 'A 404 here means the thing is gone.' }],
    fieldPaths: [],
  },
};

const decode = (input: unknown): DecodedError => decodeForHost(TABLES, HOSTS, ENDPOINTS, 'acme', input);

/** A deep copy with null prototypes: not plain data, so it is read path by path. */
function nullProto(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullProto);
  if (typeof value !== 'object' || value === null) return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) out[key] = nullProto(item);
  return out;
}

const BODIES: readonly (readonly [string, number, string])[] = [
  ['envelope with kind and field errors', 400, '{"error":{"code":"bad","kind":"b","message":"m","status":400,"fields":[{"field":"a","message":"x"},{"message":"[name] is missing"},7]}}'],
  ['envelope whose body claims another status', 503, '{"error":{"code":"busy","human":"  ","message":"","detail":"d","status":500}}'],
  ['numeric code, message from the first mirror', 400, '{"error":{"code":7},"msg":"from the mirror"}'],
  ['message from the indexed mirror', 400, '{"error":{"code":"x","message":{}},"errors":[{"detail":"second mirror"}]}'],
  ['indexed shape', 400, '{"type":"list","items":["first",null]}'],
  ['indexed shape without the second item', 400, '{"type":"list","items":["only"]}'],
  ['equals on a boolean', 409, '{"ok":false,"reason":true}'],
  ['an index below zero', 400, '{"neg":["n"]}'],
  ['an index below zero of an empty list', 400, '{"neg":[]}'],
  ['own __proto__ and constructor keys', 400, '{"__proto__":1,"constructor":"ctor"}'],
  ['constructor without __proto__', 400, '{"constructor":"ctor"}'],
  ['multi-segment field-error paths', 400, '{"errs":[{"where":{"path":"a.b"},"what":"w"},{"what":"only message"},5,{"where":"flat"}]}'],
  ['field errors that are not a list', 400, '{"error":{"code":"bad","fields":"nope"}}'],
  ['an array', 500, '[1,{"error":{"code":"bad"}}]'],
  ['a quirk on an unrecognised body', 404, '{"unrelated":true}'],
];

describe('decoding reads the same through every path', () => {
  it.each(BODIES)('%s: parsed data, its text and a null-prototype copy decode alike', (_, status, text) => {
    for (const endpoint of [undefined, 'op']) {
      const fromText = decode({ status, body: text, endpoint });
      const fromData = decode({ status, body: JSON.parse(text) as unknown, endpoint });
      const fromCopy = decode({ status, body: nullProto(JSON.parse(text)), endpoint });
      expect(fromData).toEqual(fromText);
      expect(fromCopy).toEqual(fromText);
      expect(Object.keys(fromData)).toEqual(Object.keys(fromText));
      expect(Object.keys(fromCopy)).toEqual(Object.keys(fromText));
    }
  });

  it('reads codes, rows, texts, mirrors and field errors as the tables say', () => {
    const [first, second, third, fourth] = BODIES.map(([, status, text]) => decode({ status, body: text }));
    expect(first).toEqual({
      host: 'acme',
      status: 400,
      shape: 'envelope',
      code: 'bad',
      known: true,
      category: 'conflict',
      retryable: false,
      message: 'm',
      fields: [
        { field: 'a', message: 'x' },
        { field: 'name', message: '[name] is missing' },
      ],
      kind: 'b',
      rules: ['missing'],
      body: JSON.parse(BODIES[0]?.[2] ?? '') as unknown,
      hint: 'A required field is missing.',
    });
    expect(second).toMatchObject({ code: 'busy', known: true, category: 'unavailable', retryable: true, message: 'd', bodyStatus: 500 });
    expect(Object.keys(second ?? {})).toEqual(['host', 'status', 'shape', 'code', 'known', 'category', 'retryable', 'message', 'fields', 'bodyStatus', 'rules', 'body']);
    expect(third).toMatchObject({ code: '7', known: false, category: 'input', message: 'from the mirror' });
    expect(fourth?.message).toBe('second mirror');
  });

  it('matches indices, equals and keys Object.prototype also has by own properties only', () => {
    const shapes = BODIES.slice(4, 12).map(([, status, text]) => decode({ status, body: text }));
    expect(shapes.map((e) => [e.shape, e.code])).toEqual([
      ['indexed', 'first'],
      ['unrecognised', 'http_400'],
      ['flag', 'true'],
      ['negative', 'n'],
      ['negative', 'http_400'],
      ['proto', 'ctor'],
      ['unrecognised', 'http_400'],
      ['nested_fields', 'http_400'],
    ]);
    expect(shapes[7]?.fields).toEqual([
      { field: 'a.b', message: 'w' },
      { field: '', message: 'only message' },
    ]);
  });

  it('applies the endpoint quirk whatever the body', () => {
    const e = decode({ status: 404, body: { unrelated: true }, endpoint: 'op' });
    expect(e).toMatchObject({ shape: 'unrecognised', category: 'not_found', message: 'A 404 here means the thing is gone.', rules: ['gone'] });
  });
});

describe('the kept body', () => {
  it('is the given data itself when it is plain JSON data (its JSON copy would be equal)', () => {
    const body = { error: { code: 'bad', kind: 'a', fields: [{ field: 'f', message: 'm' }] }, extra: [1, 'two', null, true] };
    const e = decode({ status: 400, body });
    expect(e.body).toBe(body);
    expect(e.code).toBe('bad');
  });

  it.each([
    ['a Date', { error: { code: 'bad', at: new Date(0) } }],
    ['-0', { error: { code: 'bad', status: -0 } }],
    ['NaN', { error: { code: 'bad', n: Number.NaN } }],
    ['undefined', { error: { code: 'bad', gone: undefined } }],
    ['a class instance', { error: { code: 'bad' }, extra: new (class Point { x = 1 })() }],
    ['an array with toJSON', { error: { code: 'bad' }, list: Object.assign([1], { toJSON: () => 'replaced' }) }],
    ['a null-prototype object', Object.assign(Object.create(null) as object, { error: { code: 'bad' } })],
  ])('is the JSON copy of data the round trip changes (%s), decoded the same', (_, body) => {
    const e = decode({ status: 400, body });
    expect(e.body).not.toBe(body);
    expect(e.body).toStrictEqual(JSON.parse(JSON.stringify(body)) as unknown);
    expect(e).toMatchObject({ shape: 'envelope', code: 'bad', category: 'input' });
  });

  it('is dropped, as before, for data too large to keep', () => {
    const body = { error: { code: 'bad' }, extra: new Array<number>(MAX_JSON_NODES + 1).fill(1) };
    const e = decode({ status: 400, body });
    expect(e.body).toBeUndefined();
    expect(e).toMatchObject({ shape: 'envelope', code: 'bad' });
  });

  it('keeps JSON text nested deeper than the limit as text, and -0 as parsed', () => {
    const deep = `{"error":{"code":"bad","x":${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}}}`;
    const e = decode({ status: 400, body: deep });
    expect(e.shape).toBe('unrecognised');
    expect(e.body).toBe(deep);
    const zero = decode({ status: 400, body: '{"error":{"code":"bad","status":-0}}' });
    expect(zero.shape).toBe('envelope');
    expect(Object.is((zero.body as { error: { status: number } }).error.status, -0)).toBe(true);
  });
});

describe('hostile environments', () => {
  const polluted = ['code', 'field', 'toJSON'] as const;
  afterEach(() => {
    for (const key of polluted) delete (Object.prototype as Record<string, unknown>)[key];
  });

  it('ignores keys an enumerable Object.prototype property would lend', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto['code'] = 'polluted';
    proto['field'] = 'polluted';
    const body = { error: { message: 'no code' }, msg: 'x' };
    const e = decode({ status: 400, body });
    expect(e).toMatchObject({ shape: 'unrecognised', code: 'http_400' });
    expect(e.body).toBe(body);
    const fields = decode({ status: 400, body: { error: { code: 'bad', fields: [{ message: 'm' }] } } });
    expect(fields.fields).toEqual([{ field: '', message: 'm' }]);
  });

  it('copies bodies when Object.prototype has a toJSON', () => {
    (Object.prototype as Record<string, unknown>)['toJSON'] = function toJSON(): string {
      return 'replaced';
    };
    const body = { error: { code: 'bad' } };
    const e = decode({ status: 400, body });
    expect(e.body).toBe('replaced');
    expect(e.code).toBe('bad');
  });

  it('a getter that decodes another body while the first is read leaves both results right', () => {
    let inner: DecodedError | undefined;
    const body = {
      error: { code: 'bad', kind: 'a' },
      get extra(): string {
        inner = decode({ status: 503, body: { error: { code: 'busy', message: 'inner' } } });
        return 'x';
      },
    };
    const outer = decode({ status: 400, body });
    expect(outer).toMatchObject({ code: 'bad', category: 'input', message: 'HTTP 400 bad' });
    expect(outer.body).toBe(body);
    expect(inner).toMatchObject({ code: 'busy', category: 'unavailable', message: 'inner' });
  });
});

describe('plans', () => {
  it('follow the tables object: equal names in other tables decode by those tables', () => {
    const other: ErrorTables = { ...TABLES, statusCategories: [{ status: 400, category: 'conflict' }], fallbackCategory: 'server' };
    const otherHosts: Readonly<Record<string, HostErrorSpec>> = { acme: { ...(HOSTS['acme'] as HostErrorSpec), codes: [] } };
    const body = { error: { code: 'bad', kind: 'a' } };
    for (let i = 0; i < 3; i++) {
      expect(decodeForHost(TABLES, HOSTS, ENDPOINTS, 'acme', { status: 400, body })).toMatchObject({ known: true, category: 'input' });
      expect(decodeForHost(other, otherHosts, ENDPOINTS, 'acme', { status: 400, body })).toMatchObject({ known: false, category: 'conflict' });
      expect(decodeForHost(other, HOSTS, ENDPOINTS, 'acme', { status: 400, body })).toMatchObject({ known: true, category: 'input' });
    }
  });

  it('use the endpoint only on its own host, whatever the previous call', () => {
    const hosts: Readonly<Record<string, HostErrorSpec>> = { ...HOSTS, other: { name: 'other', shapes: ['envelope'], codes: [], fieldPaths: [] } };
    const input = { status: 404, body: '', endpoint: 'op' };
    for (let i = 0; i < 2; i++) {
      expect(decodeForHost(TABLES, hosts, ENDPOINTS, 'acme', input).rules).toEqual(['gone']);
      expect(decodeForHost(TABLES, hosts, ENDPOINTS, 'other', input).rules).toEqual([]);
      expect(decodeForHost(TABLES, hosts, ENDPOINTS, 'acme', { ...input, endpoint: 'nope' }).rules).toEqual([]);
    }
  });

  it('decodeByHost, decodeForHost and decodeHostError agree', () => {
    const body = '{"error":{"code":"busy","message":"later"}}';
    const endpoint = ENDPOINTS['op'] as EndpointErrorSpec;
    const a = decodeByHost(TABLES, HOSTS, ENDPOINTS, { host: 'acme', status: 503, body, endpoint: 'op' });
    const b = decodeForHost(TABLES, HOSTS, ENDPOINTS, 'acme', { status: 503, body, endpoint: 'op' });
    const c = decodeHostError(TABLES, HOSTS['acme'] as HostErrorSpec, { status: 503, body, endpoint });
    expect(a).toEqual(b);
    expect(c).toEqual(b);
    expect(b).toMatchObject({ code: 'busy', known: true, retryable: true, message: 'later' });
  });

  it('an unknown host decodes nothing, each time', () => {
    for (let i = 0; i < 2; i++) {
      const e = decodeForHost(TABLES, HOSTS, ENDPOINTS, 'nobody', { status: 400, body: { error: { code: 'bad' } } });
      expect(e).toMatchObject({ host: 'nobody', shape: 'unrecognised', code: 'http_400', category: 'input' });
    }
  });
});

describe('a body no shape matches still gives the server’s message', () => {
  // A host without shapes: every body is unrecognised.
  const bare: HostErrorSpec = { name: 'bare', shapes: [], codes: [], fieldPaths: [] };
  const decode = (body: unknown) => decodeHostError(TABLES, bare, { status: 418, body: JSON.stringify(body) });
  it.each([
    ['problem details: the detail', { type: 'about:blank', title: 'Gone', detail: 'The order was archived.' }, 'The order was archived.'],
    ['a title alone', { title: 'Gone' }, 'Gone'],
    ['GitHub: the message', { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, 'Not Found'],
    ['Google and Stripe: error.message', { error: { message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } }, 'Quota exceeded.'],
    ['OAuth: error_description before the error code', { error: 'invalid_client', error_description: 'Unknown client.' }, 'Unknown client.'],
    ['a string error', { error: 'Teapot.' }, 'Teapot.'],
    ['JSON:API: the first error’s detail', { errors: [{ title: 'Invalid', detail: 'No such article.' }] }, 'No such article.'],
    ['the first error’s message', { errors: [{ message: 'Bad cursor.' }] }, 'Bad cursor.'],
    ['a blank message passed over', { message: '  ', detail: 'The real one.' }, 'The real one.'],
  ])('%s', (_name, body, message) => {
    expect(decode(body)).toMatchObject({ shape: 'unrecognised', code: 'http_418', message });
  });

  it('"HTTP <status>" when the body holds none of them as a string', () => {
    expect(decode({ error: true, message: 7, errors: [{ code: 'x' }] }).message).toBe('HTTP 418');
    expect(decodeHostError(TABLES, bare, { status: 502, body: 'Bad gateway' }).message).toBe('HTTP 502: Bad gateway');
  });
});
