/**
 * What changed between two references to a type, as structural changes: the type itself, whether
 * it may be null, its constraints (narrowed or widened), a union's members and discriminator.
 * The rules judge each by direction; a change is reported at the finest level that explains it.
 */
import { describeType } from '../model/type-text.js';
import { childRefs } from '../model/unions.js';
import type { Constraints, Deprecation, TypeRef } from '../model/types.js';
import type { Change, Direction } from './change.js';
import { phrase, type Phrase } from './phrase.js';
import type { Knowledge } from '../model/knowledge.js';

type Locs = Partial<Pick<Change, 'oldLoc' | 'newLoc'>>;

/** The two models' knowledge: a union's mapping may be read off its members. */
export interface Sides {
  readonly old: Knowledge;
  readonly new: Knowledge;
}

/** Changes of a field's (or a named alias's, or a body's) type; inline objects are diffed field by field elsewhere. */
export function refChanges(sides: Sides, subject: Phrase, before: TypeRef, after: TypeRef, direction: Direction, locs: Locs): Change[] {
  if (before.kind === 'object' && after.kind === 'object') return nullability(subject, before, after, direction, locs);
  const out: Change[] = [];
  if (before.kind === 'union' && after.kind === 'union') out.push(...unionChanges(sides, subject, before, after, direction, locs));
  else if (describeType(notNull(before), false) !== describeType(notNull(after), false)) {
    return [{ area: 'field', action: 'changed', direction, subject, aspect: 'type', before: describeType(before), after: describeType(after), ...locs }];
  }
  out.push(...nullability(subject, before, after, direction, locs));
  out.push(...constraintChanges(subject, before, after, direction, locs));
  return out;
}

function notNull(ref: TypeRef): TypeRef {
  return ref.nullable === true ? { ...ref, nullable: false } : ref;
}

function nullability(subject: Phrase, before: TypeRef, after: TypeRef, direction: Direction, locs: Locs): Change[] {
  const b = before.nullable === true;
  const a = after.nullable === true;
  if (b === a) return [];
  return [{ area: 'field', action: 'changed', direction, subject, aspect: 'nullable', qualifier: a ? 'added' : 'removed', ...locs }];
}

// ---------------------------------------------------------------------------------------------
// Constraints
// ---------------------------------------------------------------------------------------------

type Verdict = 'narrowed' | 'widened';

/** Lower bounds: a higher value admits fewer values. */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

/** Every constraint set in a reference, by where it sits (`items`, `values.items`, …). */
function constraintSites(ref: TypeRef, at = ''): Map<string, Constraints> {
  const out = new Map<string, Constraints>();
  if ((ref.kind === 'primitive' || ref.kind === 'array') && ref.constraints !== undefined) out.set(at, ref.constraints);
  if (ref.kind === 'array' || ref.kind === 'map') {
    for (const [child, path] of childRefs(ref)) for (const [k, v] of constraintSites(child, at === '' ? path.join('.') : `${at}.${path.join('.')}`)) out.set(k, v);
  }
  return out;
}

function constraintChanges(subject: Phrase, before: TypeRef, after: TypeRef, direction: Direction, locs: Locs): Change[] {
  const b = constraintSites(before);
  const a = constraintSites(after);
  const out: Change[] = [];
  for (const site of new Set([...b.keys(), ...a.keys()])) {
    const cb = b.get(site) ?? {};
    const ca = a.get(site) ?? {};
    const verdicts = compare(cb, ca);
    if (verdicts.length === 0) continue;
    const qualifier: Verdict = verdicts.includes('narrowed') ? 'narrowed' : 'widened';
    const where = site === '' ? subject : phrase`${subject} (${site})`;
    out.push({ area: 'field', action: 'changed', direction, subject: where, aspect: 'constraint', qualifier, before: shown(cb), after: shown(ca), ...locs });
  }
  return out;
}

/** How each changed constraint moved; a change that cannot be ordered (a new pattern) narrows. */
function compare(b: Constraints, a: Constraints): Verdict[] {
  const out: Verdict[] = [];
  for (const key of LOWER) out.push(...bound(b[key], a[key], 'lower'));
  for (const key of UPPER) out.push(...bound(b[key], a[key], 'upper'));
  if (b.pattern !== a.pattern) out.push(a.pattern === undefined ? 'widened' : 'narrowed');
  if (b.multipleOf !== a.multipleOf) out.push(a.multipleOf === undefined || (b.multipleOf !== undefined && Number.isInteger(b.multipleOf / a.multipleOf)) ? 'widened' : 'narrowed');
  if ((b.uniqueItems ?? false) !== (a.uniqueItems ?? false)) out.push(a.uniqueItems === true ? 'narrowed' : 'widened');
  return out;
}

function bound(b: number | undefined, a: number | undefined, side: 'lower' | 'upper'): Verdict[] {
  if (b === a) return [];
  if (a === undefined) return ['widened'];
  if (b === undefined) return ['narrowed'];
  const tighter = side === 'lower' ? a > b : a < b;
  return [tighter ? 'narrowed' : 'widened'];
}

function shown(c: Constraints): string {
  const parts = Object.entries(c).map(([k, v]) => `${k} ${String(v)}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

// ---------------------------------------------------------------------------------------------
// Unions
// ---------------------------------------------------------------------------------------------

/**
 * Members added or removed, and the discriminator changed: its field, or the values of a member
 * both versions have (a member joining or leaving brings its own values, which is no change).
 */
function unionChanges(sides: Sides, subject: Phrase, before: Union, after: Union, direction: Direction, locs: Locs): Change[] {
  const out: Change[] = [];
  const names = (u: Union) => u.members.map((m) => describeType(m));
  const kept = names(before).filter((x) => names(after).includes(x));
  for (const m of names(before).filter((x) => !kept.includes(x))) out.push({ area: 'union', action: 'removed', direction, subject: phrase`${subject} member ${m}`, before: m, ...locs });
  for (const m of names(after).filter((x) => !kept.includes(x))) out.push({ area: 'union', action: 'added', direction, subject: phrase`${subject} member ${m}`, after: m, ...locs });
  const tags = (k: Knowledge, u: Union) => {
    if (u.discriminator === undefined) return 'none';
    const mapping = k.discriminatorMapping(u).filter((e) => kept.includes(e.member));
    return `${u.discriminator.field}: ${mapping.map((e) => `${e.value} → ${e.member}`).join(', ')}`;
  };
  const [b, a] = [tags(sides.old, before), tags(sides.new, after)];
  if (b !== a) out.push({ area: 'union', action: 'changed', direction, subject, aspect: 'discriminator', before: b, after: a, ...locs });
  return out;
}

type Union = Extract<TypeRef, { kind: 'union' }>;

/** A deprecation newly set on an element both versions have. */
export function deprecationChange(subject: Phrase, before: { deprecated: Deprecation | undefined }, after: { deprecated: Deprecation | undefined }, locs: Locs): Change[] {
  if (before.deprecated !== undefined || after.deprecated === undefined) return [];
  return [{ area: 'deprecation', action: 'added', direction: 'none', subject, ...(after.deprecated.message === undefined ? {} : { after: after.deprecated.message }), ...locs }];
}
