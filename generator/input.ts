/**
 * What a command reads as its contract: a contract file, or an OpenAPI description (JSON, or YAML
 * with an `openapi:` key) imported in memory with the same diagnostics. Teams whose OpenAPI is
 * produced by their server framework keep it as their source of truth and point commands at it;
 * teams who generate from a description they do not own change it with overlays, applied first.
 */
import { loadContract, loadContractText, type ContractResult } from './contract.js';
import type { Incremental } from './incremental.js';
import { loadDescription, loadDescriptionText } from './import/load-description.js';
import { isDescriptionFile, isDescriptionPath } from './import/sniff.js';
import { overlaysForContract } from './overlay/overlaid.js';
import type { OverlayInput } from './overlay/read-overlay.js';

export function loadInput(path: string, file: string = path, overlays: readonly OverlayInput[] = []): ContractResult {
  if (isDescriptionPath(path)) return loadDescription(path, file, { overlays }).result;
  return overlays.length === 0 ? loadContract(path, file) : refused(overlays, file);
}

/**
 * `source` already read (and hashed: `sha256`, of its UTF-8 bytes, is the contract's hash when
 * given); a description is imported whole again, a contract may be read in pieces.
 */
export function loadInputText(file: string, source: string, incremental?: Incremental, sha256?: string, overlays: readonly OverlayInput[] = []): ContractResult {
  if (isDescriptionFile(file, source)) return loadDescriptionText(file, source, { overlays }, sha256).result;
  return overlays.length === 0 ? loadContractText(file, source, incremental, sha256) : refused(overlays, file);
}

function refused(overlays: readonly OverlayInput[], file: string): ContractResult {
  return { ok: false, diagnostics: overlaysForContract(overlays, file), source: undefined };
}
