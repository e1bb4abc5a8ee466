/**
 * Error responses → each host's error shapes. A body schema is recognised by the field that holds
 * its code (`code`, `error_code`, `error`, `error.code`, …) and, where there is one, its message;
 * `application/problem+json` (or a schema with RFC 9457's members) is the `problem` shape. A string
 * enum on the code field becomes the host's code table. Statuses get the usual categories; what a
 * description cannot say (message tables, quirks, policies) the user adds to the contract.
 */
import { idForm, isObject, Names, text, type ImportContext, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { shapeOfSchema } from './exported.js';
import { isJson, mediaType } from './operations.js';
import { propertiesOf, propertySchema, refOf, resolve, schemaRefName, type Property } from './refs.js';
import { typeRef, type SchemaTypes } from './schemas.js';

type Path = readonly (string | number)[];

const CODE_KEYS = ['code', 'error_code', 'errorCode', 'error', 'errorType', 'error_type', 'type', 'reason'];
const MESSAGE_KEYS = ['message', 'error_description', 'errorMessage', 'error_message', 'detail', 'details', 'description', 'title', 'msg'];
const WRAPPERS = ['error', 'errors', 'fault', 'Error'];

interface ShapeFacts {
  readonly name: string;
  readonly statuses: Set<string>;
  readonly codes: readonly string[];
}

export class ErrorShapes {
  readonly shapes: Out = {};
  private readonly byKey = new Map<string, ShapeFacts>();
  private readonly hostShapes = new Map<string, string[]>();
  private readonly hostFacts = new Map<string, ShapeFacts[]>();
  private readonly names = new Names();

  constructor(
    private readonly ctx: ImportContext,
    private readonly types: SchemaTypes,
    /** A document `contractgen openapi` wrote names each response's shape: none is inferred. */
    private readonly named = false,
  ) {}

  /** The contract response of an error status; its body's shape joins the host's shapes. */
  errorResponse(response: JsonObject, host: string, status: string, at: Path): Out {
    const description = text(response['description']);
    const content = isObject(response['content']) ? response['content'] : {};
    const declared = Object.values(content).map((v) => (isObject(v) ? shapeOfSchema(v['schema']) : undefined)).find((s) => s !== undefined);
    // A response of a document `contractgen openapi` wrote names its shape, and says what the contract said of it.
    const own = { description: this.ctx.ownDescription(response), notShown: this.ctx.notShown(response) };
    const media = mediaType(Object.keys(content)[0] ?? '');
    if (declared !== undefined) return { ...own, shape: declared, contentType: media === undefined || media === 'application/json' ? undefined : media };
    if (this.named) return this.declaredBody(content, own, at);
    const entry = Object.entries(content).map(([raw, v]) => ({ media: mediaType(raw), v, raw })).find((e) => e.media !== undefined && (isJson(e.media) || e.media.endsWith('/problem+xml')));
    if (entry === undefined || entry.media === undefined || !isObject(entry.v)) return { description };
    const facts = this.shapeOf(entry.v['schema'], entry.media, [...at, 'content', entry.raw, 'schema']);
    // Its media type is kept (problem+json, a vendor type): the client's Accept names it.
    const contentType = entry.media === 'application/json' ? undefined : entry.media;
    if (facts === undefined) return { description, body: typeRef(this.ctx, this.types, entry.v['schema'], [...at, 'content', entry.raw, 'schema'], 0), contentType };
    facts.statuses.add(status);
    const list = this.hostShapes.get(host) ?? [];
    if (!list.includes(facts.name)) list.push(facts.name);
    this.hostShapes.set(host, list);
    const hostFacts = this.hostFacts.get(host) ?? [];
    if (!hostFacts.includes(facts)) hostFacts.push(facts);
    this.hostFacts.set(host, hostFacts);
    return { description, shape: facts.name, contentType };
  }

  /** An exported error response without a shape: its body type, if it has one. */
  private declaredBody(content: JsonObject, own: Out, at: Path): Out {
    const [raw, entry] = Object.entries(content)[0] ?? [];
    // The host's envelope: the contract declared the response without a body of its own.
    if (raw === undefined || !isObject(entry) || /^#\/components\/schemas\/ErrorEnvelope\./.test(refOf(entry['schema']) ?? '')) return own;
    const media = mediaType(raw);
    return { ...own, body: typeRef(this.ctx, this.types, entry['schema'], [...at, 'content', raw, 'schema'], 0), contentType: media === 'application/json' ? undefined : media };
  }

  /** `errors` of a host: its shapes in the order first met, and the code table of the first shape with listed codes. */
  hostErrors(host: string): Out | undefined {
    const shapes = this.hostShapes.get(host);
    if (shapes === undefined) return undefined;
    const withCodes = (this.hostFacts.get(host) ?? []).find((f) => f.codes.length > 0);
    return { shapes, codes: withCodes === undefined ? undefined : codeTable(withCodes) };
  }

  private shapeOf(schema: Json | undefined, media: string, at: Path): ShapeFacts | undefined {
    const ref = refOf(schema);
    const problemMedia = media.startsWith('application/problem+');
    // The facts of a named schema are the same wherever it is referred to.
    if (ref !== undefined) return this.ctx.memo(`shape\u0000${problemMedia}\u0000${ref}`, () => this.newShape(schema, problemMedia, ref, at));
    return this.newShape(schema, problemMedia, ref, at);
  }

  private newShape(schema: Json | undefined, problemMedia: boolean, ref: string | undefined, at: Path): ShapeFacts | undefined {
    const problem = problemMedia || looksLikeProblem(this.ctx, schema, at);
    const paths = problem ? { code: 'type', message: 'title', detail: 'detail', status: 'status', codes: [] } : readPaths(this.ctx, schema, at);
    if (paths === undefined) return undefined;
    const refName = ref === undefined ? undefined : schemaRefName(ref);
    const body = refName === undefined ? undefined : this.types.objectName(refName);
    const key = JSON.stringify([problem, paths, body]);
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    const name = this.names.claim(problem ? 'problem' : (refName ?? 'error'), shapeForm);
    const facts: ShapeFacts = { name, statuses: new Set(), codes: paths.codes };
    this.byKey.set(key, facts);
    this.shapes[name] = {
      description: problem ? 'RFC 9457 problem details.' : undefined,
      body,
      match: { present: [problem ? 'title' : paths.code] },
      read: { code: paths.code, message: paths.message, detail: paths.detail, status: paths.status },
    };
    return facts;
  }
}

function shapeForm(name: string): string {
  const id = idForm(name);
  return id.charAt(0).toLowerCase() + id.slice(1);
}

interface ReadPaths {
  readonly code: string;
  readonly message?: string;
  readonly detail?: string;
  readonly status?: string;
  readonly codes: readonly string[];
}

/** Where the code and message are: at the top, or inside a wrapper (`error.code`, `errors.0.code`). */
function readPaths(ctx: ImportContext, schema: Json | undefined, at: Path): ReadPaths | undefined {
  const top = propertiesOf(ctx, schema, at);
  const found = pick(ctx, top, '');
  if (found !== undefined) return found;
  for (const wrapper of WRAPPERS) {
    const inner = top.get(wrapper);
    if (inner === undefined) continue;
    const value = propertySchema(ctx, inner);
    const isList = value !== undefined && (value['type'] === 'array' || 'items' in value);
    const target = isList ? value['items'] : inner.schema;
    const nested = propertiesOf(ctx, target, isList ? [...inner.at, 'items'] : inner.at);
    const picked = pick(ctx, nested, isList ? `${wrapper}.0.` : `${wrapper}.`);
    if (picked !== undefined) return picked;
  }
  return undefined;
}

function pick(ctx: ImportContext, props: ReadonlyMap<string, Property>, prefix: string): ReadPaths | undefined {
  const codeKey = CODE_KEYS.find((k) => props.has(k) && isScalarSchema(ctx, props.get(k)));
  if (codeKey === undefined) return undefined;
  const messageKey = MESSAGE_KEYS.find((k) => k !== codeKey && props.has(k) && isScalarSchema(ctx, props.get(k)));
  const code = props.get(codeKey) as Property;
  return { code: `${prefix}${codeKey}`, message: messageKey === undefined ? undefined : `${prefix}${messageKey}`, codes: enumOf(ctx, code) };
}

function isScalarSchema(ctx: ImportContext, property: Property | undefined): boolean {
  const schema = propertySchema(ctx, property);
  if (schema === undefined) return false;
  const type = schema['type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === 'string' || t === 'integer') || (type === undefined && Array.isArray(schema['enum']));
}

function enumOf(ctx: ImportContext, property: Property): string[] {
  const values = propertySchema(ctx, property)?.['enum'];
  return Array.isArray(values) ? [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))] : [];
}

function looksLikeProblem(ctx: ImportContext, schema: Json | undefined, at: Path): boolean {
  const props = propertiesOf(ctx, schema, at);
  return props.has('type') && props.has('title') && props.has('status') && props.has('detail');
}

/**
 * The codes a code field lists: the description does not say which status each comes with, so
 * each is listed under the lowest exact status its shape answers (400 or 500 when only classes).
 */
function codeTable(facts: ShapeFacts): Out {
  const exact = [...facts.statuses].filter((s) => /^\d+$/.test(s)).map(Number).sort((a, b) => a - b);
  const status = exact[0] ?? ([...facts.statuses].some((s) => s === '5XX') ? 500 : 400);
  const rows: OutValue[] = facts.codes.map((code) => ({ status, code }));
  return {
    shape: facts.name,
    description: `The codes the description lists for this shape; it does not say which status each comes with: each is listed under ${status}.`,
    rows,
  };
}

/** The usual categories of HTTP statuses: the user refines them in the imported contract. */
export function statusCategories(): Out {
  return {
    categories: {
      input: { description: 'The request was refused as invalid.' },
      auth: { description: 'The credentials are missing or were refused.' },
      forbidden: { description: 'The caller may not do this.' },
      not_found: { description: 'What the request names does not exist.' },
      conflict: { description: 'The request conflicts with the current state.' },
      rate_limited: { description: 'Too many requests: try again later.', retryable: true },
      client: { description: 'Another client error.' },
      unavailable: { description: 'The service is unavailable for now.', retryable: true },
      server: { description: 'The server failed.' },
    },
    statusCategories: { '400': 'input', '401': 'auth', '403': 'forbidden', '404': 'not_found', '409': 'conflict', '422': 'input', '429': 'rate_limited', '502': 'unavailable', '503': 'unavailable', '504': 'unavailable', '4XX': 'client', '5XX': 'server' },
  };
}
