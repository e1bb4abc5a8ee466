/**
 * The OpenAPI 3.1 document of a contract, as plain data, built from the model only. Keys come in
 * a fixed order and lists in contract order, so the same contract always gives the same document.
 * Contract-wide facts OpenAPI has no place for (categories, policies, support, environments) are
 * kept as top-level `x-contractgen-*` extensions.
 */
import { knowledge } from '../model/knowledge.js';
import { formatStatus } from '../model/values.js';
import type { Contract, Policy, SupportRule } from '../model/types.js';
import { errorResponseComponents } from './error-responses.js';
import { flag, nonEmpty, paragraphs, type JsonObject } from './json.js';
import { buildPaths } from './operations.js';
import { typeSchemas } from './schemas.js';
import { securitySchemes } from './security.js';
import { primaryHost, serversByHost } from './servers.js';
import { errorSchemas } from './shapes.js';
import { webhookItems } from './webhooks.js';

export const OPENAPI_VERSION = '3.1.0';

export function buildOpenApi(contract: Contract): JsonObject {
  const primary = primaryHost(contract);
  const servers = serversByHost(contract);
  const { paths, omitted } = buildPaths({ contract, primaryHost: primary?.name, servers });
  const webhooks = webhookItems(contract.webhooks, knowledge(contract));
  return {
    openapi: OPENAPI_VERSION,
    info: info(contract),
    servers: primary === undefined ? undefined : servers.get(primary.name),
    tags: contract.hosts.map((h) => ({ name: h.name, description: h.description, 'x-contractgen-url': h.url })),
    paths,
    webhooks: webhooks.webhooks,
    components: {
      schemas: { ...typeSchemas(contract.types, knowledge(contract)), ...errorSchemas(contract) },
      responses: errorResponseComponents(contract),
      securitySchemes: securitySchemes(contract),
    },
    // Server variables as the contract writes them: OpenAPI's require a default the contract may not have.
    'x-contractgen-servers': contract.servers.length === 0 ? undefined : Object.fromEntries(contract.servers.map((s) => [s.name, { description: s.description, default: s.default, enum: s.enum === undefined ? undefined : [...s.enum] }])),
    'x-contractgen-environments': contract.environments.map((e) => ({
      name: e.name,
      default: flag(e.isDefault),
      description: e.description,
      urls: Object.fromEntries(e.urls.map((u) => [u.host, u.url])),
      notShown: nonEmpty(e.notShown),
    })),
    'x-contractgen-categories': contract.categories.length === 0 ? undefined : Object.fromEntries(contract.categories.map((c) => [c.name, { description: c.description, retryable: c.retryable }])),
    'x-contractgen-status-categories': contract.statusCategories.length === 0 ? undefined : Object.fromEntries(contract.statusCategories.map((r) => [formatStatus(r.status), r.category])),
    'x-contractgen-policies': contract.policies.length === 0 ? undefined : Object.fromEntries(contract.policies.map((p) => [p.name, policy(p)])),
    'x-contractgen-support': contract.support === undefined ? undefined : support(contract.support),
    'x-contractgen-omitted': nonEmpty(omitted),
    'x-contractgen-endpoints': contractOrder(contract, paths),
    'x-contractgen-webhooks': webhooks.extension,
  };
}

/** The operations in contract order, where the paths object (grouped by path) lists them otherwise. */
function contractOrder(contract: Contract, paths: JsonObject): readonly string[] | undefined {
  const written: string[] = [];
  for (const item of Object.values(paths)) for (const op of Object.values(item as JsonObject)) written.push(String((op as JsonObject)['operationId']));
  const order = contract.endpoints.map((e) => e.id).filter((id) => written.includes(id));
  return order.every((id, i) => written[i] === id) ? undefined : order;
}

function info(contract: Contract): JsonObject {
  const { title, version, description, notShown, packageName, packageVersion, license, repository, packageDescription } = contract.info;
  const gaps = notShown.length === 0 ? undefined : `Not shown by the source:\n\n${notShown.map((n) => `- ${n}`).join('\n')}`;
  return {
    title,
    version,
    description: paragraphs([description, gaps]),
    'x-contractgen-package': packageName,
    // The client package's identity, not the API's (OpenAPI's info.license is the API's).
    'x-contractgen-package-version': packageVersion,
    'x-contractgen-license': license,
    'x-contractgen-repository': repository,
    'x-contractgen-package-description': packageDescription,
    'x-contractgen-not-shown': nonEmpty(notShown),
  };
}

function policy(p: Policy): JsonObject {
  return {
    description: p.description,
    category: p.category,
    restrictions: p.restrictions.map((r) => ({ name: r.name, liftedBy: r.liftedBy, retryLater: r.retryLater, note: r.note })),
  };
}

function support(s: SupportRule): JsonObject {
  return { contact: s.contact, description: s.description, reportOn: s.reportOn.map(formatStatus), include: s.include };
}
