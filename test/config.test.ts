/** Several contracts per repository: `contractgen.config.json`/`.yaml`, two contracts, two packages, one config. */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENTRY_KEYS, ROOT_KEYS } from '../generator/config.js';
import { runCli } from './support/run-cli.js';

const BIN = resolve('generator/dist/generator/bin.js');
const contractOf = (title: string, pkg: string, path: string) =>
  `contractgen: 1\ninfo: { title: ${title}, version: 1.0.0, package: ${pkg} }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: ${path}, host: api, responses: { "200": { description: Pong. } } }\n`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A repository with two contracts and `config` written as contractgen.config.<ext>. */
function repo(config: string, ext = 'yaml'): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'contractgen-config-')));
  dirs.push(dir);
  mkdirSync(join(dir, 'contract'));
  writeFileSync(join(dir, 'contract', 'orders.yaml'), contractOf('Orders', 'orders-client', '/orders'));
  writeFileSync(join(dir, 'contract', 'billing.yaml'), contractOf('Billing', '"@acme/billing"', '/invoices'));
  writeFileSync(join(dir, `contractgen.config.${ext}`), config);
  return dir;
}

const run = runCli;

const TWO = 'contracts:\n  - { contract: contract/orders.yaml, out: packages/orders }\n  - contract: contract/billing.yaml\n    out: packages/billing\n    mocks: false\n';

describe('contractgen.config', () => {
  it('generate with no contract named builds every package; --check covers them all', async () => {
    const dir = repo(TWO);
    const first = await run(['generate'], dir);
    expect(first.code, first.err).toBe(0);
    expect(first.out.split('\n')).toEqual([expect.stringMatching(/^packages\/orders: \d+ files written/), expect.stringMatching(/^packages\/billing: \d+ files written/)]);
    expect(JSON.parse(readFileSync(join(dir, 'packages', 'orders', 'package.json'), 'utf8')).name).toBe('orders-client');
    expect(JSON.parse(readFileSync(join(dir, 'packages', 'billing', 'package.json'), 'utf8')).name).toBe('@acme/billing');
    expect(existsSync(join(dir, 'packages', 'billing', 'src', 'mocks'))).toBe(false);
    expect(existsSync(join(dir, 'packages', 'orders', 'src', 'mocks'))).toBe(true);
    expect((await run(['generate', '--check'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'contract', 'billing.yaml'), contractOf('Billing', '"@acme/billing"', '/bills'));
    const stale = await run(['generate', '--check'], dir);
    expect(stale.code).toBe(1);
    expect(stale.out).toMatch(/^packages\/orders: up to date/);
    // After the contracts' warnings (neither declares an auth scheme): --check says them too, for CI's log.
    expect(stale.err).toMatch(/^packages\/billing does not match the contract/m);
    expect((await run(['validate'], dir)).out.split('\n')).toEqual(['contract/orders.yaml: valid (1 endpoint, 0 types, 1 host)', 'contract/billing.yaml: valid (1 endpoint, 0 types, 1 host)']);
  }, 60_000);

  it('a JSON config works alike; a named contract ignores the config; --out with a config is a usage error', async () => {
    const dir = repo(JSON.stringify({ contracts: [{ contract: 'contract/orders.yaml', out: 'out/orders' }] }, null, 2), 'json');
    expect((await run(['generate'], dir)).out).toMatch(/^out\/orders: \d+ files written/);
    expect((await run(['generate', '--contract', 'contract/billing.yaml', '--out', 'out/billing'], dir)).code).toBe(0);
    expect(existsSync(join(dir, 'out', 'billing', 'package.json'))).toBe(true);
    expect((await run(['openapi'], dir)).out).toContain('title: Orders');
    const usage = await run(['generate', '--out', 'elsewhere'], dir);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--out names one package');
  }, 60_000);

  it('two contracts aimed at one folder, unknown keys and missing paths: positioned errors, nothing written', async () => {
    const dir = repo('contracts:\n  - { contract: contract/orders.yaml, out: packages/api }\n  - { contract: contract/billing.yaml, out: ./packages/api/ }\n  - { contract: contract/x.yaml, outt: y }\ncontract: z\n');
    const { code, err } = await run(['generate'], dir);
    expect(code).toBe(1);
    const lines = err.split('\n').filter((l) => l.startsWith('contractgen.config.yaml:'));
    expect(lines).toEqual([
      'contractgen.config.yaml:3:45: contract/billing.yaml and contract/orders.yaml are both generated into packages/api: each contract needs its own folder [config-invalid]',
      'contractgen.config.yaml:4:5: a contract entry needs `out` [config-invalid]',
      "contractgen.config.yaml:4:34: unknown key 'outt' in a contract entry; did you mean 'out'? [config-invalid]",
      "contractgen.config.yaml:5:1: unknown key 'contract'; did you mean 'contracts'? [config-invalid]",
    ]);
    expect(existsSync(join(dir, 'packages'))).toBe(false);
    expect((await run(['validate'], dir)).code).toBe(1);
  });

  it('a config names paths inside its repository: out and contract leading elsewhere, as written or through a link, are refused where written', async () => {
    const dir = repo('contracts:\n  - { contract: contract/orders.yaml, out: ../elsewhere }\n  - { contract: /etc/hostname, out: packages/a }\n  - { contract: contract/../../secret.yaml, out: packages/b }\n  - { contract: contract/orders.yaml, out: linked/pkg }\n  - { contract: contract/secret-link.yaml, out: packages/c }\n');
    const outside = realpathSync(mkdtempSync(join(tmpdir(), 'contractgen-outside-')));
    dirs.push(outside);
    writeFileSync(join(outside, 'secret.yaml'), 'token: s3cr3t-0f-the-home-folder\n');
    symlinkSync(outside, join(dir, 'linked'));
    symlinkSync(join(outside, 'secret.yaml'), join(dir, 'contract', 'secret-link.yaml'));
    for (const command of ['generate', 'validate']) {
      const { code, out, err } = await run([command], dir);
      expect(code).toBe(1);
      expect(err.split('\n').filter((l) => l.startsWith('contractgen.config.yaml:'))).toEqual([
        "contractgen.config.yaml:2:44: `out` leads out of the config's folder: a config names paths inside its repository (the command line may name any) [config-invalid]",
        "contractgen.config.yaml:3:17: `contract` leads out of the config's folder: a config names paths inside its repository (the command line may name any) [config-invalid]",
        "contractgen.config.yaml:4:17: `contract` leads out of the config's folder: a config names paths inside its repository (the command line may name any) [config-invalid]",
        "contractgen.config.yaml:5:44: `out` leads out of the config's folder: a config names paths inside its repository (the command line may name any) [config-invalid]",
        "contractgen.config.yaml:6:17: `contract` leads out of the config's folder: a config names paths inside its repository (the command line may name any) [config-invalid]",
      ]);
      expect(`${out}${err}`).not.toContain('s3cr3t');
    }
    expect(readdirSync(outside)).toEqual(['secret.yaml']);
    expect(existsSync(join(dir, '..', 'elsewhere'))).toBe(false);
    expect(existsSync(join(dir, 'packages'))).toBe(false);
  });

  it("a config's file names reach the terminal escaped: no escape sequence or line break of theirs is printed raw", async () => {
    const name = 'contract/or\u001b[2Jders\u202e.yaml';
    const dir = repo(`contracts:\n  - { contract: ${JSON.stringify(name)}, out: "out/\\u001b]0;x\\u0007" }\n`);
    writeFileSync(join(dir, name), contractOf('Orders', 'orders-client', '/orders'));
    const printed = [await run(['validate'], dir), await run(['generate'], dir), await run(['generate', '--check'], dir)].map((r) => `${r.out}\n${r.err}`).join('\n');
    expect(printed).toContain('or\\u001b[2Jders\\u202e.yaml: valid');
    expect(printed).toContain('out/\\u001b]0;x\\u0007: ');
    expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
  });

  it('generate --watch covers every contract: a save of one regenerates that one', async () => {
    const dir = repo(TWO);
    const child = spawn(process.execPath, [BIN, 'generate', '--watch'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter((l) => l !== ''));
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const runs = () => lines.filter((l) => / in \d+ ms$/.test(l));
    const waitFor = async (n: number) => {
      for (let i = 0; i < 300 && runs().length < n; i++) await new Promise((r) => setTimeout(r, 100));
      expect(runs().length, lines.join('\n')).toBeGreaterThanOrEqual(n);
    };
    try {
      await waitFor(2);
      expect(lines.filter((l) => l.startsWith('watching '))).toEqual(['watching contract/orders.yaml (Ctrl-C to stop)', 'watching contract/billing.yaml (Ctrl-C to stop)']);
      writeFileSync(join(dir, 'contract', 'billing.yaml'), contractOf('Billing', '"@acme/billing"', '/bills'));
      await waitFor(3);
      expect(runs()[2]).toMatch(/^packages\/billing: [1-9]\d* files? written/);
      expect(readFileSync(join(dir, 'packages', 'billing', 'src', 'tables.ts'), 'utf8')).toContain("'/bills'");
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);

  it('contract/config.schema.json (for editors) allows exactly the keys the reader does, and accepts the configs above', async () => {
    const schema = JSON.parse(readFileSync('contract/config.schema.json', 'utf8')) as { properties: Record<string, { items?: { properties: Record<string, unknown> } }> };
    expect(Object.keys(schema.properties).sort()).toEqual([...ROOT_KEYS].sort());
    expect(Object.keys(schema.properties['contracts']?.items?.properties ?? {}).sort()).toEqual([...ENTRY_KEYS].sort());
    const { Ajv2020 } = (await import('ajv/dist/2020.js')) as unknown as { Ajv2020: new (options: object) => { compile(s: object): ((data: unknown) => boolean) & { errors?: unknown } } };
    const validate = new Ajv2020({ allErrors: true }).compile(schema);
    const { parse } = await import('yaml');
    expect(validate(parse(TWO)), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ $schema: './node_modules/contractgen/contract/config.schema.json', contracts: [{ contract: 'a.yaml', out: 'a' }] })).toBe(true);
    expect(validate({ contracts: [{ contract: 'a.yaml', outt: 'a' }] })).toBe(false);
  });

  it('contractgen.config.mjs: its default export is the config (defineConfig types it), checked alike', async () => {
    const dir = repo("export default { contracts: [{ contract: 'contract/orders.yaml', out: 'mjs/orders' }] };\n", 'mjs');
    const first = await run(['generate'], dir);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/^mjs\/orders: \d+ files written/);
    writeFileSync(join(dir, 'contractgen.config.mjs'), "export default { contracts: [{ contract: 'contract/orders.yaml', outt: 'x' }] };\n");
    const bad = await run(['validate'], dir);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain("contractgen.config.mjs: unknown key 'outt' in a contract entry; did you mean 'out'? [config-invalid]");
    const { defineConfig } = await import('../generator/api.js');
    const config = { contracts: [{ contract: 'a.yaml', out: 'a' }] };
    expect(defineConfig(config)).toBe(config);
  }, 60_000);
});
