/** Named types, fields and type references. */
import type { RawField, RawNamedType, RawTypeSpec } from '../contract-format.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { didYouMean } from '../similar.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { PRIMITIVE_NAMES, type Field, type JsonValue, type NamedType, type ObjectType, type PrimitiveName, type TypeRef } from './types.js';

const STRUCTURAL = new Set(['object', 'array']);

export function buildTypes(ctx: BuildContext, raw: Readonly<Record<string, RawNamedType>> | undefined): NamedType[] {
  const names = new Set(Object.keys(raw ?? {}));
  // A type reads only its own entry and the set of type names: the reuse key is the names.
  const context = ctx.contextKey('types', [...names].join('\n'));
  const types: NamedType[] = [];
  for (const [name, type] of entries(raw)) {
    const path = ['types', name];
    if (isReservedTypeName(name)) {
      ctx.report(M.reservedTypeName, path, { name }, 'key');
    }
    types.push(ctx.reuse(type, 'type', `${name}\n${context}`, () => (type.kind === 'enum' ? buildEnum(ctx, path, name, type) : buildObject(ctx, path, name, type, names))));
  }
  checkValues(ctx, types);
  return types;
}

/** Defaults and conditional values must be values their field's type allows. */
function checkValues(ctx: BuildContext, types: readonly NamedType[]): void {
  const byName = new Map(types.map((t) => [t.name, t]));
  for (const type of types) {
    if (type.kind !== 'object') continue;
    for (const field of type.fields) {
      if (field.default === undefined) continue;
      const problem = valueProblem(field.type, field.default, byName);
      if (problem !== undefined) ctx.report(M.invalidDefault, ['types', type.name, 'fields', field.name, 'default'], { field: field.name, problem });
    }
    type.requiredWhen.forEach((rule, i) => {
      const field = type.fields.find((f) => f.name === rule.field);
      const discriminant = field?.type;
      const isText = discriminant !== undefined && ((discriminant.kind === 'primitive' && discriminant.name === 'string') || (discriminant.kind === 'named' && byName.get(discriminant.name)?.kind === 'enum'));
      if (field !== undefined && !isText) {
        // The generated type cannot narrow on it; the rule stays documentation.
        ctx.report(M.untypedCondition, ['types', type.name, 'requiredWhen', i, 'when', rule.field], { field: rule.field }, 'key');
        return;
      }
      const problem = field === undefined ? undefined : valueProblem(field.type, rule.value, byName);
      if (problem !== undefined) ctx.report(M.invalidCondition, ['types', type.name, 'requiredWhen', i, 'when', rule.field], { field: rule.field, problem });
    });
  }
}

function valueProblem(type: TypeRef, value: unknown, byName: ReadonlyMap<string, NamedType>): string | undefined {
  if (type.kind === 'named') {
    const named = byName.get(type.name);
    if (named?.kind !== 'enum') return undefined;
    if (typeof value !== 'string') return `must be a string value of ${named.name}`;
    if (!named.open && !named.values.includes(value)) return `'${value}' is not a value of ${named.name} (${named.values.join(', ')})`;
    return undefined;
  }
  if (type.kind !== 'primitive') return undefined;
  const ok: Record<string, (v: unknown) => boolean> = {
    string: (v) => typeof v === 'string',
    integer: (v) => typeof v === 'number' && Number.isInteger(v),
    number: (v) => typeof v === 'number',
    boolean: (v) => typeof v === 'boolean',
  };
  const check = ok[type.name];
  return check === undefined || check(value) ? undefined : `must be ${type.name === 'integer' ? 'an' : 'a'} ${type.name}, not ${JSON.stringify(value)}`;
}

function isReservedTypeName(name: string): boolean {
  return (PRIMITIVE_NAMES as readonly string[]).includes(name) || STRUCTURAL.has(name);
}

function buildEnum(ctx: BuildContext, path: RawPath, name: string, raw: Extract<RawNamedType, { kind: 'enum' }>): NamedType {
  const open = raw.open ?? false;
  if (raw.values.length === 0 && !open) {
    ctx.report(M.emptyEnum, [...path, 'values'], { name });
  }
  return { kind: 'enum', name, description: raw.description, notShown: raw.notShown, open, values: [...raw.values], loc: ctx.loc(path, 'key') };
}

function buildObject(ctx: BuildContext, path: RawPath, name: string, raw: Extract<RawNamedType, { kind: 'object' }>, names: ReadonlySet<string>): ObjectType {
  const fields = buildFields(ctx, [...path, 'fields'], raw.fields, names);
  const fieldNames = fields.map((f) => f.name);
  const requiredWhen = (raw.requiredWhen ?? []).map((rule, i) => {
    const rulePath = [...path, 'requiredWhen', i];
    const [field, value] = Object.entries(rule.when)[0] ?? ['', ''];
    checkFieldNames(ctx, [...rulePath, 'when'], [field], fieldNames, name, 'key');
    checkFieldNames(ctx, [...rulePath, 'require'], rule.require, fieldNames, name, 'value');
    return { field, value, require: [...rule.require] };
  });
  const together = (raw.together ?? []).map((group, i) => {
    checkFieldNames(ctx, [...path, 'together', i], group, fieldNames, name, 'value');
    return [...group];
  });
  return {
    kind: 'object',
    name,
    description: raw.description,
    notShown: raw.notShown,
    open: raw.open ?? false,
    fields,
    requiredWhen,
    together,
    loc: ctx.loc(path, 'key'),
  };
}

function checkFieldNames(ctx: BuildContext, path: RawPath, used: readonly string[], known: readonly string[], typeName: string, at: 'key' | 'value'): void {
  used.forEach((field, i) => {
    if (known.includes(field)) return;
    const where = at === 'key' ? [...path, field] : [...path, i];
    ctx.report(M.notAField, where, { field, type: typeName, hint: didYouMean(field, known) }, at);
  });
}

export function buildFields(ctx: BuildContext, path: RawPath, raw: Readonly<Record<string, RawField>> | undefined, names: ReadonlySet<string>): Field[] {
  return entries(raw).map(([name, field]) => buildField(ctx, [...path, name], name, field, names));
}

function buildField(ctx: BuildContext, path: RawPath, name: string, raw: RawField, names: ReadonlySet<string>): Field {
  return {
    name,
    type: buildTypeRef(ctx, path, raw, names),
    required: raw.required ?? false,
    default: raw.default as JsonValue | undefined,
    description: raw.description,
    notShown: raw.notShown,
    secret: raw.secret ?? false,
    loc: ctx.loc(path, 'key'),
  };
}

/** Resolves a `type:` (with its `fields`/`items`) at `path`; unknown names are reported there. */
export function buildTypeRef(ctx: BuildContext, path: RawPath, spec: RawTypeSpec, names: ReadonlySet<string>): TypeRef {
  const typePath = [...path, 'type'];
  if (spec.type === 'object') {
    return { kind: 'object', fields: buildFields(ctx, [...path, 'fields'], spec.fields, names), open: spec.open ?? false, notShown: spec.notShown };
  }
  if (spec.fields !== undefined) ctx.report(M.fieldsOnNonObject, [...path, 'fields'], { type: spec.type }, 'key');
  if (spec.type === 'array') {
    if (spec.items === undefined) {
      ctx.report(M.arrayWithoutItems, typePath, {});
      return { kind: 'array', items: { kind: 'primitive', name: 'unknown' } };
    }
    return { kind: 'array', items: buildTypeRef(ctx, [...path, 'items'], spec.items, names) };
  }
  if (spec.items !== undefined) ctx.report(M.itemsOnNonArray, [...path, 'items'], { type: spec.type }, 'key');
  return namedOrPrimitive(ctx, typePath, spec.type, names);
}

export function namedOrPrimitive(ctx: BuildContext, path: RawPath, name: string, names: ReadonlySet<string>): TypeRef {
  if ((PRIMITIVE_NAMES as readonly string[]).includes(name)) return { kind: 'primitive', name: name as PrimitiveName };
  if (STRUCTURAL.has(name)) {
    ctx.report(M.structuralBody, path, { name });
    return { kind: 'primitive', name: 'unknown' };
  }
  if (!names.has(name)) {
    const candidates = [...names, ...PRIMITIVE_NAMES];
    ctx.report(M.unknownType, path, { name, hint: didYouMean(name, candidates) });
  }
  return { kind: 'named', name };
}
