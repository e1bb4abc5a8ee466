import { type CreateOrderError, type GetOrderError, type GetOrderLabelError, type MarkReadyForCollectionError, type RequestTokenError, type UpdateOrderError } from './errors.js';
import { type Result } from './runtime/client.js';
import { type CallOptions, type ClientRuntimeOptions } from './runtime/runtime.js';
import { type Order, type OrderRequest, type OrderUpdate, type TokenRequest, type TokenResponse } from './types.js';
/**
 * Environments of the contract.
 *
 * production (default): Production.
 *
 * staging: Staging. The staging address of the last-mile API: not shown; its host URL is used.
 *
 * mock: The mock server. The mock address of the last-mile API: not shown; its host URL is used.
 */
export type Environment = 'production' | 'staging' | 'mock';
/** Every {@link Environment}. */
export declare const ENVIRONMENTS: readonly ["production", "staging", "mock"];
/** The server variables a client must be configured with, per environment. */
export interface ServerVariables {
    production: {
        /** Production base address of the fulfilment API; the token endpoint lives here. */
        base_url: string;
        /** Base address of the last-mile API. */
        lastmile_url: string;
    };
    staging: {
        /** Staging base address. */
        staging_url: string;
        /** Base address of the last-mile API. */
        lastmile_url: string;
    };
    mock: {
        /** Base address of the mock server. */
        mock_url: string;
        /** Base address of the last-mile API. */
        lastmile_url: string;
    };
}
/**
 * Credentials, one shape per grant of the contract:
 *
 * client_credentials (default): clientId, clientSecret
 * refresh_token: refreshToken
 */
export type Credentials = {
    readonly clientId: string;
    readonly clientSecret: string;
    readonly refreshToken?: string;
} | {
    readonly clientId?: string;
    readonly clientSecret?: string;
    readonly refreshToken: string;
};
/** Options of {@link createClient} that do not depend on the environment. */
export type ClientBaseOptions = Omit<ClientRuntimeOptions, 'environment' | 'servers' | 'authHeader' | 'credentials'>;
/** Options of {@link createClient}. */
export interface ClientOptions<E extends Environment = Environment> extends ClientBaseOptions {
    /** Which environment to call. */
    readonly environment: E;
    /** Base addresses, by server variable name. */
    readonly servers: ServerVariables[E];
    /** Credentials for the token endpoint: the client fetches, caches, refreshes and replays tokens itself. */
    readonly credentials?: Credentials;
}
/** Input of {@link Client.requestToken}. */
export interface RequestTokenInput extends CallOptions {
    /** The request body. */
    readonly body: TokenRequest;
    /** How the body is encoded (default application/json). */
    readonly contentType?: 'application/json' | 'application/x-www-form-urlencoded';
}
/**
 * Data of a successful {@link Client.requestToken}.
 *
 * 200: Token issued
 */
export type RequestTokenData = TokenResponse;
/** Result of {@link Client.requestToken}: the data, or a decoded error. */
export type RequestTokenResult = Result<RequestTokenData, RequestTokenError>;
/** Input of {@link Client.createOrder}. */
export interface CreateOrderInput extends CallOptions {
    /** The request body. */
    readonly body: OrderRequest;
}
/**
 * Data of a successful {@link Client.createOrder}.
 *
 * 2XX: Order created. (Success status and body: not shown.)
 */
export type CreateOrderData = Order;
/** Result of {@link Client.createOrder}: the data, or a decoded error. */
export type CreateOrderResult = Result<CreateOrderData, CreateOrderError>;
/** Input of {@link Client.getOrder}. */
export interface GetOrderInput extends CallOptions {
    /**
     * Identifies an order.
     *
     * Path parameter of /orders/{order_id}.
     */
    readonly order_id: string;
}
/**
 * Data of a successful {@link Client.getOrder}.
 *
 * 2XX: The order. (Success status and body: not shown.)
 */
export type GetOrderData = Order;
/** Result of {@link Client.getOrder}: the data, or a decoded error. */
export type GetOrderResult = Result<GetOrderData, GetOrderError>;
/** Input of {@link Client.updateOrder}. */
export interface UpdateOrderInput extends CallOptions {
    /**
     * Identifies an order.
     *
     * Path parameter of /orders/{order_id}.
     */
    readonly order_id: string;
    /** The request body. */
    readonly body: OrderUpdate;
}
/**
 * Data of a successful {@link Client.updateOrder}.
 *
 * 2XX: Order updated. (Success status and body: not shown.)
 */
export type UpdateOrderData = Order;
/** Result of {@link Client.updateOrder}: the data, or a decoded error. */
export type UpdateOrderResult = Result<UpdateOrderData, UpdateOrderError>;
/** Input of {@link Client.markReadyForCollection}. */
export interface MarkReadyForCollectionInput extends CallOptions {
    /**
     * Identifies an order.
     *
     * Path parameter of /orders/{order_id}/ready_for_collection.
     */
    readonly order_id: string;
    /**
     * The request body.
     *
     * The payload of this operation: not shown.
     */
    readonly body?: unknown;
}
/**
 * Data of a successful {@link Client.markReadyForCollection}.
 *
 * 2XX: Order marked ready for collection. (Success status and body: not shown.)
 */
export type MarkReadyForCollectionData = Order;
/** Result of {@link Client.markReadyForCollection}: the data, or a decoded error. */
export type MarkReadyForCollectionResult = Result<MarkReadyForCollectionData, MarkReadyForCollectionError>;
/** Input of {@link Client.getOrderLabel}. */
export interface GetOrderLabelInput extends CallOptions {
    /**
     * Identifies an order.
     *
     * Path parameter of /order_label/{order_id}.
     */
    readonly order_id: string;
}
/**
 * Data of a successful {@link Client.getOrderLabel}.
 *
 * 200: The label.
 */
export type GetOrderLabelData = Uint8Array;
/** Result of {@link Client.getOrderLabel}: the data, or a decoded error. */
export type GetOrderLabelResult = Result<GetOrderLabelData, GetOrderLabelError>;
/** A client of Fulfilment and Last-Mile Order APIs 1.0.0. Methods never throw: they return a result. */
export interface Client {
    /**
     * Issue an access token.
     *
     * POST /oauth/token on the fulfilment host; no authentication.
     */
    requestToken(input: RequestTokenInput): Promise<RequestTokenResult>;
    /**
     * Create an order.
     *
     * POST /orders on the lastmile host.
     *
     * Quirk (server_error_may_be_payload): Malformed payloads can return 500 instead of 422 on this endpoint; check the payload before reporting.
     */
    createOrder(input: CreateOrderInput): Promise<CreateOrderResult>;
    /**
     * Read an order.
     *
     * GET /orders/{order_id} on the lastmile host.
     *
     * Quirk (forbidden_means_missing): This API answers 403, not 404, for a nonexistent order: the order may not exist.
     */
    getOrder(input: GetOrderInput): Promise<GetOrderResult>;
    /**
     * Update an order.
     *
     * PUT /orders/{order_id} on the lastmile host.
     *
     * Quirk (not_found_means_wrong_method): A 404 on an update means the wrong method: the update is PUT /orders/{order_id} (POST and PATCH give 404).
     */
    updateOrder(input: UpdateOrderInput): Promise<UpdateOrderResult>;
    /**
     * Mark an order ready for collection.
     *
     * PUT /orders/{order_id}/ready_for_collection on the lastmile host.
     *
     * Quirk (server_error_may_be_payload): Malformed payloads can return 500 instead of 422 on this endpoint; check the payload before reporting.
     */
    markReadyForCollection(input: MarkReadyForCollectionInput): Promise<MarkReadyForCollectionResult>;
    /**
     * Download an order's label as a PDF.
     *
     * GET /order_label/{order_id} on the lastmile host.
     *
     * Quirk (empty_label_means_missing): A zero-byte PDF means the order does not exist.
     *
     * Quirk (not_found_means_wrong_path): A 404 on a label request means the wrong path: the label path is GET /order_label/{order_id}; no label path exists under the order resource.
     */
    getOrderLabel(input: GetOrderLabelInput): Promise<GetOrderLabelResult>;
}
/**
 * Creates a client of Fulfilment and Last-Mile Order APIs.
 *
 * The header that carries the token on requests: not shown. The RFC 6750 default (Authorization: Bearer) is used.
 */
export declare function createClient<E extends Environment>(options: ClientOptions<E>): Client;
