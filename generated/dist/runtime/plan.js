/**
 * The tables, compiled once into plans for decoding (decode.ts). Decoding is on the hot path of
 * every failed call: a plan gives every body path the shapes read one slot, so a body is read in one
 * pass, and holds each status's category and the code rows by code. Tables are generated
 * constants, so each plan is cached by the identity of the spec objects it was made from.
 */
import { pathTrie } from './body.js';
import { statusMatches } from './status.js';
/** The category of a status under the tables: its rule's, else the fallback. */
export function categoryOfStatus(tables, status) {
    return tables.statusCategories.find((r) => statusMatches(r.status, status))?.category ?? tables.fallbackCategory;
}
const tablesPlans = new WeakMap();
export const hasOwn = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
export function retryableOf(tables, category) {
    return tables.categories[category]?.retryable ?? false;
}
export function tablesPlanOf(tables) {
    let plan = tablesPlans.get(tables);
    if (plan === undefined) {
        const statusCategory = Array.from({ length: 1000 }, (_, status) => categoryOfStatus(tables, status));
        const statusRetryable = statusCategory.map((category) => retryableOf(tables, category));
        plan = { tables, statusCategory, statusRetryable, hosts: new WeakMap() };
        tablesPlans.set(tables, plan);
    }
    return plan;
}
export function planOf(tables, host, endpoint) {
    let hostPlan = tables.hosts.get(host);
    if (hostPlan === undefined) {
        hostPlan = { base: compilePlan(tables, host, undefined), endpoints: new WeakMap() };
        tables.hosts.set(host, hostPlan);
    }
    if (endpoint === undefined)
        return hostPlan.base;
    let plan = hostPlan.endpoints.get(endpoint);
    if (plan === undefined) {
        plan = compilePlan(tables, host, endpoint);
        hostPlan.endpoints.set(endpoint, plan);
    }
    return plan;
}
/** Gives each distinct path one slot. */
class SlotTable {
    paths = [];
    byKey = new Map();
    slot(path) {
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
export function compilePlan(tables, host, endpoint) {
    const slots = new SlotTable();
    const shapes = [];
    for (const name of endpoint?.shapes ?? host.shapes) {
        const shape = hasOwn(tables.tables.shapes, name) ? tables.tables.shapes[name] : undefined;
        if (shape !== undefined)
            shapes.push(compileShape(tables.tables, host, shape, slots));
    }
    const known = endpoint !== undefined && endpoint.fieldPaths.length > 0 ? endpoint.fieldPaths : host.fieldPaths;
    return { tables, shapes, paths: slots.paths, trie: pathTrie(slots.paths), messages: host.messages, known, endpoint };
}
function compileShape(tables, host, shape, slots) {
    const text = (path) => {
        if (path === undefined)
            return undefined;
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
function fieldErrorsPlan(spec, slots) {
    const key = (path) => (path !== undefined && path.length === 1 && typeof path[0] === 'string' ? path[0] : undefined);
    const message = key(spec.message);
    const field = key(spec.field);
    const simple = message !== undefined && (spec.field === undefined || field !== undefined);
    return { slot: slots.slot(spec.path), field: spec.field, message: spec.message, keys: simple ? { field, message } : undefined };
}
function presence(path, slots) {
    if (path.length === 0)
        return { slot: -1, parent: -1, index: undefined };
    const last = path[path.length - 1];
    // An index is present when it is below the array's length (hasPath), whatever is stored there.
    return typeof last === 'number'
        ? { slot: slots.slot(path), parent: slots.slot(path.slice(0, -1)), index: last }
        : { slot: slots.slot(path), parent: -1, index: undefined };
}
function codesByCode(tables, codes) {
    const byCode = new Map();
    for (const spec of codes) {
        const row = { spec, retryable: retryableOf(tables, spec.category) };
        const rows = byCode.get(spec.code);
        if (rows === undefined)
            byCode.set(spec.code, [row]);
        else
            rows.push(row);
    }
    return byCode;
}
