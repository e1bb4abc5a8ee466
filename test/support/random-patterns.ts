/**
 * Random regular expressions of the shapes that make backtracking slow: repetitions nested in
 * repetitions and side by side, over characters and classes that overlap (`a`, `[ab]`, `\w`, `.`),
 * with alternatives, bounded counts, anchors and lazy quantifiers. Seeded: the same seed gives the
 * same patterns. For the regex-safety test and its fuzz run.
 */
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { rng } from '../../bench/synth.mjs';

/** mulberry32 (bench/synth.mjs), as the other seeded supports use it. */
const prng = rng as (seed: number) => () => number;

const ATOMS = ['a', 'b', '[ab]', '[a-c]', '\\w', '.', '\\s', '\\d', 'ab', ' ', '[^b]', 'x'];
const QUANTIFIERS = ['*', '+', '?', '{1,3}', '{2,}', '*?', '{0,5}', '+?'];

export interface RandomPattern {
  readonly pattern: string;
  readonly flags: '' | 'u' | 'g';
}

export function randomPatterns(seed: number, count: number): RandomPattern[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const node = (depth: number): string => {
    const r = random();
    if (depth <= 0 || r < 0.3) return pick(ATOMS);
    if (r < 0.55) return node(depth - 1) + node(depth - 1);
    if (r < 0.7) return `(?:${node(depth - 1)}|${node(depth - 1)})`;
    if (r < 0.93) return `(?:${node(depth - 1)})${pick(QUANTIFIERS)}`;
    return `${pick(['^', '', ''])}${node(depth - 1)}${pick(['$', '', 'x'])}`;
  };
  const out: RandomPattern[] = [];
  while (out.length < count) {
    const pattern = node(4);
    const flags = pick(['', 'u', 'g'] as const);
    try {
      new RegExp(pattern, flags);
      out.push({ pattern, flags });
    } catch {
      // `^*` and the like: not a pattern.
    }
  }
  return out;
}
