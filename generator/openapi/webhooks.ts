/**
 * The contract's webhooks in the OpenAPI document: each event a `webhooks` entry (OpenAPI 3.1), a
 * `post` whose JSON request body is the payload and whose header parameters are the event's own
 * and its signature's; and what OpenAPI has no place for (where a delivery names its event, the
 * schemes as the contract wrote them) in `x-contractgen-webhooks`, from which an import reads the
 * section back as it was.
 */
import type { Knowledge } from '../model/knowledge.js';
import type { SignatureScheme, WebhookEvent, Webhooks } from '../model/types.js';
import { ownText, paragraphs, type Json, type JsonObject } from './json.js';
import { typeRefSchema } from './schemas.js';
import { setOwn } from '../records.js';

const ALGORITHMS = { 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-384': 'sha384', 'SHA-512': 'sha512' } as const;

export function webhookItems(webhooks: Webhooks | undefined, k: Knowledge): { readonly webhooks: JsonObject | undefined; readonly extension: JsonObject | undefined } {
  if (webhooks === undefined) return { webhooks: undefined, extension: undefined };
  const schemes = new Map(webhooks.schemes.map((s) => [s.name, s]));
  const items: Record<string, Json> = {};
  // Event names are data: `__proto__` is an own key, not the prototype.
  for (const event of webhooks.events) setOwn(items, event.name, { post: eventOperation(event, event.signature === undefined ? undefined : schemes.get(event.signature), webhooks, k) });
  const where = webhooks.event;
  const extension: JsonObject = {
    event: where === undefined ? undefined : where.kind === 'header' ? { header: where.name } : { field: where.path.join('.') },
    signatures: webhooks.schemes.length === 0 ? undefined : Object.fromEntries(webhooks.schemes.map((s) => [s.name, schemeKeys(s)])),
  };
  return { webhooks: items, extension };
}

function eventOperation(event: WebhookEvent, scheme: SignatureScheme | undefined, webhooks: Webhooks, k: Knowledge): JsonObject {
  const header = (name: string, required: boolean, description: string | undefined, own: boolean): JsonObject => ({ name, in: 'header', required: required ? true : undefined, description, schema: { type: 'string' }, 'x-contractgen-scheme-header': own ? undefined : true });
  const named = webhooks.event?.kind === 'header' ? [header(webhooks.event.name, true, 'The event the delivery is.', false)] : [];
  const signed = scheme === undefined ? [] : signatureHeaders(scheme).map((name) => header(name, true, undefined, false));
  const own = event.headers.map((h) => ({ ...header(h.name, h.required, h.description, true), schema: { type: h.type } }));
  const parameters = [...named, ...signed, ...own];
  const description = paragraphs([event.description, event.deprecated?.message === undefined ? undefined : `Deprecated: ${event.deprecated.message}`]);
  return {
    summary: event.summary,
    description,
    deprecated: event.deprecated === undefined ? undefined : true,
    parameters: parameters.length === 0 ? undefined : parameters,
    requestBody: { required: true, content: { 'application/json': { schema: typeRefSchema(event.payload, k) } } },
    responses: { '2XX': { description: 'The delivery was received.' } },
    'x-contractgen-description': ownText(description, event.description),
    'x-contractgen-deprecated': event.deprecated?.message,
    'x-contractgen-signature': event.signature,
  };
}

/** The headers a scheme's deliveries carry (as the runtime reads them, lower case). */
function signatureHeaders(scheme: SignatureScheme): string[] {
  return [scheme.spec.id, scheme.spec.list === 'stripe' ? undefined : scheme.spec.timestamp, scheme.spec.header].filter((h): h is string => h !== undefined);
}

/** A scheme as the contract writes it: the keys that give the model's spec again. */
function schemeKeys(scheme: SignatureScheme): JsonObject {
  const spec = scheme.spec;
  const base = { type: scheme.kind, description: scheme.description };
  switch (scheme.kind) {
    case 'standardWebhooks':
      return { ...base, tolerance: spec.tolerance };
    case 'stripe':
      return { ...base, header: spec.header, tolerance: spec.tolerance };
    case 'github':
      return { ...base, header: spec.header, algorithm: ALGORITHMS[spec.hash] };
    case 'hmac':
      return {
        ...base,
        header: spec.header,
        algorithm: ALGORITHMS[spec.hash],
        encoding: spec.encoding,
        prefix: spec.prefix === '' ? undefined : spec.prefix,
        signed: spec.signed,
        timestampHeader: spec.timestamp,
        idHeader: spec.id,
        tolerance: spec.timestamp === undefined ? undefined : spec.tolerance,
        secret: spec.secret,
      };
  }
}
