/**
 * The maps for contributors stay true: every file ARCHITECTURE.md and CONTRIBUTING.md name exists,
 * and every module of the tool and of the runtime is on the map.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAPS = ['ARCHITECTURE.md', 'CONTRIBUTING.md'];
/** Where a path that is not repository-relative may live: the generated package (`src/client.ts`). */
const BASES = ['', 'generated/'];
const EXTENSIONS = /\.(ts|mjs|cjs|js|json|yaml|md)$/;
/** Not the repository's own files: dependencies, build output, scratch, other tests' output. */
const SKIPPED = new Set(['node_modules', '.git', 'generator/dist', '.scratch', 'coverage', 'test/.tmp', 'test/.out']);

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (SKIPPED.has(entry.name) || SKIPPED.has(path)) continue;
    if (entry.isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

const FILES = walk('.');
const BASENAMES = new Set(FILES.map((f) => basename(f)));

/** The file paths a document names: link targets, and code spans that look like a path. */
function namedPaths(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^)#\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
  const spans = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((t) => !/[(){}=,*:"']/.test(t) && (t.includes('/') || EXTENSIONS.test(t)));
  return [...new Set([...links, ...spans])];
}

/** A path with `<placeholders>` exists when some file or folder matches it. */
function exists(path: string): boolean {
  if (!path.includes('<')) {
    if (path.includes('/')) return BASES.some((base) => existsSync(`${base}${path}`));
    return BASENAMES.has(path);
  }
  const pattern = new RegExp(`^(${BASES.join('|')})${path.split(/<[^>]+>/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}`);
  return FILES.some((f) => pattern.test(f));
}

describe('ARCHITECTURE.md and CONTRIBUTING.md', () => {
  for (const doc of MAPS) {
    it(`${doc}: every file or folder it names exists`, () => {
      const paths = namedPaths(readFileSync(doc, 'utf8'));
      expect(paths.length).toBeGreaterThan(30);
      expect(paths.filter((p) => !exists(p))).toEqual([]);
    });
  }

  it('the check is not vacuous: a misspelt path is caught', () => {
    expect(namedPaths('see `generator/emit/layuot.ts` and [x](docs/nothing.md)').filter((p) => !exists(p))).toEqual(['docs/nothing.md', 'generator/emit/layuot.ts']);
  });

  it('ARCHITECTURE.md names every module of generator/ and templates/', () => {
    const text = readFileSync('ARCHITECTURE.md', 'utf8');
    const named = new Set(namedPaths(text).flatMap((p) => [p, basename(p)]));
    const modules = [...walk('generator'), ...walk('templates')].filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && statSync(f).isFile());
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((m) => !named.has(m) && !named.has(basename(m)) && !named.has(join(basename(join(m, '..')), basename(m))))).toEqual([]);
  });
});
