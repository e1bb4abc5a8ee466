/**
 * Middleware (issue 36): code that runs around every attempt of a call, to add a header, sign a
 * request, log, trace or answer from a cache. The client's runtime knows only the `middleware`
 * option's one method (`start`); everything else is here, reached through `middleware(…)`, so a
 * bundle that never makes a chain carries none of it.
 *
 * Order: `onRequest` runs the client's middleware in order, then the call's; `onResponse` and
 * `onError` run back from the last to the first, so the middleware nearest the wire sees the
 * answer first. Each attempt (a retry, the 401 replay, each page of an iterator) runs the chain
 * again, with `context.attempt` counting them; the token request of a client-credentials scheme
 * and a resumed event stream's reconnection do not run it.
 *
 * The rule that keeps secrets with their origin applies after every middleware: `onRequest` may
 * change the request's headers, query and body, but a request moved to another origin is refused
 * with nothing sent; redirects are followed from the request as the middleware left it, and a
 * header a middleware set or changed counts as secret (it never goes to another origin: one that
 * changed Accept, the one header an anonymous cross-origin redirect keeps, seals the request to
 * its origin; and errors, support reports and the context's view of the request hide its value).
 */
import { headerSecrets, scrubValue } from './base-client.js';
import { setOwn } from './body.js';
import type { DecodedError } from './decode.js';
import { clientError, failure, interpret, type ClientError, type Exchange, type Result } from './exchange.js';
import type { BodyData } from './request-body.js';
import type { EndpointSpec, RuntimeSpec } from './spec.js';
import { redactHeaders, type Redactor } from './support.js';
import type { Received, Sent } from './transport.js';

/** A request as it will be sent: `onRequest` may change its URL (on the same origin), headers and body. */
export interface MiddlewareRequest {
  url: string;
  readonly method: string;
  /** Header names as the client wrote them (its own in lower case). */
  headers: Record<string, string>;
  /** A string, bytes, a Blob, form data, URL-encoded parameters or a stream; undefined without a body. */
  body: BodyData | undefined;
}

/** A response as the client read it (header names in lower case); a streamed success has an empty body here. */
export interface MiddlewareResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** What a middleware may answer with instead of the server: a response as the client reads one, a plain one with a text body, or a fetch `Response`. */
export type MiddlewareAnswer = MiddlewareResponse | { readonly status: number; readonly headers?: Readonly<Record<string, string>>; readonly body?: string | Uint8Array } | Response;

/**
 * What every hook is told of the attempt. One object per attempt goes to all of its hooks, so a
 * middleware can keep what it needs between them in a `WeakMap` keyed by it (a span, a start time).
 */
export interface MiddlewareContext {
  /** The operation id. */
  readonly operation: string;
  /** The host the endpoint is on. */
  readonly host: string;
  /** 1 for the call's first attempt, then 2, 3, … for each retry or replay; 0 for a call that failed before any attempt. */
  readonly attempt: number;
  /** Method, URL and headers as sent, every secret hidden: set once the request has gone (or been answered by a middleware). */
  readonly request: { readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>> } | undefined;
  /** Hides every secret of the call (credentials, secret parameters and fields, headers a middleware set) in a text: for logs. */
  redact(text: string): string;
  /**
   * In `onResponse`: sends the attempt's request again, as it was sent (redirects judged again),
   * and resolves to what came back, which the hook may return in place of the response it was
   * given. Rejects when no response came (the call then fails as that attempt did).
   */
  send(): Promise<MiddlewareResponse>;
}

/** One middleware: any of the three hooks. A hook may be async; the call waits for it. */
export interface Middleware {
  /**
   * Headers this middleware sets that are no secret (a request id, a trace context): shown in
   * errors, support reports and `context.request`. Any other header it sets or changes is hidden
   * there as a credential is. Either kind stays with the request's origin.
   */
  readonly publicHeaders?: readonly string[];
  /**
   * Before the attempt is sent, with the request as it will go (credentials already on it, so it
   * can be signed). Change it in place; answer with a response and nothing is sent (the later
   * middleware's hooks do not run, the earlier ones' `onResponse` do). A throw fails the call with
   * `invalid_request`, nothing sent.
   */
  onRequest?(request: MiddlewareRequest, context: MiddlewareContext): void | MiddlewareAnswer | Promise<void | MiddlewareAnswer>;
  /** With the attempt's response (after redirects): return another in its place, or nothing to keep it. A throw fails the call with `invalid_response`. */
  onResponse?(response: MiddlewareResponse, context: MiddlewareContext): void | MiddlewareAnswer | Promise<void | MiddlewareAnswer>;
  /**
   * Told of every failure: each failed attempt (a network error, a timeout, an error status, a
   * refused redirect), and a call that fails before any attempt is sent. The error is redacted as
   * the call's result is. It only observes: what it returns or throws changes nothing.
   */
  onError?(error: ClientError | DecodedError, context: MiddlewareContext): void | Promise<void>;
}

/** What the client's and a call's `middleware` option take: made by `middleware(…)`. */
export interface MiddlewareChain {
  /** The middleware, in the order their `onRequest` runs. */
  readonly list: readonly Middleware[];
  /** The runtime's hook: the middleware of one call, the client's then the call's. */
  readonly start: (spec: RuntimeSpec, endpoint: EndpointSpec, client: { readonly middleware?: MiddlewareChain | undefined }, input: object | undefined, secrets: string[], redact: Redactor) => CallMiddleware;
}

/** The middleware of one call, as the runtime drives it. */
export interface CallMiddleware {
  /** One attempt: the prepared request through `onRequest`, `go` (the exchange), `onResponse`, `onError`. */
  send(request: Sent, go: (request: Sent, sealed: boolean) => Promise<Exchange>): Promise<Exchange>;
  /** The call's result, after `onError` saw a failure no attempt reported. */
  end(result: Result<unknown, DecodedError | ClientError>): Promise<Result<unknown, DecodedError | ClientError>>;
}

/**
 * A chain of middleware for `createClient({ middleware })` or a call's `middleware` option:
 * middleware and chains, in order (a chain's own in its place).
 */
export function middleware(...items: readonly (Middleware | MiddlewareChain)[]): MiddlewareChain {
  return { list: items.flatMap((m) => ('start' in m && 'list' in m ? m.list : [m])), start };
}

function start(spec: RuntimeSpec, endpoint: EndpointSpec, client: { readonly middleware?: MiddlewareChain | undefined }, input: object | undefined, secrets: string[], redact: Redactor): CallMiddleware {
  const call = (input as { readonly middleware?: MiddlewareChain } | undefined)?.middleware;
  return new CallChain(spec, endpoint, [...(client.middleware?.list ?? []), ...(call?.list ?? [])], secrets, redact);
}

type AnyError = DecodedError | ClientError;

class CallChain implements CallMiddleware {
  private attempts = 0;

  constructor(
    private readonly spec: RuntimeSpec,
    private readonly endpoint: EndpointSpec,
    private readonly list: readonly Middleware[],
    /** The call's secret values, which its redactor reads on every use: those a middleware sets join them. */
    private readonly secrets: string[],
    /** The call's redactor. */
    private readonly redact: Redactor,
  ) {}

  async send(prepared: Sent, go: (request: Sent, sealed: boolean) => Promise<Exchange>): Promise<Exchange> {
    const context = new AttemptContext(this.endpoint, ++this.attempts, this.redact);
    const request: MiddlewareRequest = { url: prepared.url, method: prepared.method, headers: { ...prepared.headers }, body: prepared.body };
    let reached = 0;
    let exchange: Exchange | undefined;
    try {
      for (; reached < this.list.length && exchange === undefined; reached++) {
        const current = this.list[reached] as Middleware;
        const before: Sent = { ...request, headers: { ...request.headers } };
        try {
          const answer = await current.onRequest?.(request, context);
          if (answer !== undefined) exchange = this.answered(request, await received(answer));
        } finally {
          this.learn(before, request, current.publicHeaders);
        }
      }
    } catch (e) {
      return this.failed(failure(clientError(this.endpoint.host, 'invalid_request', `a middleware failed: ${message(e)}`), undefined), context, reached + 1);
    }
    const sent: Sent = { url: request.url, method: request.method, headers: request.headers, body: request.body };
    // Accept is the one header a redirect to another origin takes along: one a middleware set seals the request to its origin.
    const sealed = headerOf(sent, 'accept') !== headerOf(prepared, 'accept');
    if (exchange === undefined) {
      if (!sameOrigin(sent.url, prepared.url)) return this.failed(failure(clientError(this.endpoint.host, 'redirect', 'a middleware moved the request to another origin: it was not sent', 0, sent.url), undefined), context, reached);
      exchange = await go(sent, sealed);
    }
    context.recordSent(exchange.request ?? sent, () => go(sent, sealed));
    return this.failed(await this.responded(exchange, reached, context), context, reached);
  }

  async end(result: Result<unknown, AnyError>): Promise<Result<unknown, AnyError>> {
    // A call that failed before any attempt was sent (its input, its checks, its credentials).
    if (!result.ok && this.attempts === 0) await this.observe(result.error, new AttemptContext(this.endpoint, 0, this.redact), this.list.length);
    return result;
  }

  /** `onResponse` from the middleware nearest the wire back to the first; a response it returns replaces the attempt's. */
  private async responded(exchange: Exchange, reached: number, context: AttemptContext): Promise<Exchange> {
    let current = exchange;
    for (let i = reached - 1; i >= 0; i--) {
      const middleware = this.list[i] as Middleware;
      const response = current.response;
      if (middleware.onResponse === undefined || response === undefined) continue;
      try {
        const answer = await middleware.onResponse(response, context);
        if (answer !== undefined && answer !== response) {
          // A streamed success replaced is never read: its connection is closed.
          const stream = (response as { readonly stream?: ReadableStream<Uint8Array> }).stream;
          if (stream !== undefined && !stream.locked) stream.cancel().catch(() => undefined);
          current = context.resent(answer) ?? this.answered(current.request as Sent, await received(answer));
        }
      } catch (e) {
        // A resend that got no response fails the attempt as that one failed.
        return context.lost() ?? failure(clientError(this.endpoint.host, 'invalid_response', `a middleware failed: ${message(e)}`, response.status), current.request);
      }
    }
    return current;
  }

  /** The exchange of a response a middleware answered with: read as the server's would be. */
  private answered(request: Sent, response: Received): Exchange {
    return { result: interpret(this.spec, this.endpoint, response), request, response };
  }

  /** `onError` of the middleware that saw the attempt, back to the first, when it failed. */
  private async failed(exchange: Exchange, context: AttemptContext, reached: number): Promise<Exchange> {
    if (!exchange.result.ok) await this.observe(exchange.result.error, context, reached);
    return exchange;
  }

  private async observe(error: AnyError, context: MiddlewareContext, reached: number): Promise<void> {
    const shown = scrubValue(error, this.redact, 0) as AnyError;
    for (let i = Math.min(reached, this.list.length) - 1; i >= 0; i--) {
      try {
        await this.list[i]?.onError?.(shown, context);
      } catch {
        // An observer changes nothing, even by failing.
      }
    }
  }

  /** Values one middleware set (headers but those it calls public, query parameters) join the call's secrets. */
  private learn(prepared: Sent, request: MiddlewareRequest, open: readonly string[] = []): void {
    const before = new Map(Object.entries(prepared.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const shown = new Set(open.map((h) => h.toLowerCase()));
    for (const [name, value] of Object.entries(request.headers)) {
      const lower = name.toLowerCase();
      if (before.get(lower) !== value && !shown.has(lower)) this.secrets.push(...headerSecrets({ [name]: value }));
    }
    if (request.url === prepared.url) return;
    const had = new Set(query(prepared.url));
    for (const value of query(request.url)) if (!had.has(value) && value.length > 7) this.secrets.push(value);
  }
}

/** The context of one attempt, the same object for each of its hooks. */
class AttemptContext implements MiddlewareContext {
  readonly operation: string;
  readonly host: string;
  request: MiddlewareContext['request'];
  /** The attempt's request sent again (`send`). */
  private again: (() => Promise<Exchange>) | undefined;
  /** The last exchange `send` made. */
  private last: Exchange | undefined;

  constructor(
    endpoint: EndpointSpec,
    readonly attempt: number,
    private readonly redactor: Redactor,
  ) {
    this.operation = endpoint.id;
    this.host = endpoint.host;
  }

  redact(text: string): string {
    return this.redactor.text(text);
  }

  /** The request went (or was answered by a middleware): the hooks after see it, secrets hidden. */
  recordSent(request: Sent, again: () => Promise<Exchange>): void {
    this.request = { method: request.method, url: this.redactor.text(request.url), headers: redactHeaders(this.redactor, request.headers) };
    this.again = again;
  }

  async send(): Promise<MiddlewareResponse> {
    if (this.again === undefined) throw new Error('send() answers in onResponse, after the request was sent');
    const exchange = await this.again();
    this.last = exchange;
    if (exchange.response === undefined) {
      throw new Error(exchange.result.ok ? 'no response' : this.redactor.text(exchange.result.error.message));
    }
    return exchange.response;
  }

  /** The exchange of the last `send`, when it got no response. */
  lost(): Exchange | undefined {
    return this.last !== undefined && this.last.response === undefined ? this.last : undefined;
  }

  /** The exchange of a response `send` got, when that is what a hook returned. */
  resent(answer: MiddlewareAnswer): Exchange | undefined {
    return this.last !== undefined && answer === this.last.response ? this.last : undefined;
  }
}

/** The values of a URL's query (none when it is not a URL: then it is refused as another origin). */
function query(url: string): string[] {
  const values: string[] = [];
  if (URL.canParse(url)) new URL(url).searchParams.forEach((value) => values.push(value));
  return values;
}

function headerOf(request: Sent, name: string): string | undefined {
  return Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

function sameOrigin(url: string, of: string): boolean {
  return URL.canParse(url) && new URL(url).origin === new URL(of).origin;
}

/** A middleware's answer as the client reads a response: header names in lower case, the body as bytes. */
async function received(answer: MiddlewareAnswer): Promise<Received> {
  if (typeof Response !== 'undefined' && answer instanceof Response) {
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => setOwn(headers, name, value));
    return { status: answer.status, headers, body: new Uint8Array(await answer.arrayBuffer()) };
  }
  const plain = answer as Exclude<MiddlewareAnswer, Response>;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(plain.headers ?? {})) setOwn(headers, name.toLowerCase(), value);
  const body = plain.body;
  return { status: plain.status, headers, body: typeof body === 'string' ? new TextEncoder().encode(body) : (body ?? new Uint8Array(0)) };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
