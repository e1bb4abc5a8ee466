/**
 * Error bodies typed per status (test/fixtures/error-bodies): `error.status` narrows `error.body` to
 * the body the endpoint documents for that status (a shape's body, or the response's own), `unknown`
 * at every other status and where nothing is documented, under both compilers; an endpoint with the
 * same documented bodies names the first's union; a `4XX` body types the 4xx statuses not listed
 * exactly, a `default` body every other status. And against a node:http server on 127.0.0.1, the
 * decoded errors carry the status and the body the types promise.
 */
import * as http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { fixture } from './support/corpus.js';

const OUT = outDir('error-bodies');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { ApiError, Client, GetThingError, Invalid, ListThingsError, Problem, PutThingError, Quota } from './index.js';

export async function narrows(client: Client): Promise<void> {
  const r = await client.getThing({ id: 't' });
  if (r.ok) return;
  // A client error may carry any status: body stays unknown until it is excluded.
  if (r.error.status === 404) expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
  if (r.error.shape === 'client') return;
  if (r.error.status === 404) expectTypeOf(r.error.body).toEqualTypeOf<Problem | undefined>();
  else if (r.error.status === 422) expectTypeOf(r.error.body).toEqualTypeOf<Invalid | undefined>();
  // Documented without a body: nothing to type.
  else if (r.error.status === 500) expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
  else expectTypeOf(r.error.body).toEqualTypeOf<unknown>();
}

export function shared(error: PutThingError): void {
  expectTypeOf<PutThingError>().toEqualTypeOf<GetThingError>();
  if (error.shape !== 'client' && error.status === 422) expectTypeOf(error.body).toEqualTypeOf<Invalid | undefined>();
}

export function undocumented(error: ListThingsError): void {
  if (error.shape === 'client') return;
  expectTypeOf(error.status).toEqualTypeOf<number>();
  if (error.status === 404) expectTypeOf(error.body).toEqualTypeOf<unknown>();
}

export async function byClass(client: Client): Promise<void> {
  const r = await client.deleteThing({ id: 't' });
  if (r.ok || r.error.shape === 'client') return;
  if (r.error.status === 409) expectTypeOf(r.error.body).toEqualTypeOf<Invalid | undefined>();
  // A 4xx not listed exactly: the 4XX body; any other status: the default's.
  else if (r.error.status === 404 || r.error.status === 499) expectTypeOf(r.error.body).toEqualTypeOf<Problem | undefined>();
  else if (r.error.status === 503 || r.error.status === 302) expectTypeOf(r.error.body).toEqualTypeOf<Quota | undefined>();
}

export async function ownShape(client: Client): Promise<void> {
  const r = await client.makeThing({ body: { id: 't' } });
  if (r.ok || r.error.shape === 'client') return;
  if (r.error.status === 429) expectTypeOf(r.error.body).toEqualTypeOf<Quota | undefined>();
  // The host's decoded error keeps its defaults: any status, body unknown.
  expectTypeOf<ApiError['body']>().toEqualTypeOf<unknown>();
  expectTypeOf<ApiError['status']>().toEqualTypeOf<number>();
}
`;

interface Outcome {
  readonly ok: boolean;
  readonly error?: { readonly status: number; readonly shape: string; readonly body: unknown; readonly message: string };
}
type Call = (input: object) => Promise<Outcome>;
interface Package {
  createClient(options: object): Record<'getThing' | 'makeThing' | 'deleteThing', Call>;
}

let under: PackageUnderTest<Package>;

function handle(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  req.on('end', () => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/things/missing') return send(404, { type: 'https://errors.example/not-found', title: 'No such thing' });
    if (req.url === '/things/bad') return send(422, { title: 'Invalid thing', errors: ['id is too long'] });
    if (req.url === '/things' && req.method === 'POST') return send(429, { quota: 'Ten things a day' });
    if (req.url === '/things/gone' && req.method === 'DELETE') return send(410, { type: 'https://errors.example/gone', title: 'Gone' });
    if (req.url === '/things/busy' && req.method === 'DELETE') return send(503, { quota: 'Try later' });
    res.writeHead(500, { 'content-type': 'text/plain' }).end('boom');
  });
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(fixture('error-bodies'), OUT, TYPE_TESTS, handle);
});

afterAll(() => under.dispose());

describe('error body types', () => {
  it.each(Object.keys(COMPILERS) as Compiler[])('under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  });
});

describe('decoded errors carry what the types say', () => {
  const client = () => under.pkg.createClient({ environment: 'live', servers: { api_url: under.base }, maxRetries: 0 });

  it('a 404 with its problem document, a 422 with its own body', async () => {
    expect(await client().getThing({ id: 'missing' })).toMatchObject({ ok: false, error: { status: 404, shape: 'problem', body: { type: 'https://errors.example/not-found', title: 'No such thing' } } });
    expect(await client().getThing({ id: 'bad' })).toMatchObject({ ok: false, error: { status: 422, body: { title: 'Invalid thing', errors: ['id is too long'] } } });
  });

  it('a 4xx not listed exactly with the 4XX body, another status with the default body', async () => {
    expect(await client().deleteThing({ id: 'gone' })).toMatchObject({ ok: false, error: { status: 410, shape: 'problem', body: { type: 'https://errors.example/gone', title: 'Gone' } } });
    expect(await client().deleteThing({ id: 'busy' })).toMatchObject({ ok: false, error: { status: 503, body: { quota: 'Try later' } } });
  });

  it('an endpoint’s own shape at its status; a status documented without a body keeps whatever came', async () => {
    expect(await client().makeThing({ body: { id: 't' } })).toMatchObject({ ok: false, error: { status: 429, shape: 'quota', body: { quota: 'Ten things a day' } } });
    expect(await client().getThing({ id: 'boom' })).toMatchObject({ ok: false, error: { status: 500, shape: 'unrecognised', body: 'boom' } });
  });
});
