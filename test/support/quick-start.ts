/**
 * The quick start of a generated package's README, as the tests read, compile and run it: against
 * a node:http server on 127.0.0.1 answering every operation with the package's own success
 * fixture, pointed there the way a user would (the environment variables it reads; the client's
 * `baseUrl` option where the description's server is a fixed URL).
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import ts from 'typescript';
import { expect } from 'vitest';
import type { AuthScheme, Contract } from '../../generator/model/types.js';
import { listenLoopback } from './loopback.js';

/** The README's quick start: the first `ts` block under "## Quick start", as written. */
export function quickStartOf(readme: string): string {
  const section = readme.slice(readme.indexOf('## Quick start'));
  const block = /^(`{3,})ts\n([\s\S]*?)^\1$/m.exec(section);
  if (block?.[2] === undefined) throw new Error('the README has no ts block under "## Quick start"');
  return block[2];
}

/**
 * The quick start as a module inside the package's `src/` (its import of the package by name made
 * `./index.js`, `process.env` declared), so the in-memory check of a package type-checks it too.
 */
export function quickStartModule(files: ReadonlyMap<string, string>): [string, string] {
  const name = (JSON.parse(files.get('package.json') ?? '{}') as { name?: string }).name ?? '';
  const code = quickStartOf(files.get('README.md') ?? '');
  const from = ` from '${name}';`;
  if (!code.includes(from)) throw new Error(`the quick start does not import ${name}`);
  return ['src/readme-quick-start.ts', `declare const process: { readonly env: Readonly<Record<string, string | undefined>> };\n${code.replace(from, " from './index.js';")}`];
}

/** Where a `process.env['X']` of the program goes: the path of option keys to it (`baseUrl`, `servers.base_url`, `auth.api_key`). */
function environmentReads(code: string): Map<string, string[]> {
  const source = ts.createSourceFile('quick-start.ts', code, ts.ScriptTarget.ES2022, true);
  const reads = new Map<string, string[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isElementAccessExpression(node) && node.expression.getText() === 'process.env' && ts.isStringLiteral(node.argumentExpression)) {
      const path: string[] = [];
      for (let at: ts.Node = node; at.parent !== undefined; at = at.parent) if (ts.isPropertyAssignment(at)) path.unshift(at.name.getText().replace(/^'|'$/g, ''));
      reads.set(node.argumentExpression.text, path);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

/**
 * The program sent to `base` instead of the description's fixed server, as a user would point it
 * at a mock: the client's `baseUrl` option (one per host where there are several), added to the
 * object literal the client's options are written in.
 */
function pointAt(code: string, base: string, contract: Contract): string {
  const source = ts.createSourceFile('quick-start.ts', code, ts.ScriptTarget.ES2022, true);
  let create: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'client' && node.initializer !== undefined && ts.isCallExpression(node.initializer)) create ??= node.initializer;
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (create === undefined) throw new Error('no createClient call in the quick start');
  const baseUrl = contract.hosts.length === 1 ? JSON.stringify(base) : `{ ${contract.hosts.map((h) => `${JSON.stringify(h.name)}: ${JSON.stringify(base)}`).join(', ')} }`;
  const [options] = create.arguments;
  // `createClient()`: the options object added; else the option added to the object written.
  if (options === undefined) return `${code.slice(0, create.arguments.pos)}{ baseUrl: ${baseUrl} }${code.slice(create.arguments.pos)}`;
  if (!ts.isObjectLiteralExpression(options)) throw new Error('the quick start gives createClient no object literal');
  const at = options.getStart(source) + 1;
  return `${code.slice(0, at)} baseUrl: ${baseUrl}, ${code.slice(at)}`;
}

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  readonly endpoint: string | undefined;
}

interface FixtureResponse {
  readonly status: number;
  readonly contentType?: string;
  readonly json?: unknown;
  readonly text?: string;
  readonly headers?: Readonly<Record<string, string>>;
}
interface Fixtures {
  readonly endpoints: Readonly<Record<string, { readonly method: string; readonly path: string; readonly success: FixtureResponse; readonly lastPage?: FixtureResponse }>>;
}

/** A server answering each operation of the package with its success fixture; a paginated one's second request on with its last page. */
function fixtureServer(fixtures: Fixtures, seen: Seen[]): (req: IncomingMessage, res: ServerResponse) => void {
  const routes = Object.entries(fixtures.endpoints).map(([id, f]) => ({ id, f, pattern: new RegExp(`${f.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]*\}/g, '[^/]+')}$`) }));
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      // The most specific route: `/gifs/search` before `/gifs/{gifId}`.
      const params = (p: string) => p.split('{').length;
      const route = routes.filter((r) => r.f.method === req.method && r.pattern.test(path)).sort((a, b) => params(a.f.path) - params(b.f.path))[0];
      const before = seen.filter((s) => s.endpoint !== undefined && s.endpoint === route?.id).length;
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), endpoint: route?.id });
      if (route === undefined) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no such operation"}');
      const answer = before > 0 && route.f.lastPage !== undefined ? route.f.lastPage : route.f.success;
      const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.text ?? '');
      res.writeHead(answer.status, { ...(answer.contentType === undefined ? {} : { 'content-type': answer.contentType }), ...answer.headers }).end(body);
    });
  };
}

/** Where a scheme's credential is on a request: the value found there, else undefined. */
function credentialSent(scheme: AuthScheme, seen: Seen): string | undefined {
  const url = new URL(seen.url, 'http://127.0.0.1');
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in === 'query') return url.searchParams.get(scheme.paramName) ?? undefined;
      if (scheme.in === 'header') return [seen.headers[scheme.paramName.toLowerCase()]].flat()[0];
      return /(?:^|; )([^=]+)=([^;]*)/.exec(String(seen.headers.cookie ?? ''))?.[2];
    case 'bearer':
      return /^Bearer (.*)$/.exec(seen.headers.authorization ?? '')?.[1];
    default:
      return seen.headers.authorization;
  }
}

export interface QuickStartRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Every request the server got. */
  readonly seen: readonly Seen[];
  /** The environment the program ran with. */
  readonly env: Readonly<Record<string, string>>;
  /** Each environment variable it reads, by the option keys it goes under. */
  readonly reads: ReadonlyMap<string, string[]>;
}

/** The quick start `code` of the package in `out` (rendered with its mocks), compiled and run against a fixture server. */
export async function runQuickStart(out: string, contract: Contract, code: string): Promise<QuickStartRun> {
  const seen: Seen[] = [];
  const server = await listenLoopback(fixtureServer(JSON.parse(readFileSync(join(out, 'mocks', 'fixtures.json'), 'utf8')) as Fixtures, seen));
  try {
    const reads = environmentReads(code);
    const env: Record<string, string> = { PATH: process.env['PATH'] ?? '' };
    for (const [variable, path] of reads) env[variable] = path[0] === 'servers' || path[0] === 'baseUrl' ? server.base : `value-of-${variable}`;
    // Where the program reads no address, the description's server (fixed, or its variables defaulted) is replaced.
    const fixed = ![...reads.values()].some((path) => path[0] === 'servers' || path[0] === 'baseUrl');
    const program = fixed ? pointAt(code, server.base, contract) : code;
    writeFileSync(join(out, 'quick-start.mjs'), ts.transpileModule(program, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    // Not spawnSync: the server answers from this process's event loop. The package imports itself by name (its `exports`).
    const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, ['quick-start.mjs'], { cwd: out, env, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) => resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr }));
    });
    return { ...run, seen, env, reads };
  } finally {
    await server.close();
  }
}

/** It ran clean: no error printed, the one call and the pages of the paginated operation answered, each credential on the wire. */
export function expectQuickStartWorked(contract: Contract, run: QuickStartRun): void {
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  expect(run.stdout).not.toBe('');
  const calls = run.seen.filter((s) => s.endpoint !== contract.auth?.endpoint);
  expect(calls.length).toBeGreaterThan(0);
  expect(calls.map((s) => s.endpoint ?? `unknown: ${s.method} ${s.url}`).filter((e) => e.startsWith('unknown'))).toEqual([]);
  const paged = contract.endpoints.filter((e) => e.pagination !== undefined);
  if (paged.length > 0) {
    const walked = calls.filter((s) => paged.some((e) => e.id === s.endpoint));
    const kind = paged.find((e) => e.id === walked[0]?.endpoint)?.pagination?.kind;
    // The first page (one item at least), then the last (none): the walk ends by itself. A
    // Link-paged one's fixture has no next link: one page.
    expect(new Set(walked.map((s) => s.endpoint)).size).toBe(1);
    expect(walked.length).toBe(kind === 'link' ? 1 : 2);
  }
  // A call the API guards reads a credential, and sends it.
  const guarded = calls.some((s) => (contract.endpoints.find((e) => e.id === s.endpoint)?.security.length ?? 0) > 0);
  expect([...run.reads.values()].some((path) => path[0] === 'auth' || path[0] === 'credentials')).toBe(guarded);
  for (const [variable, path] of run.reads) {
    if (path[0] === 'auth') {
      const scheme = contract.schemes.find((s) => s.name === path[1]);
      expect(scheme, `scheme ${path[1] ?? ''}`).toBeDefined();
      if (scheme !== undefined && scheme.type !== 'basic') for (const s of calls) expect(credentialSent(scheme, s)).toBe(run.env[variable]);
    }
    if (path[0] === 'credentials') expect(run.seen.find((s) => s.endpoint === contract.auth?.endpoint)?.body).toContain(run.env[variable]);
  }
  if (contract.auth !== undefined) for (const s of calls) expect(s.headers.authorization).toMatch(/^Bearer .+/);
}
