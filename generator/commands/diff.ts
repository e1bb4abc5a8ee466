/**
 * `contractgen diff <old> <new>` and `contractgen diff --base <git-ref> <file>`: what a contract
 * change breaks. Exit 1 when a finding reaches --fail-on, 2 on tool or usage errors.
 */
import { execFileSync } from 'node:child_process';
import { dirname, relative, resolve } from 'node:path';
import { parseArgs, UsageError, type Io } from '../commands.js';
import type { ContractResult } from '../contract.js';
import { loadInput, loadInputText } from '../input.js';
import { formatDiagnostic } from '../diagnostics.js';
import { apiDiff } from '../diff/api.js';
import { FORMATS, formatReview, type Format } from '../diff/report.js';
import { review } from '../diff/review.js';
import { LEVELS, RULES } from '../diff/rules.js';
import { render } from '../generate.js';

export async function diffCommand(argv: readonly string[], io: Io): Promise<number> {
  const args = parseArgs(argv, ['base', 'format', 'fail-on'], ['rules', 'no-api']);
  const format = option(args.options.get('format'), FORMATS, 'text', '--format');
  const failOn = args.options.has('fail-on') ? option(args.options.get('fail-on'), LEVELS, 'breaking', '--fail-on') : undefined;
  if (args.options.has('rules')) return listRules(io, format);
  const base = args.options.get('base');
  const [before, after] = typeof base === 'string' ? fromGit(io, base, args.positional) : fromFiles(io, args.positional);
  if (!before.ok || !after.ok) {
    for (const side of [before, after]) for (const d of side.diagnostics) io.err(formatDiagnostic(d, side.source));
    io.err('contractgen diff: a contract does not load');
    return 2;
  }
  const api = args.options.has('no-api') ? [] : await apiDiff(await filesOf(before), await filesOf(after));
  const result = review(before.contract, after.contract, api);
  io.out(formatReview(result, format).replace(/\n$/, ''));
  if (failOn === undefined) return 0;
  const threshold = LEVELS.indexOf(failOn);
  return result.findings.some((f) => LEVELS.indexOf(f.level) <= threshold) ? 1 : 0;
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
  let root: string;
  let text: string;
  try {
    root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dirname(full), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    const path = relative(root, full).split('\\').join('/');
    text = execFileSync('git', ['show', `${ref}:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    const detail = e instanceof Error && 'stderr' in e ? String((e as { stderr: unknown }).stderr).trim() : '';
    throw new UsageError(`cannot read ${file} at ${ref} from git${detail === '' ? '' : `: ${detail}`}`);
  }
  return [loadInputText(`${ref}:${file}`, text), loadInput(full, file)];
}

async function filesOf(result: Extract<ContractResult, { ok: true }>): Promise<Map<string, string>> {
  const rendered = await render(result.contract.file, result.source);
  return rendered.kind === 'files' ? rendered.files : new Map();
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
