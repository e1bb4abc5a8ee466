/**
 * Local `$ref`s: a reference to `#/components/schemas/X` names a contract type; any other local
 * reference is followed to the value it names. References to other files are not followed.
 */
import { pointerSegments } from '../load/locate.js';
import { isObject, type ImportContext, type Json, type JsonObject } from './context.js';

export interface Resolved {
  readonly value: Json;
  /** The pointer of the value itself, after every reference was followed. */
  readonly pointer: readonly (string | number)[];
}

const MAX_HOPS = 32;

/** Follows `$ref`s from `value` (found at `pointer`) to what they name; undefined when one cannot be followed. */
export function resolve(ctx: ImportContext, value: Json | undefined, pointer: readonly (string | number)[]): Resolved | undefined {
  let current: Resolved = { value: value ?? null, pointer };
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const ref = refOf(current.value);
    if (ref === undefined) return current;
    const target = follow(ctx, ref);
    if (target === undefined) {
      ctx.warn(current.pointer, 'unresolved-ref', `cannot follow $ref '${ref}'${ref.startsWith('#') ? '' : ': only references within the description are followed'}`);
      return undefined;
    }
    current = target;
  }
  ctx.warn(pointer, 'unresolved-ref', `$ref chain longer than ${MAX_HOPS} references`);
  return undefined;
}

/** `resolve` for a second look at a value another stage already resolved (and warned about): no warnings. */
export function resolveQuietly(ctx: ImportContext, value: Json | undefined): Json | undefined {
  let current = value;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    const ref = refOf(current);
    if (ref === undefined) return current;
    current = follow(ctx, ref)?.value;
  }
  return undefined;
}

export function refOf(value: unknown): string | undefined {
  return isObject(value) && typeof value['$ref'] === 'string' ? value['$ref'] : undefined;
}

/** The schema name of a `#/components/schemas/<name>` reference. */
export function schemaRefName(ref: string): string | undefined {
  const segments = ref.startsWith('#/') ? refSegments(ref) : undefined;
  return segments !== undefined && segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas' ? segments[2] : undefined;
}

/**
 * The keys a local `$ref` names. A `$ref` is a URI, so its fragment is percent-encoded where a key
 * holds characters a URI cannot (`#/paths/~1policies~1%7Baccount%7D`): decoded before the pointer's
 * own escapes are read (RFC 6901 §6). A fragment that is no valid percent-encoding is read as written.
 */
function refSegments(ref: string): string[] {
  let fragment = ref;
  try {
    fragment = decodeURIComponent(ref);
  } catch {
    // A lone `%`: the pointer as written.
  }
  return pointerSegments(fragment);
}

function follow(ctx: ImportContext, ref: string): Resolved | undefined {
  return ctx.memo(`ref\u0000${ref}`, () => target(ctx, ref));
}

function target(ctx: ImportContext, ref: string): Resolved | undefined {
  if (!ref.startsWith('#')) return undefined;
  const segments = refSegments(ref);
  let value: Json = ctx.doc;
  for (const segment of segments) {
    if (Array.isArray(value)) value = value[Number(segment)] ?? null;
    else if (isObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) value = value[segment] ?? null;
    else return undefined;
  }
  return { value, pointer: segments };
}

/** `components.schemas` of the description (empty when it has none). */
export function componentSchemas(doc: JsonObject): JsonObject {
  const components = doc['components'];
  return isObject(components) && isObject(components['schemas']) ? components['schemas'] : {};
}

export interface Property {
  readonly schema: Json;
  /** Where the property's schema is written. */
  readonly at: readonly (string | number)[];
}

/** Past this many nested allOf, properties are not looked for: only a cycle goes that deep. */
const MAX_ALL_OF_DEPTH = 16;

/** The properties of an object schema, through references and allOf; a schema's own first, then its allOf members' in order. */
export function propertiesOf(ctx: ImportContext, schema: Json | undefined, at: readonly (string | number)[], depth = 0): Map<string, Property> {
  const out = new Map<string, Property>();
  const resolved = depth > MAX_ALL_OF_DEPTH ? undefined : resolve(ctx, schema, at);
  if (resolved === undefined || !isObject(resolved.value)) return out;
  const s = resolved.value;
  if (isObject(s['properties'])) for (const [k, v] of Object.entries(s['properties'])) out.set(k, { schema: v, at: [...resolved.pointer, 'properties', k] });
  if (Array.isArray(s['allOf'])) {
    for (const [i, member] of s['allOf'].entries()) for (const [k, v] of propertiesOf(ctx, member, [...resolved.pointer, 'allOf', i], depth + 1)) if (!out.has(k)) out.set(k, v);
  }
  return out;
}

/** A property's schema with its references followed. */
export function propertySchema(ctx: ImportContext, property: Property | undefined): JsonObject | undefined {
  const resolved = property === undefined ? undefined : resolve(ctx, property.schema, property.at);
  return resolved !== undefined && isObject(resolved.value) ? resolved.value : undefined;
}
