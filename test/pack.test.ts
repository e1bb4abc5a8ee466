/**
 * The tool as another repository gets it: `npm pack`, the tarball installed into a scratch project
 * outside this repository (offline: from the tarball and the npm cache `npm ci` filled), and there
 * `npx contractgen init`, `generate`, `--check`, `diff` and a consumer's compile. Nothing of this
 * repository is on the scratch project's paths; the lockfile it installs from is built from this
 * repository's, so no registry lookup is needed.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NPM, packInto } from './support/pack.js';

const REPO = process.cwd();
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

interface LockEntry {
  readonly version: string;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly [key: string]: unknown;
}

/** The entries of this repository's lockfile that `names` need, transitively (node's lookup: nested first). */
function closure(names: readonly string[]): Record<string, LockEntry> {
  const packages = (JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }).packages;
  const out: Record<string, LockEntry> = {};
  const visit = (name: string, from: string) => {
    for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
      const key = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
      const entry = packages[key];
      if (entry !== undefined) {
        if (out[key] !== undefined) return;
        out[key] = entry;
        for (const dep of Object.keys(entry.dependencies ?? {})) visit(dep, key);
        return;
      }
      if (base === '') throw new Error(`${name} (needed by ${from || 'the root'}) is not in package-lock.json`);
    }
  };
  for (const name of names) visit(name, '');
  return out;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function sh(cmd: string, args: readonly string[], cwd: string): { code: number | null; out: string; err: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 180_000, env: { ...process.env, npm_config_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  return { code: r.status, out: r.stdout ?? '', err: r.stderr ?? '' };
}

describe('the packed tool in another repository', () => {
  it('npm pack → install offline → npx contractgen init, generate, --check, diff; a consumer compiles', () => {
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'contractgen-pack-')));
    dirs.push(project);
    // The build is npm test's first step: pack what it built, without building again.
    const tarball = packInto(REPO, project);
    const tool = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string>; bin: Record<string, string>; license: string; engines: Record<string, string> };
    const typescript = (JSON.parse(readFileSync(join(REPO, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version: string }).version;
    const manifest = { name: 'scratch-app', version: '1.0.0', private: true, type: 'module', devDependencies: { contractgen: `file:${tarball}`, typescript } };
    writeFileSync(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const lock = {
      name: 'scratch-app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'scratch-app', version: '1.0.0', devDependencies: manifest.devDependencies },
        'node_modules/contractgen': { version: tool.version, resolved: `file:${tarball}`, dev: true, license: tool.license, dependencies: tool.dependencies, bin: tool.bin, engines: tool.engines },
        ...Object.fromEntries(Object.entries(closure([...Object.keys(tool.dependencies), 'typescript'])).map(([k, v]) => [k, { ...v, dev: true }])),
      },
    };
    writeFileSync(join(project, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
    const install = sh(NPM, ['ci', '--offline'], project);
    expect(install.code, install.err).toBe(0);

    const init = sh(NPX, ['--offline', 'contractgen', 'init', '--script'], project);
    expect(init.code, init.err).toBe(0);
    expect(init.out).toContain('contract/api.yaml: starter contract written');
    const generate = sh(NPM, ['run', '--silent', 'generate'], project);
    expect(generate.code, generate.err).toBe(0);
    expect(generate.out).toMatch(/^generated: \d+ files written/m);
    expect(sh(NPX, ['--offline', 'contractgen', 'generate', '--check'], project).code).toBe(0);

    // A breaking change, reviewed (the API half through the installed ts-morph).
    cpSync(join(project, 'contract', 'api.yaml'), join(project, 'old.yaml'));
    const text = readFileSync(join(project, 'contract', 'api.yaml'), 'utf8');
    writeFileSync(join(project, 'contract', 'api.yaml'), text.slice(0, text.indexOf('  createItem:')));
    const diff = sh(NPX, ['--offline', 'contractgen', 'diff', 'old.yaml', 'contract/api.yaml', '--fail-on', 'breaking'], project);
    expect(diff.code, diff.err).toBe(1);
    expect(diff.out).toContain('endpoint-removed');
    expect(diff.out).toMatch(/createItem/);
    writeFileSync(join(project, 'contract', 'api.yaml'), text);

    // A consumer of the generated package, as the project would write one.
    writeFileSync(
      join(project, 'consumer.ts'),
      [
        "import { createClient, decodeError } from './generated/dist/index.js';",
        '',
        "const client = createClient({ environment: 'production', servers: { api_url: 'https://api.example.com' }, auth: { apiKey: 'key' } });",
        'export async function itemName(id: string): Promise<string> {',
        '  const result = await client.getItem({ id });',
        '  if (result.ok) return result.data.name;',
        "  return decodeError({ host: 'api', status: 404, body: '{}', endpoint: 'getItem' }).message;",
        '}',
        '',
      ].join('\n'),
    );
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, skipLibCheck: false, types: [] }, files: ['consumer.ts'] }));
    const tsc = sh(NPX, ['--offline', 'tsc', '-p', 'tsconfig.json'], project);
    expect(tsc.code, tsc.out + tsc.err).toBe(0);
  }, 300_000);
});
