import { type Exchange } from './exchange.js';
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
    /** Replaces every known secret value, in every form it can be echoed in, and the values of secret fields, in a text. */
    text(value: string): string;
}
/** What fieldRedactor makes of the contract's secret field names. */
export interface FieldRedactor {
    /** Hides the values of secret fields in a text (JSON at any depth of escaping, form and query pairs). */
    text(value: string): string;
    /** The values of secret fields in a body the call sends: the call's own secrets, redacted wherever they are echoed. */
    values(body: unknown): string[];
}
/**
 * `values`: secret strings (credentials, tokens, the call's secret parameters and fields, the
 * caller's header values), asked for on every use so that secrets learned later are redacted too.
 */
export declare function redactor(values: () => readonly (string | undefined)[], fields?: FieldRedactor): Redactor;
/**
 * Redacts the values of fields of these names. The tables name it only where a contract marks
 * secret fields, so other bundles carry no such pattern.
 *
 * A JSON member is found at any depth of escaping (a body echoed inside a JSON string, and so on):
 * the quotes around its name and value carry the same run of backslashes, and the value ends at
 * the first quote with exactly that run before it (a longer run is a quote inside the value). A
 * value cut off by a truncation is hidden to the end. A form or query pair is found wherever its
 * name is not the end of a longer name (a body, a URL, a message quoting either), and ends at `&`,
 * `#`, a quote, a backslash or a space. Every part of the pattern is linear: no run is scanned twice.
 */
export declare function fieldRedactor(names: readonly string[]): FieldRedactor;
/** Headers with every secret hidden: credential headers (and `extra`) whole, known secrets inside the others. */
export declare function redactHeaders(redact: Redactor, headers: Readonly<Record<string, string>>, extra?: readonly string[]): Record<string, string>;
/**
 * Gives a failed call's error its support report (not enumerable, built when asked for) when the
 * response's status is one the contract's support rule covers. What the tables name as the
 * support rule's `attach`, so a bundle of a contract without one carries no report builder.
 */
export declare function attachSupportReport(reportOn: readonly StatusSpec[], error: object, exchange: Exchange, now: () => number, to: string | undefined, redact: Redactor, authHeader: string): void;
export declare function buildSupportReport(request: Sent, response: Received, when: Date, to: string | undefined, redact: Redactor, authHeader: string): SupportReport;
