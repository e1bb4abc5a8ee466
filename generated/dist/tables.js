/** Error tables of the contract: shapes, categories, statuses and policies. */
export const ERROR_TABLES = {
    shapes: {
        fulfilment: {
            name: 'fulfilment',
            present: [['code']],
            equals: [],
            read: {
                code: ['code'],
                message: ['message'],
                kind: ['details', 'type'],
            },
            fieldErrors: {
                path: ['details', 'fields'],
                field: ['field'],
                message: ['message'],
            },
            mirrors: [],
        },
        api_error: {
            name: 'api_error',
            present: [['api_error']],
            equals: [],
            read: {
                code: ['api_error', 'code'],
                message: ['api_error', 'message'],
                human: ['api_error', 'human'],
                detail: ['api_error', 'description'],
                number: ['api_error', 'id'],
                status: ['api_error', 'http_status_code'],
            },
            fieldErrors: {
                path: ['api_error', 'attribute_errors'],
                message: ['detail'],
            },
            mirrors: [
                {
                    path: ['error'],
                    source: ['api_error', 'message'],
                },
                {
                    path: ['errors', 0, 'detail'],
                    source: ['api_error', 'message'],
                },
                {
                    path: ['error_details', 0, 'detail'],
                    source: ['api_error', 'message'],
                },
                {
                    path: ['error_detail'],
                    source: ['api_error', 'human'],
                },
            ],
        },
        invalid_client: {
            name: 'invalid_client',
            present: [],
            equals: [
                {
                    path: ['error'],
                    value: 'invalid_client',
                },
            ],
            read: {
                code: ['error'],
                human: ['error_description'],
            },
            mirrors: [],
        },
        unauthorized: {
            name: 'unauthorized',
            present: [],
            equals: [
                {
                    path: ['error'],
                    value: 'unauthorized',
                },
            ],
            read: {
                code: ['error'],
            },
            mirrors: [],
        },
        result_level: {
            name: 'result_level',
            present: [['result']],
            equals: [
                {
                    path: ['level'],
                    value: 'error',
                },
            ],
            read: {
                code: ['result'],
                message: ['message'],
            },
            mirrors: [],
        },
    },
    categories: {
        input: {
            retryable: false,
        },
        unauthenticated: {
            retryable: false,
        },
        forbidden: {
            retryable: false,
        },
        not_found: {
            retryable: false,
        },
        conflict: {
            retryable: false,
        },
        rate_limited: {
            retryable: true,
        },
        canceled: {
            retryable: false,
        },
        server: {
            retryable: false,
        },
        unavailable: {
            retryable: true,
        },
        timeout: {
            retryable: true,
        },
        client: {
            retryable: false,
        },
        policy: {
            retryable: false,
        },
    },
    statusCategories: [
        {
            status: 400,
            category: 'input',
        },
        {
            status: 401,
            category: 'unauthenticated',
        },
        {
            status: 403,
            category: 'forbidden',
        },
        {
            status: 404,
            category: 'not_found',
        },
        {
            status: 409,
            category: 'conflict',
        },
        {
            status: 422,
            category: 'input',
        },
        {
            status: 429,
            category: 'rate_limited',
        },
        {
            status: 499,
            category: 'canceled',
        },
        {
            status: 500,
            category: 'server',
        },
        {
            status: 502,
            category: 'server',
        },
        {
            status: 503,
            category: 'unavailable',
        },
        {
            status: 504,
            category: 'timeout',
        },
        {
            status: '4XX',
            category: 'client',
        },
        {
            status: '5XX',
            category: 'server',
        },
    ],
    policies: {
        CanSubmitJobPolicy: {
            name: 'CanSubmitJobPolicy',
            category: 'policy',
            description: 'The CanSubmitJobPolicy failed policy check. Not a payload fault.',
            restrictions: [
                {
                    name: 'Customer segmentation rule',
                    liftedBy: 'account manager',
                    retryLater: 'no',
                },
                {
                    name: 'Tier closed',
                    liftedBy: 'account manager',
                    retryLater: 'no',
                },
                {
                    name: 'Dispatch channel closed for high demand',
                    liftedBy: 'operations',
                    retryLater: 'yes',
                },
                {
                    name: 'Hourly order limit reached',
                    liftedBy: 'account manager',
                    retryLater: 'after_window',
                    note: "The hourly order limit's value: not shown.",
                },
                {
                    name: 'Third-party logistics partner not accepting orders',
                    liftedBy: 'operations',
                    retryLater: 'yes',
                },
            ],
        },
    },
    fallbackCategory: 'server',
};
/** Per-host error handling: recognised shapes, code table, message table. */
export const HOST_ERRORS = {
    fulfilment: {
        name: 'fulfilment',
        shapes: ['fulfilment', 'unauthorized', 'invalid_client'],
        codeShape: 'fulfilment',
        codes: [
            {
                status: 400,
                code: 'invalid_argument',
                kind: 'input',
                category: 'input',
            },
            {
                status: 400,
                code: 'failed_precondition',
                kind: 'internal',
                category: 'input',
            },
            {
                status: 401,
                code: 'unauthenticated',
                kind: 'unauthorized',
                category: 'unauthenticated',
            },
            {
                status: 403,
                code: 'permission_denied',
                kind: 'forbidden',
                category: 'forbidden',
            },
            {
                status: 404,
                code: 'not_found',
                kind: 'not_found',
                category: 'not_found',
            },
            {
                status: 409,
                code: 'already_exists',
                kind: 'internal',
                category: 'conflict',
            },
            {
                status: 429,
                code: 'resource_exhausted',
                kind: 'internal',
                category: 'rate_limited',
            },
            {
                status: 499,
                code: 'canceled',
                kind: 'internal',
                category: 'canceled',
            },
            {
                status: 500,
                code: 'internal',
                kind: 'internal',
                category: 'server',
            },
            {
                status: 500,
                code: 'internal',
                kind: 'integration',
                category: 'server',
            },
            {
                status: 500,
                code: 'data_loss',
                kind: 'internal',
                category: 'server',
            },
            {
                status: 500,
                code: 'unknown',
                kind: 'internal',
                category: 'server',
            },
            {
                status: 503,
                code: 'unavailable',
                kind: 'internal',
                category: 'unavailable',
            },
            {
                status: 504,
                code: 'deadline_exceeded',
                kind: 'internal',
                category: 'timeout',
            },
        ],
        fieldPaths: ['grant_type', 'client_id', 'client_secret', 'refresh_token'],
    },
    lastmile: {
        name: 'lastmile',
        shapes: ['api_error', 'invalid_client', 'unauthorized', 'result_level'],
        codeShape: 'api_error',
        codes: [],
        messages: {
            root: 'order',
            aliases: {
                dropoff: 'destination',
                pickup: 'origin',
            },
            rows: [
                {
                    id: 'blank_stop_field',
                    pattern: "^'(?<path>[^']+)' must not be blank$",
                    fields: ['{path}'],
                },
                {
                    id: 'postcode_blank',
                    pattern: "^Validation failed: Postcode can't be blank$",
                    fields: [],
                },
                {
                    id: 'unknown_service_kind',
                    pattern: '^unknown servicekind: "(?<value>.*)"$',
                    fields: ['kind'],
                },
                {
                    id: 'billing_identifier_invalid',
                    pattern: '^\\[order\\]\\[billing_identifier\\] invalid$',
                    status: 400,
                    fields: ['billing_identifier'],
                },
                {
                    id: 'same_day_not_enabled',
                    pattern: '^Same day service is not enabled for your account$',
                    status: 422,
                    fields: ['kind'],
                },
                {
                    id: 'required_objects_missing',
                    pattern: '\\[(?<path>origin|destination|items)\\] is missing',
                    all: true,
                    status: 422,
                    fields: ['{path}'],
                },
                {
                    id: 'stop_address1_missing',
                    pattern: '^\\[(?<stop>origin|destination)\\]\\[address\\]\\[address1\\] is missing$',
                    status: 422,
                    fields: ['{stop}.address.address1'],
                },
                {
                    id: 'items_invalid',
                    pattern: '^\\[order\\]\\[items\\] invalid$',
                    status: 400,
                    fields: ['items'],
                },
                {
                    id: 'payment_amount_missing',
                    pattern: '^\\[payment_amount\\] is missing$',
                    status: 422,
                    fields: ['payment_amount'],
                },
                {
                    id: 'empty_message',
                    empty: true,
                    status: 422,
                    fields: ['payment_mode', 'kind'],
                    ambiguous: true,
                },
                {
                    id: 'policy_check_failed',
                    pattern: 'CanSubmitJobPolicy failed policy check',
                    fields: [],
                },
            ],
            advice: {
                blank_stop_field: {
                    cause: 'Messages say dropoff and pickup; request fields are destination and origin.',
                },
                postcode_blank: {
                    cause: 'No postcode field exists in the contract.',
                },
                unknown_service_kind: {
                    cause: 'kind not in the allowed service types.',
                },
                billing_identifier_invalid: {
                    retry: 'once_then_support',
                    cause: 'Identifier could not be resolved; retry once, then contact support. An identifier merely not linked to the account does not produce this error: it is accepted and ignored.',
                },
                same_day_not_enabled: {
                    cause: 'Same Day is not enabled on the account.',
                },
                required_objects_missing: {
                    cause: 'The three required top-level objects.',
                },
                stop_address1_missing: {
                    cause: 'Required on both stops.',
                },
                items_invalid: {
                    cause: 'An items entry without name.',
                },
                payment_amount_missing: {
                    cause: 'From PUT /orders/{order_id}; the two payment fields are sent together.',
                },
                empty_message: {
                    cause: 'Value not in the allowed set. An invalid payment_mode and an invalid kind both return 422 with every message field an empty string; the response does not name the field.',
                },
                policy_check_failed: {
                    policy: 'CanSubmitJobPolicy',
                    cause: 'Commercial restriction, not a payload fault.',
                },
            },
        },
        fieldPaths: [
            'origin',
            'origin.address',
            'origin.address.address1',
            'destination',
            'destination.address',
            'destination.address.address1',
            'items',
            'items.name',
            'kind',
            'billing_identifier',
            'payment_amount',
            'payment_mode',
        ],
    },
};
/** How each endpoint is called and how its responses are read. */
export const ENDPOINTS = {
    requestToken: {
        id: 'requestToken',
        method: 'POST',
        path: '/oauth/token',
        host: 'fulfilment',
        auth: false,
        idempotent: false,
        pathParams: [],
        contentTypes: ['application/json', 'application/x-www-form-urlencoded'],
        response: 'json',
        successStatuses: [200],
        shapes: ['fulfilment', 'unauthorized', 'invalid_client'],
        quirks: [],
        fieldPaths: ['grant_type', 'client_id', 'client_secret', 'refresh_token'],
    },
    createOrder: {
        id: 'createOrder',
        method: 'POST',
        path: '/orders',
        host: 'lastmile',
        auth: true,
        idempotent: false,
        pathParams: [],
        contentTypes: ['application/json'],
        response: 'json',
        successStatuses: ['2XX'],
        shapes: ['api_error', 'invalid_client', 'unauthorized', 'result_level'],
        quirks: [
            {
                id: 'server_error_may_be_payload',
                status: '5XX',
                hint: 'Malformed payloads can return 500 instead of 422 on this endpoint; check the payload before reporting.',
            },
        ],
        fieldPaths: [
            'origin',
            'origin.address',
            'origin.address.address1',
            'destination',
            'destination.address',
            'destination.address.address1',
            'items',
            'items.name',
            'kind',
            'billing_identifier',
            'payment_amount',
            'payment_mode',
        ],
    },
    getOrder: {
        id: 'getOrder',
        method: 'GET',
        path: '/orders/{order_id}',
        host: 'lastmile',
        auth: true,
        idempotent: true,
        pathParams: ['order_id'],
        contentTypes: [],
        response: 'json',
        successStatuses: ['2XX'],
        shapes: ['api_error', 'invalid_client', 'unauthorized', 'result_level'],
        quirks: [
            {
                id: 'forbidden_means_missing',
                status: 403,
                category: 'not_found',
                hint: 'This API answers 403, not 404, for a nonexistent order: the order may not exist.',
            },
        ],
        fieldPaths: [],
    },
    updateOrder: {
        id: 'updateOrder',
        method: 'PUT',
        path: '/orders/{order_id}',
        host: 'lastmile',
        auth: true,
        idempotent: true,
        pathParams: ['order_id'],
        contentTypes: ['application/json'],
        response: 'json',
        successStatuses: ['2XX'],
        shapes: ['api_error', 'invalid_client', 'unauthorized', 'result_level'],
        quirks: [
            {
                id: 'not_found_means_wrong_method',
                status: 404,
                hint: 'A 404 on an update means the wrong method: the update is PUT /orders/{order_id} (POST and PATCH give 404).',
            },
        ],
        fieldPaths: [
            'origin',
            'origin.address',
            'origin.address.address1',
            'destination',
            'destination.address',
            'destination.address.address1',
            'items',
            'items.name',
            'kind',
            'billing_identifier',
            'payment_amount',
            'payment_mode',
        ],
    },
    markReadyForCollection: {
        id: 'markReadyForCollection',
        method: 'PUT',
        path: '/orders/{order_id}/ready_for_collection',
        host: 'lastmile',
        auth: true,
        idempotent: true,
        pathParams: ['order_id'],
        contentTypes: ['application/json'],
        response: 'json',
        successStatuses: ['2XX'],
        shapes: ['api_error', 'invalid_client', 'unauthorized', 'result_level'],
        quirks: [
            {
                id: 'server_error_may_be_payload',
                status: '5XX',
                hint: 'Malformed payloads can return 500 instead of 422 on this endpoint; check the payload before reporting.',
            },
        ],
        fieldPaths: [],
    },
    getOrderLabel: {
        id: 'getOrderLabel',
        method: 'GET',
        path: '/order_label/{order_id}',
        host: 'lastmile',
        auth: true,
        idempotent: true,
        pathParams: ['order_id'],
        contentTypes: [],
        response: 'binary',
        responseContentType: 'application/pdf',
        successStatuses: [200],
        shapes: ['api_error', 'invalid_client', 'unauthorized', 'result_level'],
        quirks: [
            {
                id: 'empty_label_means_missing',
                status: 200,
                emptyBody: true,
                error: true,
                category: 'not_found',
                hint: 'A zero-byte PDF means the order does not exist.',
            },
            {
                id: 'not_found_means_wrong_path',
                status: 404,
                hint: 'A 404 on a label request means the wrong path: the label path is GET /order_label/{order_id}; no label path exists under the order resource.',
            },
        ],
        fieldPaths: [],
    },
};
/** The contract's auth: token endpoint, grants, lifetimes, header, 401 rule. */
export const AUTH = {
    endpoint: 'requestToken',
    grantField: 'grant_type',
    grants: [
        {
            name: 'client_credentials',
            isDefault: true,
            send: {
                client_id: 'clientId',
                client_secret: 'clientSecret',
            },
        },
        {
            name: 'refresh_token',
            isDefault: false,
            send: {
                refresh_token: 'refreshToken',
            },
        },
    ],
    token: {
        accessToken: 'access_token',
        expiresIn: 'expires_in',
        tokenType: 'token_type',
    },
    lifetime: {
        production: 604800,
        staging: 3600,
    },
    header: 'Authorization',
    scheme: 'Bearer',
    unauthorized: {
        status: 401,
        shape: 'unauthorized',
        replay: true,
    },
};
/** Statuses for which errors carry a support report. */
export const SUPPORT = {
    reportOn: ['5XX'],
};
/** Field names whose values are secrets: redacted from errors and support reports. */
export const SECRET_FIELDS = ['access_token', 'client_secret', 'refresh_token'];
/** Environment → host → base URL template over server variables. */
export const ENVIRONMENT_URLS = {
    production: {
        fulfilment: '{base_url}',
        lastmile: '{lastmile_url}',
    },
    staging: {
        fulfilment: '{staging_url}',
        lastmile: '{lastmile_url}',
    },
    mock: {
        fulfilment: '{mock_url}',
        lastmile: '{lastmile_url}',
    },
};
/** Everything the runtime needs, in one object. */
export const RUNTIME_SPEC = {
    tables: ERROR_TABLES,
    hosts: HOST_ERRORS,
    environments: ENVIRONMENT_URLS,
    endpoints: ENDPOINTS,
    auth: AUTH,
    support: SUPPORT,
    secretFields: SECRET_FIELDS,
};
