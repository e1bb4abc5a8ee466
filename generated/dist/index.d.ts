export * from './types.js';
export * from './errors.js';
export * from './client.js';
export type { DecodedError, FieldError, PolicySpec, PolicyRestriction } from './runtime/decode.js';
export type { ClientError, Result, ResponseInfo, FetchLike } from './runtime/client.js';
export type { CallOptions } from './runtime/runtime.js';
