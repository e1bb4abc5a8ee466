/**
 * The error formats real APIs answer with, recognised from a body schema by its members (never by
 * the API's name): where its code, message and field errors are, written as a contract shape's
 * `match`, `read` and `fieldErrors`. The formats are tried from the most specific to the least,
 * and the first whose members the schema has wins (docs/import.md lists them).
 */
import type { ImportContext, Json, Out } from './context.js';
import { propertiesOf, propertySchema, type Property } from './refs.js';

type Path = readonly (string | number)[];
type Props = ReadonlyMap<string, Property>;

export type FormatName = 'problem' | 'google' | 'stripe' | 'oauth' | 'github' | 'jsonapi' | 'code' | 'message';

/** Where a recognised format's parts are, as contract body paths. */
export interface ErrorFormat extends Recognised {
  /** How many members the schema declares at its top. */
  readonly members: number;
}

/** A format as the recogniser writes it. */
interface Recognised {
  readonly format: FormatName;
  readonly present: readonly string[];
  readonly read: { readonly code?: string; readonly message?: string; readonly human?: string; readonly kind?: string; readonly status?: string };
  readonly fieldErrors?: { readonly path: string; readonly field?: string; readonly message: string };
  /** The values the code field lists (a string enum). */
  readonly codes: readonly string[];
}

/** What each format is, in the shape's description (docs/import.md's table). */
export const FORMAT_DESCRIPTIONS: Readonly<Record<FormatName, string>> = {
  problem: 'RFC 9457 problem details (type, title, detail).',
  google: 'An error object with a status and a message, field violations in its details (Google AIP-193).',
  stripe: 'An error object with a type, a message and the parameter at fault (Stripe-like).',
  oauth: 'An OAuth 2.0 error (error, error_description).',
  github: 'A message with a list of field errors (GitHub-like).',
  jsonapi: 'A list of error objects with a title, a detail and a source pointer (JSON:API).',
  code: 'An error with a code and a message.',
  message: 'An error with a message.',
};

const CODE_KEYS = ['code', 'error_code', 'errorCode', 'error', 'errorType', 'error_type', 'type', 'reason'];
const MESSAGE_KEYS = ['message', 'error_description', 'errorMessage', 'error_message', 'detail', 'details', 'description', 'title', 'msg'];
const WRAPPERS = ['error', 'errors', 'fault', 'Error'];
/** Lists of field errors, and the members of an entry that name its field and say what is wrong. */
const FIELD_LISTS = ['errors', 'invalid-params', 'invalid_params', 'invalidParams', 'fieldErrors', 'field_errors', 'violations', 'validationErrors'];
const FIELD_KEYS = ['field', 'pointer', 'param', 'parameter', 'name', 'property', 'propertyPath', 'path'];
const ENTRY_MESSAGE_KEYS = ['message', 'detail', 'reason', 'description', 'msg', 'title'];

/** The error format of a body schema, or undefined when it is none of them. */
export function errorFormat(ctx: ImportContext, schema: Json | undefined, at: Path, problemMedia: boolean): ErrorFormat | undefined {
  const top = propertiesOf(ctx, schema, at);
  const found = problemMedia || isProblem(ctx, top) ? problem(ctx, top) : (wrapped(ctx, top) ?? oauth(ctx, top) ?? listed(ctx, top) ?? jsonApi(ctx, top) ?? coded(ctx, top) ?? plain(ctx, top));
  return found === undefined ? undefined : { ...found, members: top.size };
}

function isProblem(ctx: ImportContext, top: Props): boolean {
  return isScalar(ctx, top, 'type') && isScalar(ctx, top, 'title') && (top.has('detail') || top.has('status') || top.has('instance'));
}

function problem(ctx: ImportContext, top: Props): Recognised {
  const present = ['title', 'detail', 'type'].find((k) => top.has(k)) ?? 'title';
  const fields = fieldList(ctx, top, '');
  // A problem type with a list of its own (`invalid-params`) is told apart from the others by it.
  return { format: 'problem', present: fields.fieldErrors === undefined ? [present] : [present, fields.fieldErrors.path], read: { code: 'type', message: 'title', human: 'detail', status: 'status' }, ...fields, codes: [] };
}

/** `{ error: { … } }`: Google's (a status), Stripe's (a type), or another object holding a code. */
function wrapped(ctx: ImportContext, top: Props): Recognised | undefined {
  const inner = objectProps(ctx, top.get('error'));
  if (inner === undefined || !isScalar(ctx, inner, 'message')) return undefined;
  if (isScalar(ctx, inner, 'status') || inner.has('details')) {
    const fieldErrors = { path: 'error.details.0.fieldViolations', field: 'field', message: 'description' };
    return { format: 'google', present: ['error.message', isScalar(ctx, inner, 'status') ? 'error.status' : 'error.details'], read: { code: 'error.status', message: 'error.message', status: 'error.code' }, fieldErrors, codes: enumOf(ctx, inner.get('status')) };
  }
  if (!isScalar(ctx, inner, 'type')) return undefined;
  const code = isScalar(ctx, inner, 'code') ? 'code' : 'type';
  const fieldErrors = inner.has('param') ? { fieldErrors: { path: 'error', field: 'param', message: 'message' } } : {};
  const read = { code: `error.${code}`, message: 'error.message', ...(code === 'code' ? { kind: 'error.type' } : {}) };
  return { format: 'stripe', present: ['error.type', 'error.message'], read, ...fieldErrors, codes: enumOf(ctx, inner.get(code)) };
}

function oauth(ctx: ImportContext, top: Props): Recognised | undefined {
  if (!isScalar(ctx, top, 'error') || !(top.has('error_description') || top.has('error_uri'))) return undefined;
  return { format: 'oauth', present: top.has('error_description') ? ['error', 'error_description'] : ['error'], read: { code: 'error', message: 'error_description' }, codes: enumOf(ctx, top.get('error')) };
}

/** A message beside a list of field errors (GitHub's validation errors). */
function listed(ctx: ImportContext, top: Props): Recognised | undefined {
  const message = MESSAGE_KEYS.find((k) => isScalar(ctx, top, k));
  const fields = fieldList(ctx, top, '');
  if (message === undefined || fields.fieldErrors === undefined) return undefined;
  const code = CODE_KEYS.find((k) => k !== message && isScalar(ctx, top, k));
  const entry = objectProps(ctx, top.get(fields.fieldErrors.path), true);
  const entryCode = code === undefined && entry !== undefined && isScalar(ctx, entry, 'code') ? `${fields.fieldErrors.path}.0.code` : undefined;
  const codeAt = code ?? entryCode;
  const codes = enumOf(ctx, code === undefined ? entry?.get('code') : top.get(code));
  return { format: 'github', present: [message, fields.fieldErrors.path], read: { ...(codeAt === undefined ? {} : { code: codeAt }), message }, ...fields, codes: codeAt === undefined ? [] : codes };
}

/** `{ errors: [{ title, detail, source: { pointer } }] }`. */
function jsonApi(ctx: ImportContext, top: Props): Recognised | undefined {
  const entry = objectProps(ctx, top.get('errors'), true);
  if (entry === undefined || !(entry.has('detail') || entry.has('title')) || !(entry.has('source') || entry.has('status') || entry.has('title'))) return undefined;
  const source = objectProps(ctx, entry.get('source'));
  const field = source?.has('pointer') === true ? 'source.pointer' : source?.has('parameter') === true ? 'source.parameter' : undefined;
  const fieldErrors = { path: 'errors', ...(field === undefined ? {} : { field }), message: entry.has('detail') ? 'detail' : 'title' };
  return { format: 'jsonapi', present: ['errors.0'], read: { code: 'errors.0.code', message: 'errors.0.title', human: 'errors.0.detail' }, fieldErrors, codes: enumOf(ctx, entry.get('code')) };
}

/** A code field at the top or inside a wrapper (`error.code`, `errors.0.code`), its message beside it. */
function coded(ctx: ImportContext, top: Props): Recognised | undefined {
  const found = pick(ctx, top, '');
  if (found !== undefined) return { ...found, ...fieldList(ctx, top, '') };
  for (const wrapper of WRAPPERS) {
    const inner = top.get(wrapper);
    if (inner === undefined) continue;
    const list = isList(ctx, inner);
    const nested = objectProps(ctx, inner, list);
    const picked = nested === undefined ? undefined : pick(ctx, nested, list ? `${wrapper}.0.` : `${wrapper}.`);
    if (picked !== undefined) return picked;
  }
  return undefined;
}

function pick(ctx: ImportContext, props: Props, prefix: string): Recognised | undefined {
  const codeKey = CODE_KEYS.find((k) => isScalar(ctx, props, k));
  if (codeKey === undefined) return undefined;
  // A lone `error` string is as much the message as the code (`{ "error": "Not found" }`).
  const messageKey = MESSAGE_KEYS.find((k) => k !== codeKey && isScalar(ctx, props, k)) ?? (codeKey === 'error' ? 'error' : undefined);
  const code = `${prefix}${codeKey}`;
  return { format: 'code', present: [code], read: { code, ...(messageKey === undefined ? {} : { message: `${prefix}${messageKey}` }) }, codes: enumOf(ctx, props.get(codeKey)) };
}

/** A plain `{ message }` or `{ detail }`. */
function plain(ctx: ImportContext, top: Props): Recognised | undefined {
  const message = MESSAGE_KEYS.find((k) => isScalar(ctx, top, k));
  return message === undefined ? undefined : { format: 'message', present: [message], read: { message }, codes: [] };
}

/** A list of field errors beside the message: its entries name a field, or say what is wrong. */
function fieldList(ctx: ImportContext, props: Props, prefix: string): { fieldErrors?: NonNullable<Recognised['fieldErrors']> } {
  for (const key of FIELD_LISTS) {
    const entry = objectProps(ctx, props.get(key), true);
    if (entry === undefined) continue;
    const field = FIELD_KEYS.find((k) => isScalar(ctx, entry, k));
    const message = ENTRY_MESSAGE_KEYS.find((k) => isScalar(ctx, entry, k));
    if (field === undefined && message === undefined) continue;
    return { fieldErrors: { path: `${prefix}${key}`, ...(field === undefined ? {} : { field }), message: message ?? 'message' } };
  }
  return {};
}

/** The properties of an object property (of its items, for a list), or undefined when it has none. */
function objectProps(ctx: ImportContext, property: Property | undefined, items = false): Props | undefined {
  if (property === undefined) return undefined;
  const schema = propertySchema(ctx, property);
  if (items && (schema === undefined || !('items' in schema))) return undefined;
  const props = items ? propertiesOf(ctx, schema?.['items'], [...property.at, 'items']) : propertiesOf(ctx, property.schema, property.at);
  return props.size === 0 ? undefined : props;
}

function isList(ctx: ImportContext, property: Property): boolean {
  const schema = propertySchema(ctx, property);
  return schema !== undefined && (schema['type'] === 'array' || 'items' in schema);
}

function isScalar(ctx: ImportContext, props: Props, key: string): boolean {
  const schema = propertySchema(ctx, props.get(key));
  if (schema === undefined) return false;
  const type = schema['type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => t === 'string' || t === 'integer') || (type === undefined && Array.isArray(schema['enum']));
}

function enumOf(ctx: ImportContext, property: Property | undefined): string[] {
  const values = propertySchema(ctx, property)?.['enum'];
  return Array.isArray(values) ? [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))] : [];
}

/** The contract shape of a recognised format. */
export function shapeOfFormat(format: ErrorFormat, body: Out['body']): Out {
  const { code, message, human, kind, status } = format.read;
  const f = format.fieldErrors;
  return {
    description: FORMAT_DESCRIPTIONS[format.format],
    body,
    match: { present: [...format.present] },
    read: { code, message, human, kind, status },
    fieldErrors: f === undefined ? undefined : { path: f.path, field: f.field, message: f.message },
  };
}
