/**
 * What a watch session keeps between runs, so one edit costs work in proportion to the edit.
 *
 * Pieces of the contract whose text did not change parse to the very same objects (load.ts keeps
 * them by text). A result computed from such an object — a model endpoint or type, the emitted
 * text of one — is reused when its raw input is the same object and its context (the rest of the
 * contract it reads) is unchanged. A one-shot generation passes no Incremental and reuses nothing.
 */
import type { Kept, ParsedPiece } from './load-chunks.js';
import type { Locator } from './load.js';
import type { WrittenFile } from './write.js';

/** A diagnostic reported while building a result, replayed (at today's positions) on reuse. */
export interface RecordedCall {
  readonly code: string;
  readonly severity: 'error' | 'warning';
  readonly path: readonly (string | number)[];
  readonly text: string;
  readonly at: 'key' | 'value';
}

interface Entry {
  readonly key: string;
  readonly value: unknown;
  readonly calls: readonly RecordedCall[];
}

export class Incremental {
  /** The current run's locator: reused model objects find their positions in today's text. */
  locator: Locator = () => ({ line: 0, col: 0 });
  /** Names the contract around each endpoint and type in this run (set by buildModel). */
  emitContext = '';
  /** Parsed pieces of the last run, by text (load.ts). */
  readonly pieces = new Map<string, ParsedPiece>();
  /** Mappings merged from pieces, kept while their pieces are: unchanged parts stay the same objects. */
  readonly containers = new Map<string, Kept>();
  /** The output files as last written (generate.ts): unchanged ones are neither read nor hashed again. */
  readonly written = new Map<string, WrittenFile>();
  private readonly results = new WeakMap<object, Map<string, Entry>>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  private readonly generations = new Map<string, { signature: string; generation: number }>();

  /** The value made from `raw` under `key` (and its diagnostic calls), or undefined. */
  lookup(raw: object, slot: string, key: string): Entry | undefined {
    const entry = this.results.get(raw)?.get(slot);
    return entry?.key === key ? entry : undefined;
  }

  store(raw: object, slot: string, entry: Entry): void {
    let slots = this.results.get(raw);
    if (slots === undefined) this.results.set(raw, (slots = new Map()));
    slots.set(slot, entry);
  }

  /**
   * A short key for a context: the identities of the raw objects it is made of, plus any text.
   * It changes exactly when one of them does.
   */
  context(name: string, parts: readonly unknown[], text = ''): string {
    const signature = `${parts.map((p) => this.idOf(p)).join(',')}|${text}`;
    const previous = this.generations.get(name);
    if (previous?.signature === signature) return `${name}${previous.generation}`;
    const generation = (previous?.generation ?? 0) + 1;
    this.generations.set(name, { signature, generation });
    return `${name}${generation}`;
  }

  private idOf(value: unknown): string {
    if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'u';
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.nextId++));
    return `#${id}`;
  }
}
