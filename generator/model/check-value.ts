/**
 * Whether a value the contract writes (a `default`, an `example`, a `requiredWhen` value) is one
 * its type allows: the same reading of a type that the generated TypeScript and the OpenAPI
 * export give it, so a default the compiler would reject is a diagnostic here first.
 */
import { isRecord } from '../../templates/body.js';
import { runnablePattern, TEXT_LIMIT } from './patterns.js';
import type { Constraints, EnumLiteral, NamedType, TypeRef } from './types.js';

export type Lookup = (name: string) => NamedType | undefined;

/** Why `value` is not a value of `type`, or undefined when it is. Named types nest at most `depth` deep. */
export function valueProblem(type: TypeRef, value: unknown, lookup: Lookup, depth = 16): string | undefined {
  if (value === null) return type.nullable === true || isUnknown(type) ? undefined : 'must not be null (the type is not nullable)';
  if (depth === 0) return undefined;
  switch (type.kind) {
    case 'primitive':
      return primitiveProblem(type.name, value) ?? constraintProblem(type.constraints, value);
    case 'literal':
      return value === type.value ? undefined : `must be ${JSON.stringify(type.value)}, not ${show(value)}`;
    case 'enum':
      return enumProblem('the enum', type.values, type.open, value);
    case 'array':
      if (!Array.isArray(value)) return `must be a list, not ${show(value)}`;
      return first(value.map((item, i) => nested(`item ${i}`, valueProblem(type.items, item, lookup, depth - 1)))) ?? constraintProblem(type.constraints, value);
    case 'map':
      if (!isRecord(value)) return `must be a mapping, not ${show(value)}`;
      return first(Object.entries(value).map(([k, v]) => nested(`'${k}'`, valueProblem(type.values, v, lookup, depth - 1))));
    case 'object':
      return objectProblem(type.fields, type.open, value, lookup, depth);
    case 'union':
      return type.members.some((m) => valueProblem(m, value, lookup, depth - 1) === undefined) ? undefined : `matches no member of the union (${show(value)})`;
    case 'named':
      return namedProblem(type.name, value, lookup, depth);
  }
}

function namedProblem(name: string, value: unknown, lookup: Lookup, depth: number): string | undefined {
  const named = lookup(name);
  if (named === undefined) return undefined;
  if (named.kind === 'enum') return enumProblem(named.name, named.values, named.open, value);
  if (named.kind === 'alias') return valueProblem(named.type, value, lookup, depth - 1);
  return objectProblem(named.fields, named.open, value, lookup, depth);
}

function enumProblem(name: string, values: readonly (string | number)[], open: boolean, value: unknown): string | undefined {
  const numeric = typeof values[0] === 'number';
  if (numeric ? typeof value !== 'number' : typeof value !== 'string') return `must be ${numeric ? 'an integer' : 'a string'} value of ${name}`;
  if (!open && !values.includes(value as string | number)) return `${typeof value === 'string' ? `'${value}'` : show(value)} is not a value of ${name} (${values.join(', ')})`;
  return undefined;
}

function objectProblem(fields: readonly { name: string; type: TypeRef; required: boolean; readOnly: boolean }[], open: boolean, value: unknown, lookup: Lookup, depth: number): string | undefined {
  if (!isRecord(value)) return `must be a mapping, not ${show(value)}`;
  for (const field of fields) {
    const has = Object.prototype.hasOwnProperty.call(value, field.name);
    if (!has) {
      if (field.required && !field.readOnly) return `lacks the required field '${field.name}'`;
      continue;
    }
    const problem = valueProblem(field.type, value[field.name], lookup, depth - 1);
    if (problem !== undefined) return nested(`'${field.name}'`, problem);
  }
  if (open) return undefined;
  const extra = Object.keys(value).find((k) => !fields.some((f) => f.name === k));
  return extra === undefined ? undefined : `has '${extra}', which is not a field of the type`;
}

const PRIMITIVE_CHECKS: Readonly<Record<string, (v: unknown) => boolean>> = {
  string: (v) => typeof v === 'string',
  integer: (v) => typeof v === 'number' && Number.isInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
};

function primitiveProblem(name: string, value: unknown): string | undefined {
  const check = PRIMITIVE_CHECKS[name];
  return check === undefined || check(value) ? undefined : `must be ${name === 'integer' ? 'an' : 'a'} ${name}, not ${show(value)}`;
}

/** The first constraint `value` breaks, in words. */
function constraintProblem(c: Constraints | undefined, value: unknown): string | undefined {
  if (c === undefined) return undefined;
  if (typeof value === 'number') {
    if (c.minimum !== undefined && value < c.minimum) return `must be ≥ ${c.minimum}, not ${value}`;
    if (c.maximum !== undefined && value > c.maximum) return `must be ≤ ${c.maximum}, not ${value}`;
    if (c.exclusiveMinimum !== undefined && value <= c.exclusiveMinimum) return `must be > ${c.exclusiveMinimum}, not ${value}`;
    if (c.exclusiveMaximum !== undefined && value >= c.exclusiveMaximum) return `must be < ${c.exclusiveMaximum}, not ${value}`;
    if (c.multipleOf !== undefined && !isMultiple(value, c.multipleOf)) return `must be a multiple of ${c.multipleOf}, not ${value}`;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (c.minLength !== undefined && length < c.minLength) return `must be at least ${c.minLength} characters long`;
    if (c.maxLength !== undefined && length > c.maxLength) return `must be at most ${c.maxLength} characters long`;
    const unmatched = c.pattern === undefined ? undefined : patternProblem(c.pattern, value);
    if (unmatched !== undefined) return unmatched;
  }
  if (Array.isArray(value)) {
    if (c.minItems !== undefined && value.length < c.minItems) return `must have at least ${c.minItems} items`;
    if (c.maxItems !== undefined && value.length > c.maxItems) return `must have at most ${c.maxItems} items`;
    if (c.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return 'must not repeat an item';
  }
  return undefined;
}

/** multipleOf as JSON Schema means it, without binary fractions deciding (0.3 is a multiple of 0.1). */
function isMultiple(value: number, of: number): boolean {
  const quotient = value / of;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

/** Patterns run on texts of TEXT_LIMIT characters at most: longer ones are not checked, and said so. */
function patternProblem(pattern: string, value: string): string | undefined {
  // An invalid or slow pattern is reported where it is written, and not run.
  const re = runnablePattern(pattern, 'u');
  if (re === undefined) return undefined;
  if (value.length > TEXT_LIMIT) return `is longer than ${TEXT_LIMIT.toLocaleString('en-US')} characters, too long to check against the pattern ${pattern}`;
  return re.test(value) ? undefined : `${show(value)} does not match the pattern ${pattern}`;
}

function isUnknown(type: TypeRef): boolean {
  return type.kind === 'primitive' && type.name === 'unknown';
}

function nested(at: string, problem: string | undefined): string | undefined {
  return problem === undefined ? undefined : `${at} ${problem}`;
}

function first(problems: readonly (string | undefined)[]): string | undefined {
  return problems.find((p) => p !== undefined);
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/** The values of an enum type, named or written in place; undefined for any other type. */
export function enumOf(type: TypeRef, lookup: Lookup): { readonly values: readonly EnumLiteral[]; readonly open: boolean } | undefined {
  if (type.kind === 'enum') return type;
  const named = type.kind === 'named' ? lookup(type.name) : undefined;
  return named?.kind === 'enum' ? named : undefined;
}

/**
 * A string, or a string enum: what a conditional rule can narrow on (the generated type makes
 * one branch per value; `null` has no branch, so a nullable field cannot).
 */
export function isText(type: TypeRef, lookup: Lookup): boolean {
  if (type.nullable === true) return false;
  if (type.kind === 'primitive') return type.name === 'string';
  const values = enumOf(type, lookup)?.values;
  return values !== undefined && typeof values[0] !== 'number';
}
