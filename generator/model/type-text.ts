/**
 * A type reference as one line of contract vocabulary (`Order[]`, `map<string>`,
 * `string(date-time) | null`): how diagnostics and diff reports show a type, and the key by which
 * two references are the same type.
 */
import type { Constraints, TypeRef } from './types.js';

/** `constraints: false` leaves constraints out, for asking whether only they changed. */
export function describeType(ref: TypeRef | undefined, constraints = true): string {
  if (ref === undefined) return 'none';
  const text = bare(ref, constraints);
  return ref.nullable === true ? `${text} | null` : text;
}

function bare(ref: TypeRef, withConstraints: boolean): string {
  const limits = (c: Constraints | undefined) => (withConstraints ? constraintText(c) : '');
  switch (ref.kind) {
    case 'primitive':
      return `${ref.name}${ref.format === undefined ? '' : `(${ref.format})`}${limits(ref.constraints)}`;
    case 'named':
      return ref.name;
    case 'array':
      return `${wrap(ref.items, withConstraints)}[]${limits(ref.constraints)}`;
    case 'map':
      return `map<${describeType(ref.values, withConstraints)}>`;
    case 'literal':
      return `const ${JSON.stringify(ref.value)}`;
    case 'enum':
      return `enum(${ref.values.map((v) => JSON.stringify(v)).join(', ')}${ref.open ? ', …' : ''})`;
    case 'union':
      return `${ref.discriminator === undefined ? '' : `(by ${ref.discriminator.field}) `}${ref.members.map((m) => wrap(m, withConstraints)).join(' | ')}`;
    case 'object':
      return `{ ${ref.fields.map((f) => `${f.name}${f.required ? '' : '?'}: ${describeType(f.type, withConstraints)}`).join('; ')}${ref.open ? '; …' : ''} }`;
  }
}

function wrap(ref: TypeRef, withConstraints: boolean): string {
  const text = describeType(ref, withConstraints);
  return ref.nullable === true || ref.kind === 'union' ? `(${text})` : text;
}

/** Constraints as ` [minLength 1, pattern ^a]`, so two references that differ only by them differ. */
export function constraintText(c: Constraints | undefined): string {
  if (c === undefined) return '';
  const parts = Object.entries(c).map(([k, v]) => (v === true ? k : `${k} ${String(v)}`));
  return parts.length === 0 ? '' : ` [${parts.join(', ')}]`;
}
