// A call's input from the description itself: each value is the description's example, then its
// default, then its first enum value, and only then one made from the schema's type and format
// (the `source` of each value says which, so a rejection can be laid at the right door).
import { deref } from './describe.mjs';

const FORMATS = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05',
  email: 'someone@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com/a',
  url: 'https://example.com/a',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'aGVsbG8=',
  password: 'secret-1',
};

/** The schema's own example, default, const or first enum value, where it has one. */
function documented(schema) {
  if (schema === undefined || schema === null || typeof schema !== 'object') return undefined;
  if (schema.example !== undefined) return { value: schema.example, source: 'example' };
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return { value: schema.examples[0], source: 'example' };
  if (schema.default !== undefined) return { value: schema.default, source: 'default' };
  if (schema.const !== undefined) return { value: schema.const, source: 'enum' };
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return {
      value: schema.enum.find((v) => v !== null) ?? schema.enum[0],
      source: 'enum',
    };
  return undefined;
}

/** A value of `schema`: documented where the schema documents one, made up otherwise. */
export function sample(doc, rawSchema, depth = 0, seen = new Set()) {
  const schema = deref(doc, rawSchema);
  if (schema === undefined || schema === null || typeof schema !== 'object') return { value: 'x', source: 'made' };
  const given = documented(schema);
  if (given !== undefined) return given;
  if (typeof rawSchema?.$ref === 'string') {
    if (seen.has(rawSchema.$ref) || depth > 6) return { value: null, source: 'made' };
    seen = new Set(seen).add(rawSchema.$ref);
  }
  for (const key of ['oneOf', 'anyOf']) if (Array.isArray(schema[key]) && schema[key].length > 0) return sample(doc, schema[key][0], depth + 1, seen);
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return sampleObject(doc, merged(doc, schema), depth, seen);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type ?? (schema.properties ? 'object' : schema.items ? 'array' : 'string')) {
    case 'integer':
    case 'number':
      return { value: numberIn(schema), source: 'made' };
    case 'boolean':
      return { value: true, source: 'made' };
    case 'array': {
      const item = sample(doc, schema.items, depth + 1, seen);
      const n = Math.max(1, Math.min(2, schema.minItems ?? 2, schema.maxItems ?? 2));
      return {
        value: Array.from({ length: n }, () => item.value),
        source: item.source === 'made' ? 'made' : 'example',
      };
    }
    case 'object':
      return sampleObject(doc, schema, depth, seen);
    default:
      return { value: stringOf(schema), source: 'made' };
  }
}

function merged(doc, schema) {
  const out = { type: 'object', properties: {}, required: [] };
  for (const part of [schema, ...schema.allOf.map((s) => deref(doc, s))]) {
    Object.assign(out.properties, part?.properties ?? {});
    if (Array.isArray(part?.required)) out.required.push(...part.required);
  }
  return out;
}

function sampleObject(doc, schema, depth, seen) {
  const out = {};
  let source = 'example';
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const p = deref(doc, prop);
    if (p?.readOnly === true) continue;
    if (!required.has(name) && depth > 1) continue;
    const v = sample(doc, prop, depth + 1, seen);
    if (v.value === null && !required.has(name)) continue;
    out[name] = v.value;
    if (v.source === 'made') source = 'made';
  }
  return {
    value: out,
    source: Object.keys(out).length === 0 ? 'made' : source,
  };
}

function numberIn(schema) {
  const min = schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined);
  const max = schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined);
  let n = min ?? (max !== undefined ? Math.min(1, max) : 1);
  if (schema.multipleOf) n = Math.ceil(n / schema.multipleOf) * schema.multipleOf;
  return n;
}

function stringOf(schema) {
  if (schema.format === 'binary') return 'bytes';
  const base = FORMATS[schema.format] ?? 'sample';
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  let s = base.length < min ? base.padEnd(min, 'x') : base;
  if (s.length > max) s = s.slice(0, Math.max(max, 1));
  return s;
}

/** The `example`, or the first of the `examples`, of a parameter or media type object. */
function exampleOf(doc, holder) {
  if (holder.example !== undefined) return { value: holder.example, source: 'example' };
  const ex = Object.values(holder.examples ?? {})
    .map((e) => deref(doc, e))
    .find((e) => e?.value !== undefined);
  return ex === undefined ? undefined : { value: ex.value, source: 'example' };
}

/** A parameter's value: its example(s), then its schema's documented or made-up value. */
export function paramValue(doc, p) {
  return exampleOf(doc, p) ?? (p.schema === undefined && p.content ? sample(doc, Object.values(p.content)[0]?.schema) : sample(doc, p.schema));
}

/** A request body for `media`: its example(s), then its schema's. */
export function bodyValue(doc, mediaObject) {
  const m = deref(doc, mediaObject) ?? {};
  return exampleOf(doc, m) ?? sample(doc, m.schema);
}
