/**
 * What the generated zod schemas (the package's `/zod` entry) use where zod's own schemas would
 * mean something else than the package's validators: JSON Schema's integers and string lengths,
 * ajv's `multipleOf`, JSON equality for `uniqueItems`, bytes, fields named like members of every
 * object, rules across fields, and discriminated unions `z.discriminatedUnion` cannot hold. Each
 * decides by validate.ts's function where it has one, as the schemas' formats do. Shipped with
 * the zod entry only: zod is that entry's optional peer dependency, and the rest of the package
 * never loads this module.
 */
// As a namespace: a bundler then keeps only the parts of zod used (`import { z }` kept all of it).
import * as z from 'zod';
import { codePoints, multipleOf as isMultipleOf, unique } from './validate.js';

/** Any whole number, as JSON Schema's `integer` (zod's `int()` stops at 2^53; JSON does not). */
export function wholeNumber(): z.ZodNumber {
  return z.number().refine(Number.isInteger, 'expected an integer');
}

/** A string's length as JSON Schema counts it, in code points (zod's `min` and `max` counted UTF-16 units in releases the peer range still takes: 4.0 did). */
export function minChars(min: number): z.core.$ZodCheck<string> {
  return z.refine<string>((s) => codePoints(s) >= min, `must be at least ${min} characters long`);
}

export function maxChars(max: number): z.core.$ZodCheck<string> {
  return z.refine<string>((s) => codePoints(s) <= max, `must be at most ${max} characters long`);
}

/** `multipleOf` as ajv decides it: the quotient is a whole number in floating point (zod's `multipleOf` allows for rounding, so 0.3 is a multiple of 0.1 to zod only). */
export function multipleOf(m: number): z.core.$ZodCheck<number> {
  return z.refine<number>((v) => isMultipleOf(v, m), `must be a multiple of ${m}`);
}

/** `uniqueItems`: no two items equal as JSON values, objects whatever their keys' order (zod has no such check). */
export function uniqueItems(): z.core.$ZodCheck<readonly unknown[]> {
  return z.refine<readonly unknown[]>(unique, 'must not repeat an item');
}

/** A required field's value: `undefined` is no value, even of a type that takes anything (zod's `unknown()` takes it). */
export function notUndefined(): z.core.$ZodCheck<unknown> {
  return z.refine<unknown>((v) => v !== undefined, 'is required');
}

/** Bytes as responses carry them. */
export function bytes(): z.ZodType<Uint8Array> {
  return z.instanceof(Uint8Array);
}

/** Bytes as requests send them: a Uint8Array, or a Blob (a File carries its name and media type) where the platform has one. */
export function bytesOrBlob(): z.ZodType<Uint8Array | Blob> {
  return z.union([bytes(), z.custom<Blob>((v) => typeof Blob === 'function' && v instanceof Blob)]);
}

/** A property of `value` itself, never one it inherits. */
function own(value: object, key: string): unknown {
  const found: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
  return found;
}

/**
 * An object type with fields named like members of every object (`constructor`, `toString`,
 * `__proto__`). zod reads a field as `key in value` and `value[key]`, which find the inherited
 * `toString` of an object without one, and never reads `__proto__` (its guard against prototype
 * pollution). The package's validators read own properties only: so does this, handing zod a
 * copy of the object without a prototype, and checking a `__proto__` field itself. (zod's parsed
 * output still leaves `__proto__` out.)
 */
export function ownFields<S extends z.ZodObject>(schema: S): z.ZodType<z.output<S>> {
  const proto: unknown = Object.getOwnPropertyDescriptor(schema.shape, '__proto__')?.value;
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    if (proto instanceof z.ZodType) {
      const result = proto.safeParse(own(value, '__proto__'));
      const issue = result.error?.issues[0];
      if (issue !== undefined) ctx.addIssue({ code: 'custom', message: issue.message, path: ['__proto__', ...issue.path], input: value });
    }
    const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    return Object.assign(copy, value);
  }, schema);
}

/**
 * An object type with rules across its fields (`requiredWhen`, `together`). TypeScript spells
 * them as a union of branches, which no refinement narrows to: the rules are checked, and then
 * the value is typed as the type it now is.
 */
export function withRules<T extends object>(schema: z.ZodType<object>, ...rules: z.core.$ZodCheck<object>[]): z.ZodType<T> {
  return schema.check(...rules).pipe(z.custom<T>());
}

/** `requiredWhen`: when `field` is `value`, each of `required` is present. */
export function requiredWhen(field: string, value: string, required: readonly string[]): z.core.$ZodCheck<object> {
  return z.superRefine<object>((v, ctx) => {
    if (own(v, field) !== value) return;
    for (const name of required) {
      if (!Object.hasOwn(v, name)) ctx.addIssue({ code: 'custom', message: `is required when ${field} is ${value}`, path: [name], input: v });
    }
  });
}

/** `together`: the fields are all present or none is. */
export function sentTogether(fields: readonly string[]): z.core.$ZodCheck<object> {
  return z.refine<object>((v) => {
    const n = fields.filter((f) => Object.hasOwn(v, f)).length;
    return n === 0 || n === fields.length;
  }, `${fields.join(', ')} are sent together or not at all`);
}

/**
 * A member of a discriminated union that `z.discriminatedUnion` cannot hold (several values name
 * it, its tag is no literal of its own, or zod cannot read its fields as they are): the value's
 * own `field` is one of `tags`, as the package's validators read it, and the value is a `member`;
 * so typed, as the package's union type has it (`Square & { kind: 'square' | 'box' }`).
 */
export function taggedMember<T, K extends string, V extends string>(field: K, tags: readonly V[], member: z.ZodType<T>): z.ZodType<T & Record<K, V>> {
  const tagged = z.preprocess((value, ctx) => {
    const tag = typeof value === 'object' && value !== null ? own(value, field) : undefined;
    if (!tags.some((t) => t === tag)) ctx.addIssue({ code: 'custom', message: `must be one of ${tags.join(', ')}`, path: [field], input: value });
    return value;
  }, member);
  return tagged.pipe(z.custom<T & Record<K, V>>());
}
