/** Standard base64 of UTF-8 text (RFC 7617 §2.1 with charset UTF-8), without btoa's Latin-1 limit. */
export function base64(text) {
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
export function proofOf(scheme, secret, carrier) {
    switch (scheme.type) {
        case 'apiKey': {
            if (scheme.in === 'header')
                return { secret, header: { name: scheme.name.toLowerCase(), value: secret } };
            const pair = `${encodeURIComponent(scheme.name)}=${encodeURIComponent(secret)}`;
            return scheme.in === 'query' ? { secret, query: pair } : { secret, cookie: pair };
        }
        case 'basic':
            return { secret, header: { name: 'authorization', value: `Basic ${secret}` } };
        default:
            return { secret, header: { name: (carrier?.header ?? 'Authorization').toLowerCase(), value: `${carrier?.scheme ?? 'Bearer'} ${secret}` } };
    }
}
const isTokenSource = (c) => typeof c === 'object' && 'token' in c;
const isBasic = (c) => typeof c === 'object' && 'username' in c;
function issuer(scheme, carrier) {
    const seen = new Set();
    let given;
    let proof;
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
            return { ok: true, proof: proof };
        },
    };
}
/** The current secret of a fixed or computed credential, issued as a proof. */
function issueSecret(issuer, secret) {
    const value = typeof secret === 'string' ? secret : secret();
    return typeof value === 'string' ? issuer.issue(value) : value.then((v) => issuer.issue(v));
}
/**
 * The provider of an API key (a string, or a function returning the current one): what the
 * tables name for a contract whose caller-held schemes are all API keys, so its bundle carries no
 * token refresh or basic encoding. A key is never refused: a 401 is the caller's to handle.
 */
export function secretProvider(scheme, credential) {
    if (typeof credential !== 'string' && typeof credential !== 'function')
        throw new TypeError(`the credential of the ${scheme.type} scheme is a string or a function returning one`);
    const keys = issuer(scheme);
    return { get: () => issueSecret(keys, credential), refuses: () => false, reject: async () => false, secrets: () => [...keys.seen] };
}
/**
 * The provider of a scheme the caller gave a credential for, of any kind (what the tables name
 * when a contract has other schemes than API keys). `carrier` and `refusal` default from the
 * scheme (a client-credentials scheme given a token passes its own).
 */
export function callerProvider(scheme, credential, carrier, refusal = scheme.type === 'bearer' ? scheme.unauthorized : undefined) {
    const proofs = issuer(scheme, carrier);
    if (isBasic(credential)) {
        if (scheme.type !== 'basic')
            throw new TypeError(`a username and password are credentials of a basic scheme, not of a ${scheme.type} one`);
        const { username, password } = credential;
        const encoded = scheme.encode(`${username}:${password}`);
        const fixed = proofs.issue(encoded);
        return { get: () => fixed, refuses: () => false, reject: async () => false, secrets: () => [encoded, password] };
    }
    const source = isTokenSource(credential) ? credential : { token: credential };
    let fresh;
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
