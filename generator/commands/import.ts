/**
 * `contractgen import <description> [--overlay <file>]... [--out <file>] [--package <name>]`: an OpenAPI 3.0, 3.1 or 3.2
 * description (JSON or YAML) as a contract, on stdout unless --out names a file. What the contract
 * holds only approximately is reported as warnings at the description's line:col (the first
 * twenty, then a count by cause). Exit 1 when the description cannot be imported or the file
 * cannot be written, 2 on usage errors.
 */
import { visibleText } from '../escape.js';
import { basename, resolve } from 'node:path';
import { count, overlayArguments, packageOption, parseArgs, UsageError, type Io } from '../commands.js';
import { formatDiagnostic } from '../diagnostics.js';
import type { ImportWarning, Out } from '../import/context.js';
import { byCause, listingCommand } from './approximations.js';
import { loadDescription } from '../import/load-description.js';
import { toYaml } from '../openapi/yaml.js';
import type { Json } from '../openapi/json.js';
import { writeAtomic } from '../write.js';

const WARNINGS_SHOWN = 20;

export function importCommand(argv: readonly string[], io: Io): number {
  const args = parseArgs(argv, ['out', 'package'], [], ['overlay']);
  const [file, extra] = args.positional;
  if (file === undefined) throw new UsageError('import needs the OpenAPI description to read: contractgen import <description.json|.yaml>');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'`);
  const packageName = packageOption(args);
  const overlays = overlayArguments(args, io.cwd);
  const imported = loadDescription(resolve(io.cwd, file), file, { ...(packageName === undefined ? {} : { packageName }), overlays });
  const { result } = imported;
  for (const d of imported.warningDiagnostics(WARNINGS_SHOWN)) io.err(formatDiagnostic(d, undefined));
  if (imported.warnings.length > WARNINGS_SHOWN) io.err(summary(imported.warnings, listingCommand(file, overlays.map((o) => o.file))));
  for (const d of result.diagnostics) io.err(formatDiagnostic(d, result.sources?.get(d.file)));
  if (!result.ok || imported.data === undefined) {
    io.err(`import stopped: ${visibleText(file)} cannot be imported`);
    return 1;
  }
  const text = contractText(imported.data, file, overlays.map((o) => o.file));
  const out = args.options.get('out');
  if (typeof out !== 'string') {
    io.out(text.replace(/\n$/, ''));
    return 0;
  }
  try {
    writeAtomic(resolve(io.cwd, out), text);
  } catch (e) {
    io.err(`contractgen import: cannot write ${visibleText(out)}: ${visibleText(e instanceof Error ? e.message : String(e))}`);
    return 1;
  }
  const { contract } = result;
  io.out(`${visibleText(out)}: contract written (${count(contract.endpoints.length, 'endpoint')}, ${count(contract.types.length, 'type')}, ${count(imported.warnings.length, 'approximation')})`);
  return 0;
}

function summary(warnings: readonly ImportWarning[], listing: string): string {
  return `… ${warnings.length - WARNINGS_SHOWN} more warnings not shown; all ${warnings.length} by cause: ${byCause(warnings)}; ${listing} lists every one`;
}

/** The contract's YAML, headed by where it came from (the description and the overlays applied to it) and what to add by hand. */
export function contractText(data: Out, file: string, overlays: readonly string[] = []): string {
  const head = [
    // File names are anyone's: a line break in one must not end the comment.
    `# Imported by contractgen from ${visibleText(basename(file))}${overlays.length === 0 ? '' : ` with ${overlays.length === 1 ? 'the overlay' : 'the overlays'} ${overlays.map((o) => visibleText(basename(o))).join(', ')}`}. Edit freely: this file is now the source.`,
    '# OpenAPI does not say what only the API knows: add message tables, quirks and policies by hand,',
    '# and check the error shapes, code tables and categories inferred from the error responses.',
  ];
  return `${head.join('\n')}\n${toYaml(data as Json)}`;
}
