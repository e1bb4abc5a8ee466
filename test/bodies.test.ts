/**
 * Request bodies of every media type through the generated package (test/fixtures/bodies): the
 * exact bytes and Content-Type a node:http server on 127.0.0.1 receives for a multipart upload
 * with files (read back by undici's own multipart parser, and byte for byte), raw bytes, Blobs and
 * a stream, text, a URL-encoded form with nested values and the JSON the caller may choose
 * instead; and the types each body takes, under both compilers.
 */
import * as http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { fixture } from './support/corpus.js';

const OUT = outDir('bodies');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { DeleteDocumentResult, Document, ExportDocumentResult, GetContentResult, GetFeedResult, GetNoteResult, GetStatusResult, PutContentInput, PutNoteInput, SearchDocumentsInput, Upload, UploadInput } from './index.js';

export function responseTypes(content: GetContentResult, note: GetNoteResult, deleted: DeleteDocumentResult): void {
  if (content.ok) {
    // A listed 304 is never data: it is the not_modified error of a conditional request.
    expectTypeOf(content.data).toEqualTypeOf<Uint8Array>();
    // One body type for every 2xx: any 2xx is a success, so the status is a number.
    expectTypeOf(content.response.status).toEqualTypeOf<number>();
    // Declared on every success: required; on some: optional.
    expectTypeOf(content.response.headers.etag).toEqualTypeOf<string>();
    expectTypeOf(content.response.headers['content-range']).toEqualTypeOf<string | undefined>();
  }
  if (note.ok) {
    expectTypeOf(note.data).toEqualTypeOf<string>();
    expectTypeOf(note.response.headers['x-ratelimit-remaining']).toEqualTypeOf<string | undefined>();
    // One documented 2xx: any 2xx is a success, read as it is.
    expectTypeOf(note.status).toEqualTypeOf<number>();
  }
  if (deleted.ok) {
    expectTypeOf(deleted.data).toEqualTypeOf<Document | undefined>();
    // The status narrows the data, and the response's status with it.
    if (deleted.status === 204) expectTypeOf(deleted.data).toEqualTypeOf<undefined>();
    if (deleted.status === 202) expectTypeOf(deleted.response.status).toEqualTypeOf<202>();
  }
}

export function defaultAndMixed(exported: ExportDocumentResult, status: GetStatusResult, feed: GetFeedResult): void {
  if (exported.ok) {
    expectTypeOf(exported.data).toEqualTypeOf<Uint8Array | Document>();
    if (exported.status === 200) expectTypeOf(exported.data).toEqualTypeOf<Uint8Array>();
    else if (exported.status === 202) expectTypeOf(exported.data).toEqualTypeOf<Document>();
    // A 2xx it does not document is a success too, typed as any documented body.
    else expectTypeOf(exported.data).toEqualTypeOf<Uint8Array | Document>();
  }
  // A default success is any 2xx.
  if (status.ok) {
    expectTypeOf(status.data).toEqualTypeOf<Document>();
    expectTypeOf(status.response.status).toEqualTypeOf<number>();
  }
  if (feed.ok) expectTypeOf(feed.data).toEqualTypeOf<string>();
}

export function bodyTypes(upload: UploadInput, read: Upload, content: PutContentInput, note: PutNoteInput, search: SearchDocumentsInput): void {
  expectTypeOf(upload.file).toEqualTypeOf<Uint8Array | Blob>();
  expectTypeOf(read.file).toEqualTypeOf<Uint8Array>();
  expectTypeOf(content.body).toEqualTypeOf<Uint8Array | Blob | ReadableStream<Uint8Array>>();
  expectTypeOf(content.contentType).toEqualTypeOf<'application/octet-stream' | 'image/png' | undefined>();
  expectTypeOf(note.body).toEqualTypeOf<string>();
  expectTypeOf(search.contentType).toEqualTypeOf<'application/x-www-form-urlencoded' | 'application/json' | undefined>();
  // @ts-expect-error a file is bytes or a Blob, not a string
  const text: UploadInput = { title: 't', file: 'x' };
  // @ts-expect-error the endpoint takes no text/csv
  const csv: PutContentInput = { id: 'd', body: new Uint8Array(), contentType: 'text/csv' };
  void text;
  void csv;
}
`;

interface Seen {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: Buffer;
}
interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly response?: { readonly status: number; readonly headers: Readonly<Record<string, string>> };
  readonly error?: { readonly code: string; readonly message: string };
}
type Call = (input: object) => Promise<Outcome>;
type Client = Record<'uploadDocument' | 'putContent' | 'putNote' | 'searchDocuments' | 'getContent' | 'getNote' | 'deleteDocument' | 'exportDocument' | 'getStatus' | 'getFeed' | 'putArchive' | 'getThumbnail', Call>;
interface Package {
  createClient(options: object): Client;
  nodeTransport(module: typeof http): unknown;
}

let under: PackageUnderTest<Package>;
let base = '';
let pkg: Package;
const seen: Seen[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'GET' && path.endsWith('/content') && req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
    else if (req.method === 'GET' && path.endsWith('/content')) {
      const partial = req.headers.range !== undefined;
      const headers = { 'content-type': 'image/png', etag: '"v1"', ...(partial ? { 'content-range': 'bytes 0-3/10' } : {}) };
      res.writeHead(partial ? 206 : 200, headers).end(Buffer.from(partial ? PNG.subarray(0, 4) : PNG));
    } else if (req.method === 'GET' && path.endsWith('/note')) res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-ratelimit-remaining': '41' }).end('{"not": "json"} ✓');
    else if (req.method === 'DELETE') res.writeHead(path.endsWith('/queued') ? 202 : 204, { 'content-type': 'application/json' }).end(path.endsWith('/queued') ? '{"id":"queued"}' : undefined);
    else if (path.endsWith('/content') || path.endsWith('/note')) res.writeHead(204).end();
    else if (path.endsWith('/export')) {
      const ready = path.startsWith('/documents/ready');
      res.writeHead(ready ? 200 : 202, { 'content-type': ready ? 'application/pdf' : 'application/json' }).end(ready ? Buffer.from('%PDF-1.7') : '{"id":"job-1"}');
    } else if (path === '/status') {
      // A 2xx the contract lists nowhere: the default success covers it.
      res.writeHead(203, { 'content-type': 'application/json' }).end('{"id":"up"}');
    } else if (path.endsWith('/thumbnail')) {
      const ready = path.startsWith('/documents/ready');
      res.writeHead(ready ? 200 : 202, ready ? { 'content-type': 'image/png' } : {}).end(ready ? Buffer.from(PNG) : undefined);
    } else if (path.startsWith('/archives/')) res.writeHead(204).end();
    else if (path === '/feed') res.writeHead(200, { 'content-type': 'application/atom+xml' }).end('<feed/>');
    else if (path === '/documents/search') res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    else res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"d1"}');
  });
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(fixture('bodies'), OUT, TYPE_TESTS, handle);
  ({ pkg, base } = under);
});

afterAll(() => under.dispose());

describe('body types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

async function sent(call: Promise<Outcome>): Promise<Seen> {
  const before = seen.length;
  const outcome = await call;
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
  expect(seen.length - before).toBe(1);
  return seen[before] as Seen;
}

const TRANSPORTS = ['fetch', 'nodeTransport'] as const;
function client(transport: (typeof TRANSPORTS)[number]): Client {
  return pkg.createClient({ environment: 'live', servers: { api_url: base }, maxRetries: 0, ...(transport === 'fetch' ? {} : { transport: pkg.nodeTransport(http) }) });
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

describe.each(TRANSPORTS)('through %s', (transport) => {
  it('multipart/form-data: text fields, repeated fields, a File with its name and type, bytes, and a JSON part', async () => {
    const file = new File([PNG], 'scan "1".png', { type: 'image/png' });
    const got = await sent(
      client(transport).uploadDocument({ body: { title: 'Q3 report\r\nX-Injected: 1', tags: ['a', 'b'], file, attachments: [new Uint8Array([1, 2, 3])], meta: { source: 'scanner' } } }),
    );
    const type = got.headers['content-type'] ?? '';
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(type)?.[1];
    expect(boundary).toBeDefined();
    // Read back by an independent multipart parser (undici's).
    const form = await new Response(got.body, { headers: { 'content-type': type } }).formData();
    expect(form.get('title')).toBe('Q3 report\r\nX-Injected: 1');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    const part = form.get('file') as File;
    expect([part.name, part.type, [...new Uint8Array(await part.arrayBuffer())]]).toEqual(['scan "1".png', 'image/png', [...PNG]]);
    const bytes = form.get('attachments') as File;
    expect([bytes.name, bytes.type, [...new Uint8Array(await bytes.arrayBuffer())]]).toEqual(['blob', 'application/octet-stream', [1, 2, 3]]);
    expect(form.get('meta')).toBe('{"source":"scanner"}');
    // And byte for byte: the framing of one part.
    const text = got.body.toString('latin1');
    expect(text).toContain(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan %221%22.png"\r\nContent-Type: image/png\r\n\r\n${Buffer.from(PNG).toString('latin1')}\r\n`);
    expect(text.endsWith(`--${boundary}--\r\n`)).toBe(true);
    expect(Number(got.headers['content-length'] ?? got.body.length)).toBe(got.body.length);
  });

  it('application/octet-stream and another binary type: bytes, a view, a Blob and a stream sent exactly', async () => {
    const c = client(transport);
    const bytes = await sent(c.putContent({ id: 'd/1', body: PNG }));
    expect([bytes.method, bytes.url, bytes.headers['content-type'], [...bytes.body]]).toEqual(['PUT', '/documents/d%2F1/content', 'application/octet-stream', [...PNG]]);
    const view = await sent(c.putContent({ id: 'd', body: PNG.subarray(2, 5), contentType: 'image/png' }));
    expect([view.headers['content-type'], [...view.body]]).toEqual(['image/png', [...PNG.subarray(2, 5)]]);
    const blob = await sent(c.putContent({ id: 'd', body: new Blob([PNG, PNG]) }));
    expect([...blob.body]).toEqual([...PNG, ...PNG]);
    const chunks = [PNG.subarray(0, 4), PNG.subarray(4)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(next);
      },
    });
    const streamed = await sent(c.putContent({ id: 'd', body: stream }));
    expect([...streamed.body]).toEqual([...PNG]);
    // A body typed otherwise (unknown) but sent as bytes may be a stream too.
    const archive = await sent(c.putArchive({ id: 'a', body: new ReadableStream<Uint8Array>({ pull: (controller) => (controller.enqueue(PNG), controller.close()) }) }));
    expect([archive.headers['content-type'], [...archive.body]]).toEqual(['application/zip', [...PNG]]);
  });

  it('an exact status with a body is read as such beside a bodiless class', async () => {
    const c = client(transport);
    const ready = await c.getThumbnail({ id: 'ready' });
    expect(ready).toMatchObject({ ok: true, response: { status: 200 } });
    expect([...(ready.data as Uint8Array)]).toEqual([...PNG]);
    expect(await c.getThumbnail({ id: 'later' })).toMatchObject({ ok: true, data: undefined, response: { status: 202 } });
  });

  it('text/plain: the string as UTF-8, line breaks and all', async () => {
    const got = await sent(client(transport).putNote({ id: 'd', body: 'ünïcode\r\nline two' }));
    expect([got.headers['content-type'], got.body.toString('utf8')]).toEqual(['text/plain', 'ünïcode\r\nline two']);
  });

  it('a URL-encoded form: nested objects by brackets, arrays as repeated keys, every value percent-encoded; JSON when the caller picks it', async () => {
    const c = client(transport);
    const body = { query: 'a&b=c #d', filter: { owner: 'me', year: 2024 }, ids: [1, 2] };
    const form = await sent(c.searchDocuments({ body }));
    expect(form.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form.body.toString()).toBe('query=a%26b%3Dc+%23d&filter%5Bowner%5D=me&filter%5Byear%5D=2024&ids=1&ids=2');
    const json = await sent(c.searchDocuments({ body, contentType: 'application/json' }));
    expect([json.headers['content-type'], JSON.parse(json.body.toString()) as unknown]).toEqual(['application/json', body]);
  });

  it('a body its media type cannot carry is an invalid request, sent nowhere', async () => {
    const before = seen.length;
    const outcome = await client(transport).putNote({ id: 'd', body: { not: 'text' } });
    expect(outcome).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(seen.length).toBe(before);
  });

  it('responses: bytes with their headers and status, text as it is, bodiless and bodied successes', async () => {
    const c = client(transport);
    const full = await c.getContent({ id: 'd' });
    expect(full).toMatchObject({ ok: true, response: { status: 200, headers: { etag: '"v1"' } } });
    expect([...(full.data as Uint8Array)]).toEqual([...PNG]);
    const part = await c.getContent({ id: 'd', range: 'bytes=0-3' });
    expect(part).toMatchObject({ ok: true, response: { status: 206, headers: { etag: '"v1"', 'content-range': 'bytes 0-3/10' } } });
    expect([...(part.data as Uint8Array)]).toEqual([...PNG.subarray(0, 4)]);
    expect(seen.at(-1)?.headers.accept).toBe('image/png');
    // A 304 is never ok: the not_modified error of the conditional request.
    expect(await c.getContent({ id: 'd', ifNoneMatch: '"v1"' })).toMatchObject({ ok: false, error: { shape: 'client', category: 'not_modified', status: 304 } });
    const note = await c.getNote({ id: 'd' });
    expect(note).toMatchObject({ ok: true, data: '{"not": "json"} ✓', response: { status: 200, headers: { 'x-ratelimit-remaining': '41' } } });
    expect(seen.at(-1)?.headers.accept).toBe('text/plain');
    expect(await c.deleteDocument({ id: 'd' })).toMatchObject({ ok: true, data: undefined, response: { status: 204 } });
    expect(await c.deleteDocument({ id: 'queued' })).toMatchObject({ ok: true, data: { id: 'queued' }, response: { status: 202 } });
  });

  it('successes read by their own status: a PDF 200 as bytes, a JSON 202 as data; the Accept header names both', async () => {
    const c = client(transport);
    const ready = await c.exportDocument({ id: 'ready' });
    expect(ready).toMatchObject({ ok: true, response: { status: 200 } });
    expect(Buffer.from(ready.data as Uint8Array).toString()).toBe('%PDF-1.7');
    expect(seen.at(-1)?.headers.accept).toBe('application/pdf, application/json');
    expect(await c.exportDocument({ id: 'later' })).toMatchObject({ ok: true, data: { id: 'job-1' }, response: { status: 202 } });
  });

  it('a default success is any 2xx; XML text is read as text, its documented error media type asked for after it', async () => {
    const c = client(transport);
    expect(await c.getStatus({})).toMatchObject({ ok: true, data: { id: 'up' }, response: { status: 203 } });
    expect(await c.getFeed({})).toMatchObject({ ok: true, data: '<feed/>' });
    // The default error's body is JSON: a negotiating server may answer an error in it.
    expect(seen.at(-1)?.headers.accept).toBe('application/atom+xml, application/json');
  });
});
