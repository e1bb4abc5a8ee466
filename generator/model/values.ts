/**
 * Readers of model values that every stage after the model shares: status patterns, URL and path
 * templates, body paths.
 */
import type { BodyPath, ResponseStatus, StatusCategoryRule, StatusClass, StatusPattern } from './types.js';

export function parseStatus(raw: number | string): StatusPattern {
  if (typeof raw === 'number') return { kind: 'exact', status: raw };
  if (/^[1-5]XX$/.test(raw)) return { kind: 'class', statusClass: Number(raw[0]) as StatusClass };
  return { kind: 'exact', status: Number(raw) };
}

export function parseResponseStatus(raw: string): ResponseStatus {
  return raw === 'default' ? { kind: 'default' } : parseStatus(raw);
}

export function formatStatus(status: ResponseStatus): string {
  return status.kind === 'exact' ? String(status.status) : status.kind === 'class' ? `${status.statusClass}XX` : 'default';
}

/** Whether `status` falls under the pattern; `default` stands for statuses no other key lists, so it matches any 2xx here. */
export function statusMatches(pattern: ResponseStatus, status: number): boolean {
  if (pattern.kind === 'default') return status >= 200 && status < 300;
  return pattern.kind === 'exact' ? pattern.status === status : Math.floor(status / 100) === pattern.statusClass;
}

/**
 * Whether a response key is a redirect the client follows (301, 302, 303, 307, 308): its answer is
 * never the call's, but whatever the Location answers (templates/redirect.ts).
 */
export function isFollowedRedirect(status: ResponseStatus): boolean {
  return status.kind === 'exact' && [301, 302, 303, 307, 308].includes(status.status);
}

/**
 * Whether a response key is one whose body is the call's data: a 2xx, the 2XX class, or `default`
 * where it is the success. 1xx and 3xx are never data: redirects are followed (their target
 * answers), a 304 is the `not_modified` error of a conditional request.
 */
export function isDataStatus(status: ResponseStatus): boolean {
  return statusClassOf(status) === 2;
}

/** The status class of a response key; `default` counts as 2 (a success when it is one, and any error otherwise). */
export function statusClassOf(status: ResponseStatus): number {
  return status.kind === 'exact' ? Math.floor(status.status / 100) : status.kind === 'class' ? status.statusClass : 2;
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

/** A media type without its parameters, in lower case (`multipart/form-data; boundary=x` → `multipart/form-data`). */
export function mediaEssence(mediaType: string): string {
  return (mediaType.split(';', 1)[0] ?? '').trim().toLowerCase();
}

/** The URL-encoded form's media type, whose object fields a request's `jsonFields` concern. */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** Whether a list of request media types sends a URL-encoded form. */
export function sendsForm(contentTypes: readonly string[]): boolean {
  return contentTypes.some((t) => t.toLowerCase() === FORM_MEDIA_TYPE);
}

/** application/json and every `+json` type: written by the JSON codec itself. */
export function isJsonMediaType(mediaType: string): boolean {
  const essence = mediaEssence(mediaType);
  return essence === 'application/json' || essence.endsWith('+json');
}
