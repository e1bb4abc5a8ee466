/**
 * One export's change judged by what its consumers do with it (api-roles.ts): member by member,
 * each change `minor` only where it provably keeps their code compiling, else `major`.
 *
 * - A member added: minor when optional, or when consumers only receive the type (a response's
 *   new field, a client's new method); a required member of a type they build is major.
 * - A member removed: major. Optional → required: minor only for a type they receive;
 *   required → optional: minor only for a type they build.
 * - A union that gained members widens: minor only for a type they build. One that lost members
 *   narrows: minor only for a type they receive, and only when what it lost is `null` or
 *   `undefined` (a literal it lost may be a case label in their code).
 * - A list that gained items at its end (an enum's `*_VALUES`) is minor for a type they receive.
 * - Anything else that differs (a method's signature, a function, a conditional type, a generic
 *   this cannot expand) is major: when unsure, major.
 *
 * Types are compared by structure: a reference is expanded to its declaration (generics with
 * their arguments, interfaces with what they extend) wherever the two sides differ, so an inline
 * object moved into a named type, or a type renamed with the same shape, is no change. An export
 * the two sides both reference by the same name is judged once, as itself.
 */
import type { Declaration, Member, Package, TypeNode } from './declarations.js';
import type { Role } from './api-roles.js';

export type Verdict = 'major' | 'minor';

export interface Delta {
  /** Where in the export, as a property path (`body.image.version`, `["x-rate-limit"]`, `[number]`); '' for the export itself. */
  readonly path: string;
  readonly change: 'added' | 'removed' | 'changed';
  readonly bump: Verdict;
  /** The tool's own words: why this verdict. */
  readonly reason: string;
  readonly before?: string;
  readonly after?: string;
}

/** A type where it stands: its module (names resolve there) and the type arguments bound to its parameters. */
interface Here {
  readonly node: TypeNode;
  readonly module: string;
  readonly bound: ReadonlyMap<string, Here>;
  /** An interface with what it extends folded in: each member where it is declared. */
  readonly members?: readonly Placed[];
}

interface Placed {
  readonly member: Member;
  readonly where: Here;
}

/** Expansions allowed while judging one export: a hostile or deeply generic package is judged major, not walked forever. */
const EXPANSIONS = 5_000;
/** Nesting of expansions inside one another. */
const DEPTH = 100;

const NONE: ReadonlyMap<string, Here> = new Map();

export class Judge {
  private expansions = 0;
  /** The bound was reached for this export: it was judged major once, and nothing more is compared. */
  private exhausted = false;
  /** Pairs of types being compared further up: met again (a recursive type), they are taken as equal there. */
  private readonly comparing = new Set<string>();
  /** Pairs of types found equal: a type many others name is compared once. */
  private readonly equal = new Set<string>();
  /** How many times a pair further up was taken as equal. */
  private assumed = 0;

  constructor(
    private readonly old: Package,
    private readonly now: Package,
  ) {}

  /** The deltas between one export's declarations on each side (a name may be a type and a value at once). */
  export(before: readonly Declaration[], after: readonly Declaration[], role: Role): Delta[] {
    this.expansions = 0;
    this.exhausted = false;
    const out: Delta[] = [];
    for (const space of ['type', 'value'] as const) {
      const [b, a] = [before.filter((d) => spaceOf(d) === space), after.filter((d) => spaceOf(d) === space)];
      if (b.length === 0 && a.length === 0) continue;
      if (b.length === 0) out.push({ path: '', change: 'added', bump: 'minor', reason: `a ${space} of this name was added`, after: texts(a) });
      else if (a.length === 0) out.push({ path: '', change: 'removed', bump: 'major', reason: `the ${space} of this name was removed`, before: texts(b) });
      // A value (a constant, a function) is only ever read by consumers.
      else if (texts(b) !== texts(a)) this.declarations(b, a, space === 'value' ? 'output' : role, out);
    }
    return out;
  }

  private declarations(before: readonly Declaration[], after: readonly Declaration[], role: Role, out: Delta[]): void {
    const [b, a] = [before[0], after[0]];
    const comparable = (d: Declaration) => d.kind === 'interface' || d.kind === 'type' || d.kind === 'const';
    if (b === undefined || a === undefined || before.length > 1 || after.length > 1 || !comparable(b) || !comparable(a)) {
      out.push(changed('', 'a declaration compared only as a whole changed (a function, a class, overloads)', texts(before), texts(after)));
      return;
    }
    const [sb, sa] = [this.old.shape(b), this.now.shape(a)];
    if (sb.params.map((p) => p.text).join(',') !== sa.params.map((p) => p.text).join(',')) {
      out.push(changed('', 'its type parameters changed', b.text, a.text));
      return;
    }
    const heritage = (s: typeof sb) => s.heritage.map((h) => h.text).join(',');
    // The same `extends` list: the own members compare; else all each side's interface holds.
    const whole = heritage(sb) !== heritage(sa);
    const side = (pkg: Package, d: Declaration, body: TypeNode): Here | undefined => (whole && d.kind === 'interface' ? this.expandDeclarations(pkg, [d], []) : { node: body, module: d.module, bound: NONE });
    const [hb, ha] = [side(this.old, b, sb.body), side(this.now, a, sa.body)];
    if (hb === undefined || ha === undefined) out.push(changed('', 'what it extends changed and could not be read', b.text, a.text));
    else this.compare(hb, ha, role, '', out, 0);
  }

  private compare(b: Here, a: Here, role: Role, path: string, out: Delta[], depth: number): void {
    if (this.exhausted || (plain(b) && plain(a) && b.node.text === a.node.text && b.module === a.module)) return;
    const [xb, xa] = [this.substituted(b), this.substituted(a)];
    if (xb !== b || xa !== a) return this.compare(xb, xa, role, path, out, depth);
    const [nb, na] = [b.node, a.node];
    if (TOP.has(na.text) && role === 'input') return void out.push({ path, change: 'changed', bump: 'minor', reason: 'a type clients send now accepts any value', before: nb.text, after: na.text });
    if (TOP.has(nb.text) && role === 'output') return void out.push({ path, change: 'changed', bump: 'minor', reason: 'a type clients read was unknown and is now described', before: nb.text, after: na.text });
    if (nb.kind === 'ref' || na.kind === 'ref') return this.references(b, a, role, path, out, depth);
    if (nb.kind === 'union' || na.kind === 'union') return this.unions(b, a, role, path, out, depth);
    if ((nb.kind === 'object' || b.members !== undefined) && (na.kind === 'object' || a.members !== undefined)) return this.objects(placed(b), placed(a), role, path, out, depth);
    if (nb.kind === 'array' && na.kind === 'array') return this.arrays(b, nb, a, na, role, path, out, depth);
    if (nb.kind === 'function' && na.kind === 'function') return this.functions(b, nb, a, na, role, path, out, depth);
    if (nb.kind === 'tuple' && na.kind === 'tuple') return this.tuples(b, nb.items, a, na.items, role, path, out, depth);
    if (nb.kind === 'intersection' && na.kind === 'intersection' && nb.items.length === na.items.length) {
      // Each part wider (or narrower) makes the intersection so too.
      nb.items.forEach((item, i) => this.compare(at(b, item), at(a, na.items[i] ?? item), role, path, out, depth));
      return;
    }
    if (nb.text !== na.text || !plain(b) || !plain(a)) out.push(changed(path, 'the type changed in a way not proven compatible', nb.text, na.text));
  }

  /** A type parameter replaced by the argument bound to it. */
  private substituted(h: Here): Here {
    if (h.node.kind !== 'ref' || h.node.args.length > 0) return h;
    return h.bound.get(h.node.name) ?? h;
  }

  private references(b: Here, a: Here, role: Role, path: string, out: Delta[], depth: number): void {
    const [db, da] = [typeDeclarations(this.old, b), typeDeclarations(this.now, a)];
    const [nb, na] = [b.node, a.node];
    // The same exported declaration without arguments: judged once, as its own export.
    if (nb.kind === 'ref' && na.kind === 'ref' && nb.args.length === 0 && na.args.length === 0 && db !== undefined && da !== undefined && sameDeclaration(db, da) && db[0]?.exported === true) return;
    const pair = plain(b) && plain(a) ? `${b.module}\n${nb.text}\n${a.module}\n${na.text}` : undefined;
    if (pair !== undefined && this.equal.has(pair)) return;
    if (pair !== undefined && this.comparing.has(pair)) {
      this.assumed++;
      return;
    }
    if (depth >= DEPTH || ++this.expansions > EXPANSIONS) {
      this.exhausted = true;
      out.push(changed(path, 'the types nest too deeply to be judged', nb.text, na.text));
      return;
    }
    // The same generic under arguments that compare equal: nothing to expand.
    if (nb.kind === 'ref' && na.kind === 'ref' && nb.args.length > 0 && nb.args.length === na.args.length && (db === undefined ? da === undefined && nb.name === na.name : da !== undefined && sameDeclaration(db, da))) {
      const scratch: Delta[] = [];
      nb.args.forEach((arg, i) => this.compare(at(b, arg), at(a, na.args[i] ?? arg), 'both', path, scratch, depth));
      if (scratch.length === 0) return;
    }
    // A name neither side declares (TypeScript's own Readonly, Record, Partial): the same name, its arguments compared.
    if (nb.kind === 'ref' && na.kind === 'ref' && db === undefined && da === undefined && nb.name === na.name && nb.args.length === na.args.length) return this.library(b, nb, a, na, role, path, out, depth);
    // The same generic whose body is compared only by text (a function type): its arguments must not change.
    if (nb.kind === 'ref' && na.kind === 'ref' && db !== undefined && da !== undefined && sameDeclaration(db, da) && opaque(this.old, db) && opaque(this.now, da) && nb.args.length === na.args.length) return this.library(b, nb, a, na, role, path, out, depth);
    const eb = nb.kind === 'ref' ? this.expand(this.old, b, db) : b;
    const ea = na.kind === 'ref' ? this.expand(this.now, a, da) : a;
    if (eb === undefined || ea === undefined) {
      // A name this cannot expand (TypeScript's Record) standing for a union's member: the unions compare.
      if (nb.kind === 'union' || na.kind === 'union') return this.unions(b, a, role, path, out, depth);
      out.push(changed(path, 'a type it names could not be read', nb.text, na.text));
      return;
    }
    if (pair !== undefined) this.comparing.add(pair);
    const [found, assumed] = [out.length, this.assumed];
    this.compare(eb, ea, role, path, out, depth + 1);
    if (pair === undefined) return;
    this.comparing.delete(pair);
    // Equal under any role (nothing was found), and not by taking a pair further up as equal.
    if (out.length === found && this.assumed === assumed) this.equal.add(pair);
  }

  /** A library generic's arguments: those it only hands out (`Readonly<T>`'s T, `Record`'s values) compare by role, the rest must not change. */
  private library(b: Here, nb: Extract<TypeNode, { kind: 'ref' }>, a: Here, na: Extract<TypeNode, { kind: 'ref' }>, role: Role, path: string, out: Delta[], depth: number): void {
    const positions = LIBRARY[nb.name];
    nb.args.forEach((arg, i) => {
      const next = na.args[i] ?? arg;
      const position = positions?.[i];
      const inner: Delta[] = [];
      this.compare(at(b, arg), at(a, next), role, position === undefined ? path : join(path, position), position === undefined ? inner : out, depth);
      if (inner.length > 0) out.push(changed(path, `a type argument of ${nb.name} changed`, nb.text, na.text));
    });
  }

  private expand(pkg: Package, h: Here, declarations: readonly Declaration[] | undefined): Here | undefined {
    if (h.node.kind !== 'ref' || declarations === undefined) return undefined;
    return this.expandDeclarations(pkg, declarations, h.node.args.map((arg) => at(h, arg)));
  }

  /** A declaration's body with `args` bound to its parameters (defaults for those not given); an interface's members with those of what it extends. */
  private expandDeclarations(pkg: Package, declarations: readonly Declaration[], args: readonly Here[]): Here | undefined {
    const [first] = declarations;
    if (first === undefined || declarations.some((d) => d.kind !== first.kind) || (first.kind !== 'interface' && first.kind !== 'type')) return undefined;
    const shape = pkg.shape(first);
    if (args.length > shape.params.length) return undefined;
    const bound = new Map<string, Here>();
    for (const [i, p] of shape.params.entries()) {
      const given = args[i] ?? (p.default === undefined ? undefined : { node: p.default, module: first.module, bound });
      if (given === undefined) return undefined;
      bound.set(p.name, given);
    }
    if (first.kind === 'type') return { node: shape.body, module: first.module, bound };
    // Every declaration's members (declaration merging), then those of what they extend: the first of a key wins.
    const members: Placed[] = [];
    const keys = new Set<string>();
    const take = (list: readonly Placed[]) => {
      const fresh = list.filter((p) => !keys.has(p.member.key));
      members.push(...fresh);
      for (const p of fresh) keys.add(p.member.key);
    };
    const here = (d: Declaration): Here => ({ node: pkg.shape(d).body, module: d.module, bound });
    for (const d of declarations) take(placed(here(d)));
    for (const d of declarations) {
      for (const h of pkg.shape(d).heritage) {
        const base = this.expand(pkg, { node: h, module: d.module, bound }, typeDeclarations(pkg, { node: h, module: d.module, bound }));
        if (base === undefined || (base.node.kind !== 'object' && base.members === undefined)) return undefined;
        take(placed(base));
      }
    }
    const text = `{ ${members.map((p) => `${p.member.text};`).join(' ')} }`;
    return { node: { kind: 'object', text, members: members.map((p) => p.member) }, module: first.module, bound, members };
  }

  private objects(before: readonly Placed[], after: readonly Placed[], role: Role, path: string, out: Delta[], depth: number): void {
    const byKey = (list: readonly Placed[]) => {
      const map = new Map<string, Placed[]>();
      for (const p of list) map.set(p.member.key, [...(map.get(p.member.key) ?? []), p]);
      return map;
    };
    const [mb, ma] = [byKey(before), byKey(after)];
    for (const [key, list] of mb) {
      const next = ma.get(key);
      const where = join(path, key);
      if (next === undefined) out.push({ path: where, change: 'removed', bump: 'major', reason: list.every((p) => p.member.method) ? 'a method was removed' : 'a member was removed', before: memberTexts(list) });
      else this.member(list, next, role, where, out, depth);
    }
    for (const [key, list] of ma) {
      if (mb.has(key)) continue;
      const optional = list.every((p) => p.member.optional);
      const bump: Verdict = optional || role === 'output' ? 'minor' : 'major';
      const what = list.every((p) => p.member.method) ? 'method' : 'member';
      const reason = optional ? `an optional ${what} was added` : role === 'output' ? (what === 'method' ? 'a method was added' : 'a member was added to a type clients receive') : `a required ${what} was added to a type clients build`;
      out.push({ path: join(path, key), change: 'added', bump, reason, after: memberTexts(list) });
    }
  }

  private member(before: readonly Placed[], after: readonly Placed[], role: Role, path: string, out: Delta[], depth: number): void {
    const [pb, pa] = [before[0], after[0]];
    if (pb === undefined || pa === undefined) return;
    const [xb, xa] = [pb.member, pa.member];
    if (memberTexts(before) === memberTexts(after) && plain(pb.where) && plain(pa.where) && pb.where.module === pa.where.module) return;
    if (xb.type === undefined || xa.type === undefined || before.length > 1 || after.length > 1) {
      if (memberTexts(before) !== memberTexts(after) || pb.where.module !== pa.where.module || !plain(pb.where) || !plain(pa.where)) out.push(changed(path, 'a method or signature changed', memberTexts(before), memberTexts(after)));
      return;
    }
    if (xb.optional !== xa.optional) {
      const minor = xa.optional ? role === 'input' : role === 'output';
      const reason = xa.optional ? (minor ? 'a member clients send became optional' : 'a member clients read may now be absent') : minor ? 'a member clients receive is now always present' : 'a member clients send became required';
      out.push({ path, change: 'changed', bump: minor ? 'minor' : 'major', reason, before: xb.text, after: xa.text });
    }
    if (!xb.readonly && xa.readonly && role !== 'input') out.push(changed(path, 'a member clients may write became read-only', xb.text, xa.text));
    this.compare(at(pb.where, xb.type), at(pa.where, xa.type), role, path, out, depth);
  }

  private unions(b: Here, a: Here, role: Role, path: string, out: Delta[], depth: number): void {
    const items = (h: Here) => (h.node.kind === 'union' ? h.node.items : [h.node]).map((n) => at(h, n));
    const [ib, ia] = [items(b), items(a)];
    const byKey = new Map(ia.map((h) => [itemKey(h), h]));
    const unmatched: Here[] = [];
    for (const h of ib) {
      const same = byKey.get(itemKey(h));
      if (same === undefined) unmatched.push(h);
      // The same text under other type arguments may still differ.
      else if (!plain(h) || !plain(same)) this.compare(h, same, role, path, out, depth);
    }
    const kept = new Set(ib.map(itemKey));
    // A literal beside the primitive it belongs to adds no value, nor does it take one away: `string` → `Code | (string & {})` is the same type.
    const [primitivesBefore, primitivesAfter] = [ib, ia].map((list) => list.map(itemKey).filter((k) => PRIMITIVES.has(k)));
    let lost = unmatched.filter((h) => !(primitivesAfter ?? []).some((p) => this.within(this.old, h, p, 0)));
    let gained = ia.filter((h) => !kept.has(itemKey(h)) && !(primitivesBefore ?? []).some((p) => this.within(this.now, h, p, 0)));
    // Members changed in place: the only lost and the only gained one of a form (the same generic, an object, a list) compare as a pair.
    // Then the only structured member lost and gained (an inline object now a named type beside a null).
    const pairs = pairsByForm(lost, gained);
    const [structuredLost, structuredGained] = [lost.filter((h) => structured(h) && !pairs.some(([x]) => x === h)), gained.filter((h) => structured(h) && !pairs.some(([, y]) => y === h))];
    const [onlyLost, onlyGained] = [structuredLost[0], structuredGained[0]];
    if (structuredLost.length === 1 && structuredGained.length === 1 && onlyLost !== undefined && onlyGained !== undefined) pairs.push([onlyLost, onlyGained]);
    const paired = new Set<Here>();
    for (const [x, y] of pairs) {
      paired.add(x).add(y);
      this.compare(x, y, role, path, out, depth);
    }
    [lost, gained] = [lost.filter((h) => !paired.has(h)), gained.filter((h) => !paired.has(h))];
    const [before, after] = [b.node.text, a.node.text];
    if (lost.length === 0 && gained.length === 0) return;
    if (lost.length === 0) {
      out.push({ path, change: 'changed', bump: role === 'input' ? 'minor' : 'major', reason: role === 'input' ? 'a type clients send accepts more values' : 'a type clients read may hold values it did not', before, after });
    } else if (gained.length === 0) {
      const absence = lost.every((h) => h.node.text === 'null' || h.node.text === 'undefined');
      const minor = role === 'output' && absence;
      out.push({ path, change: 'changed', bump: minor ? 'minor' : 'major', reason: minor ? 'a type clients read is no longer null or undefined' : role === 'output' ? 'a type clients read lost values their code may name' : 'a type clients send accepts fewer values', before, after });
    } else out.push(changed(path, "a union's members changed", before, after));
  }

  /** Whether every value of `h` is a value of the primitive type `primitive` (its literals, an alias of them). */
  private within(pkg: Package, h: Here, primitive: string, depth: number): boolean {
    const n = h.node;
    if (itemKey(h) === primitive || literalOf(n.text) === primitive) return true;
    if (n.kind === 'union') return n.items.every((item) => this.within(pkg, at(h, item), primitive, depth));
    if (n.kind !== 'ref' || n.args.length > 0 || depth > 4) return false;
    const found = typeDeclarations(pkg, h);
    const expanded = found === undefined ? undefined : this.expandDeclarations(pkg, found, []);
    return expanded !== undefined && this.within(pkg, expanded, primitive, depth + 1);
  }

  private arrays(b: Here, nb: Extract<TypeNode, { kind: 'array' }>, a: Here, na: Extract<TypeNode, { kind: 'array' }>, role: Role, path: string, out: Delta[], depth: number): void {
    // A read-only list accepts more (a caller may pass either) and allows less (a reader may not write to it).
    if (nb.readonly !== na.readonly) {
      const minor = na.readonly ? role === 'input' : role === 'output';
      out.push({ path, change: 'changed', bump: minor ? 'minor' : 'major', reason: minor ? 'a list became read-only where that only widens it' : 'a list changed between read-only and writable', before: nb.text, after: na.text });
    }
    this.compare(at(b, nb.item), at(a, na.item), role, join(path, '[number]'), out, depth);
  }

  /**
   * A function consumers call (a method, an operation: role `output`) takes what they build and
   * returns what they receive; one they write (a callback they pass: `input`) the other way round.
   */
  private functions(b: Here, nb: Extract<TypeNode, { kind: 'function' }>, a: Here, na: Extract<TypeNode, { kind: 'function' }>, role: Role, path: string, out: Delta[], depth: number): void {
    const inner: Role = role === 'output' ? 'input' : role === 'input' ? 'output' : 'both';
    const count = Math.max(nb.params.length, na.params.length);
    for (let i = 0; i < count; i++) {
      const [pb, pa] = [nb.params[i], na.params[i]];
      const where = join(path, `(${i})`);
      if (pb === undefined || pa === undefined || pb.rest !== pa.rest) {
        // Callers may leave out a parameter that is optional; a function written for fewer parameters ignores the rest.
        const minor = pa !== undefined && pb === undefined && (role === 'input' || pa.optional || pa.rest);
        out.push({ path: where, change: pb === undefined ? 'added' : pa === undefined ? 'removed' : 'changed', bump: minor ? 'minor' : 'major', reason: minor ? 'a parameter was added that callers may leave out' : "a function's parameters changed", before: nb.text, after: na.text });
        continue;
      }
      if (pb.optional !== pa.optional) {
        const minor = pa.optional ? role === 'output' : role === 'input';
        out.push({ path: where, change: 'changed', bump: minor ? 'minor' : 'major', reason: minor ? 'a parameter callers pass became optional' : 'a parameter became required', before: nb.text, after: na.text });
      }
      this.compare(at(b, pb.type), at(a, pa.type), inner, where, out, depth);
    }
    this.compare(at(b, nb.returns), at(a, na.returns), role, join(path, '()'), out, depth);
  }

  private tuples(b: Here, before: readonly TypeNode[], a: Here, after: readonly TypeNode[], role: Role, path: string, out: Delta[], depth: number): void {
    const kept = before.every((item, i) => after[i]?.text === item.text);
    // Items moved, taken out or put in before the end: every position after it means another item.
    if (!kept && before.length !== after.length) return void out.push(changed(path, "a list's items changed places", b.node.text, a.node.text));
    before.forEach((item, i) => this.compare(at(b, item), at(a, after[i] ?? item), role, join(path, `[${i}]`), out, depth));
    for (let i = before.length; i < after.length; i++) {
      const minor = role === 'output';
      out.push({ path: join(path, `[${i}]`), change: 'added', bump: minor ? 'minor' : 'major', reason: minor ? 'an item was added at the end of a list clients read' : 'an item was added to a list clients build', after: after[i]?.text ?? '' });
    }
  }
}

/** No type argument bound to a name it mentions: its text means the same wherever its module is the same. */
function plain(h: Here): boolean {
  if (h.members !== undefined) return false;
  if (h.bound.size === 0) return true;
  const words = h.node.text.match(/[\w$]+/g) ?? [];
  return !words.some((w) => h.bound.has(w));
}

/** A type alias whose body is kept as text: expanding it gains nothing, its text mentions the parameters. */
function opaque(pkg: Package, declarations: readonly Declaration[]): boolean {
  const [d] = declarations;
  return d !== undefined && declarations.length === 1 && d.kind === 'type' && pkg.shape(d).body.kind === 'text';
}

/** A member's form, for pairing a lost member of a union with a gained one: a generic's name, or the kind of type; undefined for literals and keywords. */
function form(h: Here): string | undefined {
  const n = h.node;
  return n.kind === 'ref' ? `ref ${n.name}` : n.kind === 'text' || n.kind === 'union' ? undefined : n.kind;
}

/** Lost and gained members whose form each side has exactly one of. */
function pairsByForm(lost: readonly Here[], gained: readonly Here[]): [Here, Here][] {
  const once = (list: readonly Here[]) => {
    const by = new Map<string, Here | null>();
    for (const h of list) {
      const f = form(h);
      if (f !== undefined) by.set(f, by.has(f) ? null : h);
    }
    return by;
  };
  const [b, a] = [once(lost), once(gained)];
  const pairs: [Here, Here][] = [];
  for (const [f, x] of b) {
    const y = a.get(f);
    if (x !== null && y !== undefined && y !== null) pairs.push([x, y]);
  }
  return pairs;
}

/** A type with parts to compare (not a literal or a keyword). */
const structured = (h: Here) => h.node.kind !== 'text';

/** The types every value belongs to. */
const TOP = new Set(['unknown', 'any']);

const PRIMITIVES = new Set(['string', 'number', 'boolean', 'bigint']);

/** TypeScript's generics the package names without declaring them: the argument positions whose values they hand out (a path segment), compared by role. */
const LIBRARY: Readonly<Record<string, readonly (string | undefined)[]>> = {
  Readonly: [''],
  Partial: [''],
  Promise: [''],
  AsyncIterableIterator: [''],
  AsyncIterable: [''],
  Iterable: [''],
  Record: [undefined, '[string]'],
};

/** The primitive a literal type belongs to: `'a'` string, `-1.5` number, `true` boolean, `10n` bigint. */
function literalOf(text: string): string | undefined {
  if (/^(['"]).*\1$/s.test(text)) return 'string';
  if (/^-?\d[\d_]*n$/.test(text)) return 'bigint';
  if (/^-?(\d[\d_]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return 'number';
  return text === 'true' || text === 'false' ? 'boolean' : undefined;
}

/**
 * How a union's member is matched with the other side's: its text where it is declared; literals
 * and keywords anywhere, and `string & {}` (an open enum's "any other string") as `string`.
 */
function itemKey(h: Here): string {
  const n = h.node;
  if (n.kind === 'intersection' && n.items.length === 2 && PRIMITIVES.has(n.items[0]?.text ?? '') && n.items[1]?.text === '{}') return n.items[0]?.text ?? '';
  if (n.kind === 'text' && (literalOf(n.text) !== undefined || /^[a-z]+$/.test(n.text))) return n.text;
  return `${h.module}\n${n.text}`;
}

function placed(h: Here): readonly Placed[] {
  if (h.members !== undefined) return h.members;
  return h.node.kind === 'object' ? h.node.members.map((member) => ({ member, where: h })) : [];
}

function typeDeclarations(pkg: Package, h: Here): readonly Declaration[] | undefined {
  if (h.node.kind !== 'ref') return undefined;
  const found = pkg.resolve(h.module, h.node.name)?.filter((d) => spaceOf(d) === 'type');
  return found === undefined || found.length === 0 ? undefined : found;
}

function spaceOf(d: Declaration): 'type' | 'value' {
  return d.kind === 'const' || d.kind === 'function' ? 'value' : 'type';
}

function sameDeclaration(a: readonly Declaration[], b: readonly Declaration[]): boolean {
  return a[0]?.module === b[0]?.module && a[0]?.name === b[0]?.name;
}

const at = (h: Here, node: TypeNode): Here => ({ node, module: h.module, bound: h.bound });

const texts = (list: readonly Declaration[]) => list.map((d) => d.text).join('\n');
const memberTexts = (list: readonly Placed[]) => list.map((p) => p.member.text).join('; ');

function join(path: string, key: string): string {
  return path === '' && key.startsWith('.') ? key.slice(1) : `${path}${key}`;
}

function changed(path: string, reason: string, before: string, after: string): Delta {
  return { path, change: 'changed', bump: 'major', reason, before, after };
}
