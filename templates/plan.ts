/**
 * The tables, compiled once into plans for decoding (decode.ts). Decoding is on the hot path of
 * every failed call: a plan gives every body path the shapes read one slot, so a body is read in one
 * pass, and holds each status's category and the code rows by code. Tables are generated
 * constants, so each plan is cached by the identity of the spec objects it was made from.
 */
import { pathTrie, type PathTrie } from './body.js';
import type { BodyPath, CodeRowSpec, EndpointErrorSpec, ErrorTables, HostErrorSpec, ShapeSpec } from './spec.js';
import { statusMatches } from './status.js';

/** The category of a status under the tables: its rule's, else the fallback. */
export function categoryOfStatus(tables: ErrorTables, status: number): string {
  return tables.statusCategories.find((r) => statusMatches(r.status, status))?.category ?? tables.fallbackCategory;
}

/** A text read from the body, with the mirrors that carry the same value when it is absent. */
export interface TextRead {
  readonly slot: number;
  readonly mirrors: readonly number[];
}

/** A `present` path: its own slot, and for a path ending in an index, its parent's slot. */
export interface Presence {
  /** -1 for the empty path, which is never present. */
  readonly slot: number;
  readonly parent: number;
  readonly index: number | undefined;
}

export interface CodeRow {
  readonly spec: CodeRowSpec;
  readonly retryable: boolean;
}

export interface FieldErrorsPlan {
  readonly slot: number;
  readonly field: BodyPath | undefined;
  readonly message: BodyPath;
  /** The entry keys, when both texts are one key deep (the usual case). */
  readonly keys: { readonly field: string | undefined; readonly message: string } | undefined;
}

export interface ShapePlan {
  readonly name: string;
  readonly present: readonly Presence[];
  readonly equals: readonly { readonly slot: number; readonly value: string | number | boolean }[];
  readonly code: TextRead | undefined;
  readonly message: TextRead | undefined;
  readonly human: TextRead | undefined;
  readonly detail: TextRead | undefined;
  readonly kind: TextRead | undefined;
  readonly status: number;
  readonly fieldErrors: FieldErrorsPlan | undefined;
  /** The host's code rows by code, when this shape is the one that carries them. */
  readonly codes: ReadonlyMap<string, readonly CodeRow[]> | undefined;
}

export interface TablesPlan {
  readonly tables: ErrorTables;
  /** By HTTP status (0–999): the status's category and whether it is retryable. */
  readonly statusCategory: readonly string[];
  readonly statusRetryable: readonly boolean[];
  readonly hosts: WeakMap<HostErrorSpec, HostPlan>;
}

interface HostPlan {
  readonly base: DecodePlan;
  readonly endpoints: WeakMap<EndpointErrorSpec, DecodePlan>;
}

/** Everything one decode needs of the tables, for one host and (optionally) one endpoint. */
export interface DecodePlan {
  readonly tables: TablesPlan;
  readonly shapes: readonly ShapePlan[];
  /** Every body path the shapes read, by slot, and the same paths as one tree. */
  readonly paths: readonly BodyPath[];
  readonly trie: PathTrie;
  readonly messages: HostErrorSpec['messages'];
  /** Request field paths that message-table rows resolve against. */
  readonly known: readonly string[];
  readonly endpoint: EndpointErrorSpec | undefined;
}

const tablesPlans = new WeakMap<ErrorTables, TablesPlan>();

export const hasOwn = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

export function retryableOf(tables: ErrorTables, category: string): boolean {
  return tables.categories[category]?.retryable ?? false;
}

export function tablesPlanOf(tables: ErrorTables): TablesPlan {
  let plan = tablesPlans.get(tables);
  if (plan === undefined) {
    const statusCategory = Array.from({ length: 1000 }, (_, status) => categoryOfStatus(tables, status));
    const statusRetryable = statusCategory.map((category) => retryableOf(tables, category));
    plan = { tables, statusCategory, statusRetryable, hosts: new WeakMap() };
    tablesPlans.set(tables, plan);
  }
  return plan;
}

export function planOf(tables: TablesPlan, host: HostErrorSpec, endpoint: EndpointErrorSpec | undefined): DecodePlan {
  let hostPlan = tables.hosts.get(host);
  if (hostPlan === undefined) {
    hostPlan = { base: compilePlan(tables, host, undefined), endpoints: new WeakMap() };
    tables.hosts.set(host, hostPlan);
  }
  if (endpoint === undefined) return hostPlan.base;
  let plan = hostPlan.endpoints.get(endpoint);
  if (plan === undefined) {
    plan = compilePlan(tables, host, endpoint);
    hostPlan.endpoints.set(endpoint, plan);
  }
  return plan;
}

/** Gives each distinct path one slot. */
class SlotTable {
  readonly paths: BodyPath[] = [];
  private readonly byKey = new Map<string, number>();

  slot(path: BodyPath): number {
    // Numbers and strings differ in what they index, so the key keeps their types apart.
    const key = JSON.stringify(path);
    let slot = this.byKey.get(key);
    if (slot === undefined) {
      slot = this.paths.length;
      this.paths.push(path);
      this.byKey.set(key, slot);
    }
    return slot;
  }
}

export function compilePlan(tables: TablesPlan, host: HostErrorSpec, endpoint: EndpointErrorSpec | undefined): DecodePlan {
  const slots = new SlotTable();
  const shapes: ShapePlan[] = [];
  for (const name of endpoint?.shapes ?? host.shapes) {
    const shape = hasOwn(tables.tables.shapes, name) ? tables.tables.shapes[name] : undefined;
    if (shape !== undefined) shapes.push(compileShape(tables.tables, host, shape, slots));
  }
  const known = endpoint !== undefined && endpoint.fieldPaths.length > 0 ? endpoint.fieldPaths : host.fieldPaths;
  return { tables, shapes, paths: slots.paths, trie: pathTrie(slots.paths), messages: host.messages, known, endpoint };
}

function compileShape(tables: ErrorTables, host: HostErrorSpec, shape: ShapeSpec, slots: SlotTable): ShapePlan {
  const text = (path: BodyPath | undefined): TextRead | undefined => {
    if (path === undefined) return undefined;
    // Mirrors name their source by its dotted form.
    const key = path.join('.');
    return { slot: slots.slot(path), mirrors: shape.mirrors.filter((m) => m.source.join('.') === key).map((m) => slots.slot(m.path)) };
  };
  const fieldErrors = shape.fieldErrors;
  return {
    name: shape.name,
    present: shape.present.map((path) => presence(path, slots)),
    equals: shape.equals.map((e) => ({ slot: slots.slot(e.path), value: e.value })),
    code: text(shape.read.code),
    message: text(shape.read.message),
    human: text(shape.read.human),
    detail: text(shape.read.detail),
    kind: text(shape.read.kind),
    status: shape.read.status === undefined ? -1 : slots.slot(shape.read.status),
    fieldErrors: fieldErrors === undefined ? undefined : fieldErrorsPlan(fieldErrors, slots),
    codes: host.codeShape === shape.name ? codesByCode(tables, host.codes) : undefined,
  };
}

function fieldErrorsPlan(spec: NonNullable<ShapeSpec['fieldErrors']>, slots: SlotTable): FieldErrorsPlan {
  const key = (path: BodyPath | undefined): string | undefined => (path !== undefined && path.length === 1 && typeof path[0] === 'string' ? path[0] : undefined);
  const message = key(spec.message);
  const field = key(spec.field);
  const simple = message !== undefined && (spec.field === undefined || field !== undefined);
  return { slot: slots.slot(spec.path), field: spec.field, message: spec.message, keys: simple ? { field, message } : undefined };
}

function presence(path: BodyPath, slots: SlotTable): Presence {
  if (path.length === 0) return { slot: -1, parent: -1, index: undefined };
  const last = path[path.length - 1];
  // An index is present when it is below the array's length (hasPath), whatever is stored there.
  return typeof last === 'number'
    ? { slot: slots.slot(path), parent: slots.slot(path.slice(0, -1)), index: last }
    : { slot: slots.slot(path), parent: -1, index: undefined };
}

function codesByCode(tables: ErrorTables, codes: readonly CodeRowSpec[]): ReadonlyMap<string, readonly CodeRow[]> {
  const byCode = new Map<string, CodeRow[]>();
  for (const spec of codes) {
    const row: CodeRow = { spec, retryable: retryableOf(tables, spec.category) };
    const rows = byCode.get(spec.code);
    if (rows === undefined) byCode.set(spec.code, [row]);
    else rows.push(row);
  }
  return byCode;
}
