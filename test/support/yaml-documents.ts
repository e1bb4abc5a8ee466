/**
 * Random YAML-like documents for holding the subset reader (generator/load/yaml-subset.ts) to the
 * `yaml` package: mostly well-formed block YAML of the kind contracts are written in, salted with
 * the constructs at its edges — odd indentation, comments in every position, quoting and escapes,
 * typed plain scalars, block scalars, flow collections, repeated keys, indicators.
 * Deterministic from a seed, so a failing case is reproduced by its seed.
 */
import { parseWhole } from '../../generator/load/parse.js';
import { readYamlSubset } from '../../generator/load/yaml-subset.js';
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { rng } from '../../bench/synth.mjs';

/** mulberry32 (bench/synth.mjs): small, fast and good enough to pick fragments. */
const prng = rng as (seed: number) => () => number;

const KEYS = [
  'a', 'b', 'c', 'name', 'type', 'fields', 'description', 'a b', 'a:b', 'x.y', 'a-b', 'é', '日本', '200', '404', '007', '1.5', '-1',
  'true', 'True', 'null', '~', 'yes', '<<', '__proto__', 'constructor', '-x', '?x', 'k #c', 'k#c', '[k]', '{k}', '"q"', "'s'",
  '"a\\"b"', "'it''s'", '"\\u00e9"', '"200"', '"a" ', '"x"y', '&a k', '*a', '!t k', '@k', '%k', "'multi", '"two',
];

const SCALARS = [
  'x', 'hello world', 'The resource.', 'a, b', 'a: b', 'a:b', 'a #b', 'a#b', 'x # comment', 'http://x.example:80/p?q=1#f',
  'https://api.example.com/v1', '- x', '-x', '--', '-', ':x', '::', '?', '?x', '%x', '@x', '`x', '&a x', '*a', '!t x', '!!str 1',
  '[a, b]', '[a, [b, c]]', '[ a , b ]', '[a, ]', '[a,,b]', '[a: b]', '["a": b]', '[a', '[a] x', '{a: 1}', '{ a: 1, b: [x] }',
  '{"a":1}', "{'a': 2}", '{a}', '{ a: }', '{a: 1, a: 2}', '{a:1}', '{ a: b: c }', '{ url: http://x }', '[]', '{}', '[ ]', '{ }',
  '"q\\n\\t\\x41\\u00e9\\U0001F600"', '"bad \\q"', '"\\uD83D\\uDE00"', '"\\U00110000"', '"\\x4"', '"a""b"', '"" x', "'it''s'",
  "'x", '"x', "''", '""', '"a" b', "'a' # c", '"a"#c', '~', 'null', 'Null', 'NULL', 'nULL', 'true', 'False', 'TRUE', 'tRue',
  '0x1F', '0X1F', '0o17', '017', '0', '-0', '+12', '12', '1e3', '1E+3', '1.5e-3', '.5', '5.', '1_000', '12:30', '.inf', '-.Inf',
  '+.INF', '.NaN', '.nan', 'NaN', '1.0', '3.14159', '9007199254740993', '0.1.2', '1.0.0', 'x\u00a0', '\u00a0', 'é', 'a\u2028b',
  'a\tb', 'Ωmega', "'one\n     two'", '"one\n     two"', 'one\n     two', '"one\\\n     two"', '[a,\n     b]', '|', '>', '|-', '>-', '|+', '>+', '|2', '| # c', '|#c', '---', '...', 'a ---', 'k: v: w', 'x:',
];

const BLOCK_LINES = ['line one', 'line two', '', '  more indented', '# not a comment', 'a: b', '- item', 'x', '   ', '\tTab'];

class Writer {
  readonly lines: string[] = [];
  /** `edge`: how often a fragment comes from the whole pool rather than the common part. */
  constructor(
    private readonly random: () => number,
    private readonly edge: number,
  ) {}

  /** Usually one of the first `common` items, with probability `edge` any of them. */
  fragment(items: readonly string[], common: number): string {
    return this.chance(this.edge) ? this.pick(items) : this.pick(items.slice(0, common));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  /** Noise between lines: comments and blank lines at any indentation. */
  noise(indent: number): void {
    if (this.chance(0.08)) this.lines.push(' '.repeat(Math.max(0, indent + this.pick([-2, 0, 0, 1, 3]))) + this.pick(['# c', '#', '#: x', '# - y']));
    if (this.chance(0.06)) this.lines.push(' '.repeat(this.pick([0, 0, 1, indent, indent + 4])));
  }

  /** A line's tail: sometimes trailing spaces or a comment. */
  tail(): string {
    if (this.chance(this.edge / 3)) return this.pick([' ', '  ', ' # c', '# c', '   #c']);
    return '';
  }

  /** How far a child is indented: usually 2, sometimes anything. */
  step(): number {
    return this.chance(1 - this.edge / 2) ? 2 : this.pick([0, 1, 3, 4, -1]);
  }

  mapping(indent: number, depth: number, firstPrefix?: string): void {
    const count = 1 + Math.floor(this.random() * 4);
    const used: string[] = [];
    for (let k = 0; k < count; k++) {
      this.noise(indent);
      let key = this.fragment(KEYS, 10);
      if (used.includes(key) && !this.chance(this.edge / 2)) key = `${key}${k}`;
      used.push(key);
      const lead = k === 0 && firstPrefix !== undefined ? firstPrefix : ' '.repeat(Math.max(0, indent + (this.chance(this.edge / 10) ? this.pick([-1, 1]) : 0)));
      this.entry(`${lead}${key}:`, indent, depth);
    }
  }

  sequence(indent: number, depth: number, firstPrefix?: string): void {
    const count = 1 + Math.floor(this.random() * 4);
    for (let k = 0; k < count; k++) {
      this.noise(indent);
      const lead = k === 0 && firstPrefix !== undefined ? firstPrefix : ' '.repeat(Math.max(0, indent + (this.chance(this.edge / 10) ? this.pick([-1, 1]) : 0)));
      const dash = `${lead}-`;
      const roll = this.random();
      if (roll < 0.3 && depth < 6) this.mapping(indent + 2, depth + 1, `${dash} `);
      else if (roll < 0.4 && depth < 6) this.sequence(indent + 2, depth + 1, `${dash} `);
      else this.entry(dash, indent, depth);
    }
  }

  /** `head` is a key and its colon, or a dash: then a value on the line, a block below, or nothing. */
  entry(head: string, indent: number, depth: number): void {
    const roll = this.random();
    if (roll < 0.55 || depth >= 6) {
      const sep = this.chance(1 - this.edge / 6) ? ' ' : this.pick(['', '  ']);
      this.lines.push(`${head}${sep}${this.fragment(SCALARS, 12)}${this.tail()}`);
      if (this.chance(this.edge / 10)) this.lines.push(`${' '.repeat(indent + 2)}continued`);
    } else if (roll < 0.65) {
      this.blockScalar(head, indent);
    } else if (roll < 0.7) {
      this.lines.push(`${head}${this.tail()}`);
    } else {
      this.lines.push(`${head}${this.tail()}`);
      const child = Math.max(0, indent + (head.endsWith(':') && this.chance(0.15) ? 0 : this.step()));
      if (this.chance(0.6)) this.mapping(child, depth + 1);
      else this.sequence(child, depth + 1);
    }
  }

  blockScalar(head: string, indent: number): void {
    this.lines.push(`${head} ${this.pick(['|', '>', '|-', '>-', '|', '>', '|+', '>2', '| # c'])}`);
    const at = indent + this.pick([2, 2, 2, 1, 4, 0]);
    const count = Math.floor(this.random() * 4);
    for (let k = 0; k < count; k++) {
      const line = this.fragment(BLOCK_LINES, 2);
      this.lines.push(line === '' ? '' : `${' '.repeat(at)}${line}`);
    }
  }
}

/**
 * One document from `seed`: a mapping at the top (now and then something else). `edge` (0–1) is
 * how often each fragment is drawn from the edge cases; low values give deep, mostly valid documents.
 */
export function randomYaml(seed: number, edge = 0.3): string {
  const random = prng(seed);
  const writer = new Writer(random, edge);
  const roll = random();
  if (roll < 0.9) writer.mapping(0, 0);
  else if (roll < 0.95) writer.mapping(2, 1);
  else writer.sequence(0, 0);
  const text = writer.lines.join('\n');
  return random() < 0.8 ? `${text}\n` : text;
}

/** What the subset reader did with a text, checked against `yaml`. */
export type SubsetOutcome = 'same' | 'gave-up';

/**
 * The subset reader's answer for `text` held to the loader's yaml path (load/parse.ts `parseWhole`:
 * yaml with its syntax, repeated-key, nesting and alias checks): either it gives up, or that path
 * reports nothing and gives the same data — same keys in the same order, same values (NaN and
 * -0 included), `__proto__` an own key. Throws with both answers otherwise. `rootDepth` > 0
 * compares a piece nested one level down with yaml's reading of it.
 */
export function compareWithYaml(text: string, rootDepth = 0): SubsetOutcome {
  const fast = readYamlSubset(text, rootDepth);
  if (fast === undefined) return 'gave-up';
  const whole = parseWhole('doc.yaml', rootDepth === 0 ? text : `root:\n${text}`);
  if (!whole.ok) throw new Error(`the subset read a text the loader refuses (${whole.diagnostics.map((d) => d.message).join('; ')}):\n${text}`);
  const data = rootDepth === 0 ? whole.contract.data : (whole.contract.data as { root: unknown }).root;
  const expected = canonical(data);
  const actual = canonical(fast);
  if (actual !== expected) throw new Error(`the subset read differently:\n${text}\nsubset: ${actual}\nyaml:   ${expected}`);
  return 'same';
}

/** A serialisation that keeps what JSON drops: key order, own `__proto__`, NaN, ±Infinity, -0. */
export function canonical(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const proto = Object.getPrototypeOf(value) === Object.prototype ? '' : '<proto>';
  return `${proto}{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
