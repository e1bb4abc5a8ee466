/**
 * generator/emit/js-layout.ts lays expressions out as prettier would, through prettier's own
 * algorithm (generator/emit/doc-printer.ts). Prettier is the arbiter: random declarations of every
 * construct the layout knows (names and strings of every length, numbers, calls with and without
 * type arguments, `new`, member chains, arrays of numbers and of anything, objects written
 * expanded or not, arrows), nested, must come out exactly as prettier formats them. The zod
 * schemas of every fixture are held to prettier by test/prettier-form.test.ts too.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { array, arrow, call, constDeclaration, method, name, newCall, num, object, str, type Expr } from '../generator/emit/js-layout.js';
import { isIdentifier } from '../generator/naming.js';
import { prettierCheck } from './support/prettier-check.js';

/** An identifier (no keyword) of up to `max` + 1 characters. */
const word = (max: number) => fc.stringMatching(new RegExp(`^[a-z][a-zA-Z0-9]{0,${max}}$`)).filter(isIdentifier);
const leaf: fc.Arbitrary<Expr> = fc.oneof(
  word(40).map(name),
  word(12).map((w) => name(`${w[0]?.toUpperCase() ?? 'X'}${w.slice(1)}Schema`)),
  fc.string({ maxLength: 60 }).map(str),
  fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double({ noNaN: true, noDefaultInfinity: true })).map((n) => num(n)),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((n) => num(n)),
);

const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true },
    leaf,
    fc.tuple(word(20), fc.array(tie('e'), { maxLength: 3 })).map(([f, args]) => call(f, args)),
    fc.tuple(word(10), fc.array(tie('e'), { maxLength: 2 }), word(12)).map(([f, args, t]) => call(f, args, `<${t}>`)),
    fc.tuple(fc.constantFrom('z', 'Types', 'wholeNumber()'), fc.array(fc.tuple(word(12), fc.array(tie('e'), { maxLength: 2 })), { minLength: 1, maxLength: 5 })).map(([head, calls]) =>
      calls.reduce<Expr>((o, [m, args]) => method(o, m, args), head.endsWith('()') ? call(head.slice(0, -2)) : name(head)),
    ),
    fc.array(tie('e'), { maxLength: 5 }).map(array),
    fc.array(fc.integer({ min: -100000, max: 100000 }), { minLength: 1, maxLength: 40 }).map((ns) => array(ns.map((n) => num(n)))),
    fc.array(fc.tuple(fc.oneof(word(30), fc.string({ maxLength: 12 })), tie('e')), { maxLength: 4 }).map((entries) => object(dedupe(entries), true)),
    // An object written on one line must fit where it stands (js-layout.ts): a short one, as the
    // emitters write (`{ offset: true }`); broken, prettier would read it as written expanded.
    fc.tuple(word(4), fc.constantFrom('true', 'false', 'null')).map(([key, value]) => object([[key, name(value)]], false)),
    tie('e').map((body) => arrow('()', body)),
    fc.tuple(fc.constantFrom('RegExp'), fc.string({ maxLength: 90 })).map(([c, p]) => newCall(c, [str(p), str('u')])),
  ),
})).e;

function dedupe(entries: readonly (readonly [string, Expr])[]): [string, Expr][] {
  const seen = new Set<string>();
  return entries.filter(([k]) => !seen.has(k) && seen.add(k) !== undefined).map(([k, v]) => [k, v]);
}

/** The first lines where the layout and prettier part, with a little context. */
function difference(mine: string, theirs: string): string {
  const a = mine.split('\n');
  const b = theirs.split('\n');
  const at = a.findIndex((l, i) => l !== b[i]);
  const around = (lines: string[]) => lines.slice(Math.max(0, at - 3), at + 4).join('\n');
  return `${around(a)}\n--- prettier:\n${around(b)}`;
}

describe('js-layout', () => {
  it('lays out random declarations exactly as prettier does', async () => {
    const samples = fc.sample(fc.tuple(word(40), word(30), expr), { seed: 35, numRuns: 800 });
    const wrong: string[] = [];
    for (const [declared, type, value] of samples) {
      for (const text of [`${constDeclaration(declared, value, { head: 'z.ZodType', arg: type })}\n`, `${constDeclaration(declared, value)}\n`]) {
        const formatted = await prettierCheck({ path: 'src/zod.ts', text, format: 'typescript' });
        if (formatted !== text) wrong.push(difference(text, formatted));
      }
    }
    expect(wrong.slice(0, 3)).toEqual([]);
  }, 120_000);
});
