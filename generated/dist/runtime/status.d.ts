/**
 * Reading the status patterns of the tables (`404`, `5XX`) and the statuses an untrusted input
 * claims.
 */
import type { StatusSpec } from './spec.js';
export declare function statusMatches(spec: StatusSpec, status: number): boolean;
/** A status as an HTTP status: an integer from 0 to 999, else 0. */
export declare function safeStatus(status: unknown): number;
