// Reading an OpenAPI 3.x description as the suite needs it: local $refs resolved, operations
// listed, and the features a description exercises (parameter styles, bodies, media types, auth
// schemes, pagination hints) named, for the sample's choice and the coverage table.
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** Follows local `$ref`s (`#/…`), at most a few hops; anything else stays as written. */
export function deref(doc, node, hops = 0) {
  if (node === null || typeof node !== 'object' || typeof node.$ref !== 'string' || hops > 20) return node;
  if (!node.$ref.startsWith('#/')) return {};
  let at = doc;
  for (const raw of node.$ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    at = at !== null && typeof at === 'object' && Object.hasOwn(at, key) ? at[key] : undefined;
    if (at === undefined) return {};
  }
  return deref(doc, at, hops + 1);
}

export const isV3 = (doc) => typeof doc?.openapi === 'string' && doc.openapi.startsWith('3.');

/** Every operation: method, route, the operation, and its parameters (path item's, then its own, by place and name). */
export function operations(doc) {
  const out = [];
  for (const [route, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    if (item === null || typeof item !== 'object') continue;
    for (const method of METHODS) {
      const op = item[method];
      if (op === null || typeof op !== 'object') continue;
      const params = new Map();
      for (const list of [item.parameters, op.parameters]) {
        for (const raw of Array.isArray(list) ? list : []) {
          const p = deref(doc, raw);
          if (p && typeof p.name === 'string' && typeof p.in === 'string') params.set(`${p.in}:${p.name}`, p);
        }
      }
      out.push({ method, route, op, params: [...params.values()] });
    }
  }
  return out;
}

export function defaultStyle(place) {
  return place === 'query' || place === 'cookie' ? 'form' : 'simple';
}

/** `in:style:explode` of a parameter, with OpenAPI's defaults filled in. */
export function styleKey(p) {
  const style = p.style ?? defaultStyle(p.in);
  const explode = p.explode ?? style === 'form';
  return `${p.in} ${style} explode=${explode}`;
}

/** The kind of a request body's media type, as the coverage table counts it. */
export function bodyKind(media) {
  const m = media.toLowerCase().split(';')[0].trim();
  if (m === 'application/json') return 'json';
  if (m === 'application/x-www-form-urlencoded') return 'form-urlencoded';
  if (m.startsWith('multipart/')) return 'multipart';
  if (/\+json$/.test(m) || /^application\/vnd\..*json/.test(m)) return 'vendor json';
  if (m === 'application/octet-stream' || m.startsWith('image/') || m.startsWith('audio/') || m.startsWith('video/')) return 'binary';
  if (m.startsWith('text/')) return 'text';
  if (/xml/.test(m)) return 'xml';
  return 'other';
}

export const isVendor = (media) => /^[a-z]+\/(vnd\.|prs\.|x\.)|\+json\b/i.test(media.split(';')[0]);

const CURSOR = ['pageToken', 'page_token', 'cursor', 'next_cursor', 'nextToken', 'next_token', 'continuationToken', 'continuation_token', 'starting_after', 'after', 'marker', 'next'];
const PAGE = ['page', 'pageNumber', 'page_number'];
const OFFSET = ['offset', 'skip', 'start'];
const SIZE = ['limit', 'per_page', 'perPage', 'page_size', 'pageSize', 'size', 'count', 'maxResults', 'max_results', 'top', '$top'];

/** Which auth schemes an operation uses, as `type` words (`apiKey header`, `http basic`, `oauth2`, …). */
function schemeWords(doc, op) {
  const schemes = doc.components?.securitySchemes ?? {};
  const reqs = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  const words = new Set();
  for (const req of reqs) {
    for (const name of Object.keys(req ?? {})) {
      const s = deref(doc, schemes[name]);
      if (!s || typeof s !== 'object') continue;
      if (s.type === 'apiKey') words.add(`apiKey ${s.in}`);
      else if (s.type === 'http') words.add(`http ${String(s.scheme).toLowerCase()}`);
      else if (typeof s.type === 'string') words.add(s.type);
    }
  }
  return words;
}

/** The features one operation exercises (what the sample must cover). */
export function operationFeatures(doc, { method, op, params }) {
  const f = new Set();
  for (const p of params) {
    f.add(`param ${styleKey(p)}`);
    if (p.in === 'cookie') f.add('cookie parameter');
  }
  const body = deref(doc, op.requestBody);
  for (const media of Object.keys(body?.content ?? {})) {
    f.add(`body ${bodyKind(media)}`);
    if (isVendor(media)) f.add('vendor media type (request)');
  }
  for (const raw of Object.values(op.responses ?? {})) for (const media of Object.keys(deref(doc, raw)?.content ?? {})) if (isVendor(media)) f.add('vendor media type (response)');
  for (const w of schemeWords(doc, op)) f.add(`auth ${w}`);
  if (method === 'get') {
    const q = new Set(params.filter((p) => p.in === 'query').map((p) => p.name));
    const has = (list) => list.some((n) => q.has(n));
    if (has(CURSOR)) f.add('paging hint cursor');
    if (has(PAGE) && has(SIZE)) f.add('paging hint page');
    if (has(OFFSET) && has(SIZE)) f.add('paging hint offset');
    const ok = deref(doc, op.responses?.['200']);
    if (ok?.headers && Object.keys(ok.headers).some((h) => h.toLowerCase() === 'link')) f.add('paging hint link');
  }
  return f;
}

/** The features of a whole description, with how many operations show each. */
export function descriptionFeatures(doc) {
  const counts = new Map();
  for (const o of operations(doc)) for (const f of operationFeatures(doc, o)) counts.set(f, (counts.get(f) ?? 0) + 1);
  return counts;
}
