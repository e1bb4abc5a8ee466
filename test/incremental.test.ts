/**
 * A watch session (Incremental) reuses parsed pieces, model objects and emitted sections. Whatever
 * it reuses, every run must produce exactly the files and diagnostics of a fresh one-shot render of
 * the same text — edits to an endpoint, a type, a host, the info block, insertions and deletions that
 * shift every line after them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render, type RenderOutcome } from '../generator/generate.js';
import { Incremental } from '../generator/incremental.js';
import { parseContractPieces, PieceStore } from '../generator/load/pieces.js';
import { randomSession } from './support/watch-sessions.js';
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { buildApi, contractYaml } from '../bench/synth.mjs';

type Edit = readonly [name: string, change: (text: string) => string];

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`edit did not apply: ${String(from)}`);
  return next;
}

const synthetic = contractYaml(buildApi(200)) as string;

const syntheticEdits: Edit[] = [
  ['an endpoint summary', (t) => replaceOnce(t, 'summary: Operation 7 on one', 'summary: Operation 7 (edited) on one')],
  // Text of the same length: every value declaration after it stays where it was, so only the
  // text itself tells a file that must be emitted again from one that can be reused.
  ['an endpoint summary, the same length', (t) => replaceOnce(t, 'summary: Operation 8 on one', 'summary: Operation 8 on One')],
  ['an endpoint method', (t) => replaceOnce(t, /(op9\w+:\n(?: {4}.*\n)*? {4}method: )\w+/, '$1DELETE')],
  ['a field added to a request type', (t) => replaceOnce(t, /(Op3\w+Request:\n {4}kind: object\n {4}fields:\n)/, '$1      remark: { type: string }\n')],
  ['a required field made optional', (t) => replaceOnce(t, /(Op11\w+Response:\n {4}kind: object\n(?: {4}extends: .*\n)? {4}fields:\n {6}id: \{ type: string), required: true \}/, '$1 }')],
  ['an enum value added', (t) => replaceOnce(t, 'values: [low, normal, high, urgent]', 'values: [low, normal, high, urgent, critical]')],
  ['an endpoint inserted at the top (shifts every line)', (t) => replaceOnce(t, '\nendpoints:\n', '\nendpoints:\n  opNew:\n    method: GET\n    path: /new\n    host: alpha\n    responses:\n      "200": { description: New. }\n')],
  ['an endpoint deleted', (t) => replaceOnce(t, /\n {2}op5\w+:\n(?: {4}.*\n)+/, '\n')],
  ['the info block', (t) => replaceOnce(t, /title: Synthetic API 200/, 'title: Synthetic API (edited)')],
  ['a host code row', (t) => replaceOnce(t, '- { status: 504, code: timeout }', '- { status: 504, code: gateway_timeout }')],
  ['a second error shape declared', (t) => replaceOnce(t, '\nshapes:\n', '\nshapes:\n  flat:\n    match: { present: [code] }\n    read: { code: code }\n')],
  // Another endpoint's emitted error type reads its host's shapes, which this endpoint extends.
  ['an endpoint adds a shape its host lacks', (t) => replaceOnce(t, /(op7Account:\n(?: {4}.*\n)*? {4}host: beta\n)/, '$1    shapes: [flat]\n')],
  // A request type given a read-only field gets a request form; deleting the one endpoint that
  // sends it takes that away, though the type itself is unchanged.
  ['a read-only field in a request type', (t) => replaceOnce(t, '  Op2ReportRequest:\n    kind: object\n    fields:\n      title: { type: string, required: true }', '  Op2ReportRequest:\n    kind: object\n    fields:\n      title: { type: string, required: true, readOnly: true }')],
  ['the endpoint that sends it deleted', (t) => replaceOnce(t, /\n {2}op2Report:\n(?: {4}.*\n)+/, '\n')],
  // A type and its bases reused: the flattened type is too, and its problems must be reported again.
  ['an inherited field redefined incompatibly (an error)', (t) => replaceOnce(t, /(Op0OrderResponse:\n {4}kind: object\n {4}extends: \[Audit\]\n {4}fields:\n)/, '$1      created_by: { type: boolean }\n')],
  ['an endpoint summary edited (an error: the redefinition still stands)', (t) => replaceOnce(t, 'summary: Operation 9 on one', 'summary: Operation 9 (edited) on one')],
  ['the redefinition taken out', (t) => replaceOnce(t, '      created_by: { type: boolean }\n', '')],
  ['an unknown host (an error, positioned after the shift)', (t) => replaceOnce(t, /(op40\w+:\n(?: {4}.*\n)*? {4}host: )\w+/, '$1nowhere')],
  ['the error fixed again', (t) => t.replace(/host: nowhere/, 'host: beta')],
];

const ordersEdits: Edit[] = [
  ['a quirk hint', (t) => replaceOnce(t, /hint: "?([^\n"]+)/, 'hint: "Edited hint."')],
  ['lines inserted above everything', (t) => `# a comment\n# another\n${t}`],
  ['a message row example (an error: no row matches it now)', (t) => t.replace(/(\n\s+example: ")([^"]+)"/, '$1$2 "')],
];

/** Files and diagnostics, comparable. */
function outcome(r: RenderOutcome): unknown {
  if (r.kind === 'files') return { kind: r.kind, files: Object.fromEntries(r.files) };
  if (r.kind === 'invalid') return { kind: r.kind, diagnostics: r.diagnostics };
  return r;
}

async function session(file: string, start: string, edits: readonly Edit[]): Promise<void> {
  const incremental = new Incremental();
  let text = start;
  expect(outcome(await render(file, text, { incremental }))).toEqual(outcome(await render(file, text)));
  for (const [name, change] of edits) {
    text = change(text);
    const fresh = await render(file, text);
    // Each edit leaves the contract valid but those named as errors: a session stuck in an error
    // after one mistaken edit would compare diagnostics only, and reuse nothing.
    expect(fresh.kind, name).toBe(name.includes('(an error') ? 'invalid' : 'files');
    const reused = await render(file, text, { incremental });
    expect(reused.kind, name).toBe(fresh.kind);
    expect(outcome(reused), name).toEqual(outcome(fresh));
  }
}

describe('a watch session renders what a fresh run renders', () => {
  it('synthetic contract (pieced: endpoints and types in pieces)', { timeout: 120_000 }, async () => {
    // Large enough to be parsed in pieces, so edits exercise piece reuse.
    expect(synthetic.length).toBeGreaterThan(256 * 1024);
    await session('synthetic.yaml', synthetic.repeat(1), syntheticEdits);
  });

  it('orders contract', { timeout: 60_000 }, async () => {
    await session('orders.yaml', readFileSync('contract/orders.yaml', 'utf8'), ordersEdits);
  });

  it('reuses: after an edit, every endpoint but those read with it, and every type, is the very object of the last run', () => {
    const store = new PieceStore();
    const read = (text: string) => {
      const loaded = parseContractPieces('big.yaml', text, store, 0);
      if (!loaded.ok) throw new Error('does not load');
      return loaded.contract.data as { endpoints: Record<string, object>; types: Record<string, object> };
    };
    const big = contractYaml(buildApi(600)) as string;
    const first = read(big);
    const second = read(big.replace('summary: Operation 3 on one', 'summary: Operation 3 (x) on one'));
    const changed = Object.keys(second.endpoints).filter((id) => second.endpoints[id] !== first.endpoints[id]);
    // Entries are read in runs of 16: the edited endpoint's run is read again, nothing else.
    expect(changed).toContain(Object.keys(second.endpoints).find((id) => id.startsWith('op3')));
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(16);
    expect(Object.keys(second.types).filter((name) => second.types[name] !== first.types[name])).toEqual([]);
    expect(Object.keys(second.endpoints)).toHaveLength(600);
  });
});

describe('random watch sessions render what fresh runs render', () => {
  // A few seeded sessions here; `npm run fuzz` runs many (test/fuzz/watch-sessions.fuzz.ts).
  const start = contractYaml(buildApi(130)) as string;
  it.each([1, 2])('session %i: 12 random edits of the synthetic contract, mistakes and returns included', { timeout: 120_000 }, async (seed) => {
    // Large enough to be parsed in pieces.
    expect(start.length).toBeGreaterThan(256 * 1024);
    const report = await randomSession('synthetic.yaml', start, seed, 12);
    expect(report.failure, `seed ${seed}: ${report.steps.join(' → ')}`).toBeUndefined();
  });
});
