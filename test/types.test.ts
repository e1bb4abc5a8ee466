/**
 * Type tests of the generated package's public API. The `expectTypeOf` assertions and the
 * `// @ts-expect-error` lines are checked by `npm run typecheck` (tsc over test/**): a
 * `@ts-expect-error` whose line compiles is itself an error there. Lines that must not compile live
 * in functions that are never called; everything else also runs, against a stub fetch, so the
 * runtime values match the types.
 *
 * Keep each `@ts-expect-error` case on one line: the directive covers only the next line.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  createBaseClient,
  createClient,
  decodeError,
  getOrder,
  requestToken,
  updateOrder,
  decodeLastmileError,
  isFulfilmentErrorCode,
  FULFILMENT_ERROR_CODES,
  FULFILMENT_FAILURE_TYPE_VALUES,
  GRANT_TYPE_VALUES,
  PAYMENT_MODE_VALUES,
  SERVICE_KIND_VALUES,
  type AnyDecodedError,
  type BaseClient,
  type Client,
  type FetchLike,
  type FulfilmentErrorCode,
  type FulfilmentFailureType,
  type GetOrderError,
  type GetOrderInput,
  type GetOrderLabelResult,
  type GetOrderResult,
  type GrantType,
  type Item,
  type LastmileError,
  type OrderRequest,
  type PaymentMode,
  type RequestTokenError,
  type RequestTokenInput,
  type RequestTokenResult,
  type ServiceKind,
  type Stop,
  type TokenRequest,
  type TokenResponse,
  type UpdateOrderInput,
} from '../generated/src/index.js';
import type { Runtime } from '../generated/src/runtime/base-client.js';

type AllFulfilmentCodes =
  | 'invalid_argument'
  | 'failed_precondition'
  | 'unauthenticated'
  | 'permission_denied'
  | 'not_found'
  | 'already_exists'
  | 'resource_exhausted'
  | 'canceled'
  | 'internal'
  | 'data_loss'
  | 'unknown'
  | 'unavailable'
  | 'deadline_exceeded';

const stop: Stop = { address: { address1: '1 Main Street' } };
const items: Item[] = [{ name: 'Box' }];

describe('TokenRequest', () => {
  it('is a union discriminated by grant_type', () => {
    const credentials: TokenRequest = { client_id: 'id', client_secret: 'secret' };
    const explicit: TokenRequest = { grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' };
    const refresh: TokenRequest = { grant_type: 'refresh_token', refresh_token: 'r' };
    expect([credentials, explicit, refresh]).toHaveLength(3);
    expectTypeOf(credentials).toExtend<TokenRequest>();
    expectTypeOf<TokenRequest['grant_type']>().toEqualTypeOf<GrantType | undefined>();
    // Narrowing on the discriminant.
    const token = (r: TokenRequest): string => (r.grant_type === 'refresh_token' ? r.refresh_token : r.client_secret);
    expect(token(refresh)).toBe('r');
    expect(token(credentials)).toBe('secret');
  });

  it('rejects requests missing the fields their grant requires, and unknown grants', () => {
    const invalid = (): TokenRequest[] => [
      // @ts-expect-error refresh_token grant without refresh_token
      { grant_type: 'refresh_token' },
      // @ts-expect-error refresh_token grant without refresh_token (client credentials do not replace it)
      { grant_type: 'refresh_token', client_id: 'id', client_secret: 'secret' },
      // @ts-expect-error client credentials (defaulted grant) without client_secret
      { client_id: 'id' },
      // @ts-expect-error client credentials without client_secret
      { grant_type: 'client_credentials', client_id: 'id' },
      // @ts-expect-error client credentials without client_id
      { grant_type: 'client_credentials', client_secret: 'secret' },
      // @ts-expect-error unknown grant_type literal
      { grant_type: 'password', client_id: 'id', client_secret: 'secret' },
    ];
    expect(typeof invalid).toBe('function');
  });

  it('GrantType is closed', () => {
    expectTypeOf<GrantType>().toEqualTypeOf<'client_credentials' | 'refresh_token'>();
    expectTypeOf(GRANT_TYPE_VALUES).toEqualTypeOf<readonly ['client_credentials', 'refresh_token']>();
    expect(GRANT_TYPE_VALUES).toEqual(['client_credentials', 'refresh_token']);
    // @ts-expect-error a closed enum rejects other strings
    const other: GrantType = 'password';
    expect(other).toBe('password');
  });
});

describe('FulfilmentErrorCode', () => {
  it('is exactly the 13 codes of the table', () => {
    expectTypeOf<FulfilmentErrorCode>().toEqualTypeOf<AllFulfilmentCodes>();
    expectTypeOf(FULFILMENT_ERROR_CODES).items.toEqualTypeOf<FulfilmentErrorCode>();
    expectTypeOf<(typeof FULFILMENT_ERROR_CODES)[number]>().toEqualTypeOf<FulfilmentErrorCode>();
    expect(FULFILMENT_ERROR_CODES.length).toBe(13);
    expect(new Set(FULFILMENT_ERROR_CODES).size).toBe(13);
    expect([...FULFILMENT_ERROR_CODES].sort()).toEqual(
      [
        'already_exists',
        'canceled',
        'data_loss',
        'deadline_exceeded',
        'failed_precondition',
        'internal',
        'invalid_argument',
        'not_found',
        'permission_denied',
        'resource_exhausted',
        'unauthenticated',
        'unavailable',
        'unknown',
      ],
    );
  });

  it('isFulfilmentErrorCode narrows to the union', () => {
    const value: unknown = 'data_loss';
    if (isFulfilmentErrorCode(value)) expectTypeOf(value).toEqualTypeOf<FulfilmentErrorCode>();
    expect(FULFILMENT_ERROR_CODES.every((c) => isFulfilmentErrorCode(c))).toBe(true);
    expect(isFulfilmentErrorCode('teapot')).toBe(false);
    expect(isFulfilmentErrorCode(42)).toBe(false);
  });

  it('an exhaustive switch with a never default compiles; one missing a case does not', () => {
    function exhaustive(code: FulfilmentErrorCode): number {
      switch (code) {
        case 'invalid_argument':
        case 'failed_precondition':
          return 400;
        case 'unauthenticated':
          return 401;
        case 'permission_denied':
          return 403;
        case 'not_found':
          return 404;
        case 'already_exists':
          return 409;
        case 'resource_exhausted':
          return 429;
        case 'canceled':
          return 499;
        case 'internal':
        case 'data_loss':
        case 'unknown':
          return 500;
        case 'unavailable':
          return 503;
        case 'deadline_exceeded':
          return 504;
        default: {
          const _exhaustive: never = code;
          return _exhaustive;
        }
      }
    }
    function missingACase(code: FulfilmentErrorCode): number {
      switch (code) {
        case 'invalid_argument':
        case 'failed_precondition':
        case 'unauthenticated':
        case 'permission_denied':
        case 'not_found':
        case 'already_exists':
        case 'resource_exhausted':
        case 'canceled':
        case 'internal':
        case 'data_loss':
        case 'unknown':
        case 'unavailable':
          return 1;
        // 'deadline_exceeded' is missing.
        default: {
          // @ts-expect-error 'deadline_exceeded' is not assignable to never
          const _exhaustive: never = code;
          return _exhaustive;
        }
      }
    }
    expect(FULFILMENT_ERROR_CODES.map(exhaustive)).toEqual([400, 400, 401, 403, 404, 409, 429, 499, 500, 500, 500, 503, 504]);
    expect(missingACase('deadline_exceeded')).toBe('deadline_exceeded');
  });
});

describe('open enums', () => {
  it('accept arbitrary strings and keep their known literals', () => {
    const failure: FulfilmentFailureType = 'some_new_type';
    const known: FulfilmentFailureType = 'integration';
    const kind: ServiceKind = 'same_day';
    const mode: PaymentMode = 'cash';
    expect([failure, known, kind, mode]).toHaveLength(4);

    // The known literals survive in the union (not collapsed to plain string).
    expectTypeOf<FulfilmentFailureType>().not.toEqualTypeOf<string>();
    expectTypeOf<Extract<FulfilmentFailureType, 'input' | 'integration'>>().toEqualTypeOf<'input' | 'integration'>();
    type KnownFailures = (typeof FULFILMENT_FAILURE_TYPE_VALUES)[number];
    expectTypeOf<KnownFailures>().toEqualTypeOf<'input' | 'internal' | 'unauthorized' | 'forbidden' | 'not_found' | 'integration'>();
    expectTypeOf<KnownFailures>().toExtend<FulfilmentFailureType>();
    expect(FULFILMENT_FAILURE_TYPE_VALUES).toEqual(['input', 'internal', 'unauthorized', 'forbidden', 'not_found', 'integration']);

    // The contract lists no values for ServiceKind and PaymentMode ("not shown"): open strings only.
    expectTypeOf<ServiceKind>().toEqualTypeOf<string & {}>();
    expectTypeOf<PaymentMode>().toEqualTypeOf<string & {}>();
    expectTypeOf(SERVICE_KIND_VALUES).toEqualTypeOf<readonly []>();
    expectTypeOf(PAYMENT_MODE_VALUES).toEqualTypeOf<readonly []>();
    expect(SERVICE_KIND_VALUES).toEqual([]);
    expect(PAYMENT_MODE_VALUES).toEqual([]);
  });

  it('still reject non-strings', () => {
    const invalid = () => {
      // @ts-expect-error a number is not a ServiceKind
      const kind: ServiceKind = 42;
      // @ts-expect-error a number is not a FulfilmentFailureType
      const failure: FulfilmentFailureType = 1;
      return [kind, failure];
    };
    expect(typeof invalid).toBe('function');
  });
});

describe('OrderRequest', () => {
  it('accepts a minimal order, extra fields at every level, and both payment fields together', () => {
    const minimal: OrderRequest = { origin: stop, destination: stop, items };
    const open: OrderRequest = {
      origin: { address: { address1: '1 Main Street', city: 'Leeds' }, contact: 'Ann' },
      destination: { address: { address1: '2 High Street', postcode: 'LS1 1AA' } },
      items: [{ name: 'Box', quantity: 2 }],
      kind: 'same_day',
      billing_identifier: 'B-1',
      reference: 'extra top-level field',
    };
    const paid: OrderRequest = { origin: stop, destination: stop, items, payment_amount: 12.5, payment_mode: 'cash' };
    expect([minimal, open, paid]).toHaveLength(3);
    expectTypeOf<OrderRequest['origin']>().toEqualTypeOf<Stop>();
    expectTypeOf<OrderRequest['items']>().toEqualTypeOf<Item[]>();
    expectTypeOf<Stop['address']['address1']>().toEqualTypeOf<string>();
    expectTypeOf<Item['name']>().toEqualTypeOf<string>();
  });

  it('rejects orders missing required objects or fields', () => {
    const invalid = (): OrderRequest[] => [
      // @ts-expect-error origin is required
      { destination: stop, items },
      // @ts-expect-error destination is required
      { origin: stop, items },
      // @ts-expect-error items is required
      { origin: stop, destination: stop },
      // @ts-expect-error origin.address.address1 is required
      { origin: { address: { city: 'Leeds' } }, destination: stop, items },
      // @ts-expect-error destination.address.address1 is required
      { origin: stop, destination: { address: {} }, items },
      // @ts-expect-error a stop needs an address
      { origin: {}, destination: stop, items },
      // @ts-expect-error an item needs a name
      { origin: stop, destination: stop, items: [{ quantity: 1 }] },
    ];
    expect(typeof invalid).toBe('function');
  });

  it('requires payment_amount and payment_mode together', () => {
    const invalid = (): OrderRequest[] => [
      // @ts-expect-error payment_amount without payment_mode
      { origin: stop, destination: stop, items, payment_amount: 10 },
      // @ts-expect-error payment_mode without payment_amount
      { origin: stop, destination: stop, items, payment_mode: 'cash' },
    ];
    expect(typeof invalid).toBe('function');
  });
});

/** A client whose fetch answers from a table, so results can be checked at runtime too. */
function stubClient(answer: (url: string, init: RequestInit) => Response): { client: Client; calls: { url: string; init: RequestInit }[] } {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init });
    return answer(url, init);
  };
  const client = createClient({ environment: 'staging', servers: { staging_url: 'https://staging.test', lastmile_url: 'https://lastmile.test' }, accessToken: 't', fetch });
  return { client, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('client method inputs', () => {
  it('getOrder requires order_id: string; updateOrder requires order_id and body', () => {
    expectTypeOf<GetOrderInput['order_id']>().toEqualTypeOf<string>();
    expectTypeOf<Client['getOrder']>().parameter(0).toEqualTypeOf<GetOrderInput>();
    expectTypeOf<UpdateOrderInput['order_id']>().toEqualTypeOf<string>();
    expectTypeOf<Client['updateOrder']>().parameter(0).toEqualTypeOf<UpdateOrderInput>();
    const invalid = (client: Client) => [
      // @ts-expect-error order_id is required
      client.getOrder({}),
      // @ts-expect-error order_id is a string
      client.getOrder({ order_id: 42 }),
      // @ts-expect-error body is required
      client.updateOrder({ order_id: 'o-1' }),
      // @ts-expect-error order_id is required
      client.updateOrder({ body: {} }),
      // @ts-expect-error the body is an OrderUpdate (items need a name)
      client.updateOrder({ order_id: 'o-1', body: { items: [{}] } }),
    ];
    const valid = (client: Client) => [client.getOrder({ order_id: 'o-1' }), client.updateOrder({ order_id: 'o-1', body: { kind: 'same_day' } })];
    expect([typeof invalid, typeof valid]).toEqual(['function', 'function']);
  });

  it('requestToken accepts the contract content types only', () => {
    expectTypeOf<RequestTokenInput['contentType']>().toEqualTypeOf<'application/json' | 'application/x-www-form-urlencoded' | undefined>();
    const body: TokenRequest = { client_id: 'id', client_secret: 'secret' };
    const valid = (client: Client) => client.requestToken({ body, contentType: 'application/x-www-form-urlencoded' });
    const invalid = (client: Client) =>
      // @ts-expect-error text/plain is not a content type of POST /oauth/token
      client.requestToken({ body, contentType: 'text/plain' });
    expect([typeof valid, typeof invalid]).toEqual(['function', 'function']);
  });
});

describe('operation functions', () => {
  it('take a BaseClient and the method input, and return the method result', () => {
    expectTypeOf(getOrder).parameters.toEqualTypeOf<[BaseClient, GetOrderInput]>();
    expectTypeOf(getOrder).returns.toEqualTypeOf<ReturnType<Client['getOrder']>>();
    expectTypeOf(updateOrder).parameter(1).toEqualTypeOf<UpdateOrderInput>();
    expectTypeOf(requestToken).returns.toEqualTypeOf<Promise<RequestTokenResult>>();
    expectTypeOf(createBaseClient<'production'>).returns.toEqualTypeOf<BaseClient>();
    const invalid = (base: BaseClient, client: Client, runtime: Runtime) => [
      // @ts-expect-error order_id is required
      getOrder(base, {}),
      // @ts-expect-error a runtime without this package's brand (another package's base client)
      getOrder(runtime, { order_id: 'o-1' }),
      // @ts-expect-error a createClient client is not a BaseClient
      getOrder(client, { order_id: 'o-1' }),
      // @ts-expect-error body is required
      updateOrder(base, { order_id: 'o-1' }),
      // @ts-expect-error staging needs staging_url and lastmile_url
      createBaseClient({ environment: 'staging', servers: {} }),
    ];
    expect(typeof invalid).toBe('function');
  });
});

describe('client results', () => {
  it('requestToken narrows to TokenResponse or a fulfilment error', async () => {
    const { client, calls } = stubClient((url, init) =>
      String(init.body).includes('wrong') ? json(401, { error: 'invalid_client', error_description: 'bad' }) : json(200, { access_token: 'a', expires_in: 60 }),
    );
    expectTypeOf(client.requestToken).returns.resolves.toEqualTypeOf<RequestTokenResult>();
    expectTypeOf<RequestTokenError['host']>().toEqualTypeOf<'fulfilment'>();
    expectTypeOf<RequestTokenError['shape']>().toEqualTypeOf<'fulfilment' | 'unauthorized' | 'invalid_client' | 'unrecognised' | 'client'>();
    expectTypeOf<'invalid_client'>().toExtend<RequestTokenError['shape']>();

    const ok = await client.requestToken({ body: { client_id: 'id', client_secret: 'secret' } });
    if (ok.ok) {
      expectTypeOf(ok.data).toEqualTypeOf<TokenResponse>();
      expect(ok.data.access_token).toBe('a');
    } else {
      expectTypeOf(ok.error).toEqualTypeOf<RequestTokenError>();
      expectTypeOf(ok.error.host).toEqualTypeOf<'fulfilment'>();
      expect.unreachable(`requestToken failed: ${ok.error.message}`);
    }
    const failed = await client.requestToken({ body: { client_id: 'id', client_secret: 'wrong' }, contentType: 'application/x-www-form-urlencoded' });
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      // @ts-expect-error no data on a failure
      expect(failed.data).toBeUndefined();
      expect(failed.error).toMatchObject({ host: 'fulfilment', status: 401, shape: 'invalid_client', category: 'unauthenticated' });
    }
    expect(calls.map((c) => c.url)).toEqual(['https://staging.test/oauth/token', 'https://staging.test/oauth/token']);
  });

  it('getOrderLabel narrows to Uint8Array or a lastmile error', async () => {
    const { client } = stubClient((url) =>
      url.endsWith('/missing') ? new Response(new Uint8Array(0), { status: 200, headers: { 'content-type': 'application/pdf' } }) : new Response('%PDF-1.4\n', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    expectTypeOf(client.getOrderLabel).returns.resolves.toEqualTypeOf<GetOrderLabelResult>();
    const label = await client.getOrderLabel({ order_id: 'o-1' });
    if (label.ok) {
      expectTypeOf(label.data).toEqualTypeOf<Uint8Array>();
      expect(label.data).toBeInstanceOf(Uint8Array);
      expect(new TextDecoder().decode(label.data.subarray(0, 5))).toBe('%PDF-');
    } else {
      // A failed token request surfaces from the fulfilment host, where the token endpoint lives.
      expectTypeOf(label.error.host).toEqualTypeOf<'lastmile' | 'fulfilment'>();
      expect.unreachable(`getOrderLabel failed: ${label.error.message}`);
    }
    const missing = await client.getOrderLabel({ order_id: 'missing' });
    expect(missing).toMatchObject({ ok: false, error: { host: 'lastmile', category: 'not_found' } });
  });

  it('lastmile errors never carry a fulfilment shape; token failures are the token endpoint\'s errors', async () => {
    type OwnErrors = Exclude<GetOrderError, RequestTokenError>;
    expectTypeOf<OwnErrors['host']>().toEqualTypeOf<'lastmile'>();
    expectTypeOf<OwnErrors['shape']>().toEqualTypeOf<'api_error' | 'invalid_client' | 'unauthorized' | 'result_level' | 'unrecognised' | 'client'>();
    expectTypeOf<Extract<OwnErrors['shape'], 'fulfilment'>>().toBeNever();
    expectTypeOf<Extract<GetOrderError, { host: 'fulfilment' }>>().toEqualTypeOf<Extract<RequestTokenError, { host: 'fulfilment' }>>();
    const { client } = stubClient(() => json(403, { api_error: { code: 'forbidden', message: 'Forbidden' } }));
    const result: GetOrderResult = await client.getOrder({ order_id: 'missing' });
    expect(result).toMatchObject({ ok: false, error: { host: 'lastmile', status: 403, shape: 'api_error', category: 'not_found' } });
  });

  it('decoders return host-tagged errors', () => {
    expectTypeOf(decodeLastmileError).returns.toEqualTypeOf<LastmileError>();
    expectTypeOf(decodeError).returns.toEqualTypeOf<AnyDecodedError>();
    const decoded = decodeError({ host: 'lastmile', status: 422, body: { api_error: { message: '[origin] is missing' } } });
    // A literal host narrows the result to that host's error type.
    expectTypeOf(decoded).toEqualTypeOf<LastmileError>();
    expect(decoded).toMatchObject({ host: 'lastmile', category: 'input', fields: [{ field: 'origin' }] });
    // @ts-expect-error the host is one of the contract's hosts
    expect(decodeError({ host: 'elsewhere', status: 500, body: '' }).host).toBe('elsewhere');
  });
});

describe('createClient', () => {
  it('requires the server variables of the chosen environment', () => {
    const staging = createClient({ environment: 'staging', servers: { staging_url: 'https://s.test', lastmile_url: 'https://l.test' } });
    const production = createClient({ environment: 'production', servers: { base_url: 'https://p.test', lastmile_url: 'https://l.test' } });
    const mock = createClient({ environment: 'mock', servers: { mock_url: 'https://m.test', lastmile_url: 'https://l.test' } });
    expectTypeOf(staging).toEqualTypeOf<Client>();
    expect(Object.keys(production).sort()).toEqual(['createOrder', 'getOrder', 'getOrderLabel', 'markReadyForCollection', 'requestToken', 'updateOrder']);
    expect(typeof mock.getOrder).toBe('function');

    const invalid = () => [
      // @ts-expect-error staging needs lastmile_url
      createClient({ environment: 'staging', servers: { staging_url: 'https://s.test' } }),
      // @ts-expect-error staging needs staging_url
      createClient({ environment: 'staging', servers: { lastmile_url: 'https://l.test' } }),
      // @ts-expect-error production needs base_url, not staging_url
      createClient({ environment: 'production', servers: { staging_url: 'https://s.test', lastmile_url: 'https://l.test' } }),
      // @ts-expect-error production needs lastmile_url
      createClient({ environment: 'production', servers: { base_url: 'https://p.test' } }),
      // @ts-expect-error unknown environment
      createClient({ environment: 'dev', servers: { base_url: 'https://p.test', lastmile_url: 'https://l.test' } }),
      // @ts-expect-error servers are required
      createClient({ environment: 'staging' }),
    ];
    expect(typeof invalid).toBe('function');
  });

  it('takes base URLs by host in place of the server variables, and only the credentials of its schemes', () => {
    // Every host's base URL: no server variables; the client-credentials scheme's token options stay.
    const mock = createClient({ environment: 'mock', baseUrl: { fulfilment: 'http://127.0.0.1:4010/f', lastmile: 'http://127.0.0.1:4010/l' }, accessToken: 't', tokenStore: undefined });
    expectTypeOf(mock).toEqualTypeOf<Client>();
    const invalid = () => [
      // @ts-expect-error one host's base URL leaves the other's server variables needed
      createClient({ environment: 'mock', baseUrl: { lastmile: 'http://127.0.0.1:4010/l' } }),
      // @ts-expect-error several environments: one is chosen
      createClient({ baseUrl: { fulfilment: 'http://127.0.0.1:4010/f', lastmile: 'http://127.0.0.1:4010/l' } }),
      // @ts-expect-error two hosts: base URLs by host name
      createClient({ environment: 'mock', baseUrl: 'http://127.0.0.1:4010' }),
      // @ts-expect-error the contract has no scheme the caller holds a credential for
      createClient({ environment: 'mock', baseUrl: { fulfilment: 'http://f.test', lastmile: 'http://l.test' }, auth: { oauth: 't' } }),
    ];
    expect(typeof invalid).toBe('function');
  });
});
