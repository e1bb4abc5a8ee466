/**
 * Named types: objects (with `extends`), enums, and aliases (a named array, map, union or scalar),
 * then the checks that need every type at once — inherited fields, discriminators, defaults and
 * examples.
 */
import type { RawNamedType, RawTypeSpec } from '../contract-format.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { didYouMean } from '../similar.js';
import { buildFields, buildTypeRef, deprecation, enumValues, STRUCTURAL_KINDS } from './build-type-ref.js';
import { isText, valueProblem, type Lookup } from './check-value.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { describeType } from './type-text.js';
import { discriminatorMapping, unionsOf } from './unions.js';
import { PRIMITIVE_NAMES, type AliasType, type Field, type NamedType, type ObjectType, type TypeRef } from './types.js';

export function buildTypes(ctx: BuildContext, raw: Readonly<Record<string, RawNamedType>> | undefined): NamedType[] {
  const names = new Set(Object.keys(raw ?? {}));
  // A type reads only its own entry and the set of type names: the reuse key is the names.
  const context = ctx.contextKey('types', [...names].join('\n'));
  const own: NamedType[] = [];
  for (const [name, type] of entries(raw)) {
    const path = ['types', name];
    if (isReservedTypeName(name)) ctx.report(M.reservedTypeName, path, { name }, 'key');
    own.push(ctx.reuse(type, 'type', `${name}\n${context}`, () => buildNamed(ctx, path, name, type, names)));
  }
  const types = resolveExtends(ctx, own);
  const lookup = lookupOf(types);
  checkUnions(ctx, types, lookup);
  checkValues(ctx, types, lookup);
  return types;
}

function isReservedTypeName(name: string): boolean {
  return (PRIMITIVE_NAMES as readonly string[]).includes(name) || (STRUCTURAL_KINDS as readonly string[]).includes(name);
}

function lookupOf(types: readonly NamedType[]): Lookup {
  const byName = new Map(types.map((t) => [t.name, t]));
  return (name) => byName.get(name);
}

function buildNamed(ctx: BuildContext, path: RawPath, name: string, raw: RawNamedType, names: ReadonlySet<string>): NamedType {
  const base = { name, description: raw.description, notShown: raw.notShown, deprecated: deprecation(raw.deprecated), loc: ctx.loc(path, 'key') };
  if (raw.kind === 'enum') return { kind: 'enum', ...base, ...enumValues(ctx, [...path, 'values'], name, Array.isArray(raw.values) ? raw.values : [], raw.open ?? false) };
  if (raw.kind === 'object') return buildObject(ctx, path, base, raw, names);
  // A named array, map, union or scalar is its type expression with a name.
  const spec: RawTypeSpec = { ...raw, type: raw.kind, description: undefined, notShown: undefined, deprecated: undefined };
  const alias: AliasType = { kind: 'alias', ...base, type: buildTypeRef(ctx, path, spec, names) };
  return alias;
}

type Base = Pick<ObjectType, 'name' | 'description' | 'notShown' | 'deprecated' | 'loc'>;

function buildObject(ctx: BuildContext, path: RawPath, base: Base, raw: RawNamedType, names: ReadonlySet<string>): ObjectType {
  const bases = raw.extends ?? [];
  bases.forEach((b, i) => {
    if (!names.has(b)) ctx.report(M.unknownType, [...path, 'extends', i], { name: b, hint: didYouMean(b, [...names]) });
  });
  return {
    kind: 'object',
    ...base,
    open: raw.open ?? false,
    fields: buildFields(ctx, [...path, 'fields'], raw.fields, names),
    extends: [...bases],
    requiredWhen: (raw.requiredWhen ?? []).map((rule) => {
      const [field, value] = Object.entries(rule.when)[0] ?? ['', ''];
      return { field, value, require: [...rule.require] };
    }),
    together: (raw.together ?? []).map((group) => [...group]),
  };
}

// ---------------------------------------------------------------------------------------------
// extends: every object carries its inherited fields
// ---------------------------------------------------------------------------------------------

/**
 * A flattened type per own type and bases: a watch session that reuses both reuses the result,
 * so downstream caches keyed by model objects keep hitting.
 */
const flattened = new WeakMap<ObjectType, { readonly bases: readonly NamedType[]; readonly type: ObjectType; readonly incompatible: readonly IncompatibleField[] }>();

/** A field redefined in a way its base's type does not allow: reported again whenever the flattened type is reused. */
interface IncompatibleField {
  readonly field: string;
  readonly base: string;
  readonly before: string;
  readonly after: string;
}

function resolveExtends(ctx: BuildContext, own: readonly NamedType[]): NamedType[] {
  const byName = new Map(own.map((t) => [t.name, t]));
  const done = new Map<string, NamedType>();
  const resolve = (type: NamedType, chain: readonly string[]): NamedType => {
    const known = done.get(type.name);
    if (known !== undefined) return known;
    if (type.kind !== 'object' || type.extends.length === 0) return type;
    if (chain.includes(type.name)) {
      ctx.report(M.extendsCycle, ['types', type.name, 'extends'], { cycle: [...chain.slice(chain.indexOf(type.name)), type.name].join(' → ') }, 'key');
      return type;
    }
    const bases = type.extends.flatMap((name, i) => {
      const b = byName.get(name);
      if (b === undefined) return [];
      if (b.kind !== 'object') {
        ctx.report(M.extendsNonObject, ['types', type.name, 'extends', i], { name, kind: b.kind === 'alias' ? b.type.kind : b.kind });
        return [];
      }
      return [resolve(b, [...chain, type.name])];
    });
    const result = flatten(ctx, type, bases as ObjectType[]);
    done.set(type.name, result);
    return result;
  };
  return own.map((t) => resolve(t, []));
}

function flatten(ctx: BuildContext, type: ObjectType, bases: readonly ObjectType[]): ObjectType {
  const report = (p: IncompatibleField) => ctx.report(M.incompatibleField, ['types', type.name, 'fields', p.field], p, 'key');
  const kept = flattened.get(type);
  if (kept !== undefined && kept.bases.length === bases.length && kept.bases.every((b, i) => b === bases[i])) {
    kept.incompatible.forEach(report);
    return kept.type;
  }
  const incompatible: IncompatibleField[] = [];
  const fields: Field[] = [];
  for (const base of bases) {
    for (const f of base.fields) if (!fields.some((x) => x.name === f.name)) fields.push({ ...f, inherited: f.inherited ?? base.name });
  }
  for (const f of type.fields) {
    const i = fields.findIndex((x) => x.name === f.name);
    if (i < 0) {
      fields.push(f);
      continue;
    }
    const inherited = fields[i] as Field;
    if (!narrows(inherited.type, f.type)) incompatible.push({ field: f.name, base: inherited.inherited ?? '', before: describeType(inherited.type), after: describeType(f.type) });
    fields[i] = { ...f, required: f.required || inherited.required };
  }
  const result: ObjectType = { ...type, fields, open: type.open || bases.some((b) => b.open) };
  incompatible.forEach(report);
  flattened.set(type, { bases, type: result, incompatible });
  return result;
}

/** A redefinition may restate the type, fix it to one value, or take `null` away. */
function narrows(base: TypeRef, next: TypeRef): boolean {
  if (describeType({ ...base, nullable: false }) === describeType({ ...next, nullable: false })) return next.nullable !== true || base.nullable === true;
  if (next.kind === 'literal') return valueProblem(base, next.value, () => undefined) === undefined || base.kind === 'named';
  if (next.kind === 'enum' && base.kind === 'enum') return next.values.every((v) => base.open || base.values.includes(v));
  return false;
}

// ---------------------------------------------------------------------------------------------
// Whole-contract checks
// ---------------------------------------------------------------------------------------------

function checkUnions(ctx: BuildContext, types: readonly NamedType[], lookup: Lookup): void {
  for (const { ref, path } of unionsOf(types)) {
    for (const report of discriminatorMapping(ref, lookup).problems) report(ctx, path);
  }
}

/** Defaults, examples and conditional values must be values their type allows. */
function checkValues(ctx: BuildContext, types: readonly NamedType[], lookup: Lookup): void {
  for (const type of types) {
    if (type.kind === 'alias' && type.type.example !== undefined) reportExample(ctx, ['types', type.name, 'example'], type.type, lookup);
    if (type.kind !== 'object') continue;
    for (const field of type.fields) {
      if (field.inherited !== undefined || (field.default === undefined && field.type.example === undefined)) continue;
      const path = ['types', type.name, 'fields', field.name];
      if (field.default !== undefined) {
        const problem = valueProblem(field.type, field.default, lookup);
        if (problem !== undefined) ctx.report(M.invalidDefault, [...path, 'default'], { field: field.name, problem });
      }
      if (field.type.example !== undefined) reportExample(ctx, [...path, 'example'], field.type, lookup);
    }
    checkRules(ctx, type, lookup);
  }
}

function reportExample(ctx: BuildContext, path: RawPath, type: TypeRef, lookup: Lookup): void {
  const problem = valueProblem(type, type.example, lookup);
  if (problem !== undefined) ctx.report(M.invalidExample, path, { problem });
}

function checkRules(ctx: BuildContext, type: ObjectType, lookup: Lookup): void {
  const path = ['types', type.name];
  const fieldNames = type.fields.map((f) => f.name);
  type.requiredWhen.forEach((rule, i) => {
    const rulePath = [...path, 'requiredWhen', i];
    checkFieldNames(ctx, [...rulePath, 'when'], [rule.field], fieldNames, type.name, 'key');
    checkFieldNames(ctx, [...rulePath, 'require'], rule.require, fieldNames, type.name, 'value');
    const field = type.fields.find((f) => f.name === rule.field);
    if (field === undefined) return;
    if (!isText(field.type, lookup)) {
      // The generated type cannot narrow on it; the rule stays documentation.
      ctx.report(M.untypedCondition, [...rulePath, 'when', rule.field], { field: rule.field }, 'key');
      return;
    }
    const problem = valueProblem(field.type, rule.value, lookup);
    if (problem !== undefined) ctx.report(M.invalidCondition, [...rulePath, 'when', rule.field], { field: rule.field, problem });
  });
  type.together.forEach((group, i) => checkFieldNames(ctx, [...path, 'together', i], group, fieldNames, type.name, 'value'));
}

function checkFieldNames(ctx: BuildContext, path: RawPath, used: readonly string[], known: readonly string[], typeName: string, at: 'key' | 'value'): void {
  used.forEach((field, i) => {
    if (known.includes(field)) return;
    const where = at === 'key' ? [...path, field] : [...path, i];
    ctx.report(M.notAField, where, { field, type: typeName, hint: didYouMean(field, known) }, at);
  });
}
