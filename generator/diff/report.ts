/**
 * A review as text (terminals), markdown (a PR comment), JSON (machines) or GitHub annotations.
 * Findings are grouped by level, then by the operation they concern (types shared by several, auth
 * and the API as a whole last), so a review of a thousand findings reads operation by operation.
 * Contract text (names, values, versions, file names) enters each format through that format's
 * one function of `generator/escape.ts`; the rest is the tool's own words.
 */
import { jsonText, markdownCell, markdownCode, visibleText, workflowData, workflowProperty } from '../escape.js';
import type { SourceLocation } from '../model/types.js';
import { render } from './phrase.js';
import { LEVELS, type Level } from './rules.js';
import type { OperationRef } from './change.js';
import type { ApiChange, Finding, Review } from './review.js';

export type Format = 'text' | 'markdown' | 'json' | 'github';
export const FORMATS: readonly Format[] = ['text', 'markdown', 'json', 'github'];

export function formatReview(review: Review, format: Format): string {
  switch (format) {
    case 'text':
      return text(review);
    case 'markdown':
      return markdown(review);
    case 'json':
      return `${jsonText(review)}\n`;
    case 'github':
      return github(review);
  }
}

type Quote = (contractText: string) => string;

const where = (loc: SourceLocation | undefined, quote: Quote) => (loc === undefined ? undefined : quote(`${loc.file}:${loc.line}:${loc.col}`));

function locations(f: Finding, quote: Quote): string {
  return [where(f.old, quote), where(f.new, quote)].filter((x) => x !== undefined).join(' → ');
}

function summaryLine(review: Review): string {
  const { breaking, warning, info } = review.summary;
  const major = review.api.filter((a) => a.bump === 'major').length;
  return `${breaking} breaking, ${warning} warning, ${info} info; API: ${review.api.length} change(s), ${major} major; recommended bump: ${review.bump}`;
}

function axes(f: Finding): string {
  return f.wire === f.source ? '' : ` [wire: ${f.wire}, source: ${f.source}]`;
}

/** Which overlays each side took, and why: a line under each format's header. */
function overlaysLine(review: Review, quote: Quote): string[] {
  const o = review.overlays;
  if (o === undefined) return [];
  const names = (list: readonly string[]) => (list.length === 0 ? 'none' : list.map(quote).join(', '));
  return [`overlays: old side ${names(o.old)}; new side ${names(o.new)} (${o.why})`];
}

/** A level's findings by operation, in operation id order; those of no one operation last (undefined). */
interface Group {
  readonly operation: OperationRef | undefined;
  readonly findings: readonly Finding[];
}

function byOperation(findings: readonly Finding[]): Group[] {
  const groups = new Map<string | undefined, { operation: OperationRef | undefined; findings: Finding[] }>();
  for (const f of findings) {
    const key = f.operation?.id;
    const group = groups.get(key) ?? { operation: f.operation, findings: [] };
    group.findings.push(f);
    groups.set(key, group);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === undefined ? 1 : b === undefined ? -1 : a < b ? -1 : a > b ? 1 : 0)).map(([, g]) => g);
}

/** `getOrder (GET /orders/{id})`, the contract's text quoted; the heading of what concerns no one operation. */
function groupTitle(operation: OperationRef | undefined, quote: Quote): string {
  return operation === undefined ? 'Types, auth and the API as a whole' : `${quote(operation.id)} (${operation.method} ${quote(operation.path)})`;
}

function text(review: Review): string {
  const side = (s: Review['old']) => `${visibleText(s.file)} (${visibleText(s.version)})`;
  const lines = [`contractgen diff ${side(review.old)} → ${side(review.new)}`, ...overlaysLine(review, visibleText), summaryLine(review)];
  for (const level of LEVELS) {
    const list = review.findings.filter((f) => f.level === level);
    if (list.length === 0) continue;
    lines.push('', `${level.toUpperCase()} (${list.length})`);
    for (const group of byOperation(list)) {
      lines.push(`  ${groupTitle(group.operation, visibleText)}`);
      for (const f of group.findings) {
        lines.push(`    ${f.rule}: ${render(f.parts, visibleText)}${axes(f)}`);
        const at = locations(f, visibleText);
        if (at !== '') lines.push(`      at ${at}`);
      }
    }
  }
  if (review.api.length > 0) {
    lines.push('', 'PUBLIC API');
    for (const a of review.api) lines.push(`  ${a.change} ${visibleText(apiSubject(a))} (${a.bump}: ${a.reason})`);
  }
  return `${lines.join('\n')}\n`;
}

/** An API change's export, and its member when one changed (`Client.ping`, `Order["x-id"]`). */
function apiSubject(a: ApiChange): string {
  return a.member === undefined ? a.export : `${a.export}${a.member.startsWith('[') || a.member.startsWith('(') ? '' : '.'}${a.member}`;
}

function row(f: Finding): string {
  return `| \`${f.rule}\` | ${markdownCell(render(f.parts, markdownCode))} | ${f.wire} | ${f.source} | ${markdownCell(locations(f, markdownCode))} |`;
}

const HEADINGS: Record<Level, string> = { breaking: '🔴 Breaking', warning: '🟡 Warnings', info: 'ℹ️ Info' };

/** GitHub refuses a pull-request comment longer than this (characters). */
export const MARKDOWN_LIMIT = 65_536;

/**
 * A PR comment: the breaking findings first and open, the warnings and info collapsed, each level
 * by operation. Where the whole would pass GitHub's limit, the rows that fit are shown in that
 * order (breaking first) and the rest counted, with where to read them.
 */
function markdown(review: Review): string {
  const whole = markdownShowing(review, Infinity);
  if (whole.length <= MARKDOWN_LIMIT) return whole;
  // The most rows that fit: a binary search over how many are shown (a few renders, not one per row).
  let [lo, hi] = [0, review.findings.length + review.api.length];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (markdownShowing(review, mid).length <= MARKDOWN_LIMIT) lo = mid;
    else hi = mid - 1;
  }
  return markdownShowing(review, lo);
}

/** The comment with the first `shown` rows (findings by level and operation, then the API's). */
function markdownShowing(review: Review, shown: number): string {
  const lines = [`## Contract review: ${markdownCode(review.old.version)} → ${markdownCode(review.new.version)}`, '', ...overlaysLine(review, markdownCode).flatMap((l) => [markdownCell(l), '']), `**${summaryLine(review)}**`];
  if (review.findings.length === 0 && review.api.length === 0) lines.push('', 'No changes.');
  let left = shown;
  for (const level of LEVELS) {
    const list = review.findings.filter((f) => f.level === level);
    if (list.length === 0 || left <= 0) continue;
    const title = `${HEADINGS[level]} (${list.length})`;
    const body: string[] = [];
    for (const group of byOperation(list)) {
      const rows = group.findings.slice(0, Math.max(0, left)).map(row);
      left -= rows.length;
      if (rows.length > 0) body.push('', `#### ${groupTitle(group.operation, markdownCode)}`, '', '| Rule | Change | Wire | Source | Where |', '| --- | --- | --- | --- | --- |', ...rows);
    }
    if (level === 'breaking') lines.push('', `### ${title}`, ...body);
    else lines.push('', `<details><summary>${title}</summary>`, ...body, '', '</details>');
  }
  const api = review.api.slice(0, Math.max(0, left));
  left -= api.length;
  if (api.length > 0) {
    lines.push('', `<details><summary>Public API of the generated package (${review.api.length})</summary>`, '', '| Export | Change | Bump | Why |', '| --- | --- | --- | --- |');
    for (const a of api) lines.push(`| ${markdownCell(markdownCode(apiSubject(a)))} | ${a.change} | ${a.bump} | ${a.reason} |`);
    lines.push('', '</details>');
  }
  const hidden = review.findings.length + review.api.length - Math.min(shown, review.findings.length + review.api.length);
  if (hidden > 0) lines.push('', `… ${hidden} more rows are not shown: a pull-request comment holds at most ${MARKDOWN_LIMIT.toLocaleString('en-US')} characters. \`--format json\` lists every finding.`);
  return `${lines.join('\n')}\n`;
}

/** GitHub workflow commands: one annotation per finding, at its location in the new file. */
function github(review: Review): string {
  const kind: Record<Level, string> = { breaking: 'error', warning: 'warning', info: 'notice' };
  // Breaking first, each level operation by operation, as the other formats read.
  const ordered = LEVELS.flatMap((level) => byOperation(review.findings.filter((f) => f.level === level)).flatMap((g) => g.findings));
  const lines = ordered.map((f) => {
    const loc = f.new ?? f.old;
    const at = loc === undefined ? '' : ` file=${workflowProperty(loc.file)},line=${loc.line},col=${loc.col},`;
    const title = f.operation === undefined ? f.rule : `${f.rule} (${f.operation.id})`;
    return `::${kind[f.level]}${at === '' ? ' ' : at}title=${workflowProperty(title)}::${workflowData(render(f.parts, visibleText))}`;
  });
  for (const line of overlaysLine(review, visibleText)) lines.push(`::notice title=overlays::${workflowData(line)}`);
  lines.push(`::notice title=contract review::${workflowData(summaryLine(review))}`);
  return `${lines.join('\n')}\n`;
}
