/**
 * Successes whose media types are a range or a list (test/fixtures/openapi/media-types.json,
 * imported and generated): against a node:http server on 127.0.0.1 that answers 406 unless the
 * Accept admits the type it answers with, as Prism and negotiating servers do. The client asks for
 * the range as documented (`*` + `/*`, `image/*`) and for every listed type, and a binary success
 * is read when its Content-Type is any listed type or within the range, refused otherwise.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outDir } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';

const DESCRIPTION = 'test/fixtures/openapi/media-types.json';
const OUT = outDir('media-types');

interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly error?: { readonly category: string; readonly status: number; readonly message: string };
}
type Call = (client: unknown, input?: object) => Promise<Outcome>;
interface Package {
  createBaseClient(options: object): unknown;
  readonly [operation: string]: unknown;
}

/** What the server answers on each path: its media type, and whether it sends it whatever the Accept (a server that does not negotiate). */
const ANSWERS: Readonly<Record<string, { readonly type: string; readonly regardless?: true }>> = {
  '/options': { type: 'application/json' },
  '/pictures/p1': { type: 'image/webp' },
  '/pictures/page': { type: 'text/html', regardless: true },
  '/scores/json': { type: 'application/json' },
  '/scores/musicxml': { type: 'application/vnd.recordare.musicxml' },
  '/scores/midi': { type: 'audio/midi' },
  '/scores/png': { type: 'image/png' },
  '/scores/wav': { type: 'audio/wav', regardless: true },
  '/files/f1': { type: 'application/octet-stream' },
};
const BYTES = [1, 2, 3, 250];

let under: PackageUnderTest<Package>;
const accepts: string[] = [];

/** Whether an Accept header admits a media type: named, or within a range. */
function admitted(accept: string, type: string): boolean {
  return accept.split(',').some((part) => {
    const range = (part.split(';')[0] ?? '').trim().toLowerCase();
    return range === type || range === '*/*' || (range.endsWith('/*') && type.startsWith(range.slice(0, -1)));
  });
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const accept = req.headers.accept ?? '';
  accepts.push(accept);
  if (req.url === '/files/missing') {
    if (!admitted(accept, 'application/json')) return void res.writeHead(406, { 'content-type': 'text/plain' }).end('not acceptable');
    return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"No such file: missing"}');
  }
  const answer = ANSWERS[req.url ?? ''];
  if (answer === undefined) return void res.writeHead(500).end();
  if (answer.regardless !== true && !admitted(accept, answer.type)) return void res.writeHead(406, { 'content-type': 'text/plain' }).end('not acceptable');
  res.writeHead(200, { 'content-type': `${answer.type}; charset=binary` }).end(Buffer.from(BYTES));
}

async function call(operation: string, input?: object): Promise<{ readonly outcome: Outcome; readonly accept: string | undefined }> {
  const client = under.pkg.createBaseClient({ environment: 'default', servers: { origin: under.base }, maxRetries: 0 });
  const outcome = await (under.pkg[operation] as Call)(client, input);
  return { outcome, accept: accepts.at(-1) };
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(DESCRIPTION, OUT, '', handle);
});
afterAll(() => under.dispose());

describe('a success documented under a media range', () => {
  it('*/*: Accept asks for any type (not application/octet-stream, which the server refuses), and the answer is read as bytes', async () => {
    const { outcome, accept } = await call('clientOptions');
    expect(accept).toBe('*/*');
    expect(outcome).toMatchObject({ ok: true, data: new Uint8Array(BYTES) });
  });

  it('image/*: Accept asks for the range as documented (then for JSON, which the errors of this API are); an image of a type not named is read', async () => {
    const { outcome, accept } = await call('getPicture', { id: 'p1' });
    expect(accept).toBe('image/*, application/json');
    expect(outcome).toMatchObject({ ok: true, data: new Uint8Array(BYTES) });
  });

  it('image/*: an answer outside the range is refused as an invalid response', async () => {
    const { outcome } = await call('getPicture', { id: 'page' });
    expect(outcome).toMatchObject({ ok: false, error: { category: 'invalid_response', status: 200, message: 'expected image/*, got text/html' } });
  });
});

describe('a success documented in several media types', () => {
  const LISTED = 'application/json, application/vnd.recordare.musicxml, audio/midi, image/png';

  it.each(['json', 'musicxml', 'midi', 'png'])('%s: Accept lists every documented type, and the answer in any of them is read as bytes', async (format) => {
    const { outcome, accept } = await call('getScoreRevisionData', { format });
    expect(accept).toBe(LISTED);
    expect(outcome).toMatchObject({ ok: true, data: new Uint8Array(BYTES) });
  });

  it('an answer in a type not listed is refused as an invalid response', async () => {
    const { outcome } = await call('getScoreRevisionData', { format: 'wav' });
    expect(outcome).toMatchObject({ ok: false, error: { category: 'invalid_response', message: `expected ${LISTED}, got audio/wav` } });
  });
});

describe('a binary success whose errors are JSON', () => {
  it('Accept asks for the bytes and for the JSON its errors come in, so a negotiating server sends the error, read with its message', async () => {
    const ok = await call('downloadFile', { id: 'f1' });
    expect(ok.accept).toBe('application/octet-stream, application/json');
    expect(ok.outcome).toMatchObject({ ok: true, data: new Uint8Array(BYTES) });
    const missing = await call('downloadFile', { id: 'missing' });
    expect(missing.accept).toBe('application/octet-stream, application/json');
    expect(missing.outcome).toMatchObject({ ok: false, error: { status: 404, message: 'No such file: missing' } });
  });
});
