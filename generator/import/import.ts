/**
 * `contractgen import`: an OpenAPI 3.0, 3.1 or 3.2 description as a contract. Each part of the
 * description is read by its own module (schemas, servers, security, operations, errors); this
 * one checks what the document is and puts the contract together.
 */
import { SEMVER } from '../contract-format.js';
import { setOwn } from '../records.js';
import { ImportContext, isObject, text, type ImportWarning, type Json, type JsonObject, type Out, type OutValue } from './context.js';
import { exported, exportedEnvironments, exportedHostErrors, exportedHosts, exportedInfo, exportedShapes, isContractgenExport, isErrorSchemaName } from './exported.js';
import { ErrorShapes, statusCategories } from './errors.js';
import { importOperations } from './operations.js';
import { SchemaTypes, typeRef } from './schemas.js';
import { Security } from './security.js';
import { packageName } from './package-name.js';
import { Hosts, serverParts } from './servers.js';
import { importWebhooks } from './webhooks.js';

export interface ImportOptions {
  /** The generated package's name (default: from the title). */
  readonly packageName?: string;
  /** Names not to give (a first import's names that generate colliding exports). */
  readonly avoid?: AvoidNames;
}

export interface AvoidNames {
  readonly types: ReadonlySet<string>;
  readonly endpoints: ReadonlySet<string>;
  readonly hosts: ReadonlySet<string>;
}

const NOTHING: ReadonlySet<string> = new Set();

export type ImportResult =
  | { readonly ok: true; readonly contract: Out; readonly warnings: readonly ImportWarning[]; readonly origins: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly problem: string; readonly pointer: string; readonly nothing?: true };

export function importOpenApi(doc: unknown, options: ImportOptions = {}): ImportResult {
  if (!isObject(doc)) return { ok: false, problem: 'an OpenAPI description is a mapping with an `openapi` key', pointer: '' };
  const version = doc['openapi'];
  if (typeof version !== 'string' || !/^3\.[012]\./.test(version)) {
    if (doc['swagger'] !== undefined) return { ok: false, problem: 'this is a Swagger 2.0 description: convert it to OpenAPI 3 first (for example with `npx swagger2openapi`)', pointer: '/swagger' };
    return { ok: false, problem: `expected an OpenAPI 3.0, 3.1 or 3.2 description, found openapi: ${JSON.stringify(version ?? null)}`, pointer: '/openapi' };
  }
  const fromContractgen = isContractgenExport(doc);
  const ctx = new ImportContext(doc, fromContractgen);
  // The export's error schemas are shapes and host errors, read from their extensions: not types.
  const types = new SchemaTypes(ctx, options.avoid?.types ?? NOTHING, fromContractgen ? isErrorSchemaName : () => false);
  types.convertAll();
  const hosts = new Hosts(ctx, options.avoid?.hosts ?? NOTHING);
  const security = new Security(ctx);
  const errors = new ErrorShapes(ctx, types, fromContractgen);
  const exportedHostNames = fromContractgen ? new Set(Object.keys(exportedHosts(doc))) : undefined;
  const endpoints = importOperations({ ctx, types, hosts, security, errors, exportedHosts: exportedHostNames }, options.avoid?.endpoints ?? NOTHING);
  const webhooks = importWebhooks(ctx, types);
  if (Object.keys(endpoints).length === 0 && webhooks === undefined) return { ok: false, problem: 'the description has neither an operation nor a webhook the contract format can hold', pointer: '/paths', nothing: true };
  const assembled = assemble({ info: info(ctx, options), hosts, security, errors, types, endpoints, webhooks });
  const exportedPart = fromContractgen ? exportedParts(doc, options, (schema, path) => typeRef(ctx, types, schema, path, 0)) : undefined;
  const contract = exportedPart === undefined ? assembled : { ...assembled, ...exportedPart, ...(assembled['endpoints'] === undefined ? { hosts: undefined, servers: undefined, environments: undefined } : {}) };
  return { ok: true, contract: withoutUndefined(contract) as Out, warnings: ctx.warnings, origins: ctx.origins };
}

interface Parts {
  readonly info: Out;
  readonly hosts: Hosts;
  readonly security: Security;
  readonly errors: ErrorShapes;
  readonly types: SchemaTypes;
  readonly endpoints: Out;
  readonly webhooks: Out | undefined;
}

function assemble(parts: Parts): Out {
  // A description of webhooks alone: the contract has no client side (hosts, errors, auth).
  if (Object.keys(parts.endpoints).length === 0) return { contractgen: 1, info: parts.info, types: Object.keys(parts.types.types).length === 0 ? undefined : parts.types.types, webhooks: parts.webhooks };
  const { servers, hosts, environments } = serverParts(parts.hosts);
  for (const [name, host] of Object.entries(hosts as Out)) (host as Out)['errors'] = parts.errors.hostErrors(name);
  const { categories, statusCategories: byStatus } = statusCategories();
  return {
    contractgen: 1,
    info: parts.info,
    servers,
    hosts,
    shapes: Object.keys(parts.errors.shapes).length === 0 ? undefined : parts.errors.shapes,
    categories,
    statusCategories: byStatus,
    environments,
    auth: Object.keys(parts.security.schemes).length === 0 ? undefined : parts.security.schemes,
    types: Object.keys(parts.types.types).length === 0 ? undefined : parts.types.types,
    endpoints: parts.endpoints,
    webhooks: parts.webhooks,
  };
}

/** What a document `contractgen openapi` wrote holds in its extensions, as the contract wrote it. */
function exportedParts(doc: JsonObject, options: ImportOptions, body: (schema: Json, path: readonly (string | number)[]) => OutValue): Out {
  const hosts = exportedHosts(doc);
  for (const [name, host] of Object.entries(hosts)) (host as Out)['errors'] = exportedHostErrors(doc, name);
  const info = exportedInfo(doc);
  return {
    info: options.packageName === undefined ? info : { ...info, package: options.packageName },
    servers: exported(doc, 'servers'),
    hosts,
    environments: exportedEnvironments(doc, hosts),
    categories: exported(doc, 'categories'),
    statusCategories: exported(doc, 'status-categories'),
    policies: exported(doc, 'policies'),
    support: exported(doc, 'support'),
    shapes: exportedShapes(doc, body),
  };
}

function info(ctx: ImportContext, options: ImportOptions): Out {
  const given = isObject(ctx.doc['info']) ? ctx.doc['info'] : {};
  // What the contract says of the API as a whole (no-auth-scheme, package-version) points at the description's info.
  if (isObject(ctx.doc['info'])) ctx.origin(['info'], ['info']);
  const title = text(given['title']) ?? 'API';
  const rawVersion = given['version'];
  const version = typeof rawVersion === 'number' ? String(rawVersion) : (text(rawVersion) ?? 'unversioned');
  const servers = Array.isArray(ctx.doc['servers']) ? ctx.doc['servers'] : [];
  const serverUrl = isObject(servers[0]) ? text(servers[0]['url']) : undefined;
  return { title: title.trim(), version, package: options.packageName ?? packageName(title, serverUrl), packageVersion: packageVersionOf(version), description: text(given['description']) };
}

/**
 * The package's version from the API's, where that is not semver already: `2016-11-15` →
 * `2016.11.15` (dates stay in order), `v1` → `1.0.0`, `2.1` → `2.1.0`. Undefined when the version
 * is semver (the model takes it) or cannot be read as one (the model says so).
 */
export function packageVersionOf(version: string): string | undefined {
  if (SEMVER.test(version)) return undefined;
  const date = /^(\d{4})-(\d{2})-(\d{2})(?:$|[^0-9])/.exec(version);
  if (date !== null) return [date[1], date[2], date[3]].map(Number).join('.');
  const numbers = /^[vV]?(\d{1,9})(?:\.(\d{1,9}))?(?:\.(\d{1,9}))?$/.exec(version);
  if (numbers === null) return undefined;
  return [numbers[1], numbers[2] ?? '0', numbers[3] ?? '0'].map(Number).join('.');
}

/** The contract as plain data: entries whose value is undefined are left out. */
export function withoutUndefined(value: OutValue): OutValue {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (!isObject(value)) return value;
  const out: Out = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) setOwn(out, k, withoutUndefined(v));
  return out;
}
