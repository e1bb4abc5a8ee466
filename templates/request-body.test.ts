/**
 * Request bodies byte for byte: forms with nesting and hostile values, multipart parsed back by
 * its boundary, text, binary passed through as the same object, JSON of every +json type, the
 * refusals. Then both transports (fetch, node:http) against a real server on 127.0.0.1: bytes,
 * Blobs and streams arrive exactly, and a stream body is cancelled when the exchange ends early.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeTransport } from './node-transport.js';
import { describeBody, encodeRequestBody, isReplayable, isStream, ownBuffer, type BodyData, type EncodedBody } from './request-body.js';
import { buildSupportReport, redactor } from './support.js';
import type { BodyWriting, JsonCodec } from './spec.js';
import { fetchUpload, type Transport, type TransportRequest } from './transport.js';

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

function form(value: unknown, how?: BodyWriting): string {
  const { body, contentType } = encodeRequestBody(value, FORM, how);
  expect(contentType).toBe(FORM);
  if (typeof body !== 'string') throw new Error('a form body is a string');
  return body;
}

/** A form as a bracket-reading server sees it: names and values decoded. */
function decodedForm(value: unknown, how?: BodyWriting): string[] {
  const out: string[] = [];
  new URLSearchParams(form(value, how)).forEach((v, k) => out.push(`${k}=${v}`));
  return out;
}

function bytesOfStream(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  return new Response(stream).arrayBuffer().then((b) => Buffer.from(b));
}

async function bytesOf(body: BodyData): Promise<Buffer> {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (body instanceof Blob) return Buffer.from(await body.arrayBuffer());
  return bytesOfStream(body);
}

function streamOf(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk);
    },
  });
}

// ---------------------------------------------------------------------------------------------
// JSON, text, binary
// ---------------------------------------------------------------------------------------------

describe('encodeRequestBody: JSON', () => {
  it('writes JSON for application/json and every +json type, whatever the case and parameters', () => {
    for (const type of ['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json', 'application/vnd.acme.order+json; version=2', 'application/problem+JSON']) {
      expect(encodeRequestBody({ a: [1, 'é'], b: null }, type)).toEqual({ body: '{"a":[1,"é"],"b":null}', contentType: type });
    }
  });

  it('writes with the codec it is given', () => {
    const codec: JsonCodec = { parse: JSON.parse, stringify: (v) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `#${x}` : x)) };
    expect(encodeRequestBody({ id: 12345678901234567890n }, 'application/json', { json: codec }).body).toBe('{"id":"#12345678901234567890"}');
  });

  it('refuses a value without a JSON form with a one-line TypeError', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    for (const value of [undefined, () => 1, Symbol('s'), 1n, cyclic]) {
      expect(() => encodeRequestBody(value, 'application/json')).toThrow(TypeError);
      try {
        encodeRequestBody(value, 'application/json');
      } catch (e) {
        expect((e as Error).message).toMatch(/^the body cannot be written as application\/json: [^\n]+$/);
      }
    }
  });
});

describe('encodeRequestBody: text', () => {
  it('sends a string as it is and a number, boolean or bigint as its text', () => {
    expect(encodeRequestBody('a,b\r\n1,"2"\n', 'text/csv; charset=utf-8')).toEqual({ body: 'a,b\r\n1,"2"\n', contentType: 'text/csv; charset=utf-8' });
    expect(encodeRequestBody(1.5, 'text/plain').body).toBe('1.5');
    expect(encodeRequestBody(false, 'TEXT/PLAIN').body).toBe('false');
    expect(encodeRequestBody(-12345678901234567890n, 'text/plain').body).toBe('-12345678901234567890');
  });

  it('refuses anything else', () => {
    for (const value of [{ a: 1 }, ['a'], null, undefined, new Uint8Array(1)]) expect(() => encodeRequestBody(value, 'text/plain')).toThrow(TypeError);
    expect(() => encodeRequestBody({}, 'text/csv')).toThrow('a text/csv body must be a string, not an object');
  });
});

describe('encodeRequestBody: binary', () => {
  const TYPES = ['application/octet-stream', 'image/png', 'application/pdf', 'application/vnd.custom'];

  it('passes bytes, Blobs, Files and streams through as the same object', () => {
    const values = [new Uint8Array([1, 2]), Buffer.from('x'), new Blob(['b']), new File(['f'], 'f.txt'), streamOf([])];
    for (const type of TYPES) {
      for (const value of values) expect(encodeRequestBody(value, type)).toEqual({ body: value, contentType: type });
      for (const value of values) expect(encodeRequestBody(value, type).body).toBe(value);
    }
  });

  it('views an ArrayBuffer or another ArrayBufferView as a Uint8Array over the same memory', () => {
    const buffer = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]).buffer;
    const whole = encodeRequestBody(buffer, 'image/png').body as Uint8Array;
    expect(whole).toBeInstanceOf(Uint8Array);
    expect(whole.buffer).toBe(buffer);
    expect([...whole]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const view of [new Int16Array(buffer, 2, 2), new DataView(buffer, 2, 4)]) {
      const bytes = encodeRequestBody(view, 'application/octet-stream').body as Uint8Array;
      expect(Object.getPrototypeOf(bytes)).toBe(Uint8Array.prototype);
      expect(bytes.buffer).toBe(buffer);
      expect([...bytes]).toEqual([2, 3, 4, 5]);
    }
  });

  it('sends a string as it is (UTF-8 on the wire)', () => {
    expect(encodeRequestBody('%PDF-é', 'application/pdf').body).toBe('%PDF-é');
  });

  it('refuses anything else, naming the media type', () => {
    for (const value of [{ a: 1 }, [1], 1, true, null, undefined]) expect(() => encodeRequestBody(value, 'image/png')).toThrow(TypeError);
    expect(() => encodeRequestBody({ a: 1 }, 'image/png; q=1')).toThrow('an image/png body must be bytes, a Blob, a ReadableStream or a string, not an object');
    expect(() => encodeRequestBody(7, 'application/pdf')).toThrow('an application/pdf body must be bytes');
  });
});

describe('isReplayable, describeBody, ownBuffer, isStream', () => {
  it('counts only a stream as unreplayable', () => {
    expect([undefined, '', 'x', new Uint8Array(2), new Blob(['x'])].map(isReplayable)).toEqual([true, true, true, true, true]);
    expect(isReplayable(streamOf([]))).toBe(false);
    expect(isStream(streamOf([]))).toBe(true);
    expect(isStream(new Blob([]))).toBe(false);
  });

  it('shows text as it is and describes the rest in a short line', () => {
    expect(describeBody(undefined)).toBeUndefined();
    expect(describeBody('a=b')).toBe('a=b');
    expect(describeBody(new Uint8Array(1))).toBe('(1 byte of binary data)');
    expect(describeBody(new Uint8Array(1234567))).toBe('(1,234,567 bytes of binary data)');
    expect(describeBody(new Blob(['abc']))).toBe('(a Blob of 3 bytes)');
    expect(describeBody(new File(['x'.repeat(2048)], 'a.png', { type: 'image/png' }))).toBe('(a Blob of 2,048 bytes, image/png)');
    expect(describeBody(streamOf([]))).toBe('(a stream of unknown length)');
  });

  it('puts the description into support reports, and still redacts text bodies', () => {
    const redact = redactor(() => ['s3cret-token']);
    const received = { status: 500, headers: {}, body: new Uint8Array(0) };
    const bytes = buildSupportReport({ url: 'https://x/u', method: 'PUT', headers: {}, body: new Uint8Array(10) }, received, new Date(0), undefined, redact, 'authorization');
    expect(bytes.request.body).toBe('(10 bytes of binary data)');
    expect(bytes.text).toContain('\n(10 bytes of binary data)\n');
    const text = buildSupportReport({ url: 'https://x/u', method: 'PUT', headers: {}, body: 'token=s3cret-token' }, received, new Date(0), undefined, redact, 'authorization');
    expect(text.request.body).toBe('token=[REDACTED]');
  });

  it('keeps bytes over an ArrayBuffer and copies bytes over a SharedArrayBuffer', () => {
    const plain = new Uint8Array([1, 2]);
    expect(ownBuffer(plain)).toBe(plain);
    const shared = new Uint8Array(new SharedArrayBuffer(2));
    shared.set([3, 4]);
    const copy = ownBuffer(shared);
    expect(copy.buffer).toBeInstanceOf(ArrayBuffer);
    expect([...copy]).toEqual([3, 4]);
  });
});

// ---------------------------------------------------------------------------------------------
// application/x-www-form-urlencoded
// ---------------------------------------------------------------------------------------------

describe('encodeRequestBody: forms', () => {
  it('writes top-level scalars as k=v, leaving null and undefined out', () => {
    const when = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6));
    expect(form({ s: 'x', n: -1.5, t: true, f: false, big: 12345678901234567890n, d: when, gone: null, none: undefined, empty: '' })).toBe(
      's=x&n=-1.5&t=true&f=false&big=12345678901234567890&d=2024-01-02T03%3A04%3A05.006Z&empty=',
    );
  });

  it('repeats the key for an array of scalars', () => {
    expect(form({ k: [1, 'two', true, null, 3n], after: 'x' })).toBe('k=1&k=two&k=true&k=3&after=x');
    expect(form({ k: [] })).toBe('');
  });

  it('nests objects with brackets, percent-encoded as URLSearchParams does', () => {
    expect(form({ k: { a: 1, b: { c: 2 } } })).toBe('k%5Ba%5D=1&k%5Bb%5D%5Bc%5D=2');
    expect(decodedForm({ k: { a: 1, b: { c: 2, d: null } }, o: { tags: ['x', 'y'] } })).toEqual(['k[a]=1', 'k[b][c]=2', 'o[tags]=x', 'o[tags]=y']);
  });

  it('indexes an array holding objects or arrays, throughout', () => {
    expect(form({ k: [{ a: 1 }, { a: 2 }] })).toBe('k%5B0%5D%5Ba%5D=1&k%5B1%5D%5Ba%5D=2');
    expect(decodedForm({ m: [[1, 2], [3]] })).toEqual(['m[0]=1', 'm[0]=2', 'm[1]=3']);
    expect(decodedForm({ k: [1, { a: 2 }, null, { b: [{ c: 3 }] }] })).toEqual(['k[0]=1', 'k[1][a]=2', 'k[3][b][0][c]=3']);
    expect(decodedForm({ d: [new Date(0), new Date(1000)] })).toEqual(['d=1970-01-01T00:00:00.000Z', 'd=1970-01-01T00:00:01.000Z']);
  });

  it('keeps the order of the fields', () => {
    expect(form({ z: 1, a: { y: 2, b: 3 }, m: 4 })).toBe('z=1&a%5By%5D=2&a%5Bb%5D=3&m=4');
  });

  it('encodes hostile values so that none adds a parameter', () => {
    const values = { amp: 'a&b=c', hash: '#frag', crlf: 'l1\r\nl2', uni: 'é😀', plus: '1+1', space: 'a b', pct: '100%', nested: { v: 'x&y=z' } };
    expect(form(values)).toBe('amp=a%26b%3Dc&hash=%23frag&crlf=l1%0D%0Al2&uni=%C3%A9%F0%9F%98%80&plus=1%2B1&space=a+b&pct=100%25&nested%5Bv%5D=x%26y%3Dz');
    expect(decodedForm(values)).toEqual(['amp=a&b=c', 'hash=#frag', 'crlf=l1\r\nl2', 'uni=é😀', 'plus=1+1', 'space=a b', 'pct=100%', 'nested[v]=x&y=z']);
  });

  it('encodes hostile keys; a top-level key with brackets is the parameter name as written', () => {
    expect(form({ 'a&b=c': 1, 'x y': 2, 'é#': 3 })).toBe('a%26b%3Dc=1&x+y=2&%C3%A9%23=3');
    expect(form({ 'metadata[order_id]': 'o1' })).toBe('metadata%5Border_id%5D=o1');
  });

  it('refuses a nested key holding a bracket, as it would change the nesting', () => {
    expect(() => form({ meta: { 'x][role': 'admin' } })).toThrow(TypeError);
    expect(() => form({ meta: { 'a[b': 1 } })).toThrow('the form field "meta" has a key with a bracket, "a[b", which would change its nesting');
  });

  it('refuses what has no form: a body that is no object, files, functions, cycles, invalid dates', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['again'] = { back: cyclic };
    for (const body of ['a=b', [1], null, 1, new Uint8Array(1), new Date(0)]) expect(() => form(body)).toThrow(TypeError);
    for (const field of [new Uint8Array(1), new Blob([]), streamOf([]), () => 1, Symbol('s'), new Date(Number.NaN)]) expect(() => form({ f: field })).toThrow(TypeError);
    expect(() => form(cyclic)).toThrow('the form field "again[back]" contains itself');
    expect(() => form({ 'a\nb': () => 1 })).toThrow(/^the form field "a\\nb" cannot be a function$/);
  });

  it('repeats a shared (not cyclic) object', () => {
    const shared = { v: 1 };
    expect(decodedForm({ a: shared, b: shared })).toEqual(['a[v]=1', 'b[v]=1']);
  });

  it('writes an object in a jsonFields field as one JSON text (an array as one per item), as OpenAPI 3.1.1 writes an object field without an Encoding Object', () => {
    const jsonFields = ['address', 'media', 'note'];
    const value = { id: 'f81d4fae', address: { streetAddress: '123 Example Dr.', zip: '99999+1234' }, media: [{ type: 'photo' }], note: 'plain', other: { a: 1 } };
    // The specification's own example (its `:` and `,` left as they are, which URLSearchParams encodes).
    expect(form({ id: value.id, address: value.address }, { jsonFields })).toBe(`id=f81d4fae&address=${new URLSearchParams({ a: '{"streetAddress":"123 Example Dr.","zip":"99999+1234"}' }).toString().slice(2)}`);
    expect(new URLSearchParams(form(value, { jsonFields })).get('address')).toBe('{"streetAddress":"123 Example Dr.","zip":"99999+1234"}');
    // A scalar stays text; a field not listed nests by brackets.
    expect(decodedForm(value, { jsonFields })).toEqual(['id=f81d4fae', 'address={"streetAddress":"123 Example Dr.","zip":"99999+1234"}', 'media={"type":"photo"}', 'note=plain', 'other[a]=1']);
    // An array: one pair per item, objects as JSON and scalars as text, as multipart writes one part per item.
    expect(decodedForm({ media: [{ a: 1 }, 'x', null, { b: [2] }] }, { jsonFields })).toEqual(['media={"a":1}', 'media=x', 'media={"b":[2]}']);
  });

  it('writes a jsonFields field with the codec, and refuses one without a JSON form', () => {
    const codec: JsonCodec = { parse: JSON.parse, stringify: (v) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `#${x}` : x)) };
    expect(decodedForm({ o: { id: 2n ** 64n } }, { jsonFields: ['o'], json: codec })).toEqual(['o={"id":"#18446744073709551616"}']);
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => form({ o: cyclic }, { jsonFields: ['o'] })).toThrow(/^the form field "o" cannot be written as JSON: /);
    expect(() => form({ o: { n: 1n } }, { jsonFields: ['o'] })).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------
// multipart/form-data
// ---------------------------------------------------------------------------------------------

interface ParsedPart {
  /** Header lines, decoded as UTF-8. */
  readonly headers: string[];
  readonly data: Buffer;
}

const BOUNDARY = /^multipart\/form-data; boundary=(----contractgen[0-9a-f]{24})$/;

/** The parts of a multipart body, checking its framing (RFC 7578: CRLF, `--b`, `--b--`) exactly. */
function parseMultipart(bytes: Uint8Array, contentType: string): ParsedPart[] {
  const boundary = BOUNDARY.exec(contentType)?.[1];
  if (boundary === undefined) throw new Error(`no boundary in ${contentType}`);
  const text = Buffer.from(bytes).toString('latin1');
  const open = `--${boundary}\r\n`;
  const close = `--${boundary}--\r\n`;
  if (text === close) return [];
  expect(text.startsWith(open)).toBe(true);
  expect(text.endsWith(`\r\n${close}`)).toBe(true);
  // The boundary is nowhere else: it frames the parts only.
  const inner = text.slice(open.length, -`\r\n${close}`.length);
  return inner.split(`\r\n${open}`).map((chunk) => {
    expect(chunk).not.toContain(boundary);
    const end = chunk.indexOf('\r\n\r\n');
    return { headers: Buffer.from(chunk.slice(0, end), 'latin1').toString('utf8').split('\r\n'), data: Buffer.from(chunk.slice(end + 4), 'latin1') };
  });
}

function multipart(value: unknown, codec?: JsonCodec): { encoded: EncodedBody; parts: ParsedPart[] } {
  const encoded = encodeRequestBody(value, MULTIPART, { json: codec });
  if (!(encoded.body instanceof Uint8Array)) throw new Error('expected bytes');
  return { encoded, parts: parseMultipart(encoded.body, encoded.contentType) };
}

async function multipartBlob(value: unknown): Promise<ParsedPart[]> {
  const encoded = encodeRequestBody(value, MULTIPART);
  if (!(encoded.body instanceof Blob)) throw new Error('expected a Blob');
  return parseMultipart(new Uint8Array(await encoded.body.arrayBuffer()), encoded.contentType);
}

const text = (data: Buffer): string => data.toString('utf8');
const disposition = (name: string, filename?: string): string => `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;

describe('encodeRequestBody: multipart', () => {
  it('writes scalars as text parts, exactly, in order, leaving null and undefined out', () => {
    const { encoded, parts } = multipart({ name: 'Ann é', age: 42, ok: true, big: 12345678901234567890n, when: new Date(0), gone: null, none: undefined, lines: 'a\nb\r\nc', empty: '' });
    expect(encoded.contentType).toMatch(BOUNDARY);
    expect(parts.map((p) => p.headers)).toEqual(['name', 'age', 'ok', 'big', 'when', 'lines', 'empty'].map((n) => [disposition(n)]));
    expect(parts.map((p) => text(p.data))).toEqual(['Ann é', '42', 'true', '12345678901234567890', '1970-01-01T00:00:00.000Z', 'a\nb\r\nc', '']);
  });

  it('frames the body exactly as RFC 7578 says', () => {
    const { encoded } = multipart({ a: 'x', f: new Uint8Array([0x00, 0xff]) });
    const boundary = BOUNDARY.exec(encoded.contentType)?.[1] ?? '';
    const expected = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.from([0x00, 0xff]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    expect(Buffer.from(encoded.body as Uint8Array).equals(expected)).toBe(true);
  });

  it('writes bytes as a file part named "blob" of type application/octet-stream, and a FilePart with its own name and type', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const { parts } = multipart({
      raw: all,
      buffer: new Uint8Array([9, 8, 7]).buffer,
      view: new Uint16Array([0x0201, 0x0403]).subarray(1),
      file: { data: new Uint8Array([0, 13, 10, 255]), filename: 'a.bin', contentType: 'application/x-thing' },
      note: { data: 'héllo', filename: 'note.txt' },
      typed: { data: new Uint8Array([1]), contentType: 'image/png' },
    });
    expect(parts.map((p) => p.headers)).toEqual([
      [disposition('raw', 'blob'), 'Content-Type: application/octet-stream'],
      [disposition('buffer', 'blob'), 'Content-Type: application/octet-stream'],
      [disposition('view', 'blob'), 'Content-Type: application/octet-stream'],
      [disposition('file', 'a.bin'), 'Content-Type: application/x-thing'],
      [disposition('note', 'note.txt'), 'Content-Type: application/octet-stream'],
      [disposition('typed', 'blob'), 'Content-Type: image/png'],
    ]);
    expect(parts.map((p) => [...p.data])).toEqual([[...all], [9, 8, 7], [0x03, 0x04], [0, 13, 10, 255], [...Buffer.from('héllo')], [1]]);
  });

  it('writes a Blob or File as a file part with its name and type, and the body as a Blob of the exact bytes', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const encoded = encodeRequestBody({ title: 'x', photo: new File([png], 'me.png', { type: 'image/png' }), plain: new Blob(['abc']) }, MULTIPART);
    expect(encoded.body).toBeInstanceOf(Blob);
    const parts = await multipartBlob({ title: 'x', photo: new File([png], 'me.png', { type: 'image/png' }), plain: new Blob(['abc']) });
    expect(parts.map((p) => p.headers)).toEqual([[disposition('title')], [disposition('photo', 'me.png'), 'Content-Type: image/png'], [disposition('plain', 'blob'), 'Content-Type: application/octet-stream']]);
    expect(parts.map((p) => [...p.data])).toEqual([[0x78], [...png], [0x61, 0x62, 0x63]]);
  });

  it('lets a FilePart name and type a Blob', async () => {
    const parts = await multipartBlob({ doc: { data: new File(['%PDF'], 'orig.pdf', { type: 'application/pdf' }), filename: 'renamed.pdf', contentType: 'application/x-pdf' }, kept: { data: new File(['k'], 'k.txt', { type: 'text/plain' }) } });
    expect(parts.map((p) => p.headers)).toEqual([
      [disposition('doc', 'renamed.pdf'), 'Content-Type: application/x-pdf'],
      [disposition('kept', 'k.txt'), 'Content-Type: text/plain'],
    ]);
    expect(parts.map((p) => text(p.data))).toEqual(['%PDF', 'k']);
  });

  it('writes one part per element of an array, under the same name', async () => {
    const { parts } = multipart({ tags: ['a', 'b', null, 3], files: [new Uint8Array([1]), { data: new Uint8Array([2]), filename: 'two' }] });
    expect(parts.map((p) => p.headers[0])).toEqual([disposition('tags'), disposition('tags'), disposition('tags'), disposition('files', 'blob'), disposition('files', 'two')]);
    expect(parts.map((p) => [...p.data])).toEqual([[0x61], [0x62], [0x33], [1], [2]]);
    const blobs = await multipartBlob({ files: [new File(['1'], 'one.txt'), new File(['2'], 'two.txt')] });
    expect(blobs.map((p) => [p.headers[0], text(p.data)])).toEqual([
      [disposition('files', 'one.txt'), '1'],
      [disposition('files', 'two.txt'), '2'],
    ]);
  });

  it('writes other objects as JSON parts, with the codec', () => {
    const { parts } = multipart({ meta: { a: 1, b: [true, null], data: 5 }, list: [[1, 2]], tags: { data: 'x', other: 1 } });
    expect(parts.map((p) => p.headers)).toEqual([[disposition('meta'), 'Content-Type: application/json'], [disposition('list'), 'Content-Type: application/json'], [disposition('tags'), 'Content-Type: application/json']]);
    expect(parts.map((p) => text(p.data))).toEqual(['{"a":1,"b":[true,null],"data":5}', '[1,2]', '{"data":"x","other":1}']);
    const codec: JsonCodec = { parse: JSON.parse, stringify: (v) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x)) };
    expect(text(multipart({ m: { id: 2n ** 64n } }, codec).parts[0]?.data ?? Buffer.alloc(0))).toBe('{"id":"18446744073709551616"}');
  });

  it('escapes quotes and line breaks in names and filenames as the HTML standard does; other characters are UTF-8', () => {
    const { parts } = multipart({ 'a"b\r\nc': 'v', 'ü名': 'w', f: { data: 'x', filename: 'x"y\n\r.txt' } });
    expect(parts.map((p) => p.headers[0])).toEqual([disposition('a%22b%0D%0Ac'), disposition('ü名'), disposition('f', 'x%22y%0A%0D.txt')]);
    expect(parts[0]?.headers).toHaveLength(1);
  });

  it('draws a new boundary per call, and again when one occurs in a part', () => {
    const a = multipart({ x: '1' }).encoded.contentType;
    const b = multipart({ x: '1' }).encoded.contentType;
    expect(a).not.toBe(b);
    const spy = vi.spyOn(crypto, 'getRandomValues').mockImplementationOnce(<T extends ArrayBufferView | null>(array: T): T => {
      (array as unknown as Uint8Array).fill(0);
      return array;
    });
    try {
      const zeros = `----contractgen${'0'.repeat(24)}`;
      const { encoded, parts } = multipart({ t: `before ${zeros} after`, f: new TextEncoder().encode(`--${zeros}--`) });
      expect(spy).toHaveBeenCalledTimes(2);
      expect(encoded.contentType).not.toContain(zeros);
      expect(parts.map((p) => text(p.data))).toEqual([`before ${zeros} after`, `--${zeros}--`]);
    } finally {
      spy.mockRestore();
    }
  });

  it('writes an empty object as the closing delimiter alone', () => {
    const encoded = encodeRequestBody({ gone: null }, 'Multipart/Form-Data; charset=utf-8');
    const boundary = BOUNDARY.exec(encoded.contentType)?.[1] ?? '';
    expect(Buffer.from(encoded.body as Uint8Array).toString()).toBe(`--${boundary}--\r\n`);
  });

  it('refuses a body that is no object, fields that are functions, symbols or streams, and a content type that could add headers', () => {
    for (const body of ['x', [1], null, new Uint8Array(1), new Blob([])]) expect(() => encodeRequestBody(body, MULTIPART)).toThrow(TypeError);
    for (const field of [() => 1, Symbol('s'), streamOf([]), new Date(Number.NaN)]) expect(() => encodeRequestBody({ f: field }, MULTIPART)).toThrow(TypeError);
    expect(() => encodeRequestBody({ f: streamOf([]) }, MULTIPART)).toThrow('the multipart field "f" cannot be a ReadableStream');
    expect(() => encodeRequestBody({ f: { data: 'x', contentType: 'text/plain\r\nX-Evil: 1' } }, MULTIPART)).toThrow('the content type of the multipart field "f" must be printable ASCII');
  });
});

// ---------------------------------------------------------------------------------------------
// Both transports against a real server
// ---------------------------------------------------------------------------------------------

interface Arrival {
  readonly method: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, chunks: Buffer[]) => void;

let server: http.Server;
let base = '';
const arrivals: Arrival[] = [];
/** Every chunk of the request in progress, as it arrives. */
let arriving: Buffer[] = [];
let handler: Handler | undefined;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    arriving = chunks;
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    if (handler !== undefined) return handler(req, res, chunks);
    req.on('end', () => {
      arrivals.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** nodeTransport's pool, emptied after each test (see afterEach). */
const agent = new http.Agent({ keepAlive: true });

beforeEach(() => {
  arrivals.length = 0;
  arriving = [];
  handler = undefined;
});

afterEach(() => {
  server.closeAllConnections();
  // The client would otherwise reuse a pooled connection the server has just closed, writing the
  // next test's request before it reads the close (Node's keep-alive race: "socket hang up").
  agent.destroy();
});

const TRANSPORTS: readonly (readonly [string, Transport])[] = [
  ['fetch', (request) => fetchUpload({}, request)],
  ['nodeTransport', nodeTransport(http, { agent })],
];

function post(body: BodyData, signal?: AbortSignal): TransportRequest {
  return { url: `${base}/upload`, method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body, signal, maxResponseBytes: 1024 };
}

/** Every byte value, then a pattern long enough to need several socket writes. */
const PAYLOAD = Buffer.concat([Buffer.from(Uint8Array.from({ length: 256 }, (_, i) => i)), Buffer.from(Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 31) % 251))]);

function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.byteLength; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

const arrivedBytes = (): number => arriving.reduce((n, c) => n + c.length, 0);

async function until(done: () => boolean, ms = 2_000): Promise<void> {
  const end = performance.now() + ms;
  while (!done()) {
    if (performance.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(TRANSPORTS)('%s sends non-string bodies byte-exactly', (_name, transport) => {
  async function sent(body: BodyData): Promise<Arrival> {
    const response = await transport(post(body));
    expect(response.status).toBe(200);
    expect(arrivals).toHaveLength(1);
    return arrivals[0] as Arrival;
  }

  it('a Uint8Array, with its Content-Length', async () => {
    const arrival = await sent(new Uint8Array(PAYLOAD));
    expect(arrival.body.equals(PAYLOAD)).toBe(true);
    expect(arrival.headers['content-length']).toBe(String(PAYLOAD.length));
  });

  it('a view into a larger buffer: the view only', async () => {
    const arrival = await sent(new Uint8Array(PAYLOAD.buffer, PAYLOAD.byteOffset + 10, 1000));
    expect(arrival.body.equals(PAYLOAD.subarray(10, 1010))).toBe(true);
  });

  it('a Blob, with its Content-Length', async () => {
    const arrival = await sent(new Blob([PAYLOAD.subarray(0, 1000), PAYLOAD.subarray(1000)]));
    expect(arrival.body.equals(PAYLOAD)).toBe(true);
    expect(arrival.headers['content-length']).toBe(String(PAYLOAD.length));
  });

  it('a ReadableStream, chunked', async () => {
    const arrival = await sent(streamOf([new Uint8Array(0), ...chunked(PAYLOAD, 64 * 1024 - 1)]));
    expect(arrival.body.equals(PAYLOAD)).toBe(true);
    expect(arrival.headers['transfer-encoding']).toBe('chunked');
  });

  it('a multipart body holding a File, as encodeRequestBody makes it', async () => {
    const encoded = encodeRequestBody({ note: 'x', file: new File([PAYLOAD], 'p.bin') }, MULTIPART);
    const response = await transport({ ...post(encoded.body), headers: { 'content-type': encoded.contentType } });
    expect(response.status).toBe(200);
    const parts = parseMultipart(arrivals[0]?.body ?? Buffer.alloc(0), String(arrivals[0]?.headers['content-type']));
    expect(parts.map((p) => p.headers[0])).toEqual([disposition('note'), disposition('file', 'p.bin')]);
    expect(parts[1]?.data.equals(PAYLOAD)).toBe(true);
  });

  it('rejects when the stream errors, and closes the connection without ending the body', async () => {
    let ended = false;
    let closed = false;
    handler = (req) => {
      req.on('end', () => (ended = true));
      req.on('close', () => (closed = true));
    };
    let sentOne = false;
    const failing = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!sentOne) {
          sentOne = true;
          return controller.enqueue(new Uint8Array([1, 2, 3]));
        }
        // Once the server holds part of the body: failing earlier, the client may give up before
        // the request goes out, and the server would have no request to see closed.
        await until(() => arrivedBytes() >= 3);
        controller.error(new Error('disk read failed'));
      },
    });
    await expect(transport(post(failing))).rejects.toBeInstanceOf(Error);
    await until(() => closed);
    // A chunked body ended after the error would pass the part sent for the whole.
    expect(ended).toBe(false);
  });

  it('stops reading and cancels the stream when the exchange is aborted', async () => {
    handler = () => undefined;
    let cancelled: unknown = 'not cancelled';
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls++;
        if (pulls > 1) await new Promise((resolve) => setTimeout(resolve, 20));
        controller.enqueue(new Uint8Array(1024).fill(pulls % 256));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const controller = new AbortController();
    const pending = transport(post(endless, controller.signal));
    await until(() => arrivedBytes() >= 2048);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toBeDefined();
    await until(() => cancelled !== 'not cancelled');
    const after = pulls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulls).toBeLessThanOrEqual(after + 1);
  });
});

describe('nodeTransport: a stream body and an early response', () => {
  it('answers with the response the server sent before reading the body, and cancels the stream', async () => {
    handler = (_req, res) => {
      res.writeHead(413, { 'content-type': 'text/plain', connection: 'close' });
      res.end('too large');
    };
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        controller.enqueue(new Uint8Array(512));
      },
      cancel() {
        cancelled = true;
      },
    });
    const response = await nodeTransport(http)(post(endless));
    expect(response.status).toBe(413);
    expect(Buffer.from(response.body ?? new Uint8Array()).toString()).toBe('too large');
    await until(() => cancelled);
  });

  it('keeps a Content-Length the caller set for a Blob', async () => {
    const response = await nodeTransport(http)({ ...post(new Blob(['abc'])), headers: { 'Content-Length': '3' } });
    expect(response.status).toBe(200);
    expect(arrivals[0]?.headers['content-length']).toBe('3');
    expect(arrivals[0]?.body.toString()).toBe('abc');
  });
});
