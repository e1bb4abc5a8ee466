/**
 * A URL-encoded form body with object fields (test/fixtures/openapi/form-encoding.json), imported
 * and generated, sent to a node:http server on 127.0.0.1 that reads the form as OpenAPI 3.1.1
 * says: an object field without an Encoding Object is one JSON text (its contentType default,
 * application/json), a `deepObject` field nests by brackets, an array of scalars repeats its name.
 * Prism rejects the bracket form of an unstyled object field (ably.io's push publish), and servers
 * that document "a JSON-serialized object" in a form field read only the JSON one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOpenApi } from '../generator/import/import.js';
import { loadDescriptionText } from '../generator/import/load-description.js';
import { renderOpenApi } from '../generator/openapi/render.js';
import { outDir } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';

const DESCRIPTION = 'test/fixtures/openapi/form-encoding.json';
const OUT = outDir('form-encoding');

interface Package {
  createBaseClient(options: object): unknown;
  publishPush(client: unknown, input: object): Promise<{ readonly ok: boolean }>;
}

let under: PackageUnderTest<Package>;
const bodies: string[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    bodies.push(Buffer.concat(chunks).toString('utf8'));
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"p1"}');
  });
}

beforeAll(async () => {
  under = await packageUnderTest<Package>(DESCRIPTION, OUT, '', handle);
});
afterAll(() => under.dispose());

async function sent(body: object): Promise<URLSearchParams> {
  const client = under.pkg.createBaseClient({ environment: 'default', servers: { origin: under.base }, maxRetries: 0 });
  const result = await under.pkg.publishPush(client, { body });
  expect(result.ok).toBe(true);
  return new URLSearchParams(bodies.at(-1));
}

describe('a form body as OpenAPI writes it', () => {
  it('an object field with no Encoding Object goes as one JSON text (an array of objects as one per item); a deepObject field by brackets; scalars and arrays of scalars as they are', async () => {
    const form = await sent({ recipient: { clientId: 'c&1', deviceToken: 't=2' }, media: [{ type: 'photo' }, { type: 'video' }], metadata: { order: 'o1' }, tags: ['a', 'b'], title: 'Hi there' });
    expect([...form.keys()]).toEqual(['recipient', 'media', 'media', 'metadata[order]', 'tags', 'tags', 'title']);
    expect(JSON.parse(form.get('recipient') ?? '')).toEqual({ clientId: 'c&1', deviceToken: 't=2' });
    expect(form.getAll('media').map((m) => JSON.parse(m) as unknown)).toEqual([{ type: 'photo' }, { type: 'video' }]);
    expect(form.get('metadata[order]')).toBe('o1');
    expect(form.getAll('tags')).toEqual(['a', 'b']);
    expect(form.get('title')).toBe('Hi there');
  });
});

describe('the contract says it, and the OpenAPI export says it back', () => {
  const imported = importOpenApi(JSON.parse(readFileSync(DESCRIPTION, 'utf8')) as Record<string, unknown>);

  it('import writes the unstyled object fields into jsonFields', () => {
    if (!imported.ok) throw new Error(imported.problem);
    const request = ((imported.contract['endpoints'] as Record<string, Record<string, unknown>>)['publishPush'] ?? {})['request'];
    expect(request).toMatchObject({ jsonFields: ['recipient', 'media'] });
  });

  it('the export gives each bracket field its deepObject encoding and leaves the JSON fields to the default, and reads back the same', () => {
    const contract = loadDescriptionText(DESCRIPTION, readFileSync(DESCRIPTION, 'utf8')).result;
    if (!contract.ok) throw new Error('the description does not load');
    const text = renderOpenApi(contract.contract);
    expect(text).toMatch(/\n {12}encoding:\n {14}metadata: \{style: deepObject, explode: true\}\n {6}responses:/);
    const back = loadDescriptionText('back.openapi.yaml', text).result;
    expect(back.ok && back.contract.endpoints[0]?.request?.jsonFields).toEqual(['recipient', 'media']);
  });
});
