import { describe, expect, it } from 'vitest';
import { callerProvider, secretProvider, type Provider, type ProofResult } from './credentials.js';
import type { SchemeSpec } from './spec.js';

const HEADER_KEY: SchemeSpec = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
const QUERY_KEY: SchemeSpec = { type: 'apiKey', in: 'query', name: 'api key' };

/** What the provider gives for the next request, awaited. */
async function nextProof(provider: Provider): Promise<ProofResult> {
  return provider.get();
}

describe('secretProvider (the API-key provider of contracts whose caller-held schemes are all API keys)', () => {
  it('sends a fixed key, synchronously and as the same proof every call', () => {
    const provider = secretProvider(HEADER_KEY, 'k-123456');
    const first = provider.get();
    expect(first instanceof Promise).toBe(false);
    expect(first).toEqual({ ok: true, proof: { secret: 'k-123456', header: { name: 'x-api-key', value: 'k-123456' } } });
    const [a, b] = [first, provider.get()] as ProofResult[];
    expect(a?.ok === true && b?.ok === true && a.proof === b.proof).toBe(true);
  });

  it('reads a key from a function before every request, sync or async', async () => {
    let n = 0;
    const sync = secretProvider(HEADER_KEY, () => `key-${++n}`);
    expect(await nextProof(sync)).toMatchObject({ proof: { secret: 'key-1' } });
    expect(await nextProof(sync)).toMatchObject({ proof: { secret: 'key-2' } });
    const async = secretProvider(QUERY_KEY, () => Promise.resolve('a&b=c'));
    expect(await nextProof(async)).toEqual({ ok: true, proof: { secret: 'a&b=c', query: 'api%20key=a%26b%3Dc' } });
  });

  it('remembers every key it sent, as given, for redaction (the redactor writes out its wire forms)', async () => {
    let key = 'k y/1';
    const provider = secretProvider(QUERY_KEY, () => key);
    await nextProof(provider);
    key = 'k-2\n';
    await nextProof(provider);
    expect(provider.secrets()).toEqual(['k y/1', 'k-2\n']);
  });

  it('sends a key without the spaces and line breaks around it, in the query as in a header (as fetch sends a header)', async () => {
    expect(await nextProof(secretProvider(QUERY_KEY, ' key-1\r\n'))).toEqual({ ok: true, proof: { secret: 'key-1', query: 'api%20key=key-1' } });
    expect(await nextProof(secretProvider(HEADER_KEY, '\tkey-2 \n'))).toEqual({ ok: true, proof: { secret: 'key-2', header: { name: 'x-api-key', value: 'key-2' } } });
  });

  it('never takes a refusal for its own: a 401 is not replayed', async () => {
    const provider = secretProvider(HEADER_KEY, () => 'k-1');
    expect(provider.refuses({ status: 401, shape: 'error' })).toBe(false);
    await expect(provider.reject({ secret: 'k-1' })).resolves.toBe(false);
  });

  it('refuses a credential that is not a key, as the general provider refuses basic credentials for a key', () => {
    const notKey = { username: 'u', password: 'p' } as unknown as string;
    expect(() => secretProvider(HEADER_KEY, notKey)).toThrow(/string or a function/);
    expect(() => callerProvider(HEADER_KEY, notKey)).toThrow(/basic scheme/);
  });

  it('sends what callerProvider sends for the same key', async () => {
    for (const scheme of [HEADER_KEY, QUERY_KEY, { type: 'apiKey', in: 'cookie', name: 'sid' } as const]) {
      expect(await nextProof(secretProvider(scheme, 'v=1; x'))).toEqual(await nextProof(callerProvider(scheme, 'v=1; x')));
    }
  });
});
