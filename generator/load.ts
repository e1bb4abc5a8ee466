/**
 * Stage 1: read a contract file and parse its YAML, keeping every node's position so later
 * stages can point at `file:line:col`.
 */
import type { Document, Node, Pair, YAMLMap } from 'yaml';
import { Worker } from 'node:worker_threads';
import { MESSAGES as M, problem } from './diagnostic-catalogue.js';
import type { Diagnostic, Position } from './diagnostics.js';
import type { Incremental } from './incremental.js';
import { readContractBytes } from './load/read-file.js';
import { mergePieces, parsePiece, pieceLocator, readPiece, splitContract, type ParsedPiece, type Piece } from './load-chunks.js';
import { shippedFile } from './package-root.js';
import { YAML_PARSE_OPTIONS, yamlLib } from './yaml-lib.js';
import { readYamlSubset } from './yaml-subset.js';

import { MAX_ALIAS_COUNT, MAX_CONTRACT_BYTES, MAX_DEPTH } from './limits.js';

export { MAX_ALIAS_COUNT, MAX_CONTRACT_BYTES, MAX_DEPTH };

export interface ParsedContract {
  readonly file: string;
  readonly source: string;
  /** The document as plain data: what the schema validates and the model is built from. */
  readonly data: unknown;
  readonly locate: Locator;
}

/** Finds where a path of keys and indexes sits in the source; `key` points at the key itself. */
export type Locator = (path: readonly (string | number)[], at?: 'key' | 'value') => Position;

export type LoadResult =
  | { readonly ok: true; readonly contract: ParsedContract }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly source: string | undefined };

/** `path`'s contract, parsed; `file` is how diagnostics name it (default: the path as given). */
export function readContractFile(path: string, file: string = path): LoadResult {
  const bytes = readContractBytes(path, file);
  return Buffer.isBuffer(bytes) ? parseContract(file, bytes.toString('utf8')) : bytes;
}

export function parseContract(file: string, source: string): LoadResult {
  // Most contracts are in the subset: data without a full parse; positions parse on demand.
  const data = readYamlSubset(source);
  if (data !== undefined) return { ok: true, contract: { file, source, data, locate: lazyLocator(source) } };
  return parseWhole(file, source);
}

/** A locator that parses the document the first time a position is asked for. */
function lazyLocator(source: string): Locator {
  let locate: Locator | undefined;
  return (path, mode) => {
    if (locate === undefined) {
      const { LineCounter, parseDocument } = yamlLib();
      const lineCounter = new LineCounter();
      const doc = parseDocument(source, { ...YAML_PARSE_OPTIONS, lineCounter });
      locate = makeLocator(doc, (offset) => lineCounter.linePos(offset));
    }
    return locate(path, mode);
  };
}

/** The contract parsed by yaml alone, with every YAML-level diagnostic (what the subset reader must agree with). */
export function parseWhole(file: string, source: string): LoadResult {
  const { LineCounter, parseDocument, isMap, isScalar } = yamlLib();
  const lineCounter = new LineCounter();
  // yaml's own uniqueKeys check compares every key with every earlier one (quadratic: 60,000 keys
  // take seconds); duplicates are found below with one set per mapping instead.
  const doc = parseDocument(source, { ...YAML_PARSE_OPTIONS, lineCounter });
  const at = (offset: number): Position => lineCounter.linePos(offset);
  const problems = [...doc.errors, ...doc.warnings].map((e) => problem(M.yamlSyntax, file, at(e.pos[0]), { detail: yamlDetail(e.message) }));
  if (problems.length > 0) return fail(problems, source);
  const duplicates = duplicateKeys(doc, file, at);
  if (duplicates.length > 0) return fail(duplicates, source);
  if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) {
    return fail([problem(M.emptyContract, file, { line: 1, col: 1 }, {})], source);
  }
  if (!isMap(doc.contents)) {
    const where = at(doc.contents.range?.[0] ?? 0);
    return fail([problem(M.notAMapping, file, where, { found: describeNode(doc.contents) })], source);
  }
  const deep = firstTooDeep(doc);
  if (deep !== undefined) {
    return fail([problem(M.tooDeep, file, at(deep), { limit: MAX_DEPTH })], source);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch {
    return fail([problem(M.aliasLimit, file, at(firstAliasOffset(doc)), { limit: MAX_ALIAS_COUNT })], source);
  }
  return { ok: true, contract: { file, source, data, locate: makeLocator(doc, at) } };
}

function fail(diagnostics: readonly Diagnostic[], source: string | undefined): LoadResult {
  return { ok: false, diagnostics, source };
}

/** yaml's message without its position (the diagnostic has its own) or its code frame. */
function yamlDetail(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first.replace(/ at line \d+, column \d+:?$/, '');
}

/** Repeated keys, one linear pass per mapping; a repeated key under `endpoints` is a repeated operation id. */
function duplicateKeys(doc: Document, file: string, at: (offset: number) => Position): Diagnostic[] {
  const { isMap, isScalar } = yamlLib();
  const out: Diagnostic[] = [];
  const endpoints = isMap(doc.contents) ? pairOf(doc.contents, 'endpoints')?.value : undefined;
  walk(doc, (node) => {
    if (!isMap(node)) return false;
    const seen = new Map<string, number>();
    for (const pair of node.items) {
      if (!isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      const offset = pair.key.range?.[0] ?? 0;
      const first = seen.get(key);
      if (first === undefined) {
        seen.set(key, offset);
        continue;
      }
      const firstLine = at(first).line;
      out.push(node === endpoints ? problem(M.duplicateOperation, file, at(offset), { id: key, firstLine }) : problem(M.duplicateKey, file, at(offset), { key, firstLine }));
    }
    return false;
  });
  return out;
}

/**
 * Every node in document order with its depth (the collections above it), until `stop` says so.
 * Iterative, and without yaml's `visit` paths: the contract may hold hundreds of thousands of nodes.
 */
function walk(doc: Document, stop: (node: unknown, depth: number) => boolean): void {
  const { isMap, isPair, isSeq } = yamlLib();
  const stack: [unknown, number][] = [[doc.contents, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || node === undefined) continue;
    if (stop(node, depth)) return;
    if (!isMap(node) && !isSeq(node)) continue;
    const children: unknown[] = [];
    for (const item of node.items as unknown[]) {
      if (isPair(item)) children.push(item.key, item.value);
      else children.push(item);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i], depth + 1]);
  }
}

function describeNode(node: Node): string {
  const { isScalar, isSeq } = yamlLib();
  if (isSeq(node)) return 'a list';
  if (isScalar(node)) return `a ${typeof node.value === 'string' ? 'string' : 'scalar'}`;
  return 'an alias';
}

function firstAliasOffset(doc: Document): number {
  const { visit } = yamlLib();
  let offset = 0;
  visit(doc, {
    Alias(_key, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

function firstTooDeep(doc: Document): number | undefined {
  let found: number | undefined;
  // A node under MAX_DEPTH collections sits one level deeper than the limit.
  walk(doc, (node, depth) => {
    if (depth < MAX_DEPTH) return false;
    found = rangeStart(node) ?? 0;
    return true;
  });
  return found;
}

function makeLocator(doc: Document, at: (offset: number) => Position): Locator {
  return (path, mode = 'value') => at(locateIn(doc, path, mode) ?? 0);
}

// The model locates every field it builds: a key index per mapping keeps that linear.
const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  const { isPair, isScalar } = yamlLib();
  let index = indexes.get(map);
  if (index === undefined) {
    index = new Map();
    for (const p of map.items) if (isPair(p) && isScalar(p.key) && !index.has(String(p.key.value))) index.set(String(p.key.value), p);
    indexes.set(map, index);
  }
  return index.get(key);
}

/** The offset of a path's node (or key) in `doc`: as deep as the path exists. */
export function locateIn(doc: Document, path: readonly (string | number)[], mode: 'key' | 'value'): number | undefined {
  const { isAlias, isMap, isSeq } = yamlLib();
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = pairOf(node, String(segment));
      if (pair === undefined) break;
      const keyStart = rangeStart(pair.key);
      if (last && mode === 'key' && keyStart !== undefined) return keyStart;
      node = pair.value;
      offset = rangeStart(node) ?? keyStart ?? offset;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) break;
      node = item;
      offset = rangeStart(node) ?? offset;
    } else {
      break;
    }
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  if (node !== null && typeof node === 'object' && 'range' in node) {
    const range = (node as { range?: readonly number[] | null }).range;
    return range?.[0];
  }
  return undefined;
}

/**
 * `parseContract` for generation: large contracts are parsed in pieces, half of them on a worker
 * thread; a watch session (`incremental`) re-parses only pieces whose text changed. Any doubt — a
 * contract that does not split cleanly, a piece with a problem — falls back to `parseContract`,
 * so the result and every diagnostic are the whole-document ones.
 */
export async function parseContractFast(file: string, source: string, options: FastParseOptions = {}): Promise<LoadResult> {
  const pieces = source.length >= (options.piecesFrom ?? PIECES_FROM) ? splitContract(source) : undefined;
  if (pieces === undefined) return parseContract(file, source);
  const parsed = await parsePieces(pieces, options.workerFrom ?? WORKER_FROM, options.incremental?.pieces);
  const data = mergePieces(pieces, parsed, options.incremental?.containers);
  if (data === undefined) return parseContract(file, source);
  const locate = pieceLocator(source, pieces, parsed, locateIn);
  return { ok: true, contract: { file, source, data, locate } };
}

export interface FastParseOptions {
  /** A watch session's store: pieces are kept by text, merged mappings while their pieces are. */
  readonly incremental?: Incremental;
  /** Sizes (bytes) from which to split and to use a worker; tests lower them. */
  readonly piecesFrom?: number;
  readonly workerFrom?: number;
}

/** Below this, one parse on this thread is quicker than splitting and starting a worker. */
const PIECES_FROM = 256 * 1024;
const WORKER_FROM = 1024 * 1024;

async function parsePieces(pieces: readonly Piece[], workerFrom: number, kept: Map<string, ParsedPiece> | undefined): Promise<ParsedPiece[]> {
  // Kept pieces first, then the subset reader; yaml (on both threads) only for what it gives up on.
  const out: (ParsedPiece | undefined)[] = pieces.map((p) => kept?.get(p.text) ?? readPiece(p));
  const missing = pieces.map((_, i) => i).filter((i) => out[i] === undefined);
  const bytes = missing.reduce((n, i) => n + pieces[i]!.text.length, 0);
  // The second half (by bytes) goes to a worker while this thread parses the first.
  let half = missing.length;
  if (bytes >= workerFrom) {
    let seen = 0;
    half = missing.findIndex((i) => (seen += pieces[i]!.text.length) >= bytes / 2) + 1;
  }
  const remote = missing.slice(half);
  const fromWorker = remote.length > 0 ? parseInWorker(remote.map((i) => pieces[i]!)) : Promise.resolve([]);
  // Documents are dropped (a position re-parses its piece): they are most of a parse's memory.
  for (const i of missing.slice(0, half)) out[i] = { data: parsePiece(pieces[i]!).data };
  const results = await fromWorker;
  remote.forEach((i, j) => (out[i] = results[j] ?? parsePiece(pieces[i]!)));
  if (kept !== undefined) {
    // Only this run's pieces: an edited piece's old text is never asked for again.
    kept.clear();
    pieces.forEach((p, i) => kept.set(p.text, out[i]!));
  }
  return out as ParsedPiece[];
}

/** Pieces parsed on a worker thread; on any failure, an empty answer (the caller parses them). */
function parseInWorker(pieces: readonly Piece[]): Promise<ParsedPiece[]> {
  return new Promise((resolve) => {
    try {
      const worker = new Worker(shippedFile('generator', 'dist', 'generator', 'parse-worker.js'), { workerData: pieces.map((p) => ({ text: p.text, under: p.under })) });
      worker.once('message', (data: (Record<string, unknown> | null)[]) => {
        resolve(data.map((d) => ({ data: d ?? undefined })));
        void worker.terminate();
      });
      worker.once('error', () => resolve([]));
      worker.once('exit', () => resolve([]));
    } catch {
      resolve([]);
    }
  });
}
