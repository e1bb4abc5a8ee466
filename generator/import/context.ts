/**
 * What one import carries through its stages: the description, the warnings it collects, the
 * names it has handed out, and where in the description each part of the contract came from.
 */
import { camel, OBJECT_PROTOTYPE_NAMES, pascal } from '../naming.js';
import { pointerOf } from '../load/locate.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
/** A part of the contract being written: plain data, `undefined` entries left out when written. */
export type Out = { [key: string]: OutValue };
export type OutValue = undefined | null | boolean | number | string | OutValue[] | Out;

export interface ImportWarning {
  /** JSON pointer into the description. */
  readonly pointer: string;
  /** A stable cause, for grouping (the corpus counts by it). */
  readonly cause: string;
  readonly message: string;
}

const BUILT_IN_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'unknown', 'binary', 'object', 'array', 'map', 'enum', 'union', 'required', 'none']);

/** Names handed out in one namespace: unique by more than case and underscores, as the format requires of ids. */
export class Names {
  private readonly taken = new Set<string>();
  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  /** `wanted` as a valid name (letters, digits, `_`), made unique with a number. */
  claim(wanted: string, form: (text: string) => string): string {
    const base = validName(form(wanted));
    let name = base;
    for (let n = 2; this.isTaken(name); n++) name = `${base}${n}`;
    this.taken.add(fold(name));
    return name;
  }

  private isTaken(name: string): boolean {
    return this.taken.has(fold(name)) || this.reserved.has(name) || BUILT_IN_TYPES.has(name) || OBJECT_PROTOTYPE_NAMES.has(name);
  }
}

function fold(name: string): string {
  return name.toLowerCase().replace(/_/g, '');
}

function validName(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_]/g, '');
  if (cleaned === '') return 'x';
  return /^[0-9]/.test(cleaned) ? `n${cleaned}` : cleaned;
}

/** A type name: the schema's key when it is already a name, else its words in Pascal case. */
export function typeForm(text: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) ? text : pascal(text);
}

/** An id or other lower-case name: kept when already a name, else camel case. */
export function idForm(text: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) ? text : camel(text).replace(/_$/, '');
}

export class ImportContext {
  readonly warnings: ImportWarning[] = [];
  /** Contract paths (joined by NUL) → the description's pointer each part came from. */
  readonly origins = new Map<string, string>();
  private readonly memos = new Map<string, unknown>();

  constructor(
    readonly doc: JsonObject,
    /** The document is one `contractgen openapi` wrote: its `x-contractgen-*` extensions say what the contract said. */
    readonly exported = false,
  ) {}

  /** The contract's own description of a part: `x-contractgen-description` where the export added to it. */
  ownDescription(part: JsonObject): string | undefined {
    if (this.exported && 'x-contractgen-description' in part) return text(part['x-contractgen-description']);
    return text(part['description']);
  }

  /** `deprecated: true`, or the message an export kept. */
  deprecation(part: JsonObject): OutValue {
    if (part['deprecated'] !== true) return undefined;
    return this.exported && typeof part['x-contractgen-deprecated'] === 'string' ? part['x-contractgen-deprecated'] : true;
  }

  /** What an export says a part does not show. */
  notShown(part: JsonObject): string | undefined {
    return this.exported ? text(part['x-contractgen-not-shown']) : undefined;
  }

  /**
   * A fact of the document computed once: a description refers to one schema from thousands of
   * places (graph: an error response from each of its 16,000 operations).
   */
  memo<T>(key: string, compute: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = compute();
    this.memos.set(key, value);
    return value;
  }

  warn(pointer: readonly (string | number)[] | string, cause: string, message: string): void {
    this.warnings.push({ pointer: typeof pointer === 'string' ? pointer : pointerOf(pointer), cause, message });
  }

  origin(contractPath: readonly string[], pointer: readonly (string | number)[]): void {
    this.origins.set(contractPath.join('\u0000'), pointerOf(pointer));
  }
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
