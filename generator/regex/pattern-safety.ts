/**
 * Whether a regular expression from a contract or a description can run on hostile text: the one
 * rule every pattern the model holds has passed. A pattern is safe when a backtracking matcher
 * (V8's) takes at most `STEP_BUDGET` steps on any text of `TEXT_LIMIT` characters, searched for
 * from every position as `exec`, `test` and `matchAll` do; the bound is proven by bound.ts from
 * the pattern's automaton (positions.ts), not measured. What cannot be analysed (a pattern too
 * large, or one this reader does not know) is not safe.
 *
 * The unit is a visit of a state reading a small class (positions.ts weighs the rest). On the
 * reference machine V8 takes 1.2 ns per unit quiet, up to 3 loaded, so the budget is 13 to 33 ms
 * of matching on 4,096 characters: a search retried from every position whose attempts each run
 * to the end, like `(?<field>\w+) is invalid` on 4,096 word characters (10 million units), fits
 * once, not twice. test/regex-safety.test.ts holds accepted patterns to 50 ms measured.
 */
import { MAX_MESSAGE_LENGTH } from '../../templates/messages.js';
import { backtrackingBound, heavyText, spend, TooComplex, type Bound, type BoundLimits } from './bound.js';
import { anchoredAtStart, buildAutomaton, failingAttempts, TooLarge, type Automaton } from './positions.js';
import { intersects, type CharSet } from './char-sets.js';
import { parsePattern, scanGroups, Unreadable, type Node } from './syntax.js';

/** The longest text a pattern from a contract is ever run on: the runtime cuts messages to it. */
export const TEXT_LIMIT = MAX_MESSAGE_LENGTH;
/** Steps a pattern may take on any text of TEXT_LIMIT characters. */
export const STEP_BUDGET = 11_000_000;
/** Longer patterns are not analysed (and so not accepted): few real ones come near. */
const MAX_PATTERN_LENGTH = 4096;

/** Characters a pattern's automaton may read, counted repetitions written out. */
const MAX_POSITIONS = 2000;
/** Work the analysis of one pattern may do, so that a hostile pattern cannot make it slow. */
const MAX_WORK = 1_000_000;
const MAX_GROUPS = 4000;
/** Group nesting the reader follows. */
const MAX_DEPTH = 64;

export interface PatternVerdict {
  readonly safe: boolean;
  /** Why not: too slow on some text, or not analysable (too large, or a form this reader does not know). */
  readonly problem?: 'slow' | 'too-large';
  /** The bound on 4,096 characters; Infinity when none was proven (the analysis stopped past the budget, or found no steady form). */
  readonly steps: number;
  readonly growth: Growth | 'none';
  /** For a slow pattern: the repetitions that can read the same text in many ways, as [start, end) of the source. */
  readonly spans: readonly (readonly [number, number])[];
}

const verdicts = new Map<string, PatternVerdict>();
const MAX_REMEMBERED = 10_000;

/**
 * The verdict on `pattern` compiled with (`unicode`) or without the `u` flag; the pattern must
 * be one the engine compiles. Remembered per pattern: descriptions repeat theirs.
 */
export function patternSafety(pattern: string, unicode: boolean): PatternVerdict {
  const key = `${unicode ? 'u' : '-'}${pattern}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = judge(pattern, unicode);
  if (verdicts.size >= MAX_REMEMBERED) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}

/** The verdict computed afresh, for the test that holds the remembered one to it. */
export function judge(pattern: string, unicode: boolean): PatternVerdict {
  try {
    if (pattern.length > MAX_PATTERN_LENGTH || scanGroups(pattern).depth > MAX_DEPTH) return TOO_LARGE;
    return verdictOf(bounded(parsePattern(pattern, unicode), context(unicode)));
  } catch (e) {
    if (e instanceof TooLarge || e instanceof TooComplex || e instanceof Unreadable) return TOO_LARGE;
    throw e;
  }
}

const TOO_LARGE: PatternVerdict = { safe: false, problem: 'too-large', steps: Infinity, growth: 'none', spans: [] };

/**
 * A text of `length` characters on which the pattern's bound is high, for tests and measurements
 * to run the engine on (bound.ts, `heavyText`); undefined when the pattern cannot be analysed.
 */
export function heavyTextFor(pattern: string, unicode: boolean, length = TEXT_LIMIT): string | undefined {
  try {
    const ctx = context(unicode);
    const points = heavyText(automatonOf(parsePattern(pattern, unicode), ctx, 'search'), length, ctx.limits);
    return points.map((c) => (unicode ? String.fromCodePoint(c) : String.fromCharCode(c))).join('');
  } catch (e) {
    if (e instanceof TooLarge || e instanceof TooComplex || e instanceof Unreadable) return undefined;
    throw e;
  }
}

/** What the analyses of one pattern share: its flag, one budget of work, each lookaround's cost once. */
interface Context {
  readonly unicode: boolean;
  readonly limits: BoundLimits;
  readonly lookCosts: WeakMap<Node, number>;
}

function context(unicode: boolean): Context {
  return { unicode, limits: { work: MAX_WORK, groups: MAX_GROUPS, budget: STEP_BUDGET, meter: { work: 0 } }, lookCosts: new WeakMap() };
}

/** How the total work grows with the text's length, as proven (or not). */
export type Growth = 'linear' | 'quadratic' | 'cubic' | 'unknown';

interface Analysis {
  readonly steps: number;
  readonly growth: Growth;
  readonly hot: readonly number[];
  readonly automaton: Automaton;
}

/**
 * The better of two sound bounds on a search. Each attempt on its own (its worst text, summed
 * over every start position): exact for most patterns, loose when only a few starts are costly.
 * All attempts at once (the SEARCH state): tight then, but it merges attempts that are at
 * different stages, and may find no steady form where the first does. A pattern the engine
 * tries at position 0 only is one attempt.
 */
function bounded(root: Node, ctx: Context): Analysis {
  const anchored = anchoredAtStart(root);
  const first = anchored ? attempted(() => single(analyse(root, ctx, 'one'))) : attempted(() => perAttempt(root, ctx));
  if (anchored || (first !== undefined && first.steps <= STEP_BUDGET)) return first ?? fail();
  const search = attempted(() => analyse(root, ctx, 'search'));
  const second = search === undefined ? undefined : single(search);
  if (first === undefined || second === undefined) return first ?? second ?? fail();
  return second.steps < first.steps ? second : first;
}

function attempted<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (e) {
    if (e instanceof TooComplex) return undefined;
    throw e;
  }
}

function fail(): never {
  throw new TooComplex();
}

const SAME: Readonly<Record<Bound['growth'], Growth>> = { linear: 'linear', quadratic: 'quadratic', exceeds: 'unknown', unproven: 'unknown' };
const SUMMED: Readonly<Record<Bound['growth'], Growth>> = { linear: 'quadratic', quadratic: 'cubic', exceeds: 'unknown', unproven: 'unknown' };

function single({ bound, automaton }: { bound: Bound; automaton: Automaton }): Analysis {
  return { steps: bound.steps, growth: SAME[bound.growth], hot: bound.hot, automaton };
}

/**
 * One attempt per start position, each on the rest of the text (positions.ts, `failingAttempts`),
 * plus the failing work below ready nodes, at most two per position. An attempt that does not
 * find the pattern's leading characters stops within them; attempts that do find them start at
 * least a period of those characters apart (`arn:` cannot start again before 4 characters), and
 * the costliest such texts put them at the start.
 */
function perAttempt(root: Node, ctx: Context): Analysis {
  const one = automatonOf(root, ctx, 'one');
  const starts = backtrackingBound(failingAttempts(one, 'start'), TEXT_LIMIT, ctx.limits);
  const ready = backtrackingBound(failingAttempts(one, 'ready'), TEXT_LIMIT, ctx.limits);
  const lead = leadingCharacters(root);
  let steps = (TEXT_LIMIT + 1) * starts.within(lead.length);
  for (let rest = TEXT_LIMIT; rest >= 0 && steps <= STEP_BUDGET; rest -= lead.period) steps += starts.within(rest);
  for (let rest = 0; rest <= TEXT_LIMIT && steps <= STEP_BUDGET; rest++) steps += ready.within(rest);
  const hot = starts.within(TEXT_LIMIT) >= ready.within(TEXT_LIMIT) ? starts.hot : ready.hot;
  // Past the budget the sum was cut short: its value says only that the bound is over.
  return { steps: steps > STEP_BUDGET ? Infinity : steps, growth: SUMMED[starts.growth === 'linear' ? ready.growth : starts.growth], hot, automaton: one };
}

/**
 * The characters every match begins with (a literal prefix such as `arn:aws:`, as sets), and
 * their period: the least shift at which they can occur again overlapping themselves.
 */
function leadingCharacters(root: Node): { length: number; period: number } {
  const sets: CharSet[] = [];
  leading(root, sets);
  let period = 1;
  while (period < sets.length && !sets.slice(period).every((set, j) => intersects(set, sets[j] ?? []))) period++;
  return { length: sets.length, period: Math.max(1, Math.min(period, sets.length)) };
}

/** Pushes the sets of `node`'s leading single characters; true when the whole node was such characters. */
function leading(node: Node, out: CharSet[]): boolean {
  if (node.kind === 'char') {
    out.push(node.set);
    return true;
  }
  if (node.kind === 'capture') return leading(node.body, out);
  if (node.kind !== 'seq') return false;
  return node.items.every((item) => leading(item, out));
}

function analyse(root: Node, ctx: Context, attempts: 'one' | 'search'): { bound: Bound; automaton: Automaton } {
  const automaton = automatonOf(root, ctx, attempts);
  return { bound: backtrackingBound(automaton, TEXT_LIMIT, ctx.limits), automaton };
}

function automatonOf(root: Node, ctx: Context, attempts: 'one' | 'search'): Automaton {
  return buildAutomaton(root, {
    unicode: ctx.unicode,
    attempts,
    maxPositions: MAX_POSITIONS,
    lookCost: (body, behind) => lookCost(body, behind, ctx),
    spend: (work) => spend(ctx.limits, work),
  });
}

/** One run of a lookaround's body: an attempt at one position, a lookbehind's read backwards. */
function lookCost(body: Node, behind: boolean, ctx: Context): number {
  const known = ctx.lookCosts.get(body);
  if (known !== undefined) return known;
  const cost = analyse(behind ? reversed(body) : body, ctx, 'one').bound.steps;
  ctx.lookCosts.set(body, cost);
  return cost;
}

function verdictOf(analysis: Analysis): PatternVerdict {
  const { growth } = analysis;
  if (analysis.steps <= STEP_BUDGET) return { safe: true, steps: analysis.steps, growth, spans: [] };
  const steps = growth === 'unknown' ? Infinity : analysis.steps;
  return { safe: false, problem: 'slow', steps, growth, spans: blame(analysis.hot, analysis.automaton) };
}

/**
 * The repetitions to name: the outermost one around the hottest position (a loop of loops is the
 * classic cause), then the innermost ones around the hottest positions; at most three, in source order.
 */
function blame(hot: readonly number[], automaton: Automaton): [number, number][] {
  const spans = new Map<string, [number, number]>();
  const add = (span: readonly [number, number] | undefined): void => {
    if (span !== undefined && spans.size < 3) spans.set(span.join(':'), [span[0], span[1]]);
  };
  const around = automaton.spans[hot[0] ?? -1] ?? [];
  if (around.length > 1) add(around[around.length - 1]);
  for (const state of hot) add(automaton.spans[state]?.[0]);
  return [...spans.values()].sort((a, b) => a[0] - b[0]);
}

/** A lookbehind's body is matched backwards: the same tree with every sequence reversed. */
function reversed(node: Node): Node {
  switch (node.kind) {
    case 'seq':
      return { kind: 'seq', items: node.items.map(reversed).reverse() };
    case 'alt':
      return { kind: 'alt', options: node.options.map(reversed) };
    case 'repeat':
    case 'capture':
      return { ...node, body: reversed(node.body) };
    default:
      return node;
  }
}
