/**
 * `contractgen diff <old> <new>` and `contractgen diff --base <git-ref> <file>`: what a contract
 * change breaks. Exit 1 when a contract does not load (or cannot be read from git) or a finding
 * reaches --fail-on, 2 on usage errors.
 */
import { execFileSync } from 'node:child_process';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { InputError, overlayArguments, packageOption, parseArgs, UsageError, type Io } from '../commands.js';
import type { ContractResult } from '../contract.js';
import { isDescriptionFile } from '../import/sniff.js';
import { writeAtomic } from '../write.js';
import { configEntryFor, configOverlays } from './defaults.js';
import { formatDiagnostic, sourceOf } from '../diagnostics.js';
import { visibleText } from '../escape.js';
import { planBump, withPackageVersion } from '../diff/bump.js';
import { FORMATS, formatReview, type Format } from '../diff/report.js';
import type { Bump, OverlaySides } from '../diff/review.js';
import { loadSides, reviewSides, type SideInput } from '../diff/sides.js';
import { LEVELS, RULES } from '../diff/rules.js';

export async function diffCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['base', 'format', 'fail-on', 'package'], ['rules', 'no-api', 'bump'], ['overlay']);
  const format = option(args.options.get('format'), FORMATS, 'text', '--format');
  const failOn = args.options.has('fail-on') ? option(args.options.get('fail-on'), LEVELS, 'breaking', '--fail-on') : undefined;
  if (args.options.has('rules')) return listRules(io, format);
  const base = args.options.get('base');
  checkFiles(base, args.positional);
  // The new side's file names the config's entry, else the old side's.
  const entry = await configEntryFor(io, (typeof base === 'string' ? [0] : [1, 0]).map((i) => resolve(io.cwd, args.positional[i] ?? '')));
  if (typeof entry === 'number') return entry;
  // As generate reads it: --overlay and --package, else the config's entry for the file.
  const overlays = args.lists.has('overlay') || entry === undefined ? overlayArguments(args, io.cwd) : configOverlays(entry, io.cwd);
  const packageName = packageOption(args) ?? entry?.package;
  const [old, now, overlaySides] = typeof base === 'string' ? fromGit(io, base, args.positional, overlays) : fromFiles(io, args.positional, overlays);
  // The package name consumers import is the one given, whatever each side's contract or title says.
  const sides = await loadSides(old, now, { api: !args.options.has('no-api'), packageName });
  try {
    const { before, after } = sides;
    if (!before.ok || !after.ok) {
      for (const side of [before, after]) for (const d of side.diagnostics) io.err(formatDiagnostic(d, sourceOf(d, side)));
      io.err('contractgen diff: a contract does not load');
      return 1;
    }
    for (const side of [before, after]) for (const d of side.diagnostics) if (d.severity === 'warning' && side.sources?.has(d.file)) io.err(formatDiagnostic(d, sourceOf(d, side)));
    const result = { ...(await reviewSides(sides, before.contract, after.contract)), ...(overlaySides === undefined ? {} : { overlays: overlaySides }) };
    io.out(formatReview(result, format).replace(/\n$/, ''));
    if (args.options.has('bump') && !applyBump(io, before, after, result.bump, newFile(io, base, args.positional))) return 1;
    if (failOn === undefined) return 0;
    const threshold = LEVELS.indexOf(failOn);
    return result.findings.some((f) => LEVELS.indexOf(f.level) <= threshold) ? 1 : 0;
  } finally {
    sides.close();
  }
}

function checkFiles(base: string | true | undefined, positional: readonly string[]): void {
  if (typeof base === 'string' && positional.length !== 1) throw new UsageError('--base takes one contract file: contractgen diff --base <git-ref> <file>');
  if (typeof base !== 'string' && positional.length !== 2) throw new UsageError('diff takes two contract files: contractgen diff <old> <new> (or --base <git-ref> <file>)');
}

/** The new side's file: the one given with --base, else the second. */
function newFile(io: Io, base: string | true | undefined, positional: readonly string[]): string {
  return resolve(io.cwd, (typeof base === 'string' ? positional[0] : positional[1]) ?? '');
}

type Loaded = Extract<ContractResult, { ok: true }>;

/** `--bump`: the new contract's packageVersion raised by the review's bump (messages on stderr, the report stays alone on stdout). */
function applyBump(io: Io, before: Loaded, after: Loaded, bump: Bump, file: string): boolean {
  if (isDescriptionFile(file, after.source)) throw new InputError(`--bump edits a contract's info.packageVersion; ${after.contract.file} is an OpenAPI description`);
  const plan = planBump(before.contract.info.packageVersion, after.contract.info.packageVersion, bump);
  const name = after.contract.file;
  // Versions and file names are contract text on their way to a terminal.
  const say = (line: string) => io.err(visibleText(line));
  switch (plan.kind) {
    case 'none':
      say(`${name}: no bump needed; info.packageVersion stays ${after.contract.info.packageVersion}`);
      return true;
    case 'already':
      say(`${name}: info.packageVersion ${plan.current} already covers the ${bump} bump (${plan.wanted})`);
      return true;
    case 'downgrade':
      say(`contractgen: ${name}: info.packageVersion ${plan.current} is lower than the old ${plan.old}; a package's version never goes down`);
      return false;
    case 'write': {
      const text = withPackageVersion(after.source, plan.wanted);
      if (text === undefined) throw new InputError(`${name}: cannot find info.package to put info.packageVersion beside`);
      writeAtomic(file, text);
      say(`${name}: info.packageVersion ${plan.current} → ${plan.wanted} (${bump})`);
      return true;
    }
  }
}

function option<T extends string>(value: string | true | undefined, allowed: readonly T[], fallback: T, name: string): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${name} must be one of ${allowed.join(', ')}`);
}

type Sides = [SideInput, SideInput, OverlaySides | undefined];

function fromFiles(io: Io, positional: readonly string[], overlays: readonly OverlayFile[]): Sides {
  const [a = '', b = ''] = positional;
  const names = overlays.map((o) => o.file);
  const sides = overlays.length === 0 ? undefined : { old: names, new: names, why: 'the same overlays apply to both descriptions' };
  return [{ path: resolve(io.cwd, a), file: a, overlays }, { path: resolve(io.cwd, b), file: b, overlays }, sides];
}

type OverlayFile = { readonly path: string; readonly file: string };

/**
 * The old side is the file as it is at `ref` in its git repository, with each overlay as committed
 * there too: an overlay change is part of the change under review (an overlay the base revision
 * lacks applies to the new side only). The new side is the working tree's, overlays included.
 */
function fromGit(io: Io, ref: string, positional: readonly string[], overlays: readonly OverlayFile[]): Sides {
  const file = positional[0] ?? '';
  const full = resolve(io.cwd, file);
  const [root, commit] = gitSide(full, ref, file);
  const text = atCommit(root, commit, full, file, ref) ?? fail(`cannot read ${file} at ${ref} from git: it is not in that revision`);
  const old = overlays.flatMap((o) => {
    const committed = atCommit(root, commit, o.path, o.file, ref);
    return committed === undefined ? [] : [{ file: `${ref}:${o.file}`, text: committed }];
  });
  const why = 'the old side takes each overlay as committed at the base revision and the new side as it is in the working tree, since an overlay change is part of the change under review; an overlay the base revision lacks applies to the new side only';
  const sides = overlays.length === 0 ? undefined : { old: old.map((o) => o.file), new: overlays.map((o) => o.file), why };
  return [{ file: `${ref}:${file}`, text, overlays: old }, { path: full, file, overlays }, sides];
}

function fail(message: string): never {
  throw new InputError(message);
}

/** The repository holding `full` and the commit `ref` names there. */
function gitSide(full: string, ref: string, file: string): [string, string] {
  try {
    const root = git(['rev-parse', '--show-toplevel'], dirname(full)).trim();
    return [root, commitOf(ref, root)];
  } catch (e) {
    throw new InputError(`cannot read ${file} at ${ref} from git${gitDetail(e)}`);
  }
}

/** The text of `full` at `commit`; undefined when that revision has no such file. A file outside the repository has no revision. */
function atCommit(root: string, commit: string, full: string, file: string, ref: string): string | undefined {
  const path = relative(root, full).split('\\').join('/');
  if (path === '..' || path.startsWith('../') || isAbsolute(path)) throw new InputError(`${file} is outside the git repository of the description, so it has no version at ${ref}`);
  try {
    if (git(['ls-tree', '--name-only', '--end-of-options', commit, '--', path], root).trim() === '') return undefined;
    return git(['show', '--end-of-options', `${commit}:${path}`], root);
  } catch (e) {
    throw new InputError(`cannot read ${file} at ${ref} from git${gitDetail(e)}`);
  }
}

function gitDetail(e: unknown): string {
  const detail = e instanceof Error && 'stderr' in e ? String((e as { stderr: unknown }).stderr).trim() : '';
  return detail === '' ? '' : `: ${detail}`;
}

/**
 * The commit `ref` names. A ref is the user's word, and may come from a pull request's branch
 * name: git must never read it as one of its options (`--output=<file>` makes `git show` write a
 * file). `--end-of-options` makes it a revision, which must name a commit; the file is then read
 * at that commit's id, which no option starts like.
 */
function commitOf(ref: string, root: string): string {
  return git(['rev-parse', '--verify', '--end-of-options', `${ref}^{commit}`], root).trim();
}

function git(args: readonly string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

function listRules(io: Io, format: Format): number {
  if (format === 'json') {
    io.out(JSON.stringify(RULES, null, 2));
    return 0;
  }
  const rows = RULES.map((r) => `${r.id.padEnd(36)} ${r.level.padEnd(8)} wire:${r.wire.padEnd(8)} source:${r.source.padEnd(8)} ${r.direction.padEnd(8)} ${r.description}`);
  io.out([`${RULES.length} rules (id, level, wire, source, direction, description):`, ...rows].join('\n'));
  return 0;
}
