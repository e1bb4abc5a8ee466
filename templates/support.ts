/**
 * Support reports for persistent server errors: the exact request, the exact response and a UTC
 * timestamp, ready to send to the configured support contact — with every secret redacted.
 */
import { setOwn, truncate } from './body.js';
import { describeBody } from './request-body.js';
import type { Exchange } from './exchange.js';
import type { StatusSpec } from './spec.js';
import { statusMatches } from './status.js';
import type { Received, Sent } from './transport.js';

export interface SupportReport {
  /** The configured support address, or a note that none is configured. */
  readonly to: string;
  readonly subject: string;
  /** UTC, ISO 8601. */
  readonly timestamp: string;
  readonly request: { readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly body: string | undefined };
  readonly response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: string };
  /** The whole report as plain text, ready to paste into an email. */
  readonly text: string;
}

export const REDACTED: string = '[REDACTED]';
/** Longest body kept in a report. */
export const MAX_REPORT_BODY: number = 64 * 1024;

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

export interface Redactor {
  /** Replaces every known secret value, and the values of secret JSON fields, in a text. */
  text(value: string): string;
}

/** `values`: secret strings (tokens, client secret); `fields`: what fieldRedactor made of the contract's secret field names. */
export function redactor(values: () => readonly (string | undefined)[], fields?: (text: string) => string): Redactor {
  return {
    text(value) {
      let out = fields === undefined ? value : fields(value);
      // Longest first, so a secret that contains another is replaced whole.
      const secrets = values().filter((s): s is string => s !== undefined && s.length >= 4);
      for (const secret of secrets.sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
      return out.includes('…') && secrets.length > 0 ? redactCutSecrets(out, secrets) : out;
    },
  };
}

/**
 * Redacts the values of JSON and form fields of these names in a text. The tables name it only
 * where a contract marks secret fields, so other bundles carry no such pattern.
 */
export function fieldRedactor(names: readonly string[]): (text: string) => string {
  const alternatives = names.map(escapeRegExp).join('|');
  const pattern = new RegExp(`("(?:${alternatives})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"|((?:^|&)(?:${alternatives})=)[^&]*`, 'g');
  return (text) => text.replace(pattern, (_m, json?: string, form?: string) => (json !== undefined ? `${json}"${REDACTED}"` : `${form ?? ''}${REDACTED}`));
}

/** Headers with every secret hidden: credential headers (and `extra`) whole, known secrets inside the others. */
export function redactHeaders(redact: Redactor, headers: Readonly<Record<string, string>>, extra: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  const hidden = new Set([...SECRET_HEADERS, ...extra.map((h) => h.toLowerCase())]);
  for (const [key, value] of Object.entries(headers)) setOwn(out, key, hidden.has(key.toLowerCase()) ? REDACTED : redact.text(value));
  return out;
}

/**
 * A text cut short ("…") may end with the start of a secret the cut split: that start is redacted
 * too, so no part of a secret survives truncation.
 */
function redactCutSecrets(text: string, secrets: readonly string[]): string {
  return text.replace(/…/g, (mark: string, offset: number) => {
    const before = text.slice(0, offset);
    for (const secret of secrets) {
      for (let k = secret.length - 1; k >= 4; k--) {
        if (before.endsWith(secret.slice(0, k))) return `\u0000${k}\u0000${mark}`;
      }
    }
    return mark;
  }).replace(/([\s\S]*?)\u0000(\d+)\u0000/g, (_m, head: string, k: string) => `${head.slice(0, head.length - Number(k))}${REDACTED}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Gives a failed call's error its support report (not enumerable, built when asked for) when the
 * response's status is one the contract's support rule covers. What the tables name as the
 * support rule's `attach`, so a bundle of a contract without one carries no report builder.
 */
export function attachSupportReport(reportOn: readonly StatusSpec[], error: object, exchange: Exchange, now: () => number, to: string | undefined, redact: Redactor, authHeader: string): void {
  const { request, response } = exchange;
  if (request === undefined || response === undefined || !reportOn.some((s) => statusMatches(s, response.status))) return;
  const when = new Date(now());
  Object.defineProperty(error, 'supportReport', { value: (): SupportReport => buildSupportReport(request, response, when, to, redact, authHeader), enumerable: false });
}

export function buildSupportReport(request: Sent, response: Received, when: Date, to: string | undefined, redact: Redactor, authHeader: string): SupportReport {
  const body = new TextDecoder().decode(response.body);
  const report = {
    to: to ?? '(support contact not configured: pass supportEmail to createClient)',
    subject: `Persistent HTTP ${response.status} from ${request.method} ${redact.text(request.url)}`,
    timestamp: when.toISOString(),
    request: {
      method: request.method,
      url: redact.text(request.url),
      headers: redactHeaders(redact, request.headers, [authHeader]),
      // Bytes, Blobs and streams are described, not shown: they cannot be redacted.
      body: typeof request.body === 'string' ? truncate(redact.text(request.body), MAX_REPORT_BODY) : describeBody(request.body),
    },
    response: { status: response.status, headers: redactHeaders(redact, response.headers), body: truncate(redact.text(body), MAX_REPORT_BODY) },
  };
  const lines = [
    `To: ${report.to}`,
    `Subject: ${report.subject}`,
    '',
    `Time (UTC): ${report.timestamp}`,
    '',
    'Request:',
    `${report.request.method} ${report.request.url}`,
    ...Object.entries(report.request.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    report.request.body ?? '(no body)',
    '',
    'Response:',
    `HTTP ${report.response.status}`,
    ...Object.entries(report.response.headers).map(([k, v]) => `${k}: ${v}`),
    '',
    report.response.body === '' ? '(empty body)' : report.response.body,
  ];
  return { ...report, text: lines.join('\n') };
}
