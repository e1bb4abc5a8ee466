/**
 * The subset reader (generator/load/yaml-subset.ts) answers only what `yaml` would: on every contract
 * of the test corpus, on crafted edge cases, and on random YAML-like documents. It must also
 * answer at all — the corpus's contracts are in the subset — or it would accelerate nothing.
 * `npm run fuzz` runs the random documents many more times (test/fuzz/yaml-subset.fuzz.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../generator/limits.js';
import { readYamlSubset } from '../generator/load/yaml-subset.js';
import { compareWithYaml, randomYaml } from './support/yaml-documents.js';
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { buildApi, contractYaml } from '../bench/synth.mjs';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    // Dot-directories (.tmp, .out) hold other tests' output, written and removed while this runs.
    if (e.isDirectory()) return e.name.startsWith('.') || e.name === 'node_modules' ? [] : yamlFiles(path);
    return e.name.endsWith('.yaml') ? [path] : [];
  });
}

const corpus = ['contract/orders.yaml', ...yamlFiles('test')];

describe('the test corpus', () => {
  it('has contracts to read', () => {
    expect(corpus.length).toBeGreaterThan(150);
  });

  it('every contract reads as yaml reads it, and the valid ones are in the subset', () => {
    const outcomes = corpus.map((file) => compareWithYaml(readFileSync(file, 'utf8')));
    // The diff fixtures are all ordinary contracts: the subset must cover them, or it accelerates nothing.
    const gaveUp = corpus.filter((_, i) => outcomes[i] === 'gave-up' && !corpus[i]!.includes('hostile'));
    expect(gaveUp).toEqual([]);
  });

  it('reads the synthetic benchmark contracts (50 and 500 endpoints)', () => {
    for (const n of [50, 500]) expect(compareWithYaml(contractYaml(buildApi(n)) as string)).toBe('same');
  });
});

describe('edge cases', () => {
  // Each is read like yaml reads it, or left to yaml; `in` says the subset must read it.
  const cases: [string, string, boolean][] = [
    ['plain, quoted, typed scalars', 'a: x\nb: "q\\n\\t\\x41\\u00e9\\U0001F600"\nc: \'it\'\'s\'\nd: 12\ne: -0\nf: 1.5\ng: ~\nh: true\ni: 0x1F\nj: 0o17\nk: 1e3\nl: .inf\nm: .NaN\nn: 017\no: 1_000\np: 1.0.0\n', true],
    ['keys as yaml names them', '200: a\n"404": b\nx y: c\na:b: d\n__proto__: e\n', true],
    ['comments everywhere', '# head\na: x # tail\n  # indented\nb:   # after key\n  c: d\n#end', true],
    ['sequences at and below the key', 'a:\n- x\n- y\nb:\n  - z\n  -\n  - - w\n', false],
    ['compact mappings in sequences', 'rows:\n  - status: 400\n    code: bad\n  - { status: 404, code: missing }\n  - "q": 1\n', true],
    ['flow collections', 'a: [x, [y, z], {k: v}]\nb: {"j":1, \'s\': 2, u: http://x:80/p}\nc: []\nd: {}\n', true],
    ['block scalars', 'a: |\n  one\n  two\n\n  three\nb: >\n  folded\n  text\n\n  para\nc: |-\n  stripped\nd: >-\n  x\ne: |\nf: end\n', true],
    ['keep chomping and indentation indicators', 'a: |+\n  x\n\nb: >2\n   y\n', false],
    ['NBSP is content, not space', 'a: \u00a0\nb: x\u00a0\n', true],
    ['a key that repeats', 'a: 1\na: 2\n', false],
    ['anchors, aliases, tags', 'a: &x 1\nb: *x\nc: !!str 2\n', false],
    ['nested mapping on one line', 'a: b: c\n', false],
    ['multi-line plain scalar', 'a: one\n  two\n', false],
    ['multi-line flow', 'a: [x,\n  y]\n', false],
    ['multi-line quoted scalars', "a: 'one\n  two'\nb: \"three\n  four\"\nc: 'x'\n", false],
    ['documents and directives', '---\na: 1\n', false],
    ['tabs and CRLF', 'a:\t1\r\n', false],
    ['top-level list', '- a\n', false],
    ['empty', '', false],
    ['trailing comma in flow', 'a: [x, ]\n', false],
  ];
  it.each(cases)('%s', (_name, text, inSubset) => {
    const outcome = compareWithYaml(text);
    if (inSubset) expect(outcome).toBe('same');
  });

  it('gives up at the nesting limit, reads just below it', () => {
    const nested = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}k${i}:`).join('\n') + ' x\n';
    expect(compareWithYaml(nested(MAX_DEPTH - 1))).toBe('same');
    expect(readYamlSubset(nested(MAX_DEPTH))).toBeUndefined();
    // A piece of a larger document starts one level down.
    expect(readYamlSubset(nested(MAX_DEPTH - 1), 1)).toBeUndefined();
  });

  it('reads long lines in linear time', () => {
    const spaces = ' '.repeat(200_000);
    const texts = [`a: x${spaces}y\n`, `a: [${'x, '.repeat(50_000)}y]\n`, `${'k'.repeat(100_000)}: x\n`, `a: "${'\\n'.repeat(100_000)}"\n`, `a: '${"''".repeat(100_000)}'\n`, `a: '${"''".repeat(100_000)}\n`, `a: [${"'x', ".repeat(100_000)}'x']\n`, `a: {${Array.from({ length: 50_000 }, (_, i) => `'k${i}': 1`).join(', ')}}\n`];
    // Timed alone: yaml's own parse of these takes longer than the reader should.
    const started = performance.now();
    for (const text of texts) readYamlSubset(text);
    expect(performance.now() - started).toBeLessThan(1_500);
    for (const text of texts) compareWithYaml(text);
  });
});

describe('random YAML-like documents', () => {
  const RUNS = 3_000;
  // Many edge cases per document, and few (deep, mostly valid documents).
  it.each([
    [0.3, 0.15],
    [0.03, 0.3],
  ])(`${RUNS} documents, edge cases at %s: the subset reads as yaml, or gives up`, (edge, minimum) => {
    let same = 0;
    for (let seed = 1; seed <= RUNS; seed++) {
      try {
        if (compareWithYaml(randomYaml(seed, edge)) === 'same') same++;
      } catch (e) {
        throw new Error(`seed ${seed}: ${(e as Error).message}`);
      }
    }
    // Enough documents must be read, or the comparison means little.
    expect(same).toBeGreaterThan(RUNS * minimum);
  });
});
