/**
 * The properties every valid contract must have once generated, shared by `test/property.test.ts`
 * (a few contracts, in `npm test`) and `test/fuzz/contracts.fuzz.ts` (many, in `npm run fuzz`):
 *
 * - the validator accepts it (the arbitrary only builds valid contracts);
 * - `render` gives `kind: 'files'`, and the package's sources pass a strict type check under the
 *   package's own tsconfig (`typecheck-package.ts`), with its README's quick start among them;
 * - rendering again gives the same paths in the same order and the same bytes;
 * - every path is relative, inside the package, and one of a fixed set of patterns (a contract
 *   never chooses an output path);
 * - every wire name (field names, enum values, codes) appears exactly, as a string literal or a
 *   property name, in the generated sources; each enum's values are one `*_VALUES` array, in order;
 * - no generated source declares a name twice (interfaces would merge silently).
 *
 * Problems come back as text plus a short signature, so a fuzz run can group failures by cause.
 */
import ts from 'typescript';
import { loadContractText } from '../../generator/contract.js';
import { render } from '../../generator/generate.js';
import type { GeneratedContract } from './arbitrary-contract.js';
import { quickStartModule } from './quick-start.js';
import { typecheckPackage } from './typecheck-package.js';


/** Every path a generated package may contain. */
export const ALLOWED_PATHS: readonly RegExp[] = [
  /^package\.json$/,
  /^tsconfig\.json$/,
  /^README\.md$/,
  // A large API's index of operations, when it would take the README past npm's limit.
  /^OPERATIONS\.md$/,
  /^src\/[a-z][a-z0-9-]*\.ts$/,
  /^src\/runtime\/[a-z][a-z0-9-]*\.ts$/,
  /^dist\/[a-z][a-z0-9-]*\.(js|d\.ts)$/,
  /^dist\/runtime\/[a-z][a-z0-9-]*\.(js|d\.ts)$/,
  // The mocks entry and the OpenAPI export (contract `outputs`): fixed names, never from the contract.
  /^src\/mocks\/(index|fixtures)\.ts$/,
  /^dist\/mocks\/(index|fixtures)\.(js|d\.ts)$/,
  /^mocks\/fixtures\.json$/,
  /^openapi\.yaml$/,
  // The validators entry's generated checks: JavaScript with its declarations, in src/ as in dist/.
  /^(src|dist)\/checks\.(js|d\.ts)$/,
];

export interface Problem {
  /** Groups problems of the same cause across contracts. */
  readonly signature: string;
  readonly detail: string;
}

export interface ContractCheck {
  readonly problems: readonly Problem[];
  readonly files: ReadonlyMap<string, string> | undefined;
  readonly renderMs: number;
}

/** Paths that are absolute, climb out, or match no allowed pattern. */
export function pathProblems(paths: Iterable<string>): Problem[] {
  const problems: Problem[] = [];
  for (const path of paths) {
    const segments = path.split(/[\\/]/);
    if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\') || segments.includes('..') || segments.includes('.') || segments.includes('')) {
      problems.push({ signature: 'path escapes the package', detail: `generated path ${JSON.stringify(path)} is not a plain relative path inside the package` });
    } else if (!ALLOWED_PATHS.some((re) => re.test(path))) {
      problems.push({ signature: 'unexpected generated path', detail: `generated path ${JSON.stringify(path)} matches no allowed pattern` });
    }
  }
  return problems;
}

export interface SourceNames {
  /** Values of every string literal and every property name (identifier, string or computed). */
  readonly strings: ReadonlySet<string>;
  /** Arrays of string literals assigned to `*_VALUES` constants. */
  readonly valueArrays: readonly (readonly string[])[];
  /** `file: name` for names declared twice in one file's type or value space. */
  readonly duplicates: readonly string[];
}

/** Reads the generated TypeScript sources (not the copied runtime) with the compiler's parser. */
export function sourceNames(files: ReadonlyMap<string, string>): SourceNames {
  const strings = new Set<string>();
  const valueArrays: string[][] = [];
  const duplicates: string[] = [];
  for (const [path, text] of files) {
    if (!/^src\/[^/]+\.ts$/.test(path)) continue;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) strings.add(node.text);
      if ((ts.isPropertySignature(node) || ts.isPropertyAssignment(node) || ts.isMethodSignature(node)) && !ts.isComputedPropertyName(node.name)) {
        strings.add(node.name.text);
      }
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text.endsWith('_VALUES') && node.initializer !== undefined) {
        let init: ts.Expression = node.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
        if (ts.isArrayLiteralExpression(init)) valueArrays.push(init.elements.map((e) => (ts.isStringLiteral(e) ? e.text : `\u0000not a string literal: ${e.getText()}`)));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const typeSpace = new Map<string, number>();
    const valueSpace = new Map<string, number>();
    const add = (space: Map<string, number>, name: string) => space.set(name, (space.get(name) ?? 0) + 1);
    for (const statement of source.statements) {
      if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) add(typeSpace, statement.name.text);
      else if (ts.isFunctionDeclaration(statement) && statement.name !== undefined) add(valueSpace, statement.name.text);
      else if (ts.isClassDeclaration(statement) && statement.name !== undefined) {
        add(typeSpace, statement.name.text);
        add(valueSpace, statement.name.text);
      } else if (ts.isVariableStatement(statement)) {
        for (const decl of statement.declarationList.declarations) if (ts.isIdentifier(decl.name)) add(valueSpace, decl.name.text);
      }
    }
    for (const space of [typeSpace, valueSpace]) for (const [name, count] of space) if (count > 1) duplicates.push(`${path}: ${name}`);
  }
  return { strings, valueArrays, duplicates };
}

/** Wire names (field names, enum values, codes) missing from the generated sources. */
export function wireNameProblems(generated: GeneratedContract, files: ReadonlyMap<string, string>): Problem[] {
  const names = sourceNames(files);
  const problems: Problem[] = [];
  for (const field of generated.wire.fieldNames) {
    if (!names.strings.has(field)) problems.push({ signature: 'field name missing from the sources', detail: `field name ${JSON.stringify(field)} appears in no string literal or property name` });
  }
  for (const { name, values } of generated.wire.enums) {
    for (const value of values) {
      if (!names.strings.has(value)) problems.push({ signature: 'enum value missing from the sources', detail: `value ${JSON.stringify(value)} of enum ${name} appears in no string literal` });
    }
    if (!names.valueArrays.some((array) => array.length === values.length && array.every((v, i) => v === values[i]))) {
      problems.push({ signature: 'enum values array missing', detail: `no *_VALUES array equals the values of enum ${name}: ${JSON.stringify(values)}` });
    }
  }
  for (const code of generated.wire.codes) {
    if (!names.strings.has(code)) problems.push({ signature: 'error code missing from the sources', detail: `code ${JSON.stringify(code)} appears in no string literal` });
  }
  for (const duplicate of names.duplicates) {
    problems.push({ signature: 'name declared twice in one file', detail: `${duplicate} is declared more than once (declarations merge silently)` });
  }
  return problems;
}

/** Compiler messages without the names in quotes, so clashes of different names group together. */
export function compileSignature(error: string): string {
  const firstLine = error.split('\n')[0] ?? error;
  const file = /^(src\/[^:]+):\d+:\d+: /.exec(firstLine)?.[1] ?? '';
  const message = firstLine.replace(/^src\/[^:]+:\d+:\d+: /, '').replace(/'[^']*'/g, "'…'").replace(/"[^"]*"/g, '"…"');
  return `does not type-check: ${file === '' ? '' : `${file}: `}${message}`;
}

function describeError(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
}

/**
 * Validates, renders (`renders` times) and checks one contract. Never throws: a crash of the
 * generator is a problem like any other.
 */
function refusedForNames(diagnostics: readonly { code: string; severity: string; line: number }[]): boolean {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  return errors.length > 0 && errors.every((d) => (d.code === 'name-collision' || d.code === 'reserved-name') && d.line > 0);
}

export async function checkContract(generated: GeneratedContract, options: { readonly renders?: number; readonly file?: string } = {}): Promise<ContractCheck> {
  const file = options.file ?? 'contract.yaml';
  const problems: Problem[] = [];
  try {
    const loaded = loadContractText(file, generated.yaml);
    // Hostile names that would collide in the package, or shadow built-ins, are refused on
    // purpose, with positioned diagnostics: that is the expected outcome, not a problem.
    if (!loaded.ok && generated.names === 'hostile' && refusedForNames(loaded.diagnostics)) return { problems: [], files: undefined, renderMs: 0 };
    if (!loaded.ok) {
      const codes = [...new Set(loaded.diagnostics.map((d) => d.code))].sort().join(', ');
      const detail = loaded.diagnostics.slice(0, 5).map((d) => `${d.line}:${d.col}: ${d.message} [${d.code}]`).join('\n');
      return { problems: [{ signature: `validator rejects a valid contract: ${codes}`, detail }], files: undefined, renderMs: 0 };
    }
  } catch (e) {
    return { problems: [{ signature: `validator crashes: ${describeError(e).split('\n')[0] ?? ''}`, detail: e instanceof Error ? (e.stack ?? e.message) : String(e) }], files: undefined, renderMs: 0 };
  }
  // Every render must give the same bytes. Wire names and paths are read from the first, so they
  // are checked even when the package does not compile.
  const started = performance.now();
  const renders = Math.max(1, options.renders ?? 2);
  const outputs: Map<string, string>[] = [];
  for (let i = 0; i < renders; i++) {
    let outcome: Awaited<ReturnType<typeof render>>;
    try {
      outcome = await render(file, generated.yaml);
    } catch (e) {
      problems.push({ signature: `render crashes: ${describeError(e).split('\n')[0] ?? ''}`, detail: e instanceof Error ? (e.stack ?? e.message) : String(e) });
      break;
    }
    if (outcome.kind === 'invalid') {
      problems.push({ signature: 'render rejects what the validator accepts', detail: outcome.diagnostics.map((d) => d.message).join('\n') });
      break;
    }
    outputs.push(outcome.files);
  }
  const renderMs = (performance.now() - started) / renders;
  const [first, ...others] = outputs;
  if (first === undefined) return { problems, files: undefined, renderMs };
  for (const other of others) {
    const a = [...first.keys()];
    const b = [...other.keys()];
    if (a.join('\n') !== b.join('\n')) problems.push({ signature: 'nondeterministic: file list differs between renders', detail: `${a.join(', ')}\n≠\n${b.join(', ')}` });
    const differing = a.filter((path) => first.get(path) !== other.get(path));
    if (differing.length > 0) problems.push({ signature: 'nondeterministic: bytes differ between renders', detail: differing.join(', ') });
  }
  // The README's quick start must compile against the package it is for.
  const typeErrors = typecheckPackage(new Map([...first, quickStartModule(first)]));
  for (const signature of new Set(typeErrors.map(compileSignature))) {
    problems.push({ signature, detail: typeErrors.filter((e) => compileSignature(e) === signature).slice(0, 3).join('\n') });
  }
  problems.push(...pathProblems(first.keys()));
  problems.push(...wireNameProblems(generated, first));
  return { problems, files: first, renderMs };
}

/** One block of text per problem, for a failure message. */
export function formatProblems(problems: readonly Problem[]): string {
  return problems.map((p) => `- ${p.signature}\n    ${p.detail.split('\n').join('\n    ')}`).join('\n');
}
