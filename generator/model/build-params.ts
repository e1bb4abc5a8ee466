/**
 * Parameters: a name written `{like_this}` in the path is a path parameter; every other one says
 * where it travels (`in: query`, `header` or `cookie`). Each gets its input key, its OpenAPI style
 * and explode, and a type written like a field's. A call's input is flat (path, query, header and
 * cookie values beside `body` and the call options), so two parameters that would share a key, or
 * take an option's, are reported where they are written.
 */
import { RESERVED_INPUT_KEYS } from '../../templates/base-client.js';
// The runtime's own tables: the check and the serialiser cannot disagree on a style or a name.
import { defaultExplode, defaultStyle, IGNORED_HEADERS, STYLES, TOKEN } from '../../templates/params.js';
import type { RawEndpoint, RawParam, RawParamStyle } from '../contract-format.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { inputKey } from '../naming.js';
import { didYouMean } from '../similar.js';
import { buildTypeRef, deprecation } from './build-type-ref.js';
import { own } from '../records.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { placeholders } from './values.js';
import type { JsonValue, Param, ParamLocation, ParamStyle } from './types.js';


export function buildParams(ctx: BuildContext, path: RawPath, raw: RawEndpoint, typeNames: ReadonlySet<string>): Param[] {
  const inPath = placeholders(raw.path);
  checkPlaceholders(ctx, path, raw, inPath);
  const built = entries(raw.params).map(([name, p]) => buildParam(ctx, [...path, 'params', name], name, p, inPath.includes(name), raw.path, typeNames));
  // Path parameters in path order (a placeholder written twice is reported above, and taken once).
  const params = [...[...new Set(inPath)].flatMap((name) => built.filter((p) => p.name === name && p.in === 'path')), ...built.filter((p) => p.in !== 'path')];
  checkKeys(ctx, path, params);
  return params;
}

function checkPlaceholders(ctx: BuildContext, path: RawPath, raw: RawEndpoint, inPath: readonly string[]): void {
  const declared = Object.keys(raw.params ?? {});
  const seen = new Set<string>();
  for (const name of inPath) {
    if (seen.has(name)) ctx.report(M.duplicatePathParameter, [...path, 'path'], { name, path: raw.path });
    seen.add(name);
    const given = own(raw.params, name);
    if (given === undefined) ctx.report(M.undeclaredPathParameter, [...path, 'path'], { name, path: raw.path, hint: didYouMean(name, declared) });
    else if (given.in !== undefined && given.in !== 'path') ctx.report(M.placeholderElsewhere, [...path, 'params', name, 'in'], { name, path: raw.path, where: given.in });
  }
}

function buildParam(ctx: BuildContext, path: RawPath, name: string, raw: RawParam, inPath: boolean, template: string, typeNames: ReadonlySet<string>): Param {
  const where: ParamLocation = raw.in ?? 'path';
  if (where === 'path' && !inPath) ctx.report(M.extraPathParameter, path, { name, path: template }, 'key');
  if (where === 'path' && raw.required === false) ctx.report(M.optionalPathParameter, [...path, 'required'], { name });
  if ((where === 'header' || where === 'cookie') && !TOKEN.test(name)) ctx.report(M.parameterNameNotToken, path, { name, where }, 'key');
  if (where === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) ctx.report(M.ownedHeader, path, { name }, 'key');
  const style = styleOf(ctx, path, where, raw.style);
  if (raw.allowReserved !== undefined && where !== 'query') ctx.report(M.parameterKeyMisplaced, [...path, 'allowReserved'], { key: 'allowReserved', applies: 'query parameters' }, 'key');
  if (raw.idempotencyKey === true && where !== 'header') ctx.report(M.parameterKeyMisplaced, [...path, 'idempotencyKey'], { key: 'idempotencyKey', applies: 'header parameters' }, 'key');
  // A path parameter without a type is a string, as it always was.
  const spec = raw.type === undefined && raw.const === undefined ? { ...raw, type: 'string' } : raw;
  return {
    name,
    key: raw.key ?? inputKey(name),
    in: where,
    type: buildTypeRef(ctx, path, spec, typeNames),
    required: where === 'path' || raw.required === true,
    style,
    explode: raw.explode ?? defaultExplode(style),
    allowReserved: raw.allowReserved ?? false,
    idempotencyKey: raw.idempotencyKey === true && where === 'header',
    secret: raw.secret ?? false,
    default: raw.default as JsonValue | undefined,
    description: raw.description,
    deprecated: deprecation(raw.deprecated),
    loc: ctx.loc(path, 'key'),
  };
}

function styleOf(ctx: BuildContext, path: RawPath, where: ParamLocation, given: RawParamStyle | undefined): ParamStyle {
  const allowed = STYLES[where];
  const fallback = defaultStyle(where);
  if (given === undefined) return fallback;
  if (allowed.includes(given)) return given;
  ctx.report(M.styleNotAllowed, [...path, 'style'], { style: given, where, allowed: allowed.join(', ') });
  return fallback;
}

/** Keys are the input's; header names are one name whatever their case. */
function checkKeys(ctx: BuildContext, path: RawPath, params: readonly Param[]): void {
  const keys = new Map<string, Param>();
  const headers = new Map<string, Param>();
  for (const p of params) {
    const at: RawPath = [...path, 'params', p.name];
    if (RESERVED_INPUT_KEYS.includes(p.key)) ctx.report(M.reservedParameterName, at, { name: p.key, reserved: RESERVED_INPUT_KEYS }, 'key');
    const first = keys.get(p.key);
    if (first !== undefined) ctx.report(M.parameterKeyCollision, at, { name: p.name, key: p.key, first: first.name }, 'key');
    else keys.set(p.key, p);
    if (p.in !== 'header') continue;
    const folded = p.name.toLowerCase();
    const same = headers.get(folded);
    if (same !== undefined) ctx.report(M.duplicateHeaderParameter, at, { name: p.name, first: same.name }, 'key');
    else headers.set(folded, p);
  }
}
