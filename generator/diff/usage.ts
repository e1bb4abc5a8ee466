/** Which direction each named type travels in: sent in requests, read from responses, or both. */
import type { Contract, TypeRef } from '../model/types.js';
import type { Direction } from './change.js';

export type Usage = ReadonlyMap<string, ReadonlySet<Direction>>;

export function typeUsage(contract: Contract): Usage {
  const usage = new Map<string, Set<Direction>>();
  const byName = new Map(contract.types.map((t) => [t.name, t]));
  const mark = (ref: TypeRef | undefined, direction: Direction, seen: Set<string>): void => {
    if (ref === undefined) return;
    if (ref.kind === 'array') return mark(ref.items, direction, seen);
    if (ref.kind === 'object') return ref.fields.forEach((f) => mark(f.type, direction, seen));
    if (ref.kind !== 'named' || seen.has(ref.name)) return;
    seen.add(ref.name);
    let set = usage.get(ref.name);
    if (set === undefined) usage.set(ref.name, (set = new Set()));
    set.add(direction);
    const type = byName.get(ref.name);
    if (type?.kind === 'object') type.fields.forEach((f) => mark(f.type, direction, seen));
  };
  for (const e of contract.endpoints) {
    mark(e.request?.body, 'request', new Set());
    for (const r of e.responses) mark(r.body, 'response', new Set());
  }
  for (const s of contract.shapes) if (s.body !== undefined) mark({ kind: 'named', name: s.body }, 'response', new Set());
  return usage;
}

/** A type nothing references is judged as both, the cautious reading. */
export function directionsOf(usage: Usage, name: string): Direction[] {
  const set = usage.get(name);
  return set === undefined || set.size === 0 ? ['request', 'response'] : [...set].sort();
}
