/**
 * Reading a contract file: its bytes, or a positioned reason why not. A no-change `generate`
 * hashes the bytes before anything else loads, so this module loads no parser.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, statSync } from 'node:fs';
import { MESSAGES as M, problem, type Message } from '../diagnostic-catalogue.js';
import type { Diagnostic } from '../diagnostics.js';
import { MAX_CONTRACT_BYTES } from '../limits.js';

export interface Unreadable {
  readonly ok: false;
  readonly diagnostics: readonly Diagnostic[];
  readonly source: undefined;
}

/** What a file that cannot be read is called in each sentence: the contract by default. */
export interface UnreadableMessages {
  readonly notARegularFile: Message<Record<string, never>>;
  readonly noSuchFile: Message<Record<string, never>>;
  readonly tooLarge: Message<{ size: number; limit: number }>;
  readonly unreadable: Message<Record<string, never>>;
}

const CONTRACT: UnreadableMessages = { notARegularFile: M.notARegularFile, noSuchFile: M.noSuchFile, tooLarge: M.fileTooLarge, unreadable: M.unreadableFile };
/** An overlay's file (generator/overlay/), read by `generate` before anything loads, to hash it with the description. */
export const OVERLAY: UnreadableMessages = { notARegularFile: M.overlayNotARegularFile, noSuchFile: M.overlayNoSuchFile, tooLarge: M.overlayTooLarge, unreadable: M.overlayUnreadable };

/**
 * A contract's bytes (a no-change `generate` hashes them before decoding anything), or why they
 * cannot be had. Devices and pipes report no size and may never end: only regular files are read.
 */
export function readContractBytes(path: string, file: string = path, limit: number = MAX_CONTRACT_BYTES, messages: UnreadableMessages = CONTRACT): Buffer | Unreadable {
  const unreadable = <P>(message: Message<P>, params: P): Unreadable => ({ ok: false, diagnostics: [problem(message, file, { line: 0, col: 0 }, params)], source: undefined });
  let size: number;
  try {
    const stat = statSync(path);
    if (!stat.isFile()) return unreadable(messages.notARegularFile, {});
    size = stat.size;
  } catch {
    return unreadable(messages.noSuchFile, {});
  }
  if (size > limit) return unreadable(messages.tooLarge, { size, limit });
  try {
    return readFileSync(path);
  } catch {
    return unreadable(messages.unreadable, {});
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
