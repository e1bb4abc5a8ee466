/**
 * Paths → endpoints: each operation's id, parameters, request body and responses. Error responses
 * are handed to errors.ts, which turns their bodies into the host's error shapes.
 */
import { RESERVED_INPUT_KEYS } from '../../templates/base-client.js';
import { IGNORED_HEADERS, STYLES, TOKEN, type ParamLocation } from '../../templates/params.js';
import { FORM_MEDIA_TYPE } from '../model/values.js';
import { camel, inputKey } from '../naming.js';
import { own, setOwn } from '../records.js';
import { idForm, isObject, Names, text, type ImportContext, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import type { ErrorShapes } from './errors.js';
import { exportedHostShapeNames } from './exported.js';
import { inferPagination } from './pagination.js';
import { propertiesOf, refOf, resolve, resolveQuietly } from './refs.js';
import { field, typeRef, type SchemaTypes } from './schemas.js';
import { importStream, isStreamMedia, type StreamOperation } from './streams.js';
import type { Security } from './security.js';
import type { Hosts } from './servers.js';

type Path = readonly (string | number)[];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
/** Headers the contract says elsewhere (media types, credentials). */
const MEDIA = /^[a-z]+\/[A-Za-z0-9.+-]+$/;
/** A media range a response may be documented with: `image/*`, or any type. */
const RANGE = /^([a-z]+|\*)\/\*$/;

export interface OperationsInput {
  readonly ctx: ImportContext;
  readonly types: SchemaTypes;
  readonly hosts: Hosts;
  readonly security: Security;
  readonly errors: ErrorShapes;
  /** The hosts of a document `contractgen openapi` wrote (its tags): an operation's first tag is its host. */
  readonly exportedHosts?: ReadonlySet<string>;
}

/** Every operation of `paths`, in the description's order, by contract id. */
export function importOperations(input: OperationsInput, avoid: ReadonlySet<string>): Out {
  const { ctx } = input;
  const endpoints: Out = {};
  const ids = new Names(new Set(['then', 'eval', 'arguments', ...avoid]));
  const paths = ctx.doc['paths'];
  if (!isObject(paths)) return endpoints;
  for (const [route, item] of Object.entries(paths)) {
    const resolved = resolve(ctx, item, ['paths', route]);
    if (resolved === undefined || !isObject(resolved.value)) continue;
    for (const method of Object.keys(resolved.value)) {
      const operation = resolved.value[method];
      if (!isObject(operation)) continue;
      const lower = method.toLowerCase();
      if (!(METHODS as readonly string[]).includes(lower)) {
        if (lower === 'trace') ctx.warn(['paths', route, method], 'operation-dropped', 'TRACE operations are not part of the contract format');
        continue;
      }
      const path = ['paths', route, method];
      const id = ids.claim(operationName(operation, lower, route), idForm);
      endpoints[id] = endpoint(input, route, lower, operation, resolved.value, path);
      ctx.origin(['endpoints', id], path);
    }
  }
  return inContractOrder(ctx, endpoints);
}

/** An export lists its operations in the contract's order where the paths object groups them otherwise. */
function inContractOrder(ctx: ImportContext, endpoints: Out): Out {
  const order = ctx.exported ? ctx.doc['x-contractgen-endpoints'] : undefined;
  if (!Array.isArray(order)) return endpoints;
  const ids = [...order.filter((id): id is string => typeof id === 'string' && id in endpoints), ...Object.keys(endpoints).filter((id) => !order.includes(id))];
  return Object.fromEntries(ids.map((id) => [id, endpoints[id]])) as Out;
}

function operationName(operation: JsonObject, method: string, route: string): string {
  const given = text(operation['operationId']);
  if (given !== undefined) return given;
  // No operationId: the method and the path's words, `GET /users/{id}` → `getUsersId`.
  return camel([method, ...route.split(/[^A-Za-z0-9]+/)].filter((w) => w !== '').join(' '));
}

function endpoint(input: OperationsInput, route: string, method: string, operation: JsonObject, item: JsonObject, path: Path): Out {
  const { ctx } = input;
  const host = taggedHost(input, operation) ?? input.hosts.hostOf(operation['servers'] ?? item['servers'], path);
  const params = parameters(input, route, operation, item, path);
  const responses = importResponses(input, operation, host, path);
  const pagination = inferPagination({ ctx, method, operation, params: params.params, success: firstSuccess(ctx, operation, path), at: path });
  return {
    summary: text(operation['summary']),
    description: ctx.ownDescription(operation),
    method: method.toUpperCase(),
    path: params.path,
    host,
    auth: params.keySchemes.reduce((auth, scheme) => input.security.accepting(auth, scheme), input.security.endpointAuth(operation['security'], path)),
    params: Object.keys(params.params).length === 0 ? undefined : params.params,
    request: requestBody(input, operation['requestBody'], [...path, 'requestBody']),
    shapes: undefined,
    responses,
    pagination,
    ...exportedEndpoint(input, operation, host),
    deprecated: ctx.deprecation(operation),
  };
}

function taggedHost(input: OperationsInput, operation: JsonObject): string | undefined {
  const tag = Array.isArray(operation['tags']) ? operation['tags'][0] : undefined;
  return typeof tag === 'string' && input.exportedHosts?.has(tag) === true ? tag : undefined;
}

/** What an exported operation says in its extensions: quirks, idempotence, the shapes it adds to its host's. */
function exportedEndpoint(input: OperationsInput, operation: JsonObject, host: string): Out {
  if (input.exportedHosts === undefined) return {};
  const own = exportedHostShapeNames(input.ctx.doc, host);
  const shapes = Array.isArray(operation['x-contractgen-error-shapes']) ? operation['x-contractgen-error-shapes'].filter((s): s is string => typeof s === 'string' && !own.includes(s)) : [];
  return {
    idempotent: typeof operation['x-contractgen-idempotent'] === 'boolean' ? operation['x-contractgen-idempotent'] : undefined,
    shapes: shapes.length === 0 ? undefined : shapes,
    quirks: Array.isArray(operation['x-contractgen-quirks']) ? (operation['x-contractgen-quirks'] as Out[]) : undefined,
  };
}

function firstSuccess(ctx: ImportContext, operation: JsonObject, path: Path): JsonObject | undefined {
  const responses = isObject(operation['responses']) ? operation['responses'] : {};
  const key = Object.keys(responses).find((k) => /^2/.test(k));
  if (key === undefined) return undefined;
  const resolved = resolve(ctx, responses[key], [...path, 'responses', key]);
  return resolved !== undefined && isObject(resolved.value) ? resolved.value : undefined;
}

// ---------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------

interface Parameters {
  readonly path: string;
  readonly params: Out;
  /** API-key schemes that parameters duplicated: the endpoint accepts each. */
  readonly keySchemes: readonly string[];
}

/** The path item's parameters, then the operation's, which replace those of the same place and name. */
function declaredParameters(ctx: ImportContext, operation: JsonObject, item: JsonObject, path: Path): { p: JsonObject; at: Path }[] {
  const byPlace = new Map<string, { p: JsonObject; at: Path }>();
  const collect = (list: Json | undefined, at: Path) => {
    if (!Array.isArray(list)) return;
    for (const [i, entry] of list.entries()) {
      const resolved = resolve(ctx, entry, [...at, i]);
      if (resolved === undefined || !isObject(resolved.value)) continue;
      const p = resolved.value;
      if (typeof p['name'] !== 'string' || typeof p['in'] !== 'string') continue;
      byPlace.set(`${p['in']}\u0000${p['in'] === 'header' ? p['name'].toLowerCase() : p['name']}`, { p, at: resolved.pointer });
    }
  };
  collect(item['parameters'], [...path.slice(0, -1), 'parameters']);
  collect(operation['parameters'], [...path, 'parameters']);
  return [...byPlace.values()];
}

function parameters(input: OperationsInput, route: string, operation: JsonObject, item: JsonObject, path: Path): Parameters {
  const { ctx } = input;
  const renamed = distinctPlaceholders(ctx, route, path);
  const placeholders = [...renamed.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
  const params: Out = {};
  const keys = new Set<string>();
  const keySchemes: string[] = [];
  let routePath = renamed.startsWith('/') ? renamed : `/${renamed}`;
  for (const { p, at } of declaredParameters(ctx, operation, item, path)) {
    const name = p['name'] as string;
    const place = p['in'] as string;
    if (place === 'path' && !placeholders.includes(name)) {
      ctx.warn(at, 'parameter-dropped', `path parameter '${name}' is not in the path '${route}'`);
      continue;
    }
    if (!placeable(ctx, name, place, at)) continue;
    const scheme = ctx.exported ? undefined : input.security.apiKeyScheme(place, name);
    if (scheme !== undefined) {
      ctx.warn(at, 'parameter-is-credential', `${place} parameter '${name}' is where the API-key scheme '${scheme}' is sent: the client sends it from its credentials, not as an input`);
      keySchemes.push(scheme);
      continue;
    }
    if (own(params, name) !== undefined) {
      ctx.warn(at, 'parameter-dropped', `a second parameter named '${name}' (in ${place}) is left out: the contract keys parameters by name`);
      continue;
    }
    setOwn(params, name, parameter(input, p, place, at, keys));
  }
  for (const name of placeholders) {
    const declared = own(params, name);
    if (declared !== undefined && (declared as Out)['in'] === undefined) continue;
    if (name === '' || declared !== undefined) {
      // A placeholder the contract cannot key (empty, or named like a query parameter): the path is written with a fresh name.
      const fresh = `${name.replace(/[^A-Za-z0-9_]/g, '') || 'param'}_path`;
      routePath = routePath.replace(`{${name}}`, `{${fresh}}`);
      setOwn(params, fresh, { type: 'string', key: keyFor(fresh, keys) });
      ctx.warn(path, 'approximated', `path parameter '${name}' is renamed '${fresh}'`);
      continue;
    }
    ctx.warn(path, 'approximated', `path parameter '${name}' is not declared: read as a string`);
    setOwn(params, name, { type: 'string', key: keyFor(name, keys) });
  }
  return { path: routePath, params, keySchemes };
}

/** A placeholder used twice gets a fresh name the second time (a contract names each once); the caller then gives both. */
function distinctPlaceholders(ctx: ImportContext, route: string, path: Path): string {
  const seen = new Set<string>();
  return route.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    if (!seen.has(name)) {
      seen.add(name);
      return whole;
    }
    let fresh = `${name}2`;
    for (let n = 3; seen.has(fresh); n++) fresh = `${name}${n}`;
    seen.add(fresh);
    ctx.warn(path, 'approximated', `path parameter '${name}' appears twice: the second is '${fresh}', given separately`);
    return `{${fresh}}`;
  });
}

function placeable(ctx: ImportContext, name: string, place: string, at: Path): boolean {
  if (!['path', 'query', 'header', 'cookie'].includes(place)) return false;
  if (name === '' || /[\u0000-\u001f\u007f{}]/.test(name)) {
    ctx.warn(at, 'parameter-dropped', `parameter name '${name}' cannot be written in a contract`);
    return false;
  }
  if ((place === 'header' || place === 'cookie') && !TOKEN.test(name)) {
    ctx.warn(at, 'parameter-dropped', `${place} '${name}' is not a valid ${place} name`);
    return false;
  }
  if (place === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) {
    ctx.warn(at, 'parameter-dropped', `header '${name}' is written by the client from the contract (media types, credentials): left out as a parameter`);
    return false;
  }
  return true;
}

/** The input key: the one the wire name gives, or a fresh one where that would clash. */
function keyFor(name: string, keys: Set<string>): OutValue {
  const natural = inputKey(name);
  let key = RESERVED_INPUT_KEYS.includes(natural) ? `${natural}Param` : natural;
  for (let n = 2; keys.has(key); n++) key = `${natural}${n}`;
  keys.add(key);
  return key === natural ? undefined : key;
}

function parameter(input: OperationsInput, p: JsonObject, place: string, at: Path, keys: Set<string>): Out {
  const { ctx, types } = input;
  const name = p['name'] as string;
  const schema = p['schema'] ?? mediaSchema(p['content']);
  const typed = field(ctx, types, schema ?? { type: 'string' }, false, [...at, 'schema'], 0);
  const { required: _r, readOnly: _ro, writeOnly: _wo, ...type } = typed;
  return {
    in: place === 'path' ? undefined : place,
    ...type,
    required: place !== 'path' && p['required'] === true ? true : undefined,
    description: text(p['description']) ?? (ctx.exported ? undefined : (type['description'] as string | undefined)),
    deprecated: ctx.deprecation(p),
    key: ctx.exported ? (typeof p['x-contractgen-key'] === 'string' ? p['x-contractgen-key'] : undefined) : keyFor(name, keys),
    secret: ctx.exported && p['x-contractgen-secret'] === true ? true : undefined,
    idempotencyKey: isIdempotencyKey(ctx, p, place) ? true : undefined,
    ...serialisation(p, place),
  };
}

/**
 * An export says so in its extension; elsewhere an `Idempotency-Key` header (the IETF draft's
 * name, which Stripe, Adyen and others use) is one: the client fills it and keeps it across retries.
 */
function isIdempotencyKey(ctx: ImportContext, p: JsonObject, place: string): boolean {
  if (ctx.exported) return p['x-contractgen-idempotency-key'] === true;
  return place === 'header' && String(p['name']).toLowerCase() === 'idempotency-key';
}

function mediaSchema(content: Json | undefined): Json | undefined {
  if (!isObject(content)) return undefined;
  const first = Object.values(content)[0];
  return isObject(first) ? first['schema'] : undefined;
}

function serialisation(p: JsonObject, place: string): Out {
  const allowed: readonly string[] = STYLES[place as ParamLocation] ?? [];
  const style = typeof p['style'] === 'string' && allowed.includes(p['style']) && p['style'] !== allowed[0] ? p['style'] : undefined;
  // OpenAPI's default (exploded for form only): an explode the description leaves out is its default, not the contract's.
  const explodeDefault = (style ?? allowed[0]) === 'form';
  const explode = typeof p['explode'] === 'boolean' && p['explode'] !== explodeDefault ? p['explode'] : undefined;
  return { style, explode, allowReserved: place === 'query' && p['allowReserved'] === true ? true : undefined };
}

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

/**
 * A media type as the contract writes it: lower case, without parameters. A range (`image/*`) is
 * kept where `ranges` says (what a response may be: the client asks for it as written), else it
 * is bytes (what a request is sent as).
 */
export function mediaType(raw: string, ranges = false): string | undefined {
  const bare = (raw.split(';')[0] ?? '').trim().toLowerCase();
  if (bare === '*/*' || bare.endsWith('/*')) return ranges && RANGE.test(bare) ? bare : ranges ? undefined : 'application/octet-stream';
  return MEDIA.test(bare) ? bare : undefined;
}

export function isJson(media: string): boolean {
  return media === 'application/json' || media.endsWith('+json');
}

function requestBody(input: OperationsInput, body: Json | undefined, path: Path): Out | undefined {
  const { ctx } = input;
  if (body === undefined) return undefined;
  const resolved = resolve(ctx, body, path);
  if (resolved === undefined || !isObject(resolved.value)) return undefined;
  const content = resolved.value['content'];
  if (!isObject(content) || Object.keys(content).length === 0) return undefined;
  const media = mediaEntries(ctx, content, [...resolved.pointer, 'content']);
  const chosen = chooseBody(input, media);
  if (chosen === undefined) return undefined;
  const dropped = media.filter((m) => !chosen.contentTypes.includes(m.media)).map((m) => m.media);
  if (dropped.length > 0) ctx.warn(path, 'media-type-dropped', `request media types ${dropped.join(', ')} are left out: the contract sends one body type under every media type it lists`);
  const optional = resolved.value['required'] === true ? undefined : true;
  const form = media.find((m) => m.media === FORM_MEDIA_TYPE && chosen.contentTypes.includes(m.media));
  const jsonFields = form === undefined || chosen.body === 'unknown' ? [] : formJsonFields(ctx, form);
  return {
    body: chosen.body,
    contentTypes: sameAsDefault(chosen.contentTypes) ? undefined : chosen.contentTypes,
    optional,
    jsonFields: jsonFields.length === 0 ? undefined : jsonFields,
    notShown: ctx.notShown(resolved.value),
  };
}

/**
 * The fields of a URL-encoded form that OpenAPI writes as JSON text: an object, or an array of
 * objects, that no Encoding Object gives a `style`, `explode` or `allowReserved` (3.0.4 and 3.1.1,
 * "Encoding the x-www-form-urlencoded Media Type": the Encoding Object's contentType then applies,
 * and its default for an object is application/json), and any field whose Encoding Object names a
 * JSON contentType. A field with a style (Stripe's `deepObject`) keeps brackets.
 */
function formJsonFields(ctx: ImportContext, entry: MediaEntry): string[] {
  const out: string[] = [];
  for (const [name, property] of propertiesOf(ctx, entry.schema, entry.at)) {
    const encoding = isObject(entry.encoding) ? entry.encoding[name] : undefined;
    const declared = isObject(encoding) ? encoding : {};
    if ('style' in declared || 'explode' in declared || 'allowReserved' in declared) continue;
    const contentType = typeof declared['contentType'] === 'string' ? mediaType(declared['contentType']) : undefined;
    const schema = resolveQuietly(ctx, property.schema);
    const holdsObjects = isObject(schema) && (isObjectSchema(ctx, schema, 0) || (schema['type'] === 'array' && isObjectSchema(ctx, schema['items'], 0)));
    if (contentType === undefined ? holdsObjects : isJson(contentType)) out.push(name);
  }
  return out;
}

/** Whether a schema (through references, allOf, oneOf and anyOf) is an object's. */
function isObjectSchema(ctx: ImportContext, schema: Json | undefined, depth: number): boolean {
  const s = depth > 8 ? undefined : resolveQuietly(ctx, schema);
  if (!isObject(s)) return false;
  const type = s['type'];
  if (type === 'object' || (Array.isArray(type) && type.includes('object'))) return true;
  if (type === undefined && (isObject(s['properties']) || isObject(s['additionalProperties']))) return true;
  return ['allOf', 'oneOf', 'anyOf'].some((k) => Array.isArray(s[k]) && (s[k] as Json[]).some((m) => isObjectSchema(ctx, m, depth + 1)));
}

function sameAsDefault(list: readonly string[]): boolean {
  return list.length === 1 && list[0] === 'application/json';
}

interface MediaEntry {
  readonly media: string;
  readonly schema: Json | undefined;
  /** The Media Type Object's `encoding`, as written. */
  readonly encoding: Json | undefined;
  readonly at: Path;
  /** The Media Type Object as written. */
  readonly entry: Json | undefined;
}

function mediaEntries(ctx: ImportContext, content: JsonObject, at: Path, ranges = false): MediaEntry[] {
  const out: MediaEntry[] = [];
  for (const [raw, entry] of Object.entries(content)) {
    const media = mediaType(raw, ranges);
    if (media === undefined) {
      ctx.warn([...at, raw], 'media-type-dropped', `media type '${raw}' cannot be written in a contract`);
      continue;
    }
    const read: MediaEntry = { media, schema: isObject(entry) ? entry['schema'] : undefined, encoding: isObject(entry) ? entry['encoding'] : undefined, at: [...at, raw, 'schema'], entry };
    // Two keys of one media type (`application/json` and `application/json; charset=utf-8`, which
    // zuora lists in either order): the one with a schema describes the body, an example alone does not.
    const same = out.findIndex((m) => m.media === media);
    if (same === -1) out.push(read);
    else if (out[same]?.schema === undefined && read.schema !== undefined) out[same] = read;
  }
  return out;
}

type BodyKind = 'json' | 'form' | 'text' | 'bytes';

function kindOf(media: string): BodyKind {
  if (isJson(media)) return 'json';
  if (media === 'application/x-www-form-urlencoded' || media === 'multipart/form-data') return 'form';
  if (media.startsWith('text/')) return 'text';
  return 'bytes';
}

/** The body type, and the media types that can carry it: JSON's first, else the first listed. */
function chooseBody(input: OperationsInput, media: readonly MediaEntry[]): { body: OutValue; contentTypes: string[] } | undefined {
  // An export lists the contract's media types in its order, the default first.
  const lead = (input.ctx.exported ? undefined : media.find((m) => kindOf(m.media) === 'json')) ?? media[0];
  if (lead === undefined) return undefined;
  const body = bodyType(input, lead);
  const carries = (m: MediaEntry) => m === lead || ((input.ctx.exported || fits(input, body, kindOf(m.media))) && sameSchema(m.schema, lead.schema));
  const contentTypes = [lead, ...media.filter((m) => m !== lead)].filter(carries).map((m) => m.media);
  return { body, contentTypes };
}

function sameSchema(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The type of a body as its media type can carry it: bytes for a binary type, a string for text. */
function bodyType(input: OperationsInput, entry: MediaEntry): OutValue {
  const { ctx, types } = input;
  const kind = kindOf(entry.media);
  const type = entry.schema === undefined ? 'unknown' : typeRef(ctx, types, entry.schema, entry.at, 0);
  if (ctx.exported) return type;
  if (kind === 'bytes') return 'binary';
  if (kind === 'json' && type === 'binary') {
    ctx.warn(entry.at, 'approximated', `a ${entry.media} body of raw bytes has no JSON form: read as unknown`);
    return 'unknown';
  }
  if (kind === 'text') return isStringType(input, type) ? type : 'string';
  if (kind === 'form' && !isObjectType(input, type)) {
    ctx.warn(entry.at, 'approximated', `a ${entry.media} body that is not an object is read as an open object`);
    return { type: 'object', open: true, fields: {} };
  }
  return type;
}

function fits(input: OperationsInput, body: OutValue, kind: BodyKind): boolean {
  if (kind === 'json') return body !== 'binary';
  if (kind === 'form') return isObjectType(input, body);
  if (kind === 'text') return isStringType(input, body);
  return body === 'binary';
}

function isObjectType(input: OperationsInput, type: OutValue): boolean {
  if (isObject(type)) return type['type'] === 'object';
  return typeof type === 'string' && input.types.kindOf(type) === 'object';
}

function isStringType(input: OperationsInput, type: OutValue): boolean {
  if (type === 'string') return true;
  if (isObject(type)) return type['type'] === 'string' || (type['type'] === 'enum' && Array.isArray(type['values']) && type['values'].every((v) => typeof v === 'string'));
  return typeof type === 'string' && input.types.kindOf(type) === 'string';
}

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

function importResponses(input: OperationsInput, operation: JsonObject, host: string, path: Path): Out {
  const { ctx } = input;
  const out: Out = {};
  const given = isObject(operation['responses']) ? operation['responses'] : {};
  const keys = Object.keys(given).map((k) => ({ raw: k, key: statusKey(k) }));
  const hasSuccess = keys.some(({ key }) => key !== undefined && key !== 'default' && Number(key[0]) < 4);
  for (const { raw, key } of keys) {
    const at = [...path, 'responses', raw];
    if (key === undefined) {
      ctx.warn(at, 'response-dropped', `response key '${raw}' is not a status, a class or default`);
      continue;
    }
    // An exported operation refers to its host's shared error responses: the contract did not list them.
    if (input.exportedHosts !== undefined && /^#\/components\/responses\//.test(refOf(given[raw]) ?? '')) continue;
    const resolved = resolve(ctx, given[raw], at);
    const response = resolved !== undefined && isObject(resolved.value) ? resolved.value : {};
    if (ctx.exported && response['x-contractgen-added'] === true) continue;
    const isError = key === 'default' ? hasSuccess : Number(key[0]) >= 4;
    // A 1xx or 3xx is never data (a redirect is followed, a 304 is the not_modified error): its body is left out.
    out[key] = isError ? input.errors.errorResponse(response, host, key, resolved?.pointer ?? at) : success(input, key === 'default' || key[0] === '2' ? response : withoutContent(response), resolved?.pointer ?? at, { operation, path });
  }
  if (!Object.keys(out).some((k) => k === 'default' || Number(k[0]) < 4)) {
    ctx.warn([...path, 'responses'], 'approximated', 'no success response is described: any 2xx is read as a success without a body');
    out['default'] = { description: 'A success: not described.' };
  }
  return out;
}

function withoutContent(response: JsonObject): JsonObject {
  const { content: _, ...rest } = response;
  return rest;
}

function statusKey(raw: string): string | undefined {
  if (raw === 'default') return raw;
  const upper = raw.toUpperCase();
  if (/^[1-5][0-9][0-9]$/.test(upper) || /^[1-5]XX$/.test(upper)) return upper;
  return undefined;
}

function success(input: OperationsInput, response: JsonObject, at: Path, operation: StreamOperation): Out {
  const { ctx } = input;
  const content = isObject(response['content']) ? response['content'] : {};
  const all = mediaEntries(ctx, content, [...at, 'content'], true);
  // A sequential media type is the status's stream; the others carry its body (JSON, say, when the request asks for no stream).
  const streamed = all.filter((m) => isStreamMedia(m.media, m.entry));
  const media = all.filter((m) => !streamed.includes(m));
  const lead = media.find((m) => isJson(m.media)) ?? media[0];
  const out: Out = { description: ctx.ownDescription(response), notShown: ctx.notShown(response) };
  if (streamed.length > 0) {
    const entries = streamed.map((m) => ({ media: m.media, entry: m.entry, at: m.at.slice(0, -1) }));
    out['stream'] = importStream({ ctx, types: input.types }, entries, { ...operation, response, besideBody: media.length > 0 });
  }
  if (lead !== undefined) {
    const kind = kindOf(lead.media);
    const type = lead.schema === undefined ? 'unknown' : typeRef(ctx, input.types, lead.schema, lead.at, 0);
    // An export's body is the contract's, whatever its media type.
    out['body'] = ctx.exported ? type : kind === 'bytes' ? 'binary' : kind === 'text' && !isStringType(input, type) ? 'string' : kind === 'form' ? 'unknown' : type;
    out['contentType'] = responseMedia(ctx, media, lead, out['body'] === 'binary');
  }
  out['headers'] = responseHeaders(input, response['headers'], [...at, 'headers']);
  return out;
}

/**
 * Every media type a success's body comes in, the lead first: those documented with the same schema
 * and read alike (bytes under any type, JSON under JSON's, text under text's), so Accept asks for
 * each and a binary success is checked against each. Left out where it is only the default.
 */
function responseMedia(ctx: ImportContext, media: readonly MediaEntry[], lead: MediaEntry, binary: boolean): string | string[] | undefined {
  // An export lists the contract's media types, all of one body.
  const carries = (m: MediaEntry) => m === lead || ctx.exported || (sameSchema(m.schema, lead.schema) && (binary || kindOf(m.media) === kindOf(lead.media)));
  const list = [lead, ...media.filter((m) => m !== lead)].filter(carries).map((m) => m.media);
  if (list.length > 1) return list;
  return list[0] === (binary ? 'application/octet-stream' : 'application/json') ? undefined : list[0];
}

function responseHeaders(input: OperationsInput, headers: Json | undefined, at: Path): Out | undefined {
  if (!isObject(headers)) return undefined;
  const out: Out = {};
  const seen = new Set<string>();
  for (const [name, header] of Object.entries(headers)) {
    if (!TOKEN.test(name) || name.toLowerCase() === 'content-type' || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const resolved = resolve(input.ctx, header, [...at, name]);
    const h = resolved !== undefined && isObject(resolved.value) ? resolved.value : {};
    const schema = resolve(input.ctx, h['schema'], [...at, name, 'schema']);
    const type = schema !== undefined && isObject(schema.value) ? schema.value['type'] : undefined;
    setOwn(out, name, {
      type: typeof type === 'string' && ['integer', 'number', 'boolean'].includes(type) ? type : undefined,
      required: h['required'] === true ? true : undefined,
      description: text(h['description']),
    });
  }
  return Object.keys(out).length === 0 ? undefined : out;
}
