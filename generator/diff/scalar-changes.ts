/**
 * What changed in the limits of one value, as structural changes: its constraints (narrowed,
 * set where there were none, or widened) and its format. A format is judged apart from the type: JSON Schema treats it as an
 * annotation, and the generated TypeScript type follows it only for 64-bit integers.
 */
import { isInt64 } from '../model/knowledge.js';
import type { Constraints, TypeRef } from '../model/types.js';
import type { Change, Direction } from './change.js';

/** A change without its subject, direction and locations, which the caller knows. */
export type Found = Pick<Change, 'area' | 'action' | 'aspect' | 'qualifier' | 'before' | 'after'>;

/**
 * `replaced`: a pattern (or multipleOf) replaced by one it cannot be ordered against, in what
 * clients send: whether the values they send still match is not decided here.
 * `set`: a bound or pattern given where the value had none. Apart from `narrowed` (an existing
 * bound tightened) because it is most often a description catching up with what the server
 * already checks: whether deployed clients meet it is not known from the description.
 */
type Verdict = 'narrowed' | 'replaced' | 'set' | 'widened';

/** Lower bounds: a higher value admits fewer values. */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

/**
 * The constraints a value carries itself (an array's own, not its items'; those are compared where
 * the items are). A change that cannot be ordered (a pattern replaced by another: whether one
 * admits all the other does is not decided here) is `replaced` for what clients send, and widened
 * for what they read (values beyond the old may arrive).
 */
export function constraintChange(before: Constraints | undefined, after: Constraints | undefined, direction: Direction): Found | undefined {
  if (before === undefined && after === undefined) return undefined;
  const cb = before ?? {};
  const ca = after ?? {};
  const verdicts = compare(cb, ca, direction === 'response' ? 'widened' : 'replaced');
  if (verdicts.length === 0) return undefined;
  const qualifier: Verdict = (['narrowed', 'replaced', 'set'] as const).find((v) => verdicts.includes(v)) ?? 'widened';
  return { area: 'field', action: 'changed', aspect: 'constraint', qualifier, before: shown(cb), after: shown(ca) };
}

/** How each changed constraint moved; a change that cannot be ordered is `unordered`. */
function compare(b: Constraints, a: Constraints, unordered: Verdict): Verdict[] {
  const out: Verdict[] = [];
  for (const key of LOWER) out.push(...bound(b[key], a[key], 'lower'));
  for (const key of UPPER) out.push(...bound(b[key], a[key], 'upper'));
  if (b.pattern !== a.pattern) out.push(a.pattern === undefined ? 'widened' : b.pattern === undefined ? 'set' : unordered);
  if (b.multipleOf !== a.multipleOf) out.push(multiple(b.multipleOf, a.multipleOf, unordered));
  if ((b.uniqueItems ?? false) !== (a.uniqueItems ?? false)) out.push(a.uniqueItems === true ? 'narrowed' : 'widened');
  return out;
}

/** A multipleOf whose new value is a multiple of the old admits fewer values; a divisor, more. */
function multiple(b: number | undefined, a: number | undefined, unordered: Verdict): Verdict {
  if (a === undefined) return 'widened';
  if (b === undefined) return 'set';
  if (Number.isInteger(a / b)) return 'narrowed';
  return Number.isInteger(b / a) ? 'widened' : unordered;
}

function bound(b: number | undefined, a: number | undefined, side: 'lower' | 'upper'): Verdict[] {
  if (b === a) return [];
  if (a === undefined) return ['widened'];
  if (b === undefined) return ['set'];
  const tighter = side === 'lower' ? a > b : a < b;
  return [tighter ? 'narrowed' : 'widened'];
}

function shown(c: Constraints): string {
  const parts = Object.entries(c).map(([k, v]) => `${k} ${String(v)}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

type Primitive = Extract<TypeRef, { kind: 'primitive' }>;

/** Formats OpenAPI defines as hints to a user interface (obscure the input), which no validator checks. */
const HINTS: ReadonlySet<string> = new Set(['password']);

/**
 * A format given, changed or dropped. Qualified by what it does: `int64-added` / `int64-removed`
 * where the generated type gains or loses `bigint`, else `narrowed` (a format given or replaced:
 * fewer values match) or `widened` (dropped, or a hint such as `password` that matches every value).
 */
export function formatChange(before: Primitive, after: Primitive): Found | undefined {
  if (before.format === after.format) return undefined;
  const [was64, is64] = [isInt64(before), isInt64(after)];
  const qualifier = was64 !== is64 ? (is64 ? 'int64-added' : 'int64-removed') : after.format === undefined || HINTS.has(after.format) ? 'widened' : 'narrowed';
  return { area: 'field', action: 'changed', aspect: 'format', qualifier, before: before.format ?? 'none', after: after.format ?? 'none' };
}
