/**
 * Reading an OpenAPI description: JSON or YAML text as plain data, and where a JSON pointer sits in
 * it. JSON is parsed by JSON.parse (the corpus's largest description is 47 MB: yaml would take half a
 * minute); positions are found only when a diagnostic asks, by one scan of the text.
 */
import type { Position } from '../diagnostics.js';
import { locateIn, pointerSegments } from '../load/locate.js';
import { YAML_PARSE_OPTIONS, yamlLib } from '../load/yaml-lib.js';
import { jsonOffsets } from './json-offsets.js';


export interface Description {
  readonly file: string;
  readonly source: string;
  readonly data: unknown;
  /** Where the value a JSON pointer names sits in the text (1:1 when it cannot be found). */
  position(pointer: string): Position;
}

export type DescriptionResult = { readonly ok: true; readonly description: Description } | { readonly ok: false; readonly problem: string; readonly at: Position };

const NOWHERE: Position = { line: 0, col: 0 };

/** JSON when it looks like JSON and parses; anything else (and JSON that does not parse, for a positioned reason) through yaml. */
export function parseDescription(file: string, text: string): DescriptionResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\s*[{[]/.test(source)) {
    try {
      const data: unknown = JSON.parse(source);
      return { ok: true, description: { file, source, data, position: jsonPositions(source) } };
    } catch {
      // Fall through: yaml reads JSON too, and says where it stops.
    }
  }
  return parseYamlDescription(file, source);
}

function parseYamlDescription(file: string, source: string): DescriptionResult {
  const { LineCounter, parseDocument } = yamlLib();
  const lineCounter = new LineCounter();

  const doc = parseDocument(source, { ...YAML_PARSE_OPTIONS, lineCounter });
  const first = doc.errors[0];
  if (first !== undefined) return { ok: false, problem: `YAML syntax: ${first.message.split('\n')[0] ?? ''}`, at: lineCounter.linePos(first.pos[0]) };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 10_000 });
  } catch (e) {
    return { ok: false, problem: e instanceof Error ? e.message : 'the description cannot be read', at: NOWHERE };
  }
  const position = (pointer: string): Position => {
    const offset = locateIn(doc, pointerSegments(pointer), 'value');
    return offset === undefined ? { line: 1, col: 1 } : lineCounter.linePos(offset);
  };
  return { ok: true, description: { file, source, data, position } };
}

function jsonPositions(source: string): (pointer: string) => Position {
  let offsets: ((pointer: string) => number | undefined) | undefined;
  let lineStarts: number[] | undefined;
  return (pointer) => {
    offsets ??= jsonOffsets(source);
    lineStarts ??= starts(source);
    const offset = offsets(pointer);
    return offset === undefined ? { line: 1, col: 1 } : positionOf(lineStarts, offset);
  };
}

function starts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

function positionOf(lineStarts: readonly number[], offset: number): Position {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, col: offset - (lineStarts[lo] ?? 0) + 1 };
}
