/**
 * Local `$ref`s: a reference to `#/components/schemas/X` names a contract type; any other local
 * reference is followed to the value it names. References to other files are not followed.
 */
import { pointerSegments } from './description.js';
import { isObject, type ImportContext, type Json } from './context.js';

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

export function refOf(value: unknown): string | undefined {
  return isObject(value) && typeof value['$ref'] === 'string' ? value['$ref'] : undefined;
}

/** The schema name of a `#/components/schemas/<name>` reference. */
export function schemaRefName(ref: string): string | undefined {
  const segments = ref.startsWith('#/') ? pointerSegments(ref) : undefined;
  return segments !== undefined && segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas' ? segments[2] : undefined;
}

function follow(ctx: ImportContext, ref: string): Resolved | undefined {
  if (!ref.startsWith('#')) return undefined;
  const segments = pointerSegments(ref);
  let value: Json = ctx.doc;
  for (const segment of segments) {
    if (Array.isArray(value)) value = value[Number(segment)] ?? null;
    else if (isObject(value) && Object.prototype.hasOwnProperty.call(value, segment)) value = value[segment] ?? null;
    else return undefined;
  }
  return { value, pointer: segments };
}
