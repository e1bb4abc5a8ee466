/**
 * Reading in pieces (load/pieces.ts, watch mode) and reading CRLF text with the subset reader
 * (load/parse.ts) are accelerators only: for any contract they must give the data and positions of
 * the whole-document parse by yaml, and every diagnostic must be the whole-document one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { loadContractText } from '../generator/contract.js';
import { MAX_YAML_DOCUMENT_BYTES } from '../generator/limits.js';
import { locateIn } from '../generator/load/locate.js';
import { parseContract, parseWhole, type LoadResult } from '../generator/load/parse.js';
import { parseContractPieces, PieceStore, splitContract, subsetPieceLocator } from '../generator/load/pieces.js';
import { readYamlSubset } from '../generator/load/yaml-subset.js';
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { buildApi, contractYaml } from '../bench/synth.mjs';
import { DIFF_BOTH, FIXTURE_CONTRACTS } from './support/corpus.js';

const files = [...FIXTURE_CONTRACTS, ...DIFF_BOTH];

/** Every path into a value, keys and indexes. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

function expectSame(whole: LoadResult, pieced: LoadResult, name: string): void {
  expect(pieced.ok, name).toBe(whole.ok);
  if (!whole.ok || !pieced.ok) {
    expect(pieced, name).toEqual(whole);
    return;
  }
  expect(pieced.contract.data, name).toEqual(whole.contract.data);
  for (const path of [...paths(whole.contract.data), ['endpoints', 'no_such_operation'], ['no_such_key']]) {
    for (const mode of ['key', 'value'] as const) {
      expect(pieced.contract.locate(path, mode), `${name} ${path.join('.')} (${mode})`).toEqual(whole.contract.locate(path, mode));
    }
  }
}

/** A watch session's first read, split at any size. */
function pieced(file: string, source: string): LoadResult {
  return parseContractPieces(file, source, new PieceStore(), 0);
}

describe('pieced parse = whole parse', () => {
  it.each(files)('%s', (file) => {
    const source = readFileSync(file, 'utf8');
    expectSame(parseContract(file, source), pieced(file, source), file);
  });

  it('a synthetic 300-operation contract splits, operations and types in several pieces', () => {
    const source = contractYaml(buildApi(300)) as string;
    const pieces = splitContract(source);
    expect(pieces?.filter((p) => p.under === 'endpoints').length).toBeGreaterThan(3);
    expect(pieces?.filter((p) => p.under === 'types').length).toBeGreaterThan(3);
    expectSame(parseContract('s.yaml', source), pieced('s.yaml', source), 'synthetic');
  });

  it('pieces the subset reader leaves to yaml are parsed by yaml', () => {
    // A tab inside a quoted summary is YAML the subset reader does not take: every operation's piece goes to yaml.
    const source = (contractYaml(buildApi(300)) as string).replace(/summary: (Operation \d+)/g, 'summary: "$1\t(tab)"');
    expect(source).toContain('\t(tab)');
    expect(readYamlSubset(source)).toBeUndefined();
    expectSame(parseContract('t.yaml', source), pieced('t.yaml', source), 'tabs');
  });

  const orders = readFileSync('contract/orders.yaml', 'utf8');
  const firstOperation = /^ {2}\w+:$/m.exec(orders.slice(orders.indexOf('\nendpoints:')))![0];
  const broken: Record<string, string> = {
    'an operation repeated in another piece': orders.replace(/\nendpoints:\n/, `\nendpoints:\n${firstOperation}\n    method: GET\n    path: /x\n    host: fulfilment\n`),
    'a top-level key repeated': `${orders}\ninfo: { title: again }\n`,
    'an anchor and alias': orders.replace(/\nendpoints:\n/, '\nx-shared: &shared { a: 1 }\nx-copy: *shared\nendpoints:\n'),
    'a syntax error in one operation': orders.replace(/(\n {4}method: )(\w+)/, '$1[unclosed'),
    'a tab-indented line': orders.replace(/\n {4}method: /, '\n\tmethod: '),
    'a flow mapping continued at column 0': orders.replace(/\ninfo:/, '\nx-flow: { a: 1,\nb: 2 }\ninfo:'),
    'a document marker': `---\n${orders}`,
  };
  it.each(Object.keys(broken))('falls back to the whole parse: %s', (name) => {
    const source = broken[name]!;
    expectSame(parseContract('c.yaml', source), pieced('c.yaml', source), name);
  });
});

describe('CRLF text = the same text with LF, read by the subset reader', () => {
  const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
  it.each(files)('%s: the subset reader reads it, with the data and positions yaml gives', (file) => {
    const source = crlf(readFileSync(file, 'utf8'));
    expect(readYamlSubset(source)).toBeUndefined();
    expectSame(parseWhole(file, source), parseContract(file, source), file);
    expectSame(parseWhole(file, source), pieced(file, source), `${file} (pieces)`);
  });

  it('a synthetic 300-operation contract, whole and in pieces', () => {
    const source = crlf(contractYaml(buildApi(300)) as string);
    expectSame(parseWhole('s.yaml', source), parseContract('s.yaml', source), 'whole');
    expectSame(parseWhole('s.yaml', source), pieced('s.yaml', source), 'pieces');
  });

  it('a lone CR is not a line end the reader takes: yaml decides', () => {
    const source = readFileSync('contract/orders.yaml', 'utf8').replace('\ninfo:', '\r# a comment after a lone CR\ninfo:');
    expectSame(parseWhole('c.yaml', source), parseContract('c.yaml', source), 'lone CR');
  });
});


describe('a contract too large for yaml to parse whole', () => {
  /** Synthetic operations, descriptions in Markdown (` **` reads like an alias to a quick test). */
  const synthetic = (operations: number) => (contractYaml(buildApi(operations)) as string).replace(/description: ([A-Z][^,}\n]*)/g, 'description: "Note: **this** $1"');

  it('is positioned piece by piece (subsetPieceLocator), each position the one yaml gives', { timeout: 60_000 }, () => {
    // Any size splits alike; 100 operations keep yaml's whole parse, the oracle, quick.
    const source = synthetic(100);
    const loaded = parseContract('s.yaml', source);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    const lines = new LineCounter();
    const doc = parseDocument(source, { lineCounter: lines });
    const locate = subsetPieceLocator(source);
    const sample = everyNthPath(loaded.contract.data, 7);
    expect(sample.length).toBeGreaterThan(300);
    for (const path of [...sample, ['endpoints', 'no_such_operation']]) {
      for (const mode of ['key', 'value'] as const) expect(locate(path, mode), `${path.join('.')} (${mode})`).toEqual(lines.linePos(locateIn(doc, path, mode) ?? 0));
    }
  });

  it('names where a problem is written: a type nobody declares in the last operation, below 4 MiB of comment', { timeout: 60_000 }, () => {
    const text = `# ${'padding '.repeat(MAX_YAML_DOCUMENT_BYTES / 8)}\n${synthetic(300)}`;
    const at = text.lastIndexOf('request: { body: ') + 'request: { body: '.length;
    const source = `${text.slice(0, at)}NoSuchType${text.slice(text.indexOf(' ', at))}`;
    expect(source.length).toBeGreaterThan(MAX_YAML_DOCUMENT_BYTES);
    const loaded = loadContractText('big.yaml', source);
    expect(loaded.ok).toBe(false);
    const before = source.slice(0, source.indexOf('NoSuchType')).split('\n');
    // The synthetic contract declares no auth scheme (no-auth-scheme, a warning): the error is the subject.
    const errors = loaded.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.line, d.col])).toEqual([['unresolved-type', before.length, (before.at(-1)?.length ?? 0) + 1]]);
  });
});

/** Every `n`th path into a value in document order, without recursion (a contract of this size has hundreds of thousands). */
function everyNthPath(value: unknown, n: number): (string | number)[][] {
  const out: (string | number)[][] = [];
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  for (let i = 0; stack.length > 0; i++) {
    const [node, path] = stack.pop()!;
    if (i % n === 0) out.push(path);
    const children: [unknown, (string | number)[]][] = Array.isArray(node) ? node.map((v, k) => [v, [...path, k]]) : node !== null && typeof node === 'object' ? Object.entries(node).map(([k, v]) => [v, [...path, k]]) : [];
    stack.push(...children.reverse());
  }
  return out;
}
