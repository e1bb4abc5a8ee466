/**
 * What the import of a description approximated, as `import`, `validate` and `generate` print it:
 * a count by cause, and the command that lists each where it is written.
 */
import { count } from '../commands.js';
import { visibleText } from '../escape.js';
import type { ImportWarning } from '../import/context.js';

/** `approximated 12, parameter-dropped 8`: the commonest cause first. */
export function byCause(warnings: readonly ImportWarning[]): string {
  const counts = new Map<string, number>();
  for (const w of warnings) counts.set(w.cause, (counts.get(w.cause) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([cause, n]) => `${cause} ${n}`)
    .join(', ');
}

/** The command that prints every approximation of `file` (with the overlays it was given) at its line:col. */
export function listingCommand(file: string, overlays: readonly string[] = []): string {
  return ['contractgen validate', file, ...overlays.flatMap((o) => ['--overlay', o]), '--approximations'].map(visibleText).join(' ');
}

/** One line for a description whose import approximated anything: how much, why, and how to see each. */
export function approximationNote(file: string, warnings: readonly ImportWarning[] | undefined, overlays: readonly string[] = []): string | undefined {
  if (warnings === undefined || warnings.length === 0) return undefined;
  return `${visibleText(file)}: ${count(warnings.length, 'approximation')} in the imported contract (${byCause(warnings)}); ${listingCommand(file, overlays)} lists them`;
}
