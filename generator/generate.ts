/**
 * The generate pipeline: load → validate → model → emit → write (or compare, for
 * `--check`). Decides from hashes first, so an unchanged contract costs no parsing at all.
 */
import { isUtf8 } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from './diagnostics.js';
import type { Incremental } from './incremental.js';
import type { ImportWarning } from './import/context.js';
import type { Contract, Outputs } from './model/types.js';
import { inputKind } from './import/sniff.js';
import { decodeText, readInputBytes } from './load/read-file.js';
import { packageRoot, toolVersion } from './package-root.js';
import { OutputFolder, OutputRefused } from './output-folder.js';
import { applyWrite, MANIFEST, planWrite, readManifest, recoverOutput, rememberWritten, sha256, type Manifest } from './write.js';

export interface GenerateOptions {
  readonly contractFile: string;
  /** How diagnostics name the contract: the path as the user gave it (default: contractFile). */
  readonly contractName?: string;
  readonly outDir: string;
  /** Compare only: write nothing, report stale files. */
  readonly check: boolean;
  /** A watch session's store: unchanged parts of the contract are not parsed, built or emitted again. */
  readonly incremental?: Incremental;
  /** Outputs set whatever the contract says (`--no-openapi`, `--no-mocks`, `--no-validators`, a config entry's `zod`, `query`, `dates`). */
  readonly outputs?: Partial<Outputs>;
  /** The package's npm name whatever the contract says (`--package`, a config entry's `package`); checked by the caller. */
  readonly packageName?: string;
  /** Overlays applied to the description, in order (`--overlay`, a config entry's `overlays`). */
  readonly overlays?: readonly { readonly path: string; readonly file: string }[];
}

/** The outputs set as `GenerateOptions.outputs` holds them (undefined when none is): from flags, a config entry or the API. */
export function outputOverrides(given: { readonly [K in keyof Outputs]?: Outputs[K] | undefined }): GenerateOptions['outputs'] {
  const set = Object.entries(given).filter(([, value]) => value !== undefined);
  return set.length === 0 ? undefined : (Object.fromEntries(set) as Partial<Outputs>);
}

/**
 * The warnings of a contract generated all the same, with its text and the texts of the other
 * files they may name (a description's overlays), for the source line under each.
 */
export interface Warnings {
  readonly diagnostics: readonly Diagnostic[];
  readonly source: string;
  readonly sources?: ReadonlyMap<string, string>;
}

/**
 * What rendering the contract found, on the outcomes of a run that rendered it (a no-change run
 * reads nothing): its warnings, and what the import of a description approximated.
 */
interface Rendered {
  readonly warnings?: Warnings;
  readonly approximations?: readonly ImportWarning[];
}

export type GenerateOutcome =
  | { readonly kind: 'invalid'; readonly diagnostics: readonly Diagnostic[]; readonly source: string | undefined; readonly sources?: ReadonlyMap<string, string> | undefined }
  | ({ readonly kind: 'up-to-date'; readonly files: number } & Rendered)
  | ({ readonly kind: 'written'; readonly changed: readonly string[]; readonly removed: readonly string[]; readonly files: number } & Rendered)
  | ({ readonly kind: 'stale'; readonly stale: readonly string[] } & Rendered)
  | { readonly kind: 'blocked'; readonly foreign: readonly string[] }
  /** The output folder holds a link on a path the run would use, or a manifest or journal naming a path outside it (output-folder.ts). */
  | { readonly kind: 'refused'; readonly diagnostics: readonly Diagnostic[] };

export async function generate(options: GenerateOptions): Promise<GenerateOutcome> {
  // The contract's bytes: hashed first, decoded only when there is work to do.
  const bytes = readInputBytes(options.contractFile, options.contractName ?? options.contractFile, inputKind(options.contractFile));
  if (!Buffer.isBuffer(bytes)) return { kind: 'invalid', diagnostics: bytes.diagnostics, source: undefined };
  // The overlays' bytes too: what the package is made from, hashed before anything loads.
  const overlays: Overlaid[] = [];
  for (const overlay of options.overlays ?? []) {
    const read = readInputBytes(overlay.path, overlay.file, 'overlay');
    if (!Buffer.isBuffer(read)) return { kind: 'invalid', diagnostics: read.diagnostics, source: undefined };
    overlays.push({ file: overlay.file, bytes: read });
  }
  try {
    return await generateInto(OutputFolder.open(options.outDir), bytes, overlays, options);
  } catch (e) {
    if (e instanceof OutputRefused) return { kind: 'refused', diagnostics: [e.diagnostic] };
    throw e;
  }
}

/** An overlay's bytes, read before anything loads, under the name its diagnostics give it. */
interface Overlaid {
  readonly file: string;
  readonly bytes: Buffer;
}

async function generateInto(folder: OutputFolder, bytes: Buffer, overlays: readonly Overlaid[], options: GenerateOptions): Promise<GenerateOutcome> {
  if (!options.check) recoverOutput(folder);
  const previous = readManifest(folder);
  const fileHash = sha256(bytes);
  const contractHash = madeWith(fileHash, overlays, options);
  if (!options.check && isUpToDate(folder, previous, contractHash)) return { kind: 'up-to-date', files: Object.keys(previous?.files ?? {}).length };
  // The bytes' hash is the text's when decoding them lost nothing (graph's 20 MB: 100 ms not spent again).
  const textHash = isUtf8(bytes) ? fileHash : undefined;
  const overlayTexts = overlays.map((o) => ({ file: o.file, text: decodeText(o.bytes) }));
  const rendered = await render(options.contractName ?? options.contractFile, decodeText(bytes), { incremental: options.incremental, outputs: options.outputs, packageName: options.packageName, sha256: textHash, overlays: overlayTexts });
  if (rendered.kind !== 'files') return rendered;
  const { files } = rendered;
  // Only what there is: an outcome without warnings or approximations is the value it always was.
  const found: Rendered = { ...(rendered.approximations === undefined ? {} : { approximations: rendered.approximations }), ...(rendered.warnings.diagnostics.length === 0 ? {} : { warnings: rendered.warnings }) };
  const written = options.incremental?.written;
  const plan = planWrite(folder, files, previous, written);
  if (options.check) {
    const stale = [...plan.changed, ...plan.foreign, ...plan.removed].sort();
    return stale.length === 0 ? { kind: 'up-to-date', files: files.size, ...found } : { kind: 'stale', stale, ...found };
  }
  if (plan.foreign.length > 0) return { kind: 'blocked', foreign: plan.foreign };
  const head = {
    generator: generatorFingerprint(),
    contract: { file: relative(folder.root, resolve(options.contractFile)).split('\\').join('/'), sha256: contractHash },
  };
  // In a watch session, a file whose text did not change keeps its hash.
  const manifest = applyWrite(folder, files, plan, head, (path, text) => (written?.get(path)?.text === text ? written.get(path)!.hash : undefined));
  if (written !== undefined) rememberWritten(folder, files, manifest.files, written);
  return { kind: 'written', changed: plan.changed, removed: plan.removed, files: files.size, ...found };
}

/**
 * What the files are made from: the contract's hash, the overlays' and what the options say
 * whatever the contract says (a change of any is no no-op).
 */
function madeWith(fileHash: string, overlays: readonly Overlaid[], options: GenerateOptions): string {
  const { outputs, packageName } = options;
  if (outputs === undefined && packageName === undefined && overlays.length === 0) return fileHash;
  const parts = [fileHash, JSON.stringify(outputs ?? {}), ...(packageName === undefined ? [] : [packageName])];
  return sha256([...parts, ...overlays.map((o) => `overlay:${sha256(o.bytes)}`)].join(' '));
}

export type RenderOutcome =
  | Extract<GenerateOutcome, { kind: 'invalid' }>
  | ({ readonly kind: 'files'; readonly files: Map<string, string>; readonly warnings: Warnings } & Pick<Rendered, 'approximations'>);

export interface RenderOptions {
  readonly incremental?: Incremental;
  /** The sha256 of `source`'s UTF-8 bytes, when the caller has it. */
  readonly sha256?: string | undefined;
  readonly outputs?: GenerateOptions['outputs'];
  readonly packageName?: string | undefined;
  /** Overlays applied to the description, their texts already read. */
  readonly overlays?: readonly { readonly file: string; readonly text: string }[];
}

/** Every output file's final bytes, in memory: what `generate` writes and `--check` compares. */
export async function render(contractFile: string, source: string, options: RenderOptions = {}): Promise<RenderOutcome> {
  // The heavy stages (yaml, ajv) load only when there is work to do.
  const [{ loadInputText }, { layout }] = await Promise.all([import('./input.js'), import('./emit/layout.js')]);
  const loaded = loadInputText(contractFile, source, options.incremental, options.sha256, options.overlays, options.outputs);
  if (!loaded.ok) return { kind: 'invalid', diagnostics: loaded.diagnostics, source: loaded.source, sources: loaded.sources };
  const files = new Map<string, string>();
  // Emitters write src/ in prettier's form and dist/ beside it (test/prettier-form.test.ts and
  // test/dist-emit.test.ts hold them to it): nothing is formatted or compiled here.
  const contract = overridden(loaded.contract, options);
  for (const file of layout(contract, { incremental: options.incremental })) files.set(file.path, file.text);
  return { kind: 'files', files, warnings: { diagnostics: loaded.diagnostics.filter((d) => d.severity === 'warning'), source: loaded.source, ...(loaded.sources === undefined ? {} : { sources: loaded.sources }) }, ...(loaded.approximations === undefined ? {} : { approximations: loaded.approximations.warnings }) };
}

/** The model with what the options say whatever the contract says: outputs left out, the package's name. */
export function overridden(contract: Contract, options: Pick<RenderOptions, 'outputs' | 'packageName'>): Contract {
  const { outputs, packageName } = options;
  // The model itself when nothing is overridden: a watch session's caches know it by identity.
  if (outputs === undefined && packageName === undefined) return contract;
  return {
    ...contract,
    ...(outputs === undefined ? {} : { outputs: { ...contract.outputs, ...outputs } }),
    ...(packageName === undefined ? {} : { info: { ...contract.info, packageName } }),
  };
}

/** Same contract, same generator, and every owned file still exactly as written. */
function isUpToDate(folder: OutputFolder, manifest: Manifest | undefined, contractHash: string): boolean {
  if (manifest === undefined || manifest.contract.sha256 !== contractHash || manifest.generator !== generatorFingerprint()) return false;
  return Object.entries(manifest.files).every(([path, hash]) => folder.sha256(path, MANIFEST) === hash);
}

let fingerprint: string | undefined;

/**
 * Identifies the generator's code and templates: output made by other code is never "up to date".
 * The build writes it beside the compiled code (`npm run build`, build-fingerprint.ts), so a
 * no-change run reads one file instead of hashing ~150; run from source, it is computed.
 */
export function generatorFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  let built: string | undefined;
  try {
    built = readFileSync(join(dirname(fileURLToPath(import.meta.url)), FINGERPRINT_FILE), 'utf8').trim();
  } catch {
    built = undefined;
  }
  return (fingerprint = built || computeGeneratorFingerprint());
}

export const FINGERPRINT_FILE = 'fingerprint.txt';

export function computeGeneratorFingerprint(): string {
  const codeDir = dirname(fileURLToPath(import.meta.url));
  const parts = [toolVersion(), ...hashTree(codeDir), ...hashTree(join(packageRoot(), 'templates'))];
  return `${toolVersion()}+${sha256(parts.join('\n')).slice(0, 16)}`;
}

function hashTree(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...hashTree(full));
    else if (/\.(js|ts|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) out.push(`${entry.name}:${sha256(readFileSync(full))}`);
  }
  return out;
}
