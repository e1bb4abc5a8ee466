/**
 * What a command reads as its contract: a contract file, or an OpenAPI description (JSON, or YAML
 * with an `openapi:` key) imported in memory with the same diagnostics. Teams whose OpenAPI is
 * produced by their server framework keep it as their source of truth and point commands at it.
 */
import { loadContract, loadContractText, type ContractResult } from './contract.js';
import type { Incremental } from './incremental.js';
import type { ImportedContract } from './import/load-description.js';
import { loadDescription, loadDescriptionText } from './import/load-description.js';
import { isDescriptionFile, isDescriptionPath } from './import/sniff.js';

/** What an import approximated: every warning, and the first ones as positioned diagnostics. */
export type Approximations = Pick<ImportedContract, 'warnings' | 'warningDiagnostics'>;

/** A contract's result; for a description also what its import approximated, which every command that reads one reports. */
export type InputResult = ContractResult & { readonly approximations?: Approximations };

export function loadInput(path: string, file: string = path): InputResult {
  return isDescriptionPath(path) ? imported(loadDescription(path, file)) : loadContract(path, file);
}

/**
 * `source` already read (and hashed: `sha256`, of its UTF-8 bytes, is the contract's hash when
 * given); a description is imported whole again, a contract may be read in pieces.
 */
export function loadInputText(file: string, source: string, incremental?: Incremental, sha256?: string): InputResult {
  return isDescriptionFile(file, source) ? imported(loadDescriptionText(file, source, {}, sha256)) : loadContractText(file, source, incremental, sha256);
}

function imported({ result, warnings, warningDiagnostics }: ImportedContract): InputResult {
  return { ...result, approximations: { warnings, warningDiagnostics } };
}
