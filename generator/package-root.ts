/**
 * Files the tool ships beside its code (the contract schema, the runtime templates) are found from
 * the package root, so the same code works from source (vitest) and compiled (`generator/dist`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

export function packageRoot(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && isContractgenManifest(manifest)) return (cached = dir);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('contractgen: cannot find its own package.json');
    dir = parent;
  }
}

function isContractgenManifest(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'contractgen';
  } catch {
    return false;
  }
}

export function shippedFile(...segments: string[]): string {
  return join(packageRoot(), ...segments);
}

export function toolVersion(): string {
  const manifest = JSON.parse(readFileSync(shippedFile('package.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}
