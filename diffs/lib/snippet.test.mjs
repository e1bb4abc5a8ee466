import assert from 'node:assert/strict';
import { test } from 'node:test';
import { snippet, widen } from './snippet.mjs';

const wide = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}`, { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } }]));
const doc = {
  paths: {
    '/pets': {
      post: {
        operationId: 'addPet',
        parameters: [{ $ref: '#/components/parameters/limit' }, { name: 'q', in: 'query', schema: { type: 'string' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { 200: { description: 'ok' } },
      },
    },
  },
  components: {
    parameters: { limit: { name: 'limit', in: 'query', schema: { type: 'integer', maximum: 10 } } },
    schemas: { Pet: { type: 'object', required: ['name', 'kind'], properties: { ...wide, name: { type: 'string', format: 'email' }, kind: { enum: ['cat', 'dog'] } } } },
  },
};

test('a field finding opens the field and keeps the required list, within 60 lines', () => {
  const s = snippet(doc, ['components', 'schemas', 'Pet'], 'Field Pet.name');
  assert.equal(s.pointer, '/components/schemas/Pet');
  assert.equal(s.focus, '/properties/name');
  assert.ok(s.lines.length <= 60, `${s.lines.length} lines`);
  const text = s.lines.join('\n');
  assert.match(text, /"name": \{\n\s+"type": "string",\n\s+"format": "email"\n/);
  assert.match(text, /"required": \["name", "kind"\]/);
});

test('a parameter finding finds the parameter behind its reference, and the reference follows', () => {
  const s = snippet(doc, ['paths', '/pets', 'post', 'responses'], 'Query parameter addPet.limit');
  assert.equal(s.pointer, '/paths/~1pets/post');
  assert.equal(s.focus, '/parameters/0');
  const text = s.lines.join('\n');
  assert.match(text, /\/\/ #\/components\/parameters\/limit\n\{\n\s+"name": "limit",\n\s+"in": "query",/);
});

test('a body finding opens the body; a long enum is wrapped, not cut', () => {
  const s = snippet(doc, ['paths', '/pets', 'post'], 'Endpoint addPet request body');
  assert.equal(s.focus, '/requestBody');
  const many = { components: { schemas: { E: { enum: Array.from({ length: 500 }, (_, i) => `value${i}`) } } } };
  const e = snippet(many, ['components', 'schemas', 'E'], 'Field E.x').lines;
  assert.ok(e.length <= 6);
  assert.match(e.join('\n'), /… \d+ more\]/);
});

test('a finding about the whole API gets the outline, without chance references', () => {
  const s = snippet(doc, [], 'Shape error on host api');
  assert.equal(s.pointer, '');
  assert.ok(!s.lines.some((l) => l.startsWith('//')), s.lines.join('\n'));
});

test('every snippet keeps to its budget', () => {
  const s = snippet(doc, ['components', 'schemas', 'Pet'], 'Type Pet', 20);
  assert.ok(s.lines.length <= 20);
  assert.deepEqual(widen(['paths', '/pets', 'post', 'requestBody', 'content']), ['paths', '/pets', 'post']);
  assert.deepEqual(widen(['components', 'schemas', 'Pet', 'properties', 'name']), ['components', 'schemas', 'Pet']);
});

test('a schema of a hundred thousand lines is folded to the budget, and cut where folding is not enough', () => {
  const deep = (n) => (n === 0 ? { type: 'string' } : { type: 'object', properties: { a: deep(n - 1), b: deep(n - 1) } });
  const huge = { components: { schemas: { H: { type: 'object', properties: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`p${i}`, deep(4)])) } } } };
  const s = snippet(huge, ['components', 'schemas', 'H'], 'Field H.p7');
  assert.equal(s.focus, '/properties/p7');
  assert.ok(s.lines.length <= 60);
  assert.match(s.lines.join('\n'), /"p7": \{\n\s+"type": "object",/);
  const flat = { components: { schemas: { F: { ...Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`x-${i}`, i])), properties: { p: { type: 'string' } } } } } };
  const cut = snippet(flat, ['components', 'schemas', 'F'], 'Field F.p').lines;
  assert.equal(cut.length, 60);
  assert.equal(cut.at(-1), '… (more lines left out)');
});
