import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { proofOf, type Proof } from './credentials.js';
import { DECODE_RULES } from './decode-rules.js';
import type { DecodedError } from './decode.js';
import { CLIENT_ERROR_CATEGORIES, DEFAULT_TIMEOUT_MS, buildUrl, clientError, interpret, readSuccess, send, writeBody, type ClientError, type Result, type RuntimeOptions } from './exchange.js';
import { encodeRequestBody } from './request-body.js';
import { shapeRules } from './shape-reader.js';
import type { EndpointSpec, ErrorTables, HostErrorSpec, RuntimeSpec } from './spec.js';
import { abortOf, type FetchLike, type Transport, type TransportRequest } from './transport.js';

// ---------------------------------------------------------------------------------------------
// Small literal tables, shaped like generated/src/tables.ts
// ---------------------------------------------------------------------------------------------

const TABLES: ErrorTables = {
  shapes: shapeRules({
    api_error: {
      name: 'api_error',
      present: [['api_error']],
      equals: [],
      read: { code: ['api_error', 'code'], message: ['api_error', 'message'] },
      mirrors: [],
    },
  }),
  categories: {
    input: { retryable: false },
    forbidden: { retryable: false },
    not_found: { retryable: false },
    rate_limited: { retryable: true },
    server: { retryable: false },
    unavailable: { retryable: true },
    client: { retryable: false },
  },
  statusCategories: [
    { status: 400, category: 'input' },
    { status: 403, category: 'forbidden' },
    { status: 404, category: 'not_found' },
    { status: 429, category: 'rate_limited' },
    { status: 503, category: 'unavailable' },
    { status: '4XX', category: 'client' },
    { status: '5XX', category: 'server' },
  ],
  policies: {},
  fallbackCategory: 'server',
  rules: DECODE_RULES,
};

const LASTMILE: HostErrorSpec = { name: 'lastmile', shapes: ['api_error'], codes: [], fieldPaths: [] };

const bearer = (token: string): Proof => proofOf({ type: 'clientCredentials' }, token);

const SPEC: RuntimeSpec = {
  tables: TABLES,
  hosts: { lastmile: LASTMILE },
  environments: {
    production: { lastmile: '{lastmile_url}', auth: 'https://{region}.auth.example.com/v1/', orphan: 'https://orphan.example.com' },
    staging: { lastmile: 'https://staging.example.com/api//' },
  },
};

const OPTIONS: RuntimeOptions = { environment: 'production', servers: { lastmile_url: 'https://lastmile.example.com/', region: 'eu' } };

const base = {
  host: 'lastmile',
  security: [['oauth']],
  idempotent: true,
  pathParams: [],
  contentTypes: [],
  response: 'json',
  shapes: ['api_error'],
  quirks: [],
  fieldPaths: [],
} as const satisfies Partial<EndpointSpec>;

const GET_ORDER: EndpointSpec = {
  ...base,
  id: 'getOrder',
  method: 'GET',
  path: '/orders/{order_id}',
  pathParams: ['order_id'],
  quirks: [{ id: 'forbidden_means_missing', status: 403, category: 'not_found', hint: 'A 403 may mean the order does not exist.' }],
};

const CREATE_ORDER: EndpointSpec = {
  ...base,
  id: 'createOrder',
  method: 'POST',
  path: '/orders',
  idempotent: false,
  contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
  // As the generated tables name them for an endpoint that takes a form.
  encode: encodeRequestBody,
  write: writeBody,
};

const GET_LABEL: EndpointSpec = {
  ...base,
  id: 'getLabel',
  method: 'GET',
  path: '/order_label/{order_id}',
  pathParams: ['order_id'],
  response: 'binary',
  responseContentType: 'application/pdf',
  read: readSuccess,
  quirks: [{ id: 'empty_label_means_missing', status: 200, emptyBody: true, error: true, category: 'not_found', hint: 'A zero-byte PDF means the order does not exist.' }],
};

const DELETE_ORDER: EndpointSpec = { ...base, id: 'deleteOrder', method: 'DELETE', path: '/orders/{order_id}', pathParams: ['order_id'], response: 'none', read: readSuccess };

const ON_ORPHAN: EndpointSpec = { ...base, id: 'orphan', method: 'GET', path: '/ping', host: 'orphan' };

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

function respond(spec: RuntimeSpec, endpoint: EndpointSpec, status: number, body: string | Uint8Array | null, headers: Record<string, string> = {}): Result<unknown, DecodedError | ClientError> {
  const bytes = body === null ? new Uint8Array() : typeof body === 'string' ? encode(body) : body;
  // Header names as a transport hands them over: normalised (lower case) by Headers.
  return interpret(spec, endpoint, { status, headers: Object.fromEntries(new Headers(headers)), body: bytes });
}

function errorOf(result: Result<unknown, DecodedError | ClientError>): DecodedError | ClientError {
  if (result.ok) throw new Error(`expected an error, got data ${JSON.stringify(result.data)}`);
  return result.error;
}

// ---------------------------------------------------------------------------------------------

describe('buildUrl', () => {
  it('joins the environment URL and the path', () => {
    expect(buildUrl(SPEC, OPTIONS, CREATE_ORDER, undefined)).toBe('https://lastmile.example.com/orders');
  });

  it('fills server variables inside a URL template and drops trailing slashes', () => {
    const endpoint: EndpointSpec = { ...CREATE_ORDER, host: 'auth', path: '/oauth/token' };
    expect(buildUrl(SPEC, OPTIONS, endpoint, {})).toBe('https://eu.auth.example.com/v1/oauth/token');
    expect(buildUrl(SPEC, { environment: 'staging', servers: {} }, CREATE_ORDER, {})).toBe('https://staging.example.com/api/orders');
  });

  it('fills and percent-encodes path parameters', () => {
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 'ord-1' })).toBe('https://lastmile.example.com/orders/ord-1');
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 'a/b c?d#e&f%' })).toBe('https://lastmile.example.com/orders/a%2Fb%20c%3Fd%23e%26f%25');
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: '../admin' })).toBe('https://lastmile.example.com/orders/..%2Fadmin');
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 'é' })).toBe('https://lastmile.example.com/orders/%C3%A9');
  });

  it('accepts numbers, including 0, as path parameters', () => {
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 42 })).toBe('https://lastmile.example.com/orders/42');
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 0 })).toBe('https://lastmile.example.com/orders/0');
  });

  it('fills several path parameters', () => {
    const endpoint: EndpointSpec = { ...GET_ORDER, path: '/orders/{order_id}/items/{item}', pathParams: ['order_id', 'item'] };
    expect(buildUrl(SPEC, OPTIONS, endpoint, { order_id: 'o', item: 3 })).toBe('https://lastmile.example.com/orders/o/items/3');
  });

  it('throws for a missing or empty path parameter', () => {
    expect(() => buildUrl(SPEC, OPTIONS, GET_ORDER, undefined)).toThrow(new TypeError("path parameter 'order_id' is missing"));
    expect(() => buildUrl(SPEC, OPTIONS, GET_ORDER, {})).toThrow(new TypeError("path parameter 'order_id' is missing"));
    expect(() => buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: '' })).toThrow(new TypeError("path parameter 'order_id' is missing"));
  });

  // Server variables are looked up as own properties; path parameters are not, so a parameter
  // named like an Object.prototype member is "present" and its function text lands in the URL.
  it('treats a path parameter named like an Object.prototype member as missing when not given', () => {
    const endpoint: EndpointSpec = { ...GET_ORDER, path: '/things/{toString}', pathParams: ['toString'] };
    expect(() => buildUrl(SPEC, OPTIONS, endpoint, {})).toThrow(new TypeError("path parameter 'toString' is missing"));
  });

  it('throws for an unknown environment or a host the environment lacks', () => {
    expect(() => buildUrl(SPEC, { ...OPTIONS, environment: 'nowhere' }, GET_ORDER, { order_id: '1' })).toThrow(new TypeError("unknown environment 'nowhere'"));
    expect(() => buildUrl(SPEC, { ...OPTIONS, environment: 'toString' }, GET_ORDER, { order_id: '1' })).toThrow(TypeError);
    const other: EndpointSpec = { ...GET_ORDER, host: 'elsewhere' };
    expect(() => buildUrl(SPEC, OPTIONS, other, { order_id: '1' })).toThrow(new TypeError("unknown environment 'production'"));
  });

  it('throws for a missing, empty or inherited server variable', () => {
    const message = "server variable 'lastmile_url' is not configured for environment 'production'";
    expect(() => buildUrl(SPEC, { environment: 'production', servers: {} }, CREATE_ORDER, {})).toThrow(new TypeError(message));
    expect(() => buildUrl(SPEC, { environment: 'production', servers: { lastmile_url: '' } }, CREATE_ORDER, {})).toThrow(new TypeError(message));
    const inherited: RuntimeSpec = { ...SPEC, environments: { production: { lastmile: '{constructor}' } } };
    expect(() => buildUrl(inherited, { environment: 'production', servers: {} }, CREATE_ORDER, {})).toThrow(
      new TypeError("server variable 'constructor' is not configured for environment 'production'"),
    );
  });

  it('does not encode server variable values (they are URLs)', () => {
    expect(buildUrl(SPEC, { environment: 'production', servers: { lastmile_url: 'http://localhost:8080/base' } }, CREATE_ORDER, {})).toBe('http://localhost:8080/base/orders');
  });
});

describe('request bodies', () => {
  const { encode: _unused, ...JSON_ONLY } = { ...CREATE_ORDER, contentTypes: ['application/json'] };
  const FORM_ORDER = CREATE_ORDER;
  const sent = async (endpoint: EndpointSpec, body: unknown, contentType?: string): Promise<RequestInit> => {
    const fetch = fetchReturning(() => new Response('{}', { status: 201, headers: { 'content-type': 'application/json' } }));
    const exchange = await send(SPEC, { ...OPTIONS, fetch }, endpoint, { body, ...(contentType === undefined ? {} : { contentType }) });
    expect(exchange.result.ok, JSON.stringify(exchange.result)).toBe(true);
    return initOf(fetch);
  };

  it('an endpoint without an encoder writes JSON, whatever the body', async () => {
    const init = await sent(JSON_ONLY, { a: 1, b: ['x'], c: { d: null } });
    expect([init.body, (init.headers as Record<string, string>)['content-type']]).toEqual(['{"a":1,"b":["x"],"c":{"d":null}}', 'application/json']);
    expect((await sent(JSON_ONLY, 'text')).body).toBe('"text"');
  });

  it('the caller picks another of its content types; the encoder writes it', async () => {
    const init = await sent(FORM_ORDER, { grant_type: 'client_credentials', client_id: 'id 1', n: 5, skip: undefined }, 'application/x-www-form-urlencoded');
    expect(init.body).toBe('grant_type=client_credentials&client_id=id+1&n=5');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('a content type the endpoint does not take, or a body with no JSON form, is an invalid request sent nowhere', async () => {
    const fetch = fetchReturning(() => new Response('{}', { status: 201 }));
    const wrong = await send(SPEC, { ...OPTIONS, fetch }, FORM_ORDER, { body: 'x', contentType: 'text/plain' });
    expect(errorOf(wrong.result)).toMatchObject({ code: 'invalid_request', message: "content type 'text/plain' is not accepted by createOrder" });
    const noJson = await send(SPEC, { ...OPTIONS, fetch }, JSON_ONLY, { body: () => 1 });
    expect(errorOf(noJson.result)).toMatchObject({ code: 'invalid_request', message: 'the body has no JSON form' });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('clientError', () => {
  it('lists the seven categories', () => {
    expect(CLIENT_ERROR_CATEGORIES).toEqual(['network', 'timeout', 'canceled', 'invalid_response', 'invalid_request', 'redirect', 'not_modified']);
  });

  it('builds an error of each category, retryable only for network and timeout', () => {
    for (const code of CLIENT_ERROR_CATEGORIES) {
      const error = clientError('lastmile', code, `msg ${code}`);
      expect(error).toEqual({
        host: 'lastmile',
        status: 0,
        shape: 'client',
        code,
        known: true,
        category: code,
        retryable: code === 'network' || code === 'timeout',
        message: `msg ${code}`,
        fields: [],
        rules: [],
        body: undefined,
      });
      expect('hint' in error).toBe(false);
    }
  });

  it('keeps a status and a Location when given', () => {
    const error = clientError('lastmile', 'redirect', 'bad', 301, 'https://elsewhere.example/');
    expect(error.status).toBe(301);
    expect(error.location).toBe('https://elsewhere.example/');
    expect(error.rules).toEqual([]);
    expect(error.body).toBeUndefined();
  });

  it('serialises to JSON', () => {
    expect(JSON.parse(JSON.stringify(clientError('h', 'network', 'm')))).toMatchObject({ host: 'h', code: 'network', shape: 'client' });
  });
});

describe('interpret: successes', () => {
  it('parses a JSON success and reports status and headers', () => {
    const result = respond(SPEC, GET_ORDER, 200, '{"id":"ord-1","items":[1]}', { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' });
    expect(result).toEqual({ ok: true, data: { id: 'ord-1', items: [1] }, status: 200, response: { status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'r1' } } });
  });

  it('accepts any 2xx status for a 2XX endpoint', () => {
    const result = respond(SPEC, GET_ORDER, 201, '{"created":true}');
    expect(result.ok && result.data).toEqual({ created: true });
    expect(result.ok && result.response.status).toBe(201);
  });

  it('does not check the content type of JSON successes', () => {
    expect(respond(SPEC, GET_ORDER, 200, '[1,2]', { 'content-type': 'text/plain' })).toMatchObject({ ok: true, data: [1, 2] });
  });

  it('gives undefined data for an empty JSON success', () => {
    expect(respond(SPEC, GET_ORDER, 200, '')).toMatchObject({ ok: true, data: undefined });
    expect(respond(SPEC, GET_ORDER, 204, null)).toMatchObject({ ok: true, data: undefined, response: { status: 204 } });
  });

  it('gives undefined data for a no-content endpoint, whatever the body', () => {
    expect(respond(SPEC, DELETE_ORDER, 204, null)).toMatchObject({ ok: true, data: undefined });
    expect(respond(SPEC, { ...DELETE_ORDER }, 200, 'not json')).toMatchObject({ ok: true, data: undefined });
  });

  it('decodes UTF-8 JSON, including a byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('{"m":"Größe"}')]);
    expect(respond(SPEC, GET_ORDER, 200, bytes)).toMatchObject({ ok: true, data: { m: 'Größe' } });
  });

  it('returns the bytes of a binary success with the expected content type', () => {
    const pdf = encode('%PDF-1.7 ...');
    const result = respond(SPEC, GET_LABEL, 200, pdf, { 'content-type': 'application/pdf' });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data).toBeInstanceOf(Uint8Array);
      expect(result.data).toEqual(pdf);
    }
  });

  it('compares the media type without parameters and case', () => {
    expect(respond(SPEC, GET_LABEL, 200, encode('%PDF'), { 'content-type': 'Application/PDF; charset=binary' }).ok).toBe(true);
    expect(respond(SPEC, GET_LABEL, 200, encode('%PDF'), { 'content-type': ' application/pdf ;x=y' }).ok).toBe(true);
  });

  it('accepts any content type for a binary endpoint that names none', () => {
    const endpoint: EndpointSpec = { ...GET_LABEL, responseContentType: undefined };
    const result = respond(SPEC, endpoint, 200, encode('bytes'), { 'content-type': 'application/octet-stream' });
    expect(result.ok && result.data).toEqual(encode('bytes'));
  });
});

describe('interpret: responses the contract rules out', () => {
  it('turns invalid JSON in a success into invalid_response', () => {
    const error = errorOf(respond(SPEC, GET_ORDER, 200, '<html>oops</html>', { 'content-type': 'text/html' }));
    expect(error).toEqual(clientError('lastmile', 'invalid_response', 'the 200 response is not valid JSON', 200));
    expect(error.retryable).toBe(false);
  });

  it('turns truncated JSON into invalid_response', () => {
    expect(errorOf(respond(SPEC, GET_ORDER, 201, '{"id":'))).toMatchObject({ shape: 'client', code: 'invalid_response', status: 201, message: 'the 201 response is not valid JSON' });
  });

  it('turns a binary success with the wrong content type into invalid_response', () => {
    const error = errorOf(respond(SPEC, GET_LABEL, 200, '<html>login</html>', { 'content-type': 'text/html; charset=utf-8' }));
    expect(error).toEqual(clientError('lastmile', 'invalid_response', 'expected application/pdf, got text/html', 200));
  });

  it('says when a binary success has no content type', () => {
    const error = errorOf(interpret(SPEC, GET_LABEL, { status: 200, headers: {}, body: encode('%PDF') }));
    expect(error).toMatchObject({ code: 'invalid_response', message: 'expected application/pdf, got no content type' });
  });
});

describe('interpret: success quirks', () => {
  it('decodes a 200 with an empty body as the error the quirk names', () => {
    const error = errorOf(respond(SPEC, GET_LABEL, 200, null, { 'content-type': 'application/pdf' }));
    expect(error).toMatchObject({
      host: 'lastmile',
      status: 200,
      shape: 'unrecognised',
      code: 'http_200',
      known: false,
      category: 'not_found',
      retryable: false,
      message: 'A zero-byte PDF means the order does not exist.',
      hint: 'A zero-byte PDF means the order does not exist.',
      rules: ['empty_label_means_missing'],
      fields: [],
    });
    expect(error.body).toBeUndefined();
  });

  it('applies the quirk before checking the content type', () => {
    expect(errorOf(respond(SPEC, GET_LABEL, 200, null))).toMatchObject({ category: 'not_found', rules: ['empty_label_means_missing'] });
  });

  it('does not apply an empty-body quirk to a non-empty body', () => {
    expect(respond(SPEC, GET_LABEL, 200, encode('%PDF'), { 'content-type': 'application/pdf' }).ok).toBe(true);
  });

  it('applies a quirk that does not require an empty body to any body', () => {
    const endpoint: EndpointSpec = { ...GET_ORDER, quirks: [{ id: 'ok_is_error', status: 200, error: true, category: 'server', hint: 'A 200 here is an error.' }] };
    expect(errorOf(respond(SPEC, endpoint, 200, '{"fine":true}'))).toMatchObject({ category: 'server', rules: ['ok_is_error'], status: 200, body: { fine: true } });
  });

  it('ignores quirks that are not marked as errors', () => {
    const endpoint: EndpointSpec = { ...GET_ORDER, quirks: [{ id: 'note', status: 200, emptyBody: true, hint: 'just a note' }] };
    expect(respond(SPEC, endpoint, 200, '')).toMatchObject({ ok: true, data: undefined });
  });
});

describe('interpret: error statuses', () => {
  it('decodes an error body with the host tables', () => {
    const error = errorOf(respond(SPEC, GET_ORDER, 404, '{"api_error":{"code":"not_found","message":"Order not found"}}'));
    expect(error).toMatchObject({ host: 'lastmile', status: 404, shape: 'api_error', code: 'not_found', category: 'not_found', message: 'Order not found', retryable: false });
    expect(error.body).toEqual({ api_error: { code: 'not_found', message: 'Order not found' } });
  });

  it('applies endpoint quirks to error statuses', () => {
    const error = errorOf(respond(SPEC, GET_ORDER, 403, '{"api_error":{"code":"forbidden","message":"Forbidden"}}'));
    expect(error).toMatchObject({ status: 403, category: 'not_found', rules: ['forbidden_means_missing'], hint: 'A 403 may mean the order does not exist.' });
  });

  it('decodes an unrecognised error body by status', () => {
    const error = errorOf(respond(SPEC, GET_ORDER, 503, 'Service Unavailable'));
    expect(error).toMatchObject({ shape: 'unrecognised', code: 'http_503', category: 'unavailable', retryable: true, message: 'HTTP 503: Service Unavailable', body: 'Service Unavailable' });
  });

  it('decodes an empty error body', () => {
    const error = errorOf(respond(SPEC, GET_ORDER, 500, null));
    expect(error).toMatchObject({ shape: 'unrecognised', status: 500, category: 'server', message: 'HTTP 500' });
    expect(error.body).toBeUndefined();
  });

  it('reads a 2xx status the endpoint does not document as a success, as its documented ones are read', () => {
    const result = respond(SPEC, GET_LABEL, 202, '%PDF-pending', { 'content-type': 'application/pdf' });
    expect(result).toMatchObject({ ok: true, status: 202, response: { status: 202 } });
    expect(result.ok && new TextDecoder().decode(result.data as Uint8Array)).toBe('%PDF-pending');
  });

  it('treats 1xx and 3xx statuses as errors, a 304 as not_modified', () => {
    expect(errorOf(respond(SPEC, GET_ORDER, 304, null))).toEqual(clientError('lastmile', 'not_modified', 'not modified since the validator the call sent', 304));
    expect(errorOf(respond(SPEC, GET_ORDER, 302, ''))).toMatchObject({ status: 302, shape: 'unrecognised' });
    expect(errorOf(respond(SPEC, GET_ORDER, 300, ''))).toMatchObject({ status: 300 });
    expect(errorOf(respond(SPEC, GET_ORDER, 199, ''))).toMatchObject({ status: 199 });
  });

  it('reads a followed redirect target as JSON when it says so (a +json type with parameters too), else as bytes', () => {
    const FOLLOWED: EndpointSpec = { ...GET_LABEL, response: 'followed' };
    delete (FOLLOWED as { responseContentType?: string }).responseContentType;
    expect(respond(SPEC, FOLLOWED, 200, '{"a":1}', { 'content-type': 'application/vnd.x.v2+json; charset=utf-8' })).toMatchObject({ ok: true, data: { a: 1 } });
    expect(respond(SPEC, FOLLOWED, 200, '{"a":1}', { 'content-type': 'Application/JSON' })).toMatchObject({ ok: true, data: { a: 1 } });
    const bytes = respond(SPEC, FOLLOWED, 200, 'PK', { 'content-type': 'application/zip' });
    expect(bytes.ok && bytes.data).toBeInstanceOf(Uint8Array);
  });

  it('returns invalid_response for an error status on a host without tables', () => {
    const error = errorOf(respond(SPEC, ON_ORPHAN, 502, '{"api_error":{"code":"x"}}'));
    expect(error).toEqual(clientError('orphan', 'invalid_response', 'HTTP 502', 502));
  });

  it('still reads successes on a host without tables', () => {
    expect(respond(SPEC, ON_ORPHAN, 200, '{"pong":true}')).toMatchObject({ ok: true, data: { pong: true } });
  });
});

// ---------------------------------------------------------------------------------------------
// send: one exchange through an injected fetch
// ---------------------------------------------------------------------------------------------

type FetchMock = Mock<FetchLike>;

function fetchReturning(make: () => Response): FetchMock {
  return vi.fn<FetchLike>(async () => make());
}

/** A fetch that never answers, but rejects like the real one when its signal aborts. */
function hangingFetch(): FetchMock {
  return vi.fn<FetchLike>(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init.signal;
        if (signal === null || signal === undefined) return;
        if (signal.aborted) reject(new DOMException('aborted', 'AbortError'));
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
      }),
  );
}

function initOf(fetch: FetchMock): RequestInit {
  const call = fetch.mock.calls[0];
  if (call === undefined) throw new Error('fetch was not called');
  return call[1];
}

describe('send', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the method, URL, default headers, bearer token and JSON body', async () => {
    const fetch = fetchReturning(() => new Response('{"id":"o1"}', { status: 201, headers: { 'content-type': 'application/json' } }));
    const exchange = await send(SPEC, { ...OPTIONS, fetch, headers: { 'user-agent': 'test' } }, CREATE_ORDER, { body: { kind: 'same_day' } }, [bearer('tok-1')]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://lastmile.example.com/orders');
    const init = initOf(fetch);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ accept: 'application/json', 'user-agent': 'test', 'content-type': 'application/json', authorization: 'Bearer tok-1' });
    expect(init.body).toBe('{"kind":"same_day"}');
    // fetch follows no redirect: the runtime does (redirect.ts).
    expect(init.redirect).toBe('manual');
    expect(exchange.result).toEqual({ ok: true, data: { id: 'o1' }, status: 201, response: { status: 201, headers: { 'content-type': 'application/json' } } });
    expect(exchange.request).toEqual({ url: 'https://lastmile.example.com/orders', method: 'POST', headers: init.headers, body: '{"kind":"same_day"}' });
    expect(exchange.response?.status).toBe(201);
    expect(new TextDecoder().decode(exchange.response?.body)).toBe('{"id":"o1"}');
  });

  it('encodes a form body when that content type is chosen', async () => {
    const fetch = fetchReturning(() => new Response('{}', { status: 200 }));
    await send(SPEC, { ...OPTIONS, fetch }, CREATE_ORDER, { body: { a: 'b c' }, contentType: 'application/x-www-form-urlencoded' });
    expect(initOf(fetch).body).toBe('a=b+c');
    expect(initOf(fetch).headers).toMatchObject({ 'content-type': 'application/x-www-form-urlencoded' });
  });

  it('sends no body and no content type for an endpoint without a request body', async () => {
    const fetch = fetchReturning(() => new Response('{}', { status: 200 }));
    await send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, { params: { order_id: 'o1' }, body: { ignored: true } });
    expect(initOf(fetch).body).toBeUndefined();
    expect(initOf(fetch).headers).not.toHaveProperty('content-type');
  });

  it('asks for the binary content type the endpoint expects', async () => {
    const fetch = fetchReturning(() => new Response(encode('%PDF'), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    await send(SPEC, { ...OPTIONS, fetch }, GET_LABEL, { params: { order_id: 'o1' } }, [bearer('tok')]);
    expect(initOf(fetch).headers).toMatchObject({ accept: 'application/pdf' });
  });

  it('sends each proof where its scheme says: a header over any of its name, the query, the cookie', async () => {
    const fetch = fetchReturning(() => new Response('{}', { status: 200 }));
    const carried = proofOf({ type: 'clientCredentials' }, 'abc', { header: 'X-Token', scheme: 'Token' });
    const query = proofOf({ type: 'apiKey', in: 'query', name: 'api key' }, 'k&=#1');
    const cookie = proofOf({ type: 'apiKey', in: 'cookie', name: 'sid' }, 'c 1');
    await send(SPEC, { ...OPTIONS, fetch, headers: { 'X-TOKEN': 'stale', Cookie: 'a=b' } }, GET_ORDER, { params: { order_id: 'o' } }, [carried, query, cookie]);
    expect(fetch.mock.calls[0]?.[0]).toBe('https://lastmile.example.com/orders/o?api%20key=k%26%3D%231');
    expect(initOf(fetch).headers).toEqual({ accept: 'application/json', 'x-token': 'Token abc', cookie: 'a=b; sid=c%201' });
    const noAuth = fetchReturning(() => new Response('{}', { status: 200 }));
    await send(SPEC, { ...OPTIONS, fetch: noAuth }, GET_ORDER, { params: { order_id: 'o' } });
    expect(initOf(noAuth).headers).not.toHaveProperty('authorization');
  });

  it('returns invalid_request without calling fetch when the URL cannot be built', async () => {
    const fetch = fetchReturning(() => new Response('{}'));
    const exchange = await send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, {});
    expect(fetch).not.toHaveBeenCalled();
    expect(exchange).toEqual({ result: { ok: false, error: clientError('lastmile', 'invalid_request', "path parameter 'order_id' is missing") }, request: undefined, response: undefined });
  });

  it('returns invalid_request for a content type the endpoint does not accept', async () => {
    const fetch = fetchReturning(() => new Response('{}'));
    const exchange = await send(SPEC, { ...OPTIONS, fetch }, CREATE_ORDER, { body: {}, contentType: 'text/plain' });
    expect(fetch).not.toHaveBeenCalled();
    expect(exchange.result).toMatchObject({ ok: false, error: { code: 'invalid_request', message: "content type 'text/plain' is not accepted by createOrder" } });
  });

  it('returns a network error when fetch rejects', async () => {
    const fetch = vi.fn<FetchLike>(async () => {
      throw new TypeError('fetch failed');
    });
    const exchange = await send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, { params: { order_id: 'o' } });
    expect(exchange.result).toEqual({ ok: false, error: clientError('lastmile', 'network', 'network error: fetch failed') });
    expect(exchange.request?.url).toBe('https://lastmile.example.com/orders/o');
    expect(exchange.response).toBeUndefined();
  });

  it('times out after the default timeout and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    const pending = send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, { params: { order_id: 'o' } });
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const exchange = await pending;
    expect(exchange.result).toEqual({ ok: false, error: clientError('lastmile', 'timeout', `no response within ${DEFAULT_TIMEOUT_MS} ms`) });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('prefers the call timeout over the client timeout', async () => {
    vi.useFakeTimers();
    const fetch = hangingFetch();
    const pending = send(SPEC, { ...OPTIONS, fetch, timeoutMs: 10_000 }, GET_ORDER, { params: { order_id: 'o' }, timeoutMs: 250 });
    await vi.advanceTimersByTimeAsync(250);
    expect((await pending).result).toMatchObject({ ok: false, error: { code: 'timeout', message: 'no response within 250 ms', retryable: true } });
  });

  it('sets no timer when the timeout is 0', async () => {
    vi.useFakeTimers();
    const fetch = fetchReturning(() => new Response('{}', { status: 200 }));
    let timers = -1;
    fetch.mockImplementation(async () => {
      timers = vi.getTimerCount();
      return new Response('{}', { status: 200 });
    });
    await send(SPEC, { ...OPTIONS, fetch, timeoutMs: 0 }, GET_ORDER, { params: { order_id: 'o' } });
    expect(timers).toBe(0);
  });

  it('clears its timer after a response', async () => {
    vi.useFakeTimers();
    const fetch = fetchReturning(() => new Response('{}', { status: 200 }));
    await send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, { params: { order_id: 'o' } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('returns canceled when the caller aborts, and canceled at once for an aborted signal', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = send(SPEC, { ...OPTIONS, fetch: hangingFetch() }, GET_ORDER, { params: { order_id: 'o' }, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect((await pending).result).toEqual({ ok: false, error: clientError('lastmile', 'canceled', 'the call was aborted') });
    expect(vi.getTimerCount()).toBe(0);

    const already = new AbortController();
    already.abort();
    const fetch = hangingFetch();
    const exchange = await send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, { params: { order_id: 'o' }, signal: already.signal });
    expect(exchange.result).toMatchObject({ ok: false, error: { code: 'canceled', retryable: false } });
    expect(initOf(fetch).signal?.aborted).toBe(true);
  });

  it('refuses a body whose declared length exceeds the limit', async () => {
    const fetch = fetchReturning(() => new Response('{"a":1}', { status: 200, headers: { 'content-length': '1000' } }));
    const exchange = await send(SPEC, { ...OPTIONS, fetch, maxResponseBytes: 100 }, GET_ORDER, { params: { order_id: 'o' } });
    expect(exchange.result).toEqual({ ok: false, error: clientError('lastmile', 'invalid_response', 'the response body exceeds 100 bytes', 200) });
    expect(exchange.response).toBeUndefined();
  });

  it('stops reading a streamed body once it exceeds the limit', async () => {
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        controller.enqueue(new Uint8Array(64));
        if (pulls > 1000) controller.close();
      },
    });
    const fetch = fetchReturning(() => new Response(stream, { status: 200 }));
    const exchange = await send(SPEC, { ...OPTIONS, fetch, maxResponseBytes: 200 }, GET_ORDER, { params: { order_id: 'o' } });
    expect(exchange.result).toMatchObject({ ok: false, error: { code: 'invalid_response', message: 'the response body exceeds 200 bytes' } });
    expect(pulls).toBeLessThan(10);
  });

  it('reads a body of exactly the limit', async () => {
    const fetch = fetchReturning(() => new Response('[1,2,3]', { status: 200 }));
    const exchange = await send(SPEC, { ...OPTIONS, fetch, maxResponseBytes: 7 }, GET_ORDER, { params: { order_id: 'o' } });
    expect(exchange.result).toMatchObject({ ok: true, data: [1, 2, 3] });
  });
});

describe('send: results of fetch', () => {
  it('reads the response headers only when asked, then keeps them as a plain property', async () => {
    const fetch = fetchReturning(() => new Response('{"id":"o1"}', { status: 200, headers: { 'content-type': 'application/json', 'X-Request-Id': 'r1' } }));
    const { result } = await send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, { params: { order_id: 'o1' } });
    if (!result.ok) throw new Error(result.error.message);
    // Not read yet: still the accessor, no copied value.
    const before = Object.getOwnPropertyDescriptor(result.response, 'headers');
    expect(typeof before?.get).toBe('function');
    expect(before).not.toHaveProperty('value');
    expect(JSON.parse(JSON.stringify(result.response))).toEqual({ status: 200, headers: { 'content-type': 'application/json', 'x-request-id': 'r1' } });
    expect(Object.getOwnPropertyDescriptor(result.response, 'headers')).toMatchObject({ value: { 'content-type': 'application/json', 'x-request-id': 'r1' }, enumerable: true });
  });

  it('copies fetch headers of a success for no one: a status that is no redirect is not looked into', async () => {
    let copies = 0;
    const fetch = fetchReturning(() => {
      const response = new Response('{"id":"o1"}', { status: 200, headers: { 'content-type': 'application/json' } });
      const forEach = response.headers.forEach.bind(response.headers);
      Object.defineProperty(response.headers, 'forEach', {
        value: (...args: Parameters<Headers['forEach']>) => {
          copies++;
          forEach(...args);
        },
      });
      return response;
    });
    const { result } = await send(SPEC, { ...OPTIONS, fetch }, GET_ORDER, { params: { order_id: 'o1' } });
    expect(result.ok).toBe(true);
    expect(copies).toBe(0);
  });

  it('gives binary data as an array of its own, not a view on a larger buffer', async () => {
    const fetch = fetchReturning(() => new Response(encode('%PDF-1.7'), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const { result } = await send(SPEC, { ...OPTIONS, fetch }, GET_LABEL, { params: { order_id: 'o1' } });
    if (!result.ok) throw new Error(result.error.message);
    const data = result.data as Uint8Array;
    expect(data.byteOffset).toBe(0);
    expect(data.buffer.byteLength).toBe(8);
  });
});

describe('buildUrl: cached parts', () => {
  it('fills each options object and each spec on its own', () => {
    const other: RuntimeOptions = { environment: 'production', servers: { lastmile_url: 'https://other.example.com' } };
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 'a' })).toBe('https://lastmile.example.com/orders/a');
    expect(buildUrl(SPEC, other, GET_ORDER, { order_id: 'b' })).toBe('https://other.example.com/orders/b');
    const moved: RuntimeSpec = { ...SPEC, environments: { production: { lastmile: '{lastmile_url}v2' } } };
    expect(buildUrl(moved, OPTIONS, GET_ORDER, { order_id: 'c' })).toBe('https://lastmile.example.com/v2/orders/c');
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 'd' })).toBe('https://lastmile.example.com/orders/d');
  });

  it('still throws for a missing server variable after a success with other options', () => {
    expect(buildUrl(SPEC, OPTIONS, GET_ORDER, { order_id: 'a' })).toBe('https://lastmile.example.com/orders/a');
    expect(() => buildUrl(SPEC, { environment: 'production', servers: {} }, GET_ORDER, { order_id: 'a' })).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------
// send through a transport instead of fetch
// ---------------------------------------------------------------------------------------------

/** A transport answering from `answer`, recording every request. */
function transportOf(answer: (request: TransportRequest) => Promise<Awaited<ReturnType<Transport>>>): { transport: Transport; requests: TransportRequest[] } {
  const requests: TransportRequest[] = [];
  return {
    requests,
    transport: (request) => {
      requests.push(request);
      return answer(request);
    },
  };
}

/** A transport that never answers, but rejects when the exchange is aborted (listening without a signal). */
function hangingTransport(): Transport {
  return (request) =>
    new Promise((_resolve, reject) => {
      const abort = abortOf(request);
      if (abort === undefined) return;
      if (abort.aborted) reject(new Error('aborted'));
      abort.listener = { handleEvent: () => reject(new Error('aborted')) };
    });
}

describe('send: transports', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the transport the request and the cap, and does not call fetch', async () => {
    const fetch = fetchReturning(() => new Response('{}'));
    const { transport, requests } = transportOf(async () => ({ status: 201, headers: { 'content-type': 'application/json' }, body: encode('{"id":"o1"}') }));
    const exchange = await send(SPEC, { ...OPTIONS, fetch, transport, maxResponseBytes: 500 }, CREATE_ORDER, { body: { kind: 'same_day' } }, [bearer('tok-1')]);
    expect(fetch).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: 'https://lastmile.example.com/orders',
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer tok-1' },
      body: '{"kind":"same_day"}',
      maxResponseBytes: 500,
    });
    expect(exchange.result).toEqual({ ok: true, data: { id: 'o1' }, status: 201, response: { status: 201, headers: { 'content-type': 'application/json' } } });
  });

  it('turns a body the transport did not read, or one past the cap, into invalid_response', async () => {
    const unread = transportOf(async () => ({ status: 200, headers: {}, body: undefined }));
    expect((await send(SPEC, { ...OPTIONS, transport: unread.transport, maxResponseBytes: 10 }, GET_ORDER, { params: { order_id: 'o' } })).result).toEqual({
      ok: false,
      error: clientError('lastmile', 'invalid_response', 'the response body exceeds 10 bytes', 200),
    });
    const careless = transportOf(async () => ({ status: 200, headers: {}, body: encode('[1,2,3,4,5,6]') }));
    const exchange = await send(SPEC, { ...OPTIONS, transport: careless.transport, maxResponseBytes: 10 }, GET_ORDER, { params: { order_id: 'o' } });
    expect(exchange.result).toMatchObject({ ok: false, error: { code: 'invalid_response', message: 'the response body exceeds 10 bytes' } });
    expect(exchange.response).toBeUndefined();
  });

  it('returns a network error when the transport rejects or throws', async () => {
    const rejecting: Transport = async () => {
      throw new Error('socket hang up');
    };
    expect((await send(SPEC, { ...OPTIONS, transport: rejecting }, GET_ORDER, { params: { order_id: 'o' } })).result).toEqual({ ok: false, error: clientError('lastmile', 'network', 'network error: socket hang up') });
    const throwing: Transport = () => {
      throw new TypeError('bad header');
    };
    expect((await send(SPEC, { ...OPTIONS, transport: throwing }, GET_ORDER, { params: { order_id: 'o' } })).result).toMatchObject({ ok: false, error: { code: 'network', message: 'network error: bad header' } });
  });

  it('times out a transport that listens through abortOf, without making a signal', async () => {
    vi.useFakeTimers();
    const pending = send(SPEC, { ...OPTIONS, transport: hangingTransport(), timeoutMs: 250 }, GET_ORDER, { params: { order_id: 'o' } });
    await vi.advanceTimersByTimeAsync(250);
    expect((await pending).result).toEqual({ ok: false, error: clientError('lastmile', 'timeout', 'no response within 250 ms') });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels a transport that listens through abortOf when the caller aborts, before or during the exchange', async () => {
    const controller = new AbortController();
    const pending = send(SPEC, { ...OPTIONS, transport: hangingTransport() }, GET_ORDER, { params: { order_id: 'o' }, signal: controller.signal });
    controller.abort();
    expect((await pending).result).toEqual({ ok: false, error: clientError('lastmile', 'canceled', 'the call was aborted') });
    const early = await send(SPEC, { ...OPTIONS, transport: hangingTransport() }, GET_ORDER, { params: { order_id: 'o' }, signal: controller.signal });
    expect(early.result).toMatchObject({ ok: false, error: { code: 'canceled' } });
  });

  it('gives a transport that asks for a signal one that aborts at the timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const transport: Transport = (request) =>
      new Promise((_resolve, reject) => {
        signal = request.signal;
        request.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const pending = send(SPEC, { ...OPTIONS, transport, timeoutMs: 100 }, GET_ORDER, { params: { order_id: 'o' } });
    await vi.advanceTimersByTimeAsync(100);
    expect((await pending).result).toMatchObject({ ok: false, error: { code: 'timeout' } });
    expect(signal?.aborted).toBe(true);
  });

  it('gives the caller\'s own signal when there is no timeout', async () => {
    const controller = new AbortController();
    const { transport, requests } = transportOf(async () => ({ status: 200, headers: {}, body: encode('{}') }));
    await send(SPEC, { ...OPTIONS, transport, timeoutMs: 0 }, GET_ORDER, { params: { order_id: 'o' }, signal: controller.signal });
    await send(SPEC, { ...OPTIONS, transport, timeoutMs: 0 }, GET_ORDER, { params: { order_id: 'o' } });
    expect(requests.map((r) => r.signal)).toEqual([controller.signal, undefined]);
  });
});

describe('abortOf', () => {
  it('follows the signal of a request the runtime did not make', () => {
    const controller = new AbortController();
    const request: TransportRequest = { url: 'https://x.test/', method: 'GET', headers: {}, body: undefined, signal: controller.signal, maxResponseBytes: 1 };
    const abort = abortOf(request);
    const heard: number[] = [];
    if (abort !== undefined) abort.listener = { handleEvent: () => heard.push(1) };
    // A listener replaced is no longer told.
    if (abort !== undefined) abort.listener = { handleEvent: () => heard.push(2) };
    expect(abort?.aborted).toBe(false);
    controller.abort('why');
    expect(heard).toEqual([2]);
    expect(abort?.aborted).toBe(true);
    expect(abortOf({ ...request, signal: undefined })).toBeUndefined();
  });
});
