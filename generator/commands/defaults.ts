/** Where commands look when no contract or output folder is given. */
import { visibleText } from '../escape.js';
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { count, InputError, UsageError, type Io, type ParsedArgs } from '../commands.js';
import { findConfig, loadConfig, type ConfigEntry } from '../config.js';
import { formatDiagnostic } from '../diagnostics.js';

export const DEFAULT_CONTRACT_DIR = 'contract';
export const DEFAULT_OUT_DIR = 'generated';

/** The config file's only contract, else the single `*.yaml`/`*.yml` contract in ./contract/. */
export async function defaultContractFile(cwd: string): Promise<string> {
  const config = findConfig(cwd);
  if (config !== undefined) {
    const loaded = await loadConfig(cwd, config);
    if (!loaded.ok) throw new InputError(`${config} cannot be used: run contractgen validate to see why`);
    if (loaded.entries.length !== 1) throw new InputError(`no contract given and ${config} names ${count(loaded.entries.length, 'contract')}; name one with --contract <file>`);
    return loaded.entries[0]?.contract ?? '';
  }
  const dir = join(cwd, DEFAULT_CONTRACT_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch {
    throw new InputError(`no contract given and no ${DEFAULT_CONTRACT_DIR}/ folder here; name one with --contract <file>`);
  }
  if (names.length !== 1) {
    throw new InputError(`no contract given and ${DEFAULT_CONTRACT_DIR}/ holds ${count(names.length, 'YAML file')}; name one with --contract <file>`);
  }
  return relative(cwd, join(dir, names[0] ?? '')) || (names[0] ?? '');
}

/**
 * The config's entries, when no contract is named and the working directory has a config file;
 * 1 when the config has problems (printed, with their count). Undefined: no config applies.
 */
export async function configEntries(args: ParsedArgs, io: Io): Promise<{ readonly file: string; readonly entries: readonly ConfigEntry[] } | number | undefined> {
  const file = args.options.has('contract') || args.positional.length > 0 ? undefined : findConfig(io.cwd);
  if (file === undefined) return undefined;
  if (args.lists.has('overlay')) throw new UsageError(`--overlay applies to the contract named; ${file} names each contract's overlays (\`overlays:\`), or name the contract with --contract`);
  return checkedConfig(io, file);
}

/** The config's entries, or 1 when it has problems (printed, with their count). */
async function checkedConfig(io: Io, file: string): Promise<{ readonly file: string; readonly entries: readonly ConfigEntry[] } | number> {
  const loaded = await loadConfig(io.cwd, file);
  if (loaded.ok) return loaded;
  for (const d of loaded.diagnostics) io.err(formatDiagnostic(d, loaded.source));
  io.err(`${count(loaded.diagnostics.length, 'problem')} in ${visibleText(file)}`);
  return 1;
}

/**
 * The config's entry for a contract named on the command line (`diff`): the first of `files`
 * (absolute) that an entry names. Undefined when there is no config or no entry names one; 1 when
 * the config has problems (printed).
 */
export async function configEntryFor(io: Io, files: readonly string[]): Promise<ConfigEntry | number | undefined> {
  const file = findConfig(io.cwd);
  if (file === undefined) return undefined;
  const loaded = await checkedConfig(io, file);
  if (typeof loaded === 'number') return loaded;
  for (const wanted of files) {
    const entry = loaded.entries.find((e) => resolve(io.cwd, e.contract) === wanted);
    if (entry !== undefined) return entry;
  }
  return undefined;
}

/** A config entry's overlays, read from the config's folder (the working directory) and named as written. */
export function configOverlays(entry: ConfigEntry, cwd: string): { readonly path: string; readonly file: string }[] {
  return entry.overlays.map((file) => ({ path: resolve(cwd, file), file }));
}
