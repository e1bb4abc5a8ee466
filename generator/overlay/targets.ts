/**
 * An overlay action's `target`: an RFC 9535 JSONPath query, parsed and evaluated by json-p3 (it
 * passes the whole JSONPath Compliance Test Suite, 703 of 703 cases; docs/overlays.md says why it
 * was chosen). An overlay may come from anyone's pull request, so a target runs within bounds:
 *
 * - **Work and memory.** This module drives the evaluation, segment by segment, through
 *   json-p3's public selectors, and counts a step for every node a segment visits or selects and
 *   every child a wildcard, filter or slice looks at (a filter's children times the size of its
 *   expression); the list of nodes each segment selects holds a bounded number (a list inside
 *   a filter too). Queries inside filters run
 *   through the same driver. A target past either bound stops with `OverlayBudgetExceeded`, the
 *   same for everyone: a query that names nodes many times over (`$[*,*][*,*]…`) cannot grow
 *   without bound.
 * - **Patterns.** `match()` and `search()` run regular expressions on the description's text. A
 *   pattern must be a string literal of the target that passes the pattern-safety rule every
 *   contract pattern passes (generator/regex/), and it runs on texts of at most TEXT_LIMIT
 *   characters: a longer text stops the target (`PatternTextTooLong`) rather than run long.
 */
import { createRequire } from 'node:module';
import type { FilterFunction, jsonpath, JSONPathNode, JSONPathQuery, JSONValue } from 'json-p3';
import { patternSafety, TEXT_LIMIT } from '../regex/pattern-safety.js';

type JsonP3 = typeof import('json-p3');
type JSONPathSegment = jsonpath.JSONPathSegment;
type JSONPathSelector = jsonpath.JSONPathSelector;

let loaded: JsonP3 | undefined;

/** json-p3, loaded when an overlay is applied: a run without overlays never pays for it. */
function jsonP3(): JsonP3 {
  loaded ??= createRequire(import.meta.url)('json-p3') as JsonP3;
  return loaded;
}

/** A target, compiled: run it with `select`. */
export interface Target {
  readonly text: string;
  readonly query: JSONPathQuery;
  /** The evaluation in progress, which the queries inside filters count against. */
  readonly run: { meter: Meter | undefined };
  /** Each filter's expression size: a filter looks at each child with all of it. */
  readonly filterSizes: ReadonlyMap<JSONPathSelector, number>;
  /** Whether the query can name a node twice (`distinct` has work to do). */
  readonly repeats: boolean;
}

export type CompiledTarget = { readonly ok: true; readonly target: Target } | { readonly ok: false; readonly problem: string; readonly offset: number };

/**
 * The bounds of a run: the work of all its targets in steps, and the nodes one list may hold (a
 * target's selection, a filter's query); past either it throws.
 */
export class Meter {
  private spent = 0;
  constructor(
    readonly limit: number,
    readonly held: number = Infinity,
  ) {}
  spend(steps: number): void {
    this.spent += steps;
    if (this.spent > this.limit) throw new OverlayBudgetExceeded(`would take more than ${this.limit.toLocaleString('en-US')} steps`);
  }
  hold(nodes: number): void {
    if (nodes > this.held) throw new OverlayBudgetExceeded(`would hold more than ${this.held.toLocaleString('en-US')} nodes in one list`);
  }
}

export class OverlayBudgetExceeded extends Error {}

export class PatternTextTooLong extends Error {
  constructor(
    readonly fn: string,
    readonly length: number,
  ) {
    super(`${fn}() met a text of ${length.toLocaleString('en-US')} characters; patterns run on at most ${TEXT_LIMIT.toLocaleString('en-US')}`);
  }
}

/** `text` as a query, or why not, with the offset in `text` where the problem is. */
export function compileTarget(text: string): CompiledTarget {
  const lib = jsonP3();
  let query: JSONPathQuery;
  try {
    query = environment().compile(text);
  } catch (e) {
    if (!(e instanceof lib.JSONPathError)) throw e;
    return { ok: false, problem: `not a JSONPath query (RFC 9535): ${withoutPosition(e.message)}`, offset: e.token.index };
  }
  const run: Target['run'] = { meter: undefined };
  const filterSizes = new Map<JSONPathSelector, number>();
  const refused = walkQuery(query, run, filterSizes);
  return refused === undefined ? { ok: true, target: { text, query, run, filterSizes, repeats: repeats(query) } } : { ok: false, ...refused };
}

/**
 * A query names each node once at most when each segment has one selector and one segment at
 * most descends: a child segment maps distinct nodes to distinct children, and a descent from
 * nodes that are all at one depth visits each node once.
 */
function repeats(query: JSONPathQuery): boolean {
  return query.segments.some((s) => s.selectors.length > 1) || query.segments.filter(isDescendant).length > 1;
}

/** json-p3 ends its messages with the query and an offset, which the diagnostic's position gives. */
function withoutPosition(message: string): string {
  return message.replace(/ \('.*':\d+\)$/s, '');
}

let env: InstanceType<JsonP3['JSONPathEnvironment']> | undefined;

/** RFC 9535 as written (json-p3's strict mode: none of its extensions), with bounded match() and search(). */
function environment(): InstanceType<JsonP3['JSONPathEnvironment']> {
  if (env !== undefined) return env;
  env = new (jsonP3().JSONPathEnvironment)({ strict: true });
  for (const name of ['match', 'search']) {
    const inner = env.functionRegister.get(name);
    if (inner !== undefined) env.functionRegister.set(name, bounded(name, inner));
  }
  return env;
}

function bounded(name: string, inner: FilterFunction): FilterFunction {
  return {
    argTypes: inner.argTypes,
    returnType: inner.returnType,
    call: (text: unknown, pattern: unknown) => {
      if (typeof text === 'string' && text.length > TEXT_LIMIT) throw new PatternTextTooLong(name, text.length);
      return inner.call(text, pattern);
    },
  };
}

type Refusal = { readonly problem: string; readonly offset: number };

/**
 * Every query of the target (its own and those inside filters): each is given the metered driver,
 * each filter its size, each pattern the safety check. A refusal says where.
 */
function walkQuery(query: JSONPathQuery, run: Target['run'], sizes: Map<JSONPathSelector, number>): Refusal | undefined {
  const lib = jsonP3();
  for (const segment of query.segments) {
    for (const selector of segment.selectors) {
      if (!(selector instanceof lib.jsonpath.selectors.FilterSelector)) continue;
      const found: Refusal[] = [];
      sizes.set(selector, walkExpression(selector.expression, run, sizes, found));
      if (found[0] !== undefined) return found[0];
    }
  }
  return undefined;
}

type Expression = InstanceType<JsonP3['jsonpath']['expressions']['FilterExpression']>;

/** The expression's size in nodes; its queries metered, its patterns checked (refusals into `found`). */
function walkExpression(expression: Expression, run: Target['run'], sizes: Map<JSONPathSelector, number>, found: Refusal[]): number {
  const x = jsonP3().jsonpath.expressions;
  if (expression instanceof x.LogicalExpression) return 1 + walkExpression(expression.expression, run, sizes, found);
  if (expression instanceof x.PrefixExpression) return 1 + walkExpression(expression.right, run, sizes, found);
  if (expression instanceof x.InfixExpression) return 1 + walkExpression(expression.left, run, sizes, found) + walkExpression(expression.right, run, sizes, found);
  if (expression instanceof x.FilterQuery) {
    const nested = expression.path;
    // The filter's own query runs through the driver too, on the evaluation in progress.
    Object.assign(nested, { query: (value: JSONValue) => new (jsonP3().JSONPathNodeList)(evaluate(nested, value, meterOf(run), sizes)) });
    Object.assign(nested, { lazyQuery: (value: JSONValue) => evaluate(nested, value, meterOf(run), sizes)[Symbol.iterator]() });
    const refused = walkQuery(nested, run, sizes);
    if (refused !== undefined) found.push(refused);
    return 1 + nested.segments.length;
  }
  if (expression instanceof x.FunctionExtension) {
    const refused = checkPattern(expression);
    if (refused !== undefined) found.push(refused);
    return 1 + expression.args.reduce((n, arg) => n + walkExpression(arg, run, sizes, found), 0);
  }
  return 1;
}

function meterOf(run: Target['run']): Meter {
  if (run.meter === undefined) throw new Error('a target query ran outside select()');
  return run.meter;
}

/**
 * `match()` and `search()` take a literal pattern the safety rule accepts, as json-p3 runs it:
 * with `u`, and anchored for `match()` (a `.` it widens to the same one character in either of
 * two disjoint ways, which adds no backtracking).
 */
function checkPattern(call: InstanceType<JsonP3['jsonpath']['expressions']['FunctionExtension']>): Refusal | undefined {
  if (call.name !== 'match' && call.name !== 'search') return undefined;
  const x = jsonP3().jsonpath.expressions;
  const pattern = call.args[1];
  const offset = call.token.index;
  if (!(pattern instanceof x.StringLiteral)) return { problem: `${call.name}() takes its pattern as a string literal here: a pattern read from the description could run for as long as its author wished`, offset };
  const source = call.name === 'match' ? `^(?:${pattern.value})$` : pattern.value;
  try {
    new RegExp(source, 'u');
  } catch {
    return { problem: `${call.name}()'s pattern '${pattern.value}' is not a regular expression`, offset: pattern.token.index };
  }
  if (patternSafety(source, true).safe) return undefined;
  return { problem: `${call.name}()'s pattern '${pattern.value}' may take too long to match (the same text can be read in many ways, or it is too large to check): write it so that each character can be matched one way`, offset: pattern.token.index };
}

/** The locations `target` selects in `root`, each once, in the order RFC 9535 first gives them (a node a query names twice is changed once). */
export function select(target: Target, root: unknown, meter: Meter): (string | number)[][] {
  return running(target, meter, () => {
    const nodes = evaluate(target.query, root as JSONValue, meter, target.filterSizes);
    if (!target.repeats) return nodes.map((n) => n.location);
    const selected = new Map<string, (string | number)[]>();
    for (const node of nodes) {
      const key = JSON.stringify(node.location);
      if (!selected.has(key)) selected.set(key, node.location);
    }
    return [...selected.values()];
  });
}

/** The RFC 9535 node list of `target` in `root`, duplicates kept (what the compliance suite checks). */
export function nodelist(target: Target, root: unknown, meter: Meter): JSONPathNode[] {
  return running(target, meter, () => evaluate(target.query, root as JSONValue, meter, target.filterSizes));
}

function running<T>(target: Target, meter: Meter, work: () => T): T {
  target.run.meter = meter;
  try {
    return work();
  } finally {
    target.run.meter = undefined;
  }
}

/**
 * RFC 9535 §2.5: each segment applied to every node the one before selected, counted; each
 * segment's list is held within the meter's bound (lists, not chained generators: a node passed
 * through one generator per segment would cost as many steps as there are segments).
 */
function evaluate(query: JSONPathQuery, value: JSONValue, meter: Meter, sizes: ReadonlyMap<JSONPathSelector, number>): JSONPathNode[] {
  let nodes: JSONPathNode[] = [new (jsonP3().JSONPathNode)(value, [], value)];
  for (const segment of query.segments) {
    const out: JSONPathNode[] = [];
    for (const input of nodes) {
      for (const node of isDescendant(segment) ? descendants(input, meter) : [input]) {
        for (const selector of segment.selectors) {
          meter.spend(1 + looksAt(selector, node.value, sizes));
          const selected = selector.resolve(node);
          meter.spend(selected.length);
          meter.hold(out.length + selected.length);
          for (const n of selected) out.push(n);
        }
      }
    }
    nodes = out;
  }
  return nodes;
}

function isDescendant(segment: JSONPathSegment): boolean {
  return segment.token.kind === jsonP3().TokenKind.DDOT;
}

/** Children a selector reads one by one (a filter with its whole expression each). */
function looksAt(selector: JSONPathSelector, value: JSONValue, sizes: ReadonlyMap<JSONPathSelector, number>): number {
  const s = jsonP3().jsonpath.selectors;
  if (!(selector instanceof s.WildcardSelector || selector instanceof s.FilterSelector || selector instanceof s.SliceSelector)) return 0;
  const children = Array.isArray(value) ? value.length : typeof value === 'object' && value !== null ? Object.keys(value).length : 0;
  return children * (sizes.get(selector) ?? 1);
}

/**
 * RFC 9535 §2.5.2.2: the node, then its descendants, in document order (a node before its
 * children, children in order), each visit counted. Iterative (a description may nest deeply) and
 * lazy (the descent holds the children of one path, not every node it visits).
 */
function* descendants(start: JSONPathNode, meter: Meter): Generator<JSONPathNode> {
  const lib = jsonP3();
  const stack: JSONPathNode[] = [start];
  while (stack.length > 0) {
    const node = stack.pop()!;
    meter.spend(1);
    yield node;
    const value: unknown = node.value;
    const children: JSONPathNode[] = [];
    if (Array.isArray(value)) value.forEach((item: JSONValue, i) => children.push(new lib.JSONPathNode(item, [...node.location, i], node.root)));
    else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value as Record<string, JSONValue>)) children.push(new lib.JSONPathNode(item, [...node.location, key], node.root));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
}
