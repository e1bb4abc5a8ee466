/** A review as text (terminals), markdown (a PR comment), JSON (machines) or GitHub annotations. */
import type { SourceLocation } from '../model/types.js';
import { LEVELS, type Level } from './rules.js';
import type { Finding, Review } from './review.js';

export type Format = 'text' | 'markdown' | 'json' | 'github';
export const FORMATS: readonly Format[] = ['text', 'markdown', 'json', 'github'];

export function formatReview(review: Review, format: Format): string {
  switch (format) {
    case 'text':
      return text(review);
    case 'markdown':
      return markdown(review);
    case 'json':
      return `${JSON.stringify(review, null, 2)}\n`;
    case 'github':
      return github(review);
  }
}

const where = (loc: SourceLocation | undefined) => (loc === undefined ? undefined : `${loc.file}:${loc.line}:${loc.col}`);

function locations(f: Finding): string {
  return [where(f.old), where(f.new)].filter((x) => x !== undefined).join(' → ');
}

function summaryLine(review: Review): string {
  const { breaking, warning, info } = review.summary;
  return `${breaking} breaking, ${warning} warning, ${info} info; API: ${review.api.length} export change(s); recommended bump: ${review.bump}`;
}

function axes(f: Finding): string {
  return f.wire === f.source ? '' : ` [wire: ${f.wire}, source: ${f.source}]`;
}

function text(review: Review): string {
  const lines = [`contractgen diff ${review.old.file} (${review.old.version}) → ${review.new.file} (${review.new.version})`, summaryLine(review)];
  for (const level of LEVELS) {
    const list = review.findings.filter((f) => f.level === level);
    if (list.length === 0) continue;
    lines.push('', `${level.toUpperCase()} (${list.length})`);
    for (const f of list) {
      lines.push(`  ${f.rule}: ${f.message}${axes(f)}`);
      const at = locations(f);
      if (at !== '') lines.push(`    at ${at}`);
    }
  }
  if (review.api.length > 0) {
    lines.push('', 'PUBLIC API');
    for (const a of review.api) lines.push(`  ${a.change} ${a.export}`);
  }
  return `${lines.join('\n')}\n`;
}

function cell(value: string): string {
  return value.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(findings: readonly Finding[]): string[] {
  return [
    '| Rule | Change | Wire | Source | Where |',
    '| --- | --- | --- | --- | --- |',
    ...findings.map((f) => `| \`${f.rule}\` | ${cell(f.message)} | ${f.wire} | ${f.source} | ${cell(locations(f))} |`),
  ];
}

const HEADINGS: Record<Level, string> = { breaking: '🔴 Breaking', warning: '🟡 Warnings', info: 'ℹ️ Info' };

function markdown(review: Review): string {
  const lines = [`## Contract review: ${review.old.version} → ${review.new.version}`, '', `**${summaryLine(review)}**`];
  if (review.findings.length === 0 && review.api.length === 0) lines.push('', 'No changes.');
  for (const level of LEVELS) {
    const list = review.findings.filter((f) => f.level === level);
    if (list.length === 0) continue;
    const body = ['', `### ${HEADINGS[level]} (${list.length})`, '', ...table(list)];
    if (level === 'info') lines.push('', `<details><summary>${HEADINGS[level]} (${list.length})</summary>`, ...body.slice(2), '', '</details>');
    else lines.push(...body);
  }
  if (review.api.length > 0) {
    lines.push('', `<details><summary>Public API of the generated package (${review.api.length})</summary>`, '', '| Export | Change |', '| --- | --- |');
    for (const a of review.api) lines.push(`| \`${a.export}\` | ${a.change} |`);
    lines.push('', '</details>');
  }
  return `${lines.join('\n')}\n`;
}

/** GitHub workflow commands: one annotation per finding, at its location in the new file. */
function github(review: Review): string {
  const kind: Record<Level, string> = { breaking: 'error', warning: 'warning', info: 'notice' };
  const escape = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => escape(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const lines = review.findings.map((f) => {
    const loc = f.new ?? f.old;
    const at = loc === undefined ? '' : ` file=${prop(loc.file)},line=${loc.line},col=${loc.col},`;
    return `::${kind[f.level]}${at === '' ? ' ' : at}title=${prop(f.rule)}::${escape(f.message)}`;
  });
  lines.push(`::notice title=contract review::${escape(summaryLine(review))}`);
  return `${lines.join('\n')}\n`;
}
