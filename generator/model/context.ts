/**
 * What every model-building step shares: the raw contract's locator and a sink for diagnostics.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import type { Locator } from '../load.js';
import type { BodyPath, SourceLocation, StatusPattern } from './types.js';

export type RawPath = readonly (string | number)[];

export class BuildContext {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly file: string,
    private readonly locator: Locator,
  ) {}

  /**
   * Where `path` sits. Resolved on first read: the model records a location for every entity,
   * but only diagnostics and diff reports read any, so a valid contract pays for none.
   */
  loc(path: RawPath, at: 'key' | 'value' = 'value'): SourceLocation {
    return new LazyLocation(this.file, this.locator, path, at);
  }

  error(code: string, path: RawPath, message: string, at: 'key' | 'value' = 'value'): void {
    this.diagnostics.push(diagnostic(code, this.file, this.locator(path, at), message));
  }

  warn(code: string, path: RawPath, message: string, at: 'key' | 'value' = 'value'): void {
    this.diagnostics.push(diagnostic(code, this.file, this.locator(path, at), message, 'warning'));
  }
}

/** A SourceLocation whose line and column are found when first read (and in its JSON form). */
class LazyLocation implements SourceLocation {
  #position: { readonly line: number; readonly col: number } | undefined;
  readonly #locate: () => { readonly line: number; readonly col: number };

  constructor(
    readonly file: string,
    locator: Locator,
    path: RawPath,
    at: 'key' | 'value',
  ) {
    this.#locate = () => locator(path, at);
  }

  get line(): number {
    return (this.#position ??= this.#locate()).line;
  }

  get col(): number {
    return (this.#position ??= this.#locate()).col;
  }

  toJSON(): { file: string; line: number; col: number } {
    return { file: this.file, line: this.line, col: this.col };
  }
}

export function parseStatus(raw: number | string): StatusPattern {
  if (typeof raw === 'number') return { kind: 'exact', status: raw };
  if (/^[1-5]XX$/.test(raw)) return { kind: 'class', statusClass: Number(raw[0]) };
  return { kind: 'exact', status: Number(raw) };
}

export function formatStatus(status: StatusPattern): string {
  return status.kind === 'exact' ? String(status.status) : `${status.statusClass}XX`;
}

export function statusMatches(pattern: StatusPattern, status: number): boolean {
  return pattern.kind === 'exact' ? pattern.status === status : Math.floor(status / 100) === pattern.statusClass;
}

export function parseBodyPath(raw: string): BodyPath {
  return raw.split('.').map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment));
}

export function notShownList(raw: string | readonly string[] | undefined): string[] {
  if (raw === undefined) return [];
  return typeof raw === 'string' ? [raw] : [...raw];
}

/** `{name}` placeholders of a URL or path template, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
}

/** A record's own value for a key: names like `toString` must not find inherited members. */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

export function entries<T>(record: Readonly<Record<string, T>> | undefined): [string, T][] {
  return record === undefined ? [] : Object.entries(record);
}
