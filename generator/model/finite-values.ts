/**
 * Which types have a value at all, and how to reach the least one. A type that holds itself
 * through required fields (`Node { next: { type: Node, required: true } }`) has no finite JSON
 * value: no response can carry one and no request can be written.
 *
 * Found as the least fixpoint over the named types: a scalar, an enum, a const, `null` (a nullable
 * reference), a value the contract gives (`example`, `default`), an array that may be empty and a
 * map have a value at once; an object has one when a choice of the fields it must hold has one
 * each (its required fields, the fields of a conditional rule it takes, whole together-groups); a
 * union when a member has one; a named type when what it stands for has one (extends is flattened
 * by the model, so an object holds its bases' fields).
 *
 * A named type's rank is the round of the fixpoint in which it got a value: its least value holds
 * only named types of lower ranks, so a builder that takes the least choice at every step (a
 * union's member, an object's choice, null for a nullable reference) always ends, with a value of
 * the type. The mocks' fixtures build their examples so (generator/emit/value-example.ts).
 */
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { enumOf, isText, type Lookup } from './check-value.js';
import type { BuildContext, RawPath } from './context.js';
import type { ConditionalRequirement, Field, NamedType, ObjectType, TypeRef } from './types.js';

/** The rank of what has no finite value. */
export const NO_VALUE = Number.POSITIVE_INFINITY;

/**
 * One way an object's value can be written: the fields it holds (required ones, the rule's, and
 * every together-group one of them is in, whole), and the value its conditional rule's field takes.
 */
export interface ObjectChoice {
  readonly fields: readonly Field[];
  /** The rule taken: its field holds the rule's value, its fields are held. */
  readonly rule: ConditionalRequirement | undefined;
  /** No rule taken while the type has rules: the values the rules' field must not take, if it is held. */
  readonly avoid: readonly string[];
}

/** A named type on a cycle of types none of which has a finite value, and the field that holds the next. */
export interface CycleStep {
  readonly type: NamedType;
  /** The field whose value needs the next type; undefined when the type is an alias (a union, an array that needs an item). */
  readonly field: Field | undefined;
}

export interface FiniteValues {
  /** The rank of a named type; NO_VALUE when it has no finite value (or is not declared). */
  rank(name: string): number;
  /** The rank of a reference's least value: 0 when it needs no named type (null, an empty array), else the highest rank it needs. */
  refRank(ref: TypeRef): number;
  /** As refRank, for a value other than `null` and the contract's own example. */
  valueRank(ref: TypeRef): number;
  /** The ways an object can be written, in the order a reader expects: its first rule first, no rule last. */
  choices(fields: readonly Field[], type: ObjectType | undefined): readonly ObjectChoice[];
  choiceRank(choice: ObjectChoice): number;
  /** The named types with no finite value, as the cycles they hold each other in: each cycle once, from its first type in contract order. */
  readonly cycles: readonly (readonly CycleStep[])[];
}

export function finiteValues(types: readonly NamedType[], lookup: Lookup, referrers: ReadonlyMap<string, readonly string[]>): FiniteValues {
  return new Ranks(types, lookup, referrers);
}

class Ranks implements FiniteValues {
  private readonly ranks = new Map<string, number>();
  private readonly refRanks = new WeakMap<TypeRef, number>();
  private readonly choiceLists = new WeakMap<object, readonly ObjectChoice[]>();
  private cycleList: (readonly CycleStep[])[] | undefined;

  constructor(
    private readonly types: readonly NamedType[],
    private readonly lookup: Lookup,
    referrers: ReadonlyMap<string, readonly string[]>,
  ) {
    this.solve(referrers);
  }

  /**
   * Round k gives rank k to every type whose value needs only types ranked before it; a round
   * looks again only at the types that name one ranked in the round before.
   */
  private solve(referrers: ReadonlyMap<string, readonly string[]>): void {
    const ranked = new Map<string, number>();
    const rankOf = (name: string): number => ranked.get(name) ?? NO_VALUE;
    let pending: readonly NamedType[] = this.types;
    for (let round = 1; pending.length > 0; round++) {
      const gained = pending.filter((type) => !ranked.has(type.name) && this.structureRank(type, rankOf) < NO_VALUE);
      for (const type of gained) if (!ranked.has(type.name)) ranked.set(type.name, round);
      const next = new Set<string>();
      for (const type of gained) for (const name of referrers.get(type.name) ?? []) if (!ranked.has(name)) next.add(name);
      pending = [...next].flatMap((name) => {
        const type = this.lookup(name);
        return type === undefined ? [] : [type];
      });
    }
    for (const [name, rank] of ranked) this.ranks.set(name, rank);
  }

  rank(name: string): number {
    return this.ranks.get(name) ?? NO_VALUE;
  }

  refRank(ref: TypeRef): number {
    let rank = this.refRanks.get(ref);
    if (rank === undefined) this.refRanks.set(ref, (rank = refRankWith(this, ref, (name) => this.rank(name))));
    return rank;
  }

  valueRank(ref: TypeRef): number {
    return ref.nullable === true || ref.example !== undefined ? valueRankWith(this, ref, (name) => this.rank(name)) : this.refRank(ref);
  }

  choiceRank(choice: ObjectChoice): number {
    return choiceRankWith(this, choice, (name) => this.rank(name));
  }

  /** What a named type's value needs: its own rank less one. */
  structureRank(type: NamedType, rankOf: (name: string) => number): number {
    if (type.kind === 'enum') return 0;
    if (type.kind === 'alias') return refRankWith(this, type.type, rankOf);
    return Math.min(...this.choices(type.fields, type).map((c) => choiceRankWith(this, c, rankOf)));
  }

  choices(fields: readonly Field[], type: ObjectType | undefined): readonly ObjectChoice[] {
    const key = type ?? fields;
    let list = this.choiceLists.get(key);
    if (list === undefined) this.choiceLists.set(key, (list = objectChoices(fields, type, this.lookup)));
    return list;
  }

  get cycles(): readonly (readonly CycleStep[])[] {
    this.cycleList ??= findCycles(this);
    return this.cycleList;
  }

  /** The types without a value, in contract order. */
  valueless(): readonly NamedType[] {
    return this.types.filter((t) => this.rank(t.name) === NO_VALUE);
  }

  /** Why a type has no value: the first field (or, for an alias, none) whose value needs a type without one, and that type. */
  blocker(type: NamedType): { readonly field: Field | undefined; readonly next: string } | undefined {
    if (type.kind === 'alias') {
      const next = blockingName(this, type.type);
      return next === undefined ? undefined : { field: undefined, next };
    }
    if (type.kind !== 'object') return undefined;
    const choice = this.choices(type.fields, type)[0];
    for (const field of choice?.fields ?? []) {
      if (field.name === choice?.rule?.field || field.default !== undefined) continue;
      const next = blockingName(this, field.type);
      if (next !== undefined) return { field, next };
    }
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Ranks of references and choices, given the ranks of named types
// ---------------------------------------------------------------------------------------------

type RankOf = (name: string) => number;

function refRankWith(r: Ranks, ref: TypeRef, rankOf: RankOf): number {
  return ref.nullable === true || ref.example !== undefined ? 0 : valueRankWith(r, ref, rankOf);
}

function valueRankWith(r: Ranks, ref: TypeRef, rankOf: RankOf): number {
  switch (ref.kind) {
    case 'named':
      return rankOf(ref.name);
    case 'array':
      return (ref.constraints?.minItems ?? 0) > 0 ? refRankWith(r, ref.items, rankOf) : 0;
    case 'union':
      return Math.min(NO_VALUE, ...ref.members.map((m) => refRankWith(r, m, rankOf)));
    case 'object':
      return Math.min(...r.choices(ref.fields, undefined).map((c) => choiceRankWith(r, c, rankOf)));
    default:
      // Scalars, enums, consts, and a map, which may be empty.
      return 0;
  }
}

/** The highest rank a choice's fields need; the rule's field holds the rule's value, a default is a value. */
function choiceRankWith(r: Ranks, choice: ObjectChoice, rankOf: RankOf): number {
  let rank = 0;
  for (const field of choice.fields) {
    if (field.name === choice.rule?.field || field.default !== undefined) continue;
    rank = Math.max(rank, refRankWith(r, field.type, rankOf));
  }
  return rank;
}

/** The first named type without a value that the least value of `ref` would need. */
function blockingName(r: Ranks, ref: TypeRef): string | undefined {
  if (r.refRank(ref) < NO_VALUE) return undefined;
  if (ref.kind === 'named') return ref.name;
  if (ref.kind === 'array') return blockingName(r, ref.items);
  if (ref.kind === 'union') return ref.members.map((m) => blockingName(r, m)).find((n) => n !== undefined);
  if (ref.kind !== 'object') return undefined;
  const choice = r.choices(ref.fields, undefined)[0];
  return (choice?.fields ?? []).map((f) => (f.default === undefined ? blockingName(r, f.type) : undefined)).find((n) => n !== undefined);
}

// ---------------------------------------------------------------------------------------------
// An object's choices
// ---------------------------------------------------------------------------------------------

/**
 * The ways to write an object: with each conditional rule on its first rule's field (when that
 * field is text, which the generated type narrows on), then with none, where the type allows that
 * (its rules do not cover every value the field can take, or the type does not enforce them).
 */
function objectChoices(fields: readonly Field[], type: ObjectType | undefined, lookup: Lookup): ObjectChoice[] {
  const required = fields.filter((f) => f.required).map((f) => f.name);
  const together = type?.together ?? [];
  const held = (names: readonly string[]) => fields.filter((f) => closure(names, together).has(f.name));
  const rules = type?.requiredWhen ?? [];
  const field = rules[0]?.field;
  const discriminant = field === undefined ? undefined : fields.find((f) => f.name === field);
  if (discriminant === undefined || !isText(discriminant.type, lookup)) return [{ fields: held(required), rule: undefined, avoid: [] }];
  const own = rules.filter((rule) => rule.field === field);
  const covered = own.map((rule) => rule.value);
  const choices: ObjectChoice[] = own.map((rule) => ({ fields: held([...required, field as string, ...rule.require]), rule, avoid: [] }));
  // The generated type enforces the rules only when they test one field: then a value the rules cover needs its rule.
  const enforced = new Set(rules.map((rule) => rule.field)).size === 1;
  if (!enforced || uncovered(discriminant.type, covered, lookup)) choices.push({ fields: held(required), rule: undefined, avoid: enforced ? covered : [] });
  return choices;
}

/** Whether the field can take a value no rule covers. */
function uncovered(type: TypeRef, covered: readonly string[], lookup: Lookup): boolean {
  const values = enumOf(type, lookup);
  return values === undefined || values.open || values.values.some((v) => !covered.includes(String(v)));
}

/** `names` and every together-group any of them is in, until no group adds a field. */
function closure(names: readonly string[], together: readonly (readonly string[])[]): Set<string> {
  const out = new Set(names);
  for (let size = -1; size !== out.size; ) {
    size = out.size;
    for (const group of together) if (group.some((n) => out.has(n))) for (const n of group) out.add(n);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Cycles of types without a value
// ---------------------------------------------------------------------------------------------

/**
 * Every type without a value needs another one without (a finite structure ends in names), so
 * following each one's first blocker from any of them ends on a cycle: the cycles are the cause,
 * and every other such type needs one of them.
 */
function findCycles(r: Ranks): (readonly CycleStep[])[] {
  const valueless = r.valueless();
  const byName = new Map(valueless.map((t) => [t.name, t]));
  const order = new Map(valueless.map((t, i) => [t.name, i]));
  const blockers = new Map(valueless.map((t) => [t.name, r.blocker(t)]));
  const cycles: CycleStep[][] = [];
  const done = new Set<string>();
  for (const start of valueless) {
    const path: string[] = [];
    const onPath = new Set<string>();
    let name: string | undefined = start.name;
    while (name !== undefined && !done.has(name) && !onPath.has(name)) {
      path.push(name);
      onPath.add(name);
      name = blockers.get(name)?.next;
    }
    if (name !== undefined && onPath.has(name)) cycles.push(rotate(path.slice(path.indexOf(name)).map((n) => ({ type: byName.get(n) as NamedType, field: blockers.get(n)?.field })), order));
    for (const n of path) done.add(n);
  }
  return cycles;
}

/** The cycle started at its first field that holds the next type (the first type in contract order when no alias is between). */
function rotate(cycle: readonly CycleStep[], order: ReadonlyMap<string, number>): CycleStep[] {
  const place = (s: CycleStep) => (s.field === undefined ? order.size : 0) + (order.get(s.type.name) ?? 0);
  let first = 0;
  cycle.forEach((step, i) => {
    if (place(step) < place(cycle[first] as CycleStep)) first = i;
  });
  return [...cycle.slice(first), ...cycle.slice(0, first)];
}

/** Reports each cycle of types without a finite value once, at its first field that holds the next type. */
export function reportNoFiniteValue(ctx: BuildContext, cycles: readonly (readonly CycleStep[])[]): void {
  for (const cycle of cycles) {
    const first = cycle[0];
    if (first === undefined) continue;
    const steps = cycle.map((s) => (s.field === undefined ? s.type.name : `${s.type.name}.${s.field.name}`));
    ctx.report(M.noFiniteValue, cyclePath(first), { type: first.type.name, cycle: [...steps, first.type.name].join(' → ') }, 'key');
  }
}

/** Where a cycle step is written: the field (in its base, for an inherited one), or the alias. */
export function cyclePath(step: CycleStep): RawPath {
  return step.field === undefined ? ['types', step.type.name] : ['types', step.field.inherited ?? step.type.name, 'fields', step.field.name];
}
