/**
 * Client overhead, run in a fresh process by bench/run.mjs:
 *   node client-worker.mjs <json config>
 * config: { dist, port, count, concurrencies, rounds, warmup }
 * Sends `count` GET /orders/{id} per configuration through raw fetch, the generated client
 * (getOrder with a fixed accessToken), the generated client over its node:http keep-alive
 * transport, and openapi-fetch, alternating, and prints one JSON line of requests/s per
 * implementation per concurrency per round (after one warm-up round).
 */
import * as http from 'node:http';
import { pathToFileURL } from 'node:url';
import createFetchClient from 'openapi-fetch';

const config = JSON.parse(process.argv[2]);
const distUrl = pathToFileURL(config.dist).href;
const generated = await import(distUrl);
const { createClient } = generated;
// From the package index once it exports it; from the runtime module until then.
const nodeTransport = generated.nodeTransport ?? (await import(new URL('./runtime/node-transport.js', distUrl).href)).nodeTransport;
const base = `http://127.0.0.1:${config.port}`;
const TOKEN = 'bench-token';

const options = {
  environment: 'production',
  servers: { base_url: base, lastmile_url: base },
  accessToken: TOKEN,
  maxRetries: 0,
};
const client = createClient(options);
const keepAlive = createClient({ ...options, transport: nodeTransport(http) });
const ofetch = createFetchClient({ baseUrl: base, headers: { authorization: `Bearer ${TOKEN}` } });

const impls = {
  'raw fetch': async (id) => {
    const res = await fetch(`${base}/orders/${encodeURIComponent(id)}`, {
      headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`raw fetch: HTTP ${res.status}`);
    const data = await res.json();
    if (data.id !== id) throw new Error('raw fetch: wrong body');
  },
  contractgen: async (id) => {
    const r = await client.getOrder({ order_id: id });
    if (!r.ok) throw new Error(`contractgen: ${JSON.stringify(r.error).slice(0, 300)}`);
    if (r.data.id !== id) throw new Error('contractgen: wrong body');
  },
  'contractgen (node:http keep-alive)': async (id) => {
    const r = await keepAlive.getOrder({ order_id: id });
    if (!r.ok) throw new Error(`contractgen (node:http keep-alive): ${JSON.stringify(r.error).slice(0, 300)}`);
    if (r.data.id !== id) throw new Error('contractgen (node:http keep-alive): wrong body');
  },
  'openapi-fetch': async (id) => {
    const r = await ofetch.GET('/orders/{order_id}', { params: { path: { order_id: id } } });
    if (r.error !== undefined) throw new Error(`openapi-fetch: ${JSON.stringify(r.error)}`);
    if (r.data.id !== id) throw new Error('openapi-fetch: wrong body');
  },
};

async function measure(fn, count, concurrency) {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      await fn(`o${i}`);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  const ms = performance.now() - t0;
  return (count / ms) * 1000;
}

const names = Object.keys(impls);
const results = {};
for (const c of config.concurrencies) {
  results[c] = Object.fromEntries(names.map((n) => [n, []]));
  for (let round = -1; round < config.rounds; round++) {
    const order = names.map((_, i) => names[(i + Math.max(round, 0)) % names.length]);
    for (const name of order) {
      const rate = await measure(impls[name], round < 0 ? config.warmup : config.count, c);
      if (round >= 0) results[c][name].push(rate);
    }
  }
}
console.log(JSON.stringify({ count: config.count, results }));
process.exit(0);
