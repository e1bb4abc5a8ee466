/**
 * Where a body that travels as JSON would hold bytes. JSON carries none: a `binary` inside a JSON
 * request body goes out as JSON.stringify writes a Uint8Array (`{"0":37,"1":80,…}`), and one inside
 * a JSON success or an error shape's body is typed `Uint8Array` where the client reads whatever
 * the server wrote there (a base64 string, most often). Bytes travel as a whole body of their own
 * media type, or as a part of a multipart/form-data body: a field of the body, or an item of an
 * array field; an object or map part is written as JSON again.
 *
 * One walk over the bodies: each named type is walked once as JSON (and once per multipart level
 * it is met at), so a contract of thousands of types costs one pass over them.
 */
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import type { Lookup } from './check-value.js';
import type { BuildContext, RawPath } from './context.js';
import { childRefs } from './unions.js';
import { formatStatus, isJsonMediaType, mediaEssence } from './values.js';
import type { Contract, Field, NamedType, ResponseSpec, TypeRef } from './types.js';

/** The body that carries a `binary` as JSON. */
export type JsonCarrier =
  | { readonly kind: 'request'; readonly endpoint: string; readonly media: string }
  | { readonly kind: 'part'; readonly endpoint: string }
  | { readonly kind: 'response'; readonly endpoint: string; readonly status: string }
  | { readonly kind: 'shape'; readonly shape: string };

export interface BytesInJson {
  /** Where the `binary` is written: a field, an array's items, a map's values, a union's member, a named type, a body. */
  readonly path: RawPath;
  /** A body that carries it as JSON: the first to reach it (bodies in contract order, then the types they name). */
  readonly carrier: JsonCarrier;
}

/** How a body's type is written: as JSON; or as multipart/form-data: the body, one of its fields, one part. */
type Level = 'json' | 'body' | 'field' | 'part';

export function bytesInJson(contract: Contract, lookup: Lookup, readsJson: (response: ResponseSpec) => boolean): BytesInJson[] {
  const walk = new Walk(lookup);
  for (const e of contract.endpoints) {
    const request = e.request;
    if (request !== undefined) {
      const path = ['endpoints', e.id, 'request', 'body'];
      const json = request.contentTypes.find(isJsonMediaType);
      if (json !== undefined) walk.ref(request.body, 'json', path, { kind: 'request', endpoint: e.id, media: json });
      if (request.contentTypes.some((t) => mediaEssence(t) === 'multipart/form-data')) walk.ref(request.body, 'body', path, { kind: 'part', endpoint: e.id });
    }
    for (const r of e.responses) {
      const status = formatStatus(r.status);
      if (!r.isError && r.body !== undefined && readsJson(r)) walk.ref(r.body, 'json', ['endpoints', e.id, 'responses', status, 'body'], { kind: 'response', endpoint: e.id, status });
    }
  }
  for (const s of contract.shapes) if (s.body !== undefined) walk.ref(s.body, 'json', ['shapes', s.name, 'body'], { kind: 'shape', shape: s.name });
  walk.drain();
  return walk.found;
}

class Walk {
  readonly found: BytesInJson[] = [];
  private readonly seen = new Set<string>();
  /** Named types met, by level: each is walked once per level, from a queue (chains of types can be thousands long). */
  private readonly met = new Set<string>();
  private readonly queue: { readonly type: NamedType; readonly level: Level; readonly carrier: JsonCarrier }[] = [];

  constructor(private readonly lookup: Lookup) {}

  /** The references in `ref`, written in place, at `level`; the named types they name are queued. */
  ref(ref: TypeRef, level: Level, path: RawPath, carrier: JsonCarrier): void {
    if (ref.kind === 'named') return this.meet(ref.name, level, carrier);
    if (ref.kind === 'primitive' && ref.name === 'binary') {
      if (level === 'json') this.add(path, carrier);
      return;
    }
    const inner = innerLevel(ref, level);
    if (inner !== undefined) for (const [child, step] of childRefs(ref)) this.ref(child, inner, [...path, ...step], carrier);
  }

  /** Walks every queued named type. */
  drain(): void {
    for (let i = 0; i < this.queue.length; i++) {
      const { type, level, carrier } = this.queue[i] as (typeof this.queue)[number];
      if (type.kind === 'alias') this.ref(type.type, level, ['types', type.name], carrier);
      else if (type.kind === 'object') for (const field of type.fields) this.ref(field.type, level === 'body' ? 'field' : 'json', fieldPath(type, field), carrier);
    }
  }

  private meet(name: string, level: Level, carrier: JsonCarrier): void {
    const type = this.lookup(name);
    if (type === undefined || type.kind === 'enum') return;
    // An object anywhere but as the multipart body itself is written as JSON (a JSON part).
    const at = type.kind === 'object' && level !== 'body' ? 'json' : level;
    const key = `${at}\u0000${name}`;
    if (this.met.has(key)) return;
    this.met.add(key);
    this.queue.push({ type, level: at, carrier });
  }

  private add(path: RawPath, carrier: JsonCarrier): void {
    const key = path.join('\u0000');
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.found.push({ path, carrier });
  }
}

/**
 * The level of what `ref` holds: JSON holds JSON; a multipart body's fields (or a map's values)
 * are fields; a field's array items are parts, any other field is one part; a part that is an
 * object, a map or an array is JSON. A union is at its own level, each member being one.
 */
function innerLevel(ref: TypeRef, level: Level): Level | undefined {
  if (ref.kind === 'union') return level;
  if (level === 'json') return 'json';
  if (level === 'body') return ref.kind === 'object' || ref.kind === 'map' ? 'field' : undefined;
  if (level === 'field' && ref.kind === 'array') return 'part';
  return 'json';
}

/** Where a field of a named object is written: in its base, for a field it inherits. */
function fieldPath(type: NamedType, field: Field): RawPath {
  return ['types', field.inherited ?? type.name, 'fields', field.name];
}

/** Reports each `binary` a JSON body would hold, where it is written. */
export function reportBytesInJson(ctx: BuildContext, found: readonly BytesInJson[]): void {
  for (const { path, carrier } of found) ctx.report(M.binaryInJson, path, { carrier: carrierText(carrier) }, typeof path[path.length - 1] === 'string' ? 'key' : 'value');
}

function carrierText(carrier: JsonCarrier): string {
  switch (carrier.kind) {
    case 'request':
      return `the ${carrier.media} request body of '${carrier.endpoint}'`;
    case 'part':
      return `an object part of the multipart/form-data request body of '${carrier.endpoint}'`;
    case 'response':
      return `the ${carrier.status} response of '${carrier.endpoint}'`;
    case 'shape':
      return `the body of error shape '${carrier.shape}'`;
  }
}
