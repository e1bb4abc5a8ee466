/**
 * Reading an input file, a contract, an OpenAPI description or an overlay: its bytes, or a positioned reason
 * why not, naming the file as what it is. A no-change `generate` hashes the bytes before anything
 * else loads, so this module loads no parser.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { MESSAGES as M, problem, type Message } from '../diagnostic-catalogue.js';
import type { Diagnostic } from '../diagnostics.js';
import { MAX_CONTRACT_BYTES, MAX_DESCRIPTION_BYTES, MAX_OVERLAY_BYTES } from '../limits.js';

/** What a command was given: a contract, an OpenAPI description it imports in memory, or an overlay applied to that description. */
export type InputKind = 'contract' | 'description' | 'overlay';

/** The size each kind may have: descriptions are others' documents and run to tens of megabytes. */
const LIMITS: Readonly<Record<InputKind, number>> = { contract: MAX_CONTRACT_BYTES, description: MAX_DESCRIPTION_BYTES, overlay: MAX_OVERLAY_BYTES };

export interface Unreadable {
  readonly ok: false;
  readonly diagnostics: readonly Diagnostic[];
  readonly source: undefined;
}

/**
 * An input's bytes (a no-change `generate` hashes them before decoding anything), or why they
 * cannot be had. Devices and pipes report no size and may never end: only regular files are read.
 */
export function readInputBytes(path: string, file: string = path, what: InputKind = 'contract'): Buffer | Unreadable {
  const unreadable = <P>(message: Message<P & { what: InputKind }>, params: P): Unreadable => ({ ok: false, diagnostics: [problem(message, file, { line: 0, col: 0 }, { ...params, what })], source: undefined });
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return unreadable(M.notARegularFile, {});
    size = stat.size;
  } catch {
    return unreadable(M.noSuchFile, {});
  }
  const limit = LIMITS[what];
  if (size > limit) return unreadable(M.fileTooLarge, { size, limit });
  try {
    return readFileSync(path);
  } catch {
    return unreadable(M.unreadableFile, {});
  }
}

/**
 * A contract's text from its bytes (UTF-8; invalid sequences become U+FFFD). Bytes that are all
 * ASCII are their own Latin-1 text, which is a copy: decoding them as UTF-8 took ten times as
 * long (a 4 MB contract: 16 ms against 1.3, on every save of a watch session).
 */
export function decodeText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
