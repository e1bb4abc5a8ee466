/**
 * Stage 3: the schema-valid contract becomes the typed model. References are resolved (and
 * reported when they dangle), defaults applied, and each endpoint's error handling computed.
 */
import { createHash } from 'node:crypto';
import { SEMVER, type RawContract, type RawEnvironment, type RawHost } from '../contract-format.js';
import { buildSchemes, checkAuthFields } from './build-auth.js';
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { hasErrors, type Diagnostic } from '../diagnostics.js';
import type { Incremental } from '../incremental.js';
import type { ParsedContract } from '../load/parse.js';
import { buildEndpoints, checkJsonFields, checkStreamSelectors } from './build-endpoints.js';
import { buildCategories, buildCodeTable, buildMessageTable, buildPolicies, buildShapes, buildStatusCategories, checkName } from './build-errors.js';
import { buildTypes } from './build-types.js';
import { buildWebhooks } from './build-webhooks.js';
import { checkBuiltInNames } from './check-builtins.js';
import { checkMessageExamples } from './check-messages.js';
import { reportNoFiniteValue } from './finite-values.js';
import { reportBytesInJson } from './json-bytes.js';
import { own } from '../records.js';
import { BuildContext, entries, notShownList } from './context.js';
import { knowledge } from './knowledge.js';
import type { Contract, Environment, Host, ServerVariable, StatusCategoryRule, SupportRule, TypeRef } from './types.js';
import { parseStatus, placeholders } from './values.js';

export interface BuildResult {
  readonly contract: Contract;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * A whole-contract check a later stage adds (the emitters' name-collision check): it runs on the
 * built model, before the message examples, which only run on a contract without errors.
 */
export type ModelCheck = (ctx: BuildContext, contract: Contract) => void;

/** `parsed.data` must already have passed the schema. */
export function buildModel(parsed: ParsedContract, incremental?: Incremental, checks: readonly ModelCheck[] = []): BuildResult {
  const raw = parsed.data as RawContract;
  const ctx = new BuildContext(parsed.file, parsed.locate, incremental);
  const types = buildTypes(ctx, raw.types);
  const typeNames = new Set(types.map((t) => t.name));
  const servers = buildServers(ctx, raw);
  const categories = buildCategories(ctx, raw.categories);
  const categoryNames = categories.map((c) => c.name);
  const statusCategories = buildStatusCategories(ctx, raw.statusCategories, categoryNames);
  const shapes = buildShapes(ctx, raw.shapes, typeNames);
  const shapeNames = shapes.map((s) => s.name);
  const policies = buildPolicies(ctx, raw.policies, categoryNames);
  const hostRefs = { servers: servers.map((s) => s.name), shapes: shapeNames, statusCategories, categories: categoryNames, policies: policies.map((p) => p.name) };
  const hosts = entries(raw.hosts).map(([name, h]) => buildHost(ctx, name, h, hostRefs));
  const environments = buildEnvironments(ctx, raw, hosts, hostRefs.servers);
  const support = buildSupport(ctx, raw);
  const { schemes, auth } = buildSchemes(ctx, raw.auth, { environments, shapes: shapeNames, endpoints: Object.keys(raw.endpoints ?? {}) });
  const endpoints = buildEndpoints(ctx, raw.endpoints ?? {}, {
    hostShapes: new Map(hosts.map((h) => [h.name, h.shapes])),
    typeNames,
    shapes: shapeNames,
    categories: categoryNames,
    replayShape: auth?.unauthorized.replay === 'once' ? auth.unauthorized.shape : undefined,
    schemes: schemes.map((s) => s.name),
    tokenEndpoint: auth?.endpoint,
    supportReport: support !== undefined,
  });
  const contract: Contract = {
    file: parsed.file,
    hash: parsed.sha256 ?? createHash('sha256').update(parsed.source).digest('hex'),
    info: buildInfo(ctx, raw),
    outputs: { openapi: raw.outputs?.openapi ?? true, mocks: raw.outputs?.mocks ?? true, validators: raw.outputs?.validators ?? true, zod: raw.outputs?.zod ?? false, query: raw.outputs?.query ?? false, dates: raw.outputs?.dates ?? 'string' },
    servers,
    hosts,
    environments,
    types,
    shapes,
    categories,
    statusCategories,
    policies,
    support,
    schemes,
    auth,
    endpoints,
    webhooks: buildWebhooks(ctx, raw.webhooks, typeNames),
  };
  if (raw.endpoints === undefined && raw.webhooks === undefined) ctx.report(M.nothingToGenerate, [], {}, 'key');
  if (raw.endpoints !== undefined && raw.hosts === undefined) ctx.report(M.endpointsWithoutHosts, ['endpoints'], {}, 'key');
  if (auth !== undefined) checkAuthFields(ctx, contract, auth);
  checkBuiltInNames(ctx, contract);
  checkJsonFields(ctx, contract);
  checkStreamSelectors(ctx, contract);
  // What a body's types can hold: bytes only where the media type carries them, and a value at all.
  reportBytesInJson(ctx, knowledge(contract).bytesInJson);
  reportNoFiniteValue(ctx, knowledge(contract).finiteValues.cycles);
  for (const check of checks) check(ctx, contract);
  // Examples resolve against request types: with dangling references they would only echo errors.
  if (!hasErrors(ctx.diagnostics)) checkMessageExamples(ctx, contract);
  return { contract, diagnostics: ctx.diagnostics };
}

function buildInfo(ctx: BuildContext, raw: RawContract): Contract['info'] {
  const { title, version, package: packageName, packageVersion, license, repository, packageDescription, description, notShown } = raw.info;
  // npm refuses a package whose version is not semver (`2.1`): the API's version is any string.
  const derived = packageVersion ?? (SEMVER.test(version) ? version : undefined);
  if (derived === undefined) ctx.report(M.packageVersionDefaulted, ['info', 'version'], { version });
  return { title, version, packageName, packageVersion: derived ?? '0.0.0', license, repository, packageDescription, description, notShown: notShownList(notShown), loc: ctx.loc(['info'], 'key') };
}

function buildServers(ctx: BuildContext, raw: RawContract): ServerVariable[] {
  return entries(raw.servers).map(([name, s]) => {
    if (s.default !== undefined && s.enum !== undefined && !s.enum.includes(s.default)) ctx.report(M.serverDefaultNotInEnum, ['servers', name, 'default'], { name, value: s.default });
    return { name, description: s.description, default: s.default, enum: s.enum === undefined ? undefined : [...s.enum], loc: ctx.loc(['servers', name], 'key') };
  });
}

interface HostRefs {
  readonly servers: readonly string[];
  readonly shapes: readonly string[];
  readonly statusCategories: readonly StatusCategoryRule[];
  readonly categories: readonly string[];
  readonly policies: readonly string[];
}

function buildHost(ctx: BuildContext, name: string, raw: RawHost, refs: HostRefs): Host {
  const path = ['hosts', name];
  checkUrlTemplate(ctx, [...path, 'url'], raw.url, refs.servers);
  const shapes = (raw.errors?.shapes ?? []).filter((s, i) => checkName(ctx, [...path, 'errors', 'shapes', i], s, refs.shapes, M.unknownShape));
  return {
    name,
    description: raw.description,
    url: raw.url,
    shapes,
    codes: buildCodeTable(ctx, [...path, 'errors', 'codes'], raw.errors?.codes, refs.shapes, refs.statusCategories, refs.categories),
    messages: buildMessageTable(ctx, [...path, 'errors', 'messages'], raw.errors?.messages, refs),
    loc: ctx.loc(path, 'key'),
  };
}

function checkUrlTemplate(ctx: BuildContext, path: readonly (string | number)[], url: string, servers: readonly string[]): void {
  for (const variable of placeholders(url)) checkName(ctx, path, variable, servers, M.unknownServerVariable);
}

function buildEnvironments(ctx: BuildContext, raw: RawContract, hosts: readonly Host[], servers: readonly string[]): Environment[] {
  const declared = entries(raw.environments);
  const fallback: [string, RawEnvironment][] = [['default', { default: true }]];
  const list = declared.length > 0 ? declared : fallback;
  const defaults = list.filter(([, e]) => e.default === true);
  defaults.slice(1).forEach(([name]) => ctx.report(M.secondDefaultEnvironment, ['environments', name, 'default'], { name }));
  const defaultName = defaults[0]?.[0] ?? list[0]?.[0];
  return list.map(([name, env]) => {
    const path = ['environments', name];
    for (const [host, url] of entries(env.urls)) {
      checkName(ctx, [...path, 'urls', host], host, hosts.map((h) => h.name), M.unknownHost, 'key');
      checkUrlTemplate(ctx, [...path, 'urls', host], url, servers);
    }
    const urls = hosts.map((h) => ({ host: h.name, url: own(env.urls, h.name) ?? h.url }));
    const variables = [...new Set(urls.flatMap((u) => placeholders(u.url)))];
    return { name, description: env.description, isDefault: name === defaultName, urls, variables, notShown: notShownList(env.notShown), loc: ctx.loc(path, 'key') };
  });
}

function buildSupport(ctx: BuildContext, raw: RawContract): SupportRule | undefined {
  const s = raw.support;
  if (s === undefined) return undefined;
  return {
    contact: s.contact,
    description: s.description,
    reportOn: s.reportOn.map(parseStatus),
    include: [...(s.include ?? ['request', 'response', 'timestamp'])],
    loc: ctx.loc(['support'], 'key'),
  };
}

