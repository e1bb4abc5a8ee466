/**
 * Writing the output folder safely: only files whose bytes changed are written (so unchanged
 * files keep their mtimes), each atomically (temp file + rename), and a manifest records what the
 * generator owns, so it never deletes or overwrites a file it did not write.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const MANIFEST = '.contractgen-manifest.json';

export interface Manifest {
  readonly generator: string;
  readonly contract: { readonly file: string; readonly sha256: string };
  /** Relative path → sha256 of the written bytes. */
  readonly files: Readonly<Record<string, string>>;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function readManifest(outDir: string): Manifest | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8')) as Partial<Manifest>;
    if (typeof parsed.generator !== 'string' || typeof parsed.files !== 'object' || parsed.files === null || typeof parsed.contract !== 'object') return undefined;
    return parsed as Manifest;
  } catch {
    return undefined;
  }
}

/** A relative output path that stays inside `outDir`; anything else is a generator bug. */
export function outputPath(outDir: string, path: string): string {
  const full = resolve(outDir, path);
  const rel = relative(resolve(outDir), full);
  if (rel === '' || rel.startsWith('..') || rel.includes(`..${sep}`) || resolve(rel) === rel) throw new Error(`refusing to write outside the output folder: ${path}`);
  return full;
}

export function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}

export interface Plan {
  /** Files whose bytes on disk differ from the output (or are missing). */
  readonly changed: readonly string[];
  /** Files of the previous output that are no longer generated. */
  readonly removed: readonly string[];
  /** Files in the way: present on disk, not written by the generator, and different. */
  readonly foreign: readonly string[];
}

export function planWrite(outDir: string, files: ReadonlyMap<string, string>, previous: Manifest | undefined): Plan {
  const owned = new Set(Object.keys(previous?.files ?? {}));
  const changed: string[] = [];
  const foreign: string[] = [];
  for (const [path, text] of files) {
    const current = readIfExists(outputPath(outDir, path));
    if (current === text) continue;
    if (current !== undefined && !owned.has(path)) foreign.push(path);
    else changed.push(path);
  }
  // Only what is still exactly as the generator wrote it may be deleted.
  const removed = [...owned].filter((path) => {
    if (files.has(path)) return false;
    const current = readIfExists(outputPath(outDir, path));
    return current !== undefined && sha256(current) === previous?.files[path];
  });
  return { changed, removed, foreign };
}

export function applyWrite(outDir: string, files: ReadonlyMap<string, string>, plan: Plan, manifest: Manifest): void {
  for (const path of plan.changed) writeAtomic(outputPath(outDir, path), files.get(path) ?? '');
  for (const path of plan.removed) unlinkSync(outputPath(outDir, path));
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  if (readIfExists(join(outDir, MANIFEST)) !== text) writeAtomic(join(outDir, MANIFEST), text);
}
