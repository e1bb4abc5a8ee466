/**
 * The tables, compiled once into plans for decoding (decode.ts). Decoding is on the hot path of
 * every failed call: a plan holds each status's category, the shapes a host (or one of its
 * endpoints) is recognised by, in order, and the code rows by code. Tables are generated
 * constants, so each plan is cached by the identity of the spec objects it was made from.
 */
import type { CodeRowSpec, EndpointErrorSpec, ErrorTables, HostErrorSpec, ShapeRule } from './spec.js';
import { hasOwn } from './body.js';
import { statusMatches } from './status.js';

/** The category of a status under the tables: its rule's, else the fallback. */
export function categoryOfStatus(tables: ErrorTables, status: number): string {
  return tables.statusCategories.find((r) => statusMatches(r.status, status))?.category ?? tables.fallbackCategory;
}

export interface CodeRow {
  readonly spec: CodeRowSpec;
  readonly retryable: boolean;
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
  readonly shapes: readonly ShapeRule[];
  /** The shape that carries the host's code rows, and the rows by code. */
  readonly codeShape: string | undefined;
  readonly codes: ReadonlyMap<string, readonly CodeRow[]>;
  readonly messages: HostErrorSpec['messages'];
  /** Request field paths that message-table rows resolve against. */
  readonly known: readonly string[];
  readonly endpoint: EndpointErrorSpec | undefined;
}

const tablesPlans = new WeakMap<ErrorTables, TablesPlan>();


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
    plan = compilePlan(tables, host, endpoint, hostPlan.base.codes);
    hostPlan.endpoints.set(endpoint, plan);
  }
  return plan;
}

export function compilePlan(tables: TablesPlan, host: HostErrorSpec, endpoint: EndpointErrorSpec | undefined, codes?: DecodePlan['codes']): DecodePlan {
  const shapes: ShapeRule[] = [];
  for (const name of endpoint?.shapes ?? host.shapes) {
    const shape = hasOwn(tables.tables.shapes, name) ? tables.tables.shapes[name] : undefined;
    if (shape !== undefined) shapes.push(shape);
  }
  const known = endpoint !== undefined && endpoint.fieldPaths.length > 0 ? endpoint.fieldPaths : host.fieldPaths;
  return { tables, shapes, codeShape: host.codeShape, codes: codes ?? codesByCode(tables.tables, host.codes), messages: host.messages, known, endpoint };
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
