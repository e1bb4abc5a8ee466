/**
 * An OpenAPI description as a contract, in memory: read, imported, then validated and modelled
 * like a contract file. Diagnostics point into the description: a problem in the imported
 * contract is reported where the part it came from is written.
 */
import type { ContractResult } from '../contract.js';
import { loadParsedContract } from '../contract.js';
import { MESSAGES as M, problem } from '../diagnostic-catalogue.js';
import type { Diagnostic } from '../diagnostics.js';
import { pointerOf, pointerSegments, type Locator } from '../load/locate.js';
import type { ImportWarning, Out } from './context.js';
import { parseDescription, type Description } from './description.js';
import { decodeText, readInputBytes } from '../load/read-file.js';
import { amend } from './amend.js';
import { importOpenApi, type AvoidNames, type ImportOptions, type ImportResult } from './import.js';
import { nameCollisions, UNFIT_VALUE_NAMES, type NameCollision } from '../emit/check-names.js';
import { sortDiagnostics } from '../diagnostics.js';
import { overlaid } from '../overlay/overlaid.js';
import type { OverlayInput } from '../overlay/read-overlay.js';
import type { Outputs } from '../model/types.js';
import { RESERVED_EXPORTS } from '../emit/names.js';

/** Names the generated package exports itself, and those no export may take (an enum is a value too), which no contract type may take. */
const RESERVED_TYPE_NAMES: ReadonlySet<string> = new Set([...RESERVED_EXPORTS, ...UNFIT_VALUE_NAMES.keys()]);

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

/** How a description is imported: the importer's options, and the overlays applied to it first, in order. */
export interface DescriptionOptions extends ImportOptions {
  readonly overlays?: readonly OverlayInput[];
  /** Outputs set whatever the description says: the names they generate are avoided too. */
  readonly outputs?: Partial<Outputs>;
}

export function loadDescription(path: string, file: string, options: DescriptionOptions = {}): ImportedContract {
  const bytes = readInputBytes(path, file, 'description');
  if (!Buffer.isBuffer(bytes)) return { result: bytes, warnings: [], warningDiagnostics: () => [], passes: 0 };
  return loadDescriptionText(file, decodeText(bytes), options);
}

/** A description's text already read (generate hashes the bytes first: `sha256`, of the text's UTF-8 bytes). */
export function loadDescriptionText(file: string, text: string, options: DescriptionOptions = {}, sha256?: string): ImportedContract {
  const parsed = parseDescription(file, text);
  if (!parsed.ok) return failed(problem(M.openapiUnreadable, file, parsed.at, { detail: parsed.problem }), text);
  // A byte order mark is not part of the description's source, nor then of its hash.
  return withOverlays(parsed.description, options, parsed.description.source === text ? sha256 : undefined);
}

/** The overlays applied before the import; their warnings and texts go along with its result. */
function withOverlays(description: Description, options: DescriptionOptions, sha256?: string): ImportedContract {
  const { overlays, ...importOptions } = options;
  if (overlays === undefined || overlays.length === 0) return importDescription(description, importOptions, sha256);
  const applied = overlaid(description, overlays, sha256);
  if (!applied.ok) return { result: { ok: false, diagnostics: applied.diagnostics, source: description.source, sources: applied.sources }, warnings: [], warningDiagnostics: () => [], passes: 0 };
  const imported = importDescription(applied.description, importOptions, applied.sha256);
  const diagnostics = sortDiagnostics([...applied.diagnostics, ...imported.result.diagnostics]);
  return { ...imported, result: { ...imported.result, diagnostics, sources: applied.sources } };
}

function importDescription(description: Description, { outputs, ...options }: ImportOptions & Pick<DescriptionOptions, 'outputs'>, sha256?: string): ImportedContract {
  const file = description.file;
  // The package's own exports are avoided from the first pass: a schema named Host or Result would
  // otherwise cost a whole second import (EC2 has a Host: 2.37 → 1.90 s).
  let avoid: AvoidNames = { types: RESERVED_TYPE_NAMES, endpoints: new Set(), hosts: new Set() };
  for (let attempt = 0; ; attempt++) {
    const imported = importOpenApi(description.data, { ...options, avoid });
    if (!imported.ok) return failed(problem(imported.nothing === true ? M.nothingToImport : M.openapiUnreadable, file, description.position(imported.pointer), { detail: imported.problem }), description.source, attempt + 1);
    const load = () => loadParsedContract({ file, source: description.source, data: imported.contract, locate: originLocator(description.position, imported.origins), ...(sha256 === undefined ? {} : { sha256 }) }, outputs);
    let result = load();
    // What the model refuses that the description says (bytes in JSON, types without a value): amended, then loaded again.
    const amended: ImportWarning[] = [];
    for (let pass = 0; !result.ok && result.model !== undefined && pass < MAX_AMENDS; pass++) {
      const warnings = amend(imported.contract, result.model, (path) => schemaPointer(description.data, imported.origins, path));
      if (warnings.length === 0) break;
      amended.push(...warnings);
      result = load();
    }
    const renamed = result.ok || result.model === undefined || attempt === MAX_RENAMES ? undefined : avoiding(avoid, nameCollisions(result.model));
    if (renamed === undefined) return succeeded(description, { ...imported, warnings: [...imported.warnings, ...amended] }, result, attempt + 1);
    avoid = renamed;
  }
}

/** Rounds of renaming: each settles every collision it sees, and a renamed name can collide once more at most. */
const MAX_RENAMES = 4;
/** Rounds of amending: a cycle made optional can leave a type that needs another cycle, which the next round finds. */
const MAX_AMENDS = 8;

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
    const pointer = nearestOrigin(origins, path)?.pointer;
    return pointer === undefined ? { line: 1, col: 1 } : position(pointer);
  };
}

/** The pointer of the nearest part a contract path came from, and the steps of the path below it. */
function nearestOrigin(origins: ReadonlyMap<string, string>, path: readonly (string | number)[]): { readonly pointer: string; readonly rest: readonly (string | number)[] } | undefined {
  for (let n = path.length; n > 0; n--) {
    const pointer = origins.get(path.slice(0, n).map(String).join('\u0000'));
    if (pointer !== undefined) return { pointer, rest: path.slice(n) };
  }
  return undefined;
}

/** Schema keywords for the steps of a contract type: a field is a property, items are items, map values additional properties. */
const SCHEMA_STEPS: Readonly<Record<string, string>> = { fields: 'properties', items: 'items', values: 'additionalProperties' };

/**
 * Where in the description a part of a contract type came from: the nearest part's pointer, then
 * down the schema's own keywords for as long as the schema holds them (a field merged from an
 * allOf stops at its type).
 */
function schemaPointer(doc: unknown, origins: ReadonlyMap<string, string>, path: readonly (string | number)[]): string {
  const origin = nearestOrigin(origins, path);
  if (origin === undefined) return '';
  const segments: (string | number)[] = pointerSegments(origin.pointer);
  let node = at(doc, segments);
  for (let i = 0; i < origin.rest.length; i++) {
    const keyword = SCHEMA_STEPS[String(origin.rest[i])];
    const steps = keyword === 'properties' ? [keyword, String(origin.rest[++i])] : keyword === undefined ? undefined : [keyword];
    const next = steps === undefined ? undefined : at(node, steps);
    if (steps === undefined || next === undefined) break;
    segments.push(...steps);
    node = next;
  }
  return pointerOf(segments);
}

function at(node: unknown, steps: readonly (string | number)[]): unknown {
  let current = node;
  for (const step of steps) current = typeof current === 'object' && current !== null && Object.prototype.hasOwnProperty.call(current, step) ? (current as Record<string, unknown>)[step] : undefined;
  return current;
}
