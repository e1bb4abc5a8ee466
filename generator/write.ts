/**
 * Writing the output folder safely: only files whose bytes changed are written (so unchanged
 * files keep their mtimes), each atomically (temp file + rename), and a manifest records what the
 * generator owns, so it never deletes or overwrites a file it did not write. Every read, write,
 * rename and deletion goes through the folder (output-folder.ts), which keeps them inside it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { jsonText } from './escape.js';
import { MAX_RECORD_BYTES } from './limits.js';
import { createExclusive, TEMP_SUFFIX, type Comparison, type OutputFolder } from './output-folder.js';

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

/**
 * The manifest, if the folder holds one contractgen could have written. Every path it names must be
 * a plain path inside the folder: a manifest naming any other is refused whole, before any is used.
 */
export function readManifest(folder: OutputFolder): Manifest | undefined {
  const text = folder.readText(MANIFEST, MAX_RECORD_BYTES, MANIFEST);
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isManifest(parsed)) return undefined;
  for (const path of Object.keys(parsed.files)) folder.claim(path, MANIFEST);
  return parsed;
}

function isManifest(value: unknown): value is Manifest {
  if (typeof value !== 'object' || value === null) return false;
  const { generator, files, contract } = value as Partial<Record<keyof Manifest, unknown>>;
  return typeof generator === 'string' && typeof contract === 'object' && contract !== null && typeof files === 'object' && files !== null && Object.values(files).every((hash) => typeof hash === 'string');
}

/** For the other commands, which write one file a user named (`--out`): temp file beside it, renamed. */
/**
 * One file written at once, outside an output folder (`openapi --out`, `import --out`, `init`,
 * `diff --bump`): a temp file beside it under a fresh random name, created exclusively and without
 * following a link (nothing planted at a guessable name is written through), then renamed over
 * `file` (a link there is replaced, not followed).
 */
export function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  try {
    createExclusive(temp, Buffer.from(text));
    renameSync(temp, file);
  } catch (e) {
    // createExclusive removes a temp it made and failed to fill; one it could not make is not this call's.
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') rmSync(temp, { force: true });
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

export function planWrite(folder: OutputFolder, files: ReadonlyMap<string, string>, previous: Manifest | undefined, written?: ReadonlyMap<string, WrittenFile>): Plan {
  const owned = new Set(Object.keys(previous?.files ?? {}));
  const changed: string[] = [];
  const foreign: string[] = [];
  for (const [path, text] of files) {
    const current = onDisk(folder, path, text, written);
    if (current === 'same') continue;
    if (current === 'different' && !owned.has(path)) foreign.push(path);
    else changed.push(path);
  }
  // Only what is still exactly as the generator wrote it may be deleted.
  const removed = [...owned].filter((path) => {
    if (files.has(path)) return false;
    // An owned path's hash is in the manifest; a file that cannot be hashed is not removed.
    return folder.sha256(path, MANIFEST) === previous?.files[path];
  });
  return { changed, removed, foreign };
}

/** Whether `path` holds `text`; a file a watch session wrote is not read again while its size and mtime stay. */
function onDisk(folder: OutputFolder, path: string, text: string, written: ReadonlyMap<string, WrittenFile> | undefined): Comparison {
  const known = written?.get(path);
  const stat = known === undefined ? undefined : folder.stat(path);
  if (known !== undefined && stat?.size === known.size && stat.mtimeMs === known.mtimeMs) return known.text === text ? 'same' : 'different';
  return folder.compare(path, text);
}

/** Records what is on disk now for `files` (after a write), for the next `planWrite`. */
export function rememberWritten(folder: OutputFolder, files: ReadonlyMap<string, string>, hashes: Readonly<Record<string, string>>, written: Map<string, WrittenFile>): void {
  written.clear();
  for (const [path, text] of files) {
    const stat = folder.stat(path);
    // Not on disk: it is read (and found missing) next time.
    if (stat !== undefined) written.set(path, { text, hash: hashes[path] ?? sha256(text), size: stat.size, mtimeMs: stat.mtimeMs });
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
export function applyWrite(folder: OutputFolder, files: ReadonlyMap<string, string>, plan: Plan, head: Omit<Manifest, 'files'>, knownHash: (path: string, text: string) => string | undefined = () => undefined): Manifest {
  folder.ensureRoot();
  const hashes = new Map<string, string>();
  const encode = encoder();
  const renames = plan.changed.map((path) => {
    const temp = folder.temp(path);
    const bytes = encode(files.get(path) ?? '');
    folder.create(temp, bytes);
    hashes.set(path, sha256(bytes));
    crashPoint();
    return { from: temp, to: path };
  });
  const sorted = [...files].sort(([a], [b]) => a.localeCompare(b));
  const manifest: Manifest = { ...head, files: Object.fromEntries(sorted.map(([path, text]) => [path, hashes.get(path) ?? knownHash(path, text) ?? sha256(encode(text))])) };
  const journal: Journal = { renames, removes: plan.removed, manifest: `${jsonText(manifest)}\n` };
  folder.writeAtomic(JOURNAL, JSON.stringify(journal));
  crashPoint();
  commit(folder, journal);
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

export const JOURNAL = '.contractgen-journal.json';

/** Paths relative to the output folder, as every path of the folder is: a journal names nothing outside it. */
interface Journal {
  readonly renames: readonly { readonly from: string; readonly to: string }[];
  readonly removes: readonly string[];
  readonly manifest: string;
}

function commit(folder: OutputFolder, journal: Journal): void {
  for (const { from, to } of journal.renames) {
    // Already renamed by an interrupted run: nothing left to do for this file.
    if (folder.isFile(from, JOURNAL)) {
      folder.rename(from, to, JOURNAL);
      crashPoint();
    }
  }
  for (const path of journal.removes) folder.remove(path, JOURNAL);
  if (folder.compare(MANIFEST, journal.manifest) !== 'same') folder.writeAtomic(MANIFEST, journal.manifest);
  folder.remove(JOURNAL);
}

/**
 * Finishes or discards an interrupted write before anything reads the folder: a journal is rolled
 * forward; temporary files without one belong to an unfinished first phase and are deleted. The
 * journal is read only as a regular file of the folder, and rolled forward only when every path it
 * names passes the folder's rule: one that does not stops the run before anything is moved.
 */
export function recoverOutput(folder: OutputFolder): void {
  const text = folder.readText(JOURNAL, MAX_RECORD_BYTES, JOURNAL);
  if (text !== undefined) {
    const journal = parseJournal(text);
    if (journal === undefined) {
      folder.remove(JOURNAL);
    } else {
      for (const path of journal.renames.flatMap((r) => [r.from, r.to]).concat(journal.removes)) folder.check(path, JOURNAL);
      commit(folder, journal);
    }
  }
  folder.removeTemps();
}

/** A journal as `applyWrite` writes it (each rename moves a temp file onto its target), or undefined. */
function parseJournal(text: string): Journal | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { renames, removes, manifest } = parsed as Partial<Record<keyof Journal, unknown>>;
  const isTempOf = (r: unknown): boolean => {
    const { from, to } = (typeof r === 'object' && r !== null ? r : {}) as { from?: unknown; to?: unknown };
    return typeof from === 'string' && typeof to === 'string' && from.startsWith(`${to}.`) && from.endsWith(TEMP_SUFFIX);
  };
  if (!Array.isArray(renames) || !renames.every(isTempOf) || !Array.isArray(removes) || !removes.every((p) => typeof p === 'string') || typeof manifest !== 'string') return undefined;
  return { renames, removes, manifest } as Journal;
}
