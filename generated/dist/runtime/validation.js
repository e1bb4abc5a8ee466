/**
 * The client's checks of what it sends and receives (issue 35): request bodies and parameters
 * before anything is sent, success bodies as they arrive. The client's runtime knows only the
 * `validators` option's one method; everything else is here, reached through the `/validators`
 * entry's `VALIDATORS` or `validators(…)`, so a bundle that never passes the option carries none
 * of it, and one that passes `validators({ getOrder: getOrderValidators })` carries the checks of
 * those calls alone.
 */
import { clientError, failure } from './exchange.js';
import { statusMatches } from './status.js';
/** The client's checks of the given endpoints (by operation id); calls of other endpoints are not checked. */
export function validators(byOperation) {
    return {
        endpoints: byOperation,
        run: async (endpoint, input, options, send) => {
            const found = Object.hasOwn(byOperation, endpoint.id) ? byOperation[endpoint.id] : undefined;
            if (found === undefined)
                return send();
            const given = (input ?? {});
            if (given.validateRequests ?? options.validateRequests ?? false) {
                const refused = requestIssues(found, given);
                if (refused !== undefined)
                    return failure(issuesError(clientError(endpoint.host, 'invalid_request', `the request is not of its type: ${describe(refused)}`), refused, given.body), undefined);
            }
            const exchange = await send();
            const mode = given.validateResponses ?? options.validateResponses ?? 'off';
            const result = exchange.result;
            if (mode === 'off' || !result.ok)
                return exchange;
            const status = result.status;
            const check = found.data?.find(([spec]) => statusMatches(spec, status))?.[1];
            const issues = check === undefined ? NONE : check.issues(result.data);
            if (issues.length === 0)
                return exchange;
            if (mode === 'warn') {
                (options.onValidationIssue ?? warn)({ operation: endpoint.id, status, issues });
                return exchange;
            }
            const error = issuesError(clientError(endpoint.host, 'invalid_response', `the ${status} response is not of its type: ${describe(issues)}`, status), issues, result.data);
            return { ...exchange, result: { ok: false, error } };
        },
    };
}
const NONE = [];
/** The issues of the call's parameters (the input itself), then of its body; undefined when there are none. */
function requestIssues(found, input) {
    const params = found.params?.issues(input) ?? NONE;
    const body = input.body === undefined || found.body === undefined ? NONE : found.body.issues(input.body).map((i) => ({ message: i.message, path: ['body', ...i.path] }));
    const all = [...params, ...body];
    return all.length === 0 ? undefined : all;
}
function issuesError(error, issues, body) {
    return { ...error, issues, body };
}
/** The first issue in words, and how many more: `items.0.sku: is required (and 2 more)`. */
function describe(issues) {
    const first = issues[0];
    // Keys come from the server: quoted where they are not plain names, so none can steer a terminal.
    const at = first.path.length === 0 ? '' : `${first.path.map((k) => (typeof k === 'number' || /^[\w$-]+$/.test(k) ? k : JSON.stringify(k))).join('.')}: `;
    return `${at}${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;
}
function warn(event) {
    console.warn(`${event.operation}: the ${event.status} response is not of its type: ${describe(event.issues)}`);
}
