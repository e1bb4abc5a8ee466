/**
 * `contractgen openapi [--contract <file>] [--out <file>]`: the contract as an OpenAPI 3.1 YAML
 * document, on stdout unless --out names a file. Exit 1 when the contract has errors or the file
 * cannot be written, 2 on usage errors.
 */
import { visibleText } from '../escape.js';
import { resolve } from 'node:path';
import { contractArgument, parseArgs, type Io } from '../commands.js';
import { loadInput } from '../input.js';
import { formatDiagnostic } from '../diagnostics.js';
import { renderOpenApi } from '../openapi/render.js';
import { writeAtomic } from '../write.js';
import { defaultContractFile } from './defaults.js';

export async function openapiCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['contract', 'out'], []);
  const file = await contractArgument(args, io.cwd, defaultContractFile);
  const result = loadInput(resolve(io.cwd, file), file);
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, result.source));
  if (!result.ok) {
    io.err(`openapi stopped: ${visibleText(file)} has errors`);
    return 1;
  }
  const text = renderOpenApi(result.contract);
  const out = args.options.get('out');
  if (typeof out !== 'string') {
    io.out(text.replace(/\n$/, ''));
    return 0;
  }
  return writeDocument(resolve(io.cwd, out), out, text, io);
}

function writeDocument(path: string, name: string, text: string, io: Io): number {
  try {
    writeAtomic(path, text);
  } catch (e) {
    io.err(`contractgen openapi: cannot write ${visibleText(name)}: ${visibleText(e instanceof Error ? e.message : String(e))}`);
    return 1;
  }
  io.out(`${visibleText(name)}: OpenAPI 3.1 document written (${Buffer.byteLength(text)} bytes)`);
  return 0;
}
