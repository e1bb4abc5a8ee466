/**
 * The client's checks (issue 35) through the generated package of test/fixtures/types, against a
 * node:http server on 127.0.0.1 that answers with valid and drifted bodies: each
 * `validateResponses` mode, per client and per call; `validateRequests` stopping a bad call with
 * nothing on the wire; a client given some endpoints' validators checking those alone; a strict
 * error redacted as every error is. And the validators' types, by both compilers: Standard
 * Schema's inferred input and output are the generated types.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from './support/corpus.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';

const OUT = outDir('validation-client');

const TYPE_TESTS = `
import { expectTypeOf } from 'vitest';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Dog, DogInput, Enclosure, Pet, PetInput, Tree } from './index.js';
import { DogInputSchema, DogSchema, EnclosureSchema, PetSchema, TreeSchema, CreatePetBodySchema, CreatePetDataSchema, ListPetsDataSchema, TagAnimalsBodySchema, VALIDATORS, validators, createPetValidators } from './validators.js';
import { createClient } from './index.js';

export function inferredTypesAreTheGeneratedOnes(): void {
  expectTypeOf<StandardSchemaV1.InferOutput<typeof PetSchema>>().toEqualTypeOf<Pet>();
  expectTypeOf<StandardSchemaV1.InferInput<typeof PetSchema>>().toEqualTypeOf<Pet>();
  expectTypeOf<StandardSchemaV1.InferOutput<typeof DogSchema>>().toEqualTypeOf<Dog>();
  expectTypeOf<StandardSchemaV1.InferOutput<typeof DogInputSchema>>().toEqualTypeOf<DogInput>();
  expectTypeOf<StandardSchemaV1.InferOutput<typeof EnclosureSchema>>().toEqualTypeOf<Enclosure>();
  expectTypeOf<StandardSchemaV1.InferOutput<typeof TreeSchema>>().toEqualTypeOf<Tree>();
  expectTypeOf<StandardSchemaV1.InferOutput<typeof CreatePetBodySchema>>().toEqualTypeOf<PetInput>();
  expectTypeOf<StandardSchemaV1.InferOutput<typeof CreatePetDataSchema>>().toEqualTypeOf<Pet>();
  expectTypeOf<StandardSchemaV1.InferOutput<typeof ListPetsDataSchema>>().toEqualTypeOf<Pet[]>();
  const standard: StandardSchemaV1<Pet> = PetSchema;
  void standard;
}

export function isNarrows(value: unknown): void {
  if (PetSchema.is(value)) expectTypeOf(value).toEqualTypeOf<Pet>();
  if (TagAnimalsBodySchema.is(value)) expectTypeOf(value).toEqualTypeOf<(number | bigint)[]>();
}

export function clientOptions(): void {
  const servers = { zoo_url: 'https://zoo.example' };
  createClient({ servers, validators: VALIDATORS, validateResponses: 'strict', validateRequests: true, onValidationIssue: (e) => void e.issues });
  createClient({ servers, validators: validators({ createPet: createPetValidators }), validateResponses: 'warn' });
  // @ts-expect-error not a mode
  createClient({ servers, validators: VALIDATORS, validateResponses: 'loud' });
  // @ts-expect-error validators come from the /validators entry
  createClient({ servers, validators: PetSchema });
}
`;

interface Issue {
  readonly message: string;
  readonly path: readonly (string | number)[];
}
type Answer = { ok: true; data: unknown; status: number } | { ok: false; error: { code: string; message: string; issues?: readonly Issue[]; body: unknown } };
type Call = (input?: object) => Promise<Answer>;
interface Validator {
  issues(value: unknown): readonly Issue[];
  is(value: unknown): boolean;
  readonly '~standard': { validate(value: unknown): { value?: unknown; issues?: readonly Issue[] } };
}
interface Pkg {
  createClient(options: object): Record<string, Call>;
}
interface Validators {
  readonly VALIDATORS: object;
  validators(byOperation: object): object;
  readonly createPetValidators: object;
  readonly PetSchema: Validator;
  readonly DogInputSchema: Validator;
}

const DOG = { id: 7, name: 'Rex', species: 'dog', good: true, created_at: '2024-05-01T10:00:00Z' };
/** What the server answers, by path; changed by each test. */
const answers = new Map<string, unknown>();
const received: string[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push(`${req.method ?? ''} ${req.url ?? ''} ${body}`);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const answer = answers.get(path) ?? answers.get(path.replace(/\/[^/]+\/labels$/, '/:id/labels'));
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? null));
  });
}

let put: PackageUnderTest<Pkg>;
let v: Validators;
const client = (options: object = {}) => put.pkg.createClient({ environment: 'live', servers: { zoo_url: put.base }, maxRetries: 0, ...options });

beforeAll(async () => {
  put = await packageUnderTest<Pkg>(fixture('types'), OUT, TYPE_TESTS, handle);
  v = (await import(pathToFileURL(join(OUT, 'dist', 'validators.js')).href)) as Validators;
}, TYPE_CHECK_TIMEOUT);
afterAll(() => put.dispose());

describe.each(Object.keys(COMPILERS) as Compiler[])('the validators types under %s', (compiler) => {
  it('infer the generated types, guard with is, and type the client options', () => {
    const { output, status } = typeCheck(OUT, compiler);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, TYPE_CHECK_TIMEOUT);
});

describe('a validator', () => {
  it('is a Standard Schema: the value back when valid, every issue with its path when not', () => {
    expect(v.PetSchema['~standard'].validate(DOG)).toEqual({ value: DOG });
    const drifted = v.PetSchema['~standard'].validate({ ...DOG, good: 'yes', name: '' });
    expect(drifted.issues?.map((i) => i.path)).toEqual([['name'], ['good']]);
    expect(v.PetSchema.is({ ...DOG, species: 'dragon' })).toBe(false);
  });

  it('reads a type as its direction carries it: a request form without its readOnly fields', () => {
    const { id: _id, created_at: _created, ...sent } = DOG;
    expect(v.DogInputSchema.issues(sent)).toEqual([]);
    expect(v.PetSchema.issues(sent).map((i) => i.path)).toEqual([['id'], ['created_at']]);
  });
});

describe('validateResponses', () => {
  const drifted = [DOG, { ...DOG, id: 8, good: 'very' }];

  it("off (the default, and without validators): the body as it came", async () => {
    answers.set('/pets', drifted);
    for (const c of [client(), client({ validators: v.VALIDATORS })]) {
      const r = await c['listPets']?.();
      expect(r).toMatchObject({ ok: true, data: drifted });
    }
  });

  it('warn: the data, and the issues told to onValidationIssue', async () => {
    answers.set('/pets', drifted);
    const events: unknown[] = [];
    const r = await client({ validators: v.VALIDATORS, validateResponses: 'warn', onValidationIssue: (e: unknown) => events.push(e) })['listPets']?.();
    expect(r).toMatchObject({ ok: true, data: drifted });
    expect(events).toEqual([{ operation: 'listPets', status: 200, issues: [{ message: 'expected a boolean', path: [1, 'good'] }] }]);
  });

  it('strict: an invalid_response error with the issues and the body; a valid body passes', async () => {
    const c = client({ validators: v.VALIDATORS, validateResponses: 'strict' });
    answers.set('/pets', drifted);
    const r = await c['listPets']?.();
    expect(r?.ok).toBe(false);
    if (r?.ok !== false) return;
    expect(r.error).toMatchObject({ code: 'invalid_response', status: 200, issues: [{ path: [1, 'good'] }], body: drifted });
    expect(r.error.message).toBe('the 200 response is not of its type: 1.good: expected a boolean');
    answers.set('/pets', [DOG]);
    expect(await c['listPets']?.()).toMatchObject({ ok: true, data: [DOG] });
  });

  it('per call: a call overrides the client either way', async () => {
    answers.set('/pets', drifted);
    expect(await client({ validators: v.VALIDATORS, validateResponses: 'strict' })['listPets']?.({ validateResponses: 'off' })).toMatchObject({ ok: true });
    expect(await client({ validators: v.VALIDATORS })['listPets']?.({ validateResponses: 'strict' })).toMatchObject({ ok: false, error: { code: 'invalid_response' } });
  });

  it('checks only the endpoints whose validators the client was given', async () => {
    answers.set('/pets', drifted);
    const c = client({ validators: v.validators({ createPet: v.createPetValidators }), validateResponses: 'strict' });
    expect(await c['listPets']?.()).toMatchObject({ ok: true });
    answers.set('/pets', { ...DOG, species: 'dragon' });
    const { id: _id, created_at: _c, ...body } = DOG;
    expect(await c['createPet']?.({ body })).toMatchObject({ ok: false, error: { code: 'invalid_response', issues: [{ path: ['species'] }] } });
  });

  it("redacts a strict error's body as every error is: a secret the server echoes never leaves in it", async () => {
    const secret = 'sk_live_0123456789abcdef';
    answers.set('/pets', [{ ...DOG, good: secret }]);
    const r = await client({ validators: v.VALIDATORS, validateResponses: 'strict', headers: { 'x-zoo-token': secret } })['listPets']?.();
    expect(r?.ok).toBe(false);
    expect(JSON.stringify(r)).not.toContain(secret);
  });
});

describe('validateRequests', () => {
  it('stops a call whose body or parameters break the contract, with nothing sent', async () => {
    const c = client({ validators: v.VALIDATORS, validateRequests: true });
    received.length = 0;
    const bad = await c['createPet']?.({ body: { name: '', species: 'dog', good: 'yes' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ path: ['body', 'name'] }, { path: ['body', 'good'] }] } });
    const param = await c['getPetLabels']?.({ pet_id: 1.5 });
    expect(param).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ message: 'expected an integer', path: ['pet_id'] }] } });
    expect(received).toEqual([]);
  });

  it('sends a valid call, and a call may turn the check off', async () => {
    const c = client({ validators: v.VALIDATORS, validateRequests: true });
    answers.set('/pets', DOG);
    received.length = 0;
    expect(await c['createPet']?.({ body: { name: 'Rex', species: 'dog', good: true } })).toMatchObject({ ok: true });
    expect(await c['createPet']?.({ body: { name: '', species: 'dog', good: true }, validateRequests: false })).toMatchObject({ ok: true });
    expect(received).toHaveLength(2);
  });
});
