/**
 * What the generated validators (issue 35, the `/validators` entry) run on: the issues they
 * collect, bounded on hostile input, and the Standard Schema v1 face each validator shows, so it
 * plugs into what speaks it (form libraries, tRPC, Hono) with no adapter. The interface is written
 * here, as the standard asks of libraries, not imported: the package stays dependency-free.
 */

/** One way a value is not of its type: what is wrong, and where (`['items', 0, 'sku']`). */
export interface ValidationIssue {
  readonly message: string;
  readonly path: readonly (string | number)[];
}

/** Standard Schema v1 (standardschema.dev): the `~standard` property of a validator. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaProps<Input, Output>;
}

export interface StandardSchemaProps<Input = unknown, Output = Input> {
  readonly version: 1;
  readonly vendor: string;
  readonly validate: (value: unknown) => StandardResult<Output>;
  readonly types?: { readonly input: Input; readonly output: Output } | undefined;
}

export type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: readonly ValidationIssue[] };

/** Most issues one validation collects: a hostile body of a million bad items reports this many. */
export const MAX_ISSUES = 100;

/**
 * Where a validation writes its issues. `first`: stop at the first (the fast path, and what a
 * yes-or-no check needs); otherwise collect up to MAX_ISSUES. The path is a stack the generated
 * code pushes and pops, copied only when an issue is made.
 */
export class Issues {
  readonly list: ValidationIssue[] = [];
  private readonly path: (string | number)[] = [];

  constructor(readonly first: boolean) {}

  /** Whether validation should go on after an issue. */
  get open(): boolean {
    return !this.first && this.list.length < MAX_ISSUES;
  }

  enter(key: string | number): void {
    this.path.push(key);
  }

  leave(): void {
    this.path.pop();
  }

  add(message: string, key?: string | number): false {
    if (this.list.length < MAX_ISSUES) this.list.push({ message, path: key === undefined ? [...this.path] : [...this.path, key] });
    return false;
  }
}

/** A generated check: true when `value` is of its type; issues go to `issues`. */
export type Check = (value: unknown, issues: Issues) => boolean;

/** A validator: the check as Standard Schema, `is` (a type guard, first issue only) and `issues` (all of them). */
export interface Validator<T> extends StandardSchemaV1<T, T> {
  is(value: unknown): value is T;
  issues(value: unknown): readonly ValidationIssue[];
}

/** The validator of a generated check. */
export function validator<T>(check: Check): Validator<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'contractgen',
      validate: (value) => {
        const issues = new Issues(false);
        return check(value, issues) ? { value: value as T } : { issues: issues.list };
      },
    },
    is: (value): value is T => check(value, new Issues(true)),
    issues: (value) => {
      const issues = new Issues(false);
      check(value, issues);
      return issues.list;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Formats (RFC 3339 dates and times, checked against the calendar)
// ---------------------------------------------------------------------------------------------

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function leap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** `full-date`: YYYY-MM-DD, a day the month has. */
export function isDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap(year) ? 29 : (DAYS[month - 1] as number));
}

/** `full-time` (or `partial-time` when `zone` is false): hh:mm:ss with fractions, a second 60 only as a leap second at 23:59 UTC. */
export function isTime(s: string, zone = true): boolean {
  const m = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(z|([+-])(\d{2}):(\d{2}))?$/i.exec(s);
  if (m === null || (zone && m[5] === undefined)) return false;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  const second = Number(m[3]);
  const offsetHour = Number(m[7] ?? 0);
  const offsetMinute = Number(m[8] ?? 0);
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  if (second < 60) return true;
  // A leap second is 23:59:60 in UTC: the local time minus the offset.
  const sign = m[6] === '-' ? -1 : 1;
  const utc = (hour * 60 + minute - sign * (offsetHour * 60 + offsetMinute) + 1440) % 1440;
  return utc === 23 * 60 + 59;
}

/** `date-time`: a date, `T` (or `t`, or a space as RFC 3339 allows), a time with its offset. */
export function isDateTime(s: string): boolean {
  const at = s.search(/[Tt ]/);
  return at === 10 && isDate(s.slice(0, 10)) && isTime(s.slice(11));
}

/** `uuid` (RFC 9562): 8-4-4-4-12 hex digits, as a `urn:uuid:` too. */
export function isUuid(s: string): boolean {
  return /^(?:urn:uuid:)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
// Neither can backtrack far: an atom holds no dot and a label no dot, so each dot ends one.
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'i');
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`, 'i');

/** `email`: a dot-atom local part, `@`, and a domain of at least two labels (letters, digits, inner hyphens). */
export function isEmail(s: string): boolean {
  const at = s.lastIndexOf('@');
  return at > 0 && s.length <= 320 && LOCAL_PART.test(s.slice(0, at)) && DOMAIN.test(s.slice(at + 1));
}

/** `uri` (RFC 3986): an absolute URI, a scheme then no whitespace (a relative reference is `uri-reference`). */
export function isUri(s: string): boolean {
  return /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(s);
}

// ---------------------------------------------------------------------------------------------
// Helpers the generated checks call
// ---------------------------------------------------------------------------------------------

/** Issues that stop at the first and are dropped: for trying a union's members. */
export function quietIssues(): Issues {
  return new Issues(true);
}

/** A string's length as JSON Schema counts it: in code points, a surrogate pair one. */
export function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** `multipleOf` as ajv decides it: the quotient is an integer (in floating point). */
export function multipleOf(v: number, m: number): boolean {
  return Number.isInteger(v / m);
}

/** `uniqueItems`: no two items equal as JSON values (objects whatever their keys' order). */
export function unique(items: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const text = canonical(item, 0);
    if (seen.has(text)) return false;
    seen.add(text);
  }
  return true;
}

function canonical(value: unknown, depth: number): string {
  if (depth > 64 || value === null || typeof value !== 'object') return typeof value === 'bigint' ? value.toString() : (JSON.stringify(value) ?? 'undefined');
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(record[k], depth + 1)}`)
    .join(',')}}`;
}
