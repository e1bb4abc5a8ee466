/**
 * An overlay file (OpenAPI Initiative Overlay Specification 1.0.0) as checked data: its actions
 * with their targets compiled, or positioned diagnostics. It is read as the contract loader reads
 * a contract written in full YAML (load/parse.ts: its size, alias, nesting and repeated-key
 * checks), then checked against the specification's schema by hand, since every rule is one line.
 * `extends` is read as text and never followed: a command reads only the files its user named.
 */
import { MESSAGES as M, problem } from '../diagnostic-catalogue.js';
import { sortDiagnostics, type Diagnostic, type Position } from '../diagnostics.js';
import { MAX_OVERLAY_BYTES } from '../limits.js';
import type { Locator } from '../load/locate.js';
import { parseWhole } from '../load/parse.js';
import { decodeText, readInputBytes } from '../load/read-file.js';
import { didYouMean } from '../similar.js';
import { compileTarget, type Target } from './targets.js';

/** An overlay a command was given: a file to read (`path`), or a text already read (from git); `file` is how diagnostics name it. */
export type OverlayInput = { readonly file: string; readonly path: string } | { readonly file: string; readonly text: string };

export interface OverlayAction {
  /** Its index in `actions`, for positions. */
  readonly index: number;
  readonly target: Target;
  /** The value to merge, when the action has one (`null` is a value). */
  readonly update: { readonly value: unknown } | undefined;
  readonly remove: boolean;
}

export interface Overlay {
  readonly file: string;
  readonly source: string;
  readonly actions: readonly OverlayAction[];
  readonly locate: Locator;
}

export type OverlayResult =
  | { readonly ok: true; readonly overlay: Overlay; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly source: string | undefined };

export const ROOT_KEYS = ['overlay', 'info', 'extends', 'actions'];
const INFO_KEYS = ['title', 'version'];
const ACTION_KEYS = ['target', 'description', 'update', 'remove'];

export function readOverlay(input: OverlayInput): OverlayResult {
  if ('text' in input) return parseOverlay(input.file, input.text);
  const bytes = readInputBytes(input.path, input.file, 'overlay');
  return Buffer.isBuffer(bytes) ? parseOverlay(input.file, decodeText(bytes)) : bytes;
}

export function parseOverlay(file: string, text: string): OverlayResult {
  if (Buffer.byteLength(text) > MAX_OVERLAY_BYTES) return { ok: false, diagnostics: [problem(M.fileTooLarge, file, { line: 0, col: 0 }, { size: Buffer.byteLength(text), limit: MAX_OVERLAY_BYTES, what: 'overlay' })], source: undefined };
  const parsed = parseWhole(file, text);
  if (!parsed.ok) return { ok: false, diagnostics: parsed.diagnostics.map((d) => overlayWords(d, file)), source: parsed.source };
  const check = new OverlayCheck(file, text, parsed.contract.locate);
  const actions = check.document(parsed.contract.data);
  const problems = sortDiagnostics(check.problems);
  if (problems.some((d) => d.severity === 'error') || actions === undefined) return { ok: false, diagnostics: problems, source: text };
  return { ok: true, overlay: { file, source: text, actions, locate: parsed.contract.locate }, diagnostics: problems };
}

/** The loader's two sentences that name a contract's keys, said of an overlay. */
function overlayWords(d: Diagnostic, file: string): Diagnostic {
  if (d.code !== M.emptyContract.code && d.code !== M.notAMapping.code) return d;
  return problem(M.overlayInvalid, file, d, { detail: 'an overlay is a mapping with `overlay: 1.0.0`, `info` and `actions` (Overlay Specification 1.0)' });
}

type Path = (string | number)[];

/** The checks of one overlay document, each problem where it is written. */
class OverlayCheck {
  readonly problems: Diagnostic[] = [];

  constructor(
    private readonly file: string,
    private readonly source: string,
    private readonly locate: Locator,
  ) {}

  document(data: unknown): OverlayAction[] | undefined {
    const root = this.mapping(data, [], 'an overlay is a mapping with `overlay: 1.0.0`, `info` and `actions` (Overlay Specification 1.0)');
    if (root === undefined) return undefined;
    this.keys(root, [], ROOT_KEYS, 'the overlay');
    this.version(root);
    const info = this.required(root, [], 'info', 'the overlay needs `info`, with its `title` and `version`');
    if (info !== undefined) this.info(info);
    if (has(root, 'extends')) this.string(root.extends, ['extends'], '`extends` must be a string: the URI of the description the overlay was written for');
    return this.actions(root);
  }

  private version(root: Record<string, unknown>): void {
    const version = this.required(root, [], 'overlay', 'the overlay needs `overlay: 1.0.0`, the version of the Overlay Specification it follows');
    if (version === undefined) return;
    if (typeof version !== 'string') this.report(['overlay'], `\`overlay\` must be a string such as 1.0.0 (quote it: YAML reads ${String(version)} as a number)`);
    else if (!/^1\.0\.\d+$/.test(version)) this.report(['overlay'], `\`overlay\` is '${version}': contractgen applies Overlay Specification 1.0 documents (\`overlay: 1.0.0\`)`);
  }

  private info(info: unknown): void {
    const map = this.mapping(info, ['info'], '`info` must be a mapping with `title` and `version`');
    if (map === undefined) return;
    this.keys(map, ['info'], INFO_KEYS, '`info`');
    for (const key of INFO_KEYS) {
      const value = this.required(map, ['info'], key, `\`info\` needs \`${key}\``);
      if (value !== undefined) this.string(value, ['info', key], `\`info.${key}\` must be a string`);
    }
  }

  private actions(root: Record<string, unknown>): OverlayAction[] | undefined {
    const list = this.required(root, [], 'actions', 'the overlay needs `actions`: a list of { target, update } or { target, remove: true }');
    if (list === undefined) return undefined;
    if (!Array.isArray(list) || list.length === 0) {
      this.report(['actions'], '`actions` must be a list of at least one action: { target, update } or { target, remove: true }');
      return undefined;
    }
    const seen = new Map<string, number>();
    const actions: OverlayAction[] = [];
    list.forEach((item: unknown, index) => {
      const action = this.action(item, index);
      const same = seen.get(JSON.stringify(item));
      if (same !== undefined) this.report(['actions', index], `this action is the same as action ${same + 1}: actions are applied in turn, so it would apply twice (the specification requires each action to be unique)`);
      seen.set(JSON.stringify(item), index);
      if (action !== undefined) actions.push(action);
    });
    return actions;
  }

  private action(item: unknown, index: number): OverlayAction | undefined {
    const path = ['actions', index];
    const map = this.mapping(item, path, 'an action is a mapping: { target, update } or { target, remove: true }');
    if (map === undefined) return undefined;
    this.keys(map, path, ACTION_KEYS, 'an action');
    if (has(map, 'description')) this.string(map.description, [...path, 'description'], '`description` must be a string');
    const remove = has(map, 'remove') ? map.remove : false;
    if (typeof remove !== 'boolean') this.report([...path, 'remove'], '`remove` must be true or false');
    const target = this.target(map, path);
    if (!has(map, 'update') && remove !== true) this.problems.push(problem(M.overlayNothingToDo, this.file, this.locate(path), {}));
    if (target === undefined) return undefined;
    return { index, target, update: has(map, 'update') ? { value: map.update } : undefined, remove: remove === true };
  }

  private target(map: Record<string, unknown>, path: Path): Target | undefined {
    const text = this.required(map, path, 'target', 'an action needs `target`: a JSONPath query such as $.paths.*.get');
    if (text === undefined || !this.string(text, [...path, 'target'], '`target` must be a string: a JSONPath query such as $.paths.*.get')) return undefined;
    const compiled = compileTarget(text as string);
    if (compiled.ok) return compiled.target;
    const at = this.locate([...path, 'target']);
    this.problems.push(problem(M.overlayInvalid, this.file, within(this.source, at, text as string, compiled.offset), { detail: `target: ${compiled.problem}` }));
    return undefined;
  }

  private keys(map: Record<string, unknown>, path: Path, known: readonly string[], where: string): void {
    for (const key of Object.keys(map)) {
      if (known.includes(key) || key.startsWith('x-')) continue;
      this.problems.push(problem(M.overlayInvalid, this.file, this.locate([...path, key], 'key'), { detail: `unknown key '${key}' in ${where}${didYouMean(key, known)} (extensions start with x-)` }));
    }
  }

  private required(map: Record<string, unknown>, path: Path, key: string, detail: string): unknown {
    if (has(map, key)) return map[key];
    this.report(path, detail);
    return undefined;
  }

  private mapping(value: unknown, path: Path, detail: string): Record<string, unknown> | undefined {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    this.report(path, detail);
    return undefined;
  }

  private string(value: unknown, path: Path, detail: string): boolean {
    if (typeof value === 'string') return true;
    this.report(path, detail);
    return false;
  }

  private report(path: Path, detail: string): void {
    this.problems.push(problem(M.overlayInvalid, this.file, this.locate(path), { detail }));
  }
}

function has(map: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(map, key);
}

/**
 * The position of `offset` inside a one-line scalar whose value is `text` and which starts at
 * `at` (plain or quoted, without escapes); the scalar's start when its text is written otherwise.
 */
export function within(source: string, at: Position, text: string, offset: number): Position {
  const line = source.split('\n', at.line)[at.line - 1] ?? '';
  const start = at.col - 1;
  const quote = line[start];
  if ((quote === "'" || quote === '"') && line.startsWith(text, start + 1) && line[start + 1 + text.length] === quote) return { line: at.line, col: at.col + 1 + offset };
  if (line.startsWith(text, start)) return { line: at.line, col: at.col + offset };
  return at;
}
