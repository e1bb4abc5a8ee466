/**
 * The client object behind every generated `createClient` and `createBaseClient`: credentials and
 * the token lifecycle, the 401 replay, retries with backoff, support reports, and secret
 * redaction around every call. Each attempt is one HTTP exchange (exchange.ts).
 */
import type { TokenStore } from './auth.js';
import { hasOwn, own, setOwn } from './body.js';
import type { Proof, ProofResult, Provider, SchemeCredential } from './credentials.js';
import type { DecodedError } from './decode.js';
import { isStream } from './request-body.js';
import { send, canceled, clientError, requestUrl, type CallInput, type ClientError, type Exchange, type Result, type RuntimeOptions } from './exchange.js';
import { DEFAULT_RETRY, backoffMs, retryAfterMs, sleep, type RetryPolicy } from './retry.js';
import type { CallMiddleware, MiddlewareChain } from './middleware.js';
import type { EndpointSpec, FullRuntimeSpec } from './spec.js';
import { redactor, type Redactor } from './support.js';
import type { ClientValidators, ResponseValidation, ValidationOptions } from './validation.js';

/** Options every method accepts besides its parameters and body. */
export interface CallOptions {
  /** Cancels the call; the result is then an error with category 'canceled'. */
  readonly signal?: AbortSignal;
  /** Overrides the client's timeout for this call (milliseconds; 0 disables). */
  readonly timeoutMs?: number;
  /** Extra headers for this call. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Overrides the client's retry count for this call (0 disables). */
  readonly maxRetries?: number;
  /** Overrides the client's `validateResponses` for this call (checked only with the client's `validators`). */
  readonly validateResponses?: ResponseValidation;
  /** Overrides the client's `validateRequests` for this call. */
  readonly validateRequests?: boolean;
  /** Middleware of this call, run after the client's (`middleware(…)`). */
  readonly middleware?: MiddlewareChain;
}

/** Options of the client-credentials scheme's token lifecycle (auth.ts): a client of a contract without that scheme has none. */
export interface TokenOptions {
  /** A fixed bearer token, or a function returning one; replaces the contract's client-credentials token flow. */
  readonly accessToken?: string | (() => string | Promise<string>);
  /** Credentials for the contract's grants, by option name (clientId, clientSecret, refreshToken). */
  readonly credentials?: Readonly<Record<string, string | undefined>>;
  /** Where tokens are cached; share one across processes by implementing get/set. Default: memory. */
  readonly tokenStore?: TokenStore;
  /** How the token request body is encoded (default: the contract's first content type). */
  readonly tokenContentType?: string;
  /** Refresh a token this many milliseconds before it expires (default 60000). */
  readonly refreshSkewMs?: number;
}

export interface ClientRuntimeOptions extends RuntimeOptions, TokenOptions, ValidationOptions {
  /** Middleware run around every attempt of every call (`middleware(…)`): see the README's Middleware section. */
  readonly middleware?: MiddlewareChain;
  /** The checks `validateResponses` and `validateRequests` run: the `/validators` entry's `VALIDATORS`, or `validators({ … })` of some calls. */
  readonly validators?: ClientValidators;
  /** Credentials by auth scheme name: an API key, a basic username and password, or a token (and how to refresh it). */
  readonly auth?: Readonly<Record<string, SchemeCredential | undefined>>;
  /** Retries for retryable failures (default 2; 0 disables). */
  readonly maxRetries?: number;
  /** Backoff tuning. */
  readonly retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** The support contact that 5xx support reports are addressed to. */
  readonly supportEmail?: string;
  /** Clock, for tests. */
  readonly now?: () => number;
}

export interface Runtime {
  call(endpoint: EndpointSpec, input: object | undefined): Promise<Result<unknown, DecodedError | ClientError>>;
  /** The URL `call` would send this input to, without credentials; undefined when the input cannot be sent. */
  url(endpoint: EndpointSpec, input: object | undefined): string | undefined;
}

/**
 * Where a `createClient` object keeps its runtime, for the pagination helpers, which take it as
 * they take a `BaseClient`: a symbol, so no operation's method can be named like it.
 */
const CLIENT_RUNTIME = Symbol.for('contractgen.runtime');

/** `methods` (a `createClient` object) carrying `runtime`, not enumerable: spreading or logging the client shows its methods alone. */
export function withRuntime<C extends object>(runtime: Runtime, methods: C): C {
  return Object.defineProperty(methods, CLIENT_RUNTIME, { value: runtime });
}

/**
 * The runtime of a client: a `createClient` object's, or a `BaseClient` (a runtime itself).
 *
 * @throws TypeError for anything else (a hand-made object with the methods of a `Client`).
 */
export function runtimeOf(client: object): Runtime {
  const runtime = (client as { readonly [CLIENT_RUNTIME]?: Runtime })[CLIENT_RUNTIME] ?? client;
  if (typeof (runtime as Partial<Runtime>).call !== 'function' || typeof (runtime as Partial<Runtime>).url !== 'function') throw new TypeError('not a client made by createClient or createBaseClient');
  return runtime as Runtime;
}

type AnyError = DecodedError | ClientError;
/** Keys of a method's input besides path parameters; the contract validator rejects parameters so named. */
export const RESERVED_INPUT_KEYS: readonly string[] = ['body', 'contentType', 'signal', 'timeoutMs', 'headers', 'maxRetries', 'validateResponses', 'validateRequests', 'middleware'];

export function createRuntime(spec: FullRuntimeSpec, given: ClientRuntimeOptions): Runtime {
  const now = given.now ?? Date.now;
  const providers = makeProviders(spec, given, now);
  const headers = headerSecrets(given.headers);
  // Each provider names its secrets (the client-credentials one its grants' too: auth.ts).
  const secrets = () => [...[...providers.values()].flatMap((p) => p.secrets()), ...headers];
  // Field redaction is support.ts's fieldRedactor, named by the tables only where the contract marks secret fields.
  const fields = spec.secretFields.length === 0 ? undefined : spec.redactFields?.(spec.secretFields);
  const redact = redactor(secrets, fields);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...given.retry, maxRetries: given.maxRetries ?? DEFAULT_RETRY.maxRetries };
  const auth: CallAuth = { providers, chosen: new WeakMap() };
  return {
    async call(endpoint, input) {
      const callInput = toCallInput(endpoint, input);
      let callRedact = redact;
      try {
        // The call's own secrets: the headers it was given, its secret parameters and fields.
        const secret = endpoint.secretParams;
        const own = [...headerSecrets(callInput.headers), ...(secret?.forms(secret.keys, input) ?? []), ...(callInput.body === undefined ? [] : (fields?.values(callInput.body) ?? []))];
        const chain = given.middleware ?? (input as CallOptions | undefined)?.middleware;
        if (own.length > 0 || chain !== undefined) callRedact = redactor(() => [...secrets(), ...own], fields);
        // A chain's code is middleware.ts's, reached through the option alone: a client without one runs none of it.
        const middleware = chain?.start(spec, endpoint, given, input, own, callRedact);
        const go = () => attempt(spec, given, endpoint, callInput, auth, policy, callRedact, now, middleware);
        // The checks are the `/validators` entry's: a client without them runs none of their code.
        const exchange = await (given.validators?.run(endpoint, input, given, go) ?? go());
        const result = finish(spec, given, exchange, callRedact, now);
        return middleware?.end(result) ?? result;
      } catch (e) {
        const message = callRedact.text(e instanceof Error ? e.message : 'the call failed');
        return { ok: false, error: clientError(endpoint.host, 'invalid_request', message) };
      }
    },
    url(endpoint, input) {
      try {
        return requestUrl(spec, given, endpoint, toCallInput(endpoint, input));
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * The values of the caller's headers: secrets like credentials (a token in a custom header is
 * common), redacted from every error and report and never sent to another origin. Each by its
 * parts too, as a server echoes the token of `Bearer <token>` or a value of `a=<value>; b=…`
 * alone. Accept and Content-Type only name media types, and a value under 8 characters is no
 * credential (`true`, `gzip`): hiding those would blank ordinary words in every report.
 */
export function headerSecrets(headers: Readonly<Record<string, string>> = {}): string[] {
  return Object.entries(headers).flatMap(([name, value]) => (/^(accept|content-type)$/i.test(name) ? [] : [value, ...value.split(/[\s;=]/)].filter((v) => v.length > 7)));
}

/** The providers of the schemes the client holds a credential for, by scheme name. */
function makeProviders(spec: FullRuntimeSpec, options: ClientRuntimeOptions, now: () => number): Map<string, Provider> {
  const providers = new Map<string, Provider>();
  for (const [name, scheme] of Object.entries(spec.schemes)) {
    const given = options.auth !== undefined && hasOwn(options.auth, name) ? options.auth[name] : undefined;
    // The client-credentials provider is auth.ts's, named by the tables only for a contract with that scheme.
    // The provider of caller-held credentials is named by the tables: an API-key contract's carries no token refresh.
    const provider = scheme.type === 'clientCredentials' ? spec.tokenFlow?.(spec, { options, given, now }) : given === undefined ? undefined : spec.provider?.(scheme, given);
    if (provider !== undefined) providers.set(name, provider);
  }
  return providers;
}

/** What a call reads of the client's auth. */
interface CallAuth {
  readonly providers: ReadonlyMap<string, Provider>;
  /** The schemes each endpoint sends: the first alternative the client can prove whole (none: sent without). */
  readonly chosen: WeakMap<EndpointSpec, readonly Provider[]>;
}

const NO_PROVIDERS: readonly Provider[] = [];
const NO_PROOFS: readonly Proof[] = [];

function chooseProviders(auth: CallAuth, endpoint: EndpointSpec): readonly Provider[] {
  if (endpoint.security.length === 0) return NO_PROVIDERS;
  let chosen = auth.chosen.get(endpoint);
  if (chosen === undefined) {
    const alternative = endpoint.security.find((names) => names.every((n) => auth.providers.has(n)));
    chosen = alternative === undefined ? NO_PROVIDERS : alternative.map((n) => auth.providers.get(n) as Provider);
    auth.chosen.set(endpoint, chosen);
  }
  return chosen;
}

type Proofs = { readonly ok: true; readonly proofs: readonly Proof[] } | { readonly ok: false; readonly exchange: Exchange };

/** The proofs of every chosen scheme: synchronous when each is at hand, so a call with a fixed key waits for nothing. */
function prove(providers: readonly Provider[]): Proofs | Promise<Proofs> {
  if (providers.length === 0) return { ok: true, proofs: NO_PROOFS };
  const results = providers.map((p) => p.get());
  const collect = (all: readonly ProofResult[]): Proofs => {
    const proofs: Proof[] = [];
    for (const r of all) {
      if (!r.ok) return { ok: false, exchange: r.failure };
      proofs.push(r.proof);
    }
    return { ok: true, proofs };
  };
  return results.some((r) => r instanceof Promise) ? Promise.all(results).then(collect) : collect(results as ProofResult[]);
}

async function attempt(spec: FullRuntimeSpec, options: ClientRuntimeOptions, endpoint: EndpointSpec, input: CallInput & { maxRetries?: number }, auth: CallAuth, policy: RetryPolicy, secrets: Redactor, now: () => number, middleware: CallMiddleware | undefined): Promise<Exchange> {
  const maxRetries = input.maxRetries ?? policy.maxRetries;
  const providers = chooseProviders(auth, endpoint);
  let replayed = false;
  let retriedOnce = false;
  for (let retries = 0; ; ) {
    if (input.signal?.aborted === true) return canceled(endpoint.host);
    const pending = prove(providers);
    // A caller's abort ends its own wait for the shared token request, not the request itself.
    const proved = pending instanceof Promise ? await untilAborted(pending, input.signal) : pending;
    if (proved === undefined) return canceled(endpoint.host);
    if (!proved.ok) return proved.exchange;
    // The call's redactor lets a redirect to another origin go anonymously, unless its Location holds a secret.
    const exchange = await send(spec, options, endpoint, input, proved.proofs, secrets, middleware);
    const result = exchange.result;
    // A stream body is read once: the request cannot be sent again.
    if (result.ok || isStream(input.body)) return exchange;
    if (!replayed && providers.length > 0 && (await replayable(providers, proved.proofs, result.error))) {
      replayed = true;
      continue;
    }
    // Only decode-rules.ts (named by the tables of contracts with message tables) marks an error so.
    const rules = result.error.retry === 'once_then_support' ? spec.tables.rules : undefined;
    const once = rules !== undefined;
    // The API asks for one retry of such a failure, whatever the method; a second is the support case.
    if (once && retriedOnce) return { ...exchange, result: { ok: false, error: rules.retriedOnce(result.error) } };
    const wait = retries < maxRetries ? (once ? backoffMs(policy, retries) : retryDelay(endpoint, exchange, result.error, policy, retries, now)) : undefined;
    if (wait === undefined) return exchange;
    retriedOnce ||= once;
    if (!(await sleep(wait, input.signal))) return canceled(endpoint.host);
    retries++;
  }
}

/** After a refusal: each refusing scheme drops its proof; replay when one of them can give a fresh one. */
async function replayable(providers: readonly Provider[], proofs: readonly Proof[], error: AnyError): Promise<boolean> {
  let fresh = false;
  for (let i = 0; i < providers.length; i++) {
    const provider = providers[i] as Provider;
    if (provider.refuses(error) && (await provider.reject(proofs[i] as Proof))) fresh = true;
  }
  return fresh;
}

/** The promise's value, or undefined as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Milliseconds to wait before retrying, or undefined when this failure is not retried. */
function retryDelay(endpoint: EndpointSpec, exchange: Exchange, error: AnyError, policy: RetryPolicy, retries: number, now: () => number): number | undefined {
  if (!error.retryable || !endpoint.idempotent) return undefined;
  const header = exchange.response?.headers['retry-after'];
  const after = retryAfterMs(header, now());
  if (after !== undefined) return after <= policy.maxRetryAfterMs ? after : undefined;
  return backoffMs(policy, retries);
}

function finish(spec: FullRuntimeSpec, options: ClientRuntimeOptions, exchange: Exchange, redact: Redactor, now: () => number): Result<unknown, AnyError> {
  const result = exchange.result;
  if (result.ok) return result;
  const error = scrubValue(result.error, redact, 0) as AnyError;
  // Support reports are support.ts's, named by the tables only for contracts with a support rule.
  const support = spec.support;
  if (support !== undefined) support.attach(support.reportOn, error, exchange, now, options.supportEmail, redact, spec.auth?.header ?? options.authHeader?.header ?? 'Authorization');
  return { ok: false, error };
}

/** Errors may echo what was sent; no secret leaves the client inside one, in any text or key. */
export function scrubValue(value: unknown, redact: Redactor, depth: number): unknown {
  if (typeof value === 'string') return redact.text(value);
  if (depth > 32 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, redact, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    Object.defineProperty(out, redact.text(key), { value: scrubValue(v, redact, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * The values of a call's secret parameters (the redactor writes out the forms they take on the
 * wire). The tables name it (`secretParams.forms`) only for endpoints that have such parameters,
 * so other bundles leave it out.
 */
export function secretParamForms(keys: readonly string[], input: object | undefined): string[] {
  const given = (input ?? {}) as Readonly<Record<string, unknown>>;
  const values = keys.map((key) => given[key]).flatMap((v) => (Array.isArray(v) ? (v as unknown[]) : [v]));
  return values.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number').map(String);
}

/**
 * A fresh idempotency key under input key `key` when the caller left it out: the same object
 * carries it through every retry of the call. The tables name it (`idempotencyKey.fill`) only for
 * endpoints with such a header, so other bundles leave it out.
 */
export function withIdempotencyKey(key: string, given: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  // null is "not sent" to the serialiser too: it gets a key, or the retried call would go without one.
  const value = own(given, key);
  if (value !== undefined && value !== null) return given;
  return { ...given, [key]: globalThis.crypto.randomUUID() };
}

function toCallInput(endpoint: EndpointSpec, input: object | undefined): CallInput & { maxRetries?: number } {
  const given = (input ?? {}) as Readonly<Record<string, unknown>>;
  // An endpoint with a parameter table reads its values from the input itself (params.ts).
  const idempotency = endpoint.idempotencyKey;
  if (endpoint.params !== undefined) return callInput(given, undefined, idempotency === undefined ? given : idempotency.fill(idempotency.key, given));
  const params: Record<string, string | number> = {};
  // No path parameter takes a reserved key: the contract validator refuses one (reserved-parameter-name), the importer renames it.
  for (const name of endpoint.pathParams) {
    const value = own(given, name);
    if (typeof value === 'string' || typeof value === 'number') setOwn(params, name, value);
  }
  // Plain query parameters are read from the input itself, as the serialiser reads them (exchange.ts).
  return callInput(given, params, endpoint.queryParams === undefined ? undefined : given);
}

/** paginate.ts's PAGE_URL, by its registered name (this module does not import paginate.ts). */
const PAGE_URL = Symbol.for('contractgen.pageUrl');

/** The call's parameters, body and options; absent ones stay undefined (not left out): one object shape for every call. */
function callInput(given: Readonly<Record<string, unknown>>, params: CallInput['params'], values: CallInput['values']): CallInput & { maxRetries?: number } {
  const { body, contentType, signal, timeoutMs, maxRetries, headers } = given;
  const url = (given as Readonly<Record<symbol, unknown>>)[PAGE_URL];
  return {
    params,
    url: typeof url === 'string' ? url : undefined,
    values,
    body,
    contentType: typeof contentType === 'string' ? contentType : undefined,
    signal: signal instanceof AbortSignal ? signal : undefined,
    timeoutMs: typeof timeoutMs === 'number' ? timeoutMs : undefined,
    maxRetries: typeof maxRetries === 'number' ? maxRetries : undefined,
    headers: isHeaders(headers) ? headers : undefined,
  };
}

function isHeaders(value: unknown): value is Readonly<Record<string, string>> {
  return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
