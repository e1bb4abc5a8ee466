/** `contractgen validate [file]`: exit 0 on a valid contract, else one line per problem and exit 1. */
import { resolve } from 'node:path';
import { loadInput } from '../input.js';
import { parseArgs, UsageError, type Io } from '../commands.js';
import { formatDiagnostic } from '../diagnostics.js';
import { defaultContractFile } from './defaults.js';

export function validateCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, [], []);
  if (args.positional.length > 1) throw new UsageError('validate takes one contract file');
  const file = args.positional[0] ?? defaultContractFile(io.cwd);
  const result = loadInput(resolve(io.cwd, file), file);
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, result.source));
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    io.err(`${errors} problem${errors === 1 ? '' : 's'} in ${file}`);
    return 1;
  }
  io.out(`${file}: valid (${result.contract.endpoints.length} endpoints, ${result.contract.types.length} types, ${result.contract.hosts.length} hosts)`);
  return 0;
}
