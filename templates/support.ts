/**
 * Support reports for persistent server errors: the exact request, the exact response and a UTC
 * timestamp, ready to send to the configured support contact — with every secret redacted.
 */
import { setOwn, truncate } from './body.js';
import { describeBody } from './request-body.js';
import { encodeUnreserved, type Exchange } from './exchange.js';
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
export function redactor(values: () => readonly (string | undefined)[], fields?: FieldRedactor): Redactor {
  let known: string | undefined;
  let forms: string[] = [];
  let pattern: RegExp | undefined;
  return {
    text(value) {
      const out = fields === undefined ? value : fields.text(value);
      const list = values();
      const key = list.join('\u0000');
      if (key !== known) {
        known = key;
        forms = secretForms(list);
        // Longest first: of two secrets where one holds the other, the longer is replaced whole.
        pattern = forms.length === 0 ? undefined : new RegExp(forms.map(escapeRegExp).join('|'), 'gi');
      }
      if (pattern === undefined) return out;
      const hidden = out.replace(pattern, REDACTED);
      return hidden.includes('…') ? redactCutSecrets(hidden, forms) : hidden;
    },
  };
}

/**
 * Every form in which a secret can come back: as given and as sent (fetch trims a header value's
 * spaces and line breaks, which a key read from a file often ends with), percent-encoded as a
 * query, form or path carries it (and once more, as a return address carries the request's URL
 * to a sign-in page), and escaped inside JSON strings up to three deep. Matched
 * without regard to case, so `%2f` and `%2F` alike; shorter than 4 characters, a form is not
 * a secret worth hiding (it would blank ordinary text).
 */
function secretForms(list: readonly (string | undefined)[]): string[] {
  const forms = new Set<string>();
  for (const secret of list) {
    if (secret === undefined) continue;
    for (const text of new Set([secret, secret.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, '')])) {
      let json = text;
      // Each also with `/` escaped, as PHP's json_encode writes it (base64 keys hold slashes).
      for (let depth = 0; depth < 4; depth++, json = JSON.stringify(json).slice(1, -1)) forms.add(json).add(json.replace(/\//g, '\\/'));
      try {
        const component = encodeURIComponent(text);
        forms.add(component).add(encodeUnreserved(text)).add(component.replace(/%20/g, '+')).add(encodeURI(text)).add(encodeURIComponent(component));
      } catch {
        // A lone surrogate has no percent-encoded form, and so is sent in none.
      }
    }
  }
  return [...forms].filter((f) => f.length >= 4).sort((a, b) => b.length - a.length);
}

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
export function fieldRedactor(names: readonly string[]): FieldRedactor {
  const alternatives = names.map(escapeRegExp).join('|');
  const pattern = new RegExp(`("(?:${alternatives})(\\\\*)"\\s*:\\s*\\2")[\\s\\S]*?(?:(?<!\\\\)\\2"|$)|((?:^|[^\\w.~%-])(?:${alternatives})=)[^&#"\\\\\\s]*`, 'g');
  const secret = new Set(names);
  return {
    // A value cut off at the end of the text is not closed again.
    text: (text) => text.replace(pattern, (m: string, json?: string, run?: string, form?: string) => (json === undefined ? `${form ?? ''}${REDACTED}` : `${json}${REDACTED}${m.length > json.length && m.endsWith('"') ? `${run ?? ''}"` : ''}`)),
    values(body) {
      const out: string[] = [];
      const queue: unknown[] = [body];
      // Plain objects and arrays only (bytes, Blobs and streams hold no fields), and a bounded walk.
      for (let i = 0; i < queue.length && i < 10_000; i++) {
        const value = queue[i];
        if (typeof value !== 'object' || value === null || !(Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null))) continue;
        for (const [key, field] of Object.entries(value)) {
          if (secret.has(key) && (typeof field === 'string' || typeof field === 'number')) out.push(String(field));
          else queue.push(field);
        }
      }
      return out;
    },
  };
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
  // One pass over the pieces between marks: a pattern that looks back for a marker scans the rest
  // of the text from every position, and a megabyte's report body took minutes.
  let end = -1;
  return text
    .split('…')
    .map((piece) => {
      end += piece.length + 1;
      // The text's end is no cut.
      if (end === text.length) return piece;
      for (const secret of secrets) {
        for (let k = secret.length - 1; k >= 4; k--) {
          if (text.endsWith(secret.slice(0, k), end)) return `${piece.slice(0, piece.length - k)}${REDACTED}`;
        }
      }
      return piece;
    })
    .join('…');
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
