/** Contract types → TypeScript: enums as literal unions plus value arrays, objects as interfaces. */
import type { Contract, EnumType, Field, NamedType, ObjectType, TypeRef } from '../model/types.js';
import { constant, jsonLiteral, propertyKey, stringLiteral, typeName } from '../naming.js';
import type { TsFile } from './ts-file.js';

export function emitTypes(file: TsFile, contract: Contract): void {
  for (const type of contract.types) {
    if (type.kind === 'enum') emitEnum(file, type);
    else emitObject(file, contract, type);
    file.w.blankLine();
  }
}

export function enumValuesName(type: EnumType): string {
  return `${constant(type.name)}_VALUES`;
}

/** "Not shown" notes are sentences already ("Unit of created_at: not shown."): kept as written. */
export function notShown(text: string | undefined): string | undefined {
  return text;
}

function emitEnum(file: TsFile, type: EnumType): void {
  const name = typeName(type.name);
  const known = type.values.map(stringLiteral);
  const openNote = type.open ? 'Open: values beyond the listed ones may appear.' : undefined;
  file.doc(type.description, openNote, notShown(type.notShown));
  const union = [...known, ...(type.open ? ['(string & {})'] : [])];
  file.w.writeLine(`export type ${name} = ${union.length === 0 ? 'never' : union.join(' | ')};`);
  file.doc(`The known values of {@link ${name}}.`);
  file.w.writeLine(`export const ${enumValuesName(type)} = [${known.join(', ')}] as const;`);
}

function emitObject(file: TsFile, contract: Contract, type: ObjectType): void {
  const name = typeName(type.name);
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
  const baseName = `${name}Fields`;
  const hasBase = baseFields.length > 0 || type.open;
  if (hasBase) {
    file.doc(`The fields of {@link ${name}} that do not depend on other fields.`);
    writeInterface(file, `export interface ${baseName}`, contract, baseFields, type.open);
    file.w.blankLine();
  }
  file.doc(...docs);
  file.w.write(`export type ${name} = ${hasBase ? baseName : ''}`);
  variants.forEach((variant, i) => {
    file.w.write(hasBase || i > 0 ? ' & (' : '(');
    variant.branches.forEach((branch, i) => {
      if (i > 0) file.w.write(' | ');
      writeInline(file, contract, branch);
    });
    file.w.write(')');
  });
  file.w.write(';').newLine();
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
  if (field === undefined) return undefined;
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

/** The discriminant's values no rule covers, as a type; undefined when the rules cover them all. */
function uncoveredValues(contract: Contract, field: Field, covered: readonly string[]): string | undefined {
  const enumType = field.type.kind === 'named' ? contract.types.find((t) => t.name === (field.type as { name: string }).name) : undefined;
  if (enumType?.kind !== 'enum') return `Exclude<string, ${covered.map(stringLiteral).join(' | ')}>`;
  const rest = enumType.values.filter((v) => !covered.includes(v)).map(stringLiteral);
  if (enumType.open) rest.push('(string & {})');
  return rest.length === 0 ? undefined : rest.join(' | ');
}

function writeInterface(file: TsFile, head: string, contract: Contract, fields: readonly Field[], open: boolean): void {
  file.w.write(`${head} `).block(() => {
    for (const field of fields) writeField(file, contract, { field, required: field.required });
    if (open) {
      file.doc('Fields the contract does not show.');
      file.w.writeLine('[field: string]: unknown;');
    }
  });
}

function writeInline(file: TsFile, contract: Contract, fields: readonly BranchField[]): void {
  file.w.write('{ ');
  for (const f of fields) {
    file.w.write(`${propertyKey(f.field.name)}${f.required ? '' : '?'}: ${f.typeText ?? typeText(contract, f.field.type)}; `);
  }
  file.w.write('}');
}

function writeField(file: TsFile, contract: Contract, f: BranchField): void {
  const { field } = f;
  const defaults = field.default === undefined ? undefined : `Default: ${jsonLiteral(field.default)}.`;
  const secret = field.secret ? 'Secret: redacted from error messages and support reports.' : undefined;
  file.doc(field.description, defaults, notShown(field.notShown), secret);
  file.w.writeLine(`${propertyKey(field.name)}${f.required ? '' : '?'}: ${f.typeText ?? typeText(contract, field.type)};`);
}

/** `nameOf` maps a contract type name to the name in scope (an import, in other files). */
export function typeText(contract: Contract, ref: TypeRef, nameOf: (name: string) => string = typeName): string {
  switch (ref.kind) {
    case 'primitive':
      return primitiveText(ref.name);
    case 'named':
      return nameOf(ref.name);
    case 'array': {
      const inner = typeText(contract, ref.items, nameOf);
      return /^[A-Za-z0-9_]+$/.test(inner) ? `${inner}[]` : `Array<${inner}>`;
    }
    case 'object': {
      const parts = ref.fields.map((f) => `${propertyKey(f.name)}${f.required ? '' : '?'}: ${typeText(contract, f.type, nameOf)};`);
      if (ref.open) parts.push('[field: string]: unknown;');
      return `{ ${parts.join(' ')} }`;
    }
  }
}

function primitiveText(name: string): string {
  if (name === 'integer' || name === 'number') return 'number';
  if (name === 'binary') return 'Uint8Array';
  return name;
}

export function namedType(contract: Contract, name: string): NamedType | undefined {
  return contract.types.find((t) => t.name === name);
}
