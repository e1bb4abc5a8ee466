/**
 * The TypeScript impact of a contract change: the generated package's public API (the exports of
 * `dist/index.d.ts`) before and after, read with ts-morph's static analysis.
 */
import type { ContractResult } from '../contract.js';
import { render } from '../generate.js';
import type { ApiChange } from './review.js';

type Exports = Map<string, string>;
type Loaded = Extract<ContractResult, { ok: true }>;

/** The public API changes between the packages of two loaded contracts, generated in memory. */
export async function contractsApiDiff(before: Loaded, after: Loaded): Promise<ApiChange[]> {
  return apiDiff(await packageFiles(before), await packageFiles(after));
}

async function packageFiles(result: Loaded): Promise<Map<string, string>> {
  const rendered = await render(result.contract.file, result.source);
  return rendered.kind === 'files' ? rendered.files : new Map();
}

export async function apiDiff(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Promise<ApiChange[]> {
  const [a, b] = await Promise.all([publicApi(before), publicApi(after)]);
  const changes: ApiChange[] = [];
  for (const [name, text] of a) {
    const next = b.get(name);
    if (next === undefined) changes.push({ export: name, change: 'removed', before: text });
    else if (next !== text) changes.push({ export: name, change: 'changed', before: text, after: next });
  }
  for (const [name, text] of b) if (!a.has(name)) changes.push({ export: name, change: 'added', after: text });
  return changes.sort((x, y) => x.export.localeCompare(y.export));
}

/** Export name → its declaration text, comments dropped and whitespace collapsed. */
async function publicApi(files: ReadonlyMap<string, string>): Promise<Exports> {
  const { Project, Node } = await import('ts-morph');
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: { declaration: true } });
  for (const [path, text] of files) if (path.startsWith('dist/') && path.endsWith('.d.ts')) project.createSourceFile(`/pkg/${path}`, text);
  const index = project.getSourceFile('/pkg/dist/index.d.ts');
  const out: Exports = new Map();
  if (index === undefined) return out;
  for (const [name, declarations] of index.getExportedDeclarations()) {
    const text = declarations
      .map((d) => {
        const node = Node.isVariableDeclaration(d) ? d.getVariableStatement() ?? d : d;
        return node.getText(false);
      })
      .join('\n');
    out.set(name, text.replace(/\/\*\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ').trim());
  }
  return out;
}
