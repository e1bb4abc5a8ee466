/**
 * Each type-system diagnostic, positioned: the types fixture with one targeted edit, and the
 * code, the line and column and the sentence it gets. The unedited fixture is valid, so every
 * diagnostic below comes from its edit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadContractText } from '../generator/contract.js';
import type { Diagnostic } from '../generator/diagnostics.js';
import { fixture } from './support/corpus.js';

const FILE = fixture('types');
const ORIGINAL = readFileSync(FILE, 'utf8');

function edit(from: string, to: string): string {
  const at = ORIGINAL.indexOf(from);
  expect(at, `expected ${JSON.stringify(from)} in the fixture`).toBeGreaterThanOrEqual(0);
  expect(ORIGINAL.indexOf(from, at + 1), `expected ${JSON.stringify(from)} once`).toBe(-1);
  return ORIGINAL.slice(0, at) + to + ORIGINAL.slice(at + from.length);
}

function diagnosticsOf(text: string): readonly Diagnostic[] {
  const loaded = loadContractText('types.yaml', text);
  return loaded.diagnostics;
}

/** 1-based line and column of `needle` (its `occurrence`-th match) in `text`, moved `shift` right. */
function posOf(text: string, needle: string, shift = 0, occurrence = 0): { line: number; col: number } {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(needle, at + 1);
  expect(at).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, at + shift);
  return { line: before.split('\n').length, col: at + shift - before.lastIndexOf('\n') };
}

interface Case {
  readonly name: string;
  readonly from: string;
  readonly to: string;
  readonly code: string;
  readonly message: RegExp;
  /** Where it points: a needle in the edited text (and how far into it). */
  readonly at: readonly [needle: string, shift?: number, occurrence?: number];
}

const CASES: readonly Case[] = [
  { name: 'an unknown union member', from: 'members: [Dog, Cat, Fish]', to: 'members: [Dog, Cat, Fsh]', code: 'unresolved-type', message: /unknown type 'Fsh'.*did you mean 'Fish'/, at: ['Fsh'] },
  {
    name: 'a discriminated member without the field',
    from: 'members: [Dog, Cat, Fish]',
    to: 'members: [Dog, Cat, Point]',
    code: 'invalid-union',
    message: /member Point has no field 'species'/,
    at: ['Point]'],
  },
  {
    name: 'a discriminator field that is no literal',
    from: "    fields:\n      species: { const: cat, required: true }",
    to: "    fields:\n      species: { type: string, required: true }",
    code: 'invalid-union',
    message: /field 'species' of Cat is not a literal/,
    at: ['Cat,', 0, 0],
  },
  {
    name: 'two members with one discriminator value',
    from: 'species: { const: fish, required: true }',
    to: 'species: { const: cat, required: true }',
    code: 'invalid-union',
    message: /discriminator value 'cat' names both Cat and Fish/,
    at: ['Fish]'],
  },
  {
    name: 'a mapping to a type that is no member',
    from: 'discriminator: species',
    to: 'discriminator: { field: species, mapping: { dog: Dog, cat: Cat, fish: Fish, tree: Tree } }',
    code: 'invalid-union',
    message: /mapping 'tree' names Tree, which is not a member/,
    at: ['Tree }'],
  },
  {
    name: 'a discriminated member that is not an object',
    from: 'members: [Dog, Cat, Fish]',
    to: 'members: [Dog, Cat, Email]',
    code: 'invalid-union',
    message: /member Email of a discriminated union must be a named object type/,
    at: ['Email]'],
  },
  { name: 'extends of a non-object', from: 'extends: [Animal]\n    fields:\n      species: { const: dog', to: 'extends: [Tags]\n    fields:\n      species: { const: dog', code: 'invalid-extends', message: /'Tags' is a array; extends takes object types only|'Tags' is an? array/, at: ['Tags]'] },
  {
    name: 'a cycle of extends',
    from: '    description: A family tree (recursive).\n',
    to: '    description: A family tree (recursive).\n    extends: [Tree]\n',
    code: 'invalid-extends',
    message: /types extend each other in a cycle: Tree → Tree/,
    at: ['extends: [Tree]'],
  },
  {
    name: 'a field redefined with another type',
    from: 'good: { type: boolean, required: true }',
    to: 'good: { type: boolean, required: true }\n      name: { type: integer, required: true }',
    code: 'invalid-extends',
    message: /field 'name' is string \[minLength 1, maxLength 40\] in Animal and integer here/,
    at: ['name: { type: integer', 0],
  },
  { name: 'a constraint on the wrong type', from: 'lives: { type: integer, minimum: 0', to: 'lives: { type: integer, minLength: 0', code: 'misplaced-key', message: /'minLength' constrains strings, not 'integer'/, at: ['minLength: 0'] },
  { name: 'a constraint on a named type', from: 'diet: { type: Diet }', to: 'diet: { type: Diet, maxLength: 3 }', code: 'misplaced-key', message: /'maxLength' constrains strings, not 'Diet': constrain the named type itself/, at: ['maxLength: 3'] },
  { name: 'a minimum above its maximum', from: 'minimum: 0, maximum: 9', to: 'minimum: 10, maximum: 9', code: 'invalid-constraint', message: /minimum \(10\) is above maximum \(9\)/, at: ['10, maximum'] },
  { name: 'minLength above maxLength', from: 'minLength: 1, maxLength: 40', to: 'minLength: 41, maxLength: 40', code: 'invalid-constraint', message: /minLength \(41\) is above maxLength \(40\)/, at: ['41'] },
  { name: 'an invalid pattern', from: 'pattern: "^[a-z][a-z0-9-]*$"', to: 'pattern: "^[a-z"', code: 'invalid-constraint', message: /'pattern' is not a valid regular expression/, at: ['"^[a-z"'] },
  { name: 'an enum mixing strings and numbers', from: 'values: [1, 2, 3]', to: 'values: [1, two, 3]', code: 'invalid-constraint', message: /enum Priority mixes strings and numbers/, at: ['[1, two'] },
  { name: 'a field both readOnly and writeOnly', from: 'keeper_email: { type: Email, writeOnly: true }', to: 'keeper_email: { type: Email, writeOnly: true, readOnly: true }', code: 'invalid-constraint', message: /both readOnly and writeOnly/, at: ['writeOnly: true, readOnly'] },
  { name: 'a default outside an integer enum', from: 'priority: { type: Priority, default: 2 }', to: 'priority: { type: Priority, default: 5 }', code: 'invalid-default', message: /default of 'priority' 5 is not a value of Priority/, at: ['5 }'] },
  { name: 'an example that breaks a constraint', from: 'capacity: { type: integer, format: int32, required: true, minimum: 1 }', to: 'capacity: { type: integer, format: int32, required: true, minimum: 1, example: 0 }', code: 'invalid-default', message: /example must be ≥ 1, not 0/, at: ['example: 0', 9] },
  { name: 'a const that is not its type', from: "kind: { const: enclosure, required: true }", to: "kind: { type: integer, const: enclosure, required: true }", code: 'invalid-constraint', message: /const "enclosure" is not a integer/, at: ['enclosure, required'] },
  { name: 'a map without values', from: 'labels: { type: Labels }', to: 'labels: { type: map }', code: 'missing-key', message: /a map needs 'values'/, at: ['type: map }', 6] },
  { name: 'a bare structural name as a body', from: '"200": { body: Tree }', to: '"200": { body: union }', code: 'unresolved-type', message: /'union' needs the keys that say what it holds/, at: ['union }'] },
];

describe('type-system diagnostics', () => {
  it('the unedited fixture is valid and warning-free', () => {
    expect(diagnosticsOf(ORIGINAL)).toEqual([]);
  });

  it.each(CASES)('$name', (c) => {
    const text = edit(c.from, c.to);
    const found = diagnosticsOf(text);
    const match = found.find((d) => d.code === c.code && c.message.test(d.message));
    expect(match, `${c.code} ${String(c.message)} among:\n${found.map((d) => `${d.code} ${d.line}:${d.col} ${d.message}`).join('\n')}`).toBeDefined();
    const [needle, shift = 0, occurrence = 0] = c.at;
    expect({ line: match?.line, col: match?.col }).toEqual(posOf(text, needle, shift, occurrence));
  });
});
