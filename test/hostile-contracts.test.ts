/**
 * Hostile contract files through the CLI: valid contracts (random ones from
 * test/support/arbitrary-contract.ts and the repository's) with keys deleted, values retyped,
 * keys renamed, lines dropped or repeated, the text truncated or spliced with random bytes; plus
 * random bytes, alias bombs, oversized files and 10,000-deep nesting.
 *
 * For every invalid file, `generate` run in process must: exit 1 (never 0, never 2: 2 is for
 * usage errors), print every line that starts with the file name as `file:line:col: message [code]`
 * (or `file: message [code]` for file-level problems), print no stack trace, finish within
 * MAX_MS, and write nothing (the --out folder does not exist afterwards). A mutation that leaves
 * the contract valid (the validator decides) must pass `validate` instead. A handful of cases run
 * through the real binary to check the same at the process level.
 *
 * HOSTILE_RUNS (default 150) and FUZZ_SEED change the count and the seed of the random cases.
 */
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../generator/cli.js';
import { loadContractText } from '../generator/contract.js';
import { MAX_ALIAS_COUNT, MAX_CONTRACT_BYTES, MAX_CONTRACT_VALUES, MAX_DEPTH, MAX_YAML_DOCUMENT_BYTES } from '../generator/limits.js';
import { contractArbitrary, toYaml, type Json } from './support/arbitrary-contract.js';

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not ${raw}`);
  return value;
}

const RUNS = intEnv('HOSTILE_RUNS', 150);
const SEED = intEnv('FUZZ_SEED', 0x2025_c0de);
/** Bound on one CLI call on an invalid file, in process. */
const MAX_MS = 5_000;
const BIN = join('generator', 'dist', 'generator', 'bin.js');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// Running the CLI and judging its output

interface Run {
  readonly code: number;
  readonly out: readonly string[];
  readonly err: readonly string[];
  readonly ms: number;
}

async function runInProcess(argv: readonly string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const started = performance.now();
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), cwd: process.cwd() });
  return { code, out: out.join('\n').split('\n'), err: err.join('\n').split('\n'), ms: performance.now() - started };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A stack frame (`    at f (file.js:1:2)`), or an error name followed by frames. */
export function hasStackTrace(text: string): boolean {
  return /^\s*at (?:async )?\S.*(?:\.[cm]?[jt]s:\d+:\d+\)?|\(node:[^)]*\)|\(<anonymous>\)|native\))$/m.test(text) || /^\w*Error: .*\n\s+at /m.test(text);
}

/** What is wrong with the output of a CLI run on an invalid contract `file`. */
function outputProblems(file: string, run: Pick<Run, 'out' | 'err'>): string[] {
  const problems: string[] = [];
  // Messages quote contract text, which may hold U+2028 and the like: `s` lets `.` match them.
  const diagnostic = new RegExp(`^${escapeRegExp(file)}(?::(\\d+):(\\d+))?: (?:warning: )?\\S.* \\[[a-z][a-z-]*\\]$`, 's');
  let diagnostics = 0;
  for (const line of run.err) {
    if (!line.startsWith(file)) continue;
    const m = diagnostic.exec(line);
    if (m === null) problems.push(`malformed diagnostic line: ${JSON.stringify(line.slice(0, 300))}`);
    else if (m[1] !== undefined && (Number(m[1]) < 1 || Number(m[2]) < 1)) problems.push(`diagnostic without a real position: ${JSON.stringify(line.slice(0, 300))}`);
    else diagnostics++;
  }
  if (diagnostics === 0) problems.push(`no diagnostic names the file: ${JSON.stringify(run.err.slice(0, 4).join('\n').slice(0, 400))}`);
  const all = [...run.out, ...run.err].join('\n');
  if (hasStackTrace(all)) problems.push(`stack trace in the output: ${JSON.stringify(all.slice(0, 600))}`);
  if (/internal error/i.test(all)) problems.push(`internal error: ${JSON.stringify(all.slice(0, 400))}`);
  return problems;
}

interface Case {
  readonly name: string;
  readonly bytes: string | Buffer;
  /** What the one diagnostic must say, where the case is about one limit. */
  readonly says?: RegExp;
}

/**
 * Writes the case to a fresh folder and runs `generate` (invalid) or `validate` (still valid) in
 * process. Returns the problems, prefixed with the case's name.
 */
async function judge(c: Case): Promise<{ problems: string[]; valid: boolean; ms: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'contractgen-hostile-'));
  dirs.push(dir);
  const file = join(dir, 'contract.yaml');
  const out = join(dir, 'out');
  writeFileSync(file, c.bytes);
  let valid = false;
  try {
    valid = loadContractText(file, readFileSync(file, 'utf8')).ok;
  } catch {
    // The validator crashing is judged through the CLI below, as an invalid contract.
  }
  const problems: string[] = [];
  if (valid) {
    const run = await runInProcess(['validate', file]);
    if (run.code !== 0) problems.push(`the validator accepts it, but validate exits ${run.code}: ${run.err.slice(0, 3).join(' | ')}`);
    return { problems: problems.map((p) => `${c.name}: ${p}`), valid, ms: run.ms };
  }
  const run = await runInProcess(['generate', '--contract', file, '--out', out]);
  if (run.code !== 1) problems.push(`exit code ${run.code}, expected 1: ${JSON.stringify(run.err.join('\n').slice(0, 500))}`);
  problems.push(...outputProblems(file, run));
  if (run.ms > MAX_MS) problems.push(`took ${Math.round(run.ms)} ms (bound ${MAX_MS} ms)`);
  if (existsSync(out)) problems.push('the --out folder exists afterwards');
  const left = readdirSync(dir).filter((n) => n !== 'contract.yaml');
  if (left.length > 0) problems.push(`files left next to the contract: ${left.join(', ')}`);
  return { problems: problems.map((p) => `${c.name}: ${p}`), valid, ms: run.ms };
}

async function judgeAll(cases: readonly Case[]): Promise<{ problems: string[]; invalid: number; valid: number; maxMs: number }> {
  const problems: string[] = [];
  let invalid = 0;
  let valid = 0;
  let maxMs = 0;
  for (const c of cases) {
    const verdict = await judge(c);
    problems.push(...verdict.problems);
    if (verdict.valid) valid++;
    else invalid++;
    maxMs = Math.max(maxMs, verdict.ms);
  }
  return { problems, invalid, valid, maxMs };
}

// ---------------------------------------------------------------------------------------------
// Base contracts and mutations

function repoContracts(): string[] {
  const diffDirs = readdirSync(join('test', 'diff')).sort();
  const picked = diffDirs.filter((_, i) => i % 20 === 0).map((d) => join('test', 'diff', d, 'old.yaml'));
  return ['contract/orders.yaml', 'test/fixtures/problem-json/contract.yaml', 'test/fixtures/enums-nested/contract.yaml', ...picked]
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f, 'utf8'));
}

/** Random contracts with collision-free names (hostile ones are `property.test.ts`'s business). */
const randomBases = fc.sample(contractArbitrary({ names: 'distinct' }), { seed: SEED, numRuns: 6 }).map((g) => g.yaml);
const BASES: readonly string[] = [...repoContracts(), ...randomBases];

type Path = readonly (string | number)[];

function allPaths(value: Json, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...allPaths(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push([...prefix, k], ...allPaths(v, [...prefix, k]));
  return out;
}

/** A deep copy with `edit` applied to the parent of `path`. */
function edit(doc: Json, path: Path, apply: (parent: Json[] | { [k: string]: Json }, key: string | number) => void): Json {
  const copy = JSON.parse(JSON.stringify(doc)) as Json;
  let parent: Json = copy;
  for (const segment of path.slice(0, -1)) {
    if (parent === null || typeof parent !== 'object') return copy;
    parent = Array.isArray(parent) ? (parent[segment as number] ?? null) : (parent[segment as string] ?? null);
  }
  const key = path[path.length - 1];
  if (parent !== null && typeof parent === 'object' && key !== undefined) apply(parent, key);
  return copy;
}

const REPLACEMENTS: readonly Json[] = [null, 0, -1, 1.5, 1e300, '', 'x', 'FETCH', '{x}', true, false, [], {}, [1, 'two'], { a: 1 }, JSON.parse('{"__proto__": 1}') as Json, '\u2028'];

/** Sets an own property, even one named `__proto__`. */
function setOwn(target: { [k: string]: Json }, key: string, value: Json): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

type Mutation =
  | { readonly op: 'delete' | 'retype' | 'rename'; readonly base: number; readonly at: number; readonly pick: number; readonly key: string }
  | { readonly op: 'truncate' | 'splice' | 'drop-line' | 'repeat-line' | 'tab-indent' | 'junk-char'; readonly base: number; readonly at: number; readonly pick: number; readonly bytes: Uint8Array };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constantFrom('delete' as const, 'retype' as const, 'rename' as const), base: fc.nat(), at: fc.nat(), pick: fc.nat(), key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'endpointz', 'hots', '<<', '')) }),
  fc.record({
    op: fc.constantFrom('truncate' as const, 'splice' as const, 'drop-line' as const, 'repeat-line' as const, 'tab-indent' as const, 'junk-char' as const),
    base: fc.nat(),
    at: fc.nat(),
    pick: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
  }),
);

function applyMutation(m: Mutation): Case {
  const text = BASES[m.base % BASES.length] ?? '';
  const name = `${m.op} of base ${m.base % BASES.length} at ${m.at}`;
  if (m.op === 'delete' || m.op === 'retype' || m.op === 'rename') {
    const doc = parse(text) as Json;
    const paths = allPaths(doc);
    const path = paths[m.at % Math.max(1, paths.length)] ?? ['contractgen'];
    const mutated = edit(doc, path, (parent, key) => {
      if (Array.isArray(parent)) {
        if (m.op === 'delete') parent.splice(key as number, 1);
        else parent[key as number] = REPLACEMENTS[m.pick % REPLACEMENTS.length] ?? null;
        return;
      }
      const k = String(key);
      const value = parent[k] ?? null;
      if (m.op === 'rename') {
        const entries = Object.entries(parent).map(([ek, ev]) => [ek === k ? m.key : ek, ek === k ? value : ev] as const);
        for (const ek of Object.keys(parent)) delete parent[ek];
        for (const [ek, ev] of entries) setOwn(parent, ek, ev);
      } else if (m.op === 'delete') delete parent[k];
      else setOwn(parent, k, REPLACEMENTS[m.pick % REPLACEMENTS.length] ?? null);
    });
    return { name: `${name} (${path.join('.')})`, bytes: toYaml(mutated) };
  }
  const lines = text.split('\n');
  const line = m.at % Math.max(1, lines.length);
  switch (m.op) {
    case 'truncate':
      return { name, bytes: text.slice(0, m.at % Math.max(1, text.length)) };
    case 'splice': {
      const at = m.at % Math.max(1, text.length);
      return { name, bytes: Buffer.concat([Buffer.from(text.slice(0, at)), Buffer.from(m.bytes), Buffer.from(text.slice(at + (m.pick % 8)))]) };
    }
    case 'drop-line':
      return { name, bytes: lines.filter((_, i) => i !== line).join('\n') };
    case 'repeat-line':
      return { name, bytes: [...lines.slice(0, line + 1), lines[line] ?? '', ...lines.slice(line + 1)].join('\n') };
    case 'tab-indent':
      return { name, bytes: lines.map((l, i) => (i === line ? `\t${l}` : l)).join('\n') };
    case 'junk-char': {
      const at = m.at % Math.max(1, text.length);
      const junk = [':', '{', '[', '&', '*', '!', '|', '>', '"', "'", '%', '@', '`', '\u0000', '\u2028', '\ufeff'][m.pick % 16] ?? ':';
      return { name, bytes: text.slice(0, at) + junk + text.slice(at) };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Crafted cases

function aliasBomb(levels: number, width: number): string {
  const lines = ['contractgen: 1', `a0: &a0 [${Array.from({ length: width }, () => 'lol').join(', ')}]`];
  for (let i = 1; i < levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

function deepBlockMapping(depth: number): string {
  const lines = ['contractgen: 1', 'info:'];
  for (let i = 1; i <= depth; i++) lines.push(`${' '.repeat(i)}k:`);
  lines.push(`${' '.repeat(depth + 1)}1`);
  return `${lines.join('\n')}\n`;
}

const CRAFTED: readonly Case[] = [
  { name: 'empty file', bytes: '' },
  { name: 'whitespace only', bytes: ' \n\t\n' },
  { name: 'document marker only', bytes: '---\n' },
  { name: 'a scalar', bytes: 'hello\n' },
  { name: 'a list', bytes: '- contractgen: 1\n' },
  { name: 'two documents', bytes: 'contractgen: 1\n---\ncontractgen: 1\n' },
  { name: 'JSON with a trailing comma', bytes: '{"contractgen": 1,}\n' },
  { name: 'BOM and CRLF, missing keys', bytes: '\ufeffcontractgen: 1\r\ninfo: {}\r\n' },
  { name: 'NUL bytes', bytes: Buffer.from([0, 0, 0, 0x0a]) },
  { name: 'invalid UTF-8', bytes: Buffer.from([0xff, 0xfe, 0x63, 0x3a, 0x20, 0xc3, 0x28, 0x0a]) },
  { name: 'contractgen 2', bytes: 'contractgen: 2\ninfo: { title: T, version: "1", package: t }\nhosts: { api: { url: x } }\nendpoints: {}\n' },
  { name: 'duplicate top-level key', bytes: 'contractgen: 1\ncontractgen: 1\n' },
  { name: 'merge key', bytes: 'base: &b { title: T }\ninfo:\n  <<: *b\n' },
  { name: 'unknown tag', bytes: 'contractgen: !!js/function "function () { process.exit(1) }"\n' },
  { name: 'anchors everywhere', bytes: 'contractgen: &c 1\ninfo: &i { title: *c }\nhosts: *i\n' },
  { name: `alias bomb (10 x 10^9)`, bytes: aliasBomb(10, 10) },
  { name: `just over the alias limit (${MAX_ALIAS_COUNT + 1} aliases)`, bytes: `contractgen: 1\nx: &x 1\ny: [${Array.from({ length: MAX_ALIAS_COUNT + 1 }, () => '*x').join(', ')}]\n` },
  { name: 'self-referencing alias', bytes: 'a: &a [*a]\n' },
  { name: 'undefined alias', bytes: 'contractgen: *nope\n' },
  { name: '10,000 [ (closed)', bytes: `contractgen: 1\nx: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n` },
  { name: '10,000 [ (unclosed)', bytes: `contractgen: 1\nx: ${'['.repeat(10_000)}\n` },
  { name: '10,000 nested flow mappings', bytes: `contractgen: 1\nx: ${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}\n` },
  { name: '10,000 nested block sequences', bytes: `x:\n${Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(i)}- `).join('\n')}1\n` },
  { name: '1,000 nested block mappings', bytes: deepBlockMapping(1_000) },
  { name: `${MAX_DEPTH + 1} nested lists (one over the limit)`, bytes: `contractgen: 1\nx: ${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}\n` },
  { name: 'file just over the size limit', bytes: `contractgen: 1\n#${'x'.repeat(MAX_CONTRACT_BYTES - 16)}\n` },
  { name: '10 MB file', bytes: `contractgen: 1\n#${'x'.repeat(10 * 1024 * 1024 - 17)}\n` },
  { name: 'valid YAML just under what yaml parses whole: one huge scalar', bytes: `contractgen: 1\ninfo: { title: "${'x'.repeat(MAX_YAML_DOCUMENT_BYTES - 200)}", version: "1", package: p }\n` },
  { name: 'very long line of keys', bytes: `{${Array.from({ length: 2_000 }, (_, i) => `k${i}: ${i}`).join(', ')}}\n` },
];

// ---------------------------------------------------------------------------------------------

describe('hostile contracts through generate, in process', () => {
  it('the crafted cases are invalid, and each is reported in the diagnostic format, fast, writing nothing', async () => {
    const verdict = await judgeAll(CRAFTED);
    expect(verdict.valid, 'no crafted case is a valid contract').toBe(0);
    expect(verdict.problems, verdict.problems.join('\n')).toEqual([]);
  }, 120_000);

  it(`${RUNS} mutated contracts (FUZZ_SEED=${SEED}): invalid ones exit 1 with well-formed diagnostics and write nothing; still-valid ones validate`, async () => {
    const mutations = fc.sample(mutationArb, { seed: SEED, numRuns: RUNS });
    const verdict = await judgeAll(mutations.map(applyMutation));
    // Most mutations must break the contract, or the test tests little.
    console.info(`mutated contracts: ${verdict.invalid} invalid, ${verdict.valid} still valid; slowest call ${Math.round(verdict.maxMs)} ms`);
    expect(verdict.invalid).toBeGreaterThan(RUNS / 2);
    expect(verdict.problems, `${verdict.problems.length} problem(s):\n${verdict.problems.slice(0, 30).join('\n')}`).toEqual([]);
  }, 120_000);

  it('a usage error exits 2 without a stack trace, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-hostile-'));
    dirs.push(dir);
    const out = join(dir, 'out');
    const usages = [['generate', '--out', out, '--contract'], ['generate', '--out', out, '--bogus'], ['generate', '--out', out, 'one.yaml', 'two.yaml'], ['frobnicate', '--out', out], ['generate', '--out', out, '--check', '--watch']];
    for (const argv of usages) {
      const run = await runInProcess(argv);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(hasStackTrace([...run.out, ...run.err].join('\n')), argv.join(' ')).toBe(false);
      expect(existsSync(join(dir, 'out'))).toBe(false);
    }
  });
});

describe('hostile contracts through the real binary', () => {
  function spawn(args: readonly string[], timeoutMs: number): { code: number | null; stdout: string; stderr: string; ms: number; timedOut: boolean } {
    const started = performance.now();
    const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
    const timedOut = result.error !== undefined && (result.error as NodeJS.ErrnoException).code === 'ETIMEDOUT';
    return { code: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', ms: performance.now() - started, timedOut };
  }

  function caseFile(name: string, bytes: string | Buffer): { file: string; out: string } {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-hostile-bin-'));
    dirs.push(dir);
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return { file, out: join(dir, 'out') };
  }

  const PROCESS_CASES: readonly Case[] = [
    { name: 'invalid contract (valid YAML)', bytes: 'contractgen: 1\ninfo: { title: T }\n' },
    { name: 'random bytes', bytes: Buffer.from(fc.sample(fc.uint8Array({ minLength: 200, maxLength: 200 }), { seed: SEED, numRuns: 1 })[0] ?? []) },
    { name: 'alias bomb', bytes: aliasBomb(10, 10) },
    { name: '10,000 nested flow mappings', bytes: `contractgen: 1\nx: ${'{a: '.repeat(10_000)}1${'}'.repeat(10_000)}\n` },
    { name: '10 MB file', bytes: `contractgen: 1\n#${'x'.repeat(10 * 1024 * 1024 - 17)}\n` },
  ];

  for (const c of PROCESS_CASES) {
    it(`${c.name}: exit 1, diagnostics, no stack trace, nothing written`, () => {
      const { file, out } = caseFile('contract.yaml', c.bytes);
      const run = spawn(['generate', '--contract', file, '--out', out], 20_000);
      expect(run.timedOut, 'timed out').toBe(false);
      expect(run.code, run.stderr.slice(0, 500)).toBe(1);
      expect(outputProblems(file, { out: run.stdout.split('\n'), err: run.stderr.split('\n') })).toEqual([]);
      expect(existsSync(out)).toBe(false);
    }, 30_000);
  }

  it('a usage error: exit 2, usage text, no stack trace', () => {
    const run = spawn(['generate', '--no-such-flag'], 20_000);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Usage:/);
    expect(hasStackTrace(run.stdout + run.stderr)).toBe(false);
  }, 30_000);

  // The size limit is checked with stat(), whose size is 0 for devices and pipes: such a "file" is
  // then read to its end, which /dev/zero never reaches.
  it.skipIf(process.platform === 'win32')('--contract /dev/zero: exit 1 with a file-level diagnostic within 5 s (not an endless read)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-hostile-bin-'));
    dirs.push(dir);
    const run = spawn(['generate', '--contract', '/dev/zero', '--out', join(dir, 'out')], 5_000);
    expect(run.timedOut, `still reading /dev/zero after ${Math.round(run.ms)} ms`).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^\/dev\/zero: .+ \[file-[a-z-]+\]$/m);
  }, 30_000);

  // Under the size limit, but the parse is slow: a flat list of a million items, and a mapping
  // whose duplicate-key check is quadratic in its number of keys.
  const SLOW: readonly Case[] = [
    { name: 'valid YAML just under what yaml parses whole (a tab keeps the subset reader out): a flat list of ~1,000,000 items', bytes: listUnder(MAX_YAML_DOCUMENT_BYTES).replace('junk:', 'junk:\t') },
    // Past what yaml parses whole, only the subset reader reads a contract, and counts its values.
    { name: `a list of ${MAX_CONTRACT_VALUES} items in plain block YAML (one value over the limit, with the key)`, bytes: `contractgen: 1\njunk:\n${'  - 1\n'.repeat(MAX_CONTRACT_VALUES)}`, says: /: the contract holds more than 2500000 values .+ \[file-too-large\]$/m },
    { name: `over ${MAX_YAML_DOCUMENT_BYTES} bytes that are not all plain block YAML`, bytes: `contractgen: 1\njunk:\t\n${'  - 1\n'.repeat(MAX_YAML_DOCUMENT_BYTES / 6 + 1)}`, says: /: the contract is \d+ bytes and not all plain block YAML .+ \[file-too-large\]$/m },
    { name: 'a 0.7 MB mapping of 60,000 keys', bytes: `contractgen: 1\njunk:\n${Array.from({ length: 60_000 }, (_, i) => `  k${i}: v`).join('\n')}\n` },
  ];
  // YAML parses at about 1.3 MB/s here, so a file at the 4 MiB limit costs ~3 s alone and twice
  // that on a loaded 2-core machine: bounded, with room.
  const SLOW_MS = 15_000;
  for (const c of SLOW) {
    it(`${c.name}: exit 1 within ${SLOW_MS} ms`, () => {
      const { file, out } = caseFile('contract.yaml', c.bytes);
      const run = spawn(['generate', '--contract', file, '--out', out], SLOW_MS);
      expect(run.timedOut, `no answer after ${Math.round(run.ms)} ms`).toBe(false);
      expect(run.code, run.stderr.slice(0, 500)).toBe(1);
      if (c.says !== undefined) expect(run.stderr).toMatch(c.says);
      expect(existsSync(out)).toBe(false);
    }, 30_000);
  }
});

function listUnder(limit: number): string {
  const lines = ['contractgen: 1', 'junk:'];
  let size = 30;
  for (let i = 0; size < limit - 100; i++) {
    const line = `  - ${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}
