/**
 * `contractgen diff <old> <new>` and `contractgen diff --base <git-ref> <file>`: what a contract
 * change breaks. Exit 1 when a contract does not load (or cannot be read from git) or a finding
 * reaches --fail-on, 2 on usage errors.
 */
import { execFileSync } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import { InputError, parseArgs, UsageError, type Io } from '../commands.js';
import type { ContractResult } from '../contract.js';
import { loadInput, loadInputText } from '../input.js';
import { isDescriptionFile } from '../import/sniff.js';
import { writeAtomic } from '../write.js';
import { formatDiagnostic } from '../diagnostics.js';
import { visibleText } from '../escape.js';
import { contractsApiDiff } from '../diff/api.js';
import { planBump, withPackageVersion } from '../diff/bump.js';
import { FORMATS, formatReview, type Format } from '../diff/report.js';
import { review, type Bump } from '../diff/review.js';
import { LEVELS, RULES } from '../diff/rules.js';

export async function diffCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['base', 'format', 'fail-on'], ['rules', 'no-api', 'bump']);
  const format = option(args.options.get('format'), FORMATS, 'text', '--format');
  const failOn = args.options.has('fail-on') ? option(args.options.get('fail-on'), LEVELS, 'breaking', '--fail-on') : undefined;
  if (args.options.has('rules')) return listRules(io, format);
  const base = args.options.get('base');
  const [before, after] = typeof base === 'string' ? fromGit(io, base, args.positional) : fromFiles(io, args.positional);
  if (!before.ok || !after.ok) {
    for (const side of [before, after]) for (const d of side.diagnostics) io.err(formatDiagnostic(d, side.source));
    io.err('contractgen diff: a contract does not load');
    return 1;
  }
  const api = args.options.has('no-api') ? [] : await contractsApiDiff(before, after);
  const result = review(before.contract, after.contract, api);
  io.out(formatReview(result, format).replace(/\n$/, ''));
  if (args.options.has('bump') && !applyBump(io, before, after, result.bump, newFile(io, base, args.positional))) return 1;
  if (failOn === undefined) return 0;
  const threshold = LEVELS.indexOf(failOn);
  return result.findings.some((f) => LEVELS.indexOf(f.level) <= threshold) ? 1 : 0;
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

function fromFiles(io: Io, positional: readonly string[]): [ContractResult, ContractResult] {
  if (positional.length !== 2) throw new UsageError('diff takes two contract files: contractgen diff <old> <new> (or --base <git-ref> <file>)');
  const [a = '', b = ''] = positional;
  return [loadInput(resolve(io.cwd, a), a), loadInput(resolve(io.cwd, b), b)];
}

/** The old side is the file as it is at `ref` in its git repository. */
function fromGit(io: Io, ref: string, positional: readonly string[]): [ContractResult, ContractResult] {
  if (positional.length !== 1) throw new UsageError('--base takes one contract file: contractgen diff --base <git-ref> <file>');
  const file = positional[0] ?? '';
  const full = resolve(io.cwd, file);
  let text: string;
  try {
    const root = git(['rev-parse', '--show-toplevel'], dirname(full)).trim();
    const path = relative(root, full).split('\\').join('/');
    text = git(['show', '--end-of-options', `${commitOf(ref, root)}:${path}`], root);
  } catch (e) {
    const detail = e instanceof Error && 'stderr' in e ? String((e as { stderr: unknown }).stderr).trim() : '';
    throw new InputError(`cannot read ${file} at ${ref} from git${detail === '' ? '' : `: ${detail}`}`);
  }
  return [loadInputText(`${ref}:${file}`, text), loadInput(full, file)];
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
