/** `generate --watch`: regenerates on every save and prints one line per run with its time. */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'contractgen-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function waitForLines(lines: string[], count: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (lines.filter((l) => / in \d+ ms$/.test(l)).length >= count) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error(`timed out waiting for ${count} run lines; got:\n${lines.join('\n')}`));
      }
    }, 25);
  });
}

/** `generate --watch` on `input`, and every line it prints (stdout and stderr). */
function watching(input: string, out: string): { child: ChildProcess; lines: string[] } {
  const child = spawn(process.execPath, ['generator/dist/generator/bin.js', 'generate', '--watch', '--contract', input, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const collect = (chunk: string) => lines.push(...chunk.split('\n').filter((l) => l !== ''));
  child.stdout?.setEncoding('utf8').on('data', collect);
  child.stderr?.setEncoding('utf8').on('data', collect);
  return { child, lines };
}

describe('generate --watch', () => {
  it('prints one timed line per run and regenerates after each save', async () => {
    const contract = join(dir, 'contract.yaml');
    const out = join(dir, 'out');
    cpSync('test/fixtures/problem-json/contract.yaml', contract);
    const { child, lines } = watching(contract, out);
    try {
      await waitForLines(lines, 1, 30_000);
      expect(lines[0]).toMatch(/^watching .*contract\.yaml/);
      expect(lines.filter((l) => / in \d+ ms$/.test(l))[0]).toMatch(/files? written, 0 removed, 0 unchanged in \d+ ms$/);

      writeFileSync(contract, readFileSync(contract, 'utf8').replace('summary: Read one item.', 'summary: Fetch one item.'));
      await waitForLines(lines, 2, 30_000);
      expect(lines.filter((l) => / in \d+ ms$/.test(l))[1]).toMatch(/^.*: [1-9]\d* files? written, 0 removed, \d+ unchanged in \d+ ms$/);
      expect(readFileSync(join(out, 'src', 'client.ts'), 'utf8')).toContain('Fetch one item.');

      writeFileSync(contract, 'contractgen: 1\ninfo: [broken\n');
      await waitForLines(lines, 3, 30_000);
      expect(lines.some((l) => /contract\.yaml:\d+:\d+: YAML syntax/.test(l))).toBe(true);
      expect(lines.filter((l) => / in \d+ ms$/.test(l))[2]).toMatch(/generation stopped: the contract has errors in \d+ ms$/);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);

  it('watches an OpenAPI description too: a saved change regenerates, a broken one is reported where it breaks', async () => {
    const description = join(dir, 'openapi.json');
    const out = join(dir, 'from-openapi');
    const text = readFileSync('test/fixtures/openapi/pets-paged.json', 'utf8');
    writeFileSync(description, text);
    const { child, lines } = watching(description, out);
    try {
      await waitForLines(lines, 1, 30_000);
      expect(lines.filter((l) => / in \d+ ms$/.test(l))[0]).toMatch(/files? written, 0 removed, 0 unchanged in \d+ ms$/);
      writeFileSync(description, text.replace('"operationId": "listPets"', '"operationId": "listAllPets"'));
      await waitForLines(lines, 2, 30_000);
      expect(readFileSync(join(out, 'src', 'client.ts'), 'utf8')).toContain('listAllPets');
      writeFileSync(description, '{\n  "openapi": "3.1.0",\n  "info": {\n}}}\n');
      await waitForLines(lines, 3, 30_000);
      expect(lines.some((l) => /openapi\.json:4:3: /.test(l) && l.includes('[openapi-unreadable]'))).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);
});
