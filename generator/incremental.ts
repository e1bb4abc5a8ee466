/**
 * What a watch session keeps between runs, so one edit costs work in proportion to the edit. A
 * one-shot run passes no Incremental and keeps nothing.
 *
 * - Load (load/pieces.ts): the contract's pieces, matched to last run's by text. A piece whose text
 *   did not change gives the very same objects as last run, and every cache below is keyed on such
 *   identities. Facts the model derives per endpoint or type object (model/knowledge.ts,
 *   model/unions.ts, the main entry's names) are kept the same way, in WeakMaps beside them.
 * - Boundary 1, per contract entry (`entries`): for each endpoint and named type, by its raw
 *   object, the schema's verdict (validate-schema.ts) and the model built from it with the
 *   diagnostics to replay (model/context.ts `reuse`). The key of each is made where the entry is
 *   checked or built, from everything else it reads (build-endpoints.ts, build-types.ts).
 * - Boundary 2, per emitted section (`sections`): for each endpoint or type section of a
 *   generated file, by its model object, the text, imports and value regions (emit/ts-file.ts
 *   `section`). The key is the model around it (emit/output.ts EmitContext) plus what the
 *   section itself says it reads of other entries (its call site). In the same store, per file:
 *   its output, reused while the file is made of the same pieces (emit/ts-file.ts `emit`).
 * - Write (write.ts): the output files as last written, so unchanged ones are neither read nor
 *   hashed again (their size and mtime are, through each run's own output-folder.ts).
 *
 * test/incremental.test.ts holds every run of a session to a fresh one-shot run of the same text.
 */
import type { Locator } from './load/locate.js';
import { PieceStore } from './load/pieces.js';
import type { WrittenFile } from './write.js';

/** A diagnostic reported while building a result, replayed (at today's positions) on reuse. */
export interface RecordedCall {
  readonly code: string;
  readonly severity: 'error' | 'warning';
  readonly path: readonly (string | number)[];
  readonly text: string;
  readonly at: 'key' | 'value';
}

/** Results made from objects, by object, slot and key; a result is found only under the key it was stored with. */
export class ResultCache {
  private readonly results = new WeakMap<object, Map<string, { readonly key: string; readonly value: unknown }>>();
  private readonly ids = new WeakMap<object, number>();
  private nextId = 1;
  private readonly generations = new Map<string, { content: string; generation: number }>();

  /** What was stored for `owner` in `slot` under `key`, or undefined. */
  get<T>(owner: object, slot: string, key: string): T | undefined {
    const entry = this.results.get(owner)?.get(slot);
    return entry?.key === key ? (entry.value as T) : undefined;
  }

  set(owner: object, slot: string, key: string, value: unknown): void {
    let slots = this.results.get(owner);
    if (slots === undefined) this.results.set(owner, (slots = new Map()));
    slots.set(slot, { key, value });
  }

  /**
   * A short key standing for `content` under `name`: the same while the content is, another once
   * it changes. Keys are compared once per run here, not once per entry.
   */
  intern(name: string, content: string): string {
    const previous = this.generations.get(name);
    if (previous?.content === content) return `${name}${previous.generation}`;
    const generation = (previous?.generation ?? 0) + 1;
    this.generations.set(name, { content, generation });
    return `${name}${generation}`;
  }

  /** A stand-in for an object's identity in a key: the same object, the same text. */
  idOf(value: object): string {
    let id = this.ids.get(value);
    if (id === undefined) this.ids.set(value, (id = this.nextId++));
    return `#${id}`;
  }
}

export class Incremental {
  readonly pieces = new PieceStore();
  /** Boundary 1: per contract entry (schema verdicts and model values). */
  readonly entries = new ResultCache();
  /** Boundary 2: per emitted section. */
  readonly sections = new ResultCache();
  /** The output files as last written (write.ts). */
  readonly written = new Map<string, WrittenFile>();
  /** The current run's locator: reused model objects find their positions in today's text. */
  locator: Locator = () => ({ line: 0, col: 0 });
}

/**
 * A key's text for model or raw content: JSON-like, maps and sets as lists, source locations left
 * out (they move with every edit above them and are resolved lazily; reading them would parse).
 */
export function contentKey(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}

function write(value: unknown, out: string[]): void {
  if (value === null || typeof value !== 'object') {
    out.push(JSON.stringify(value) ?? 'u');
    return;
  }
  const items: Iterable<unknown> | undefined = Array.isArray(value) || value instanceof Set ? value : value instanceof Map ? [...value] : undefined;
  if (items !== undefined) {
    out.push('[');
    for (const item of items) {
      write(item, out);
      out.push(',');
    }
    out.push(']');
    return;
  }
  out.push('{');
  for (const [key, v] of Object.entries(value)) {
    if (key === 'loc' || v === undefined) continue;
    out.push(JSON.stringify(key), ':');
    write(v, out);
    out.push(',');
  }
  out.push('}');
}
