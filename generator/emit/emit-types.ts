/**
 * Contract types → TypeScript. Enums are literal unions plus value arrays, objects interfaces,
 * named arrays, maps, unions and scalars type aliases. A type with readOnly or writeOnly fields
 * is written twice: as responses carry it (`Pet`) and as requests carry it (`PetInput`). The
 * mapping of each construct is tabled in docs/contract-format.md ("How types map to TypeScript").
 */
import { carries, dateFormatOf, isInt64, knowledge, type Direction } from '../model/knowledge.js';
import { enumOf, isText } from '../model/check-value.js';
import { constraintText } from '../model/type-text.js';
import { literalOf } from '../model/unions.js';
import type { AliasType, Contract, Deprecation, EnumType, EnumValueNote, Field, NamedType, ObjectType, TypeRef } from '../model/types.js';
import { absentMember, propertyKey, stringLiteral } from '../naming.js';
import { datesOn } from './date-plans.js';
import { constObject, emitLiteralUnion, literalText } from './literal-union.js';
import { typeNames } from './names.js';
import { fits, union } from './pretty.js';
import type { DocTag, TsFile } from './ts-file.js';

/** How a type is read: in which direction, with names as the file has them in scope. */
interface View {
  readonly contract: Contract;
  readonly direction: Direction;
  readonly nameOf: (exported: string) => string;
}

const SAME = (name: string): string => name;

export function emitTypes(file: TsFile, contract: Contract): void {
  // The entry point re-exports this file: with no types it must still be a module.
  if (contract.types.length === 0) file.w.writeLine('export {};');
  const directional = knowledge(contract).directional;
  for (const type of contract.types) {
    const input = directional.has(type.name);
    // Whether requests carry a type is the endpoints' to say, not the type's: an endpoint added or
    // deleted elsewhere gives it its request form or takes it away.
    file.section(
      'type',
      type,
      () => {
        emitNamed(file, { contract, direction: 'response', nameOf: SAME }, type);
        if (input) {
          file.w.blankLine();
          emitNamed(file, { contract, direction: 'request', nameOf: SAME }, type);
        }
      },
      input ? 'input' : '',
    );
    file.w.blankLine();
  }
}

function emitNamed(file: TsFile, view: View, type: NamedType): void {
  if (type.kind === 'enum') emitEnum(file, type);
  else if (type.kind === 'object') emitObject(file, view, type);
  else emitAlias(file, view, type);
}

/** The name a named type has in `direction`. */
export function exportedName(contract: Contract, name: string, direction: Direction): string {
  return direction === 'request' && knowledge(contract).directional.has(name) ? typeNames.input(name) : typeNames.type(name);
}

/** "Not shown" notes are sentences already ("Unit of created_at: not shown."): kept as written. */
export function notShown(text: string | undefined): string | undefined {
  return text;
}

function deprecatedTag(d: Deprecation | undefined): DocTag | undefined {
  return d === undefined ? undefined : { tag: 'deprecated', text: d.message };
}

function directionNote(view: View, name: string): string | undefined {
  if (!knowledge(view.contract).directional.has(name)) return undefined;
  return view.direction === 'request'
    ? `{@link ${typeNames.type(name)}} as requests carry it: without its readOnly fields, with its writeOnly ones, bytes as a Uint8Array or a Blob.`
    : `As responses carry it: requests use {@link ${typeNames.input(name)}}.`;
}

function emitEnum(file: TsFile, type: EnumType): void {
  const name = typeNames.type(type.name);
  const numeric = typeof type.values[0] === 'number';
  const openNote = type.open ? 'Open: values beyond the listed ones may appear.' : undefined;
  emitLiteralUnion(file, {
    typeName: name,
    typeDoc: [type.description, openNote, notShown(type.notShown), valueNotes(type.notes), deprecatedTag(type.deprecated)],
    values: type.values,
    extra: type.open ? [numeric ? '(number & {})' : '(string & {})'] : [],
    valuesName: typeNames.enumValues(type.name),
    valuesDoc: `The known values of {@link ${name}}.`,
  });
  // An open enum that lists no value has nothing to name.
  const first = type.values[0];
  if (first === undefined) return;
  const notes = new Map(type.notes.map((n) => [n.value, n]));
  const example = typeof first === 'string' && propertyKey(first) === first ? `${name}.${first}` : `${name}[${literalText(first)}]`;
  file.doc(`{@link ${name}}'s values by name (\`${example}\`): a deprecated one is struck through where it is used.`);
  constObject(
    file,
    name,
    type.values.map((value) => ({ value, doc: [notes.get(value)?.description, deprecatedTag(notes.get(value)?.deprecated)] })),
  );
}

/** Values with a description or a deprecation, one line each (a literal type cannot carry its own tag). */
function valueNotes(notes: readonly EnumValueNote[]): string | undefined {
  if (notes.length === 0) return undefined;
  return notes
    .map((n) => {
      const deprecated = n.deprecated === undefined ? undefined : `deprecated${n.deprecated.message === undefined ? '' : `: ${n.deprecated.message}`}`;
      return `- ${literalText(n.value)}: ${[n.description, deprecated].filter((x) => x !== undefined).join('; ')}`;
    })
    .join('\n');
}

function emitAlias(file: TsFile, view: View, type: AliasType): void {
  const name = exportedName(view.contract, type.name, view.direction);
  file.doc(type.description, notShown(type.notShown), refNotes(type.type, datesOn(view.contract)), directionNote(view, type.name), deprecatedTag(type.deprecated));
  const members = topMembers(view, type.type, file.level);
  file.lines(union(`export type ${name} =`, members, ';', file.level));
}

function emitObject(file: TsFile, view: View, type: ObjectType): void {
  const input = view.direction === 'request';
  const name = exportedName(view.contract, type.name, view.direction);
  const fields = visibleFields(view, type.fields);
  const variants = variantGroups(view, type, fields);
  const openNote = type.open ? 'Open: the object has other fields the contract does not show.' : undefined;
  const extendsNote = type.extends.length === 0 ? undefined : `Has the fields of ${type.extends.map((b) => `{@link ${exportedName(view.contract, b, view.direction)}}`).join(', ')}.`;
  const docs = [type.description, extendsNote, openNote, notShown(type.notShown), directionNote(view, type.name), ...variants.map((v) => v.doc), deprecatedTag(type.deprecated)];
  if (variants.length === 0) {
    file.doc(...docs);
    writeInterface(file, `export interface ${name}`, view, fields, type.open);
    return;
  }
  const grouped = new Set(variants.flatMap((v) => v.fields));
  const baseFields = fields.filter((f) => !grouped.has(f.name));
  const parts: string[] = [];
  if (baseFields.length > 0 || type.open) {
    const fieldsName = typeNames.fields(type.name, input && name !== typeNames.type(type.name));
    parts.push(fieldsName);
    file.doc(`The fields of {@link ${name}} that do not depend on other fields.`);
    writeInterface(file, `export interface ${fieldsName}`, view, baseFields, type.open);
    file.w.blankLine();
  }
  variants.forEach((variant, i) => {
    const ruleName = typeNames.rule(type.name, i + 1, input && name !== typeNames.type(type.name));
    parts.push(ruleName);
    file.doc(`${variant.doc} Part of {@link ${name}}.`);
    // In a broken union each branch sits after `| ` and the last one carries the `;`.
    const branches = variant.branches.map((branch) => objectLines(branch.map(branchMember(view)), file.level + 1, false, 3));
    file.lines(union(`export type ${ruleName} =`, branches.map((b) => b.join('\n')), ';', file.level));
    file.w.blankLine();
  });
  file.doc(...docs);
  file.lines(union(`export type ${name} =`, [parts.join(' & ')], ';', file.level));
}

/** The fields a direction carries: requests leave readOnly fields out, responses writeOnly ones. */
function visibleFields(view: View, fields: readonly Field[]): readonly Field[] {
  return fields.every((f) => carries(view.direction, f)) ? fields : fields.filter((f) => carries(view.direction, f));
}

interface BranchField {
  readonly field: Field;
  readonly required: boolean;
  /** Replaces the field's type (a discriminant value), or `never` to forbid it. */
  readonly typeText?: string;
}

interface VariantGroup {
  readonly fields: readonly string[];
  readonly branches: readonly (readonly BranchField[])[];
  readonly doc: string;
}

/**
 * Conditional requirements and "sent together" groups become unions of branches, so the compiler
 * rejects a request that the API would reject.
 */
function variantGroups(view: View, type: ObjectType, fields: readonly Field[]): VariantGroup[] {
  const groups: VariantGroup[] = [];
  const byName = new Map(fields.map((f) => [f.name, f]));
  const discriminants = [...new Set(type.requiredWhen.map((r) => r.field))];
  if (discriminants.length === 1) {
    const group = conditionalGroup(view, type, byName, discriminants[0] ?? '');
    if (group !== undefined) groups.push(group);
  }
  for (const together of type.together) {
    const members = together.map((n) => byName.get(n)).filter((f): f is Field => f !== undefined);
    if (members.length < 2 || members.some((f) => groups.some((g) => g.fields.includes(f.name)))) continue;
    groups.push({
      fields: members.map((f) => f.name),
      branches: [members.map((field) => ({ field, required: true })), members.map((field) => ({ field, required: false, typeText: 'undefined' }))],
      doc: `${together.join(' and ')} are sent together or not at all.`,
    });
  }
  return groups;
}

function conditionalGroup(view: View, type: ObjectType, byName: ReadonlyMap<string, Field>, discriminant: string): VariantGroup | undefined {
  const field = byName.get(discriminant);
  if (field === undefined || !isText(field.type, knowledge(view.contract).type)) return undefined;
  const rules = type.requiredWhen.filter((r) => r.field === discriminant);
  const involved = [...new Set([discriminant, ...rules.flatMap((r) => r.require)])];
  const others = involved.filter((n) => n !== discriminant).map((n) => byName.get(n)).filter((f): f is Field => f !== undefined);
  const branches: BranchField[][] = rules.map((rule) => [
    { field, required: field.default !== rule.value, typeText: stringLiteral(rule.value) },
    ...others.map((f) => ({ field: f, required: rule.require.includes(f.name) })),
  ]);
  const rest = uncoveredValues(view.contract, field, rules.map((r) => r.value));
  if (rest !== undefined) branches.push([{ field, required: field.required && field.default === undefined, typeText: rest }, ...others.map((f) => ({ field: f, required: false }))]);
  const doc = rules.map((r) => `When ${discriminant} is ${r.value}, ${r.require.join(' and ')} ${r.require.length === 1 ? 'is' : 'are'} required.`).join(' ');
  return { fields: involved, branches, doc };
}

/** The discriminant's values no rule covers, as a type; undefined when the rules cover them all. */
function uncoveredValues(contract: Contract, field: Field, covered: readonly string[]): string | undefined {
  const enumType = enumOf(field.type, knowledge(contract).type);
  if (enumType === undefined) return `Exclude<string, ${covered.map(stringLiteral).join(' | ')}>`;
  const rest = enumType.values.filter((v) => !covered.includes(String(v))).map(literalText);
  if (enumType.open) rest.push('(string & {})');
  return rest.length === 0 ? undefined : rest.join(' | ');
}

/** One member of an object type, as text: `name?: Type`. */
interface Member {
  readonly doc: readonly (string | DocTag | undefined)[];
  readonly head: string;
  readonly type: string[];
  /** The type's top-level union members, when it is a union: a long one breaks at its `|`s. */
  readonly members?: readonly string[];
}

function branchMember(view: View): (f: BranchField) => Member {
  return (f) => {
    const head = `${propertyKey(f.field.name)}${f.required ? '' : '?'}:`;
    const type = f.typeText === undefined ? typeLines(view, f.field.type, 0) : [f.typeText];
    return { doc: [], head, ...withAbsent(view, f.field.name, !f.required, { type }, f.typeText ?? f.field.type, 1, false) };
  };
}

function fieldHead(view: View, field: Field): string {
  const readonly = field.readOnly && view.direction === 'response' ? 'readonly ' : '';
  return `${readonly}${propertyKey(field.name)}${field.required ? '' : '?'}:`;
}

function fieldMember(view: View, field: Field, indent: number): Member {
  const defaults = field.default === undefined ? undefined : `Default: ${JSON.stringify(field.default)}.`;
  const secret = field.secret ? 'Secret: redacted from error messages and support reports.' : undefined;
  const access = field.readOnly ? 'Read-only: set by the server, never sent.' : field.writeOnly ? 'Write-only: sent, never returned.' : undefined;
  const head = fieldHead(view, field);
  const members = isUnionLike(field.type) ? topMembers(view, field.type, indent + 1) : [];
  // The member's own line also holds its name and the closing `;`.
  const type = { type: typeLines(view, field.type, indent, false, head.length + 2), ...(members.length > 1 ? { members } : {}) };
  return {
    doc: [field.description, defaults, refNotes(field.type, datesOn(view.contract)), access, notShown(field.notShown), secret, deprecatedTag(field.deprecated)],
    head,
    ...withAbsent(view, field.name, !field.required, type, field.type, indent + 1, false),
  };
}

/**
 * A property's type with what an optional one named like a member of Object admits too
 * (`absentMember`): one more member of its union, which breaks at its `|`s when long. Any other
 * property's type is as given. `ref` is the type, or the text that replaces it (a branch's).
 */
function withAbsent(view: View, name: string, optional: boolean, given: Pick<Member, 'type' | 'members'>, ref: TypeRef | string, indent: number, flat: boolean): Pick<Member, 'type' | 'members'> {
  const absent = absentMember(name, optional);
  if (absent === undefined) return given;
  if (flat || typeof ref === 'string') return { type: [`${given.type.join('\n')} | ${absent}`] };
  const members = [...(given.members ?? topMembers(view, ref, indent)), absent];
  return { type: [members.join(' | ')], members };
}

/** Format, constraints and the 64-bit rule, as one sentence for a doc comment; `dates`: a date is a Date. */
function refNotes(ref: TypeRef, dates: boolean): string | undefined {
  const notes: string[] = [];
  if (ref.kind === 'primitive' && ref.format !== undefined) notes.push(`Format: ${ref.format}.`);
  // A day as a Date is an instant: which one is the surprise worth a line.
  if (dates && dateFormatOf(ref) === 'date') notes.push('A Date at 00:00 UTC of the day: read and make it in UTC (`getUTCDate()`, `Date.UTC`).');
  if (isInt64(ref)) notes.push('A bigint when beyond ±2^53, so no digit is lost.');
  const constraints = ref.kind === 'primitive' || ref.kind === 'array' ? constraintText(ref.constraints).trim() : '';
  if (constraints !== '') notes.push(`Constraints: ${constraints.slice(1, -1)}.`);
  if (ref.example !== undefined) notes.push(`Example: ${JSON.stringify(ref.example)}.`);
  return notes.length === 0 ? undefined : notes.join(' ');
}

/** A type written as a union at its top: it breaks at its `|`s when long. */
function isUnionLike(ref: TypeRef): boolean {
  return ref.nullable === true || ref.kind === 'union' || ref.kind === 'enum' || isInt64(ref) || (ref.kind === 'primitive' && ref.name === 'binary');
}

/**
 * An object type literal: on one line (`{ a: string; b?: number }`) when it fits and has no
 * documented member, else one member per line. Lines after the first are relative to the first.
 */
function objectLines(members: readonly Member[], indent: number, open = false, reserve = 0): string[] {
  const all = open ? [...members, { doc: [], head: '[field: string]:', type: ['unknown'] }] : members;
  if (all.length === 0) return ['{}'];
  const flat = `{ ${all.map((m) => `${m.head} ${m.type.join('\n')}`).join('; ')} }`;
  if (all.every((m) => m.type.length === 1) && fits(`${flat}${' '.repeat(reserve)}`, indent)) return [flat];
  const body = all.flatMap((m) => memberLines(m, indent + 1).map((l) => `  ${l}`));
  return ['{', ...body, '}'];
}

function memberLines(m: Member, indent: number): string[] {
  if (m.members !== undefined) return union(m.head, m.members, ';', indent);
  const [first = '', ...rest] = m.type;
  return [`${m.head} ${first}${rest.length === 0 ? ';' : ''}`, ...rest.map((l, i) => (i === rest.length - 1 ? `${l};` : l))];
}

function writeInterface(file: TsFile, head: string, view: View, fields: readonly Field[], open: boolean): void {
  file.w.write(`${head} `).block(() => {
    for (const field of fields) {
      const member = fieldMember(view, field, file.level);
      file.doc(...member.doc);
      file.lines(memberLines(member, file.level));
    }
    if (open) {
      file.doc('Fields the contract does not show.');
      file.w.writeLine('[field: string]: unknown;');
    }
  });
}

/**
 * A type on one line, for contexts that lay themselves out. `nameOf` maps an exported type name
 * to the name in scope (an import, in other files); `direction` picks request or response forms.
 */
export function typeText(contract: Contract, ref: TypeRef, nameOf: (exported: string) => string = SAME, direction: Direction = 'response'): string {
  return typeLines({ contract, direction, nameOf }, ref, 0, true).join('\n');
}

/**
 * The members of a type's top-level union (a union, an enum in place, a 64-bit integer, anything
 * nullable), or the type alone. Each member is one line unless it is an object literal.
 */
function topMembers(view: View, ref: TypeRef, indent: number): string[] {
  const members = bareMembers(view, ref, indent);
  return ref.nullable === true && !members.includes('null') ? [...members, 'null'] : members;
}

function bareMembers(view: View, ref: TypeRef, indent: number): string[] {
  switch (ref.kind) {
    case 'union': {
      const members = ref.members.flatMap((m) => memberTexts(view, ref, m, indent));
      // A lone narrowed member needs no parentheses (prettier drops them); beside others it keeps them.
      const only = members.length === 1 && ref.nullable !== true ? members[0] : undefined;
      return only !== undefined && only.startsWith('(') && only.endsWith(')') ? [only.slice(1, -1)] : members;
    }
    case 'enum':
      return [...ref.values.map(literalText), ...(ref.open ? [typeof ref.values[0] === 'number' ? '(number & {})' : '(string & {})'] : [])];
    case 'primitive':
      return isInt64(ref) ? ['number', 'bigint'] : primitiveTexts(view, ref);
    default:
      return [typeLines(view, { ...ref, nullable: false }, indent).join('\n')];
  }
}

/**
 * A union member: its own members when it is a union itself, and a discriminated member whose
 * field is no literal carries the value the mapping gives it, so a `switch` narrows on it.
 */
function memberTexts(view: View, union: Extract<TypeRef, { kind: 'union' }>, member: TypeRef, indent: number): string[] {
  const texts = member.kind === 'union' || (member.kind === 'primitive' && isInt64(member)) || member.nullable === true ? topMembers(view, member, indent) : [typeLines(view, member, indent, true).join('\n')];
  const d = union.discriminator;
  if (d === undefined || member.kind !== 'named') return texts;
  const k = knowledge(view.contract);
  const values = k.discriminatorMapping(union).filter((e) => e.member === member.name).map((e) => e.value);
  const type = k.type(member.name);
  const field = type?.kind === 'object' ? type.fields.find((f) => f.name === d.field) : undefined;
  // A member whose field is already its one value narrows by itself.
  if (values.length === 0 || (values.length === 1 && field !== undefined && literalOf(field.type, k.type) !== undefined)) return texts;
  return texts.map((t) => `(${t} & { ${propertyKey(d.field)}: ${values.map(stringLiteral).join(' | ')} })`);
}

/** A type as one expression: members joined, parenthesised where an array or map holds it. */
function expression(view: View, ref: TypeRef, indent: number): string {
  return topMembers(view, ref, indent).join(' | ');
}

/**
 * A type as lines; the first continues the current line, the rest are relative to it. `flat`
 * forces one line (for contexts that lay themselves out).
 */
function typeLines(view: View, ref: TypeRef, indent: number, flat = false, reserve = 0): string[] {
  if (isUnionLike(ref)) return [expression(view, ref, indent)];
  switch (ref.kind) {
    case 'primitive':
      return [primitiveTexts(view, ref).join(' | ')];
    case 'named':
      return [view.nameOf(exportedName(view.contract, ref.name, view.direction))];
    case 'literal':
      return [literalText(ref.value)];
    case 'array':
      return wrapped(view, 'Array', ref.items, indent, flat, reserve, true);
    case 'map':
      return wrapped(view, 'Record<string, ', ref.values, indent, flat, reserve, false);
    case 'object':
      return objectTypeLines(view, ref.fields, ref.open, indent, flat, reserve);
    case 'union':
    case 'enum':
      return [expression(view, ref, indent)];
  }
}

/** `Array<T>` (or `T[]` for a name) and `Record<string, T>`: an object argument hugs the brackets. */
function wrapped(view: View, head: 'Array' | 'Record<string, ', inner: TypeRef, indent: number, flat: boolean, reserve: number, array: boolean): string[] {
  const open = array ? 'Array<' : head;
  const lines = typeLines(view, inner, indent, flat, reserve + open.length + 1);
  if (array && lines.length === 1 && /^[A-Za-z0-9_]+$/.test(lines[0] ?? '')) return [`${lines[0] ?? ''}[]`];
  return lines.map((l, i) => `${i === 0 ? open : ''}${l}${i === lines.length - 1 ? '>' : ''}`);
}

function objectTypeLines(view: View, all: readonly Field[], open: boolean, indent: number, flat: boolean, reserve: number): string[] {
  const fields = visibleFields(view, all);
  const members = fields.map((f): Member => {
    const head = fieldHead(view, f);
    return { doc: [], head, ...withAbsent(view, f.name, !f.required, { type: typeLines(view, f.type, indent + 1, flat, head.length + 2) }, f.type, indent + 2, flat) };
  });
  if (flat) {
    const parts = [...members.map((m) => `${m.head} ${m.type.join(' ')}`), ...(open ? ['[field: string]: unknown'] : [])];
    return [parts.length === 0 ? '{}' : `{ ${parts.join('; ')} }`];
  }
  return objectLines(members, indent, open, reserve);
}

/**
 * Binary data is read as bytes; sent, it may also be a Blob (a File carries its name and media type
 * into a multipart part). With `dates: Date`, a date-time or date is a Date both ways: one type a
 * value read can be sent back as, and no string the server might not take.
 */
function primitiveTexts(view: View, ref: Extract<TypeRef, { kind: 'primitive' }>): string[] {
  const name = ref.name;
  if (name === 'integer' || name === 'number') return ['number'];
  if (name === 'binary') return view.direction === 'request' ? ['Uint8Array', 'Blob'] : ['Uint8Array'];
  if (datesOn(view.contract) && dateFormatOf(ref) !== undefined) return ['Date'];
  return [name];
}
