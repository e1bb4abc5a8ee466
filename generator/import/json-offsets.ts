/**
 * Where a JSON pointer's value starts in JSON text, by walking only the path to it: each lookup
 * skips the siblings before it, so a 47 MB description costs one linear scan per position asked
 * for, and nothing when none is.
 */
import { pointerSegments } from '../load/locate.js';

export function jsonOffsets(text: string): (pointer: string) => number | undefined {
  const cache = new Map<string, number | undefined>();
  return (pointer) => {
    if (!cache.has(pointer)) cache.set(pointer, walk(text, pointerSegments(pointer)));
    return cache.get(pointer);
  };
}

function walk(text: string, segments: readonly string[]): number | undefined {
  let at = skipSpace(text, 0);
  for (const segment of segments) {
    const next = text[at] === '{' ? member(text, at, segment) : text[at] === '[' ? element(text, at, Number(segment)) : undefined;
    if (next === undefined) return undefined;
    at = next;
  }
  return at;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  return at;
}

/** The offset of `key`'s value in the object at `at`. */
function member(text: string, at: number, key: string): number | undefined {
  let i = skipSpace(text, at + 1);
  while (text[i] === '"') {
    const end = stringEnd(text, i);
    const name = JSON.parse(text.slice(i, end)) as string;
    i = skipSpace(text, end);
    if (text[i] !== ':') return undefined;
    const value = skipSpace(text, i + 1);
    if (name === key) return value;
    i = skipSpace(text, valueEnd(text, value));
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return undefined;
}

function element(text: string, at: number, index: number): number | undefined {
  if (!Number.isInteger(index) || index < 0) return undefined;
  let i = skipSpace(text, at + 1);
  for (let n = 0; i < text.length && text[i] !== ']'; n++) {
    if (n === index) return i;
    i = skipSpace(text, valueEnd(text, i));
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return undefined;
}

/** The offset just past the string starting at `at`. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 92) i++;
    else if (c === 34) return i + 1;
  }
  return text.length;
}

/** The offset just past the value starting at `at`. */
function valueEnd(text: string, at: number): number {
  const c = text[at];
  if (c === '"') return stringEnd(text, at);
  if (c !== '{' && c !== '[') {
    let i = at;
    while (i < text.length && !/[,\]}\s]/.test(text[i] ?? '')) i++;
    return i;
  }
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === 34) i = stringEnd(text, i) - 1;
    else if (d === 123 || d === 91) depth++;
    else if ((d === 125 || d === 93) && --depth === 0) return i + 1;
  }
  return text.length;
}
