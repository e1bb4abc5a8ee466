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
import { clientError, failure, interpret } from './exchange.js';
import { redactHeaders } from './support.js';
/**
 * A chain of middleware for `createClient({ middleware })` or a call's `middleware` option:
 * middleware and chains, in order (a chain's own in its place).
 */
export function middleware(...items) {
    return { list: items.flatMap((m) => ('start' in m && 'list' in m ? m.list : [m])), start };
}
function start(spec, endpoint, client, input, secrets, redact) {
    const call = input?.middleware;
    return new CallChain(spec, endpoint, [...(client.middleware?.list ?? []), ...(call?.list ?? [])], secrets, redact);
}
class CallChain {
    spec;
    endpoint;
    list;
    secrets;
    redact;
    attempts = 0;
    constructor(spec, endpoint, list, 
    /** The call's secret values, which its redactor reads on every use: those a middleware sets join them. */
    secrets, 
    /** The call's redactor. */
    redact) {
        this.spec = spec;
        this.endpoint = endpoint;
        this.list = list;
        this.secrets = secrets;
        this.redact = redact;
    }
    async send(prepared, go) {
        const context = new AttemptContext(this.endpoint, ++this.attempts, this.redact);
        const request = { url: prepared.url, method: prepared.method, headers: { ...prepared.headers }, body: prepared.body };
        let reached = 0;
        let exchange;
        try {
            for (; reached < this.list.length && exchange === undefined; reached++) {
                const current = this.list[reached];
                const before = { ...request, headers: { ...request.headers } };
                try {
                    const answer = await current.onRequest?.(request, context);
                    if (answer !== undefined)
                        exchange = this.answered(request, await received(answer));
                }
                finally {
                    this.learn(before, request, current.publicHeaders);
                }
            }
        }
        catch (e) {
            return this.failed(failure(clientError(this.endpoint.host, 'invalid_request', `a middleware failed: ${message(e)}`), undefined), context, reached + 1);
        }
        const sent = { url: request.url, method: request.method, headers: request.headers, body: request.body };
        // Accept is the one header a redirect to another origin takes along: one a middleware set seals the request to its origin.
        const sealed = headerOf(sent, 'accept') !== headerOf(prepared, 'accept');
        if (exchange === undefined) {
            if (!sameOrigin(sent.url, prepared.url))
                return this.failed(failure(clientError(this.endpoint.host, 'redirect', 'a middleware moved the request to another origin: it was not sent', 0, sent.url), undefined), context, reached);
            exchange = await go(sent, sealed);
        }
        context.recordSent(exchange.request ?? sent, () => go(sent, sealed));
        return this.failed(await this.responded(exchange, reached, context), context, reached);
    }
    async end(result) {
        // A call that failed before any attempt was sent (its input, its checks, its credentials).
        if (!result.ok && this.attempts === 0)
            await this.observe(result.error, new AttemptContext(this.endpoint, 0, this.redact), this.list.length);
        return result;
    }
    /** `onResponse` from the middleware nearest the wire back to the first; a response it returns replaces the attempt's. */
    async responded(exchange, reached, context) {
        let current = exchange;
        for (let i = reached - 1; i >= 0; i--) {
            const middleware = this.list[i];
            const response = current.response;
            if (middleware.onResponse === undefined || response === undefined)
                continue;
            try {
                const answer = await middleware.onResponse(response, context);
                if (answer !== undefined && answer !== response) {
                    // A streamed success replaced is never read: its connection is closed.
                    const stream = response.stream;
                    if (stream !== undefined && !stream.locked)
                        stream.cancel().catch(() => undefined);
                    current = context.resent(answer) ?? this.answered(current.request, await received(answer));
                }
            }
            catch (e) {
                // A resend that got no response fails the attempt as that one failed.
                return context.lost() ?? failure(clientError(this.endpoint.host, 'invalid_response', `a middleware failed: ${message(e)}`, response.status), current.request);
            }
        }
        return current;
    }
    /** The exchange of a response a middleware answered with: read as the server's would be. */
    answered(request, response) {
        return { result: interpret(this.spec, this.endpoint, response), request, response };
    }
    /** `onError` of the middleware that saw the attempt, back to the first, when it failed. */
    async failed(exchange, context, reached) {
        if (!exchange.result.ok)
            await this.observe(exchange.result.error, context, reached);
        return exchange;
    }
    async observe(error, context, reached) {
        const shown = scrubValue(error, this.redact, 0);
        for (let i = Math.min(reached, this.list.length) - 1; i >= 0; i--) {
            try {
                await this.list[i]?.onError?.(shown, context);
            }
            catch {
                // An observer changes nothing, even by failing.
            }
        }
    }
    /** Values one middleware set (headers but those it calls public, query parameters) join the call's secrets. */
    learn(prepared, request, open = []) {
        const before = new Map(Object.entries(prepared.headers).map(([k, v]) => [k.toLowerCase(), v]));
        const shown = new Set(open.map((h) => h.toLowerCase()));
        for (const [name, value] of Object.entries(request.headers)) {
            const lower = name.toLowerCase();
            if (before.get(lower) !== value && !shown.has(lower))
                this.secrets.push(...headerSecrets({ [name]: value }));
        }
        if (request.url === prepared.url)
            return;
        const had = new Set(query(prepared.url));
        for (const value of query(request.url))
            if (!had.has(value) && value.length > 7)
                this.secrets.push(value);
    }
}
/** The context of one attempt, the same object for each of its hooks. */
class AttemptContext {
    attempt;
    redactor;
    operation;
    host;
    request;
    /** The attempt's request sent again (`send`). */
    again;
    /** The last exchange `send` made. */
    last;
    constructor(endpoint, attempt, redactor) {
        this.attempt = attempt;
        this.redactor = redactor;
        this.operation = endpoint.id;
        this.host = endpoint.host;
    }
    redact(text) {
        return this.redactor.text(text);
    }
    /** The request went (or was answered by a middleware): the hooks after see it, secrets hidden. */
    recordSent(request, again) {
        this.request = { method: request.method, url: this.redactor.text(request.url), headers: redactHeaders(this.redactor, request.headers) };
        this.again = again;
    }
    async send() {
        if (this.again === undefined)
            throw new Error('send() answers in onResponse, after the request was sent');
        const exchange = await this.again();
        this.last = exchange;
        if (exchange.response === undefined) {
            throw new Error(exchange.result.ok ? 'no response' : this.redactor.text(exchange.result.error.message));
        }
        return exchange.response;
    }
    /** The exchange of the last `send`, when it got no response. */
    lost() {
        return this.last !== undefined && this.last.response === undefined ? this.last : undefined;
    }
    /** The exchange of a response `send` got, when that is what a hook returned. */
    resent(answer) {
        return this.last !== undefined && answer === this.last.response ? this.last : undefined;
    }
}
/** The values of a URL's query (none when it is not a URL: then it is refused as another origin). */
function query(url) {
    const values = [];
    if (URL.canParse(url))
        new URL(url).searchParams.forEach((value) => values.push(value));
    return values;
}
function headerOf(request, name) {
    return Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
}
function sameOrigin(url, of) {
    return URL.canParse(url) && new URL(url).origin === new URL(of).origin;
}
/** A middleware's answer as the client reads a response: header names in lower case, the body as bytes. */
async function received(answer) {
    if (typeof Response !== 'undefined' && answer instanceof Response) {
        const headers = {};
        answer.headers.forEach((value, name) => setOwn(headers, name, value));
        return { status: answer.status, headers, body: new Uint8Array(await answer.arrayBuffer()) };
    }
    const plain = answer;
    const headers = {};
    for (const [name, value] of Object.entries(plain.headers ?? {}))
        setOwn(headers, name.toLowerCase(), value);
    const body = plain.body;
    return { status: plain.status, headers, body: typeof body === 'string' ? new TextEncoder().encode(body) : (body ?? new Uint8Array(0)) };
}
function message(e) {
    return e instanceof Error ? e.message : String(e);
}
