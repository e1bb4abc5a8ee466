/**
 * generator/diff/sides.ts: the new side loaded in a worker thread gives the very review the same
 * side loaded in this thread gives, byte for byte in JSON (findings, their line:col in the new
 * file, which the worker resolves, the API changes it compares, the bump): for descriptions and
 * contracts, a side read from text (as --base reads git), overlays, --package, --no-api, and a
 * side that does not load. The worker path is forced with `workerBytes: 0` (the CLI takes it for
 * inputs of 2 MB and more).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatReview } from '../generator/diff/report.js';
import { loadSides, reviewSides, type SideInput, type SideOptions } from '../generator/diff/sides.js';

const file = (name: string, overlays: SideInput['overlays'] = []): SideInput => ({ path: name, file: name, overlays });

/** The JSON report (or the diagnostics of a side that does not load) with the new side in a worker, and without. */
async function both(old: SideInput, now: SideInput, options: Omit<SideOptions, 'workerBytes'>): Promise<[string, string]> {
  const run = async (workerBytes: number) => {
    const sides = await loadSides(old, now, { ...options, workerBytes });
    try {
      const { before, after } = sides;
      if (!before.ok || !after.ok) return JSON.stringify([before.diagnostics, after.diagnostics]);
      return formatReview(await reviewSides(sides, before.contract, after.contract), 'json');
    } finally {
      sides.close();
    }
  };
  return [await run(0), await run(Number.POSITIVE_INFINITY)];
}

describe('the new side in a worker gives the same review', () => {
  it('descriptions with overlays, with the API review: findings located in the new file, API changes, bump', async () => {
    // The same overlay on both sides: the cancelled endpoint is no longer reviewed as removed.
    const overlay = { file: 'keep.yaml', text: 'overlay: 1.0.0\ninfo: { title: Keep, version: 1.0.0 }\nactions:\n  - target: $.paths["/orders/{orderId}"].delete\n    remove: true\n' };
    const [worker, here] = await both(file('test/fixtures/diff-bump/shop-old.json', [overlay]), file('test/fixtures/diff-bump/shop-removal.json', [overlay]), { api: true, packageName: undefined });
    expect(worker).toBe(here);
    const review = JSON.parse(worker) as { findings: { rule: string; new?: { file: string; line: number } }[]; api: unknown[] };
    expect(review.findings.some((f) => f.new?.file === 'test/fixtures/diff-bump/shop-removal.json' && f.new.line > 1)).toBe(true);
    expect(review.findings.map((f) => f.rule)).not.toContain('endpoint-removed');
    expect(review.api.length).toBeGreaterThan(0);
  });

  it('contracts, the old side read from text (as --base reads git), --no-api and --package', async () => {
    const text = readFileSync('test/diff/response-field-removed/old.yaml', 'utf8');
    const old: SideInput = { file: 'HEAD:old.yaml', text, overlays: [] };
    const [worker, here] = await both(old, file('test/diff/response-field-removed/new.yaml'), { api: false, packageName: 'renamed-client' });
    expect(worker).toBe(here);
    expect(worker).toContain('response-field-removed');
  });

  it('a side that does not load: the same diagnostics', async () => {
    const broken: SideInput = { file: 'broken.json', text: '{ "openapi": "3.1.0", "info": ', overlays: [] };
    const [worker, here] = await both(file('test/fixtures/diff-bump/shop-old.json'), broken, { api: true, packageName: undefined });
    expect(worker).toBe(here);
    expect(worker).toContain('broken.json');
  });
});
