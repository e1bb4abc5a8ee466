/** Error shapes, categories, code tables, message tables and policies. */
import type { RawCodeTable, RawContract, RawMessageRow, RawMessageTable, RawPolicy, RawShape } from '../contract-format.js';
import { MESSAGES as M, type Message } from '../diagnostic-catalogue.js';
import { didYouMean } from '../similar.js';
import { buildTypeRef } from './build-type-ref.js';
import { entries, type BuildContext, type RawPath } from './context.js';
import { categoryOfStatus, parseBodyPath, parseStatus } from './values.js';
import { checkMessageRow } from './check-messages.js';
import {
  SHAPE_READ_KEYS,
  type Category,
  type CodeTable,
  type ErrorShape,
  type MessageRow,
  type MessageTable,
  type Policy,
  type ShapeReadKey,
  type StatusCategoryRule,
} from './types.js';

export function buildCategories(ctx: BuildContext, raw: RawContract['categories']): Category[] {
  return entries(raw).map(([name, c]) => ({
    name,
    description: c.description,
    retryable: c.retryable ?? false,
    loc: ctx.loc(['categories', name], 'key'),
  }));
}

export function buildStatusCategories(ctx: BuildContext, raw: RawContract['statusCategories'], categories: readonly string[]): StatusCategoryRule[] {
  const rules = entries(raw).map(([status, category]) => {
    checkName(ctx, ['statusCategories', status], category, categories, M.unknownCategory);
    return { status: parseStatus(status), category, loc: ctx.loc(['statusCategories', status], 'key') };
  });
  // Exact statuses win over classes; within each, ascending order keeps output stable.
  const rank = (r: StatusCategoryRule) => (r.status.kind === 'exact' ? r.status.status : 1000 + r.status.statusClass);
  return rules.sort((a, b) => rank(a) - rank(b));
}

export function buildShapes(ctx: BuildContext, raw: RawContract['shapes'], typeNames: ReadonlySet<string>): ErrorShape[] {
  return entries(raw).map(([name, shape]) => buildShape(ctx, ['shapes', name], name, shape, typeNames));
}

function buildShape(ctx: BuildContext, path: RawPath, name: string, raw: RawShape, typeNames: ReadonlySet<string>): ErrorShape {
  const read: Partial<Record<ShapeReadKey, readonly (string | number)[]>> = {};
  for (const key of SHAPE_READ_KEYS) {
    const value = raw.read[key];
    if (value !== undefined) read[key] = parseBodyPath(value);
  }
  return {
    name,
    description: raw.description,
    body: raw.body === undefined ? undefined : buildTypeRef(ctx, [...path, 'body'], raw.body, typeNames),
    match: {
      present: (raw.match.present ?? []).map(parseBodyPath),
      equals: entries(raw.match.equals).map(([p, value]) => ({ path: parseBodyPath(p), value })),
    },
    read,
    fieldErrors:
      raw.fieldErrors === undefined
        ? undefined
        : {
            path: parseBodyPath(raw.fieldErrors.path),
            field: raw.fieldErrors.field === undefined ? undefined : parseBodyPath(raw.fieldErrors.field),
            message: parseBodyPath(raw.fieldErrors.message),
          },
    mirrors: entries(raw.mirrors).map(([p, source]) => ({ path: parseBodyPath(p), source: parseBodyPath(source) })),
    loc: ctx.loc(path, 'key'),
  };
}

export function buildCodeTable(
  ctx: BuildContext,
  path: RawPath,
  raw: RawCodeTable | undefined,
  shapes: readonly string[],
  statusRules: readonly StatusCategoryRule[],
  categories: readonly string[],
): CodeTable {
  if (raw === undefined) return { shape: undefined, open: true, description: undefined, rows: [], codes: [] };
  if (raw.shape !== undefined) checkName(ctx, [...path, 'shape'], raw.shape, shapes, M.unknownShape);
  const rows = raw.rows.map((row, i) => {
    const rowPath = [...path, 'rows', i];
    if (row.category !== undefined) checkName(ctx, [...rowPath, 'category'], row.category, categories, M.unknownCategory);
    const category = row.category ?? categoryOfStatus(statusRules, row.status);
    if (category === undefined) {
      ctx.report(M.noCategory, [...rowPath, 'status'], { status: row.status });
    }
    return { status: row.status, code: row.code, kind: row.kind, category: category ?? 'unknown', description: row.description, loc: ctx.loc(rowPath) };
  });
  const codes = [...new Set(rows.map((r) => r.code))];
  return { shape: raw.shape, open: raw.open ?? true, description: raw.description, rows, codes };
}

export interface MessageRefs {
  readonly categories: readonly string[];
  readonly policies: readonly string[];
}

export function buildMessageTable(ctx: BuildContext, path: RawPath, raw: RawMessageTable | undefined, refs: MessageRefs): MessageTable | undefined {
  if (raw === undefined) return undefined;
  const ids = new Set<string>();
  const rows = raw.rows.map((row, i) => {
    const rowPath = [...path, 'rows', i];
    if (ids.has(row.id)) ctx.report(M.duplicateMessageRow, [...rowPath, 'id'], { id: row.id });
    ids.add(row.id);
    return buildMessageRow(ctx, rowPath, row, refs);
  });
  const table: MessageTable = {
    description: raw.description,
    root: raw.root,
    aliases: entries(raw.aliases).map(([message, request]) => ({ message, request })),
    rows,
  };
  rows.forEach((row, i) => checkMessageRow(ctx, [...path, 'rows', i], row));
  return table;
}

function buildMessageRow(ctx: BuildContext, path: RawPath, raw: RawMessageRow, refs: MessageRefs): MessageRow {
  if (raw.category !== undefined) checkName(ctx, [...path, 'category'], raw.category, refs.categories, M.unknownCategory);
  if (raw.policy !== undefined) checkName(ctx, [...path, 'policy'], raw.policy, refs.policies, M.unknownPolicy);
  return {
    id: raw.id,
    pattern: raw.pattern,
    empty: raw.empty ?? false,
    all: raw.all ?? false,
    status: raw.status,
    fields: [...raw.fields],
    ambiguous: raw.ambiguous ?? false,
    example: raw.example,
    expect: [...(raw.expect ?? [])],
    retry: raw.retry,
    policy: raw.policy,
    category: raw.category,
    cause: raw.cause,
    loc: ctx.loc(path),
  };
}

export function buildPolicies(ctx: BuildContext, raw: Readonly<Record<string, RawPolicy>> | undefined, categories: readonly string[]): Policy[] {
  return entries(raw).map(([name, p]) => {
    checkName(ctx, ['policies', name, 'category'], p.category, categories, M.unknownCategory);
    return {
      name,
      description: p.description,
      category: p.category,
      restrictions: p.restrictions.map((r) => ({ name: r.name, liftedBy: r.liftedBy, retryLater: r.retryLater, note: r.note })),
      loc: ctx.loc(['policies', name], 'key'),
    };
  });
}

/** Reports a reference to a name that is not declared, with a suggestion. */
export function checkName(ctx: BuildContext, path: RawPath, name: string, known: Iterable<string>, unknown: Message<{ name: string; hint: string }>, at: 'key' | 'value' = 'value'): boolean {
  const list = [...known];
  if (list.includes(name)) return true;
  ctx.report(unknown, path, { name, hint: didYouMean(name, list) }, at);
  return false;
}
