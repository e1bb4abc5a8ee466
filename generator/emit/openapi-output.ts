/** The package's `openapi.yaml`: the contract as an OpenAPI 3.1 document, kept fresh with the rest. */
import { renderOpenApi } from '../openapi/render.js';
import type { OutputDescriptor } from './output.js';

const FILE = 'openapi.yaml';

export const OPENAPI_DOCUMENT: OutputDescriptor = {
  id: 'openapi',
  enabled: (contract) => contract.outputs.openapi,
  files: (emit) => [{ path: FILE, text: renderOpenApi(emit.contract), format: 'none' }],
  runtime: [],
  exports: () => ({ [`./${FILE}`]: { file: `./${FILE}` } }),
  packageFiles: [FILE],
  peerDependencies: [],
  readme: () => ['## OpenAPI', '', `\`${FILE}\` is the contract as an OpenAPI 3.1 document, for documentation viewers and OpenAPI tooling.`, ''],
  names: () => [],
};
