/**
 * Type expressions: a type name, or a type written in place (`{ type: array, items: … }`), with
 * its format, constraints, `nullable` and `const`. Every key that does not apply to the type it
 * sits on is reported where it is written, so a constraint is never silently dropped.
 */
import type { RawDeprecated, RawEnumValue, RawField, RawTypeRef, RawTypeSpec } from '../contract-format.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { didYouMean } from '../similar.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { checkPatternSafety } from './patterns.js';
import {
  CONSTRAINT_KEYS,
  PRIMITIVE_NAMES,
  type Constraints,
  type Deprecation,
  type EnumLiteral,
  type EnumValueNote,
  type Field,
  type JsonValue,
  type PrimitiveName,
  type TypeRef,
} from './types.js';

/** Kinds written in place: their keys say what they hold, so a bare name cannot. */
export const STRUCTURAL_KINDS = ['object', 'array', 'map', 'enum', 'union'] as const;

type ConstraintKey = (typeof CONSTRAINT_KEYS)[number];
const NUMERIC: readonly ConstraintKey[] = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
const TEXTUAL: readonly ConstraintKey[] = ['minLength', 'maxLength', 'pattern'];
const LIST: readonly ConstraintKey[] = ['minItems', 'maxItems', 'uniqueItems'];

/** Which keys each kind takes besides the common ones; any other is misplaced. */
const KEYS_OF: Readonly<Record<string, readonly string[]>> = {
  object: ['fields', 'open'],
  enum: ['values', 'open'],
  array: ['items', ...LIST],
  map: ['values'],
  union: ['members', 'discriminator'],
  string: ['format', ...TEXTUAL],
  integer: ['format', ...NUMERIC],
  number: ['format', ...NUMERIC],
  boolean: [],
  unknown: [],
  binary: [],
};
const APPLIES_TO: Readonly<Record<string, string>> = {
  fields: 'objects',
  open: 'objects and enums',
  items: 'arrays',
  values: 'maps and enums',
  members: 'unions',
  discriminator: 'unions',
  format: 'strings, integers and numbers',
};

/** Keys that apply to some kinds only. */
const KIND_KEYS: ReadonlySet<string> = new Set([...Object.keys(APPLIES_TO), ...CONSTRAINT_KEYS]);
const CONSTRAINTS: ReadonlySet<string> = new Set(CONSTRAINT_KEYS);

export function buildTypeRef(ctx: BuildContext, path: RawPath, spec: RawTypeRef, names: ReadonlySet<string>): TypeRef {
  if (typeof spec === 'string') return namedOrPrimitive(ctx, path, spec, names);
  const ref = buildSpec(ctx, path, spec, names);
  // Most references are neither: no copy for them (a large contract has tens of thousands).
  if (spec.nullable !== true && spec.example === undefined) return ref;
  return { ...ref, ...(spec.nullable === true ? { nullable: true } : {}), ...(spec.example === undefined ? {} : { example: spec.example as JsonValue }) };
}

function buildSpec(ctx: BuildContext, path: RawPath, spec: RawTypeSpec, names: ReadonlySet<string>): TypeRef {
  if (spec.const !== undefined) return buildLiteral(ctx, path, spec, spec.const);
  if (spec.type === undefined) ctx.report(M.missingTypeKey, path, { type: 'field or type', key: 'type', what: 'what it holds (or const, its one value)' });
  const type = spec.type ?? 'unknown';
  const kind = KINDS.get(type) ?? 'named';
  const constraints = readKeys(ctx, path, spec, kind, type);
  switch (kind) {
    case 'object':
      return { kind: 'object', fields: buildFields(ctx, [...path, 'fields'], spec.fields, names), open: spec.open ?? false, notShown: spec.notShown };
    case 'array':
      return buildArray(ctx, path, spec, names, constraints);
    case 'map':
      return buildMap(ctx, path, spec, names);
    case 'enum':
      return { kind: 'enum', ...enumValues(ctx, [...path, 'values'], 'in place', isList(spec.values) ? spec.values : [], spec.open ?? false) };
    case 'union':
      return buildUnion(ctx, path, spec, names);
    case 'named':
      return namedOrPrimitive(ctx, [...path, 'type'], type, names);
    default:
      return { kind: 'primitive', name: kind, ...formatOf(spec), ...(constraints === undefined ? {} : { constraints }) };
  }
}

function isPrimitive(kind: Kind): kind is PrimitiveName {
  return (PRIMITIVE_NAMES as readonly string[]).includes(kind);
}

type Kind = PrimitiveName | (typeof STRUCTURAL_KINDS)[number] | 'named';

/** The kind of every built-in type name; any other name is a named type. */
const KINDS: ReadonlyMap<string, Exclude<Kind, 'named'>> = new Map([...PRIMITIVE_NAMES, ...STRUCTURAL_KINDS].map((k) => [k, k]));

/**
 * Reports every key that does not apply to `kind` (constraints on a named type included) and
 * returns the constraints that do apply, range-checked. One pass over the keys the spec has: a
 * large contract has tens of thousands of specs, each with a handful of keys.
 */
function readKeys(ctx: BuildContext, path: RawPath, spec: RawTypeSpec, kind: Kind, type: string): Constraints | undefined {
  const allowed = KEYS_OF[kind] ?? [];
  let constraints: Record<string, number | string | boolean> | undefined;
  for (const key in spec) {
    const value = (spec as Record<string, unknown>)[key];
    if (!KIND_KEYS.has(key) || value === undefined) continue;
    if (allowed.includes(key)) {
      if (CONSTRAINTS.has(key)) (constraints ??= {})[key] = value as number | string | boolean;
      continue;
    }
    if (key === 'fields') ctx.report(M.fieldsOnNonObject, [...path, key], { type }, 'key');
    else if (key === 'items') ctx.report(M.itemsOnNonArray, [...path, key], { type }, 'key');
    else if (key in APPLIES_TO) ctx.report(M.misplacedTypeKey, [...path, key], { key, applies: APPLIES_TO[key] ?? '', type }, 'key');
    else ctx.report(M.misplacedConstraint, [...path, key], { key, applies: constrains(key as ConstraintKey), type }, 'key');
  }
  return constraints === undefined ? undefined : checkConstraints(ctx, path, constraints as Constraints);
}

function constrains(key: ConstraintKey): string {
  if (NUMERIC.includes(key)) return 'integers and numbers';
  return TEXTUAL.includes(key) ? 'strings' : 'arrays';
}

function buildLiteral(ctx: BuildContext, path: RawPath, spec: RawTypeSpec, value: string | number | boolean | null): TypeRef {
  const type = spec.type;
  const fits: Readonly<Record<string, boolean>> = {
    string: typeof value === 'string',
    integer: typeof value === 'number' && Number.isInteger(value),
    number: typeof value === 'number',
    boolean: typeof value === 'boolean',
  };
  if (type !== undefined && fits[type] !== true) ctx.report(M.constMismatch, [...path, 'const'], { type, value: JSON.stringify(value) });
  return { kind: 'literal', value };
}

function buildArray(ctx: BuildContext, path: RawPath, spec: RawTypeSpec, names: ReadonlySet<string>, constraints: Constraints | undefined): TypeRef {
  if (spec.items === undefined) ctx.report(M.arrayWithoutItems, [...path, 'type'], {});
  const items: TypeRef = spec.items === undefined ? { kind: 'primitive', name: 'unknown' } : buildTypeRef(ctx, [...path, 'items'], spec.items, names);
  return { kind: 'array', items, ...(constraints === undefined ? {} : { constraints }) };
}

function buildMap(ctx: BuildContext, path: RawPath, spec: RawTypeSpec, names: ReadonlySet<string>): TypeRef {
  const values = spec.values;
  if (values === undefined || isList(values)) {
    ctx.report(M.missingTypeKey, [...path, values === undefined ? 'type' : 'values'], { type: 'map', key: 'values', what: 'the type of its values ({ type: … })' });
    return { kind: 'map', values: { kind: 'primitive', name: 'unknown' } };
  }
  return { kind: 'map', values: buildTypeRef(ctx, [...path, 'values'], values, names) };
}

function buildUnion(ctx: BuildContext, path: RawPath, spec: RawTypeSpec, names: ReadonlySet<string>): TypeRef {
  if (spec.members === undefined) ctx.report(M.missingTypeKey, [...path, 'type'], { type: 'union', key: 'members', what: 'which types it may be' });
  const members = (spec.members ?? []).map((m, i) => buildTypeRef(ctx, [...path, 'members', i], m, names));
  const raw = spec.discriminator;
  if (raw === undefined) return { kind: 'union', members, discriminator: undefined };
  const field = typeof raw === 'string' ? raw : raw.field;
  const mapping = typeof raw === 'string' ? [] : entries(raw.mapping).map(([value, member]) => ({ value, member }));
  return { kind: 'union', members, discriminator: { field, mapping } };
}

function isList(values: RawTypeSpec['values']): values is readonly RawEnumValue[] {
  return Array.isArray(values);
}

/** An enum's literals and their notes; `name` is for messages. */
export function enumValues(ctx: BuildContext, path: RawPath, name: string, raw: readonly RawEnumValue[], open: boolean): { values: EnumLiteral[]; open: boolean; notes: EnumValueNote[] } {
  const values: EnumLiteral[] = [];
  const notes: EnumValueNote[] = [];
  for (const item of raw) {
    const value = typeof item === 'object' ? item.value : item;
    if (values.includes(value)) continue;
    values.push(value);
    if (typeof item === 'object' && (item.description !== undefined || item.deprecated !== undefined)) {
      notes.push({ value, description: item.description, deprecated: deprecation(item.deprecated) });
    }
  }
  if (values.some((v) => typeof v !== typeof values[0])) ctx.report(M.mixedEnum, path, { name });
  if (values.length === 0 && !open) ctx.report(M.emptyEnum, path, { name });
  return { values, open, notes };
}

export function deprecation(raw: RawDeprecated | undefined): Deprecation | undefined {
  if (raw === undefined || raw === false) return undefined;
  return { message: typeof raw === 'string' ? raw : undefined };
}

function formatOf(spec: RawTypeSpec): { format?: string } {
  return spec.format === undefined ? {} : { format: spec.format };
}

/** The constraints, each range checked for a value that can meet it. */
function checkConstraints(ctx: BuildContext, path: RawPath, c: Constraints): Constraints {
  checkRange(ctx, path, c, 'minimum', 'maximum');
  checkRange(ctx, path, c, 'exclusiveMinimum', 'maximum');
  checkRange(ctx, path, c, 'minimum', 'exclusiveMaximum');
  checkRange(ctx, path, c, 'exclusiveMinimum', 'exclusiveMaximum');
  checkRange(ctx, path, c, 'minLength', 'maxLength');
  checkRange(ctx, path, c, 'minItems', 'maxItems');
  if (c.pattern !== undefined) checkPattern(ctx, [...path, 'pattern'], c.pattern);
  return c;
}

type RangeKey = 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems';

function checkRange(ctx: BuildContext, path: RawPath, c: Constraints, low: RangeKey, high: RangeKey): void {
  const lowValue = c[low];
  const highValue = c[high];
  if (lowValue === undefined || highValue === undefined) return;
  const exclusive = low.startsWith('exclusive') || high.startsWith('exclusive');
  if (exclusive ? lowValue >= highValue : lowValue > highValue) ctx.report(M.emptyRange, [...path, low], { low, high, lowValue, highValue });
}

function checkPattern(ctx: BuildContext, path: RawPath, pattern: string): void {
  try {
    new RegExp(pattern, 'u');
  } catch (e) {
    ctx.report(M.invalidTypePattern, path, { reason: e instanceof Error ? e.message : String(e) });
    return;
  }
  checkPatternSafety(ctx, path, pattern, true, "'pattern'");
}

export function buildFields(ctx: BuildContext, path: RawPath, raw: Readonly<Record<string, RawField>> | undefined, names: ReadonlySet<string>): Field[] {
  return entries(raw).map(([name, field]) => buildField(ctx, [...path, name], name, field, names));
}

function buildField(ctx: BuildContext, path: RawPath, name: string, raw: RawField, names: ReadonlySet<string>): Field {
  const readOnly = raw.readOnly ?? false;
  const writeOnly = raw.writeOnly ?? false;
  if (readOnly && writeOnly) ctx.report(M.readAndWriteOnly, [...path, 'writeOnly'], { field: name }, 'key');
  return {
    name,
    type: buildTypeRef(ctx, path, raw, names),
    required: raw.required ?? false,
    default: raw.default as JsonValue | undefined,
    description: raw.description,
    notShown: raw.notShown,
    secret: raw.secret ?? false,
    readOnly,
    writeOnly,
    deprecated: deprecation(raw.deprecated),
    inherited: undefined,
    loc: ctx.loc(path, 'key'),
  };
}

export function namedOrPrimitive(ctx: BuildContext, path: RawPath, name: string, names: ReadonlySet<string>): TypeRef {
  const kind = KINDS.get(name);
  if (kind === undefined) return named(ctx, path, name, names);
  if (isPrimitive(kind)) return { kind: 'primitive', name: kind };
  ctx.report(M.structuralBody, path, { name });
  return { kind: 'primitive', name: 'unknown' };
}

function named(ctx: BuildContext, path: RawPath, name: string, names: ReadonlySet<string>): TypeRef {
  if (!names.has(name)) {
    const candidates = [...names, ...PRIMITIVE_NAMES];
    ctx.report(M.unknownType, path, { name, hint: didYouMean(name, candidates) });
  }
  return { kind: 'named', name };
}
