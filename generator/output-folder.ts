/**
 * The output folder: the only way `generate` reads, hashes, writes, renames and deletes there (the
 * manifest and the write journal included). One rule holds for every path it is given:
 *
 * - the path is plain and relative (`/`-separated names; no `..`, `.`, empty step, absolute or drive
 *   path, backslash or colon) and lies under the folder's real path, resolved once when a run
 *   opens the folder;
 * - no step of it is a symbolic link: a link is refused, never followed, wherever it stands.
 *
 * So whatever a cloned repository planted in the folder (links, a manifest, a write journal) can at
 * most make `generate` rewrite or remove files inside it; a refusal is an `unsafe-output-path`
 * diagnostic (`OutputRefused`), which `generate` returns as its outcome.
 *
 * Files are created exclusively (O_EXCL, O_NOFOLLOW) under fresh random temp names and renamed into
 * place, so nothing is ever written through an existing file, link or hard link. Only regular
 * files are read or deleted: lstat says so first, and a read's open neither follows a link nor
 * blocks on a FIFO swapped in since (O_NONBLOCK), then fstat checks again. A file is read only
 * when its size is the text's, so a planted giant is not. Each folder on a path is checked once
 * per run (lstat), each file at its use.
 *
 * A hard link in the folder to a file elsewhere is not refused (it cannot be told from a file the
 * user copied with `cp -l`): nothing is written through it (rename replaces the entry) and a
 * deletion unlinks only the folder's name; its bytes are only compared or hashed, never copied
 * into output or printed.
 *
 * Races: at the last step of a path the kernel holds the rule (O_NOFOLLOW on reads, O_EXCL on
 * creates; rename and unlink act on the entry, never through it). Not covered: a process running
 * beside `generate` that swaps a folder on a path (or the output folder, or a folder above it) for
 * a link after its check in this run and before the use (Node has no `openat`); that needs write
 * access to the folder while the run lasts, and what a repository ships cannot do it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readSync, realpathSync, renameSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MESSAGES as M, problem, type Message } from './diagnostic-catalogue.js';
import type { Diagnostic } from './diagnostics.js';

/** A refusal of the rule: `generate` returns its diagnostic as the run's outcome. */
export class OutputRefused extends Error {
  constructor(readonly diagnostic: Diagnostic) {
    super(diagnostic.message);
  }
}

/** What a file of the folder holds compared with a text. */
export type Comparison = 'missing' | 'same' | 'different';

export interface FileStat {
  readonly size: number;
  readonly mtimeMs: number;
}

export const TEMP_SUFFIX = '.contractgen-tmp';

// Windows has no O_NOFOLLOW: there the lstat before each open stands alone.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const READ = constants.O_RDONLY | NO_FOLLOW | (constants.O_NONBLOCK ?? 0);
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW;

/** One buffer for every file hashed: fresh buffers for a no-change run's 14 MB cost their page faults again (61 against 20 ms). */
let chunk: Buffer | undefined;

export class OutputFolder {
  /** Folders under the root (relative paths) found this run to be folders, not links: each is checked once. */
  private readonly folders = new Set<string>(['']);

  private constructor(readonly root: string) {}

  /** The folder at `dir`, by its real path, resolved now for the whole run. */
  static open(dir: string): OutputFolder {
    return new OutputFolder(realFolderPath(dir));
  }

  /**
   * Refuses `path` unless it is a plain relative path, without touching the disk: for paths read
   * from a record (`namedBy`, the manifest or the journal), all refused before any is used.
   */
  claim(path: string, namedBy?: string): void {
    if (!isPlainPath(path)) throw this.refused(M.outsideOutput, namedBy, { path: shown(path) });
  }

  /** Refuses `path` (as `claim`) or a link at any step of it, the last included; touches nothing. */
  check(path: string, namedBy?: string): void {
    this.entry(path, namedBy);
  }

  /** A regular file's size and mtime; undefined when there is none at `path`. */
  stat(path: string): FileStat | undefined {
    const { stat } = this.entry(path);
    return stat?.isFile() === true ? { size: stat.size, mtimeMs: stat.mtimeMs } : undefined;
  }

  /** Whether `path` holds `text`; 'different' for anything there that is not a regular file holding it. */
  compare(path: string, text: string): Comparison {
    const { full, stat } = this.entry(path);
    if (stat === undefined) return 'missing';
    // A file of another size cannot hold the text.
    if (!stat.isFile() || stat.size !== Buffer.byteLength(text)) return 'different';
    return this.withFile(full, path, (fd, size) => readAll(fd, size).toString('utf8')) === text ? 'same' : 'different';
  }

  /** A regular file's text; undefined when there is none, or it is larger than `limit` bytes. */
  readText(path: string, limit: number, namedBy?: string): string | undefined {
    const { full, stat } = this.entry(path, namedBy);
    if (stat?.isFile() !== true || stat.size > limit) return undefined;
    return this.withFile(full, path, (fd, size) => (size > limit ? undefined : readAll(fd, size).toString('utf8')));
  }

  /** The sha256 of a regular file's bytes, a megabyte at a time; undefined when there is none. */
  sha256(path: string, namedBy?: string): string | undefined {
    const { full, stat } = this.entry(path, namedBy);
    if (stat?.isFile() !== true) return undefined;
    return this.withFile(full, path, (fd) => {
      chunk ??= Buffer.allocUnsafe(1 << 20);
      const hash = createHash('sha256');
      for (let n = readSync(fd, chunk, 0, chunk.length, null); n > 0; n = readSync(fd, chunk, 0, chunk.length, null)) hash.update(chunk.subarray(0, n));
      return hash.digest('hex');
    });
  }

  /** Whether a regular file is at `path`. */
  isFile(path: string, namedBy?: string): boolean {
    return this.entry(path, namedBy).stat?.isFile() === true;
  }

  /** A fresh name beside `path` for its next bytes: random, so no planted file can be in its place. */
  temp(path: string): string {
    return `${path}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
  }

  /** Creates the file `path` with `bytes`, and its folders; fails if anything (a link included) is there. */
  create(path: string, bytes: Uint8Array): void {
    createExclusive(this.makeParents(path), bytes);
  }

  /** Replaces `path` with `text` at once: a temp file beside it, renamed. */
  writeAtomic(path: string, text: string): void {
    const temp = this.temp(path);
    this.create(temp, Buffer.from(text));
    try {
      this.rename(temp, path);
    } catch (e) {
      this.remove(temp);
      throw e;
    }
  }

  /** Moves `from` to `to`: rename replaces the entry at `to`, so it writes through nothing there. */
  rename(from: string, to: string, namedBy?: string): void {
    renameSync(this.entry(from, namedBy).full, this.entry(to, namedBy).full);
  }

  /** Deletes `path` when it is a regular file; anything else there is left alone. */
  remove(path: string, namedBy?: string): void {
    const { full, stat } = this.entry(path, namedBy);
    if (stat?.isFile() === true) unlinkSync(full);
  }

  /** Creates the folder itself when missing: it must end a folder, not a link. */
  ensureRoot(): void {
    // The real path is a link only when it leads nowhere (realpath could not resolve it) or was swapped in since.
    if (lstatOrMissing(this.root)?.isSymbolicLink() === true) throw this.linkRefused('');
    mkdirSync(this.root, { recursive: true });
  }

  /** Deletes every temp file left by an unfinished write under `folder` (the whole folder), walking folders only, never a link. */
  removeTemps(folder = ''): void {
    let entries;
    try {
      entries = readdirSync(join(this.root, folder), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      // A name no path of the generator can have is no temp of its own.
      if (!isPlainStep(entry.name)) continue;
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) this.removeTemps(path);
      else if (entry.isFile() && entry.name.endsWith(TEMP_SUFFIX)) this.remove(path);
    }
  }

  /** `path` on disk after the rule, with what lstat says is there (undefined: nothing). */
  private entry(path: string, namedBy?: string): { readonly full: string; readonly stat: Stats | undefined } {
    const full = this.locate(path, namedBy);
    const stat = lstatOrMissing(full);
    if (stat?.isSymbolicLink() === true) throw this.linkRefused(path);
    return { full, stat };
  }

  /** The rule for every step but the last: a plain path whose existing folders are no links. */
  private locate(path: string, namedBy: string | undefined): string {
    this.claim(path, namedBy);
    for (const folder of foldersOf(path)) {
      if (this.folders.has(folder)) continue;
      const stat = lstatOrMissing(join(this.root, folder));
      if (stat?.isSymbolicLink() === true) throw this.linkRefused(folder);
      // Missing, or a file in the way: nothing below it exists, and a write there fails by itself.
      if (stat?.isDirectory() !== true) break;
      this.folders.add(folder);
    }
    return join(this.root, ...path.split('/'));
  }

  /** Makes the folders of `path` one at a time, each checked to be a folder and no link. */
  private makeParents(path: string): string {
    const full = this.locate(path, undefined);
    for (const folder of foldersOf(path)) {
      if (this.folders.has(folder)) continue;
      const at = join(this.root, folder);
      try {
        mkdirSync(at);
      } catch (e) {
        if (errnoOf(e) !== 'EEXIST') throw e;
      }
      const stat = lstatSync(at);
      if (stat.isSymbolicLink()) throw this.linkRefused(folder);
      // A file stands where the folder goes: mkdir says so (EEXIST), as a write there would.
      if (!stat.isDirectory()) mkdirSync(at);
      this.folders.add(folder);
    }
    return full;
  }

  /**
   * Runs `read` on the regular file `full`, opened without following a link and without blocking
   * (a FIFO swapped in after the lstat); undefined when it is gone or is no regular file by then.
   */
  private withFile<T>(full: string, path: string, read: (fd: number, size: number) => T): T | undefined {
    let fd: number;
    try {
      fd = openSync(full, READ);
    } catch (e) {
      if (errnoOf(e) === 'ELOOP') throw this.linkRefused(path);
      return undefined;
    }
    try {
      const stat = fstatSync(fd);
      return stat.isFile() ? read(fd, stat.size) : undefined;
    } catch {
      return undefined;
    } finally {
      closeQuietly(fd);
    }
  }

  private linkRefused(path: string): OutputRefused {
    return new OutputRefused(problem(M.outputLink, join(this.root, ...path.split('/')), NO_POSITION, {}));
  }

  private refused<P>(message: Message<P>, namedBy: string | undefined, params: P): OutputRefused {
    return new OutputRefused(problem(message, namedBy === undefined ? this.root : join(this.root, namedBy), NO_POSITION, params));
  }
}

/**
 * `dir`'s real path (every link on the way resolved); for a folder not made yet, its nearest
 * existing parent's real path and the rest of the way.
 */
/**
 * Creates the file `full` with `bytes`; fails if anything, a link included, is there already, so
 * nothing is ever written through an existing file. What every write of the tool goes through.
 */
export function createExclusive(full: string, bytes: Uint8Array): void {
  const fd = openSync(full, CREATE, 0o666);
  try {
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
    closeSync(fd);
  } catch (e) {
    // The file is this call's own (created exclusively): a half-written one goes.
    closeQuietly(fd);
    unlinkSync(full);
    throw e;
  }
}

export function realFolderPath(dir: string): string {
  try {
    // The JavaScript realpath resolves links only: the native one would also change letter case.
    return realpathSync(dir);
  } catch (e) {
    const parent = dirname(dir);
    if (errnoOf(e) !== 'ENOENT' || parent === dir) return dir;
    return join(realFolderPath(parent), basename(dir));
  }
}

const NO_POSITION = { line: 0, col: 0 };

/** The folders a relative path passes through, outermost first: `a`, `a/b` for `a/b/c.ts`. */
function foldersOf(path: string): string[] {
  const folders: string[] = [];
  for (let at = path.indexOf('/'); at >= 0; at = path.indexOf('/', at + 1)) folders.push(path.slice(0, at));
  return folders;
}

/** Relative, `/`-separated, every step a plain name: nothing a path of the generator ever differs from. */
function isPlainPath(path: string): boolean {
  return path !== '' && path.split('/').every(isPlainStep);
}

function isPlainStep(step: string): boolean {
  // A backslash is a separator on Windows, a colon a drive or a stream there.
  return step !== '' && step !== '.' && step !== '..' && !/[\\:\0]/.test(step);
}

/** A hostile record's path as a message shows it: bounded. */
function shown(path: string): string {
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

function lstatOrMissing(full: string): Stats | undefined {
  try {
    return lstatSync(full);
  } catch (e) {
    const code = errnoOf(e);
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
}

function readAll(fd: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (let n = 1; at < size && n > 0; at += n) n = readSync(fd, bytes, at, size - at, null);
  return bytes.subarray(0, at);
}

/** Closing a file only read cannot lose data: a failure to close is no reason to fail the run. */
function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Nothing was written through it.
  }
}

function errnoOf(e: unknown): string | undefined {
  return e instanceof Error && 'code' in e ? String((e as NodeJS.ErrnoException).code) : undefined;
}
