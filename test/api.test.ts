/** The programmatic API (`import { validate, generate, diff, openapi, importOpenApi } from 'contractgen'`): the commands as values. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as api from '../generator/api.js';

const ORDERS = 'contract/orders.yaml';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'contractgen-api-'));
  dirs.push(dir);
  return dir;
}

describe('the package entry', () => {
  it("'contractgen' resolves (package.json exports) to the built API, with the same functions", async () => {
    const entry = (await import('contractgen')) as typeof api;
    expect(Object.keys(entry).sort()).toEqual(Object.keys(api).sort());
    for (const name of ['validate', 'generate', 'diff', 'openapi', 'importOpenApi', 'formatDiagnostic'] as const) expect(typeof entry[name], name).toBe('function');
  });
});

describe('validate', () => {
  it('a valid contract: ok, its model', () => {
    const result = api.validate(ORDERS);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.contract.endpoints.length).toBeGreaterThan(0);
  });

  it('a broken one: not ok, positioned diagnostics that format like the CLI prints them', () => {
    const file = join(scratch(), 'broken.yaml');
    writeFileSync(file, readFileSync(ORDERS, 'utf8').replace('method: GET', 'method: FETCH'));
    const result = api.validate(file);
    expect(result.ok).toBe(false);
    const first = result.diagnostics[0];
    expect(first?.code).toBe('not-allowed-value');
    expect(first?.line).toBeGreaterThan(0);
    expect(first === undefined ? '' : api.formatDiagnostic(first)).toMatch(/broken\.yaml:\d+:\d+: .*\[not-allowed-value\]/);
  });
});

describe('generate', () => {
  it('writes the package, then finds it up to date; check writes nothing', async () => {
    const out = join(scratch(), 'pkg');
    expect((await api.generate({ contract: ORDERS, out })).kind).toBe('written');
    expect((await api.generate({ contract: ORDERS, out, check: true })).kind).toBe('up-to-date');
    writeFileSync(join(out, 'src', 'client.ts'), '// edited\n');
    const stale = await api.generate({ contract: ORDERS, out, check: true });
    expect(stale).toEqual({ kind: 'stale', stale: ['src/client.ts'] });
    expect(readFileSync(join(out, 'src', 'client.ts'), 'utf8')).toBe('// edited\n');
  }, 60_000);
});

describe('diff, openapi, importOpenApi', () => {
  it('diff: the findings of a change, as the CLI classifies them', async () => {
    const result = await api.diff('test/diff/endpoint-method-changed/old.yaml', 'test/diff/endpoint-method-changed/new.yaml', { api: false });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.review.findings.map((f) => f.rule)).toContain('endpoint-method-changed');
  });

  it('diff of a contract that does not load: its diagnostics, no review', async () => {
    const result = await api.diff('missing.yaml', ORDERS, { api: false });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.diagnostics.map((d) => d.code)).toEqual(['file-unreadable']);
  });

  it('openapi and importOpenApi: the export, read back as a contract that validates', async () => {
    const exported = await api.openapi(ORDERS);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.document).toMatch(/^openapi: "3\.1\.\d"$/m);
    const file = join(scratch(), 'orders.openapi.yaml');
    writeFileSync(file, exported.document);
    const imported = await api.importOpenApi(file);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const back = join(scratch(), 'orders.yaml');
    writeFileSync(back, imported.contract);
    expect(api.validate(back).ok).toBe(true);
  });
});
