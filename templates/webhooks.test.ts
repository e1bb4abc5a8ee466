/**
 * templates/webhooks.ts on its own: how each form of header lists signatures, headers as fetch,
 * Node and plain objects hold them, encodings, an event named by a payload field, by the receiver
 * or by the payload check that accepts it, and the node:http adapter's body limit and Express body.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler, nodeListener, parse, sign, verify, type SignatureSpec, type WebhooksSpec } from './webhooks.js';
import { validator } from './validate.js';

const PLAIN: SignatureSpec = { name: 'own', header: 'x-sig', list: 'plain', prefix: 'v=', hash: 'SHA-256', encoding: 'base64url', secret: 'text', signed: '{timestamp}|{body}', timestamp: 'x-time', tolerance: 60 };
const STRIPE: SignatureSpec = { name: 'stripe', header: 'stripe-signature', list: 'stripe', prefix: '', hash: 'SHA-256', encoding: 'hex', secret: 'text', signed: '{timestamp}.{body}', tolerance: 300 };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const kindIs = (kind: string) => validator<unknown>((v) => isObject(v) && v['kind'] === kind);

/** Two events, `a` and `b`, signed by `signature` (null: unsigned), each payload `{ kind }` of its name. */
function spec(event: WebhooksSpec['event'], signature: SignatureSpec | null = PLAIN): WebhooksSpec {
  const each = signature === null ? {} : { signature };
  return { ...(event === undefined ? {} : { event }), events: { a: each, b: each } };
}

/** Each event's payload check: `{ kind }` of its name. */
const CHECKS = { a: kindIs('a'), b: kindIs('b') };

const result = (r: { ok: boolean; error?: { kind: string }; event?: { type: string } }) => (r.ok ? `ok ${r.event?.type ?? ''}` : (r.error?.kind ?? ''));

describe('signatures', () => {
  it('a plain header after its prefix, base64url, the time signed; headers in any case, or as Node lists them', async () => {
    const body = '{"kind":"a"}';
    const time = String(Math.floor(Date.now() / 1000));
    const mac = createHmac('sha256', 'k').update(`${time}|${body}`).digest('base64url');
    const s = spec({ field: ['kind'] });
    expect(result(await verify(s, { body, headers: { 'X-Sig': `v=${mac}`, 'X-Time': time } }, { secret: 'k' }, CHECKS))).toBe('ok a');
    expect(result(await verify(s, { body, headers: new Headers({ 'x-sig': `v=${mac}`, 'x-time': time }) }, { secret: 'k' }, CHECKS))).toBe('ok a');
    expect(result(await verify(s, { body, headers: { 'x-sig': [`v=${mac}`], 'x-time': time } }, { secret: 'k' }, CHECKS))).toBe('ok a');
    expect(result(await verify(s, { body, headers: { 'x-sig': mac, 'x-time': time } }, { secret: 'k' }, CHECKS))).toBe('malformed_signature');
    expect(result(await verify(s, { body, headers: { 'x-sig': `v=${mac}` } }, { secret: 'k' }, CHECKS))).toBe('malformed_signature');
  });

  it("stripe: any of several v1 signatures, other schemes' ignored; the time outside them", async () => {
    const body = '{"kind":"b"}';
    const t = Math.floor(Date.now() / 1000);
    const mac = createHmac('sha256', 'k').update(`${t}.${body}`).digest('hex');
    const s = spec({ field: ['kind'] }, STRIPE);
    expect(result(await verify(s, { body, headers: { 'stripe-signature': `t=${t},v1=${'0'.repeat(64)},v0=${mac},v1=${mac.toUpperCase()}` } }, { secret: 'k' }, CHECKS))).toBe('ok b');
    expect(result(await verify(s, { body, headers: { 'stripe-signature': `t=${t},v0=${mac}` } }, { secret: 'k' }, CHECKS))).toBe('malformed_signature');
  });

  it("an id holding replacement patterns is signed as the text it is", async () => {
    const scheme: SignatureSpec = { ...PLAIN, signed: '{id}.{timestamp}.{body}', id: 'x-id' };
    const s = spec({ header: 'x-event' }, scheme);
    const signed = await sign(s, 'a', { kind: 'a' }, { secret: 'k', id: "$&$'$`" });
    const time = signed.headers['x-time'] ?? '';
    expect(signed.headers['x-sig']).toBe(`v=${createHmac('sha256', 'k').update(`$&$'$\`.${time}.${signed.body}`).digest('base64url')}`);
    expect(result(await verify(s, signed, { secret: 'k' }, CHECKS))).toBe('ok a');
  });

  it('signs what it verifies: each scheme, each secret while they rotate', async () => {
    for (const scheme of [PLAIN, STRIPE]) {
      const s = spec({ header: 'x-event' }, scheme);
      const signed = await sign(s, 'a', { kind: 'a' }, { secret: ['new', 'old'] });
      expect(result(await verify(s, signed, { secret: 'new' }, CHECKS))).toBe('ok a');
      expect(result(await verify(s, signed, { secret: scheme.list === 'stripe' ? 'old' : 'new' }, CHECKS))).toBe('ok a');
      expect(result(await verify(s, { ...signed, body: signed.body.replace('a', 'b') }, { secret: 'new' }, CHECKS))).not.toBe('ok a');
    }
  });
});

describe('which event a delivery is', () => {
  it('the header, the payload field, the receiver, or the first payload check that accepts it', async () => {
    const body = JSON.stringify({ kind: 'b' });
    const header = spec({ header: 'x-event' }, null);
    expect(result(await parse(header, { body, headers: { 'x-event': 'b' } }, {}, CHECKS))).toBe('ok b');
    expect(result(await parse(header, { body, headers: { 'x-event': 'a' } }, {}, CHECKS))).toBe('invalid_payload');
    expect(result(await parse(spec({ field: ['kind'] }, null), { body, headers: {} }, {}, CHECKS))).toBe('ok b');
    expect(result(await parse(spec(undefined, null), { body, headers: {} }, {}, CHECKS))).toBe('ok b');
    expect(result(await parse(spec(undefined, null), { body, headers: {} }, { type: 'a' }, CHECKS))).toBe('invalid_payload');
    expect(result(await parse(spec(undefined, null), { body: '{"kind":"c"}', headers: {} }, {}, CHECKS))).toBe('unknown_event');
    expect(result(await parse(spec({ field: ['kind'] }, null), { body: '{"kind":"toString"}', headers: {} }, {}, CHECKS))).toBe('unknown_event');
    expect(result(await parse(spec({ field: ['kind'] }, null), { body: new Uint8Array([0xff, 0xfe]), headers: {} }, {}, CHECKS))).toBe('invalid_json');
  });
});

describe('nodeListener', () => {
  const respond = handler(spec({ header: 'x-event' }, null), { secret: 'unused', on: { a: () => Response.json({ seen: 'a' }) } }, CHECKS);
  const res = () => {
    const out = { statusCode: 0, headers: {} as Record<string, string>, body: '' };
    return { out, res: { set statusCode(v: number) { out.statusCode = v; }, get statusCode() { return out.statusCode; }, setHeader: (n: string, v: string) => (out.headers[n] = v), end: (b?: Uint8Array) => void (out.body = new TextDecoder().decode(b)) } };
  };
  const stream = (text: string) => ({ method: 'POST', url: '/hooks', headers: { 'x-event': 'a' }, async *[Symbol.asyncIterator]() { yield new TextEncoder().encode(text); } });

  it('reads the body from the stream, or the bytes Express left in req.body; refuses one over its limit, and says so of a body parsed before it', async () => {
    const a = res();
    await nodeListener(respond)(stream('{"kind":"a"}'), a.res);
    expect([a.out.statusCode, a.out.body]).toEqual([200, '{"seen":"a"}']);
    const express = res();
    await nodeListener(respond)({ ...stream('ignored'), body: Buffer.from('{"kind":"a"}') }, express.res);
    expect(express.out.statusCode).toBe(200);
    const parsed = res();
    await nodeListener(respond)({ ...stream(''), body: { kind: 'a' } }, parsed.res);
    expect([parsed.out.statusCode, JSON.parse(parsed.out.body).error]).toEqual([500, 'body_parsed']);
    const large = res();
    await nodeListener(respond, { limit: 8 })(stream('{"kind":"a"}'), large.res);
    expect(large.out.statusCode).toBe(413);
  });
});
