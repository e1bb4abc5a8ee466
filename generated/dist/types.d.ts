/** Selects the grant. */
export type GrantType = 'client_credentials' | 'refresh_token';
/** The known values of {@link GrantType}. */
export declare const GRANT_TYPE_VALUES: readonly ["client_credentials", "refresh_token"];
/** When grant_type is client_credentials, client_id and client_secret are required. When grant_type is refresh_token, refresh_token is required. Part of {@link TokenRequest}. */
export type TokenRequestRule1 = {
    grant_type?: 'client_credentials';
    client_id: string;
    client_secret: string;
    refresh_token?: string;
} | {
    grant_type: 'refresh_token';
    client_id?: string;
    client_secret?: string;
    refresh_token: string;
};
/**
 * Body of POST /oauth/token.
 *
 * When grant_type is client_credentials, client_id and client_secret are required. When grant_type is refresh_token, refresh_token is required.
 */
export type TokenRequest = TokenRequestRule1;
/** Token response (200). */
export interface TokenResponse {
    /**
     * <ACCESS_TOKEN>.
     *
     * Secret: redacted from error messages and support reports.
     */
    access_token: string;
    /**
     * Creation time of the token.
     *
     * Unit of created_at: not shown.
     */
    created_at?: number;
    /** Seconds for which access_token is valid. After that a new token must be requested from the same endpoint. */
    expires_in?: number;
    /**
     * Default bearer.
     *
     * Default: "bearer".
     */
    token_type?: string;
}
/**
 * Kind of failure.
 *
 * Open: values beyond the listed ones may appear.
 */
export type FulfilmentFailureType = 'input' | 'internal' | 'unauthorized' | 'forbidden' | 'not_found' | 'integration' | (string & {});
/** The known values of {@link FulfilmentFailureType}. */
export declare const FULFILMENT_FAILURE_TYPE_VALUES: readonly ["input", "internal", "unauthorized", "forbidden", "not_found", "integration"];
export interface FulfilmentFieldError {
    /** Dotted path for nested objects. */
    field: string;
    /** Rule name. */
    message: string;
}
/** Fulfilment error envelope. */
export interface FulfilmentErrorBody {
    /** Error code (same value as code). */
    status: string;
    /** Error code. */
    code: string;
    /** A sentence. */
    message: string;
    details: {
        type: FulfilmentFailureType;
        fields?: FulfilmentFieldError[];
    };
}
export interface AttributeError {
    detail: string;
}
/** Last-mile error envelope (api_error) with its top-level mirrors. */
export interface ApiErrorBody {
    api_error: {
        id?: number;
        code?: string;
        message?: string;
        human?: string;
        description?: string;
        http_status_code?: number;
        attribute_errors?: AttributeError[];
    };
    /** Same string as api_error.message (every /orders operation). */
    error?: string;
    /** errors[0].detail carries the same string as api_error.message. */
    errors?: AttributeError[];
    /** error_details[0].detail carries the same string as api_error.message. */
    error_details?: AttributeError[];
    /** Same string as api_error.human. */
    error_detail?: string;
}
export interface InvalidClientBody {
    /** Always invalid_client. */
    error: string;
    /** Added by POST /oauth/token. */
    error_description?: string;
}
export interface UnauthorizedBody {
    /** Always unauthorized. */
    error: string;
}
/** Open: the object has other fields the contract does not show. */
export interface ResultLevelBody {
    result: number;
    /** Always error. */
    level: string;
    message: string;
    /** Fields the contract does not show. */
    [field: string]: unknown;
}
/**
 * The service type of an order.
 *
 * Open: values beyond the listed ones may appear.
 *
 * The allowed service types: not shown (the material mentions a Same Day service).
 */
export type ServiceKind = string & {};
/** The known values of {@link ServiceKind}. */
export declare const SERVICE_KIND_VALUES: readonly [];
/**
 * How the order is paid.
 *
 * Open: values beyond the listed ones may appear.
 *
 * The allowed payment modes: not shown.
 */
export type PaymentMode = string & {};
/** The known values of {@link PaymentMode}. */
export declare const PAYMENT_MODE_VALUES: readonly [];
/**
 * Open: the object has other fields the contract does not show.
 *
 * Other address fields: not shown.
 */
export interface Address {
    /** Required on both stops. */
    address1: string;
    /** Fields the contract does not show. */
    [field: string]: unknown;
}
/**
 * Open: the object has other fields the contract does not show.
 *
 * Other stop fields: not shown.
 */
export interface Stop {
    address: Address;
    /** Fields the contract does not show. */
    [field: string]: unknown;
}
/**
 * Open: the object has other fields the contract does not show.
 *
 * Other item fields: not shown.
 */
export interface Item {
    /** An items entry without name is rejected. */
    name: string;
    /** Fields the contract does not show. */
    [field: string]: unknown;
}
/** The fields of {@link OrderRequest} that do not depend on other fields. */
export interface OrderRequestFields {
    /** The pickup stop (messages say pickup). */
    origin: Stop;
    /** The dropoff stop (messages say dropoff). */
    destination: Stop;
    items: Item[];
    kind?: ServiceKind;
    /** An identifier not linked to the account is accepted and ignored; one that cannot be resolved is rejected (retry once, then contact support). */
    billing_identifier?: string;
    /** Fields the contract does not show. */
    [field: string]: unknown;
}
/** payment_amount and payment_mode are sent together or not at all. Part of {@link OrderRequest}. */
export type OrderRequestRule1 = {
    payment_amount: unknown;
    payment_mode: PaymentMode;
} | {
    payment_amount?: undefined;
    payment_mode?: undefined;
};
/**
 * Body of POST /orders.
 *
 * Open: the object has other fields the contract does not show.
 *
 * The order payload: not shown beyond the fields named in the error rules.
 *
 * payment_amount and payment_mode are sent together or not at all.
 */
export type OrderRequest = OrderRequestFields & OrderRequestRule1;
/** The fields of {@link OrderUpdate} that do not depend on other fields. */
export interface OrderUpdateFields {
    origin?: Stop;
    destination?: Stop;
    items?: Item[];
    kind?: ServiceKind;
    billing_identifier?: string;
    /** Fields the contract does not show. */
    [field: string]: unknown;
}
/** payment_amount and payment_mode are sent together or not at all. Part of {@link OrderUpdate}. */
export type OrderUpdateRule1 = {
    payment_amount: unknown;
    payment_mode: PaymentMode;
} | {
    payment_amount?: undefined;
    payment_mode?: undefined;
};
/**
 * Body of PUT /orders/{order_id}.
 *
 * Open: the object has other fields the contract does not show.
 *
 * The update payload: not shown beyond the fields named in the error rules.
 *
 * payment_amount and payment_mode are sent together or not at all.
 */
export type OrderUpdate = OrderUpdateFields & OrderUpdateRule1;
/**
 * An order record.
 *
 * Open: the object has other fields the contract does not show.
 *
 * Fields of order records: not shown.
 */
export interface Order {
    /** Fields the contract does not show. */
    [field: string]: unknown;
}
