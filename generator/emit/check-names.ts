/**
 * Names the generated package will declare, checked before anything is emitted: two contract
 * elements that would produce the same export (hosts `api` and `Api`, a type named `Client`, an
 * endpoint named like its host) are reported where they are written, instead of producing a
 * package that does not compile or silently merges two interfaces.
 *
 * Each output declares the names of its module scopes (output.ts `names`), taken from the one
 * table of generated names (names.ts); this check reads them from the outputs' descriptors.
 */
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import type { BuildContext } from '../model/context.js';
import type { Contract } from '../model/types.js';
import { distinctEndpoints } from './main-entry.js';
import { endpointNames, typeNames } from './names.js';
import type { NameScope, OutputDescriptor } from './output.js';
import { OUTPUTS } from './outputs.js';

/** Names an exported value of an ES module (an operation function, an enum's value object) cannot take, and why. */
export const UNFIT_VALUE_NAMES: ReadonlyMap<string, string> = new Map([
  ['eval', 'strict-mode code (every module) cannot bind eval'],
  ['arguments', 'strict-mode code (every module) cannot bind arguments'],
  ['then', "an exported 'then' makes the module thenable, so `await import()` of the package would call it"],
]);

const PACKAGE = 'the generated package itself';

/** One element whose generated name another element (or the package itself) already takes. */
export interface NameCollision {
  readonly path: readonly (string | number)[];
  readonly owner: string;
  readonly name: string;
  readonly previous: string;
}

/** Reports every name collision in the scopes of the outputs this contract's package carries. */
export function checkGeneratedNames(ctx: BuildContext, contract: Contract, outputs: readonly OutputDescriptor[] = OUTPUTS): void {
  for (const c of nameCollisions(contract, outputs)) ctx.report(M.nameCollision, c.path, { owner: c.owner, name: c.name, previous: c.previous }, 'key');
  for (const endpoint of distinctEndpoints(contract)) {
    const unfit = UNFIT_VALUE_NAMES.get(endpointNames.operation(endpoint.id));
    if (unfit !== undefined) ctx.report(M.unfitOperation, ['endpoints', endpoint.id], { id: endpoint.id, why: unfit }, 'key');
  }
  // An enum is a type and a value object of its values (`Status.active`) under one name.
  for (const type of contract.types) {
    const unfit = type.kind === 'enum' ? UNFIT_VALUE_NAMES.get(typeNames.type(type.name)) : undefined;
    if (unfit !== undefined) ctx.report(M.unfitEnum, ['types', type.name], { name: type.name, why: unfit }, 'key');
  }
}

/** Every name collision, once per pair of elements (they collide in several scopes alike when their names share a stem). */
export function nameCollisions(contract: Contract, outputs: readonly OutputDescriptor[] = OUTPUTS): NameCollision[] {
  const reported = new Set<string>();
  const found: NameCollision[] = [];
  for (const output of outputs) {
    if (!output.enabled(contract)) continue;
    for (const scope of output.names(contract)) found.push(...scopeCollisions(scope, reported));
  }
  return found;
}

function scopeCollisions(scope: NameScope, reported: Set<string>): NameCollision[] {
  const owners = new Map<string, string>(scope.reserved.map((n) => [n, PACKAGE]));
  const earlier = new Set(reported);
  const found: NameCollision[] = [];
  for (const { name, owner, path } of scope.claims) {
    const previous = owners.get(name);
    if (previous === undefined) {
      owners.set(name, owner);
      continue;
    }
    const pair = `${owner}\u0000${previous}`;
    reported.add(pair);
    if (!earlier.has(pair)) found.push({ path, owner, name, previous });
  }
  return found;
}
