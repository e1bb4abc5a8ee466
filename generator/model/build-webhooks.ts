/**
 * The contract's `webhooks`: its signature schemes, each read into the runtime's data for it
 * (templates/webhooks.ts, `SignatureSpec`), and its events. A scheme is one flat object in the
 * format (as an auth scheme is), so the keys that apply to its type are checked here.
 */
import type { RawSignatureScheme, RawWebhooks } from '../contract-format.js';
import type { SignatureSpec } from '../../templates/webhooks.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { checkName } from './build-errors.js';
import { buildTypeRef, deprecation } from './build-type-ref.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import type { SignatureScheme, WebhookEvent, Webhooks } from './types.js';
import { parseBodyPath } from './values.js';

type SchemeKind = RawSignatureScheme['type'];
type SchemeKey = Exclude<keyof RawSignatureScheme, 'type' | 'description'>;

/** The keys each type of scheme takes besides `type` and `description`. */
const SCHEME_KEYS: Readonly<Record<SchemeKind, readonly SchemeKey[]>> = {
  standardWebhooks: ['tolerance'],
  stripe: ['tolerance', 'header'],
  github: ['header', 'algorithm'],
  hmac: ['tolerance', 'header', 'algorithm', 'encoding', 'prefix', 'signed', 'timestampHeader', 'idHeader', 'secret'],
};

const HASHES = { sha1: 'SHA-1', sha256: 'SHA-256', sha384: 'SHA-384', sha512: 'SHA-512' } as const;

/** Seconds a timestamp may be off by default: the Standard Webhooks specification's and Stripe's five minutes. */
const TOLERANCE = 300;

export function buildWebhooks(ctx: BuildContext, raw: RawWebhooks | undefined, typeNames: ReadonlySet<string>): Webhooks | undefined {
  if (raw === undefined) return undefined;
  const path = ['webhooks'];
  const schemes = entries(raw.signatures).map(([name, s]) => buildScheme(ctx, [...path, 'signatures', name], name, s));
  const names = schemes.map((s) => s.name);
  const known = (at: RawPath, name: string | undefined) => (name === undefined || checkName(ctx, at, name, names, M.unknownSignature) ? name : undefined);
  const fallback = known([...path, 'signature'], raw.signature);
  const events = entries(raw.events).map(([name, e]): WebhookEvent => {
    const at = [...path, 'events', name];
    return {
      name,
      summary: e.summary,
      description: e.description,
      payload: buildTypeRef(ctx, [...at, 'payload'], e.payload, typeNames),
      headers: entries(e.headers).map(([header, h]) => ({ name: header, type: h.type ?? 'string', required: h.required ?? false, description: h.description })),
      signature: e.signature === undefined ? fallback : known([...at, 'signature'], e.signature),
      deprecated: deprecation(e.deprecated),
      loc: ctx.loc(at, 'key'),
    };
  });
  const event = raw.event?.header !== undefined ? { kind: 'header' as const, name: raw.event.header } : raw.event?.field !== undefined ? { kind: 'field' as const, path: parseBodyPath(raw.event.field) } : undefined;
  return { event, schemes, events, loc: ctx.loc(path, 'key') };
}

function buildScheme(ctx: BuildContext, path: RawPath, name: string, raw: RawSignatureScheme): SignatureScheme {
  const allowed = SCHEME_KEYS[raw.type];
  for (const key of Object.keys(raw) as (keyof RawSignatureScheme)[]) {
    if (key !== 'type' && key !== 'description' && !allowed.includes(key)) ctx.report(M.misplacedSignatureKey, [...path, key], { key, type: raw.type }, 'key');
  }
  return { name, kind: raw.type, description: raw.description, spec: schemeSpec(ctx, path, name, raw), loc: ctx.loc(path, 'key') };
}

const lower = (header: string | undefined) => header?.toLowerCase();

function schemeSpec(ctx: BuildContext, path: RawPath, name: string, raw: RawSignatureScheme): SignatureSpec {
  const tolerance = raw.tolerance ?? TOLERANCE;
  switch (raw.type) {
    case 'standardWebhooks':
      return { name, header: 'webhook-signature', list: 'standard', prefix: '', hash: 'SHA-256', encoding: 'base64', secret: 'whsec', signed: '{id}.{timestamp}.{body}', id: 'webhook-id', timestamp: 'webhook-timestamp', tolerance };
    case 'stripe':
      return { name, header: lower(raw.header) ?? 'stripe-signature', list: 'stripe', prefix: '', hash: 'SHA-256', encoding: 'hex', secret: 'text', signed: '{timestamp}.{body}', tolerance };
    case 'github': {
      const algorithm = raw.algorithm ?? 'sha256';
      const header = lower(raw.header) ?? (algorithm === 'sha1' ? 'x-hub-signature' : `x-hub-signature-${algorithm.slice(3)}`);
      return { name, header, list: 'plain', prefix: `${algorithm}=`, hash: HASHES[algorithm], encoding: 'hex', secret: 'text', signed: '{body}', tolerance: 0 };
    }
    case 'hmac':
      return hmacSpec(ctx, path, name, raw);
  }
}

function hmacSpec(ctx: BuildContext, path: RawPath, name: string, raw: RawSignatureScheme): SignatureSpec {
  const needs = [
    ['header', 'which header carries the signature'],
    ['algorithm', 'which hash the HMAC uses'],
    ['encoding', 'how the signature is written (hex, base64, base64url)'],
  ] as const;
  for (const [key, what] of needs) if (raw[key] === undefined) ctx.report(M.missingSignatureKey, path, { key, what }, 'key');
  const signed = raw.signed ?? '{body}';
  const parts = [
    ['timestamp', 'timestampHeader', raw.timestampHeader],
    ['id', 'idHeader', raw.idHeader],
  ] as const;
  for (const [part, key, value] of parts) if (signed.includes(`{${part}}`) && value === undefined) ctx.report(M.signedWithoutHeader, [...path, 'signed'], { part, key }, 'value');
  const timestamp = lower(raw.timestampHeader);
  return {
    name,
    header: lower(raw.header) ?? '',
    list: 'plain',
    prefix: raw.prefix ?? '',
    hash: HASHES[raw.algorithm ?? 'sha256'],
    encoding: raw.encoding ?? 'hex',
    secret: raw.secret ?? 'text',
    signed,
    ...(raw.idHeader === undefined ? {} : { id: lower(raw.idHeader) }),
    ...(timestamp === undefined ? {} : { timestamp }),
    tolerance: timestamp === undefined ? 0 : (raw.tolerance ?? TOLERANCE),
  };
}
