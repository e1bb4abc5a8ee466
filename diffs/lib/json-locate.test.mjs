// node --test diffs/lib/: the locator every comparison and snippet rests on.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lineStarts, offsetOf, pathsAt, pointer, refPath } from './json-locate.mjs';

const doc = { paths: { '/a.b/{id}': { get: { parameters: [{ name: 'x', in: 'query' }, { name: 'y"z', in: 'query' }] } } }, info: { title: 'T' } };

/** The offset of the first occurrence of `needle` in `text`. */
const at = (text, needle) => {
  const i = text.indexOf(needle);
  assert.notEqual(i, -1, needle);
  return i;
};

for (const [name, text] of [['minified', JSON.stringify(doc)], ['pretty', JSON.stringify(doc, null, 2)]]) {
  test(`a position maps to the innermost member that holds it (${name})`, () => {
    const offsets = [at(text, '"get"'), at(text, '"x"'), at(text, '"y\\"z"'), at(text, '"title"'), at(text, '"T"'), 0];
    const paths = pathsAt(text, offsets);
    assert.deepEqual(paths.get(offsets[0]), ['paths', '/a.b/{id}', 'get']);
    assert.deepEqual(paths.get(offsets[1]), ['paths', '/a.b/{id}', 'get', 'parameters', 0, 'name']);
    assert.deepEqual(paths.get(offsets[2]), ['paths', '/a.b/{id}', 'get', 'parameters', 1, 'name']);
    assert.deepEqual(paths.get(offsets[3]), ['info', 'title']);
    assert.deepEqual(paths.get(offsets[4]), ['info', 'title']);
    assert.deepEqual(paths.get(offsets[5]), []);
  });
}

test('line:col counts from 1, in UTF-16 units', () => {
  const text = '{\n  "é€": {\n    "b": 1\n  }\n}';
  const starts = lineStarts(text);
  const offset = offsetOf(starts, 3, 5);
  assert.equal(text.slice(offset, offset + 3), '"b"');
  assert.deepEqual(pathsAt(text, [offset]).get(offset), ['é€', 'b']);
  assert.equal(offsetOf(starts, 9, 1), -1);
});

test('pointers and references escape ~ and /', () => {
  assert.equal(pointer(['paths', '/a/{b}', 'get']), '/paths/~1a~1{b}/get');
  assert.deepEqual(refPath('#/components/schemas/a~1b~0c'), ['components', 'schemas', 'a/b~c']);
  assert.equal(refPath('other.json#/x'), undefined);
});
