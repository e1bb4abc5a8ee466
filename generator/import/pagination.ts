/**
 * Pagination, where a description shows it plainly: its own `x-contractgen-pagination` (what
 * `contractgen openapi` writes), a `Link` response header (RFC 8288), a cursor parameter beside a
 * next-cursor field (`pageToken` and `nextPageToken`), or page/offset parameters beside a size
 * parameter. Only a GET with one list in its success body (or a list as the body) is paginated.
 * Anything less plain is left for the user to declare.
 */
import { isObject, type ImportContext, type Json, type JsonObject, type Out } from './context.js';
import { propertiesOf, propertySchema, resolve } from './refs.js';

type Path = readonly (string | number)[];

const CURSOR_PARAMS = ['pageToken', 'page_token', 'cursor', 'next_cursor', 'nextToken', 'next_token', 'continuationToken', 'continuation_token', 'starting_after', 'after', 'marker', 'next'];
const NEXT_FIELDS = ['nextPageToken', 'next_page_token', 'next_cursor', 'nextCursor', 'nextToken', 'next_token', 'continuationToken', 'continuation_token', 'nextMarker', 'next_marker', 'cursor', 'next'];
const WRAPPERS = ['', 'meta', 'pagination', 'paging', 'page_info', 'pageInfo', 'response_metadata'];
const PAGE_PARAMS = ['page', 'pageNumber', 'page_number'];
const OFFSET_PARAMS = ['offset', 'skip', 'start'];
const SIZE_PARAMS = ['limit', 'per_page', 'perPage', 'page_size', 'pageSize', 'size', 'count', 'maxResults', 'max_results', 'top', '$top'];

export interface PaginationInput {
  readonly ctx: ImportContext;
  readonly method: string;
  readonly operation: JsonObject;
  /** The endpoint's parameters as the contract writes them, by wire name. */
  readonly params: Out;
  /** The first success response, resolved. */
  readonly success: JsonObject | undefined;
  readonly at: Path;
}

export function inferPagination(input: PaginationInput): Out | undefined {
  const declared = input.operation['x-contractgen-pagination'];
  if (isObject(declared)) return declared as Out;
  // An export says where the contract pages: nothing else does.
  if (input.ctx.exported) return undefined;
  if (input.method !== 'get' || input.success === undefined) return undefined;
  const body = bodySchema(input);
  const items = itemsPath(input.ctx, body, input.at);
  if (items === undefined) return undefined;
  const query = (names: readonly string[]) => names.find((n) => isObject(input.params[n]) && (input.params[n] as Out)['in'] === 'query');
  const withItems = (out: Out): Out => (items === '' ? out : { ...out, items });
  if (hasLinkHeader(input.success)) return withItems({ kind: 'link' });
  const cursor = query(CURSOR_PARAMS);
  const next = cursor === undefined ? undefined : nextField(input.ctx, body, input.at);
  if (cursor !== undefined && next !== undefined) return withItems({ kind: 'cursor', param: cursor, next });
  const limit = query(SIZE_PARAMS);
  const page = query(PAGE_PARAMS);
  if (page !== undefined && limit !== undefined) return withItems({ kind: 'page', param: page, limit });
  const offset = query(OFFSET_PARAMS);
  if (offset !== undefined && limit !== undefined) return withItems({ kind: 'offset', param: offset, limit });
  return undefined;
}

function bodySchema(input: PaginationInput): Json | undefined {
  const content = input.success?.['content'];
  if (!isObject(content)) return undefined;
  // The JSON media type that has a schema: zuora lists a bare `application/json` (an example alone)
  // beside `application/json; charset=utf-8` with the schema, in either order.
  for (const [media, entry] of Object.entries(content)) if (/json/i.test(media) && isObject(entry) && entry['schema'] !== undefined) return entry['schema'];
  return undefined;
}

/** `type: T`, or 3.1's `type: [T, 'null']`. */
function isType(schema: JsonObject | undefined, type: string): boolean {
  const t = schema?.['type'];
  return t === type || (Array.isArray(t) && t.includes(type));
}

function hasLinkHeader(success: JsonObject): boolean {
  const headers = success['headers'];
  return isObject(headers) && Object.keys(headers).some((h) => h.toLowerCase() === 'link');
}

/** '' when the body is the list; the one array property's name; undefined when there is none or several. */
function itemsPath(ctx: ImportContext, schema: Json | undefined, at: Path): string | undefined {
  const resolved = resolve(ctx, schema, at);
  if (resolved === undefined || !isObject(resolved.value)) return undefined;
  if (isType(resolved.value, 'array')) return '';
  const arrays = [...propertiesOf(ctx, schema, at)].filter(([, p]) => isType(propertySchema(ctx, p), 'array')).map(([k]) => k);
  return arrays.length === 1 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(arrays[0] ?? '') ? arrays[0] : undefined;
}

function nextField(ctx: ImportContext, schema: Json | undefined, at: Path): string | undefined {
  const top = propertiesOf(ctx, schema, at);
  for (const wrapper of WRAPPERS) {
    const inner = top.get(wrapper);
    const props = wrapper === '' ? top : inner === undefined ? undefined : propertiesOf(ctx, inner.schema, inner.at);
    const found = props === undefined ? undefined : NEXT_FIELDS.find((f) => isType(propertySchema(ctx, props.get(f)), 'string'));
    if (found !== undefined) return wrapper === '' ? found : `${wrapper}.${found}`;
  }
  return undefined;
}
