/**
 * What `npm run build` records beside the compiled generator, so a run does less: the contract
 * schema's standalone validator and the generator's fingerprint. Each is a shortcut with a slow
 * path it must agree with (ARCHITECTURE.md, "Caches and accelerators").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { FINGERPRINT_FILE, generate } from '../generator/generate.js';
import { parseContract } from '../generator/load/parse.js';
import { MANIFEST } from '../generator/write.js';
import { compileValidator, PRECOMPILED_VALIDATOR, VALIDATOR_REFS, type Validators } from '../generator/validate-schema.js';
import { FIXTURE_CONTRACTS } from './support/corpus.js';

const require = createRequire(import.meta.url);
type Data = Record<string, unknown>;

function dataOf(file: string): Data {
  const parsed = parseContract(file, readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file} does not parse`);
  return parsed.contract.data as Data;
}

/** The contracts of the test corpus, valid and broken in several places. */
function samples(): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const file of FIXTURE_CONTRACTS) {
    const data = dataOf(file);
    out.push([file, data]);
    const endpoints = data.endpoints as Data;
    const [firstName, firstEndpoint] = Object.entries(endpoints)[0]!;
    out.push([`${file}: endpoint method`, { ...data, endpoints: { ...endpoints, [firstName]: { ...(firstEndpoint as Data), method: 'FETCH' } } }]);
    out.push([`${file}: unknown root key`, { ...data, extra: 1 }]);
    out.push([`${file}: a type of unknown kind`, { ...data, types: { ...(data.types as Data), Bad: { kind: 'objet' } } }]);
    out.push([`${file}: hosts missing`, { ...data, hosts: undefined }]);
  }
  return out;
}

/** An error as a diagnostic is made from it (the schema objects are compared by their place). */
const comparable = (errors: readonly ErrorObject[] | null | undefined) =>
  (errors ?? []).map((e) => ({ instancePath: e.instancePath, schemaPath: e.schemaPath, keyword: e.keyword, params: e.params, message: e.message, data: e.data }));

describe('the precompiled schema validator', () => {
  it('exists after the build', () => {
    expect(existsSync(PRECOMPILED_VALIDATOR)).toBe(true);
  });

  it('gives the verdicts and errors of the schema compiled now, for the whole and for each part', () => {
    const built = require(PRECOMPILED_VALIDATOR) as Validators;
    const { ajv } = compileValidator();
    const cases = samples();
    let invalid = 0;
    for (const [part, ref] of Object.entries(VALIDATOR_REFS) as [keyof Validators, string][]) {
      const fresh = ajv.getSchema(ref)!;
      for (const [name, data] of cases) {
        const inputs = part === 'endpoint' ? Object.values((data as Data).endpoints as Data) : part === 'namedType' ? Object.values(((data as Data).types ?? {}) as Data) : [data];
        for (const input of inputs) {
          const verdict = built[part](input);
          expect(verdict, `${part}: ${name}`).toBe(fresh(input));
          expect(comparable(built[part].errors), `${part}: ${name}`).toEqual(comparable(fresh.errors));
          if (!verdict) invalid++;
        }
      }
    }
    // Not vacuous: the broken samples are rejected by the whole, the shell and the parts.
    expect(invalid).toBeGreaterThanOrEqual(cases.length / 2);
  });
});

describe('the generator fingerprint', () => {
  it('recorded by the build is the one the built generator computes from its code and templates', () => {
    const dist = join('generator', 'dist', 'generator');
    const recorded = readFileSync(join(dist, FINGERPRINT_FILE), 'utf8').trim();
    const script = `import(${JSON.stringify(`./${dist}/generate.js`)}).then((m) => console.log(m.computeGeneratorFingerprint()))`;
    const computed = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(computed.stderr).toBe('');
    expect(computed.stdout.trim()).toBe(recorded);
  });

  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('output written by another generator is not up to date, though contract and files are unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contractgen-fingerprint-'));
    dirs.push(dir);
    const options = { contractFile: 'test/fixtures/problem-json/contract.yaml', outDir: dir, check: false };
    expect((await generate(options)).kind).toBe('written');
    expect((await generate(options)).kind).toBe('up-to-date');
    const manifestPath = join(dir, MANIFEST);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { generator: string };
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, generator: `${manifest.generator}-other` }));
    const again = await generate(options);
    expect(again.kind).toBe('written');
    expect(again.kind === 'written' ? again.changed : []).toEqual([]);
    expect((JSON.parse(readFileSync(manifestPath, 'utf8')) as { generator: string }).generator).toBe(manifest.generator);
    expect((await generate(options)).kind).toBe('up-to-date');
  });
});
