/**
 * The new side of a review, in a worker thread (sides.ts): loaded, its package's public API
 * emitted, the model sent back with its locations as stubs; then, on request, the two APIs
 * compared and the stubs the findings hold resolved to line and column.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { InputResult } from '../input.js';
import { isLazyLocation } from '../model/context.js';
import type { SourceLocation } from '../model/types.js';
import { apiDiff, packageApi, type PackageApi } from './api.js';
import { loadSide, stubLocations, type ParentMessage, type SideInput, type WorkerMessage } from './sides.js';

const port = parentPort;
if (port === null) throw new Error('side-worker.js runs as a worker thread of contractgen diff');
const send = (message: WorkerMessage) => port.postMessage(message);
const { input, api, packageName } = workerData as { readonly input: SideInput; readonly api: boolean; readonly packageName: string | undefined };

try {
  const result = loadSide(input, packageName);
  const locations: SourceLocation[] = [];
  if (result.ok) stubLocations(result.contract, isLazyLocation, locations);
  // The model goes first: the other thread diffs it while this one emits the package's declarations.
  send({ kind: 'loaded', result: cloneable(result) });
  const mine: PackageApi | undefined = result.ok && api ? packageApi(result.contract) : undefined;
  port.on('message', (message: ParentMessage) => {
    try {
      if (message.kind === 'api') send({ kind: 'api', changes: mine === undefined ? [] : apiDiff(message.old, mine) });
      else send({ kind: 'positions', at: message.refs.map((ref) => [locations[ref]?.line ?? 1, locations[ref]?.col ?? 1] as const) });
    } catch (e) {
      send({ kind: 'failed', message: failure(e) });
    }
  });
} catch (e) {
  send({ kind: 'failed', message: failure(e) });
}

/** The result without what a thread cannot send (the import's functions) or the review never reads (a failed load's model). */
function cloneable(result: InputResult): InputResult {
  const sources = result.sources === undefined ? {} : { sources: result.sources };
  return result.ok ? { ok: true, contract: result.contract, diagnostics: result.diagnostics, source: result.source, ...sources } : { ok: false, diagnostics: result.diagnostics, source: result.source, ...sources };
}

function failure(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}
