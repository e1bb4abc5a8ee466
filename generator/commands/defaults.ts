/** Where commands look when no contract or output folder is given. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { count, InputError } from '../commands.js';
import { findConfig, loadConfig } from '../config.js';

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
