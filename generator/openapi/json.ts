/**
 * The plain JSON data the OpenAPI document is built from. As with JSON.stringify, an object entry
 * whose value is undefined is left out when written: builders write optional keys inline instead
 * of copying objects to drop them, which keeps a 2,000-endpoint document fast to build.
 */

export type Json = string | number | boolean | null | readonly Json[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: Json | undefined;
}

/** Paragraphs joined for a description; undefined when there is nothing to say. */
export function paragraphs(parts: readonly (string | undefined)[]): string | undefined {
  let out: string | undefined;
  for (const part of parts) {
    if (part === undefined || part.trim() === '') continue;
    out = out === undefined ? part : `${out}\n\n${part}`;
  }
  return out;
}

/** The items, or undefined when there are none, so that empty lists are left out. */
export function nonEmpty<T extends Json>(items: readonly T[]): readonly T[] | undefined {
  return items.length === 0 ? undefined : items;
}

/**
 * `x-contractgen-description`: the contract's own text where the written description adds to it
 * (quirks, not-shown sentences, code lists), so an import reads back what the contract said; null
 * when it said nothing. Undefined when the two are the same.
 */
export function ownText(written: string | undefined, own: string | undefined): string | null | undefined {
  return written === own ? undefined : (own ?? null);
}

/** `true`, or undefined for false: flags are written only when set. */
export function flag(value: boolean): true | undefined {
  return value ? true : undefined;
}

type Section = 'schemas' | 'responses';
const refs: Readonly<Record<Section, Map<string, JsonObject>>> = { schemas: new Map(), responses: new Map() };
// A long `generate --watch` session sees many contracts: start over rather than grow without end.
const REF_CACHE_LIMIT = 100_000;

/**
 * `$ref` to a component; names come from the contract's identifiers, which need no escaping.
 * One shared object per target: nothing mutates the document, and thousands of uses cost nothing.
 */
export function ref(section: Section, name: string): JsonObject {
  const known = refs[section].get(name);
  if (known !== undefined) return known;
  const made = { $ref: `#/components/${section}/${name}` };
  if (refs[section].size >= REF_CACHE_LIMIT) refs[section].clear();
  refs[section].set(name, made);
  return made;
}
