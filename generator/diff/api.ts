/**
 * The TypeScript impact of a contract change: the generated package's public API (what its entry
 * point exports) before and after, member by member, each change judged by what consumers do
 * with the export (api-roles.ts, api-judge.ts). Only the declarations of the entry point and the
 * modules it re-exports are generated for it, from each side's model as loaded; the runtime's
 * declarations are the tool's own, read as shipped.
 */
import { readFileSync } from 'node:fs';
import { publicDeclarations } from '../emit/main-entry.js';
import { MODULE } from '../emit/names.js';
import type { Contract } from '../model/types.js';
import { shippedFile } from '../package-root.js';
import { exportRoles, roleAcross, type Role } from './api-roles.js';
import { Judge } from './api-judge.js';
import { Package, type Declaration } from './declarations.js';
import type { ApiChange } from './review.js';

/** The public API changes between the packages of two models. */
export function contractsApiDiff(before: Contract, after: Contract): ApiChange[] {
  return apiDiff(packageApi(before), packageApi(after));
}

/** A model's package, as the API review reads it: its public declarations and its exports' roles. */
export function packageApi(contract: Contract): PackageApi {
  return { files: publicDeclarations(contract), roles: exportRoles(contract) };
}

/** A package's declarations by module id (`index`, `client`; the runtime's are read as shipped), and its exports' roles. */
export interface PackageApi {
  readonly files: ReadonlyMap<string, string>;
  readonly roles: ReadonlyMap<string, Role>;
}

export function apiDiff(before: PackageApi, after: PackageApi): ApiChange[] {
  const [old, now] = [packageOf(before.files), packageOf(after.files)];
  const [eb, ea] = [old.exportsOf(MODULE.index), now.exportsOf(MODULE.index)];
  const judge = new Judge(old, now);
  const changes: ApiChange[] = [];
  // localeCompare's order, with one collator for all names (localeCompare makes one per call).
  const names = [...new Set([...eb.keys(), ...ea.keys()])].sort(new Intl.Collator().compare);
  for (const name of names) {
    const [b, a] = [eb.get(name), ea.get(name)];
    const role = roleAcross(before.roles, after.roles, name);
    if (a === undefined) changes.push({ export: name, change: 'removed', role, bump: 'major', reason: 'an export was removed', before: text(b ?? []) });
    else if (b === undefined) changes.push({ export: name, change: 'added', role, bump: 'minor', reason: 'an export was added', after: text(a) });
    else if (text(b) !== text(a)) {
      for (const d of judge.export(b, a, role)) {
        changes.push({ export: name, ...(d.path === '' ? {} : { member: d.path }), change: d.change, role, bump: d.bump, reason: d.reason, ...(d.before === undefined ? {} : { before: d.before }), ...(d.after === undefined ? {} : { after: d.after }) });
      }
    }
  }
  return changes;
}

const text = (list: readonly Declaration[]) => list.map((d) => d.text).join('\n');

const RUNTIME = new Set<string>(Object.values(MODULE.runtime));
const runtimeTexts = new Map<string, string | undefined>();

/** A generated package's modules: those given, and the runtime's declarations as the tool ships them. */
function packageOf(files: ReadonlyMap<string, string>): Package {
  return new Package((id) => files.get(id) ?? (RUNTIME.has(id) ? runtimeDeclarations(id) : undefined));
}

function runtimeDeclarations(id: string): string | undefined {
  if (!runtimeTexts.has(id)) {
    let text: string | undefined;
    try {
      text = readFileSync(shippedFile('generator', 'dist', 'templates', `${id.slice('runtime/'.length)}.d.ts`), 'utf8');
    } catch {
      text = undefined;
    }
    runtimeTexts.set(id, text);
  }
  return runtimeTexts.get(id);
}
