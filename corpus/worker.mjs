// One corpus worker: takes descriptions from its parent and runs import → validate → generate on
// each (and tsc --strict over the package for the seeded sample), answering with what came of it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { loadDescription } = await import(join(root, 'generator/dist/generator/import/load-description.js'));
const { layout } = await import(join(root, 'generator/dist/generator/emit/layout.js'));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

process.on('message', (task) => process.send(run(task)));

function run({ path, name, compile }) {
  const started = performance.now();
  const outcome = { name, operations: countOperations(path) };
  try {
    const imported = loadDescription(path, name);
    outcome.warnings = imported.warnings.length;
    outcome.warningCauses = countBy(imported.warnings.map((w) => w.cause));
    const { result } = imported;
    if (!result.ok) return finish(outcome, started, failure(result.diagnostics, imported.data === undefined ? 'import' : 'validate'));
    outcome.kept = result.contract.endpoints.length;
    outcome.events = result.contract.webhooks?.events.length ?? 0;
    let files;
    try {
      files = layout(result.contract);
    } catch (e) {
      return finish(outcome, started, { stage: 'generate', cause: `crash: ${firstLine(e)}`, message: String(e?.stack ?? e).slice(0, 400) });
    }
    outcome.generateMs = Math.round(performance.now() - started);
    if (compile) outcome.tsc = compileFiles(files, name);
    return finish(outcome, started, { stage: 'done' });
  } catch (e) {
    return finish(outcome, started, { stage: 'crash', cause: `crash: ${firstLine(e)}`, message: String(e?.stack ?? e).slice(0, 400) });
  }
}

function finish(outcome, started, status) {
  return { ...outcome, ...status, ms: Math.round(performance.now() - started) };
}

function failure(diagnostics, stage) {
  const d = diagnostics.find((x) => x.severity === 'error') ?? diagnostics[0];
  const cause = `${d.code}: ${d.message.replace(/'[^']*'/g, "'…'").replace(/\d+/g, 'N')}`.slice(0, 160);
  return { stage, cause, message: `${d.file}:${d.line}:${d.col}: ${d.message}`.slice(0, 400) };
}

function firstLine(e) {
  return String(e?.message ?? e).split('\n')[0].slice(0, 120);
}

function countOperations(path) {
  try {
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    let n = 0;
    for (const item of Object.values(doc.paths ?? {})) for (const method of Object.keys(item ?? {})) if (METHODS.has(method.toLowerCase())) n++;
    return n;
  } catch {
    return 0;
  }
}

function countBy(list) {
  const out = {};
  for (const k of list) out[k] = (out[k] ?? 0) + 1;
  return out;
}

/** tsc --noEmit over the package as generated (its tsconfig: strict, noUncheckedIndexedAccess), TypeScript 5.9. */
function compileFiles(files, name) {
  const dir = join(tmpdir(), 'contractgen-corpus', name.replace(/[^A-Za-z0-9.-]+/g, '_'));
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    if (file.path.startsWith('dist/')) continue;
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
  const started = performance.now();
  const r = spawnSync(process.execPath, ['--max-old-space-size=4096', tsc, '-p', join(dir, 'tsconfig.json'), '--noEmit'], { encoding: 'utf8', timeout: 600_000 });
  const ms = Math.round(performance.now() - started);
  rmSync(dir, { recursive: true, force: true });
  const errors = (r.stdout ?? '').split('\n').filter((l) => /error TS\d+/.test(l));
  return { ok: r.status === 0, ms, errors: errors.length, first: errors[0]?.replace(dir, '').slice(0, 300) };
}
