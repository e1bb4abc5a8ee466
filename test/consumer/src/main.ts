/**
 * A plain consumer of the generated client. It imports only from the package name, as a user
 * would, and uses the public API the way the README shows: create a client, call methods, narrow
 * results on `ok`, decode error bodies by host, and branch exhaustively on error codes.
 *
 * `run(baseUrl)` performs the calls against one server (used as both the staging fulfilment URL
 * and the last-mile URL) and returns a JSON-serialisable summary for test/consumer.test.ts.
 */
import {
  createClient,
  decodeError,
  isFulfilmentErrorCode,
  FULFILMENT_ERROR_CODES,
  type AnyDecodedError,
  type Client,
  type ClientError,
  type FulfilmentErrorCode,
  type GetOrderLabelError,
  type GetOrderLabelResult,
  type OrderRequest,
  type RequestTokenError,
  type RequestTokenResult,
  type Result,
  type TokenResponse,
} from '@orders/client';

/** What to do about each fulfilment error code: the switch must stay exhaustive. */
export function adviceFor(code: FulfilmentErrorCode): 'fix_request' | 'reauthenticate' | 'give_up' | 'retry' | 'report' {
  switch (code) {
    case 'invalid_argument':
    case 'failed_precondition':
    case 'already_exists':
      return 'fix_request';
    case 'unauthenticated':
      return 'reauthenticate';
    case 'permission_denied':
    case 'not_found':
    case 'canceled':
      return 'give_up';
    case 'resource_exhausted':
    case 'unavailable':
    case 'deadline_exceeded':
      return 'retry';
    case 'internal':
    case 'data_loss':
    case 'unknown':
      return 'report';
    default: {
      const unreachable: never = code;
      throw new Error(`unhandled fulfilment error code ${String(unreachable)}`);
    }
  }
}

/** The JSON-friendly view of an error, whichever kind it is. */
export interface ErrorSummary {
  readonly ok: false;
  readonly host: string;
  readonly status: number;
  readonly shape: string;
  readonly code: string;
  readonly category: string;
  readonly known: boolean;
  readonly retryable: boolean;
  readonly message: string;
  readonly hint: string | null;
  readonly rules: readonly string[];
  readonly fields: readonly { readonly field: string; readonly message: string }[];
  /** Advice from the exhaustive switch, when the error carries a known fulfilment code. */
  readonly advice: string | null;
}

function summariseError(error: AnyDecodedError | ClientError | RequestTokenError): ErrorSummary {
  // ClientError (no usable response) and decoded errors share the fields read here.
  const advice = error.host === 'fulfilment' && error.shape === 'fulfilment' && isFulfilmentErrorCode(error.code) ? adviceFor(error.code) : null;
  return {
    ok: false,
    host: error.host,
    status: error.status,
    shape: error.shape,
    code: error.code,
    category: error.category,
    known: error.known,
    retryable: error.retryable,
    message: error.message,
    hint: error.hint ?? null,
    rules: [...error.rules],
    fields: error.fields.map((f) => ({ field: f.field, message: f.message })),
    advice,
  };
}

function summariseToken(result: RequestTokenResult): { ok: true; status: number; data: TokenResponse } | ErrorSummary {
  if (!result.ok) {
    // Narrowed: result.error is the requestToken error union, whose host is the literal 'fulfilment'.
    const host: 'fulfilment' = result.error.host;
    void host;
    return summariseError(result.error);
  }
  const data: TokenResponse = result.data;
  return { ok: true, status: result.response.status, data };
}

function summariseJson<E extends AnyDecodedError | ClientError>(result: Result<Readonly<Record<string, unknown>>, E>): { ok: true; status: number; data: Record<string, unknown> } | ErrorSummary {
  if (!result.ok) return summariseError(result.error);
  return { ok: true, status: result.response.status, data: { ...result.data } };
}

export interface LabelSummary {
  readonly ok: true;
  readonly status: number;
  readonly contentType: string | null;
  readonly isUint8Array: boolean;
  readonly length: number;
  /** The first bytes, as Latin-1 text. */
  readonly head: string;
}

/**
 * Whether to retry, by category. The category of a method's error is the contract's ErrorCategory
 * plus the client-side categories of ClientError; the switch covers both and stays exhaustive.
 */
export function retryPolicy(category: GetOrderLabelError['category']): 'retry' | 'no_retry' {
  switch (category) {
    case 'rate_limited':
    case 'unavailable':
    case 'timeout':
    case 'network':
      return 'retry';
    case 'input':
    case 'unauthenticated':
    case 'forbidden':
    case 'not_found':
    case 'conflict':
    case 'canceled':
    case 'server':
    case 'client':
    case 'policy':
    case 'invalid_response':
    case 'invalid_request':
    case 'redirect':
    case 'not_modified':
      return 'no_retry';
    default: {
      const unreachable: never = category;
      throw new Error(`unhandled category ${String(unreachable)}`);
    }
  }
}

function summariseLabel(result: GetOrderLabelResult): LabelSummary | (ErrorSummary & { retry: 'retry' | 'no_retry' }) {
  if (!result.ok) {
    // The label comes from the last-mile host; a failed token request from the fulfilment host.
    const host: 'lastmile' | 'fulfilment' = result.error.host;
    void host;
    return { ...summariseError(result.error), retry: retryPolicy(result.error.category) };
  }
  const bytes: Uint8Array = result.data;
  return {
    ok: true,
    status: result.response.status,
    contentType: result.response.headers['content-type'] ?? null,
    isUint8Array: bytes instanceof Uint8Array,
    length: bytes.byteLength,
    head: String.fromCharCode(...bytes.subarray(0, 8)),
  };
}

export const ORDER: OrderRequest = {
  origin: { address: { address1: '1 Pickup Street', city: 'Leeds' }, contact: 'Ann' },
  destination: { address: { address1: '2 Dropoff Road', postcode: 'LS1 1AA' } },
  items: [{ name: 'Box', quantity: 2 }],
  kind: 'same_day',
  billing_identifier: 'BILL-1',
  payment_amount: 12.5,
  payment_mode: 'cash',
  reference: 'consumer-fixture',
};

export interface Summary {
  readonly token: ReturnType<typeof summariseToken>;
  readonly refreshedToken: ReturnType<typeof summariseToken>;
  readonly badCredentials: ReturnType<typeof summariseToken>;
  readonly order: ReturnType<typeof summariseJson>;
  readonly missingOrder: ReturnType<typeof summariseJson>;
  readonly created: ReturnType<typeof summariseJson>;
  readonly label: ReturnType<typeof summariseLabel>;
  readonly missingLabel: ReturnType<typeof summariseLabel>;
  readonly decoded: {
    readonly lastmileValidation: ErrorSummary;
    readonly lastmileForbidden: ErrorSummary;
    readonly lastmileForbiddenOnGetOrder: ErrorSummary;
    readonly fulfilment: ErrorSummary;
  };
  readonly adviceByCode: Readonly<Record<FulfilmentErrorCode, string>>;
}

export function makeClient(baseUrl: string): Client {
  return createClient({
    environment: 'staging',
    servers: { staging_url: baseUrl, lastmile_url: baseUrl },
    accessToken: 'token-123',
  });
}

export async function run(baseUrl: string): Promise<Summary> {
  const client = makeClient(baseUrl);

  const token = summariseToken(await client.requestToken({ body: { client_id: 'client-1', client_secret: 'secret-1' } }));
  const refreshedToken = summariseToken(
    await client.requestToken({
      body: { grant_type: 'refresh_token', refresh_token: 'refresh-1' },
      contentType: 'application/x-www-form-urlencoded',
    }),
  );
  const badCredentials = summariseToken(await client.requestToken({ body: { client_id: 'client-1', client_secret: 'wrong' } }));

  const order = summariseJson(await client.getOrder({ order_id: 'ord-1' }));
  const missingOrder = summariseJson(await client.getOrder({ order_id: 'missing' }));
  const created = summariseJson(await client.createOrder({ body: ORDER }));

  const label = summariseLabel(await client.getOrderLabel({ order_id: 'ord-1' }));
  const missingLabel = summariseLabel(await client.getOrderLabel({ order_id: 'missing' }));

  const validationBody = JSON.stringify({
    api_error: { id: 7, code: 'validation', message: '[destination][address][address1] is missing', http_status_code: 400, attribute_errors: [] },
    error: '[destination][address][address1] is missing',
  });
  const forbiddenBody = { api_error: { code: 'forbidden', message: 'Forbidden' } };
  const decoded = {
    lastmileValidation: summariseError(decodeError({ host: 'lastmile', status: 422, body: validationBody })),
    lastmileForbidden: summariseError(decodeError({ host: 'lastmile', status: 403, body: forbiddenBody })),
    lastmileForbiddenOnGetOrder: summariseError(decodeError({ host: 'lastmile', status: 403, body: forbiddenBody, endpoint: 'getOrder' })),
    fulfilment: summariseError(
      decodeError({
        host: 'fulfilment',
        status: 429,
        body: { status: 'resource_exhausted', code: 'resource_exhausted', message: 'Slow down', details: { type: 'internal' } },
      }),
    ),
  };

  const adviceByCode = Object.fromEntries(FULFILMENT_ERROR_CODES.map((code) => [code, adviceFor(code)])) as Record<FulfilmentErrorCode, string>;

  return { token, refreshedToken, badCredentials, order, missingOrder, created, label, missingLabel, decoded, adviceByCode };
}
