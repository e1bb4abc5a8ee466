/**
 * Writing the output folder safely: only files whose bytes changed are written (so unchanged
 * files keep their mtimes), each atomically (temp file + rename), and a manifest records what the
 * generator owns, so it never deletes or overwrites a file it did not write.
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { jsonText } from './escape.js';

export const MANIFEST = '.contractgen-manifest.json';

export interface Manifest {
  readonly generator: string;
  readonly contract: { readonly file: string; readonly sha256: string };
  /** Relative path → sha256 of the written bytes. */
  readonly files: Readonly<Record<string, string>>;
}

/** Of a text's UTF-8 bytes: a file's bytes and the text written to it hash alike. */
export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
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

/** One buffer for every file hashed: fresh buffers for a no-change run's 14 MB cost their page faults again (61 against 20 ms). */
let chunk: Buffer | undefined;

/**
 * The sha256 of a file's bytes, read a megabyte at a time into one reused buffer; undefined when it
 * is not a regular file (a device would never end, a FIFO would block) or cannot be read.
 */
export function fileSha256(file: string): string | undefined {
  let fd: number;
  try {
    if (!statSync(file).isFile()) return undefined;
    fd = openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    chunk ??= Buffer.allocUnsafe(1 << 20);
    const hash = createHash('sha256');
    for (let n = readSync(fd, chunk, 0, chunk.length, null); n > 0; n = readSync(fd, chunk, 0, chunk.length, null)) hash.update(chunk.subarray(0, n));
    return hash.digest('hex');
  } catch {
    return undefined;
  } finally {
    closeQuietly(fd);
  }
}

/** Closing a file only read cannot lose data: a failure to close is no reason to fail the run. */
function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Nothing was written through it.
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

/** A file as a watch session last wrote it: while its size and mtime stay, it is not read again. */
export interface WrittenFile {
  readonly text: string;
  readonly hash: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export function planWrite(outDir: string, files: ReadonlyMap<string, string>, previous: Manifest | undefined, written?: ReadonlyMap<string, WrittenFile>): Plan {
  const owned = new Set(Object.keys(previous?.files ?? {}));
  const changed: string[] = [];
  const foreign: string[] = [];
  for (const [path, text] of files) {
    const current = unchangedSinceWritten(outDir, path, written) ?? readIfExists(outputPath(outDir, path));
    if (current === text) continue;
    if (current !== undefined && !owned.has(path)) foreign.push(path);
    else changed.push(path);
  }
  // Only what is still exactly as the generator wrote it may be deleted.
  const removed = [...owned].filter((path) => {
    if (files.has(path)) return false;
    // An owned path's hash is in the manifest; a file that cannot be hashed is not removed.
    return fileSha256(outputPath(outDir, path)) === previous?.files[path];
  });
  return { changed, removed, foreign };
}

function unchangedSinceWritten(outDir: string, path: string, written: ReadonlyMap<string, WrittenFile> | undefined): string | undefined {
  const known = written?.get(path);
  if (known === undefined) return undefined;
  try {
    const stat = statSync(outputPath(outDir, path));
    return stat.size === known.size && stat.mtimeMs === known.mtimeMs ? known.text : undefined;
  } catch {
    return undefined;
  }
}

/** Records what is on disk now for `files` (after a write), for the next `planWrite`. */
export function rememberWritten(outDir: string, files: ReadonlyMap<string, string>, hashes: Readonly<Record<string, string>>, written: Map<string, WrittenFile>): void {
  written.clear();
  for (const [path, text] of files) {
    try {
      const stat = statSync(outputPath(outDir, path));
      written.set(path, { text, hash: hashes[path] ?? sha256(text), size: stat.size, mtimeMs: stat.mtimeMs });
    } catch {
      // Not on disk: it is read (and found missing) next time.
    }
  }
}

/**
 * Writes in two phases so that a crash or kill never leaves a half-written output:
 * 1. every new file goes to a temporary sibling; a kill here leaves the previous output intact;
 * 2. a journal listing the renames and removals is written atomically, then applied, then the
 *    manifest (`head` and every file's hash), then the journal is deleted. A kill during phase 2
 *    is rolled forward by the next run (`recoverOutput`), so the folder always ends as the
 *    previous or the new complete output.
 */
export function applyWrite(outDir: string, files: ReadonlyMap<string, string>, plan: Plan, head: Omit<Manifest, 'files'>, knownHash: (path: string, text: string) => string | undefined = () => undefined): Manifest {
  mkdirSync(outDir, { recursive: true });
  const hashes = new Map<string, string>();
  const encode = encoder();
  const renames = plan.changed.map((path) => {
    const target = outputPath(outDir, path);
    const temp = `${target}${TEMP_SUFFIX}`;
    mkdirSync(dirname(target), { recursive: true });
    const bytes = encode(files.get(path) ?? '');
    writeFileSync(temp, bytes);
    hashes.set(path, sha256(bytes));
    crashPoint();
    return { from: temp, to: target };
  });
  const sorted = [...files].sort(([a], [b]) => a.localeCompare(b));
  const manifest: Manifest = { ...head, files: Object.fromEntries(sorted.map(([path, text]) => [path, hashes.get(path) ?? knownHash(path, text) ?? sha256(encode(text))])) };
  const journal: Journal = { renames, removes: plan.removed.map((p) => outputPath(outDir, p)), manifest: `${jsonText(manifest)}\n` };
  writeAtomic(join(outDir, JOURNAL), JSON.stringify(journal));
  crashPoint();
  commit(outDir, journal);
  return manifest;
}

/**
 * UTF-8 bytes of each text in turn, in one reused buffer: writing and hashing a string would encode
 * it twice (graph's 87 MB of output: half a second), and a buffer per file would hold them all
 * until the next collection. Each result is valid until the next call.
 */
function encoder(): (text: string) => Buffer {
  // TextEncoder encodes with SIMD: Buffer#write took ~3.5 ns a character (graph's output: 260 ms),
  // and sizing the buffer first with Buffer.byteLength was another pass.
  const utf8 = new TextEncoder();
  let scratch = Buffer.alloc(0);
  return (text) => {
    // Most generated text is ASCII: try the scratch buffer as it is, and size it for the worst
    // case (three bytes a UTF-16 unit) only when the text did not fit.
    if (scratch.length < text.length) scratch = Buffer.allocUnsafe(Math.max(text.length + (text.length >> 3), scratch.length * 2));
    let encoded = utf8.encodeInto(text, scratch);
    if (encoded.read < text.length) {
      scratch = Buffer.allocUnsafe(text.length * 3);
      encoded = utf8.encodeInto(text, scratch);
    }
    return scratch.subarray(0, encoded.written);
  };
}

let steps = 0;

/**
 * Fault injection for the kill-mid-write test: with CONTRACTGEN_CRASH_AT=n the process kills
 * itself (SIGKILL, no cleanup) at the n-th step of a write. Unset, it costs one comparison.
 */
function crashPoint(): void {
  const at = process.env.CONTRACTGEN_CRASH_AT;
  if (at !== undefined && ++steps === Number(at)) process.kill(process.pid, 'SIGKILL');
}

const TEMP_SUFFIX = '.contractgen-tmp';
export const JOURNAL = '.contractgen-journal.json';

interface Journal {
  readonly renames: readonly { readonly from: string; readonly to: string }[];
  readonly removes: readonly string[];
  readonly manifest: string;
}

function commit(outDir: string, journal: Journal): void {
  for (const { from, to } of journal.renames) {
    // Already renamed by an interrupted run: nothing left to do for this file.
    if (existsSync(from)) {
      renameSync(from, to);
      crashPoint();
    }
  }
  for (const file of journal.removes) rmSync(file, { force: true });
  if (readIfExists(join(outDir, MANIFEST)) !== journal.manifest) writeAtomic(join(outDir, MANIFEST), journal.manifest);
  unlinkSync(join(outDir, JOURNAL));
}

/**
 * Finishes or discards an interrupted write before anything reads the folder: a journal is rolled
 * forward; temporary files without one belong to an unfinished first phase and are deleted.
 */
export function recoverOutput(outDir: string): void {
  const text = readIfExists(join(outDir, JOURNAL));
  if (text !== undefined) {
    let journal: Journal | undefined;
    try {
      journal = JSON.parse(text) as Journal;
    } catch {
      journal = undefined;
    }
    if (journal !== undefined && insideAll(outDir, journal)) commit(outDir, journal);
    else rmSync(join(outDir, JOURNAL), { force: true });
  }
  removeTemps(outDir);
}

function insideAll(outDir: string, journal: Journal): boolean {
  const root = resolve(outDir);
  const inside = (file: string) => resolve(file).startsWith(`${root}${sep}`);
  return journal.renames.every((r) => inside(r.from) && inside(r.to) && r.from.endsWith(TEMP_SUFFIX)) && journal.removes.every(inside);
}

function removeTemps(dir: string): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) removeTemps(full);
    else if (entry.name.endsWith(TEMP_SUFFIX)) rmSync(full, { force: true });
  }
}
