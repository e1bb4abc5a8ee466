/**
 * Diagnostics are values: a code, a position and one human sentence. Every stage reports through
 * them; only the CLI turns them into text.
 */
import { visibleText } from './escape.js';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Stable identifier, e.g. `yaml-syntax`, `unknown-key`, `unresolved-type`. */
  readonly code: string;
  readonly severity: Severity;
  readonly file: string;
  /** 1-based; 0 when the problem has no position (e.g. an unreadable file). */
  readonly line: number;
  readonly col: number;
  readonly message: string;
}

export interface Position {
  readonly line: number;
  readonly col: number;
  /** Set when the place is in another file than the one read: a part of a description an overlay wrote is in the overlay. */
  readonly file?: string;
}

export function diagnostic(code: string, file: string, at: Position, message: string, severity: Severity = 'error'): Diagnostic {
  return { code, severity, file: at.file ?? file, line: at.line, col: at.col, message };
}

/** The text of the file a diagnostic names, for its code frame: a result's own source, or one of the other files it read (overlays). */
export function sourceOf(d: Diagnostic, result: { readonly source?: string | undefined; readonly sources?: ReadonlyMap<string, string> | undefined }): string | undefined {
  return result.sources?.get(d.file) ?? result.source;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Sorts by file, then position, so output is stable whatever order the checks ran in. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  );
}

const FRAME_WIDTH = 120;

/**
 * `file:line:col: message [code]`, then the source line with a caret under the column. For a
 * terminal: a message quotes contract text and the frame shows it, so both go through the
 * terminal's rule (`visibleText`): a key holding a line break, an escape sequence or a
 * bidirectional control is shown escaped (`\n`, `\u001b`, `\u202e`), and each diagnostic stays
 * one line that editors and CI annotations parse.
 */
export function formatDiagnostic(d: Diagnostic, source: string | undefined): string {
  const where = d.line > 0 ? `${d.file}:${d.line}:${d.col}` : d.file;
  const head = visibleText(`${where}: ${d.severity === 'warning' ? 'warning: ' : ''}${d.message} [${d.code}]`);
  const frame = source === undefined || d.line === 0 ? undefined : codeFrame(source, d.line, d.col);
  return frame === undefined ? head : `${head}\n${frame}`;
}

function codeFrame(source: string, line: number, col: number): string | undefined {
  const text = lineAt(source, line);
  if (text === undefined) return undefined;
  const gutter = String(line);
  const start = Math.max(0, col - 1 - FRAME_WIDTH / 2);
  const shown = (part: string) => visibleText(part.replace(/\t/g, ' '));
  // Escapes widen the text before the column: the caret goes under the character it names.
  const before = text.slice(start, Math.max(start, col - 1));
  const caret = ' '.repeat(shown(before).length + Math.max(0, col - 1 - start - before.length)) + '^';
  return `  ${gutter} | ${shown(text.slice(start, start + FRAME_WIDTH))}\n  ${' '.repeat(gutter.length)} | ${caret}`;
}

function lineAt(source: string, line: number): string | undefined {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const next = source.indexOf('\n', start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  const end = source.indexOf('\n', start);
  return source.slice(start, end < 0 ? undefined : end).replace(/\r$/, '');
}
