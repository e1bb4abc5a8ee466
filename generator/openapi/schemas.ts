/**
 * Contract types as JSON Schema 2020-12 (the OpenAPI 3.1 dialect): one component schema per named
 * type. Open objects allow other properties, closed ones do not; open enums accept any string.
 */
import type { EnumType, Field, NamedType, ObjectType, TypeRef } from '../model/types.js';
import { flag, nonEmpty, paragraphs, ref, type Json, type JsonObject } from './json.js';

export function typeSchemas(types: readonly NamedType[]): Record<string, Json> {
  const byName = new Map(types.map((t) => [t.name, t]));
  const out: Record<string, Json> = {};
  for (const type of types) out[type.name] = type.kind === 'enum' ? enumSchema(type) : objectSchema(type, byName);
  return out;
}

const ANY_STRING: JsonObject = { type: 'string', description: 'A value beyond the listed ones: the enum is open.' };

/**
 * An open enum is `anyOf` the listed values and any string: tools (Swagger UI, Redoc,
 * openapi-typescript) show the values and still accept others. Without values it is a string.
 */
function enumSchema(type: EnumType): JsonObject {
  const description = paragraphs([type.description, type.notShown]);
  const listed = type.values.length > 0;
  return {
    type: type.open && listed ? undefined : 'string',
    description,
    enum: type.open ? undefined : type.values,
    anyOf: type.open && listed ? [{ type: 'string', enum: type.values }, ANY_STRING] : undefined,
    'x-contractgen-not-shown': type.notShown,
  };
}

function objectSchema(type: ObjectType, byName: ReadonlyMap<string, NamedType>): JsonObject {
  const rules = conditionalRules(type, byName);
  return {
    type: 'object',
    description: paragraphs([type.description, ...rules.sentences, type.notShown]),
    required: required(type.fields),
    properties: properties(type.fields),
    additionalProperties: type.open,
    dependentRequired: together(type.together),
    allOf: nonEmpty(rules.schemas),
    'x-contractgen-not-shown': type.notShown,
    'x-contractgen-required-when': nonEmpty(type.requiredWhen.map((r) => ({ when: { [r.field]: r.value }, require: r.require }))),
    'x-contractgen-together': nonEmpty(type.together),
  };
}

function required(fields: readonly Field[]): readonly string[] | undefined {
  const names: string[] = [];
  for (const field of fields) if (field.required) names.push(field.name);
  return nonEmpty(names);
}

function properties(fields: readonly Field[]): JsonObject | undefined {
  if (fields.length === 0) return undefined;
  const out: Record<string, Json> = {};
  for (const field of fields) out[field.name] = fieldSchema(field);
  return out;
}

function fieldSchema(field: Field): JsonObject {
  const base = typeRefSchema(field.type);
  const plain = field.description === undefined && field.notShown === undefined && field.default === undefined && !field.secret;
  if (plain) return base;
  return {
    ...base,
    description: paragraphs([field.description, field.notShown]),
    default: field.default,
    // A UI hint (masked input), not a constraint: the value is a credential or token.
    format: field.secret && isString(field.type) ? 'password' : base['format'],
    'x-contractgen-secret': flag(field.secret),
    'x-contractgen-not-shown': field.notShown,
  };
}

function isString(type: TypeRef): boolean {
  return type.kind === 'primitive' && type.name === 'string';
}

// Shared: a 2,000-endpoint contract uses these tens of thousands of times.
const PRIMITIVES: Readonly<Record<string, JsonObject>> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  unknown: {},
  binary: { type: 'string', format: 'binary' },
};

/** The schema of a type reference, for fields, request and response bodies. */
export function typeRefSchema(type: TypeRef): JsonObject {
  switch (type.kind) {
    case 'named':
      return ref('schemas', type.name);
    case 'array':
      return { type: 'array', items: typeRefSchema(type.items) };
    case 'object':
      return {
        type: 'object',
        description: type.notShown,
        required: required(type.fields),
        properties: properties(type.fields),
        additionalProperties: type.open,
        'x-contractgen-not-shown': type.notShown,
      };
    case 'primitive':
      return PRIMITIVES[type.name] ?? {};
  }
}

/** Each group of fields sent together: any one present requires the others. */
function together(groups: readonly (readonly string[])[]): JsonObject | undefined {
  if (groups.length === 0) return undefined;
  const out: Record<string, string[]> = {};
  for (const group of groups) {
    for (const field of group) {
      const others = (out[field] ??= []);
      for (const other of group) if (other !== field && !others.includes(other)) others.push(other);
    }
  }
  return out;
}

/**
 * `requiredWhen` as `if`/`then`. A rule on the field's default value also holds when the field is
 * absent, so only the other rules require the field in their `if`. Rules on fields that are not
 * strings stay documentation, as in the generated client.
 */
function conditionalRules(type: ObjectType, byName: ReadonlyMap<string, NamedType>): { schemas: JsonObject[]; sentences: string[] } {
  const schemas: JsonObject[] = [];
  const sentences: string[] = [];
  for (const rule of type.requiredWhen) {
    sentences.push(`Required when ${rule.field} is ${rule.value}: ${rule.require.join(', ')}.`);
    const field = type.fields.find((f) => f.name === rule.field);
    if (field === undefined || !isText(field.type, byName)) continue;
    const matches = { properties: { [rule.field]: { const: rule.value } }, required: field.default === rule.value ? undefined : [rule.field] };
    schemas.push({ if: matches, then: { required: rule.require } });
  }
  return { schemas, sentences };
}

function isText(type: TypeRef, byName: ReadonlyMap<string, NamedType>): boolean {
  return isString(type) || (type.kind === 'named' && byName.get(type.name)?.kind === 'enum');
}
