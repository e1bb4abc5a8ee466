/**
 * Stage 2: check the parsed contract against contract/contract.schema.json and turn each ajv error
 * into one positioned sentence.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, Options, ValidateFunction } from 'ajv/dist/2020.js';
import { MESSAGES as M, problem } from './diagnostic-catalogue.js';
import { pointerOf, pointerSegments } from './load/locate.js';
import type { Diagnostic } from './diagnostics.js';
import type { Incremental } from './incremental.js';
import type { ParsedContract } from './load/parse.js';
import { shippedFile } from './package-root.js';
import { didYouMean } from './similar.js';

type AjvClass = typeof Ajv2020Module.default;
const require = createRequire(import.meta.url);

/** Where `npm run build` writes the schema's standalone validator (see build-validator.ts). */
export const PRECOMPILED_VALIDATOR: string = shippedFile('generator', 'dist', 'contract-validator.cjs');

/**
 * The validators: `whole` checks a contract; a watch session checks it in parts instead — `shell`
 * (the whole schema, with `endpoints` and `types` entries left unchecked) plus `endpoint` and
 * `namedType` per entry, kept per entry object, so an edit re-checks only the entries it touched.
 * The parts report exactly the whole's errors (test/validate-parts.test.ts).
 */
export interface Validators {
  readonly whole: ValidateFunction;
  readonly shell: ValidateFunction;
  readonly endpoint: ValidateFunction;
  readonly namedType: ValidateFunction;
}

const SCHEMA_ID = 'https://contractgen.dev/contract.schema.json';
const SHELL_ID = 'https://contractgen.dev/contract-shell.schema.json';

/** The exported names of the standalone module, and the schema each one validates. */
export const VALIDATOR_REFS: Readonly<Record<keyof Validators, string>> = {
  whole: SCHEMA_ID,
  shell: SHELL_ID,
  endpoint: `${SCHEMA_ID}#/$defs/endpoint`,
  namedType: `${SCHEMA_ID}#/$defs/namedType`,
};

/** The split-out mappings: their entries are checked one by one in a watch session. */
const PARTS = [
  ['endpoints', 'endpoint'],
  ['types', 'namedType'],
] as const;

let compiled: Validators | undefined;

function validators(): Validators {
  if (compiled !== undefined) return compiled;
  if (existsSync(PRECOMPILED_VALIDATOR)) return (compiled = require(PRECOMPILED_VALIDATOR) as Validators);
  const { ajv } = compileValidator();
  const get = (ref: string) => ajv.getSchema(ref)!;
  return (compiled = { whole: get(VALIDATOR_REFS.whole), shell: get(VALIDATOR_REFS.shell), endpoint: get(VALIDATOR_REFS.endpoint), namedType: get(VALIDATOR_REFS.namedType) });
}

/** ajv's compiler over the contract format's schema and its shell: the build uses it, or a run when unbuilt. */
export function compileValidator(code?: Options['code']): { ajv: InstanceType<AjvClass> } {
  // Loaded through require: ajv is CommonJS, and only this path needs its compiler.
  const Ajv2020 = require('ajv/dist/2020.js') as AjvClass;
  const schema = JSON.parse(readFileSync(shippedFile('contract', 'contract.schema.json'), 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true, ...(code === undefined ? {} : { code }) });
  ajv.addSchema(schema);
  ajv.addSchema(shellSchema(schema));
  return { ajv };
}

/** The schema with the split-out mappings' entries unchecked (their names still are). */
function shellSchema(schema: Record<string, unknown>): object {
  const { $defs: _defs, ...rest } = schema;
  const properties = { ...(rest.properties as Record<string, Record<string, unknown>>) };
  for (const [key] of PARTS) properties[key] = { ...properties[key], additionalProperties: true };
  // The shell carries no $defs: its references point into the whole schema.
  const text = JSON.stringify({ ...rest, $id: SHELL_ID, properties }).replace(/"#\/\$defs\//g, `"${SCHEMA_ID}#/$defs/`);
  return JSON.parse(text) as object;
}

/** Errors of the contract as the whole schema reports them; in parts when a watch session keeps results. */
function schemaErrors(data: unknown, incremental: Incremental | undefined): ErrorObject[] {
  const v = validators();
  if (incremental === undefined) return v.whole(data) ? [] : [...(v.whole.errors ?? [])];
  const errors = v.shell(data) ? [] : [...(v.shell.errors ?? [])];
  if (data === null || typeof data !== 'object') return errors;
  for (const [key, part] of PARTS) {
    const entries = (data as Record<string, unknown>)[key];
    // The shell reports a mapping that is not an object; its entries are not looked at.
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) continue;
    for (const [name, entry] of Object.entries(entries)) {
      const prefix = pointerOf([key, name]);
      for (const e of entryErrors(incremental, v[part], part, entry)) errors.push({ ...e, instancePath: `${prefix}${e.instancePath}` });
    }
  }
  return errors;
}

/**
 * One entry's errors (paths relative to it), kept per entry object for the session (boundary 1 of
 * incremental.ts): the schema of an entry reads nothing but the entry, so the key is empty.
 */
function entryErrors(incremental: Incremental, validate: ValidateFunction, part: string, entry: unknown): readonly ErrorObject[] {
  const check = () => (validate(entry) ? [] : [...(validate.errors ?? [])]);
  if (entry === null || typeof entry !== 'object') return check();
  const kept = incremental.entries.get<readonly ErrorObject[]>(entry, `schema:${part}`, '');
  if (kept !== undefined) return kept;
  const errors = check();
  incremental.entries.set(entry, `schema:${part}`, '', errors);
  return errors;
}

export function validateSchema(contract: ParsedContract, incremental?: Incremental): Diagnostic[] {
  const all = schemaErrors(contract.data, incremental);
  if (all.length === 0) return [];
  const errors = all.filter(isReported);
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const error of errors.filter((e) => !isShadowed(e, errors))) {
    const d = toDiagnostic(error, contract);
    const key = `${d.line}:${d.col}:${d.message}`;
    if (!seen.has(key)) out.push(d);
    seen.add(key);
  }
  return out;
}

/** Keywords whose failure is only a summary of errors already reported beneath them. */
function isReported(error: ErrorObject): boolean {
  if (error.keyword === 'if') return false;
  if (error.keyword === 'propertyNames') return error.params.propertyName !== undefined;
  // The inner failure of a key name repeats what the propertyNames error says, at the wrong place.
  return error.propertyName === undefined;
}

/** An anyOf failure is noise when one of its branches produced a more specific error. */
function isShadowed(error: ErrorObject, all: readonly ErrorObject[]): boolean {
  if (error.keyword !== 'anyOf') return false;
  return all.some((other) => other !== error && other.keyword !== 'type' && other.instancePath.startsWith(error.instancePath) && other.schemaPath.startsWith(error.schemaPath));
}

function where(path: readonly string[]): string {
  return path.length === 0 ? 'the contract' : path.join('.');
}

function toDiagnostic(error: ErrorObject, contract: ParsedContract): Diagnostic {
  const path = pointerSegments(error.instancePath);
  const at = (p: readonly (string | number)[], mode: 'key' | 'value' = 'value') => contract.locate(numbered(p), mode);
  const file = contract.file;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      const hint = didYouMean(key, allowed);
      const known = hint === '' && allowed.length > 0 ? ` (expected one of: ${allowed.join(', ')})` : '';
      return problem(M.unknownKey, file, at([...path, key], 'key'), { key, where: where(path), hint: `${hint}${known}` });
    }
    case 'required': {
      const missing = String(params.missingProperty);
      return problem(M.missingKey, file, at(path, path.length === 0 ? 'value' : 'key'), { where: where(path), key: missing });
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      return problem(M.invalidName, file, at([...path, name], 'key'), { name, where: where(path), rule: nameRule(error) });
    }
    default:
      return problem(messageFor(error.keyword), file, at(path), { where: where(path), rule: describe(error) });
  }
}

function nameRule(error: ErrorObject): string {
  const schema = error.parentSchema as { propertyNames?: { $ref?: string; anyOf?: readonly { $ref?: string }[] } } | undefined;
  const names = schema?.propertyNames;
  if (names?.$ref?.endsWith('statusPattern') === true) return 'expected an HTTP status such as 404 or a class such as 4XX';
  // Response keys: a status, a class, or `default`.
  if (names?.anyOf?.some((branch) => branch.$ref?.endsWith('statusPattern') === true) === true) return 'expected an HTTP status such as 404, a class such as 4XX, or default';
  return 'use letters, digits and underscores, not starting with a digit';
}

function messageFor(keyword: string): typeof M.invalidValue {
  if (keyword === 'type') return M.wrongType;
  if (keyword === 'enum' || keyword === 'const') return M.notAllowedValue;
  return M.invalidValue;
}

function describe(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const value = error.data;
  switch (error.keyword) {
    case 'type':
      return `must be ${article(String(params.type))}, not ${kindOf(value)}`;
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      return `must be one of ${allowed.join(', ')}, not '${String(value)}'${didYouMean(String(value), allowed)}`;
    }
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}, not ${JSON.stringify(value)}`;
    case 'pattern':
      return `'${String(value)}' does not have the expected form${formHint(error)}`;
    case 'minItems':
      return `must have at least ${String(params.limit)} item(s)`;
    case 'minProperties':
      return `must have at least ${String(params.limit)} entr${params.limit === 1 ? 'y' : 'ies'}`;
    case 'maxProperties':
      return `must have at most ${String(params.limit)} entr${params.limit === 1 ? 'y' : 'ies'}`;
    case 'uniqueItems':
      return `must not repeat items (items ${String(params.j)} and ${String(params.i)} are equal)`;
    case 'minLength':
      return 'must not be empty';
    case 'minimum':
    case 'maximum':
      return `must be ${error.keyword === 'minimum' ? '≥' : '≤'} ${String(params.limit)}, not ${String(value)}`;
    case 'anyOf':
      return `has the wrong form: ${anyOfHint(error)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

function formHint(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  return description === undefined ? '' : ` (${description.replace(/\.$/, '')})`;
}

function anyOfHint(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  return description ?? 'none of the allowed forms matches';
}

function article(type: string): string {
  if (type === 'object') return 'a mapping';
  if (type === 'array') return 'a list';
  if (type === 'integer') return 'an integer';
  return type.includes(',') ? `one of ${type}` : `a ${type}`;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string') return `the string '${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`;
  return `${typeof value} ${String(value)}`;
}

/** JSON pointers carry array indexes as digits; the locator needs them as numbers. */
function numbered(path: readonly (string | number)[]): (string | number)[] {
  return path.map((s) => (typeof s === 'string' && /^(0|[1-9][0-9]*)$/.test(s) ? Number(s) : s));
}
