import { stringLiteral } from '../naming.js';
import { list, objectKey, union } from './pretty.js';
import { docComment, type DocTag, type TsFile } from './ts-file.js';

export interface LiteralUnion {
  readonly typeName: string;
  readonly typeDoc: readonly (string | DocTag | undefined)[];
  readonly values: readonly (string | number)[];
  /** Members beyond the literals, e.g. `(string & {})` for an open enum. */
  readonly extra?: readonly string[];
  readonly valuesName: string;
  readonly valuesDoc: string;
}

/** A union of string literals and the readonly array of its values, both documented. */
export function emitLiteralUnion(file: TsFile, u: LiteralUnion): void {
  const members = [...u.values.map(literalText), ...(u.extra ?? [])];
  file.doc(...u.typeDoc);
  file.lines(union(`export type ${u.typeName} =`, members.length === 0 ? ['never'] : members, ';', file.level));
  file.doc(u.valuesDoc);
  constTuple(file, u.valuesName, u.values);
}

/** `export const NAME = [...] as const;`: a readonly tuple of string or number literals. */
export function constTuple(file: TsFile, name: string, values: readonly (string | number)[]): void {
  const items = values.map(literalText);
  const js = `export const ${name} = [${items.join(', ')}];`;
  const dts = `export declare const ${name}: readonly [${items.join(', ')}];`;
  file.value(js, dts, () => file.lines(list(`export const ${name} = `, '[', items, ']', ' as const;', file.level)));
}

export interface NamedValue {
  readonly value: string | number;
  readonly doc: readonly (string | DocTag | undefined)[];
}

/**
 * `export const Name = { value: value, … } as const`: each value under a key of its own, so its
 * JSDoc (a description, `@deprecated`) reaches the editor wherever it is written `Name.value`,
 * struck through when deprecated; a member of a literal union cannot carry a tag of its own.
 */
export function constObject(file: TsFile, name: string, members: readonly NamedValue[]): void {
  const entries = members.map((m) => ({ key: valueKey(m.value), value: literalText(m.value), doc: docComment(m.doc) }));
  const broken = entries.some((e) => e.doc.length > 0);
  const layout = (close: string): string[] => {
    const head = `export const ${name} = `;
    const items = entries.map((e) => `${e.key}: ${e.value}`);
    if (!broken) return list(head, '{', items, '}', close, file.level);
    return [`${head}{`, ...entries.flatMap((e, i) => [...e.doc, `${items[i] ?? ''},`].map((l) => `  ${l}`)), `}${close}`];
  };
  const ts = layout(' as const;');
  const js = layout(';');
  // Every member ends in `;` whether laid out flat or broken, so the public-API reading of `diff`
  // sees the same declaration when only a member's JSDoc changes.
  // A declaration names `__proto__` plainly (in a type it is just a key), as tsc writes it.
  const declared = entries.map((e) => `readonly ${e.key.startsWith('[') ? '__proto__' : e.key}: ${e.value};`);
  const dts = broken
    ? [`export declare const ${name}: {`, ...entries.flatMap((e, i) => [...e.doc, declared[i] ?? ''].map((l) => `  ${l}`)), '};']
    : [`export declare const ${name}: { ${declared.join(' ')} };`];
  file.value(js.join('\n'), dts.join('\n'), () => file.lines(ts));
}

/** A value as an object key: a non-negative integer as it is, anything else as a string key. */
function valueKey(value: string | number): string {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : stringLiteral(String(value));
  return objectKey(value);
}

/** A literal type or value: a string quoted as prettier prints it, anything else as JSON writes it. */
export function literalText(value: string | number | boolean | null): string {
  return typeof value === 'string' ? stringLiteral(value) : String(value);
}
