/**
 * What a command reads as its contract: a contract file, or an OpenAPI description (JSON, or YAML
 * with an `openapi:` key) imported in memory with the same diagnostics. Teams whose OpenAPI is
 * produced by their server framework keep it as their source of truth and point commands at it.
 */
import { loadContract, loadContractText, type ContractResult } from './contract.js';
import type { Incremental } from './incremental.js';
import { loadDescription, loadDescriptionText } from './import/load-description.js';
import { isDescriptionFile, isDescriptionPath } from './import/sniff.js';

export function loadInput(path: string, file: string = path): ContractResult {
  return isDescriptionPath(path) ? loadDescription(path, file).result : loadContract(path, file);
}

/**
 * `source` already read (and hashed: `sha256`, of its UTF-8 bytes, is the contract's hash when
 * given); a description is imported whole again, a contract may be read in pieces.
 */
export function loadInputText(file: string, source: string, incremental?: Incremental, sha256?: string): ContractResult {
  return isDescriptionFile(file, source) ? loadDescriptionText(file, source, {}, sha256).result : loadContractText(file, source, incremental, sha256);
}
