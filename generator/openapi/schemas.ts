/**
 * Contract types as JSON Schema 2020-12 (the OpenAPI 3.1 dialect): one component schema per named
 * type. Open objects allow other properties, closed ones do not; open enums accept any string.
 */
import { isText } from '../model/check-value.js';
import type { Knowledge } from '../model/knowledge.js';
import type { Constraints, Deprecation, EnumLiteral, EnumValueNote, Field, NamedType, ObjectType, TypeRef } from '../model/types.js';
import { recordOf } from '../records.js';
import { flag, nonEmpty, ownText, paragraphs, ref, type Json, type JsonObject } from './json.js';

export function typeSchemas(types: readonly NamedType[], k: Knowledge): Record<string, Json> {
  const byName = new Map(types.map((t) => [t.name, t]));
  return recordOf(types.map((type) => [type.name, namedSchema(type, byName, k)]));
}

function namedSchema(type: NamedType, byName: ReadonlyMap<string, NamedType>, k: Knowledge): JsonObject {
  const description = paragraphs([type.description, type.notShown, deprecationText(type.deprecated)]);
  const deprecated = flag(type.deprecated !== undefined);
  const own = { 'x-contractgen-description': ownText(description, type.description), 'x-contractgen-deprecated': type.deprecated?.message, 'x-contractgen-not-shown': type.notShown };
  if (type.kind === 'enum') return { ...enumSchema(type.values, type.open, type.notes, description), deprecated, ...own };
  if (type.kind === 'object') return objectSchema(type, byName, k);
  return { ...typeRefSchema(type.type, k), description, deprecated, ...own };
}

function deprecationText(d: Deprecation | undefined): string | undefined {
  return d?.message === undefined ? undefined : `Deprecated: ${d.message}`;
}

const ANY_STRING: JsonObject = { type: 'string', description: 'A value beyond the listed ones: the enum is open.' };
const ANY_INTEGER: JsonObject = { type: 'integer', description: 'A value beyond the listed ones: the enum is open.' };

/**
 * An open enum is `anyOf` the listed values and any string (or integer): tools (Swagger UI,
 * Redoc, openapi-typescript) show the values and still accept others. Without values it is the
 * bare type.
 */
function enumSchema(values: readonly EnumLiteral[], open: boolean, notes: readonly EnumValueNote[], description?: string): JsonObject {
  const type = typeof values[0] === 'number' ? 'integer' : 'string';
  const listed = values.length > 0;
  return {
    type: open && listed ? undefined : type,
    description,
    enum: open ? undefined : values,
    anyOf: open && listed ? [{ type, enum: values }, type === 'integer' ? ANY_INTEGER : ANY_STRING] : undefined,
    // Open with no values listed: the bare type, which says nothing of an enum without this.
    'x-contractgen-open': flag(open && !listed),
    'x-contractgen-values': nonEmpty(
      notes.map((n) => ({ value: n.value, description: n.description, deprecated: n.deprecated === undefined ? undefined : (n.deprecated.message ?? true) })),
    ),
  };
}

/**
 * An object that extends others is written with all its fields: `allOf` with a closed base
 * (`additionalProperties: false`) would reject the fields the extension adds. The bases are kept
 * in `x-contractgen-extends`.
 */
function objectSchema(type: ObjectType, byName: ReadonlyMap<string, NamedType>, k: Knowledge): JsonObject {
  const rules = conditionalRules(type, byName);
  const description = paragraphs([type.description, ...rules.sentences, type.notShown, deprecationText(type.deprecated)]);
  return {
    type: 'object',
    description,
    'x-contractgen-description': ownText(description, type.description),
    'x-contractgen-deprecated': type.deprecated?.message,
    deprecated: flag(type.deprecated !== undefined),
    required: required(type.fields),
    properties: properties(type.fields, k),
    additionalProperties: type.open,
    dependentRequired: together(type.together),
    allOf: nonEmpty(rules.schemas),
    'x-contractgen-extends': nonEmpty(type.extends),
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

function properties(fields: readonly Field[], k: Knowledge): JsonObject | undefined {
  if (fields.length === 0) return undefined;
  return recordOf(fields.map((field) => [field.name, fieldSchema(field, k)]));
}

function fieldSchema(field: Field, k: Knowledge): JsonObject {
  const base = typeRefSchema(field.type, k);
  const plain = field.description === undefined && field.notShown === undefined && field.default === undefined && !field.secret && !field.readOnly && !field.writeOnly && field.deprecated === undefined;
  if (plain) return base;
  const description = paragraphs([field.description, field.notShown, deprecationText(field.deprecated)]);
  return {
    ...base,
    description,
    'x-contractgen-description': ownText(description, field.description),
    'x-contractgen-deprecated': field.deprecated?.message,
    default: field.default,
    // A UI hint (masked input), not a constraint: the value is a credential or token.
    format: field.secret && isString(field.type) ? 'password' : base['format'],
    readOnly: flag(field.readOnly),
    writeOnly: flag(field.writeOnly),
    deprecated: flag(field.deprecated !== undefined),
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
const NULL: JsonObject = { type: 'null' };

/** The schema of a type reference, for fields, request and response bodies. */
export function typeRefSchema(type: TypeRef, k: Knowledge): JsonObject {
  const schema = bareSchema(type, k);
  const example = type.example === undefined ? schema : { ...schema, examples: [type.example] };
  return type.nullable === true ? nullable(example) : example;
}

/** `null` joins a one-type schema's `type` (and its `enum`); anything else is `anyOf` it and null. */
function nullable(schema: JsonObject): JsonObject {
  const type = schema['type'];
  if (typeof type === 'string' && schema['$ref'] === undefined && schema['anyOf'] === undefined && schema['oneOf'] === undefined) {
    const values = schema['enum'];
    return { ...schema, type: [type, 'null'], enum: Array.isArray(values) ? [...(values as Json[]), null] : undefined };
  }
  return { anyOf: [schema, NULL] };
}

function bareSchema(type: TypeRef, k: Knowledge): JsonObject {
  switch (type.kind) {
    case 'named':
      return ref('schemas', type.name);
    case 'array':
      return { type: 'array', items: typeRefSchema(type.items, k), ...constraintKeys(type.constraints) };
    case 'map':
      return { type: 'object', additionalProperties: typeRefSchema(type.values, k) };
    case 'literal':
      return { const: type.value };
    case 'enum':
      return enumSchema(type.values, type.open, type.notes);
    case 'union':
      return unionSchema(type, k);
    case 'object':
      return {
        type: 'object',
        description: type.notShown,
        required: required(type.fields),
        properties: properties(type.fields, k),
        additionalProperties: type.open,
        'x-contractgen-not-shown': type.notShown,
      };
    case 'primitive': {
      const base = PRIMITIVES[type.name] ?? {};
      if (type.format === undefined && type.constraints === undefined) return base;
      return { ...base, format: type.format ?? base['format'], ...constraintKeys(type.constraints) };
    }
  }
}

/** A discriminated union is `oneOf` with its mapping spelled out (OpenAPI's default mapping is by schema name); an untagged one `anyOf`. */
function unionSchema(type: Extract<TypeRef, { kind: 'union' }>, k: Knowledge): JsonObject {
  const members = type.members.map((m) => typeRefSchema(m, k));
  const d = type.discriminator;
  if (d === undefined) return { anyOf: members };
  const mapping = recordOf(k.discriminatorMapping(type).map((e) => [e.value, `#/components/schemas/${e.member}`]));
  return { oneOf: members, discriminator: { propertyName: d.field, mapping } };
}

function constraintKeys(c: Constraints | undefined): JsonObject {
  return c === undefined ? {} : { ...c };
}

/** Each group of fields sent together: any one present requires the others. */
function together(groups: readonly (readonly string[])[]): JsonObject | undefined {
  if (groups.length === 0) return undefined;
  const out = new Map<string, string[]>();
  for (const group of groups) {
    for (const field of group) {
      const others = out.get(field) ?? [];
      out.set(field, others);
      for (const other of group) if (other !== field && !others.includes(other)) others.push(other);
    }
  }
  return recordOf(out);
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
    if (field === undefined || !isText(field.type, (name) => byName.get(name))) continue;
    const matches = { properties: { [rule.field]: { const: rule.value } }, required: field.default === rule.value ? undefined : [rule.field] };
    schemas.push({ if: matches, then: { required: rule.require } });
  }
  return { schemas, sentences };
}

