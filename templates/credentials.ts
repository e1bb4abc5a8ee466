/**
 * Auth schemes at call time: each scheme the client has a credential for becomes a provider of
 * proofs (what the scheme adds to a request), an endpoint's alternatives pick the first scheme set
 * the client can prove, and a refused credential is exchanged for a fresh one where the scheme
 * allows it (the 401 replay). The client-credentials token lifecycle is a provider too, made by
 * token-flow.ts only for contracts that have one.
 */
import type { ClientRuntimeOptions } from './base-client.js';
import type { Exchange } from './exchange.js';
import type { FullRuntimeSpec, SchemeSpec } from './spec.js';

/** A secret, or a function that returns the current one (read before every request). */
export type Secret = string | (() => string | Promise<string>);

/** A token the application obtains itself (authorization code, device flow, …). */
export interface TokenSource {
  readonly token: Secret;
  /**
   * Called with the token the server refused (401): a fresh token, or undefined when none can be
   * had. The request is then replayed once with it.
   */
  readonly refresh?: (rejected: string) => string | undefined | Promise<string | undefined>;
}

export interface BasicCredential {
  readonly username: string;
  readonly password: string;
}

/** What a client may be given for one scheme. */
export type SchemeCredential = Secret | TokenSource | BasicCredential;

/** What one scheme adds to one request. */
export interface Proof {
  /** The secret sent: redacted from every error and report. */
  readonly secret: string;
  readonly header?: { readonly name: string; readonly value: string };
  /** `name=value`, percent-encoded. */
  readonly query?: string;
  /** `name=value` for the Cookie header. */
  readonly cookie?: string;
}

/** A proof, or the failed exchange that should have produced one (a token request). */
export type ProofResult = { readonly ok: true; readonly proof: Proof } | { readonly ok: false; readonly failure: Exchange };

/** The credential of one scheme, as a client holds it. */
export interface Provider {
  /** A proof for the next request; synchronous when the credential is at hand. */
  get(): ProofResult | Promise<ProofResult>;
  /** Whether `error` means this scheme's credential was refused. */
  refuses(error: { readonly status: number; readonly shape: string }): boolean;
  /** After a refusal: drop the proof; resolves to whether a fresh one can be had (then the request is replayed once). */
  reject(proof: Proof): Promise<boolean>;
  /** Every secret it has sent or holds. */
  secrets(): readonly string[];
}

/**
 * Makes the client-credentials scheme's provider (auth.ts's clientCredentialsFlow): a token the
 * caller gives, else the contract's token lifecycle. The generated tables name it only when the
 * contract has that scheme, so other bundles carry neither.
 */
export type TokenFlow = (spec: FullRuntimeSpec, client: TokenFlowClient) => Provider | undefined;

/** What the client-credentials provider reads of the client (base-client.ts). */
export interface TokenFlowClient {
  readonly options: ClientRuntimeOptions;
  /** The credential given for the scheme by name (`auth`), if any. */
  readonly given: SchemeCredential | undefined;
  readonly now: () => number;
}

/** Standard base64 of UTF-8 text (RFC 7617 §2.1 with charset UTF-8), without btoa's Latin-1 limit. */
export function base64(text: string): string {
  // A fresh encoder: one made when the module loads would stay in every bundle (its constructor may have effects), though only basic credentials need one.
  const bytes = new TextEncoder().encode(text);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += alphabet.charAt((n >> 18) & 63) + alphabet.charAt((n >> 12) & 63);
    out += i + 1 < bytes.length ? alphabet.charAt((n >> 6) & 63) : '=';
    out += i + 2 < bytes.length ? alphabet.charAt(n & 63) : '=';
  }
  return out;
}

/** The proof a scheme sends for a secret. */
export function proofOf(scheme: SchemeSpec, secret: string, carrier?: { readonly header: string; readonly scheme: string }): Proof {
  switch (scheme.type) {
    case 'apiKey': {
      if (scheme.in === 'header') return { secret, header: { name: scheme.name.toLowerCase(), value: secret } };
      const pair = `${encodeURIComponent(scheme.name)}=${encodeURIComponent(secret)}`;
      return scheme.in === 'query' ? { secret, query: pair } : { secret, cookie: pair };
    }
    case 'basic':
      return { secret, header: { name: 'authorization', value: `Basic ${secret}` } };
    default:
      return { secret, header: { name: (carrier?.header ?? 'Authorization').toLowerCase(), value: `${carrier?.scheme ?? 'Bearer'} ${secret}` } };
  }
}

const isTokenSource = (c: SchemeCredential): c is TokenSource => typeof c === 'object' && 'token' in c;
const isBasic = (c: SchemeCredential): c is BasicCredential => typeof c === 'object' && 'username' in c;

/** A refusal rule: the status, and the error shape when one is named. */
export interface Refusal {
  readonly status: number;
  readonly shape?: string;
}

/** Proofs of the secrets one scheme sends, each remembered for redaction. */
interface Issuer {
  issue(secret: string): ProofResult;
  readonly seen: Set<string>;
}

function issuer(scheme: SchemeSpec, carrier?: { readonly header: string; readonly scheme: string }): Issuer {
  const seen = new Set<string>();
  let given: string | undefined;
  let proof: Proof | undefined;
  return {
    seen,
    issue(secret) {
      // One proof per secret value: a fixed key allocates nothing per call.
      if (secret !== given) {
        given = secret;
        // The redactor hides it in every form it can come back in (support.ts).
        seen.add(secret);
        // Sent as fetch sends a header, in every carrier alike: a key read from a file or an
        // environment variable often ends in a line break, which would otherwise go into a query.
        proof = proofOf(scheme, secret.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''), carrier);
      }
      return { ok: true, proof: proof as Proof };
    },
  };
}

/** The current secret of a fixed or computed credential, issued as a proof. */
function issueSecret(issuer: Issuer, secret: Secret): ProofResult | Promise<ProofResult> {
  const value = typeof secret === 'string' ? secret : secret();
  return typeof value === 'string' ? issuer.issue(value) : value.then((v) => issuer.issue(v));
}

/**
 * The provider of an API key (a string, or a function returning the current one): what the
 * tables name for a contract whose caller-held schemes are all API keys, so its bundle carries no
 * token refresh or basic encoding. A key is never refused: a 401 is the caller's to handle.
 */
export function secretProvider(scheme: SchemeSpec, credential: SchemeCredential): Provider {
  if (typeof credential !== 'string' && typeof credential !== 'function') throw new TypeError(`the credential of the ${scheme.type} scheme is a string or a function returning one`);
  const keys = issuer(scheme);
  return { get: () => issueSecret(keys, credential), refuses: () => false, reject: async () => false, secrets: () => [...keys.seen] };
}

/**
 * The provider of a scheme the caller gave a credential for, of any kind (what the tables name
 * when a contract has other schemes than API keys). `carrier` and `refusal` default from the
 * scheme (a client-credentials scheme given a token passes its own).
 */
export function callerProvider(scheme: SchemeSpec, credential: SchemeCredential, carrier?: { readonly header: string; readonly scheme: string }, refusal: Refusal | undefined = scheme.type === 'bearer' ? scheme.unauthorized : undefined): Provider {
  const proofs = issuer(scheme, carrier);
  if (isBasic(credential)) {
    if (scheme.type !== 'basic') throw new TypeError(`a username and password are credentials of a basic scheme, not of a ${scheme.type} one`);
    const { username, password } = credential;
    const encoded = scheme.encode(`${username}:${password}`);
    const fixed = proofs.issue(encoded);
    return { get: () => fixed, refuses: () => false, reject: async () => false, secrets: () => [encoded, password] };
  }
  const source: TokenSource = isTokenSource(credential) ? credential : { token: credential };
  let fresh: string | undefined;
  return {
    get: () => (fresh === undefined ? issueSecret(proofs, source.token) : proofs.issue(fresh)),
    refuses: (error) => refusal !== undefined && error.status === refusal.status && (refusal.shape === undefined || error.shape === refusal.shape),
    async reject(rejected) {
      if (source.refresh !== undefined) {
        fresh = await source.refresh(rejected.secret);
        return fresh !== undefined;
      }
      return typeof source.token === 'function';
    },
    secrets: () => [...proofs.seen],
  };
}
