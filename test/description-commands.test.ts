/**
 * What the commands say of an OpenAPI description: `validate` and `generate` count what its import
 * approximated by cause and name the command that lists each (`validate --approximations`), as
 * `import` does; a description is called a description; paths are printed as given; and the
 * package's name is `--package`, a config entry's `package`, or the one the title gives.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, validate } from '../generator/api.js';
import { main } from '../generator/cli.js';
import type { Io } from '../generator/commands.js';

const dir = mkdtempSync(join(tmpdir(), 'contractgen-description-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  readonly code: number;
  readonly out: string[];
  readonly err: string[];
}

async function run(argv: readonly string[], cwd = dir): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')), cwd };
  return { code: await main(argv, io), out, err };
}

/** 22 operations, each listing an `Accept` header (which the client writes itself), and 3 TRACE operations: 25 approximations of two causes. */
function description(): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 22; i++) {
    const operation = { operationId: `get${i}`, parameters: [{ name: 'Accept', in: 'header', schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } };
    paths[`/r${i}`] = i < 3 ? { get: operation, trace: { responses: { '200': { description: 'ok' } } } } : { get: operation };
  }
  // A scheme declared, so the only notes are the approximations (no-auth-scheme is test/client-options.test.ts's).
  const security = { components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } }, security: [{ key: [] }] };
  return JSON.stringify({ openapi: '3.1.0', info: { title: "Acme's official Widgets REST API v2", version: '1' }, servers: [{ url: 'https://api.acme.example' }], paths, ...security }, null, 1);
}

const DESCRIPTION = 'widgets.json';
writeFileSync(join(dir, DESCRIPTION), description());
const NOTE = "widgets.json: 25 approximations in the imported contract (parameter-dropped 22, operation-dropped 3); contractgen validate widgets.json --approximations lists them";

function packageNameIn(folder: string): string {
  return (JSON.parse(readFileSync(join(dir, folder, 'package.json'), 'utf8')) as { name: string }).name;
}

describe('what was approximated', () => {
  it('validate counts it by cause and names the command that lists it', async () => {
    const { code, out, err } = await run(['validate', DESCRIPTION]);
    expect(code).toBe(0);
    expect(out).toEqual(['widgets.json: valid (22 endpoints, 0 types, 1 host)']);
    expect(err).toEqual([NOTE]);
  });

  it('with overlays, the command named gives them too: it lists what the overlaid description approximated', async () => {
    writeFileSync(join(dir, 'title.yaml'), 'overlay: 1.0.0\ninfo: { title: Title, version: 1.0.0 }\nactions:\n  - target: $.info\n    update: { x-note: overlaid }\n');
    const { code, err } = await run(['validate', DESCRIPTION, '--overlay', 'title.yaml']);
    expect(code).toBe(0);
    expect(err).toEqual([NOTE.replace('validate widgets.json', 'validate widgets.json --overlay title.yaml')]);
    const listed = await run(['validate', DESCRIPTION, '--overlay', 'title.yaml', '--approximations']);
    expect(listed.err).toHaveLength(25);
  });

  it('validate --approximations lists each at the description’s line:col', async () => {
    const { code, err } = await run(['validate', DESCRIPTION, '--approximations']);
    expect(code).toBe(0);
    expect(err).toHaveLength(25);
    for (const line of err) expect(line).toMatch(/^widgets\.json:\d+:\d+: warning: .+ \[openapi-approximated\]$/);
    expect(err.filter((l) => l.includes('TRACE'))).toHaveLength(3);
  });

  it('generate says it where it imported the description (a write, --check), not on a run that changed nothing', async () => {
    const first = await run(['generate', DESCRIPTION, '--out', 'pkg']);
    expect(first.code).toBe(0);
    expect(first.out[0]).toMatch(/^pkg: \d+ files written/);
    expect(first.err).toEqual([NOTE]);
    const again = await run(['generate', DESCRIPTION, '--out', 'pkg']);
    expect(again.out[0]).toMatch(/^pkg: up to date/);
    expect(again.err).toEqual([]);
    const check = await run(['generate', DESCRIPTION, '--out', 'pkg', '--check']);
    expect(check.code).toBe(0);
    expect(check.err).toEqual([NOTE]);
  });

  it('the API says it: validate’s and generate’s results carry every approximation', async () => {
    const checked = validate(join(dir, DESCRIPTION));
    expect(checked.ok).toBe(true);
    expect(checked.approximations?.map((w) => w.cause).sort()).toEqual([...Array<string>(3).fill('operation-dropped'), ...Array<string>(22).fill('parameter-dropped')]);
    const outcome = await generate({ contract: join(dir, DESCRIPTION), out: join(dir, 'api-notes') });
    expect(outcome.kind === 'written' ? outcome.approximations?.length : undefined).toBe(25);
    writeFileSync(join(dir, 'plain.yaml'), 'contractgen: 1\ninfo: { title: T, version: "1", package: t }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { description: Pong. } } }\n');
    const contract = validate(join(dir, 'plain.yaml'));
    expect(contract.ok && contract.approximations === undefined).toBe(true);
  });

  it('import shows twenty, then the rest by cause and the same command', async () => {
    const { code, err } = await run(['import', DESCRIPTION, '--out', 'widgets.yaml']);
    expect(code).toBe(0);
    expect(err.slice(0, 20).every((l) => l.endsWith('[openapi-approximated]'))).toBe(true);
    expect(err.slice(20)).toEqual(['… 5 more warnings not shown; all 25 by cause: parameter-dropped 22, operation-dropped 3; contractgen validate widgets.json --approximations lists every one']);
  });
});

describe('messages name a description as one, and paths as given', () => {
  it('a description that cannot be imported, or read', async () => {
    writeFileSync(join(dir, 'empty.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }));
    const empty = await run(['generate', 'empty.json', '--out', 'empty-pkg']);
    expect(empty.code).toBe(1);
    expect(empty.err[0]).toMatch(/^empty\.json:1:\d+: .+ \[nothing-to-generate\]$/);
    expect(empty.err.at(-1)).toBe('generation stopped: the description has errors');
    for (const command of [['generate', 'missing.json', '--out', 'x'], ['validate', 'missing.json'], ['import', 'missing.json']]) {
      const missing = await run(command);
      expect(missing.code, command.join(' ')).toBe(1);
      expect(missing.err[0], command.join(' ')).toBe('missing.json: cannot read the description: no such file [file-unreadable]');
    }
  });

  it('a stale package of a description', async () => {
    writeFileSync(join(dir, 'other.json'), description().replace('"get0"', '"first"'));
    await run(['generate', 'other.json', '--out', 'other-pkg']);
    writeFileSync(join(dir, 'other.json'), description().replace('"get0"', '"renamed"'));
    const stale = await run(['generate', 'other.json', '--out', 'other-pkg', '--check']);
    expect(stale.code).toBe(1);
    expect(stale.err[0]).toBe('other-pkg does not match the description; run contractgen generate. Stale files:');
  });

  it('an output folder given as an absolute path is printed so', async () => {
    const absolute = join(dir, 'absolute-pkg');
    const { out } = await run(['generate', DESCRIPTION, '--out', absolute]);
    expect(out[0]?.startsWith(`${absolute}: `)).toBe(true);
  });
});

describe('the package name', () => {
  it('is the title’s, as a person would choose it', async () => {
    expect(packageNameIn('pkg')).toBe('acme-widgets-client');
  });

  it('is --package’s, and a change of it is no no-op', async () => {
    expect((await run(['generate', DESCRIPTION, '--out', 'named', '--package', '@me/widgets'])).code).toBe(0);
    expect(packageNameIn('named')).toBe('@me/widgets');
    const unchanged = await run(['generate', DESCRIPTION, '--out', 'named', '--package', '@me/widgets']);
    expect(unchanged.out[0]).toMatch(/^named: up to date/);
    const renamed = await run(['generate', DESCRIPTION, '--out', 'named']);
    expect(renamed.out[0]).toMatch(/^named: [1-9]\d* files? written/);
    expect(packageNameIn('named')).toBe('acme-widgets-client');
  });

  it('takes the place of a contract’s info.package too', async () => {
    writeFileSync(join(dir, 'api.yaml'), 'contractgen: 1\ninfo: { title: T, version: "1", package: t-client }\nhosts:\n  api: { url: "https://api.example.com" }\nendpoints:\n  ping: { method: GET, path: /ping, host: api, responses: { "200": { description: Pong. } } }\n');
    expect((await run(['generate', 'api.yaml', '--out', 'yaml-pkg', '--package', 'other-client'])).code).toBe(0);
    expect(packageNameIn('yaml-pkg')).toBe('other-client');
  });

  it('refuses a name npm would refuse: exit 2 with the usage', async () => {
    const { code, err } = await run(['generate', DESCRIPTION, '--out', 'bad', '--package', 'Not A Name']);
    expect(code).toBe(2);
    expect(err[0]).toBe("contractgen: --package 'Not A Name' is not a valid npm package name");
  });

  it('is each config entry’s `package`, checked where it is written; --package cannot name them all', async () => {
    const repo = mkdtempSync(join(dir, 'repo-'));
    writeFileSync(join(repo, DESCRIPTION), description());
    writeFileSync(join(repo, 'contractgen.config.yaml'), `contracts:\n  - { contract: ${DESCRIPTION}, out: a, package: "@acme/a" }\n  - { contract: ${DESCRIPTION}, out: b }\n`);
    expect((await run(['generate'], repo)).code).toBe(0);
    expect(JSON.parse(readFileSync(join(repo, 'a', 'package.json'), 'utf8')).name).toBe('@acme/a');
    expect(JSON.parse(readFileSync(join(repo, 'b', 'package.json'), 'utf8')).name).toBe('acme-widgets-client');
    expect((await run(['generate', '--package', 'x'], repo)).code).toBe(2);
    writeFileSync(join(repo, 'contractgen.config.yaml'), `contracts:\n  - { contract: ${DESCRIPTION}, out: a, package: Not A Name }\n`);
    const invalid = await run(['validate'], repo);
    expect(invalid.code).toBe(1);
    expect(invalid.err[0]).toBe('contractgen.config.yaml:2:48: `package` must be an npm package name (lower case, URL-safe, an optional @scope/) [config-invalid]');
  });

  it('is the API’s `package` option, and a name npm would refuse throws', async () => {
    const outcome = await generate({ contract: join(dir, DESCRIPTION), out: join(dir, 'api-pkg'), package: '@me/api' });
    expect(outcome.kind).toBe('written');
    expect(packageNameIn('api-pkg')).toBe('@me/api');
    await expect(generate({ contract: join(dir, DESCRIPTION), out: join(dir, 'api-pkg'), package: 'Bad' })).rejects.toThrow(TypeError);
  });
});
