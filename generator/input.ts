/**
 * What a command reads as its contract: a contract file, or an OpenAPI description (JSON, or YAML
 * with an `openapi:` key) imported in memory with the same diagnostics. Teams whose OpenAPI is
 * produced by their server framework keep it as their source of truth and point commands at it.
 */
import { loadContract, loadContractText, type ContractResult } from './contract.js';
import type { Incremental } from './incremental.js';
import type { Outputs } from './model/types.js';
import type { ImportedContract } from './import/load-description.js';
import { loadDescription, loadDescriptionText } from './import/load-description.js';
import { isDescriptionFile, isDescriptionPath } from './import/sniff.js';
import { overlaysForContract } from './overlay/overlaid.js';
import type { OverlayInput } from './overlay/read-overlay.js';

/** What an import approximated: every warning, and the first ones as positioned diagnostics. */
export type Approximations = Pick<ImportedContract, 'warnings' | 'warningDiagnostics'>;

/** A contract's result; for a description also what its import approximated, which every command that reads one reports. */
export type InputResult = ContractResult & { readonly approximations?: Approximations };

export function loadInput(path: string, file: string = path, overlays: readonly OverlayInput[] = []): InputResult {
  if (isDescriptionPath(path)) return imported(loadDescription(path, file, { overlays }));
  return overlays.length === 0 ? loadContract(path, file) : refused(overlays, file);
}

/**
 * `source` already read (and hashed: `sha256`, of its UTF-8 bytes, is the contract's hash when
 * given); a description is imported whole again, a contract may be read in pieces.
 */
export function loadInputText(file: string, source: string, incremental?: Incremental, sha256?: string, overlays: readonly OverlayInput[] = [], outputs?: Partial<Outputs>): InputResult {
  if (isDescriptionFile(file, source)) return imported(loadDescriptionText(file, source, { overlays, ...(outputs === undefined ? {} : { outputs }) }, sha256));
  return overlays.length === 0 ? loadContractText(file, source, incremental, sha256, outputs) : refused(overlays, file);
}

function refused(overlays: readonly OverlayInput[], file: string): ContractResult {
  return { ok: false, diagnostics: overlaysForContract(overlays, file), source: undefined };
}

function imported({ result, warnings, warningDiagnostics }: ImportedContract): InputResult {
  return { ...result, approximations: { warnings, warningDiagnostics } };
}
