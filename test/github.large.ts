/**
 * GitHub's current REST description (the `@octokit/openapi` package: OpenAPI 3.1, api.github.com),
 * imported and generated in memory, then a consumer file type-checked under both compilers: after
 * `if (!r.ok) return`, `data` is exactly the 2xx body, on an operation whose 301 was once counted
 * as a success (`reposGet`) and on one that lists a 304; and `result.status` narrows `data` where
 * two 2xx differ (`reposAddCollaborator`: an invitation at 201, nothing at 204); `error.status`
 * narrows `error.body` to the documented error body (`issuesUpdate`: BasicError at 404, ValidationError
 * at 422), `unknown` at any other status and where nothing is documented. The package is
 * generated from the contract `import` writes of it (5.1 MB, over the 4 MiB yaml parses whole),
 * which validates as the description does, named as a person would name it. The README's quick
 * start compiles with the package and runs against 127.0.0.1 (test/support/quick-start.ts). In
 * `npm run test:large`, not `npm test` (about 25 s alone: the import, the generation and two
 * compilers over 1,200 operations).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { contractText } from '../generator/commands/import.js';
import { README_LIMIT } from '../generator/emit/readme.js';
import { loadDescription } from '../generator/import/load-description.js';
import { loadInput } from '../generator/input.js';
import { MAX_CONTRACT_BYTES, MAX_YAML_DOCUMENT_BYTES } from '../generator/limits.js';
import { prettierCheck } from './support/prettier-check.js';
import { expectQuickStartWorked, quickStartModule, quickStartOf, runQuickStart } from './support/quick-start.js';
import { COMPILERS, outDir, typeCheck, writePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('github');
const DESCRIPTION = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
const TIMEOUT = 600_000;

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
// The description's schema 'thread' keeps its own name.
import type { BasicError, Client, FullRepository, RepositoryInvitation, thread, ValidationError } from './index.js';

export async function reposGet(client: Client): Promise<void> {
  const r = await client.reposGet({ owner: 'o', repo: 'r' });
  if (!r.ok) return;
  expectTypeOf(r.data).toEqualTypeOf<FullRepository>();
  const both: FullRepository = r.data;
  void both;
}

export async function listsA304(client: Client): Promise<void> {
  const r = await client.activityListNotificationsForAuthenticatedUser({});
  if (!r.ok) {
    if (r.error.category === 'not_modified') expectTypeOf(r.error.status).toEqualTypeOf<number>();
    return;
  }
  expectTypeOf(r.data).toEqualTypeOf<thread[]>();
}

export async function narrowsByStatus(client: Client): Promise<void> {
  const r = await client.reposAddCollaborator({ owner: 'o', repo: 'r', username: 'u' });
  if (!r.ok) return;
  expectTypeOf(r.data).toEqualTypeOf<RepositoryInvitation | undefined>();
  if (r.status === 201) expectTypeOf(r.data).toEqualTypeOf<RepositoryInvitation>();
  if (r.status === 204) expectTypeOf(r.data).toEqualTypeOf<undefined>();
}

export async function errorBodies(client: Client): Promise<void> {
  const r = await client.issuesUpdate({ owner: 'o', repo: 'r', issue_number: 1 });
  if (r.ok) return;
  expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
  // A client error may carry any status (a body over the size limit): it keeps body unknown until excluded.
  if (r.error.status === 422) expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
  if (r.error.shape === 'client') return;
  if (r.error.status === 422) {
    expectTypeOf(r.error.body).toEqualTypeOf<ValidationError | undefined>();
    expectTypeOf(r.error.status).toEqualTypeOf<422>();
  }
  switch (r.error.status) {
    case 404:
    case 410:
      expectTypeOf(r.error.body).toEqualTypeOf<BasicError | undefined>();
      break;
    case 500:
      expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
      break;
  }
  if (r.error.status !== 403 && r.error.status !== 404 && r.error.status !== 410 && r.error.status !== 422 && r.error.status !== 503) expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
  // Still a number wherever one is wanted.
  const status: number = r.error.status;
  void status;
}

export async function sharedErrorUnion(client: Client): Promise<void> {
  // reposGet documents the same error bodies as an earlier operation, whose union it names.
  const r = await client.reposGet({ owner: 'o', repo: 'r' });
  if (r.ok || r.error.shape === 'client') return;
  if (r.error.status === 404) expectTypeOf(r.error.body).toEqualTypeOf<BasicError | undefined>();
}

export async function nothingDocumented(client: Client): Promise<void> {
  const r = await client.actionsListArtifactsForRepo({ owner: 'o', repo: 'r' });
  if (r.ok || r.error.shape === 'client') return;
  expectTypeOf(r.error.status).toEqualTypeOf<number>();
  if (r.error.status === 404) expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
}
`;

/** The description's contract as `import` writes it: the package under test is generated from it. */
const CONTRACT = join(mkdtempSync(join(tmpdir(), 'contractgen-github-')), 'github.yaml');
afterAll(() => rmSync(dirname(CONTRACT), { recursive: true, force: true }));

describe('GitHub’s description', () => {
  let quickStart = '';
  let files: ReadonlyMap<string, string> = new Map();
  it('imports to a contract that validates as the description does: whatever import writes, validate and generate read', { timeout: TIMEOUT }, async () => {
    const imported = loadDescription(DESCRIPTION, DESCRIPTION);
    expect(imported.result.ok && imported.data !== undefined).toBe(true);
    if (!imported.result.ok || imported.data === undefined) return;
    const text = contractText(imported.data, DESCRIPTION);
    const bytes = Buffer.byteLength(text);
    // The case at issue: larger than yaml parses whole, within the contract limit.
    expect(bytes).toBeGreaterThan(MAX_YAML_DOCUMENT_BYTES);
    expect(bytes).toBeLessThan(MAX_CONTRACT_BYTES);
    expect(text).toContain('\n  package: github-client\n');
    writeFileSync(CONTRACT, text);
    const out: string[] = [];
    const err: string[] = [];
    const started = performance.now();
    const code = await main(['validate', 'github.yaml'], { out: (l) => out.push(l), err: (l) => err.push(l), cwd: dirname(CONTRACT) });
    const ms = performance.now() - started;
    // GitHub's description declares no auth scheme: validate says so (a warning), and nothing else.
    const said = err.filter((l) => /: (warning|error): /.test(l));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('warning: no auth scheme is declared');
    expect(code).toBe(0);
    const { endpoints, types } = imported.result.contract;
    expect(out).toEqual([`github.yaml: valid (${endpoints.length} endpoints, ${types.length} types, 2 hosts)`]);
    console.info(`GitHub's imported contract: ${bytes} bytes, validated in ${Math.round(ms)} ms`);
  });

  it('generates, from that contract', { timeout: TIMEOUT }, async () => {
    files = await writePackage(CONTRACT, OUT, TYPE_TESTS);
    // Its README's quick start, compiled with the package (one compile of 1,200 operations, not two).
    const [path, text] = quickStartModule(files);
    writeFileSync(join(OUT, path), text);
    quickStart = quickStartOf(files.get('README.md') ?? '');
  });
  it.each(Object.keys(COMPILERS) as Compiler[])('type-checks under %s', { timeout: TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
  it("keeps its README within what npm's registry keeps: the index of operations is in OPERATIONS.md, in prettier's form", { timeout: TIMEOUT }, async () => {
    const readme = files.get('README.md') ?? '';
    const operations = files.get('OPERATIONS.md') ?? '';
    expect(readme.length).toBeLessThanOrEqual(README_LIMIT);
    expect(readme).toContain('They are listed in `OPERATIONS.md`, by group:');
    expect((JSON.parse(files.get('package.json') ?? '{}') as { files?: string[] }).files).toContain('OPERATIONS.md');
    // Every operation once, under the headings of its host and path group.
    const lines = operations.split('\n').filter((l) => l.startsWith('- `'));
    expect(lines).toHaveLength(1223);
    expect(lines).toContain('- `GET /repos/{owner}/{repo}` `reposGet`: `Get a repository`');
    expect(operations).toMatch(/^## `api` host\n\n### `\/`\n\n- `GET \/` `metaRoot`/m);
    expect(operations).toMatch(/^#### `\/repos\/\{owner\}\/\{repo\}\/issues`$/m);
    for (const path of ['README.md', 'OPERATIONS.md']) {
      const text = files.get(path) ?? '';
      expect(await prettierCheck({ path, text, format: 'markdown' }), path).toBe(text);
    }
  });
  it('runs its README quick start against 127.0.0.1', { timeout: TIMEOUT }, async () => {
    const loaded = loadInput(DESCRIPTION);
    if (!loaded.ok) throw new Error('the description does not load');
    expectQuickStartWorked(loaded.contract, await runQuickStart(OUT, loaded.contract, quickStart));
  });
});
