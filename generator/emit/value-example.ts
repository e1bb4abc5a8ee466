/**
 * A type-correct example value of a type, for the mocks' fixtures: the contract's own `example`
 * where it gives one, else required fields only, an enum's first value, the fewest items an array
 * allows, a union's first member with its discriminator value, and scalars that meet their format
 * and constraints (scalar-example.ts). Fixtures are responses, so writeOnly fields are left out.
 *
 * Every example is a value of its type and ends. Where a type comes back inside itself (a `Tree`
 * whose children are `Tree`s), the example of the inner one is the type's least value: at every
 * step the choice of least rank (model/finite-values.ts: `null` for a nullable reference, no item
 * for an array that may be empty, the union member and object choice that need the fewest
 * unfoldings), which holds only types of lower ranks, so it ends too.
 *
 * The README's quick start asks for a request's example: the same, without readOnly fields.
 */
import { enumOf } from '../model/check-value.js';
import { NO_VALUE, type ObjectChoice } from '../model/finite-values.js';
import { carries, knowledge, type Direction, type Knowledge } from '../model/knowledge.js';
import type { Contract, Field, JsonValue, ObjectType, TypeRef } from '../model/types.js';
import { numberExample, stringExample } from './scalar-example.js';

export const EXAMPLE_TEXT = 'example';

/** An example value of `ref` as a response carries it, or as a request sends it (the README's quick start: no readOnly field). */
export function exampleValue(contract: Contract, ref: TypeRef, direction: Direction = 'response'): JsonValue {
  return new Examples(knowledge(contract), direction).of(ref, []);
}

class Examples {
  constructor(
    private readonly k: Knowledge,
    private readonly direction: Direction,
  ) {}

  /** The natural example; a named type already being written (in `visiting`) gets its least value. */
  of(ref: TypeRef, visiting: readonly string[]): JsonValue {
    if (ref.example !== undefined) return ref.example;
    // Only in a contract the model refused can a value of the type itself be missing: then null, which it allows.
    if (ref.nullable === true && this.k.finiteValues.valueRank(ref) === NO_VALUE) return null;
    switch (ref.kind) {
      case 'array':
        // A type inside itself: no item is the least example, and the array allows it.
        if (ref.items.kind === 'named' && visiting.includes(ref.items.name) && (ref.constraints?.minItems ?? 0) === 0) return [];
        return this.array(ref, (items) => this.of(items, visiting));
      case 'map':
        return { [EXAMPLE_TEXT]: this.of(ref.values, visiting) };
      case 'union':
        return this.union(ref, firstWithValue(ref.members, (m) => this.k.finiteValues.refRank(m)), (member) => this.of(member, visiting));
      case 'object':
        return this.object(ref.fields, undefined, (choices) => firstChoice(choices, this.k), (f) => this.of(f.type, visiting));
      case 'named': {
        const type = this.k.type(ref.name);
        if (type === undefined) return null;
        if (visiting.includes(type.name)) return this.least(ref);
        if (type.kind === 'enum') return type.values[0] ?? EXAMPLE_TEXT;
        const inside = [...visiting, type.name];
        if (type.kind === 'alias') return this.of(type.type, inside);
        return this.object(type.fields, type, (choices) => firstChoice(choices, this.k), (f) => this.of(f.type, inside));
      }
      default:
        return scalar(ref);
    }
  }

  /** The least value: the choice of least rank at every step. */
  least(ref: TypeRef): JsonValue {
    if (ref.example !== undefined) return ref.example;
    if (ref.nullable === true) return null;
    const ranks = this.k.finiteValues;
    switch (ref.kind) {
      case 'array':
        return this.array(ref, (items) => this.least(items), ref.constraints?.minItems ?? 0);
      case 'map':
        return {};
      case 'union':
        return this.union(ref, leastOf(ref.members, (m) => ranks.refRank(m)), (member) => this.least(member));
      case 'object':
        return this.object(ref.fields, undefined, (choices) => leastOf(choices, (c) => ranks.choiceRank(c)), (f) => this.least(f.type));
      case 'named': {
        const type = this.k.type(ref.name);
        if (type === undefined) return null;
        if (type.kind === 'enum') return type.values[0] ?? EXAMPLE_TEXT;
        if (type.kind === 'alias') return this.least(type.type);
        return this.object(type.fields, type, (choices) => leastOf(choices, (c) => ranks.choiceRank(c)), (f) => this.least(f.type));
      }
      default:
        return scalar(ref);
    }
  }

  /** `count` items (as few as the array allows when not given), distinct when they must be. */
  private array(ref: Extract<TypeRef, { kind: 'array' }>, item: (ref: TypeRef) => JsonValue, count = ref.constraints?.minItems ?? Math.min(1, ref.constraints?.maxItems ?? 1)): JsonValue {
    if (count === 0) return [];
    const first = item(ref.items);
    const items: JsonValue[] = [];
    for (let i = 0; items.length < count && i < count * 4; i++) {
      const next = i === 0 ? first : variant(first, i);
      if (ref.constraints?.uniqueItems !== true || !items.some((x) => JSON.stringify(x) === JSON.stringify(next))) items.push(next);
    }
    return items;
  }

  /** The chosen member's example, carrying its discriminator value. */
  private union(ref: Extract<TypeRef, { kind: 'union' }>, member: TypeRef | undefined, of: (member: TypeRef) => JsonValue): JsonValue {
    if (member === undefined) return null;
    const value = of(member);
    const d = ref.discriminator;
    const tag = d === undefined || member.kind !== 'named' ? undefined : this.k.discriminatorMapping(ref).find((e) => e.member === member.name);
    return d !== undefined && tag !== undefined && isObjectValue(value) ? { ...value, [d.field]: tag.value } : value;
  }

  /** The fields of the chosen way to write the object (finite-values.ts), in field order; a default is used as given. */
  private object(all: readonly Field[], type: ObjectType | undefined, choose: (choices: readonly ObjectChoice[]) => ObjectChoice | undefined, of: (field: Field) => JsonValue): JsonValue {
    const choice = choose(this.k.finiteValues.choices(all, type));
    if (choice === undefined) return {};
    const tested = choice.avoid.length > 0 ? type?.requiredWhen[0]?.field : undefined;
    const valueOf = (field: Field): JsonValue => {
      if (field.name === choice.rule?.field) return choice.rule.value;
      const value = field.default ?? of(field);
      return field.name === tested ? this.uncovered(field, value, choice.avoid) : value;
    };
    // Own properties, whatever the names: a field called __proto__ is data.
    return Object.fromEntries(choice.fields.filter((f) => carries(this.direction, f)).map((f) => [f.name, valueOf(f)]));
  }

  /** A value of the rules' field that no rule covers (the object takes none of them). */
  private uncovered(field: Field, value: JsonValue, avoid: readonly string[]): JsonValue {
    if (!avoid.includes(String(value))) return value;
    const values = enumOf(field.type, this.k.type);
    return values?.values.find((v) => !avoid.includes(String(v))) ?? `${String(value)}-other`;
  }
}

function scalar(ref: TypeRef): JsonValue {
  if (ref.kind === 'literal') return ref.value;
  if (ref.kind === 'enum') return ref.values[0] ?? EXAMPLE_TEXT;
  if (ref.kind !== 'primitive') return null;
  const c = ref.constraints ?? {};
  const format = ref.format === undefined ? {} : { format: ref.format };
  switch (ref.name) {
    case 'integer':
    case 'number':
      return numberExample({ integer: ref.name === 'integer', ...format, ...c }) ?? 1;
    case 'boolean':
      return true;
    case 'unknown':
      return null;
    case 'string':
      return stringExample({ ...format, ...c }) ?? EXAMPLE_TEXT;
    default:
      return EXAMPLE_TEXT;
  }
}

/** Another item like `value` (for `uniqueItems`): a number moved on, a string suffixed. */
function variant(value: JsonValue, i: number): JsonValue {
  if (typeof value === 'number') return value + i;
  if (typeof value === 'string') return `${value}${i}`;
  return value;
}

function isObjectValue(value: JsonValue): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first item that has a finite value (the first, in any contract the model accepts). */
function firstWithValue<T>(items: readonly T[], rank: (item: T) => number): T | undefined {
  return items.find((item) => rank(item) < NO_VALUE) ?? items[0];
}

function firstChoice(choices: readonly ObjectChoice[], k: Knowledge): ObjectChoice | undefined {
  return firstWithValue(choices, (c) => k.finiteValues.choiceRank(c));
}

/** The item of least rank, the first of those that tie. */
function leastOf<T>(items: readonly T[], rank: (item: T) => number): T | undefined {
  let best: T | undefined;
  let bestRank = NO_VALUE;
  for (const item of items) {
    const r = rank(item);
    if (best === undefined || r < bestRank) [best, bestRank] = [item, r];
  }
  return best;
}
