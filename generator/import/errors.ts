/**
 * Error responses → each host's error shapes. A body schema's error format is recognised by its
 * members (error-formats.ts: problem details, Google, Stripe-like, OAuth, GitHub-like, JSON:API, a
 * code, a message); the shape is named after the schema. A string enum on the code field becomes
 * the host's code table, each code under the statuses the shape answers. Statuses get the usual
 * categories; what a description cannot say (message tables, quirks, policies) the user adds.
 */
import { idForm, isObject, Names, text, type ImportContext, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { errorFormat, shapeOfFormat } from './error-formats.js';
import { shapeOfSchema } from './exported.js';
import { isJson, mediaType } from './operations.js';
import { refOf, resolve, schemaRefName } from './refs.js';
import { typeRef, type SchemaTypes } from './schemas.js';

type Path = readonly (string | number)[];

interface ShapeFacts {
  readonly name: string;
  /** Specificity: a shape with more members to match is tried first. */
  readonly present: number;
  /** The members it matches by: shapes that match alike are tried the one that reads more first. */
  readonly match: string;
  /** How much of the body it reads (field errors that name their field count more). */
  readonly reads: number;
  readonly codes: readonly string[];
  /** The exact statuses it answers, and whether it also answers a class or `default`. */
  readonly statuses: Set<string>;
}

export class ErrorShapes {
  readonly shapes: Out = {};
  private readonly byKey = new Map<string, ShapeFacts>();
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
    const schemaAt = [...at, 'content', entry.raw, 'schema'];
    const facts = this.shapeOf(entry.v['schema'], entry.media, schemaAt, responseName(at));
    // Its media type is kept (problem+json, a vendor type): the client's Accept names it.
    const contentType = entry.media === 'application/json' ? undefined : entry.media;
    if (facts === undefined) return { description, body: typeRef(this.ctx, this.types, entry.v['schema'], schemaAt, 0), contentType };
    facts.statuses.add(status);
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

  /**
   * `errors` of a host: its shapes, those with more members to match first (a body with a message
   * and field errors is not read as one with a message alone), then those that read more of what
   * they match among those matching by the same members (GitHub's validation-error, whose field
   * errors name the field, before a schema whose entries do not: the same body matches both), else
   * in the order first met; and the code table
   * of the first shape with listed codes.
   */
  hostErrors(host: string): Out | undefined {
    const facts = this.hostFacts.get(host);
    if (facts === undefined) return undefined;
    const bySpecificity = [...facts].sort((a, b) => b.present - a.present);
    // Shapes matching by the same members stay where the first of them stands, the richer reader first.
    const first = new Map<string, number>();
    bySpecificity.forEach((f, i) => first.set(f.match, first.get(f.match) ?? i));
    const group = (f: ShapeFacts) => first.get(f.match) ?? 0;
    const shapes = bySpecificity.sort((a, b) => group(a) - group(b) || b.reads - a.reads).map((f) => f.name);
    const withCodes = facts.find((f) => f.codes.length > 0);
    return { shapes, codes: withCodes === undefined ? undefined : codeTable(withCodes) };
  }

  private shapeOf(schema: Json | undefined, media: string, at: Path, response: string | undefined): ShapeFacts | undefined {
    const ref = refOf(schema);
    const problemMedia = media.startsWith('application/problem+');
    // The facts of a named schema are the same wherever it is referred to.
    if (ref !== undefined) return this.ctx.memo(`shape\u0000${problemMedia}\u0000${ref}`, () => this.newShape(schema, problemMedia, ref, at, undefined));
    return this.newShape(schema, problemMedia, ref, at, response);
  }

  private newShape(schema: Json | undefined, problemMedia: boolean, ref: string | undefined, at: Path, response: string | undefined): ShapeFacts | undefined {
    const format = errorFormat(this.ctx, schema, at, problemMedia);
    if (format === undefined) return undefined;
    const refName = ref === undefined ? undefined : schemaRefName(ref);
    // The envelope's type: the schema's own (named where the description names it); none for a problem+json body whose schema says nothing.
    const body = format.members === 0 ? undefined : typeRef(this.ctx, this.types, schema, at, 0);
    const key = JSON.stringify([format, body]);
    const known = this.byKey.get(key);
    if (known !== undefined) return known;
    // Named after the schema, else the shared response it is written in, else its format.
    const name = this.names.claim(refName ?? response ?? (format.format === 'problem' ? 'problem' : 'error'), shapeForm);
    const reads = Object.keys(format.read).length + (format.fieldErrors === undefined ? 0 : format.fieldErrors.field === undefined ? 1 : 2);
    const facts: ShapeFacts = { name, present: format.present.length, match: JSON.stringify(format.present), reads, codes: format.codes, statuses: new Set() };
    this.byKey.set(key, facts);
    this.shapes[name] = shapeOfFormat(format, body);
    // Findings about the shape (diff's error-shape-*) point at its schema, not at the description's start.
    this.ctx.origin(['shapes', name], ref === undefined ? at : (resolve(this.ctx, { $ref: ref }, at)?.pointer ?? at));
    return facts;
  }
}

/** The name of a shared response (`#/components/responses/<name>`), from where it is written. */
function responseName(at: Path): string | undefined {
  return at.length === 3 && at[0] === 'components' && at[1] === 'responses' && typeof at[2] === 'string' ? at[2] : undefined;
}

/** A shape's name: the schema's in lower camel case, a leading acronym lowered whole (`HTTPException` → `httpException`). */
function shapeForm(name: string): string {
  return idForm(name).replace(/^[A-Z]+(?=[A-Z][a-z])|^[A-Z]+/, (head) => head.toLowerCase());
}

/**
 * The codes a code field lists, under each exact status the description gives the shape (a
 * code listed for a 422 comes with a 422); under 400, or 500 for a shape of `5XX` alone, when it
 * names only classes or `default`.
 */
function codeTable(facts: ShapeFacts): Out {
  const exact = [...facts.statuses].filter((s) => /^\d+$/.test(s)).map(Number).sort((a, b) => a - b);
  const statuses = exact.length > 0 ? exact : [[...facts.statuses].every((s) => s === '5XX') ? 500 : 400];
  const rows: OutValue[] = statuses.flatMap((status) => facts.codes.map((code) => ({ status, code })));
  const listed = statuses.join(', ');
  return {
    shape: facts.name,
    description: `The codes the description lists for this shape, under each status it answers (${listed}): it does not say which code comes with which.`,
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
