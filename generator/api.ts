/**
 * The programmatic API: what the CLI's commands do, as functions returning values (diagnostics,
 * outcomes, reviews) instead of printing and exiting. `import { validate, generate, diff, openapi,
 * importOpenApi } from 'contractgen'`. Paths are resolved against `process.cwd()`.
 */
import { resolve } from 'node:path';
import { isPackageName } from './contract-format.js';
import { formatDiagnostic as format, type Diagnostic } from './diagnostics.js';
import { generate as generatePackage, outputOverrides, type GenerateOutcome } from './generate.js';
import type { ImportWarning } from './import/context.js';
import { loadInput, type InputResult } from './input.js';
import type { Contract } from './model/types.js';
import type { Review } from './diff/review.js';

export type { Diagnostic } from './diagnostics.js';
export type { GenerateOutcome } from './generate.js';
export type { Review, Finding } from './diff/review.js';
export type { Contract } from './model/types.js';
export type { ImportWarning } from './import/context.js';

/** A `contractgen.config.mjs`: the contracts of a repository, each with its package's folder. */
export interface ContractgenConfig {
  readonly $schema?: string;
  readonly contracts: readonly {
    /** The contract (.yaml) or OpenAPI description, relative to the config's folder. */
    readonly contract: string;
    /** The generated package's folder; no two contracts share one. */
    readonly out: string;
    /** `false` leaves the package's openapi.yaml out. */
    readonly openapi?: boolean;
    /** `false` leaves the package's mocks entry out. */
    readonly mocks?: boolean;
    /** `false` leaves the package's validators entry out. */
    readonly validators?: boolean;
    /** `true` adds the package's zod entry. */
    readonly zod?: boolean;
    /** `true` adds the package's TanStack Query entry. */
    readonly query?: boolean;
    /** `Date`: date-time and date values as Date objects. */
    readonly dates?: 'string' | 'Date';
    /** The package's npm name, whatever the contract or description says. */
    readonly package?: string;
    /** OpenAPI Overlay 1.0 documents applied to the description first, in order (docs/overlays.md). */
    readonly overlays?: readonly string[];
  }[];
}

/** Types a `contractgen.config.mjs`: `export default defineConfig({ contracts: [...] })`. */
export function defineConfig(config: ContractgenConfig): ContractgenConfig {
  return config;
}

/** `file:line:col: message [code]`, as the CLI prints it; with the file's text, followed by a code frame. */
export function formatDiagnostic(diagnostic: Diagnostic, source?: string): string {
  return format(diagnostic, source);
}

/** A contract (or OpenAPI description) read, validated and modelled; for a description, what its import approximated. */
export type ValidateResult = (
  | { readonly ok: true; readonly contract: Contract; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] }
) & { readonly approximations?: readonly ImportWarning[] };

/** OpenAPI Overlay 1.0 documents applied to a description before it is imported, in order (docs/overlays.md). */
export interface OverlayOptions {
  readonly overlays?: readonly string[];
}

function overlayFiles(options: OverlayOptions): { readonly path: string; readonly file: string }[] {
  return (options.overlays ?? []).map((file) => ({ path: resolve(file), file }));
}

/** `contractgen validate`: every problem of the contract, positioned; `ok` when it has no error. */
export function validate(file: string, options: OverlayOptions = {}): ValidateResult {
  return settled(loadInput(resolve(file), file, overlayFiles(options)));
}

function settled(result: InputResult): ValidateResult {
  const approximations = result.approximations === undefined ? {} : { approximations: result.approximations.warnings };
  return result.ok ? { ok: true, contract: result.contract, diagnostics: result.diagnostics, ...approximations } : { ok: false, diagnostics: result.diagnostics, ...approximations };
}

export interface GenerateOptions extends OverlayOptions {
  /** The contract or OpenAPI description. */
  readonly contract: string;
  /** The package folder (default `generated`), used at its real path (links on the way resolved). */
  readonly out?: string;
  /** Write nothing; the outcome says whether the folder is up to date (`up-to-date`) or `stale`. */
  readonly check?: boolean;
  /** Leave out the package's openapi.yaml / mocks entry / validators entry whatever the contract says. */
  readonly openapi?: false;
  readonly mocks?: false;
  readonly validators?: false;
  /** Add the package's zod entry (true) or leave it out (false), whatever the contract says. */
  readonly zod?: boolean;
  /** Add the package's TanStack Query entry (true) or leave it out (false), whatever the contract says. */
  readonly query?: boolean;
  /** `Date`: date-time and date values as Date objects, whatever the contract says. */
  readonly dates?: 'string' | 'Date';
  /** The package's npm name whatever the contract says (`generate --package`); a name npm would refuse throws a TypeError, as a usage error. */
  readonly package?: string;
}

/** `contractgen generate`: writes (or, with `check`, compares) the package; never throws for a contract problem. */
export async function generate(options: GenerateOptions): Promise<GenerateOutcome> {
  const outputs = outputOverrides({ openapi: options.openapi, mocks: options.mocks, validators: options.validators, zod: options.zod, query: options.query, dates: options.dates });
  const packageName = options.package;
  if (packageName !== undefined && !isPackageName(packageName)) throw new TypeError(`package '${packageName}' is not a valid npm package name`);
  return generatePackage({ contractFile: resolve(options.contract), outDir: resolve(options.out ?? 'generated'), check: options.check === true, outputs, overlays: overlayFiles(options), ...(packageName === undefined ? {} : { packageName }) });
}

/**
 * `contractgen diff <old> <new>`: what the change breaks; `api: false` compares the contracts only.
 * `package`: the package's npm name on both sides, whatever each contract or title says (as `diff --package`).
 */
export async function diff(oldFile: string, newFile: string, options: { readonly api?: boolean; readonly package?: string } & OverlayOptions = {}): Promise<{ readonly ok: true; readonly review: Review } | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] }> {
  const packageName = options.package;
  if (packageName !== undefined && !isPackageName(packageName)) throw new TypeError(`package '${packageName}' is not a valid npm package name`);
  const { loadSides, reviewSides } = await import('./diff/sides.js');
  const side = (file: string) => ({ path: resolve(file), file, overlays: overlayFiles(options) });
  const sides = await loadSides(side(oldFile), side(newFile), { api: options.api !== false, packageName });
  try {
    const { before, after } = sides;
    if (!before.ok || !after.ok) return { ok: false, diagnostics: [...before.diagnostics, ...after.diagnostics] };
    return { ok: true, review: await reviewSides(sides, before.contract, after.contract) };
  } finally {
    sides.close();
  }
}

/** `contractgen openapi`: the contract as an OpenAPI 3.1 YAML document. */
export async function openapi(file: string): Promise<{ readonly ok: true; readonly document: string } | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] }> {
  const result = loadInput(resolve(file), file);
  if (!result.ok) return { ok: false, diagnostics: result.diagnostics };
  const { renderOpenApi } = await import('./openapi/render.js');
  return { ok: true, document: renderOpenApi(result.contract) };
}

/** `contractgen import`: an OpenAPI 3.0/3.1 description as contract YAML, with what was approximated. */
export async function importOpenApi(file: string, options: { readonly packageName?: string } & OverlayOptions = {}): Promise<{ readonly ok: true; readonly contract: string; readonly warnings: readonly ImportWarning[] } | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] }> {
  const [{ loadDescription }, { contractText }] = await Promise.all([import('./import/load-description.js'), import('./commands/import.js')]);
  const overlays = overlayFiles(options);
  const imported = loadDescription(resolve(file), file, { ...(options.packageName === undefined ? {} : { packageName: options.packageName }), overlays });
  if (!imported.result.ok || imported.data === undefined) return { ok: false, diagnostics: imported.result.diagnostics };
  return { ok: true, contract: contractText(imported.data, file, overlays.map((o) => o.file)), warnings: imported.warnings };
}
