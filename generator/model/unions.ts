/**
 * Type references inside other references, and what a union's discriminator means: which value
 * of its field names which member. The mapping is written (`mapping:`) or read off the members
 * (each gives the field one literal value); both readings are checked here, once.
 */
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import type { BuildContext, RawPath } from './context.js';
import type { Lookup } from './check-value.js';
import type { NamedType, TypeRef } from './types.js';

/** The references directly inside `ref`, each with its path relative to `ref`'s entry. */
export function childRefs(ref: TypeRef): [TypeRef, RawPath][] {
  switch (ref.kind) {
    case 'array':
      return [[ref.items, ['items']]];
    case 'map':
      return [[ref.values, ['values']]];
    case 'union':
      return ref.members.map((m, i) => [m, ['members', i]]);
    case 'object':
      return ref.fields.map((f) => [f.type, ['fields', f.name]]);
    default:
      return [];
  }
}

/** Calls `visit` with each reference directly inside `ref`; allocates nothing (walks of every field of a large contract). */
export function eachChild(ref: TypeRef, visit: (child: TypeRef) => void): void {
  switch (ref.kind) {
    case 'array':
      return visit(ref.items);
    case 'map':
      return visit(ref.values);
    case 'union':
      return ref.members.forEach(visit);
    case 'object':
      return ref.fields.forEach((f) => visit(f.type));
    default:
      return;
  }
}

function holdsUnion(ref: TypeRef): boolean {
  if (ref.kind === 'union') return true;
  let found = false;
  eachChild(ref, (child) => {
    found ||= holdsUnion(child);
  });
  return found;
}

/** Every union written in the named types (in place or named), with where it is written. */
export function unionsOf(types: readonly NamedType[]): { ref: TypeRef; path: RawPath }[] {
  return types.flatMap(unionsIn);
}

/** Per type object: a watch session walks only the types it rebuilt. */
const unionsByType = new WeakMap<NamedType, readonly { ref: TypeRef; path: RawPath }[]>();

function unionsIn(type: NamedType): readonly { ref: TypeRef; path: RawPath }[] {
  const kept = unionsByType.get(type);
  if (kept !== undefined) return kept;
  const out: { ref: TypeRef; path: RawPath }[] = [];
  // Paths are made only for the unions found: most references hold none.
  const visit = (ref: TypeRef, path: () => RawPath): void => {
    if (!holdsUnion(ref)) return;
    if (ref.kind === 'union') out.push({ ref, path: path() });
    for (const [child, at] of childRefs(ref)) visit(child, () => [...path(), ...at]);
  };
  const path = (): RawPath => ['types', type.name];
  if (type.kind === 'alias') visit(type.type, path);
  if (type.kind === 'object') for (const f of type.fields) if (f.inherited === undefined && f.type.kind !== 'primitive' && f.type.kind !== 'named') visit(f.type, () => [...path(), 'fields', f.name]);
  unionsByType.set(type, out);
  return out;
}

export interface MappingEntry {
  readonly value: string;
  readonly member: string;
}

type Problem = (ctx: BuildContext, at: RawPath) => void;

/** The value → member mapping of a discriminated union, and what is wrong with it. */
export function discriminatorMapping(ref: TypeRef, lookup: Lookup): { mapping: MappingEntry[]; problems: Problem[] } {
  if (ref.kind !== 'union' || ref.discriminator === undefined) return { mapping: [], problems: [] };
  const field = ref.discriminator.field;
  const problems: Problem[] = [];
  const members: { name: string; index: number; literal: string | undefined; has: boolean }[] = [];
  ref.members.forEach((m, index) => {
    const type = m.kind === 'named' ? lookup(m.name) : undefined;
    if (type?.kind !== 'object') {
      const member = m.kind === 'named' ? m.name : `${index + 1}`;
      problems.push((ctx, at) => ctx.report(M.unionMemberNotObject, [...at, 'members', index], { member }));
      return;
    }
    const f = type.fields.find((x) => x.name === field);
    members.push({ name: type.name, index, literal: f === undefined ? undefined : literalOf(f.type, lookup), has: f !== undefined });
  });
  const explicit = ref.discriminator.mapping;
  if (explicit.length > 0) return { mapping: checkExplicit(explicit, members, field, problems), problems };
  const mapping: MappingEntry[] = [];
  for (const m of members) {
    if (!m.has) problems.push((ctx, at) => ctx.report(M.discriminatorMissing, [...at, 'members', m.index], { member: m.name, field }));
    else if (m.literal === undefined) problems.push((ctx, at) => ctx.report(M.discriminatorNotLiteral, [...at, 'members', m.index], { member: m.name, field }));
    else {
      const value = m.literal;
      const other = mapping.find((x) => x.value === value);
      if (other !== undefined) problems.push((ctx, at) => ctx.report(M.duplicateDiscriminatorValue, [...at, 'members', m.index], { value, member: m.name, other: other.member }));
      else mapping.push({ value, member: m.name });
    }
  }
  return { mapping, problems };
}

function checkExplicit(explicit: readonly MappingEntry[], members: readonly { name: string; index: number; literal: string | undefined; has: boolean }[], field: string, problems: Problem[]): MappingEntry[] {
  const valid = explicit.filter((e) => {
    if (members.some((m) => m.name === e.member)) return true;
    problems.push((ctx, at) => ctx.report(M.mappingNotMember, [...at, 'discriminator', 'mapping', e.value], { value: e.value, member: e.member }));
    return false;
  });
  for (const m of members) {
    const values = valid.filter((e) => e.member === m.name);
    if (values.length === 0) problems.push((ctx, at) => ctx.report(M.memberNotMapped, [...at, 'members', m.index], { member: m.name }));
    if (!m.has) problems.push((ctx, at) => ctx.report(M.discriminatorMissing, [...at, 'members', m.index], { member: m.name, field }));
    const literal = m.literal;
    for (const e of values) {
      if (literal !== undefined && literal !== e.value) problems.push((ctx, at) => ctx.report(M.mappingDisagrees, [...at, 'discriminator', 'mapping', e.value], { member: m.name, field, literal, value: e.value }));
    }
  }
  return valid;
}

/** The one string value a type allows, if it allows exactly one. */
export function literalOf(type: TypeRef, lookup: Lookup): string | undefined {
  if (type.nullable === true) return undefined;
  if (type.kind === 'literal') return typeof type.value === 'string' ? type.value : undefined;
  const single = (values: readonly (string | number)[], open: boolean) => (!open && values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined);
  if (type.kind === 'enum') return single(type.values, type.open);
  if (type.kind !== 'named') return undefined;
  const named = lookup(type.name);
  if (named?.kind === 'enum') return single(named.values, named.open);
  return named?.kind === 'alias' ? literalOf(named.type, lookup) : undefined;
}
