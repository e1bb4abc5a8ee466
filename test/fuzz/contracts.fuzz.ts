/**
 * `npm run fuzz`: the properties of test/property.test.ts over many random valid contracts
 * (test/support/arbitrary-contract.ts, checks in test/support/contract-properties.ts), plus a
 * runtime smoke test of each package that passed: its built `dist/index.js` is imported, every
 * enum's `*_VALUES` array must hold exactly the contract's values, `decodeError` must not throw on
 * any host, and `createClient` (stub fetch) must have one method per endpoint, each resolving to a
 * result within a bound.
 *
 * Failures are grouped by cause. Each failing contract is saved under
 * test/.tmp/fuzz-contracts/seed-<seed>/ with a summary.json; the test fails listing every cause,
 * how many contracts showed it and the first of them.
 *
 * FUZZ_RUNS (default 300), FUZZ_SEED and FUZZ_NAMES (mixed | hostile | distinct) steer it;
 * FUZZ_IMPORT=0 skips the runtime smoke test.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { contractArbitrary, type GeneratedContract, type Json } from '../support/arbitrary-contract.js';
import { checkContract, type Problem } from '../support/contract-properties.js';

function env(name: string, fallback: string): string {
  const raw = process.env[name];
  return raw === undefined || raw === '' ? fallback : raw;
}

const RUNS = Number(env('FUZZ_RUNS', '300'));
const SEED = Number(env('FUZZ_SEED', String(0x5eed_c0de)));
const NAMES = env('FUZZ_NAMES', 'mixed') as 'mixed' | 'hostile' | 'distinct';
const IMPORT = env('FUZZ_IMPORT', '1') !== '0';
/** Bound on one client call against the stub fetch. */
const CALL_MS = 5_000;
const OUT = join('test', '.tmp', 'fuzz-contracts', `seed-${SEED}`);

if (!Number.isSafeInteger(RUNS) || !Number.isSafeInteger(SEED)) throw new Error('FUZZ_RUNS and FUZZ_SEED must be integers');

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Module = Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

function obj(value: Json | undefined): { [k: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** Imports the built package and exercises it; returns problems. */
async function smoke(generated: GeneratedContract, files: ReadonlyMap<string, string>): Promise<Problem[]> {
  const problems: Problem[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'contractgen-fuzz-'));
  temps.push(dir);
  for (const [path, text] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  let pkg: Module;
  try {
    pkg = (await import(/* @vite-ignore */ pathToFileURL(join(dir, 'dist', 'index.js')).href)) as Module;
  } catch (e) {
    return [{ signature: `runtime: the package does not load: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`, detail: String(e) }];
  }
  const arrays = Object.entries(pkg)
    .filter(([k, v]) => k.endsWith('_VALUES') && Array.isArray(v))
    .map(([, v]) => v as unknown[]);
  for (const { name, values } of generated.wire.enums) {
    if (!arrays.some((a) => a.length === values.length && a.every((v, i) => v === values[i]))) {
      problems.push({ signature: 'runtime: an enum has no *_VALUES array with exactly its values', detail: `enum ${name}: ${JSON.stringify(values)}` });
    }
  }
  const doc = generated.doc;
  const hosts = Object.keys(obj(doc['hosts']));
  const decodeError = pkg['decodeError'] as Fn | undefined;
  if (typeof decodeError !== 'function') problems.push({ signature: 'runtime: no decodeError export', detail: Object.keys(pkg).join(', ') });
  else {
    const bodies: unknown[] = ['', 'not json', '{"code":"x"}', { code: 'x', message: 'm', error: 'unauthorized' }, null, [1], { __proto__: { code: 1 } }];
    for (const host of hosts) {
      for (const body of bodies) {
        try {
          const decoded = decodeError({ host, status: 400, body }) as { host?: unknown; status?: unknown };
          if (decoded.host !== host || decoded.status !== 400) problems.push({ signature: 'runtime: decodeError returns another host or status', detail: `host ${JSON.stringify(host)}: ${JSON.stringify(decoded).slice(0, 300)}` });
        } catch (e) {
          problems.push({ signature: `runtime: decodeError throws: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`, detail: `host ${JSON.stringify(host)}, body ${JSON.stringify(body)}` });
        }
      }
    }
  }
  const createClient = pkg['createClient'] as Fn | undefined;
  if (typeof createClient !== 'function') return [...problems, { signature: 'runtime: no createClient export', detail: Object.keys(pkg).join(', ') }];
  const environments = Object.keys(obj(doc['environments']));
  const servers = Object.fromEntries(Object.keys(obj(doc['servers'])).map((s) => [s, 'https://api.example.test']));
  let client: Record<string, unknown>;
  try {
    client = createClient({
      environment: environments[0] ?? 'default',
      servers,
      maxRetries: 0,
      timeoutMs: 1_000,
      fetch: async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    }) as Record<string, unknown>;
  } catch (e) {
    return [...problems, { signature: `runtime: createClient throws: ${e instanceof Error ? e.message : String(e)}`, detail: '' }];
  }
  const endpoints = obj(doc['endpoints']);
  const methods = Object.keys(client).filter((k) => typeof client[k] === 'function');
  if (methods.length !== Object.keys(endpoints).length) {
    problems.push({ signature: 'runtime: the client does not have one own method per endpoint', detail: `endpoints ${JSON.stringify(Object.keys(endpoints))}, methods ${JSON.stringify(methods)}` });
  }
  const params = Object.fromEntries(Object.values(endpoints).flatMap((e) => Object.keys(obj(obj(e)['params'])).map((p) => [p, 'x'])));
  for (const method of methods) {
    try {
      const result = (await withTimeout(Promise.resolve((client[method] as Fn)({ ...params, body: {} })), CALL_MS, method)) as { ok?: unknown };
      if (typeof result?.ok !== 'boolean') problems.push({ signature: 'runtime: a client method resolves to something other than a result', detail: `${method}: ${JSON.stringify(result).slice(0, 200)}` });
    } catch (e) {
      problems.push({ signature: `runtime: a client method rejects or hangs: ${e instanceof Error ? e.message.replace(/^[^:]*: /, '') : String(e)}`, detail: method });
    }
  }
  return problems;
}

describe(`fuzz: ${RUNS} random valid contracts (FUZZ_SEED=${SEED}, FUZZ_NAMES=${NAMES})`, () => {
  it('every contract validates, renders, compiles strictly, renders identically, keeps wire names, writes fixed paths, and works', async () => {
    const started = performance.now();
    const samples = fc.sample(contractArbitrary({ names: NAMES }), { seed: SEED, numRuns: RUNS });
    const causes = new Map<string, { count: number; first: number; detail: string; contracts: number[] }>();
    const failed = new Set<number>();
    let renderMs = 0;
    let slowest = 0;
    for (const [i, generated] of samples.entries()) {
      const check = await checkContract(generated);
      renderMs += check.renderMs;
      slowest = Math.max(slowest, check.renderMs);
      const problems = [...check.problems];
      if (IMPORT && problems.length === 0 && check.files !== undefined) problems.push(...(await smoke(generated, check.files)));
      for (const p of problems) {
        const cause = causes.get(p.signature) ?? { count: 0, first: i, detail: p.detail, contracts: [] };
        if (!cause.contracts.includes(i)) {
          cause.count++;
          cause.contracts.push(i);
        }
        causes.set(p.signature, cause);
      }
      if (problems.length > 0) {
        failed.add(i);
        mkdirSync(OUT, { recursive: true });
        writeFileSync(join(OUT, `${i}.yaml`), generated.yaml);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const ranked = [...causes].sort((a, b) => b[1].count - a[1].count);
    const summary = {
      seed: SEED,
      runs: RUNS,
      names: NAMES,
      failedContracts: failed.size,
      seconds: Math.round(seconds),
      averageRenderMs: Math.round(renderMs / Math.max(1, RUNS)),
      slowestRenderMs: Math.round(slowest),
      causes: ranked.map(([signature, c]) => ({ signature, contracts: c.count, first: c.first, examples: c.contracts.slice(0, 10), detail: c.detail.slice(0, 2000) })),
    };
    mkdirSync(OUT, { recursive: true });
    writeFileSync(join(OUT, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `[fuzz] contracts: ${RUNS} generated (seed ${SEED}, names ${NAMES}) in ${seconds.toFixed(0)} s, ` +
        `render ${summary.averageRenderMs} ms on average (slowest ${summary.slowestRenderMs} ms); ${failed.size} failed, ${causes.size} distinct causes` +
        (causes.size > 0 ? `; details in ${join(OUT, 'summary.json')}` : ''),
    );
    const report = ranked.map(([signature, c]) => `- ${c.count}x ${signature}\n    first: ${join(OUT, `${c.first}.yaml`)}\n    ${c.detail.split('\n').slice(0, 4).join('\n    ')}`);
    expect(failed.size, `${failed.size} of ${RUNS} contracts failed:\n${report.join('\n')}`).toBe(0);
  }, 4 * 3_600_000);
});
