/**
 * Names the runtime looks up in tables (hosts, shapes, categories, …) or in the client's options
 * (server variables, credentials) must not be members every JavaScript object inherits
 * (`toString`, `constructor`, `__proto__`): a lookup would find the inherited member instead of
 * the contract's entry.
 */
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { OBJECT_PROTOTYPE_NAMES } from '../naming.js';
import type { BuildContext } from './context.js';
import type { Contract } from './types.js';


export function checkBuiltInNames(ctx: BuildContext, contract: Contract): void {
  const reject = (kind: string, name: string, path: readonly (string | number)[], at: 'key' | 'value' = 'key') => {
    if (OBJECT_PROTOTYPE_NAMES.has(name)) ctx.report(M.builtInName, path, { kind, name }, at);
  };
  for (const h of contract.hosts) reject('host', h.name, ['hosts', h.name]);
  for (const s of contract.shapes) reject('shape', s.name, ['shapes', s.name]);
  for (const c of contract.categories) reject('category', c.name, ['categories', c.name]);
  for (const p of contract.policies) reject('policy', p.name, ['policies', p.name]);
  for (const e of contract.environments) reject('environment', e.name, ['environments', e.name]);
  for (const e of contract.endpoints) reject('operation id', e.id, ['endpoints', e.id]);
  for (const s of contract.schemes) reject('auth scheme', s.name, ['auth', s.name]);
  for (const s of contract.webhooks?.schemes ?? []) reject('signature scheme', s.name, ['webhooks', 'signatures', s.name]);
  // Options of the client, read from the caller's object by name: a server variable or credential
  // named `constructor` would find Object's when left out, and could not be optional in its type.
  for (const v of contract.servers) reject('server variable', v.name, ['servers', v.name]);
  const auth = contract.auth;
  if (auth !== undefined) for (const g of auth.grants) for (const s of g.send) reject('credential', s.credential, ['auth', auth.name, 'grants', g.name, 'send', s.field], 'value');
  for (const h of contract.hosts) {
    h.messages?.rows.forEach((r, i) => reject('message row id', r.id, ['hosts', h.name, 'errors', 'messages', 'rows', i, 'id'], 'value'));
  }
}
