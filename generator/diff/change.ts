/** One structural difference between two models, before any judgement of what it breaks. */
import type { SourceLocation } from '../model/types.js';
import type { Phrase } from './phrase.js';

export type Direction = 'request' | 'response' | 'none';

export type Area =
  | 'info'
  | 'server'
  | 'environment'
  | 'endpoint'
  | 'param'
  | 'content-type'
  | 'field'
  | 'type'
  | 'enum'
  | 'union'
  | 'deprecation'
  | 'error-code'
  | 'shape'
  | 'category'
  | 'message'
  | 'quirk'
  | 'policy'
  | 'auth'
  | 'stream'
  | 'webhook';

export type Action = 'added' | 'removed' | 'changed';

/** The operation a change concerns, where it concerns one: reports group findings by it. */
export interface OperationRef {
  readonly id: string;
  readonly method: string;
  readonly path: string;
}

export interface Change {
  readonly area: Area;
  readonly action: Action;
  /** What changed, for `changed` (e.g. `method`, `required`, `type`, `status`, `open`). */
  readonly aspect?: string;
  /** Context a rule may depend on: `open`/`closed` (enums, code tables), `required`/`optional` (fields). */
  readonly qualifier?: string;
  readonly direction: Direction;
  /** Human name of the element, its names the contract's: `endpoint getOrder`, `field OrderRequest.kind`. */
  readonly subject: Phrase;
  /** The element's value before and after (a type, a path, a default), contract text as a whole. */
  readonly before?: string;
  readonly after?: string;
  readonly oldLoc?: SourceLocation;
  readonly newLoc?: SourceLocation;
  readonly operation?: OperationRef;
}

/** Pairs elements of two lists by key: what was removed, added, and present in both. */
export function pair<T>(before: readonly T[], after: readonly T[], key: (t: T) => string): { removed: T[]; added: T[]; both: [T, T][] } {
  const afterByKey = new Map(after.map((t) => [key(t), t]));
  const beforeKeys = new Set(before.map(key));
  const both: [T, T][] = [];
  const removed: T[] = [];
  for (const b of before) {
    const a = afterByKey.get(key(b));
    if (a === undefined) removed.push(b);
    else both.push([b, a]);
  }
  return { removed, added: after.filter((a) => !beforeKeys.has(key(a))), both };
}

/** `pair`, where a key two elements of one side share pairs nothing there (which of them would be a guess). */
export function pairOnce<T>(before: readonly T[], after: readonly T[], key: (t: T) => string): { removed: T[]; added: T[]; both: [T, T][] } {
  const once = (list: readonly T[]) => {
    const counts = new Map<string, number>();
    for (const t of list) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
    return (t: T) => counts.get(key(t)) === 1;
  };
  const [inBefore, inAfter] = [once(before), once(after)];
  const paired = pair(before.filter(inBefore), after.filter(inAfter), key);
  return { removed: [...paired.removed, ...before.filter((t) => !inBefore(t))], added: [...paired.added, ...after.filter((t) => !inAfter(t))], both: paired.both };
}

export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
