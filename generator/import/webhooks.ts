/**
 * A description's webhooks → the contract's `webhooks`: OpenAPI 3.1 `webhooks`, the `x-webhooks`
 * extension (3.0 descriptions that had no place for them, GitHub's among them), and 3.0
 * `callbacks` whose requests carry a JSON body (an event the API sends to a URL it was given).
 * Each operation with a JSON request body is an event, its body the payload. The scheme that signs
 * it is read from the signature headers it lists (Standard Webhooks, Stripe, GitHub); where the
 * payloads name their event (a field every payload has, whose values include the event's name),
 * that field says which event a delivery is. A document contractgen wrote says both itself.
 */
import { TOKEN } from '../../templates/params.js';
import { setOwn } from '../records.js';
import { isObject, text, type ImportContext, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { propertiesOf, propertySchema, resolve } from './refs.js';
import { typeRef, type SchemaTypes } from './schemas.js';

type Path = readonly (string | number)[];

const METHODS = ['post', 'put', 'patch', 'get', 'delete'] as const;

/** Headers no event declares as its own: HTTP's, and what the sender's software says of itself. */
const NOT_OWN = new Set(['content-type', 'content-length', 'user-agent', 'accept', 'authorization', 'host']);

/** The schemes a description names by the headers its deliveries carry, first match first. */
const SCHEMES: readonly { readonly name: string; readonly headers: readonly string[]; readonly scheme: Out }[] = [
  { name: 'standardWebhooks', headers: ['webhook-signature', 'webhook-id', 'webhook-timestamp'], scheme: { type: 'standardWebhooks' } },
  { name: 'stripe', headers: ['stripe-signature'], scheme: { type: 'stripe' } },
  { name: 'github', headers: ['x-hub-signature-256'], scheme: { type: 'github' } },
  { name: 'githubSha1', headers: ['x-hub-signature'], scheme: { type: 'github', algorithm: 'sha1' } },
];

interface Found {
  readonly name: string;
  readonly operation: JsonObject;
  readonly item: JsonObject;
  readonly at: Path;
}

interface Event {
  readonly name: string;
  readonly schema: Json;
  readonly out: Out;
  /** Its header parameters, and their names in lower case. */
  readonly params: readonly HeaderParam[];
  readonly headers: readonly string[];
  readonly operation: JsonObject;
  readonly at: Path;
}

export function importWebhooks(ctx: ImportContext, types: SchemaTypes): Out | undefined {
  const found = [...declared(ctx, 'webhooks'), ...declared(ctx, 'x-webhooks'), ...callbacks(ctx)];
  const events: Event[] = [];
  const names = new Set<string>();
  for (const f of found) {
    const event = importEvent(ctx, types, f, names);
    if (event !== undefined) events.push(event);
  }
  if (events.length === 0) return undefined;
  const extension = ctx.exported && isObject(ctx.doc['x-contractgen-webhooks']) ? ctx.doc['x-contractgen-webhooks'] : undefined;
  return extension !== undefined ? exportedSection(ctx, events, extension) : inferredSection(ctx, events);
}

/**
 * `webhooks` or `x-webhooks`: name → path item, each operation of it an event (named by the key,
 * and its method where it has several). Some `x-webhooks` are written as callbacks are (name →
 * expression → path item): read so.
 */
function declared(ctx: ImportContext, key: 'webhooks' | 'x-webhooks'): Found[] {
  const section = ctx.doc[key];
  if (!isObject(section)) return [];
  return Object.keys(section).flatMap((name) => {
    const direct = operationsOf(ctx, name, section[name], [key, name]);
    const entry = section[name];
    if (direct.length > 0 || !isObject(entry) || key !== 'x-webhooks') return direct;
    return Object.entries(entry).flatMap(([expression, item]) => operationsOf(ctx, name, item, [key, name, expression]));
  });
}

/** Every operation's `callbacks`: callback name → expression → path item. */
function callbacks(ctx: ImportContext): Found[] {
  const paths = ctx.doc['paths'];
  if (!isObject(paths)) return [];
  const out: Found[] = [];
  for (const [route, rawItem] of Object.entries(paths)) {
    const item = resolve(ctx, rawItem, ['paths', route]);
    if (item === undefined || !isObject(item.value)) continue;
    for (const method of [...METHODS, 'head', 'options'] as const) {
      const operation = item.value[method];
      if (!isObject(operation) || !isObject(operation['callbacks'])) continue;
      for (const [name, rawCallback] of Object.entries(operation['callbacks'])) {
        const callback = resolve(ctx, rawCallback, [...item.pointer, method, 'callbacks', name]);
        if (callback === undefined || !isObject(callback.value)) continue;
        for (const [expression, pathItem] of Object.entries(callback.value)) out.push(...operationsOf(ctx, name, pathItem, [...callback.pointer, expression]));
      }
    }
  }
  return out;
}

function operationsOf(ctx: ImportContext, name: string, raw: Json | undefined, at: Path): Found[] {
  const item = resolve(ctx, raw, at);
  if (item === undefined || !isObject(item.value)) return [];
  const ops = METHODS.filter((m) => isObject((item.value as JsonObject)[m]));
  return ops.map((m) => ({ name: ops.length === 1 ? name : `${name} ${m.toUpperCase()}`, operation: (item.value as JsonObject)[m] as JsonObject, item: item.value as JsonObject, at: [...item.pointer, m] }));
}

function importEvent(ctx: ImportContext, types: SchemaTypes, f: Found, names: Set<string>): Event | undefined {
  const body = resolve(ctx, f.operation['requestBody'], [...f.at, 'requestBody']);
  const content = body !== undefined && isObject(body.value) ? body.value['content'] : undefined;
  const media = isObject(content) ? Object.keys(content).find((m) => m === 'application/json' || /^application\/[^;]*\+json$/.test(m) || m === '*/*') : undefined;
  const entry = media === undefined || !isObject(content) ? undefined : content[media];
  if (entry === undefined || !isObject(entry) || entry['schema'] === undefined || body === undefined) {
    ctx.warn(f.at, 'webhook-dropped', `the event ${JSON.stringify(f.name)} is left out: its request has no JSON body for a payload`);
    return undefined;
  }
  // Names are data, but each once: a callback name used by two operations keeps the first.
  let name = f.name.slice(0, 200);
  for (let n = 2; names.has(name); n++) name = `${f.name.slice(0, 190)} ${n}`;
  names.add(name);
  const at = [...body.pointer, 'content', media ?? '', 'schema'];
  const schema = entry['schema'];
  const payload = typeRef(ctx, types, schema, at, 0);
  const headers = headerParameters(ctx, f);
  ctx.origin(['webhooks', 'events', name], f.at);
  const out: Out = {
    summary: text(f.operation['summary']),
    description: ctx.ownDescription(f.operation),
    payload,
    deprecated: ctx.deprecation(f.operation),
  };
  return { name, schema, out, params: headers, headers: headers.map((h) => h.name.toLowerCase()), operation: f.operation, at: f.at };
}

interface HeaderParam {
  readonly name: string;
  readonly p: JsonObject;
}

/** The header parameters of the path item and the operation, the operation's replacing the item's. */
function headerParameters(ctx: ImportContext, f: Found): HeaderParam[] {
  const byName = new Map<string, HeaderParam>();
  const collect = (list: Json | undefined, at: Path) => {
    if (!Array.isArray(list)) return;
    for (const [i, entry] of list.entries()) {
      const resolved = resolve(ctx, entry, [...at, i]);
      if (resolved === undefined || !isObject(resolved.value)) continue;
      const p = resolved.value;
      if (p['in'] !== 'header' || typeof p['name'] !== 'string' || !TOKEN.test(p['name'])) continue;
      byName.set(p['name'].toLowerCase(), { name: p['name'], p });
    }
  };
  collect(f.item['parameters'], [...f.at.slice(0, -1), 'parameters']);
  collect(f.operation['parameters'], [...f.at, 'parameters']);
  return [...byName.values()];
}

/** The event's own headers: neither its scheme's nor HTTP's (nor, in an export, the ones it marks as its scheme's). */
function ownHeaders(params: readonly HeaderParam[], skip: ReadonlySet<string>, exported: boolean): OutValue {
  const list = params.filter((h) => !skip.has(h.name.toLowerCase()) && !NOT_OWN.has(h.name.toLowerCase()) && !(exported && h.p['x-contractgen-scheme-header'] === true));
  if (list.length === 0) return undefined;
  const headers: Out = {};
  for (const { name, p } of list) {
    const schema = isObject(p['schema']) ? p['schema'] : {};
    const type = schema['type'];
    setOwn(headers, name, { type: typeof type === 'string' && ['integer', 'number', 'boolean'].includes(type) ? type : undefined, required: p['required'] === true ? true : undefined, description: text(p['description']) });
  }
  return headers;
}

/** What a document contractgen wrote says: where the event is named, the schemes as written, each event's scheme. */
function exportedSection(ctx: ImportContext, events: readonly Event[], extension: JsonObject): Out {
  const out: Out = {};
  for (const e of events) {
    setOwn(out, e.name, { ...e.out, headers: ownHeaders(e.params, new Set(), true), signature: signatureOf(e) });
  }
  return { event: extension['event'] as OutValue, signatures: extension['signatures'] as OutValue, events: out };
}

function signatureOf(e: Event): OutValue {
  const name = e.operation['x-contractgen-signature'];
  return typeof name === 'string' ? name : undefined;
}

/** A description's webhooks: each event's scheme by the headers it lists, and the field that names the event where every payload has one. */
function inferredSection(ctx: ImportContext, events: readonly Event[]): Out {
  const signatures: Out = {};
  const out: Out = {};
  const field = namingField(ctx, events);
  let unsigned = 0;
  for (const e of events) {
    const known = SCHEMES.find((s) => s.headers.every((h) => e.headers.includes(h)));
    if (known === undefined) unsigned++;
    else setOwn(signatures, known.name, known.scheme);
    setOwn(out, e.name, { ...e.out, headers: ownHeaders(e.params, new Set(known?.headers ?? []), false), signature: known?.name });
  }
  if (unsigned > 0) {
    const [first] = events;
    ctx.warn(first === undefined ? [] : first.at, 'webhook-unsigned', `${unsigned} of the ${events.length} webhook events list no signature header the contract reads (Standard Webhooks, Stripe, GitHub): they import unsigned; give them a scheme under webhooks.signatures with an overlay`);
  }
  return { event: field === undefined ? undefined : { field }, signatures: Object.keys(signatures).length === 0 ? undefined : signatures, events: out };
}

/** A top-level payload field whose schema lists each event's own name (an enum or a const), in every payload. */
function namingField(ctx: ImportContext, events: readonly Event[]): string | undefined {
  let candidates: Set<string> | undefined;
  for (const e of events) {
    const named = new Set<string>();
    for (const [key, property] of propertiesOf(ctx, e.schema, e.at)) {
      const schema = propertySchema(ctx, property);
      if (schema === undefined) continue;
      const values = Array.isArray(schema['enum']) ? schema['enum'] : 'const' in schema ? [schema['const']] : [];
      if (values.includes(e.name)) named.add(key);
    }
    candidates = candidates === undefined ? named : new Set([...candidates].filter((k) => named.has(k)));
    if (candidates.size === 0) return undefined;
  }
  const [first] = candidates ?? [];
  return first !== undefined && /^[A-Za-z0-9_$-]+$/.test(first) ? first : undefined;
}
