/** The installed `contractgen` command: linked by `npm ci`, executable, and lists its commands. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('contractgen on the PATH of npm scripts', () => {
  it('node_modules/.bin/contractgen --help runs and lists validate, generate and diff', () => {
    const run = spawnSync('node_modules/.bin/contractgen', ['--help'], { encoding: 'utf8', timeout: 30_000 });
    expect(run.error).toBeUndefined();
    expect(run.status).toBe(0);
    for (const command of ['contractgen validate', 'contractgen generate', 'contractgen diff']) expect(run.stdout).toContain(command);
  });

  it('exits 2 with the usage on an unknown command, without a stack trace', () => {
    const run = spawnSync('node_modules/.bin/contractgen', ['frobnicate'], { encoding: 'utf8', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown command 'frobnicate'");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
