/**
 * Positions: where a path of keys and indexes sits in a contract's text, for `file:line:col`. Only
 * diagnostics and diff reports ask, so a valid contract read by the subset reader parses its text
 * with yaml only when the first position is asked for.
 */
import type { Document, Pair, YAMLMap } from 'yaml';
import type { Position } from '../diagnostics.js';
import { MAX_YAML_DOCUMENT_BYTES } from '../limits.js';
import { YAML_PARSE_OPTIONS, yamlLib } from './yaml-lib.js';

/** Finds where a path of keys and indexes sits in the source; `key` points at the key itself. */
export type Locator = (path: readonly (string | number)[], at?: 'key' | 'value') => Position;

/**
 * A locator that parses the document the first time a position is asked for. A text yaml does not
 * parse whole (limits.ts) has its positions found by pieces (contract.ts reads it through
 * pieces.ts); one that does not split into pieces gives its start.
 */
export function lazyLocator(source: string): Locator {
  let locate: Locator | undefined;
  if (source.length > MAX_YAML_DOCUMENT_BYTES) return () => ({ line: 1, col: 1 });
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

export function makeLocator(doc: Document, at: (offset: number) => Position): Locator {
  return (path, mode = 'value') => at(locateIn(doc, path, mode) ?? 0);
}

// The model locates every field it builds: a key index per mapping keeps that linear.
const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();

export function pairOf(map: YAMLMap, key: string): Pair | undefined {
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

export function rangeStart(node: unknown): number | undefined {
  if (node !== null && typeof node === 'object' && 'range' in node) {
    const range = (node as { range?: readonly number[] | null }).range;
    return range?.[0];
  }
  return undefined;
}

/** A JSON pointer's keys (RFC 6901), with or without a leading `#`: `/paths/~1pets/get` → ['paths', '/pets', 'get']. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return [];
  return pointer
    .replace(/^#/, '')
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The JSON pointer of a path of keys and indexes. */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
