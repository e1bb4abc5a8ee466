import { stringLiteral } from '../naming.js';
import { list, union } from './pretty.js';
import type { DocTag, TsFile } from './ts-file.js';

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

/** A literal type or value: a string quoted as prettier prints it, anything else as JSON writes it. */
export function literalText(value: string | number | boolean | null): string {
  return typeof value === 'string' ? stringLiteral(value) : String(value);
}
