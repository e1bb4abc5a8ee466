/**
 * A pattern's tree → the automaton a backtracking matcher walks: one state per character the
 * pattern can read (a position, as in Glushkov's construction, with each counted repetition
 * written out), and between two states the number of distinct ways the matcher can go from one
 * to the other without reading (its routes). Two routes are two branches a backtracking matcher
 * tries, so counting routes, not just edges, is what shows that `(a*)*` doubles its work with
 * every `a`: after an `a` the inner loop and the outer loop both lead back to `a`.
 *
 * Every state also carries what a visit costs (its character test, a loop's bookkeeping, the
 * routes it tries, a lookaround's body run whole at each try), and whether the pattern has surely
 * matched once the matcher stands there: a state with a route to the end that no assertion can
 * fail ("ready"). From a ready state the matcher succeeds before it backtracks out, so every visit
 * to one is on the path that succeeds: bound.ts counts at most one per character of the text.
 */
import { MAX_CODE_POINT, MAX_CODE_UNIT, type CharSet } from './char-sets.js';
import type { Node } from './syntax.js';

/** Routes of one kind: how many, and what trying all of them costs beyond one step each. */
interface Routes {
  readonly count: number;
  readonly cost: number;
  /** Some route crosses no assertion, lookaround or backreference: it cannot fail. */
  readonly sure: boolean;
}

/**
 * Routes split by the anchors they cross: `^` holds only before the first character is read and
 * `$` only after the last, so a route crossing `^` is valid only from the start of an attempt at
 * position 0, and one crossing `$` only into the end of the pattern.
 */
interface Bundle {
  readonly plain?: Routes;
  readonly caret?: Routes;
  readonly dollar?: Routes;
  /** Crosses both: only an empty match of the empty text. */
  readonly both?: Routes;
}

type Kind = keyof Bundle;

interface Fragment {
  readonly first: ReadonlyMap<number, Bundle>;
  readonly last: ReadonlyMap<number, Bundle>;
  readonly empty: Bundle | undefined;
}

export interface Automaton {
  /** State 0 is the start of the first attempt; state 1 the start of every later one (SEARCH) or a stand-in (ROOTS); then the positions. */
  readonly size: number;
  /** The paths the matcher starts with: [state, count]. */
  readonly initial: readonly (readonly [number, number])[];
  /** The characters each state is entered by (the start: none). */
  readonly sets: readonly CharSet[];
  /** Routes between states, by source: [target, count][]. */
  readonly next: readonly (readonly (readonly [number, number])[])[];
  /** What a visit to each state costs, in visits of a state reading a small class: its test, its loop's bookkeeping, the routes it tries (lookaround bodies included). */
  readonly cost: readonly number[];
  /** Whether the pattern has surely matched once the matcher stands in the state. */
  readonly ready: readonly boolean[];
  /** For each position, the source spans [start, end) of the repetitions it is inside, innermost first. */
  readonly spans: readonly (readonly (readonly [number, number])[])[];
}

export interface BuildOptions {
  readonly unicode: boolean;
  /**
   * `one`: the automaton of one attempt (at any position; a lookaround's body, or each attempt of
   * a search counted on its own). `search`: every attempt, as state SEARCH, unless the engine
   * tries the pattern at position 0 only (it starts with `^`).
   */
  readonly attempts: 'one' | 'search';
  /** What running a lookaround's body once can cost at most; the bound of its own automaton. */
  readonly lookCost: (body: Node, behind: boolean) => number;
  /** Positions beyond this make the pattern too large to analyse. */
  readonly maxPositions: number;
  /** Counts work against the analysis' allowance (throws past it). */
  readonly spend: (work: number) => void;
}

/** A counted repetition's optional iterations beyond this are read as unbounded (more paths, never fewer). */
const MAX_OPTIONAL_COPIES = 64;
/** Required iterations written out before the rest is read as unbounded. */
const MAX_REQUIRED_COPIES = 64;

export const START = 0;
export const SEARCH = 1;
export const ROOTS = 1;

export function buildAutomaton(root: Node, options: BuildOptions): Automaton {
  const builder = new Builder(options);
  const fragment = builder.visit(root);
  return builder.finish(fragment, options.attempts === 'one' || anchoredAtStart(root));
}

class Builder {
  private readonly sets: CharSet[] = [[], []];
  private readonly spans: (readonly [number, number])[][] = [[], []];
  private readonly follow = new Map<number, Map<number, Bundle>>();
  private readonly enclosing: [number, number][] = [];
  private bookkeeping = 0;
  /** Per state, the visits' cost beyond the character test. */
  private readonly overhead: number[] = [0, 0];
  private readonly universe: number;

  constructor(private readonly options: BuildOptions) {
    this.universe = options.unicode ? MAX_CODE_POINT : MAX_CODE_UNIT;
  }

  visit(node: Node): Fragment {
    switch (node.kind) {
      case 'char':
        return this.position(node.set);
      case 'seq':
        return node.items.reduce<Fragment>((acc, item) => this.concat(acc, this.visit(item)), EPSILON);
      case 'alt':
        return node.options.map((o) => this.visit(o)).reduce((a, b) => alternate(a, b));
      case 'assert':
        return zeroWidth(node.which === 'start' ? 'caret' : node.which === 'end' ? 'dollar' : 'plain', 0);
      case 'look':
        return zeroWidth('plain', LOOK_OVERHEAD + this.options.lookCost(node.body, node.behind));
      case 'capture':
        return this.visit(node.body);
      case 'backref':
        return this.backreference();
      case 'repeat':
        return this.repeat(node);
    }
  }

  /** A new state reading `set`. */
  private position(set: CharSet): Fragment {
    const id = this.sets.length;
    if (id - 2 >= this.options.maxPositions) throw new TooLarge();
    this.sets.push(set);
    this.spans.push([...this.enclosing].reverse());
    this.overhead.push(Math.min(this.bookkeeping, 1));
    const one = new Map([[id, ONE]]);
    return { first: one, last: one, empty: undefined };
  }

  /**
   * A backreference reads the text a group captured, which the analysis does not know: it is read
   * as any text at all (a loop over every character), entered and left only by routes that may
   * fail, since the text must be the captured one.
   */
  private backreference(): Fragment {
    const loop = this.position(range0(this.universe));
    const id = [...loop.first.keys()][0] ?? 0;
    this.link(id, id, { plain: ONE_ROUTE });
    const unsure = new Map([[id, { plain: UNSURE_ROUTE }]]);
    return { first: unsure, last: unsure, empty: { plain: UNSURE_ROUTE } };
  }

  private link(from: number, to: number, bundle: Bundle): void {
    let targets = this.follow.get(from);
    if (targets === undefined) this.follow.set(from, (targets = new Map()));
    const known = targets.get(to);
    targets.set(to, known === undefined ? bundle : add(known, bundle));
  }

  concat(a: Fragment, b: Fragment): Fragment {
    this.options.spend(a.last.size * b.first.size + a.first.size + b.last.size);
    for (const [p, out] of a.last) for (const [q, into] of b.first) this.link(p, q, join(out, into));
    return {
      first: a.empty === undefined ? a.first : merge(a.first, prefixed(a.empty, b.first)),
      last: b.empty === undefined ? b.last : merge(b.last, suffixed(a.last, b.empty)),
      empty: a.empty === undefined || b.empty === undefined ? undefined : join(a.empty, b.empty),
    };
  }

  private repeat(node: Node & { kind: 'repeat' }): Fragment {
    this.enclosing.push([node.start, node.end]);
    try {
      // The engine runs a loop over one character class without bookkeeping per iteration; any other loop has some.
      return node.body.kind === 'char' || node.max <= 1 ? this.expand(node) : this.bookkept(() => this.expand(node));
    } finally {
      this.enclosing.pop();
    }
  }

  /** Positions made by `build` cost one more visit each: a loop's state (captures inside, the empty check) saved per iteration. */
  private bookkept(build: () => Fragment): Fragment {
    this.bookkeeping++;
    try {
      return build();
    } finally {
      this.bookkeeping--;
    }
  }

  /**
   * `body{min,max}` written out: the required iterations (each may match empty), then the
   * optional ones (an optional iteration that matches empty fails, as ECMAScript's empty check
   * says), nested so that each is tried only after the one before it. Large counts are read as
   * unbounded; a nullable body with a large minimum is too large to analyse.
   */
  private expand(node: Node & { kind: 'repeat' }): Fragment {
    const required = Math.min(node.min, MAX_REQUIRED_COPIES);
    let fragment: Fragment = EPSILON;
    for (let i = 0; i < required; i++) {
      const copy = this.visit(node.body);
      if (node.min > MAX_REQUIRED_COPIES && copy.empty !== undefined) throw new TooLarge();
      fragment = this.concat(fragment, copy);
    }
    const optional = node.max - required;
    if (optional <= 0) return fragment;
    return this.concat(fragment, optional > MAX_OPTIONAL_COPIES ? this.star(node.body) : this.optionals(node.body, optional));
  }

  /** Any number of non-empty iterations: the last position of one leads to the first of the next. */
  private star(body: Node): Fragment {
    const iteration = nonEmpty(this.visit(body));
    this.concat(iteration, iteration);
    return { ...iteration, empty: iteration.entry };
  }

  private optionals(body: Node, count: number): Fragment {
    let fragment: Fragment = EPSILON;
    for (let i = 0; i < count; i++) {
      const iteration = nonEmpty(this.visit(body));
      const inner = this.concat(iteration, fragment);
      fragment = { ...inner, empty: iteration.entry };
    }
    return fragment;
  }

  finish(root: Fragment, anchored: boolean): Automaton {
    const size = this.sets.length;
    const next: [number, number][][] = Array.from({ length: size }, () => []);
    const cost = this.sets.map((set, state) => (state <= SEARCH ? 1 : matchCost(set) + (this.overhead[state] ?? 0)));
    const ready = new Array<boolean>(size).fill(false);
    this.sets[START] = [];
    this.sets[SEARCH] = anchored ? [] : range0(this.universe);
    const sources: [number, ReadonlyMap<number, Bundle>][] = [...this.follow];
    sources.push([START, root.first]);
    if (!anchored) sources.push([SEARCH, withoutCaret(root.first)], [START, new Map([[SEARCH, ONE]])], [SEARCH, new Map([[SEARCH, ONE]])]);
    for (const [from, targets] of sources) {
      for (const [to, bundle] of targets) {
        const valid = from === START ? routes(bundle, ['plain', 'caret']) : routes(bundle, ['plain']);
        cost[from] = (cost[from] ?? 1) + tryCost(bundle, matchCost(this.sets[to] ?? []));
        if (valid.count > 0) next[from]?.push([to, valid.count]);
      }
    }
    this.finishEnds(root, anchored, cost, ready);
    return { size, initial: [[START, 1]], sets: this.sets, next, cost, ready, spans: this.spans };
  }

  /** Routes into the end of the pattern: their cost, and which states have one that cannot fail. */
  private finishEnds(root: Fragment, anchored: boolean, cost: number[], ready: boolean[]): void {
    const ends: [number, Bundle][] = [...root.last];
    if (root.empty !== undefined) {
      ends.push([START, root.empty]);
      if (!anchored) ends.push([SEARCH, dropCaret(root.empty)]);
    }
    for (const [state, bundle] of ends) {
      cost[state] = (cost[state] ?? 1) + tryCost(bundle, 1);
      if (bundle.plain?.sure === true) ready[state] = true;
    }
  }
}

export class TooLarge extends Error {}

const ONE_ROUTE: Routes = { count: 1, cost: 0, sure: true };
const UNSURE_ROUTE: Routes = { count: 1, cost: 0, sure: false };
const ONE: Bundle = { plain: ONE_ROUTE };
const EPSILON: Fragment = { first: new Map(), last: new Map(), empty: ONE };

function range0(max: number): CharSet {
  return [0, max];
}

function zeroWidth(kind: Kind, cost: number): Fragment {
  return { first: new Map(), last: new Map(), empty: { [kind]: { count: 1, cost, sure: false } } };
}

function alternate(a: Fragment, b: Fragment): Fragment {
  return {
    first: merge(a.first, b.first),
    last: merge(a.last, b.last),
    empty: a.empty === undefined ? b.empty : b.empty === undefined ? a.empty : add(a.empty, b.empty),
  };
}

/**
 * An iteration that must read something: its empty routes are still tried at each entry (and
 * fail), so their cost is kept, as `entry`, on the routes that enter it and on the exit.
 */
function nonEmpty(fragment: Fragment): Fragment & { entry: Bundle } {
  const wasted = fragment.empty === undefined ? 0 : tryCost(fragment.empty, 1);
  const entry: Bundle = { plain: { count: 1, cost: wasted, sure: true } };
  return { first: prefixed(entry, fragment.first), last: fragment.last, empty: undefined, entry };
}

function merge(a: ReadonlyMap<number, Bundle>, b: ReadonlyMap<number, Bundle>): ReadonlyMap<number, Bundle> {
  const out = new Map(a);
  for (const [k, v] of b) {
    const known = out.get(k);
    out.set(k, known === undefined ? v : add(known, v));
  }
  return out;
}

function prefixed(before: Bundle, map: ReadonlyMap<number, Bundle>): ReadonlyMap<number, Bundle> {
  return new Map([...map].map(([k, v]) => [k, join(before, v)]));
}

function suffixed(map: ReadonlyMap<number, Bundle>, after: Bundle): ReadonlyMap<number, Bundle> {
  return new Map([...map].map(([k, v]) => [k, join(v, after)]));
}

const KINDS: readonly Kind[] = ['plain', 'caret', 'dollar', 'both'];

/** Routes of `a` then routes of `b`: every pair is a route, crossing what either crosses. */
function join(a: Bundle, b: Bundle): Bundle {
  const out: { -readonly [K in Kind]?: Routes } = {};
  for (const ka of KINDS) {
    const ra = a[ka];
    if (ra === undefined) continue;
    for (const kb of KINDS) {
      const rb = b[kb];
      if (rb === undefined) continue;
      const kind = crossing(ka, kb);
      const pair: Routes = { count: ra.count * rb.count, cost: ra.cost * rb.count + rb.cost * ra.count, sure: ra.sure && rb.sure };
      const known = out[kind];
      out[kind] = known === undefined ? pair : plus(known, pair);
    }
  }
  return out;
}

function crossing(a: Kind, b: Kind): Kind {
  const caret = a === 'caret' || a === 'both' || b === 'caret' || b === 'both';
  const dollar = a === 'dollar' || a === 'both' || b === 'dollar' || b === 'both';
  return caret ? (dollar ? 'both' : 'caret') : dollar ? 'dollar' : 'plain';
}

function add(a: Bundle, b: Bundle): Bundle {
  const out: { -readonly [K in Kind]?: Routes } = { ...a };
  for (const kind of KINDS) {
    const rb = b[kind];
    if (rb === undefined) continue;
    const ra = out[kind];
    out[kind] = ra === undefined ? rb : plus(ra, rb);
  }
  return out;
}

function plus(a: Routes, b: Routes): Routes {
  return { count: a.count + b.count, cost: a.cost + b.cost, sure: a.sure || b.sure };
}

/** The routes of the given kinds together. */
function routes(bundle: Bundle, kinds: readonly Kind[]): Routes {
  let out: Routes = { count: 0, cost: 0, sure: false };
  for (const kind of kinds) {
    const r = bundle[kind];
    if (r !== undefined) out = plus(out, r);
  }
  return out;
}

/**
 * Costs, in visits of a state reading a small class, as measured on V8: a route tried and failed
 * costs about a tenth of a visit (the engine checks the next character of many routes at once); a
 * character is tested against a class of many ranges (\p{L}: 650) up to 16 times slower than
 * against one of a few (a search of its ranges); an iteration of a loop whose body is more than
 * one class twice a plain one (V8 runs `\w+` without bookkeeping, `(?:\w|a)+` with it).
 */
const ROUTE_COST = 0.1;
/** Starting a lookaround (saving and restoring the position and the backtracking state), beyond its body's own steps. */
const LOOK_OVERHEAD = 3;

function matchCost(set: CharSet): number {
  const ranges = set.length / 2;
  return ranges <= 16 ? 1 : 2.5 * Math.log2(ranges) - 8;
}

/** Every route is tried, valid or not: its test of the next character, plus what it runs (lookarounds). */
function tryCost(bundle: Bundle, match: number): number {
  const all = routes(bundle, KINDS);
  return all.count * ROUTE_COST * match + all.cost;
}

function withoutCaret(map: ReadonlyMap<number, Bundle>): Map<number, Bundle> {
  return new Map([...map].map(([k, v]) => [k, dropCaret(v)]));
}

/** A later attempt starts past position 0, where `^` fails. */
function dropCaret(bundle: Bundle): Bundle {
  return { plain: bundle.plain, dollar: bundle.dollar };
}

/**
 * Whether the engine tries the pattern at position 0 only: every alternative starts with `^`
 * (no `m` flag is ever used here). Anything less certain counts as unanchored: more attempts,
 * never fewer.
 */
export function anchoredAtStart(node: Node): boolean {
  if (node.kind === 'assert') return node.which === 'start';
  if (node.kind === 'seq') return node.items[0] !== undefined && anchoredAtStart(node.items[0]);
  if (node.kind === 'alt') return node.options.every(anchoredAtStart);
  if (node.kind === 'capture') return anchoredAtStart(node.body);
  return false;
}


/**
 * The automaton of one attempt (built with `attempts: 'one'`) as the failing work of a search
 * sees it. Every node a search visits is a ready node (on a path that succeeds: at most two at
 * any position of the text, one match ending where the next begins) or a node reached from the
 * last ready node or attempt start before it through states that are not ready. So: ready states
 * are left out, and the paths start at START (`from: 'start'`: an attempt), or at ROOTS, which
 * stands for a ready node, counted twice, with the routes of every ready state (the most of any
 * for each target) and the cost of the costliest (`from: 'ready'`). Each summed over the start
 * positions, the two bound a whole search, `matchAll` included.
 */
export function failingAttempts(one: Automaton, from: 'start' | 'ready'): Automaton {
  const readyStates = one.ready.flatMap((r, state) => (r ? [state] : []));
  const live = (edges: readonly (readonly [number, number])[]): [number, number][] => edges.filter(([q]) => one.ready[q] !== true).map(([q, n]) => [q, n]);
  const next = one.next.map(live);
  const fromReady = new Map<number, number>();
  for (const r of readyStates) for (const [q, n] of live(one.next[r] ?? [])) fromReady.set(q, Math.max(fromReady.get(q) ?? 0, n));
  next[ROOTS] = [...fromReady].sort((a, b) => a[0] - b[0]);
  const cost = [...one.cost];
  cost[ROOTS] = Math.max(1, ...readyStates.map((r) => one.cost[r] ?? 1));
  return { ...one, initial: from === 'start' ? [[START, 1]] : [[ROOTS, 2]], next, cost, ready: one.ready.map(() => false) };
}
