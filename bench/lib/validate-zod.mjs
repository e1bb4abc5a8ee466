/**
 * zod 4 schemas of the types the `validate` measure runs on, written by hand from the contracts
 * (test/fixtures/types/contract.yaml, contract/orders.yaml) as their JSON Schemas in the packages'
 * openapi.yaml read: closed objects are z.strictObject, open ones z.looseObject, formats as close
 * to ajv-formats' full formats as zod says them. Used when a package has no generated zod entry
 * (`dist/zod.js`, the zod output of issue 35, not yet on this branch); the rows say which was used.
 *
 * Each schema is a function of its own (exported by the type's name) so that a bundle of one type
 * carries only that schema's code (a module of top-level zod calls could not be tree-shaken).
 */
import * as z from 'zod';

// --- test/fixtures/types/contract.yaml --------------------------------------------------------

const animalId = () => z.int().min(1);
const email = () => z.email().max(254);
const tags = () =>
  z
    .array(
      z
        .string()
        .min(1)
        .regex(/^[a-z][a-z0-9-]*$/u),
    )
    .min(1)
    .max(5)
    .refine((a) => new Set(a).size === a.length, 'must not repeat an item');
/** RFC 3339 `date-time` with its offset (z.iso.datetime with `offset: true`; `local` off). */
const dateTime = () => z.iso.datetime({ offset: true });

/** The fields of Animal, which Dog, Cat and Fish extend. */
function animalFields() {
  return {
    id: animalId(),
    name: z.string().min(1).max(40),
    born: z.iso.date().optional(),
    created_at: dateTime(),
    nickname: z.string().nullable().optional(),
    weight_kg: z.number().gt(0).optional(),
    diet: z.enum(['herbivore', 'carnivore', 'omnivore', 'insectivore']).optional(),
    tags: tags().optional(),
    labels: z.record(z.string(), z.string()).optional(),
    keeper_email: email().optional(),
    legacy_code: z.string().optional(),
  };
}

export function Dog() {
  return z.strictObject({ ...animalFields(), species: z.literal('dog'), good: z.boolean(), tricks: z.array(z.enum(['sit', 'roll', 'fetch'])).optional() });
}

export function Cat() {
  return z.strictObject({ ...animalFields(), species: z.literal('cat'), lives: z.int().min(0).max(9) });
}

export function Fish() {
  return z.strictObject({ ...animalFields(), species: z.literal('fish'), water: z.enum(['fresh', 'salt']) });
}

export function Pet() {
  return z.discriminatedUnion('species', [Dog(), Cat(), Fish()]);
}

export function Tree() {
  const tree = z.strictObject({
    name: z.string(),
    get children() {
      return z.array(tree);
    },
    get parent() {
      return tree.nullable().optional();
    },
  });
  return tree;
}

export function Enclosure() {
  const percent = z.number().min(0).max(100).multipleOf(0.5);
  // RFC 3339 full-time (an offset required), as ajv-formats' `time`: z.iso.time takes no offset.
  const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d:(?:[0-5]\d|60)(?:\.\d+)?(?:z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/i);
  return z.strictObject({
    // ajv-formats' uuid: any 8-4-4-4-12 hex digits (z.uuid() also checks the version and variant).
    id: z.guid(),
    kind: z.literal('enclosure'),
    capacity: z.int32().min(1),
    priority: z.literal([1, 2, 3]).optional(),
    level: z.int().optional(),
    size: z.string().optional(),
    location: z.union([z.strictObject({ x: z.number(), y: z.number() }), z.url(), z.array(z.number()).length(2)]).optional(),
    residents: z.record(z.string(), z.array(animalId())),
    grid: z.array(z.array(z.int())).optional(),
    occupancy: percent.nullable(),
    feeding: z.union([z.strictObject({ time }), z.literal('never')]).optional(),
    heated: z.boolean().optional(),
    notes: z.record(z.string(), z.string().nullable()).optional(),
    big_count: z.int().optional(),
  });
}

// --- contract/orders.yaml ---------------------------------------------------------------------

const attributeError = () => z.strictObject({ detail: z.string() });

export function ApiErrorBody() {
  return z.strictObject({
    api_error: z.strictObject({
      id: z.int().optional(),
      code: z.string().optional(),
      message: z.string().optional(),
      human: z.string().optional(),
      description: z.string().optional(),
      http_status_code: z.int().optional(),
      attribute_errors: z.array(attributeError()).optional(),
    }),
    error: z.string().optional(),
    errors: z.array(attributeError()).optional(),
    error_details: z.array(attributeError()).optional(),
    error_detail: z.string().optional(),
  });
}

export function FulfilmentErrorBody() {
  return z.strictObject({
    status: z.string(),
    code: z.string(),
    message: z.string(),
    details: z.strictObject({
      // FulfilmentFailureType is an open enum: any string.
      type: z.string(),
      fields: z.array(z.strictObject({ field: z.string(), message: z.string() })).optional(),
    }),
  });
}

export function OrderRequest() {
  const stop = z.looseObject({ address: z.looseObject({ address1: z.string() }) });
  return z
    .looseObject({
      origin: stop,
      destination: stop,
      items: z.array(z.looseObject({ name: z.string() })),
      kind: z.string().optional(),
      billing_identifier: z.string().optional(),
      payment_amount: z.unknown().optional(),
      payment_mode: z.string().optional(),
    })
    .refine((o) => Object.hasOwn(o, 'payment_amount') === Object.hasOwn(o, 'payment_mode'), 'payment_amount and payment_mode come together');
}
