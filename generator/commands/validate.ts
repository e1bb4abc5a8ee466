/**
 * `contractgen validate [--contract <file>] [--overlay <file>]... [--approximations]` (or every contract of the config
 * file): exit 0 when valid, else one line per problem and exit 1. A description's approximations
 * are counted by cause; `--approximations` prints each at the description's line:col.
 */
import { visibleText } from '../escape.js';
import { resolve } from 'node:path';
import { loadInput } from '../input.js';
import { contractArgument, count, overlayArguments, parseArgs, type Io } from '../commands.js';
import { formatDiagnostic, sourceOf } from '../diagnostics.js';
import type { OverlayInput } from '../overlay/read-overlay.js';
import { approximationNote } from './approximations.js';
import { configEntries, configOverlays, defaultContractFile } from './defaults.js';

export async function validateCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['contract'], ['approximations'], ['overlay']);
  const listing = args.options.has('approximations');
  // With a config file: every contract it names.
  const config = await configEntries(args, io);
  if (typeof config === 'number') return config;
  if (config === undefined) return validateOne(await contractArgument(args, io.cwd, defaultContractFile), io, listing, overlayArguments(args, io.cwd));
  return Math.max(0, ...config.entries.map((e) => validateOne(e.contract, io, listing, configOverlays(e, io.cwd))));
}

function validateOne(file: string, io: Io, listing: boolean, overlays: readonly OverlayInput[]): number {
  const result = loadInput(resolve(io.cwd, file), file, overlays);
  const { approximations } = result;
  if (listing && approximations !== undefined) for (const d of approximations.warningDiagnostics(Infinity)) io.err(formatDiagnostic(d, undefined));
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, sourceOf(d, result)));
  const note = listing ? undefined : approximationNote(file, approximations?.warnings, overlays.map((o) => o.file));
  if (note !== undefined) io.err(note);
  if (!result.ok) {
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    io.err(`${count(errors, 'problem')} in ${visibleText(file)}`);
    return 1;
  }
  const { endpoints, types, hosts } = result.contract;
  io.out(`${visibleText(file)}: valid (${count(endpoints.length, 'endpoint')}, ${count(types.length, 'type')}, ${count(hosts.length, 'host')})`);
  return 0;
}
