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
    headers(headers: Readonly<Record<string, string>>, extra?: readonly string[]): Record<string, string>;
}
/** `values`: secret strings (tokens, client secret); `fields`: JSON/form field names whose values are secret. */
export declare function redactor(values: () => readonly (string | undefined)[], fields: readonly string[]): Redactor;
export declare function buildSupportReport(request: Sent, response: Received, when: Date, to: string | undefined, redact: Redactor, authHeader: string): SupportReport;
