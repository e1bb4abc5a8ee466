/** `contractgen validate [--contract <file>]`: exit 0 on a valid contract, else one line per problem and exit 1. */
import { resolve } from 'node:path';
import { loadInput } from '../input.js';
import { contractArgument, count, parseArgs, type Io } from '../commands.js';
import { formatDiagnostic } from '../diagnostics.js';
import { defaultContractFile } from './defaults.js';

export function validateCommand(argv: readonly string[], io: Io): number {
  const file = contractArgument(parseArgs(argv, ['contract'], []), io.cwd, defaultContractFile);
  const result = loadInput(resolve(io.cwd, file), file);
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, result.source));
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    io.err(`${count(errors, 'problem')} in ${file}`);
    return 1;
  }
  const { endpoints, types, hosts } = result.contract;
  io.out(`${file}: valid (${count(endpoints.length, 'endpoint')}, ${count(types.length, 'type')}, ${count(hosts.length, 'host')})`);
  return 0;
}
