/** The installed `contractgen` command (linked by `npm ci`, executable), and what the CLI says of itself: help, exit codes, messages. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { COMMANDS, type CommandName } from '../generator/commands.js';

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

describe('a CLI that explains itself', () => {
  const REPO = fileURLToPath(new URL('..', import.meta.url));
  const ORDERS = join(REPO, 'contract', 'orders.yaml');
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const scratch = () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'contractgen-cli-')));
    dirs.push(dir);
    return dir;
  };

  async function run(argv: readonly string[], cwd: string = REPO): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it.each(Object.keys(COMMANDS) as CommandName[])('contractgen %s --help: exit 0, its usage and every option', async (name) => {
    for (const flag of ['--help', '-h']) {
      const { code, out, err } = await run([name, flag]);
      expect(code).toBe(0);
      expect(err).toBe('');
      expect(out).toContain(`Usage: ${COMMANDS[name].usage}`);
      for (const [option] of COMMANDS[name].options) expect(out).toContain(option);
      expect(out).toContain('Exit codes: 0 ok, 1 contract or input problems');
    }
    expect((await run(['help', name])).out).toBe((await run([name, '--help'])).out);
  });

  it('the overview lists every command with its summary', async () => {
    const { code, out } = await run(['--help']);
    expect(code).toBe(0);
    for (const help of Object.values(COMMANDS)) expect(out).toContain(`  ${help.usage}\n      ${help.summary}`);
  });

  it('a usage error in a command: exit 2, the message and that command\'s help', async () => {
    const { code, out, err } = await run(['generate', '--bogus']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain("contractgen: unknown option '--bogus'");
    expect(err).toContain(`Usage: ${COMMANDS.generate.usage}`);
  });

  it('every command names its contract the same way: --contract <file> or the first argument, not both', async () => {
    for (const command of ['validate', 'openapi'] as const) {
      expect((await run([command, '--contract', ORDERS])).code, command).toBe(0);
      expect((await run([command, ORDERS])).code, command).toBe(0);
    }
    const both = await run(['validate', ORDERS, '--contract', ORDERS]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('the contract is named twice');
    const dir = scratch();
    expect((await run(['generate', ORDERS, '--out', join(dir, 'a'), '--no-mocks'])).code).toBe(0);
    expect(existsSync(join(dir, 'a', 'package.json'))).toBe(true);
  }, 60_000);

  it('a missing file or contract folder is an input problem: exit 1, no usage text', async () => {
    const dir = scratch();
    for (const argv of [['validate'], ['generate'], ['openapi'], ['validate', 'missing.yaml'], ['generate', '--contract', 'missing.yaml']]) {
      const { code, err } = await run(argv, dir);
      expect(code, argv.join(' ')).toBe(1);
      expect(err, argv.join(' ')).not.toContain('Usage:');
      expect(err, argv.join(' ')).not.toMatch(/internal error|\n\s+at /);
    }
    expect((await run(['validate'], dir)).err).toBe('contractgen: no contract given and no contract/ folder here; name one with --contract <file>');
    mkdirSync(join(dir, 'contract'));
    writeFileSync(join(dir, 'contract', 'a.yaml'), 'x: 1\n');
    writeFileSync(join(dir, 'contract', 'b.yaml'), 'x: 1\n');
    expect((await run(['generate'], dir)).err).toBe('contractgen: no contract given and contract/ holds 2 YAML files; name one with --contract <file>');
  });

  it('--out naming a file is refused as an input problem, not an internal error, and nothing is written', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'out.txt'), 'mine\n');
    const { code, out, err } = await run(['generate', '--contract', ORDERS, '--out', 'out.txt'], dir);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toBe('contractgen: --out out.txt is a file; the package is written to a folder');
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('mine\n');
  });

  it('an output folder that cannot be made (under a file) is an input problem, not an internal error', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'file'), 'mine\n');
    const { code, err } = await run(['generate', '--contract', ORDERS, '--out', 'file/pkg'], dir);
    expect(code).toBe(1);
    expect(err).toMatch(/^contractgen: cannot write the package to file\/pkg: ENOTDIR/);
    expect(err).not.toMatch(/internal error|\n\s+at /);
  });

  it('paths are printed relative to the working directory, with correct plurals', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'contract'));
    const smallest = 'contractgen: 1\ninfo: { title: T, version: "1", package: t }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { description: Pong. } } }\n';
    writeFileSync(join(dir, 'contract', 'one.yaml'), smallest);
    const valid = await run(['validate'], dir);
    expect(valid.out).toBe('contract/one.yaml: valid (1 endpoint, 0 types, 1 host)');
    const first = await run(['generate'], dir);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^generated: \d+ files written, 0 removed, 0 unchanged$/);
    const again = await run(['generate'], dir);
    expect(again.out).toMatch(/^generated: up to date \(\d+ files\)$/);
    expect(again.out).not.toContain(dir);
  }, 60_000);

  it('init: a starter contract that validates and generates at once; never overwritten', async () => {
    const dir = scratch();
    const init = await run(['init', '--package', '@acme/items-client'], dir);
    expect(init.code, init.err).toBe(0);
    expect(init.out).toContain('contract/api.yaml: starter contract written (2 endpoints, 2 types, 1 host)');
    const text = readFileSync(join(dir, 'contract', 'api.yaml'), 'utf8');
    expect(text).toMatch(/^# /);
    expect(text).toContain('package: "@acme/items-client"');
    expect((await run(['validate'], dir)).out).toBe('contract/api.yaml: valid (2 endpoints, 2 types, 1 host)');
    const generated = await run(['generate'], dir);
    expect(generated.code, generated.err).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'generated', 'package.json'), 'utf8')).name).toBe('@acme/items-client');
    const again = await run(['init'], dir);
    expect(again.code).toBe(1);
    expect(again.err).toBe('contractgen: contract/api.yaml exists; init writes a new contract only (name another with --contract <file>)');
    expect(readFileSync(join(dir, 'contract', 'api.yaml'), 'utf8')).toBe(text);
    const bad = await run(['init', '--contract', 'other.yaml', '--package', 'Not A Name'], dir);
    expect(bad.code).toBe(2);
    expect(existsSync(join(dir, 'other.yaml'))).toBe(false);
  }, 60_000);

  it('init --script adds the npm scripts, keeping the project\'s own, and needs a package.json', async () => {
    const dir = scratch();
    expect((await run(['init', '--script'], dir)).code).toBe(1);
    expect(existsSync(join(dir, 'contract', 'api.yaml'))).toBe(false);
    writeFileSync(join(dir, 'package.json'), '{\n    "name": "app",\n    "scripts": { "generate": "make generate" }\n}\n');
    const init = await run(['init', '--script', '--contract', 'api/items.yaml'], dir);
    expect(init.code, init.err).toBe(0);
    expect(init.out).toContain("package.json: 1 script added (generate:check); kept the project's own generate");
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts).toEqual({ generate: 'make generate', 'generate:check': 'contractgen generate --contract api/items.yaml --check' });
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toMatch(/^\{\n {4}"name"/);
  });

  it('init --config: the contract and a config naming it and its folder; generate then needs no arguments', async () => {
    const dir = scratch();
    const init = await run(['init', '--contract', 'contract/items.yaml', '--config', '--out', 'packages/items'], dir);
    expect(init.code, init.err).toBe(0);
    expect(init.out).toContain('contractgen.config.json: written');
    expect(JSON.parse(readFileSync(join(dir, 'contractgen.config.json'), 'utf8'))).toEqual({ $schema: './node_modules/contractgen/contract/config.schema.json', contracts: [{ contract: 'contract/items.yaml', out: 'packages/items' }] });
    const generated = await run(['generate'], dir);
    expect(generated.code, generated.err).toBe(0);
    expect(generated.out).toMatch(/^packages\/items: \d+ files written/);
    const again = await run(['init', '--contract', 'contract/other.yaml', '--config'], dir);
    expect(again.code).toBe(1);
    expect(again.err).toContain('contractgen.config.json exists; add the contract to it by hand');
    expect(existsSync(join(dir, 'contract', 'other.yaml'))).toBe(false);
    expect((await run(['init', '--out', 'x'], scratch())).code).toBe(2);
  }, 60_000);
});
