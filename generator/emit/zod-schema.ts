/**
 * Contract types as zod 4 schemas that mean what the package's validators mean
 * (validator-code.ts): zod's own schema where it decides every value as the validators do, a
 * helper of templates/zod-helpers.ts where zod's would decide otherwise, and each format by the
 * very function the validators call. Where none can, the
 * difference is named here and in the README section (emit-zod.ts), and test/zod-output.test.ts
 * holds every other verdict to the validators':
 *
 * - zod reads no key named `__proto__` in a map (its guard against prototype pollution), nor a
 *   field of that name when a rule (`requiredWhen`, `together`) names it: zod's parsed output has
 *   none. A map's own symbol keys, which the validators skip, zod refuses.
 *
 * Expressions come out as js-layout.ts expressions; names the module declares come from names.ts.
 */
import { carries, isInt64, type Direction, type Knowledge } from '../model/knowledge.js';
import type { Constraints, Field, NamedType, ObjectType, TypeRef } from '../model/types.js';
import { array, arrow, call, method, name, newCall, num, object, str, type Expr } from './js-layout.js';
import { OBJECT_PROTOTYPE_NAMES } from '../naming.js';
import { ZOD } from './names.js';
import { FORMATS } from './validator-code.js';

/** What a schema expression needs from the file it is written in. */
export interface SchemaScope {
  readonly k: Knowledge;
  /** A named type's schema in a direction: its name, or `z.lazy` of it where it is not declared yet. */
  schemaRef(type: string, direction: Direction): Expr;
  /** A helper of templates/zod-helpers.ts, imported. */
  helper(name: string): string;
  /** A check of templates/validate.ts (a format's), imported. */
  check(name: string): string;
}

const Z = name(ZOD.z);
const zod = (factory: string, args: readonly Expr[] = []) => method(Z, factory, args);

/** The schema of a reference in a direction. */
export function schemaOf(ref: TypeRef, direction: Direction, scope: SchemaScope): Expr {
  const bare = bareSchema(ref, direction, scope);
  return ref.nullable === true ? method(bare, 'nullable') : bare;
}

/**
 * The schema of a response body read as text (a string, through any aliases): written in place,
 * since its dates stay text where the package's named schemas hold Dates.
 */
export function textSchema(ref: TypeRef, scope: SchemaScope): Expr {
  const type = ref.kind === 'named' ? scope.k.type(ref.name) : undefined;
  const bare = type?.kind === 'alias' ? textSchema(type.type, scope) : ref.kind === 'primitive' && ref.name === 'string' ? stringSchema(ref.format, ref.constraints ?? {}, scope) : bareSchema(ref, 'response', scope);
  return ref.nullable === true ? method(bare, 'nullable') : bare;
}

function bareSchema(ref: TypeRef, direction: Direction, scope: SchemaScope): Expr {
  switch (ref.kind) {
    case 'named':
      return scope.schemaRef(ref.name, direction);
    case 'primitive':
      return primitiveSchema(ref, direction, scope);
    case 'literal':
      return literalSchema(ref.value);
    case 'enum':
      return enumSchema(ref.values, ref.open, scope);
    case 'array':
      return arraySchema(ref.items, ref.constraints, direction, scope);
    case 'map':
      return zod('record', [zod('string'), schemaOf(ref.values, direction, scope)]);
    case 'object':
      return objectSchema(ref.fields, ref.open, direction, scope);
    case 'union':
      return ref.discriminator === undefined ? zod('union', [array(ref.members.map((m) => schemaOf(m, direction, scope)))]) : taggedUnion(ref, direction, scope);
  }
}

/** A named type's schema in a direction: what its exported constant holds; `typed` is its type as the file names it. */
export function namedSchema(type: NamedType, direction: Direction, typed: string, scope: SchemaScope): Expr {
  if (type.kind === 'enum') return enumSchema(type.values, type.open, scope);
  if (type.kind === 'alias') return schemaOf(type.type, direction, scope);
  const plain = objectSchema(type.fields, type.open, direction, scope);
  return hasRules(type) ? call(scope.helper(ZOD.helpers.withRules), [plain, ...rules(type, scope)], `<${typed}>`) : plain;
}

export function hasRules(type: ObjectType): boolean {
  return type.requiredWhen.length > 0 || type.together.length > 0;
}

function rules(type: ObjectType, scope: SchemaScope): Expr[] {
  return [
    ...type.requiredWhen.map((r) => call(scope.helper(ZOD.helpers.requiredWhen), [str(r.field), str(r.value), array(r.require.map(str))])),
    ...type.together.map((group) => call(scope.helper(ZOD.helpers.sentTogether), [array(group.map(str))])),
  ];
}

function primitiveSchema(ref: Extract<TypeRef, { kind: 'primitive' }>, direction: Direction, scope: SchemaScope): Expr {
  switch (ref.name) {
    case 'unknown':
      return zod('unknown');
    case 'boolean':
      return zod('boolean');
    case 'binary':
      return call(scope.helper(direction === 'request' ? ZOD.helpers.bytesOrBlob : ZOD.helpers.bytes));
    case 'string':
      // A package with dates as Date objects holds a Date where the contract says date-time or date (its validators check a valid Date).
      if (scope.k.contract.outputs.dates === 'Date' && (ref.format === 'date-time' || ref.format === 'date')) return zod('date');
      return stringSchema(ref.format, ref.constraints ?? {}, scope);
    case 'integer':
    case 'number':
      return isInt64(ref) ? int64Schema(ref.constraints ?? {}, scope) : numberSchema(ref.name, ref.format, ref.constraints ?? {}, scope);
  }
}

/**
 * A format the validators check, by the very function they call (templates/validate.ts, named in
 * validator-code.ts's FORMATS), so that zod decides it as they do; any other is any string.
 */
function formatSchema(format: string | undefined, scope: SchemaScope): Expr {
  const check = format === undefined ? undefined : FORMATS[format];
  return format === undefined || check === undefined ? zod('string') : zod('stringFormat', [str(format), name(scope.check(check))]);
}

function stringSchema(format: string | undefined, c: Constraints, scope: SchemaScope): Expr {
  let schema = formatSchema(format, scope);
  // The validators test a pattern with the `u` flag.
  if (c.pattern !== undefined) schema = method(schema, 'regex', [newCall('RegExp', [str(c.pattern), str('u')])]);
  const lengths = [
    ...(c.minLength === undefined ? [] : [call(scope.helper(ZOD.helpers.minChars), [num(c.minLength)])]),
    ...(c.maxLength === undefined ? [] : [call(scope.helper(ZOD.helpers.maxChars), [num(c.maxLength)])]),
  ];
  return lengths.length === 0 ? schema : method(schema, 'check', lengths);
}

/** A number, or an integer of any size (and an int32 as zod's, which stays within 2^53). */
function numberSchema(kind: 'integer' | 'number', format: string | undefined, c: Constraints, scope: SchemaScope): Expr {
  const int32 = format === 'int32';
  let schema = kind === 'number' ? zod('number') : int32 ? zod('int32') : call(scope.helper(ZOD.helpers.wholeNumber));
  // A number of format int32 is held to its range, not made whole.
  if (kind === 'number' && int32) schema = method(method(schema, 'min', [num(-2147483648)]), 'max', [num(2147483647)]);
  schema = bounded(schema, c, num);
  return c.multipleOf === undefined ? schema : method(schema, 'check', [call(scope.helper(ZOD.helpers.multipleOf), [num(c.multipleOf)])]);
}

/** `min`, `max`, `gt`, `lt` for the contract's bounds; `bound` writes a bound as the schema compares it. */
function bounded(schema: Expr, c: Constraints, bound: (value: number) => Expr): Expr {
  const calls: [string, number | undefined][] = [
    ['min', c.minimum],
    ['max', c.maximum],
    ['gt', c.exclusiveMinimum],
    ['lt', c.exclusiveMaximum],
  ];
  return calls.reduce((s, [m, value]) => (value === undefined ? s : method(s, m, [bound(value)])), schema);
}

/**
 * An int64: a whole number, or a bigint past 2^53 (how the client reads one), both held to the
 * bounds. A bigint bound is the integer the real bound allows; a bigint is a multiple only of a
 * whole number, so with any other `multipleOf` the bigint branch is left out.
 */
function int64Schema(c: Constraints, scope: SchemaScope): Expr {
  const numbers = numberSchema('integer', undefined, c, scope);
  const m = c.multipleOf;
  if (m !== undefined && !Number.isInteger(m)) return numbers;
  const whole = (value: number, up: boolean) => num(BigInt(up ? Math.ceil(value) : Math.floor(value)));
  let bigints = zod('bigint');
  if (c.minimum !== undefined) bigints = method(bigints, 'min', [whole(c.minimum, true)]);
  if (c.maximum !== undefined) bigints = method(bigints, 'max', [whole(c.maximum, false)]);
  if (c.exclusiveMinimum !== undefined) bigints = method(bigints, 'gt', [whole(c.exclusiveMinimum, false)]);
  if (c.exclusiveMaximum !== undefined) bigints = method(bigints, 'lt', [whole(c.exclusiveMaximum, true)]);
  if (m !== undefined) bigints = method(bigints, 'multipleOf', [num(BigInt(m))]);
  return zod('union', [array([numbers, bigints])]);
}

function literalSchema(value: string | number | boolean | null): Expr {
  if (value === null) return zod('null');
  return zod('literal', [typeof value === 'string' ? str(value) : typeof value === 'number' ? num(value) : name(String(value))]);
}

/** A closed enum's values (strings by `z.enum`, integers as literals); an open one takes any string, or any integer. */
function enumSchema(values: readonly (string | number)[], open: boolean, scope: SchemaScope): Expr {
  const numeric = typeof values[0] === 'number';
  if (open) return numeric ? call(scope.helper(ZOD.helpers.wholeNumber)) : zod('string');
  if (values.length === 0) return zod('never');
  return numeric ? zod('literal', [array(values.map((v) => num(Number(v))))]) : zod('enum', [array(values.map((v) => str(String(v))))]);
}

function arraySchema(items: TypeRef, c: Constraints | undefined, direction: Direction, scope: SchemaScope): Expr {
  let schema = zod('array', [schemaOf(items, direction, scope)]);
  if (c?.minItems !== undefined) schema = method(schema, 'min', [num(c.minItems)]);
  if (c?.maxItems !== undefined) schema = method(schema, 'max', [num(c.maxItems)]);
  return c?.uniqueItems === true ? method(schema, 'check', [call(scope.helper(ZOD.helpers.uniqueItems))]) : schema;
}

/**
 * An object in a direction, strict where it is closed. A field of the other direction (readOnly in
 * a request, writeOnly in a response) is not required but, when given, is held to its type, as
 * the validators hold it (JSON Schema's readOnly and writeOnly refuse nothing). Fields named like
 * members of every object are read as own properties (`ownFields`).
 */
function objectSchema(fields: readonly Field[], open: boolean, direction: Direction, scope: SchemaScope): Expr {
  const entries = fields.map((f): [string, Expr] => [f.name, carries(direction, f) ? fieldSchema(f, direction, scope) : method(schemaOf(f.type, direction, scope), 'optional')]);
  const plain = zod(open ? 'looseObject' : 'strictObject', [object(entries, entries.length > 0)]);
  return fields.some((f) => OBJECT_PROTOTYPE_NAMES.has(f.name)) ? call(scope.helper(ZOD.helpers.ownFields), [plain]) : plain;
}

function fieldSchema(f: Field, direction: Direction, scope: SchemaScope): Expr {
  const schema = schemaOf(f.type, direction, scope);
  if (!f.required) return method(schema, 'optional');
  // A required field that is undefined is missing to the validators; zod's `unknown()` would take it.
  return takesUndefined(f.type, scope.k, new Set()) ? method(schema, 'check', [call(scope.helper(ZOD.helpers.notUndefined))]) : schema;
}

/** Whether the type's schema takes `undefined`: `unknown`, through names and unions. */
function takesUndefined(ref: TypeRef, k: Knowledge, seen: Set<string>): boolean {
  if (ref.kind === 'primitive') return ref.name === 'unknown';
  if (ref.kind === 'union') return ref.members.some((m) => takesUndefined(m, k, seen));
  if (ref.kind !== 'named' || seen.has(ref.name)) return false;
  seen.add(ref.name);
  const type = k.type(ref.name);
  return type?.kind === 'alias' && takesUndefined(type.type, k, seen);
}

/**
 * A discriminated union: `z.discriminatedUnion` where every member is a plain object whose tag
 * field is its one literal value (zod then dispatches on it as the validators do); otherwise a
 * union of members each held to its tag values (`taggedMember`).
 */
function taggedUnion(ref: Extract<TypeRef, { kind: 'union' }>, direction: Direction, scope: SchemaScope): Expr {
  const field = ref.discriminator?.field ?? '';
  const mapping = scope.k.discriminatorMapping(ref);
  const members = [...new Set(mapping.map((e) => e.member))];
  if (discriminable(ref, direction, scope.k)) return zod('discriminatedUnion', [str(field), array(members.map((m) => scope.schemaRef(m, direction)))]);
  const tagged = members.map((m) => call(scope.helper(ZOD.helpers.taggedMember), [str(field), array(mapping.filter((e) => e.member === m).map((e) => str(e.value))), scope.schemaRef(m, direction)]));
  return zod('union', [array(tagged)]);
}

/** Whether `z.discriminatedUnion` decides the union as the validators do (and each member's schema is typed for it). */
export function discriminable(ref: TypeRef, direction: Direction, k: Knowledge): boolean {
  if (ref.kind !== 'union' || ref.discriminator === undefined) return false;
  const field = ref.discriminator.field;
  const mapping = k.discriminatorMapping(ref);
  return mapping.length > 0 && new Set(mapping.map((e) => e.member)).size === mapping.length && mapping.every((e) => plainTagged(k.type(e.member), field, e.value, direction));
}

/** A member zod can dispatch to: an object without rules or inherited names, its tag a required field of exactly `value`. */
function plainTagged(type: NamedType | undefined, field: string, value: string, direction: Direction): boolean {
  if (type?.kind !== 'object' || hasRules(type)) return false;
  if (type.fields.some((f) => OBJECT_PROTOTYPE_NAMES.has(f.name))) return false;
  const tag = type.fields.find((f) => f.name === field);
  return tag !== undefined && carries(direction, tag) && tag.required && tag.type.nullable !== true && tag.type.kind === 'literal' && tag.type.value === value;
}

/** `z.lazy(() => name)`: a schema declared further down the module, or the one being declared. */
export function lazy(schema: string): Expr {
  return zod('lazy', [arrow('()', name(schema))]);
}
