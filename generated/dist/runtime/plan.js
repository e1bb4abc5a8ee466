import { hasOwn } from './body.js';
import { statusMatches } from './status.js';
/** The category of a status under the tables: its rule's, else the fallback. */
export function categoryOfStatus(tables, status) {
    return tables.statusCategories.find((r) => statusMatches(r.status, status))?.category ?? tables.fallbackCategory;
}
const tablesPlans = new WeakMap();
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
        plan = compilePlan(tables, host, endpoint, hostPlan.base.codes);
        hostPlan.endpoints.set(endpoint, plan);
    }
    return plan;
}
export function compilePlan(tables, host, endpoint, codes) {
    const shapes = [];
    for (const name of endpoint?.shapes ?? host.shapes) {
        const shape = hasOwn(tables.tables.shapes, name) ? tables.tables.shapes[name] : undefined;
        if (shape !== undefined)
            shapes.push(shape);
    }
    const known = endpoint !== undefined && endpoint.fieldPaths.length > 0 ? endpoint.fieldPaths : host.fieldPaths;
    return { tables, shapes, codeShape: host.codeShape, codes: codes ?? codesByCode(tables.tables, host.codes), messages: host.messages, known, endpoint };
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
