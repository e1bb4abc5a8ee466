/**
 * An upper bound on the steps a backtracking matcher takes on any text of n characters, from the
 * automaton of positions.ts. A failing search visits every path the automaton has over the text
 * (every start position, every way to read each prefix), less what it cuts short by succeeding;
 * so the bound counts paths: how many end in each state after t characters, for the worst text.
 *
 * The worst text is not enumerated: states are grouped by which of them one text can reach
 * together (the subset construction, over the pattern's minterms), and per group the count of
 * each state is the most any text reaching that group can give it. Counts are merged by maximum,
 * so every later count is at least what any single text gives: an upper bound. Ready states
 * (positions.ts) count one at most: every visit to one is on the path that succeeds.
 *
 * Counts over time are then bounded for every t at once, without walking 4,096 steps: the
 * running maximum either stops changing (the pattern's work per character is bounded: linear
 * time), or grows by a steady amount Δ that an inductive check proves holds forever (work per
 * character grows linearly: quadratic time), or neither within a bounded number of rounds, and
 * the pattern is refused. Exponential blow-ups (`(a+)+b`) and cubic ones (`\d+\d+x` searched
 * for) are the last kind, or pass the budget within a few rounds.
 */
import { minterms } from './char-sets.js';
import type { Automaton } from './positions.js';

export interface Bound {
  /** Steps on the worst text of `length` characters (an upper bound; Infinity when none was found). */
  readonly steps: number;
  /**
   * How the bound was found: the work per character stops growing (`linear`), or grows by a
   * proven steady amount (`quadratic`); or it was not found: the bound passed the budget first
   * (`exceeds`), or no steady form showed within the rounds allowed (`unproven`).
   */
  readonly growth: 'linear' | 'quadratic' | 'exceeds' | 'unproven';
  /** The bound on texts of m ≤ length characters (Infinity when none was found). */
  readonly within: (m: number) => number;
  /** The positions whose counts grow the most, hottest first: where the trouble is. */
  readonly hot: readonly number[];
}

export interface BoundLimits {
  /** Bookkeeping operations the analysis may spend; past them the pattern is too complex to analyse. */
  readonly work: number;
  /** Groups of states (subsets) the analysis may build. */
  readonly groups: number;
  /** Stop as soon as the bound is known to exceed this. */
  readonly budget: number;
  /** The work spent so far, shared by every analysis of one pattern (its lookarounds, both models). */
  readonly meter: { work: number };
}

export class TooComplex extends Error {}

/** Counts `work` against the pattern's allowance; past it the pattern is too complex to analyse. */
export function spend(limits: BoundLimits, work: number): void {
  limits.meter.work += work;
  if (limits.meter.work > limits.work) throw new TooComplex();
}

/** Increments over this many rounds make Δ, so a count growing once every few characters is seen. */
const WINDOW = 8;

export function backtrackingBound(automaton: Automaton, length: number, limits: BoundLimits): Bound {
  return new Iteration(automaton, limits).run(length);
}

interface Transition {
  readonly target: number;
  /** One minterm that makes this transition (the first), to write a text with. */
  readonly symbol: number;
  /** Triples: index in the source group, index in the target group, number of routes. */
  readonly entries: Int32Array;
}

class Groups {
  readonly members: number[][] = [];
  private readonly ids = new Map<string, number>();
  private readonly transitions: (Transition[] | undefined)[] = [];
  private readonly labels: Uint8Array[];
  private readonly symbols: number;
  /** A character of each minterm. */
  readonly samples: readonly number[];

  constructor(
    private readonly automaton: Automaton,
    private readonly limits: BoundLimits,
  ) {
    const terms = minterms(automaton.sets, Math.max(...automaton.sets.map((s) => s[s.length - 1] ?? 0)));
    this.symbols = terms.count;
    this.samples = terms.sample;
    this.labels = terms.of.map((of) => {
      const label = new Uint8Array(terms.count);
      for (const id of of) label[id] = 1;
      return label;
    });
  }

  id(states: readonly number[]): number {
    const key = states.join(',');
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    if (this.members.length >= this.limits.groups) throw new TooComplex();
    this.ids.set(key, this.members.length);
    this.members.push([...states]);
    return this.members.length - 1;
  }

  /** Where group `g` goes on each minterm, one transition per distinct target (dead ends left out). */
  from(g: number): Transition[] {
    const known = this.transitions[g];
    if (known !== undefined) return known;
    const computed = this.compute(this.members[g] ?? []);
    this.transitions[g] = computed;
    return computed;
  }

  /**
   * Per minterm, which of the group's successors read it; minterms with the same successors
   * share one transition. Successors are few, minterms may be many: the key is built from the
   * successors' labels, the entries once per distinct key.
   */
  private compute(states: readonly number[]): Transition[] {
    const edges: [number, number, number][] = [];
    states.forEach((p, i) => {
      for (const [q, routes] of this.automaton.next[p] ?? []) edges.push([i, q, routes]);
    });
    const successors = [...new Set(edges.map(([, q]) => q))].sort((a, b) => a - b);
    spend(this.limits, this.symbols * (successors.length + 1) + edges.length);
    const byKey = new Map<string, Transition>();
    for (let c = 0; c < this.symbols; c++) {
      let key = '';
      for (const q of successors) if (this.labels[q]?.[c] === 1) key += `${q},`;
      if (key === '' || byKey.has(key)) continue;
      const targets = successors.filter((q) => this.labels[q]?.[c] === 1);
      byKey.set(key, this.transition(targets, edges, c));
    }
    return [...byKey.values()];
  }

  private transition(targets: readonly number[], edges: readonly [number, number, number][], symbol: number): Transition {
    const index = new Map(targets.map((q, i) => [q, i]));
    const taken = edges.filter(([, q]) => index.has(q));
    const entries = new Int32Array(taken.length * 3);
    taken.forEach(([i, q, routes], k) => entries.set([i, index.get(q) ?? 0, routes], k * 3));
    return { target: this.id(targets), symbol, entries };
  }
}

type Counts = Map<number, Float64Array>;

/**
 * A text of `length` characters on which the counts are high: at each step, each group keeps the
 * transition that gave it the costliest counts, and the text is read back from the costliest group
 * at the end. Not the worst text (the bound merges texts), but where the bound comes from; tests
 * and the measurements run V8 on it. Costs `length` full steps: not for the validating path.
 */
export function heavyText(automaton: Automaton, length: number, limits: BoundLimits): number[] {
  const groups = new Groups(automaton, limits);
  let counts: Counts = initialCounts(groups, automaton);
  const trail: Map<number, [number, number]>[] = [];
  for (let t = 0; t < length && counts.size > 0; t++) {
    const next: Counts = new Map();
    const from = new Map<number, [number, number]>();
    for (const [g, vector] of counts) {
      for (const tr of groups.from(g)) {
        const members = groups.members[tr.target] ?? [];
        const sums = new Float64Array(members.length);
        accumulate(tr.entries, vector, sums);
        clampReady(automaton, members, sums);
        const known = next.get(tr.target);
        if (known === undefined || visitsCost(automaton, members, sums) > visitsCost(automaton, members, known)) {
          next.set(tr.target, sums);
          from.set(tr.target, [g, tr.symbol]);
        }
      }
    }
    trail.push(from);
    counts = next;
  }
  const costOf = ([g, vector]: [number, Float64Array]): number => visitsCost(automaton, groups.members[g] ?? [], vector);
  let group = [...counts].sort((a, b) => costOf(b) - costOf(a))[0]?.[0];
  const text: number[] = [];
  for (let t = trail.length - 1; t >= 0 && group !== undefined; t--) {
    const step = trail[t]?.get(group);
    if (step === undefined) break;
    text.push(groups.samples[step[1]] ?? 0);
    group = step[0];
  }
  return text.reverse();
}

/** The paths the matcher starts with, as the one group they make. */
function initialCounts(groups: Groups, automaton: Automaton): Counts {
  return new Map([[groups.id(automaton.initial.map(([state]) => state)), Float64Array.from(automaton.initial, ([, n]) => n)]]);
}

/** What the visits `vector` counts (over a group's `members`) cost. */
function visitsCost(automaton: Automaton, members: readonly number[], vector: Float64Array | undefined): number {
  let sum = 0;
  members.forEach((state, i) => (sum += (vector?.[i] ?? 0) * (automaton.cost[state] ?? 1)));
  return sum;
}

/** A ready state counts one visit at most: every visit to one is on the path that succeeds. */
function clampReady(automaton: Automaton, members: readonly number[], counts: Float64Array): void {
  members.forEach((state, i) => {
    if (automaton.ready[state] === true) counts[i] = Math.min(counts[i] ?? 0, 1);
  });
}

/**
 * The costliest group's visits, kept up to date as groups change (their costs only grow): over
 * all groups, and over the groups that long texts can still reach.
 */
class Most {
  private all = 0;
  private recurrent = 0;

  constructor(private readonly iteration: Iteration) {}

  /** Takes the changed groups into account; returns them. */
  update(counts: Counts, changed: readonly number[]): number[] {
    for (const g of changed) {
      const cost = this.iteration.groupCost(g, counts.get(g));
      this.all = Math.max(this.all, cost);
      if (this.iteration.isRecurrent(g)) this.recurrent = Math.max(this.recurrent, cost);
    }
    return [...changed];
  }

  at(t: number): number {
    return this.iteration.isTransientTime(t) ? this.all : this.recurrent;
  }
}

class Iteration {
  private readonly groups: Groups;
  private scratch = new Float64Array(64);
  /** Per round, what each group that changed gained. */
  private readonly increments: Counts[] = [];
  /** Groups a text of any length can end in (those reachable from a cycle of groups), and how many groups there are. */
  private readonly recurrent: ReadonlySet<number>;
  private readonly transientUntil: number;

  constructor(
    private readonly automaton: Automaton,
    private readonly limits: BoundLimits,
  ) {
    this.groups = new Groups(automaton, limits);
    const all = this.closure();
    this.recurrent = reachableFromCycles(all, (g) => this.groups.from(g).map((t) => t.target));
    this.transientUntil = all.length;
  }

  /** Every group a text reaches, with its transitions computed. */
  private closure(): number[] {
    const seen = [...initialCounts(this.groups, this.automaton).keys()];
    const known = new Set(seen);
    for (let i = 0; i < seen.length; i++) {
      for (const t of this.groups.from(seen[i] ?? 0)) {
        if (!known.has(t.target)) {
          known.add(t.target);
          seen.push(t.target);
        }
      }
    }
    return seen;
  }

  run(length: number): Bound {
    const counts = initialCounts(this.groups, this.automaton);
    const most = new Most(this);
    let changed = most.update(counts, [...counts.keys()]);
    const spent = [most.at(0)];
    let lastNew = 0;
    const maxRounds = 2 * this.transientUntil + 4 * WINDOW + 16;
    for (let round = 1; round <= maxRounds && round <= length; round++) {
      const raised = this.step(counts, changed);
      if (raised.size === 0) return this.finish(spent, counts, undefined, length, 'linear');
      if ([...raised.keys()].some((g) => !counts.has(g))) lastNew = round;
      this.increments.push(increments(counts, raised));
      if (round >= 2 * lastNew + 2 * WINDOW && round % 4 === 0) {
        const slope = this.slope();
        if (this.holds(counts, slope)) return this.finish(spent, counts, slope, length, 'quadratic');
      }
      for (const [g, vector] of raised) counts.set(g, vector);
      changed = most.update(counts, [...raised.keys()]);
      spent.push((spent[round - 1] ?? 0) + most.at(round));
      if ((spent[round] ?? 0) > this.limits.budget) return this.unknown(spent, 'exceeds', counts);
    }
    if (spent.length > length) return this.finish(spent, counts, undefined, length, 'linear');
    return this.unknown(spent, 'unproven', counts);
  }

  /** No bound beyond what was spent: Infinity past it. */
  private unknown(spent: readonly number[], growth: 'exceeds' | 'unproven', counts: Counts): Bound {
    const within = (m: number): number => (m < spent.length ? (spent[m] ?? Infinity) : Infinity);
    return { steps: growth === 'exceeds' ? (spent[spent.length - 1] ?? Infinity) : Infinity, growth, within, hot: this.hottest(counts) };
  }

  /**
   * The groups the next character raises, with their new vectors: max(counts, F(counts)) where it
   * differs from `counts`. Only groups that changed last round can raise anything (F is monotone,
   * and the rest was applied before). `counts` itself is left as it is.
   */
  private step(counts: Counts, changed: readonly number[]): Map<number, Float64Array> {
    const raised = new Map<number, Float64Array>();
    for (const g of changed) {
      const vector = counts.get(g);
      if (vector === undefined) continue;
      for (const t of this.groups.from(g)) {
        let into = raised.get(t.target);
        const fresh = into === undefined;
        if (into === undefined) {
          const known = counts.get(t.target);
          into = known === undefined ? new Float64Array(this.groups.members[t.target]?.length ?? 0) : Float64Array.from(known);
        }
        if (this.apply(t, vector, into) && fresh) raised.set(t.target, into);
      }
    }
    return raised;
  }

  /** into = max(into, clamp(M · vector)), M the transition's routes. */
  private apply(t: Transition, vector: Float64Array, into: Float64Array): boolean {
    const members = this.groups.members[t.target] ?? [];
    if (this.scratch.length < members.length) this.scratch = new Float64Array(2 * members.length);
    const sums = this.scratch;
    sums.fill(0, 0, members.length);
    const e = t.entries;
    spend(this.limits, e.length / 3 + members.length);
    accumulate(e, vector, sums);
    clampReady(this.automaton, members, sums);
    let raised = false;
    for (let i = 0; i < members.length; i++) {
      if ((sums[i] ?? 0) > (into[i] ?? 0)) {
        into[i] = sums[i] ?? 0;
        raised = true;
      }
    }
    return raised;
  }

  groupCost(g: number, vector: Float64Array | undefined): number {
    return visitsCost(this.automaton, this.groups.members[g] ?? [], vector);
  }

  isRecurrent(g: number): boolean {
    return this.recurrent.has(g);
  }

  /** After as many characters as there are groups, only groups reachable from a cycle can still be reached. */
  isTransientTime(t: number): boolean {
    return t <= this.transientUntil;
  }

  /** The most the visits of any group can cost at time t. */
  private weight(counts: Counts, t: number): number {
    let most = 0;
    for (const [g, vector] of counts) {
      if (this.isTransientTime(t) || this.recurrent.has(g)) most = Math.max(most, this.groupCost(g, vector));
    }
    return most;
  }

  /** Per group and state, the largest increment over the last rounds. */
  private slope(): Counts {
    const slope: Counts = new Map();
    for (const round of this.increments.slice(-WINDOW)) {
      for (const [g, inc] of round) {
        let s = slope.get(g);
        if (s === undefined) slope.set(g, (s = new Float64Array(inc.length)));
        inc.forEach((v, i) => (s[i] = Math.max(s[i] ?? 0, v)));
      }
    }
    return slope;
  }

  /**
   * Whether counts(t + k) ≤ base + k·slope for every k (base = the running maximum now): true when
   * one more character keeps the form, for every group and transition. F(base) ≤ base + slope
   * holds by how the slope was taken; what is checked is that the slope does not grow
   * (M·slope ≤ slope at every state that is not ready), or that a ready state is already at one.
   */
  private holds(base: Counts, slope: Counts): boolean {
    for (const [g, s] of slope) {
      for (const t of this.groups.from(g)) {
        const target = slope.get(t.target);
        const members = this.groups.members[t.target] ?? [];
        spend(this.limits, t.entries.length / 3 + members.length);
        const grown = new Float64Array(members.length);
        accumulate(t.entries, s, grown);
        const atOne = base.get(t.target);
        for (let i = 0; i < members.length; i++) {
          if ((grown[i] ?? 0) <= (target?.[i] ?? 0)) continue;
          if (this.automaton.ready[members[i] ?? 0] === true && (atOne?.[i] ?? 0) >= 1) continue;
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The bound once counts(t) ≤ base + (t − from)·slope is proven for every t > from, `from` the
   * last round spent (slope absent: the counts stop growing): what was spent until then, plus that
   * form summed over the rest, counting groups that only short texts reach for the first
   * `transientUntil` characters only.
   */
  private finish(spent: readonly number[], base: Counts, slope: Counts | undefined, length: number, growth: 'linear' | 'quadratic'): Bound {
    const from = spent.length - 1;
    const rate = (t: number): number => (slope === undefined ? 0 : this.weight(slope, t));
    const forms = [from, Math.max(this.transientUntil, from) + 1].map((t) => ({ per: this.weight(base, t), rate: rate(t) }));
    const sum = (a: number, b: number, form: { per: number; rate: number }): number => {
      const k = (x: number): number => ((x - from) * (x - from + 1)) / 2;
      return b <= a ? 0 : (b - a) * form.per + form.rate * (k(b) - k(a));
    };
    const within = (m: number): number => {
      if (m <= from) return spent[m] ?? 0;
      const split = Math.min(Math.max(this.transientUntil, from), m);
      return (spent[from] ?? 0) + sum(from, split, forms[0] ?? { per: 0, rate: 0 }) + sum(split, m, forms[1] ?? { per: 0, rate: 0 });
    };
    return { steps: within(length), growth, within, hot: this.hottest(slope ?? base) };
  }

  /** States by their largest count in any group, most first; the start states are left out. */
  private hottest(counts: Counts): number[] {
    const best = new Map<number, number>();
    for (const [g, vector] of counts) {
      (this.groups.members[g] ?? []).forEach((state, i) => best.set(state, Math.max(best.get(state) ?? 0, vector[i] ?? 0)));
    }
    return [...best].filter(([state, n]) => state > 1 && n > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([state]) => state);
  }
}

/** What each raised group gained. */
function increments(before: Counts, raised: ReadonlyMap<number, Float64Array>): Counts {
  const out: Counts = new Map();
  for (const [g, now] of raised) {
    const then = before.get(g);
    out.set(g, now.map((v, i) => v - (then?.[i] ?? 0)));
  }
  return out;
}

/** out[j] += vector[i] · routes for every entry (i, j, routes). */
function accumulate(entries: Int32Array, vector: Float64Array, out: Float64Array): void {
  for (let k = 0; k < entries.length; k += 3) {
    const j = entries[k + 1] ?? 0;
    out[j] = (out[j] ?? 0) + (vector[entries[k] ?? 0] ?? 0) * (entries[k + 2] ?? 0);
  }
}

/** Groups on a cycle of `next`, and every group reachable from one (Tarjan's components, iteratively). */
function reachableFromCycles(groups: readonly number[], next: (g: number) => readonly number[]): Set<number> {
  const onCycle = cyclic(groups, next);
  const out = new Set<number>(onCycle);
  const queue = [...onCycle];
  while (queue.length > 0) {
    for (const t of next(queue.pop() ?? 0)) {
      if (!out.has(t)) {
        out.add(t);
        queue.push(t);
      }
    }
  }
  return out;
}

function cyclic(groups: readonly number[], next: (g: number) => readonly number[]): number[] {
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const out: number[] = [];
  for (const root of groups) {
    if (index.has(root)) continue;
    const work: [number, number][] = [[root, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1] as [number, number];
      const [g, i] = frame;
      if (i === 0) {
        index.set(g, index.size);
        low.set(g, index.get(g) ?? 0);
        stack.push(g);
        onStack.add(g);
      }
      const targets = next(g);
      if (i < targets.length) {
        frame[1] = i + 1;
        const t = targets[i] ?? 0;
        if (!index.has(t)) work.push([t, 0]);
        else if (onStack.has(t)) low.set(g, Math.min(low.get(g) ?? 0, index.get(t) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent[0], Math.min(low.get(parent[0]) ?? 0, low.get(g) ?? 0));
      if (low.get(g) !== index.get(g)) continue;
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop() ?? g;
        onStack.delete(member);
        component.push(member);
      } while (member !== g);
      if (component.length > 1 || targets.includes(g)) out.push(...component);
    }
  }
  return out;
}
