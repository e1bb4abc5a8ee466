/**
 * load → validate → model, as one call. Every command that reads a contract goes through here.
 */
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics.js';
import type { Incremental } from './incremental.js';
import { MAX_YAML_DOCUMENT_BYTES } from './limits.js';
import { parseContract, type LoadResult, type ParsedContract } from './load/parse.js';
import { parseContractPieces, subsetPieceLocator } from './load/pieces.js';
import { decodeText, readInputBytes } from './load/read-file.js';
import { checkGeneratedNames } from './emit/check-names.js';
import { buildModel } from './model/build.js';
import type { Contract, Outputs } from './model/types.js';
import { validateSchema } from './validate-schema.js';

/** `sources`: the other files the diagnostics may name (a description's overlays), by name, for code frames (`sourceOf`). */
export type ContractResult =
  | { readonly ok: true; readonly contract: Contract; readonly diagnostics: readonly Diagnostic[]; readonly source: string; readonly sources?: ReadonlyMap<string, string> }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly source: string | undefined; readonly model?: Contract; readonly sources?: ReadonlyMap<string, string> };

/** `name` is how diagnostics name the file (default: the path as given). */
export function loadContract(file: string, name: string = file): ContractResult {
  const bytes = readInputBytes(file, name);
  return Buffer.isBuffer(bytes) ? loadContractText(name, decodeText(bytes)) : bytes;
}

/**
 * `incremental`: a watch session's store; a large contract is then read in pieces, and only the
 * changed ones again. `sha256`: of the source's UTF-8 bytes, when the caller has it (the model's
 * hash is not computed again).
 */
export function loadContractText(file: string, source: string, incremental?: Incremental, sha256?: string, outputs?: Partial<Outputs>): ContractResult {
  const loaded = largeText(incremental === undefined ? parseContract(file, source) : parseContractPieces(file, source, incremental.pieces));
  return fromLoad(loaded.ok && sha256 !== undefined && loaded.contract.source === source ? { ...loaded, contract: { ...loaded.contract, sha256 } } : loaded, incremental, outputs);
}

function withOutputs(parsed: ParsedContract, outputs: Partial<Outputs> | undefined): ParsedContract {
  const data = parsed.data;
  if (outputs === undefined || typeof data !== 'object' || data === null || Array.isArray(data)) return parsed;
  const own: unknown = Object.hasOwn(data, 'outputs') ? (data as Record<string, unknown>)['outputs'] : undefined;
  const merged = typeof own === 'object' && own !== null ? { ...own, ...outputs } : { ...outputs };
  return { ...parsed, data: { ...data, outputs: merged } };
}

/** A contract too large for yaml to parse whole finds each position by parsing the piece that holds it. */
function largeText(loaded: LoadResult): LoadResult {
  if (!loaded.ok || loaded.contract.source.length <= MAX_YAML_DOCUMENT_BYTES) return loaded;
  return { ok: true, contract: { ...loaded.contract, locate: subsetPieceLocator(loaded.contract.source) } };
}

/** A contract already parsed into data (an imported OpenAPI description), validated and modelled like any other. */
export function loadParsedContract(parsed: ParsedContract, outputs?: Partial<Outputs>): ContractResult {
  return fromLoad({ ok: true, contract: parsed }, undefined, outputs);
}

/**
 * `outputs`: set whatever the contract says (flags, a config entry, the API), put in its data
 * before it is checked, so the names the outputs they turn on generate are checked too.
 */
function fromLoad(loaded: LoadResult, incremental?: Incremental, outputs?: Partial<Outputs>): ContractResult {
  if (!loaded.ok) return loaded;
  const parsed = withOutputs(loaded.contract, outputs);
  const schemaProblems = validateSchema(parsed, incremental);
  if (schemaProblems.length > 0) return { ok: false, diagnostics: sortDiagnostics(schemaProblems), source: parsed.source };
  // The package's names are checked with the model, so `validate` reports what `generate` would refuse.
  const built = buildModel(parsed, incremental, [checkGeneratedNames]);
  const diagnostics = sortDiagnostics(built.diagnostics);
  // The model as built, for a caller that repairs what the checks found (the importer renames colliding names).
  if (hasErrors(diagnostics)) return { ok: false, diagnostics, source: parsed.source, model: built.contract };
  return { ok: true, contract: built.contract, diagnostics, source: parsed.source };
}
