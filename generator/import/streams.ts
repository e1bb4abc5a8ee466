/**
 * Streamed successes of a description: server-sent events, JSON lines and JSON text sequences.
 * OpenAPI 3.2 describes each item with `itemSchema` (for `text/event-stream`, the event after
 * parsing: `event`, `data`, `id`, `retry`, told apart by `event`'s const); descriptions written for
 * 3.0 and 3.1 give `schema` as the type of one event's data (OpenAI's), or of each line. A document
 * `contractgen openapi` wrote carries the 3.2 form as `x-itemSchema` and the rest of the contract's
 * word as `x-contractgen-stream`.
 */
import { isObject, text, type ImportContext, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { propertiesOf, resolve, resolveQuietly } from './refs.js';
import { isJsonMediaType } from '../model/values.js';
import { typeRef, type SchemaTypes } from './schemas.js';

type Path = readonly (string | number)[];
type Format = 'sse' | 'jsonl' | 'json-seq';

/** Whether a success's media type is its stream: a sequential media type, or bytes a contractgen export marks as streamed. */
export function isStreamMedia(media: string, entry: Json | undefined): boolean {
  return streamFormat(media) !== undefined || exportedBinary(entry);
}

function exportedBinary(entry: Json | undefined): boolean {
  const declared = isObject(entry) ? entry['x-contractgen-stream'] : undefined;
  return isObject(declared) && declared['format'] === 'binary';
}

/** The sequential media types, by the format they are read in. */
function streamFormat(media: string): Format | undefined {
  if (media === 'text/event-stream') return 'sse';
  if (media === 'application/jsonl' || media === 'application/x-ndjson' || media === 'application/x-jsonlines' || media === 'application/jsonlines') return 'jsonl';
  if (media === 'application/json-seq' || media.endsWith('+json-seq')) return 'json-seq';
  return undefined;
}

/** A media type of a success, as the stream reader sees it. */
export interface StreamMedia {
  readonly media: string;
  /** The Media Type Object as written. */
  readonly entry: Json | undefined;
  readonly at: Path;
}

interface Reading {
  readonly ctx: ImportContext;
  readonly types: SchemaTypes;
}

/** The operation a success belongs to, which its stream reads only when it has one. */
export interface StreamOperation {
  readonly operation: JsonObject;
  readonly path: Path;
}

/** The success a stream is read for: its operation, the Response Object, whether other media types carry a body beside the stream. */
interface StreamSuccess extends StreamOperation {
  readonly response: JsonObject;
  readonly besideBody: boolean;
}

/**
 * The contract's `stream` for the first sequential media type of a success, or undefined where it
 * has none. A terminator such as OpenAI's `[DONE]` is only ever written in prose (the operation's,
 * the response's, the request's `stream…` fields'); beside a body, the request field that asks for
 * the stream (OpenAI's and Anthropic's `stream`) is its `when`.
 */
export function importStream(reading: Reading, media: readonly StreamMedia[], success: StreamSuccess): Out | undefined {
  // The caller hands over a success's stream media types only: the first is its stream.
  const first = media[0];
  if (first === undefined) return undefined;
  const entry = isObject(first.entry) ? first.entry : {};
  const declared = isObject(entry['x-contractgen-stream']) ? entry['x-contractgen-stream'] : undefined;
  if (exportedBinary(entry)) return { format: 'binary', contentType: first.media === 'application/octet-stream' ? undefined : first.media, ...streamOptions(declared ?? {}, 'binary') };
  const format = streamFormat(first.media) as Format;
  const itemKey = entry['itemSchema'] !== undefined ? 'itemSchema' : entry['x-itemSchema'] !== undefined ? 'x-itemSchema' : undefined;
  const at = [...first.at, itemKey ?? 'schema'];
  const out: Out = { format, contentType: first.media === DEFAULT_MEDIA[format] ? undefined : first.media };
  if (format === 'sse') Object.assign(out, itemKey === undefined ? eventsOfData(reading, entry['schema'], at) : eventsOfItem(reading, entry[itemKey], at));
  else out['item'] = lineItem(reading, itemKey === undefined ? entry['schema'] : entry[itemKey], at, itemKey === undefined);
  // A contractgen export writes no schema for text data of no declared type.
  if (itemKey === 'x-itemSchema' && entry['schema'] === undefined && out['data'] === 'string') delete out['data'];
  if (declared !== undefined) return { ...out, ...streamOptions(declared, format) };
  const { ctx } = reading;
  const { operation, path } = success;
  if (success.besideBody) {
    const when = streamSelector(ctx, operation, path);
    if (when !== undefined) out['when'] = when;
  }
  // An event named error is the failure of the stream, as Anthropic's and OpenAI's Assistants' are.
  if (isObject(out['events']) && Object.hasOwn(out['events'], 'error')) {
    ctx.warn(first.at, 'approximated', "the event 'error' is read as the stream's failure: it ends the iteration with its data");
    out['error'] = 'error';
  }
  if (format === 'sse') {
    const terminator = terminatorIn([text(success.response['description']), ...streamProse(ctx, operation, path)]);
    if (terminator !== undefined) {
      ctx.warn(first.at, 'approximated', `the stream's end, data: ${terminator}, is read from the description's prose`);
      out['terminator'] = terminator;
    }
  }
  return out;
}

const DEFAULT_MEDIA: Readonly<Record<Format, string>> = { sse: 'text/event-stream', jsonl: 'application/jsonl', 'json-seq': 'application/json-seq' };

/** A line's or sequence item's type: 3.2's `itemSchema`, or a 3.0/3.1 `schema` (an array of them, as 3.2 reads the whole, or one). */
function lineItem(reading: Reading, schema: Json | undefined, at: Path, whole: boolean): OutValue {
  if (schema === undefined) return 'unknown';
  const resolved = whole ? resolveQuietly(reading.ctx, schema) : undefined;
  if (isObject(resolved) && resolved['type'] === 'array' && resolved['items'] !== undefined) return typeRef(reading.ctx, reading.types, resolved['items'], [...at, 'items'], 0);
  return typeRef(reading.ctx, reading.types, schema, at, 0);
}

/** 3.0/3.1: `schema` is the type of every event's data, unless it is the event itself (`{ event: const, data }`, or a union of such). */
function eventsOfData(reading: Reading, schema: Json | undefined, at: Path): Out {
  if (schema === undefined) return {};
  const envelopes = envelopesOf(reading.ctx, schema, at);
  if (envelopes !== undefined) return eventsOut(reading, envelopes);
  return { data: typeRef(reading.ctx, reading.types, schema, at, 0) };
}

/** 3.2: `itemSchema` is the event as parsed; its `data` says its type with `contentSchema` (JSON) or is text. */
function eventsOfItem(reading: Reading, schema: Json | undefined, at: Path): Out {
  const envelopes = envelopesOf(reading.ctx, schema, at) ?? [envelope(reading.ctx, schema, at, true)].filter((e): e is Envelope => e !== undefined);
  if (envelopes.length === 0) return { data: 'string' };
  const named = envelopes.filter((e) => e.name !== undefined);
  // One kind of event, however named: `data`, its events not told apart.
  if (envelopes.length === 1 && named.length === 0) return { data: dataType(reading, envelopes[0] as Envelope) };
  return eventsOut(reading, envelopes);
}

interface Envelope {
  /** `event`'s one value; undefined: any name (the WHATWG default is `message`). */
  readonly name: string | undefined;
  readonly data: Json | undefined;
  readonly dataAt: Path;
}

function eventsOut(reading: Reading, envelopes: readonly Envelope[]): Out {
  const events: Out = {};
  for (const e of envelopes) {
    const name = e.name ?? 'message';
    if (Object.hasOwn(events, name)) continue;
    Object.defineProperty(events, name, { value: dataType(reading, e), enumerable: true, writable: true, configurable: true });
  }
  return { events };
}

/** The type of an envelope's data: its `contentSchema` when its `contentMediaType` is JSON, the schema itself when it is not a string (3.1 envelopes), else text. */
function dataType(reading: Reading, e: Envelope): OutValue {
  const data = resolveQuietly(reading.ctx, e.data);
  if (!isObject(data)) return 'string';
  if (data['contentSchema'] !== undefined) return typeRef(reading.ctx, reading.types, data['contentSchema'], [...e.dataAt, 'contentSchema'], 0);
  if (data['type'] === 'string' || data['type'] === undefined) return 'string';
  return typeRef(reading.ctx, reading.types, e.data, e.dataAt, 0);
}

/** The envelopes of a union of events (`oneOf`/`anyOf` branches, each with an `event` of one value), or of one event with a named `event`. */
function envelopesOf(ctx: ImportContext, schema: Json | undefined, at: Path): Envelope[] | undefined {
  // A `$ref` beside `oneOf` (3.1 and later allow siblings) is read as its base, not followed away from the branches.
  const branching = isObject(schema) && (Array.isArray(schema['oneOf']) || Array.isArray(schema['anyOf']));
  const resolved = branching ? { value: schema, pointer: at } : resolve(ctx, schema, at);
  if (resolved === undefined || !isObject(resolved.value)) return undefined;
  const s = resolved.value;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const branches = s[key];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    const found = branches.map((b, i) => envelope(ctx, mergeBase(s, b), [...resolved.pointer, key, i], false));
    return found.every((e): e is Envelope => e !== undefined && e.name !== undefined) ? found : undefined;
  }
  const one = envelope(ctx, schema, at, false);
  return one?.name === undefined ? undefined : [one];
}

/** A branch read with the properties of the schema it branches from (3.2's example: `$ref: Event` beside `oneOf`); the branch's own win. */
function mergeBase(base: JsonObject, branch: Json): Json {
  const { oneOf: _one, anyOf: _any, ...rest } = base;
  return { allOf: [branch, rest] };
}

/** An event envelope: an object with `data` (and `event` naming it when `named` is not required). */
function envelope(ctx: ImportContext, schema: Json | undefined, at: Path, anyName: boolean): Envelope | undefined {
  const properties = propertiesOf(ctx, schema, at);
  const data = properties.get('data');
  const event = properties.get('event');
  if (data === undefined && !anyName) return undefined;
  const name = event === undefined ? undefined : oneValue(resolveQuietly(ctx, event.schema));
  if (!anyName && name === undefined) return undefined;
  return { name, data: data?.schema, dataAt: data?.at ?? at };
}

function oneValue(schema: Json | undefined): string | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema['const'] === 'string') return schema['const'];
  const values = schema['enum'];
  return Array.isArray(values) && values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
}

/** What a contractgen export says of its stream beyond the types. */
function streamOptions(declared: JsonObject, format: Format | 'binary'): Out {
  const out: Out = {};
  if (format === 'sse') {
    if (typeof declared['terminator'] === 'string') out['terminator'] = declared['terminator'];
    if (typeof declared['error'] === 'string' && declared['error'] !== '') out['error'] = declared['error'];
    if (declared['resumable'] === true) out['resumable'] = true;
  }
  const when = declared['when'];
  if (isObject(when) && typeof when['field'] === 'string') {
    const equals = when['equals'];
    out['when'] = { field: when['field'], equals: typeof equals === 'string' || typeof equals === 'number' || typeof equals === 'boolean' ? equals : undefined };
  }
  const idle = declared['idleTimeoutMs'];
  if (typeof idle === 'number' && Number.isInteger(idle) && idle >= 0) out['idleTimeoutMs'] = idle;
  if (text(declared['description']) !== undefined) out['description'] = declared['description'];
  return out;
}

/** `[DONE]`-style data that ends a stream, as prose writes it: ``data: [DONE]``. */
function terminatorIn(prose: readonly (string | undefined)[]): string | undefined {
  for (const p of prose) {
    const found = p === undefined ? undefined : /data: ?(\[[A-Z_]{1,20}\])/.exec(p);
    if (found !== null && found !== undefined) return found[1];
  }
  return undefined;
}

/**
 * Where a description writes how its stream ends: the operation's words, and those of its request's
 * fields named `stream…` and of their own fields (OpenAI's `[DONE]` is in `stream_options.include_usage`).
 */
function streamProse(ctx: ImportContext, operation: JsonObject, path: Path): (string | undefined)[] {
  const schema = jsonRequestSchema(ctx, operation);
  const at = [...path, 'requestBody'];
  const fields = schema === undefined ? [] : [...propertiesOf(ctx, schema, at)].filter(([name]) => name.startsWith('stream'));
  return [text(operation['description']), text(operation['summary']), ...fields.flatMap(([, f]) => descriptions(ctx, f.schema, 3))];
}

/**
 * The request body field that asks for a stream: a boolean `stream` (OpenAI's, Anthropic's), or a
 * `stream…` enum holding `sse` (OpenAI's speech `stream_format`).
 */
function streamSelector(ctx: ImportContext, operation: JsonObject, path: Path): Out | undefined {
  const schema = jsonRequestSchema(ctx, operation);
  if (schema === undefined) return undefined;
  for (const [name, field] of propertiesOf(ctx, schema, [...path, 'requestBody'])) {
    const values = scalarKinds(ctx, field.schema);
    if (name === 'stream' && values.types.has('boolean')) return { field: name };
    if (name.startsWith('stream') && values.enum.includes('sse')) return { field: name, equals: 'sse' };
  }
  return undefined;
}

/** The schema of an operation's JSON request body, as written. */
function jsonRequestSchema(ctx: ImportContext, operation: JsonObject): Json | undefined {
  const body = resolveQuietly(ctx, operation['requestBody']);
  const content = isObject(body) && isObject(body['content']) ? body['content'] : {};
  const json = Object.entries(content).find(([media]) => isJsonMediaType(media));
  return json !== undefined && isObject(json[1]) ? json[1]['schema'] : undefined;
}

/** The JSON types and enum values a schema allows, through references and `anyOf`/`oneOf` members (a nullable boolean is `anyOf: [boolean, null]`). */
function scalarKinds(ctx: ImportContext, value: Json | undefined, depth = 0): { types: Set<string>; enum: Json[] } {
  const out = { types: new Set<string>(), enum: [] as Json[] };
  const s = resolveQuietly(ctx, value);
  if (!isObject(s) || depth > 4) return out;
  for (const t of Array.isArray(s['type']) ? s['type'] : [s['type']]) if (typeof t === 'string') out.types.add(t);
  if (Array.isArray(s['enum'])) out.enum.push(...s['enum']);
  for (const key of ['anyOf', 'oneOf']) {
    const members = s[key];
    if (!Array.isArray(members)) continue;
    for (const m of members) {
      const inner = scalarKinds(ctx, m, depth + 1);
      for (const t of inner.types) out.types.add(t);
      out.enum.push(...inner.enum);
    }
  }
  return out;
}

/** The descriptions of a schema and of what it is made of (properties, union members), `depth` levels down. */
function descriptions(ctx: ImportContext, value: Json | undefined, depth: number): (string | undefined)[] {
  const s = resolveQuietly(ctx, value);
  if (!isObject(s)) return [];
  const parts = [...(isObject(s['properties']) ? Object.values(s['properties']) : []), ...['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as Json[]) : []))];
  return [text(s['description']), ...(depth === 0 ? [] : parts.flatMap((p) => descriptions(ctx, p, depth - 1)))];
}
