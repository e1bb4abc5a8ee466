// What one raw request and its answer show: the differences from the reference serialisation,
// Prism's rejection and whose fault it is (a rule per case, its reason written down), and whether
// the client decoded the answer as the description documents it.
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { serialise, pctEncode } from './reference.mjs';

const requireRoot = createRequire(new URL('../../package.json', import.meta.url));
const Ajv = requireRoot('ajv');

// ---------------------------------------------------------------------------------------------
// The request against the reference serialisation
// ---------------------------------------------------------------------------------------------

function splitUrl(url) {
  const q = url.indexOf('?');
  return q < 0
    ? { path: url, query: [] }
    : {
        path: url.slice(0, q),
        query: url
          .slice(q + 1)
          .split('&')
          .filter(Boolean),
      };
}

const decode = (s) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, '%20'));
  } catch {
    return s;
  }
};

/** `structure` when the two differ once percent-decoded too, `encoding` when only the escapes differ. */
function differenceKind(want, got) {
  return decode(want) === decode(got) ? 'encoding' : 'structure';
}

/**
 * Each sent parameter's wire form against the reference: path (the route with every placeholder
 * written by the reference), query and cookie pieces, header values.
 */
export function compareParams(raw, route, sent) {
  const differences = [];
  const { path, query } = splitUrl(raw.url);
  let expectedPath = route;
  let pathComparable = true;
  for (const p of sent) {
    const ref = serialise(p);
    if (ref === undefined) {
      if (p.in === 'path') pathComparable = false;
      continue;
    }
    if (p.in === 'path') {
      expectedPath = expectedPath.split(`{${p.name}}`).join(ref);
      // A placeholder that is a whole segment is compared on its own, so a difference names its parameter.
      const at = route.split('/').indexOf(`{${p.name}}`);
      const got = at >= 0 && route.split('/').length === path.split('/').length ? path.split('/')[at] : undefined;
      if (got !== undefined && got !== ref) differences.push({ param: p, want: ref, got, kind: differenceKind(ref, got) });
    } else if (p.in === 'query') {
      const at = query.findIndex((_, i) => ref.every((piece, j) => query[i + j] === piece));
      if (at < 0)
        differences.push({
          param: p,
          want: ref.join('&'),
          got: query.join('&'),
          kind: differenceKind(ref.join('&'), pickQuery(query, p)),
        });
    } else if (p.in === 'header') {
      const got = raw.headers[p.name.toLowerCase()];
      if (got !== ref)
        differences.push({
          param: p,
          want: ref,
          got: String(got),
          kind: 'structure',
        });
    } else if (p.in === 'cookie') {
      const pieces = String(raw.headers.cookie ?? '').split(/;\s*/);
      for (const piece of ref)
        if (!pieces.includes(piece))
          differences.push({
            param: p,
            want: piece,
            got: String(raw.headers.cookie),
            kind: differenceKind(piece, pieces.find((x) => x.startsWith(`${pctEncode(p.name)}=`)) ?? ''),
          });
    }
  }
  if (pathComparable && path !== expectedPath && !differences.some((d) => d.param.in === 'path'))
    differences.push({
      param: { in: 'path', name: '(path)', style: '', explode: '' },
      want: expectedPath,
      got: path,
      kind: differenceKind(expectedPath, path),
    });
  return differences;
}

/** The query pieces that seem to belong to `p` (for the decoded comparison of a difference). */
function pickQuery(query, p) {
  const names = new Set([pctEncode(p.name), p.name]);
  if (p.value && typeof p.value === 'object' && !Array.isArray(p.value)) for (const k of Object.keys(p.value)) names.add(pctEncode(k));
  return query.filter((piece) => [...names].some((n) => piece.startsWith(`${n}=`) || piece.startsWith(`${n}%5B`) || piece.startsWith(`${n}[`))).join('&');
}

// ---------------------------------------------------------------------------------------------
// Prism's answer
// ---------------------------------------------------------------------------------------------

function json(buffer) {
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Prism's violations of the request, or its own error (a problem+json of stoplight.io/prism/errors). */
export function prismRejection(raw) {
  const res = raw.response;
  if (res === undefined) return undefined;
  let violations = [];
  try {
    violations = JSON.parse(res.headers['sl-violations'] ?? '[]');
  } catch {}
  const body = json(res.body);
  // Prism's problem body names the place without `request` (['path', 'id']); its header names it with.
  if (Array.isArray(body?.validation)) violations.push(...body.validation.map((v) => (Array.isArray(v.location) && !['request', 'response'].includes(v.location[0]) ? { ...v, location: ['request', ...v.location] } : v)));
  const onRequest = violations.filter((v) => v.severity === 'Error' && Array.isArray(v.location) && v.location[0] === 'request');
  const type = typeof body?.type === 'string' && body.type.startsWith('https://stoplight.io/prism/errors#') ? body.type.split('#')[1] : undefined;
  if (onRequest.length > 0)
    return {
      status: res.status,
      type: type ?? 'VIOLATIONS',
      violations: dedupe(onRequest),
    };
  if (type !== undefined && type !== 'VIOLATIONS')
    return {
      status: res.status,
      type,
      violations: [],
      detail: String(body.detail ?? body.title ?? ''),
      answer: res.body.toString('utf8').slice(0, 300),
    };
  return undefined;
}

/** Prism's own answer broke the description (a response violation under --errors): no documented example to decode. */
export function prismResponseFault(raw) {
  const body = json(raw.response?.body ?? Buffer.alloc(0));
  if (raw.response?.status !== 500 || !String(body?.type ?? '').endsWith('#VIOLATIONS')) return undefined;
  return (body.validation ?? []).filter((v) => v.location?.[0] === 'response').map((v) => `${v.location.join('.')}: ${v.message}`);
}

function dedupe(list) {
  const seen = new Set();
  return list.filter((v) => {
    const k = JSON.stringify([v.location, v.code, v.message]);
    return seen.has(k) ? false : (seen.add(k), true);
  });
}

// ---------------------------------------------------------------------------------------------
// Whose fault: the rules, in order
// ---------------------------------------------------------------------------------------------

/** The formats Prism checks that the corpus uses most; any other format is not checked. */
const FORMATS = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/,
  ipv4: /^(\d{1,3}\.){3}\d{1,3}$/,
};

/** An ajv over the description's components, OpenAPI 3.0's keywords read as JSON Schema. */
export function schemaChecker(doc) {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    formats: FORMATS,
    logger: false,
  });
  const convert = (node) => {
    if (Array.isArray(node)) return node.map(convert);
    if (node === null || typeof node !== 'object') return node;
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.$ref = v.startsWith('#/') ? `doc${v}` : v;
      else if (['example', 'examples', 'discriminator', 'xml', 'externalDocs'].includes(k)) continue;
      else out[k] = convert(v);
    }
    if (node.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
    if (node.exclusiveMinimum === true) ((out.exclusiveMinimum = node.minimum), delete out.minimum);
    if (node.exclusiveMaximum === true) ((out.exclusiveMaximum = node.maximum), delete out.maximum);
    if (node.exclusiveMinimum === false) delete out.exclusiveMinimum;
    if (node.exclusiveMaximum === false) delete out.exclusiveMaximum;
    return out;
  };
  let loaded = false;
  return (schema, value) => {
    try {
      if (!loaded) {
        ajv.addSchema({ $id: 'doc', components: convert(doc.components ?? {}), paths: {} }, 'doc');
        loaded = true;
      }
      const validate = ajv.compile(convert(schema ?? {}));
      return validate(value) ? undefined : ajv.errorsText(validate.errors, { dataVar: 'value' });
    } catch (e) {
      return undefined;
    }
  };
}

const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

const BY_SOURCE = {
  example: 'description',
  default: 'description',
  enum: 'description',
  made: 'suite input',
};

/**
 * The verdict on one rejection: `client`, `description`, `prism`, `suite input` or `unjudged`, with
 * the rule's reason. `call` holds what the suite sent (parameters with their schemas and sources,
 * the body, the auth it configured) and `differences` the reference comparison.
 */
export function judge(rejection, raw, call, differences, check) {
  if (rejection.violations.length === 0) return judgeError(rejection, raw, call, differences);
  const verdicts = rejection.violations.map((v) => judgeViolation(v, raw, call, differences, check));
  const order = ['client', 'unjudged', 'suite input', 'description', 'prism'];
  return verdicts.sort((a, b) => order.indexOf(a.fault) - order.indexOf(b.fault))[0];
}

function judgeViolation(v, raw, call, differences, check) {
  const [, where, ...rest] = v.location;
  const what = `${v.location.slice(1).join('.')}: ${v.message}`;
  if (where === 'body') {
    const invalid = call.body === undefined ? undefined : check(call.body.schema, call.body.value);
    if (invalid !== undefined)
      return {
        fault: BY_SOURCE[call.body.source],
        rule: 'the body sent is not valid against its own schema',
        what,
        why: invalid,
      };
    const differs = call.body?.differences?.(raw) ?? [];
    if (differs.length > 0) return { fault: 'client', rule: 'a valid form body, written otherwise than the reference serialisation of its encoding', what, want: differs[0].want, got: differs[0].got };
    if (call.body !== undefined && !call.body.onWire(raw))
      return {
        fault: 'client',
        rule: 'a valid body did not reach the wire as given',
        what,
      };
    return {
      fault: 'prism',
      rule: 'a body valid against its schema, sent as given, was rejected',
      what,
    };
  }
  if (['query', 'path', 'header', 'cookie'].includes(where)) {
    const named = rest[0] ?? /property '([^']+)'/.exec(v.message)?.[1];
    const p = call.params.find((x) => x.in === where && x.name.toLowerCase() === String(named).toLowerCase());
    // OpenAPI: header parameters named Accept, Content-Type or Authorization SHALL be ignored (the client sends none for them).
    if (p === undefined && where === 'header' && IGNORED_HEADERS.has(String(named).toLowerCase()))
      return { fault: 'description', rule: 'a header parameter OpenAPI says to ignore (Accept, Content-Type, Authorization) is declared required, and Prism requires it', what };
    if (p === undefined) {
      const scheme = call.auth.find((a) => a.in === where && a.name.toLowerCase() === String(named).toLowerCase());
      if (scheme)
        return scheme.onWire(raw)
          ? {
              fault: 'prism',
              rule: 'the credential is on the wire where the scheme says',
              what,
            }
          : {
              fault: 'client',
              rule: 'the credential is not where the scheme says',
              what,
            };
      if (v.code === 'required')
        return {
          fault: 'client',
          rule: 'a parameter the description requires was not sent (the client has no input for it)',
          what,
        };
      return {
        fault: 'unjudged',
        rule: 'a violation naming no parameter the suite sent',
        what,
      };
    }
    const invalid = check(p.schema, p.value);
    if (invalid !== undefined)
      return {
        fault: BY_SOURCE[p.source],
        rule: `the ${p.source === 'made' ? 'value the suite made' : `description's own ${p.source}`} is not valid against the parameter's schema`,
        what,
        why: invalid,
      };
    const diff = differences.find((d) => d.param === p || (d.param.name === '(path)' && where === 'path'));
    if (diff !== undefined && diff.kind === 'structure')
      return {
        fault: 'client',
        rule: 'a valid value, written otherwise than the reference serialisation',
        what,
        want: diff.want,
        got: diff.got,
      };
    if (p.writable === false)
      return {
        fault: 'unjudged',
        rule: 'a value nested deeper than the style table shows',
        what,
      };
    return {
      fault: 'prism',
      rule: 'a valid value, written as the reference serialisation writes it, was rejected',
      what,
    };
  }
  if (where === undefined && /security|auth/i.test(v.message)) return judgeAuth(raw, call, what);
  if (where === undefined && /content type/i.test(v.message)) return judgeContentType(raw, call, what);
  return { fault: 'unjudged', rule: 'no rule for this violation', what };
}

function judgeContentType(raw, call, what) {
  const sent = String(raw.headers['content-type'] ?? '')
    .split(';')[0]
    .trim();
  if (call.requestMedia.includes(sent)) return { fault: 'prism', rule: 'the Content-Type sent is one the description lists', what, got: sent };
  return { fault: 'client', rule: 'the Content-Type sent is not one the description lists', what, got: sent, want: call.requestMedia.join(', ') };
}

function judgeAuth(raw, call, what) {
  if (call.auth.length === 0)
    return {
      fault: 'description',
      rule: 'Prism asks for credentials the operation does not list',
      what,
    };
  return call.auth.some((a) => a.onWire(raw))
    ? {
        fault: 'prism',
        rule: 'a credential the operation lists is on the wire where its scheme says',
        what,
      }
    : {
        fault: 'client',
        rule: 'no credential the operation lists reached the wire',
        what,
      };
}

function routeWithQuery(what) {
  return {
    fault: 'description',
    rule: "the route holds a fragment or query ('#', '?'), which no request path can carry (the client then sends the path before it, and its query lands in the fragment, never sent)",
    what,
  };
}

function judgeError(rejection, raw, call, differences) {
  const what = `${rejection.status} ${rejection.type}: ${rejection.detail ?? ''}`.trim();
  if (rejection.status >= 500) return { fault: 'prism', rule: 'Prism failed to make its own answer (a 5xx problem of its own, no violation of the request named)', what };
  switch (rejection.type) {
    case 'UNAUTHORIZED':
      return judgeAuth(raw, call, what);
    case 'NOT_ACCEPTABLE': {
      // Prism answers 406 only for a response with content: a route holding '?' whose own success has none was matched to another route.
      if (/[#?]/.test(call.route) && call.successMedia.length === 0) return routeWithQuery(what);
      const accept = String(raw.headers.accept ?? '');
      const fits = call.successMedia.some((m) => accepts(accept, m));
      return fits
        ? {
            fault: 'prism',
            rule: 'the Accept sent admits a documented response media type',
            what,
            got: accept,
          }
        : {
            fault: 'client',
            rule: 'the Accept sent admits none of the documented response media types',
            what,
            got: accept,
            want: call.successMedia.join(', '),
          };
    }
    case 'INVALID_CONTENT_TYPE':
      return judgeContentType(raw, call, what);
    case 'NO_PATH_MATCHED_ERROR':
      if (/[#?]/.test(call.route)) return routeWithQuery(what);
    // falls through
    case 'NO_METHOD_MATCHED_ERROR':
    case 'NO_SERVER_MATCHED_ERROR':
      return differences.some((d) => d.param.name === '(path)' && d.kind === 'structure')
        ? {
            fault: 'client',
            rule: 'the path is not the reference serialisation of the route',
            what,
          }
        : {
            fault: 'prism',
            rule: 'the path is the reference serialisation of a documented route',
            what,
          };
    default:
      return { fault: 'unjudged', rule: 'no rule for this Prism error', what };
  }
}

export function accepts(accept, media) {
  const m = media.split(';')[0].trim().toLowerCase();
  return accept.split(',').some((part) => {
    const range = part.split(';')[0].trim().toLowerCase();
    if (/;\s*q=0(\.0*)?\s*(;|$)/.test(part)) return false;
    return range === '*/*' || range === m || (range.endsWith('/*') && m.startsWith(range.slice(0, -1)));
  });
}

// ---------------------------------------------------------------------------------------------
// Decoding Prism's documented answers
// ---------------------------------------------------------------------------------------------

/** Equal as JSON data: a bigint the client kept for a large integer equals the number it stands for. */
function sameData(a, b) {
  if (typeof a === 'bigint' || typeof b === 'bigint') return String(a) === String(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameData(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameData(a[k], b[k]));
  }
  return isDeepStrictEqual(a, b);
}

/**
 * A decode failure, or undefined: a thrown error, an `invalid_response`, a documented 2xx read as
 * an error (or its JSON body not kept as data), a documented error status read as a success or
 * with another status.
 */
export function decodeFailure(outcome, raw, expectedStatus, documented = () => true) {
  if (outcome.thrown !== undefined) return `threw: ${outcome.thrown}`;
  const r = outcome.result;
  const status = raw.response.status;
  if (r?.ok === false && r.error?.category === 'invalid_response') return `invalid_response: ${r.error.message}`;
  if (status >= 200 && status < 300) {
    // A 2xx only `default` covers (Prism answers `default` with 200) is what that response says it is: often an error.
    if (!documented(status)) return undefined;
    if (r?.ok !== true) return `a documented ${status} read as an error (${r?.error?.category}/${r?.error?.code}: ${r?.error?.message})`;
    const type = String(raw.response.headers['content-type'] ?? '');
    // A body the contract reads as bytes (a binary schema, under JSON's media type too) is its bytes, not their JSON.
    if (r.data instanceof Uint8Array) return Buffer.from(r.data).equals(raw.response.body) ? undefined : `data is not the ${status} body's bytes`;
    if (/json/i.test(type) && raw.response.body.length > 0) {
      const body = json(raw.response.body);
      if (body !== undefined && !sameData(r.data, body)) return `data is not the ${status} body (${JSON.stringify(r.data)?.slice(0, 80)} for ${raw.response.body.toString('utf8').slice(0, 80)})`;
    }
    return undefined;
  }
  if (status >= 400) {
    if (r?.ok === true) return `a documented ${status} read as a success`;
    if (r?.error?.status !== status) return `error.status ${r?.error?.status} for a ${status}`;
    if (expectedStatus !== undefined && status !== expectedStatus) return undefined;
  }
  return undefined;
}
