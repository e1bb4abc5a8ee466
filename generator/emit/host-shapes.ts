import type { Contract, Host } from '../model/types.js';

const cache = new WeakMap<Contract, Map<string, string[]>>();

/**
 * Shapes a host can answer with: its own, plus any an endpoint on it adds (e.g. the token
 * endpoint's invalid_client). The decoder recognises exactly these, so types and behaviour agree.
 */
export function hostShapes(contract: Contract, host: Host): string[] {
  let byHost = cache.get(contract);
  if (byHost === undefined) cache.set(contract, (byHost = new Map()));
  const known = byHost.get(host.name);
  if (known !== undefined) return known;
  const shapes = [...host.shapes];
  for (const e of contract.endpoints) if (e.host === host.name) for (const s of e.errors.shapes) if (!shapes.includes(s)) shapes.push(s);
  byHost.set(host.name, shapes);
  return shapes;
}
