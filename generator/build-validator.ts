/**
 * Build step (`npm run build`): compiles contract/contract.schema.json into a standalone validator
 * module, so a generation does not load ajv's compiler nor compile the schema (~150 ms per run).
 * validate-schema.ts falls back to compiling at run time when the module is missing.
 */
import { writeFileSync } from 'node:fs';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compileValidator, PRECOMPILED_VALIDATOR, VALIDATOR_REFS } from './validate-schema.js';

type Standalone = typeof standaloneCode.default;
// ajv is CommonJS: under Node's ESM interop the function is the module itself.
const standalone = ((standaloneCode as unknown as { default?: Standalone }).default ?? standaloneCode) as Standalone;

const { ajv } = compileValidator({ source: true });
writeFileSync(PRECOMPILED_VALIDATOR, `// Generated from contract/contract.schema.json by build-validator.js. Do not edit.\n${standalone(ajv, { ...VALIDATOR_REFS })}`);
