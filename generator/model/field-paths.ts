/** Dotted request field paths of a type, as error messages name them. */
import type { Contract, Endpoint, NamedType, TypeRef } from './types.js';

const MAX_PATH_DEPTH = 8;

const typeIndex = new WeakMap<Contract, Map<string, NamedType>>();
const byHost = new WeakMap<Contract, Map<string, readonly string[]>>();

/**
 * Paths kept per reference with the named types the walk read: still valid while each name
 * resolves to the same type object. A watch session reuses unchanged model objects, so an
 * edit walks only the references it touched.
 */
const byRef = new WeakMap<TypeRef, { readonly read: ReadonlyMap<string, NamedType | undefined>; readonly paths: string[] }>();

/** Tables, checks and mocks all ask, per endpoint and per host. */
export function fieldPaths(contract: Contract, ref: TypeRef): string[] {
  let byName = typeIndex.get(contract);
  if (byName === undefined) typeIndex.set(contract, (byName = new Map(contract.types.map((t) => [t.name, t]))));
  const kept = byRef.get(ref);
  if (kept !== undefined && [...kept.read].every(([name, type]) => byName.get(name) === type)) return [...kept.paths];
  const types: ReadonlyMap<string, NamedType> = byName;
  const read = new Map<string, NamedType | undefined>();
  const lookup: TypeLookup = {
    get(name) {
      if (!read.has(name)) read.set(name, types.get(name));
      return read.get(name);
    },
  };
  const out: Paths = { seen: new Set(), out: [] };
  walk(ref, '', new Set(), lookup, out);
  byRef.set(ref, { read, paths: out.out });
  return [...out.out];
}

interface TypeLookup {
  get(name: string): NamedType | undefined;
}

interface Paths {
  readonly seen: Set<string>;
  readonly out: string[];
}

function walk(ref: TypeRef, prefix: string, visiting: Set<string>, byName: TypeLookup, out: Paths): void {
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

function walkFields(fields: readonly { name: string; type: TypeRef }[], prefix: string, visiting: Set<string>, byName: TypeLookup, out: Paths): void {
  for (const field of fields) {
    const path = prefix === '' ? field.name : `${prefix}.${field.name}`;
    if (!out.seen.has(path)) {
      out.seen.add(path);
      out.out.push(path);
    }
    walk(field.type, path, visiting, byName, out);
  }
}

/** Every request field path of the endpoints on a host, for resolving that host's messages (kept per contract: do not modify). */
export function hostRequestPaths(contract: Contract, host: string): readonly string[] {
  let hosts = byHost.get(contract);
  if (hosts === undefined) byHost.set(contract, (hosts = new Map()));
  const known = hosts.get(host);
  if (known !== undefined) return known;
  const paths = new Set<string>();
  for (const endpoint of contract.endpoints.filter((e: Endpoint) => e.host === host)) {
    if (endpoint.request !== undefined) for (const p of fieldPaths(contract, endpoint.request.body)) paths.add(p);
  }
  const out = [...paths];
  hosts.set(host, out);
  return out;
}
