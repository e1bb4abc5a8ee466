/**
 * Streams read from real descriptions and streamed from a local server: an OpenAPI 3.2 description
 * of Anthropic's Messages API written from the event format Anthropic documents (each event an
 * `itemSchema` branch), and an excerpt of OpenAI's published description (3.1: `text/event-stream`
 * whose `schema` is one event's data; chat completions end with `data: [DONE]`, which only its
 * prose says). Each is imported, generated, type-checked under both compilers, and called through
 * fetch against a node:http server on 127.0.0.1 replaying an event sequence as the vendor's
 * documentation shows it. And the importer's other readings: JSON lines and sequences by
 * `itemSchema` or `schema`, 3.1 event envelopes, the 3.2 specification's own event example.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOpenApi } from '../generator/import/import.js';
import type { Out } from '../generator/import/context.js';
import { COMPILERS, outDir, TYPE_CHECK_TIMEOUT, typeCheck, type Compiler } from './support/type-tests.js';
import { packageUnderTest, type PackageUnderTest } from './support/loopback.js';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

const ANTHROPIC = fileURLToPath(new URL('./fixtures/openapi/anthropic-messages.yaml', import.meta.url));
const OPENAI = fileURLToPath(new URL('./fixtures/openapi/openai-streaming.yaml', import.meta.url));

interface Streamed<T> extends AsyncIterable<T> {
  readonly error: { readonly code: string; readonly message: string; readonly data?: unknown } | undefined;
}
interface Outcome {
  readonly ok: boolean;
  readonly data?: unknown;
  readonly error?: { readonly status: number; readonly message: string };
}
interface Package {
  createClient(options: object): Record<string, (input: object) => Promise<Outcome>>;
}

async function all<T>(stream: Streamed<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of stream) out.push(item);
  return out;
}

const sse = (event: string | undefined, data: unknown) => `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

async function body(req: IncomingMessage): Promise<{ stream?: boolean; messages?: { content: string }[] }> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text) as { stream?: boolean };
}

/** Written in chunks of `size` bytes, one per tick: events split anywhere. */
async function dribble(res: ServerResponse, text: string, size: number): Promise<void> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) {
    res.write(bytes.subarray(i, i + size));
    await new Promise((r) => setImmediate(r));
  }
  res.end();
}

function imported(file: string): Out {
  const result = importOpenApi(parse(readFileSync(file, 'utf8')));
  if (!result.ok) throw new Error(result.problem);
  return result.contract;
}

function responseOf(contract: Out, endpoint: string, status: string): Out {
  const endpoints = contract['endpoints'] as Record<string, { responses: Record<string, Out> }>;
  return endpoints[endpoint]?.responses[status] as Out;
}

// ---------------------------------------------------------------------------------------------
// Anthropic: OpenAPI 3.2, events by itemSchema
// ---------------------------------------------------------------------------------------------

/** The tool-use example of Anthropic's streaming documentation, shortened, with a ping. */
const ANTHROPIC_EVENTS: readonly [string, unknown][] = [
  ['message_start', { type: 'message_start', message: { id: 'msg_014p7gG3wDgGV9EUtLvnow3U', type: 'message', role: 'assistant', model: 'claude-opus-4-1-20250805', stop_sequence: null, usage: { input_tokens: 472, output_tokens: 2 }, content: [], stop_reason: null } }],
  ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
  ['ping', { type: 'ping' }],
  ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Okay' } }],
  ['content_block_stop', { type: 'content_block_stop', index: 0 }],
  ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', input: {} } }],
  ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"location":' } }],
  ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: ' "San Francisco, CA"}' } }],
  ['content_block_stop', { type: 'content_block_stop', index: 1 }],
  ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 89 } }],
  ['message_stop', { type: 'message_stop' }],
];

const ANTHROPIC_TYPES = `
import { expectTypeOf } from 'vitest';
import type { Client, ContentBlockDeltaEvent, ErrorResponse, Message, StreamError } from './index.js';

export async function tool(client: Client): Promise<string> {
  const whole = await client.createMessage({ body: { model: 'm', max_tokens: 64, messages: [] } });
  if (whole.ok) expectTypeOf(whole.data).toEqualTypeOf<Message>();
  const r = await client.createMessage({ body: { model: 'm', max_tokens: 64, messages: [{ role: 'user', content: 'weather?' }], stream: true } });
  if (!r.ok) return r.error.message;
  let json = '';
  for await (const event of r.data) {
    if (event.event !== 'content_block_delta') continue;
    expectTypeOf(event.data).toEqualTypeOf<ContentBlockDeltaEvent>();
    if (event.data.delta.type === 'input_json_delta') json += event.data.delta.partial_json;
  }
  // The error event's data is typed as the description declares it, and the event is never an item.
  expectTypeOf(r.data.error).toEqualTypeOf<StreamError<ErrorResponse> | undefined>();
  for await (const event of r.data) {
    // @ts-expect-error the error event ends the stream: it is no item
    if (event.event === 'error') return '';
  }
  return json;
}
`;

describe("Anthropic's Messages API, described in OpenAPI 3.2", () => {
  const out = outDir('openapi-streaming-anthropic');
  let under: PackageUnderTest<Package>;

  beforeAll(async () => {
    under = await packageUnderTest<Package>(ANTHROPIC, out, ANTHROPIC_TYPES, (req, res) => {
      void body(req).then(async (sent) => {
        if (sent.stream !== true) return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'm', stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 } }));
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const overloaded = sent.messages?.[0]?.content === 'overload';
        const events = overloaded ? [...ANTHROPIC_EVENTS.slice(0, 4), ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }] as [string, unknown]] : ANTHROPIC_EVENTS;
        await dribble(res, events.map(([name, data]) => sse(name, data)).join(''), 13);
      });
    });
  });
  afterAll(() => under.dispose());

  it('imports each itemSchema branch as an event with its data type, and the error event as the stream’s failure', () => {
    const response = responseOf(imported(ANTHROPIC), 'createMessage', '200');
    expect(response['body']).toBe('Message');
    expect(response['stream']).toEqual({
      format: 'sse',
      events: { message_start: 'MessageStartEvent', content_block_start: 'ContentBlockStartEvent', content_block_delta: 'ContentBlockDeltaEvent', content_block_stop: 'ContentBlockStopEvent', message_delta: 'MessageDeltaEvent', message_stop: 'MessageStopEvent', ping: 'PingEvent', error: 'ErrorResponse' },
      error: 'error',
      when: { field: 'stream' },
    });
  });

  it.each(Object.keys(COMPILERS) as Compiler[])('the generated package type-checks under %s, events narrowed by name', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    expect(typeCheck(out, compiler)).toEqual({ output: '', status: 0 });
  });

  it('streams the documented sequence: every event in order, the tool input whole from its deltas', async () => {
    const client = under.pkg.createClient({ baseUrl: under.base, auth: { apiKey: 'sk-ant-test' }, maxRetries: 0 });
    const outcome = await client.createMessage?.({ body: { model: 'm', max_tokens: 64, messages: [{ role: 'user', content: 'weather?' }], stream: true } });
    const stream = outcome?.data as Streamed<{ event: string; data: { type: string; delta?: { partial_json?: string } } }>;
    const events = await all(stream);
    expect(events.map((e) => e.event)).toEqual(ANTHROPIC_EVENTS.map(([name]) => name));
    expect(JSON.parse(events.map((e) => e.data.delta?.partial_json ?? '').join(''))).toEqual({ location: 'San Francisco, CA' });
    expect(stream.error).toBeUndefined();
  });

  it('an error event in the middle ends the stream with its data, after the events before it', async () => {
    const client = under.pkg.createClient({ baseUrl: under.base, auth: { apiKey: 'sk-ant-test' }, maxRetries: 0 });
    const outcome = await client.createMessage?.({ body: { model: 'm', max_tokens: 64, messages: [{ role: 'user', content: 'overload' }], stream: true } });
    const stream = outcome?.data as Streamed<unknown>;
    expect(await all(stream)).toHaveLength(4);
    expect(stream.error).toMatchObject({ code: 'stream_error', message: 'Overloaded', data: { error: { type: 'overloaded_error' } } });
  });

  it('without stream, the same 200 is the Message as JSON', async () => {
    const client = under.pkg.createClient({ baseUrl: under.base, auth: { apiKey: 'sk-ant-test' }, maxRetries: 0 });
    expect(await client.createMessage?.({ body: { model: 'm', max_tokens: 64, messages: [] } })).toMatchObject({ ok: true, data: { id: 'msg_1', type: 'message' } });
  });
});

// ---------------------------------------------------------------------------------------------
// OpenAI: OpenAPI 3.1, schema = one event's data
// ---------------------------------------------------------------------------------------------

const OPENAI_TYPES = `
import { expectTypeOf } from 'vitest';
import type { Client, CreateChatCompletionResponse, CreateChatCompletionStreamResponse, ResponseTextDeltaEvent } from './index.js';

export async function chat(client: Client): Promise<string> {
  // stream: true is the stream, as the request's own field says; without it, the completion as JSON.
  const whole = await client.createChatCompletion({ body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] } });
  if (whole.ok) expectTypeOf(whole.data).toEqualTypeOf<CreateChatCompletionResponse>();
  const r = await client.createChatCompletion({ body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true } });
  if (!r.ok) return '';
  let text = '';
  for await (const chunk of r.data) {
    expectTypeOf(chunk.data).toEqualTypeOf<CreateChatCompletionStreamResponse>();
    text += chunk.data.choices[0]?.delta.content ?? '';
  }
  return text;
}

export async function responses(client: Client): Promise<string> {
  const r = await client.createResponse({ body: { model: 'gpt-4o', input: 'hi', stream: true } });
  if (!r.ok) return '';
  let text = '';
  for await (const event of r.data) {
    // The data's own discriminator narrows it.
    if (event.data.type === 'response.output_text.delta') {
      expectTypeOf(event.data).toEqualTypeOf<ResponseTextDeltaEvent>();
      text += event.data.delta;
    }
  }
  return text;
}
`;

const chunk = (content: string | null, finish: string | null = null) => ({ id: 'chatcmpl-123', object: 'chat.completion.chunk', created: 1694268190, model: 'gpt-4o-mini', system_fingerprint: 'fp_44709d6fcb', choices: [{ index: 0, delta: content === null ? {} : { role: 'assistant', content }, logprobs: null, finish_reason: finish }] });

/** The Responses API's streaming example, as its reference shows it: each event named as its data's type. */
const RESPONSE_EVENTS: readonly unknown[] = [
  { type: 'response.created', sequence_number: 0, response: { id: 'resp_1', object: 'response', status: 'in_progress' } },
  { type: 'response.output_item.added', sequence_number: 1, output_index: 0, item: { id: 'msg_1', type: 'message', status: 'in_progress', role: 'assistant', content: [] } },
  { type: 'response.output_text.delta', sequence_number: 2, item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'Hi', logprobs: [] },
  { type: 'response.output_text.delta', sequence_number: 3, item_id: 'msg_1', output_index: 0, content_index: 0, delta: ' there', logprobs: [] },
  { type: 'response.output_text.done', sequence_number: 4, item_id: 'msg_1', output_index: 0, content_index: 0, text: 'Hi there', logprobs: [] },
  { type: 'response.completed', sequence_number: 5, response: { id: 'resp_1', object: 'response', status: 'completed' } },
];

describe("OpenAI's published description (chat completions and responses)", () => {
  const out = outDir('openapi-streaming-openai');
  let under: PackageUnderTest<Package>;

  beforeAll(async () => {
    under = await packageUnderTest<Package>(OPENAI, out, OPENAI_TYPES, (req, res) => {
      void body(req).then(async () => {
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
        if (req.url === '/v1/chat/completions') return dribble(res, [chunk(''), chunk('Hello'), chunk(' world'), chunk(null, 'stop')].map((c) => sse(undefined, c)).join('') + sse(undefined, '[DONE]'), 17);
        return dribble(res, RESPONSE_EVENTS.map((e) => sse((e as { type: string }).type, e)).join(''), 29);
      });
    });
  });
  afterAll(() => under.dispose());

  it("imports chat completions' stream with the [DONE] its prose documents, and the Responses API's events as one data type", () => {
    const contract = imported(OPENAI);
    expect(responseOf(contract, 'createChatCompletion', '200')['stream']).toEqual({ format: 'sse', data: 'CreateChatCompletionStreamResponse', terminator: '[DONE]', when: { field: 'stream' } });
    expect(responseOf(contract, 'createResponse', '200')['stream']).toEqual({ format: 'sse', data: 'ResponseStreamEvent', when: { field: 'stream' } });
    expect(responseOf(contract, 'createChatCompletion', '200')['body']).toBe('CreateChatCompletionResponse');
  });

  it.each(Object.keys(COMPILERS) as Compiler[])('the generated package type-checks under %s', { timeout: TYPE_CHECK_TIMEOUT }, (compiler) => {
    expect(typeCheck(out, compiler)).toEqual({ output: '', status: 0 });
  });

  it('streams a chat completion to its [DONE]', async () => {
    const client = under.pkg.createClient({ baseUrl: `${under.base}/v1`, auth: { ApiKeyAuth: 'sk-test' }, maxRetries: 0 });
    const outcome = await client.createChatCompletion?.({ body: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true } });
    const stream = outcome?.data as Streamed<{ data: ReturnType<typeof chunk> }>;
    const chunks = await all(stream);
    expect(chunks.map((c) => c.data.choices[0]?.delta.content ?? '').join('')).toBe('Hello world');
    expect(chunks.at(-1)?.data.choices[0]?.finish_reason).toBe('stop');
    expect(stream.error).toBeUndefined();
  });

  it("streams a response's events, each as its data's type says", async () => {
    const client = under.pkg.createClient({ baseUrl: `${under.base}/v1`, auth: { ApiKeyAuth: 'sk-test' }, maxRetries: 0 });
    const outcome = await client.createResponse?.({ body: { model: 'gpt-4o', input: 'hi', stream: true } });
    const stream = outcome?.data as Streamed<{ event: string; data: { type: string; delta?: string } }>;
    const events = await all(stream);
    expect(events.map((e) => e.event)).toEqual(RESPONSE_EVENTS.map((e) => (e as { type: string }).type));
    expect(events.every((e) => e.event === e.data.type)).toBe(true);
    expect(events.map((e) => e.data.delta ?? '').join('')).toBe('Hi there');
  });
});

// ---------------------------------------------------------------------------------------------
// The importer's other readings
// ---------------------------------------------------------------------------------------------

function description(version: string, content: Record<string, unknown>, schemas: Record<string, unknown> = {}): unknown {
  return {
    openapi: version,
    info: { title: 'Streams', version: '1.0.0' },
    servers: [{ url: 'https://streams.example' }],
    paths: { '/s': { get: { operationId: 'stream', responses: { '200': { description: 'ok', content } } } } },
    components: { schemas: { Log: { type: 'object', required: ['at'], properties: { at: { type: 'string' } } }, ...schemas } },
  };
}

function streamOf(doc: unknown): Out | undefined {
  const result = importOpenApi(doc);
  if (!result.ok) throw new Error(result.problem);
  return responseOf(result.contract, 'stream', '200')['stream'] as Out | undefined;
}

describe('the importer reads every sequential media type', () => {
  const log = { $ref: '#/components/schemas/Log' };

  it('3.2 itemSchema under JSON lines, NDJSON and JSON text sequences', () => {
    expect(streamOf(description('3.2.0', { 'application/jsonl': { itemSchema: log } }))).toEqual({ format: 'jsonl', item: 'Log' });
    expect(streamOf(description('3.2.0', { 'application/x-ndjson': { itemSchema: log } }))).toEqual({ format: 'jsonl', item: 'Log', contentType: 'application/x-ndjson' });
    expect(streamOf(description('3.2.0', { 'application/json-seq': { itemSchema: log } }))).toEqual({ format: 'json-seq', item: 'Log' });
  });

  it('3.0/3.1 schema: an array of the items (the whole, as 3.2 reads it), or one item', () => {
    expect(streamOf(description('3.1.0', { 'application/x-ndjson': { schema: { type: 'array', items: log } } }))).toEqual({ format: 'jsonl', item: 'Log', contentType: 'application/x-ndjson' });
    expect(streamOf(description('3.0.3', { 'application/x-ndjson': { schema: log } }))).toEqual({ format: 'jsonl', item: 'Log', contentType: 'application/x-ndjson' });
  });

  it('3.1 event envelopes ({ event: const, data }) as events, a plain schema as every event’s data, none as text', () => {
    const envelope = (name: string, data: unknown) => ({ type: 'object', required: ['event', 'data'], properties: { event: { type: 'string', enum: [name] }, data } });
    const doc = description('3.1.0', { 'text/event-stream': { schema: { oneOf: [{ $ref: '#/components/schemas/Delta' }, { $ref: '#/components/schemas/Done' }] } } }, { Delta: envelope('thread.message.delta', log), Done: envelope('done', { type: 'string', enum: ['[DONE]'] }) });
    expect(streamOf(doc)).toEqual({ format: 'sse', events: { 'thread.message.delta': 'Log', done: 'string' } });
    expect(streamOf(description('3.1.0', { 'text/event-stream': { schema: log } }))).toEqual({ format: 'sse', data: 'Log' });
    expect(streamOf(description('3.1.0', { 'text/event-stream': {} }))).toEqual({ format: 'sse' });
  });

  it("the 3.2 specification's example: events by const, text data and JSON data by contentSchema (its addJSON spelt as on the wire)", () => {
    const item = {
      $ref: '#/components/schemas/Event',
      required: ['event'],
      oneOf: [
        { properties: { event: { const: 'addString' } } },
        { properties: { event: { const: 'addInt64' }, data: { format: 'int64' } } },
        { properties: { event: { const: 'addJSON' }, data: { contentMediaType: 'application/json', contentSchema: { type: 'object', required: ['foo'], properties: { foo: { type: 'integer' } } } } } },
      ],
    };
    const event = { type: 'object', required: ['data'], properties: { data: { type: 'string' }, event: { type: 'string' }, id: { type: 'string' }, retry: { type: 'integer', minimum: 0 } } };
    const stream = streamOf(description('3.2.0', { 'text/event-stream': { itemSchema: item } }, { Event: event }));
    expect(stream).toEqual({ format: 'sse', events: { addString: 'string', addInt64: 'string', addJSON: { type: 'object', fields: { foo: { type: 'integer', required: true } } } } });
  });
});
