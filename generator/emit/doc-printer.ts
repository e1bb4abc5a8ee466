/**
 * Prettier's document model and its printer, for code that nests too freely for pretty.ts's
 * flat-or-broken lists (the zod schemas: calls in arrays in objects in calls). A layout is a
 * document of groups, lines and indents; a group is printed on one line when it fits, else its
 * lines break. The printer is prettier's algorithm (line fitting with the rest of the line in
 * view, conditional groups tried in order, fill), so a document built the way prettier's printers
 * build one prints as prettier prints it. js-layout.ts builds them; prettier stays the arbiter
 * (test/prettier-form.test.ts).
 */
import { PRETTIER_OPTIONS } from './pretty.js';

export type Doc = string | readonly Doc[] | DocNode;

type DocNode = Line | Group | Indent | IfBreak | IndentIfBreak | Fill | BreakParent;

interface Line {
  readonly type: 'line';
  /** Nothing when flat (a softline), or a space (a line). */
  readonly soft: boolean;
  /** Always a newline. */
  readonly hard: boolean;
}

export interface Group {
  readonly type: 'group';
  readonly contents: Doc;
  /** Set where the group must break, and by `propagateBreaks` where a hard line is inside. */
  shouldBreak: boolean;
  /** A conditional group's layouts, least expanded first (`contents` is the first). */
  readonly expandedStates: readonly Doc[] | undefined;
  readonly id: symbol | undefined;
}

interface Indent {
  readonly type: 'indent';
  readonly contents: Doc;
}

interface IfBreak {
  readonly type: 'if-break';
  readonly breakContents: Doc;
  readonly flatContents: Doc;
  readonly groupId: symbol | undefined;
}

interface IndentIfBreak {
  readonly type: 'indent-if-break';
  readonly contents: Doc;
  readonly groupId: symbol;
}

interface Fill {
  readonly type: 'fill';
  /** Content and separators alternating: as many contents on a line as fit. */
  readonly parts: readonly Doc[];
}

interface BreakParent {
  readonly type: 'break-parent';
}

export const line: Doc = { type: 'line', soft: false, hard: false };
export const softline: Doc = { type: 'line', soft: true, hard: false };
export const breakParent: Doc = { type: 'break-parent' };
const hardlineAlone: Doc = { type: 'line', soft: false, hard: true };
export const hardline: Doc = [hardlineAlone, breakParent];

export function group(contents: Doc, options: { shouldBreak?: boolean; id?: symbol } = {}): Group {
  return { type: 'group', contents, shouldBreak: options.shouldBreak ?? false, expandedStates: undefined, id: options.id };
}

/** The first of `states` that fits, else the last, broken. */
export function conditionalGroup(states: readonly Doc[]): Group {
  return { type: 'group', contents: states[0] ?? '', shouldBreak: false, expandedStates: states, id: undefined };
}

export function indent(contents: Doc): Doc {
  return { type: 'indent', contents };
}

export function ifBreak(breakContents: Doc, flatContents: Doc = '', groupId?: symbol): Doc {
  return { type: 'if-break', breakContents, flatContents, groupId };
}

export function indentIfBreak(contents: Doc, groupId: symbol): Doc {
  return { type: 'indent-if-break', contents, groupId };
}

export function fill(parts: readonly Doc[]): Doc {
  return { type: 'fill', parts };
}

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  return docs.flatMap((d, i) => (i === 0 ? [d] : [separator, d]));
}

/** The document's children, as the printer reads them; a conditional group's every state when `states`. */
function children(doc: Doc, states: boolean): readonly Doc[] {
  if (typeof doc === 'string') return [];
  if (isDocArray(doc)) return doc;
  switch (doc.type) {
    case 'group':
      return states && doc.expandedStates !== undefined ? doc.expandedStates : [doc.contents];
    case 'indent':
    case 'indent-if-break':
      return [doc.contents];
    case 'if-break':
      return [doc.breakContents, doc.flatContents];
    case 'fill':
      return doc.parts;
    default:
      return [];
  }
}

function isDocArray(doc: Doc): doc is readonly Doc[] {
  return Array.isArray(doc);
}

/** Whether the document holds a forced break (outside conditional groups' other states). */
export function willBreak(doc: Doc): boolean {
  if (typeof doc !== 'string' && !isDocArray(doc)) {
    if (doc.type === 'break-parent' || (doc.type === 'line' && doc.hard) || (doc.type === 'group' && doc.shouldBreak)) return true;
  }
  return children(doc, false).some(willBreak);
}

/** Whether the document has a line it may break at. */
export function canBreak(doc: Doc): boolean {
  if (typeof doc !== 'string' && !isDocArray(doc) && doc.type === 'line') return true;
  return children(doc, false).some(canBreak);
}

/**
 * Marks every group that holds a hard line as broken, and its enclosing groups up to a
 * conditional group (whose states decide for themselves, as prettier's do). Returns whether
 * `doc` breaks the group around it.
 */
function propagateBreaks(doc: Doc, visited: Set<Group>): boolean {
  if (typeof doc === 'string') return false;
  if (!isDocArray(doc) && doc.type === 'break-parent') return true;
  if (!isDocArray(doc) && doc.type === 'group') {
    if (visited.has(doc)) return doc.shouldBreak;
    visited.add(doc);
    const inner = children(doc, true).map((c) => propagateBreaks(c, visited)).some(Boolean);
    if (inner && doc.expandedStates === undefined) doc.shouldBreak = true;
    return doc.shouldBreak;
  }
  return children(doc, true).map((c) => propagateBreaks(c, visited)).some(Boolean);
}

type Mode = 'break' | 'flat';

interface Command {
  readonly indent: string;
  readonly mode: Mode;
  readonly doc: Doc;
}

/** The document as text, at prettier's print width and indentation. */
export function printDoc(doc: Doc, width: number = PRETTIER_OPTIONS.printWidth): string {
  propagateBreaks(doc, new Set());
  return new Printer(width).print(doc);
}

class Printer {
  private readonly out: string[] = [];
  private position = 0;
  private readonly modes = new Map<symbol, Mode>();
  private remeasure = false;

  constructor(private readonly width: number) {}

  print(doc: Doc): string {
    const commands: Command[] = [{ indent: '', mode: 'break', doc }];
    for (let command = commands.pop(); command !== undefined; command = commands.pop()) this.step(command, commands);
    return this.out.join('');
  }

  private step({ indent, mode, doc }: Command, commands: Command[]): void {
    if (typeof doc === 'string') {
      this.out.push(doc);
      this.position += textWidth(doc);
      return;
    }
    if (isDocArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) commands.push({ indent, mode, doc: doc[i] ?? '' });
      return;
    }
    switch (doc.type) {
      case 'indent':
        return void commands.push({ indent: `${indent}  `, mode, doc: doc.contents });
      case 'group':
        return this.group({ indent, mode, doc }, doc, commands);
      case 'fill':
        return this.fill({ indent, mode, doc }, doc, commands);
      case 'if-break':
      case 'indent-if-break':
        return this.conditional({ indent, mode, doc }, doc, commands);
      case 'line':
        return this.line(indent, mode, doc);
      case 'break-parent':
        return;
    }
  }

  private group(command: Command, doc: Group, commands: Command[]): void {
    const chosen = this.groupCommand(command, doc, commands);
    commands.push(chosen);
    if (doc.id !== undefined) this.modes.set(doc.id, chosen.mode);
  }

  /** Flat when it fits; else the first of a conditional group's states that fits, else its last, broken. */
  private groupCommand({ indent, mode }: Command, doc: Group, commands: readonly Command[]): Command {
    if (mode === 'flat' && !this.remeasure) return { indent, mode: doc.shouldBreak ? 'break' : 'flat', doc: doc.contents };
    this.remeasure = false;
    const remaining = this.width - this.position;
    const flat: Command = { indent, mode: 'flat', doc: doc.contents };
    if (!doc.shouldBreak && this.fits(flat, commands, remaining, false)) return flat;
    const states = doc.expandedStates;
    if (states === undefined) return { indent, mode: 'break', doc: doc.contents };
    if (!doc.shouldBreak) {
      for (let i = 1; i < states.length - 1; i++) {
        const state: Command = { indent, mode: 'flat', doc: states[i] ?? '' };
        if (this.fits(state, commands, remaining, false)) return state;
      }
    }
    return { indent, mode: 'break', doc: states[states.length - 1] ?? '' };
  }

  /** Contents and separators: the separator after a content breaks only when the next content does not fit beside it. */
  private fill({ indent, mode }: Command, doc: Fill, commands: Command[]): void {
    const [content = '', whitespace = '', second, ...rest] = doc.parts;
    const remaining = this.width - this.position;
    const contentFits = this.fits({ indent, mode: 'flat', doc: content }, [], remaining, true);
    const contentCommand: Command = { indent, mode: contentFits ? 'flat' : 'break', doc: content };
    if (doc.parts.length === 1) return void commands.push(contentCommand);
    if (second === undefined) return void commands.push({ indent, mode: contentFits ? 'flat' : 'break', doc: whitespace }, contentCommand);
    const both = this.fits({ indent, mode: 'flat', doc: [content, whitespace, second] }, [], remaining, true);
    commands.push({ indent, mode, doc: fill([second, ...rest]) });
    commands.push({ indent, mode: both ? 'flat' : 'break', doc: whitespace }, contentCommand);
  }

  private conditional({ indent, mode }: Command, doc: IfBreak | IndentIfBreak, commands: Command[]): void {
    const groupMode = doc.groupId === undefined ? mode : (this.modes.get(doc.groupId) ?? 'flat');
    const contents = doc.type === 'if-break' ? (groupMode === 'break' ? doc.breakContents : doc.flatContents) : groupMode === 'break' ? { type: 'indent' as const, contents: doc.contents } : doc.contents;
    commands.push({ indent, mode, doc: contents });
  }

  private line(indent: string, mode: Mode, doc: Line): void {
    if (mode === 'flat' && !doc.hard) {
      if (!doc.soft) {
        this.out.push(' ');
        this.position += 1;
      }
      return;
    }
    // A hard line in a flat group: the next group measures again.
    if (mode === 'flat') this.remeasure = true;
    this.trimTrailing();
    this.out.push(`\n${indent}`);
    this.position = indent.length;
  }

  private trimTrailing(): void {
    while (this.out.length > 0) {
      const last = this.out[this.out.length - 1] ?? '';
      const trimmed = last.replace(/[ \t]+$/, '');
      this.out[this.out.length - 1] = trimmed;
      if (trimmed !== '') return;
      this.out.pop();
    }
  }

  /**
   * Whether `next` fits in `width` with what follows it on the line: the rest of the commands are
   * read in their own modes up to the first line they break at. `mustBeFlat`: a broken group fails.
   */
  private fits(next: Command, rest: readonly Command[], width: number, mustBeFlat: boolean): boolean {
    let restIndex = rest.length;
    const stack: { mode: Mode; doc: Doc }[] = [next];
    let left = width;
    // A line's space counts only once text follows it.
    let space = false;
    while (left >= 0) {
      const top = stack.pop() ?? (restIndex > 0 ? rest[--restIndex] : undefined);
      if (top === undefined) return true;
      const { mode, doc } = top;
      if (typeof doc === 'string') {
        if (doc !== '' && space) {
          left -= 1;
          space = false;
        }
        left -= textWidth(doc);
        continue;
      }
      if (isDocArray(doc)) {
        for (let i = doc.length - 1; i >= 0; i--) stack.push({ mode, doc: doc[i] ?? '' });
        continue;
      }
      const verdict = this.fitsNode(doc, mode, stack, mustBeFlat);
      if (verdict === 'fits') return true;
      if (verdict === 'fails') return false;
      if (verdict === 'space') space = true;
    }
    return false;
  }

  /** One node of the fitting walk: pushes its contents, or settles the question. */
  private fitsNode(doc: DocNode, mode: Mode, stack: { mode: Mode; doc: Doc }[], mustBeFlat: boolean): 'fits' | 'fails' | 'space' | 'go on' {
    switch (doc.type) {
      case 'indent':
      case 'indent-if-break':
        stack.push({ mode, doc: doc.contents });
        return 'go on';
      case 'fill':
        for (let i = doc.parts.length - 1; i >= 0; i--) stack.push({ mode, doc: doc.parts[i] ?? '' });
        return 'go on';
      case 'group': {
        if (mustBeFlat && doc.shouldBreak) return 'fails';
        const groupMode: Mode = doc.shouldBreak ? 'break' : mode;
        // The most expanded state takes the least room on this line.
        const states = doc.expandedStates;
        stack.push({ mode: groupMode, doc: states !== undefined && groupMode === 'break' ? (states[states.length - 1] ?? '') : doc.contents });
        return 'go on';
      }
      case 'if-break': {
        const groupMode = doc.groupId === undefined ? mode : (this.modes.get(doc.groupId) ?? 'flat');
        stack.push({ mode, doc: groupMode === 'break' ? doc.breakContents : doc.flatContents });
        return 'go on';
      }
      case 'line':
        if (mode === 'break' || doc.hard) return 'fits';
        return doc.soft ? 'go on' : 'space';
      case 'break-parent':
        return 'go on';
    }
  }
}

/**
 * Columns a text takes, as prettier counts them: wide East Asian characters and emoji take two,
 * combining marks none. (Prettier reads the Unicode tables; the ranges here are the common ones.)
 */
export function textWidth(text: string): number {
  // ASCII, the usual case, is one column a character.
  if (/^[\u0000-\u007f]*$/.test(text)) return text.length;
  let width = 0;
  for (const character of text) {
    const c = character.codePointAt(0) ?? 0;
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x300 && c <= 0x36f)) continue;
    width += isWide(c) ? 2 : 1;
  }
  return width;
}

const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

function isWide(code: number): boolean {
  return WIDE.some(([from, to]) => code >= from && code <= to);
}
