/**
 * The client's checks of what it sends and receives (issue 35): request bodies and parameters
 * before anything is sent, success bodies as they arrive. The client's runtime knows only the
 * `validators` option's one method; everything else is here, reached through the `/validators`
 * entry's `VALIDATORS` or `validators(…)`, so a bundle that never passes the option carries none
 * of it, and one that passes `validators({ getOrder: getOrderValidators })` carries the checks of
 * those calls alone.
 */
import { type Exchange } from './exchange.js';
import type { EndpointSpec, StatusSpec } from './spec.js';
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
export declare function validators(byOperation: Readonly<Record<string, EndpointValidators>>): ClientValidators;
