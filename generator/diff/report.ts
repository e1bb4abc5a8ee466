/**
 * A review as text (terminals), markdown (a PR comment), JSON (machines) or GitHub annotations.
 * Contract text (names, values, versions, file names) enters each format through that format's
 * one function of `generator/escape.ts`; the rest is the tool's own words.
 */
import { jsonText, markdownCell, markdownCode, visibleText, workflowData, workflowProperty } from '../escape.js';
import type { SourceLocation } from '../model/types.js';
import { render } from './phrase.js';
import { LEVELS, type Level } from './rules.js';
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

function text(review: Review): string {
  const side = (s: Review['old']) => `${visibleText(s.file)} (${visibleText(s.version)})`;
  const lines = [`contractgen diff ${side(review.old)} → ${side(review.new)}`, ...overlaysLine(review, visibleText), summaryLine(review)];
  for (const level of LEVELS) {
    const list = review.findings.filter((f) => f.level === level);
    if (list.length === 0) continue;
    lines.push('', `${level.toUpperCase()} (${list.length})`);
    for (const f of list) {
      lines.push(`  ${f.rule}: ${render(f.parts, visibleText)}${axes(f)}`);
      const at = locations(f, visibleText);
      if (at !== '') lines.push(`    at ${at}`);
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

function table(findings: readonly Finding[]): string[] {
  return [
    '| Rule | Change | Wire | Source | Where |',
    '| --- | --- | --- | --- | --- |',
    ...findings.map((f) => `| \`${f.rule}\` | ${markdownCell(render(f.parts, markdownCode))} | ${f.wire} | ${f.source} | ${markdownCell(locations(f, markdownCode))} |`),
  ];
}

const HEADINGS: Record<Level, string> = { breaking: '🔴 Breaking', warning: '🟡 Warnings', info: 'ℹ️ Info' };

function markdown(review: Review): string {
  const lines = [`## Contract review: ${markdownCode(review.old.version)} → ${markdownCode(review.new.version)}`, '', ...overlaysLine(review, markdownCode).flatMap((l) => [markdownCell(l), '']), `**${summaryLine(review)}**`];
  if (review.findings.length === 0 && review.api.length === 0) lines.push('', 'No changes.');
  for (const level of LEVELS) {
    const list = review.findings.filter((f) => f.level === level);
    if (list.length === 0) continue;
    const body = ['', `### ${HEADINGS[level]} (${list.length})`, '', ...table(list)];
    if (level === 'info') lines.push('', `<details><summary>${HEADINGS[level]} (${list.length})</summary>`, ...body.slice(2), '', '</details>');
    else lines.push(...body);
  }
  if (review.api.length > 0) {
    lines.push('', `<details><summary>Public API of the generated package (${review.api.length})</summary>`, '', '| Export | Change | Bump | Why |', '| --- | --- | --- | --- |');
    for (const a of review.api) lines.push(`| ${markdownCell(markdownCode(apiSubject(a)))} | ${a.change} | ${a.bump} | ${a.reason} |`);
    lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}

/** GitHub workflow commands: one annotation per finding, at its location in the new file. */
function github(review: Review): string {
  const kind: Record<Level, string> = { breaking: 'error', warning: 'warning', info: 'notice' };
  const lines = review.findings.map((f) => {
    const loc = f.new ?? f.old;
    const at = loc === undefined ? '' : ` file=${workflowProperty(loc.file)},line=${loc.line},col=${loc.col},`;
    return `::${kind[f.level]}${at === '' ? ' ' : at}title=${workflowProperty(f.rule)}::${workflowData(render(f.parts, visibleText))}`;
  });
  for (const line of overlaysLine(review, visibleText)) lines.push(`::notice title=overlays::${workflowData(line)}`);
  lines.push(`::notice title=contract review::${workflowData(summaryLine(review))}`);
  return `${lines.join('\n')}\n`;
}
