/**
 * The oracle of the differential tests of the generated checks (issue 35): the checks, run
 * yes-or-no and collecting, against ajv (draft 2020-12, ajv-formats) on the package's own OpenAPI
 * schemas, every named type of a contract in both directions (readOnly fields not required of a
 * request, writeOnly ones not of a response, as the generated types read them), over each
 * direction's example and mutations of it (each value replaced by one of another JSON type or by
 * one that breaks a format, a pattern, a bound, each field removed, an unknown field added). Verdicts must agree,
 * and our first issue's path must be one ajv names. Documented disagreements, left out: bytes (a
 * Uint8Array or Blob to the checks, a string with format binary to JSON Schema) and a field named
 * `__proto__` (ajv takes it for an additional property).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { checkModule } from '../../generator/emit/validator-code.js';
import { exampleValue } from '../../generator/emit/value-example.js';
import { buildOpenApi } from '../../generator/openapi/document.js';
import type { Contract, JsonValue } from '../../generator/model/types.js';
import * as runtime from '../../templates/validate.js';
import { Issues, type Check } from '../../templates/validate.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDescriptionText } from '../../generator/import/load-description.js';

export const CORPUS = 'test/fixtures/openapi-corpus';

/** The seeded corpus sample's descriptions (test/fixtures/openapi-corpus/manifest.json). */
export const CORPUS_SAMPLE: readonly string[] = (JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { files: string[] }).files;

/** Every disagreement between the checks and ajv over a corpus description's types, both ways. */
export function compareDescription(name: string): string[] {
  const imported = loadDescriptionText(name, readFileSync(join(CORPUS, name.replace(/\//g, '__')), 'utf8'));
  if (!imported.result.ok) throw new Error(`${name} does not import`);
  return [...compare(imported.result.contract, 'response'), ...compare(imported.result.contract, 'request')];
}

type Direction = 'request' | 'response';
/** Every function the generated checks may call: the runtime module's exports. */
const helpers = Object.fromEntries(Object.entries(runtime).filter(([, v]) => typeof v === 'function'));

/** The document with `required` relaxed as the direction's types are: readOnly fields of requests, writeOnly of responses. */
function directed(value: unknown, direction: Direction): unknown {
  if (Array.isArray(value)) return value.map((v) => directed(v, direction));
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = directed(v, direction);
  const properties = o['properties'] as Record<string, Record<string, unknown>> | undefined;
  if (Array.isArray(o['required']) && properties !== undefined) {
    const skip = direction === 'request' ? 'readOnly' : 'writeOnly';
    out['required'] = (o['required'] as string[]).filter((name) => properties[name]?.[skip] !== true);
  }
  return out;
}

function mutations(value: JsonValue): JsonValue[] {
  const out: JsonValue[] = [];
  const walk = (v: JsonValue, replace: (next: JsonValue | undefined) => JsonValue): void => {
    out.push(replace(typeof v === 'string' ? 12 : typeof v === 'number' ? 'twelve' : typeof v === 'boolean' ? 'yes' : v === null ? 'null' : 'x'));
    // Values of the right JSON type that break a format, a pattern, a bound or integrality.
    if (typeof v === 'string') for (const s of ['', 'not a valid value!', 'x'.repeat(300), 'a@b', '1.2.3.4', '::1', 'example.com', 'aGVsbG8=', '2024-01-01', '12:00:00Z']) out.push(replace(s));
    if (typeof v === 'number') for (const n of [-1e9, 1e12, 0.5, 0, -1]) out.push(replace(n));
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, (next) => replace(next === undefined ? v.filter((_, j) => j !== i) : v.map((x, j) => (j === i ? next : x)))));
    else if (v !== null && typeof v === 'object') {
      out.push(replace({ ...v, zz_unknown: 1 }));
      for (const [k, item] of Object.entries(v)) {
        walk(item, (next) => {
          const copy: Record<string, JsonValue> = { ...(v as Record<string, JsonValue>) };
          if (next === undefined) delete copy[k];
          else copy[k] = next;
          return replace(copy);
        });
      }
    }
  };
  walk(value, (next) => next ?? null);
  return out;
}

export function compare(given: Contract, direction: Direction): string[] {
  // JSON Schema reads the wire: where dates are Date objects, the checks of their text are compared (the Date checks are validator-code.test.ts's).
  const contract: Contract = given.outputs.dates === 'Date' ? { ...given, outputs: { ...given.outputs, dates: 'string' } } : given;
  // ownProperties: a field named like an Object.prototype member is data (ajv would otherwise read `constructor` off the prototype).
  const ajv = new Ajv2020({ allErrors: true, strict: false, ownProperties: true, logger: false });
  // ajv-formats is CommonJS: its plugin is the module's `default` as TypeScript and Node both read it.
  formats.default(ajv);
  const doc = directed(buildOpenApi(contract), direction) as Record<string, unknown>;
  ajv.addSchema({ ...doc, $id: 'https://contractgen.test/doc' });
  const module = checkModule(contract);
  const names = [...new Set(module.named.values())];
  const fns = new Function(...Object.keys(helpers), `${module.code}\nreturn { ${names.join(', ')} };`)(...Object.values(helpers)) as Record<string, Check>;
  const schemas = ((doc['components'] as Record<string, unknown>)['schemas'] ?? {}) as Record<string, unknown>;
  const disagreements: string[] = [];
  for (const type of contract.types) {
    // Bytes are a Uint8Array or a Blob to the checks, a string with format binary to JSON Schema: not comparable (documented).
    if (!(type.name in schemas) || JSON.stringify(schemas[type.name]).includes('"format":"binary"')) continue;
    const validate = ajv.getSchema(`https://contractgen.test/doc#/components/schemas/${type.name}`);
    const check = fns[module.named.get(`${direction}:${type.name}`) ?? ''];
    if (validate === undefined || check === undefined) continue;
    const example = exampleValue(contract, { kind: 'named', name: type.name }, direction);
    // The other direction's example too: it holds the fields this direction does not (readOnly ones in a response's, writeOnly in a request's), which may be there but of their type.
    const other = exampleValue(contract, { kind: 'named', name: type.name }, direction === 'request' ? 'response' : 'request');
    for (const value of [example, ...mutations(example), other, ...mutations(other)]) {
      // ajv reads a declared field named __proto__ as an additional property and checks nothing inside it; the checks read it as the field it is (documented).
      if (JSON.stringify(value).includes('"__proto__"')) continue;
      const issues = new Issues();
      const ours = check(value, issues);
      const theirs = validate(value) === true;
      const quick = check(value);
      if (quick !== ours) disagreements.push(`${direction} ${type.name} ${JSON.stringify(value).slice(0, 160)}: yes-or-no says ${String(quick)}, collecting says ${ours}`);
      const where = issues.list[0] === undefined ? undefined : `/${issues.list[0].path.join('/')}`;
      const paths = (validate.errors ?? []).map((e) => (e.keyword === 'required' || e.keyword === 'additionalProperties' ? `${e.instancePath}/${String((e.params as Record<string, unknown>)['missingProperty'] ?? (e.params as Record<string, unknown>)['additionalProperty'])}` : e.instancePath));
      if (ours !== theirs) disagreements.push(`${direction} ${type.name} ${JSON.stringify(value).slice(0, 160)}: ours ${ours}, ajv ${theirs} ${JSON.stringify(validate.errors?.slice(0, 2))} ${JSON.stringify(issues.list.slice(0, 2))}`);
      else if (!ours && where !== undefined && !paths.some((p) => p === where || (where === '/' && p === ''))) disagreements.push(`${direction} ${type.name} ${JSON.stringify(value).slice(0, 160)}: our issue at ${where}, ajv's at ${paths.join(' ')}`);
    }
  }
  return disagreements;
}

