/**
 * Names the generated package will declare, checked before anything is emitted: two contract
 * elements that would produce the same export (hosts `api` and `Api`, a type named `Client`, an
 * endpoint named like its host) are reported where they are written, instead of producing a
 * package that does not compile or silently merges two interfaces.
 */
import { ENDPOINT_TYPE_NAMES, endpointNames, hostNames, RESERVED_EXPORTS, typeNames } from '../emit/names.js';
import type { BuildContext } from './context.js';
import type { Contract } from './types.js';

/** Names an exported function of an ES module cannot take, and why. */
const UNFIT_FUNCTION_NAMES: ReadonlyMap<string, string> = new Map([
  ['eval', 'strict-mode code (every module) cannot bind eval'],
  ['arguments', 'strict-mode code (every module) cannot bind arguments'],
  ['then', "an exported 'then' makes the module thenable, so `await import()` of the package would call it"],
]);

/** Identifiers that would find inherited members where the runtime looks names up. */
const BUILT_IN = new Set(Object.getOwnPropertyNames(Object.prototype));

export function checkNames(ctx: BuildContext, contract: Contract): void {
  const owners = new Map<string, string>(RESERVED_EXPORTS.map((n) => [n, 'the generated package itself']));
  const claim = (name: string, owner: string, path: readonly (string | number)[]) => {
    const previous = owners.get(name);
    if (previous === undefined) owners.set(name, owner);
    else ctx.error('name-collision', path, `${owner} would generate the export '${name}', which ${previous} already generates; rename one of them`, 'key');
  };
  for (const type of contract.types) {
    const path = ['types', type.name];
    claim(typeNames.type(type.name), `type '${type.name}'`, path);
    if (type.kind === 'enum') claim(typeNames.enumValues(type.name), `enum '${type.name}'`, path);
    else if (type.requiredWhen.length > 0 || type.together.length > 0) {
      claim(typeNames.fields(type.name), `type '${type.name}'`, path);
      for (let i = 1; i <= type.requiredWhen.length + type.together.length; i++) claim(typeNames.rule(type.name, i), `type '${type.name}'`, path);
    }
  }
  for (const host of contract.hosts) {
    const path = ['hosts', host.name];
    for (const name of [hostNames.error, hostNames.shape, hostNames.code, hostNames.codes, hostNames.isCode, hostNames.decode]) claim(name(host.name), `host '${host.name}'`, path);
  }
  const folded = new Set<string>();
  for (const endpoint of contract.endpoints) {
    // Ids equal but for case are already reported as duplicate operation ids.
    const key = endpoint.id.toLowerCase().replace(/_/g, '');
    if (folded.has(key)) continue;
    folded.add(key);
    const path = ['endpoints', endpoint.id];
    for (const name of ENDPOINT_TYPE_NAMES) claim(name(endpoint.id), `endpoint '${endpoint.id}'`, path);
    // The endpoint's operation function.
    claim(endpointNames.operation(endpoint.id), `endpoint '${endpoint.id}'`, path);
    const unfit = UNFIT_FUNCTION_NAMES.get(endpointNames.operation(endpoint.id));
    if (unfit !== undefined) ctx.error('reserved-name', path, `operation id '${endpoint.id}' cannot name the package's operation function: ${unfit}; choose another name`, 'key');
  }
  checkBuiltInNames(ctx, contract);
}

/** Names the runtime looks up in tables must not be Object.prototype members (toString, constructor…). */
function checkBuiltInNames(ctx: BuildContext, contract: Contract): void {
  const reject = (kind: string, name: string, path: readonly (string | number)[], at: 'key' | 'value' = 'key') => {
    if (BUILT_IN.has(name)) ctx.error('reserved-name', path, `${kind} '${name}' is the name of a built-in JavaScript object member; choose another name`, at);
  };
  for (const h of contract.hosts) reject('host', h.name, ['hosts', h.name]);
  for (const s of contract.shapes) reject('shape', s.name, ['shapes', s.name]);
  for (const c of contract.categories) reject('category', c.name, ['categories', c.name]);
  for (const p of contract.policies) reject('policy', p.name, ['policies', p.name]);
  for (const e of contract.environments) reject('environment', e.name, ['environments', e.name]);
  for (const e of contract.endpoints) reject('operation id', e.id, ['endpoints', e.id]);
  for (const h of contract.hosts) {
    h.messages?.rows.forEach((r, i) => reject('message row id', r.id, ['hosts', h.name, 'errors', 'messages', 'rows', i, 'id'], 'value'));
  }
}
