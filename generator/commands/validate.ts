/** `contractgen validate [--contract <file>]` (or every contract of the config file): exit 0 when valid, else one line per problem and exit 1. */
import { resolve } from 'node:path';
import { loadInput } from '../input.js';
import { contractArgument, count, parseArgs, type Io } from '../commands.js';
import { formatDiagnostic } from '../diagnostics.js';
import { defaultContractFile } from './defaults.js';
import { findConfig, loadConfig } from '../config.js';

export async function validateCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['contract'], []);
  const config = args.options.has('contract') || args.positional.length > 0 ? undefined : findConfig(io.cwd);
  if (config === undefined) return validateOne(await contractArgument(args, io.cwd, defaultContractFile), io);
  // With a config file: the config itself, then every contract it names.
  const loaded = await loadConfig(io.cwd, config);
  if (!loaded.ok) {
    for (const d of loaded.diagnostics) io.err(formatDiagnostic(d, loaded.source));
    io.err(`${count(loaded.diagnostics.length, 'problem')} in ${config}`);
    return 1;
  }
  return Math.max(0, ...loaded.entries.map((e) => validateOne(e.contract, io)));
}

function validateOne(file: string, io: Io): number {
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
