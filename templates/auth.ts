/**
 * OAuth 2.0 token lifecycle, driven by the contract's auth section: grant choice, caching with an
 * expiry computed from the time the token was received, proactive refresh, single flight, and a
 * pluggable store so processes can share a token.
 */
import { setOwn } from './body.js';
import { callerProvider, proofOf, type Proof, type ProofResult, type Provider, type TokenFlow, type TokenFlowClient } from './credentials.js';
import type { DecodedError } from './decode.js';
import { clientError, send, type ClientError, type Exchange } from './exchange.js';
import type { AuthSpec, FullRuntimeSpec, GrantSpec } from './spec.js';

/** A token as cached and stored: `expiresAt` is epoch milliseconds (undefined: until rejected). */
export interface StoredToken {
  readonly accessToken: string;
  readonly expiresAt?: number;
  readonly refreshToken?: string;
}

/** Where tokens live; the default keeps them in memory. Implement it to share a token across processes. */
export interface TokenStore {
  get(): StoredToken | undefined | Promise<StoredToken | undefined>;
  set(token: StoredToken | undefined): void | Promise<void>;
}

export function memoryTokenStore(): TokenStore {
  let current: StoredToken | undefined;
  return {
    get: () => current,
    set: (token) => {
      current = token;
    },
  };
}

/** The outcome of a token request: the token, or the error the token endpoint answered with. */
export type TokenOutcome<E> = { readonly ok: true; readonly token: StoredToken } | { readonly ok: false; readonly error: E };

export interface TokenManagerOptions<E> {
  readonly spec: AuthSpec;
  readonly environment: string;
  readonly credentials: Readonly<Record<string, string | undefined>>;
  readonly store: TokenStore;
  /** Refresh this long before expiry (milliseconds). */
  readonly refreshSkewMs: number;
  readonly now: () => number;
  /** Calls the token endpoint with a request body; returns its parsed body or its error. */
  readonly request: (body: Readonly<Record<string, string>>) => Promise<{ readonly ok: true; readonly data: unknown } | { readonly ok: false; readonly error: E }>;
  /** The error for a successful response that carries no access token. */
  readonly malformed: (message: string) => E;
}

export const REFRESH_TOKEN_CREDENTIAL = 'refreshToken';

export class TokenManager<E> {
  private inflight: Promise<TokenOutcome<E>> | undefined;
  private learnedRefreshToken: string | undefined;
  /** Refresh tokens the server rejected: never sent again, wherever they come from. */
  private readonly rejected = new Set<string>();

  constructor(private readonly options: TokenManagerOptions<E>) {}

  /** A valid token: the cached one, or exactly one token request shared by every caller. */
  async token(): Promise<TokenOutcome<E>> {
    const cached = await this.options.store.get();
    if (cached !== undefined && this.isFresh(cached)) return { ok: true, token: cached };
    if (cached?.refreshToken !== undefined && !this.rejected.has(cached.refreshToken)) this.learnedRefreshToken = cached.refreshToken;
    this.inflight ??= this.fetchToken().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  /** Drops `accessToken` if it is still the cached one (a newer token is kept). */
  async invalidate(accessToken: string): Promise<void> {
    const cached = await this.options.store.get();
    if (cached?.accessToken === accessToken) {
      if (cached.refreshToken !== undefined) this.learnedRefreshToken = cached.refreshToken;
      await this.options.store.set(undefined);
    }
  }

  private isFresh(token: StoredToken): boolean {
    return token.expiresAt === undefined || this.options.now() < token.expiresAt - this.options.refreshSkewMs;
  }

  private async fetchToken(): Promise<TokenOutcome<E>> {
    const grants = this.usableGrants();
    let last: TokenOutcome<E> | undefined;
    for (const grant of grants) {
      const outcome = await this.requestWith(grant);
      if (outcome.ok) {
        await this.options.store.set(outcome.token);
        return outcome;
      }
      last = outcome;
      // A rejected refresh token is spent; fall back to the next usable grant.
      if (this.sendsRefreshToken(grant)) {
        const spent = this.credential(REFRESH_TOKEN_CREDENTIAL);
        if (spent !== undefined) this.rejected.add(spent);
        this.learnedRefreshToken = undefined;
      }
    }
    if (last !== undefined) return last;
    throw new TypeError('no credentials for any grant of the contract: pass credentials or accessToken');
  }

  private credential(name: string): string | undefined {
    if (name !== REFRESH_TOKEN_CREDENTIAL) return this.options.credentials[name];
    return [this.learnedRefreshToken, this.options.credentials[name]].find((t) => t !== undefined && !this.rejected.has(t));
  }

  private sendsRefreshToken(grant: GrantSpec): boolean {
    return Object.values(grant.send).includes(REFRESH_TOKEN_CREDENTIAL);
  }

  /** A refresh grant first when a refresh token is known, then the default grant, then the rest. */
  private usableGrants(): GrantSpec[] {
    const usable = this.options.spec.grants.filter((g) => Object.values(g.send).every((c) => this.credential(c) !== undefined));
    const rank = (g: GrantSpec) => (this.sendsRefreshToken(g) ? 0 : g.isDefault ? 1 : 2);
    return [...usable].sort((a, b) => rank(a) - rank(b));
  }

  private async requestWith(grant: GrantSpec): Promise<TokenOutcome<E>> {
    const body: Record<string, string> = { [this.options.spec.grantField]: grant.name };
    for (const [field, credential] of Object.entries(grant.send)) setOwn(body, field, this.credential(credential) ?? '');
    const receivedAt = this.options.now();
    const answer = await this.options.request(body);
    if (!answer.ok) return answer;
    const token = this.readToken(answer.data, receivedAt);
    if (token === undefined) return { ok: false, error: this.options.malformed(`the token response carries no access token (field ${this.options.spec.token.accessToken})`) };
    return { ok: true, token };
  }

  /** Expiry = time received + expires_in; the unit of any creation time is not trusted. */
  private readToken(data: unknown, receivedAt: number): StoredToken | undefined {
    if (typeof data !== 'object' || data === null) return undefined;
    const record = data as Readonly<Record<string, unknown>>;
    const { token, lifetime } = this.options.spec;
    const accessToken = record[token.accessToken];
    if (typeof accessToken !== 'string' || accessToken === '') return undefined;
    const expiresIn = token.expiresIn === undefined ? undefined : record[token.expiresIn];
    const seconds = typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : lifetime[this.options.environment];
    const refresh = token.refreshToken === undefined ? undefined : record[token.refreshToken];
    if (typeof refresh === 'string' && refresh !== '') this.learnedRefreshToken = refresh;
    return {
      accessToken,
      ...(seconds === undefined ? {} : { expiresAt: receivedAt + seconds * 1000 }),
      ...(this.learnedRefreshToken === undefined ? {} : { refreshToken: this.learnedRefreshToken }),
    };
  }
}

/** Every token the flow has held, so an old one echoed in a late error is still redacted. */
class SeenTokens {
  private readonly tokens: string[] = [];
  add(token: string | undefined): void {
    if (token === undefined || this.tokens.includes(token)) return;
    this.tokens.push(token);
    if (this.tokens.length > 64) this.tokens.shift();
  }
  list(): readonly string[] {
    return this.tokens;
  }
}

/**
 * The client-credentials scheme as a provider: a token the caller gives (`auth` by the scheme's
 * name, or `accessToken`) replaces the contract's flow; else tokens fetched with the contract's
 * grants, cached, refreshed and, after a refusal, dropped so the replay fetches a fresh one.
 */
export const clientCredentialsFlow: TokenFlow = (spec, { options, given, now }) => {
  const auth = spec.auth;
  const fixed = given ?? options.accessToken;
  const carrier = options.authHeader ?? (auth === undefined ? undefined : { header: auth.header, scheme: auth.scheme });
  // The grants' secrets are redacted whether a token request sends them or a caller's token replaces the flow: here, not in every client's base, as only this scheme has them.
  const held = () => [options.credentials?.clientSecret, options.credentials?.refreshToken].filter((s): s is string => s !== undefined);
  if (fixed !== undefined) {
    const provider = callerProvider({ type: 'bearer' }, fixed, carrier, auth?.unauthorized.replay === true ? auth.unauthorized : undefined);
    return { ...provider, secrets: () => [...provider.secrets(), ...held()] };
  }
  const tokenEndpoint = spec.tokenEndpoint;
  const scheme = auth === undefined ? undefined : { header: auth.header, scheme: auth.scheme };
  if (auth === undefined || scheme === undefined || tokenEndpoint === undefined || options.credentials === undefined) return undefined;
  const seen = new SeenTokens();
  // A failed token request's exchange, by its (shared) error, for support reports on every waiter.
  const failures = new WeakMap<object, Exchange>();
  const manager = new TokenManager<unknown>({
    spec: auth,
    // The lifetimes are by environment; no environment chosen, none applies.
    environment: options.environment ?? spec.environment ?? '',
    credentials: options.credentials,
    store: options.tokenStore ?? memoryTokenStore(),
    refreshSkewMs: options.refreshSkewMs ?? 60_000,
    now,
    request: tokenRequest(spec, tokenEndpoint, options, failures),
    malformed: (message) => clientError(tokenEndpoint.host, 'invalid_response', message, 200),
  });
  let last: Proof | undefined;
  const rule = auth.unauthorized;
  const provider: Provider = {
    async get(): Promise<ProofResult> {
      const outcome = await manager.token();
      if (!outcome.ok) {
        const error = outcome.error as DecodedError | ClientError;
        return { ok: false, failure: failures.get(error) ?? { result: { ok: false, error }, request: undefined, response: undefined } };
      }
      const { accessToken, refreshToken } = outcome.token;
      seen.add(accessToken);
      seen.add(refreshToken);
      if (last?.secret !== accessToken) last = proofOf({ type: 'clientCredentials' }, accessToken, scheme);
      return { ok: true, proof: last };
    },
    refuses: (error) => rule.replay && error.status === rule.status && error.shape === rule.shape,
    async reject(proof) {
      await manager.invalidate(proof.secret);
      return true;
    },
    secrets: () => [...seen.list(), ...held()],
  };
  return provider;
};

/** Sends the token request through the client's exchange; a failure's exchange is kept for the support reports of every waiter. */
function tokenRequest(spec: FullRuntimeSpec, tokenEndpoint: NonNullable<FullRuntimeSpec['tokenEndpoint']>, options: TokenFlowClient['options'], failures: WeakMap<object, Exchange>): TokenManagerOptions<unknown>['request'] {
  return async (body) => {
    const contentType = options.tokenContentType ?? tokenEndpoint.contentTypes[0];
    // Sent without a call's redactor, so sealed to its origin: the secret body never leaves it, and a token is taken from nowhere else.
    const exchange = await send(spec, options, tokenEndpoint, { body, ...(contentType === undefined ? {} : { contentType }) });
    if (exchange.result.ok) return { ok: true, data: exchange.result.data };
    failures.set(exchange.result.error, exchange);
    return { ok: false, error: exchange.result.error };
  };
}
