/**
 * `contractgen import`: each mapping rule (a small description in, the contract it gives out), the
 * positioned errors for descriptions that cannot be read, warnings at the description's line:col,
 * the written YAML reading back as the same model, and OpenAPI as direct input to the commands.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { loadContract } from '../generator/contract.js';
import { renderOpenApi } from '../generator/openapi/render.js';
import { DIFF_BOTH, FIXTURE_CONTRACTS } from './support/corpus.js';
import type { Io } from '../generator/commands.js';
import { contractText } from '../generator/commands/import.js';
import { loadContractText } from '../generator/contract.js';
import type { Out } from '../generator/import/context.js';
import { importOpenApi } from '../generator/import/import.js';
import { loadDescriptionText } from '../generator/import/load-description.js';

const dir = mkdtempSync(join(tmpdir(), 'contractgen-import-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Doc = Record<string, unknown>;

function description(parts: Doc): Doc {
  return { openapi: '3.0.3', info: { title: 'Pet Store', version: '1.2' }, paths: { '/ping': { get: { responses: { '200': { description: 'ok' } } } } }, ...parts };
}

function imported(doc: Doc): { contract: Out; causes: string[]; messages: string[] } {
  const result = importOpenApi(doc);
  if (!result.ok) throw new Error(result.problem);
  // Every contract the importer writes must also be valid: the model is built from it.
  const loaded = loadDescriptionText('d.json', JSON.stringify(doc));
  expect(loaded.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { contract: result.contract, causes: result.warnings.map((w) => w.cause), messages: result.warnings.map((w) => w.message) };
}

function types(doc: Doc): Out {
  return imported(description({ components: { schemas: doc } })).contract['types'] as Out;
}

function endpoint(operation: Doc, route = '/pets', method = 'get', extra: Doc = {}): Out {
  const { contract } = imported(description({ paths: { [route]: { [method]: { operationId: 'op', responses: { '200': { description: 'ok' } }, ...operation } } }, ...extra }));
  return (contract['endpoints'] as Out)['op'] as Out;
}

describe('schemas → types', () => {
  it('objects: required fields, 3.0 nullable and 3.1 type arrays, readOnly, deprecated, descriptions', () => {
    expect(
      types({
        Pet: {
          type: 'object',
          description: 'A pet.',
          required: ['id'],
          properties: {
            id: { type: 'integer', format: 'int64', readOnly: true },
            name: { type: 'string', nullable: true },
            tag: { type: ['string', 'null'] },
            'owner-email': { type: 'string', format: 'email', deprecated: true },
          },
        },
      }),
    ).toEqual({
      Pet: {
        kind: 'object',
        description: 'A pet.',
        fields: {
          id: { type: 'integer', format: 'int64', required: true, readOnly: true },
          name: { type: 'string', nullable: true },
          tag: { type: 'string', nullable: true },
          'owner-email': { type: 'string', format: 'email', deprecated: true },
        },
      },
    });
  });

  it('enums of strings or integers, arrays with constraints, maps from additionalProperties', () => {
    expect(
      types({
        Status: { type: 'string', enum: ['available', 'sold', null] },
        Priority: { type: 'integer', enum: [1, 2, 3] },
        Tags: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 5, uniqueItems: true },
        Labels: { type: 'object', additionalProperties: { type: 'integer' } },
        Anything: { type: 'object' },
      }),
    ).toEqual({
      Status: { kind: 'enum', values: ['available', 'sold'] },
      Priority: { kind: 'enum', values: [1, 2, 3] },
      Tags: { kind: 'array', items: { type: 'string', minLength: 1 }, maxItems: 5, uniqueItems: true },
      Labels: { kind: 'map', values: { type: 'integer' } },
      Anything: { kind: 'map', values: 'unknown' },
    });
  });

  it('allOf of named objects: extends when no field is restated, every field written out when one is', () => {
    const out = types({
      Animal: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      Dog: { allOf: [{ $ref: '#/components/schemas/Animal' }, { type: 'object', properties: { good: { type: 'boolean' } } }] },
      Cat: { allOf: [{ $ref: '#/components/schemas/Animal' }, { type: 'object', properties: { id: { type: 'integer' } } }] },
    });
    expect(out['Dog']).toEqual({ kind: 'object', extends: ['Animal'], fields: { good: { type: 'boolean' } } });
    // allOf's `required` still holds for the restated field.
    expect(out['Cat']).toEqual({ kind: 'object', fields: { id: { type: 'integer', required: true } } });
  });

  it('oneOf with a discriminator: the mapping written out, a member named by its const value', () => {
    const out = types({
      Dog: { type: 'object', required: ['kind'], properties: { kind: { type: 'string', enum: ['dog'] } } },
      Cat: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } } },
      Pet: { oneOf: [{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat' } } },
      Loose: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    });
    expect(out['Pet']).toEqual({ kind: 'union', members: ['Dog', 'Cat'], discriminator: { field: 'kind', mapping: { cat: 'Cat', dog: 'Dog' } } });
    expect(out['Loose']).toEqual({ kind: 'union', members: [{ type: 'string' }, { type: 'integer' }], nullable: true });
  });

  it('references to aliases ({}, bytes, another name) are written as what they stand for; unsafe names get safe ones', () => {
    const out = types({
      'pet.v1': { type: 'object', properties: { photo: { $ref: '#/components/schemas/Bytes' }, any: { $ref: '#/components/schemas/Any' }, same: { $ref: '#/components/schemas/Alias' } } },
      Bytes: { type: 'string', format: 'binary' },
      Any: {},
      Alias: { $ref: '#/components/schemas/pet.v1' },
    });
    expect(Object.keys(out)).toEqual(['PetV1']);
    expect(out['PetV1']).toEqual({ kind: 'object', fields: { photo: { type: 'binary' }, any: { type: 'unknown' }, same: { type: 'PetV1' } } });
  });

  it("3.0's boolean exclusive bounds become 2020-12's numbers; a pattern JavaScript cannot read is left out with a warning", () => {
    const doc = description({ components: { schemas: { Age: { type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: 150 }, Code: { type: 'string', pattern: '\\p{Foo}' } } } });
    const { contract, causes } = imported(doc);
    expect((contract['types'] as Out)['Age']).toEqual({ kind: 'integer', exclusiveMinimum: 0, maximum: 150 });
    expect((contract['types'] as Out)['Code']).toEqual({ kind: 'string' });
    expect(causes).toContain('constraint-dropped');
  });

  it('a pattern that may take too long to match is left out with a warning at it, where a safe one is kept: the contract would refuse it (slow-pattern)', () => {
    const doc = description({
      components: {
        schemas: {
          Slug: { type: 'string', pattern: '^([a-z0-9]+-?)+$' },
          Nested: { type: 'object', properties: { code: { type: 'string', pattern: '(\\d+)*x' }, zip: { type: 'string', pattern: '^\\d{5}$' } } },
        },
      },
    });
    const { contract, causes } = imported(doc);
    expect((contract['types'] as Out)['Slug']).toEqual({ kind: 'string' });
    expect(((contract['types'] as Out)['Nested'] as Out)['fields']).toEqual({ code: { type: 'string' }, zip: { type: 'string', pattern: '^\\d{5}$' } });
    expect(causes.filter((c) => c === 'constraint-dropped')).toHaveLength(2);
    const json = JSON.stringify(doc, null, 2);
    const warnings = loadDescriptionText('d.json', json).warningDiagnostics(10);
    const line = json.split('\n').findIndex((l) => l.includes('"^([a-z0-9]+-?)+$"')) + 1;
    expect(warnings.find((w) => w.line === line)).toMatchObject({ code: 'openapi-approximated', severity: 'warning' });
    expect(warnings.find((w) => w.line === line)?.message).toContain('a pattern that may take too long to match on some text of 4,096 characters');
  });

  it("schemas named like the package's own exports (Host, Result, Client) are renamed in the first pass, each reference following", () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const doc = description({
      paths: { '/hosts': { get: { operationId: 'listHosts', responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref('Host') } } } } } } },
      components: {
        schemas: {
          Host: { type: 'object', properties: { result: ref('Result'), client: ref('Client') } },
          Result: { type: 'string' },
          Client: { type: 'object', properties: { id: { type: 'string' } } },
        },
      },
    });
    const loaded = loadDescriptionText('d.json', JSON.stringify(doc));
    expect(loaded.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(loaded.passes).toBe(1);
    const names = Object.keys((loaded.data?.['types'] ?? {}) as Out);
    expect(names.sort()).toEqual(['Client2', 'Host2', 'Result2']);
    expect(((loaded.data?.['types'] as Out)['Host2'] as Out)['fields']).toEqual({ result: { type: 'Result2' }, client: { type: 'Client2' } });
  });
});

describe('what the format refuses that a description can say, amended where it is written', () => {
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (schema: Doc) => ({ content: { 'application/json': { schema } } });
  const doc = description({
    paths: {
      '/files/{id}': { get: { operationId: 'getFile', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', ...json(ref('File')) } } } },
      '/files': { post: { operationId: 'store', requestBody: { content: { 'multipart/form-data': { schema: ref('Upload') } } }, responses: { '201': { description: 'ok', ...json(ref('Node')) } } } },
    },
    components: {
      schemas: {
        File: { type: 'object', required: ['content'], properties: { content: { type: 'string', format: 'binary' }, thumbs: { type: 'array', items: { type: 'string', format: 'binary' } } } },
        Upload: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } },
        Node: { type: 'object', required: ['id', 'next'], properties: { id: { type: 'string' }, next: ref('Tree') } },
        Tree: { type: 'object', required: ['node'], properties: { node: ref('Node') } },
      },
    },
  });

  it('bytes inside a JSON body are base64 text (format: byte); bytes of a multipart part stay bytes', () => {
    // Without the cycle: the bytes alone must be found.
    const schemas = (doc['components'] as { schemas: Doc }).schemas;
    const loaded = loadDescriptionText('d.json', JSON.stringify({ ...doc, components: { schemas: { ...schemas, Node: { ...(schemas['Node'] as Doc), required: ['id'] } } } }));
    expect(loaded.result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const t = loaded.data?.['types'] as Record<string, Out>;
    expect(t['File']?.['fields']).toEqual({ content: { type: 'string', format: 'byte', required: true }, thumbs: { type: 'array', items: { type: 'string', format: 'byte' } } });
    expect(t['Upload']?.['fields']).toEqual({ file: { type: 'binary' } });
    expect(loaded.warnings.filter((w) => w.cause === 'bytes-in-json').map((w) => [w.pointer, w.message])).toEqual([
      ['/components/schemas/File/properties/content', 'bytes (format: binary) at File.content travel inside a JSON body, which carries no bytes: read as base64 text (format: byte)'],
      ['/components/schemas/File/properties/thumbs/items', 'bytes (format: binary) at File.thumbs[] travel inside a JSON body, which carries no bytes: read as base64 text (format: byte)'],
    ]);
  });

  it('a cycle of required fields (Node.next → Tree.node → Node) has its first field read as optional', () => {
    // Without the bytes: the cycle alone must be found.
    const schemas = (doc['components'] as { schemas: Doc }).schemas;
    const text = JSON.stringify({ ...doc, paths: { '/nodes': (doc['paths'] as Doc)['/files'] }, components: { schemas: { Upload: schemas['Upload'], Node: schemas['Node'], Tree: schemas['Tree'] } } }, null, 2);
    const loaded = loadDescriptionText('d.json', text);
    const t = loaded.data?.['types'] as Record<string, Out>;
    expect(t['Node']?.['fields']).toEqual({ id: { type: 'string', required: true }, next: { type: 'Tree' } });
    expect(t['Tree']?.['fields']).toEqual({ node: { type: 'Node', required: true } });
    const cycles = loaded.warnings.filter((w) => w.cause === 'required-cycle');
    expect(cycles.map((w) => [w.pointer, w.message])).toEqual([['/components/schemas/Node/properties/next', 'every Node would need another through Node.next → Tree.node → Node, so no value could end: Node.next is read as optional']]);
    // The warning is positioned where the field is written.
    const line = text.split('\n').findIndex((l) => l.includes('"next": {')) + 1;
    expect(loaded.warningDiagnostics(10).find((d) => d.message.startsWith('every Node'))).toMatchObject({ code: 'openapi-approximated', line });
  });
});

describe('names like members of every object (__proto__, constructor, toString, hasOwnProperty)', () => {
  // test/fixtures/openapi/object-members.json: each name as a property (of a body, a response, an
  // allOf, an error), a parameter, a header, an enum value, a code and a discriminator value.
  const doc = JSON.parse(readFileSync('test/fixtures/openapi/object-members.json', 'utf8')) as Doc;
  const prototype = Object.getOwnPropertyNames(Object.prototype).join();
  const { contract, causes } = imported(doc);
  const typesOut = contract['types'] as Out;
  const fieldsOf = (type: string) => (typesOut[type] as Out)['fields'] as Out;
  const op = (id: string) => (contract['endpoints'] as Out)[id] as Out;

  it('are fields like any other, own keys of plain objects, through references and allOf', () => {
    expect(Object.prototype.hasOwnProperty.call(fieldsOf('Thing'), '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(fieldsOf('Thing'))).toBe(Object.prototype);
    expect(Object.keys(fieldsOf('Thing'))).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'name']);
    expect(fieldsOf('Thing')['__proto__']).toEqual({ type: 'string', required: true });
    expect(Object.keys(((fieldsOf('Thing')['valueOf'] as Out)['fields']) as Out)).toEqual(['__proto__', 'constructor']);
    expect(typesOut['Derived']).toMatchObject({ extends: ['Base'] });
    expect(Object.keys(fieldsOf('Derived'))).toEqual(['__proto__', 'constructor']);
    const merged = ((op('postMerged')['responses'] as Out)['200'] as Out)['body'] as Out;
    expect(Object.keys(merged['fields'] as Out)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.keys(fieldsOf('Problem'))).toEqual(['code', 'message', '__proto__', 'hasOwnProperty']);
    expect(Object.prototype.hasOwnProperty.call(typesOut, 'constructor')).toBe(false);
  });

  it('are parameters, headers, enum values, codes and discriminator values, none dropped or renamed', () => {
    expect(causes).toEqual([]);
    expect(op('putThing')['path']).toBe('/things/{toString}');
    expect(Object.keys(op('putThing')['params'] as Out)).toEqual(['toString', 'constructor', 'hasOwnProperty', '__proto__']);
    expect(Object.keys((((op('putThing')['responses'] as Out)['200'] as Out)['headers']) as Out)).toEqual(['constructor', '__proto__']);
    expect((typesOut['Member'] as Out)['values']).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(Object.keys(((typesOut['Figure'] as Out)['discriminator'] as Out)['mapping'] as Out)).toEqual(['__proto__', 'toString', 'hasOwnProperty']);
    const codes = ((((contract['hosts'] as Out)['api'] as Out)['errors'] as Out)['codes'] as Out)['rows'] as Out[];
    // Under each status the shape answers, the codes in the order the description lists them.
    const statuses = [...new Set(codes.map((r) => r['status']))];
    expect(codes.map((r) => r['code'])).toEqual(statuses.flatMap(() => ['constructor', '__proto__', 'toString']));
  });

  it('are written, read back and built into the model as they are, and Object.prototype is left as it was', () => {
    const text = contractText(contract, 'object-members.json');
    const reread = loadContractText('c.yaml', text);
    if (!reread.ok) throw new Error(reread.diagnostics.map((d) => d.message).join('; '));
    const thing = reread.contract.types.find((t) => t.name === 'Thing');
    expect(thing?.kind === 'object' ? thing.fields.map((f) => f.name) : []).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'name']);
    expect(reread.contract.endpoints.find((e) => e.id === 'putThing')?.params.map((p) => p.name)).toEqual(['toString', 'constructor', 'hasOwnProperty', '__proto__']);
    expect(Object.getOwnPropertyNames(Object.prototype).join()).toBe(prototype);
  });
});

describe('operations → endpoints', () => {
  it('a $ref whose pointer is percent-encoded, as a URI fragment may be (RFC 6901 §6), is followed', () => {
    // From the conformance suite (conjur.local): `#/paths/~1policies~1%7Baccount%7D…` left the 201 body out.
    const created = { description: 'created', content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } } };
    const op = endpoint({ responses: { '201': { $ref: '#/paths/~1policies~1%7Baccount%7D/post/responses/201' } } }, '/policies/{account}', 'get', {
      paths: {
        '/policies/{account}': {
          get: { operationId: 'op', parameters: [{ name: 'account', in: 'path', required: true, schema: { type: 'string' } }], responses: { '201': { $ref: '#/paths/~1policies~1%7Baccount%7D/post/responses/201' } } },
          post: { operationId: 'create', parameters: [{ name: 'account', in: 'path', required: true, schema: { type: 'string' } }], responses: { '201': created } },
        },
      },
    });
    expect((op['responses'] as Out)['201']).toMatchObject({ body: { type: 'object', fields: { id: { type: 'string', required: true } } } });
  });

  it('ids from operationId, else the method and path in camel case', () => {
    const { contract } = imported(description({ paths: { '/users/{id}/posts': { get: { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok' } } } } } }));
    expect(Object.keys(contract['endpoints'] as Out)).toEqual(['getUsersIdPosts']);
  });

  it('parameters of every place with their styles; keys that would clash with call options or each other get their own', () => {
    const op = endpoint({
      parameters: [
        { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } }, style: 'pipeDelimited' },
        { name: 'ids', in: 'query', required: true, schema: { type: 'array', items: { type: 'integer' } }, explode: false },
        { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
        { name: 'session', in: 'cookie', schema: { type: 'string' } },
        { name: 'body', in: 'query', schema: { type: 'string' } },
        { name: 'Accept', in: 'header', schema: { type: 'string' } },
      ],
    });
    expect(op['params']).toEqual({
      tags: { in: 'query', type: 'array', items: { type: 'string' }, style: 'pipeDelimited' },
      ids: { in: 'query', type: 'array', items: { type: 'integer' }, required: true, explode: false },
      'X-Request-Id': { in: 'header', type: 'string', format: 'uuid' },
      session: { in: 'cookie', type: 'string' },
      body: { in: 'query', type: 'string', key: 'bodyParam' },
    });
  });

  it('request bodies: JSON first, the media types that carry the same body kept, bytes as binary', () => {
    const json = endpoint({ requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { a: { type: 'string' } } } }, 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { a: { type: 'string' } } } } } } }, '/pets', 'post');
    expect(json['request']).toEqual({ body: { type: 'object', fields: { a: { type: 'string' } } }, contentTypes: ['application/json', 'application/x-www-form-urlencoded'] });
    const upload = endpoint({ requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } } }, '/pets', 'put');
    expect(upload['request']).toEqual({ body: 'binary', contentTypes: ['application/octet-stream'], optional: true });
  });

  it('form bodies: an object field no Encoding Object styles is written as JSON (jsonFields), a deepObject one by brackets', () => {
    const address = { type: 'object', properties: { city: { type: 'string' } } };
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        address: { $ref: '#/components/schemas/Address' },
        push: address,
        media: { type: 'array', items: { allOf: [address] } },
        tags: { type: 'array', items: { type: 'string' } },
        meta: { type: 'string' },
      },
    };
    const encoding = { push: { style: 'deepObject', explode: true }, meta: { contentType: 'application/json' } };
    const op = endpoint({ requestBody: { content: { 'application/x-www-form-urlencoded': { schema, encoding } } } }, '/pets', 'post', { components: { schemas: { Address: address } } });
    expect((op['request'] as Out)['jsonFields']).toEqual(['address', 'media', 'meta']);
    // Without a form among the media types kept, nothing is said.
    const json = endpoint({ requestBody: { content: { 'application/json': { schema } } } }, '/pets', 'post', { components: { schemas: { Address: address } } });
    expect((json['request'] as Out)['jsonFields']).toBeUndefined();
  });

  it('responses: bodies by media type, declared headers, bodiless statuses, and a default success when none is listed', () => {
    const op = endpoint({
      responses: {
        '200': { description: 'A page.', headers: { 'X-Rate-Limit': { schema: { type: 'integer' } }, Link: { required: true, schema: { type: 'string' } } }, content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } },
        '204': { description: 'Nothing.' },
        '2xx': { description: 'PDF.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      },
    });
    expect(op['responses']).toEqual({
      '200': { description: 'A page.', body: { type: 'array', items: { type: 'string' } }, headers: { 'X-Rate-Limit': { type: 'integer' }, Link: { required: true } } },
      '204': { description: 'Nothing.' },
      '2XX': { description: 'PDF.', body: 'binary', contentType: 'application/pdf' },
    });
    const none = endpoint({ responses: { '404': { description: 'Gone.' } } });
    expect(Object.keys(none['responses'] as Out)).toEqual(['404', 'default']);
  });

  it('a success documented under a media range keeps the range as written: Accept asks for it, not for application/octet-stream', () => {
    const any = endpoint({ responses: { '200': { description: 'Options.', content: { '*/*': { schema: { type: 'array', items: { type: 'string' } } } } } } });
    expect((any['responses'] as Out)['200']).toEqual({ description: 'Options.', body: 'binary', contentType: '*/*' });
    const images = endpoint({ responses: { '200': { description: 'A picture.', content: { 'image/*; q=0.8': { schema: { type: 'string', format: 'binary' } } } } } });
    expect((images['responses'] as Out)['200']).toEqual({ description: 'A picture.', body: 'binary', contentType: 'image/*' });
  });

  it('two keys of one media type (zuora: application/json bare, then with a charset and the schema): the one with a schema describes the body, in either order', () => {
    const schema = { type: 'object', properties: { id: { type: 'string' } } };
    for (const content of [
      { 'application/json': { examples: { a: { value: {} } } }, 'application/json; charset=utf-8': { schema } },
      { 'application/json; charset=utf-8': { schema }, 'application/json': { examples: { a: { value: {} } } } },
    ]) {
      const op = endpoint({ responses: { '200': { description: 'Done.', content } } });
      expect((op['responses'] as Out)['200']).toEqual({ description: 'Done.', body: { type: 'object', fields: { id: { type: 'string' } } } });
    }
  });

  it('a success in several media types keeps every one that carries its body, JSON first; a binary body under application/json says so', () => {
    const binary = { schema: { type: 'string', format: 'binary' } };
    const score = endpoint({ responses: { '200': { description: 'Revision data.', content: { 'application/json': binary, 'application/vnd.recordare.musicxml': binary, 'audio/midi': binary, 'image/png': binary } } } });
    expect((score['responses'] as Out)['200']).toEqual({ description: 'Revision data.', body: 'binary', contentType: ['application/json', 'application/vnd.recordare.musicxml', 'audio/midi', 'image/png'] });
    const one = endpoint({ responses: { '200': { description: 'Bytes.', content: { 'application/json': binary } } } });
    expect((one['responses'] as Out)['200']).toEqual({ description: 'Bytes.', body: 'binary', contentType: 'application/json' });
    // An object read as JSON is not read under XML: only the JSON types carry it.
    const pet = { schema: { type: 'object', properties: { a: { type: 'string' } } } };
    const pets = endpoint({ responses: { '200': { description: 'A pet.', content: { 'application/xml': pet, 'application/json': pet, 'application/vnd.pet+json': pet } } } });
    expect((pets['responses'] as Out)['200']).toEqual({ description: 'A pet.', body: { type: 'object', fields: { a: { type: 'string' } } }, contentType: ['application/json', 'application/vnd.pet+json'] });
  });
});

describe('error responses → error shapes', () => {
  const errorDoc = description({
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          responses: {
            '200': { description: 'ok' },
            '400': { description: 'Bad.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
            '404': { description: 'Missing.', content: { 'application/problem+json': { schema: { type: 'object' } } } },
            default: { description: 'Other.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
          },
        },
      },
    },
    components: { schemas: { Error: { type: 'object', required: ['error'], properties: { error: { type: 'object', properties: { code: { type: 'string', enum: ['bad_input', 'quota'] }, message: { type: 'string' } } } } } } },
  });

  it('a body is recognised by its code field (here error.code), RFC 9457 by its media type; a code enum is the host code table', () => {
    const { contract } = imported(errorDoc);
    expect(contract['shapes']).toEqual({
      error: { description: 'An error with a code and a message.', body: 'Error', match: { present: ['error.code'] }, read: { code: 'error.code', message: 'error.message' } },
      problem: { description: 'RFC 9457 problem details (type, title, detail).', match: { present: ['title'] }, read: { code: 'type', message: 'title', human: 'detail', status: 'status' } },
    });
    const host = (contract['hosts'] as Out)['api'] as Out;
    expect(host['errors']).toEqual({
      shapes: ['error', 'problem'],
      codes: { shape: 'error', description: expect.stringContaining('under each status it answers (400)') as unknown as string, rows: [{ status: 400, code: 'bad_input' }, { status: 400, code: 'quota' }] },
    });
    const responses = ((contract['endpoints'] as Out)['listPets'] as Out)['responses'] as Out;
    expect(responses['400']).toEqual({ description: 'Bad.', shape: 'error' });
    expect(responses['default']).toEqual({ description: 'Other.', shape: 'error' });
    expect(contract['statusCategories']).toMatchObject({ '404': 'not_found', '429': 'rate_limited', '4XX': 'client', '5XX': 'server' });
  });
});

describe('servers and security', () => {
  it('the first server is the host, the others environments; variables keep their enum and default; a relative URL gets {base_url}', () => {
    const { contract } = imported(
      description({
        servers: [
          { url: 'https://{region}.api.example.com/v1', description: 'Production', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } },
          { url: 'https://sandbox.example.com/v1', description: 'Sandbox server' },
        ],
      }),
    );
    expect(contract['hosts']).toEqual({ api: { description: 'Production', url: 'https://{region}.api.example.com/v1' } });
    expect(contract['servers']).toEqual({ region: { default: 'eu', enum: ['eu', 'us'] } });
    expect(contract['environments']).toEqual({ production: { default: true, description: 'Production' }, sandbox: { description: 'Sandbox server', urls: { api: 'https://sandbox.example.com/v1' } } });
    const relative = imported(description({ servers: [{ url: '/api/v3' }] })).contract;
    expect((relative['hosts'] as Out)['api']).toEqual({ url: '{base_url}/api/v3' });
    expect(Object.keys(relative['servers'] as Out)).toEqual(['base_url']);
  });

  it('schemes of every kind; requirements become each endpoint auth; client credentials becomes a bearer token, with a warning', () => {
    const doc = description({
      security: [{ key: [] }],
      paths: {
        '/a': { get: { operationId: 'a', responses: { '200': { description: 'ok' } } } },
        '/b': { get: { operationId: 'b', security: [], responses: { '200': { description: 'ok' } } } },
        '/c': { get: { operationId: 'c', security: [{ key: [], basic: [] }, { user: ['read'] }], responses: { '200': { description: 'ok' } } } },
      },
      components: {
        securitySchemes: {
          key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          basic: { type: 'http', scheme: 'Basic' },
          user: { type: 'oauth2', flows: { authorizationCode: { authorizationUrl: 'https://x.example/auth', tokenUrl: 'https://x.example/token', scopes: { read: 'Read.' } } } },
          machine: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://x.example/token', scopes: {} } } },
        },
      },
    });
    const { contract, causes } = imported(doc);
    expect(contract['auth']).toEqual({
      key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      basic: { type: 'http', scheme: 'basic' },
      user: { type: 'oauth2', flow: 'authorizationCode', authorizationUrl: 'https://x.example/auth', tokenUrl: 'https://x.example/token', scopes: { read: 'Read.' } },
      machine: { type: 'http', scheme: 'bearer', description: 'OAuth 2.0 client credentials: tokens from https://x.example/token.' },
    });
    const endpoints = contract['endpoints'] as Out;
    expect([(endpoints['a'] as Out)['auth'], (endpoints['b'] as Out)['auth'], (endpoints['c'] as Out)['auth']]).toEqual(['key', 'none', [['key', 'basic'], 'user']]);
    expect(causes).toContain('approximated');
  });
});

describe('descriptions that cannot be read', () => {
  it('JSON that does not parse: the line and column where it stops', () => {
    const d = loadDescriptionText('bad.json', '{\n  "openapi": "3.0.0",\n  "info": {\n}}}\n').result.diagnostics[0];
    expect(d).toMatchObject({ code: 'openapi-unreadable', file: 'bad.json', line: 4, col: 3 });
  });

  it('YAML with a syntax error, Swagger 2.0, another document, one with nothing to call', () => {
    expect(loadDescriptionText('bad.yaml', 'openapi: 3.0.0\ninfo: [\n').result.diagnostics[0]).toMatchObject({ code: 'openapi-unreadable', line: 3 });
    const swagger = loadDescriptionText('old.json', '{"swagger": "2.0"}').result.diagnostics[0];
    expect(swagger?.message).toContain('Swagger 2.0');
    expect(swagger).toMatchObject({ line: 1, col: 13 });
    expect(loadDescriptionText('x.json', '[1]').result.diagnostics[0]?.message).toContain('openapi');
    expect(loadDescriptionText('hooks.json', JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, webhooks: {} })).result.diagnostics[0]).toMatchObject({ code: 'nothing-to-generate', message: expect.stringContaining('neither an operation nor a webhook') });
  });

  it('warnings point at the construct in the description, JSON or YAML', () => {
    const json = JSON.stringify(description({ components: { schemas: { Code: { type: 'string', pattern: '\\p{Foo}' } } } }), null, 2);
    const at = json.split('\n').findIndex((l) => l.includes('"pattern"')) + 1;
    const [warning] = loadDescriptionText('d.json', json).warningDiagnostics(1);
    expect(warning).toMatchObject({ code: 'openapi-approximated', severity: 'warning', line: at });
    const yaml = 'openapi: 3.0.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    trace:\n      responses: {"200": {description: ok}}\n    get:\n      responses: {"200": {description: ok}}\n';
    expect(loadDescriptionText('d.yaml', yaml).warningDiagnostics(1)[0]).toMatchObject({ line: 6, col: 7 });
  });
});

describe('the written contract', () => {
  it('reads back as the same model, and the same description always gives the same bytes', () => {
    for (const name of ['twilio.com__twilio_fax_v1.json', 'googleapis.com__testing.json']) {
      const source = readFileSync(join('test/fixtures/openapi-corpus', name), 'utf8');
      const first = loadDescriptionText(name, source);
      const again = loadDescriptionText(name, source);
      expect(first.result.ok).toBe(true);
      const text = contractText(first.data as Out, name);
      expect(contractText(again.data as Out, name)).toBe(text);
      const reread = loadContractText('c.yaml', text);
      expect(reread.ok && first.result.ok ? JSON.stringify(reread.contract, withoutPositions) : 'not ok').toBe(first.result.ok ? JSON.stringify(first.result.contract, withoutPositions) : '');
    }
  });
});

describe('the round trip: import(openapi(c)) is c', () => {
  // What the package carries (`outputs`: mocks, how it types dates) is not the API's: an OpenAPI document does not say it.
  const model = (result: ReturnType<typeof loadContract>) => (result.ok ? JSON.stringify({ ...result.contract, outputs: undefined }, withoutPositions) : `not ok: ${result.diagnostics.map((d) => d.message).join('; ')}`);

  it.each(FIXTURE_CONTRACTS)('%s: the same model, read back from the OpenAPI export', (file) => {
    const contract = loadContract(file);
    if (!contract.ok) throw new Error(`${file} does not load`);
    const imported = loadDescriptionText(`${file}.openapi.yaml`, renderOpenApi(contract.contract));
    expect(imported.warnings).toEqual([]);
    expect(model(imported.result)).toBe(model(contract));
  });

  it('and for every contract of the diff fixtures, but those with endpoints OpenAPI cannot hold (listed as x-contractgen-omitted)', () => {
    const differing: string[] = [];
    let omitted = 0;
    for (const file of DIFF_BOTH) {
      const contract = loadContract(file);
      if (!contract.ok) continue;
      const text = renderOpenApi(contract.contract);
      if (text.includes('x-contractgen-omitted:')) {
        omitted++;
        continue;
      }
      if (model(loadDescriptionText(`${file}.openapi.yaml`, text).result) !== model(contract)) differing.push(file);
    }
    expect(differing).toEqual([]);
    expect(omitted).toBeLessThan(3);
  });
});

function withoutPositions(key: string, value: unknown): unknown {
  return key === 'loc' || key === 'hash' || key === 'file' ? undefined : value;
}

describe('OpenAPI as the input of every command', () => {
  const io = (): Io & { out: (l: string) => void; lines: string[]; errors: string[] } => {
    const lines: string[] = [];
    const errors: string[] = [];
    return { out: (l) => lines.push(l), err: (l) => errors.push(l), cwd: dir, lines, errors };
  };
  const petstore = (title: string, extra: Doc = {}) =>
    JSON.stringify(description({ info: { title, version: '1' }, servers: [{ url: 'https://pets.example.com' }], paths: { '/pets': { get: { operationId: 'listPets', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }, ...((extra['parameters'] as unknown[]) ?? [])], responses: { '200': { description: 'ok' } } } } } }));

  it('import writes the contract (stdout or --out) and says what it wrote; usage errors exit 2', async () => {
    writeFileSync(join(dir, 'pets.json'), petstore('Pets'));
    const toStdout = io();
    expect(await main(['import', 'pets.json'], toStdout)).toBe(0);
    expect(toStdout.lines.join('\n')).toContain('listPets:');
    const toFile = io();
    expect(await main(['import', 'pets.json', '--out', 'contract/pets.yaml', '--package', '@acme/pets'], toFile)).toBe(0);
    expect(toFile.lines).toEqual(['contract/pets.yaml: contract written (1 endpoint, 0 types, 0 approximations)']);
    expect(readFileSync(join(dir, 'contract/pets.yaml'), 'utf8')).toContain('package: "@acme/pets"');
    expect(await main(['import'], io())).toBe(2);
    const missing = io();
    expect(await main(['import', 'nope.json'], missing)).toBe(1);
    expect(missing.errors[0]).toBe('nope.json: cannot read the description: no such file [file-unreadable]');
  });

  it('validate, generate (and --check) and diff take a description directly', async () => {
    writeFileSync(join(dir, 'old.json'), petstore('Pets'));
    writeFileSync(join(dir, 'new.json'), petstore('Pets', { parameters: [{ name: 'owner', in: 'query', required: true, schema: { type: 'string' } }] }));
    expect(await main(['validate', 'old.json'], io())).toBe(0);
    expect(await main(['generate', '--contract', 'old.json', '--out', 'pets-client'], io())).toBe(0);
    expect(readFileSync(join(dir, 'pets-client/src/client.ts'), 'utf8')).toContain('listPets');
    expect(await main(['generate', '--contract', 'old.json', '--out', 'pets-client', '--check'], io())).toBe(0);
    // A description cannot say `outputs:`: the flags leave those outputs out, and toggling one is no no-op.
    expect(await main(['generate', '--contract', 'old.json', '--out', 'lean-client', '--no-openapi', '--no-mocks'], io())).toBe(0);
    expect(existsSync(join(dir, 'lean-client/openapi.yaml')) || existsSync(join(dir, 'lean-client/src/mocks'))).toBe(false);
    const again = io();
    expect(await main(['generate', '--contract', 'old.json', '--out', 'lean-client', '--no-mocks'], again)).toBe(0);
    expect(again.lines.join('\n')).not.toContain('up to date');
    expect(existsSync(join(dir, 'lean-client/openapi.yaml'))).toBe(true);
    expect(await main(['generate', '--contract', 'new.json', '--out', 'pets-client', '--check'], io())).toBe(1);
    const diff = io();
    expect(await main(['diff', 'old.json', 'new.json', '--no-api', '--format', 'json', '--fail-on', 'breaking'], diff)).toBe(1);
    expect(diff.lines.join('\n')).toContain('owner');
  });
});
