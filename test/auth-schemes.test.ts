/**
 * Auth schemes through the generated package (test/fixtures/auth): the credential option each
 * scheme types, checked by both compilers, and what a real client sends for each scheme to a
 * node:http server on 127.0.0.1 — header, query and cookie API keys, basic, bearer, an OAuth token
 * refreshed after a 401 and the request replayed, alternatives and schemes sent together — with
 * every secret redacted from errors and support reports.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writeFixturePackage, writePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('auth');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { AuthCredentials, ClientOptions, BasicCredential, Secret, TokenSource } from './index.js';

export function credentialTypes(auth: AuthCredentials): void {
  expectTypeOf(auth.partnerKey).toEqualTypeOf<Secret | undefined>();
  expectTypeOf(auth.ops).toEqualTypeOf<BasicCredential | undefined>();
  expectTypeOf(auth.user).toEqualTypeOf<Secret | TokenSource | undefined>();
  const options: ClientOptions = { environment: 'live', servers: { api_url: 'x' }, auth: { partnerKey: 'k', ops: { username: 'u', password: 'p' }, user: { token: () => 't', refresh: async () => 'n' } } };
  // @ts-expect-error basic takes a username and a password
  const noPassword: AuthCredentials = { ops: { username: 'u' } };
  // @ts-expect-error no scheme of that name
  const unknown: AuthCredentials = { other: 'k' };
  // @ts-expect-error this contract has no client-credentials scheme
  const credentials: ClientOptions = { environment: 'live', servers: { api_url: 'x' }, credentials: { clientId: 'a' } };
  void options;
  void noPassword;
  void unknown;
  void credentials;
}
`;

let dist: string;

beforeAll(async () => {
  await writeFixturePackage('auth', OUT, TYPE_TESTS);
  dist = pathToFileURL(join(OUT, 'dist', 'index.js')).href;
});

afterAll(() => rmSync(OUT, { recursive: true, force: true }));

describe('credential option types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

interface Outcome {
  readonly ok: boolean;
  readonly error?: { readonly status: number; readonly message: string; readonly body: unknown; supportReport?(): { readonly text: string } };
}
type Call = (input?: object) => Promise<Outcome>;
type Client = Record<'getWidget' | 'legacyWidgets' | 'me' | 'adminStats' | 'profile' | 'partnerAdmin' | 'anyKey' | 'health', Call>;
interface Package {
  createClient(options: object): Client;
}

let server: Server;
let base = '';
let pkg: Package;
const seen: Seen[] = [];
/** What the server answers next, by path; default 200 with a widget. */
const answers = new Map<string, (req: IncomingMessage) => [number, string, Record<string, string>?]>();

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
  req.resume();
  const path = (req.url ?? '').split('?')[0] ?? '';
  const [status, body, headers = {}] = answers.get(path)?.(req) ?? (path === '/health' ? [204, ''] : [200, path === '/legacy/widgets' ? '[]' : '{"id":"w1"}']);
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(status === 204 ? undefined : body);
}

function client(auth: object, extra: object = {}): Client {
  return pkg.createClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0, auth, ...extra });
}

async function sent(call: Promise<Outcome>): Promise<Seen[]> {
  const before = seen.length;
  const outcome = await call;
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  return seen.slice(before);
}

describe('each scheme on the wire', () => {
  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    pkg = (await import(dist)) as Package;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('an API key in a header, replacing a default header of any case', async () => {
    const [got] = await sent(client({ partnerKey: 'pk-123456' }, { headers: { 'X-PARTNER-KEY': 'stale' } }).getWidget({ id: 'w 1', q: 'a&b' }));
    expect(got?.url).toBe('/widgets/w%201?q=a%26b');
    expect(got?.headers['x-partner-key']).toBe('pk-123456');
    expect(got?.headers.authorization).toBeUndefined();
  });

  it('an API key in the query, encoded so it cannot add a parameter', async () => {
    const [got] = await sent(client({ legacyKey: 'k&admin=1#x' }).legacyWidgets());
    expect(got?.url).toBe('/legacy/widgets?api_key=k%26admin%3D1%23x');
  });

  it('an API key in a cookie, joined to a cookie the client already sends', async () => {
    const [got] = await sent(client({ session: 's;id=1' }, { headers: { cookie: 'theme=dark' } }).me());
    expect(got?.headers.cookie).toBe('theme=dark; sid=s%3Bid%3D1');
  });

  it('HTTP basic: base64 of UTF-8 username:password', async () => {
    const [got] = await sent(client({ ops: { username: 'admïn', password: 'p:ss wörd' } }).adminStats());
    expect(got?.headers.authorization).toBe(`Basic ${Buffer.from('admïn:p:ss wörd', 'utf8').toString('base64')}`);
  });

  it('a bearer token: fixed, or read from a function before every request', async () => {
    const [fixed] = await sent(client({ jwt: 'eyJ.fixed.sig' }).profile());
    expect(fixed?.headers.authorization).toBe('Bearer eyJ.fixed.sig');
    let n = 0;
    const c = client({ jwt: async () => `tok-${++n}` });
    const [first] = await sent(c.profile());
    const [second] = await sent(c.profile());
    expect([first?.headers.authorization, second?.headers.authorization]).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('an OAuth token the application holds: a 401 calls its refresh hook and replays once with the fresh token', async () => {
    const refused: string[] = [];
    answers.set('/profile', (req) => (req.headers.authorization === 'Bearer fresh-token' ? [200, '{"id":"w1"}'] : [401, '{"error":"expired"}']));
    try {
      const c = client({ user: { token: 'old-token', refresh: async (rejected: string) => (refused.push(rejected), 'fresh-token') } });
      const got = await sent(c.profile());
      expect(got.map((s) => s.headers.authorization)).toEqual(['Bearer old-token', 'Bearer fresh-token']);
      expect(refused).toEqual(['old-token']);
      // The fresh token stays: the next call sends it at once.
      const [next] = await sent(c.profile());
      expect(next?.headers.authorization).toBe('Bearer fresh-token');
    } finally {
      answers.delete('/profile');
    }
  });

  it('a refused token without a refresh hook is not replayed; a hook that has none gives up after one try', async () => {
    answers.set('/profile', () => [401, '{"error":"expired"}']);
    try {
      const before = seen.length;
      expect((await client({ user: 'only-token' }).profile()).ok).toBe(false);
      expect(seen.length - before).toBe(1);
      let hooks = 0;
      const after = seen.length;
      const outcome = await client({ user: { token: 'only-token', refresh: () => (hooks++, undefined) } }).profile();
      expect(outcome).toMatchObject({ ok: false, error: { status: 401 } });
      expect([seen.length - after, hooks]).toEqual([1, 1]);
    } finally {
      answers.delete('/profile');
    }
  });

  it('alternatives: the first the client holds; schemes sent together: all of them', async () => {
    const [jwtOnly] = await sent(client({ jwt: 'j-token' }).profile());
    expect(jwtOnly?.headers.authorization).toBe('Bearer j-token');
    const [both] = await sent(client({ jwt: 'j-token', user: 'u-token' }).profile());
    expect(both?.headers.authorization).toBe('Bearer u-token');
    const [together] = await sent(client({ partnerKey: 'pk-1', ops: { username: 'u', password: 'p' } }).partnerAdmin({ body: { id: 'w' } }));
    expect([together?.headers['x-partner-key'], together?.headers.authorization]).toEqual(['pk-1', `Basic ${Buffer.from('u:p').toString('base64')}`]);
  });

  it('an endpoint whose schemes the client does not hold, or that takes none, is sent without credentials', async () => {
    const [partial] = await sent(client({ partnerKey: 'pk-1' }).partnerAdmin({ body: { id: 'w' } }));
    expect([partial?.headers['x-partner-key'], partial?.headers.authorization]).toEqual([undefined, undefined]);
    const [none] = await sent(client({ partnerKey: 'pk-1', jwt: 'j' }).health());
    expect([none?.headers['x-partner-key'], none?.headers.authorization]).toEqual([undefined, undefined]);
    const [any] = await sent(client({ ops: { username: 'u', password: 'p' } }).anyKey());
    expect(any?.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
  });

  it('no secret of any scheme survives into an error or a support report', async () => {
    const secrets = { partnerKey: 'pk-secret-1', legacyKey: 'lk-secret-2', session: 'sid-secret-3', ops: { username: 'root', password: 'pw-secret-4' }, jwt: 'jwt-secret-5' };
    const echo = (req: IncomingMessage): [number, string] => [500, JSON.stringify({ message: `echo ${req.url ?? ''} ${JSON.stringify(req.headers)}` })];
    const paths = ['/widgets/w', '/legacy/widgets', '/me', '/admin/stats', '/profile'];
    for (const p of paths) answers.set(p, echo);
    try {
      const c = client(secrets);
      // A secret parameter too, in every form it takes on the wire (sub-delimiters percent-encoded).
      const outcomes = await Promise.all([c.getWidget({ id: 'w' }), c.legacyWidgets({ signature: "s3cr3t(v1)!'*" }), c.me(), c.adminStats(), c.profile()]);
      const basic = Buffer.from('root:pw-secret-4').toString('base64');
      for (const outcome of outcomes) {
        expect(outcome.ok).toBe(false);
        const report = outcome.error?.supportReport?.();
        expect(report, JSON.stringify(outcome.error)).toBeDefined();
        const texts = `${JSON.stringify(outcome.error)}\n${report?.text ?? ''}`;
        expect(texts).toContain('[REDACTED]');
        for (const secret of ['pk-secret-1', 'lk-secret-2', 'sid-secret-3', 'pw-secret-4', 'jwt-secret-5', basic, 's3cr3t', 's3cr3t%28v1%29%21']) expect(texts).not.toContain(secret);
      }
    } finally {
      for (const p of paths) answers.delete(p);
    }
  });

  it('a call with credentials redirected to another origin goes there anonymously: the key never reaches the Location', async () => {
    const stolen: IncomingMessage['headers'][] = [];
    const thief = createServer((req, res) => {
      stolen.push(req.headers);
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"elsewhere"}');
    });
    await new Promise<void>((resolve) => thief.listen(0, '127.0.0.1', resolve));
    answers.set('/widgets/w', () => [302, '', { location: `http://127.0.0.1:${(thief.address() as AddressInfo).port}/collect` }]);
    try {
      const outcome = await client({ partnerKey: 'pk-redirected' }).getWidget({ id: 'w' });
      expect(outcome).toMatchObject({ ok: true });
      expect(stolen).toHaveLength(1);
      expect(JSON.stringify(stolen)).not.toContain('pk-redirected');
    } finally {
      answers.delete('/widgets/w');
      await new Promise<void>((resolve) => thief.close(() => resolve()));
    }
  });
});

describe('a contract whose only scheme is an API key (bench/contracts/apikey.yaml: its tables name the key-only provider)', () => {
  const KEY_OUT = outDir('auth-apikey');
  let keyPkg: { createBaseClient(options: object): unknown; getForecast(client: unknown, input: object): Promise<Outcome> };

  beforeAll(async () => {
    await writePackage(fileURLToPath(new URL('../bench/contracts/apikey.yaml', import.meta.url)), KEY_OUT, 'export {};\n');
    expect(readFileSync(join(KEY_OUT, 'src', 'tables.ts'), 'utf8')).toContain('provider: secretProvider');
    keyPkg = (await import(pathToFileURL(join(KEY_OUT, 'dist', 'index.js')).href)) as typeof keyPkg;
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    rmSync(KEY_OUT, { recursive: true, force: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const forecastClient = (apiKey: unknown) => keyPkg.createBaseClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0, auth: { apiKey } });

  it('sends a fixed key, and a key read from an async function before every request', async () => {
    const [fixed] = await sent(keyPkg.getForecast(forecastClient('wk-fixed-1'), { location: 'Oslo', days: 3 }));
    expect(fixed?.url).toBe('/forecast/Oslo?days=3');
    expect(fixed?.headers['x-api-key']).toBe('wk-fixed-1');
    let n = 0;
    const rotating = forecastClient(async () => `wk-rotated-${++n}`);
    const [one] = await sent(keyPkg.getForecast(rotating, { location: 'a' }));
    const [two] = await sent(keyPkg.getForecast(rotating, { location: 'b' }));
    expect([one?.headers['x-api-key'], two?.headers['x-api-key']]).toEqual(['wk-rotated-1', 'wk-rotated-2']);
  });

  it('a refused key is not replayed, and it is redacted from the error', async () => {
    answers.set('/forecast/x', (req) => [401, JSON.stringify({ error: { code: 'key_invalid', message: `bad key ${String(req.headers['x-api-key'])}` } })]);
    try {
      const before = seen.length;
      const outcome = await keyPkg.getForecast(forecastClient('wk-refused-9'), { location: 'x' });
      expect(seen.length - before).toBe(1);
      expect(outcome).toMatchObject({ ok: false, error: { status: 401, code: 'key_invalid', category: 'auth' } });
      expect(JSON.stringify(outcome.error)).not.toContain('wk-refused-9');
      expect(JSON.stringify(outcome.error)).toContain('[REDACTED]');
    } finally {
      answers.delete('/forecast/x');
    }
  });
});
