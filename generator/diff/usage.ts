/** Which direction a named type is judged in: the one it travels in, or both when nothing uses it. */
import type { Knowledge } from '../model/knowledge.js';
import type { Direction } from './change.js';

/** A type nothing references is judged as both, the cautious reading. */
export function directionsOf(k: Knowledge, name: string): Direction[] {
  const set = k.typeUsage.get(name);
  return set === undefined || set.size === 0 ? ['request', 'response'] : [...set].sort();
}
