/** `contractgen generate [--contract <file>] [--out <dir>] [--package <name>] [--overlay <file>]... [--check] [--watch] [--no-openapi] [--no-mocks] [--no-validators]`, or every contract of the config file. */
import { visibleText } from '../escape.js';
import { statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { contractArgument, count, InputError, overlayArguments, packageOption, parseArgs, UsageError, type Io, type ParsedArgs } from '../commands.js';
import { formatDiagnostic, sourceOf } from '../diagnostics.js';
import { generate, outputOverrides, type GenerateOptions, type GenerateOutcome } from '../generate.js';
import { inputKind } from '../import/sniff.js';
import { realFolderPath } from '../output-folder.js';
import { approximationNote } from './approximations.js';
import { configEntries, configOverlays, DEFAULT_OUT_DIR, defaultContractFile } from './defaults.js';

export async function generateCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['contract', 'out', 'package'], ['check', 'watch', 'no-openapi', 'no-mocks', 'no-validators'], ['overlay']);
  if (args.options.has('check') && args.options.has('watch')) throw new UsageError('--check and --watch cannot be combined');
  const targets = await targetsOf(args, io);
  if (typeof targets === 'number') return targets;
  if (args.options.has('watch')) return watchLoop(targets, io);
  let code = 0;
  for (const options of targets) code = Math.max(code, report(await generateIn(options), options, io));
  return code;
}

/**
 * What to generate: the contract named (`--contract`, the first argument), else every contract of
 * the config file, else ./contract/'s single contract into ./generated/. A number: the config's
 * problems were printed, exit with it.
 */
async function targetsOf(args: ParsedArgs, io: Io): Promise<Target[] | number> {
  const check = args.options.has('check');
  const flags = outputOverrides({ openapi: args.options.has('no-openapi') ? false : undefined, mocks: args.options.has('no-mocks') ? false : undefined, validators: args.options.has('no-validators') ? false : undefined });
  const out = args.options.get('out');
  const packageName = packageOption(args);
  const config = await configEntries(args, io);
  if (typeof config === 'number') return config;
  if (config === undefined) return [target(io, await contractArgument(args, io.cwd, defaultContractFile), typeof out === 'string' ? out : DEFAULT_OUT_DIR, check, flags, packageName, overlayArguments(args, io.cwd))];
  if (typeof out === 'string') throw new UsageError(`--out names one package's folder; ${config.file} names each contract's (or name the contract with --contract)`);
  if (packageName !== undefined) throw new UsageError(`--package names one package; ${config.file} names each contract's (\`package\`), or name the contract with --contract`);
  return config.entries.map((e) => target(io, e.contract, e.out, check, outputOverrides({ ...e.outputs, ...flags }), e.package, configOverlays(e, io.cwd)));
}

/** A run's options, with its package folder as the user wrote it (messages print paths as given). */
interface Target extends GenerateOptions {
  readonly contractName: string;
  readonly outName: string;
}

function target(io: Io, contract: string, out: string, check: boolean, outputs: GenerateOptions['outputs'], packageName: string | undefined, overlays: GenerateOptions['overlays'] = []): Target {
  const given = resolve(io.cwd, out);
  if (isFile(given)) throw new InputError(`--out ${visibleText(out)} is a file; the package is written to a folder`);
  // Resolved once, here: every run (each save of a watch session) writes to the folder the link led to now.
  const outDir = realFolderPath(given);
  if (outDir !== given) io.err(`${visibleText(out)}: a symbolic link leads to ${visibleText(outDir)}; the package is written there`);
  // What a contract says under `outputs:`, for an input that cannot say it (an OpenAPI description).
  return { contractFile: resolve(io.cwd, contract), contractName: contract, outDir, outName: out, check, outputs, overlays, ...(packageName === undefined ? {} : { packageName }) };
}

/** `generate`, with the file system's refusals (a folder it cannot create or write) as input problems, not internal errors. */
async function generateIn(options: Target): Promise<GenerateOutcome> {
  try {
    return await generate(options);
  } catch (e) {
    const code = e instanceof Error && 'code' in e ? (e as NodeJS.ErrnoException).code : undefined;
    if (code === undefined || !/^E[A-Z]+$/.test(code)) throw e;
    throw new InputError(`cannot write the package to ${visibleText(options.outName)}: ${(e as Error).message}`);
  }
}

function isFile(path: string): boolean {
  try {
    return !statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The outcome's lines; in a watch session (`elapsed`), one line a run. */
function report(outcome: GenerateOutcome, options: Target, io: Io, elapsed?: number): number {
  const code = reportOutcome(outcome, options, io, elapsed);
  const note = outcome.kind === 'invalid' || outcome.kind === 'refused' || outcome.kind === 'blocked' || elapsed !== undefined ? undefined : approximationNote(options.contractName, outcome.approximations, (options.overlays ?? []).map((o) => o.file));
  if (note !== undefined) io.err(note);
  return code;
}

function reportOutcome(outcome: GenerateOutcome, options: Target, io: Io, elapsed?: number): number {
  const took = elapsed === undefined ? '' : ` in ${elapsed} ms`;
  // Paths as given, shown by the terminal's rule (a config's names are anyone's).
  const outDir = visibleText(options.outName);
  // A contract with warnings is generated all the same; they are said when it is rendered (a no-op run reads no model).
  if ('warnings' in outcome) for (const d of outcome.warnings?.diagnostics ?? []) io.err(formatDiagnostic(d, sourceOf(d, outcome.warnings ?? {})));
  switch (outcome.kind) {
    case 'invalid':
      for (const d of outcome.diagnostics) io.err(formatDiagnostic(d, sourceOf(d, outcome)));
      io.err(`generation stopped: the ${inputKind(options.contractFile)} has errors${took}`);
      return 1;
    case 'up-to-date':
      io.out(`${outDir}: up to date (${count(outcome.files, 'file')})${took}`);
      return 0;
    case 'written':
      io.out(`${outDir}: ${count(outcome.changed.length, 'file')} written, ${outcome.removed.length} removed, ${outcome.files - outcome.changed.length} unchanged${took}`);
      return 0;
    case 'stale':
      io.err(`${outDir} does not match the ${inputKind(options.contractFile)}; run contractgen generate. Stale files:`);
      for (const file of outcome.stale) io.err(`  ${visibleText(file)}`);
      return 1;
    case 'refused':
      for (const d of outcome.diagnostics) io.err(formatDiagnostic(d, undefined));
      io.err(`generation stopped: contractgen works only inside ${outDir} and follows no symbolic link there${took}`);
      return 1;
    case 'blocked':
      io.err(`${outDir}: these files exist and were not written by contractgen; move them away first:`);
      for (const file of outcome.foreign) io.err(`  ${visibleText(file)}`);
      return 1;
  }
}

/** Regenerates a contract on every save of it and prints one line per run with its time; every target at once. */
async function watchLoop(targets: readonly Target[], io: Io): Promise<number> {
  // Loaded here, not at the top: its store brings the load stage, which a no-change run never needs.
  const { Incremental } = await import('../incremental.js');
  const watchers: FSWatcher[] = [];
  for (const given of targets) {
    // One store per contract for the session: each save re-parses, rebuilds and re-emits only what it changed.
    const options: Target = { ...given, incremental: new Incremental() };
    const run = async () => {
      const started = performance.now();
      try {
        report(await generateIn(options), options, io, Math.round(performance.now() - started));
      } catch (e) {
        // The session goes on: the folder may be writable again by the next save.
        if (!(e instanceof InputError)) throw e;
        io.err(`contractgen: ${visibleText(e.message)}`);
      }
    };
    io.out(`watching ${visibleText(options.contractName)} (Ctrl-C to stop)`);
    let pending: ReturnType<typeof setTimeout> | undefined;
    // The first run goes first in the queue; the watcher starts before it, so a save made while
    // it runs (or right after its line is printed) is never missed.
    let running = run();
    // Editors often save by rename, so watch the folders and filter by name: the contract's, and its overlays'.
    const files = [options.contractFile, ...(options.overlays ?? []).map((o) => o.path)];
    for (const dir of new Set(files.map((f) => dirname(f)))) {
      watchers.push(
        watch(dir, (_event, name) => {
          if (name !== null && !files.some((f) => dirname(f) === dir && basename(f) === name)) return;
          if (pending !== undefined) clearTimeout(pending);
          pending = setTimeout(() => {
            running = running.then(run, run);
          }, 25);
        }),
      );
    }
    await running;
  }
  return new Promise((done) => {
    const stop = () => {
      for (const w of watchers) w.close();
      done(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
