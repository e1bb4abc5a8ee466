/** Contract types → TypeScript: enums as literal unions plus value arrays, objects as interfaces. */
import { knowledge } from '../model/knowledge.js';
import type { Contract, EnumType, Field, ObjectType, TypeRef } from '../model/types.js';
import { propertyKey, stringLiteral } from '../naming.js';
import { emitLiteralUnion } from './literal-union.js';
import { typeNames } from './names.js';
import { fits, union } from './pretty.js';
import type { TsFile } from './ts-file.js';

export function emitTypes(file: TsFile, contract: Contract): void {
  // The entry point re-exports this file: with no types it must still be a module.
  if (contract.types.length === 0) file.w.writeLine('export {};');
  for (const type of contract.types) {
    file.section('type', type, () => {
      if (type.kind === 'enum') emitEnum(file, type);
      else emitObject(file, contract, type);
    });
    file.w.blankLine();
  }
}

/** "Not shown" notes are sentences already ("Unit of created_at: not shown."): kept as written. */
export function notShown(text: string | undefined): string | undefined {
  return text;
}

function emitEnum(file: TsFile, type: EnumType): void {
  const name = typeNames.type(type.name);
  const openNote = type.open ? 'Open: values beyond the listed ones may appear.' : undefined;
  emitLiteralUnion(file, {
    typeName: name,
    typeDoc: [type.description, openNote, notShown(type.notShown)],
    values: type.values,
    extra: type.open ? ['(string & {})'] : [],
    valuesName: typeNames.enumValues(type.name),
    valuesDoc: `The known values of {@link ${name}}.`,
  });
}

function emitObject(file: TsFile, contract: Contract, type: ObjectType): void {
  const name = typeNames.type(type.name);
  const variants = variantGroups(contract, type);
  const openNote = type.open ? 'Open: the object has other fields the contract does not show.' : undefined;
  const docs = [type.description, openNote, notShown(type.notShown), ...variants.map((v) => v.doc)];
  if (variants.length === 0) {
    file.doc(...docs);
    writeInterface(file, `export interface ${name}`, contract, type.fields, type.open);
    return;
  }
  const grouped = new Set(variants.flatMap((v) => v.fields));
  const baseFields = type.fields.filter((f) => !grouped.has(f.name));
  const parts: string[] = [];
  if (baseFields.length > 0 || type.open) {
    const fieldsName = typeNames.fields(type.name);
    parts.push(fieldsName);
    file.doc(`The fields of {@link ${name}} that do not depend on other fields.`);
    writeInterface(file, `export interface ${fieldsName}`, contract, baseFields, type.open);
    file.w.blankLine();
  }
  variants.forEach((variant, i) => {
    const ruleName = typeNames.rule(type.name, i + 1);
    parts.push(ruleName);
    file.doc(`${variant.doc} Part of {@link ${name}}.`);
    // In a broken union each branch sits after `| ` and the last one carries the `;`.
    const branches = variant.branches.map((branch) => objectLines(branch.map(branchMember(contract)), file.level + 1, false, 3));
    file.lines(union(`export type ${ruleName} =`, branches.map((b) => b.join('\n')), ';', file.level));
    file.w.blankLine();
  });
  file.doc(...docs);
  file.lines(union(`export type ${name} =`, [parts.join(' & ')], ';', file.level));
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
function variantGroups(contract: Contract, type: ObjectType): VariantGroup[] {
  const groups: VariantGroup[] = [];
  const byName = new Map(type.fields.map((f) => [f.name, f]));
  const discriminants = [...new Set(type.requiredWhen.map((r) => r.field))];
  if (discriminants.length === 1) {
    const group = conditionalGroup(contract, type, byName, discriminants[0] ?? '');
    if (group !== undefined) groups.push(group);
  }
  for (const together of type.together) {
    const fields = together.map((n) => byName.get(n)).filter((f): f is Field => f !== undefined);
    if (fields.some((f) => groups.some((g) => g.fields.includes(f.name)))) continue;
    groups.push({
      fields: fields.map((f) => f.name),
      branches: [fields.map((field) => ({ field, required: true })), fields.map((field) => ({ field, required: false, typeText: 'undefined' }))],
      doc: `${together.join(' and ')} are sent together or not at all.`,
    });
  }
  return groups;
}

function conditionalGroup(contract: Contract, type: ObjectType, byName: ReadonlyMap<string, Field>, discriminant: string): VariantGroup | undefined {
  const field = byName.get(discriminant);
  if (field === undefined || !isTextField(contract, field)) return undefined;
  const rules = type.requiredWhen.filter((r) => r.field === discriminant);
  const involved = [...new Set([discriminant, ...rules.flatMap((r) => r.require)])];
  const others = involved.filter((n) => n !== discriminant).map((n) => byName.get(n)).filter((f): f is Field => f !== undefined);
  const branches: BranchField[][] = rules.map((rule) => [
    { field, required: field.default !== rule.value, typeText: stringLiteral(rule.value) },
    ...others.map((f) => ({ field: f, required: rule.require.includes(f.name) })),
  ]);
  const rest = uncoveredValues(contract, field, rules.map((r) => r.value));
  if (rest !== undefined) branches.push([{ field, required: field.required && field.default === undefined, typeText: rest }, ...others.map((f) => ({ field: f, required: false }))]);
  const doc = rules.map((r) => `When ${discriminant} is ${r.value}, ${r.require.join(' and ')} ${r.require.length === 1 ? 'is' : 'are'} required.`).join(' ');
  return { fields: involved, branches, doc };
}

/** Only a string or enum field can discriminate a union of branches. */
function isTextField(contract: Contract, field: Field): boolean {
  const t = field.type;
  return (t.kind === 'primitive' && t.name === 'string') || (t.kind === 'named' && knowledge(contract).type(t.name)?.kind === 'enum');
}

/** The discriminant's values no rule covers, as a type; undefined when the rules cover them all. */
function uncoveredValues(contract: Contract, field: Field, covered: readonly string[]): string | undefined {
  const enumType = field.type.kind === 'named' ? knowledge(contract).type(field.type.name) : undefined;
  if (enumType?.kind !== 'enum') return `Exclude<string, ${covered.map(stringLiteral).join(' | ')}>`;
  const rest = enumType.values.filter((v) => !covered.includes(v)).map(stringLiteral);
  if (enumType.open) rest.push('(string & {})');
  return rest.length === 0 ? undefined : rest.join(' | ');
}

/** One member of an object type, as text: `name?: Type`. */
interface Member {
  readonly doc: readonly (string | undefined)[];
  readonly head: string;
  readonly type: string[];
}

function branchMember(contract: Contract): (f: BranchField) => Member {
  return (f) => ({ doc: [], head: `${propertyKey(f.field.name)}${f.required ? '' : '?'}:`, type: f.typeText === undefined ? typeLines(contract, f.field.type, 0) : [f.typeText] });
}

function fieldMember(contract: Contract, field: Field, indent: number): Member {
  const defaults = field.default === undefined ? undefined : `Default: ${JSON.stringify(field.default)}.`;
  const secret = field.secret ? 'Secret: redacted from error messages and support reports.' : undefined;
  const head = `${propertyKey(field.name)}${field.required ? '' : '?'}:`;
  return {
    doc: [field.description, defaults, notShown(field.notShown), secret],
    head,
    // The member's own line also holds its name and the closing `;`.
    type: typeLines(contract, field.type, indent, typeNames.type, false, head.length + 2),
  };
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
  const body = all.flatMap((m) => memberLines(m).map((l) => `  ${l}`));
  return ['{', ...body, '}'];
}

function memberLines(m: Member): string[] {
  const [first = '', ...rest] = m.type;
  return [`${m.head} ${first}${rest.length === 0 ? ';' : ''}`, ...rest.map((l, i) => (i === rest.length - 1 ? `${l};` : l))];
}

function writeInterface(file: TsFile, head: string, contract: Contract, fields: readonly Field[], open: boolean): void {
  file.w.write(`${head} `).block(() => {
    for (const field of fields) {
      const member = fieldMember(contract, field, file.level);
      file.doc(...member.doc);
      file.lines(memberLines(member));
    }
    if (open) {
      file.doc('Fields the contract does not show.');
      file.w.writeLine('[field: string]: unknown;');
    }
  });
}

/** `nameOf` maps a contract type name to the name in scope (an import, in other files). */
export function typeText(contract: Contract, ref: TypeRef, nameOf: (name: string) => string = typeNames.type): string {
  return typeLines(contract, ref, 0, nameOf, true).join('\n');
}

/**
 * A type as lines; the first continues the current line, the rest are relative to it. `flat`
 * forces one line (for contexts that lay themselves out).
 */
function typeLines(contract: Contract, ref: TypeRef, indent: number, nameOf: (name: string) => string = typeNames.type, flat = false, reserve = 0): string[] {
  switch (ref.kind) {
    case 'primitive':
      return [primitiveText(ref.name)];
    case 'named':
      return [nameOf(ref.name)];
    case 'array': {
      const inner = typeLines(contract, ref.items, indent, nameOf, flat, reserve + 'Array<>'.length);
      if (inner.length === 1 && /^[A-Za-z0-9_]+$/.test(inner[0] ?? '')) return [`${inner[0] ?? ''}[]`];
      // A sole object type argument hugs the angle brackets.
      return inner.map((l, i) => `${i === 0 ? 'Array<' : ''}${l}${i === inner.length - 1 ? '>' : ''}`);
    }
    case 'object': {
      const members = ref.fields.map((f) => {
        const head = `${propertyKey(f.name)}${f.required ? '' : '?'}:`;
        return { doc: [], head, type: typeLines(contract, f.type, indent + 1, nameOf, flat, head.length + 2) };
      });
      if (flat) {
        const parts = [...members.map((m) => `${m.head} ${m.type.join(' ')}`), ...(ref.open ? ['[field: string]: unknown'] : [])];
        return [parts.length === 0 ? '{}' : `{ ${parts.join('; ')} }`];
      }
      return objectLines(members, indent, ref.open, reserve);
    }
  }
}

function primitiveText(name: string): string {
  if (name === 'integer' || name === 'number') return 'number';
  if (name === 'binary') return 'Uint8Array';
  return name;
}
