/**
 * Support reports for persistent server errors: the exact request, the exact response and a UTC
 * timestamp, ready to send to the configured support contact — with every secret redacted.
 */
import { truncate } from './body.js';
import { describeBody } from './request-body.js';
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
  headers(headers: Readonly<Record<string, string>>, extra?: readonly string[]): Record<string, string>;
}

/** `values`: secret strings (tokens, client secret); `fields`: JSON/form field names whose values are secret. */
export function redactor(values: () => readonly (string | undefined)[], fields: readonly string[]): Redactor {
  const fieldPattern = fields.length === 0 ? undefined : new RegExp(`("(?:${fields.map(escapeRegExp).join('|')})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"|((?:^|&)(?:${fields.map(escapeRegExp).join('|')})=)[^&]*`, 'g');
  const text = (value: string): string => {
    let out = fieldPattern === undefined ? value : value.replace(fieldPattern, (_m, json?: string, form?: string) => (json !== undefined ? `${json}"${REDACTED}"` : `${form ?? ''}${REDACTED}`));
    // Longest first, so a secret that contains another is replaced whole.
    const secrets = values().filter((s): s is string => s !== undefined && s.length >= 4);
    for (const secret of secrets.sort((a, b) => b.length - a.length)) out = out.split(secret).join(REDACTED);
    return out.includes('…') && secrets.length > 0 ? redactCutSecrets(out, secrets) : out;
  };
  return {
    text,
    headers(headers, extra = []) {
      const out: Record<string, string> = {};
      const hidden = new Set([...SECRET_HEADERS, ...extra.map((h) => h.toLowerCase())]);
      for (const [key, value] of Object.entries(headers)) out[key] = hidden.has(key.toLowerCase()) ? REDACTED : text(value);
      return out;
    },
  };
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

export function buildSupportReport(request: Sent, response: Received, when: Date, to: string | undefined, redact: Redactor, authHeader: string): SupportReport {
  const body = new TextDecoder().decode(response.body);
  const report = {
    to: to ?? '(support contact not configured: pass supportEmail to createClient)',
    subject: `Persistent HTTP ${response.status} from ${request.method} ${redact.text(request.url)}`,
    timestamp: when.toISOString(),
    request: {
      method: request.method,
      url: redact.text(request.url),
      headers: redact.headers(request.headers, [authHeader]),
      // Bytes, Blobs and streams are described, not shown: they cannot be redacted.
      body: typeof request.body === 'string' ? truncate(redact.text(request.body), MAX_REPORT_BODY) : describeBody(request.body),
    },
    response: { status: response.status, headers: redact.headers(response.headers), body: truncate(redact.text(body), MAX_REPORT_BODY) },
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
