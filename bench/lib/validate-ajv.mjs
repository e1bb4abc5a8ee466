/**
 * ajv's standalone validators of the `validate` measure: compiled from a generated package's own
 * openapi.yaml (its `components.schemas`, the JSON Schemas of the contract's types), with Ajv2020
 * and ajv-formats' full formats, into ES modules written to disk and imported by the worker, as a
 * build step would ship them.
 *
 * The whole `components` object is added as one schema with an `$id` (no fragment), and each type
 * compiled by reference (`<id>#/components/schemas/<Name>`), so `$ref`s between types resolve.
 * The document is read in the response direction, as the generated `<Name>Schema` reads a type:
 * a writeOnly field is not required of a response (the same relaxation as
 * test/validator-differential.test.ts; none of the measured types has a required writeOnly field).
 *
 * ajv and ajv-formats are taken from the repository root's node_modules when ajv-formats is there
 * (the version the generator's differential test runs), else from bench/node_modules.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The node_modules whose ajv and ajv-formats are used: the root's when it has ajv-formats. */
export function ajvHome(root, bench) {
  for (const dir of [join(root, 'node_modules'), join(bench, 'node_modules')]) if (existsSync(join(dir, 'ajv-formats', 'package.json')) && existsSync(join(dir, 'ajv', 'package.json'))) return dir;
  throw new Error('validate: ajv and ajv-formats are in neither node_modules');
}

/** The schema document with `required` relaxed for writeOnly fields (the response direction). */
function responseDirection(value) {
  if (Array.isArray(value)) return value.map(responseDirection);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [k, v] of Object.entries(value)) out[k] = responseDirection(v);
  if (Array.isArray(value.required) && value.properties !== null && typeof value.properties === 'object') out.required = value.required.filter((name) => value.properties[name]?.writeOnly !== true);
  return out;
}

/**
 * ajv's standalone ESM still says `require("…")` for its runtime helpers and ajv-formats' formats
 * (`code.esm` converts only its own exports): each becomes an import of the module, so the file
 * runs in Node as ESM and bundles for the browser.
 */
function toEsm(code) {
  const names = new Map();
  const body = code.replace(/require\("([^"]+)"\)/g, (_, spec) => {
    if (!names.has(spec)) names.set(spec, `__cjs${names.size}`);
    return names.get(spec);
  });
  const imports = [...names].map(([spec, name]) => `import ${name} from ${JSON.stringify(/\.[cm]?js$/.test(spec) ? spec : `${spec}.js`)};`);
  return `${imports.join('\n')}\n${body.replace(/^"use strict";/, '')}`;
}

/**
 * Writes `<dir>/<package>-<Type>.<mode>.mjs` for every type and mode (`first`: ajv's default,
 * allErrors false; `all`: allErrors true), each exporting `validate`. Returns the files and the
 * versions used. `dir` gets a node_modules link to the chosen ajv's, so the modules' imports resolve.
 */
export async function compileStandalone({ root, bench, dir, packages }) {
  const home = ajvHome(root, bench);
  const require = createRequire(join(home, 'ajv', 'package.json'));
  const Ajv2020 = require('./dist/2020.js').default;
  const standaloneCode = require('./dist/standalone/index.js').default;
  const requireFormats = createRequire(join(home, 'ajv-formats', 'package.json'));
  const addFormats = requireFormats('./dist/index.js').default;
  const YAML = createRequire(join(bench, 'package.json'))('yaml');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(home, join(dir, 'node_modules'), 'dir');
  const files = {};
  for (const pkg of packages) {
    const doc = responseDirection(YAML.parse(readFileSync(join(pkg.out, 'openapi.yaml'), 'utf8')));
    const id = `https://bench.contractgen.invalid/${pkg.name}/openapi`;
    for (const mode of ['first', 'all']) {
      // strict: false, as the differential test: the document carries x-contractgen-* keywords and
      // OpenAPI's `discriminator` with a `mapping`, which ajv's discriminator option refuses; the
      // unions are checked as their oneOf.
      const ajv = new Ajv2020({ strict: false, allErrors: mode === 'all', code: { source: true, esm: true } });
      addFormats(ajv);
      ajv.addSchema({ $id: id, components: doc.components });
      for (const type of pkg.types) {
        if (doc.components?.schemas?.[type] === undefined) throw new Error(`validate: ${pkg.name}'s openapi.yaml has no components.schemas.${type}`);
        const file = join(dir, `${pkg.name}-${type}.${mode}.mjs`);
        writeFileSync(file, toEsm(standaloneCode(ajv, { validate: `${id}#/components/schemas/${type}` })));
        (files[`${pkg.name}/${type}`] ??= {})[mode] = file;
      }
    }
  }
  return { files, ajv: require('./package.json').version, ajvFormats: requireFormats('./package.json').version, from: home };
}
