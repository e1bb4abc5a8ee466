/**
 * Reading back what `contractgen openapi` wrote: a document whose `info` carries
 * `x-contractgen-package` came from a contract, and its `x-contractgen-*` extensions hold what
 * OpenAPI cannot (hosts, environments, server variables without a value, categories, policies,
 * support). Those parts are taken from the extensions as written instead of being inferred, so
 * importing an exported contract gives the contract back.
 */
import { isObject, text, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { own, setOwn } from '../records.js';
import { componentSchemas } from './refs.js';

/** The marker of a document `contractgen openapi` wrote. */
export function isContractgenExport(doc: JsonObject): boolean {
  return isObject(doc['info']) && typeof doc['info']['x-contractgen-package'] === 'string';
}

const NOT_SHOWN_HEAD = 'Not shown by the source:';

/** `info` as the contract wrote it: the package, and the not-shown list apart from the description. */
export function exportedInfo(doc: JsonObject): Out {
  const info = doc['info'] as JsonObject;
  const notShown = strings(info['x-contractgen-not-shown']);
  const description = withoutParagraph(text(info['description']), NOT_SHOWN_HEAD);
  return {
    title: text(info['title']) ?? 'API',
    version: text(info['version']) ?? 'unversioned',
    package: info['x-contractgen-package'] as string,
    packageVersion: text(info['x-contractgen-package-version']),
    license: text(info['x-contractgen-license']),
    repository: text(info['x-contractgen-repository']),
    packageDescription: text(info['x-contractgen-package-description']),
    description,
    notShown: notShown.length === 0 ? undefined : notShown,
  };
}

/** A description without the paragraph (and everything after it) that starts with `head`. */
export function withoutParagraph(description: string | undefined, head: string): string | undefined {
  if (description === undefined) return undefined;
  const at = description.startsWith(head) ? 0 : description.indexOf(`\n\n${head}`);
  if (at < 0) return description;
  const kept = description.slice(0, at).trimEnd();
  return kept === '' ? undefined : kept;
}

function strings(value: Json | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
}

/** Hosts from the tags that carry `x-contractgen-url`, in the document's order. */
export function exportedHosts(doc: JsonObject): Out {
  const out: Out = {};
  for (const tag of Array.isArray(doc['tags']) ? doc['tags'] : []) {
    if (!isObject(tag) || typeof tag['name'] !== 'string' || typeof tag['x-contractgen-url'] !== 'string') continue;
    setOwn(out, tag['name'], { description: text(tag['description']), url: tag['x-contractgen-url'] });
  }
  return out;
}

/** Environments as written: a host's URL listed only where it differs from the host's own. */
export function exportedEnvironments(doc: JsonObject, hosts: Out): Out | undefined {
  const list = doc['x-contractgen-environments'];
  if (!Array.isArray(list)) return undefined;
  const out: Out = {};
  for (const env of list) {
    if (!isObject(env) || typeof env['name'] !== 'string') continue;
    const urls = isObject(env['urls']) ? Object.entries(env['urls']).filter(([host, url]) => !isObject(own(hosts, host)) || (own(hosts, host) as Out)['url'] !== url) : [];
    const notShown = strings(env['notShown']);
    setOwn(out, env['name'], {
      default: env['default'] === true ? true : undefined,
      description: text(env['description']),
      urls: urls.length === 0 ? undefined : (Object.fromEntries(urls) as Out),
      notShown: notShown.length === 0 ? undefined : notShown,
    });
  }
  // The model's single implicit environment is `default` on every host's URL: not written.
  const names = Object.keys(out);
  if (names.length === 1 && names[0] === 'default' && isDefaultOnly(out['default'] as Out)) return undefined;
  return out;
}

function isDefaultOnly(env: Out): boolean {
  return env['urls'] === undefined && env['description'] === undefined && env['notShown'] === undefined;
}

/** A top-level extension's value as written (categories, status categories, policies, support, server variables). */
export function exported(doc: JsonObject, key: string): OutValue {
  const value = doc[`x-contractgen-${key}`];
  return value === undefined ? undefined : (value as OutValue);
}

const SHAPE = 'ErrorShape.';
const ENVELOPE = 'ErrorEnvelope.';

/** Whether a schema name is one of the export's error schemas (read as shapes and host errors, not types). */
export function isErrorSchemaName(name: string): boolean {
  return name.startsWith(SHAPE) || name.startsWith(ENVELOPE);
}

/** The shape a response's schema names (`$ref: #/components/schemas/ErrorShape.<name>`). */
export function shapeOfSchema(schema: Json | undefined): string | undefined {
  const ref = isObject(schema) && typeof schema['$ref'] === 'string' ? schema['$ref'] : undefined;
  const prefix = `#/components/schemas/${SHAPE}`;
  return ref !== undefined && ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
}

/** Shapes from `ErrorShape.<name>` schemas: `x-contractgen-shape` as written, the body from the schema's first allOf member. */
export function exportedShapes(doc: JsonObject, body: (schema: Json, path: readonly (string | number)[]) => OutValue): Out | undefined {
  const schemas = componentSchemas(doc);
  const out: Out = {};
  for (const [key, schema] of Object.entries(schemas)) {
    if (!key.startsWith(SHAPE) || !isObject(schema) || !isObject(schema['x-contractgen-shape'])) continue;
    const data = schema['x-contractgen-shape'] as Out;
    const allOf = schema['allOf'];
    const first = Array.isArray(allOf) ? allOf[0] : undefined;
    setOwn(out, key.slice(SHAPE.length), {
      description: text(schema['description']),
      body: first === undefined ? undefined : body(first, ['components', 'schemas', key, 'allOf', 0]),
      ...data,
    });
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** A host's own shapes, as its envelope lists them. */
export function exportedHostShapeNames(doc: JsonObject, host: string): string[] {
  const schemas = componentSchemas(doc);
  const envelope = schemas[`${ENVELOPE}${host}`];
  const names = isObject(envelope) ? envelope['x-contractgen-shapes'] : undefined;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

/** A host's `errors` from its `ErrorEnvelope.<host>` schema: its own shapes, code table and message table. */
export function exportedHostErrors(doc: JsonObject, host: string): Out | undefined {
  const schemas = componentSchemas(doc);
  const envelope = schemas[`${ENVELOPE}${host}`];
  if (!isObject(envelope)) return undefined;
  const codes = isObject(envelope['x-contractgen-codes']) ? (envelope['x-contractgen-codes'] as Out) : undefined;
  // An open table without rows, shape or description is the one every host has: not written.
  const plain = codes === undefined || (codes['open'] !== false && Array.isArray(codes['rows']) && codes['rows'].length === 0 && codes['shape'] === undefined && codes['description'] === undefined);
  const errors: Out = {
    shapes: Array.isArray(envelope['x-contractgen-shapes']) ? (envelope['x-contractgen-shapes'] as OutValue[]) : undefined,
    codes: plain ? undefined : { ...codes, open: codes['open'] === true ? undefined : codes['open'] },
    messages: isObject(envelope['x-contractgen-messages']) ? (envelope['x-contractgen-messages'] as Out) : undefined,
  };
  return Object.values(errors).every((v) => v === undefined) ? undefined : errors;
}
