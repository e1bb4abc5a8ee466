/**
 * A request body as the wire carries it, for every media type a contract can name: JSON (and any
 * `+json` type), URL-encoded forms, multipart/form-data, text and binary. Encoding is synchronous
 * and never reads a Blob or a stream: they go to the transport as they are, so a file of any size
 * is neither copied nor awaited here. Every refusal is a TypeError with a one-line message, which
 * the exchange reports as `invalid_request`.
 */
import type { BodyWriting, JsonCodec } from './spec.js';
/** What a transport can send. */
export type BodyData = string | Uint8Array | Blob | ReadableStream<Uint8Array>;
/** A body ready to send. */
export interface EncodedBody {
    readonly body: BodyData;
    /** The Content-Type header to send, e.g. with the multipart boundary. */
    readonly contentType: string;
}
/**
 * A file part of a multipart body. An object whose only keys are these (`data` set to bytes, a
 * Blob or a string) is taken for a file part, not for a JSON part.
 */
export interface FilePart {
    readonly data: Blob | Uint8Array | ArrayBuffer | string;
    /** Default: the File's own name, else "blob", as FormData sends a Blob. */
    readonly filename?: string;
    /** Default: the Blob's type, else application/octet-stream. */
    readonly contentType?: string;
}
/** JSON itself: what an endpoint without an int64 in its bodies reads and writes. */
export declare const PLAIN_JSON: JsonCodec;
/** `value` written as `mediaType` says; `how.json` writes JSON bodies, parts and fields (default: JSON). */
export declare function encodeRequestBody(value: unknown, mediaType: string, how?: BodyWriting): EncodedBody;
/**
 * JSON and URL-encoded forms only: what the tables name for an endpoint that takes nothing else
 * (a token endpoint), so its bundle carries no multipart, text or binary writer.
 */
export declare function encodeFormBody(value: unknown, mediaType: string, how?: BodyWriting): EncodedBody;
/** False for a stream: it is read once, so the request cannot be sent again (retry, 401 replay). */
export declare function isReplayable(body: BodyData | undefined): boolean;
/** A body as a support report shows it: text as it is, anything else described, never dumped. */
export declare function describeBody(body: BodyData | undefined): string | undefined;
/**
 * Bytes over an ArrayBuffer, as Blob parts and fetch bodies must be: a view of a
 * SharedArrayBuffer is copied.
 */
export declare function ownBuffer(view: Uint8Array): Uint8Array<ArrayBuffer>;
/** Guarded: a runtime without web streams (React Native) still sends bytes and Blobs. */
export declare function isStream(value: unknown): value is ReadableStream<Uint8Array>;
