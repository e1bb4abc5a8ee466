/**
 * Records keyed by contract text: field names, enum values, codes, discriminator values, schema
 * names. Wire names may be anything, `__proto__`, `constructor` and `toString` included, and a
 * plain object treats the names of Object.prototype's members specially: assigning `__proto__`
 * sets the prototype (the key is lost), and reading a name the record lacks finds the member every
 * object inherits (`constructor` is `Object`, truthy). So every record keyed by such names is
 * written and read through these, own properties only.
 */

/** The record's own value for `key`; undefined when it has none (an inherited member is not its value). */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/** Gives a record an own data property, as JSON.parse does (the runtime's helper: one rule for both). */
export { setOwn } from '../templates/body.js';

/** A record of these entries, each an own property (a later entry of the same key wins). */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  return Object.fromEntries(entries) as Record<string, T>;
}
