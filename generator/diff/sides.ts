/**
 * The two sides of a review, loaded (and, for the API review, compared) at once: when both inputs
 * are large, the new side is read, imported, modelled and its public declarations emitted in a
 * worker thread (side-worker.ts) while this thread does the old side's, and the worker also
 * compares the two packages' APIs while this thread diffs the models. GitHub 19 → 23 (two 11-13 MB
 * descriptions) on 2 cores: the default mode 4.2 → 3.2 s. Small inputs stay in this thread, where
 * a worker's start would cost more than it saves.
 *
 * The worker's model comes back by structured clone. Its locations are lazy (found in the
 * description's text when first read, `model/context.ts`), so they come back as stubs the worker
 * can resolve: before a report is written, the findings' stubs are sent back and filled with their
 * line and column (`located`). Nothing else reads a location of the new side.
 */
import { statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { OverlayInput } from '../overlay/read-overlay.js';
import { overridden } from '../generate.js';
import { loadInput, loadInputText, type InputResult } from '../input.js';
import type { Contract, SourceLocation } from '../model/types.js';
import { shippedFile } from '../package-root.js';
import { contractsApiDiff, packageApi, type PackageApi } from './api.js';
import { recommendBump, review, type ApiChange, type Finding, type Review } from './review.js';

/** A side to load: a file, or a text already read (a file at a git revision), with the overlays to apply to it. */
export type SideInput = { readonly path: string; readonly file: string; readonly overlays: readonly OverlayInput[] } | { readonly file: string; readonly text: string; readonly overlays: readonly OverlayInput[] };

export interface SideOptions {
  /** Whether the public API is compared too (not `--no-api`). */
  readonly api: boolean;
  /** The package's npm name on both sides (`--package`), whatever each contract says. */
  readonly packageName: string | undefined;
  /** The least size of both inputs for the new side to load in a worker (tests force either way). */
  readonly workerBytes?: number;
}

export interface Sides {
  readonly before: InputResult;
  readonly after: InputResult;
  /** The public API changes; both sides must have loaded. */
  api(): Promise<ApiChange[]>;
  /** The findings with every location in the new side's file resolved (a worker's model holds stubs). */
  located(findings: readonly Finding[]): Promise<Finding[]>;
  /** Ends the worker, when there is one. */
  close(): void;
}

/** Each of two descriptions of GitHub's size takes about a second to load: a worker pays from a few megabytes. */
const WORKER_BYTES = 2 * 1024 * 1024;

export async function loadSides(old: SideInput, now: SideInput, options: SideOptions): Promise<Sides> {
  const least = Math.min(sizeOf(old), sizeOf(now));
  return least >= (options.workerBytes ?? WORKER_BYTES) ? inWorker(old, now, options) : here(old, now, options);
}

function sizeOf(input: SideInput): number {
  if ('text' in input) return input.text.length;
  try {
    return statSync(input.path).size;
  } catch {
    return 0;
  }
}

/** A side loaded in this thread, its package named as the options say. */
export function loadSide(input: SideInput, packageName: string | undefined): InputResult {
  const result = 'text' in input ? loadInputText(input.file, input.text, undefined, undefined, input.overlays) : loadInput(input.path, input.file, input.overlays);
  return result.ok && packageName !== undefined ? { ...result, contract: overridden(result.contract, { packageName }) } : result;
}

function here(old: SideInput, now: SideInput, options: SideOptions): Sides {
  const [before, after] = [loadSide(old, options.packageName), loadSide(now, options.packageName)];
  return {
    before,
    after,
    api: async () => (before.ok && after.ok && options.api ? contractsApiDiff(before.contract, after.contract) : []),
    located: async (findings) => [...findings],
    close: () => undefined,
  };
}

/** The review of two sides that loaded: the models diffed here while a worker compares the APIs, its locations then resolved. */
export async function reviewSides(sides: Sides, before: Contract, after: Contract): Promise<Review> {
  const reviewed = review(before, after, []);
  const api = await sides.api();
  return { ...reviewed, findings: await sides.located(reviewed.findings), api, bump: recommendBump(reviewed.findings, api) };
}

/** What the worker sends: its side loaded (locations as stubs), the API changes, positions of stubs. */
export type WorkerMessage =
  | { readonly kind: 'loaded'; readonly result: InputResult }
  | { readonly kind: 'api'; readonly changes: ApiChange[] }
  | { readonly kind: 'positions'; readonly at: readonly (readonly [number, number])[] }
  | { readonly kind: 'failed'; readonly message: string };

/** What the worker is sent: the old side's package (for the API review), stubs to resolve. */
export type ParentMessage = { readonly kind: 'api'; readonly old: PackageApi } | { readonly kind: 'positions'; readonly refs: readonly number[] };

/** A location of the worker's model: resolved by the worker, by its number there. */
export interface LocationStub {
  readonly file: string;
  readonly ref: number;
}

async function inWorker(old: SideInput, now: SideInput, options: SideOptions): Promise<Sides> {
  const worker = new Worker(shippedFile('generator', 'dist', 'generator', 'diff', 'side-worker.js'), { workerData: { input: now, api: options.api, packageName: options.packageName } });
  const replies = new Replies(worker);
  try {
    const before = loadSide(old, options.packageName);
    // The worker compares the APIs as soon as it has both packages, while this thread diffs the models.
    if (options.api && before.ok) worker.postMessage({ kind: 'api', old: packageApi(before.contract) } satisfies ParentMessage);
    const after = (await replies.next('loaded')).result;
    return {
      before,
      after,
      api: async () => (before.ok && after.ok && options.api ? (await replies.next('api')).changes : []),
      located: async (findings) => {
        const stubs = [...new Set(findings.flatMap((f) => [f.old, f.new]).filter(isStub))];
        if (stubs.length > 0) worker.postMessage({ kind: 'positions', refs: stubs.map((s) => s.ref) } satisfies ParentMessage);
        const { at } = stubs.length > 0 ? await replies.next('positions') : { at: [] };
        const resolved = new Map(stubs.map((s, i): [LocationStub, SourceLocation] => [s, { file: s.file, line: at[i]?.[0] ?? 1, col: at[i]?.[1] ?? 1 }]));
        const place = (loc: SourceLocation | undefined) => {
          const found = isStub(loc) ? resolved.get(loc) : loc;
          // A location the clone lost (held where the stubbing walk does not look, a Map): a bug, never a report with no line.
          if (found !== undefined && typeof found.line !== 'number') throw new Error(`a location of ${found.file} came back from the diff worker unresolved`);
          return found;
        };
        return findings.map((f) => ({ ...f, ...(f.old === undefined ? {} : { old: place(f.old) }), ...(f.new === undefined ? {} : { new: place(f.new) }) }));
      },
      close: () => void worker.terminate(),
    };
  } catch (e) {
    void worker.terminate();
    throw e;
  }
}

function isStub(loc: unknown): loc is LocationStub & SourceLocation {
  return typeof loc === 'object' && loc !== null && typeof (loc as { ref?: unknown }).ref === 'number';
}

/** The worker's messages, taken in the order they are awaited by kind; its failure rejects every wait. */
class Replies {
  private readonly queue: WorkerMessage[] = [];
  private readonly waiting: { kind: WorkerMessage['kind']; resolve: (m: WorkerMessage) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | undefined;

  constructor(worker: Worker) {
    worker.on('message', (m: WorkerMessage) => {
      if (m.kind === 'failed') return this.fail(new Error(m.message));
      const i = this.waiting.findIndex((w) => w.kind === m.kind);
      if (i < 0) this.queue.push(m);
      else this.waiting.splice(i, 1)[0]?.resolve(m);
    });
    worker.on('error', (e) => this.fail(e));
    worker.on('exit', (code) => this.fail(new Error(`the diff worker stopped (exit code ${code})`)));
  }

  next<K extends WorkerMessage['kind']>(kind: K): Promise<Extract<WorkerMessage, { kind: K }>> {
    const i = this.queue.findIndex((m) => m.kind === kind);
    if (i >= 0) return Promise.resolve(this.queue.splice(i, 1)[0] as Extract<WorkerMessage, { kind: K }>);
    if (this.failure !== undefined) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiting.push({ kind, resolve: resolve as (m: WorkerMessage) => void, reject }));
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.splice(0)) w.reject(this.failure);
  }
}

/** The model with each of its lazy locations replaced by a stub, numbered in `locations` (the worker's side of `located`). */
export function stubLocations(contract: Contract, isLocation: (value: object) => boolean, locations: SourceLocation[]): void {
  const stubs = new Map<object, LocationStub>();
  const seen = new Set<object>();
  const stack: object[] = [contract];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value !== 'object' || value === null) continue;
      if (isLocation(value)) {
        let stub = stubs.get(value);
        if (stub === undefined) {
          stub = { file: (value as SourceLocation).file, ref: locations.length };
          locations.push(value as SourceLocation);
          stubs.set(value, stub);
        }
        record[key] = stub;
      } else if (!seen.has(value)) {
        seen.add(value);
        stack.push(value);
      }
    }
  }
}
