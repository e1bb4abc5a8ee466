import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judge, placeFindings, shapeProblems } from './verdicts.mjs';

const oldText = '{\n  "paths": {\n    "/a": { "get": { "operationId": "a" } }\n  }\n}\n';
const newText = '{"paths":{"/b":{"get":{"operationId":"a"}}}}';
const moved = { rule: 'endpoint-path-changed', level: 'breaking', wire: 'breaking', source: 'info', old: { line: 3, col: 20 }, new: { line: 1, col: 23 } };
const placed = placeFindings([moved, { rule: 'info-version-changed', level: 'info', wire: 'info', source: 'info' }], { old: oldText, new: newText });
const verdict = { pair: 'p', at: { side: 'new', pointer: '/paths/~1b/get' }, change: 'the path /a became /b', client: 'a deployed client calls /a', rule: 'endpoint-path-changed', wire: 'breaking', source: 'info' };

test('findings are placed by the pointer of each side, a finding without a position nowhere', () => {
  assert.deepEqual(placed[0].at, { old: '/paths/~1a/get', new: '/paths/~1b/get' });
  assert.deepEqual(placed[1].at, {});
});

test('a verdict holds where its rule is at its pointer with its levels', () => {
  assert.deepEqual(judge(verdict, placed), []);
  assert.deepEqual(judge({ ...verdict, at: { side: 'old', pointer: '/paths/~1a/get' } }, placed), []);
});

test('a verdict fails on other levels, another place, or a rule it names absent', () => {
  assert.match(judge({ ...verdict, source: 'breaking' }, placed)[0], /source info, the verdict says breaking \/ breaking|the verdict says breaking/);
  assert.match(judge({ ...verdict, at: { side: 'new', pointer: '/paths' } }, placed)[0], /nothing there/);
  assert.match(judge({ ...verdict, rule: undefined, absent: ['endpoint-path-changed'] }, placed)[0], /false alarm/);
});

test('a malformed verdict is said so', () => {
  assert.deepEqual(shapeProblems([verdict], new Set(['p'])), []);
  const problems = shapeProblems([{ ...verdict, pair: 'q', wire: 'bad', client: '' }], new Set(['p']));
  assert.equal(problems.length, 3);
});
