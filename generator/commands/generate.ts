/** `contractgen generate [--contract <file>] [--out <dir>] [--check] [--watch] [--no-openapi] [--no-mocks]`. */
import { watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { parseArgs, UsageError, type Io } from '../commands.js';
import { formatDiagnostic } from '../diagnostics.js';
import { generate, type GenerateOptions, type GenerateOutcome } from '../generate.js';
import { DEFAULT_OUT_DIR, defaultContractFile } from './defaults.js';

export async function generateCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['contract', 'out'], ['check', 'watch', 'no-openapi', 'no-mocks']);
  if (args.positional.length > 0) throw new UsageError(`unexpected argument '${args.positional[0] ?? ''}' (use --contract <file>)`);
  if (args.options.has('check') && args.options.has('watch')) throw new UsageError('--check and --watch cannot be combined');
  const contract = args.options.get('contract');
  const out = args.options.get('out');
  const options: GenerateOptions = {
    contractFile: resolve(io.cwd, typeof contract === 'string' ? contract : defaultContractFile(io.cwd)),
    outDir: resolve(io.cwd, typeof out === 'string' ? out : DEFAULT_OUT_DIR),
    check: args.options.has('check'),
    // What a contract says under `outputs:`, for an input that cannot say it (an OpenAPI description).
    outputs: outputsOff(args.options.has('no-openapi'), args.options.has('no-mocks')),
  };
  if (args.options.has('watch')) return watchLoop(options, io);
  return report(await generate(options), options, io);
}

function outputsOff(noOpenApi: boolean, noMocks: boolean): GenerateOptions['outputs'] {
  if (!noOpenApi && !noMocks) return undefined;
  return { ...(noOpenApi ? { openapi: false } : {}), ...(noMocks ? { mocks: false } : {}) };
}

function report(outcome: GenerateOutcome, options: GenerateOptions, io: Io, elapsed?: number): number {
  const took = elapsed === undefined ? '' : ` in ${elapsed} ms`;
  switch (outcome.kind) {
    case 'invalid':
      for (const d of outcome.diagnostics) io.err(formatDiagnostic(d, outcome.source));
      io.err(`generation stopped: the contract has errors${took}`);
      return 1;
    case 'up-to-date':
      io.out(`${options.outDir}: up to date (${outcome.files} files)${took}`);
      return 0;
    case 'written':
      io.out(`${options.outDir}: ${outcome.changed.length} file(s) written, ${outcome.removed.length} removed, ${outcome.files - outcome.changed.length} unchanged${took}`);
      return 0;
    case 'stale':
      io.err(`${options.outDir} does not match the contract; run contractgen generate. Stale files:`);
      for (const file of outcome.stale) io.err(`  ${file}`);
      return 1;
    case 'blocked':
      io.err(`${options.outDir}: these files exist and were not written by contractgen; move them away first:`);
      for (const file of outcome.foreign) io.err(`  ${file}`);
      return 1;
  }
}

/** Regenerates on every save of the contract and prints one line per run with its time. */
async function watchLoop(given: GenerateOptions, io: Io): Promise<number> {
  // One store for the session: each save re-parses, rebuilds and re-emits only what it changed.
  // Loaded here, not at the top: its store brings the load stage, which a no-change run never needs.
  const options: GenerateOptions = { ...given, incremental: new (await import('../incremental.js')).Incremental() };
  const run = async () => {
    const started = performance.now();
    const outcome = await generate(options);
    report(outcome, options, io, Math.round(performance.now() - started));
  };
  io.out(`watching ${options.contractFile} (Ctrl-C to stop)`);
  await run();
  let pending: ReturnType<typeof setTimeout> | undefined;
  let running = Promise.resolve();
  // Editors often save by rename, so watch the folder and filter by name.
  const watcher = watch(dirname(options.contractFile), (_event, name) => {
    if (name !== null && name !== basename(options.contractFile)) return;
    if (pending !== undefined) clearTimeout(pending);
    pending = setTimeout(() => {
      running = running.then(run, run);
    }, 25);
  });
  return new Promise((done) => {
    const stop = () => {
      watcher.close();
      done(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
