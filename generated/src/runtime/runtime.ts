/**
 * The client object behind every generated `createClient`: holds options, and runs calls through
 * the request pipeline.
 */
import { send, type CallInput, type EndpointSpec, type RuntimeOptions, type RuntimeSpec } from './client.js';

/** Options every method accepts besides its parameters and body. */
export interface CallOptions {
  /** Cancels the call; the result is then an error with category 'aborted'. */
  readonly signal?: AbortSignal;
  /** Overrides the client's timeout for this call (milliseconds; 0 disables). */
  readonly timeoutMs?: number;
  /** Extra headers for this call. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Runtime {
  call(endpoint: EndpointSpec, input: object | undefined): Promise<unknown>;
}

const RESERVED_INPUT_KEYS = new Set(['body', 'contentType', 'signal', 'timeoutMs', 'headers']);

export function createRuntime(spec: RuntimeSpec, options: RuntimeOptions): Runtime {
  return {
    call(endpoint, input) {
      return send(spec, options, endpoint, toCallInput(endpoint, input));
    },
  };
}

function toCallInput(endpoint: EndpointSpec, input: object | undefined): CallInput {
  const given = (input ?? {}) as Readonly<Record<string, unknown>>;
  const params: Record<string, string | number> = {};
  for (const name of endpoint.pathParams) {
    if (RESERVED_INPUT_KEYS.has(name)) continue;
    const value = given[name];
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  }
  return {
    params,
    body: given.body,
    ...(typeof given.contentType === 'string' ? { contentType: given.contentType } : {}),
    ...(given.signal instanceof AbortSignal ? { signal: given.signal } : {}),
    ...(typeof given.timeoutMs === 'number' ? { timeoutMs: given.timeoutMs } : {}),
    ...(isHeaders(given.headers) ? { headers: given.headers } : {}),
  };
}

function isHeaders(value: unknown): value is Readonly<Record<string, string>> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
