/** Where commands look when no contract or output folder is given. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UsageError } from '../commands.js';

export const DEFAULT_CONTRACT_DIR = 'contract';
export const DEFAULT_OUT_DIR = 'generated';

/** The single `*.yaml`/`*.yml` contract in ./contract/. */
export function defaultContractFile(cwd: string): string {
  const dir = join(cwd, DEFAULT_CONTRACT_DIR);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch {
    throw new UsageError(`no contract given and no ${DEFAULT_CONTRACT_DIR}/ folder here`);
  }
  if (names.length !== 1) {
    throw new UsageError(`no contract given and ${DEFAULT_CONTRACT_DIR}/ holds ${names.length} YAML files; name one`);
  }
  return relative(cwd, join(dir, names[0] ?? '')) || (names[0] ?? '');
}
