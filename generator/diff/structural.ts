/**
 * Step one of a review: every structural difference between two models, with locations in both
 * files. No judgement here; the rules classify.
 */
import { DEFAULT_IDLE_MS } from '../../templates/stream.js';
import { formatStatus, isDataStatus, sendsForm } from '../model/values.js';
import { knowledge, successHeaders, type Knowledge } from '../model/knowledge.js';
import type { AuthScheme, Contract, Endpoint, ErrorShape, ResponseStatus, ResponseSpec, ResponseStream, Host, NamedType, Pagination, Param, SourceLocation, TypeRef, WebhookEvent, Webhooks } from '../model/types.js';
import { pair, pairOnce, same, type Action, type Area, type Change, type Direction } from './change.js';
import { compareNamed, compareTypes, comparison, deprecation, settle, typesText, useSite, type Comparison } from './type-changes.js';
import { phrase, placeWord, plainText, type Phrase } from './phrase.js';
import { directionsOf } from './usage.js';
import { describeType } from '../model/type-text.js';

interface Ctx {
  readonly out: Change[];
  readonly old: Knowledge;
  readonly new: Knowledge;
  /** The one comparison of types every use and named type goes through (its pairs and deprecations said once). */
  readonly types: Comparison;
}

type Extra = Partial<Pick<Change, 'aspect' | 'qualifier' | 'before' | 'after' | 'oldLoc' | 'newLoc'>>;

function add(ctx: Ctx, area: Area, action: Action, direction: Direction, subject: Phrase, extra: Extra = {}): void {
  ctx.out.push({ area, action, direction, subject, ...extra });
}

const locs = (o: { loc: SourceLocation } | undefined, n: { loc: SourceLocation } | undefined): Extra => ({
  ...(o === undefined ? {} : { oldLoc: o.loc }),
  ...(n === undefined ? {} : { newLoc: n.loc }),
});

export function structuralDiff(before: Contract, after: Contract): Change[] {
  const sides = { old: knowledge(before), new: knowledge(after) };
  const out: Change[] = [];
  const ctx: Ctx = { out, ...sides, types: comparison(sides, out) };
  diffInfo(ctx, before, after);
  diffServers(ctx, before, after);
  diffEndpoints(ctx, before, after);
  diffTypes(ctx, before, after);
  diffHosts(ctx, before, after);
  diffShapes(ctx, before, after);
  diffCategories(ctx, before, after);
  diffPolicies(ctx, before, after);
  diffAuth(ctx, before, after);
  diffWebhooks(ctx, before, after);
  return ctx.out;
}

/**
 * Webhooks as a receiver sees them: events that come or go, where a delivery names its event, how
 * each is signed, its headers, and its payload, compared as a response body is (a field removed or
 * made optional breaks the code that reads it; an enum value added, its exhaustive switches).
 */
function diffWebhooks(ctx: Ctx, b: Contract, a: Contract): void {
  const [wb, wa] = [b.webhooks, a.webhooks];
  const events = pair(wb?.events ?? [], wa?.events ?? [], (e) => e.name);
  for (const e of events.removed) add(ctx, 'webhook', 'removed', 'response', phrase`webhook event ${e.name}`, locs(e, undefined));
  for (const e of events.added) add(ctx, 'webhook', 'added', 'response', phrase`webhook event ${e.name}`, locs(undefined, e));
  if (wb !== undefined && wa !== undefined && events.both.length > 0 && locator(wb) !== locator(wa)) {
    add(ctx, 'webhook', 'changed', 'response', phrase`webhook events`, { aspect: 'event', before: locator(wb), after: locator(wa), ...locs(wb, wa) });
  }
  for (const [eb, ea] of events.both) {
    const subject = phrase`webhook event ${ea.name}`;
    const l = locs(eb, ea);
    const [sb, sa] = [signatureText(wb, eb), signatureText(wa, ea)];
    if (sb !== sa) add(ctx, 'webhook', 'changed', 'response', subject, { aspect: 'signature', before: sb, after: sa, ...l });
    deprecation(ctx.types, subject, eb.deprecated, ea.deprecated, l);
    diffWebhookHeaders(ctx, eb, ea, subject);
    compareTypes(ctx.types, useSite(phrase`${subject} payload`, 'response', l), eb.payload, ea.payload);
  }
}

function locator(w: Webhooks): string {
  return w.event === undefined ? 'named by the receiver' : w.event.kind === 'header' ? `header ${w.event.name.toLowerCase()}` : `payload field ${w.event.path.join('.')}`;
}

/** How an event is signed, as a receiver checks it: the scheme's data but its name and tolerance. */
function signatureText(w: Webhooks | undefined, e: WebhookEvent): string {
  const scheme = w?.schemes.find((s) => s.name === e.signature);
  if (scheme === undefined) return 'unsigned';
  const s = scheme.spec;
  const parts = [s.prefix === '' ? s.header : `${s.header}: ${s.prefix}…`, s.hash, s.encoding, `signs ${s.signed}`, ...(s.id === undefined ? [] : [`id ${s.id}`]), ...(s.timestamp === undefined ? [] : [`time ${s.timestamp}`]), `secret ${s.secret}`];
  return `${scheme.kind} (${parts.join(', ')})`;
}

function diffWebhookHeaders(ctx: Ctx, eb: WebhookEvent, ea: WebhookEvent, subject: Phrase): void {
  const headers = pair(eb.headers, ea.headers, (h) => h.name.toLowerCase());
  const l = locs(eb, ea);
  for (const h of headers.removed) add(ctx, 'webhook', 'removed', 'response', phrase`${subject} header ${h.name}`, { aspect: 'header', ...l });
  for (const h of headers.added) add(ctx, 'webhook', 'added', 'response', phrase`${subject} header ${h.name}`, { aspect: 'header', ...l });
  for (const [hb, ha] of headers.both) {
    if (hb.required !== ha.required) add(ctx, 'webhook', 'changed', 'response', phrase`${subject} header ${ha.name}`, { aspect: 'header', qualifier: ha.required ? 'required' : 'optional', ...l });
  }
}

function diffInfo(ctx: Ctx, b: Contract, a: Contract): void {
  const keys = { title: phrase`info.title`, version: phrase`info.version`, packageName: phrase`info.package` };
  for (const aspect of ['title', 'version', 'packageName'] as const) {
    if (b.info[aspect] !== a.info[aspect]) add(ctx, 'info', 'changed', 'none', keys[aspect], { aspect, before: b.info[aspect], after: a.info[aspect], ...locs(b.info, a.info) });
  }
}

function diffServers(ctx: Ctx, b: Contract, a: Contract): void {
  const servers = pair(b.servers, a.servers, (s) => s.name);
  for (const s of servers.removed) add(ctx, 'server', 'removed', 'none', phrase`server variable ${s.name}`, locs(s, undefined));
  for (const s of servers.added) add(ctx, 'server', 'added', 'none', phrase`server variable ${s.name}`, locs(undefined, s));
  const envs = pair(b.environments, a.environments, (e) => e.name);
  for (const e of envs.removed) add(ctx, 'environment', 'removed', 'none', phrase`environment ${e.name}`, locs(e, undefined));
  for (const e of envs.added) add(ctx, 'environment', 'added', 'none', phrase`environment ${e.name}`, locs(undefined, e));
  for (const [eb, ea] of envs.both) {
    if (!same(eb.urls, ea.urls)) add(ctx, 'environment', 'changed', 'none', phrase`environment ${ea.name}`, { aspect: 'urls', before: urls(eb.urls), after: urls(ea.urls), ...locs(eb, ea) });
    // A variable with a default needs nothing from clients (OpenAPI gives every server variable one).
    const defaulted = new Set(a.servers.filter((v) => v.default !== undefined).map((v) => v.name));
    for (const v of ea.variables.filter((x) => !eb.variables.includes(x) && !defaulted.has(x))) add(ctx, 'server', 'changed', 'none', phrase`environment ${ea.name}`, { aspect: 'required', after: v, ...locs(eb, ea) });
  }
}

function urls(list: readonly { host: string; url: string }[]): string {
  return list.map((u) => `${u.host}=${u.url}`).join(', ');
}

/**
 * Endpoints pair by operation id; one that lost its id and one that gained another at the same
 * method, path (placeholders aside) and host are the same endpoint renamed (`endpoint-renamed`),
 * diffed as one.
 */
function diffEndpoints(ctx: Ctx, b: Contract, a: Contract): void {
  const eps = pair(b.endpoints, a.endpoints, (e) => e.id);
  const renamed = pairOnce(eps.removed, eps.added, (e) => `${e.host} ${e.method} ${pathShape(e.path)}`);
  for (const e of renamed.removed) concerning(ctx, e, () => add(ctx, 'endpoint', 'removed', 'none', phrase`endpoint ${e.id}`, { before: `${e.method} ${e.path}`, ...locs(e, undefined) }));
  for (const e of renamed.added) concerning(ctx, e, () => add(ctx, 'endpoint', 'added', 'none', phrase`endpoint ${e.id}`, { after: `${e.method} ${e.path}`, ...locs(undefined, e) }));
  for (const [eb, ea] of renamed.both) concerning(ctx, ea, () => add(ctx, 'endpoint', 'changed', 'none', phrase`endpoint ${ea.id}`, { aspect: 'name', before: eb.id, after: ea.id, ...locs(eb, ea) }));
  for (const [eb, ea] of [...eps.both, ...renamed.both]) concerning(ctx, ea, () => diffEndpoint(ctx, eb, ea, b, a));
}

/** Every change `diff` adds concerns the endpoint: reports group findings by operation. */
function concerning(ctx: Ctx, e: Endpoint, diff: () => void): void {
  const from = ctx.out.length;
  diff();
  const operation = { id: e.id, method: e.method, path: e.path };
  ctx.out.push(...ctx.out.splice(from).map((c) => ({ ...c, operation })));
}

/** The input keys of an endpoint's path parameters, in path order. */
function pathKeys(e: Endpoint): string {
  return e.params
    .filter((p) => p.in === 'path')
    .map((p) => p.key)
    .join('/');
}

/** A path whose parameters were only renamed is the same path. */
function pathShape(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}');
}

function diffEndpoint(ctx: Ctx, eb: Endpoint, ea: Endpoint, b: Contract, a: Contract): void {
  const subject = phrase`endpoint ${ea.id}`;
  const l = locs(eb, ea);
  if (eb.method !== ea.method) add(ctx, 'endpoint', 'changed', 'none', subject, { aspect: 'method', before: eb.method, after: ea.method, ...l });
  if (pathShape(eb.path) !== pathShape(ea.path)) add(ctx, 'endpoint', 'changed', 'none', subject, { aspect: 'path', before: eb.path, after: ea.path, ...l });
  // Renamed placeholders change nothing a caller sees unless the input keys change with them.
  else if (eb.path !== ea.path && pathKeys(eb) !== pathKeys(ea)) add(ctx, 'param', 'changed', 'request', subject, { aspect: 'name', before: eb.path, after: ea.path, ...l });
  if (eb.host !== ea.host) add(ctx, 'endpoint', 'changed', 'none', subject, { aspect: 'host', before: eb.host, after: ea.host, ...l });
  deprecation(ctx.types, subject, eb.deprecated, ea.deprecated, l);
  diffSecurity(ctx, eb, ea, subject);
  diffPagination(ctx, eb, ea, subject);
  diffResponseHeaders(ctx, eb, ea, subject);
  diffSuccessStatuses(ctx, eb, ea, subject);
  diffParams(ctx, eb, ea);
  diffContentTypes(ctx, eb, ea, subject);
  diffBodies(ctx, eb, ea, subject);
  diffStreams(ctx, eb, ea, subject);
  diffQuirks(ctx, eb, ea);
  if (eb.host !== ea.host) return;
  // Shapes an endpoint gains or loses with its host are reported once, on the host.
  const hostShapes = (c: Contract) => c.hosts.find((h) => h.name === ea.host)?.shapes ?? [];
  const viaHost = new Set([...hostShapes(b), ...hostShapes(a)].filter((s) => hostShapes(b).includes(s) !== hostShapes(a).includes(s)));
  const shapes = pair(eb.errors.shapes.filter((s) => !viaHost.has(s)), ea.errors.shapes.filter((s) => !viaHost.has(s)), (s) => s);
  for (const s of shapes.removed) add(ctx, 'shape', 'removed', 'response', phrase`shape ${s} on ${subject}`, locs(shapeOf(b, s) ?? eb, ea));
  for (const s of shapes.added) add(ctx, 'shape', 'added', 'response', phrase`shape ${s} on ${subject}`, locs(eb, shapeOf(a, s) ?? ea));
}

/**
 * Query, header and cookie parameters pair by place and wire name (a header's whatever its case);
 * path parameters by their position in the path, since a renamed one is the same parameter
 * (`path-parameter-renamed` says so once).
 */
function diffParams(ctx: Ctx, eb: Endpoint, ea: Endpoint): void {
  const wire = (x: Param) => `${x.in} ${x.in === 'header' ? x.name.toLowerCase() : x.name}`;
  // The conditional headers an endpoint offers are parameters of its calls too (ifNoneMatch, ifModifiedSince).
  const others = pair(ctx.old.callParams(eb).filter((x) => x.in !== 'path'), ctx.new.callParams(ea).filter((x) => x.in !== 'path'), wire);
  const subject = (x: Param) => phrase`${placeWord(x.in)} parameter ${`${ea.id}.${x.name}`}`;
  // One taken out and one put in under the same input key: the same parameter, moved or renamed on the wire.
  const moved = pair(others.removed, others.added, (x) => x.key);
  for (const x of moved.removed) add(ctx, 'param', 'removed', 'request', subject(x), { qualifier: x.in, ...locs(x, ea) });
  for (const x of moved.added) add(ctx, 'param', 'added', 'request', subject(x), { qualifier: x.required ? 'required' : 'optional', ...locs(eb, x) });
  for (const [xb, xa] of moved.both) add(ctx, 'param', 'changed', 'request', subject(xa), { aspect: 'wire', before: `${xb.in} ${xb.name}`, after: `${xa.in} ${xa.name}`, ...locs(xb, xa) });
  const inPath = (e: Endpoint) => e.params.filter((x) => x.in === 'path');
  const paths = inPath(eb).flatMap((x, i): [Param, Param][] => {
    const y = inPath(ea)[i];
    return y === undefined ? [] : [[x, y]];
  });
  for (const [xb, xa] of [...others.both, ...moved.both, ...paths]) diffParam(ctx, subject(xa), xb, xa);
}

function diffParam(ctx: Ctx, subject: Phrase, xb: Param, xa: Param): void {
  const l = locs(xb, xa);
  if (xb.required !== xa.required) add(ctx, 'param', 'changed', 'request', subject, { aspect: xa.required ? 'required' : 'optional', ...l });
  if (!same(xb.default, xa.default)) add(ctx, 'param', 'changed', 'request', subject, { aspect: 'default', before: JSON.stringify(xb.default) ?? 'none', after: JSON.stringify(xa.default) ?? 'none', ...l });
  const form = (x: Param) => `${x.style}${x.explode ? ', explode' : ''}${x.allowReserved ? ', allowReserved' : ''}`;
  // A parameter that moved changes its form with its place: the move says so.
  if (xb.in === xa.in && form(xb) !== form(xa)) add(ctx, 'param', 'changed', 'request', subject, { aspect: 'style', before: form(xb), after: form(xa), ...l });
  // A path parameter's renaming changes its key too; path-parameter-renamed has said so.
  if (xb.key !== xa.key && (xa.in !== 'path' || xb.name === xa.name)) add(ctx, 'param', 'changed', 'request', subject, { aspect: 'key', before: xb.key, after: xa.key, ...l });
  compareTypes(ctx.types, useSite(subject, 'request', l), xb.type, xa.type);
  deprecation(ctx.types, subject, xb.deprecated, xa.deprecated, l);
}

function diffContentTypes(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const before = eb.request?.contentTypes ?? [];
  const after = ea.request?.contentTypes ?? [];
  for (const t of before.filter((x) => !after.includes(x))) add(ctx, 'content-type', 'removed', 'request', subject, { before: t, ...locs(eb, ea) });
  for (const t of after.filter((x) => !before.includes(x))) add(ctx, 'content-type', 'added', 'request', subject, { after: t, ...locs(eb, ea) });
  const media = (e: Endpoint) => e.responses.flatMap((r) => (r.isError ? [] : r.contentTypes));
  const [mb, ma] = [media(eb), media(ea)];
  for (const t of mb.filter((x) => !ma.includes(x))) add(ctx, 'content-type', 'removed', 'response', subject, { before: t, ...locs(eb, ea) });
  // Only a media type the deployed client would not take is news to it: one its successes' types or
  // ranges (`*/*`, `text/*`) admit is read as before, and a success that had no body is read as none.
  for (const t of ma.filter((x) => !mb.includes(x) && mb.length > 0 && !mb.some((range) => admitsMedia(range, x)))) add(ctx, 'content-type', 'added', 'response', subject, { after: t, ...locs(eb, ea) });
  diffFormEncoding(ctx, eb, ea, subject);
}

/** Whether a documented media type or range admits a media type (parameters aside), as the runtime's Accept check does. */
function admitsMedia(range: string, media: string): boolean {
  const base = (x: string): string => (x.split(';')[0] ?? '').trim().toLowerCase();
  const [r, m] = [base(range), base(media)];
  return r === m || r === '*/*' || (r.endsWith('/*') && m.startsWith(r.slice(0, -1)));
}

/** A form field now written as JSON text, or now by brackets, where both sides send a URL-encoded form. */
function diffFormEncoding(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const jsonFields = (e: Endpoint) => (sendsForm(e.request?.contentTypes ?? []) ? (e.request?.jsonFields ?? []) : undefined);
  const before = jsonFields(eb);
  const after = jsonFields(ea);
  if (before === undefined || after === undefined) return;
  const how = (list: readonly string[], name: string) => (list.includes(name) ? 'JSON text' : 'brackets');
  for (const name of [...new Set([...before, ...after])].filter((n) => before.includes(n) !== after.includes(n))) {
    add(ctx, 'field', 'changed', 'request', phrase`${subject} form field ${name}`, { aspect: 'encoding', before: how(before, name), after: how(after, name), ...locs(eb, ea) });
  }
}

/**
 * The request body, compared wherever its type stands; one that appears or goes is a field of the
 * call added or removed. Then what a success's `data` holds (`diffData`).
 */
function diffBodies(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const [rb, ra] = [eb.request, ea.request];
  const body = phrase`${subject} request body`;
  const l = locs(eb, ea);
  if (rb !== undefined && ra !== undefined) {
    compareTypes(ctx.types, useSite(body, 'request', l), rb.body, ra.body);
    if (rb.optional !== ra.optional) add(ctx, 'field', 'changed', 'request', body, { aspect: ra.optional ? 'optional' : 'required', ...l });
  } else if (ra !== undefined) add(ctx, 'field', 'added', 'request', body, { qualifier: ra.optional ? 'optional' : 'required', ...l });
  else if (rb !== undefined) add(ctx, 'field', 'removed', 'request', body, { qualifier: rb.optional ? 'optional' : 'required', ...l });
  diffData(ctx, eb, ea, subject);
}

/**
 * What a success's `data` is: the union of the documented 2xx bodies (a bodiless one is
 * `undefined`), `unknown` where no 2xx is documented, a followed redirect's target where only
 * redirects are. Where each side has one body, the two are compared; where a side has several,
 * each status both document is (one that comes or goes is `success-status-added`/`-removed`'s).
 * An endpoint whose last documented success goes reads `unknown`: what it read loses its type.
 */
function diffData(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const [db, da] = [dataOf(ctx.old, eb), dataOf(ctx.new, ea)];
  const l = locs(eb, ea);
  const whole = phrase`${subject} response body`;
  if (db.kind !== 'bodies' || da.kind !== 'bodies') {
    if (db.kind === da.kind) return;
    const aspect = db.kind === 'unknown' ? 'described' : da.kind === 'unknown' ? 'undescribed' : 'type';
    add(ctx, 'field', 'changed', 'response', whole, { aspect, before: dataText(db), after: dataText(da), ...l });
    return;
  }
  const distinct = (d: Bodies) => new Set(d.statuses.map(([, body]) => describeType(body)));
  const [first, next] = [db.statuses[0], da.statuses[0]];
  if (distinct(db).size === 1 && distinct(da).size === 1 && first !== undefined && next !== undefined) {
    return compareBody(ctx, whole, first[1], next[1], l, { before: ctx.old.streamOf(eb) !== undefined, after: ctx.new.streamOf(ea) !== undefined });
  }
  const after = new Map(da.statuses);
  const [streamedBefore, streamedAfter] = [streamedStatuses(ctx.old, eb), streamedStatuses(ctx.new, ea)];
  for (const [status, body] of db.statuses) {
    if (!after.has(status)) continue;
    compareBody(ctx, phrase`${subject} response ${status} body`, body, after.get(status), l, { before: streamedBefore.has(status), after: streamedAfter.has(status) });
  }
}

/** The 2xx statuses an endpoint streams on. */
function streamedStatuses(k: Knowledge, e: Endpoint): Set<string> {
  return new Set(k.successResponses(e).flatMap((r) => (r.stream === undefined ? [] : [formatStatus(r.status)])));
}

type Bodies = { readonly kind: 'bodies'; readonly statuses: readonly (readonly [string, TypeRef | undefined])[] };
type Data = Bodies | { readonly kind: 'unknown' } | { readonly kind: 'followed' };

function dataOf(k: Knowledge, e: Endpoint): Data {
  if (k.redirectsOnly(e)) return { kind: 'followed' };
  const successes = k.successResponses(e);
  return successes.length === 0 ? { kind: 'unknown' } : { kind: 'bodies', statuses: successes.map((r) => [formatStatus(r.status), r.body] as const) };
}

function dataText(d: Data): string {
  if (d.kind === 'unknown') return 'unknown';
  if (d.kind === 'followed') return 'a followed redirect';
  return typesText(d.statuses.map(([, body]) => body));
}

/**
 * A response body both sides document, one only the new side documents (added) or only the old
 * (removed). Beside a stream on both sides, a body is the JSON answer the call may get instead of
 * the stream; where the endpoint starts or stops streaming, the stream took the body's place or
 * gave it back, which `diffStreams` says.
 */
function compareBody(ctx: Ctx, at: Phrase, before: TypeRef | undefined, after: TypeRef | undefined, l: Extra, streams: { readonly before: boolean; readonly after: boolean }): void {
  if (before !== undefined && after !== undefined) return compareTypes(ctx.types, useSite(at, 'response', l), before, after);
  if (before === after || streams.before !== streams.after) return;
  const action = after !== undefined ? 'added' : 'removed';
  if (streams.before) add(ctx, 'stream', action, 'response', at, { aspect: 'json-body', ...(after === undefined ? { before: typesText([before]) } : { after: typesText([after]) }), ...l });
  else if (after !== undefined) add(ctx, 'field', 'added', 'response', at, l);
  else add(ctx, 'field', 'removed', 'response', at, { qualifier: 'required', ...l });
}

/**
 * A success's streams: one the endpoint starts or stops answering with (the data becomes, or stops
 * being, an ItemStream), and between the streams of the statuses both sides stream on (the one
 * each side streams on, when each has one) how they are framed and what each item is, as a client
 * reading them sees it: the types of items and events go through the one comparison of types.
 */
function diffStreams(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const streamed = (k: Knowledge, e: Endpoint) => k.successResponses(e).flatMap((r) => (r.stream === undefined ? [] : [{ response: r, stream: r.stream }]));
  const [sb, sa] = [streamed(ctx.old, eb), streamed(ctx.new, ea)];
  const at = phrase`${subject} stream`;
  const [first, next] = [sb[0], sa[0]];
  // The JSON answers a status may give instead of its stream, which the code using the data already handles.
  const besideBody = (list: readonly { readonly response: ResponseSpec }[]) => list.every((s) => s.response.body !== undefined);
  const anyBody = (k: Knowledge, e: Endpoint) => k.successResponses(e).some((r) => r.body !== undefined);
  if (first === undefined && next !== undefined) {
    add(ctx, 'stream', 'added', 'response', at, { qualifier: besideBody(sa) ? 'beside-body' : 'only', after: streamText(next.stream), ...locs(eb, next.stream) });
  } else if (first !== undefined && next === undefined) {
    add(ctx, 'stream', 'removed', 'response', at, { qualifier: besideBody(sb) && anyBody(ctx.new, ea) ? 'body-kept' : 'only', before: streamText(first.stream), ...locs(first.stream, ea) });
  } else if (first !== undefined && next !== undefined) {
    if (sb.length === 1 && sa.length === 1) return compareStream(ctx, at, first.stream, next.stream);
    const key = (s: { readonly response: ResponseSpec }) => formatStatus(s.response.status);
    const statuses = pair(sb, sa, key);
    for (const [b, a] of statuses.both) compareStream(ctx, phrase`${subject} response ${key(a)} stream`, b.stream, a.stream);
    // A status both sides document that starts or stops streaming, beside another that streams throughout.
    const bodyAt = (k: Knowledge, e: Endpoint, status: string) => k.successResponses(e).find((r) => formatStatus(r.status) === status)?.body;
    const documented = (k: Knowledge, e: Endpoint, status: string) => k.successResponses(e).some((r) => formatStatus(r.status) === status);
    for (const s of statuses.added.filter((x) => documented(ctx.old, eb, key(x)))) {
      add(ctx, 'stream', 'added', 'response', phrase`${subject} response ${key(s)} stream`, { qualifier: s.response.body !== undefined ? 'beside-body' : 'only', after: streamText(s.stream), ...locs(eb, s.stream) });
    }
    for (const s of statuses.removed.filter((x) => documented(ctx.new, ea, key(x)))) {
      const kept = s.response.body !== undefined && bodyAt(ctx.new, ea, key(s)) !== undefined;
      add(ctx, 'stream', 'removed', 'response', phrase`${subject} response ${key(s)} stream`, { qualifier: kept ? 'body-kept' : 'only', before: streamText(s.stream), ...locs(s.stream, ea) });
    }
  }
}

/** What a stream is, in a finding's values: its format, and its events or item type. */
function streamText(s: ResponseStream): string {
  if (s.events !== undefined) return `${s.format}, events ${s.events.map((e) => e.name).join(', ')}`;
  return s.format === 'binary' ? s.format : `${s.format}, ${s.format === 'sse' ? 'data' : 'item'} ${typesText([itemOf(s)])}`;
}

/** Each item's type: an event's data without a type is its text; a JSON item without one is unknown. */
function itemOf(s: ResponseStream): TypeRef {
  return s.item ?? (s.format === 'sse' ? TEXT : UNKNOWN);
}

const TEXT: TypeRef = { kind: 'primitive', name: 'string' };
const UNKNOWN: TypeRef = { kind: 'primitive', name: 'unknown' };

/** How long a deployed client waits between two chunks (the runtime's default without one; 0 is no limit). */
function idleWait(s: ResponseStream): number {
  const ms = s.idleTimeoutMs ?? DEFAULT_IDLE_MS;
  return ms === 0 ? Infinity : ms;
}

function compareStream(ctx: Ctx, at: Phrase, b: ResponseStream, a: ResponseStream): void {
  const l = locs(b, a);
  // JSON items framed another way keep their type, so they are compared still; any other format
  // changes what an item is, and what else differs is beside the point. A format brings its media type.
  const json = (x: ResponseStream) => x.format === 'jsonl' || x.format === 'json-seq';
  if (b.format !== a.format) {
    const framing = json(b) && json(a);
    add(ctx, 'stream', 'changed', 'response', at, { aspect: 'format', qualifier: framing ? 'framing' : 'items', before: streamText(b), after: streamText(a), ...l });
    if (!framing) return;
  } else if (b.contentType.toLowerCase() !== a.contentType.toLowerCase()) add(ctx, 'stream', 'changed', 'response', at, { aspect: 'content-type', before: b.contentType, after: a.contentType, ...l });
  if (b.format === 'sse') compareEvents(ctx, at, b, a);
  else if (b.format !== 'binary') compareTypes(ctx.types, useSite(phrase`${at} item`, 'response', l), itemOf(b), itemOf(a));
  const change = (aspect: string, qualifier: string, before: string | undefined, after: string | undefined) =>
    add(ctx, 'stream', 'changed', 'response', at, { aspect, qualifier, ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }), ...l });
  if (b.terminator !== a.terminator) change('terminator', a.terminator === undefined ? 'removed' : 'changed', b.terminator, a.terminator);
  if (b.errorEvent !== a.errorEvent) change('error-event', a.errorEvent === undefined ? 'removed' : b.errorEvent === undefined ? 'set' : 'changed', b.errorEvent, a.errorEvent);
  if (b.resumable !== a.resumable) change('resumable', a.resumable ? 'added' : 'removed', undefined, undefined);
  const [wb, wa] = [idleWait(b), idleWait(a)];
  const ms = (s: ResponseStream) => (s.idleTimeoutMs === undefined ? `${DEFAULT_IDLE_MS} (default)` : s.idleTimeoutMs === 0 ? '0 (no limit)' : String(s.idleTimeoutMs));
  if (wb !== wa) change('idle-timeout', wa > wb ? 'raised' : 'lowered', ms(b), ms(a));
}

/**
 * Server-sent events typed by their names, or all of one data type: names pair the events, each
 * event's data is compared as a type; a switch between the two forms is said once, and the data
 * type of every event compared where both sides have one.
 */
function compareEvents(ctx: Ctx, at: Phrase, b: ResponseStream, a: ResponseStream): void {
  const [eb, ea] = [b.events, a.events];
  if (eb === undefined && ea === undefined) return compareTypes(ctx.types, useSite(phrase`${at} data`, 'response', locs(b, a)), itemOf(b), itemOf(a));
  if (eb === undefined || ea === undefined) return add(ctx, 'stream', 'changed', 'response', at, { aspect: 'events', before: streamText(b), after: streamText(a), ...locs(b, a) });
  const events = pair(eb, ea, (x) => x.name);
  for (const x of events.removed) add(ctx, 'stream', 'removed', 'response', phrase`${at} event ${x.name}`, { aspect: 'event', ...locs(x, a) });
  for (const x of events.added) add(ctx, 'stream', 'added', 'response', phrase`${at} event ${x.name}`, { aspect: 'event', ...locs(b, x) });
  for (const [xb, xa] of events.both) compareTypes(ctx.types, useSite(phrase`${at} event ${xa.name}`, 'response', locs(xb, xa)), xb.type, xa.type);
}

function diffQuirks(ctx: Ctx, eb: Endpoint, ea: Endpoint): void {
  const q = pair(eb.errors.quirks, ea.errors.quirks, (x) => x.id);
  for (const x of q.removed) add(ctx, 'quirk', 'removed', 'response', phrase`quirk ${`${eb.id}.${x.id}`}`, locs(x, undefined));
  for (const x of q.added) add(ctx, 'quirk', 'added', 'response', phrase`quirk ${`${ea.id}.${x.id}`}`, locs(undefined, x));
  for (const [xb, xa] of q.both) {
    if (!same({ ...xb, loc: 0 }, { ...xa, loc: 0 })) add(ctx, 'quirk', 'changed', 'response', phrase`quirk ${`${ea.id}.${xa.id}`}`, { aspect: 'rule', before: xb.hint, after: xa.hint, ...locs(xb, xa) });
  }
}

/**
 * Each named type both sides have, against its namesake in every direction it travels in; one no
 * operation reaches on either side is reported once, as unused, with the number of its changes.
 */
function diffTypes(ctx: Ctx, b: Contract, a: Contract): void {
  const types = pair(b.types, a.types, (t) => t.name);
  const unused = comparison(ctx.types.sides);
  for (const [tb, ta] of types.both) {
    const directions = directionsOf(ctx.old, ctx.new, ta.name);
    if (directions.length === 0) {
      unusedType(ctx, unused, tb, ta);
      continue;
    }
    deprecation(ctx.types, phrase`type ${ta.name}`, tb.deprecated, ta.deprecated, locs(tb, ta));
    for (const direction of directions) compareNamed(ctx.types, tb, ta, direction);
  }
  // The pairs of differently named types every use and type met, each under its type: no operation's.
  settle(ctx.types);
}

/** An unused type's changes, counted (read both ways, each said once) into one finding. */
function unusedType(ctx: Ctx, unused: Comparison, tb: NamedType, ta: NamedType): void {
  unused.out.length = 0;
  deprecation(unused, phrase`type ${ta.name}`, tb.deprecated, ta.deprecated, locs(tb, ta));
  for (const direction of ['request', 'response'] as const) compareNamed(unused, tb, ta, direction);
  settle(unused);
  const count = new Set(unused.out.map((c) => `${c.area} ${c.action} ${c.aspect ?? ''} ${plainText(c.subject)}`)).size;
  if (count === 0) return;
  add(ctx, 'type', 'changed', 'none', phrase`type ${ta.name}${[{ text: ` (${count} change${count === 1 ? '' : 's'})` }]}`, { aspect: 'unused', ...locs(tb, ta) });
}

/** A shape's own definition (an imported description's error schema): where a shape added or removed is shown. */
function shapeOf(c: Contract, name: string): ErrorShape | undefined {
  return c.shapes.find((s) => s.name === name);
}

function diffHosts(ctx: Ctx, b: Contract, a: Contract): void {
  const hosts = pair(b.hosts, a.hosts, (h) => h.name);
  for (const [hb, ha] of hosts.both) {
    diffCodes(ctx, hb, ha);
    const shapes = pair(hb.shapes, ha.shapes, (s) => s);
    for (const s of shapes.removed) add(ctx, 'shape', 'removed', 'response', phrase`shape ${s} on host ${ha.name}`, locs(shapeOf(b, s) ?? hb, ha));
    for (const s of shapes.added) add(ctx, 'shape', 'added', 'response', phrase`shape ${s} on host ${ha.name}`, locs(hb, shapeOf(a, s) ?? ha));
    diffMessages(ctx, hb, ha);
  }
  // A removed or added host shows through its endpoints (removed, added or moved).
}

function diffCodes(ctx: Ctx, hb: Host, ha: Host): void {
  const qualifier = ha.codes.open ? 'open' : 'closed';
  const subject = (code: string) => phrase`error code ${code} on host ${ha.name}`;
  for (const c of hb.codes.codes.filter((x) => !ha.codes.codes.includes(x))) add(ctx, 'error-code', 'removed', 'response', subject(c), { qualifier, before: c, ...locs(hb.codes.rows.find((r) => r.code === c), ha) });
  for (const c of ha.codes.codes.filter((x) => !hb.codes.codes.includes(x))) add(ctx, 'error-code', 'added', 'response', subject(c), { qualifier, after: c, ...locs(hb, ha.codes.rows.find((r) => r.code === c)) });
  for (const c of ha.codes.codes.filter((x) => hb.codes.codes.includes(x))) {
    const statuses = (h: Host) => h.codes.rows.filter((r) => r.code === c).map((r) => r.status).join(', ');
    if (statuses(hb) !== statuses(ha)) {
      add(ctx, 'error-code', 'changed', 'response', subject(c), { aspect: 'status', qualifier, before: statuses(hb), after: statuses(ha), ...locs(hb.codes.rows.find((r) => r.code === c), ha.codes.rows.find((r) => r.code === c)) });
    }
  }
  if (hb.codes.open !== ha.codes.open) add(ctx, 'error-code', 'changed', 'response', phrase`code table of host ${ha.name}`, { aspect: qualifier, before: hb.codes.open ? 'open' : 'closed', after: qualifier, ...locs(hb, ha) });
}

function diffMessages(ctx: Ctx, hb: Host, ha: Host): void {
  const rows = pair(hb.messages?.rows ?? [], ha.messages?.rows ?? [], (r) => r.id);
  for (const r of rows.removed) add(ctx, 'message', 'removed', 'response', phrase`message row ${`${ha.name}.${r.id}`}`, locs(r, undefined));
  for (const r of rows.added) add(ctx, 'message', 'added', 'response', phrase`message row ${`${ha.name}.${r.id}`}`, locs(undefined, r));
  for (const [rb, ra] of rows.both) {
    const changed = (Object.keys(ra) as (keyof typeof ra)[]).filter((k) => !['loc', 'example', 'cause'].includes(k) && !same(rb[k], ra[k]));
    if (changed.length === 0) continue;
    const show = (r: typeof rb) => changed.map((k) => `${k}: ${JSON.stringify(r[k]) ?? 'none'}`).join(', ');
    add(ctx, 'message', 'changed', 'response', phrase`message row ${`${ha.name}.${ra.id}`}`, { aspect: 'rule', before: show(rb), after: show(ra), ...locs(rb, ra) });
  }
  if (!same(hb.messages?.aliases ?? [], ha.messages?.aliases ?? [])) add(ctx, 'message', 'changed', 'response', phrase`message aliases of host ${ha.name}`, { aspect: 'aliases', ...locs(hb, ha) });
}

function diffShapes(ctx: Ctx, b: Contract, a: Contract): void {
  const shapes = pair(b.shapes, a.shapes, (s) => s.name);
  for (const [sb, sa] of shapes.both) {
    if (!same(sb.match, sa.match)) add(ctx, 'shape', 'changed', 'response', phrase`shape ${sa.name}`, { aspect: 'match', before: JSON.stringify(sb.match), after: JSON.stringify(sa.match), ...locs(sb, sa) });
    if (!same([sb.read, sb.fieldErrors, sb.mirrors], [sa.read, sa.fieldErrors, sa.mirrors])) {
      add(ctx, 'shape', 'changed', 'response', phrase`shape ${sa.name}`, { aspect: 'read', before: JSON.stringify(sb.read), after: JSON.stringify(sa.read), ...locs(sb, sa) });
    }
  }
}

function diffCategories(ctx: Ctx, b: Contract, a: Contract): void {
  const cats = pair(b.categories, a.categories, (c) => c.name);
  for (const [cb, ca] of cats.both) {
    if (cb.retryable !== ca.retryable) add(ctx, 'category', 'changed', 'response', phrase`category ${ca.name}`, { aspect: 'retryable', before: String(cb.retryable), after: String(ca.retryable), ...locs(cb, ca) });
  }
  for (const c of cats.removed) add(ctx, 'category', 'removed', 'response', phrase`category ${c.name}`, locs(c, undefined));
  for (const c of cats.added) add(ctx, 'category', 'added', 'response', phrase`category ${c.name}`, locs(undefined, c));
  const rules = pair(b.statusCategories, a.statusCategories, (r) => formatStatus(r.status));
  for (const [rb, ra] of rules.both) {
    if (rb.category !== ra.category) add(ctx, 'category', 'changed', 'response', phrase`category of status ${formatStatus(ra.status)}`, { aspect: 'status', before: rb.category, after: ra.category, ...locs(rb, ra) });
  }
  for (const r of [...rules.removed, ...rules.added]) {
    const removed = rules.removed.includes(r);
    add(ctx, 'category', 'changed', 'response', phrase`category of status ${formatStatus(r.status)}`, { aspect: 'status', before: removed ? r.category : 'none', after: removed ? 'none' : r.category, ...(removed ? locs(r, undefined) : locs(undefined, r)) });
  }
}

function diffPolicies(ctx: Ctx, b: Contract, a: Contract): void {
  const policies = pair(b.policies, a.policies, (p) => p.name);
  for (const p of policies.removed) add(ctx, 'policy', 'removed', 'response', phrase`policy ${p.name}`, locs(p, undefined));
  for (const p of policies.added) add(ctx, 'policy', 'added', 'response', phrase`policy ${p.name}`, locs(undefined, p));
  for (const [pb, pa] of policies.both) {
    if (!same([pb.category, pb.restrictions], [pa.category, pa.restrictions])) add(ctx, 'policy', 'changed', 'response', phrase`policy ${pa.name}`, { aspect: 'rule', ...locs(pb, pa) });
  }
}

/** Alternatives of schemes, as `a + b`. */
/** Each alternative as its schemes sorted: `key + basic` and `basic + key` are one alternative. */
function alternatives(e: Endpoint): string[] {
  return e.security.map((alt) => [...alt].sort().join(' + '));
}

function diffSecurity(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const before = alternatives(eb);
  const after = alternatives(ea);
  const l = locs(eb, ea);
  if (before.length === 0 || after.length === 0) {
    if (before.length !== after.length) add(ctx, 'endpoint', 'changed', 'none', subject, { aspect: 'auth', qualifier: after.length === 0 ? 'none' : 'required', before: before.join(' | ') || 'none', after: after.join(' | ') || 'none', ...l });
    return;
  }
  for (const alt of before.filter((x) => !after.includes(x))) add(ctx, 'endpoint', 'removed', 'request', phrase`${subject} auth ${alt}`, { aspect: 'scheme', ...l });
  for (const alt of after.filter((x) => !before.includes(x))) add(ctx, 'endpoint', 'added', 'request', phrase`${subject} auth ${alt}`, { aspect: 'scheme', ...l });
}

function diffPagination(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  // Its location aside: a pagination that moved in the file is the same.
  const form = (e: Endpoint) => (e.pagination === undefined ? undefined : JSON.stringify({ ...e.pagination, loc: undefined }));
  const [before, after] = [form(eb), form(ea)];
  if (before === after) return;
  if (after === undefined) add(ctx, 'endpoint', 'removed', 'none', phrase`${subject} pagination`, { aspect: 'pagination', ...locs(eb.pagination, ea) });
  else if (before === undefined) add(ctx, 'endpoint', 'added', 'none', phrase`${subject} pagination`, { aspect: 'pagination', ...locs(eb, ea.pagination) });
  else add(ctx, 'endpoint', 'changed', 'none', phrase`${subject} pagination`, { aspect: 'pagination', before: paginationText(eb.pagination), after: paginationText(ea.pagination), ...locs(eb.pagination, ea.pagination) });
}

/** `page by page (size per_page, from 1, items data)`: what a reader compares. */
function paginationText(p: Pagination | undefined): string {
  if (p === undefined) return 'none';
  const parts = [
    p.kind === 'link' ? undefined : `by ${p.param}`,
    p.kind === 'cursor' ? `next ${p.next.join('.')}` : undefined,
    (p.kind === 'offset' || p.kind === 'page') && p.limit !== undefined ? `size ${p.limit}` : undefined,
    p.kind === 'page' ? `from ${p.start}` : undefined,
    `items ${p.items.length === 0 ? '(the body)' : p.items.join('.')}`,
  ].filter((x): x is string => x !== undefined);
  return `${p.kind} ${parts.join(', ')}`;
}

/**
 * The 2xx statuses an endpoint documents (exact, class or `default`). A deployed client reads any
 * 2xx as a success, so a new one breaks no call; its body may widen `data` and a removed one
 * narrows what `result.status` is compared with. Redirects and a 304 are never data: listing them
 * changes the conditional options (parameters) and, for redirects alone, the data (the body).
 */
function diffSuccessStatuses(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const successes = (e: Endpoint) => e.responses.filter((r) => !r.isError && isDataStatus(r.status)).map((r) => r.status);
  const [before, after] = [successes(eb), successes(ea)];
  const statuses = pair(before.map(formatStatus), after.map(formatStatus), (s) => s);
  // A class covers its statuses; `default` and 2XX cover every 2xx (a new `default` is one).
  const twoXX = (key: string) => key === 'default' || key[0] === '2';
  const covers = (keys: readonly ResponseStatus[], key: string) => keys.some((s) => (s.kind === 'default' && twoXX(key)) || (s.kind === 'class' && (key === 'default' ? s.statusClass === 2 : key[0] === String(s.statusClass))));
  // A status a new class or default takes over is still a success: nothing to report either way.
  for (const s of statuses.removed) if (!covers(after, s)) add(ctx, 'endpoint', 'removed', 'response', phrase`${subject} success status ${s}`, { aspect: 'success-status', ...locs(eb, ea) });
  for (const s of statuses.added) if (!covers(before, s)) add(ctx, 'endpoint', 'added', 'response', phrase`${subject} success status ${s}`, { aspect: 'success-status', ...locs(eb, ea) });
}

/** Declared success headers, by lower-case name: what the typed `response.headers` holds, and whether it is always there. */
function diffResponseHeaders(ctx: Ctx, eb: Endpoint, ea: Endpoint, subject: Phrase): void {
  const required = (e: Endpoint) => new Map(successHeaders(e).map((h) => [h.key, h.required]));
  const [before, after] = [required(eb), required(ea)];
  const headers = pair([...before.keys()], [...after.keys()], (n) => n);
  for (const n of headers.removed) add(ctx, 'endpoint', 'removed', 'response', phrase`${subject} response header ${n}`, { aspect: 'header', ...locs(eb, ea) });
  for (const n of headers.added) add(ctx, 'endpoint', 'added', 'response', phrase`${subject} response header ${n}`, { aspect: 'header', ...locs(eb, ea) });
  for (const [n] of headers.both) {
    const [was, is] = [before.get(n) === true, after.get(n) === true];
    if (was !== is) add(ctx, 'endpoint', 'changed', 'response', phrase`${subject} response header ${n}`, { aspect: 'header', qualifier: is ? 'required' : 'optional', before: was ? 'required' : 'optional', after: is ? 'required' : 'optional', ...locs(eb, ea) });
  }
}


/** Schemes other than client credentials (diffAuth covers that one's lifecycle). */
function diffSchemes(ctx: Ctx, b: Contract, a: Contract): void {
  const others = (c: Contract) => c.schemes.filter((s) => s.type !== 'clientCredentials');
  const schemes = pair(others(b), others(a), (s) => s.name);
  for (const s of schemes.removed) add(ctx, 'auth', 'removed', 'none', phrase`auth scheme ${s.name}`, { aspect: 'scheme', ...locs(s, undefined) });
  for (const s of schemes.added) add(ctx, 'auth', 'added', 'none', phrase`auth scheme ${s.name}`, { aspect: 'scheme', ...locs(undefined, s) });
  for (const [sb, sa] of schemes.both) {
    // Header names are case-insensitive on the wire.
    const form = (s: AuthScheme) => (s.type === 'apiKey' ? `apiKey in ${s.in} ${s.in === 'header' ? s.paramName.toLowerCase() : s.paramName}` : s.type);
    if (form(sb) !== form(sa)) add(ctx, 'auth', 'changed', 'request', phrase`auth scheme ${sa.name}`, { aspect: 'scheme', before: form(sb), after: form(sa), ...locs(sb, sa) });
  }
}

function diffAuth(ctx: Ctx, b: Contract, a: Contract): void {
  diffSchemes(ctx, b, a);
  const ab = b.auth;
  const aa = a.auth;
  if (ab === undefined || aa === undefined) {
    if (ab !== aa) add(ctx, 'auth', ab === undefined ? 'added' : 'removed', 'none', phrase`auth`, locs(ab, aa));
    return;
  }
  const l = locs(ab, aa);
  const grants = pair(ab.grants, aa.grants, (g) => g.name);
  for (const g of grants.removed) add(ctx, 'auth', 'removed', 'request', phrase`grant ${g.name}`, { aspect: 'grant', ...l });
  for (const g of grants.added) add(ctx, 'auth', 'added', 'request', phrase`grant ${g.name}`, { aspect: 'grant', ...l });
  if (ab.endpoint !== aa.endpoint) add(ctx, 'auth', 'changed', 'none', phrase`token endpoint`, { aspect: 'endpoint', before: ab.endpoint, after: aa.endpoint, ...l });
  const lifetimes = pair(ab.lifetime, aa.lifetime, (x) => x.environment);
  for (const [lb, la] of lifetimes.both) {
    if (lb.seconds !== la.seconds) add(ctx, 'auth', 'changed', 'none', phrase`token lifetime in ${la.environment}`, { aspect: 'lifetime', before: String(lb.seconds), after: String(la.seconds), ...l });
  }
  for (const x of [...lifetimes.removed, ...lifetimes.added]) {
    const removed = lifetimes.removed.includes(x);
    add(ctx, 'auth', 'changed', 'none', phrase`token lifetime in ${x.environment}`, { aspect: 'lifetime', before: removed ? String(x.seconds) : 'none', after: removed ? 'none' : String(x.seconds), ...l });
  }
  if (!same(ab.carrier, aa.carrier)) add(ctx, 'auth', 'changed', 'request', phrase`token header`, { aspect: 'carrier', before: `${ab.carrier.header}: ${ab.carrier.scheme}`, after: `${aa.carrier.header}: ${aa.carrier.scheme}`, ...l });
}
