/**
 * Which directions a named type is judged in: those it travels in on either side (`typeUsage`
 * spreads from every operation's parameters, bodies and responses, every error shape and every
 * webhook payload through the types each names, so a type only another used type holds is used).
 * None where nothing reaches it on either side (a schema kept for reference): such a type is
 * reported once, as unused.
 */
import type { Knowledge } from '../model/knowledge.js';
import type { Direction } from './change.js';

export function directionsOf(before: Knowledge, after: Knowledge, name: string): Direction[] {
  return [...new Set([...(before.typeUsage.get(name) ?? []), ...(after.typeUsage.get(name) ?? [])])].sort();
}
