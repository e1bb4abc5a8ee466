/**
 * JavaScript expressions and declarations in prettier's layout: each construct becomes the
 * document prettier's printer makes of it (call arguments with the last one hugged, member
 * chains, arrays, objects, arrows without blocks, assignments) and doc-printer.ts prints it. Only
 * the constructs the emitters write are here; names and literals come already printed
 * (naming.ts: `stringLiteral`, `propertyKey`), so contract text is escaped before it arrives.
 */
import { stringLiteral } from '../naming.js';
import { breakParent, canBreak, conditionalGroup, fill, group, hardline, ifBreak, indent, indentIfBreak, join, line, printDoc, softline, textWidth, willBreak, type Doc } from './doc-printer.js';
import { objectKey } from './pretty.js';

export type Expr =
  | { readonly kind: 'name'; readonly text: string }
  /** A string literal as written (`stringLiteral`). */
  | { readonly kind: 'string'; readonly text: string }
  /** A number (maybe signed) or bigint literal as written. */
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'call'; readonly callee: Expr; readonly args: readonly Expr[]; readonly typeArgs: string; readonly isNew: boolean }
  | { readonly kind: 'member'; readonly object: Expr; readonly property: string }
  | { readonly kind: 'array'; readonly items: readonly Expr[] }
  /**
   * `expanded`: written one property per line, which prettier keeps. An object not written so must
   * fit where it stands (`{ offset: true }`): broken, prettier would read it as written expanded.
   */
  | { readonly kind: 'object'; readonly entries: readonly Property[]; readonly expanded: boolean }
  | { readonly kind: 'arrow'; readonly params: string; readonly body: Expr };

export interface Property {
  /** The key as written: bare, quoted or computed (`objectKey`). */
  readonly key: string;
  readonly value: Expr;
}

type Call = Extract<Expr, { kind: 'call' }>;

export const name = (text: string): Expr => ({ kind: 'name', text });
export const str = (text: string): Expr => ({ kind: 'string', text: stringLiteral(text) });

/** A number as prettier prints it (`1e21`, not `1e+21`), or a bigint (`5n`). */
export function num(value: number | bigint): Expr {
  return { kind: 'number', text: typeof value === 'bigint' ? `${value}n` : String(value).replace('e+', 'e') };
}

export function call(callee: Expr | string, args: readonly Expr[] = [], typeArgs = ''): Expr {
  return { kind: 'call', callee: typeof callee === 'string' ? name(callee) : callee, args, typeArgs, isNew: false };
}

/** `object.property(args)`. */
export function method(object: Expr, property: string, args: readonly Expr[] = []): Expr {
  return call({ kind: 'member', object, property }, args);
}

export function newCall(callee: string, args: readonly Expr[]): Expr {
  return { kind: 'call', callee: name(callee), args, typeArgs: '', isNew: true };
}

export const array = (items: readonly Expr[]): Expr => ({ kind: 'array', items });
export const arrow = (params: string, body: Expr): Expr => ({ kind: 'arrow', params, body });

/** An object literal keyed by contract text (`__proto__` computed, so it stays a property). */
export function object(entries: readonly (readonly [key: string, value: Expr])[], expanded: boolean): Expr {
  return { kind: 'object', entries: entries.map(([key, value]) => ({ key: objectKey(key), value })), expanded };
}

/** The type a constant is declared with: `head<arg>`, and a type it is intersected with (`& tail`). */
export interface Annotation {
  readonly head: string;
  readonly arg: string;
  readonly tail?: string;
}

/** `export const name: annotation = value;` in prettier's form; without an annotation, the JavaScript (no type arguments either). */
export function constDeclaration(declared: string, value: Expr, annotation?: Annotation): string {
  const left: Doc = annotation === undefined ? declared : [`${declared}: `, annotationDoc(annotation)];
  const right = annotation === undefined ? untyped(value) : value;
  return printDoc(['export ', group(['const ', assignment(left, ' =', right, layoutOf(right, false, canBreak(left))), ';'])]);
}

/** The expression as JavaScript: calls without their type arguments. */
function untyped(e: Expr): Expr {
  switch (e.kind) {
    case 'call':
      return { ...e, callee: untyped(e.callee), args: e.args.map(untyped), typeArgs: '' };
    case 'member':
      return { ...e, object: untyped(e.object) };
    case 'array':
      return { ...e, items: e.items.map(untyped) };
    case 'object':
      return { ...e, entries: e.entries.map((p) => ({ ...p, value: untyped(p.value) })) };
    case 'arrow':
      return { ...e, body: untyped(e.body) };
    default:
      return e;
  }
}

function annotationDoc({ head, arg, tail }: Annotation): Doc {
  // One plain type argument is hugged (`z.ZodType<Pet>`); another (`X['body']`) may break.
  const args: Doc = /^[A-Za-z_$][\w$]*$/.test(arg) ? `<${arg}>` : group(['<', indent([softline, arg]), softline, '>']);
  return tail === undefined ? [head, args] : group([head, args, indent([' &', line, tail])]);
}

type Layout = 'break-after-operator' | 'never-break-after-operator' | 'fluid';

function assignment(left: Doc, operator: string, right: Expr, layout: Layout): Doc {
  const value = toDoc(right);
  switch (layout) {
    case 'break-after-operator':
      return group([group(left), operator, group(indent([line, value]))]);
    case 'never-break-after-operator':
      return group([group(left), operator, ' ', value]);
    case 'fluid': {
      // The value goes to the next line only when its start does not fit after the operator.
      const id = Symbol('assignment');
      return group([group(left), operator, group(indent(line), { id }), indentIfBreak(value, id)]);
    }
  }
}

function layoutOf(right: Expr, shortKey: boolean, leftBreaks: boolean): Layout {
  if (!shortKey && (right.kind === 'string' || poorlyBreakable(right, false))) return 'break-after-operator';
  if (!leftBreaks && (shortKey || (right.kind === 'number' && !right.text.startsWith('-')))) return 'never-break-after-operator';
  return 'fluid';
}

/** A chain of calls without arguments or with one short argument: breaking after the operator is its only way to shrink. */
function poorlyBreakable(e: Expr, deep: boolean): boolean {
  if (e.kind === 'call' && !e.isNew) {
    if (e.callee.kind === 'member' && chainShape(e).laidOut) return false;
    const [only] = e.args;
    if (e.args.length > 1 || (only !== undefined && !loneShort(only))) return false;
    return poorlyBreakable(e.callee, true);
  }
  if (e.kind === 'member') return poorlyBreakable(e.object, true);
  return deep && e.kind === 'name';
}

/** An argument short enough (a quarter of the print width) to keep its call on one line. */
function loneShort(e: Expr): boolean {
  const threshold = 30;
  switch (e.kind) {
    case 'name':
      return ['true', 'false', 'null'].includes(e.text) || e.text.length <= threshold;
    case 'number':
      return true;
    case 'string':
      return e.text.length <= threshold;
    case 'call':
      return !e.isNew && e.args.length === 0 && e.callee.kind === 'name' && e.callee.text.length <= threshold - 2;
    default:
      return false;
  }
}

/** Each expression's document, made once: a hugged last argument is printed twice, at every depth. */
const docs = new WeakMap<Expr, Doc>();

function toDoc(e: Expr, expandLastArg = false): Doc {
  // Only an arrow prints differently as a hugged last argument.
  if (e.kind === 'arrow' && expandLastArg) return arrowDoc(e.params, e.body, true);
  let doc = docs.get(e);
  if (doc === undefined) docs.set(e, (doc = freshDoc(e)));
  return doc;
}

function freshDoc(e: Expr): Doc {
  switch (e.kind) {
    case 'name':
    case 'string':
    case 'number':
      return e.text;
    case 'member':
      return [toDoc(e.object), '.', e.property];
    case 'array':
      return arrayDoc(e.items);
    case 'object':
      return objectDoc(e.entries, e.expanded);
    case 'arrow':
      return arrowDoc(e.params, e.body, false);
    case 'call':
      if (!e.isNew && e.callee.kind === 'member') return memberChain(e);
      return [e.isNew ? 'new ' : '', toDoc(e.callee), e.typeArgs, argumentsDoc(e.args)];
  }
}

function objectDoc(entries: readonly Property[], expanded: boolean): Doc {
  if (entries.length === 0) return '{}';
  const properties = entries.map((p) => {
    // A key narrower than the indent plus three is not worth a line break after it.
    const shortKey = textWidth(p.key) < 5;
    return assignment(p.key, ':', p.value, layoutOf(p.value, shortKey, false));
  });
  return group(['{', indent([line, join([',', line], properties)]), ifBreak(','), line, '}'], { shouldBreak: expanded });
}

function arrayDoc(items: readonly Expr[]): Doc {
  if (items.length === 0) return '[]';
  const id = Symbol('array');
  // Two or more objects (or arrays) of several members each are one per line, even when they would fit.
  const many = (e: Expr) => (e.kind === 'object' && e.entries.length > 1) || (e.kind === 'array' && e.items.length > 1);
  const shouldBreak = items.length > 1 && items.every((e, i) => many(e) && (items[i + 1] === undefined || items[i + 1]?.kind === e.kind));
  // Numbers fill their lines.
  if (items.every(isNumber)) {
    const parts = items.flatMap((e, i): Doc[] => (i === items.length - 1 ? [[toDoc(e), ifBreak(',', '', id)]] : [[toDoc(e), ','], line]));
    return group(['[', indent([softline, fill(parts)]), softline, ']'], { shouldBreak, id });
  }
  return group(['[', indent([softline, join([',', line], items.map((e) => group(toDoc(e)))), ifBreak(',')]), softline, ']'], { shouldBreak, id });
}

function isNumber(e: Expr): boolean {
  return e.kind === 'number' && !e.text.endsWith('n');
}

function arrowDoc(params: string, body: Expr, expandLastArg: boolean): Doc {
  const bodyDoc = toDoc(body);
  const sameLine = body.kind === 'array' || body.kind === 'object' || body.kind === 'arrow';
  // An object body is parenthesised: `() => {` would open a block.
  const after: Doc = sameLine ? [' ', body.kind === 'object' ? ['(', bodyDoc, ')'] : bodyDoc] : [indent([line, bodyDoc]), expandLastArg ? [ifBreak(','), softline] : ''];
  return group([group(params), ' =>', group(after)]);
}

function argumentsDoc(args: readonly Expr[]): Doc {
  if (args.length === 0) return '()';
  const printed = args.map((a, i) => (i === args.length - 1 ? toDoc(a) : [toDoc(a), ',', line]));
  const allBroken = () => group(['(', indent([line, ...printed]), ',', line, ')'], { shouldBreak: true });
  if (composes(args)) return allBroken();
  const last = args[args.length - 1];
  if (last === undefined || !expandsLast(args, last)) return group(['(', indent([softline, ...printed]), ifBreak(','), softline, ')'], { shouldBreak: printed.some(willBreak) });
  const head = printed.slice(0, -1);
  if (head.some(willBreak)) return allBroken();
  const hugged = toDoc(last, true);
  if (willBreak(hugged)) return [breakParent, conditionalGroup([['(', ...head, group(hugged, { shouldBreak: true }), ')'], allBroken()])];
  return conditionalGroup([['(', ...head, hugged, ')'], ['(', ...head, group(hugged, { shouldBreak: true }), ')'], allBroken()]);
}

/** Several functions among the arguments (or in calls among them): one argument per line. */
function composes(args: readonly Expr[]): boolean {
  if (args.length <= 1) return false;
  if (args.filter((a) => a.kind === 'arrow').length > 1) return true;
  return args.some((a) => a.kind === 'call' && !a.isNew && a.args.some((c) => c.kind === 'arrow'));
}

/** Whether the last argument is hugged (`f(a, {` … `})`). */
function expandsLast(args: readonly Expr[], last: Expr): boolean {
  const before = args[args.length - 2];
  const conciseArray = last.kind === 'array' && last.items.length > 0 && last.items.every(isNumber);
  return expandable(last, false) && (before === undefined || before.kind !== last.kind) && !(args.length === 2 && before?.kind === 'arrow' && last.kind === 'array') && !(args.length > 1 && conciseArray);
}

function expandable(e: Expr, arrowChain: boolean): boolean {
  if (e.kind === 'object') return e.entries.length > 0;
  if (e.kind === 'array') return e.items.length > 0;
  if (e.kind !== 'arrow') return false;
  const body = e.body;
  if (body.kind === 'object' || body.kind === 'array') return true;
  if (body.kind === 'arrow') return expandable(body, true);
  return !arrowChain && body.kind === 'call' && !body.isNew;
}

/** One link of a member chain: the head, a `.name`, or a call's arguments. */
interface Link {
  /** The call whose arguments this link is (or the head, when the head is a call). */
  readonly call: Call | undefined;
  readonly property: string | undefined;
  readonly head: Expr | undefined;
}

function linkDoc(link: Link): Doc {
  if (link.head !== undefined) return toDoc(link.head);
  if (link.property !== undefined) return ['.', link.property];
  return link.call === undefined ? '' : [link.call.typeArgs, argumentsDoc(link.call.args)];
}

/** How prettier groups a chain, and whether it lays it out as one (more groups than the head keeps on its line). */
function chainShape(e: Call): { readonly links: readonly Link[]; readonly groups: readonly (readonly Link[])[]; readonly merge: boolean; readonly laidOut: boolean } {
  const links = chainLinks(e);
  const groups = linkGroups(links);
  const merge = groups.length >= 2 && (groups[1]?.length ?? 0) > 0 && keepsFirstCall(groups[0] ?? []);
  return { links, groups, merge, laidOut: groups.length > (merge ? 3 : 2) };
}

/** `a.b(x).c(y)` as prettier lays it out: on one line, or one `.c(y)` per line. */
function memberChain(e: Call): Doc {
  const { links, groups, merge, laidOut } = chainShape(e);
  const printed = groups.map((g) => g.map(linkDoc));
  if (!laidOut) return group(printed);
  const rest = printed.slice(merge ? 2 : 1);
  const expanded: Doc = [printed[0] ?? '', merge ? (printed[1] ?? '') : '', indent([hardline, join(hardline, rest)])];
  const calls = links.flatMap((l) => (l.call === undefined ? [] : [l.call]));
  const lastDoc = printed[printed.length - 1] ?? '';
  const lastIsCall = groups[groups.length - 1]?.at(-1)?.call !== undefined;
  const functionArgs = calls.slice(0, -1).some((c) => c.args.some((a) => a.kind === 'arrow'));
  if ((calls.length > 2 && calls.some((c) => c.args.some((a) => !simple(a, 2)))) || printed.slice(0, -1).some(willBreak) || (lastIsCall && willBreak(lastDoc) && functionArgs)) {
    return group(expanded);
  }
  return [willBreak(printed) ? breakParent : '', conditionalGroup([printed, expanded])];
}

function chainLinks(e: Call): Link[] {
  const links: Link[] = [];
  let current: Expr = e;
  for (;;) {
    if (current.kind === 'call' && !current.isNew && (current.callee.kind === 'member' || current.callee.kind === 'call')) {
      links.unshift({ call: current, property: undefined, head: undefined });
      current = current.callee;
    } else if (current.kind === 'member') {
      links.unshift({ call: undefined, property: current.property, head: undefined });
      current = current.object;
    } else {
      links.unshift({ call: current.kind === 'call' && !current.isNew ? current : undefined, property: undefined, head: current });
      return links;
    }
  }
}

/** The head with the calls right after it, then each `.name` with the calls after it. */
function linkGroups(links: readonly Link[]): Link[][] {
  const [first, ...after] = links;
  if (first === undefined) return [];
  const head: Link[] = [first];
  let i = 0;
  while (i < after.length && after[i]?.call !== undefined) head.push(after[i++] as Link);
  if (first.call === undefined) {
    while (i + 1 < after.length && after[i]?.property !== undefined && after[i + 1]?.property !== undefined) head.push(after[i++] as Link);
  }
  const groups: Link[][] = [head];
  let current: Link[] = [];
  let seenCall = false;
  for (; i < after.length; i++) {
    const link = after[i] as Link;
    if (seenCall && link.property !== undefined) {
      groups.push(current);
      current = [];
      seenCall = false;
    }
    if (link.call !== undefined) seenCall = true;
    current.push(link);
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** `Object.keys(x)`-like heads: a capitalised name (a factory) keeps its first call on its line. */
function keepsFirstCall(first: readonly Link[]): boolean {
  const factory = (text: string) => /^[A-Z]|^[$_]+$/.test(text);
  const only = first.length === 1 ? first[0]?.head : undefined;
  if (only !== undefined) return only.kind === 'name' && factory(only.text);
  const last = first[first.length - 1];
  return last?.property !== undefined && factory(last.property);
}

/** An argument simple enough that a long chain of calls taking it may stay on one line. */
function simple(e: Expr, depth: number): boolean {
  if (depth <= 0) return false;
  switch (e.kind) {
    case 'name':
    case 'string':
    case 'number':
      return true;
    case 'object':
      return e.entries.every((p) => !p.key.startsWith('[') && simple(p.value, depth - 1));
    case 'array':
      return e.items.every((x) => simple(x, depth - 1));
    case 'call':
      return simple(e.callee, depth) && e.args.length <= depth && e.args.every((x) => simple(x, depth - 1));
    case 'member':
      return simple(e.object, depth);
    case 'arrow':
      return false;
  }
}
