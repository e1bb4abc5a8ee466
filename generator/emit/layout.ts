/**
 * The whole generated package: the package's own files (manifest, compiler settings, README), then
 * each output's files and the runtime templates the outputs ship. What each output is, is declared
 * by its descriptor (outputs.ts lists them); this file knows none of them.
 */
import type { Incremental } from '../incremental.js';
import type { Contract } from '../model/types.js';
import { packageJson, readme, tsconfigJson } from './emit-package.js';
import { EmitContext, runtimeFiles, type OutputDescriptor, type OutputFile } from './output.js';
import { OUTPUTS } from './outputs.js';

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
  return [
    { path: 'package.json', text: packageJson(contract, outputs), format: 'json' },
    { path: 'tsconfig.json', text: tsconfigJson(), format: 'json' },
    { path: 'README.md', text: readme(contract, outputs), format: 'markdown' },
    ...outputs.flatMap((o) => o.files(emit)),
    ...runtime.flatMap(runtimeFiles),
  ];
}
