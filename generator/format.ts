/** Prettier, in process, once per file; loaded only when something needs formatting. */
import type { OutputFile } from './emit/layout.js';

export const PRETTIER_OPTIONS = { printWidth: 120, singleQuote: true, trailingComma: 'all', semi: true } as const;

type Prettier = typeof import('prettier');
let prettier: Promise<Prettier> | undefined;

export async function formatFile(file: OutputFile): Promise<string> {
  if (file.format === 'none') return file.text;
  prettier ??= import('prettier');
  const { format } = await prettier;
  const parser = file.format === 'json' ? 'json' : file.format === 'markdown' ? 'markdown' : 'typescript';
  return format(file.text, { ...PRETTIER_OPTIONS, parser });
}
