/**
 * Stage 1: a contract's text as plain data, with a locator for `file:line:col`. Contracts written in
 * plain block YAML (everything a contract needs, without anchors or tags) are read by the subset
 * reader (yaml-subset.ts, ~10× yaml's speed); anything else is parsed whole by yaml, which also
 * gives every YAML-level diagnostic. The two are held to the same data and positions by tests.
 */
import type { Document, Node } from 'yaml';
import { MESSAGES as M, problem } from '../diagnostic-catalogue.js';
import type { Diagnostic, Position } from '../diagnostics.js';
import { MAX_ALIAS_COUNT, MAX_CONTRACT_VALUES, MAX_DEPTH, MAX_YAML_DOCUMENT_BYTES } from '../limits.js';
import { lazyLocator, makeLocator, pairOf, rangeStart, type Locator } from './locate.js';
import { YAML_PARSE_OPTIONS, yamlLib } from './yaml-lib.js';
import { readYamlSubset, type ValueBudget } from './yaml-subset.js';

export type { Locator } from './locate.js';

export interface ParsedContract {
  readonly file: string;
  /** The text as read: what the contract's hash and code frames are of. */
  readonly source: string;
  /** The document as plain data: what the schema validates and the model is built from. */
  readonly data: unknown;
  readonly locate: Locator;
  /** The sha256 of the source's UTF-8 bytes, when the caller hashed the file already (generate does). */
  readonly sha256?: string;
}

export type LoadResult =
  | { readonly ok: true; readonly contract: ParsedContract }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly source: string | undefined };

/**
 * The subset reader takes no CR. In a document it accepts, a CR can only end a line, where YAML
 * reads CRLF as LF; so CRLF text is read as LF, and its positions (found in the text as given)
 * are the same lines and columns.
 */
export function withoutCarriageReturns(source: string): string {
  return source.includes('\r') ? source.replace(/\r\n/g, '\n') : source;
}

export function parseContract(file: string, source: string): LoadResult {
  // Most contracts are in the subset: data without a full parse; positions parse on demand.
  const budget = valueBudget();
  const data = readYamlSubset(withoutCarriageReturns(source), 0, budget);
  if (data !== undefined) return { ok: true, contract: { file, source, data, locate: lazyLocator(source) } };
  return budget.exceeded === true ? tooManyValues(file, source) : parseWhole(file, source);
}

/** What one document's reading may spend (limits.ts). */
export function valueBudget(): ValueBudget {
  return { left: MAX_CONTRACT_VALUES };
}

export function tooManyValues(file: string, source: string): LoadResult {
  return fail([problem(M.tooManyValues, file, { line: 0, col: 0 }, { limit: MAX_CONTRACT_VALUES })], source);
}

/** The contract parsed by yaml alone, with every YAML-level diagnostic (what the subset reader must agree with). */
export function parseWhole(file: string, source: string): LoadResult {
  if (source.length > MAX_YAML_DOCUMENT_BYTES) return fail([problem(M.tooLargeForYaml, file, { line: 0, col: 0 }, { size: Buffer.byteLength(source), limit: MAX_YAML_DOCUMENT_BYTES })], source);
  const { LineCounter, parseDocument, isMap, isScalar } = yamlLib();
  const lineCounter = new LineCounter();
  // yaml's own uniqueKeys check compares every key with every earlier one (quadratic: 60,000 keys
  // take seconds); duplicates are found below with one set per mapping instead.
  const doc = parseDocument(source, { ...YAML_PARSE_OPTIONS, lineCounter });
  const at = (offset: number): Position => lineCounter.linePos(offset);
  // After a syntax error the parser guesses at what follows: one unclosed `{` read as five more
  // errors below it. Only the first is reported; the rest are checked again once it is fixed.
  const first = doc.errors[0] ?? doc.warnings[0];
  const problems = first === undefined ? [] : [problem(M.yamlSyntax, file, at(first.pos[0]), { detail: yamlDetail(first.message) })];
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
