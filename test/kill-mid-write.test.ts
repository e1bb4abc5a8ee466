/**
 * A kill during writing never leaves a broken output: the process is SIGKILLed at every step of a
 * write (fault injection through CONTRACTGEN_CRASH_AT), and after each kill the folder holds, file
 * by file, complete versions only; after recovery it is exactly the previous or the new output.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputFolder } from '../generator/output-folder.js';
import { MANIFEST, recoverOutput } from '../generator/write.js';

const BIN = 'generator/dist/generator/bin.js';
const root = mkdtempSync(join(tmpdir(), 'contractgen-kill-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) walk(full);
      else out.set(relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

function generate(contract: string, out: string, crashAt?: number) {
  const env = { ...process.env };
  if (crashAt === undefined) delete env.CONTRACTGEN_CRASH_AT;
  else env.CONTRACTGEN_CRASH_AT = String(crashAt);
  return spawnSync(process.execPath, [BIN, 'generate', '--contract', contract, '--out', out], { env, encoding: 'utf8', timeout: 60_000 });
}

describe('kill mid-write', () => {
  it('leaves only complete files at every crash point, and recovery yields a complete output', () => {
    const v1 = join(root, 'v1.yaml');
    const v2 = join(root, 'v2.yaml');
    cpSync('test/fixtures/enums-nested/contract.yaml', v1);
    // v2 changes most generated files: title, version and a renamed type.
    writeFileSync(v2, readFileSync(v1, 'utf8').replace('title: Catalogue API', 'title: Catalogue API v2').replace('version: 0.9.0', 'version: 1.0.0').replace(/Dimensions/g, 'Measures'));
    const outA = join(root, 'a');
    const outB = join(root, 'b');
    expect(generate(v1, outA).status).toBe(0);
    expect(generate(v2, outB).status).toBe(0);
    const before = snapshot(outA);
    const after = snapshot(outB);
    const changed = [...after.keys()].filter((p) => p !== MANIFEST && before.get(p) !== after.get(p));
    expect(changed.length).toBeGreaterThan(5);

    // Steps: one temp file per changed file, the journal, one rename per file. npm test samples the
    // boundaries of each phase; KILL_ALL_STEPS=1 (npm run fuzz) sweeps every step.
    const last = changed.length * 2 + 2;
    const n = changed.length;
    const sampled = [1, n, n + 1, n + 2, 2 * n + 1];
    const steps = process.env.KILL_ALL_STEPS === '1' ? Array.from({ length: last }, (_, i) => i + 1) : [...new Set(sampled)];
    let killed = 0;
    for (const step of steps) {
      const out = join(root, `run-${step}`);
      cpSync(outA, out, { recursive: true });
      const run = generate(v2, out, step);
      if (run.signal !== 'SIGKILL') {
        // Past the last step: the write completed.
        expect(run.status).toBe(0);
        expect(snapshot(out)).toEqual(after);
        continue;
      }
      killed++;
      // Right after the kill: every generated file is a complete old or new version.
      for (const [path, text] of snapshot(out)) {
        if (path.endsWith('.contractgen-tmp') || path === '.contractgen-journal.json' || path === MANIFEST) continue;
        expect([before.get(path), after.get(path)], `${path} after a kill at step ${step}`).toContain(text);
      }
      // Recovery alone gives exactly one complete output, old or new.
      recoverOutput(OutputFolder.open(out));
      const recovered = snapshot(out);
      expect(recovered.has('.contractgen-journal.json')).toBe(false);
      expect([...recovered.keys()].some((p) => p.endsWith('.contractgen-tmp'))).toBe(false);
      const isOld = JSON.stringify([...recovered]) === JSON.stringify([...before]);
      const isNew = JSON.stringify([...recovered].filter(([p]) => p !== MANIFEST)) === JSON.stringify([...after].filter(([p]) => p !== MANIFEST));
      expect(isOld || isNew, `step ${step}: recovered output is neither the old nor the new one`).toBe(true);
      // And the next plain run finishes the job (checked on the phase boundaries).
      if (step === n + 2) {
        expect(generate(v2, out).status).toBe(0);
        expect(snapshot(out)).toEqual(after);
        expect(existsSync(join(out, '.contractgen-journal.json'))).toBe(false);
      }
    }
    expect(killed).toBe(steps.filter((s) => s < last).length);
  }, 300_000);
});
