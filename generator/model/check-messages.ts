/** Message-table checks: patterns compile, templates name real groups, examples give their fields. */
import { matchEmptyMessage, matchMessage } from '../../templates/messages.js';
import type { BuildContext, RawPath } from './context.js';
import { knowledge } from './knowledge.js';
import { messageTableData } from './message-data.js';
import type { Contract, MessageRow } from './types.js';

export function checkMessageRow(ctx: BuildContext, path: RawPath, row: MessageRow): void {
  if (row.pattern === undefined && !row.empty) {
    ctx.error('missing-key', path, `message row '${row.id}' needs a 'pattern', or 'empty: true' for the empty-message case`);
    return;
  }
  if (row.pattern !== undefined && row.empty) {
    ctx.error('invalid-value', [...path, 'empty'], `message row '${row.id}' has both a pattern and 'empty: true'; choose one`);
  }
  if (row.pattern === undefined) return;
  let re: RegExp;
  try {
    re = new RegExp(row.pattern, row.all ? 'g' : '');
  } catch (e) {
    const reason = e instanceof Error ? e.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '') : 'invalid';
    ctx.error('invalid-pattern', [...path, 'pattern'], `invalid regular expression in message row '${row.id}': ${reason}`);
    return;
  }
  const groups = groupNames(re);
  row.fields.forEach((template, i) => {
    for (const [, name] of template.matchAll(/\{([^{}]*)\}/g)) {
      if (name !== undefined && !groups.includes(name)) {
        ctx.error('unknown-group', [...path, 'fields', i], `field template '${template}' names the capture group '${name}', which the pattern does not define`);
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
    // A broken pattern is already reported; matching would only throw on it.
    if (host.messages === undefined || host.messages.rows.some((r) => r.pattern !== undefined && !isValidPattern(r.pattern))) continue;
    const data = messageTableData(host.messages);
    const known = knowledge(contract).hostRequestPaths(host.name);
    host.messages.rows.forEach((row, i) => {
      const path = ['hosts', host.name, 'errors', 'messages', 'rows', i];
      if (row.example === undefined && !row.empty) return;
      const match = row.empty ? matchEmptyMessage(data, known) : matchMessage(data, row.example ?? '', known);
      if (match === undefined || match.row.id !== row.id) {
        const by = match === undefined ? 'no row' : `row '${match.row.id}'`;
        ctx.error('example-mismatch', [...path, 'example'], `the example of message row '${row.id}' is matched by ${by}`);
        return;
      }
      const got = match.fields.join(', ');
      if (got !== row.expect.join(', ')) {
        ctx.error('example-mismatch', [...path, 'expect'], `message row '${row.id}' maps its example to [${got}], not [${row.expect.join(', ')}]`);
      }
    });
  }
}

function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
