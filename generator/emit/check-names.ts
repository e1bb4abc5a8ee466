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
import { endpointNames } from './names.js';
import type { NameScope, OutputDescriptor } from './output.js';
import { OUTPUTS } from './outputs.js';

/** Names an exported function of an ES module cannot take, and why. */
const UNFIT_FUNCTION_NAMES: ReadonlyMap<string, string> = new Map([
  ['eval', 'strict-mode code (every module) cannot bind eval'],
  ['arguments', 'strict-mode code (every module) cannot bind arguments'],
  ['then', "an exported 'then' makes the module thenable, so `await import()` of the package would call it"],
]);

const PACKAGE = 'the generated package itself';

/** Reports every name collision in the scopes of the outputs this contract's package carries. */
export function checkGeneratedNames(ctx: BuildContext, contract: Contract, outputs: readonly OutputDescriptor[] = OUTPUTS): void {
  // Two elements collide in several scopes alike (their names share a stem): report the pair once.
  const reported = new Set<string>();
  for (const output of outputs) {
    if (!output.enabled(contract)) continue;
    for (const scope of output.names(contract)) checkScope(ctx, scope, reported);
  }
  for (const endpoint of distinctEndpoints(contract)) {
    const unfit = UNFIT_FUNCTION_NAMES.get(endpointNames.operation(endpoint.id));
    if (unfit !== undefined) ctx.report(M.unfitOperation, ['endpoints', endpoint.id], { id: endpoint.id, why: unfit }, 'key');
  }
}

function checkScope(ctx: BuildContext, scope: NameScope, reported: Set<string>): void {
  const owners = new Map<string, string>(scope.reserved.map((n) => [n, PACKAGE]));
  const earlier = new Set(reported);
  for (const { name, owner, path } of scope.claims) {
    const previous = owners.get(name);
    if (previous === undefined) {
      owners.set(name, owner);
      continue;
    }
    const pair = `${owner}\u0000${previous}`;
    reported.add(pair);
    if (!earlier.has(pair)) ctx.report(M.nameCollision, path, { owner, name, previous }, 'key');
  }
}
