/**
 * What consumers of both packages resolve, checked by the ecosystem's own linters: publint (the
 * package.json's fields against the packed files) and @arethetypeswrong/cli (types and JavaScript
 * as each moduleResolution finds them). Both packages are ESM-only, by decision (README): attw runs
 * with its esm-only profile, which still checks node16-from-ESM and bundler resolution.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { publint } from 'publint';
import { afterAll, describe, expect, it } from 'vitest';
import { packInto } from './support/pack.js';

const ATTW = resolve('node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
/** What attw's esm-only profile does not judge: require() from CommonJS and the pre-exports node10 resolution. */
const ESM_ONLY_IGNORES = ['node16-cjs', 'node10'];
const scratch = mkdtempSync(join(tmpdir(), 'contractgen-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function pack(dir: string): string {
  return join(scratch, packInto(dir, scratch));
}

const PACKAGES = [
  // openapi.yaml is an asset export, not a module: attw cannot resolve what it is not meant to.
  { name: 'the tool', dir: '.', exclude: [] as string[] },
  { name: 'the generated package (with /mocks)', dir: 'generated', exclude: ['./openapi.yaml'] },
];

describe.each(PACKAGES)('$name', ({ dir, exclude }) => {
  it('publint --strict: nothing to report', async () => {
    // publint packs with npm, lifecycle scripts ignored (npm test built the tool already).
    const { messages } = await publint({ pkgDir: resolve(dir), strict: true, pack: 'npm' });
    expect(messages).toEqual([]);
  }, 60_000);

  it('attw --profile esm-only: every entry point resolves to types and JavaScript', () => {
    const args = [ATTW, pack(dir), '--profile', 'esm-only', '--format', 'json', ...(exclude.length > 0 ? ['--exclude-entrypoints', ...exclude] : [])];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 120_000 });
    const report = JSON.parse(run.stdout) as { analysis: { problems: { resolutionKind?: string }[]; entrypoints: Record<string, unknown> } };
    // The report lists every problem; the profile leaves out those of resolutions it does not support (CommonJS, node10).
    expect(report.analysis.problems.filter((p) => !ESM_ONLY_IGNORES.includes(p.resolutionKind ?? ''))).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints).length).toBeGreaterThan(0);
    expect(run.status).toBe(0);
  }, 120_000);
});
