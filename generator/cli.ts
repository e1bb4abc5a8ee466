/**
 * The `contractgen` command. Exit codes: 0 success, 1 contract or user errors (printed as
 * `file:line:col: message`), 2 usage errors. Never prints a stack trace.
 */
import { runCommand, type Io } from './commands.js';
import { visibleText } from './escape.js';

export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    return await runCommand(argv, io);
  } catch (e) {
    io.err(`contractgen: internal error: ${visibleText(e instanceof Error ? e.message : String(e))}`);
    return 2;
  }
}

export function processIo(): Io {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    cwd: process.cwd(),
  };
}
