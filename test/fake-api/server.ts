/**
 * A fake of the Fulfilment and Last-Mile order APIs on node:http, driven by contract/orders.yaml.
 *
 * Routing comes from the contract's endpoints (method + path template), each served under a
 * prefix named after its host (`/fulfilment`, `/lastmile`) on one server, so a path or host change
 * in the contract moves the fake too. The token endpoint is the contract's `auth.endpoint`; its
 * grants, grant field, token fields and unauthorized rule come from the contract as well, and so
 * do the error envelopes (built from the shapes' read paths and mirrors), the code and message
 * table rows, and the quirks.
 *
 * Tests script it in-process through `control` (no HTTP control API): "answer the next N calls to
 * <operationId> with <reply>", where a reply is any contract row (see `rows`) or any
 * status/headers/body, optionally delayed, with a delayed body, or a connection reset.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { loadContract } from '../../generator/contract.js';
import type { BodyPath, Contract, Endpoint, ErrorShape, MessageRow, StatusPattern } from '../../generator/model/types.js';

// ---------------------------------------------------------------------------------------------
// Contract
// ---------------------------------------------------------------------------------------------

const CONTRACT_FILE = fileURLToPath(new URL('../../contract/orders.yaml', import.meta.url));

let cached: Contract | undefined;

/** The contract model, loaded once per process with the generator's own loader. */
export function contract(): Contract {
  if (cached !== undefined) return cached;
  const loaded = loadContract(CONTRACT_FILE, 'contract/orders.yaml');
  if (!loaded.ok) {
    const problems = loaded.diagnostics.map((d) => JSON.stringify(d)).join('\n');
    throw new Error(`contract/orders.yaml does not load:\n${problems}`);
  }
  cached = loaded.contract;
  return cached;
}

function endpointOf(c: Contract, id: string): Endpoint {
  const found = c.endpoints.find((e) => e.id === id);
  if (found === undefined) throw new Error(`no endpoint '${id}' in the contract`);
  return found;
}

function shapeOf(c: Contract, name: string): ErrorShape {
  const found = c.shapes.find((s) => s.name === name);
  if (found === undefined) throw new Error(`no shape '${name}' in the contract`);
  return found;
}

function concreteStatus(pattern: StatusPattern): number {
  return pattern.kind === 'exact' ? pattern.status : pattern.statusClass * 100;
}

// ---------------------------------------------------------------------------------------------
// Bodies built from the contract's shapes
// ---------------------------------------------------------------------------------------------

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets `value` at `path`, creating objects (and arrays for numeric segments) on the way. */
function setPath(target: JsonObject, path: BodyPath, value: Json): void {
  let current: JsonObject | Json[] = target;
  path.forEach((segment, i) => {
    const last = i === path.length - 1;
    const nextIsIndex = typeof path[i + 1] === 'number';
    if (Array.isArray(current)) {
      const index = Number(segment);
      if (last) current[index] = value;
      else {
        const existing: Json | undefined = current[index];
        const child: JsonObject | Json[] = isObject(existing) || Array.isArray(existing) ? existing : nextIsIndex ? [] : {};
        current[index] = child;
        current = child;
      }
    } else {
      const key = String(segment);
      if (last) current[key] = value;
      else {
        const existing: Json | undefined = current[key];
        const child: JsonObject | Json[] = isObject(existing) || Array.isArray(existing) ? existing : nextIsIndex ? [] : {};
        current[key] = child;
        current = child;
      }
    }
  });
}

function getPath(source: Json, path: BodyPath): Json | undefined {
  let current: Json | undefined = source;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isObject(current) && typeof segment === 'string') current = current[segment];
    else return undefined;
  }
  return current;
}

export interface EnvelopeValues {
  readonly code?: string;
  readonly message?: string;
  readonly human?: string;
  readonly detail?: string;
  readonly kind?: string;
  readonly number?: number;
  /** A status inside the body (the HTTP status stays authoritative). */
  readonly status?: number;
  /** Entries of the shape's field error list, as the shape names their keys. */
  readonly fieldErrors?: readonly { readonly field?: string; readonly message: string }[];
}

/**
 * An envelope of a contract shape: the `equals` values, then each given value at the shape's read
 * path, the field error list, and (unless `mirrors: false`) every mirror copied from its source.
 */
export function envelope(shapeName: string, values: EnvelopeValues, options: { readonly mirrors?: boolean } = {}): JsonObject {
  const shape = shapeOf(contract(), shapeName);
  const body: JsonObject = {};
  for (const e of shape.match.equals) setPath(body, e.path, e.value);
  const read = shape.read;
  const put = (path: BodyPath | undefined, value: Json | undefined) => {
    if (path !== undefined && value !== undefined) setPath(body, path, value);
  };
  put(read.code, values.code);
  put(read.message, values.message);
  put(read.human, values.human);
  put(read.detail, values.detail);
  put(read.kind, values.kind);
  put(read.number, values.number);
  put(read.status, values.status);
  const fe = shape.fieldErrors;
  if (fe !== undefined && values.fieldErrors !== undefined) {
    const list: Json[] = values.fieldErrors.map((entry) => {
      const item: JsonObject = {};
      if (fe.field !== undefined && entry.field !== undefined) setPath(item, fe.field, entry.field);
      setPath(item, fe.message, entry.message);
      return item;
    });
    setPath(body, fe.path, list);
  }
  // Every `present` path must exist for the shape to be recognised.
  for (const p of shape.match.present) if (getPath(body, p) === undefined) setPath(body, p, {});
  if (options.mirrors !== false) {
    for (const m of shape.mirrors) {
      const value = getPath(body, m.source);
      if (value !== undefined) setPath(body, m.path, value);
    }
  }
  return body;
}

// ---------------------------------------------------------------------------------------------
// Replies and contract rows
// ---------------------------------------------------------------------------------------------

export interface RecordedRequest {
  /** Order of arrival, from 1. */
  readonly seq: number;
  /** performance.now() when the request arrived. */
  readonly at: number;
  readonly operationId: string | undefined;
  readonly host: string | undefined;
  readonly method: string;
  /** Path with query, as received (host prefix included). */
  readonly url: string;
  /** Path of the endpoint, host prefix removed. */
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  /** Lower-case names, as node parses them. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export type ReplyBody = Json | string | Uint8Array | undefined;

export interface Reply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** An object or array is sent as JSON, a string as text, bytes as bytes, undefined as zero bytes. */
  readonly body?: ReplyBody | ((request: RecordedRequest) => ReplyBody);
  /** Wait this long before sending anything. */
  readonly delayMs?: number;
  /** Send the status line and headers at once, the body after this long. */
  readonly bodyDelayMs?: number;
  /** Destroy the connection instead of answering (`req.socket.destroy()`). */
  readonly reset?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A minimal valid one-page PDF. */
export const SAMPLE_PDF: Uint8Array = new TextEncoder().encode(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

function messageRowOf(id: string): MessageRow {
  for (const host of contract().hosts) {
    const row = host.messages?.rows.find((r) => r.id === id);
    if (row !== undefined) return row;
  }
  throw new Error(`no message row '${id}' in the contract`);
}

/** Builders for every kind of row the contract's error tables hold. */
export const rows = {
  /** A code row of a host's code table, in that table's shape (fulfilment: status, code, message, details). */
  code(host: string, status: number, code: string, kind?: string, message = `The request failed: ${code}.`): Reply {
    const h = contract().hosts.find((x) => x.name === host);
    const shape = h?.codes.shape;
    if (h === undefined || shape === undefined) throw new Error(`host '${host}' has no code table`);
    const row = h.codes.rows.find((r) => r.status === status && r.code === code && (kind === undefined || r.kind === kind));
    const body = envelope(shape, { code, message, kind: kind ?? row?.kind ?? 'internal' });
    // The fulfilment body repeats the code as its `status` (FulfilmentErrorBody.status).
    if (shape === 'fulfilment') body['status'] = code;
    return json(status, body);
  },
  /** Every code row of every host's code table. */
  codeRows(): { host: string; status: number; code: string; kind: string | undefined; category: string }[] {
    return contract().hosts.flatMap((h) => h.codes.rows.map((r) => ({ host: h.name, status: r.status, code: r.code, kind: r.kind, category: r.category })));
  },
  /** An api_error envelope (with its top-level mirrors unless `mirrors: false`). */
  apiError(status: number, values: EnvelopeValues, options: { readonly mirrors?: boolean } = {}): Reply {
    return json(status, envelope('api_error', values, options));
  },
  /** A message-table row, answered as the API does: its example in every message field of the envelope. */
  message(id: string, options: { readonly status?: number; readonly mirrors?: boolean } = {}): Reply {
    const row = messageRowOf(id);
    const text = row.empty ? '' : (row.example ?? '');
    const status = options.status ?? row.status ?? 422;
    const values: EnvelopeValues = {
      code: row.empty ? '' : 'validation_failed',
      message: text,
      human: text,
      detail: text,
      status,
      fieldErrors: [{ message: text }],
    };
    return json(status, envelope('api_error', values, options.mirrors === undefined ? {} : { mirrors: options.mirrors }));
  },
  /** Every message-table row of a host. */
  messageRows(host: string): readonly MessageRow[] {
    return contract().hosts.find((h) => h.name === host)?.messages?.rows ?? [];
  },
  /** The policy row (its example), for the policy the contract names. */
  policy(name: string): Reply {
    const row = contract().hosts.flatMap((h) => h.messages?.rows ?? []).find((r) => r.policy === name);
    if (row === undefined) throw new Error(`no message row names policy '${name}'`);
    return rows.message(row.id);
  },
  /** The auth's unauthorized answer (401 `{error: 'unauthorized'}`). */
  unauthorized(): Reply {
    const auth = contract().auth;
    if (auth === undefined) throw new Error('the contract has no auth');
    return json(auth.unauthorized.status, envelope(auth.unauthorized.shape, {}));
  },
  /** 401 invalid_client with an error_description. */
  invalidClient(description: string): Reply {
    return json(401, envelope('invalid_client', { human: description }));
  },
  /**
   * An endpoint's quirk as the API exhibits it: an error status with an api_error envelope, or a
   * success status with the endpoint's content type (and zero bytes for an empty-body quirk).
   */
  quirk(operationId: string, quirkId: string): Reply {
    const endpoint = endpointOf(contract(), operationId);
    const quirk = endpoint.errors.quirks.find((q) => q.id === quirkId);
    if (quirk === undefined) throw new Error(`${operationId} has no quirk '${quirkId}'`);
    const status = concreteStatus(quirk.when.status);
    if (status >= 200 && status < 300) {
      const contentType = endpoint.responses.find((r) => !r.isError && r.contentType !== undefined)?.contentType ?? JSON_TYPE;
      return { status, headers: { 'content-type': contentType }, body: quirk.when.emptyBody ? undefined : '{}' };
    }
    return rows.apiError(status, { code: `http_${status}`, message: `HTTP ${status}`, human: `The server answered ${status}.`, status });
  },
};

export function json(status: number, body: Json, headers: Readonly<Record<string, string>> = {}): Reply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body };
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

export interface FakeSettings {
  /** Credentials by the contract's credential option names (clientId, clientSecret, refreshToken). */
  credentials: Record<string, string>;
  /** expires_in of issued tokens, seconds; null omits it (the client then uses the contract's lifetime). */
  expiresIn: number | null;
  /** Prefix of issued access tokens. */
  tokenPrefix: string;
  /** Delay of every token response, milliseconds. */
  tokenDelayMs: number;
}

export interface Control {
  /** Answers the next `times` calls of `operationId` (after authentication) with `reply`. */
  next(operationId: string, reply: Reply | ((request: RecordedRequest) => Reply), times?: number): void;
  /** Scripted replies not yet used, per operation. */
  pending(operationId: string): number;
  /** Every request, in arrival order; only those of `operationId` when given. */
  requests(operationId?: string): RecordedRequest[];
  /** Requests to the contract's token endpoint. */
  tokenRequests(): RecordedRequest[];
  /** Access tokens issued so far. */
  issued(): readonly string[];
  /** Makes every issued token invalid (the API then answers the unauthorized row). */
  revokeAll(): void;
  /** Orders that exist; others are answered as the endpoint's not-found quirk says. */
  readonly orders: Set<string>;
  readonly settings: FakeSettings;
  /** Forgets requests, scripts, tokens and settings changes. */
  reset(): void;
}

export interface FakeApi {
  readonly baseUrl: string;
  /** Base URL of one of the contract's hosts on this server. */
  urlOf(host: string): string;
  readonly control: Control;
  close(): Promise<void>;
}

export const DEFAULT_CREDENTIALS = { clientId: 'client-e2e', clientSecret: 'secret-e2e' } as const;
export const SEEDED_ORDERS = ['ord_1', 'ord_2', 'ord_3'] as const;

function defaultSettings(): FakeSettings {
  return { credentials: { ...DEFAULT_CREDENTIALS }, expiresIn: 3600, tokenPrefix: 'tok-', tokenDelayMs: 0 };
}

interface Route {
  readonly endpoint: Endpoint;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

function routesOf(c: Contract): Route[] {
  return c.endpoints.map((endpoint) => {
    const names: string[] = [];
    const source = endpoint.path
      .split(/(\{[^{}]+\})/)
      .map((part) => {
        const m = /^\{([^{}]+)\}$/.exec(part);
        if (m?.[1] !== undefined) {
          names.push(m[1]);
          return '([^/]+)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { endpoint, pattern: new RegExp(`^/${endpoint.host}${source}$`), names };
  });
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseFields(contentType: string | undefined, text: string): Record<string, string> | undefined {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (media === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(text));
  if (media === 'application/json' || media === '') {
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
      return out;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export async function start(): Promise<FakeApi> {
  const c = contract();
  const auth = c.auth;
  const routes = routesOf(c);
  const tokenOperation = auth?.endpoint;

  let settings = defaultSettings();
  let seq = 0;
  let recorded: RecordedRequest[] = [];
  let scripts = new Map<string, { reply: Reply | ((request: RecordedRequest) => Reply); remaining: number }[]>();
  /** access token → expiry (epoch ms, or undefined for no expiry). */
  let tokens = new Map<string, number | undefined>();
  let issued: string[] = [];
  const orders = new Set<string>(SEEDED_ORDERS);
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const control: Control = {
    next(operationId, reply, times = 1) {
      if (!c.endpoints.some((e) => e.id === operationId)) throw new Error(`no endpoint '${operationId}' in the contract`);
      const queue = scripts.get(operationId) ?? [];
      queue.push({ reply, remaining: times });
      scripts.set(operationId, queue);
    },
    pending: (operationId) => (scripts.get(operationId) ?? []).reduce((n, s) => n + s.remaining, 0),
    requests: (operationId) => (operationId === undefined ? [...recorded] : recorded.filter((r) => r.operationId === operationId)),
    tokenRequests: () => recorded.filter((r) => r.operationId !== undefined && r.operationId === tokenOperation),
    issued: () => [...issued],
    revokeAll() {
      tokens = new Map();
    },
    orders,
    get settings() {
      return settings;
    },
    reset() {
      settings = defaultSettings();
      recorded = [];
      scripts = new Map();
      tokens = new Map();
      orders.clear();
      for (const id of SEEDED_ORDERS) orders.add(id);
    },
  };

  function takeScript(operationId: string, request: RecordedRequest): Reply | undefined {
    const queue = scripts.get(operationId);
    const head = queue?.[0];
    if (queue === undefined || head === undefined) return undefined;
    head.remaining--;
    if (head.remaining <= 0) queue.shift();
    return typeof head.reply === 'function' ? head.reply(request) : head.reply;
  }

  function issueToken(fields: Record<string, string>): Reply {
    if (auth === undefined) return json(404, { error: 'no auth' });
    const grantName = fields[auth.grantField] ?? auth.grants.find((g) => g.isDefault)?.name;
    const grant = auth.grants.find((g) => g.name === grantName);
    if (grant === undefined) {
      return rows.code('fulfilment', 400, 'invalid_argument', 'input', `${auth.grantField} is not an allowed value`);
    }
    const accepted = grant.send.every(({ field, credential }) => {
      const expected = settings.credentials[credential];
      return expected !== undefined && fields[field] === expected;
    });
    if (!accepted) {
      return rows.invalidClient('Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.');
    }
    const accessToken = `${settings.tokenPrefix}${issued.length + 1}-${randomBytes(6).toString('hex')}`;
    issued.push(accessToken);
    const expiresIn = settings.expiresIn;
    tokens.set(accessToken, expiresIn === null ? undefined : Date.now() + expiresIn * 1000);
    const body: JsonObject = { [auth.token.accessToken]: accessToken, created_at: Math.floor(Date.now() / 1000) };
    if (auth.token.tokenType !== undefined) body[auth.token.tokenType] = 'bearer';
    if (auth.token.expiresIn !== undefined && expiresIn !== null) body[auth.token.expiresIn] = expiresIn;
    return json(200, body);
  }

  function authorised(request: RecordedRequest): boolean {
    if (auth === undefined) return true;
    const value = request.headers[auth.carrier.header.toLowerCase()];
    const prefix = `${auth.carrier.scheme} `;
    if (value === undefined || !value.startsWith(prefix)) return false;
    const token = value.slice(prefix.length);
    if (!tokens.has(token)) return false;
    const expiry = tokens.get(token);
    return expiry === undefined || Date.now() < expiry;
  }

  /** What an endpoint answers by default: its not-found quirk for unknown orders, else a success. */
  function defaultReply(endpoint: Endpoint, request: RecordedRequest): Reply {
    const orderId = request.params['order_id'];
    if (orderId !== undefined && !orders.has(orderId)) {
      const missing = endpoint.errors.quirks.find((q) => q.category === 'not_found');
      if (missing !== undefined) return rows.quirk(endpoint.id, missing.id);
      return rows.apiError(404, { code: 'not_found', message: 'Order not found', human: 'Order not found', status: 404 });
    }
    const success = endpoint.responses.find((r) => !r.isError);
    const status = success === undefined ? 200 : success.status.kind === 'exact' ? success.status.status : endpoint.method === 'POST' ? 201 : 200;
    if (success?.body?.kind === 'primitive' && success.body.name === 'binary') {
      return { status, headers: { 'content-type': success.contentType ?? 'application/octet-stream' }, body: SAMPLE_PDF };
    }
    let received: Json = null;
    try {
      received = request.body === '' ? null : (JSON.parse(request.body) as Json);
    } catch {
      received = request.body;
    }
    if (endpoint.method === 'POST' && orderId === undefined) {
      const id = `ord_${orders.size + 1}`;
      orders.add(id);
      return json(status, { id, received });
    }
    return json(status, { id: orderId ?? null, operation: endpoint.id, received });
  }

  async function answer(req: IncomingMessage, res: ServerResponse, reply: Reply, request: RecordedRequest): Promise<void> {
    if (reply.delayMs !== undefined) await wait(reply.delayMs);
    if (res.destroyed || req.socket.destroyed) return;
    if (reply.reset === true) {
      req.socket.destroy();
      return;
    }
    const raw = typeof reply.body === 'function' ? reply.body(request) : reply.body;
    const bytes =
      raw === undefined
        ? new Uint8Array(0)
        : raw instanceof Uint8Array
          ? raw
          : new TextEncoder().encode(typeof raw === 'string' ? raw : JSON.stringify(raw));
    const headers: Record<string, string | number> = { ...reply.headers, 'content-length': bytes.byteLength };
    if (raw !== undefined && typeof raw !== 'string' && !(raw instanceof Uint8Array) && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = JSON_TYPE;
    }
    res.writeHead(reply.status ?? 200, headers);
    if (reply.bodyDelayMs !== undefined) {
      res.flushHeaders();
      await wait(reply.bodyDelayMs);
      if (res.destroyed) return;
    }
    res.end(Buffer.from(bytes));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const url = req.url ?? '/';
    const pathname = url.split('?')[0] ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    let route: Route | undefined;
    let match: RegExpExecArray | null = null;
    for (const r of routes) {
      if (r.endpoint.method !== method) continue;
      match = r.pattern.exec(pathname);
      if (match !== null) {
        route = r;
        break;
      }
    }
    const params: Record<string, string> = {};
    if (route !== undefined && match !== null) {
      route.names.forEach((name, i) => {
        params[name] = decodeURIComponent(match?.[i + 1] ?? '');
      });
    }
    const endpoint = route?.endpoint;
    const request: RecordedRequest = {
      seq: ++seq,
      at: performance.now(),
      operationId: endpoint?.id,
      host: endpoint?.host,
      method,
      url,
      path: endpoint === undefined ? pathname : pathname.slice(endpoint.host.length + 1),
      params,
      headers: flatHeaders(req),
      body,
    };
    recorded.push(request);
    if (endpoint === undefined) {
      // Unknown method/path: what the last-mile API does for a wrong method or path.
      await answer(req, res, rows.apiError(404, { code: 'not_found', message: 'Not Found', human: 'Not Found', status: 404 }), request);
      return;
    }
    const isTokenEndpoint = endpoint.id === tokenOperation;
    if (endpoint.security.length > 0 && !isTokenEndpoint && !authorised(request)) {
      await answer(req, res, rows.unauthorized(), request);
      return;
    }
    const scripted = takeScript(endpoint.id, request);
    if (scripted !== undefined) {
      await answer(req, res, scripted, request);
      return;
    }
    if (isTokenEndpoint) {
      const fields = parseFields(request.headers['content-type'], body);
      const reply = fields === undefined ? rows.code('fulfilment', 400, 'invalid_argument', 'input', 'The body could not be read.') : issueToken(fields);
      await answer(req, res, { ...reply, ...(settings.tokenDelayMs > 0 ? { delayMs: settings.tokenDelayMs } : {}) }, request);
      return;
    }
    await answer(req, res, defaultReply(endpoint, request), request);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(599, { 'content-type': 'text/plain' });
        res.end(`fake server failure: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    urlOf: (host) => {
      if (!c.hosts.some((h) => h.name === host)) throw new Error(`no host '${host}' in the contract`);
      return `${baseUrl}/${host}`;
    },
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
        server.close((e) => (e === undefined ? resolve() : reject(e)));
      }),
  };
}
