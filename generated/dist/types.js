"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PAYMENT_MODE_VALUES = exports.SERVICE_KIND_VALUES = exports.FULFILMENT_FAILURE_TYPE_VALUES = exports.GRANT_TYPE_VALUES = void 0;
/** The known values of {@link GrantType}. */
exports.GRANT_TYPE_VALUES = ['client_credentials', 'refresh_token'];
/** The known values of {@link FulfilmentFailureType}. */
exports.FULFILMENT_FAILURE_TYPE_VALUES = [
    'input',
    'internal',
    'unauthorized',
    'forbidden',
    'not_found',
    'integration',
];
/** The known values of {@link ServiceKind}. */
exports.SERVICE_KIND_VALUES = [];
/** The known values of {@link PaymentMode}. */
exports.PAYMENT_MODE_VALUES = [];
