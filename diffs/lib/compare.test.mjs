// How findings of the three tools are put under operations, and how the list for hand-checking is drawn.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sample } from './candidates.mjs';
import { agreement, loadSide, ourBreaking, peerBreaking } from './compare.mjs';
import { findingsOf, outcomeOf } from './contractgen.mjs';
import { API_WIDE, operationOfDotted } from './operations.mjs';
import { errorLine, parseOptic } from './peers.mjs';

const description = (extra) => ({
  openapi: '3.0.3',
  info: { title: 'T', version: '1' },
  paths: {
    '/v1.0/pets': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pets' } } } } } } },
    '/v1.0/pets/{id}': { parameters: [{ name: 'id', in: 'path', required: true }], delete: { responses: { 204: {} } }, get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } },
  },
  components: { schemas: { Pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } }, Pet: { type: 'object', properties: { name: { type: 'string' } } }, Unused: { type: 'string' }, ...extra } },
});
const text = JSON.stringify(description({}), null, 2);
const sides = { old: loadSide(text), new: loadSide(text) };
const position = (needle) => {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  return { line: line + 1, col: lines[line].indexOf(needle) + 1 };
};

test("contractgen's positions are put under operations: its own, its path item's, or every operation reaching a schema in the finding's direction", () => {
  const findings = [
    { rule: 'r1', level: 'breaking', message: 'in Pet', new: position('"Pet": {') },
    { rule: 'r2', level: 'breaking', message: 'in Unused', old: position('"Unused"') },
    { rule: 'r3', level: 'breaking', message: 'path parameter', old: position('"parameters"') },
    { rule: 'r4', level: 'breaking', message: 'no position' },
    { rule: 'r5', level: 'info', message: 'not breaking', new: position('"delete"') },
    { rule: 'r6', level: 'breaking', message: 'Pet as sent', direction: 'request', new: position('"Pet": {') },
    { rule: 'r7', level: 'breaking', message: 'Pet as read', direction: 'response', new: position('"Pet": {') },
  ];
  const byOp = ourBreaking(findings, sides);
  const rules = (op) => [...(byOp.get(op) ?? [])].map((f) => f.rule).sort();
  assert.deepEqual([...byOp.keys()].sort(), ['(API)', 'DELETE /v1.0/pets/{id}', 'GET /v1.0/pets', 'GET /v1.0/pets/{id}']);
  assert.deepEqual(rules('GET /v1.0/pets'), ['r1', 'r7']); // through Pets → Pet
  assert.deepEqual(rules('GET /v1.0/pets/{id}'), ['r1', 'r3', 'r7']);
  assert.deepEqual(rules('DELETE /v1.0/pets/{id}'), ['r3']);
  assert.deepEqual(rules(API_WIDE), ['r2', 'r4', 'r6']); // no operation sends a Pet
});

test("openapi-diff's dotted locations find the longest path key (path keys hold dots)", () => {
  const doc = description({});
  assert.equal(operationOfDotted(doc, 'paths./v1.0/pets/{id}.get.responses.200.content.application/json.schema'), 'GET /v1.0/pets/{id}');
  assert.equal(operationOfDotted(doc, 'paths./v1.0/pets.get'), 'GET /v1.0/pets');
  assert.equal(operationOfDotted(doc, 'info.title'), API_WIDE);
  const nested = { paths: { '/v1': { get: {} }, '/v1.0/pets': { get: {} } } };
  assert.equal(operationOfDotted(nested, 'paths./v1.0/pets.get.responses'), 'GET /v1.0/pets');
  const byOp = peerBreaking([{ rule: 'method.remove', message: 'x', old: ['paths./v1.0/pets/{id}.delete'], new: [] }], sides);
  assert.deepEqual([...byOp.keys()], ['DELETE /v1.0/pets/{id}']);
});

test("Optic's report: checks under the operation line that opens them, the API's before any", () => {
  const report = [
    'x Petstore /tmp/a.json',
    'Operations: 2 operations changed',
    'x  Checks: 1/3 passed ',
    '',
    '      x [prevent server removal] cannot remove server. This is a breaking change.',
    '      at ../tmp/b.json:1:20',
    'x GET /v1.0/pets/{id}: ',
    '  - request: ',
    '        x [prevent removing response property] cannot remove response property \'name\'. This is a breaking change.',
    '        at ../tmp/b.json:1:90',
    '✔ DELETE /v1.0/pets/{id}: ',
  ].join('\n');
  assert.deepEqual(parseOptic(report), [
    { operation: API_WIDE, rule: 'prevent server removal', message: 'cannot remove server. This is a breaking change.' },
    { operation: 'GET /v1.0/pets/{id}', rule: 'prevent removing response property', message: "cannot remove response property 'name'. This is a breaking change." },
  ]);
});

test('agreement counts operations, API-wide findings apart', () => {
  const m = (entries) => new Map(entries.map(([k, rules]) => [k, new Set(rules.map((rule) => ({ rule, message: rule })))]));
  const a = agreement(m([['GET /a', ['x']], ['GET /b', ['y']], [API_WIDE, ['z']]]), m([['GET /b', ['q']], ['GET /c', ['w']]]));
  assert.deepEqual(a.operations, { contractgen: 2, peer: 2, both: 1, onlyContractgen: 1, onlyPeer: 1 });
  assert.deepEqual(a.apiWide, { contractgen: 1, peer: 0 });
  assert.deepEqual(a.onlyContractgen, [{ operation: 'GET /a', contractgen: ['x: x'] }]);
  assert.deepEqual(a.onlyPeer, [{ operation: 'GET /c', peer: ['w: w'] }]);
});

test('findings are found wherever the report puts them; outcomes read from the exit', () => {
  const f = (rule) => ({ rule, level: 'info' });
  assert.deepEqual(findingsOf({ findings: [f('a'), f('b')] }).map((x) => x.rule), ['a', 'b']);
  assert.deepEqual(findingsOf({ findings: { groups: [{ operation: 'x', findings: [f('c')] }] } }).map((x) => x.rule), ['c']);
  const run = { timedOut: false, stderr: '', code: 0 };
  assert.equal(outcomeOf(run), 'ok');
  assert.equal(outcomeOf({ ...run, code: 1, stderr: 'a.json:1:1: error …' }), 'refused');
  assert.equal(outcomeOf({ ...run, code: 1, stderr: 'TypeError: x\n    at f (file.js:1:2)\n' }), 'crash');
  assert.equal(outcomeOf({ ...run, code: null }), 'crash');
  assert.equal(outcomeOf({ ...run, timedOut: true }), 'timeout');
});

test('the sample is seeded, spread over every rule and pair first, breaking rules drawn twice a round', () => {
  const pool = [];
  for (const [rule, level, n] of [['b1', 'breaking', 30], ['b2', 'breaking', 2], ['i1', 'info', 30], ['i2', 'info', 30]])
    for (let i = 0; i < n; i++) pool.push({ pair: { id: `p${i % 3}` }, finding: { rule, level, n: i } });
  const chosen = sample(pool, 7, 12);
  assert.deepEqual(sample(pool, 7, 12), chosen);
  assert.equal(chosen.length, 12);
  const count = (rule) => chosen.filter((c) => c.finding.rule === rule).length;
  assert.deepEqual([count('b1'), count('b2'), count('i1'), count('i2')], [4, 2, 3, 3]);
  const b1 = chosen.filter((c) => c.finding.rule === 'b1');
  assert.deepEqual(new Set(b1.slice(0, 3).map((c) => c.pair.id)).size, 3);
  assert.equal(sample(pool, 7, 1000).length, pool.length);
});

test("a peer's error is the line that names it, not the context printed around it", () => {
  assert.equal(errorLine('<--- Last few GCs --->\n\n[1:0x1]  50 ms: Mark-Compact\nFATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n'), 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory');
  assert.equal(errorLine('invalid openapi: paths > /a > get must NOT have duplicate items\n1 | {"openapi":"3.0.0"}\n'), 'invalid openapi: paths > /a > get must NOT have duplicate items');
  assert.equal(errorLine('\nsomething odd\n'), 'something odd');
  assert.equal(errorLine('ReferenceError: Circular $ref pointer found at /home/x/repo/#/components/schemas/A\n', '/home/x/repo'), 'ReferenceError: Circular $ref pointer found at #/components/schemas/A');
});
