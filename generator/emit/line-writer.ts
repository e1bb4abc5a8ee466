/**
 * The writer behind every generated file: lines, indentation and `{ }` blocks, nothing more.
 * code-block-writer (ts-morph's writer) inspects every character it is given to track strings and
 * comments, which costs a third of a second per megabyte of output; emitters here only append whole
 * lines, so this keeps the same calls and writes the text as given. Layout rules are prettier's: no
 * blank line at the start or end of a block, never two in a row.
 */
const INDENT = '  ';

export class LineWriter {
  private readonly chunks: string[] = [];
  private length = 0;
  private level = 0;
  private atLineStart = true;
  private newLineOnNextWrite = false;
  private tail = '';

  getLength(): number {
    return this.length;
  }

  getIndentationLevel(): number {
    return this.level;
  }

  /** Text on the current line; embedded newlines start new (indented) lines. */
  write(text: string): this {
    this.pendingNewLine();
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (i > 0) this.newLine();
      if (line === '') return;
      if (this.atLineStart) this.raw(INDENT.repeat(this.level));
      this.raw(line);
      this.atLineStart = false;
    });
    return this;
  }

  writeLine(text: string): this {
    return this.writeLines([text]);
  }

  /** Whole lines at the current indentation: one chunk when none holds a newline (the usual case). */
  writeLines(lines: readonly string[]): this {
    this.pendingNewLine();
    if (!this.atLineStart) this.newLine();
    if (lines.some((line) => line.includes('\n'))) {
      for (const line of lines) this.write(line).newLine();
      return this;
    }
    const indent = INDENT.repeat(this.level);
    let text = '';
    for (const line of lines) text += line === '' ? '\n' : `${indent}${line}\n`;
    this.raw(text);
    this.newLineOnNextWrite = false;
    return this;
  }

  newLine(): this {
    this.newLineOnNextWrite = false;
    this.raw('\n');
    this.atLineStart = true;
    return this;
  }

  blankLine(): this {
    this.pendingNewLine();
    if (!this.atLineStart) this.newLine();
    if (this.length > 0 && this.tail !== '\n\n' && !this.tail.endsWith('{\n')) this.raw('\n');
    return this;
  }

  /** ` {`, the indented body, `}`; what follows starts on a new line. */
  block(body: () => void): this {
    this.pendingNewLine();
    if (this.length > 0 && !this.atLineStart && !this.tail.endsWith(' ')) this.raw(' ');
    this.inlineBlock(body);
    this.newLineOnNextWrite = true;
    return this;
  }

  /** `{`, the indented body, `}`, and the line continues after the brace. */
  inlineBlock(body: () => void): this {
    this.write('{').newLine();
    const opened = this.length;
    this.level++;
    body();
    this.level--;
    // An empty block is `{}`, as prettier prints it (an interface of no members, a webhooks-only contract's client).
    if (this.length === opened) {
      this.unwriteNewLine();
      this.atLineStart = false;
      return this.write('}');
    }
    this.pendingNewLine();
    if (!this.atLineStart) this.newLine();
    if (this.tail === '\n\n') this.unwriteNewLine();
    return this.write('}');
  }

  /** `prefix`, the text without the whitespace at its end, and `suffix`, as one string. */
  joined(prefix: string, suffix: string): string {
    return joinTrimmed(prefix, this.chunks, suffix);
  }

  /** The text written so far as the pieces it was written in; the same pieces, the same text. */
  pieces(): readonly string[] {
    return this.chunks;
  }

  /** Everything that decides how the next text is laid out. */
  state(): string {
    return `${this.level}|${this.atLineStart ? 1 : 0}|${this.newLineOnNextWrite ? 1 : 0}|${this.tail}`;
  }

  /** A place in the output, for `since`. */
  mark(): number {
    return this.chunks.length;
  }

  /**
   * The text written since `mark`, now held as one piece, so a section written fresh is made of
   * the same pieces as when it is replayed and a file's next run can tell it unchanged. A newline
   * written last stays a piece of its own (`newline`), as `unwriteNewLine` takes back only that.
   */
  since(mark: number): { readonly body: string; readonly newline: boolean } {
    const last = this.chunks.length - 1;
    const newline = last >= mark && this.chunks[last] === '\n';
    const body = this.chunks.slice(mark, newline ? last : last + 1).join('');
    this.chunks.length = mark;
    if (body !== '') this.chunks.push(body);
    if (newline) this.chunks.push('\n');
    return { body, newline };
  }

  /** Text recorded by `since` from the same `state()`, as the same pieces, and the state it ended in. */
  replay(body: string, newline: boolean, endState: string): void {
    // Pushed as they were recorded; the tail comes with the end state.
    if (body !== '') this.chunks.push(body);
    if (newline) this.chunks.push('\n');
    this.length += body.length + (newline ? 1 : 0);
    const [level = '0', atLineStart = '1', newLine = '0', ...tail] = endState.split('|');
    this.level = Number(level);
    this.atLineStart = atLineStart === '1';
    this.newLineOnNextWrite = newLine === '1';
    this.tail = tail.join('|');
  }

  private pendingNewLine(): void {
    if (this.newLineOnNextWrite) this.newLine();
  }

  private raw(text: string): void {
    if (text === '') return;
    this.chunks.push(text);
    this.length += text.length;
    this.tail = text.length >= 2 ? text.slice(-2) : (this.tail + text).slice(-2);
  }

  /** Drops a blank line just written (before a closing brace). */
  private unwriteNewLine(): void {
    const last = this.chunks[this.chunks.length - 1];
    if (last !== '\n') return;
    this.chunks.pop();
    this.length -= 1;
    const previous = this.chunks[this.chunks.length - 1] ?? '';
    this.tail = (previous + '\n').slice(-2);
  }
}

/**
 * `prefix`, then `parts` joined with the whitespace at the end of the whole left out, then
 * `suffix`, as one string: a body of megabytes is copied once, where concatenating a trimmed join
 * copied it three times.
 */
export function joinTrimmed(prefix: string, parts: readonly string[], suffix: string): string {
  let end = parts.length;
  while (end > 0 && parts[end - 1]!.trimEnd() === '') end--;
  const out = [prefix];
  for (let i = 0; i < end - 1; i++) out.push(parts[i]!);
  if (end > 0) out.push(parts[end - 1]!.trimEnd());
  out.push(suffix);
  return out.join('');
}
