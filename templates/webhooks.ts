/**
 * Webhook deliveries (the package's `/webhooks` entry): a delivery's signature checked with Web
 * Crypto alone (Node, browsers, Deno, Bun, Workers), its body read as the contract's typed event,
 * deliveries signed (senders, tests), and a fetch-style handler. Every signature scheme is data
 * (`SignatureSpec`): the Standard Webhooks specification, Stripe's and GitHub's are tables of it,
 * as a contract's own HMAC scheme is. Nothing here throws at a delivery: every outcome is a result.
 */
import type { StandardSchemaV1, ValidationIssue } from './validate.js';

/** A signature scheme as data (the contract's `webhooks.signatures`). Header names in lower case. */
export interface SignatureSpec {
  /** The contract's name for it: a secret may be given per scheme. */
  readonly name: string;
  /** The header carrying the signatures. */
  readonly header: string;
  /**
   * How the header lists signatures: `standard`, space-separated `v1,<signature>` (others
   * ignored); `stripe`, `t=<time>,v1=<signature>,…`; `plain`, one signature after `prefix`.
   */
  readonly list: 'standard' | 'stripe' | 'plain';
  readonly prefix: string;
  readonly hash: 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';
  readonly encoding: 'hex' | 'base64' | 'base64url';
  /** How a secret is written: its UTF-8 bytes, base64, or `whsec_` and base64 (the prefix optional). */
  readonly secret: 'text' | 'base64' | 'whsec';
  /** What is signed: text with `{id}`, `{timestamp}` and `{body}` in it. */
  readonly signed: string;
  /** The header with the delivery's id. */
  readonly id?: string;
  /** The header with the delivery's Unix time in seconds (`stripe`: the signature header's `t`). */
  readonly timestamp?: string;
  /** Seconds the timestamp may be from the receiver's clock; 0: not checked. */
  readonly tolerance: number;
}

/** One event of the contract, as the runtime reads it. */
export interface WebhookEventSpec {
  /** Its scheme; none: the event is not signed. */
  readonly signature?: SignatureSpec;
  /** The headers every delivery of it carries (lower case). */
  readonly headers?: readonly string[];
  /** Its payload as the package holds it, from the checked JSON (dates as `Date`s). */
  readonly read?: (payload: unknown) => unknown;
  /** A payload as JSON sends it, from the package's (`Date`s as their strings). */
  readonly write?: (payload: unknown) => unknown;
}

export interface WebhooksSpec {
  /** Where a delivery names its event: a header, a path into the payload, or nowhere (the receiver says). */
  readonly event?: { readonly header: string } | { readonly field: readonly string[] };
  readonly events: Readonly<Record<string, WebhookEventSpec>>;
}

/**
 * The payloads' validators by event (the `/validators` entry's), when the package has them: given
 * apart from the spec, so a program that only signs carries none of them.
 */
export type PayloadChecks = Readonly<Record<string, StandardSchemaV1>>;

/** Headers as fetch, Node (`req.headers`) or a plain object hold them. */
export type WebhookHeaders = { get(name: string): string | null } | { readonly [name: string]: string | readonly string[] | undefined };

/** A delivery: its raw body, exactly as received (a signature covers its bytes), and its headers. */
export interface WebhookDelivery {
  readonly body: string | Uint8Array | ArrayBuffer;
  readonly headers: WebhookHeaders;
}

/** A fetch `Request` (its body is read), or a delivery's raw body and headers. */
export type WebhookInput = Request | WebhookDelivery;

/** A secret, or several while one replaces another (a delivery signed with any of them verifies). */
export type WebhookSecret = string | readonly string[];

export type WebhookFailureKind =
  | 'missing_secret'
  | 'missing_signature'
  | 'malformed_signature'
  | 'invalid_signature'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'unreadable_body'
  | 'invalid_json'
  | 'unknown_event'
  | 'missing_header'
  | 'invalid_payload';

export interface WebhookFailure {
  readonly kind: WebhookFailureKind;
  readonly message: string;
  /** The event the delivery named, when it was read. */
  readonly type: string | undefined;
  /** What the payload's validator found (`invalid_payload`). */
  readonly issues: readonly ValidationIssue[] | undefined;
}

export type WebhookResult<E> = { readonly ok: true; readonly event: E } | { readonly ok: false; readonly error: WebhookFailure };

/** A delivered event: `type` narrows `payload` and `headers`. */
export interface Delivered<T extends string, P, H> {
  readonly type: T;
  readonly payload: P;
  /** Every header of the delivery by lower-case name, the event's own typed. */
  readonly headers: H & { readonly [name: string]: string | undefined };
  /** The delivery's id, when its scheme carries one (a receiver's key against duplicates). */
  readonly id: string | undefined;
  /** When it was signed, when its scheme carries a time. */
  readonly timestamp: Date | undefined;
}

export interface ParseOptions<T extends string = string> {
  /** The event expected, for a contract whose deliveries do not name theirs (one URL per event). */
  readonly type?: T;
  /** Check the payload against the contract (default true, where the package has validators). */
  readonly validate?: boolean;
}

export interface VerifyOptions<T extends string = string> extends ParseOptions<T> {
  /** The secret, or one per scheme name when the contract has several. */
  readonly secret: WebhookSecret | { readonly [scheme: string]: WebhookSecret };
  /** Overrides the scheme's tolerance, in seconds (0: the timestamp is not checked). */
  readonly tolerance?: number;
  /** The receiver's clock (tests). */
  readonly now?: Date | number;
}

export interface SignOptions {
  readonly secret: WebhookSecret | { readonly [scheme: string]: WebhookSecret };
  /** Default: a new random id, where the scheme carries one. */
  readonly id?: string;
  /** Default: now. */
  readonly timestamp?: Date | number;
}

/** A signed delivery: send `body` as it is, with `headers`. */
export interface SignedWebhook {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

const encoder = new TextEncoder();

function fail(kind: WebhookFailureKind, message: string, type?: string, issues?: readonly ValidationIssue[]): { ok: false; error: WebhookFailure } {
  return { ok: false, error: { kind, message, type, issues } };
}

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof headers.get === 'function') return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    return typeof value === 'string' ? value : (value as readonly string[]).join(', ');
  }
  return undefined;
}

function allHeaders(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  if (typeof (headers as Headers).forEach === 'function' && typeof headers.get === 'function') (headers as Headers).forEach((value, key) => (out[key] = value));
  else for (const key of Object.keys(headers)) out[key.toLowerCase()] ??= headerOf(headers, key.toLowerCase()) ?? '';
  return out;
}

async function bytesOf(input: WebhookInput): Promise<Uint8Array | undefined> {
  try {
    if (typeof Request !== 'undefined' && input instanceof Request) return new Uint8Array(await input.arrayBuffer());
    const body = (input as WebhookDelivery).body;
    return typeof body === 'string' ? encoder.encode(body) : body instanceof Uint8Array ? body : new Uint8Array(body);
  } catch {
    return undefined;
  }
}

function secretsOf(secret: VerifyOptions['secret'] | undefined, scheme: SignatureSpec): readonly string[] {
  if (secret === undefined) return [];
  const given = typeof secret === 'string' || Array.isArray(secret) ? (secret as WebhookSecret) : Object.prototype.hasOwnProperty.call(secret, scheme.name) ? (secret as Record<string, WebhookSecret>)[scheme.name] : undefined;
  // An empty secret (an unset environment variable) is no secret: nothing verifies with it.
  return (given === undefined ? [] : typeof given === 'string' ? [given] : given).filter((s) => typeof s === 'string' && s !== '');
}

function base64Bytes(text: string): Uint8Array | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function keyBytes(secret: string, scheme: SignatureSpec): Uint8Array | undefined {
  if (scheme.secret === 'text') return encoder.encode(secret);
  return base64Bytes(scheme.secret === 'whsec' && secret.startsWith('whsec_') ? secret.slice(6) : secret);
}

function decode(signature: string, encoding: SignatureSpec['encoding']): Uint8Array | undefined {
  if (encoding !== 'hex') return base64Bytes(signature);
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(signature)) return undefined;
  return Uint8Array.from({ length: signature.length / 2 }, (_, i) => parseInt(signature.slice(2 * i, 2 * i + 2), 16));
}

function encode(bytes: Uint8Array, encoding: SignatureSpec['encoding']): string {
  if (encoding === 'hex') return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  const text = btoa(String.fromCharCode(...bytes));
  return encoding === 'base64' ? text : text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes a scheme signs: its template with the id, the time and the body's own bytes. */
function signedBytes(scheme: SignatureSpec, body: Uint8Array, id: string, timestamp: string): Uint8Array {
  const [before = '', after = ''] = scheme.signed.split('{body}');
  // Replaced by a function: a sender's id holding `$&` or `$'` is text, not a replacement pattern.
  const fill = (text: string) => encoder.encode(text.replace(/\{id\}/g, () => id).replace(/\{timestamp\}/g, () => timestamp));
  const head = fill(before);
  const tail = fill(after);
  const out = new Uint8Array(head.length + body.length + tail.length);
  out.set(head);
  out.set(body, head.length);
  out.set(tail, head.length + body.length);
  return out;
}

async function hmac(key: Uint8Array, hash: SignatureSpec['hash'], data: Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey('raw', key as Uint8Array<ArrayBuffer>, { name: 'HMAC', hash }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, data as Uint8Array<ArrayBuffer>));
}

/** Equal bytes, in time that depends on the lengths alone. */
function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

interface SignatureHeader {
  readonly signatures: readonly string[];
  readonly timestamp: string | undefined;
}

function readSignatures(scheme: SignatureSpec, value: string): SignatureHeader {
  if (scheme.list === 'plain') return { signatures: value.startsWith(scheme.prefix) ? [value.slice(scheme.prefix.length).trim()] : [], timestamp: undefined };
  if (scheme.list === 'standard') {
    const signatures = value
      .split(/\s+/)
      .map((part) => part.replace(/,$/, ''))
      .filter((part) => part.startsWith('v1,'))
      .map((part) => part.slice(3));
    return { signatures, timestamp: undefined };
  }
  const pairs = value.split(',').map((part) => part.trim().split('='));
  const values = (key: string) => pairs.filter(([k]) => k === key).map((pair) => pair.slice(1).join('='));
  return { signatures: values('v1'), timestamp: values('t')[0] };
}

const nowSeconds = (now: Date | number | undefined) => Math.floor((now === undefined ? Date.now() : typeof now === 'number' ? now : now.getTime()) / 1000);

type Checked = { readonly ok: true; readonly id: string | undefined; readonly timestamp: Date | undefined } | { ok: false; error: WebhookFailure };

/** Whether one of the delivery's signatures is one of the secrets' over its bytes, and in time. */
async function checkSignature(scheme: SignatureSpec, body: Uint8Array, headers: WebhookHeaders, options: VerifyOptions, type: string | undefined): Promise<Checked> {
  const secrets = secretsOf(options.secret, scheme);
  if (secrets.length === 0) return fail('missing_secret', `no secret was given for the signature scheme ${scheme.name}`, type);
  const value = headerOf(headers, scheme.header);
  if (value === undefined) return fail('missing_signature', `the delivery has no ${scheme.header} header`, type);
  const listed = readSignatures(scheme, value);
  const id = scheme.id === undefined ? undefined : headerOf(headers, scheme.id);
  if (scheme.id !== undefined && id === undefined) return fail('missing_signature', `the delivery has no ${scheme.id} header`, type);
  const time = scheme.list === 'stripe' ? listed.timestamp : scheme.timestamp === undefined ? undefined : headerOf(headers, scheme.timestamp);
  const timed = scheme.list === 'stripe' || scheme.timestamp !== undefined;
  if (listed.signatures.length === 0 || (timed && (time === undefined || !/^\d{1,12}$/.test(time)))) return fail('malformed_signature', `the delivery's ${scheme.header}${timed ? ' or timestamp' : ''} is not in the scheme's form`, type);
  const data = signedBytes(scheme, body, id ?? '', time ?? '');
  const wanted = listed.signatures.map((s) => decode(s, scheme.encoding)).filter((s): s is Uint8Array => s !== undefined);
  let match = false;
  for (const secret of secrets) {
    const key = keyBytes(secret, scheme);
    if (key === undefined || key.length === 0) return fail('missing_secret', `a secret for ${scheme.name} is not in its form (${scheme.secret})`, type);
    const expected = await hmac(key, scheme.hash, data);
    // Every candidate is compared, so the time taken does not say which one matched.
    for (const candidate of wanted) match = same(expected, candidate) || match;
  }
  if (!match) return fail('invalid_signature', 'no signature of the delivery is one of the secrets\'', type);
  const tolerance = options.tolerance ?? scheme.tolerance;
  if (timed && tolerance > 0) {
    const age = nowSeconds(options.now) - Number(time);
    if (age > tolerance) return fail('timestamp_too_old', `the delivery was signed ${age} s ago, more than the ${tolerance} s allowed`, type);
    if (-age > tolerance) return fail('timestamp_too_new', `the delivery is signed ${-age} s ahead of this clock, more than the ${tolerance} s allowed`, type);
  }
  return { ok: true, id, timestamp: time === undefined ? undefined : new Date(Number(time) * 1000) };
}

function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const key of path) v = v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, key) ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** The event's name: the receiver's word, the header's, or the payload's field. */
function nameOf(spec: WebhooksSpec, headers: WebhookHeaders, payload: unknown, options: ParseOptions): string | undefined {
  if (options.type !== undefined) return options.type;
  const where = spec.event;
  if (where === undefined) {
    const names = Object.keys(spec.events);
    return names.length === 1 ? names[0] : undefined;
  }
  const named = 'header' in where ? headerOf(headers, where.header) : at(payload, where.field);
  return typeof named === 'string' ? named : undefined;
}

async function read<E>(spec: WebhooksSpec, payloads: PayloadChecks | undefined, input: WebhookInput, options: ParseOptions, verify: VerifyOptions | undefined): Promise<WebhookResult<E>> {
  const body = await bytesOf(input);
  if (body === undefined) return fail('unreadable_body', 'the delivery\'s body could not be read');
  const headers = input.headers;
  const byHeader = options.type !== undefined || spec.event === undefined || 'header' in spec.event;
  const named = byHeader ? nameOf(spec, headers, undefined, options) : undefined;
  // The scheme is checked before the body is parsed wherever it is known without it (every event's, or the named event's): nothing unsigned is read.
  const early = verify === undefined ? undefined : (sharedScheme(spec) ?? (named === undefined ? undefined : eventOf(spec, named)?.signature));
  let checked: Checked | undefined;
  if (early !== undefined && verify !== undefined) {
    checked = await checkSignature(early, body, headers, verify, named);
    if (!checked.ok) return checked;
  }
  let payload: unknown;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
    payload = JSON.parse(text);
  } catch {
    return fail('invalid_json', 'the delivery\'s body is not JSON', named);
  }
  const type = named ?? nameOf(spec, headers, payload, options) ?? (spec.event === undefined ? byPayload(spec, payloads, payload) : undefined);
  const event = type === undefined ? undefined : eventOf(spec, type);
  if (type === undefined || event === undefined) return fail('unknown_event', type === undefined ? 'the delivery does not name its event' : `the contract has no event ${type}`, type);
  if (checked === undefined && verify !== undefined && event.signature !== undefined) {
    checked = await checkSignature(event.signature, body, headers, verify, type);
    if (!checked.ok) return checked;
  }
  for (const name of event.headers ?? []) if (headerOf(headers, name) === undefined) return fail('missing_header', `the delivery has no ${name} header`, type);
  const validator = payloads !== undefined && Object.prototype.hasOwnProperty.call(payloads, type) ? payloads[type] : undefined;
  if (options.validate !== false && validator !== undefined) {
    const result = await validator['~standard'].validate(payload);
    if (result.issues !== undefined) return fail('invalid_payload', `the ${type} payload is not the contract's: ${result.issues[0]?.message ?? ''}`, type, result.issues);
  }
  const delivered = { type, payload: event.read === undefined ? payload : event.read(payload), headers: allHeaders(headers), id: checked?.ok ? checked.id : undefined, timestamp: checked?.ok ? checked.timestamp : undefined };
  return { ok: true, event: delivered as E };
}

/**
 * The event a delivery that does not name one is, by its payload: the first of the contract's
 * events (in its order) whose payload check accepts it, where the package has validators.
 */
function byPayload(spec: WebhooksSpec, payloads: PayloadChecks | undefined, payload: unknown): string | undefined {
  if (payloads === undefined) return undefined;
  return Object.keys(spec.events).find((name) => Object.prototype.hasOwnProperty.call(payloads, name) && (payloads[name]?.['~standard'].validate(payload) as { issues?: unknown }).issues === undefined);
}

function eventOf(spec: WebhooksSpec, type: string): WebhookEventSpec | undefined {
  return Object.prototype.hasOwnProperty.call(spec.events, type) ? spec.events[type] : undefined;
}

/** The one scheme of every event, when they share it (each signed). */
function sharedScheme(spec: WebhooksSpec): SignatureSpec | undefined {
  const schemes = new Set(Object.values(spec.events).map((e) => e.signature));
  const [only] = schemes;
  return schemes.size === 1 ? only : undefined;
}

/** Checks a delivery's signature (every event of the contract that has a scheme), then reads it. */
export function verify<E>(spec: WebhooksSpec, input: WebhookInput, options: VerifyOptions, payloads?: PayloadChecks): Promise<WebhookResult<E>> {
  return read<E>(spec, payloads, input, options, options);
}

/** Reads a delivery without checking a signature: for one checked already, or an unsigned event. */
export function parse<E>(spec: WebhooksSpec, input: WebhookInput, options: ParseOptions = {}, payloads?: PayloadChecks): Promise<WebhookResult<E>> {
  return read<E>(spec, payloads, input, options, undefined);
}

function randomId(): string {
  return `msg_${encode(crypto.getRandomValues(new Uint8Array(16)), 'base64url')}`;
}

/** Signs a payload as the contract's scheme for the event does: the body to send and its headers. */
export async function sign(spec: WebhooksSpec, type: string, payload: unknown, options: SignOptions): Promise<SignedWebhook> {
  const event = eventOf(spec, type);
  const body = JSON.stringify(event?.write === undefined ? payload : event.write(payload));
  // Header names are data: one named __proto__ is defined, not assigned (which would set the prototype).
  const headers: Record<string, string> = {};
  const set = (name: string, value: string) => Object.defineProperty(headers, name, { value, enumerable: true, writable: true, configurable: true });
  set('content-type', 'application/json');
  if (spec.event !== undefined && 'header' in spec.event) set(spec.event.header, type);
  const scheme = event?.signature;
  if (scheme === undefined) return { body, headers };
  const secrets = secretsOf(options.secret, scheme);
  const id = options.id ?? randomId();
  const time = String(nowSeconds(options.timestamp));
  const data = signedBytes(scheme, encoder.encode(body), id, time);
  const signatures: string[] = [];
  for (const secret of secrets) {
    const key = keyBytes(secret, scheme);
    if (key === undefined || key.length === 0) throw new TypeError(`a secret for ${scheme.name} is not in its form (${scheme.secret})`);
    signatures.push(encode(await hmac(key, scheme.hash, data), scheme.encoding));
  }
  if (signatures.length === 0) throw new TypeError(`no secret was given for the signature scheme ${scheme.name}`);
  if (scheme.id !== undefined) set(scheme.id, id);
  if (scheme.list === 'stripe') set(scheme.header, [`t=${time}`, ...signatures.map((s) => `v1=${s}`)].join(','));
  else {
    if (scheme.timestamp !== undefined) set(scheme.timestamp, time);
    set(scheme.header, scheme.list === 'standard' ? signatures.map((s) => `v1,${s}`).join(' ') : `${scheme.prefix}${signatures[0] ?? ''}`);
  }
  return { body, headers };
}

/** What a handler of an event may answer: nothing (204), or its own response. */
export type HandlerAnswer = Response | void | undefined;

export interface HandlerOptions extends Omit<VerifyOptions, 'type'> {
  /** One function per event, each given its typed event; an event without one is acknowledged (204). */
  readonly on: { readonly [type: string]: ((event: never, request: Request) => HandlerAnswer | Promise<HandlerAnswer>) | undefined };
  /**
   * A delivery that failed: the default answers 401 to a signature's failure, 400 to a body's, and
   * 204 to an event the contract does not know (so the sender does not retry what no handler reads).
   */
  readonly onFailure?: (error: WebhookFailure, request: Request) => Response | Promise<Response>;
}

const SIGNATURE_FAILURES: ReadonlySet<WebhookFailureKind> = new Set(['missing_secret', 'missing_signature', 'malformed_signature', 'invalid_signature', 'timestamp_too_old', 'timestamp_too_new']);

function failureResponse(error: WebhookFailure): Response {
  const status = error.kind === 'unknown_event' ? 204 : SIGNATURE_FAILURES.has(error.kind) ? 401 : 400;
  return status === 204 ? new Response(null, { status }) : Response.json({ error: error.kind, message: error.message }, { status });
}

/**
 * A fetch-style handler, `(request) => Promise<Response>` (Hono, Next.js route handlers, Workers,
 * Bun, Deno): verifies each delivery and calls the event's function. A function that throws
 * answers 500, so the sender delivers again.
 */
export function handler(spec: WebhooksSpec, options: HandlerOptions, payloads?: PayloadChecks): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
    const result = await verify<{ readonly type: string }>(spec, request, options, payloads);
    if (!result.ok) return options.onFailure === undefined ? failureResponse(result.error) : options.onFailure(result.error, request);
    const on = Object.prototype.hasOwnProperty.call(options.on, result.event.type) ? options.on[result.event.type] : undefined;
    try {
      const answer = on === undefined ? undefined : await on(result.event as never, request);
      return answer ?? new Response(null, { status: 204 });
    } catch {
      return new Response(null, { status: 500 });
    }
  };
}

/** node:http's request and response, as much of them as the adapter uses (no @types/node needed). */
export interface NodeRequest extends AsyncIterable<Uint8Array | string> {
  readonly method?: string;
  readonly url?: string;
  readonly headers: { readonly [name: string]: string | readonly string[] | undefined };
  /** A body a framework read already (Express's `express.raw()`): bytes or text, used as they are. */
  readonly body?: unknown;
}

export interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string): unknown;
  end(body?: Uint8Array): unknown;
}

export interface NodeListenerOptions {
  /** The largest body read, in bytes (default 1 MiB): a larger delivery is answered 413. */
  readonly limit?: number;
}

async function nodeBody(req: NodeRequest, limit: number): Promise<Uint8Array | 'too_large' | 'parsed'> {
  if (req.body instanceof Uint8Array) return req.body;
  if (typeof req.body === 'string') return encoder.encode(req.body);
  // A body a framework parsed already (express.json()): its bytes are gone, and the signature covers them.
  if (req.body !== undefined && req.body !== null) return 'parsed';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
    size += bytes.length;
    if (size > limit) return 'too_large';
    chunks.push(bytes);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) out.set(c, (offset += c.length) - c.length);
  return out;
}

/** A fetch-style handler as a `node:http` listener (also Express's and Fastify's raw handlers). */
export function nodeListener(handle: (request: Request) => Promise<Response>, options: NodeListenerOptions = {}): (req: NodeRequest, res: NodeResponse) => Promise<void> {
  return async (req, res) => {
    const method = req.method ?? 'GET';
    const body = method === 'GET' || method === 'HEAD' ? new Uint8Array() : await nodeBody(req, options.limit ?? 1 << 20);
    let response: Response;
    if (body === 'too_large') response = new Response(null, { status: 413 });
    // The receiver's own setup is wrong, not the delivery: 500, so the sender delivers again once it is fixed.
    else if (body === 'parsed') response = Response.json({ error: 'body_parsed', message: 'the request body was parsed before the webhook listener: mount it with express.raw() (or no body parser)' }, { status: 500 });
    else {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, typeof value === 'string' ? value : value.join(', '));
      // The URL's origin is not the sender's word: a fixed one keeps Host out of it.
      const url = new URL(req.url ?? '/', 'http://localhost');
      response = await handle(new Request(url, { method, headers, ...(body.length === 0 ? {} : { body: body as Uint8Array<ArrayBuffer> }) }));
    }
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(new Uint8Array(await response.arrayBuffer()));
  };
}
