/**
 * The one door through which the model runs a contract's regular expressions: a message row's
 * `pattern` (compiled as the runtime compiles it, without `u`) and a type's `pattern` (with `u`,
 * as JSON Schema reads it). A pattern the safety check refuses (generator/regex/pattern-safety.ts)
 * is reported where it is written and never run; every pattern the model keeps has passed it, so
 * the runtime and later stages can run it on text a server controls, cut to TEXT_LIMIT.
 */
import { MESSAGES as M } from '../diagnostic-catalogue.js';
import { patternSafety, STEP_BUDGET, TEXT_LIMIT } from '../regex/pattern-safety.js';
import type { BuildContext, RawPath } from './context.js';

export { TEXT_LIMIT };

/**
 * Reports `pattern` at `path` when it can take too long to match; `subject` names it in the
 * sentence ("'pattern'", "message row 'x''s pattern"). The pattern must compile with the flag.
 */
export function checkPatternSafety(ctx: BuildContext, path: RawPath, pattern: string, unicode: boolean, subject: string): boolean {
  const verdict = patternSafety(pattern, unicode);
  if (verdict.safe) return true;
  if (verdict.problem === 'too-large') {
    ctx.report(M.unanalysablePattern, path, { subject });
    return false;
  }
  const parts = verdict.spans.map(([start, end]) => pattern.slice(start, end));
  ctx.report(M.slowPattern, path, { subject, parts, steps: verdict.steps, limit: STEP_BUDGET, length: TEXT_LIMIT });
  return false;
}

/** `pattern` compiled with `flags` when it compiles and is safe to run; undefined otherwise (the model reports why where it is written). */
export function runnablePattern(pattern: string, flags: '' | 'u'): RegExp | undefined {
  let re: RegExp;
  try {
    re = new RegExp(pattern, flags);
  } catch {
    return undefined;
  }
  return patternSafety(pattern, flags === 'u').safe ? re : undefined;
}
