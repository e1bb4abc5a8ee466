/**
 * Readers of model values that every stage after the model shares: status patterns, URL and path
 * templates, body paths.
 */
import type { BodyPath, StatusCategoryRule, StatusClass, StatusPattern } from './types.js';

export function parseStatus(raw: number | string): StatusPattern {
  if (typeof raw === 'number') return { kind: 'exact', status: raw };
  if (/^[1-5]XX$/.test(raw)) return { kind: 'class', statusClass: Number(raw[0]) as StatusClass };
  return { kind: 'exact', status: Number(raw) };
}

export function formatStatus(status: StatusPattern): string {
  return status.kind === 'exact' ? String(status.status) : `${status.statusClass}XX`;
}

export function statusMatches(pattern: StatusPattern, status: number): boolean {
  return pattern.kind === 'exact' ? pattern.status === status : Math.floor(status / 100) === pattern.statusClass;
}

export function parseBodyPath(raw: string): BodyPath {
  return raw.split('.').map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment));
}

/** The category of an HTTP status under the contract's table, or undefined when none applies. */
export function categoryOfStatus(rules: readonly StatusCategoryRule[], status: number): string | undefined {
  return rules.find((r) => statusMatches(r.status, status))?.category;
}

/** `{name}` placeholders of a URL or path template, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '');
}
