/**
 * Where secrets may go, and what errors may show, through the generated package of
 * test/fixtures/redirects against two node:http servers on 127.0.0.1: the API's origin and another
 * one (another port, or `localhost` for the same server, is another origin). Every test runs on
 * both transports, fetch and nodeTransport, which must behave alike: the runtime follows redirects
 * itself (redirect.ts).
 *
 * Two rules under test. Nothing secret ever reaches another origin: credentials of every scheme,
 * the token exchange, secret parameters and fields, the caller's headers and cookies may follow a
 * redirect on the API's own origin; another origin gets an anonymous request with no body, or the
 * call is refused with a `redirect` error that names the Location. And no secret comes back out in
 * an error or a support report, in any form a server can echo it in (support.ts's redactor).
 */
import * as http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listenLoopback, type Loopback } from './support/loopback.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, writeFixturePackage, type Compiler } from './support/type-tests.js';

const OUT = outDir('secrets');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { Client, ClientError, DownloadData, DownloadResult, ExportFileData, File } from './index.js';
import type { JsonValue } from './runtime/exchange.js';

export async function downloadTypes(client: Client): Promise<void> {
  // Only redirects documented: the data is what their target answers, bytes or (when it says so) JSON.
  expectTypeOf<DownloadData>().toEqualTypeOf<Uint8Array | JsonValue>();
  // A redirect beside a 2xx is never data: its target answers as the endpoint does.
  expectTypeOf<ExportFileData>().toEqualTypeOf<File>();
  const r: DownloadResult = await client.download({ id: 'a' });
  if (r.ok) expectTypeOf(r.response.status).toEqualTypeOf<number>();
  else if (r.error.shape === 'client' && r.error.category === 'redirect') expectTypeOf(r.error.location).toEqualTypeOf<string | undefined>();
  expectTypeOf<ClientError['category']>().toEqualTypeOf<'network' | 'timeout' | 'canceled' | 'invalid_response' | 'invalid_request' | 'redirect' | 'not_modified'>();
}
`;

/** Planted secrets: none may ever reach the other origin, and none may appear in an error. */
const S = {
  key: 'KEY-h3ader-7c1a',
  queryKey: 'KEY-qu3ry-55a0',
  cookieKey: 'KEY-c00kie-91b2',
  password: 'PW-b4sic-0e2f',
  jwt: 'JWT-b3arer-4d8c',
  clientSecret: 'CS-0auth-6f3e',
  token: 'AT-t0ken-2b9d',
  signature: 'SIG-par4m-a71b',
  headerSignature: 'SIG-h3ader-c40d',
  bodyPassword: 'PW-b0dy-f55e',
  clientHeader: 'CLIENT-h3ader-9d0f',
  callHeader: 'CALL-h3ader-e12a',
  // A key of base64's alphabet, whose percent-encoded form differs from it at every nesting.
  slashedKey: 'KEY/qu3ry+b64==',
} as const;
const BASIC = Buffer.from(`ops:${S.password}`).toString('base64');

/** Every character percent-encoded, as a server may write any of them (`KEY` → `%4B%45%59`). */
function everyCharEncoded(text: string): string {
  return [...Buffer.from(text)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}
const PLANTED = [...Object.values(S), BASIC];

interface Recorded {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}
type Answer = readonly [status: number, headers?: Record<string, string>, body?: string];
type Route = (req: Recorded) => Answer;

interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly response?: { readonly status: number };
  readonly error?: { readonly category: string; readonly status: number; readonly message: string; readonly location?: string; readonly body?: unknown; supportReport?(): { readonly text: string } };
}
type Call = (input?: object) => Promise<Outcome>;
type Client = Record<'download' | 'exportFile' | 'getFile' | 'createFile' | 'replaceFile' | 'uploadRaw' | 'listFiles' | 'requestToken', Call>;
interface Package {
  createClient(options: object): Client;
  nodeTransport(module: typeof http): unknown;
  listFilesPages(client: unknown, input: object, options?: object): AsyncIterable<Outcome>;
  createBaseClient(options: object): unknown;
}

let pkg: Package;
let api: Loopback;
let other: Loopback;
const routes = new Map<string, Route>();
const seen: { api: Recorded[]; other: Recorded[] } = { api: [], other: [] };

function recorder(log: Recorded[], answer: (r: Recorded) => Answer): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: Recorded = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      log.push(recorded);
      const [status, headers = {}, body = ''] = answer(recorded);
      res.writeHead(status, headers).end(body);
    });
  };
}

function route(r: Recorded): Answer {
  const path = new URL(r.url, 'http://x').pathname;
  const handler = routes.get(`${r.method} ${path}`) ?? routes.get(path);
  return handler === undefined ? [404, { 'content-type': 'application/json' }, '{"error":"not_found"}'] : handler(r);
}

const json = (value: unknown, status = 200): Answer => [status, { 'content-type': 'application/json' }, JSON.stringify(value)];
const redirect = (status: number, location: string): Answer => [status, { location }, ''];

beforeAll(async () => {
  await writeFixturePackage('redirects', OUT, TYPE_TESTS);
  pkg = (await import(pathToFileURL(join(OUT, 'dist', 'index.js')).href)) as Package;
  api = await listenLoopback(recorder(seen.api, route));
  other = await listenLoopback(recorder(seen.other, (r) => (r.url.startsWith('/bytes') ? [200, { 'content-type': 'application/zip' }, 'PK-archive'] : json({ id: 'from-other', name: r.method }))));
});

afterAll(async () => {
  await api.close();
  await other.close();
  rmSync(OUT, { recursive: true, force: true });
});

beforeEach(() => {
  routes.clear();
  seen.api.length = 0;
  seen.other.length = 0;
  routes.set('POST /oauth/token', () => json({ access_token: S.token, expires_in: 3600 }));
});

describe('types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

/** Everything the other origin received, as one text. */
const otherSaw = (): string => JSON.stringify(seen.other);

/** Which credentials a client holds, by the scheme the test sends. */
const CREDENTIALS = {
  'an API key in a header': { auth: { key: `${S.key}\n` } },
  'an API key in the query': { auth: { queryKey: S.queryKey } },
  'an API key in a cookie': { auth: { cookieKey: S.cookieKey } },
  'basic credentials': { auth: { ops: { username: 'ops', password: S.password } } },
  'a bearer token': { auth: { jwt: S.jwt } },
  'an OAuth client-credentials token': { credentials: { clientId: 'client-1', clientSecret: S.clientSecret } },
} as const;

/** A call's own secrets beside a key: secret query and header parameters, a cookie parameter, the caller's headers. */
const FILE_INPUT = { id: 'f1', signature: S.signature, 'X-Signature': S.headerSignature, xSignature: S.headerSignature, theme: 'dark', headers: { 'x-trace': S.callHeader } };

for (const transport of ['fetch', 'nodeTransport'] as const) {
  describe(`on ${transport}`, () => {
    const client = (options: object = { auth: { key: S.key } }): Client =>
      pkg.createClient({ environment: 'live', servers: { api_url: api.base }, maxRetries: 0, timeoutMs: 5_000, ...(transport === 'nodeTransport' ? { transport: pkg.nodeTransport(http) } : {}), ...options });

    describe('on the API’s own origin, redirects are followed with the call’s credentials', () => {
      it.each([301, 302, 303, 307, 308])('GET answered %i: followed, the key goes along', async (status) => {
        routes.set('/files/f1', () => redirect(status, '/files/moved'));
        routes.set('/files/moved', (r) => json({ id: 'moved', name: String(r.headers['x-key']) }));
        const outcome = await client().getFile({ id: 'f1' });
        expect(outcome).toMatchObject({ ok: true, data: { id: 'moved', name: S.key }, response: { status: 200 } });
      });

      it.each([307, 308])('POST answered %i: method and body are sent again', async (status) => {
        routes.set('POST /files', () => redirect(status, `${api.base}/files/v2`));
        routes.set('POST /files/v2', (r) => json({ id: 'v2', name: `${r.method} ${r.body} ${String(r.headers['x-key'])}` }, 201));
        const outcome = await client().createFile({ body: { name: 'a.txt', password: S.bodyPassword } });
        expect(outcome).toMatchObject({ ok: true, response: { status: 201 } });
        expect((outcome.data as { name: string }).name).toBe(`POST {"name":"a.txt","password":"${S.bodyPassword}"} ${S.key}`);
        expect(seen.api.map((r) => r.method)).toEqual(['POST', 'POST']);
      });

      it.each([
        [303, 'POST'],
        [301, 'POST'],
        [302, 'POST'],
        [303, 'PUT'],
      ])('%i after a %s: the next request is a GET without the body', async (status, method) => {
        routes.set(`${method} ${method === 'POST' ? '/files' : '/files/f1'}`, () => redirect(status, '/files/created'));
        // The answer is read as the endpoint's (201 for createFile, 200 for replaceFile).
        routes.set('GET /files/created', (r) => json({ id: 'created', name: `${r.method}:${r.body}:${String(r.headers['content-type'])}:${String(r.headers['x-key'])}` }, method === 'POST' ? 201 : 200));
        const input = { id: 'f1', body: { name: 'a', password: S.bodyPassword } };
        const outcome = method === 'POST' ? await client().createFile(input) : await client().replaceFile(input);
        expect(outcome).toMatchObject({ ok: true, data: { id: 'created', name: `GET::undefined:${S.key}` } });
      });

      it('a 307 of a streamed body fails clearly: a stream is read once', async () => {
        routes.set('PUT /files/f1/raw', () => redirect(307, '/files/f1/raw2'));
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('chunk'));
            controller.close();
          },
        });
        const outcome = await client().uploadRaw({ id: 'f1', body: stream });
        expect(outcome).toMatchObject({ ok: false, error: { category: 'redirect', status: 307, location: `${api.base}/files/f1/raw2` } });
        expect(outcome.error?.message).toContain('a stream is read once');
        expect(seen.api.map((r) => r.url)).toEqual(['/files/f1/raw']);
      });

      it('a sixth redirect is refused, naming its Location', async () => {
        for (let i = 0; i < 8; i++) routes.set(`/files/r${i}`, () => redirect(302, `/files/r${i + 1}`));
        const outcome = await client().getFile({ id: 'r0' });
        expect(outcome).toMatchObject({ ok: false, error: { category: 'redirect', status: 302, location: `${api.base}/files/r6` } });
        expect(seen.api).toHaveLength(6);
      });
    });

    describe('to another origin, nothing secret goes along', () => {
      it.each(Object.keys(CREDENTIALS) as (keyof typeof CREDENTIALS)[])('%s, secret parameters, a cookie and the caller’s headers: followed as an anonymous GET', async (kind) => {
        routes.set('/files/f1', () => redirect(302, `${other.base}/files/f1?from=api`));
        const outcome = await client({ ...CREDENTIALS[kind], headers: { 'x-client': S.clientHeader, accept: 'application/json' } }).getFile(FILE_INPUT);
        expect(outcome).toMatchObject({ ok: true, data: { id: 'from-other', name: 'GET' } });
        // The API got the call with its credentials; the other origin got none of anything.
        expect(seen.api.some((r) => r.url.startsWith('/files/f1'))).toBe(true);
        expect(seen.other).toHaveLength(1);
        expect(seen.other[0]?.url).toBe('/files/f1?from=api');
        for (const secret of PLANTED) expect(otherSaw()).not.toContain(secret);
        const headers = Object.keys(seen.other[0]?.headers ?? {});
        for (const name of ['authorization', 'cookie', 'x-key', 'x-client', 'x-trace', 'x-signature']) expect(headers).not.toContain(name);
        expect(seen.other[0]?.headers['accept']).toBe('application/json');
      });

      it('the same server under another host name is another origin', async () => {
        const port = new URL(api.base).port;
        routes.set('/files/f1', () => redirect(307, `http://localhost:${port}/files/local`));
        routes.set('/files/local', (r) => json({ id: 'local', name: `${String(r.headers['x-key'])}|${String(r.headers['x-trace'])}` }));
        const outcome = await client().getFile({ id: 'f1', headers: { 'x-trace': S.callHeader } });
        expect(outcome).toMatchObject({ ok: true, data: { id: 'local', name: 'undefined|undefined' } });
      });

      it.each([
        [307, 'POST'],
        [308, 'POST'],
        [301, 'PUT'],
        [302, 'PUT'],
        [307, 'PUT'],
      ])('%i of a %s would take the body along: refused, a redirect error naming the Location', async (status, method) => {
        const location = `${other.base}/collect`;
        routes.set(`${method} ${method === 'POST' ? '/files' : '/files/f1'}`, () => redirect(status, location));
        const input = { id: 'f1', body: { name: 'a', password: S.bodyPassword } };
        const outcome = method === 'POST' ? await client().createFile(input) : await client().replaceFile(input);
        expect(outcome).toMatchObject({ ok: false, error: { category: 'redirect', status, location } });
        expect(outcome.error?.message).toBe(`the ${status} redirect to ${location} was not followed: the body would go to another origin`);
        expect(seen.other).toHaveLength(0);
      });

      it('303 of a POST with a secret field: another origin gets a GET without the body', async () => {
        routes.set('POST /files', () => redirect(303, `${other.base}/status/1`));
        const outcome = await client().createFile({ body: { name: 'a', password: S.bodyPassword } });
        // Any 2xx is a success: the other origin's 200 is createFile's data, fetched by a GET without the body.
        expect(outcome).toMatchObject({ ok: true, status: 200, data: { id: 'from-other', name: 'GET' } });
        expect(seen.other[0]).toMatchObject({ method: 'GET', body: '' });
        expect(seen.other[0]?.headers['content-type']).toBeUndefined();
        for (const secret of PLANTED) expect(otherSaw()).not.toContain(secret);
      });

      it.each([
        ['an API key in the query', { auth: { queryKey: S.queryKey } }, (l: string) => `${l}?key=${S.queryKey}`],
        ['a secret parameter, percent-encoded', { auth: { key: S.key } }, (l: string) => `${l}?sig=${encodeURIComponent(S.signature)}`],
        ['the key, in another case', { auth: { key: S.key } }, (l: string) => `${l}/${S.key.toLowerCase()}`],
        ['a caller’s header', { auth: { key: S.key }, headers: { 'x-client': S.clientHeader } }, (l: string) => `${l}/${S.clientHeader}#fragment`],
        ['the token of a caller’s Authorization header', { auth: { key: S.key }, headers: { authorization: `Bearer ${S.clientHeader}` } }, (l: string) => `${l}?token=${S.clientHeader}`],
        // A sign-in page's return address: the request's own URL, query key and all, encoded once more.
        ['the request’s URL with its query key, as a return address', { auth: { queryKey: S.slashedKey } }, (l: string) => `${l}?return=${encodeURIComponent(`${api.base}/files/f1?key=${encodeURIComponent(S.slashedKey)}`)}`],
        // A server may percent-encode any character, in the query or in userinfo (which nodeTransport would send as Basic).
        ['the key with every character percent-encoded', { auth: { key: S.key } }, (l: string) => `${l}?k=${everyCharEncoded(S.key)}`],
        ['the key in userinfo, every character percent-encoded', { auth: { key: S.key } }, (l: string) => l.replace('//', `//u:${everyCharEncoded(S.key)}@`)],
        ['the key encoded character by character, then as a return address', { auth: { key: S.key } }, (l: string) => `${l}?return=${encodeURIComponent(`${l}?k=${everyCharEncoded(S.key)}`)}`],
      ])('a Location that holds %s is refused', async (_kind, options, location) => {
        routes.set('/files/f1', () => redirect(302, location(`${other.base}/echo`)));
        const outcome = await client(options).getFile({ id: 'f1', signature: S.signature });
        expect(outcome).toMatchObject({ ok: false, error: { category: 'redirect', status: 302 } });
        expect(outcome.error?.message).toContain('the Location holds a secret');
        expect(seen.other).toHaveLength(0);
        // The error names the Location with the secret redacted, in no form the other origin could read it in.
        for (const secret of PLANTED) expect(decodeURIComponent(decodeURIComponent(JSON.stringify(outcome)))).not.toContain(secret);
        expect(outcome.error?.location).toContain('[REDACTED]');
      });

      it('a download whose only success is a 302 to a storage host: the data is that host’s bytes', async () => {
        routes.set('/files/f1/archive', () => redirect(302, `${other.base}/bytes/f1.zip?sig=public-signed-url`));
        const outcome = await client().download({ id: 'f1' });
        expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
        expect(new TextDecoder().decode(outcome.data as Uint8Array)).toBe('PK-archive');
        expect(outcome.response?.status).toBe(200);
        expect(seen.other[0]?.headers['x-key']).toBeUndefined();
      });

      it('a download whose target says JSON: the data is that JSON', async () => {
        routes.set('/files/f1/archive', () => redirect(302, `${other.base}/meta/f1`));
        expect(await client().download({ id: 'f1' })).toMatchObject({ ok: true, data: { id: 'from-other', name: 'GET' }, status: 200 });
      });

      it('an endpoint answering JSON, then a redirect: the target answers as the endpoint does, the redirect is never data', async () => {
        let ready = false;
        routes.set('/files/f1/export', () => (ready ? redirect(303, `${other.base}/exports/f1`) : json({ id: 'f1', name: 'pending' })));
        expect(await client().exportFile({ id: 'f1' })).toMatchObject({ ok: true, data: { id: 'f1', name: 'pending' }, response: { status: 200 } });
        ready = true;
        expect(await client().exportFile({ id: 'f1' })).toMatchObject({ ok: true, data: { id: 'from-other', name: 'GET' }, status: 200 });
      });

      it('a redirect back to the API from another origin stays anonymous', async () => {
        const hop = await listenLoopback(recorder(seen.other, () => redirect(302, `${api.base}/files/back`)));
        try {
          routes.set('/files/f1', () => redirect(302, `${hop.base}/hop`));
          routes.set('/files/back', (r) => json({ id: 'back', name: String(r.headers['x-key']) }));
          const outcome = await client().getFile({ id: 'f1' });
          expect(outcome).toMatchObject({ ok: true, data: { id: 'back', name: 'undefined' } });
        } finally {
          await hop.close();
        }
      });
    });

    describe('the token exchange', () => {
      it('follows a 307 on its own origin, with its body', async () => {
        routes.set('POST /oauth/token', () => redirect(307, '/oauth/token2'));
        routes.set('POST /oauth/token2', (r) => (r.body.includes(S.clientSecret) ? json({ access_token: S.token, expires_in: 3600 }) : json({ error: 'invalid_client' }, 401)));
        routes.set('/files/f1', (r) => json({ id: 'f1', name: String(r.headers['authorization']) }));
        const outcome = await client(CREDENTIALS['an OAuth client-credentials token']).getFile({ id: 'f1' });
        expect(outcome).toMatchObject({ ok: true, data: { name: `Bearer ${S.token}` } });
      });

      it.each([302, 303, 307, 308])('is never redirected to another origin (%i): its secret stays, and no token is taken from there', async (status) => {
        routes.set('POST /oauth/token', () => redirect(status, `${other.base}/oauth/token`));
        routes.set('/files/f1', (r) => json({ id: 'f1', name: String(r.headers['authorization']) }));
        const outcome = await client(CREDENTIALS['an OAuth client-credentials token']).getFile({ id: 'f1' });
        expect(outcome).toMatchObject({ ok: false, error: { category: 'redirect', status, location: `${other.base}/oauth/token` } });
        expect(seen.other).toHaveLength(0);
        // No call went to the API with a token from elsewhere.
        expect(seen.api.filter((r) => r.url.startsWith('/files'))).toHaveLength(0);
      });
    });

    describe('an echoed secret is redacted in every form it comes back in', () => {
      /** Everything a caller can see of an error: its JSON, message, kept body and support report. */
      const shown = (outcome: Outcome): string => [JSON.stringify(outcome), outcome.error?.message, JSON.stringify(outcome.error?.body), outcome.error?.supportReport?.().text].join('\n');
      const echo = (text: string): Route => () => [500, { 'content-type': 'application/json' }, JSON.stringify({ error: 'internal', message: text })];

      it.each([
        ['as sent (trimmed), though given with a line break', S.key],
        ['as given, with its line break', `${S.key}\n`],
        ['percent-encoded', encodeURIComponent(`${S.key}\n`)],
        ['in another case', S.key.toUpperCase()],
        ['inside an escaped JSON string, twice', JSON.stringify(JSON.stringify({ key: S.key }))],
      ])('an API key read from a file (with its line break): %s', async (_form, text) => {
        routes.set('/files/f1', (r) => (r.headers['x-key'] === S.key ? echo(`bad key ${text}`)(r) : json({ error: 'padded' }, 400)));
        const outcome = await client({ auth: { key: `${S.key}\n` } }).getFile({ id: 'f1' });
        expect(outcome).toMatchObject({ ok: false, error: { status: 500 } });
        expect(shown(outcome)).toContain('[REDACTED]');
        for (const secret of [S.key, S.key.toUpperCase(), encodeURIComponent(S.key)]) expect(shown(outcome)).not.toContain(secret);
      });

      it('a key in the query is sent without its line break, and its echo is redacted', async () => {
        routes.set('/files/f1', (r) => echo(`request ${r.url}`)(r));
        const outcome = await client({ auth: { queryKey: ` ${S.queryKey}\r\n` } }).getFile({ id: 'f1' });
        expect(seen.api[0]?.url).toBe(`/files/f1?key=${S.queryKey}`);
        expect(shown(outcome)).not.toContain(S.queryKey);
      });

      it('a query key echoed inside a return address (the request’s URL, percent-encoded once more) is redacted', async () => {
        routes.set('/files/f1', (r) => echo(`sign in at /login?return=${encodeURIComponent(api.base + r.url)}`)(r));
        const outcome = await client({ auth: { queryKey: S.slashedKey } }).getFile({ id: 'f1' });
        expect(outcome).toMatchObject({ ok: false, error: { status: 500 } });
        expect(outcome.error?.message).toContain('return=http%3A%2F%2F');
        expect(decodeURIComponent(decodeURIComponent(shown(outcome)))).not.toContain(S.slashedKey);
      });

      it('a key echoed by a server that escapes / in JSON (PHP’s json_encode does) is redacted in the report’s body', async () => {
        routes.set('/files/f1', () => [500, { 'content-type': 'application/json' }, `{"error":"internal","message":"bad key ${S.slashedKey.replace(/\//g, '\\/')}"}`]);
        const outcome = await client({ auth: { queryKey: S.slashedKey } }).getFile({ id: 'f1' });
        expect(outcome.error?.supportReport?.().text).toContain('"message":"bad key [REDACTED]"');
        expect(shown(outcome)).not.toContain(S.slashedKey.replace(/\//g, '\\/'));
      });

      it('basic credentials echoed as the header value, as base64 and as the password', async () => {
        routes.set('/files/f1', (r) => echo(`${String(r.headers['authorization'])} = ops:${S.password}`)(r));
        const outcome = await client(CREDENTIALS['basic credentials']).getFile({ id: 'f1' });
        for (const secret of [S.password, BASIC]) expect(shown(outcome)).not.toContain(secret);
      });

      it('a secret field echoed in a JSON string (escaped quotes), nested deeper, and form-encoded; a secret field the client never sent, echoed alike', async () => {
        const body = { name: 'a', password: S.bodyPassword };
        const text = [
          `request was ${JSON.stringify(body)}`,
          `the password ${S.bodyPassword} is too weak`,
          `nested ${JSON.stringify(JSON.stringify({ outer: JSON.stringify(body) }))}`,
          `form name=a&password=${encodeURIComponent(S.bodyPassword)}`,
          `query /files?password=${S.bodyPassword}`,
          `theirs ${JSON.stringify(JSON.stringify({ client_secret: 'SRV-m4de-s3cret' }))}`,
          `form theirs client_secret=SRV-f0rm-s3cret&x=1`,
        ].join('; ');
        routes.set('POST /files', echo(text));
        const outcome = await client().createFile({ body });
        expect(outcome).toMatchObject({ ok: false, error: { status: 500 } });
        for (const secret of [S.bodyPassword, 'SRV-m4de-s3cret', 'SRV-f0rm-s3cret']) expect(shown(outcome)).not.toContain(secret);
        // Redaction takes the secret, not the text around it.
        expect(outcome.error?.message).toContain('request was');
        expect(outcome.error?.message).toContain('name=a&password=[REDACTED]');
      });

      it('the caller’s headers, of the client and of the call, are secrets too', async () => {
        routes.set('/files/f1', (r) => echo(`${String(r.headers['x-client'])} ${String(r.headers['x-trace'])} ${String(r.headers['accept'])}`)(r));
        const outcome = await client({ auth: { key: S.key }, headers: { 'x-client': S.clientHeader } }).getFile({ id: 'f1', headers: { 'x-trace': S.callHeader } });
        for (const secret of [S.clientHeader, S.callHeader]) expect(shown(outcome)).not.toContain(secret);
        // A media type is no secret.
        expect(outcome.error?.message).toContain('application/json');
      });

      it('a caller’s credential header is a secret by its parts too: the token of an Authorization, the values of a Cookie', async () => {
        routes.set('/files/f1', (r) => echo(`token ${S.clientHeader} expired, session ${S.callHeader} unknown`)(r));
        const outcome = await client({ auth: { key: S.key }, headers: { authorization: `Bearer ${S.clientHeader}` } }).getFile({ id: 'f1', headers: { cookie: `sid=${S.callHeader}; theme=dark` } });
        expect(outcome.error?.message).toBe('token [REDACTED] expired, session [REDACTED] unknown');
        for (const secret of [S.clientHeader, S.callHeader]) expect(shown(outcome)).not.toContain(secret);
      });
    });

    describe('Link pagination: the next URL is judged as the URL parser reads it', () => {
      /** The pages of listFiles on a base URL with a path (`/v1`), as long as they come. */
      const pages = async (): Promise<Outcome[]> => {
        const base = pkg.createBaseClient({ environment: 'live', servers: { api_url: `${api.base}/v1/` }, auth: { key: S.key }, ...(transport === 'nodeTransport' ? { transport: pkg.nodeTransport(http) } : {}) });
        const out: Outcome[] = [];
        for await (const page of pkg.listFilesPages(base, {})) out.push(page);
        return out;
      };

      it.each([
        ['encoded dot segments', (b: string) => `<${b}/v1/files/%2e%2e/%2E%2e/admin>; rel="next"`],
        ['backslashes', (b: string) => `<${b}/v1/files\\..\\..\\admin>; rel="next"`],
        ['a path beside the base path', (b: string) => `<${b}/v10/files>; rel="next"`],
        ['another origin', () => `<${other.base}/v1/files?page=2>; rel="next"`],
        ['another host name for the same server', (b: string) => `<${b.replace('127.0.0.1', 'localhost')}/v1/files?page=2>; rel="next"`],
      ])('%s: not followed', async (_kind, link) => {
        routes.set('/v1/files', () => [200, { 'content-type': 'application/json', link: link(api.base) }, '[]']);
        routes.set('/admin', () => json([{ id: 'admin' }]));
        routes.set('/v10/files', () => json([{ id: 'v10' }]));
        const got = await pages();
        expect(got[0]).toMatchObject({ ok: true });
        expect(got.slice(1)).toMatchObject([{ ok: false, error: { category: 'invalid_request' } }]);
        expect(seen.api.map((r) => r.url)).toEqual(['/v1/files']);
        expect(seen.other).toHaveLength(0);
      });

      it('a next URL in another case, with dot segments that stay below the base: followed, as the parser writes it', async () => {
        const upper = api.base.replace('http://', 'HTTP://');
        routes.set('/v1/files', (r) => (r.url === '/v1/files' ? [200, { 'content-type': 'application/json', link: `<${upper}/v1/x/%2e%2e/files?page=2>; rel="next"` }, '[{"id":"1"}]'] : json([{ id: '2' }])));
        const got = await pages();
        expect(got.map((p) => p.ok)).toEqual([true, true]);
        expect(seen.api.map((r) => r.url)).toEqual(['/v1/files', '/v1/files?page=2']);
      });
    });
  });
}

describe('in a browser, where fetch hides a manual redirect’s Location', () => {
  it('an opaque redirect (status 0) is a redirect error, not a success or a follow', async () => {
    // What a browser's fetch answers for redirect: 'manual' (undici cannot make one: status 0 is refused by Response).
    const opaque = { status: 0, type: 'opaqueredirect', headers: new Headers(), body: null, arrayBuffer: async () => new ArrayBuffer(0) } as unknown as Response;
    const inits: RequestInit[] = [];
    const browserFetch = async (_url: string, init: RequestInit): Promise<Response> => {
      inits.push(init);
      return opaque;
    };
    const outcome = await pkg.createClient({ environment: 'live', servers: { api_url: 'https://api.example' }, auth: { key: S.key }, fetch: browserFetch, maxRetries: 0 }).getFile({ id: 'f1' });
    expect(inits.map((i) => i.redirect)).toEqual(['manual']);
    expect(outcome).toMatchObject({ ok: false, error: { category: 'redirect', status: 0 } });
    expect(outcome.error?.message).toContain('opaque redirect');
  });
});
