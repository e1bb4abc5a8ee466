/**
 * Overlays (OpenAPI Overlay Specification 1.0.0, docs/overlays.md): a bearer scheme added to a
 * description that declares none, generated and called over HTTP; update and remove as the
 * specification merges them; diagnostics in the overlay's file:line:col; hostile overlays (names
 * of Object.prototype's members, aliases, nesting, size, work, patterns, files never named); and
 * every route an overlay takes: generate, validate, import, diff (two files and --base), config.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../generator/api.js';
import type { Diagnostic } from '../generator/diagnostics.js';
import { loadDescriptionText } from '../generator/import/load-description.js';
import { applyOverlays } from '../generator/overlay/apply-overlay.js';
import { parseOverlay } from '../generator/overlay/read-overlay.js';
import { compileTarget, Meter, OverlayBudgetExceeded, select } from '../generator/overlay/targets.js';
import { listenLoopback, type Loopback } from './support/loopback.js';
import { outDir } from './support/type-tests.js';
import { runCli } from './support/run-cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function tempDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'contractgen-overlays-')));
  dirs.push(dir);
  return dir;
}

const run = runCli;

/** A description with no security: one operation, its server a variable (so a test can point it at 127.0.0.1). */
const NOTES = `openapi: 3.1.0
info:
  title: Notes
  version: 1.0.0
servers:
  - url: "{origin}/v1"
    variables:
      origin:
        default: https://notes.example.com
paths:
  /notes/{id}:
    get:
      operationId: getNote
      parameters:
        - name: id
          in: path
          required: true
          schema: { type: string }
        - name: verbose
          in: query
          schema: { type: boolean }
      responses:
        "200":
          description: A note.
          content:
            application/json:
              schema:
                type: object
                properties:
                  id: { type: string }
                  text: { type: string }
`;

/** The README's five lines: a bearer scheme, and every operation requiring it. */
const BEARER = `overlay: 1.0.0
info: { title: Bearer token, version: 1.0.0 }
actions:
  - target: $
    update: { components: { securitySchemes: { bearer: { type: http, scheme: bearer } } }, security: [{ bearer: [] }] }
`;

/** `files` written into a fresh folder. */
function folder(files: Readonly<Record<string, string>>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('a bearer scheme added by an overlay to a description that declares none', () => {
  const out = outDir('overlays-bearer');
  let server: Loopback;
  const seen: IncomingMessage['headers'][] = [];
  interface Notes {
    createBaseClient(options: object): unknown;
    getNote(client: unknown, input: object): Promise<{ ok: boolean; data?: unknown }>;
  }
  let pkg: Notes;

  beforeAll(async () => {
    const dir = folder({ 'notes.yaml': NOTES, 'bearer.yaml': BEARER });
    const generated = await run(['generate', 'notes.yaml', '--overlay', 'bearer.yaml', '--out', out], dir);
    expect(generated.code, generated.err).toBe(0);
    server = await listenLoopback((req: IncomingMessage, res: ServerResponse) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'n1', text: 'hello' }));
    });
    pkg = (await import(pathToFileURL(join(out, 'dist', 'index.js')).href)) as Notes;
  }, 60_000);
  afterAll(async () => {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('puts Authorization: Bearer <token> on the wire', async () => {
    const client = pkg.createBaseClient({ environment: 'default', servers: { origin: server.base }, auth: { bearer: 'tok-123' }, maxRetries: 0 });
    const result = await pkg.getNote(client, { id: 'n1' });
    expect(result).toMatchObject({ ok: true, data: { id: 'n1', text: 'hello' } });
    expect(seen.at(-1)?.authorization).toBe('Bearer tok-123');
  });

  it('the package says what it was made from: the description and the overlay (its hash covers both)', () => {
    const withOverlay = readFileSync(join(out, 'README.md'), 'utf8').match(/Contract sha256: `([0-9a-f]{64})`/)?.[1];
    const plain = loadDescriptionText('notes.yaml', NOTES);
    expect(plain.result.ok && plain.result.contract.hash).not.toBe(withOverlay);
    expect(withOverlay).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("the README's overlay", () => {
  it("adds a bearer scheme to GitHub's description, which declares none, in five lines", () => {
    const block = /```yaml readme-overlay\n([\s\S]*?)```/.exec(readFileSync('README.md', 'utf8'))?.[1] ?? '';
    expect(block.trim().split('\n')).toHaveLength(5);
    const github = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8')) as { security?: unknown; components: { securitySchemes?: unknown } };
    expect([github.security, github.components.securitySchemes]).toEqual([undefined, undefined]);
    const r = overlay(github, block);
    expect(r.diagnostics).toEqual([]);
    expect([github.security, github.components.securitySchemes]).toEqual([[{ token: [] }], { token: { type: 'http', scheme: 'bearer' } }]);
  });
});

/** The description data after `overlay` (YAML text), with the diagnostics; positions come back as `d:<line>`. */
function overlay(data: unknown, text: string, file = 'o.yaml'): { data: unknown; diagnostics: readonly Diagnostic[]; position: (pointer: string) => unknown } {
  const parsed = parseOverlay(file, text);
  if (!parsed.ok) return { data, diagnostics: parsed.diagnostics, position: () => undefined };
  const applied = applyOverlays(data, [parsed.overlay], 'd.json', (pointer) => ({ line: 1, col: 1, file: `d.json${pointer}` }));
  return { data, diagnostics: [...parsed.diagnostics, ...applied.diagnostics], position: applied.position };
}

const actions = (...lines: string[]) => `overlay: 1.0.0\ninfo: { title: t, version: "1" }\nactions:\n${lines.join('\n')}\n`;

describe('update and remove, as the specification merges them', () => {
  it('update merges objects recursively, concatenates lists, replaces primitives and adds what is new', () => {
    const data = { info: { title: 'Old', version: '1', contact: { name: 'A', email: 'a@x' } }, tags: [{ name: 'a' }], servers: [{ url: 'u' }] };
    const r = overlay(data, actions('  - target: $', '    update: { info: { title: New, contact: { url: "https://x" } }, tags: [{ name: b }], x-new: { deep: [1] } }'));
    expect(r.diagnostics).toEqual([]);
    expect(data).toEqual({ info: { title: 'New', version: '1', contact: { name: 'A', email: 'a@x', url: 'https://x' } }, tags: [{ name: 'a' }, { name: 'b' }], servers: [{ url: 'u' }], 'x-new': { deep: [1] } });
  });

  it('update of a selected list appends the value, or each item of a list value; a node selected twice changes once', () => {
    const data = { a: [1], b: [1] };
    overlay(data, actions('  - target: $.a', '    update: { n: 2 }', '  - target: $.b', '    update: [2, 3]', "  - target: $['a','a']", '    update: 4'));
    expect(data).toEqual({ a: [1, { n: 2 }, 4], b: [1, 2, 3] });
  });

  it('remove takes each selected node out of its object or list, however many items of one list it names', () => {
    const data = { paths: { '/a': { get: { parameters: [{ name: 'x' }, { name: 'dummy' }, { name: 'y' }, { name: 'dummy' }], responses: { '200': {}, '500': {} } } }, '/b': { post: { responses: { '500': {}, default: {} } } } } };
    const r = overlay(data, actions("  - target: $.paths.*.get.parameters[?@.name == 'dummy']", '    remove: true', "  - target: $.paths..responses['500']", '    remove: true'));
    expect(r.diagnostics).toEqual([]);
    expect(data).toEqual({ paths: { '/a': { get: { parameters: [{ name: 'x' }, { name: 'y' }], responses: { '200': {} } } }, '/b': { post: { responses: { default: {} } } } } });
  });

  it("a node a YAML description's alias puts at two locations is changed as two copies would be, once each", () => {
    const shared = [{ name: 'a' }, { name: 'x' }, { name: 'b' }];
    const data = { paths: { '/a': { get: { parameters: shared } }, '/b': { get: { parameters: shared } } } };
    overlay(data, actions("  - target: $.paths.*.get.parameters[?@.name == 'x']", '    remove: true', '  - target: $.paths.*.get.parameters', '    update: { name: c }'));
    expect(shared).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
  });

  it('actions apply in turn, each to the result of the one before: remove, then create anew', () => {
    const data = { servers: [{ url: 'https://prod' }, { url: 'https://staging' }] };
    overlay(data, actions('  - target: $.servers', '    remove: true', '  - target: $', '    update: { servers: [{ url: "http://127.0.0.1:4010" }] }'));
    expect(data).toEqual({ servers: [{ url: 'http://127.0.0.1:4010' }] });
  });

  it('what cannot merge is an overlay-conflict where the update says it; nothing after it applies', () => {
    const cases: [string[], number, string][] = [
      [['  - target: $.info.title', '    update: New'], 4, 'the target selects a string at /info/title'],
      [['  - target: $.info', '    update: [1]'], 5, 'must be an object of the properties to merge, not a list'],
      [['  - target: $', '    update: { servers: { url: x } }'], 5, '`servers` is an object in the update and a list in the description'],
      [['  - target: $', '    remove: true'], 4, 'the whole description, which cannot be removed'],
    ];
    for (const [lines, line, message] of cases) {
      const data = { info: { title: 'T' }, servers: [] };
      const r = overlay(data, actions(...lines, '  - target: $.info', '    update: { after: 1 }'));
      expect(r.diagnostics.map((d) => [d.code, d.line, d.message.includes(message)])).toEqual([['overlay-conflict', line, true]]);
      expect(data.info).not.toHaveProperty('after');
    }
  });
});

describe('diagnostics where they are written', () => {
  it('a target that matches nothing is a warning at the target in the overlay (the specification makes it no error)', async () => {
    const dir = folder({ 'notes.yaml': NOTES, 'o.yaml': actions('  - target: $.info', '    update: { x-a: 1 }', "  - target: $.paths['/nope'].get", '    remove: true') });
    const result = await run(['validate', 'notes.yaml', '--overlay', 'o.yaml'], dir);
    expect(result.code).toBe(0);
    // After the description's own warnings (it declares no auth scheme), in file order.
    const lines = result.err.split('\n');
    const at = lines.findIndex((l) => l.startsWith('o.yaml:'));
    expect(lines.slice(at, at + 3)).toEqual([
      "o.yaml:6:13: warning: target '$.paths['/nope'].get' selects nothing in notes.yaml, so this action changes nothing (check the path against the description: it may have moved or been renamed) [overlay-no-effect]",
      "  6 |   - target: $.paths['/nope'].get",
      '    |             ^',
    ]);
  });

  it('an overlay that is not one: each problem at its line:col, a target inside its text', () => {
    const text = ['overlay: 1.1.0', 'info: { title: x }', 'actions:', '  - target: $.paths[?@.x ==]', '    update: {}', '  - target: info.title', '    remve: true', '  - target: $.info', '    update: {}', '  - target: $.info', '    update: {}', ''].join('\n');
    const parsed = parseOverlay('o.yaml', text);
    expect(parsed.ok).toBe(false);
    expect(parsed.diagnostics.map((d) => `${d.line}:${d.col} ${d.code} ${d.message}`)).toEqual([
      "1:10 overlay-invalid `overlay` is '1.1.0': contractgen applies Overlay Specification 1.0 documents (`overlay: 1.0.0`)",
      '2:7 overlay-invalid `info` needs `version`',
      '4:28 overlay-invalid target: not a JSONPath query (RFC 9535): unexpected end of expression',
      '6:5 overlay-no-effect this action has neither `update` nor `remove: true`, so it changes nothing',
      "6:13 overlay-invalid target: not a JSONPath query (RFC 9535): expected '$', found 'i'",
      "7:5 overlay-invalid unknown key 'remve' in an action; did you mean 'remove'? (extensions start with x-)",
      '10:5 overlay-invalid this action is the same as action 3: actions are applied in turn, so it would apply twice (the specification requires each action to be unique)',
    ]);
  });

  it('what an overlay wrote is positioned in the overlay; the rest in the description, at its place before removals', () => {
    const data = { paths: { '/a': { get: { parameters: [{ name: 'gone' }, { name: 'kept' }] } } } };
    const r = overlay(data, actions("  - target: $.paths['/a'].get.parameters[0]", '    remove: true', '  - target: $.paths.*.get', '    update:', '      summary: S', '      parameters: [{ name: added, schema: { pattern: x } }]'));
    expect(r.diagnostics).toEqual([]);
    expect(r.position('/paths/~1a/get/parameters/0/name')).toEqual({ line: 1, col: 1, file: 'd.json/paths/~1a/get/parameters/1/name' });
    expect(r.position('/paths/~1a/get/parameters/1/schema/pattern')).toEqual({ line: 9, col: 54, file: 'o.yaml' });
    expect(r.position('/paths/~1a/get/summary')).toEqual({ line: 8, col: 16, file: 'o.yaml' });
  });

  it("the importer's warnings about a part an overlay wrote point into the overlay", async () => {
    const dir = folder({ 'notes.yaml': NOTES, 'o.yaml': actions('  - target: $', '    update:', '      components: { securitySchemes: { mtls: { type: mutualTLS } } }') });
    const result = await run(['import', 'notes.yaml', '--overlay', 'o.yaml'], dir);
    expect(result.code).toBe(0);
    expect(result.err).toContain("o.yaml:6:46: warning: security scheme type 'mutualTLS' cannot be written in a contract");
  });
});

describe('hostile overlays', () => {
  it('names of Object.prototype members in an update are data: merged, added and removed as own properties, no prototype touched', () => {
    const data = JSON.parse('{"info":{"title":"T","__proto__":{"kept":1}},"components":{}}') as Record<string, Record<string, unknown>>;
    const r = overlay(data, actions('  - target: $', '    update:', '      __proto__: { polluted: true }', '      info: { __proto__: { added: 2 }, constructor: { prototype: { polluted: true } }, toString: x }', '      components: { hasOwnProperty: { polluted: true } }', '  - target: $.info.constructor', '    remove: true'));
    expect(r.diagnostics).toEqual([]);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(data['info'])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getOwnPropertyDescriptor(data['info'], '__proto__')?.value).toEqual({ kept: 1, added: 2 });
    expect(Object.keys(data['info'] ?? {})).toEqual(['title', '__proto__', 'toString']);
    expect(Object.getOwnPropertyDescriptor(data['components'], 'hasOwnProperty')?.value).toEqual({ polluted: true });
  });

  it('an alias bomb, nesting past 64 levels and a file past 4 MiB are refused as a contract is', () => {
    const bomb = ['overlay: 1.0.0', 'info: { title: t, version: "1" }', 'a: &a [x, x, x, x, x, x, x, x, x, x]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'actions: [{ target: $, update: { x-bomb: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c] } }]', ''].join('\n');
    expect(parseOverlay('o.yaml', bomb).diagnostics.map((d) => d.code)).toEqual(['alias-limit']);
    const deep = `${actions('  - target: $', `    update: ${'{a: '.repeat(70)}1${'}'.repeat(70)}`)}`;
    expect(parseOverlay('o.yaml', deep).diagnostics.map((d) => d.code)).toEqual(['too-deep']);
    const dir = folder({ 'notes.yaml': NOTES, 'big.yaml': `${actions('  - target: $', '    update: {}')}# ${'x'.repeat(4 * 1024 * 1024)}\n` });
    return run(['validate', 'notes.yaml', '--overlay', 'big.yaml'], dir).then((r) => {
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/^big\.yaml: the overlay is 4194\d+ bytes; the limit is 4194304 bytes \[file-too-large\]/);
    });
  });

  it('a target that would name nodes without end stops at the budget, the same for everyone', () => {
    // 40 lists, one inside the other: each [*,*,*,*] names every node 4 times, 4^40 in all.
    const nested = JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`) as unknown;
    const repeated = `$${'[*,*,*,*]'.repeat(40)}`;
    const compiled = compileTarget(repeated);
    if (!compiled.ok) throw new Error(compiled.problem);
    const started = performance.now();
    expect(() => select(compiled.target, nested, new Meter(1_000_000))).toThrow(OverlayBudgetExceeded);
    expect(performance.now() - started).toBeLessThan(5_000);
    // Inside a filter too: the filter's own query runs through the same count.
    const inFilter = compileTarget(`$[?count(@${'[*,*,*,*]'.repeat(40)}) > 0]`);
    if (!inFilter.ok) throw new Error(inFilter.problem);
    expect(() => select(inFilter.target, [nested], new Meter(1_000_000))).toThrow(OverlayBudgetExceeded);
    expect(() => select(inFilter.target, [nested], new Meter(Infinity, 1_000))).toThrow(/more than 1,000 nodes in one list/);
    // The bound an overlay runs with, through its diagnostic.
    const r = overlay(nested, actions(`  - target: ${repeated}`, '    update: 1'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['overlay-invalid']);
    expect(r.diagnostics[0]?.message).toContain('would hold more than 1,000,000 nodes in one list on d.json');
  }, 120_000);

  it('match() and search() take only literal patterns that cannot run long, on texts of at most 4,096 characters', () => {
    expect(compileTarget("$[?match(@.a, '(a|a)*b')]")).toMatchObject({ ok: false, offset: 15 });
    expect(compileTarget("$[?search(@.a, '(x+x+)+y')]")).toMatchObject({ ok: false });
    expect(compileTarget('$[?match(@.a, @.b)]')).toMatchObject({ ok: false, problem: expect.stringContaining('as a string literal') });
    expect(compileTarget("$[?search(@.a, 'ab+c')]").ok).toBe(true);
    const r = overlay({ items: [{ a: 'x'.repeat(5000) }] }, actions("  - target: $.items[?search(@.a, 'y')]", '    remove: true'));
    expect(r.diagnostics[0]?.message).toContain('search() met a text of 5,000 characters; patterns run on at most 4,096');
    const short = { items: [{ a: 'abbc' }, { a: 'x' }] };
    overlay(short, actions("  - target: $.items[?search(@.a, 'ab+c')]", '    remove: true'));
    expect(short).toEqual({ items: [{ a: 'x' }] });
  });

  it('reads only the files named: `extends` is never followed, a config cannot name an overlay outside its folder', async () => {
    const dir = folder({ 'notes.yaml': NOTES });
    execFileSync('mkfifo', [join(dir, 'never-read')]);
    // Reading the FIFO would block this test until it times out.
    writeFileSync(join(dir, 'o.yaml'), `overlay: 1.0.0\ninfo: { title: t, version: "1" }\nextends: ./never-read\nactions:\n  - target: $.info\n    update: { x-a: 1 }\n`);
    expect((await run(['validate', 'notes.yaml', '--overlay', 'o.yaml'], dir)).code).toBe(0);
    writeFileSync(join(dir, 'contractgen.config.json'), JSON.stringify({ contracts: [{ contract: 'notes.yaml', out: 'out', overlays: ['o.yaml', '../elsewhere.yaml'] }] }));
    const result = await run(['validate'], dir);
    expect(result.code).toBe(1);
    expect(result.err).toContain("`overlays` leads out of the config's folder");
  });
});

describe('every route', () => {
  it('generate: the overlay is part of what the package is made from (a change regenerates, --check sees it), and overlays on a contract are refused', async () => {
    const dir = folder({ 'notes.yaml': NOTES, 'o.yaml': BEARER });
    expect((await run(['generate', 'notes.yaml', '--overlay', 'o.yaml', '--out', 'pkg'], dir)).code).toBe(0);
    expect((await run(['generate', 'notes.yaml', '--overlay', 'o.yaml', '--out', 'pkg'], dir)).out).toMatch(/^pkg: up to date/);
    expect(readFileSync(join(dir, 'pkg', 'src', 'tables.ts'), 'utf8')).toContain("security: [['bearer']]");
    writeFileSync(join(dir, 'o.yaml'), BEARER.replace('scheme: bearer }', 'scheme: bearer, description: Any token }'));
    const stale = await run(['generate', 'notes.yaml', '--overlay', 'o.yaml', '--out', 'pkg', '--check'], dir);
    expect(stale.code).toBe(1);
    expect((await run(['generate', 'notes.yaml', '--out', 'pkg', '--check'], dir)).code).toBe(1);
    expect((await run(['generate', 'notes.yaml', '--overlay', 'o.yaml', '--out', 'pkg'], dir)).out).toMatch(/^pkg: \d+ files? written/);
    writeFileSync(join(dir, 'c.yaml'), readFileSync('contract/orders.yaml', 'utf8'));
    const contract = await run(['generate', 'c.yaml', '--overlay', 'o.yaml', '--out', 'c'], dir);
    expect(contract.code).toBe(1);
    expect(contract.err).toContain('o.yaml: overlays change an OpenAPI description, and');
  }, 60_000);

  it('generate --watch regenerates when an overlay is saved', async () => {
    const summary = (text: string) => actions("  - target: $.paths['/notes/{id}'].get", `    update: { summary: ${text} }`);
    const dir = folder({ 'notes.yaml': NOTES, 'o.yaml': summary('First words') });
    const child = spawn(process.execPath, [resolve('generator/dist/generator/bin.js'), 'generate', '--watch', 'notes.yaml', '--overlay', 'o.yaml', '--out', 'pkg'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n')));
    const runs = async (count: number) => {
      for (let waited = 0; lines.filter((l) => / in \d+ ms$/.test(l)).length < count; waited += 25) {
        if (waited > 30_000) throw new Error(`no run ${count}: ${lines.join('\n')}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    try {
      await runs(1);
      expect(readFileSync(join(dir, 'pkg', 'src', 'client.ts'), 'utf8')).toContain('First words');
      writeFileSync(join(dir, 'o.yaml'), summary('Second words'));
      await runs(2);
      expect(readFileSync(join(dir, 'pkg', 'src', 'client.ts'), 'utf8')).toContain('Second words');
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);

  it('generate and validate with a config: each entry its overlays, in order; --overlay beside a config is a usage error', async () => {
    const second = actions('  - target: $.components.securitySchemes.bearer', '    update: { bearerFormat: JWT }', '  - target: $.nothing', '    remove: true');
    const dir = folder({ 'api/notes.yaml': NOTES, 'overlays/bearer.yaml': BEARER, 'overlays/jwt.yaml': second, 'contractgen.config.yaml': 'contracts:\n  - contract: api/notes.yaml\n    out: pkg\n    overlays: [overlays/bearer.yaml, overlays/jwt.yaml]\n' });
    const generated = await run(['generate'], dir);
    expect(generated.code, generated.err).toBe(0);
    expect(generated.err).toMatch(/^overlays\/jwt\.yaml:6:13: warning: target '\$\.nothing' selects nothing in \S*api\/notes\.yaml/);
    // In order: the second overlay's first target exists only once the first overlay has run.
    expect(generated.err).not.toContain('securitySchemes.bearer');
    expect(readFileSync(join(dir, 'pkg', 'src', 'tables.ts'), 'utf8')).toContain("security: [['bearer']]");
    expect((await run(['validate'], dir)).out).toBe('api/notes.yaml: valid (1 endpoint, 0 types, 1 host)');
    const usage = await run(['validate', '--overlay', 'overlays/bearer.yaml'], dir);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--overlay applies to the contract named');
  }, 60_000);

  it('the API takes overlays as the commands do', async () => {
    const dir = folder({ 'notes.yaml': NOTES, 'o.yaml': BEARER, 'none.yaml': actions('  - target: $.nothing', '    remove: true') });
    const [description, bearer, none] = ['notes.yaml', 'o.yaml', 'none.yaml'].map((f) => join(dir, f)) as [string, string, string];
    const valid = api.validate(description, { overlays: [bearer, none] });
    expect(valid.ok && valid.contract.schemes.map((s) => s.name)).toEqual(['bearer']);
    expect(valid.diagnostics.map((d) => [d.file, d.code])).toEqual([[none, 'overlay-no-effect']]);
    const imported = await api.importOpenApi(description, { overlays: [bearer] });
    expect(imported.ok && imported.contract).toContain('auth: bearer');
  });

  it('import writes the overlaid description as a contract, and says which overlays it took', async () => {
    const dir = folder({ 'notes.yaml': NOTES, 'o.yaml': BEARER });
    const result = await run(['import', 'notes.yaml', '--overlay', 'o.yaml'], dir);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^# Imported by contractgen from notes\.yaml with the overlay o\.yaml\./);
    expect(result.out).toContain('auth:\n  bearer: {type: http, scheme: bearer}');
    expect(result.out).toContain('auth: bearer');
  });

  it('diff of two files applies the overlays to both, and says so', async () => {
    const dir = folder({ 'old.yaml': NOTES, 'new.yaml': NOTES.replace('        - name: verbose\n          in: query\n          schema: { type: boolean }\n', ''), 'o.yaml': BEARER });
    const result = await run(['diff', 'old.yaml', 'new.yaml', '--overlay', 'o.yaml', '--no-api', '--format', 'json'], dir);
    expect(result.code, result.err).toBe(0);
    const review = JSON.parse(result.out) as { overlays: unknown; findings: { rule: string }[] };
    expect(review.overlays).toEqual({ old: ['o.yaml'], new: ['o.yaml'], why: 'the same overlays apply to both descriptions' });
    expect(review.findings.map((f) => f.rule)).not.toContain('auth-added');
  }, 60_000);

  it('diff --base: the old side takes each overlay as committed at the base, so an overlay change is reviewed', async () => {
    const dir = folder({ 'notes.yaml': NOTES, 'o.yaml': actions('  - target: $.info', '    update: { x-a: 1 }') });
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Overlay Test', '-c', 'user.email=o@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe', encoding: 'utf8' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'description and overlay');
    writeFileSync(join(dir, 'o.yaml'), BEARER);
    writeFileSync(join(dir, 'added.yaml'), actions('  - target: $.info', '    update: { x-b: 1 }'));
    const text = await run(['diff', '--base', 'HEAD', 'notes.yaml', '--overlay', 'o.yaml', '--overlay', 'added.yaml', '--no-api'], dir);
    expect(text.code, text.err).toBe(0);
    const lines = text.out.split('\n');
    expect(lines[0]).toBe('contractgen diff HEAD:notes.yaml (1.0.0) → notes.yaml (1.0.0)');
    expect(lines[1]).toBe(
      'overlays: old side HEAD:o.yaml; new side o.yaml, added.yaml (the old side takes each overlay as committed at the base revision and the new side as it is in the working tree, since an overlay change is part of the change under review; an overlay the base revision lacks applies to the new side only)',
    );
    expect(text.out).toMatch(/auth-added/);
    const markdown = await run(['diff', '--base', 'HEAD', 'notes.yaml', '--overlay', 'o.yaml', '--no-api', '--format', 'markdown'], dir);
    expect(markdown.out.split('\n')[2]).toBe('overlays: old side `HEAD:o.yaml`; new side `o.yaml` (the old side takes each overlay as committed at the base revision and the new side as it is in the working tree, since an overlay change is part of the change under review; an overlay the base revision lacks applies to the new side only)');
    const outside = await run(['diff', '--base', 'HEAD', 'notes.yaml', '--overlay', join(tempDir(), 'o.yaml'), '--no-api'], dir);
    expect(outside.code).toBe(1);
    expect(outside.err).toContain('is outside the git repository of the description, so it has no version at HEAD');
  }, 60_000);
});
