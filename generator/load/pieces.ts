/**
 * A watch session reads only what an edit changed. A large contract is split where its text says
 * entries begin — each top-level key, and each run of entries under `endpoints:` and `types:` —
 * and each piece is read on its own (subset reader, else yaml); a piece whose text is the same as
 * in the previous run is not read again, and gives the very same objects, which is what lets the
 * model and the emitters reuse their results for it (see incremental.ts).
 *
 * The split is only an accelerator, and only for watch mode (a one-shot run reads the whole text:
 * faster, measured). A contract it cannot prove simple (anchors, aliases, tags, directives, flow or
 * quoted top-level keys, odd indentation), or any piece with a problem, is parsed whole by
 * parse.ts, so every diagnostic is exactly the whole-document one.
 */
import type { Document, LineCounter } from 'yaml';
import type { Position } from '../diagnostics.js';
import { MAX_DEPTH, MAX_YAML_DOCUMENT_BYTES } from '../limits.js';
import { locateIn, type Locator } from './locate.js';
import { parseContract, tooManyValues, valueBudget, withoutCarriageReturns, type LoadResult } from './parse.js';
import { YAML_PARSE_OPTIONS, yamlLib } from './yaml-lib.js';
import { readYamlSubset, type ValueBudget } from './yaml-subset.js';

/** What a watch session keeps between runs: the parsed pieces, merged mappings while their pieces are kept. */
export class PieceStore {
  /** The last run's pieces, in order, with what each read as. */
  last: readonly { readonly text: string; readonly parsed: ParsedPiece }[] = [];
  readonly containers = new Map<string, Kept>();
}

/** Below this, reading the whole text is quicker than splitting it. */
const PIECES_FROM = 256 * 1024;

/**
 * `parseContract` for a watch session: pieces whose text did not change since the last run are
 * not read again. `piecesFrom` (bytes) is the size from which to split; tests lower it.
 */
export function parseContractPieces(file: string, source: string, store: PieceStore, piecesFrom: number = PIECES_FROM): LoadResult {
  const text = withoutCarriageReturns(source);
  const pieces = text.length >= piecesFrom ? splitContract(text) : undefined;
  if (pieces === undefined) return parseContract(file, source);
  // Documents are dropped (a position re-parses its piece): they are most of a parse's memory.
  const kept = keptPieces(pieces, store.last);
  // The limits are the document's (limits.ts): a kept piece counts its values again, and yaml
  // parses pieces the subset reader refuses only up to what it would parse of a whole document.
  const budget = valueBudget();
  let yamlLeft = MAX_YAML_DOCUMENT_BYTES;
  const parsed = pieces.map((p, i): ParsedPiece => {
    const reused = kept[i];
    if (reused !== undefined) {
      budget.left -= reused.values;
      return reused;
    }
    const read = readPiece(p, budget);
    if (read !== undefined || budget.exceeded === true || p.text.length > yamlLeft) return read ?? { data: undefined, values: 0 };
    yamlLeft -= p.text.length;
    return { data: parsePiece(p).data, values: 0 };
  });
  if (budget.exceeded === true || budget.left < 0) return tooManyValues(file, source);
  // Only this run's pieces: an edited piece's old text is never asked for again.
  store.last = pieces.map((p, i) => ({ text: p.text, parsed: parsed[i]! }));
  const data = mergePieces(pieces, parsed, store.containers);
  if (data === undefined) return parseContract(file, source);
  return { ok: true, contract: { file, source, data, locate: pieceLocator(text, pieces, parsed) } };
}

/**
 * What each piece read as last run, where its text is the same. Pieces are matched in order from
 * both ends, where comparing equal texts is a memory compare and unequal lengths cost nothing;
 * only those between (the edit) are looked up by text, which hashes just them: hashing every piece
 * was a pass over the whole contract on each save.
 */
function keptPieces(pieces: readonly Piece[], last: PieceStore['last']): (ParsedPiece | undefined)[] {
  const kept: (ParsedPiece | undefined)[] = new Array(pieces.length).fill(undefined);
  let head = 0;
  for (; head < pieces.length && head < last.length && pieces[head]!.text === last[head]!.text; head++) kept[head] = last[head]!.parsed;
  let tail = 0;
  for (; tail < pieces.length - head && tail < last.length - head && pieces[pieces.length - 1 - tail]!.text === last[last.length - 1 - tail]!.text; tail++) kept[pieces.length - 1 - tail] = last[last.length - 1 - tail]!.parsed;
  const between = new Map(last.slice(head, last.length - tail).map((l) => [l.text, l.parsed]));
  for (let i = head; i < pieces.length - tail; i++) kept[i] = between.get(pieces[i]!.text);
  return kept;
}

/** A piece of the source: a top-level key, or a run of the entries of a top-level mapping. */
export interface Piece {
  readonly start: number;
  readonly text: string;
  /** The top-level key whose entries this piece holds (`endpoints`, `types`, ...), if any. */
  readonly under?: string;
}

const KEY = /^[A-Za-z_][A-Za-z0-9_.-]*:(?:[ \t\r\n]|$)/;
const ENTRIES_PER_PIECE = 16;

/**
 * The pieces of `source`, or undefined when only a whole-document parse is safe. `subsetRead`:
 * the subset reader read the whole text, so it holds no anchor, alias or tag (the test for them
 * also meets `**bold**` in descriptions).
 */
export function splitContract(source: string, subsetRead = false): Piece[] | undefined {
  // Anchors, aliases and tags tie parts of a document together; directives and markers make several.
  if ((!subsetRead && /(?:^|[\s[{,])[&*!][^\s,\]}]/.test(source)) || /^(?:%|---|\.\.\.)/m.test(source) || source.charCodeAt(0) === 0xfeff) return undefined;
  const lines = lineStarts(source);
  const tops: number[] = [];
  for (const start of lines) {
    const c = source[start];
    if (c === undefined || c === ' ' || c === '#' || c === '\n' || c === '\r') continue;
    if (!KEY.test(source.slice(start, start + 200))) return undefined;
    tops.push(start);
  }
  if (tops.length === 0) return undefined;
  const pieces: Piece[] = [];
  tops.forEach((start, i) => {
    const end = tops[i + 1] ?? source.length;
    const from = i === 0 ? 0 : start;
    // A key alone on its line opens a block mapping: its entries can be pieces of their own.
    const block = /^([A-Za-z_][A-Za-z0-9_.-]*):[ \t]*(?:#.*)?\r?$/.exec(source.slice(start, source.indexOf('\n', start) + 1 || end).replace(/\n$/, ''));
    const split = block !== null ? entries(source, lines, start, end) : undefined;
    if (block === null || split === undefined) {
      pieces.push({ start: from, text: source.slice(from, end) });
      return;
    }
    const under = block[1]!;
    pieces.push({ start: from, text: source.slice(from, split[0] ?? end) }, ...split.map((s, j) => ({ start: s, text: source.slice(s, split[j + 1] ?? end), under })));
  });
  return pieces;
}

/** Where runs of entries start inside a top-level block mapping [from, to), if they line up. */
function entries(source: string, lines: Uint32Array, from: number, to: number): number[] | undefined {
  let indent = -1;
  const starts: number[] = [];
  // From the first line after `from`: a scan from the top, per top-level block, went over every line ten times.
  for (let i = firstAfter(lines, from); i < lines.length; i++) {
    const start = lines[i]!;
    if (start >= to) break;
    // Read in place: at 3 MB, slicing and trimming every line was most of the split's time.
    let at = start;
    while (source.charCodeAt(at) === 0x20) at++;
    const c = source.charCodeAt(at);
    if (at >= to || c === 0x0a || c === 0x0d || c === 0x23) continue;
    const depth = at - start;
    if (c === 0x09 || (indent === -1 && depth === 0)) return undefined;
    if (indent === -1) indent = depth;
    if (depth < indent) return undefined;
    if (depth > indent) continue;
    KEY_AT.lastIndex = at;
    if (!KEY_AT.test(source)) return undefined;
    starts.push(start);
  }
  return starts.length < 2 ? undefined : starts.filter((_, i) => i % ENTRIES_PER_PIECE === 0);
}

/** KEY, matched where lastIndex points. */
const KEY_AT = new RegExp(KEY.source.slice(1), 'y');

function lineStarts(source: string): Uint32Array {
  // A typed array grown by doubling: pushing 100,000 offsets onto an array took three times the scan.
  let out = new Uint32Array(1024);
  let n = 1;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) {
    if (n === out.length) {
      const grown = new Uint32Array(n * 2);
      grown.set(out);
      out = grown;
    }
    out[n++] = i + 1;
  }
  return out.subarray(0, n);
}

/** The index of the first of the ascending `lines` greater than `from`. */
function firstAfter(lines: Uint32Array, from: number): number {
  let [low, high] = [0, lines.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (lines[mid]! <= from) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** One piece parsed: its data, or undefined when it has any problem (the whole document decides). */
export interface ParsedPiece {
  readonly data: Record<string, unknown> | undefined;
  /** Values the subset reader spent on it (limits.ts's MAX_CONTRACT_VALUES is the document's). */
  readonly values: number;
  /** Parsed again on demand, for positions: only diagnostics and reports need any. */
  doc?: Document;
}

/** The subset reader's answer for a piece, if it has one. */
function readPiece(piece: Pick<Piece, 'text' | 'under'>, budget: ValueBudget): ParsedPiece | undefined {
  const before = budget.left;
  const data = readYamlSubset(piece.text, piece.under === undefined ? 0 : 1, budget);
  return data === undefined ? undefined : { data, values: before - budget.left };
}

/** A piece parsed by yaml, with its document (for positions). */
function parsePiece(piece: Pick<Piece, 'text' | 'under'>): Pick<ParsedPiece, 'data' | 'doc'> {
  const { isMap, parseDocument } = yamlLib();
  const doc = parseDocument(piece.text, YAML_PARSE_OPTIONS);
  if (doc.errors.length > 0 || doc.warnings.length > 0 || !isMap(doc.contents) || !isSimple(doc.contents, piece.under === undefined ? 0 : 1)) return { data: undefined };
  return { data: doc.toJS() as Record<string, unknown>, doc };
}

/** No repeated keys and no nesting past the limit: otherwise the whole parse reports it. */
function isSimple(root: unknown, rootDepth: number): boolean {
  const { isMap, isPair, isScalar } = yamlLib();
  const stack: [unknown, number][] = [[root, rootDepth]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth >= MAX_DEPTH) return false;
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isScalar(pair.key)) return false;
        const key = String(pair.key.value);
        if (seen.has(key)) return false;
        seen.add(key);
        stack.push([pair.value, depth + 1]);
      }
    } else if (node !== null && typeof node === 'object' && 'items' in node && Array.isArray(node.items)) {
      for (const item of node.items as unknown[]) {
        if (isPair(item)) return false;
        stack.push([item, depth + 1]);
      }
    }
  }
  return true;
}

/**
 * The pieces' data merged into one document value, or undefined when a key repeats across pieces
 * (the whole parse reports it). Keys keep source order; defineProperty keeps `__proto__` a key.
 */
function mergePieces(pieces: readonly Piece[], parsed: readonly ParsedPiece[], kept?: Map<string, Kept>): Record<string, unknown> | undefined {
  const data: Record<string, unknown> = {};
  const containers = new Map<string, Record<string, unknown>>();
  const parts = new Map<string, object[]>();
  for (let i = 0; i < pieces.length; i++) {
    const part = parsed[i]?.data;
    const under = pieces[i]!.under;
    if (part === undefined) return undefined;
    let target = data;
    if (under !== undefined) {
      if (!containers.has(under)) {
        containers.set(under, {});
        parts.set(under, []);
      }
      target = containers.get(under)!;
      parts.get(under)!.push(part);
    }
    for (const [key, value] of Object.entries(part)) {
      if (Object.prototype.hasOwnProperty.call(target, key)) return undefined;
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  for (const [under, entries] of containers) {
    // The key's own piece parsed it as empty; its entries came in pieces of their own.
    if (data[under] !== null) return undefined;
    data[under] = reuseContainer(kept, under, parts.get(under) ?? [], entries);
  }
  return data;
}

/** A merged mapping and the piece data it was made of. */
export interface Kept {
  readonly parts: readonly object[];
  readonly value: Record<string, unknown>;
}

/** The mapping merged last time from the same piece data: watch mode keys results on identity. */
function reuseContainer(kept: Map<string, Kept> | undefined, under: string, parts: readonly object[], fresh: Record<string, unknown>): Record<string, unknown> {
  if (kept === undefined) return fresh;
  const previous = kept.get(under);
  if (previous !== undefined && previous.parts.length === parts.length && previous.parts.every((p, i) => p === parts[i])) return previous.value;
  kept.set(under, { parts, value: fresh });
  return fresh;
}

/**
 * Positions in a text the subset reader read whole, found by pieces: split and read again on the
 * first position asked for (bounded by that read), then only the piece holding each parsed by
 * yaml. A text that does not split gives its start.
 */
export function subsetPieceLocator(source: string): Locator {
  let locate: Locator | undefined;
  return (path, mode) => {
    if (locate === undefined) {
      const text = withoutCarriageReturns(source);
      const pieces = splitContract(text, true);
      const parsed = pieces?.map((p) => readPiece(p, valueBudget()) ?? { data: undefined, values: 0 });
      locate = pieces === undefined || parsed === undefined ? () => ({ line: 1, col: 1 }) : pieceLocator(text, pieces, parsed);
    }
    return locate(path, mode);
  };
}

/** A locator over pieces: the piece that holds a path, then the path inside it. */
function pieceLocator(source: string, pieces: readonly Piece[], parsed: readonly ParsedPiece[]) {
  let lineCounter: LineCounter | undefined;
  const position = (offset: number): Position => {
    if (lineCounter === undefined) {
      lineCounter = new (yamlLib().LineCounter)();
      for (const start of lineStarts(source)) lineCounter.addNewLine(start);
    }
    return lineCounter.linePos(offset);
  };
  const owners = new Map<string, number>();
  const firstEntries = new Map<string, number>();
  pieces.forEach((p, i) => {
    if (p.under !== undefined && !firstEntries.has(p.under)) firstEntries.set(p.under, i);
    for (const key of Object.keys(parsed[i]?.data ?? {})) owners.set(p.under === undefined ? key : `${p.under}\u0000${key}`, i);
  });
  // yaml parses pieces for positions up to what it would parse of a whole document; a position
  // in a piece past that is where the piece starts.
  let yamlLeft = MAX_YAML_DOCUMENT_BYTES;
  const docOf = (i: number): Document | undefined => {
    const piece = pieces[i]!;
    if (parsed[i]!.doc === undefined && piece.text.length <= yamlLeft) {
      yamlLeft -= piece.text.length;
      parsed[i]!.doc = parsePiece(piece).doc;
    }
    return parsed[i]!.doc;
  };
  return (path: readonly (string | number)[], mode: 'key' | 'value' = 'value'): Position => {
    const top = String(path[0] ?? '');
    const first = firstEntries.get(top);
    // Inside a split mapping: the piece holding the entry; the mapping itself, or an entry it
    // lacks, is where its first entry begins.
    if (first !== undefined && (path.length > 1 || mode === 'value')) {
      const owner = path.length > 1 ? owners.get(`${top}\u0000${String(path[1])}`) : undefined;
      const index = owner ?? first;
      return position(pieces[index]!.start + offsetIn(docOf(index), owner === undefined ? [] : path.slice(1), mode));
    }
    const index = owners.get(top) ?? 0;
    return position(pieces[index]!.start + offsetIn(docOf(index), path, mode));
  };
}

function offsetIn(doc: Document | undefined, path: readonly (string | number)[], mode: 'key' | 'value'): number {
  return doc === undefined ? 0 : (locateIn(doc, path, mode) ?? 0);
}
