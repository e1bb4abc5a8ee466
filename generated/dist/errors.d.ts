import { type ClientError } from './runtime/client.js';
import { type DecodedError } from './runtime/decode.js';
/** The hosts of the contract; errors are decoded per host. */
export type Host = 'fulfilment' | 'lastmile';
/** Every {@link Host}. */
export declare const HOSTS: readonly ["fulfilment", "lastmile"];
/** Operation ids of the contract. */
export type OperationId = 'requestToken' | 'createOrder' | 'getOrder' | 'updateOrder' | 'markReadyForCollection' | 'getOrderLabel';
/**
 * Error categories: what kind of failure, and so what to do about it.
 *
 * - input: The request was rejected as invalid.
 * - unauthenticated: Missing, expired or invalid credentials or token.
 * - forbidden: The caller may not do this.
 * - not_found: The resource does not exist.
 * - conflict: The resource already exists or changed.
 * - rate_limited (retryable): Too many requests.
 * - canceled: The request was canceled.
 * - server: The server failed.
 * - unavailable (retryable): The service is unavailable.
 * - timeout (retryable): The request timed out.
 * - client: Another client error.
 * - policy: A commercial restriction, not a payload fault.
 */
export type ErrorCategory = 'input' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'canceled' | 'server' | 'unavailable' | 'timeout' | 'client' | 'policy';
/** Every {@link ErrorCategory}, in contract order. */
export declare const ERROR_CATEGORIES: readonly ["input", "unauthenticated", "forbidden", "not_found", "conflict", "rate_limited", "canceled", "server", "unavailable", "timeout", "client", "policy"];
/** Categories worth retrying (with backoff). */
export declare const RETRYABLE_CATEGORIES: readonly ["rate_limited", "unavailable", "timeout"];
/** Input of the per-host decoders. */
export interface HostDecodeInput {
    /** The HTTP status: authoritative over any status inside the body. */
    readonly status: number;
    /** The raw response text, or the already-parsed JSON value. */
    readonly body: unknown;
    /** The operation that was called, to apply its quirks. */
    readonly endpoint?: OperationId;
}
/**
 * Error codes of the fulfilment host's code table.
 *
 * The list is open: more codes may be added. Clients branch on the HTTP status and treat an unrecognised code as its status class.
 *
 * The table is open: other codes may arrive; treat them by their status class.
 */
export type FulfilmentErrorCode = 'invalid_argument' | 'failed_precondition' | 'unauthenticated' | 'permission_denied' | 'not_found' | 'already_exists' | 'resource_exhausted' | 'canceled' | 'internal' | 'data_loss' | 'unknown' | 'unavailable' | 'deadline_exceeded';
/** Every {@link FulfilmentErrorCode}, in table order. */
export declare const FULFILMENT_ERROR_CODES: readonly ["invalid_argument", "failed_precondition", "unauthenticated", "permission_denied", "not_found", "already_exists", "resource_exhausted", "canceled", "internal", "data_loss", "unknown", "unavailable", "deadline_exceeded"];
/** Whether a code is one of {@link FULFILMENT_ERROR_CODES}. */
export declare function isFulfilmentErrorCode(code: unknown): code is FulfilmentErrorCode;
/** Error envelope shapes the fulfilment host answers with ('unrecognised' when none matches). */
export type FulfilmentErrorShape = 'fulfilment' | 'unauthorized' | 'invalid_client';
/**
 * An error response of the fulfilment host, decoded.
 *
 * The fulfilment API. Errors use the fulfilment envelope (status, code, message, details).
 */
export type FulfilmentError = DecodedError<'fulfilment', FulfilmentErrorShape, FulfilmentErrorCode | (string & {}), ErrorCategory>;
/** Decodes an error response of the fulfilment host. Never throws. */
export declare function decodeFulfilmentError(input: HostDecodeInput): FulfilmentError;
/** Error envelope shapes the lastmile host answers with ('unrecognised' when none matches). */
export type LastmileErrorShape = 'api_error' | 'invalid_client' | 'unauthorized' | 'result_level';
/**
 * An error response of the lastmile host, decoded.
 *
 * The last-mile API. Errors use the api_error envelope, with top-level mirrors on every /orders operation. Field errors do not name the field: messages are mapped to request fields through the message table.
 */
export type LastmileError = DecodedError<'lastmile', LastmileErrorShape, string, ErrorCategory>;
/** Decodes an error response of the lastmile host. Never throws. */
export declare function decodeLastmileError(input: HostDecodeInput): LastmileError;
/** Any decoded error of any host. */
export type AnyDecodedError = FulfilmentError | LastmileError;
/** Each host's decoded error type. */
export interface HostErrors {
    fulfilment: FulfilmentError;
    lastmile: LastmileError;
}
/** Input of {@link decodeError}. */
export interface DecodeErrorInput<H extends Host = Host> extends HostDecodeInput {
    /** The host that answered: decoding branches on it, never on the body. */
    readonly host: H;
}
/** Decodes an error response by host. Never throws, whatever the input. */
export declare function decodeError<H extends Host>(input: DecodeErrorInput<H>): HostErrors[H];
/** Errors of requestToken: the fulfilment host's envelopes, plus failures without a usable response. */
export type RequestTokenError = FulfilmentError | ClientError<'fulfilment'>;
/**
 * Errors of createOrder: the lastmile host's envelopes, plus failures without a usable response.
 *
 * A failed token request surfaces as a {@link RequestTokenError}.
 */
export type CreateOrderError = LastmileError | ClientError<'lastmile'> | RequestTokenError;
/**
 * Errors of getOrder: the lastmile host's envelopes, plus failures without a usable response.
 *
 * A failed token request surfaces as a {@link RequestTokenError}.
 */
export type GetOrderError = LastmileError | ClientError<'lastmile'> | RequestTokenError;
/**
 * Errors of updateOrder: the lastmile host's envelopes, plus failures without a usable response.
 *
 * A failed token request surfaces as a {@link RequestTokenError}.
 */
export type UpdateOrderError = LastmileError | ClientError<'lastmile'> | RequestTokenError;
/**
 * Errors of markReadyForCollection: the lastmile host's envelopes, plus failures without a usable response.
 *
 * A failed token request surfaces as a {@link RequestTokenError}.
 */
export type MarkReadyForCollectionError = LastmileError | ClientError<'lastmile'> | RequestTokenError;
/**
 * Errors of getOrderLabel: the lastmile host's envelopes, plus failures without a usable response.
 *
 * A failed token request surfaces as a {@link RequestTokenError}.
 */
export type GetOrderLabelError = LastmileError | ClientError<'lastmile'> | RequestTokenError;
