/**
 * Reading the status patterns of the tables (`404`, `5XX`) and the statuses an untrusted input
 * claims.
 */
import type { StatusSpec } from './spec.js';

export function statusMatches(spec: StatusSpec, status: number): boolean {
  return typeof spec === 'number' ? spec === status : Math.floor(status / 100) === Number(spec[0]);
}

/** A status as an HTTP status: an integer from 0 to 999, else 0. */
export function safeStatus(status: unknown): number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 0 && status <= 999 ? status : 0;
}
