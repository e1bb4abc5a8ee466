/** `diff --bump`: the package version raised by the bump a change needs, written into the contract; never lowered. */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { compareVersions, planBump, raised, withPackageVersion } from '../generator/diff/bump.js';
import { loadContractText } from '../generator/contract.js';
import { PACKAGE_NAME, SEMVER } from '../generator/contract-format.js';
import { packageVersionOf } from '../generator/import/import.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('versions', () => {
  it('raises by the bump; before 1.0.0 a breaking change raises the minor', () => {
    expect(['major', 'minor', 'patch', 'none'].map((b) => raised('1.2.3', b as 'major'))).toEqual(['2.0.0', '1.3.0', '1.2.4', '1.2.3']);
    expect(raised('0.3.1', 'major')).toBe('0.4.0');
    expect(raised('0.3.1', 'minor')).toBe('0.3.2');
    expect(raised('1.2.3-beta.1', 'patch')).toBe('1.2.4');
  });

  it('orders versions, a pre-release before its release', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0-rc.1', '2.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
  });

  it('plans: write the raised version, leave one that already covers it, refuse one below the old', () => {
    expect(planBump('1.0.0', '1.0.0', 'major')).toEqual({ kind: 'write', current: '1.0.0', wanted: '2.0.0' });
    expect(planBump('1.0.0', '2.1.0', 'major')).toEqual({ kind: 'already', current: '2.1.0', wanted: '2.0.0' });
    expect(planBump('1.4.0', '1.3.9', 'patch')).toEqual({ kind: 'downgrade', current: '1.3.9', old: '1.4.0' });
    expect(planBump('1.0.0', '1.0.0', 'none')).toEqual({ kind: 'none' });
  });
});

describe('writing info.packageVersion', () => {
  const block = 'contractgen: 1\ninfo:\n  title: T\n  version: "2.1"\n  package: t-client # the npm name\n  description: D\nhosts: {}\n';

  it('adds it after package in a block mapping, keeping comments and everything else', () => {
    expect(withPackageVersion(block, '1.0.0')).toBe('contractgen: 1\ninfo:\n  title: T\n  version: "2.1"\n  package: t-client # the npm name\n  packageVersion: 1.0.0\n  description: D\nhosts: {}\n');
  });

  it('replaces it where it is given, and adds it to a flow mapping', () => {
    const given = withPackageVersion(block, '1.0.0') ?? '';
    expect(withPackageVersion(given, '2.0.0')).toBe(given.replace('packageVersion: 1.0.0', 'packageVersion: 2.0.0'));
    expect(withPackageVersion('info: { title: T, version: "2.1", package: t }\n', '0.1.0')).toBe('info: { title: T, version: "2.1", package: t, packageVersion: 0.1.0 }\n');
  });
});

describe('contractgen diff --bump', () => {
  const fixture = (side: string) => join('test', 'diff', 'endpoint-method-changed', `${side}.yaml`);
  async function run(argv: readonly string[]): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: process.cwd() });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('a breaking change: 1.0.0 → 2.0.0 written into the new contract, which still validates; run again, it stays', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-bump-'));
    dirs.push(dir);
    const file = join(dir, 'new.yaml');
    copyFileSync(fixture('new'), file);
    const first = await run(['diff', fixture('old'), file, '--no-api', '--bump']);
    expect(first.code, first.err).toBe(0);
    expect(first.err).toContain('info.packageVersion 1.0.0 → 2.0.0 (major)');
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(readFileSync(fixture('new'), 'utf8').replace('  package: diff-fixture-client\n', '  package: diff-fixture-client\n  packageVersion: 2.0.0\n'));
    const loaded = loadContractText(file, text);
    expect(loaded.ok && loaded.contract.info.packageVersion).toBe('2.0.0');
    const again = await run(['diff', fixture('old'), file, '--no-api', '--bump']);
    expect(again.code).toBe(0);
    expect(again.err).toContain('info.packageVersion 2.0.0 already covers the major bump (2.0.0)');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses a new version below the old one: exit 1, the file untouched', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-bump-'));
    dirs.push(dir);
    const old = join(dir, 'old.yaml');
    writeFileSync(old, readFileSync(fixture('old'), 'utf8').replace('  package: diff-fixture-client\n', '  package: diff-fixture-client\n  packageVersion: 3.0.0\n'));
    const file = join(dir, 'new.yaml');
    copyFileSync(fixture('new'), file);
    const result = await run(['diff', old, file, '--no-api', '--bump']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('info.packageVersion 1.0.0 is lower than the old 3.0.0');
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(fixture('new'), 'utf8'));
  });
});

describe("the generated package's identity", () => {
  // auth: {}: the API takes no credentials, so no no-auth-scheme warning joins the package-version one.
  const head = (info: string) => `contractgen: 1\ninfo: { title: T, ${info} }\nauth: {}\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { description: Pong. } } }\n`;
  const packageJson = async (source: string) => {
    const { render } = await import('../generator/generate.js');
    const rendered = await render('c.yaml', source);
    if (rendered.kind !== 'files') throw new Error(rendered.diagnostics.map((d) => d.message).join('\n'));
    return JSON.parse(rendered.files.get('package.json') ?? '{}') as Record<string, unknown>;
  };

  it('packageVersion, license and repository go to package.json; the API version stays in the description', async () => {
    const pkg = await packageJson(head('version: "2.1", package: t-client, packageVersion: 1.4.0-beta.2, license: Apache-2.0, repository: "https://example.com/t.git"'));
    expect(pkg).toMatchObject({ name: 't-client', version: '1.4.0-beta.2', license: 'Apache-2.0', repository: { type: 'git', url: 'https://example.com/t.git' } });
    expect(pkg['description']).toContain('T 2.1');
    expect((await packageJson(head('version: "2.1", package: t, packageVersion: 1.0.0, packageDescription: The T client.'))).description).toBe('The T client.');
  });

  it('without packageVersion: version when it is semver; else 0.0.0 and a package-version warning', async () => {
    expect((await packageJson(head('version: 3.2.1, package: t'))).version).toBe('3.2.1');
    const loaded = loadContractText('c.yaml', head('version: "2.1", package: t'));
    expect(loaded.ok).toBe(true);
    expect(loaded.diagnostics.map((d) => [d.code, d.severity])).toEqual([['package-version', 'warning']]);
    expect((await packageJson(head('version: "2.1", package: t'))).version).toBe('0.0.0');
  });

  it('a packageVersion that is not semver is refused where it is written', () => {
    const loaded = loadContractText('c.yaml', head('version: "2.1", package: t, packageVersion: "2.1"'));
    expect(loaded.ok).toBe(false);
    expect(loaded.diagnostics[0]?.message).toContain("'2.1' does not have the expected form (The generated package's own version, a semantic version such as 1.4.0");
  });

  it("an imported description's version becomes the package's where it reads as one (dates stay in order)", () => {
    expect(['2016-11-15', '2024-01-05T00:00:00Z', 'v1', '2.1', '3', '1.0.0', 'beta', '1.2.3.4'].map(packageVersionOf)).toEqual(['2016.11.15', '2024.1.5', '1.0.0', '2.1.0', '3.0.0', undefined, undefined, undefined]);
  });

  it("the format's schema and the generator hold the same package-name and semver rules", () => {
    const info = (JSON.parse(readFileSync('contract/contract.schema.json', 'utf8')) as { $defs: { info: { properties: Record<string, { pattern?: string }> } } }).$defs.info.properties;
    expect(new RegExp(info['package']?.pattern ?? '').source).toBe(PACKAGE_NAME.source);
    expect(info['packageVersion']?.pattern?.replace(/\[0-9\]/g, '\\d')).toBe(SEMVER.source);
  });
});
