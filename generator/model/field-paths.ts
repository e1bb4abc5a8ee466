/** Dotted request field paths of a type, as error messages name them. */
import type { Contract, Endpoint, NamedType, TypeRef } from './types.js';

const MAX_PATH_DEPTH = 8;

const typeIndex = new WeakMap<Contract, Map<string, NamedType>>();

export function fieldPaths(contract: Contract, ref: TypeRef): string[] {
  let byName = typeIndex.get(contract);
  if (byName === undefined) typeIndex.set(contract, (byName = new Map(contract.types.map((t) => [t.name, t]))));
  const out: string[] = [];
  walk(ref, '', new Set(), byName, out);
  return out;
}

function walk(ref: TypeRef, prefix: string, visiting: Set<string>, byName: ReadonlyMap<string, NamedType>, out: string[]): void {
  if (prefix.split('.').length > MAX_PATH_DEPTH) return;
  if (ref.kind === 'array') return walk(ref.items, prefix, visiting, byName, out);
  if (ref.kind === 'primitive') return;
  if (ref.kind === 'named') {
    const type = byName.get(ref.name);
    if (type === undefined || type.kind !== 'object' || visiting.has(type.name)) return;
    visiting.add(type.name);
    walkFields(type.fields, prefix, visiting, byName, out);
    visiting.delete(type.name);
    return;
  }
  walkFields(ref.fields, prefix, visiting, byName, out);
}

function walkFields(fields: readonly { name: string; type: TypeRef }[], prefix: string, visiting: Set<string>, byName: ReadonlyMap<string, NamedType>, out: string[]): void {
  for (const field of fields) {
    const path = prefix === '' ? field.name : `${prefix}.${field.name}`;
    if (!out.includes(path)) out.push(path);
    walk(field.type, path, visiting, byName, out);
  }
}

/** Every request field path of the endpoints on a host, for resolving that host's messages. */
export function hostRequestPaths(contract: Contract, host: string): string[] {
  const paths = new Set<string>();
  for (const endpoint of contract.endpoints.filter((e: Endpoint) => e.host === host)) {
    if (endpoint.request !== undefined) for (const p of fieldPaths(contract, endpoint.request.body)) paths.add(p);
  }
  return [...paths];
}
