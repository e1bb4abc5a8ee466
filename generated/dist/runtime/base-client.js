/**
 * The client object behind every generated `createClient` and `createBaseClient`: credentials and
 * the token lifecycle, the 401 replay, retries with backoff, support reports, and secret
 * redaction around every call. Each attempt is one HTTP exchange (exchange.ts).
 */
import { TokenManager, memoryTokenStore } from './auth.js';
import { send, clientError } from './exchange.js';
import { DEFAULT_RETRY, backoffMs, retryAfterMs, sleep } from './retry.js';
import { statusMatches } from './status.js';
import { buildSupportReport, redactor } from './support.js';
const NO_TOKEN = { ok: true, token: undefined };
/** Keys of a method's input besides path parameters; the contract validator rejects parameters so named. */
export const RESERVED_INPUT_KEYS = ['body', 'contentType', 'signal', 'timeoutMs', 'headers', 'maxRetries'];
export function createRuntime(spec, given) {
    // The contract says which header carries the token, unless the caller overrides it.
    const carrier = spec.auth === undefined ? undefined : { header: spec.auth.header, scheme: spec.auth.scheme };
    const options = given.authHeader !== undefined || carrier === undefined ? given : { ...given, authHeader: carrier };
    const now = options.now ?? Date.now;
    const tokens = tokenManager(spec, options, now);
    const secrets = () => [options.credentials?.clientSecret, options.credentials?.refreshToken, typeof options.accessToken === 'string' ? options.accessToken : undefined, ...tokens.secrets()];
    const redact = redactor(secrets, spec.secretFields);
    const policy = { ...DEFAULT_RETRY, ...options.retry, maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries };
    return {
        async call(endpoint, input) {
            const callInput = toCallInput(endpoint, input);
            try {
                const exchange = await attempt(spec, options, endpoint, callInput, tokens, policy, now);
                return finish(spec, options, exchange, redact, now);
            }
            catch (e) {
                const message = redact.text(e instanceof Error ? e.message : 'the call failed');
                return { ok: false, error: clientError(endpoint.host, 'invalid_request', message) };
            }
        },
    };
}
/** Every token the client has held, so an old one echoed in a late error is still redacted. */
class SeenTokens {
    tokens = [];
    add(token) {
        if (token === undefined || this.tokens.includes(token))
            return;
        this.tokens.push(token);
        if (this.tokens.length > 64)
            this.tokens.shift();
    }
    list() {
        return this.tokens;
    }
}
function tokenManager(spec, options, now) {
    const fixed = options.accessToken;
    const seen = new SeenTokens();
    if (fixed !== undefined) {
        const outcome = (token) => {
            seen.add(token);
            return { ok: true, token };
        };
        return {
            // No await for a token at hand: a call with a fixed token sends at once.
            get() {
                const token = typeof fixed === 'string' ? fixed : fixed();
                return typeof token === 'string' ? outcome(token) : Promise.resolve(token).then(outcome);
            },
            // Only a function can give another token after a 401.
            reject: async () => typeof fixed === 'function',
            secrets: () => [...seen.list()],
        };
    }
    const auth = spec.auth;
    const tokenEndpoint = auth === undefined ? undefined : spec.tokenEndpoint;
    if (auth === undefined || tokenEndpoint === undefined || options.credentials === undefined) {
        return { get: () => NO_TOKEN, reject: async () => false, secrets: () => [] };
    }
    // A failed token request's exchange, by its (shared) error, for support reports on every waiter.
    const failures = new WeakMap();
    const manager = new TokenManager({
        spec: auth,
        environment: options.environment,
        credentials: options.credentials,
        store: options.tokenStore ?? memoryTokenStore(),
        refreshSkewMs: options.refreshSkewMs ?? 60_000,
        now,
        request: async (body) => {
            const contentType = options.tokenContentType ?? tokenEndpoint.contentTypes[0];
            const exchange = await send(spec, options, tokenEndpoint, { body, ...(contentType === undefined ? {} : { contentType }) });
            if (exchange.result.ok)
                return { ok: true, data: exchange.result.data };
            failures.set(exchange.result.error, exchange);
            return { ok: false, error: exchange.result.error };
        },
        malformed: (message) => clientError(tokenEndpoint.host, 'invalid_response', message, 200),
    });
    return {
        async get() {
            const outcome = await manager.token();
            if (!outcome.ok)
                return { ok: false, exchange: failures.get(outcome.error) ?? { result: outcome, request: undefined, response: undefined } };
            seen.add(outcome.token.accessToken);
            seen.add(outcome.token.refreshToken);
            return { ok: true, token: outcome.token.accessToken };
        },
        async reject(token) {
            if (token !== undefined)
                await manager.invalidate(token);
            return true;
        },
        secrets: () => [...seen.list()],
    };
}
function isUnauthorized(spec, error) {
    const rule = spec.auth?.unauthorized;
    return rule !== undefined && rule.replay && error.status === rule.status && error.shape === rule.shape;
}
async function attempt(spec, options, endpoint, input, tokens, policy, now) {
    const maxRetries = input.maxRetries ?? policy.maxRetries;
    let replayed = false;
    const canceled = () => ({ result: { ok: false, error: clientError(endpoint.host, 'canceled', 'the call was aborted') }, request: undefined, response: undefined });
    for (let retries = 0;;) {
        if (input.signal?.aborted === true)
            return canceled();
        const pending = endpoint.auth ? tokens.get() : NO_TOKEN;
        // A caller's abort ends its own wait for the shared token request, not the request itself.
        const token = pending instanceof Promise ? await untilAborted(pending, input.signal) : pending;
        if (token === undefined)
            return canceled();
        if (!token.ok)
            return token.exchange;
        const exchange = await send(spec, options, endpoint, input, token.token);
        const result = exchange.result;
        if (result.ok)
            return exchange;
        if (endpoint.auth && !replayed && isUnauthorized(spec, result.error) && (await tokens.reject(token.token))) {
            replayed = true;
            continue;
        }
        const wait = retries < maxRetries ? retryDelay(endpoint, exchange, result.error, policy, retries, now) : undefined;
        if (wait === undefined)
            return exchange;
        if (!(await sleep(wait, input.signal)))
            return canceled();
        retries++;
    }
}
/** The promise's value, or undefined as soon as the signal aborts. */
function untilAborted(promise, signal) {
    if (signal === undefined)
        return promise;
    if (signal.aborted)
        return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
        const onAbort = () => resolve(undefined);
        signal.addEventListener('abort', onAbort, { once: true });
        promise.then((value) => {
            signal.removeEventListener('abort', onAbort);
            resolve(value);
        }, (error) => {
            signal.removeEventListener('abort', onAbort);
            reject(error);
        });
    });
}
/** Milliseconds to wait before retrying, or undefined when this failure is not retried. */
function retryDelay(endpoint, exchange, error, policy, retries, now) {
    if (!error.retryable || !endpoint.idempotent)
        return undefined;
    const header = exchange.response?.headers['retry-after'];
    const after = retryAfterMs(header, now());
    if (after !== undefined)
        return after <= policy.maxRetryAfterMs ? after : undefined;
    return backoffMs(policy, retries);
}
function finish(spec, options, exchange, redact, now) {
    const result = exchange.result;
    if (result.ok)
        return result;
    const error = scrubValue(result.error, redact, 0);
    const { request, response } = exchange;
    const reportable = spec.support !== undefined && response !== undefined && request !== undefined && spec.support.reportOn.some((s) => statusMatches(s, response.status));
    if (reportable) {
        const header = spec.auth?.header ?? options.authHeader?.header ?? 'Authorization';
        const when = new Date(now());
        Object.defineProperty(error, 'supportReport', {
            value: () => buildSupportReport(request, response, when, options.supportEmail, redact, header),
            enumerable: false,
        });
    }
    return { ok: false, error };
}
/** Errors may echo what was sent; no secret leaves the client inside one, in any text or key. */
function scrubValue(value, redact, depth) {
    if (typeof value === 'string')
        return redact.text(value);
    if (depth > 32 || typeof value !== 'object' || value === null)
        return value;
    if (Array.isArray(value))
        return value.map((v) => scrubValue(v, redact, depth + 1));
    const out = {};
    for (const [key, v] of Object.entries(value)) {
        Object.defineProperty(out, redact.text(key), { value: scrubValue(v, redact, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
}
function toCallInput(endpoint, input) {
    const given = (input ?? {});
    // An endpoint with a parameter table reads its values from the input itself (params.ts).
    if (endpoint.params !== undefined)
        return callInput(given, undefined, given);
    const params = {};
    for (const name of endpoint.pathParams) {
        if (RESERVED_INPUT_KEYS.includes(name))
            continue;
        const value = given[name];
        if (typeof value === 'string' || typeof value === 'number')
            params[name] = value;
    }
    return callInput(given, params, undefined);
}
/** The call's parameters, body and options; absent ones stay undefined (not left out): one object shape for every call. */
function callInput(given, params, values) {
    const { body, contentType, signal, timeoutMs, maxRetries, headers } = given;
    return {
        params,
        values,
        body,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        signal: signal instanceof AbortSignal ? signal : undefined,
        timeoutMs: typeof timeoutMs === 'number' ? timeoutMs : undefined,
        maxRetries: typeof maxRetries === 'number' ? maxRetries : undefined,
        headers: isHeaders(headers) ? headers : undefined,
    };
}
function isHeaders(value) {
    return typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');
}
