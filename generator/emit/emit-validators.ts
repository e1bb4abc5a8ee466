/**
 * The package's `validators` entry (issue 35): a Standard Schema validator of every named type
 * (`<Type>Schema`, and `<Type>InputSchema` for a type requests carry differently), of every
 * endpoint's request body and success data (`<Op>BodySchema`, `<Op>DataSchema`), and each
 * endpoint's validators for the client's `validators` option (`<op>Validators`, all of them in
 * `VALIDATORS`). The checks themselves are JavaScript generated for speed (validator-code.ts) in
 * `checks.js`, declared in `checks.d.ts`; `validators.ts` names and types them.
 */
import { knowledge, type Knowledge } from '../model/knowledge.js';
import type { Contract, Endpoint, Field, ResponseSpec, TypeRef } from '../model/types.js';
import { propertyKey } from '../naming.js';
import { distinctEndpoints } from './main-entry.js';
import { endpointNames, MODULE, validatorNames, VALIDATORS, VALIDATORS_RUNTIME, WEBHOOKS } from './names.js';
import type { NameClaim, OutputDescriptor, OutputFile } from './output.js';
import { header } from './output.js';
import { exportedName } from './emit-types.js';
import { fits, list } from './pretty.js';
import type { TsFile } from './ts-file.js';
import { checksModule, type ChecksModule, type Direction, type Reading, type Wanted } from './validator-code.js';

/** Contract types come in as a namespace: a type named like a validator (`FooSchema` beside `Foo`) cannot meet it. */
const VALIDATORS_NAMESPACES: Readonly<Record<string, string>> = { [MODULE.types]: 'Types', [MODULE.client]: 'Client' };

export const VALIDATORS_ENTRY: OutputDescriptor = {
  id: 'validators',
  enabled: (contract) => contract.outputs.validators,
  files: (emit) => {
    const plan = validatorPlan(emit.contract);
    // One checks module: checks.js holds it, validators.ts names its functions.
    const checks = checksModule(emit.contract, [...plan.exported.map((p) => p.wanted), ...plan.wanted], `./${MODULE.runtime.validate}.js`);
    return [...checksFiles(emit.contract, checks), ...emit.tsFile(MODULE.validators, (f) => emitValidators(f, plan, checks.functions), VALIDATORS_NAMESPACES)];
  },
  // validate.ts and validation.ts ship with the main entry: the client's options name their types.
  runtime: [],
  exports: () => ({ './validators': { module: MODULE.validators } }),
  packageFiles: [],
  peerDependencies: [],
  readme: (contract) => validatorsReadme(contract),
  names: (contract) => [{ id: 'validators', reserved: [...Object.values(VALIDATORS), WEBHOOKS.WEBHOOK_PAYLOADS, ...Object.values(VALIDATORS_NAMESPACES), ...VALIDATORS_RUNTIME.types, ...VALIDATORS_RUNTIME.values], claims: validatorClaims(contract) }],
};

/** One exported validator: its name, what it checks, and the TypeScript type it guards. */
interface Planned {
  readonly name: string;
  readonly wanted: Wanted;
  /** The type's text in validators.ts (names imported as `imports` says). */
  readonly type: (file: TsFile) => string;
}

/** An endpoint's client validators: its parameters', its body's, its success bodies' by status. */
interface EndpointPlan {
  readonly endpoint: Endpoint;
  readonly params: number | undefined;
  readonly body: string | undefined;
  readonly data: readonly { readonly status: string; readonly check: string | number }[];
}

interface Plan {
  readonly exported: readonly Planned[];
  /** Checks of no exported name (parameters, a status's own body), by index into `wanted`. */
  readonly wanted: readonly Wanted[];
  readonly endpoints: readonly EndpointPlan[];
  /** Each webhook event's payload check: an exported validator's name, or an index into `wanted`. */
  readonly webhooks: readonly { readonly event: string; readonly check: string | number }[];
}

function validatorPlan(contract: Contract): Plan {
  const k = knowledge(contract);
  const exported: Planned[] = [];
  const inner: Wanted[] = [];
  for (const type of contract.types) {
    const ref: TypeRef = { kind: 'named', name: type.name };
    for (const direction of k.directional.has(type.name) ? (['response', 'request'] as const) : (['response'] as const)) {
      const typeName = exportedName(contract, type.name, direction);
      exported.push({ name: validatorNames.type(typeName), wanted: { ref, direction }, type: (f) => f.useType(MODULE.types, typeName) });
    }
  }
  const endpoints: EndpointPlan[] = [];
  for (const endpoint of distinctEndpoints(contract)) {
    const id = endpoint.id;
    const request = endpoint.request;
    const body = request === undefined ? undefined : validatorNames.body(id);
    // Types by name, not written out again: the declarations stay small (a consumer's tsc reads them).
    const bodyType = (f: TsFile) => (request?.body.kind === 'named' && request.body.nullable !== true ? f.useType(MODULE.types, exportedName(contract, request.body.name, 'request')) : `NonNullable<${f.useType(MODULE.client, endpointNames.input(id))}['body']>`);
    if (request !== undefined) exported.push({ name: validatorNames.body(id), wanted: { ref: request.body, direction: 'request' }, type: bodyType });
    const checked = checkedSuccesses(k, endpoint).map((r) => ({ r, wanted: { ref: r.body as TypeRef, direction: reading(k, r) } }));
    const distinct = distinctWanted(checked.map((c) => c.wanted));
    const data: { status: string; check: string | number }[] = [];
    const [first] = distinct;
    if (first !== undefined) {
      // A body read as text keeps its dates as text: the union is read so where every body is.
      const union: Wanted = distinct.length === 1 ? first : { ref: { kind: 'union', members: distinct.map((w) => w.ref), discriminator: undefined }, direction: distinct.every((w) => w.direction === 'text') ? 'text' : 'response' };
      exported.push({ name: validatorNames.data(id), wanted: union, type: (f) => f.useType(MODULE.client, endpointNames.data(id)) });
      for (const { r, wanted } of checked) {
        const status = r.status.kind === 'exact' ? String(r.status.status) : r.status.kind === 'class' ? `'${r.status.statusClass}XX'` : "'2XX'";
        // One body type: every status shares the data's validator; else each its own.
        data.push({ status, check: distinct.length === 1 ? validatorNames.data(id) : inner.push(wanted) - 1 });
      }
    }
    const params = paramsRef(k, endpoint);
    endpoints.push({ endpoint, params: params === undefined ? undefined : inner.push({ ref: params, direction: 'request' }) - 1, body, data });
  }
  return { exported, wanted: inner, endpoints, webhooks: webhookPayloads(contract, inner) };
}

/**
 * The payload check of each webhook event: a named type's validator where there is one; else its
 * own check, added to `inner`. With dates as Dates a payload's dates stay text (as a text body's).
 */
function webhookPayloads(contract: Contract, inner: Wanted[]): Plan['webhooks'] {
  const dated = contract.outputs.dates === 'Date';
  return (contract.webhooks?.events ?? []).map(({ name: event, payload }) => {
    if (!dated && payload.kind === 'named' && payload.nullable !== true) return { event, check: validatorNames.type(exportedName(contract, payload.name, 'response')) };
    return { event, check: inner.push({ ref: payload, direction: dated ? 'text' : 'response' }) - 1 };
  });
}

/** The successes whose bodies the client checks: JSON or text, not bytes, not streams. */
function checkedSuccesses(k: Knowledge, endpoint: Endpoint): ResponseSpec[] {
  return k.successResponses(endpoint).filter((r) => r.body !== undefined && r.stream === undefined && !isBytes(k, r.body));
}

function isBytes(k: Knowledge, ref: TypeRef): boolean {
  if (ref.kind === 'primitive') return ref.name === 'binary';
  if (ref.kind !== 'named') return false;
  const type = k.type(ref.name);
  return type?.kind === 'alias' && isBytes(k, type.type);
}

/** How the client holds a success's body: read as text (dates stay text), or as JSON. */
function reading(k: Knowledge, r: ResponseSpec): Reading {
  return k.responseBody(r).kind === 'text' ? 'text' : 'response';
}

function distinctWanted(list: readonly Wanted[]): Wanted[] {
  const seen = new Map<string, Wanted>();
  for (const w of list) {
    const key = JSON.stringify(w);
    if (!seen.has(key)) seen.set(key, w);
  }
  return [...seen.values()];
}

/**
 * The call's parameters as an open object of their input keys: the input also holds the body and
 * the call's options. An idempotency key is never required of the caller: the client makes one.
 */
function paramsRef(k: Knowledge, endpoint: Endpoint): TypeRef | undefined {
  const params = k.callParams(endpoint);
  if (params.length === 0) return undefined;
  const fields: Field[] = params.map((p) => ({ name: p.key, type: p.type, required: p.required && !p.idempotencyKey, default: p.default, description: undefined, notShown: undefined, secret: p.secret, readOnly: false, writeOnly: false, deprecated: undefined, inherited: undefined, loc: p.loc }));
  return { kind: 'object', fields, open: true, notShown: undefined };
}

// ---------------------------------------------------------------------------------------------
// checks.js and checks.d.ts
// ---------------------------------------------------------------------------------------------

/**
 * The generated checks: JavaScript for speed, in dist/ (the package's code; a large API's checks
 * run to megabytes, so one copy), and their declarations in src/, where validators.ts reads them.
 * dist/ needs none: validators.d.ts names no check, and the package exports no path to them.
 */
function checksFiles(contract: Contract, checks: ChecksModule): OutputFile[] {
  const names = [...new Set(checks.functions)].sort();
  const declarations = ["import type { Issues } from './runtime/validate.js';", '', ...names.map((n) => `export declare function ${n}(v: unknown, is?: Issues): boolean;`), ''].join('\n');
  return [
    { path: `dist/${MODULE.checks}.js`, text: `${header(contract)}\n${checks.code}`, format: 'none' },
    { path: `src/${MODULE.checks}.d.ts`, text: `${header(contract)}\n${declarations}`, format: 'none' },
  ];
}

// ---------------------------------------------------------------------------------------------
// validators.ts
// ---------------------------------------------------------------------------------------------

/** `functions`: the checks of `plan`'s exported validators, then of its other wanted types, by index. */
function emitValidators(file: TsFile, plan: Plan, functions: readonly string[]): void {
  const validator = file.use(MODULE.runtime.validate, 'validator');
  const Validator = file.useType(MODULE.runtime.validate, 'Validator');
  const make = (index: number): string => `${validator}(${file.use(MODULE.checks, functions[index] ?? '')})`;
  plan.exported.forEach((p, i) => {
    const type = p.type(file);
    // No boilerplate doc per validator: a consumer's tsc scans every comment of the declarations (the names say what each checks; the README and docs/validation.md the rest).
    const call = make(i);
    file.value(`export const ${p.name} = /* @__PURE__ */ ${call};`, `export declare const ${p.name}: ${Validator}<${type}>;`, () => file.lines(constLines(p.name, `${Validator}<${type}>`, call)));
  });
  const EndpointValidators = file.useType(MODULE.runtime.validation, 'EndpointValidators');
  const offset = plan.exported.length;
  for (const e of plan.endpoints) {
    // The JavaScript marks each call pure: a bundle keeps an endpoint's validators only where a program names them.
    const pieces = (pure: string) => {
      const data = e.data.map((d) => `[${d.status}, ${typeof d.check === 'string' ? d.check : pure + make(offset + d.check)}]`);
      const parts = [...(e.params === undefined ? [] : [`params: ${pure}${make(offset + e.params)}`]), ...(e.body === undefined ? [] : [`body: ${e.body}`])];
      return { data, parts };
    };
    const { data, parts } = pieces('');
    const js = pieces('/* @__PURE__ */ ');
    const name = validatorNames.endpoint(e.endpoint.id);
    const all = js.data.length === 0 ? js.parts : [...js.parts, `data: [${js.data.join(', ')}]`];
    const object = all.length === 0 ? '{}' : `{ ${all.join(', ')} }`;
    file.value(`export const ${name} = ${object};`, `export declare const ${name}: ${EndpointValidators};`, () => file.lines(endpointLines(`export const ${name}: ${EndpointValidators} = `, parts, data)));
  }
  const validators = file.use(MODULE.runtime.validation, 'validators');
  const ClientValidators = file.useType(MODULE.runtime.validation, 'ClientValidators');
  file.doc('The validators of every endpoint, for a client\'s `validators` option (a bundle that passes it carries every check; pass `validators({ … })` of the calls a program makes to carry theirs alone).');
  const entries = plan.endpoints.map((e) => `${propertyKey(e.endpoint.id)}: ${validatorNames.endpoint(e.endpoint.id)}`);
  file.value(`export const ${VALIDATORS.VALIDATORS} = /* @__PURE__ */ ${validators}({ ${entries.join(', ')} });`, `export declare const ${VALIDATORS.VALIDATORS}: ${ClientValidators};`, () => file.lines(callLines(`export const ${VALIDATORS.VALIDATORS}: ${ClientValidators} = ${validators}(`, entries, ');')));
  if (plan.webhooks.length > 0) emitWebhookPayloads(file, plan.webhooks.map((w) => ({ event: w.event, check: typeof w.check === 'string' ? w.check : make(offset + w.check) })));
  const validation = file.specifier(MODULE.runtime.validation);
  const reexport = `export { ${VALIDATORS_RUNTIME.values.join(', ')} } from '${validation}';`;
  file.w.blankLine();
  file.value(reexport, reexport, () => file.lines([reexport]));
  const byModule: readonly [string, readonly string[]][] = [
    [file.specifier(MODULE.runtime.validate), ['StandardSchemaV1', 'ValidationIssue', 'Validator']],
    [validation, ['ClientValidators', 'EndpointValidators', 'ResponseValidation', 'ValidationEvent', 'ValidationOptions']],
  ];
  for (const [from, types] of byModule) file.lines(list('export type ', '{', types, '}', ` from '${from}';`, 0));
}

/** The webhooks entry's payload validators, by event name (as data: `__proto__` is a computed key). */
function emitWebhookPayloads(file: TsFile, payloads: readonly { readonly event: string; readonly check: string }[]): void {
  const Validator = file.useType(MODULE.runtime.validate, 'Validator');
  const type = `{ readonly [event: string]: ${Validator}<unknown> }`;
  const entries = (pure: string) => payloads.map((p) => `  ${p.event === '__proto__' ? `['__proto__']` : propertyKey(p.event)}: ${/^[A-Za-z_$][\w$]*$/.test(p.check) ? '' : pure}${p.check},`);
  file.w.blankLine();
  file.doc('The payload validator of each webhook event, for the webhooks entry.');
  const name = WEBHOOKS.WEBHOOK_PAYLOADS;
  file.value([`export const ${name} = {`, ...entries('/* @__PURE__ */ '), '};'].join('\n'), `export declare const ${name}: ${type};`, () => file.lines([`export const ${name}: ${type} = {`, ...entries(''), '};']));
}

/** `export const name: type = call;` as prettier prints it: on one line, else the call on the next. */
function constLines(name: string, type: string, call: string): string[] {
  const line = `export const ${name}: ${type} = ${call};`;
  return fits(line, 0) ? [line] : [`export const ${name}: ${type} =`, `  ${call};`];
}

/** An endpoint's validators as prettier prints them: an array of several status pairs always broken, one pair to a line. */
function endpointLines(head: string, parts: readonly string[], data: readonly string[]): string[] {
  if (data.length <= 1) {
    const all = data.length === 0 ? parts : [...parts, `data: [${data.join('')}]`];
    return all.length === 0 ? [`${head}{};`] : list(head, '{', all, '}', ';', 0);
  }
  return [`${head}{`, ...parts.map((p) => `  ${p},`), '  data: [', ...data.map((d) => `    ${d},`), '  ],', '};'];
}

/** A call of one object argument, the object always broken (prettier keeps a hugged object's break). */
function callLines(head: string, entries: readonly string[], tail: string): string[] {
  if (entries.length === 0) return [`${head}{}${tail}`];
  return [`${head}{`, ...entries.map((e) => `  ${e},`), `}${tail}`];
}

/** Names the entry declares from contract elements: each type's and each endpoint's validators. */
function validatorClaims(contract: Contract): NameClaim[] {
  const k = knowledge(contract);
  const claims: NameClaim[] = [];
  for (const type of contract.types) {
    const names = k.directional.has(type.name) ? [validatorNames.type(exportedName(contract, type.name, 'response')), validatorNames.type(exportedName(contract, type.name, 'request'))] : [validatorNames.type(exportedName(contract, type.name, 'response'))];
    for (const name of names) claims.push({ name, owner: `type '${type.name}'`, path: ['types', type.name] });
  }
  for (const e of distinctEndpoints(contract)) {
    for (const name of [validatorNames.body(e.id), validatorNames.data(e.id), validatorNames.endpoint(e.id)]) claims.push({ name, owner: `endpoint '${e.id}'`, path: ['endpoints', e.id] });
  }
  return claims;
}

function validatorsReadme(contract: Contract): string[] {
  const name = contract.info.packageName;
  const first = distinctEndpoints(contract)[0];
  const op = first === undefined ? 'getItem' : endpointNames.operation(first.id);
  const type = contract.types[0] === undefined ? 'Item' : exportedName(contract, contract.types[0].name, 'response');
  return [
    '## Validation',
    '',
    `\`${name}/validators\` has a validator of every type (\`${validatorNames.type(type)}\`), of every request body and success data (\`<Operation>BodySchema\`, \`<Operation>DataSchema\`), generated from the contract, with no dependency. Each is a [Standard Schema](https://standardschema.dev) (\`~standard\`), so form libraries, tRPC and Hono take it as it is; \`.is(value)\` is a type guard and \`.issues(value)\` lists every issue with its path.`,
    '',
    '```ts',
    `import { VALIDATORS } from '${name}/validators';`,
    '',
    "// Check every success body ('warn' reports drift and returns the data; 'strict' makes it an invalid_response error).",
    "const client = createClient({ validators: VALIDATORS, validateResponses: 'strict', validateRequests: true });",
    '```',
    '',
    `- \`validateResponses: 'off' | 'warn' | 'strict'\` and \`validateRequests\` may be given per call too; \`onValidationIssue\` hears of what \`warn\` lets through.`,
    `- \`validators({ ${op}: ${validatorNames.endpoint(first?.id ?? 'getItem')} })\` checks those calls alone, and a bundle then carries their checks alone; a client without \`validators\` carries none.`,
    '- Streamed items, bytes and undocumented statuses are not checked.',
    '',
  ];
}

export type { Direction };
