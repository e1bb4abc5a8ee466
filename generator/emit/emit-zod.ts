/**
 * The package's optional `zod` entry (`src/zod.ts`, off unless the contract's `outputs.zod`, a
 * config entry or an option asks for it): a zod 4 schema of every named type in each direction it
 * has (`PetSchema`, and `PetInputSchema` where requests send it otherwise, as emit-types.ts's
 * `Pet` and `PetInput`), and of each operation's request body and success data. Each is declared
 * as `z.ZodType` of the main entry's type, so the compiler holds the schema to the type. zod is
 * this entry's optional peer dependency; the main entry never loads it. What the schemas mean is
 * zod-schema.ts's; how they are laid out, js-layout.ts's.
 */
import { knowledge, type Direction } from '../model/knowledge.js';
import type { Contract, Endpoint, NamedType, TypeRef } from '../model/types.js';
import { eachChild } from '../model/unions.js';
import { exportedName } from './emit-types.js';
import { array, constDeclaration, method, name, type Annotation, type Expr } from './js-layout.js';
import { distinctEndpoints } from './main-entry.js';
import { endpointNames, MODULE, typeNames, ZOD } from './names.js';
import type { NameClaim, OutputDescriptor } from './output.js';
import type { TsFile } from './ts-file.js';
import { FORMATS } from './validator-code.js';
import { discriminable, lazy, namedSchema, schemaOf, textSchema, type SchemaScope } from './zod-schema.js';

/** The zod versions the schemas are written for (zod 4's classic API). */
const ZOD_RANGE = '^4.0.0';
const DIRECTIONS: readonly Direction[] = ['response', 'request'];
/** What every schema is declared as, of its type; and what a member `z.discriminatedUnion` takes is too. */
const ZOD_TYPE = `${ZOD.z}.ZodType`;
const DISCRIMINABLE = `${ZOD.z}.core.$ZodTypeDiscriminable`;

export const ZOD_ENTRY: OutputDescriptor = {
  id: 'zod',
  enabled: (contract) => contract.outputs.zod,
  files: (emit) => emit.tsFile(MODULE.zod, (file) => emitZod(file, emit.contract), ZOD.namespaces),
  runtime: ['zod-helpers'],
  exports: () => ({ './zod': { module: MODULE.zod } }),
  // Its files are in dist/ and src/, which the main entry lists.
  packageFiles: [],
  // Only this entry imports zod: optional, so the main entry stays dependency-free.
  peerDependencies: [{ name: ZOD.package, range: ZOD_RANGE, optional: true }],
  readme: (contract) => zodReadme(contract),
  names: (contract) => [{ id: 'zod', reserved: [ZOD.z, ...Object.values(ZOD.helpers), ...Object.values(FORMATS), ...Object.values(ZOD.namespaces)], claims: zodClaims(contract) }],
};

/** The directions a named type has a schema in: as responses carry it, and as requests send it where that differs. */
function directions(contract: Contract, type: NamedType): readonly Direction[] {
  return knowledge(contract).directional.has(type.name) ? DIRECTIONS : ['response'];
}

/** A named type's schema in a direction: `PetSchema`, or `PetInputSchema` where requests send it otherwise. */
function schemaName(contract: Contract, type: string, direction: Direction): string {
  return typeNames.schema(type, direction === 'request' && knowledge(contract).directional.has(type));
}

/**
 * The schemas the entry declares for types and endpoints (the main entry's types it names come in
 * as namespaces, so they take no name here): a type `CreatePetBody` beside an operation
 * `createPet` would both be `CreatePetBodySchema`.
 */
function zodClaims(contract: Contract): NameClaim[] {
  const claims: NameClaim[] = [];
  for (const type of contract.types) {
    const [owner, path] = [`type '${type.name}'`, ['types', type.name]];
    for (const direction of directions(contract, type)) claims.push({ name: typeNames.schema(type.name, direction === 'request'), owner, path });
  }
  for (const e of distinctEndpoints(contract)) {
    const [owner, path] = [`endpoint '${e.id}'`, ['endpoints', e.id]];
    if (e.request !== undefined) claims.push({ name: endpointNames.bodySchema(e.id), owner, path });
    if (dataMembers(contract, e) !== undefined) claims.push({ name: endpointNames.dataSchema(e.id), owner, path });
  }
  return claims;
}

function emitZod(file: TsFile, contract: Contract): void {
  const declared = new Set<string>();
  const scope: SchemaScope = {
    k: knowledge(contract),
    // A schema further down (or the one being declared) is read when first parsed, not now.
    schemaRef: (type, direction) => {
      const schema = schemaName(contract, type, direction);
      return declared.has(schema) ? name(schema) : lazy(schema);
    },
    helper: (helper) => file.use(MODULE.runtime.zodHelpers, helper),
    check: (check) => file.use(MODULE.runtime.validate, check),
  };
  const members = discriminatedMembers(contract);
  for (const type of contract.types) {
    for (const direction of directions(contract, type)) {
      const typed = file.useType(MODULE.types, exportedName(contract, type.name, direction));
      const schema = schemaName(contract, type.name, direction);
      const value = namedSchema(type, direction, typed, scope);
      declared.add(schema);
      file.doc(`{@link ${typed}}${direction === 'request' ? ', as requests send it' : ''}.`);
      declare(file, schema, value, { head: ZOD_TYPE, arg: typed, ...(members.has(schema) ? { tail: DISCRIMINABLE } : {}) });
    }
  }
  for (const e of contract.endpoints) emitEndpoint(file, contract, e, scope);
}

function emitEndpoint(file: TsFile, contract: Contract, e: Endpoint, scope: SchemaScope): void {
  if (e.request !== undefined) {
    file.doc(`The request body of ${e.id} (${e.method} ${e.path}).`);
    declare(file, endpointNames.bodySchema(e.id), schemaOf(e.request.body, 'request', scope), { head: ZOD_TYPE, arg: `${file.useType(MODULE.client, endpointNames.input(e.id))}['body']` });
  }
  const data = dataMembers(contract, e);
  if (data === undefined) return;
  const members = [...new Map(data.map((ref) => dataSchema(ref, scope)).map((s) => [JSON.stringify(s), s])).values()];
  const value = members.length === 1 && members[0] !== undefined ? members[0] : method(name(ZOD.z), 'union', [array(members)]);
  file.doc(`The data of ${e.id}'s success${members.length > 1 ? ': any of its documented bodies' : ''}.`);
  declare(file, endpointNames.dataSchema(e.id), value, { head: ZOD_TYPE, arg: file.useType(MODULE.client, endpointNames.data(e.id)) });
}

/**
 * What a success's data may be, as `<Op>Data` types it: each documented 2xx body, `undefined` for
 * one without a body, `unknown` where the endpoint documents none. A stream is read item by item,
 * so a status that only streams adds nothing; an endpoint whose data is only streamed, or only
 * what a followed redirect's target answers, has no data schema.
 */
function dataMembers(contract: Contract, e: Endpoint): readonly DataMember[] | undefined {
  const k = knowledge(contract);
  if (k.redirectsOnly(e)) return undefined;
  const successes = k.successResponses(e);
  if (successes.length === 0) return [{ ref: { kind: 'primitive', name: 'unknown' }, text: false }];
  const members = successes.flatMap((r): DataMember[] => (r.body !== undefined ? [{ ref: r.body, text: k.responseBody(r).kind === 'text' }] : r.stream === undefined ? ['undefined'] : []));
  return members.length === 0 ? undefined : members;
}

/** A success's data: a body, and whether it is read as text (its dates stay text), or none. */
type DataMember = { readonly ref: TypeRef; readonly text: boolean } | 'undefined';

function dataSchema(member: DataMember, scope: SchemaScope): Expr {
  if (member === 'undefined') return method(name(ZOD.z), 'undefined');
  return member.text ? textSchema(member.ref, scope) : schemaOf(member.ref, 'response', scope);
}

/** `export const <name>: z.ZodType<T> = <value>;`, its JavaScript, and its declaration. */
function declare(file: TsFile, declared: string, value: Expr, annotation: Annotation): void {
  file.useExternalNamespace(ZOD.package, ZOD.z);
  const ts = constDeclaration(declared, value, annotation);
  const type = `${annotation.head}<${annotation.arg}>${annotation.tail === undefined ? '' : ` & ${annotation.tail}`}`;
  file.value(constDeclaration(declared, value), `export declare const ${declared}: ${type};`, () => file.lines(ts.split('\n')));
  file.w.blankLine();
}

/**
 * The schemas `z.discriminatedUnion` is given as members: declared with zod's type of a schema it
 * can dispatch to, which `z.ZodType` alone is not. Every discriminated union of the contract, in
 * each direction, whether or not the package writes it in that one (a member typed so is still a
 * `z.ZodType` of its type).
 */
function discriminatedMembers(contract: Contract): ReadonlySet<string> {
  const k = knowledge(contract);
  const found = new Set<string>();
  const visit = (ref: TypeRef): void => {
    for (const direction of DIRECTIONS) {
      if (discriminable(ref, direction, k)) for (const e of k.discriminatorMapping(ref)) found.add(schemaName(contract, e.member, direction));
    }
    eachChild(ref, visit);
  };
  for (const type of contract.types) {
    if (type.kind === 'alias') visit(type.type);
    if (type.kind === 'object') for (const f of type.fields) visit(f.type);
  }
  for (const e of contract.endpoints) {
    if (e.request !== undefined) visit(e.request.body);
    for (const r of e.responses) if (r.body !== undefined) visit(r.body);
  }
  return found;
}

/** The README section on `<package>/zod`. */
function zodReadme(contract: Contract): string[] {
  const pkg = contract.info.packageName;
  const example = readmeExample(contract);
  return [
    '## Zod schemas',
    '',
    `\`${pkg}/zod\` has a [zod](https://zod.dev) 4 schema of every type (\`<Type>Schema\`; \`<Type>InputSchema\` for a type requests send without its readOnly fields) and of every operation's request body (\`<Operation>BodySchema\`) and success data (\`<Operation>DataSchema\`), each declared as a \`z.ZodType\` of the package's own type. zod (${ZOD_RANGE}) is an optional peer dependency: install it to use this entry; the main entry never loads it.`,
    '',
    ...(example === undefined ? [] : ['```ts', `import { ${example} } from '${pkg}/zod';`, '', `const checked = ${example}.safeParse(JSON.parse(text));`, 'if (!checked.success) console.error(checked.error.issues);', '```', '']),
    "A schema takes exactly the values the package's validators take (formats are checked by the validators' own functions), but where zod's own rules differ:",
    '',
    '- zod never reads a key named `__proto__` of a map (its guard against prototype pollution), nor a field of that name that a `requiredWhen` or `together` rule names, and leaves a `__proto__` field out of what `parse` returns; a map with symbol keys it refuses.',
    '',
    `Integers are any whole number (zod's \`int()\` stops at 2^53), \`multipleOf\` is decided as ajv decides it, string lengths count code points, formats are read as the validators read them, and a discriminated union whose members are not each an object with its own literal tag is a union of members held to their tag values: these use the helpers in \`src/runtime/zod-helpers.ts\`.`,
    '',
  ];
}

/** A schema the README's example can name: the first object type's (else the first type's), else the first operation's body or data. */
function readmeExample(contract: Contract): string | undefined {
  const type = contract.types.find((t) => t.kind === 'object') ?? contract.types[0];
  if (type !== undefined) return typeNames.schema(type.name);
  const e = contract.endpoints.find((x) => x.request !== undefined || dataMembers(contract, x) !== undefined);
  if (e === undefined) return undefined;
  return e.request !== undefined ? endpointNames.bodySchema(e.id) : endpointNames.dataSchema(e.id);
}
