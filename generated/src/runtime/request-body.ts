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
export const PLAIN_JSON: JsonCodec = JSON;
const OCTET_STREAM = 'application/octet-stream';

/** `value` written as `mediaType` says; `how.json` writes JSON bodies, parts and fields (default: JSON). */
export function encodeRequestBody(value: unknown, mediaType: string, how: BodyWriting = {}): EncodedBody {
  const essence = essenceOf(mediaType);
  const json = how.json ?? PLAIN_JSON;
  if (essence === 'application/json' || essence.endsWith('+json')) return { body: encodeJson(value, essence, json), contentType: mediaType };
  if (essence === 'application/x-www-form-urlencoded') return { body: encodeForm(value, how), contentType: mediaType };
  if (essence === 'multipart/form-data') return encodeMultipart(value, json);
  if (essence.startsWith('text/')) return { body: encodeText(value, essence), contentType: mediaType };
  return { body: encodeBinary(value, essence), contentType: mediaType };
}

/**
 * JSON and URL-encoded forms only: what the tables name for an endpoint that takes nothing else
 * (a token endpoint), so its bundle carries no multipart, text or binary writer.
 */
export function encodeFormBody(value: unknown, mediaType: string, how: BodyWriting = {}): EncodedBody {
  const essence = essenceOf(mediaType);
  if (essence === 'application/x-www-form-urlencoded') return { body: encodeForm(value, how), contentType: mediaType };
  return { body: encodeJson(value, essence, how.json ?? PLAIN_JSON), contentType: mediaType };
}

/** False for a stream: it is read once, so the request cannot be sent again (retry, 401 replay). */
export function isReplayable(body: BodyData | undefined): boolean {
  return !isStream(body);
}

/** A body as a support report shows it: text as it is, anything else described, never dumped. */
export function describeBody(body: BodyData | undefined): string | undefined {
  if (body === undefined || typeof body === 'string') return body;
  if (body instanceof Uint8Array) return `(${bytes(body.byteLength)} of binary data)`;
  if (isBlob(body)) return `(a Blob of ${bytes(body.size)}${body.type === '' ? '' : `, ${body.type}`})`;
  return '(a stream of unknown length)';
}

/** The media type without parameters, lower case. */
function essenceOf(mediaType: string): string {
  const semicolon = mediaType.indexOf(';');
  return (semicolon === -1 ? mediaType : mediaType.slice(0, semicolon)).trim().toLowerCase();
}

function encodeJson(value: unknown, essence: string, json: JsonCodec, subject = 'the body'): string {
  let text: string | undefined;
  try {
    text = json.stringify(value);
  } catch (e) {
    // V8's message for a cycle spans several lines.
    throw new TypeError(`${subject} cannot be written as ${essence}: ${(e instanceof Error ? e.message : String(e)).split('\n', 1)[0] ?? ''}`);
  }
  if (text === undefined) throw new TypeError(`${subject} cannot be written as ${essence}: ${kindOf(value)} has no JSON form`);
  return text;
}

function encodeText(value: unknown, essence: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new TypeError(`${withArticle(essence)} body must be a string, not ${kindOf(value)}`);
}

/** Bytes, Blobs and streams are sent as they are (no copy); a string as UTF-8. */
function encodeBinary(value: unknown, essence: string): BodyData {
  if (typeof value === 'string' || isBlob(value) || isStream(value)) return value;
  const view = bytesOf(value);
  if (view !== undefined) return view;
  throw new TypeError(`${withArticle(essence)} body must be bytes, a Blob, a ReadableStream or a string, not ${kindOf(value)}`);
}

// ---------------------------------------------------------------------------------------------
// application/x-www-form-urlencoded
// ---------------------------------------------------------------------------------------------

/**
 * Nested values by the bracket convention (`k[a][b]=1`, `k[0][a]=1`), arrays of scalars as the
 * repeated key of OpenAPI's form/explode default (`k=1&k=2`); an object in a field of
 * `how.jsonFields` as one JSON text (an array of them as one per item, the name repeated), which
 * is how OpenAPI writes an object field that no Encoding Object gives a style. URLSearchParams percent-encodes every name and value, so no value can add
 * a parameter. A top-level key is the parameter name as written (`'metadata[id]'` stays what it
 * says); a nested key holding a bracket is refused, as it would change the nesting the server reads.
 */
function encodeForm(value: unknown, how: BodyWriting): string {
  if (!isFieldObject(value)) throw new TypeError(`a form body must be an object of fields, not ${kindOf(value)}`);
  const form = new URLSearchParams();
  const ancestors = new Set<object>([value]);
  for (const [key, field] of Object.entries(value)) {
    if (!how.jsonFields?.includes(key)) appendField(form, key, field, ancestors);
    // An array's items each under the field's name, as multipart parts are: objects as JSON, scalars as text.
    else for (const item of Array.isArray(field) ? field : [field]) appendJsonField(form, key, item, how.json ?? PLAIN_JSON);
  }
  return form.toString();
}

function appendJsonField(form: URLSearchParams, key: string, value: unknown, json: JsonCodec): void {
  if (typeof value === 'object' && value !== null && !(value instanceof Date) && !isFileLike(value)) form.append(key, encodeJson(value, 'JSON', json, `the form field ${JSON.stringify(key)}`));
  else appendField(form, key, value, new Set());
}

function appendField(form: URLSearchParams, key: string, value: unknown, ancestors: Set<object>): void {
  if (value === undefined || value === null) return;
  const text = scalarText(value, key);
  if (text !== undefined) return form.append(key, text);
  if (typeof value !== 'object' || isFileLike(value)) throw new TypeError(`the form field ${JSON.stringify(key)} cannot be ${kindOf(value)}`);
  if (ancestors.has(value)) throw new TypeError(`the form field ${JSON.stringify(key)} contains itself`);
  ancestors.add(value);
  if (Array.isArray(value)) appendArray(form, key, value, ancestors);
  else for (const [name, item] of Object.entries(value)) appendField(form, `${key}[${nestedKey(key, name)}]`, item, ancestors);
  ancestors.delete(value);
}

/** Scalars repeat the key; an array holding any object or array is indexed throughout. */
function appendArray(form: URLSearchParams, key: string, items: readonly unknown[], ancestors: Set<object>): void {
  const indexed = items.some((item) => typeof item === 'object' && item !== null && !(item instanceof Date));
  items.forEach((item, i) => appendField(form, indexed ? `${key}[${i}]` : key, item, ancestors));
}

function nestedKey(parent: string, name: string): string {
  if (name.includes('[') || name.includes(']')) throw new TypeError(`the form field ${JSON.stringify(parent)} has a key with a bracket, ${JSON.stringify(name)}, which would change its nesting`);
  return name;
}

/** The text of a string, number, boolean, bigint (its digits) or Date (ISO 8601); else undefined. */
function scalarText(value: unknown, field: string): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (!(value instanceof Date)) return undefined;
  if (Number.isNaN(value.getTime())) throw new TypeError(`the field ${JSON.stringify(field)} is an invalid Date`);
  return value.toISOString();
}

// ---------------------------------------------------------------------------------------------
// multipart/form-data (RFC 7578)
// ---------------------------------------------------------------------------------------------

/** A part: its header lines (and the blank line after them), then its content. */
interface Part {
  readonly head: string;
  readonly data: Uint8Array | Blob;
}

interface FileContent {
  readonly data: Uint8Array | Blob;
  readonly filename: string;
  readonly contentType: string;
}

/**
 * One part per field (per element of an array field): scalars as text, bytes, Blobs and FileParts
 * as files, other objects as JSON. Text is sent exactly, line breaks unchanged. The body is bytes,
 * or a Blob when a part is one, so that no part has to be read here.
 */
function encodeMultipart(value: unknown, json: JsonCodec): EncodedBody {
  if (!isFieldObject(value)) throw new TypeError(`a multipart body must be an object of fields, not ${kindOf(value)}`);
  const parts: Part[] = [];
  for (const [name, field] of Object.entries(value)) {
    if (Array.isArray(field)) for (const item of field) addPart(parts, name, item, json);
    else addPart(parts, name, field, json);
  }
  const boundary = boundaryFor(parts);
  return { body: assemble(parts, boundary), contentType: `multipart/form-data; boundary=${boundary}` };
}

function addPart(parts: Part[], name: string, value: unknown, json: JsonCodec): void {
  if (value === undefined || value === null) return;
  const text = scalarText(value, name);
  if (text !== undefined) return void parts.push({ head: partHead(name, undefined, undefined), data: utf8(text) });
  const file = fileOf(value, name);
  if (file !== undefined) return void parts.push({ head: partHead(name, file.filename, file.contentType), data: file.data });
  // A Blob can hold bytes and Blobs but no stream: the body could not be framed without reading it.
  if (typeof value !== 'object' || isStream(value)) throw new TypeError(`the multipart field ${JSON.stringify(name)} cannot be ${kindOf(value)}`);
  parts.push({ head: partHead(name, undefined, 'application/json'), data: utf8(encodeJson(value, 'application/json', json)) });
}

function fileOf(value: unknown, name: string): FileContent | undefined {
  if (isBlob(value)) return { data: value, filename: fileName(value) ?? 'blob', contentType: value.type === '' ? OCTET_STREAM : value.type };
  const view = bytesOf(value);
  if (view !== undefined) return { data: view, filename: 'blob', contentType: OCTET_STREAM };
  if (!isFilePart(value)) return undefined;
  const content = typeof value.data === 'string' ? { data: utf8(value.data), filename: 'blob', contentType: OCTET_STREAM } : fileOf(value.data, name);
  if (content === undefined) return undefined;
  const type = value.contentType ?? '';
  // The type is written into the part's header: a line break would add headers of its own.
  if (!/^[\x20-\x7e]*$/.test(type)) throw new TypeError(`the content type of the multipart field ${JSON.stringify(name)} must be printable ASCII`);
  return { data: content.data, filename: value.filename ?? content.filename, contentType: type === '' ? content.contentType : type };
}

const FILE_PART_KEYS = new Set(['data', 'filename', 'contentType']);

function isFilePart(value: unknown): value is FilePart {
  if (typeof value !== 'object' || value === null || !('data' in value)) return false;
  const { data, filename, contentType } = value as Readonly<Record<string, unknown>>;
  if (typeof data !== 'string' && !isBlob(data) && bytesOf(data) === undefined) return false;
  return optionalText(filename) && optionalText(contentType) && Object.keys(value).every((key) => FILE_PART_KEYS.has(key));
}

function optionalText(value: unknown): boolean {
  return value === undefined || typeof value === 'string';
}

/** A File's name; a plain Blob has none. */
function fileName(blob: Blob): string | undefined {
  const name: unknown = (blob as Blob & { readonly name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

/** As the WHATWG HTML standard escapes field names and filenames in multipart bodies. */
function quoted(text: string): string {
  return `"${text.replace(/[\r\n"]/g, (c) => (c === '"' ? '%22' : c === '\r' ? '%0D' : '%0A'))}"`;
}

function partHead(name: string, filename: string | undefined, contentType: string | undefined): string {
  const disposition = `Content-Disposition: form-data; name=${quoted(name)}${filename === undefined ? '' : `; filename=${quoted(filename)}`}`;
  return `${disposition}\r\n${contentType === undefined ? '' : `Content-Type: ${contentType}\r\n`}\r\n`;
}

/**
 * A random boundary that occurs in no text or bytes part (drawn again if it does). Blob parts are
 * not read to check: the chance that 96 random bits occur in one is negligible.
 */
function boundaryFor(parts: readonly Part[]): string {
  for (;;) {
    const boundary = randomBoundary();
    const needle = utf8(boundary);
    if (!parts.some((p) => p.head.includes(boundary) || (p.data instanceof Uint8Array && contains(p.data, needle)))) return boundary;
  }
}

function randomBoundary(): string {
  let hex = '';
  crypto.getRandomValues(new Uint8Array(12)).forEach((byte) => {
    hex += byte.toString(16).padStart(2, '0');
  });
  return `----contractgen${hex}`;
}

function contains(haystack: Uint8Array, needle: Uint8Array): boolean {
  const last = haystack.byteLength - needle.byteLength;
  for (let i = haystack.indexOf(needle[0] ?? 0); i !== -1 && i <= last; i = haystack.indexOf(needle[0] ?? 0, i + 1)) {
    let j = 1;
    while (j < needle.byteLength && haystack[i + j] === needle[j]) j++;
    if (j === needle.byteLength) return true;
  }
  return false;
}

function assemble(parts: readonly Part[], boundary: string): Uint8Array | Blob {
  const pieces: (Uint8Array | Blob)[] = [];
  for (const part of parts) pieces.push(utf8(`--${boundary}\r\n${part.head}`), part.data, utf8('\r\n'));
  pieces.push(utf8(`--${boundary}--\r\n`));
  if (pieces.some(isBlob)) return new Blob(pieces.map((piece) => (piece instanceof Uint8Array ? ownBuffer(piece) : piece)));
  return joinBytes(pieces as readonly Uint8Array[]);
}

function joinBytes(pieces: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((size, piece) => size + piece.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.byteLength;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/**
 * Bytes over an ArrayBuffer, as Blob parts and fetch bodies must be: a view of a
 * SharedArrayBuffer is copied.
 */
export function ownBuffer(view: Uint8Array): Uint8Array<ArrayBuffer> {
  return overArrayBuffer(view) ? view : new Uint8Array(view);
}

function overArrayBuffer(view: Uint8Array): view is Uint8Array<ArrayBuffer> {
  return view.buffer instanceof ArrayBuffer;
}

/** A Uint8Array as it is; an ArrayBuffer or another view as a Uint8Array over the same memory. */
function bytesOf(value: unknown): Uint8Array | undefined {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return undefined;
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob === 'function' && value instanceof Blob;
}

/** Guarded: a runtime without web streams (React Native) still sends bytes and Blobs. */
export function isStream(value: unknown): value is ReadableStream<Uint8Array> {
  return typeof ReadableStream === 'function' && value instanceof ReadableStream;
}

function isFileLike(value: object): boolean {
  return isBlob(value) || isStream(value) || bytesOf(value) !== undefined;
}

/** An object whose own properties are fields: not an array, Date, bytes, Blob or stream. */
function isFieldObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date) && !isFileLike(value);
}

let encoder: { encode(text: string): Uint8Array } | undefined;

function utf8(text: string): Uint8Array {
  return (encoder ??= new TextEncoder()).encode(text);
}

/** `1 byte`, `1,234 bytes`. */
function bytes(count: number): string {
  return `${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} byte${count === 1 ? '' : 's'}`;
}

/** For messages: `a string`, `null`, `an array`, `a Map`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  const tag = typeof value === 'object' ? Object.prototype.toString.call(value).slice(8, -1) : typeof value;
  return withArticle(tag === 'Object' || tag === 'Array' ? tag.toLowerCase() : tag);
}

/** `a text/plain`, `an image/png`: by the first letter, which fits media types and type names. */
function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}
