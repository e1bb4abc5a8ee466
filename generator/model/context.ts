/**
 * What every model-building step shares: the raw contract's locator and a sink for diagnostics.
 */
import type { Message } from '../diagnostic-catalogue.js';
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import type { Incremental, RecordedCall } from '../incremental.js';
import type { Locator } from '../load/locate.js';
import type { SourceLocation } from './types.js';

export type RawPath = readonly (string | number)[];

export class BuildContext {
  readonly diagnostics: Diagnostic[] = [];
  private recording: RecordedCall[] | undefined;
  private readonly locate: () => Locator;

  constructor(
    readonly file: string,
    locator: Locator,
    private readonly incremental?: Incremental,
  ) {
    if (incremental === undefined) {
      this.locate = () => locator;
      return;
    }
    // Model objects reused by a later run find their positions in that run's text.
    incremental.locator = locator;
    this.locate = () => incremental.locator;
  }

  /**
   * Where `path` sits. Resolved on first read: the model records a location for every entity,
   * but only diagnostics and diff reports read any, so a valid contract pays for none.
   */
  loc(path: RawPath, at: 'key' | 'value' = 'value'): SourceLocation {
    return new LazyLocation(this.file, this.locate, path, at);
  }

  /** Reports `message` (diagnostic-catalogue.ts) at `path`; `at: 'key'` points at the key itself. */
  report<P>(message: Message<P>, path: RawPath, params: P, at: 'key' | 'value' = 'value'): void {
    this.push({ code: message.code, severity: message.severity, path, text: message.text(params), at });
  }

  private push(call: RecordedCall): void {
    this.recording?.push(call);
    this.diagnostics.push(diagnostic(call.code, this.file, this.locate()(call.path, call.at), call.text, call.severity));
  }

  /**
   * `build()`, or in a watch session the value it made last time from the same `raw` entry under
   * the same `key` (its diagnostics replayed): boundary 1 of incremental.ts. `key` must stand for
   * everything else `build` reads; the caller makes it with `contextKey`.
   */
  reuse<T>(raw: object, slot: string, key: string, build: () => T): T {
    const entries = this.incremental?.entries;
    if (entries === undefined) return build();
    const found = entries.get<{ readonly value: T; readonly calls: readonly RecordedCall[] }>(raw, slot, key);
    if (found !== undefined) {
      for (const call of found.calls) this.push(call);
      return found.value;
    }
    const outer = this.recording;
    const calls: RecordedCall[] = [];
    this.recording = calls;
    try {
      const value = build();
      entries.set(raw, slot, key, { value, calls });
      return value;
    } finally {
      outer?.push(...calls);
      this.recording = outer;
    }
  }

  /** A short key for `content` (incremental.ts `contentKey` makes one from values); '' outside watch. */
  contextKey(name: string, content: string): string {
    return this.incremental?.entries.intern(name, content) ?? '';
  }
}

/** Whether a value is a location of a model, not yet resolved or resolved (`diff`'s worker replaces them by stubs it resolves itself). */
export function isLazyLocation(value: object): boolean {
  return value instanceof LazyLocation;
}

/** A SourceLocation whose line and column are found when first read (and in its JSON form). */
class LazyLocation implements SourceLocation {
  #position: { readonly line: number; readonly col: number } | undefined;
  readonly #locate: () => { readonly line: number; readonly col: number };

  constructor(
    readonly file: string,
    locator: () => Locator,
    path: RawPath,
    at: 'key' | 'value',
  ) {
    this.#locate = () => locator()(path, at);
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

export function notShownList(raw: string | readonly string[] | undefined): string[] {
  if (raw === undefined) return [];
  return typeof raw === 'string' ? [raw] : [...raw];
}

export function entries<T>(record: Readonly<Record<string, T>> | undefined): [string, T][] {
  return record === undefined ? [] : Object.entries(record);
}
