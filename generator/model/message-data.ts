/** The runtime form of a message table: what the generated decoders and the validator both run. */
import type { MessageTableData } from '../../templates/spec.js';
import type { MessageTable } from './types.js';

export function messageTableData(table: MessageTable): MessageTableData {
  return {
    ...(table.root === undefined ? {} : { root: table.root }),
    aliases: Object.fromEntries(table.aliases.map((a) => [a.message, a.request])),
    rows: table.rows.map((row) => ({
      id: row.id,
      ...(row.pattern === undefined ? {} : { pattern: row.pattern }),
      ...(row.empty ? { empty: true } : {}),
      ...(row.all ? { all: true } : {}),
      ...(row.status === undefined ? {} : { status: row.status }),
      fields: row.fields,
      ...(row.ambiguous ? { ambiguous: true } : {}),
    })),
  };
}
