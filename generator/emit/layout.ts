/**
 * The whole generated package: the package's own files (manifest, compiler settings, README and,
 * for a large API, OPERATIONS.md), then
 * each output's files and the runtime templates the outputs ship. What each output is, is declared
 * by its descriptor (outputs.ts lists them); this file knows none of them.
 */
import type { Incremental } from '../incremental.js';
import type { Contract } from '../model/types.js';
import { packageJson, tsconfigJson } from './emit-package.js';
import { EmitContext, runtimeFiles, type OutputDescriptor, type OutputFile } from './output.js';
import { OUTPUTS } from './outputs.js';
import { readmeFiles } from './readme.js';

export interface LayoutOptions {
  /** A watch session's store, so unchanged endpoints and types are not emitted again. */
  readonly incremental?: Incremental;
  /** The outputs to consider (default: every registered one); each still decides whether it is enabled. */
  readonly outputs?: readonly OutputDescriptor[];
}

/** Every file of the package, paths relative to the output folder. */
export function layout(contract: Contract, options: LayoutOptions = {}): OutputFile[] {
  const outputs = (options.outputs ?? OUTPUTS).filter((o) => o.enabled(contract));
  const emit = new EmitContext(contract, options.incremental);
  const runtime = [...new Set(outputs.flatMap((o) => o.runtime))].sort();
  const documents = readmeFiles(contract, outputs);
  const listed = documents.map((d) => d.path).filter((p) => p !== 'README.md');
  return [
    { path: 'package.json', text: packageJson(contract, outputs, listed), format: 'json' },
    { path: 'tsconfig.json', text: tsconfigJson(), format: 'json' },
    ...documents,
    ...outputs.flatMap((o) => o.files(emit)),
    ...runtime.flatMap(runtimeFiles),
  ];
}
