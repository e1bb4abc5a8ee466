/**
 * A description with its overlays applied, in the order given, before it is imported: what the
 * importer then reads, with positions into the description or, for what an overlay wrote, into
 * that overlay. Loaded by the importer only when a command was given overlays.
 */
import { createHash } from 'node:crypto';
import { MESSAGES as M, problem } from '../diagnostic-catalogue.js';
import { hasErrors, sortDiagnostics, type Diagnostic } from '../diagnostics.js';
import type { Description } from '../import/description.js';
import { applyOverlays } from './apply-overlay.js';
import { readOverlay, type Overlay, type OverlayInput } from './read-overlay.js';

export type Overlaid =
  | {
      readonly ok: true;
      readonly description: Description;
      /** The overlays' warnings (an action that changes nothing). */
      readonly diagnostics: readonly Diagnostic[];
      /** Each overlay's text, by the name its diagnostics give it, for code frames. */
      readonly sources: ReadonlyMap<string, string>;
      /** What the generated package is made from: the description's hash and each overlay's, in order. */
      readonly sha256: string;
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> };

/** `description` (changed in place) with `inputs` applied; `sha256` is the description's, when the caller hashed it. */
export function overlaid(description: Description, inputs: readonly OverlayInput[], sha256?: string): Overlaid {
  const sources = new Map<string, string>();
  const diagnostics: Diagnostic[] = [];
  const overlays: Overlay[] = [];
  for (const input of inputs) {
    const read = readOverlay(input);
    const text = read.ok ? read.overlay.source : read.source;
    if (text !== undefined) sources.set(input.file, text);
    diagnostics.push(...read.diagnostics);
    if (read.ok) overlays.push(read.overlay);
  }
  if (hasErrors(diagnostics)) return { ok: false, diagnostics: sortDiagnostics(diagnostics), sources };
  const applied = applyOverlays(description.data, overlays, description.file, description.position);
  diagnostics.push(...applied.diagnostics);
  if (hasErrors(diagnostics)) return { ok: false, diagnostics: sortDiagnostics(diagnostics), sources };
  const hash = createHash('sha256').update(sha256 ?? createHash('sha256').update(description.source).digest('hex'));
  for (const overlay of overlays) hash.update(`\n${createHash('sha256').update(overlay.source).digest('hex')}`);
  return { ok: true, description: { ...description, position: applied.position }, diagnostics, sources, sha256: hash.digest('hex') };
}

/** Overlays given for a contract, which they cannot change: one error, at the first overlay. */
export function overlaysForContract(inputs: readonly OverlayInput[], contract: string): Diagnostic[] {
  const first = inputs[0];
  return first === undefined ? [] : [problem(M.overlayForContract, first.file, { line: 0, col: 0 }, { contract })];
}
