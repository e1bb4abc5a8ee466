/**
 * JSON Schema (OpenAPI 3.0 and 3.1) → contract types. `components.schemas` become named types;
 * every other schema becomes a type written in place. What the format cannot say exactly is
 * written as the nearest type that accepts every value the schema does (`unknown` at worst), and
 * reported.
 */
import { patternSafety, TEXT_LIMIT } from '../regex/pattern-safety.js';
import { isObject, Names, text, typeForm, type ImportContext, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { own, setOwn } from '../records.js';
import { componentSchemas, propertiesOf, propertySchema, refOf, resolve, schemaRefName } from './refs.js';

type Path = readonly (string | number)[];

/** Inline nesting beyond this becomes `unknown`: contracts nest at most 64 levels, each level of a type costs two. */
const MAX_INLINE_DEPTH = 12;
const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

/** The named types of one import: schema name → contract name, and which schemas are only aliases. */
export class SchemaTypes {
  private readonly names = new Map<string, string>();
  private readonly aliases = new Map<string, OutValue | 'pending'>();
  readonly types: Out = {};
  private readonly taken: Names;
  /** Types made for schemas referenced inside others (`#/components/schemas/A/properties/b`), by pointer. */
  private readonly byPointer = new Map<string, string>();

  constructor(
    private readonly ctx: ImportContext,
    avoid: ReadonlySet<string>,
    private readonly skip: (name: string) => boolean,
  ) {
    this.taken = new Names(avoid);
    for (const name of Object.keys(componentSchemas(ctx.doc)).sort()) if (!skip(name)) this.names.set(name, this.taken.claim(name, typeForm));
  }

  /**
   * A schema some `$ref` names inside another schema: a named type of its own, so that every
   * reference (and a recursive one) names it instead of copying it; copies multiply with each level.
   */
  pointerType(pointer: readonly (string | number)[], schema: Json): string {
    const key = pointer.join('/');
    const known = this.byPointer.get(key);
    if (known !== undefined) return known;
    const words = pointer.filter((s) => typeof s === 'string' && !/^(components|schemas|properties|items|allOf|oneOf|anyOf|additionalProperties|paths|content|schema|\d+)$/.test(s));
    const name = this.taken.claim(words.slice(-3).join(' ') || 'Schema', typeForm);
    this.byPointer.set(key, name);
    this.types[name] = namedType(this.ctx, this, schema, pointer);
    this.ctx.origin(['types', name], pointer);
    return name;
  }

  /** Converts every named schema, in the description's order. */
  convertAll(): void {
    const schemas = componentSchemas(this.ctx.doc);
    for (const [name, schema] of Object.entries(schemas)) {
      if (this.skip(name) || this.aliasTarget(name) !== undefined) continue;
      const contractName = this.names.get(name) ?? name;
      const path = ['components', 'schemas', name];
      this.types[contractName] = namedType(this.ctx, this, schema, path);
      this.ctx.origin(['types', contractName], path);
    }
    this.writeOutBadExtends(schemas);
  }

  /** An object whose base did not become an object type (a map, a union) has every field written out instead. */
  private writeOutBadExtends(schemas: JsonObject): void {
    for (const [name, schema] of Object.entries(schemas)) {
      const contractName = this.names.get(name);
      const type = contractName === undefined ? undefined : this.types[contractName];
      if (contractName === undefined || !isObject(type) || !Array.isArray(type['extends'])) continue;
      if (type['extends'].every((base) => typeof base === 'string' && this.kindOf(base) === 'object')) continue;
      this.types[contractName] = namedType(this.ctx, this, schema, ['components', 'schemas', name], false);
    }
  }

  /** What a reference to schema `name` is written as: the type's name, or the type an alias stands for. */
  reference(name: string, path: Path): OutValue {
    const alias = this.aliasTarget(name);
    if (alias !== undefined) return alias;
    const contractName = this.names.get(name);
    if (contractName !== undefined) return contractName;
    this.ctx.warn(path, 'unresolved-ref', `no schema named '${name}' under components.schemas`);
    return 'unknown';
  }

  /** The contract name of a named schema that becomes a type (not an alias). */
  objectName(name: string): string | undefined {
    return this.aliasTarget(name) === undefined ? this.names.get(name) : undefined;
  }

  /** A schema that is only another type (a `$ref`, `{}`, bytes) is no type of its own: references use what it stands for. */
  private aliasTarget(name: string): OutValue | undefined {
    const known = this.aliases.get(name);
    if (known === 'pending') return 'unknown';
    if (known !== undefined || this.aliases.has(name)) return known;
    this.aliases.set(name, 'pending');
    const target = aliasOf(this, own(componentSchemas(this.ctx.doc), name), ['components', 'schemas', name]);
    this.aliases.set(name, target);
    return target;
  }

  /** The kind of a named type already converted (`object`, `string`, …). */
  kindOf(contractName: string): string | undefined {
    const type = this.types[contractName];
    return isObject(type) && typeof type['kind'] === 'string' ? type['kind'] : undefined;
  }

  /** The one value a named object schema's property may hold (`const`, or an enum of one), through its allOf. */
  literal(name: string, property: string): Json | undefined {
    const schema = propertySchema(this.ctx, propertiesOf(this.ctx, own(componentSchemas(this.ctx.doc), name), ['components', 'schemas', name]).get(property));
    if (schema === undefined) return undefined;
    if ('const' in schema) return schema['const'];
    return Array.isArray(schema['enum']) && schema['enum'].length === 1 ? schema['enum'][0] : undefined;
  }

  /** The property schemas of a named object schema as written, and whether each is required. */
  fieldSchemas(name: string): Map<string, { schema: Json; required: boolean }> {
    const schema = own(componentSchemas(this.ctx.doc), name);
    const out = new Map<string, { schema: Json; required: boolean }>();
    if (!isObject(schema) || !isObject(schema['properties'])) return out;
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    for (const [k, v] of Object.entries(schema['properties'])) out.set(k, { schema: v, required: required.includes(k) });
    return out;
  }

  /** Fields of a named object schema, through its allOf (for discriminators). */
  fieldNames(name: string): Set<string> {
    return new Set(propertiesOf(this.ctx, own(componentSchemas(this.ctx.doc), name), ['components', 'schemas', name]).keys());
  }


}

function aliasOf(types: SchemaTypes, schema: Json | undefined, path: Path): OutValue | undefined {
  if (!isObject(schema)) return 'unknown';
  const ref = refOf(schema);
  if (ref !== undefined) {
    const name = schemaRefName(ref);
    return name === undefined ? undefined : types.reference(name, path);
  }
  if (isAny(schema)) return 'unknown';
  if (isBinary(schema)) return 'binary';
  return undefined;
}

function isAny(schema: JsonObject): boolean {
  return !['type', 'properties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum', 'const', 'additionalProperties', 'format', 'not'].some((k) => k in schema);
}

function isBinary(schema: JsonObject): boolean {
  return schema['type'] === 'string' && (schema['format'] === 'binary' || (typeof schema['contentMediaType'] === 'string' && schema['contentMediaType'] !== 'application/json'));
}

// ---------------------------------------------------------------------------------------------
// Named types
// ---------------------------------------------------------------------------------------------

function namedType(ctx: ImportContext, types: SchemaTypes, schema: Json, path: Path, allowExtends = true): Out {
  const body = schema as JsonObject;
  const described: Out = { description: ctx.exported ? ctx.ownDescription(body) : text(body['description']), deprecated: ctx.deprecation(body), notShown: ctx.notShown(body) };
  if (ctx.exported && isExportedObject(body)) return { kind: 'object', ...described, ...exportedObject(ctx, types, body, path) };
  const composed = allowExtends ? namedObject(ctx, types, body, path) : undefined;
  if (composed !== undefined) return { kind: 'object', ...described, ...composed };
  const ref = typeRef(ctx, types, schema, path, 0);
  if (typeof ref === 'string') return { kind: 'union', ...described, members: [ref] };
  const { type, ...rest } = ref;
  if ('const' in rest) return constantType(rest['const'], described);
  // Named objects and enums are never null themselves: a reference says so (`{ type: Pet, nullable: true }`).
  if (type === 'object' || type === 'enum') delete rest['nullable'];
  if (type === 'object' || type === 'enum' || type === 'array' || type === 'map' || type === 'union' || (typeof type === 'string' && SCALARS.has(type))) {
    return { kind: type, ...rest, ...described, description: ctx.exported ? described['description'] : (described['description'] ?? (rest['description'] as string | undefined)) };
  }
  // A type in place that is a name with keys (`{ type: Pet, nullable: true }`): a union of one.
  return { kind: 'union', ...described, members: [typeof type === 'string' ? type : 'unknown'], nullable: rest['nullable'] };
}

function constantType(value: OutValue, described: Out): Out {
  if (typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value))) return { kind: 'enum', ...described, values: [value] };
  if (typeof value === 'boolean') return { kind: 'boolean', ...described };
  if (typeof value === 'number') return { kind: 'number', ...described };
  return { kind: 'union', ...described, members: ['unknown'] };
}

/** An object as the export writes one: `type: object` whose additional properties are a flag, not a map's value type. */
function isExportedObject(schema: JsonObject): boolean {
  return schema['type'] === 'object' && !isObject(schema['additionalProperties']);
}

/**
 * An exported object: its bases from `x-contractgen-extends` (the export writes their fields out
 * too: only the others are its own), its rules from the extensions; the `allOf` of `if`/`then`
 * and `dependentRequired` that say the same rules to validators are not read.
 */
function exportedObject(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, path: Path): Out {
  const bases = Array.isArray(schema['x-contractgen-extends']) ? schema['x-contractgen-extends'].filter((b): b is string => typeof b === 'string') : [];
  // A field the object restates (narrowed to a const, made required) is its own; the others it inherits.
  const inherited = new Map(bases.flatMap((b) => [...types.fieldSchemas(b)]));
  const required = Array.isArray(schema['required']) ? schema['required'] : [];
  const restated = (k: string, v: Json) => !inherited.has(k) || JSON.stringify(inherited.get(k)?.schema) !== JSON.stringify(v) || (required.includes(k) && inherited.get(k)?.required !== true);
  const properties = isObject(schema['properties']) ? Object.fromEntries(Object.entries(schema['properties']).filter(([k, v]) => restated(k, v))) : {};
  return {
    extends: bases.length === 0 ? undefined : bases,
    fields: Object.keys(properties).length === 0 ? undefined : fields(ctx, types, { properties, required }, path, 0),
    open: schema['additionalProperties'] === true ? true : undefined,
    requiredWhen: schema['x-contractgen-required-when'] as OutValue,
    together: schema['x-contractgen-together'] as OutValue,
  };
}

/** An object schema built with allOf from named objects: `extends` when no field is restated, else every field written out. */
function namedObject(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, path: Path): Out | undefined {
  const allOf = schema['allOf'];
  if (!Array.isArray(allOf) || allOf.length === 0 || 'oneOf' in schema || 'anyOf' in schema) return undefined;
  const bases: string[] = [];
  const inline: JsonObject[] = [schema];
  for (const [i, member] of allOf.entries()) {
    const ref = refOf(member);
    const name = ref === undefined ? undefined : schemaRefName(ref);
    const base = name === undefined ? undefined : types.objectName(name);
    if (base !== undefined && isObjectSchema(ctx, member, [...path, 'allOf', i])) bases.push(base);
    else if (isObject(member) && ref === undefined && (isObjectSchema(ctx, member, [...path, 'allOf', i]) || isBareObject(member))) inline.push(member);
    else return undefined;
  }
  if (bases.length === 0) return undefined;
  const own = mergedObject(ctx, types, inline, path);
  const overlap = new Set<string>();
  const seen = new Set<string>();
  for (const [i, member] of allOf.entries()) {
    if (refOf(member) === undefined) continue;
    for (const field of propertiesOf(ctx, member, [...path, 'allOf', i]).keys()) {
      if (seen.has(field)) overlap.add(field);
      seen.add(field);
    }
  }
  for (const field of Object.keys(isObject(own['fields']) ? own['fields'] : {})) if (seen.has(field)) overlap.add(field);
  // A restated field may change its type, which `extends` forbids: such objects are written out whole.
  if (overlap.size > 0) return undefined;
  return { extends: bases, ...own, type: undefined };
}

function isObjectSchema(ctx: ImportContext, schema: Json, path: Path): boolean {
  const resolved = resolve(ctx, schema, path);
  if (resolved === undefined || !isObject(resolved.value)) return false;
  const s = resolved.value;
  if ('oneOf' in s || 'anyOf' in s || 'enum' in s || 'items' in s) return false;
  if (s['type'] !== undefined && s['type'] !== 'object') return false;
  // `{ type: object }` without properties is a map of anything, no base to extend.
  return 'properties' in s || Array.isArray(s['allOf']);
}

/** `{ type: object }` with nothing else that types it: in an allOf, an object part without fields. */
function isBareObject(schema: JsonObject): boolean {
  return schema['type'] === 'object' && !['properties', 'additionalProperties', 'items', 'allOf', 'oneOf', 'anyOf', 'enum'].some((k) => k in schema);
}

// ---------------------------------------------------------------------------------------------
// Types in place
// ---------------------------------------------------------------------------------------------

/** A schema as a contract type: a name, or a type written in place. */
export function typeRef(ctx: ImportContext, types: SchemaTypes, schema: Json | undefined, path: Path, depth: number): string | Out {
  if (!isObject(schema)) {
    if (schema === false) ctx.warn(path, 'approximated', 'a schema that allows no value is read as unknown');
    return 'unknown';
  }
  const ref = refOf(schema);
  if (ref !== undefined) return referenced(ctx, types, schema, ref, path, depth);
  if (depth > MAX_INLINE_DEPTH) {
    ctx.warn(path, 'approximated', `a type nested deeper than ${MAX_INLINE_DEPTH} levels is read as unknown`);
    return 'unknown';
  }
  const nullable = isNullable(schema);
  const type = bareType(ctx, types, schema, path, depth);
  return nullable ? withNullable(type) : type;
}

function referenced(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, ref: string, path: Path, depth: number): string | Out {
  const name = schemaRefName(ref);
  const nullable = schema['nullable'] === true;
  if (name !== undefined) {
    const target = types.reference(name, path);
    const type = typeof target === 'string' || isObject(target) ? (target as string | Out) : 'unknown';
    return nullable ? withNullable(type) : type;
  }
  const resolved = resolve(ctx, schema, path);
  if (resolved === undefined) return 'unknown';
  if (isComposite(resolved.value)) return nullable ? withNullable(types.pointerType(resolved.pointer, resolved.value)) : types.pointerType(resolved.pointer, resolved.value);
  // Anything else holds no schema, so it cannot refer back to itself: written in place.
  return typeRef(ctx, types, resolved.value, resolved.pointer, depth + 1);
}

/** A schema that holds other schemas: what a copy of would multiply. */
function isComposite(schema: Json): boolean {
  return isObject(schema) && ['properties', 'items', 'allOf', 'oneOf', 'anyOf', 'additionalProperties'].some((k) => k in schema);
}

function isNullable(schema: JsonObject): boolean {
  const type = schema['type'];
  return schema['nullable'] === true || (Array.isArray(type) && type.includes('null')) || (Array.isArray(schema['enum']) && schema['enum'].includes(null)) || type === 'null';
}

function withNullable(type: string | Out): string | Out {
  if (type === 'unknown') return type;
  return typeof type === 'string' ? { type, nullable: true } : { ...type, nullable: true };
}

function bareType(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, path: Path, depth: number): string | Out {
  const description = text(schema['description']);
  if ('const' in schema) return constant(ctx, schema, path);
  const open = openEnum(ctx, schema);
  if (open !== undefined) return open;
  const union = schema['oneOf'] ?? schema['anyOf'];
  if (Array.isArray(union)) return unionType(ctx, types, schema, union, path, depth);
  if (Array.isArray(schema['allOf'])) return allOfType(ctx, types, schema, path, depth);
  if (Array.isArray(schema['enum'])) return enumType(ctx, schema, path);
  const type = typeOf(schema);
  if (Array.isArray(type)) return multiType(ctx, types, schema, type, path, depth);
  if (type === 'array') return { type: 'array', items: typeRef(ctx, types, schema['items'], [...path, 'items'], depth + 1), ...arrayConstraints(schema), description };
  if (type === 'object') return objectType(ctx, types, schema, path, depth);
  if (type === 'string' && isBinary(schema)) return 'binary';
  if (type !== undefined && SCALARS.has(type)) return scalar(ctx, schema, type, path);
  return 'unknown';
}

/** The schema's type, inferred from its keywords where it names none. */
function typeOf(schema: JsonObject): string | string[] | undefined {
  const type = schema['type'];
  if (Array.isArray(type)) {
    const named = type.filter((t): t is string => typeof t === 'string' && t !== 'null');
    return named.length === 1 ? named[0] : named.length === 0 ? undefined : named;
  }
  if (typeof type === 'string') return type === 'null' ? undefined : type;
  if ('properties' in schema || 'additionalProperties' in schema) return 'object';
  if ('items' in schema) return 'array';
  return undefined;
}

function multiType(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, type: string[], path: Path, depth: number): string | Out {
  const members = type.map((t) => bareType(ctx, types, { ...schema, type: t }, path, depth));
  return { type: 'union', members: dedupe(members) };
}

/**
 * An open enum: `anyOf` of an enum and any value of its type (how the export, and tools that mean
 * "these, or others", write one); in an export, also the bare type marked `x-contractgen-open`.
 */
function openEnum(ctx: ImportContext, schema: JsonObject): Out | undefined {
  const description = ctx.exported ? undefined : text(schema['description']);
  if (ctx.exported && schema['x-contractgen-open'] === true) return { type: 'enum', open: true, values: [], description };
  const options = schema['anyOf'];
  if (!Array.isArray(options) || options.length !== 2) return undefined;
  const [listed, any] = options;
  if (!isObject(listed) || !isObject(any) || !Array.isArray(listed['enum']) || listed['type'] === undefined || any['type'] !== listed['type'] || Object.keys(any).some((k) => k !== 'type' && k !== 'description')) return undefined;
  const values = listed['enum'].filter((v) => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)));
  if (values.length === 0 || values.length !== listed['enum'].length) return undefined;
  return { type: 'enum', open: true, values: withNotes(ctx, schema, values), description };
}

/** Enum values with the descriptions and deprecations an export keeps in `x-contractgen-values`. */
function withNotes(ctx: ImportContext, schema: JsonObject, values: readonly Json[]): OutValue[] {
  const notes = ctx.exported && Array.isArray(schema['x-contractgen-values']) ? schema['x-contractgen-values'].filter(isObject) : [];
  return values.map((value) => {
    const note = notes.find((n) => n['value'] === value);
    return note === undefined ? (value as OutValue) : { value: value as OutValue, description: text(note['description']), deprecated: note['deprecated'] as OutValue };
  });
}

function constant(ctx: ImportContext, schema: JsonObject, path: Path): string | Out {
  const value = schema['const'];
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return { const: value, description: text(schema['description']) };
  ctx.warn([...path, 'const'], 'approximated', 'a const that is an object or array is read as its type, not its value');
  return 'unknown';
}

function enumType(ctx: ImportContext, schema: JsonObject, path: Path): string | Out {
  const values = [...new Set((schema['enum'] as Json[]).filter((v) => v !== null))];
  const description = text(schema['description']);
  if (values.length > 0 && values.every((v) => typeof v === 'string')) return { type: 'enum', values: withNotes(ctx, schema, values), description };
  if (values.length > 0 && values.every((v) => typeof v === 'number' && Number.isInteger(v))) return { type: 'enum', values: withNotes(ctx, schema, values), description };
  if (values.length > 0 && values.every((v) => typeof v === 'boolean')) return { type: 'boolean', description };
  const base = typeOf(schema);
  if (typeof base === 'string' && SCALARS.has(base)) {
    if (values.length > 0) ctx.warn([...path, 'enum'], 'approximated', `an enum of ${base === 'string' ? 'values that are not all strings' : 'values other than integers'} is read as any ${base}`);
    return scalar(ctx, { ...schema, enum: null }, base, path);
  }
  if (values.length > 0) ctx.warn([...path, 'enum'], 'approximated', 'an enum of mixed values is read as unknown');
  return 'unknown';
}

function scalar(ctx: ImportContext, schema: JsonObject, type: string, path: Path): Out {
  const format = type === 'boolean' ? undefined : text(schema['format']);
  const out: Out = { type, format, description: text(schema['description']) };
  if (type === 'string') Object.assign(out, stringConstraints(ctx, schema, path));
  if (type === 'integer' || type === 'number') Object.assign(out, numberConstraints(ctx, schema, path));
  return out;
}

function stringConstraints(ctx: ImportContext, schema: JsonObject, path: Path): Out {
  const out: Out = {};
  const min = count(schema['minLength']);
  const max = count(schema['maxLength']);
  if (min !== undefined && max !== undefined && min > max) ctx.warn(path, 'constraint-dropped', `minLength ${min} above maxLength ${max}: both left out`);
  else Object.assign(out, { minLength: min, maxLength: max });
  const pattern = schema['pattern'];
  if (typeof pattern === 'string') {
    if (!compiles(pattern)) ctx.warn([...path, 'pattern'], 'constraint-dropped', 'a pattern that is not an ECMAScript regular expression (with the u flag) is left out');
    else if (!patternSafety(pattern, true).safe) ctx.warn([...path, 'pattern'], 'constraint-dropped', SLOW_PATTERN);
    else out['pattern'] = pattern;
  }
  return out;
}

/** The contract would refuse it (slow-pattern): a server's text could make it run for seconds. */
const SLOW_PATTERN = `a pattern that may take too long to match on some text of ${TEXT_LIMIT.toLocaleString('en-US')} characters (repetitions that can read the same characters in many ways), or too large to check, is left out`;

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function numberConstraints(ctx: ImportContext, schema: JsonObject, path: Path): Out {
  let minimum = finite(schema['minimum']);
  let maximum = finite(schema['maximum']);
  let exclusiveMinimum = finite(schema['exclusiveMinimum']);
  let exclusiveMaximum = finite(schema['exclusiveMaximum']);
  // OpenAPI 3.0: the exclusive forms are booleans on the bounds.
  if (schema['exclusiveMinimum'] === true && minimum !== undefined) [exclusiveMinimum, minimum] = [minimum, undefined];
  if (schema['exclusiveMaximum'] === true && maximum !== undefined) [exclusiveMaximum, maximum] = [maximum, undefined];
  const low = minimum ?? exclusiveMinimum;
  const high = maximum ?? exclusiveMaximum;
  if (low !== undefined && high !== undefined && low > high) {
    ctx.warn(path, 'constraint-dropped', `minimum ${low} above maximum ${high}: both left out`);
    return {};
  }
  const multipleOf = finite(schema['multipleOf']);
  return { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf: multipleOf !== undefined && multipleOf > 0 ? multipleOf : undefined };
}

function arrayConstraints(schema: JsonObject): Out {
  const minItems = count(schema['minItems']);
  const maxItems = count(schema['maxItems']);
  if (minItems !== undefined && maxItems !== undefined && minItems > maxItems) return {};
  return { minItems, maxItems, uniqueItems: schema['uniqueItems'] === true ? true : undefined };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

function objectType(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, path: Path, depth: number): Out {
  const properties = schema['properties'];
  const extra = schema['additionalProperties'];
  const hasFields = isObject(properties) && Object.keys(properties).length > 0;
  const description = text(schema['description']);
  if (ctx.exported && isExportedObject(schema)) return { type: 'object', fields: hasFields ? fields(ctx, types, schema, path, depth) : {}, open: extra === true ? true : undefined, notShown: ctx.notShown(schema) };
  if (!hasFields) {
    const values = isObject(extra) && !isAnyValue(extra) ? typeRef(ctx, types, extra, [...path, 'additionalProperties'], depth + 1) : 'unknown';
    return { type: 'map', values, description };
  }
  if (isObject(extra) && !isAnyValue(extra)) ctx.warn([...path, 'additionalProperties'], 'approximated', 'an object with both properties and typed additional properties is read as an open object: the additional values are unknown');
  return { type: 'object', fields: fields(ctx, types, schema, path, depth), open: extra === true || isObject(extra) ? true : undefined, description };
}

function isAnyValue(schema: JsonObject): boolean {
  return isAny(schema) && refOf(schema) === undefined;
}

function fields(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, path: Path, depth: number): Out {
  const properties = isObject(schema['properties']) ? schema['properties'] : {};
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : []);
  const out: Out = {};
  for (const [name, property] of Object.entries(properties)) setOwn(out, name, field(ctx, types, property, required.has(name), [...path, 'properties', name], depth));
  return out;
}

/** A property as a field: its type's keys, and the field's own (`required`, `readOnly`, …). */
export function field(ctx: ImportContext, types: SchemaTypes, property: Json, required: boolean, path: Path, depth: number): Out {
  const type = typeRef(ctx, types, property, path, depth + 1);
  const own: JsonObject = isObject(property) ? property : {};
  const out: Out = typeof type === 'string' ? { type } : { ...type };
  let readOnly = own['readOnly'] === true;
  let writeOnly = own['writeOnly'] === true;
  if (readOnly && writeOnly) {
    ctx.warn(path, 'constraint-dropped', 'a property both readOnly and writeOnly is read as neither');
    readOnly = writeOnly = false;
  }
  const secret = ctx.exported && own['x-contractgen-secret'] === true;
  // The export marks a secret string `format: password` (a UI hint): not the contract's own format.
  if (secret && out['format'] === 'password') delete out['format'];
  // Assigned, not spread (the same keys, undefined ones included): spreading a type's varying keys is V8's slow path.
  return Object.assign(out, {
    required: required ? true : undefined,
    readOnly: readOnly ? true : undefined,
    writeOnly: writeOnly ? true : undefined,
    deprecated: ctx.deprecation(own),
    description: ctx.exported ? ctx.ownDescription(own) : (text(own['description']) ?? (out['description'] as string | undefined)),
    notShown: ctx.notShown(own) ?? (out['notShown'] as string | undefined),
    secret: secret ? true : undefined,
    // An export's defaults and examples are the contract's, which its model checked.
    default: ctx.exported ? (own['default'] as OutValue) : defaultOf(ctx, own, out, path),
    example: ctx.exported && Array.isArray(own['examples']) ? (own['examples'][0] as OutValue) : undefined,
  });
}

/** A default the field's type allows; any other is left out (the model refuses it) and reported. */
function defaultOf(ctx: ImportContext, property: JsonObject, type: Out, path: Path): OutValue {
  if (!('default' in property) || property['default'] === undefined) return undefined;
  const value = property['default'];
  if (value === null && type['nullable'] === true) return null;
  if (fitsScalar(value, type)) return value;
  ctx.warn([...path, 'default'], 'default-dropped', 'a default its type does not allow (or of a type defaults are not checked for) is left out');
  return undefined;
}

function fitsScalar(value: Json, type: Out): boolean {
  const kind = type['type'];
  if (kind === 'enum') return Array.isArray(type['values']) && type['values'].includes(value as string);
  if (kind === 'boolean') return typeof value === 'boolean';
  if (kind === 'integer' || kind === 'number') {
    if (typeof value !== 'number' || (kind === 'integer' && !Number.isInteger(value))) return false;
    return within(value, type);
  }
  if (kind === 'string') return typeof value === 'string' && type['pattern'] === undefined && type['minLength'] === undefined && type['maxLength'] === undefined && type['format'] === undefined;
  return false;
}

function within(value: number, type: Out): boolean {
  const n = (k: string) => (typeof type[k] === 'number' ? (type[k] as number) : undefined);
  const [min, max, xmin, xmax, multiple] = [n('minimum'), n('maximum'), n('exclusiveMinimum'), n('exclusiveMaximum'), n('multipleOf')];
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) return false;
  if ((xmin !== undefined && value <= xmin) || (xmax !== undefined && value >= xmax)) return false;
  return multiple === undefined || Number.isInteger(value / multiple);
}

// ---------------------------------------------------------------------------------------------
// Composition
// ---------------------------------------------------------------------------------------------

function allOfType(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, path: Path, depth: number): string | Out {
  const members = (schema['allOf'] as Json[]).map((m, i) => ({ m, p: [...path, 'allOf', i] as Path }));
  const { allOf: _allOf, ...siblings } = schema;
  // A reference says something even without type keywords of its own.
  const says = (m: Json) => isObject(m) && (refOf(m) !== undefined || !isAny(m));
  const typed = members.filter(({ m }) => says(m));
  const siblingTyped = !isAny(siblings);
  if (typed.length === 1 && !siblingTyped) {
    const only = typed[0] as { m: Json; p: Path };
    const type = typeRef(ctx, types, only.m, only.p, depth);
    const description = text(schema['description']);
    return description === undefined || typeof type === 'string' ? type : { ...type, description };
  }
  if (typed.length === 0 && !siblingTyped) return 'unknown';
  const objects = [{ m: siblings as Json, p: path }, ...members].filter(({ m, p }) => says(m) && (isObjectSchema(ctx, m, p) || (isObject(m) && isBareObject(m))));
  if (objects.length === typed.length + (siblingTyped ? 1 : 0)) return { ...mergedObject(ctx, types, flatten(ctx, objects), path), description: text(schema['description']) };
  ctx.warn(path, 'approximated', 'an allOf of types that are not all objects is read as its first typed member');
  const first = typed[0];
  return first === undefined ? 'unknown' : typeRef(ctx, types, first.m, first.p, depth);
}

/** Object schemas with every referenced and nested allOf member resolved, in order. */
function flatten(ctx: ImportContext, members: readonly { m: Json; p: Path }[], depth = 0): JsonObject[] {
  const out: JsonObject[] = [];
  for (const { m, p } of members) {
    const resolved = depth > 16 ? undefined : resolve(ctx, m, p);
    if (resolved === undefined || !isObject(resolved.value)) continue;
    const s = resolved.value;
    out.push(s);
    if (Array.isArray(s['allOf'])) out.push(...flatten(ctx, s['allOf'].map((x, i) => ({ m: x, p: [...resolved.pointer, 'allOf', i] })), depth + 1));
  }
  return out;
}

/** One object of several object schemas' properties (a later one restating a field wins). */
function mergedObject(ctx: ImportContext, types: SchemaTypes, schemas: readonly JsonObject[], path: Path): Out {
  const properties: JsonObject = {};
  const required: string[] = [];
  let open = false;
  for (const s of schemas) {
    if (isObject(s['properties'])) for (const [name, property] of Object.entries(s['properties'])) setOwn(properties, name, property);
    if (Array.isArray(s['required'])) for (const r of s['required']) if (typeof r === 'string') required.push(r);
    if (s['additionalProperties'] === true || isObject(s['additionalProperties'])) open = true;
  }
  return { type: 'object', fields: fields(ctx, types, { properties, required }, path, 0), open: open ? true : undefined };
}

function unionType(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, options: Json[], path: Path, depth: number): string | Out {
  const key = 'oneOf' in schema ? 'oneOf' : 'anyOf';
  const entries = options.map((m, i) => ({ m, p: [...path, key, i] as Path })).filter(({ m }) => !isNullSchema(m));
  const nullable = entries.length < options.length;
  if ('properties' in schema) ctx.warn(path, 'approximated', `properties beside ${key} are left out: the value is read as one of the ${key} members`);
  const members = dedupe(entries.map(({ m, p }) => typeRef(ctx, types, m, p, depth + 1)));
  if (members.length === 0) return 'unknown';
  if (members.includes('unknown')) return 'unknown';
  // An export writes a union of one as one (with no null beside it): kept, with its discriminator.
  const single = members.length === 1 && !(ctx.exported && !nullable) ? members[0] : undefined;
  const type: string | Out = single !== undefined ? (single as string | Out) : { type: 'union', members, discriminator: discriminator(ctx, types, schema, members, path), description: text(schema['description']) };
  return nullable ? withNullable(type) : type;
}

function isNullSchema(schema: Json): boolean {
  return isObject(schema) && (schema['type'] === 'null' || (Array.isArray(schema['enum']) && schema['enum'].length === 1 && schema['enum'][0] === null));
}

/** OpenAPI's discriminator, with its mapping written out (by default each member's schema name); left out when the members cannot carry it. */
function discriminator(ctx: ImportContext, types: SchemaTypes, schema: JsonObject, members: readonly OutValue[], path: Path): OutValue {
  const spec = schema['discriminator'];
  if (!isObject(spec) || typeof spec['propertyName'] !== 'string') return undefined;
  const fieldName = spec['propertyName'];
  const names = memberSchemaNames(schema);
  const fit = /^[A-Za-z_][A-Za-z0-9_]*$/.test(fieldName) && names !== undefined && names.every((n, i) => types.objectName(n) === members[i] && types.fieldNames(n).has(fieldName));
  if (!fit || names === undefined) {
    ctx.warn([...path, 'discriminator'], 'approximated', `the discriminator '${fieldName}' is left out: every member must be a named object schema with that property`);
    return undefined;
  }
  const mapping: Out = {};
  const given = isObject(spec['mapping']) ? spec['mapping'] : {};
  const mapped = new Set<string>();
  for (const [value, target] of Object.entries(given)) {
    const name = typeof target === 'string' ? (schemaRefName(target) ?? target) : undefined;
    const member = name === undefined ? undefined : types.objectName(name);
    if (member === undefined || !members.includes(member)) continue;
    const literal = name === undefined ? undefined : types.literal(name, fieldName);
    if (literal !== undefined && literal !== value) {
      ctx.warn([...path, 'discriminator'], 'approximated', `the discriminator '${fieldName}' is left out: its mapping gives '${value}' to a member whose ${fieldName} is always ${JSON.stringify(literal)}`);
      return undefined;
    }
    setOwn(mapping, value, member);
    mapped.add(member);
  }
  // A member the mapping leaves out is named by its literal value, else (OpenAPI's default) by its schema name.
  for (const n of names) {
    const member = types.objectName(n) as string;
    if (mapped.has(member)) continue;
    const literal = types.literal(n, fieldName);
    const value = typeof literal === 'string' ? literal : n;
    if (own(mapping, value) !== undefined) {
      ctx.warn([...path, 'discriminator'], 'approximated', `the discriminator '${fieldName}' is left out: two members take the value '${value}'`);
      return undefined;
    }
    setOwn(mapping, value, member);
  }
  // Every member named by its own literal value: the contract's short form says the same.
  if (ctx.exported && Object.entries(mapping).length === names.length && Object.entries(mapping).every(([value, member]) => names.some((n) => types.objectName(n) === member && types.literal(n, fieldName) === value))) return fieldName;
  return { field: fieldName, mapping };
}

function memberSchemaNames(schema: JsonObject): string[] | undefined {
  const list = (schema['oneOf'] ?? schema['anyOf']) as Json[];
  const names: string[] = [];
  for (const m of list) {
    if (isNullSchema(m)) continue;
    const ref = refOf(m);
    const name = ref === undefined ? undefined : schemaRefName(ref);
    if (name === undefined) return undefined;
    names.push(name);
  }
  return names;
}

function dedupe(members: readonly OutValue[]): OutValue[] {
  const seen = new Set<string>();
  return members.filter((m) => {
    const key = JSON.stringify(m);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
