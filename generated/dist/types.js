/** The known values of {@link GrantType}. */
export const GRANT_TYPE_VALUES = ['client_credentials', 'refresh_token'];
/** The known values of {@link FulfilmentFailureType}. */
export const FULFILMENT_FAILURE_TYPE_VALUES = [
    'input',
    'internal',
    'unauthorized',
    'forbidden',
    'not_found',
    'integration',
];
/** The known values of {@link ServiceKind}. */
export const SERVICE_KIND_VALUES = [];
/** The known values of {@link PaymentMode}. */
export const PAYMENT_MODE_VALUES = [];
