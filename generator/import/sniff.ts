/**
 * Whether an input file is an OpenAPI description or a contract, from its name and first bytes.
 * No parser loads here: `generate`'s no-change path asks before anything else.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { InputKind } from '../load/read-file.js';

/** A `.json` file, or YAML whose first keys include `openapi:` (or `swagger:`) and not `contractgen:`. */
export function isDescriptionFile(path: string, head: string): boolean {
  if (/\.json$/i.test(path)) return true;
  const start = head.slice(0, 4096);
  return /^["']?(openapi|swagger)["']?\s*:/m.test(start) && !/^contractgen\s*:/m.test(start);
}

export function isDescriptionPath(path: string): boolean {
  return isDescriptionFile(path, readHead(path));
}

/** What the file at `path` is, for how it is read and named. */
export function inputKind(path: string): InputKind {
  return isDescriptionPath(path) ? 'description' : 'contract';
}

function readHead(path: string): string {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(4096);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
