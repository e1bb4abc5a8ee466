export * from './types.js';
export * from './errors.js';
export * from './client.js';
export type { DecodedError, FieldError, PolicySpec, PolicyRestriction } from './runtime/decode.js';
export type { ClientError, ClientErrorCategory, Result, ResponseInfo, FetchLike } from './runtime/client.js';
export type { CallOptions } from './runtime/runtime.js';
export type { StoredToken, TokenStore } from './runtime/auth.js';
export type { SupportReport } from './runtime/support.js';
