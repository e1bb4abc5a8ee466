/**
 * One structural comparison of two types, wherever they stand: a named type against its namesake,
 * a body, a field, a parameter, an item, a union member, a map's values. Names are resolved
 * through each side's model, so an inline object and the named type it became (or a type renamed
 * with the same shape) compare by structure: where the structure is the same there is no change.
 *
 * Each change is reported once. A named type that both sides have is compared under its own name
 * (`type Order`, `field Order.total`) by `compareNamed`; where a use holds it on both sides only
 * what the reference adds (`| null`) is compared there. A use that changes what it holds (an
 * inline object, a type of another name) is compared at the use (`endpoint createIssue request
 * body field labels[].name`); two differently named types are compared once per direction, under
 * the new one's name, the first time a use meets them (a pair met again, or inside itself, adds
 * nothing).
 */
import { describeType } from '../model/type-text.js';
import type { Knowledge } from '../model/knowledge.js';
import type { Deprecation, EnumLiteral, EnumType, EnumValueNote, Field, NamedType, ObjectType, SourceLocation, TypeRef } from '../model/types.js';
import { pair, same, type Change, type Direction } from './change.js';
import { phrase, plainText, type Phrase } from './phrase.js';
import { constraintChange, formatChange, type Found } from './scalar-changes.js';

type Locs = Partial<Pick<Change, 'oldLoc' | 'newLoc'>>;

/** The two models' knowledge: names resolve through it, and a union's mapping is read off its members. */
export interface Sides {
  readonly old: Knowledge;
  readonly new: Knowledge;
}

/** One comparison's state: the changes found, the named pairs compared, the deprecations said. */
export interface Comparison {
  readonly sides: Sides;
  readonly out: Change[];
  /** `direction, old name, new name` of each pair of differently named types already compared. */
  readonly pairs: Set<string>;
  /** The subjects whose deprecation was reported: a type read both ways deprecates its field once. */
  readonly deprecated: Set<string>;
  /** Pairs of differently named types met and not yet compared (`settle`). */
  readonly queue: { readonly site: Site; readonly before: View; readonly after: View }[];
}

export function comparison(sides: Sides, out: Change[] = []): Comparison {
  return { sides, out, pairs: new Set(), deprecated: new Set(), queue: [] };
}

/** What the compared types are: a named type's members (`type Order`, `enum Priority`), or the element a phrase names. */
export type Root = { readonly type: string; readonly enum?: boolean } | { readonly at: Phrase };

/**
 * Where a comparison stands: its root, the step that led here from the site above (the path
 * below the root, `labels[].name`, is spelt only for a finding), the direction judged and both
 * locations.
 */
export interface Site {
  readonly root: Root;
  readonly above?: { readonly site: Site; readonly step: string };
  readonly direction: Direction;
  readonly locs: Locs;
}

/** A site at a use: a parameter, a body. */
export function useSite(at: Phrase, direction: Direction, locs: Locs): Site {
  return { root: { at }, direction, locs };
}

/** Steps that attach to the path before them: items `[]`, a map's values `{}`, a union's member `(type=x)`. */
const attached = (step: string) => step.startsWith('[') || step.startsWith('{') || step.startsWith('(');

/** The element a site names, as a finding's subject. */
export function subjectOf(site: Site): Phrase {
  const { root } = site;
  const path = pathOf(site);
  const joined = attached(path);
  if ('at' in root) return path === '' ? root.at : joined ? phrase`${root.at}${path}` : phrase`${root.at} field ${path}`;
  if (path === '') return root.enum === true ? phrase`enum ${root.type}` : phrase`type ${root.type}`;
  return phrase`field ${`${root.type}${joined ? '' : '.'}${path}`}`;
}

function pathOf(site: Site): string {
  if (site.above === undefined) return '';
  const { step } = site.above;
  const path = pathOf(site.above.site);
  return attached(step) || path === '' ? `${path}${step}` : `${path}.${step}`;
}

function below(site: Site, step: string, locs: Locs = site.locs): Site {
  return { root: site.root, above: { site, step }, direction: site.direction, locs };
}

function emit(c: Comparison, site: Site, found: Found, subject: Phrase = subjectOf(site), locs: Locs = site.locs): void {
  c.out.push({ ...found, direction: site.direction, subject, ...locs });
}

// ---------------------------------------------------------------------------------------------
// Resolution
// ---------------------------------------------------------------------------------------------

/** A type with its names resolved: a named object or enum as declared, an alias as what it stands for. */
type Shape = Exclude<TypeRef, { kind: 'named' }> | ObjectType | EnumType | { readonly kind: 'named'; readonly name: string };

interface View {
  /** The reference as written at this level, `| null` aside (what a union lists). */
  readonly ref: TypeRef;
  readonly shape: Shape;
  readonly nullable: boolean;
  /** The first name the reference went through. */
  readonly name: string | undefined;
  /** Where the named type the reference resolved to is declared. */
  readonly loc: SourceLocation | undefined;
}

function view(k: Knowledge, written: TypeRef): View {
  const ref: TypeRef = written.nullable === true ? { ...written, nullable: false } : written;
  let nullable = written.nullable === true;
  let current: TypeRef = ref;
  let name: string | undefined;
  let loc: SourceLocation | undefined;
  // Alias chains are short; the bound keeps a cycle the model let through from looping.
  for (let depth = 0; depth < 64 && current.kind === 'named'; depth++) {
    const type: NamedType | undefined = k.type(current.name);
    if (type === undefined) break;
    name ??= current.name;
    loc = type.loc;
    if (type.kind !== 'alias') return { ref, shape: type, nullable, name, loc };
    current = type.type;
    nullable ||= current.nullable === true;
  }
  return { ref, shape: current, nullable, name, loc };
}

/** A named type as declared: an alias is what it stands for. */
function namedView(k: Knowledge, type: NamedType): View {
  return type.kind === 'alias' ? view(k, type.type) : { ref: { kind: 'named', name: type.name }, shape: type, nullable: false, name: undefined, loc: type.loc };
}

/** A named object or enum as declared (a model element has a location; a type written in place has none). */
function declared(s: Shape): s is ObjectType | EnumType {
  return 'loc' in s;
}

// ---------------------------------------------------------------------------------------------
// The comparison
// ---------------------------------------------------------------------------------------------

/** A named type against its namesake, under its name, in one direction. */
export function compareNamed(c: Comparison, before: NamedType, after: NamedType, direction: Direction): void {
  const site: Site = { root: { type: after.name, ...(after.kind === 'enum' ? { enum: true } : {}) }, direction, locs: { oldLoc: before.loc, newLoc: after.loc } };
  if (before.kind === 'alias' && after.kind === 'alias') typeChanges(c, site, before.type, after.type);
  else compareViews(c, site, namedView(c.sides.old, before), namedView(c.sides.new, after));
}

/** Two references, at a site. */
export function compareTypes(c: Comparison, site: Site, before: TypeRef, after: TypeRef): void {
  typeChanges(c, site, before, after);
}

/**
 * The pairs of named types a comparison met, compared one after another rather than inside each
 * other: a chain of thousands of renamed types takes no deeper stack than one. Their changes are
 * said under the type, so a review compares them once every use has been met, apart from any
 * operation. A probe stops at its first change.
 */
export function settle(c: Comparison, probe = false): void {
  for (let job = c.queue.pop(); job !== undefined; job = c.queue.pop()) {
    if (probe && c.out.length > 0) {
      c.queue.length = 0;
      return;
    }
    compareViews(c, job.site, job.before, job.after);
  }
}

function typeChanges(c: Comparison, site: Site, before: TypeRef, after: TypeRef): void {
  if (sameScalar(before, after)) return;
  if (before.kind === 'named' && after.kind === 'named' && before.name === after.name && c.sides.old.type(before.name) !== undefined && c.sides.new.type(after.name) !== undefined) {
    nullability(c, site, before.nullable === true, after.nullable === true);
    return;
  }
  const [b, a] = [view(c.sides.old, before), view(c.sides.new, after)];
  nullability(c, site, b.nullable, a.nullable);
  if (b.name !== undefined && a.name !== undefined) {
    const locs = { oldLoc: b.loc ?? site.locs.oldLoc, newLoc: a.loc ?? site.locs.newLoc };
    const key = `${site.direction}\0${b.name}\0${a.name}`;
    if (c.pairs.has(key)) return;
    c.pairs.add(key);
    const root: Root = { type: a.name, ...(a.shape.kind === 'enum' ? { enum: true } : {}) };
    c.queue.push({ site: { root, direction: site.direction, locs: definedLocs(locs) }, before: b, after: a });
    return;
  }
  // A side resolved through a name points at the type it names.
  const moved = b.loc !== undefined || a.loc !== undefined;
  compareViews(c, moved ? { ...site, locs: definedLocs({ oldLoc: b.loc ?? site.locs.oldLoc, newLoc: a.loc ?? site.locs.newLoc }) } : site, b, a);
}

/** Most fields of two versions are the same scalar: answered without resolving anything. */
function sameScalar(b: TypeRef, a: TypeRef): boolean {
  return b.kind === 'primitive' && a.kind === 'primitive' && b.name === a.name && b.format === a.format && b.nullable === a.nullable && b.constraints === undefined && a.constraints === undefined;
}

function definedLocs(l: { oldLoc: SourceLocation | undefined; newLoc: SourceLocation | undefined }): Locs {
  return { ...(l.oldLoc === undefined ? {} : { oldLoc: l.oldLoc }), ...(l.newLoc === undefined ? {} : { newLoc: l.newLoc }) };
}

function nullability(c: Comparison, site: Site, before: boolean, after: boolean): void {
  if (before !== after) emit(c, site, { area: 'field', action: 'changed', aspect: 'nullable', qualifier: after ? 'added' : 'removed' });
}

function compareViews(c: Comparison, site: Site, b: View, a: View): void {
  // A union of single values (oneOf of one-value enums, GitHub's budget_type) is the enum it spells.
  const [sb, sa] = [valuesOfUnion(c.sides.old, b.shape) ?? b.shape, valuesOfUnion(c.sides.new, a.shape) ?? a.shape];
  // A body read as bytes that is now read as its type: deployed clients still get the bytes (a
  // media type they would refuse is content-type-added's finding), code that used them does not compile.
  if (site.direction === 'response' && site.above === undefined && isBytes(sb) && !isBytes(sa)) return emit(c, site, { area: 'field', action: 'changed', aspect: 'bytes-typed', before: text(b), after: text(a) });
  const described = describedChange(sb, sa);
  if (described !== undefined) return emit(c, site, { area: 'field', action: 'changed', aspect: described, before: text(b), after: text(a) });
  if (sb.kind === 'object' && sa.kind === 'object') return compareObjects(c, site, sb, sa);
  if ((sb.kind === 'union') !== (sa.kind === 'union') || (sb.kind === 'union' && sa.kind === 'union')) return compareUnions(c, site, asUnion(b), asUnion(a), sb.kind === 'union' && sa.kind === 'union');
  const [eb, ea] = [asEnum(sb, sa), asEnum(sa, sb)];
  if (eb !== undefined && ea !== undefined) return compareEnums(c, site, eb, ea);
  if (sb.kind === 'array' && sa.kind === 'array') {
    const limits = constraintChange(sb.constraints, sa.constraints, site.direction);
    if (limits !== undefined) emit(c, site, limits);
    return typeChanges(c, below(site, '[]'), sb.items, sa.items);
  }
  if (sb.kind === 'map' && sa.kind === 'map') return typeChanges(c, below(site, '{}'), sb.values, sa.values);
  if (sb.kind === 'primitive' && sa.kind === 'primitive' && family(sb) === family(sa)) return comparePrimitives(c, site, sb, sa);
  if (sb.kind === 'literal' && sa.kind === 'literal' && sb.value === sa.value) return;
  if (sb.kind === 'named' && sa.kind === 'named' && sb.name === sa.name) return;
  const listed = listedChange(sb, sa);
  if (listed === 'none') return;
  emit(c, site, { area: listed === undefined ? 'field' : 'enum', action: 'changed', aspect: listed ?? 'type', before: text(b), after: text(a) });
}

type Primitive = Extract<Shape, { kind: 'primitive' }>;

/** The same kind of value: its format and constraints; an integer that may now be any number is a constraint widened (the TypeScript type is number both ways). */
function comparePrimitives(c: Comparison, site: Site, b: Primitive, a: Primitive): void {
  if (b.name !== a.name) emit(c, site, { area: 'field', action: 'changed', aspect: 'constraint', qualifier: a.name === 'number' ? 'widened' : 'narrowed', before: b.name, after: a.name });
  for (const found of [formatChange(b, a), constraintChange(b.constraints, a.constraints, site.direction)]) if (found !== undefined) emit(c, site, found);
}

/**
 * A value of a kind (a string, a number) and a list of such values: where the list is closed,
 * listing the values closes what was open, and dropping the list opens it, as an enum made closed
 * or open does; an open list says only which values are known (`none`: no change).
 */
function listedChange(b: Shape, a: Shape): 'open' | 'closed' | 'none' | undefined {
  const kinds = [family(b), family(a)];
  if (kinds[0] !== kinds[1]) return undefined;
  const closed = (s: Shape) => (s.kind === 'enum' ? !s.open : s.kind === 'literal');
  if (b.kind === 'primitive' && (a.kind === 'enum' || a.kind === 'literal')) return closed(a) ? 'closed' : 'none';
  if (a.kind === 'primitive' && (b.kind === 'enum' || b.kind === 'literal')) return closed(b) ? 'open' : 'none';
  return undefined;
}

type EnumShape = Extract<Shape, { kind: 'enum' }>;

/** An enum, or a constant compared with one: an enum of its one value. */
/** A union whose every member is a closed enum or a string or number literal, as the enum of their values. */
function valuesOfUnion(k: Knowledge, s: Shape): EnumShape | undefined {
  if (s.kind !== 'union') return undefined;
  const values: (string | number)[] = [];
  for (const member of s.members) {
    const m = view(k, member);
    if (m.nullable) return undefined;
    const shape = m.shape;
    if (shape.kind === 'enum' && !shape.open) values.push(...shape.values);
    else if (shape.kind === 'literal' && (typeof shape.value === 'string' || typeof shape.value === 'number')) values.push(shape.value);
    else return undefined;
  }
  const kinds = new Set(values.map((v) => typeof v));
  return kinds.size === 1 ? { kind: 'enum', values: [...new Set(values)], open: false, notes: [] } : undefined;
}

function asEnum(s: Shape, other: Shape): EnumShape | undefined {
  if (s.kind === 'enum') return s;
  if (s.kind === 'literal' && other.kind === 'enum' && (typeof s.value === 'string' || typeof s.value === 'number')) return { kind: 'enum', values: [s.value], open: false, notes: [] };
  return undefined;
}

/** What kind of value a type admits, for pairing a union's members and telling a list of values from another kind. */
function family(s: Shape): string {
  switch (s.kind) {
    case 'object':
    case 'map':
      return 'object';
    case 'enum':
      return typeof s.values[0] === 'number' ? 'number' : 'string';
    case 'primitive':
      return s.name === 'integer' ? 'number' : s.name;
    case 'literal':
      return s.value === null ? 'null' : typeof s.value;
    default:
      return s.kind;
  }
}

type Union = Extract<TypeRef, { kind: 'union' }>;

/** A union, or one type compared with a union: a union of it alone. */
function asUnion(v: View): Union {
  return v.shape.kind === 'union' ? v.shape : { kind: 'union', members: [v.ref], discriminator: undefined };
}

/**
 * A value that gains a type where it had none (`unknown`, or any object where an object is
 * described now), or loses it: the bytes need not change, what the TypeScript says about them does.
 */
function describedChange(b: Shape, a: Shape): 'described' | 'undescribed' | undefined {
  if (anything(b) !== anything(a)) return anything(b) ? 'described' : 'undescribed';
  if (anyObject(b) !== anyObject(a) && objectLike(b) && objectLike(a)) return anyObject(b) ? 'described' : 'undescribed';
  return undefined;
}

function isBytes(s: Shape): boolean {
  return s.kind === 'primitive' && s.name === 'binary';
}

function anything(s: Shape | TypeRef): boolean {
  return s.kind === 'primitive' && s.name === 'unknown';
}

/** `{}` with `type: object`: a map of unknown values, or an open object that shows no field. */
function anyObject(s: Shape): boolean {
  return (s.kind === 'map' && anything(s.values) && s.values.nullable !== true) || (s.kind === 'object' && s.open && s.fields.length === 0);
}

function objectLike(s: Shape): boolean {
  return s.kind === 'object' || s.kind === 'map';
}

const SHOWN = 160;

function cut(words: string): string {
  return words.length > SHOWN ? `${words.slice(0, SHOWN)}…` : words;
}

/** Types as shown in a finding's values: their contract words, joined as a union, cut short. */
export function typesText(refs: readonly (TypeRef | undefined)[]): string {
  return cut([...new Set(refs.map((r) => describeType(r)))].join(' | '));
}

/** A type as shown in a finding: its name where it has one, else its contract words, cut short. */
function text(v: View): string {
  const s = v.shape;
  const words = v.name ?? (declared(s) || s.kind === 'named' ? s.name : describeType(s));
  const shown = cut(words);
  return v.nullable && !shown.endsWith(' | null') ? `${shown} | null` : shown;
}

// ---------------------------------------------------------------------------------------------
// Objects
// ---------------------------------------------------------------------------------------------

type ObjectShape = Extract<Shape, { kind: 'object' }>;

/** Whether a direction leaves the field out: requests carry no readOnly field, responses no writeOnly one. */
function hiddenIn(direction: Direction, x: Field): boolean {
  return direction === 'request' ? x.readOnly : direction === 'response' && x.writeOnly;
}

function compareObjects(c: Comparison, site: Site, b: ObjectShape, a: ObjectShape): void {
  const { direction } = site;
  // A field the direction leaves out before and after changes nothing there: its flips are read below.
  const shown = (list: readonly Field[], other: readonly Field[]) => {
    if (!list.some((x) => hiddenIn(direction, x))) return list;
    const names = new Set(other.map((x) => x.name));
    return list.filter((x) => !hiddenIn(direction, x) || names.has(x.name));
  };
  const [before, after] = [shown(b.fields, a.fields), shown(a.fields, b.fields)];
  const f = pair(before, after, (x) => x.name);
  for (const x of f.removed) emit(c, below(site, x.name), { area: 'field', action: 'removed', qualifier: x.required ? 'required' : 'optional' }, undefined, { oldLoc: x.loc, ...newOf(site) });
  for (const x of f.added) emit(c, below(site, x.name), { area: 'field', action: 'added', qualifier: x.required ? 'required' : 'optional' }, undefined, { ...oldOf(site), newLoc: x.loc });
  for (const [xb, xa] of f.both) compareFields(c, below(site, xa.name, { oldLoc: xb.loc, newLoc: xa.loc }), xb, xa);
  const rules = (o: ObjectShape) => ('requiredWhen' in o ? [o.requiredWhen, o.together] : [[], []]);
  const [[wb, tb], [wa, ta]] = [rules(b), rules(a)];
  if (!same(wb, wa)) emit(c, site, { area: 'field', action: 'changed', aspect: 'requiredWhen', before: JSON.stringify(wb), after: JSON.stringify(wa) });
  if (!same(tb, ta)) emit(c, site, { area: 'field', action: 'changed', aspect: 'together', before: JSON.stringify(tb), after: JSON.stringify(ta) });
  if (b.open !== a.open) emit(c, site, { area: 'field', action: 'changed', aspect: a.open ? 'open' : 'closed' });
}

const oldOf = (site: Site): Locs => (site.locs.oldLoc === undefined ? {} : { oldLoc: site.locs.oldLoc });
const newOf = (site: Site): Locs => (site.locs.newLoc === undefined ? {} : { newLoc: site.locs.newLoc });

function compareFields(c: Comparison, site: Site, xb: Field, xa: Field): void {
  visibilityChange(c, site, xb, xa);
  if (hiddenIn(site.direction, xb) || hiddenIn(site.direction, xa)) return;
  if (xb.required !== xa.required) emit(c, site, { area: 'field', action: 'changed', aspect: xa.required ? 'required' : 'optional' });
  typeChanges(c, site, xb.type, xa.type);
  if (xb.deprecated === undefined && xa.deprecated !== undefined) deprecation(c, subjectOf(site), xb.deprecated, xa.deprecated, site.locs);
  if ((xb.default !== undefined || xa.default !== undefined) && !same(xb.default, xa.default)) emit(c, site, { area: 'field', action: 'changed', aspect: 'default', before: JSON.stringify(xb.default) ?? 'none', after: JSON.stringify(xa.default) ?? 'none' });
}

/**
 * A readOnly flip adds the field to the request form or takes it out, and a writeOnly flip does
 * so to the response form; the other direction keeps the field, so nothing changes there.
 */
function visibilityChange(c: Comparison, site: Site, xb: Field, xa: Field): void {
  const { direction } = site;
  if (hiddenIn(direction, xb) === hiddenIn(direction, xa)) return;
  const what = direction === 'request' ? 'read-only' : 'write-only';
  emit(c, site, { area: 'field', action: 'changed', aspect: hiddenIn(direction, xa) ? `made-${what}` : `${what}-removed`, qualifier: xa.required ? 'required' : 'optional' });
}

// ---------------------------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------------------------

function compareEnums(c: Comparison, site: Site, b: EnumShape, a: EnumShape): void {
  const qualifier = a.open ? 'open' : 'closed';
  const value = (v: EnumLiteral) => phrase`${subjectOf(site)} value '${String(v)}'`;
  const [had, has] = [new Set(b.values), new Set(a.values)];
  for (const v of b.values) if (!has.has(v)) emit(c, site, { area: 'enum', action: 'removed', qualifier, before: String(v) }, value(v));
  for (const v of a.values) if (!had.has(v)) emit(c, site, { area: 'enum', action: 'added', qualifier, after: String(v) }, value(v));
  if (b.open !== a.open) emit(c, site, { area: 'enum', action: 'changed', aspect: qualifier, before: b.open ? 'open' : 'closed', after: qualifier });
  const notes = new Map<EnumLiteral, EnumValueNote>(b.notes.map((n) => [n.value, n]));
  for (const n of a.notes) {
    const was = notes.get(n.value)?.deprecated;
    if (had.has(n.value) && was === undefined && n.deprecated !== undefined) deprecation(c, value(n.value), was, n.deprecated, site.locs);
  }
}

// ---------------------------------------------------------------------------------------------
// Unions
// ---------------------------------------------------------------------------------------------

interface Member {
  readonly key: string;
  readonly ref: TypeRef;
}

/**
 * Members by how they read (a named member by its name): those both versions have are the same
 * member. Of the others, those of one kind of value pair (`pairMembers`) and are compared; the rest
 * were added or removed. Then the discriminator, between two unions: its field, or the values of a
 * member both versions have (a member joining or leaving brings its own values, which is no change).
 */
function compareUnions(c: Comparison, site: Site, before: Union, after: Union, both: boolean): void {
  const subject = subjectOf(site);
  const keyed = (u: Union): Member[] => u.members.map((m) => ({ key: describeType(m), ref: m }));
  const members = pair(keyed(before), keyed(after), (m) => m.key);
  const left = pairMembers(c, site, members.removed, members.added);
  // One type became a union of others, or a union became another type: a type change, said once.
  if (!both && left.gone.length > 0 && left.come.length > 0) return emit(c, site, { area: 'field', action: 'changed', aspect: 'type', before: typesText(before.members), after: typesText(after.members) });
  for (const m of left.gone) emit(c, site, { area: 'union', action: 'removed', before: m.key }, phrase`${subject} member ${m.key}`);
  for (const m of left.come) emit(c, site, { area: 'union', action: 'added', after: m.key }, phrase`${subject} member ${m.key}`);
  if (!both) return;
  const kept = new Set(members.both.map(([m]) => m.key));
  const tags = (k: Knowledge, u: Union) => {
    if (u.discriminator === undefined) return 'none';
    const mapping = k.discriminatorMapping(u).filter((e) => kept.has(e.member));
    return `${u.discriminator.field}: ${mapping.map((e) => `${e.value} → ${e.member}`).join(', ')}`;
  };
  const [b, a] = [tags(c.sides.old, before), tags(c.sides.new, after)];
  if (b !== a) emit(c, site, { area: 'union', action: 'changed', aspect: 'discriminator', before: b, after: a }, subject);
}

/**
 * Members one side lists and the other does not, paired where the pairing is plain and compared:
 * objects that carry the same tag (a field of one constant value: `type: pull_request`), then the
 * one member of a kind of value the new side lists with each the old side lists of that kind (a
 * member changed, or several merged into one), then a last member each side has left. What is left
 * is returned: members added and removed.
 */
function pairMembers(c: Comparison, site: Site, gone: readonly Member[], come: readonly Member[]): { gone: Member[]; come: Member[] } {
  const pairs: [Member, Member, string][] = [];
  let left = { gone: [...gone], come: [...come] };
  const by = (key: (k: Knowledge, s: Shape) => string, merge: boolean, shown: boolean) => {
    const keys = (k: Knowledge, list: readonly Member[]) => list.map((m) => key(k, view(k, m.ref).shape));
    const [goneKeys, comeKeys] = [keys(c.sides.old, left.gone), keys(c.sides.new, left.come)];
    const counts = (list: readonly string[]) => list.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());
    const [goneCounts, comeCounts] = [counts(goneKeys), counts(comeKeys)];
    const at = new Map(comeKeys.map((x, j) => [x, j]));
    const used = new Set<number>();
    const unpaired: Member[] = [];
    left.gone.forEach((m, i) => {
      const k = goneKeys[i] ?? '';
      const j = k !== '' && comeCounts.get(k) === 1 && (merge || goneCounts.get(k) === 1) ? (at.get(k) ?? -1) : -1;
      const match = left.come[j];
      if (match === undefined) unpaired.push(m);
      else {
        pairs.push([m, match, shown ? `(${k})` : '']);
        used.add(j);
      }
    });
    left = { gone: unpaired, come: left.come.filter((_, j) => !used.has(j)) };
  };
  sameMembers(c, site, left, pairs);
  // A member paired by its tag is named by it (`RepositoryRuleDetailed(type=pull_request).parameters`).
  by(tagOf, false, true);
  // Members a tag tells apart are paired by it alone: one left of each side with different tags
  // is a member removed and another added (GitHub's merge_queue rule and copilot_code_review).
  const untagged = (key: (k: Knowledge, s: Shape) => string) => (k: Knowledge, s: Shape) => (tagOf(k, s) === '' ? key(k, s) : '');
  // Untagged objects told apart by what they require (vercel's membership: one requires
  // confirmedAt, the other accessRequestedAt), so a change inside one is said inside it.
  by(untagged(requiredOf), false, false);
  by(untagged((_, s) => family(s)), true, false);
  by(untagged(() => 'last'), false, false);
  for (const [b, a, tag] of pairs) typeChanges(c, tag === '' ? site : below(site, tag), b.ref, a.ref);
  return left;
}

/** Members that read differently but compare the same (a type they name was renamed): paired first, while few are left to try. */
function sameMembers(c: Comparison, site: Site, left: { gone: Member[]; come: Member[] }, pairs: [Member, Member, string][]): void {
  if (left.gone.length * left.come.length > MAX_TRIED) return;
  for (const m of [...left.gone]) {
    const match = left.come.find((n) => {
      const probe = comparison(c.sides);
      typeChanges(probe, site, m.ref, n.ref);
      settle(probe, true);
      return probe.out.length === 0;
    });
    if (match === undefined) continue;
    pairs.push([m, match, '']);
    left.gone.splice(left.gone.indexOf(m), 1);
    left.come.splice(left.come.indexOf(match), 1);
  }
}

/** At most this many pairs of members are tried for sameness: a union rewritten whole is reported as its members. */
const MAX_TRIED = 64;

/** An object's tag: its fields of one constant value, as `type=pull_request`; '' for none. */
function requiredOf(_: Knowledge, s: Shape): string {
  if (s.kind !== 'object') return '';
  const required = s.fields.filter((f) => f.required).map((f) => f.name);
  return required.length === 0 ? '' : required.sort().join(',');
}

function tagOf(k: Knowledge, s: Shape): string {
  if (s.kind !== 'object') return '';
  const tags: string[] = [];
  for (const f of s.fields) {
    const t = view(k, f.type).shape;
    const value = t.kind === 'literal' ? t.value : t.kind === 'enum' && t.values.length === 1 ? t.values[0] : undefined;
    if (value !== undefined) tags.push(`${f.name}=${String(value)}`);
  }
  return tags.sort().join(',');
}

// ---------------------------------------------------------------------------------------------
// Deprecations
// ---------------------------------------------------------------------------------------------

/** A deprecation newly set on an element both versions have, said once whatever the directions it is compared in. */
export function deprecation(c: Comparison, subject: Phrase, before: Deprecation | undefined, after: Deprecation | undefined, locs: Locs): void {
  if (before !== undefined || after === undefined) return;
  const key = plainText(subject);
  if (c.deprecated.has(key)) return;
  c.deprecated.add(key);
  c.out.push({ area: 'deprecation', action: 'added', direction: 'none', subject, ...(after.message === undefined ? {} : { after: after.message }), ...locs });
}
