/**
 * `contractgen.config.json` / `.yaml` (or `.mjs`, `export default defineConfig({ … })`): several
 * contracts in one repository, each with its output folder and options. Read with yaml (JSON is YAML) and a LineCounter, so every problem is a
 * positioned diagnostic; two contracts aimed at one folder are refused where the second says so.
 * Without a config file, commands keep the single-contract convention (./contract/, ./generated/).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Node } from 'yaml';
import { isPackageName } from './contract-format.js';
import type { Diagnostic, Position } from './diagnostics.js';
import { outputOverrides, type GenerateOptions } from './generate.js';

export const CONFIG_FILES = ['contractgen.config.json', 'contractgen.config.yaml', 'contractgen.config.yml', 'contractgen.config.mjs'] as const;

export interface ConfigEntry {
  /** As written in the config, relative to its folder. */
  readonly contract: string;
  readonly out: string;
  /** Outputs left out (`openapi: false`, `mocks: false`), as `generate --no-openapi/--no-mocks`. */
  readonly outputs: GenerateOptions['outputs'];
  /** The package's npm name, whatever the contract says (as `generate --package`). */
  readonly package?: string;
  /** Overlays applied to the description, in order, as written (relative to the config's folder), as `--overlay`. */
  readonly overlays: readonly string[];
}

export type ConfigResult =
  | { readonly ok: true; readonly file: string; readonly entries: readonly ConfigEntry[] }
  | { readonly ok: false; readonly file: string; readonly diagnostics: readonly Diagnostic[]; readonly source: string | undefined };

/** The keys contract/config.schema.json allows (test/config.test.ts holds the two to each other). */
export const ROOT_KEYS = ['$schema', 'contracts'];
export const ENTRY_KEYS = ['contract', 'out', 'openapi', 'mocks', 'validators', 'zod', 'query', 'dates', 'package', 'overlays'];

/** The config file of `dir`, as a path relative to it; undefined when there is none. */
export function findConfig(dir: string): string | undefined {
  return CONFIG_FILES.find((name) => existsSync(join(dir, name)));
}

/**
 * Reads and checks `file` (relative to `dir`); entries' paths stay relative to `dir`. The checking
 * stages load here, not with `findConfig`: a no-change `generate` must not pay for them.
 */
export async function loadConfig(dir: string, file: string): Promise<ConfigResult> {
  const [{ MESSAGES: M, problem }, { sortDiagnostics }, { YAML_PARSE_OPTIONS, yamlLib }, { didYouMean }, { realFolderPath }] = await Promise.all([
    import('./diagnostic-catalogue.js'),
    import('./diagnostics.js'),
    import('./load/yaml-lib.js'),
    import('./similar.js'),
    import('./output-folder.js'),
  ]);
  const script = file.endsWith('.mjs');
  let source: string;
  try {
    source = script ? await scriptConfig(resolve(dir, file)) : readFileSync(resolve(dir, file), 'utf8');
  } catch (e) {
    const detail = script ? `cannot load the config module: ${e instanceof Error ? e.message : String(e)}` : 'cannot read the config file';
    return { ok: false, file, diagnostics: [problem(M.configInvalid, file, { line: 0, col: 0 }, { detail })], source: undefined };
  }
  const { LineCounter, parseDocument, isMap, isSeq, isScalar } = yamlLib();
  const lines = new LineCounter();
  const doc = parseDocument(source, { ...YAML_PARSE_OPTIONS, lineCounter: lines });
  // A module's config is checked as the JSON of its default export: no place in the module to point at.
  const at = (node: Node | null | undefined): Position => (script ? { line: 0, col: 0 } : lines.linePos(node?.range?.[0] ?? 0));
  const problems: Diagnostic[] = [];
  const report = (node: Node | null | undefined, detail: string) => problems.push(problem(M.configInvalid, file, at(node), { detail }));
  const syntax = doc.errors[0];
  if (syntax !== undefined) {
    problems.push(problem(M.configInvalid, file, lines.linePos(syntax.pos[0]), { detail: `not JSON or YAML: ${syntax.message.split('\n')[0] ?? ''}` }));
    return { ok: false, file, diagnostics: problems, source };
  }
  const root = doc.contents;
  if (!isMap(root)) {
    report(root, 'expected a mapping with `contracts`: a list of { contract, out }');
    return { ok: false, file, diagnostics: problems, source };
  }
  for (const pair of root.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    if (!ROOT_KEYS.includes(key)) report(pair.key as Node, `unknown key '${key}'${didYouMean(key, ROOT_KEYS.slice(1))}`);
  }
  const list = root.get('contracts', true);
  if (!isSeq(list) || list.items.length === 0) {
    report(list ?? root, '`contracts` must be a non-empty list of { contract, out }');
    return { ok: false, file, diagnostics: problems, source };
  }
  const entries: ConfigEntry[] = [];
  const outs = new Map<string, string>();
  for (const item of list.items as Node[]) {
    if (!isMap(item)) {
      report(item, 'each entry of `contracts` is a mapping: { contract, out }');
      continue;
    }
    for (const pair of item.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      if (!ENTRY_KEYS.includes(key)) report(pair.key as Node, `unknown key '${key}' in a contract entry${didYouMean(key, ENTRY_KEYS)}`);
    }
    const text = (key: string): string | undefined => {
      const node = item.get(key, true);
      if (node === undefined) {
        report(item, `a contract entry needs \`${key}\``);
        return undefined;
      }
      if (!isScalar(node) || typeof node.value !== 'string' || node.value === '') {
        report(node, `\`${key}\` must be a path`);
        return undefined;
      }
      return node.value;
    };
    const flag = (key: 'openapi' | 'mocks' | 'validators' | 'zod' | 'query'): boolean | undefined => {
      const node = item.get(key, true);
      if (node === undefined) return undefined;
      if (!isScalar(node) || typeof node.value !== 'boolean') report(node, `\`${key}\` must be true or false`);
      return isScalar(node) && typeof node.value === 'boolean' ? node.value : undefined;
    };
    const off = (key: 'openapi' | 'mocks' | 'validators'): boolean => flag(key) === false;
    const overlayList = (): { readonly node: Node; readonly path: string }[] => {
      const node = item.get('overlays', true);
      if (node === undefined) return [];
      if (!isSeq(node)) {
        report(node, '`overlays` must be a list of overlay files, applied in order');
        return [];
      }
      const paths = (node.items as Node[]).map((n) => ({ node: n, path: isScalar(n) && typeof n.value === 'string' ? n.value : '' }));
      for (const p of paths) if (p.path === '') report(p.node, 'each of `overlays` must be a path');
      return paths.filter((p) => p.path !== '');
    };
    const [contract, out, overlays] = [text('contract'), text('out'), overlayList()];
    const dates = item.get('dates', true);
    if (dates !== undefined && !(isScalar(dates) && (dates.value === 'string' || dates.value === 'Date'))) report(dates, "`dates` must be 'string' or 'Date'");
    const outputs = outputOverrides({ openapi: off('openapi') ? false : undefined, mocks: off('mocks') ? false : undefined, validators: off('validators') ? false : undefined, zod: flag('zod'), query: flag('query'), dates: isScalar(dates) && (dates.value === 'string' || dates.value === 'Date') ? dates.value : undefined });
    const packageNode = item.get('package', true);
    const packageName = isScalar(packageNode) && typeof packageNode.value === 'string' && isPackageName(packageNode.value) ? packageNode.value : undefined;
    if (packageNode !== undefined && packageName === undefined) report(packageNode, '`package` must be an npm package name (lower case, URL-safe, an optional @scope/)');
    if (contract === undefined || out === undefined) continue;
    // A config comes with the repository, which may be anyone's: its paths stay inside the repository.
    const named = [{ key: 'contract', node: item.get('contract', true) as Node, path: contract }, { key: 'out', node: item.get('out', true) as Node, path: out }, ...overlays.map((o) => ({ key: 'overlays', ...o }))];
    const leaving = named.filter((n) => leaves(dir, n.path, realFolderPath));
    for (const n of leaving) report(n.node, `\`${n.key}\` leads out of the config's folder: a config names paths inside its repository (the command line may name any)`);
    if (leaving.length > 0) continue;
    const folder = relative(dir, resolve(dir, out)) || '.';
    const earlier = outs.get(folder);
    if (earlier !== undefined) report(item.get('out', true) as Node, `${contract} and ${earlier} are both generated into ${folder}: each contract needs its own folder`);
    outs.set(folder, contract);
    entries.push({ contract, out, outputs, overlays: overlays.map((o) => o.path), ...(packageName === undefined ? {} : { package: packageName }) });
  }
  return problems.length > 0 ? { ok: false, file, diagnostics: sortDiagnostics(problems), source } : { ok: true, file, entries };
}

/**
 * Whether `path` (relative to `dir`) leads out of `dir`, as written (absolute, `..`) or once
 * symbolic links are resolved (`real`: output-folder.ts's realFolderPath, which resolves what
 * exists of a path). A contract outside would be read and quoted in diagnostics (a CI log may
 * be public); a package outside would be written anywhere the config's author chose.
 */
function leaves(dir: string, path: string, real: (path: string) => string): boolean {
  if (isAbsolute(path)) return true;
  const inside = (from: string, to: string) => {
    const rel = relative(from, to);
    return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
  };
  return !inside(dir, resolve(dir, path)) || !inside(real(dir), real(resolve(dir, path)));
}

/** A `contractgen.config.mjs`'s default export (`export default defineConfig({ … })`), as JSON text. */
async function scriptConfig(path: string): Promise<string> {
  // The module cache keeps a URL's first evaluation: a changed file is imported under a new URL.
  const { mtimeMs, size } = statSync(path);
  const module = (await import(`${pathToFileURL(path).href}?v=${mtimeMs}-${size}`)) as { default?: unknown };
  if (module.default === undefined) throw new Error('it has no default export');
  return JSON.stringify(module.default, null, 2);
}
