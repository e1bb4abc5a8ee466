/**
 * The bump `contractgen diff` recommends follows what consumers see, on fixture pairs
 * (test/fixtures/diff-bump/: a shop description, and the same shop as a contract):
 * - a purely additive release (an endpoint, an optional response field, an optional request field)
 *   is minor with and without the API review, every API change judged minor;
 * - an endpoint and a field removed are major in both modes;
 * - the package name is what consumers import: a title change alone is one breaking finding
 *   (`info-package-changed`, the name derived from it) and no API change; with `--package`, a config
 *   entry's `package` or the programmatic API's `package` it is info only (patch); a real rename
 *   (a contract's `info.package`) is exactly one source-breaking finding.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diff } from '../generator/api.js';
import type { Review } from '../generator/diff/review.js';
import { runCli } from './support/run-cli.js';

const FIXTURES = 'test/fixtures/diff-bump';
const at = (name: string) => `${FIXTURES}/${name}`;

async function review(oldFile: string, newFile: string, ...options: string[]): Promise<Review> {
  const result = await runCli(['diff', oldFile, newFile, '--format', 'json', ...options], process.cwd());
  expect(result.code, result.err).toBe(0);
  return JSON.parse(result.out) as Review;
}

const rules = (r: Review) => r.findings.map((f) => f.rule);
const api = (r: Review) => r.api.map((a) => `${a.export}${a.member === undefined ? '' : `.${a.member}`} ${a.change} ${a.bump}`);

describe('an additive release', () => {
  it('is minor in the default mode: every API change is an addition consumers need not know of', async () => {
    const r = await review(at('shop-old.json'), at('shop-additive.json'));
    expect(rules(r)).toEqual(['endpoint-added', 'info-version-changed', 'request-field-added-optional', 'response-field-added']);
    expect(api(r)).toEqual([
      'Client.listOrders added minor',
      'listOrders added minor',
      'ListOrdersData added minor',
      'ListOrdersError added minor',
      'ListOrdersInput added minor',
      'ListOrdersResult added minor',
      'NewOrder.giftWrap added minor',
      'OperationId changed minor',
      'Order.note added minor',
    ]);
    expect(r.bump).toBe('minor');
  });

  it('is minor with --no-api', async () => {
    const r = await review(at('shop-old.json'), at('shop-additive.json'), '--no-api');
    expect(r.api).toEqual([]);
    expect(r.bump).toBe('minor');
  });
});

describe('a release that removes', () => {
  it('an endpoint and a field: major in both modes, the API naming the method and the member', async () => {
    const r = await review(at('shop-old.json'), at('shop-removal.json'));
    expect(rules(r)).toEqual(['endpoint-removed', 'request-field-removed', 'response-field-removed', 'info-version-changed']);
    expect(api(r)).toContain('Client.cancelOrder removed major');
    expect(api(r)).toContain('Item.quantity removed major');
    expect(r.bump).toBe('major');
    expect((await review(at('shop-old.json'), at('shop-removal.json'), '--no-api')).bump).toBe('major');
  });
});

describe('the package name', () => {
  it("a description's title is where its package name comes from: a title change is one breaking finding, and changes no export", async () => {
    const r = await review(at('shop-old.json'), at('shop-title.json'));
    expect(r.findings.map((f) => [f.rule, f.wire, f.source])).toEqual([
      ['info-package-changed', 'info', 'breaking'],
      ['info-title-changed', 'info', 'info'],
    ]);
    expect(r.api).toEqual([]);
    expect(r.bump).toBe('major');
  });

  it('--package names it on both sides: the title change is info only', async () => {
    const r = await review(at('shop-old.json'), at('shop-title.json'), '--package', '@acme/shop');
    expect(rules(r)).toEqual(['info-title-changed']);
    expect(r.api).toEqual([]);
    expect(r.bump).toBe('patch');
    const bad = await runCli(['diff', at('shop-old.json'), at('shop-title.json'), '--package', 'Not A Name'], process.cwd());
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--package 'Not A Name' is not a valid npm package name");
  });

  it('the programmatic API takes it as `package`', async () => {
    const result = await diff(at('shop-old.json'), at('shop-title.json'), { package: 'acme-shop' });
    expect(result.ok && rules(result.review)).toEqual(['info-title-changed']);
    await expect(diff(at('shop-old.json'), at('shop-title.json'), { package: 'Bad Name' })).rejects.toThrow(TypeError);
  });

  describe('with a config file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-diff-config-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    for (const name of ['shop-old.json', 'shop-title.json', 'shop-additive.json']) cpSync(at(name), join(dir, name));
    // Both sides drop listOrders: only the config's entry can have said so.
    writeFileSync(join(dir, 'no-list.yaml'), 'overlay: 1.0.0\ninfo: { title: No listing, version: 1.0.0 }\nactions:\n  - target: $.paths["/orders"].get\n    remove: true\n');
    const config = (entries: readonly object[]) => writeFileSync(join(dir, 'contractgen.config.json'), JSON.stringify({ contracts: entries }));
    const run = async (...argv: string[]) => {
      const result = await runCli(['diff', ...argv, '--format', 'json'], dir);
      expect(result.code, result.err).toBe(0);
      return JSON.parse(result.out) as Review;
    };

    it("the entry naming the new file gives both sides its package, as generate reads it", async () => {
      config([{ contract: 'shop-title.json', out: 'generated', package: 'acme-shop' }]);
      expect(rules(await run('shop-old.json', 'shop-title.json'))).toEqual(['info-title-changed']);
      // Else the entry naming the old one; --package still wins over it.
      config([{ contract: 'shop-old.json', out: 'generated', package: 'acme-shop' }]);
      expect(rules(await run('shop-old.json', 'shop-title.json'))).toEqual(['info-title-changed']);
      expect(rules(await run('shop-old.json', 'shop-title.json', '--package', 'other-name'))).toEqual(['info-title-changed']);
      // No entry names either file: the names come from the titles.
      config([{ contract: 'elsewhere.json', out: 'generated', package: 'acme-shop' }]);
      expect(rules(await run('shop-old.json', 'shop-title.json'))).toEqual(['info-package-changed', 'info-title-changed']);
    });

    it("and its overlays, unless --overlay names others", async () => {
      config([{ contract: 'shop-additive.json', out: 'generated', overlays: ['no-list.yaml'] }]);
      expect(rules(await run('shop-old.json', 'shop-additive.json'))).not.toContain('endpoint-added');
      expect(rules(await run('shop-old.json', 'shop-additive.json', '--no-api'))).not.toContain('endpoint-added');
    });

    it('a config with problems is reported, exit 1', async () => {
      writeFileSync(join(dir, 'contractgen.config.json'), '{ "contracts": [{ "contract": "shop-old.json" }] }');
      const result = await runCli(['diff', 'shop-old.json', 'shop-title.json'], dir);
      expect(result.code).toBe(1);
      expect(result.err).toContain('contractgen.config.json');
    });
  });

  it("a contract's info.package renamed is exactly one finding, source-breaking, and changes no export; its title alone is info", async () => {
    const renamed = await review(at('shop.yaml'), at('shop-renamed.yaml'));
    expect(renamed.findings.map((f) => [f.rule, f.wire, f.source])).toEqual([['info-package-changed', 'info', 'breaking']]);
    expect(renamed.api).toEqual([]);
    expect(renamed.bump).toBe('major');
    const retitled = await review(at('shop.yaml'), at('shop-retitled.yaml'));
    expect(rules(retitled)).toEqual(['info-title-changed']);
    expect(retitled.bump).toBe('patch');
  });

  it('a description and the contract imported from it are the same package: no change', async () => {
    const r = await review(at('shop-old.json'), at('shop.yaml'));
    expect(r.findings).toEqual([]);
    expect(r.api).toEqual([]);
    expect(r.bump).toBe('none');
  });
});
