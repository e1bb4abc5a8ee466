import type { Exchange } from './exchange.js';
import type { StatusSpec } from './spec.js';
import type { Received, Sent } from './transport.js';
export interface SupportReport {
    /** The configured support address, or a note that none is configured. */
    readonly to: string;
    readonly subject: string;
    /** UTC, ISO 8601. */
    readonly timestamp: string;
    readonly request: {
        readonly method: string;
        readonly url: string;
        readonly headers: Readonly<Record<string, string>>;
        readonly body: string | undefined;
    };
    readonly response: {
        readonly status: number;
        readonly headers: Readonly<Record<string, string>>;
        readonly body: string;
    };
    /** The whole report as plain text, ready to paste into an email. */
    readonly text: string;
}
export declare const REDACTED: string;
/** Longest body kept in a report. */
export declare const MAX_REPORT_BODY: number;
export interface Redactor {
    /** Replaces every known secret value, and the values of secret JSON fields, in a text. */
    text(value: string): string;
}
/** `values`: secret strings (tokens, client secret); `fields`: what fieldRedactor made of the contract's secret field names. */
export declare function redactor(values: () => readonly (string | undefined)[], fields?: (text: string) => string): Redactor;
/**
 * Redacts the values of JSON and form fields of these names in a text. The tables name it only
 * where a contract marks secret fields, so other bundles carry no such pattern.
 */
export declare function fieldRedactor(names: readonly string[]): (text: string) => string;
/** Headers with every secret hidden: credential headers (and `extra`) whole, known secrets inside the others. */
export declare function redactHeaders(redact: Redactor, headers: Readonly<Record<string, string>>, extra?: readonly string[]): Record<string, string>;
/**
 * Gives a failed call's error its support report (not enumerable, built when asked for) when the
 * response's status is one the contract's support rule covers. What the tables name as the
 * support rule's `attach`, so a bundle of a contract without one carries no report builder.
 */
export declare function attachSupportReport(reportOn: readonly StatusSpec[], error: object, exchange: Exchange, now: () => number, to: string | undefined, redact: Redactor, authHeader: string): void;
export declare function buildSupportReport(request: Sent, response: Received, when: Date, to: string | undefined, redact: Redactor, authHeader: string): SupportReport;
