/**
 * The writer's bytes: every file is written as its UTF-8 encoding and hashed in the manifest as
 * written, whatever mix of one-, two-, three- and four-byte characters it holds and in whatever
 * order the files come (the writer reuses one buffer, growing it when a text does not fit).
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputFolder, OutputRefused } from '../generator/output-folder.js';
import { applyWrite, planWrite, sha256, writeAtomic } from '../generator/write.js';

const root = mkdtempSync(join(tmpdir(), 'contractgen-write-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const HEAD = { generator: 'test', contract: { file: 'c.yaml', sha256: 'x' } };

describe('applyWrite', () => {
  it('writes and hashes the UTF-8 bytes of ASCII, Latin-1, CJK and astral text, in any order', () => {
    const files = new Map<string, string>([
      ['a.ts', 'export const a = 1;\n'.repeat(500)],
      // Three bytes a character: more than the buffer an ASCII text of this length leaves room for.
      ['b.ts', `// ${'注文の状態'.repeat(4000)}\n`],
      ['c.ts', `// café, naïve ${'é'.repeat(3000)}\n`],
      // Surrogate pairs: four bytes for two UTF-16 units.
      ['d.ts', `// ${'📦🚚'.repeat(5000)}\n`],
      ['e.ts', 'x'],
      ['f.ts', ''],
      // A lone surrogate is written as U+FFFD, as Buffer.from writes it.
      ['g.ts', `// \ud800 ${'a'.repeat(100)}\n`],
    ]);
    const out = join(root, 'mixed');
    const folder = OutputFolder.open(out);
    const plan = planWrite(folder, files, undefined);
    const manifest = applyWrite(folder, files, plan, HEAD);
    for (const [path, text] of files) {
      const bytes = readFileSync(join(out, path));
      expect(bytes.equals(Buffer.from(text, 'utf8')), path).toBe(true);
      expect(manifest.files[path], path).toBe(sha256(bytes));
    }
  });
});

describe("the output folder's sha256", () => {
  it("is the sha256 of a file's bytes, whether it fits the read buffer once, exactly, or over several reads", () => {
    const dir = join(root, 'hashed');
    mkdirSync(dir, { recursive: true });
    const folder = OutputFolder.open(dir);
    // Sizes around the 1 MiB read buffer, in reads of mixed byte widths; each file is hashed after a larger one.
    const sizes = [3 << 20, 0, 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 5000];
    sizes.forEach((size, i) => {
      const bytes = Buffer.from('a€📦'.repeat(Math.ceil(size / 8) + 1)).subarray(0, size);
      writeFileSync(join(dir, `f${i}`), bytes);
      expect(folder.sha256(`f${i}`), `${size} bytes`).toBe(sha256(bytes));
    });
  });

  it('is undefined for a file that is not there or is not a regular file, and refuses a link (to a device that never ends)', () => {
    const dir = join(root, 'odd');
    mkdirSync(join(dir, 'folder'), { recursive: true });
    const folder = OutputFolder.open(dir);
    expect(folder.sha256('no-such-file')).toBeUndefined();
    expect(folder.sha256('folder')).toBeUndefined();
    if (existsSync('/dev/zero')) {
      symlinkSync('/dev/zero', join(dir, 'endless'));
      expect(() => folder.sha256('endless')).toThrow(OutputRefused);
    }
  });
});

describe('writeAtomic (one file outside an output folder: openapi --out, import --out, init, diff --bump)', () => {
  it('replaces a link at the file rather than writing through it, and leaves no temp behind', () => {
    const dir = join(root, 'single');
    mkdirSync(dir, { recursive: true });
    const target = join(root, 'single-outside.txt');
    writeFileSync(target, 'outside');
    symlinkSync(target, join(dir, 'openapi.yaml'));
    writeAtomic(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\n');
    expect(readFileSync(target, 'utf8')).toBe('outside');
    expect(lstatSync(join(dir, 'openapi.yaml')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'openapi.yaml'), 'utf8')).toBe('openapi: 3.1.0\n');
    expect(readdirSync(dir)).toEqual(['openapi.yaml']);
  });
});
