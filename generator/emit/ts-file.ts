/**
 * One generated TypeScript file: a CodeBlockWriter for the body, and imports collected from the
 * symbols the body uses, so no emitter writes an import line by hand.
 */
import CodeBlockWriter from 'code-block-writer';
import { docText } from '../naming.js';
import { list } from './pretty.js';

export class TsFile {
  readonly w = new CodeBlockWriter({ indentNumberOfSpaces: 2, useSingleQuote: true });
  private readonly imports = new Map<string, { names: Set<string>; types: Set<string> }>();

  constructor(readonly path: string) {}

  /** Imports a value symbol from a module path relative to this file (`./runtime/decode.js`). */
  use(from: string, name: string): string {
    this.entry(from).names.add(name);
    return name;
  }

  useType(from: string, name: string): string {
    this.entry(from).types.add(name);
    return name;
  }

  private entry(from: string) {
    let e = this.imports.get(from);
    if (e === undefined) this.imports.set(from, (e = { names: new Set(), types: new Set() }));
    return e;
  }

  /** The current indentation level, for laying out lines at the print width. */
  get level(): number {
    return this.w.getIndentationLevel();
  }

  /** Writes lines laid out by the pretty helpers, at the current indentation. */
  lines(lines: readonly string[]): void {
    for (const line of lines) this.w.writeLine(line);
  }

  /** A JSDoc block from paragraphs; undefined and empty ones are skipped. */
  doc(...paragraphs: (string | undefined)[]): void {
    const text = paragraphs.filter((p): p is string => p !== undefined && p.trim() !== '').map(docText);
    if (text.length === 0) return;
    const lines = text
      .join('\n\n')
      .split('\n')
      .map((l) => l.trimEnd());
    if (lines.length === 1) {
      this.w.writeLine(`/** ${lines[0]} */`);
      return;
    }
    this.w.writeLine('/**');
    for (const line of lines) this.w.writeLine(line === '' ? ' *' : ` * ${line}`);
    this.w.writeLine(' */');
  }

  toString(header: string): string {
    const lines: string[] = [header];
    for (const from of [...this.imports.keys()].sort()) {
      const { names, types } = this.imports.get(from)!;
      const specifiers = [...[...names].sort(), ...[...types].filter((t) => !names.has(t)).sort().map((t) => `type ${t}`)];
      lines.push(...list('import ', '{', specifiers, '}', ` from '${from}';`, 0));
    }
    if (this.imports.size > 0) lines.push('');
    return `${lines.join('\n')}\n${this.w.toString().trimEnd()}\n`;
  }
}
