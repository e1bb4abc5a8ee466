/**
 * The functional form tree-shakes: a program that imports `createBaseClient` and one operation
 * function bundles that endpoint's spec and no other endpoint's, so its size does not grow with
 * the API, while `createClient` (one object naming every endpoint) bundles them all. Checked with
 * a real bundler (rolldown, minified, browser target) on freshly rendered packages.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark's contract synthesiser is plain JavaScript.
import { buildApi, contractYaml } from '../bench/synth.mjs';
import { loadContractText } from '../generator/contract.js';
import { layout } from '../generator/emit/layout.js';

const TMP = fileURLToPath(new URL('./.tmp/', import.meta.url));
const temps: string[] = [];

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

interface SyntheticEndpoint {
  readonly id: string;
  readonly host: string;
  readonly path: string;
  readonly param: string;
}

/** The package of `text` written to a fresh directory; returns the directory. */
function render(name: string, text: string): string {
  const loaded = loadContractText(name, text);
  if (!loaded.ok) throw new Error(`${name} does not load`);
  mkdirSync(TMP, { recursive: true });
  const dir = mkdtempSync(join(TMP, 'shake-'));
  temps.push(dir);
  for (const file of layout(loaded.contract)) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true });
    writeFileSync(join(dir, file.path), file.text);
  }
  return dir;
}

function synthetic(n: number): { dir: string; endpoints: SyntheticEndpoint[] } {
  const api = buildApi(n) as { endpoints: SyntheticEndpoint[] };
  return { dir: render(`synthetic-${n}.yaml`, contractYaml(api) as string), endpoints: api.endpoints };
}

/** `entry` (importing the package as './dist/index.js') bundled and minified. */
async function bundle(dir: string, entry: string): Promise<string> {
  const input = join(dir, `entry-${temps.length}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(input, entry);
  const build = await rolldown({ input, platform: 'browser', logLevel: 'silent' });
  try {
    const { output } = await build.generate({ format: 'esm', minify: true });
    return output.map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
  } finally {
    await build.close();
  }
}

function oneOperation(e: SyntheticEndpoint): string {
  return [
    "import { createBaseClient, decodeError, " + e.id + " } from './dist/index.js';",
    "const client = createBaseClient({ environment: 'default', servers: {} });",
    `export const call = (id) => ${e.id}(client, { ${e.param}: id, body: {} });`,
    `export const decode = (status, body) => decodeError({ host: '${e.host}', status, body, endpoint: '${e.id}' });`,
  ].join('\n');
}

function wholeClient(e: SyntheticEndpoint): string {
  return [
    "import { createClient } from './dist/index.js';",
    "const client = createClient({ environment: 'default', servers: {} });",
    `export const call = (id) => client.${e.id}({ ${e.param}: id, body: {} });`,
  ].join('\n');
}

describe('operation functions tree-shake', () => {
  it('a program calling one operation and decodeError bundles that endpoint only; createClient bundles all', async () => {
    const { dir, endpoints } = synthetic(60);
    const [first] = endpoints;
    if (first === undefined) throw new Error('no endpoints');
    const one = await bundle(dir, oneOperation(first));
    expect(one).toContain(first.path);
    const others = endpoints.slice(1).filter((e) => one.includes(e.path));
    expect(others.map((e) => e.id)).toEqual([]);
    const all = await bundle(dir, wholeClient(first));
    expect(endpoints.filter((e) => !all.includes(e.path)).map((e) => e.id)).toEqual([]);
  });

  it("the one-operation bundle's size does not grow with the API; createClient's does", async () => {
    const sizes = async (n: number) => {
      const { dir, endpoints } = synthetic(n);
      const first = endpoints[0] as SyntheticEndpoint;
      return { one: (await bundle(dir, oneOperation(first))).length, all: (await bundle(dir, wholeClient(first))).length };
    };
    const small = await sizes(10);
    const large = await sizes(150);
    expect(Math.abs(large.one - small.one) / small.one).toBeLessThan(0.02);
    // createClient carries every endpoint's spec: a few hundred bytes each, minified.
    expect(large.all - small.all).toBeGreaterThan(140 * 200);
  });

  it('orders: getOrder carries the token endpoint its auth needs and no other endpoint; decodeError adds only error rules', async () => {
    const file = fileURLToPath(new URL('../contract/orders.yaml', import.meta.url));
    const dir = render(file, readFileSync(file, 'utf8'));
    const client = [
      "import { createBaseClient, decodeError, getOrder } from './dist/index.js';",
      "const client = createBaseClient({ environment: 'production', servers: { base_url: 'https://f.example', lastmile_url: 'https://l.example' }, credentials: { clientId: 'id', clientSecret: 's' } });",
      'export const read = (id) => getOrder(client, { order_id: id });',
    ];
    const code = await bundle(dir, client.join('\n'));
    expect(code).toContain('/orders/{order_id}');
    expect(code).toContain('/oauth/token');
    for (const id of ['createOrder', 'updateOrder', 'markReadyForCollection', 'getOrderLabel']) expect(code).not.toContain(id);
    const decoding = await bundle(dir, [...client, "export const decode = (status, body) => decodeError({ host: 'lastmile', status, body, endpoint: 'getOrder' });"].join('\n'));
    // The decoders know every endpoint's own rules (createOrder's quirk), not the other endpoints'
    // requests (the label's response type, ready-for-collection's path; quirk hints may name paths).
    expect(decoding).toContain('server_error_may_be_payload');
    // orders has message tables and quirks: its decoder carries their rules.
    expect(decoding).toContain(DECODE_RULES);
    for (const spec of ['application/pdf', '/orders/{order_id}/ready_for_collection']) expect(decoding).not.toContain(spec);
    // getOrder's bodies hold no int64: JSON.parse reads them, and the lossless reader stays out;
    // its one parameter is a plain path parameter, so the parameter serialiser stays out too.
    expect(decoding).not.toContain(LOSSLESS_READER);
    expect(decoding).not.toContain(PARAM_SERIALISER);
  });

  it('the parameter serialiser comes with an endpoint that has a query, header or cookie parameter', async () => {
    const file = fileURLToPath(new URL('./fixtures/params/contract.yaml', import.meta.url));
    const dir = render(file, readFileSync(file, 'utf8'));
    const code = await bundle(dir, "import { createBaseClient, search } from './dist/index.js';\nconst c = createBaseClient({ environment: 'live', servers: { api_url: 'https://x.example' } });\nexport const s = (q) => search(c, { shop_id: 's', q, xRequestId: 'r' });");
    expect(code).toContain(PARAM_SERIALISER);
  });

  it('the lossless JSON reader comes with an endpoint whose bodies hold an int64, and only then', async () => {
    const { dir, endpoints } = synthetic(10);
    const first = endpoints[0] as SyntheticEndpoint;
    // The synthetic response holds `balance: Amount`, an int64.
    expect(await bundle(dir, oneOperation(first))).toContain(LOSSLESS_READER);
    expect(await bundle(dir, "import { decodeError } from './dist/index.js';\nexport const d = (b) => decodeError({ host: 'alpha', status: 400, body: b });")).not.toContain(LOSSLESS_READER);
  });
});

describe('a bundle carries what its contract and its calls use', () => {
  it('an API-key client: one endpoint + decodeError carries no token manager, multipart writer, paginator (nor its page limit, which a paging bundle carries), message-table rules, body writer, non-JSON reader, token refresh or support report; an upload carries the writers', async () => {
    const file = fileURLToPath(new URL('../bench/contracts/apikey.yaml', import.meta.url));
    const dir = render(file, readFileSync(file, 'utf8'));
    const code = await bundle(
      dir,
      [
        "import { createBaseClient, decodeError, getForecast } from './dist/index.js';",
        "const c = createBaseClient({ environment: 'live', servers: { api_url: 'https://w.example' }, auth: { apiKey: 'k' } });",
        'export const call = (id) => getForecast(c, { location: id, days: 3 });',
        "export const decode = (status, body) => decodeError({ host: 'api', status, body, endpoint: 'getForecast' });",
      ].join('\n'),
    );
    expect(code).toContain('/forecast/{location}');
    for (const absent of [TOKEN_MANAGER, MULTIPART_WRITER, PAGINATOR, PAGE_LIMIT, DECODE_RULES, BODY_WRITER, SUCCESS_READER, CALLER_PROVIDER, SUPPORT_REPORT]) expect(code).not.toContain(absent);
    // A createClient object carries its runtime for the pagination helpers, and no paginator with it.
    const client = await bundle(dir, "import { createClient } from './dist/index.js';\nconst c = createClient({ servers: { api_url: 'https://w.example' } });\nexport const call = (id) => c.getForecast({ location: id });");
    for (const absent of [PAGINATOR, PAGE_LIMIT]) expect(client).not.toContain(absent);
    const paging = fileURLToPath(new URL('./fixtures/paging/contract.yaml', import.meta.url));
    const pages = await bundle(render(paging, readFileSync(paging, 'utf8')), "import { createBaseClient, listByCursorItems } from './dist/index.js';\nconst c = createBaseClient({ servers: { api_url: 'https://x.example' } });\nexport const all = () => listByCursorItems(c, {});");
    expect(pages).toContain(PAGE_LIMIT);
    const bodies = fileURLToPath(new URL('./fixtures/bodies/contract.yaml', import.meta.url));
    const upload = await bundle(render(bodies, readFileSync(bodies, 'utf8')), "import { createBaseClient, uploadDocument } from './dist/index.js';\nconst c = createBaseClient({ environment: 'live', servers: { api_url: 'https://x.example' } });\nexport const u = (file) => uploadDocument(c, { body: { title: 't', file } });");
    expect(upload).toContain(MULTIPART_WRITER);
    expect(upload).toContain(BODY_WRITER);
    expect(upload).not.toContain(PAGINATOR);
  });

  it('a streaming endpoint brings the stream reader and the event parser; a call of another endpoint of the same contract, or nodeTransport, carries neither', async () => {
    const file = fileURLToPath(new URL('./fixtures/streaming/contract.yaml', import.meta.url));
    const dir = render(file, readFileSync(file, 'utf8'));
    const create = "const c = createBaseClient({ servers: { api_url: 'https://x.example' }, auth: { apiKey: 'k' } });";
    const feed = await bundle(dir, ["import { createBaseClient, feed } from './dist/index.js';", create, 'export const f = () => feed(c);'].join('\n'));
    for (const present of [STREAM_READER, SSE_PARSER]) expect(feed).toContain(present);
    const usage = await bundle(dir, ["import { createBaseClient, getUsage, nodeTransport } from './dist/index.js';", create, 'export const u = () => getUsage(c);', 'export const t = (http) => nodeTransport(http);'].join('\n'));
    expect(usage).toContain('/v1/usage');
    for (const absent of [STREAM_READER, SSE_PARSER, 'no data for']) expect(usage).not.toContain(absent);
  });

  it("orders: the label's PDF brings the non-JSON reader, the support rule its report, the client-credentials scheme the general provider (a caller's token)", async () => {
    const file = fileURLToPath(new URL('../contract/orders.yaml', import.meta.url));
    const dir = render(file, readFileSync(file, 'utf8'));
    const create = "const c = createBaseClient({ environment: 'production', servers: { base_url: 'https://f.example', lastmile_url: 'https://l.example' }, credentials: { clientId: 'id', clientSecret: 's' } });";
    const label = await bundle(dir, ["import { createBaseClient, getOrderLabel } from './dist/index.js';", create, 'export const l = (id) => getOrderLabel(c, { order_id: id });'].join('\n'));
    for (const present of [SUCCESS_READER, SUPPORT_REPORT, CALLER_PROVIDER]) expect(label).toContain(present);
    const order = await bundle(dir, ["import { createBaseClient, getOrder } from './dist/index.js';", create, 'export const o = (id) => getOrder(c, { order_id: id });'].join('\n'));
    expect(order).not.toContain(SUCCESS_READER);
  });
});

describe('dates as Date objects come with the calls that read or write one', () => {
  it('a call whose bodies and parameters hold no date carries no date reader or writer, nor any plan; one that reads and sends a date carries both', async () => {
    const file = fileURLToPath(new URL('./fixtures/dates/contract.yaml', import.meta.url));
    const dir = render(file, readFileSync(file, 'utf8'));
    const create = "const c = createBaseClient({ servers: { api_url: 'https://x.example' } });";
    const now = await bundle(dir, ["import { createBaseClient, now } from './dist/index.js';", create, 'export const n = () => now(c);'].join('\n'));
    expect(now).toContain('/now');
    for (const absent of [DATE_READER, DATE_WRITER, '/days/{day}', 'date-time']) expect(now).not.toContain(absent);
    const day = await bundle(dir, ["import { createBaseClient, getDay } from './dist/index.js';", create, 'export const d = (day) => getDay(c, { day });'].join('\n'));
    for (const present of [DATE_READER, DATE_WRITER, PARAM_SERIALISER]) expect(day).toContain(present);
    // Its plans, not the other endpoints': a schedule's fields are not in it.
    for (const absent of ['/schedules', 'byName', 'reminders']) expect(day).not.toContain(absent);
  });
});

/** Text only templates/dates.ts holds: the date-time reader's pattern, and the refusal of a Date it cannot write. */
/** In templates/middleware.ts: the chain's refusal of a request moved to another origin. */
const MIDDLEWARE_CHAIN = 'moved the request to another origin';
const DATE_READER = '[Tt ]';
const DATE_WRITER = 'cannot be sent as a';
describe('middleware tree-shakes', () => {
  it('a program that never makes a chain carries none of its code; one that does carries it, whatever form its client takes', async () => {
    const file = fileURLToPath(new URL('../bench/contracts/apikey.yaml', import.meta.url));
    const dir = render(file, readFileSync(file, 'utf8'));
    const create = (options: string) => `const c = createBaseClient({ environment: 'live', servers: { api_url: 'https://w.example' }, auth: { apiKey: 'k' }${options} });`;
    const call = 'export const call = (id) => getForecast(c, { location: id, days: 3 });';
    const without = await bundle(dir, ["import { createBaseClient, getForecast } from './dist/index.js';", create(''), call].join('\n'));
    expect(without).not.toContain(MIDDLEWARE_CHAIN);
    const chained = await bundle(dir, ["import { createBaseClient, getForecast, middleware } from './dist/index.js';", create(", middleware: middleware({ onRequest: (r) => { r.headers['x-id'] = '1'; } })"), call].join('\n'));
    expect(chained).toContain(MIDDLEWARE_CHAIN);
  });
});

describe('validators tree-shake', () => {
  const types = fileURLToPath(new URL('./fixtures/types/contract.yaml', import.meta.url));
  const create = "const c = createBaseClient({ servers: { zoo_url: 'https://zoo.example' } });";
  const oneCall = ["import { createBaseClient, createPet } from './dist/index.js';", create, 'export const p = (body) => createPet(c, { body });'].join('\n');

  it('the validators entry changes no bundle of a program that does not import it, byte for byte', async () => {
    const text = readFileSync(types, 'utf8');
    const on = await bundle(render(types, text), oneCall);
    const off = await bundle(render(types, text.replace('contractgen: 1\n', 'contractgen: 1\noutputs: { validators: false }\n')), oneCall);
    expect(on).toBe(off);
    expect(on).not.toContain(CLIENT_CHECKS);
  });

  it('the query entry changes no bundle of a program that does not import it, byte for byte', async () => {
    const text = readFileSync(types, 'utf8');
    const on = await bundle(render(types, text.replace('contractgen: 1\n', 'contractgen: 1\noutputs: { query: true }\n')), oneCall);
    const off = await bundle(render(types, text), oneCall);
    expect(on).toBe(off);
  });

  it("a client given some calls' validators carries their checks alone; one validator carries no client", async () => {
    const dir = render(types, readFileSync(types, 'utf8'));
    const checked = (validators: string) =>
      bundle(dir, ["import { createBaseClient, createPet, getEnclosure } from './dist/index.js';", `import { validators, ${validators} } from './dist/validators.js';`, "const c = createBaseClient({ servers: { zoo_url: 'https://zoo.example' }, validateResponses: 'strict', validators: validators({ " + validators.replace('Validators', '') + ': ' + validators + ' }) });', 'export const p = (body) => createPet(c, { body });', "export const e = (id) => getEnclosure(c, { enclosure_id: id });"].join('\n'));
    const pet = await checked('createPetValidators');
    expect(pet).toContain(CLIENT_CHECKS);
    // Only an Enclosure has a uuid and a 32-bit integer; a Pet has a species tag.
    for (const absent of [UUID_CHECK, 'must be a 32-bit integer']) expect(pet).not.toContain(absent);
    expect(pet).toContain('must be one of dog, cat, fish');
    const enclosure = await checked('getEnclosureValidators');
    for (const present of [UUID_CHECK, 'must be a 32-bit integer']) expect(enclosure).toContain(present);
    expect(enclosure).not.toContain('must be one of dog, cat, fish');
    const schema = await bundle(dir, "import { PetSchema } from './dist/validators.js';\nexport const ok = (v) => PetSchema.is(v);");
    for (const absent of [CLIENT_CHECKS, '/enclosures/', UUID_CHECK]) expect(schema).not.toContain(absent);
  });
});

describe('webhooks tree-shake', () => {
  const shop = fileURLToPath(new URL('./fixtures/webhooks/contract.yaml', import.meta.url));
  const oneCall = ["import { createBaseClient, getOrder } from './dist/index.js';", "const c = createBaseClient({ servers: { api_url: 'https://shop.example' } });", "export const o = (id) => getOrder(c, { id });"].join('\n');

  it('the webhooks entry changes no bundle of a program that does not import it, byte for byte', async () => {
    const text = readFileSync(shop, 'utf8');
    const withWebhooks = await bundle(render(shop, text), oneCall);
    const without = await bundle(render(shop, text.slice(0, text.indexOf('\nwebhooks:\n') + 1)), oneCall);
    expect(withWebhooks).toBe(without);
    expect(withWebhooks).not.toContain(WEBHOOK_VERIFIER);
  });

  it('a receiver that verifies deliveries carries no client; one that only signs carries no verifier', async () => {
    const dir = render(shop, readFileSync(shop, 'utf8'));
    const receiver = await bundle(dir, "import { verifyWebhook } from './dist/webhooks.js';\nexport const v = (r) => verifyWebhook(r, { secret: 's' });");
    expect(receiver).toContain(WEBHOOK_VERIFIER);
    for (const absent of [MIDDLEWARE_CHAIN, BODY_WRITER, PARAM_SERIALISER, 'createRuntime']) expect(receiver).not.toContain(absent);
    expect(receiver).toContain(PAYLOAD_CHECK);
    const sender = await bundle(dir, "import { signWebhook } from './dist/webhooks.js';\nexport const s = (p) => signWebhook('order.shipped', p, { secret: 's' });");
    for (const absent of [WEBHOOK_VERIFIER, PAYLOAD_CHECK]) expect(sender).not.toContain(absent);
  });
});

/** Text only the shop's payload checks hold (its order status enum's message). */
const PAYLOAD_CHECK = 'must be one of "placed", "shipped", "cancelled"';

/** Text only templates/webhooks.ts's verifier holds (a failure's message). */
const WEBHOOK_VERIFIER = 'no signature of the delivery is one of the secrets';

/** Text only templates/validation.ts holds (a drifted body's error message). */
const CLIENT_CHECKS = 'is not of its type:';

/** Text only a uuid check holds (its message). */
const UUID_CHECK = 'must be a uuid';

/** Text only templates/stream.ts holds (a resumed stream's request header). */
const STREAM_READER = 'last-event-id';

/** Text only templates/sse.ts holds (the prefix of a field line). */
const SSE_PARSER = 'event:';

/** Text only templates/decode-rules.ts holds (its description of a policy). */
const DECODE_RULES = 'works after the window resets';

/** Text only templates/auth.ts's token manager holds. */
const TOKEN_MANAGER = 'no credentials for any grant of the contract';

/** Text only templates/request-body.ts's multipart writer holds. */
const MULTIPART_WRITER = 'Content-Disposition: form-data';

/** Text only templates/paginate.ts holds. */
const PAGINATOR = 'maxPages must be a whole number';

/** Text only templates/paginate.ts's page limit error holds. */
const PAGE_LIMIT = "the next page's input is error.next";

/** A message only templates/params.ts holds. */
const PARAM_SERIALISER = 'which URLs resolve as a';

/** A message only templates/exchange.ts's writeBody holds. */
const BODY_WRITER = 'is not accepted by';

/** A message only templates/exchange.ts's readSuccess holds. */
const SUCCESS_READER = 'no content type';

/** A message only templates/credentials.ts's callerProvider holds (basic credentials given to another scheme). */
const CALLER_PROVIDER = 'a username and password are credentials';

/** Text only templates/support.ts's report builder holds. */
const SUPPORT_REPORT = 'support contact not configured';

/** A message only templates/json.ts's reader holds (minifiers keep string literals). */
const LOSSLESS_READER = 'could not be read exactly';
