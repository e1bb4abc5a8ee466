import { stringLiteral } from '../naming.js';
import { list, union } from './pretty.js';
import type { TsFile } from './ts-file.js';

export interface LiteralUnion {
  readonly typeName: string;
  readonly typeDoc: readonly (string | undefined)[];
  readonly values: readonly string[];
  /** Members beyond the literals, e.g. `(string & {})` for an open enum. */
  readonly extra?: readonly string[];
  readonly valuesName: string;
  readonly valuesDoc: string;
}

/** A union of string literals and the readonly array of its values, both documented. */
export function emitLiteralUnion(file: TsFile, u: LiteralUnion): void {
  const members = [...u.values.map(stringLiteral), ...(u.extra ?? [])];
  file.doc(...u.typeDoc);
  file.lines(union(`export type ${u.typeName} =`, members.length === 0 ? ['never'] : members, ';', file.level));
  file.doc(u.valuesDoc);
  constTuple(file, u.valuesName, u.values);
}

/** `export const NAME = [...] as const;`: a readonly tuple of string literals. */
export function constTuple(file: TsFile, name: string, values: readonly string[]): void {
  const items = values.map(stringLiteral);
  const js = `export const ${name} = [${items.join(', ')}];`;
  const dts = `export declare const ${name}: readonly [${items.join(', ')}];`;
  file.value(js, dts, () => file.lines(list(`export const ${name} = `, '[', items, ']', ' as const;', file.level)));
}
