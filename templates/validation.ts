/**
 * The client's checks of what it sends and receives (issue 35): request bodies and parameters
 * before anything is sent, success bodies as they arrive. The client's runtime knows only the
 * `validators` option's one method; everything else is here, reached through the `/validators`
 * entry's `VALIDATORS` or `validators(…)`, so a bundle that never passes the option carries none
 * of it, and one that passes `validators({ getOrder: getOrderValidators })` carries the checks of
 * those calls alone.
 */
import { clientError, failure, type CallInput, type ClientError, type Exchange } from './exchange.js';
import type { EndpointSpec, StatusSpec } from './spec.js';
import { statusMatches } from './status.js';
import type { ValidationIssue, Validator } from './validate.js';

/** `off`: trust the server; `warn`: report drift to `onValidationIssue`, return the data; `strict`: a drifted body is an `invalid_response` error. */
export type ResponseValidation = 'off' | 'warn' | 'strict';

/** Options of a client (and, but for the callback, of a call) that turn checks on. */
export interface ValidationOptions {
  /** Check success bodies against the contract (default `off`). */
  readonly validateResponses?: ResponseValidation;
  /** Check the call's parameters and body before sending; a violation is an `invalid_request` error and nothing is sent (default false). */
  readonly validateRequests?: boolean;
  /** Told of every body `warn` lets through (default: console.warn). */
  readonly onValidationIssue?: (event: ValidationEvent) => void;
}

/** A body `warn` found not of its type. */
export interface ValidationEvent {
  /** The operation id. */
  readonly operation: string;
  readonly status: number;
  readonly issues: readonly ValidationIssue[];
}

/** One endpoint's validators: of its input's parameters, its request body, and its success bodies by status. */
export interface EndpointValidators {
  readonly params?: Validator<unknown>;
  readonly body?: Validator<unknown>;
  /** The first entry whose status matches checks the body; a status none matches is not checked (bytes, text, streams). */
  readonly data?: readonly (readonly [StatusSpec, Validator<unknown>])[];
}

/** What a client's `validators` option takes: made by the `/validators` entry (`VALIDATORS`, or `validators({ … })` for some calls). */
export interface ClientValidators {
  /** The validators, by operation id (the mocks check request bodies with them). */
  readonly endpoints: Readonly<Record<string, EndpointValidators>>;
  /** Runs one call (`send`) between the checks its options ask for. */
  readonly run: (endpoint: EndpointSpec, input: object | undefined, options: ValidationOptions, send: () => Promise<Exchange>) => Promise<Exchange>;
}

/** The client's checks of the given endpoints (by operation id); calls of other endpoints are not checked. */
export function validators(byOperation: Readonly<Record<string, EndpointValidators>>): ClientValidators {
  return {
    endpoints: byOperation,
    run: async (endpoint, input, options, send) => {
      const found = Object.hasOwn(byOperation, endpoint.id) ? byOperation[endpoint.id] : undefined;
      if (found === undefined) return send();
      const given = (input ?? {}) as CallInput & ValidationOptions;
      if (given.validateRequests ?? options.validateRequests ?? false) {
        const refused = requestIssues(found, given);
        if (refused !== undefined) return failure(issuesError(clientError(endpoint.host, 'invalid_request', `the request is not of its type: ${describe(refused)}`), refused, given.body), undefined);
      }
      const exchange = await send();
      const mode = given.validateResponses ?? options.validateResponses ?? 'off';
      const result = exchange.result;
      if (mode === 'off' || !result.ok) return exchange;
      const status = result.status;
      const check = found.data?.find(([spec]) => statusMatches(spec, status))?.[1];
      const issues = check === undefined ? NONE : check.issues(result.data);
      if (issues.length === 0) return exchange;
      if (mode === 'warn') {
        (options.onValidationIssue ?? warn)({ operation: endpoint.id, status, issues });
        return exchange;
      }
      const error = issuesError(clientError(endpoint.host, 'invalid_response', `the ${status} response is not of its type: ${describe(issues)}`, status), issues, result.data);
      return { ...exchange, result: { ok: false, error } };
    },
  };
}

const NONE: readonly ValidationIssue[] = [];

/** The issues of the call's parameters (the input itself), then of its body; undefined when there are none. */
function requestIssues(found: EndpointValidators, input: CallInput): readonly ValidationIssue[] | undefined {
  const params = found.params?.issues(input) ?? NONE;
  const body = input.body === undefined || found.body === undefined ? NONE : found.body.issues(input.body).map((i) => ({ message: i.message, path: ['body', ...i.path] }));
  const all = [...params, ...body];
  return all.length === 0 ? undefined : all;
}

function issuesError(error: ClientError, issues: readonly ValidationIssue[], body: unknown): ClientError {
  return { ...error, issues, body };
}

/** The first issue in words, and how many more: `items.0.sku: is required (and 2 more)`. */
function describe(issues: readonly ValidationIssue[]): string {
  const first = issues[0] as ValidationIssue;
  // Keys come from the server: quoted where they are not plain names, so none can steer a terminal.
  const at = first.path.length === 0 ? '' : `${first.path.map((k) => (typeof k === 'number' || /^[\w$-]+$/.test(k) ? k : JSON.stringify(k))).join('.')}: `;
  return `${at}${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`;
}

function warn(event: ValidationEvent): void {
  console.warn(`${event.operation}: the ${event.status} response is not of its type: ${describe(event.issues)}`);
}
