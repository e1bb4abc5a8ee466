/**
 * Diagnostics come from one catalogue (generator/diagnostic-catalogue.ts): every code with its
 * stage and meaning, every message with its code. The documentation's table is the catalogue's,
 * and no stage spells a code of its own.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES, MESSAGES, type DiagnosticCode } from '../generator/diagnostic-catalogue.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'dist') return [];
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('the diagnostic catalogue', () => {
  it("is docs/contract-format.md's Diagnostics table: the same codes in the same order, stages, severities and meanings", () => {
    const docs = readFileSync('docs/contract-format.md', 'utf8');
    const table = docs.slice(docs.indexOf('| Code | Stage | Triggered by |'));
    const rows = [...table.matchAll(/^\| `([a-z-]+)`( \(warning\))? \| ([a-z, ]+) \| (.*) \|$/gm)].map((m) => ({ code: m[1], warning: m[2] !== undefined, stages: m[3], summary: m[4] }));
    const warnings = new Set(Object.values(MESSAGES).filter((m) => m.severity === 'warning').map((m) => m.code));
    const catalogue = Object.entries(CODES).map(([code, info]) => ({ code, warning: warnings.has(code as DiagnosticCode), stages: info.stages.join(', '), summary: info.summary }));
    expect(rows).toEqual(catalogue);
  });

  it('has a message for every code', () => {
    const used = new Set(Object.values(MESSAGES).map((m) => m.code));
    expect(Object.keys(CODES).filter((code) => !used.has(code as DiagnosticCode))).toEqual([]);
  });

  it('is the only place that spells a code: stages report through its messages', () => {
    const codes = Object.keys(CODES);
    const files = sources('generator').filter((file) => !file.endsWith('diagnostic-catalogue.ts'));
    expect(files.length).toBeGreaterThan(50);
    const spelled = files.flatMap((file) => codes.filter((code) => readFileSync(file, 'utf8').includes(`'${code}'`)).map((code) => `${file}: ${code}`));
    expect(spelled).toEqual([]);
  });
});
