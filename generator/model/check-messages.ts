/** Message-table checks: patterns compile, templates name real groups, examples give their fields. */
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { matchEmptyMessage, matchMessage } from '../../templates/messages.js';
import type { BuildContext, RawPath } from './context.js';
import { knowledge } from './knowledge.js';
import { messageTableData } from './message-data.js';
import { checkPatternSafety, runnablePattern } from './patterns.js';
import type { Contract, MessageRow } from './types.js';

export function checkMessageRow(ctx: BuildContext, path: RawPath, row: MessageRow): void {
  if (row.pattern === undefined && !row.empty) {
    ctx.report(M.messageRowWithoutPattern, path, { id: row.id });
    return;
  }
  if (row.pattern !== undefined && row.empty) {
    ctx.report(M.messageRowPatternAndEmpty, [...path, 'empty'], { id: row.id });
  }
  if (row.pattern === undefined) return;
  let re: RegExp;
  try {
    re = new RegExp(row.pattern, row.all ? 'g' : '');
  } catch (e) {
    const reason = e instanceof Error ? e.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '') : 'invalid';
    ctx.report(M.invalidPattern, [...path, 'pattern'], { id: row.id, reason });
    return;
  }
  // The runtime compiles message patterns without `u` (templates/messages.ts): judged as it reads them.
  checkPatternSafety(ctx, [...path, 'pattern'], row.pattern, false, `message row '${row.id}': the pattern`);
  const groups = groupNames(re);
  row.fields.forEach((template, i) => {
    for (const [, name] of template.matchAll(/\{([^{}]*)\}/g)) {
      if (name !== undefined && !groups.includes(name)) {
        ctx.report(M.unknownGroup, [...path, 'fields', i], { template, group: name });
      }
    }
  });
}

function groupNames(re: RegExp): string[] {
  return [...re.source.matchAll(/\(\?<([A-Za-z_][A-Za-z0-9_]*)>/g)].map((m) => m[1] ?? '');
}

/** Runs every row's example through the runtime matcher; the row must be the one that answers. */
export function checkMessageExamples(ctx: BuildContext, contract: Contract): void {
  for (const host of contract.hosts) {
    // A broken or slow pattern is already reported; matching would throw on it, or take long.
    if (host.messages === undefined || host.messages.rows.some((r) => r.pattern !== undefined && runnablePattern(r.pattern, '') === undefined)) continue;
    const data = messageTableData(host.messages);
    const known = knowledge(contract).hostRequestPaths(host.name);
    host.messages.rows.forEach((row, i) => {
      const path = ['hosts', host.name, 'errors', 'messages', 'rows', i];
      if (row.example === undefined && !row.empty) return;
      const match = row.empty ? matchEmptyMessage(data, known) : matchMessage(data, row.example ?? '', known);
      if (match === undefined || match.row.id !== row.id) {
        const by = match === undefined ? 'no row' : `row '${match.row.id}'`;
        ctx.report(M.exampleMatchedByOther, [...path, 'example'], { id: row.id, by });
        return;
      }
      const got = match.fields.join(', ');
      if (got !== row.expect.join(', ')) {
        ctx.report(M.exampleFieldsDiffer, [...path, 'expect'], { id: row.id, got, expected: row.expect.join(', ') });
      }
    });
  }
}
