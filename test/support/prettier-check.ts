/**
 * Generated files are written in prettier's form by the emitters themselves (generator/emit/pretty.ts):
 * formatting megabytes with prettier would cost seconds on every generation. Prettier stays the
 * arbiter: the tests reformat each file and must find nothing to change.
 */
import type { OutputFile } from '../../generator/emit/output.js';
import { PRETTIER_OPTIONS } from '../../generator/emit/pretty.js';

/** What prettier makes of a generated file (equal to the input when the emitter got it right). */
export async function prettierCheck(file: OutputFile): Promise<string> {
  if (file.format === 'none') return file.text;
  const { format } = await import('prettier');
  const parser = file.format === 'json' ? 'json' : file.format === 'markdown' ? 'markdown' : 'typescript';
  return format(file.text, { ...PRETTIER_OPTIONS, parser });
}
