/**
 * The README's Middleware section: how a chain is made and runs, and four recipes (a request id,
 * logging, HMAC request signing, OpenTelemetry client spans) in one block that
 * test/middleware.test.ts compiles under TypeScript 5.9 and 7 and runs against a server. The
 * recipes name nothing of the contract but the package, whose name enters only as naming.ts's
 * string literals, on lines prettier never breaks (the import is laid out by pretty.ts's `list`).
 */
import { markdownFence } from '../escape.js';
import type { Contract } from '../model/types.js';
import { stringLiteral } from '../naming.js';
import { list } from './pretty.js';

export function middlewareSection(contract: Contract): string[] {
  const name = contract.info.packageName;
  const code = [
    ...list('import ', '{', ['context as otel', 'propagation', 'SpanKind', 'SpanStatusCode', 'trace', 'type Span', 'type Tracer'], '}', " from '@opentelemetry/api';", 0),
    ...list('import ', '{', ['middleware', 'type Middleware', 'type MiddlewareContext'], '}', ` from ${stringLiteral(name)};`, 0),
    '',
    `const TRACER = ${stringLiteral(name)};`,
    ...RECIPES,
  ];
  return [
    '## Middleware',
    '',
    'Code that runs around every attempt of a call: `createClient({ middleware: middleware(a, b) })` for every call, a call\'s `middleware` option for one. Each middleware is an object with any of three hooks, each may be async:',
    '',
    "- `onRequest(request, context)`: the request as it will go, credentials on it (so it can be signed). Change its `headers`, `url` (on the same origin: a request moved to another origin is refused, nothing sent) or `body` in place, or return a response and nothing is sent.",
    '- `onResponse(response, context)`: the answer, after redirects. Return another response to replace it; `context.send()` sends the request again and resolves to its answer.',
    '- `onError(error, context)`: every failure (an error status, no answer, a refused redirect, a call refused before sending), its secrets hidden. It only observes.',
    '',
    "`onRequest` runs the client's middleware in order, then the call's; `onResponse` and `onError` run back from the last. Every attempt runs the chain: each retry, the replay after a 401, each page of an iterator (`context.attempt` counts a call's attempts). Headers a middleware sets never go to another origin, and their values are hidden from errors, support reports and `context.request` unless it lists them in `publicHeaders`. `context` is the same object for every hook of one attempt: key what a middleware keeps between hooks by it.",
    '',
    'Recipes: a request id, logging, request signing and OpenTelemetry spans (`@opentelemetry/api` is needed by the last alone):',
    '',
    ...markdownFence(code, 'ts'),
    '',
  ];
}

/** The recipes, in prettier's form (the README test holds them to it). */
const RECIPES: readonly string[] = `
/** A fresh \`x-request-id\` on every attempt, for the server's logs and yours (a retry gets its own). */
export const requestId: Middleware = {
  publicHeaders: ['x-request-id'],
  onRequest(request) {
    request.headers['x-request-id'] = crypto.randomUUID();
  },
};

/** One line per answer and per failure, secrets hidden (\`context.request\` shows them redacted). */
export function logging(log: (line: string) => void = console.info): Middleware {
  const started = new WeakMap<MiddlewareContext, number>();
  return {
    onRequest(_request, context) {
      started.set(context, performance.now());
    },
    onResponse(response, context) {
      const ms = Math.round(performance.now() - (started.get(context) ?? performance.now()));
      const id = context.request?.headers['x-request-id'] ?? '-';
      log(
        \`\${context.request?.method} \${context.request?.url} \${response.status} \${ms} ms (attempt \${context.attempt}, \${id})\`,
      );
    },
    onError(error, context) {
      log(\`\${context.operation} failed: \${error.category}: \${context.redact(error.message)}\`);
    },
  };
}

/** \`x-signature\`: HMAC-SHA256 over method, path and query, a timestamp and the body, with a secret the server shares. */
export function signing(keyId: string, secret: string): Middleware {
  const encoder = new TextEncoder();
  const algorithm = { name: 'HMAC', hash: 'SHA-256' };
  let key: Promise<CryptoKey> | undefined;
  return {
    async onRequest(request) {
      key ??= crypto.subtle.importKey('raw', encoder.encode(secret), algorithm, false, ['sign']);
      const { body } = request;
      if (body !== undefined && typeof body !== 'string') throw new TypeError('only text bodies are signed');
      const url = new URL(request.url);
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signed = [request.method, url.pathname + url.search, timestamp, body ?? ''].join('\\n');
      const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(signed)));
      const hex = Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
      request.headers['x-signature'] = \`keyId=\${keyId},t=\${timestamp},v1=\${hex}\`;
    },
  };
}

/** A client span per attempt, as OpenTelemetry's HTTP semantic conventions say, its context sent in \`traceparent\`. */
export function tracing(tracer: Tracer = trace.getTracer(TRACER)): Middleware {
  const spans = new WeakMap<MiddlewareContext, Span>();
  const end = (context: MiddlewareContext, failed: string | undefined) => {
    const span = spans.get(context);
    spans.delete(context);
    if (failed !== undefined) span?.setAttribute('error.type', failed).setStatus({ code: SpanStatusCode.ERROR });
    span?.end();
  };
  return {
    publicHeaders: ['traceparent', 'tracestate'],
    onRequest(request, context) {
      const url = new URL(request.url);
      const span = tracer.startSpan(request.method, {
        kind: SpanKind.CLIENT,
        attributes: {
          'http.request.method': request.method,
          'server.address': url.hostname,
          'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          'url.full': context.redact(request.url),
          ...(context.attempt > 1 ? { 'http.request.resend_count': context.attempt - 1 } : {}),
        },
      });
      spans.set(context, span);
      propagation.inject(trace.setSpan(otel.active(), span), request.headers);
    },
    onResponse(response, context) {
      spans.get(context)?.setAttribute('http.response.status_code', response.status);
      end(context, response.status >= 400 ? String(response.status) : undefined);
    },
    onError(error, context) {
      // Only an attempt that got no answer still has its span here.
      end(context, error.category);
    },
  };
}

/** Every recipe, in the order their \`onRequest\` runs: pass it as \`createClient({ middleware })\`, or as one call's. */
export const recipes = middleware(
  requestId,
  logging(),
  signing('key-1', process.env['SIGNING_SECRET'] ?? ''),
  tracing(),
);`.split('\n');
