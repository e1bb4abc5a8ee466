/** A review of a contract change: findings classified by rule, the API impact, a version bump. */
import type { Contract, SourceLocation } from '../model/types.js';
import type { Role } from './api-roles.js';
import type { Change, OperationRef } from './change.js';
import { capitalised, phrase, plainText, type Phrase } from './phrase.js';
import { LEVELS, ruleFor, type Level, type Rule } from './rules.js';
import { structuralDiff } from './structural.js';

export interface Finding {
  readonly rule: string;
  readonly level: Level;
  readonly wire: Level;
  readonly source: Level;
  readonly area: string;
  readonly direction: string;
  /** The message as plain text, the contract's names and values as written: escape it for where it is shown. */
  readonly message: string;
  /** The same message in parts, the contract's text marked, so a report quotes exactly that (`generator/escape.ts`). */
  readonly parts: Phrase;
  readonly old?: SourceLocation;
  readonly new?: SourceLocation;
  /** The operation the finding concerns (as the new contract has it, or the old where it was removed); none for types used by several, auth, the API as a whole. */
  readonly operation?: OperationRef;
}

/** A change to the generated package's public API: an export, or one member of it (api.ts). */
export interface ApiChange {
  readonly export: string;
  /** The member that changed, as a property path (`body.image.version`, `["x-rate-limit"]`); absent when the export itself was added, removed or changed as a whole. */
  readonly member?: string;
  readonly change: 'added' | 'removed' | 'changed';
  /** What consumers do with the export: build and pass it (`input`), receive it (`output`), or both. */
  readonly role: Role;
  /** The bump this change needs on its own: `minor` only where consumers' code provably keeps compiling. */
  readonly bump: 'major' | 'minor';
  /** Why that bump, in the tool's own words. */
  readonly reason: string;
  /** The declaration (or member) before and after, comments dropped and whitespace collapsed. */
  readonly before?: string;
  readonly after?: string;
}

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface Review {
  readonly old: { readonly file: string; readonly version: string };
  readonly new: { readonly file: string; readonly version: string };
  readonly findings: readonly Finding[];
  readonly api: readonly ApiChange[];
  readonly summary: Readonly<Record<Level, number>>;
  readonly bump: Bump;
  /** The overlays applied to each side's description before import, as named (`<ref>:<file>` on the --base side), and why those. */
  readonly overlays?: OverlaySides;
}

export interface OverlaySides {
  readonly old: readonly string[];
  readonly new: readonly string[];
  /** The tool's own words: which revision's overlays each side takes, and the reason. */
  readonly why: string;
}

export function classify(changes: readonly Change[]): Finding[] {
  const findings: Finding[] = [];
  for (const change of changes) {
    const rule = ruleFor(change);
    if (rule === undefined) throw new Error(`no diff rule for ${change.area} ${change.action} ${change.aspect ?? ''} (${change.direction})`);
    findings.push(finding(rule, change));
  }
  const rank = (f: Finding) => LEVELS.indexOf(f.level);
  return findings.sort((a, b) => rank(a) - rank(b) || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message));
}

const NONE = phrase`none`;

function finding(rule: Rule, change: Change): Finding {
  const values = change.before !== undefined || change.after !== undefined ? phrase` (${change.before ?? NONE} → ${change.after ?? NONE})` : [];
  const parts = phrase`${capitalised(change.subject)}: ${description(rule)}${values}`;
  return {
    rule: rule.id,
    level: rule.level,
    wire: rule.wire,
    source: rule.source,
    area: rule.area,
    direction: change.direction,
    message: plainText(parts),
    parts,
    ...(change.oldLoc === undefined ? {} : { old: change.oldLoc }),
    ...(change.newLoc === undefined ? {} : { new: change.newLoc }),
    ...(change.operation === undefined ? {} : { operation: change.operation }),
  };
}

/** A rule's description: the tool's own words, from its rule table. */
function description(rule: Rule): Phrase {
  return [{ text: rule.description }];
}

export function review(before: Contract, after: Contract, api: readonly ApiChange[]): Review {
  const findings = classify(structuralDiff(before, after));
  const summary = { breaking: 0, warning: 0, info: 0 };
  for (const f of findings) summary[f.level]++;
  return {
    old: { file: before.file, version: before.info.version },
    new: { file: after.file, version: after.info.version },
    findings,
    api,
    summary,
    bump: recommendBump(findings, api),
  };
}

/**
 * Semantic version bump for the generated package: major when a finding is breaking (on the wire
 * or in source) or an API change may break consumers' code; minor for warnings, additions and API
 * changes that keep their code compiling (a new method, a response's new field); patch for the rest.
 */
export function recommendBump(findings: readonly Finding[], api: readonly ApiChange[]): Bump {
  if (findings.some((f) => f.level === 'breaking') || api.some((a) => a.bump === 'major')) return 'major';
  if (findings.some((f) => f.level === 'warning') || api.length > 0 || findings.some((f) => f.rule.endsWith('-added') || f.rule.includes('-added-'))) return 'minor';
  return findings.length > 0 ? 'patch' : 'none';
}
