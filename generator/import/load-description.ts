/**
 * An OpenAPI description as a contract, in memory: read, imported, then validated and modelled
 * like a contract file. Diagnostics point into the description: a problem in the imported
 * contract is reported where the part it came from is written.
 */
import type { ContractResult } from '../contract.js';
import { loadParsedContract } from '../contract.js';
import { MESSAGES as M, problem } from '../diagnostic-catalogue.js';
import type { Diagnostic } from '../diagnostics.js';
import type { Locator } from '../load/locate.js';
import type { ImportWarning, Out } from './context.js';
import { parseDescription, readDescription, type Description } from './description.js';
import { importOpenApi, type AvoidNames, type ImportOptions, type ImportResult } from './import.js';
import { nameCollisions, type NameCollision } from '../emit/check-names.js';
import { RESERVED_EXPORTS } from '../emit/names.js';

/** Names the generated package exports itself, which no contract type may take. */
const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set(RESERVED_EXPORTS);

export interface ImportedContract {
  readonly result: ContractResult;
  /** The contract as data, when the description could be imported. */
  readonly data?: Out;
  readonly warnings: readonly ImportWarning[];
  /** The first `limit` warnings as diagnostics: finding a position in a 47 MB description costs a scan, so only those shown are found. */
  readonly warningDiagnostics: (limit: number) => Diagnostic[];
  /** Import passes made: 1, unless names the importer chose collided in the generated package and it chose again (0: the description could not be read). */
  readonly passes: number;
}

export function loadDescription(path: string, file: string, options: ImportOptions = {}): ImportedContract {
  const read = readDescription(path, file);
  if (!read.ok) return failed(problem(M.openapiUnreadable, file, read.at, { detail: read.problem }), undefined);
  return importDescription(read.description, options);
}

/** A description's text already read (generate hashes the bytes first: `sha256`, of the text's UTF-8 bytes). */
export function loadDescriptionText(file: string, text: string, options: ImportOptions = {}, sha256?: string): ImportedContract {
  const parsed = parseDescription(file, text);
  if (!parsed.ok) return failed(problem(M.openapiUnreadable, file, parsed.at, { detail: parsed.problem }), text);
  // A byte order mark is not part of the description's source, nor then of its hash.
  return importDescription(parsed.description, options, parsed.description.source === text ? sha256 : undefined);
}

function importDescription(description: Description, options: ImportOptions, sha256?: string): ImportedContract {
  const file = description.file;
  // The package's own exports are avoided from the first pass: a schema named Host or Result would
  // otherwise cost a whole second import (EC2 has a Host: 2.37 → 1.90 s).
  let avoid: AvoidNames = { types: RESERVED_TYPE_NAMES, endpoints: new Set(), hosts: new Set() };
  for (let attempt = 0; ; attempt++) {
    const imported = importOpenApi(description.data, { ...options, avoid });
    if (!imported.ok) return failed(problem(M.openapiUnreadable, file, description.position(imported.pointer), { detail: imported.problem }), description.source, attempt + 1);
    const result = loadParsedContract({ file, source: description.source, data: imported.contract, locate: originLocator(description.position, imported.origins), ...(sha256 === undefined ? {} : { sha256 }) });
    const renamed = result.ok || result.model === undefined || attempt === MAX_RENAMES ? undefined : avoiding(avoid, nameCollisions(result.model));
    if (renamed === undefined) return succeeded(description, imported, result, attempt + 1);
    avoid = renamed;
  }
}

/** Rounds of renaming: each settles every collision it sees, and a renamed name can collide once more at most. */
const MAX_RENAMES = 4;

/**
 * The names to avoid so that no generated export collides: the later element of each pair takes
 * another. Undefined when there is nothing the importer can rename (the collision is elsewhere).
 */
function avoiding(avoid: AvoidNames, collisions: readonly NameCollision[]): AvoidNames | undefined {
  if (collisions.length === 0) return undefined;
  const next = { types: new Set(avoid.types), endpoints: new Set(avoid.endpoints), hosts: new Set(avoid.hosts) };
  for (const { path } of collisions) {
    const [section, name] = path;
    const set = section === 'types' ? next.types : section === 'endpoints' ? next.endpoints : section === 'hosts' ? next.hosts : undefined;
    if (set === undefined || typeof name !== 'string') return undefined;
    set.add(name);
  }
  return next;
}

function succeeded(description: Description, imported: Extract<ImportResult, { ok: true }>, result: ContractResult, passes: number): ImportedContract {
  const { file, position } = description;
  return {
    result,
    data: imported.contract,
    warnings: imported.warnings,
    warningDiagnostics: (limit) => imported.warnings.slice(0, limit).map((w) => problem(M.openapiApproximated, file, position(w.pointer), { detail: w.message })),
    passes,
  };
}

/** `passes`: 0 when the description could not even be read. */
function failed(diagnostic: Diagnostic, source: string | undefined, passes = 0): ImportedContract {
  return { result: { ok: false, diagnostics: [diagnostic], source }, warnings: [], warningDiagnostics: () => [], passes };
}

/**
 * A contract path's place in the description: where the nearest part it came from is written.
 * It takes `position` alone: the model keeps its locator, and the description's parsed data (the
 * size of the text several times over) must not live as long.
 */
function originLocator(position: Description['position'], origins: ReadonlyMap<string, string>): Locator {
  return (path) => {
    for (let n = path.length; n > 0; n--) {
      const pointer = origins.get(path.slice(0, n).map(String).join('\u0000'));
      if (pointer !== undefined) return position(pointer);
    }
    return { line: 1, col: 1 };
  };
}
