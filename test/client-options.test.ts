/**
 * The client options, on two packages rendered here: a contract of two hosts and two environments
 * with an API key (`GATEWAY`), and an OpenAPI description of one host that declares no security
 * scheme (`REPOS`, GitHub's case). Type tests under TypeScript 5.9 and 7: `baseUrl` one string
 * for one host or one per host, `servers` unless `baseUrl` gives every host's URL, `environment`
 * optional with one environment and required with several, and only the credential options the
 * contract's schemes take. Behaviour against node:http servers on 127.0.0.1: the base URL's path
 * kept before the endpoint's, per host, over the environment's; a relative one resolved against the
 * page's location or refused; credentials, redirects and Link pages judged by the base URL's origin.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('client-options');
const GATEWAY_OUT = join(OUT, 'gateway');
const REPOS_OUT = join(OUT, 'repos');

const GATEWAY = `contractgen: 1
info:
  title: Gateway API
  version: 1.0.0
  package: gateway-client
servers:
  api_url: {}
  files_url: {}
hosts:
  api:
    url: "{api_url}"
  files:
    url: "{files_url}/v2"
environments:
  production: { default: true }
  sandbox:
    urls: { api: "{api_url}/sandbox" }
categories:
  failed: { description: The request failed. }
statusCategories:
  4XX: failed
  5XX: failed
auth:
  apiKey: { type: apiKey, in: header, name: X-Api-Key }
types:
  Repo:
    kind: object
    fields:
      name: { type: string, required: true }
endpoints:
  getRepo:
    method: GET
    path: /repos/{owner}/{repo}
    host: api
    params:
      owner: { in: path, type: string }
      repo: { in: path, type: string }
    responses:
      "200": { body: Repo }
  listRepos:
    method: GET
    path: /repos
    host: api
    pagination: { kind: link }
    responses:
      "200": { body: { type: array, items: { type: Repo } } }
  getFile:
    method: GET
    path: /files/{id}
    host: files
    params:
      id: { in: path, type: string }
    responses:
      "200": { body: Repo }
`;

/** One host, no securitySchemes: GitHub's REST description in small. */
const REPOS = {
  openapi: '3.1.0',
  info: { title: 'Repos API', version: '1.0.0' },
  servers: [{ url: 'https://api.repos.example' }],
  paths: {
    '/repos/{owner}/{repo}': {
      get: {
        operationId: 'reposGet',
        parameters: ['owner', 'repo'].map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        responses: { '200': { description: 'The repository.', content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } } },
      },
    },
  },
};

const GATEWAY_TYPES = `
import { createBaseClient, createClient, type ClientOptions } from './index.js';

// Every host's base URL: no servers needed; a path prefix is part of each.
createClient({ environment: 'production', baseUrl: { api: 'https://gw.example/api', files: 'https://store.example/v2' } });
// Some hosts': the environment's servers still.
createClient({ environment: 'sandbox', baseUrl: { files: 'https://store.example' }, servers: { api_url: 'https://a.example', files_url: 'https://f.example' } });
createBaseClient({ environment: 'production', servers: { api_url: 'https://a.example', files_url: 'https://f.example' }, auth: { apiKey: 'k' } });
const options: ClientOptions<'sandbox'> = { environment: 'sandbox', baseUrl: { api: 'https://a.example', files: 'https://f.example' } };
createClient(options);

// @ts-expect-error two environments: one must be chosen
createClient({ baseUrl: { api: 'https://a.example', files: 'https://f.example' } });
// @ts-expect-error nor can the options be left out
createClient();
// @ts-expect-error one host's base URL leaves the other's server variables needed
createClient({ environment: 'production', baseUrl: { api: 'https://a.example' } });
// @ts-expect-error two hosts: base URLs by host name
createClient({ environment: 'production', baseUrl: 'https://a.example' });
// @ts-expect-error no host is named so
createClient({ environment: 'production', baseUrl: { api: 'https://a.example', files: 'https://f.example', other: 'https://o.example' } });
// @ts-expect-error an API key contract has no token options
createClient({ environment: 'production', servers: { api_url: 'https://a.example', files_url: 'https://f.example' }, accessToken: 't' });
// @ts-expect-error nor grant credentials
createClient({ environment: 'production', servers: { api_url: 'https://a.example', files_url: 'https://f.example' }, credentials: { clientId: 'c' } });
// @ts-expect-error nor a support address: it has no support rule
createClient({ environment: 'production', servers: { api_url: 'https://a.example', files_url: 'https://f.example' }, supportEmail: 's@example.com' });
// @ts-expect-error its one scheme is apiKey
createClient({ environment: 'production', servers: { api_url: 'https://a.example', files_url: 'https://f.example' }, auth: { bearer: 't' } });
`;

const REPOS_TYPES = `
import { createBaseClient, createClient } from './index.js';

// One environment: it need not be named; one host: one base URL string.
createClient({ baseUrl: 'https://ghe.example/api/v3' });
createClient({});
// Nothing need be given: no options at all.
createClient();
createBaseClient();
createBaseClient({ environment: 'default', timeoutMs: 5_000 });

// @ts-expect-error the contract's one environment is named default
createClient({ environment: 'production' });
// @ts-expect-error one host: a string
createClient({ baseUrl: { api: 'https://ghe.example/api/v3' } });
// @ts-expect-error no security scheme is declared: no token option
createClient({ accessToken: 'token' });
// @ts-expect-error nor a credential by scheme
createClient({ auth: { bearer: 'token' } });
// @ts-expect-error nor grant credentials
createClient({ credentials: { clientId: 'id', clientSecret: 'secret' } });
// @ts-expect-error nor a token store
createClient({ tokenStore: { get: async () => undefined, set: async () => undefined } });
`;

interface Seen {
  readonly server: string;
  readonly method: string;
  readonly url: string;
  readonly key: string | undefined;
}
type Answer = (req: IncomingMessage) => [number, string, Record<string, string>?];
interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly error?: { readonly code: string; readonly message: string; readonly status: number };
}
type Call = (input?: object) => Promise<Outcome>;
type Make = (options: object) => Record<string, Call>;
interface Package {
  readonly createClient: Make;
  readonly [name: string]: unknown;
}

const seen: Seen[] = [];
/** Answers by server name and path; anything else is a repository named after the path. */
const answers = new Map<string, Answer>();
const servers: Record<'a' | 'b', { server: Server; url: string }> = {} as never;
let gateway: Package;
let repos: Package;

function serve(name: 'a' | 'b'): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume();
    const key = req.headers['x-api-key'];
    seen.push({ server: name, method: req.method ?? '', url: req.url ?? '', key: typeof key === 'string' ? key : undefined });
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const [status, body, headers = {}] = answers.get(`${name} ${path}`)?.(req) ?? [200, JSON.stringify({ name: path })];
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

async function sent<T>(run: () => Promise<T>): Promise<[T, Seen[]]> {
  const before = seen.length;
  const result = await run();
  return [result, seen.slice(before)];
}

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, 'gateway.yaml'), GATEWAY);
  writeFileSync(join(OUT, 'repos.json'), JSON.stringify(REPOS));
  await writePackage(join(OUT, 'gateway.yaml'), GATEWAY_OUT, GATEWAY_TYPES);
  await writePackage(join(OUT, 'repos.json'), REPOS_OUT, REPOS_TYPES);
  servers.a = await serve('a');
  servers.b = await serve('b');
  gateway = (await import(pathToFileURL(join(GATEWAY_OUT, 'dist', 'index.js')).href)) as Package;
  repos = (await import(pathToFileURL(join(REPOS_OUT, 'dist', 'index.js')).href)) as Package;
}, TYPE_CHECK_TIMEOUT);

afterEach(() => {
  answers.clear();
  Reflect.deleteProperty(globalThis, 'location');
});

afterAll(async () => {
  for (const { server } of Object.values(servers)) await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(OUT, { recursive: true, force: true });
});

describe('types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    for (const out of [GATEWAY_OUT, REPOS_OUT]) {
      const { output, status } = typeCheck(out, compiler);
      expect(output).toBe('');
      expect(status).toBe(0);
    }
  });
});

describe('baseUrl of a one-host description (GitHub Enterprise, a proxy, a mock)', () => {
  it("replaces the description's server; the endpoint's path goes after the base URL's, with or without a trailing slash", async () => {
    for (const baseUrl of [`${servers.a.url}/api/v3`, `${servers.a.url}/api/v3/`]) {
      const client = repos.createClient({ baseUrl, maxRetries: 0 });
      const [result, requests] = await sent(() => client['reposGet']!({ owner: 'o', repo: 'r' }));
      expect(result).toMatchObject({ ok: true, data: { name: '/api/v3/repos/o/r' } });
      expect(requests.map((r) => `${r.server} ${r.method} ${r.url}`)).toEqual(['a GET /api/v3/repos/o/r']);
    }
  });

  it('is made without options where none is needed, as with {} (the JavaScript default too)', () => {
    const make = repos.createClient as unknown as () => Record<string, unknown>;
    expect(typeof make()['reposGet']).toBe('function');
    expect(() => (repos['createBaseClient'] as () => unknown)()).not.toThrow();
    // Two environments: the options are required (a JavaScript caller without them gets an exception, not a client).
    expect(() => (gateway.createClient as unknown as () => unknown)()).toThrow();
  });

  it("resolves a relative base URL against the page's location, as a browser's fetch would", async () => {
    Object.defineProperty(globalThis, 'location', { value: { href: `${servers.a.url}/app/index.html` }, configurable: true });
    const [results, requests] = await sent(() => Promise.all(['/api/v3', 'proxy'].map((baseUrl) => repos.createClient({ baseUrl, maxRetries: 0 })['reposGet']!({ owner: 'o', repo: 'r' }))));
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(requests.map((r) => `${r.server} ${r.url}`).sort()).toEqual(['a /api/v3/repos/o/r', 'a /app/proxy/repos/o/r']);
  });

  it('refuses a relative base URL where there is no page: an invalid_request error that says so, nothing sent', async () => {
    const [result, requests] = await sent(() => repos.createClient({ baseUrl: '/api/v3', maxRetries: 0 })['reposGet']!({ owner: 'o', repo: 'r' }));
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', status: 0 } });
    expect(result.error?.message).toBe("the base URL '/api/v3' is not absolute, and there is no page location to resolve it against");
    expect(requests).toEqual([]);
  });
});

describe('baseUrl of a contract of two hosts', () => {
  const variables = () => ({ api_url: `${servers.b.url}/direct`, files_url: 'http://192.0.2.1' });

  it("gives each host its base URL, path prefixes kept, whatever the environment's", async () => {
    const client = gateway.createClient({ environment: 'production', baseUrl: { api: `${servers.a.url}/gw/api`, files: `${servers.b.url}/store` }, auth: { apiKey: 'key-1' }, maxRetries: 0 });
    const [results, requests] = await sent(async () => [await client['getRepo']!({ owner: 'o', repo: 'r' }), await client['getFile']!({ id: 'x' })]);
    expect(results.map((r) => r.ok)).toEqual([true, true]);
    expect(requests).toEqual([
      { server: 'a', method: 'GET', url: '/gw/api/repos/o/r', key: 'key-1' },
      { server: 'b', method: 'GET', url: '/store/files/x', key: 'key-1' },
    ]);
  });

  it("keeps the environment's URL for a host left out, and takes the base URL over another environment's", async () => {
    const partial = gateway.createClient({ environment: 'production', baseUrl: { files: `${servers.b.url}/store` }, servers: { ...variables(), api_url: `${servers.a.url}/direct` }, maxRetries: 0 });
    const sandbox = gateway.createClient({ environment: 'sandbox', baseUrl: { api: `${servers.a.url}/gw` }, servers: variables(), maxRetries: 0 });
    const [, requests] = await sent(async () => [await partial['getRepo']!({ owner: 'o', repo: 'r' }), await partial['getFile']!({ id: 'x' }), await sandbox['getRepo']!({ owner: 'o', repo: 's' })]);
    expect(requests.map((r) => `${r.server} ${r.url}`)).toEqual(['a /direct/repos/o/r', 'b /store/files/x', 'a /gw/repos/o/s']);
  });

  it("follows a redirect within the base URL's origin with the key, and to the environment's server as an anonymous request", async () => {
    answers.set('a /gw/repos/o/r', () => [302, '', { location: '/gw/repos/o/moved' }]);
    answers.set('a /gw/repos/o/moved', () => [302, '', { location: `${servers.b.url}/direct/repos/o/r` }]);
    const client = gateway.createClient({ environment: 'production', baseUrl: { api: `${servers.a.url}/gw` }, servers: variables(), auth: { apiKey: 'key-2' }, maxRetries: 0 });
    const [result, requests] = await sent(() => client['getRepo']!({ owner: 'o', repo: 'r' }));
    expect(result).toMatchObject({ ok: true });
    expect(requests).toEqual([
      { server: 'a', method: 'GET', url: '/gw/repos/o/r', key: 'key-2' },
      { server: 'a', method: 'GET', url: '/gw/repos/o/moved', key: 'key-2' },
      { server: 'b', method: 'GET', url: '/direct/repos/o/r', key: undefined },
    ]);
  });

  it("follows Link pages below the base URL only: not to the environment's server, nor elsewhere on its origin", async () => {
    const page = (next: string): Answer => () => [200, JSON.stringify([{ name: 'n' }]), { link: `<${next}>; rel="next"` }];
    const client = gateway.createClient({ environment: 'production', baseUrl: { api: `${servers.a.url}/gw` }, servers: variables(), auth: { apiKey: 'key-3' }, maxRetries: 0 });
    const walk = async () => {
      const out: Outcome[] = [];
      for await (const p of (gateway['listReposPages'] as (c: unknown, i: object) => AsyncIterable<Outcome>)(client, {})) out.push(p);
      return out;
    };
    answers.set('a /gw/repos', (req) => (req.url === '/gw/repos' ? page(`${servers.a.url}/gw/repos?page=2`)(req) : [200, '[]']));
    const [followed, below] = await sent(walk);
    expect(followed.map((p) => p.ok)).toEqual([true, true]);
    expect(below.map((r) => `${r.server} ${r.url} ${r.key}`)).toEqual(['a /gw/repos key-3', 'a /gw/repos?page=2 key-3']);
    for (const elsewhere of [`${servers.b.url}/direct/repos?page=2`, `${servers.a.url}/other/repos?page=2`]) {
      answers.set('a /gw/repos', page(elsewhere));
      const [pages, requests] = await sent(walk);
      expect(pages.map((p) => p.ok)).toEqual([true, false]);
      expect(pages[1]?.error?.message).toBe("the next page's URL is not on the api host");
      expect(requests.map((r) => `${r.server} ${r.url}`)).toEqual(['a /gw/repos']);
    }
  });

  it('names the environment a client that chose none is missing, where the contract has several', async () => {
    const result = await gateway.createClient({ baseUrl: { files: servers.b.url }, servers: variables(), maxRetries: 0 })['getRepo']!({ owner: 'o', repo: 'r' });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request', message: "unknown environment 'undefined'" } });
  });
});
