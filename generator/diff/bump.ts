/**
 * `diff --bump`: the generated package's version raised by the bump a change needs, written into
 * the new contract's `info.packageVersion` with one edit of its text (comments and layout kept).
 * A version already at or above the bump is left; one below the old version is refused.
 */
import type { Document } from 'yaml';
import { SEMVER } from '../contract-format.js';
import { YAML_PARSE_OPTIONS, yamlLib } from '../load/yaml-lib.js';
import type { Bump } from './review.js';

type Triple = readonly [number, number, number];

function parts(version: string): Triple | undefined {
  const m = SEMVER.exec(version);
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])];
}

/** Orders versions by major.minor.patch; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  if (x === undefined || y === undefined) return a.localeCompare(b);
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  const [pa, pb] = [a.includes('-'), b.includes('-')];
  return pa === pb ? 0 : pa ? -1 : 1;
}

/** `version` raised by `bump`; before 1.0.0 a breaking change raises the minor, as npm's `^0.x` ranges expect. */
export function raised(version: string, bump: Bump): string {
  const p = parts(version);
  if (p === undefined || bump === 'none') return version;
  const [major, minor, patch] = p;
  const effective = major === 0 && bump === 'major' ? 'minor' : major === 0 && bump === 'minor' ? 'patch' : bump;
  if (effective === 'major') return `${major + 1}.0.0`;
  if (effective === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

export type BumpPlan =
  | { readonly kind: 'none' }
  | { readonly kind: 'already'; readonly current: string; readonly wanted: string }
  | { readonly kind: 'downgrade'; readonly current: string; readonly old: string }
  | { readonly kind: 'write'; readonly current: string; readonly wanted: string };

/** What `--bump` does with the new contract's version, given the old one and the bump the review recommends. */
export function planBump(oldVersion: string, current: string, bump: Bump): BumpPlan {
  if (compareVersions(current, oldVersion) < 0) return { kind: 'downgrade', current, old: oldVersion };
  if (bump === 'none') return { kind: 'none' };
  const wanted = raised(oldVersion, bump);
  return compareVersions(current, wanted) >= 0 ? { kind: 'already', current, wanted } : { kind: 'write', current, wanted };
}

/** The contract's text with `info.packageVersion` set to `version` (replaced, or added after `package`); undefined when `info.package` cannot be found. */
export function withPackageVersion(source: string, version: string): string | undefined {
  const { parseDocument, isMap, isScalar } = yamlLib();
  const doc: Document = parseDocument(source, YAML_PARSE_OPTIONS);
  const given = doc.getIn(['info', 'packageVersion'], true);
  if (isScalar(given) && given.range !== undefined && given.range !== null) return `${source.slice(0, given.range[0])}${version}${source.slice(given.range[1])}`;
  const info = doc.get('info', true);
  const name = doc.getIn(['info', 'package'], true);
  if (!isMap(info) || !isScalar(name) || name.range === undefined || name.range === null) return undefined;
  const end = name.range[1];
  if (info.flow === true) return `${source.slice(0, end)}, packageVersion: ${version}${source.slice(end)}`;
  const lineStart = source.lastIndexOf('\n', name.range[0]) + 1;
  const indent = /^[ \t]*/.exec(source.slice(lineStart))?.[0] ?? '  ';
  const lineEnd = source.indexOf('\n', end);
  const at = lineEnd === -1 ? source.length : lineEnd;
  return `${source.slice(0, at)}\n${indent}packageVersion: ${version}${source.slice(at)}`;
}
