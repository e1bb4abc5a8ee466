import { type RuntimeOptions } from './exchange.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';
import type { StreamEvent, StreamSpec } from './stream.js';
import type { ClientRuntimeOptions } from './base-client.js';
export type MockMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
/** msw's handler options: `once` answers one request, then falls through to the next handler. */
export interface MockHandlerOptions {
    readonly once?: boolean;
    /**
     * Answer 400 with the issues when a JSON request body is not of its type (the target's
     * `validators` check it; default: the target's `validateRequests`).
     */
    readonly validateRequests?: boolean;
}
/** The part of msw's resolver argument the handlers read. */
export interface MockRequestInfo {
    readonly request: Request;
}
/** The part of msw's `http` the mocks use: one route builder per method. */
export type HttpLike<Handler> = {
    readonly [M in MockMethod]: (path: string, resolver: (info: MockRequestInfo) => Response | Promise<Response>, options?: {
        readonly once?: boolean;
    }) => Handler;
};
/** A canned HTTP response. */
export interface MockResponse {
    readonly status: number;
    readonly contentType?: string;
    /** A JSON body. */
    readonly json?: unknown;
    /** A text body (the example PDF is ASCII text). Neither `json` nor `text`: an empty body. */
    readonly text?: string;
    readonly headers?: Readonly<Record<string, string>>;
}
/**
 * What the client returns for a fixture: part of its error, for `expect(error).toMatchObject(...)`.
 * `fields` lists the field paths only; `policy` its name only.
 */
export interface MockExpectation {
    readonly status: number;
    readonly shape: string;
    readonly code: string;
    readonly known: boolean;
    readonly kind?: string;
    readonly category: string;
    readonly retryable: boolean;
    readonly rules: readonly string[];
    readonly fields: readonly {
        readonly field: string;
    }[];
    readonly policy?: {
        readonly name: string;
    };
    readonly retry?: 'once_then_support';
}
/** Where a fixture comes from: a code row, a message row, a policy restriction, a shape, a quirk, a content-type check. */
export type MockFixtureKind = 'code' | 'message' | 'policy' | 'shape' | 'quirk' | 'content_type';
export interface MockErrorFixture extends MockResponse {
    readonly kind: MockFixtureKind;
    /** What the fixture assumes that the contract does not say (a status, where a detail goes). */
    readonly note?: string;
    /** What the client returns for it; on an endpoint, see the endpoint's `expect` first. */
    readonly expect: MockExpectation;
}
export interface MockSuccessFixture<Data = unknown> extends MockResponse {
    readonly json?: Data;
    readonly note?: string;
}
/** A host's error fixtures by key. */
export type MockHostFixtures<Key extends string = string> = Readonly<Record<Key, MockErrorFixture>>;
/** An endpoint's fixtures; `Key` is every key its `error` accepts, the host's (`HostKey`) included. */
export interface MockEndpointFixtures<Data = unknown, HostKey extends string = string, Key extends string = string> {
    readonly method: string;
    readonly path: string;
    readonly host: string;
    readonly success: MockSuccessFixture<Data>;
    /** A paginated endpoint's last page: the success handler's answer to a request for any page after the first. */
    readonly lastPage?: MockSuccessFixture<Data>;
    /** The endpoint's own error responses: its quirks, a wrong content type. */
    readonly errors: Readonly<Record<Exclude<Key, HostKey>, MockErrorFixture>>;
    /**
     * Host fixtures this endpoint's rules (quirks, shapes, fields) decode differently, by key. A record
     * of some keys, not `Partial<Record<HostKey, …>>`: TypeScript reads a key such a record leaves out
     * as Object's member of that name, so one without a `constructor` fixture would not be of the type.
     */
    readonly expect: Readonly<Record<string, MockExpectation>>;
}
/**
 * One item of a stream fixture, for a stream of the client's `Item`s: an event whose `id` is
 * optional (server-sent events), a chunk as text or bytes (a byte stream), else the item itself
 * (JSON lines and sequences).
 */
export type MockStreamItem<Item> = Item extends Uint8Array ? MockStreamChunk : Item extends StreamEvent<infer Name, infer Data> ? MockStreamEvent<Name, Data> : Item;
/** One server-sent event of a stream fixture: `data` is sent as JSON where the contract's type for it is not text. */
export interface MockStreamEvent<Name extends string = string, Data = unknown> {
    readonly event: Name;
    readonly data: Data;
    /** Sent as the event's `id` field (a resumable stream's events have one); the client's `event.id` is the last one sent. */
    readonly id?: string;
}
/** One chunk of a byte stream fixture: text (sent as UTF-8) or bytes. */
export type MockStreamChunk = string | Uint8Array;
/** The event a server-sent event stream reports a failure with (the contract's `error` event). */
export interface MockStreamErrorEvent {
    readonly event: string;
    /** Sent as JSON, or as it is when text. */
    readonly data: unknown;
}
/** A streamed success: what the success handler of a streaming endpoint sends, item by item. */
export interface MockStreamFixture<Item = unknown> {
    readonly status: number;
    readonly contentType: string;
    readonly format: StreamSpec['format'];
    readonly headers?: Readonly<Record<string, string>>;
    /** Server-sent events: the `retry` field sent first, so a client resumes without waiting long. */
    readonly retryMs?: number;
    /** What the stream carries, in order: events, JSON items or byte chunks. */
    readonly items: readonly Item[];
    /** Server-sent events: the data sent after the last item (the contract's terminator, `[DONE]`). */
    readonly terminator?: string;
    /** Server-sent events: what `failWith: 'error'` sends (the contract's error event). */
    readonly error?: MockStreamErrorEvent;
    readonly note?: string;
}
/** A streaming endpoint's success handler: what it streams, how fast, and where it fails. */
export interface MockStreamOptions<Item = unknown> extends MockHandlerOptions {
    /** The items to stream instead of the fixture's. */
    readonly items?: readonly Item[];
    /** Milliseconds between two items (and before the terminator or the failure); the first item goes at once. */
    readonly delayMs?: number;
    /** Ends the stream after this many items with the failure `failWith` says, instead of its end or terminator. */
    readonly failAfter?: number;
    /**
     * `error`: the contract's error event (server-sent events that declare one); `drop`: the
     * connection drops (the body errors). Default: `error` where the stream has an error event, else
     * `drop`. Without `failAfter`, the failure comes after every item.
     */
    readonly failWith?: 'error' | 'drop';
    /** The error event's data instead of the fixture's. */
    readonly errorData?: unknown;
}
/** A streaming endpoint's fixtures: besides the others, the stream its success handler sends. */
export interface MockStreamEndpointFixtures<Data = unknown, HostKey extends string = string, Key extends string = string, Item = unknown> extends MockEndpointFixtures<Data, HostKey, Key> {
    readonly stream: MockStreamFixture<MockStreamItem<Item>>;
}
/** An endpoint's fixtures, as the generic code reads them. */
export interface MockEndpointData {
    readonly success: MockResponse;
    readonly lastPage?: MockResponse;
    readonly stream?: MockStreamFixture;
    readonly errors: MockHostFixtures;
    readonly expect: Readonly<Record<string, MockExpectation | undefined>>;
}
/** Every fixture of a package, as the generic code reads them. */
export interface MockFixtureSet {
    readonly hosts: Readonly<Record<string, MockHostFixtures>>;
    readonly endpoints: Readonly<Record<string, MockEndpointData>>;
}
/** Where the mocked APIs answer: the options the client is created with (its environment, server variables and base URLs). */
export type MockTargetOptions = RuntimeOptions & Pick<ClientRuntimeOptions, 'validators' | 'validateRequests'>;
/** msw handlers for one endpoint. */
export interface EndpointMocks<Handler, Key extends string = string> {
    readonly method: MockMethod;
    /** The URL the handlers match, path parameters as msw `:name` segments. */
    readonly url: string;
    /** Every key `error` accepts: the host's fixtures, then the endpoint's own. */
    readonly keys: readonly Key[];
    /** Answers with the contract's success response. */
    success(options?: MockHandlerOptions): Handler;
    /** Answers with an error fixture. */
    error(key: Key, options?: MockHandlerOptions): Handler;
    /** Answers with any response. */
    respond(response: MockResponse, options?: MockHandlerOptions): Handler;
    fixture(key: Key): MockErrorFixture;
    /** What the client returns for `error(key)` on this endpoint. */
    expected(key: Key): MockExpectation;
}
/** msw handlers for a streaming endpoint: `success` streams its stream fixture. */
export interface StreamEndpointMocks<Handler, Key extends string = string, Item = unknown> extends EndpointMocks<Handler, Key> {
    /** Answers with the stream fixture, item by item: `{ delayMs, failAfter, failWith, items }` shape it. */
    success(options?: MockStreamOptions<MockStreamItem<Item>>): Handler;
    /** What `success` streams. */
    readonly streamFixture: MockStreamFixture<MockStreamItem<Item>>;
}
export interface MockApi<Handler, Keys> {
    endpoint<Id extends keyof Keys & string>(id: Id): EndpointMocks<Handler, Keys[Id] & string>;
    /** A streaming endpoint's mocks; `Item` is its stream's item type (the client's). */
    streamEndpoint<Id extends keyof Keys & string, Item>(id: Id): StreamEndpointMocks<Handler, Keys[Id] & string, Item>;
    /** The success handler of every endpoint. */
    handlers(): Handler[];
}
export interface MockRuntimeSpec extends RuntimeSpec {
    readonly endpoints: Readonly<Record<string, EndpointSpec>>;
}
/** A fresh Response per request: a body can be read once. */
export declare function mockResponse(response: MockResponse): Response;
/** The msw URL of an endpoint: the client's own URL building, with `:name` for each path parameter. */
export declare function mockUrl(spec: RuntimeSpec, target: MockTargetOptions, endpoint: EndpointSpec): string;
/**
 * The generated `createMocks`' engine. `Keys` maps each operation id to its fixture keys (the
 * generated `FixtureKeys`); `endpoint(id)` narrows to them.
 */
export declare function mockApi<Handler, Keys>(http: HttpLike<Handler>, spec: MockRuntimeSpec, fixtures: MockFixtureSet, target: MockTargetOptions): MockApi<Handler, Keys>;
