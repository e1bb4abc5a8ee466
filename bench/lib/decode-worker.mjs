/**
 * Decoder throughput, run in a fresh process by bench/run.mjs:
 *   node decode-worker.mjs <json config>
 * config: { dist, envelope: 'synthetic' | 'orders', iterations, rounds }
 * Prints one JSON line: bodies/s per implementation per round (after one warm-up round), and a
 * correctness check of each implementation on the bodies.
 */
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import * as z from 'zod';
import { ordersEnvelope, syntheticEnvelope } from './envelopes.mjs';

const config = JSON.parse(process.argv[2]);
const pkg = await import(pathToFileURL(config.dist).href);
const env = config.envelope === 'synthetic' ? syntheticEnvelope(z) : ordersEnvelope(z);
const ajv = new Ajv({ allErrors: false });
const validate = ajv.compile(env.jsonSchema);
const schema = env.zodSchema;
const { decodeError } = pkg;
const host = env.host;
const endpoint = env.endpoint;
const bodies = env.bodies;
const k = bodies.length;

// Correctness: every body is valid for ajv and zod, and decodeError reads its code.
const check = {
  ajv: bodies.every((b) => validate(b.body) === true),
  zod: bodies.every((b) => schema.safeParse(b.body).success === true),
  contractgen: bodies.every((b) => {
    const d = decodeError({ host, status: b.status, body: b.body, endpoint });
    const code = config.envelope === 'synthetic' ? b.body.error.code : b.body.code;
    return d !== null && typeof d === 'object' && d.code === code;
  }),
};

const impls = {
  contractgen: (b) => decodeError({ host, status: b.status, body: b.body, endpoint }).category,
  ajv: (b) => validate(b.body),
  zod: (b) => schema.safeParse(b.body).success,
};

function measure(fn, iterations) {
  let sink = 0;
  const t0 = performance.now();
  for (let i = 0; i < iterations; i++) {
    const r = fn(bodies[i % k]);
    if (r) sink++;
  }
  const ms = performance.now() - t0;
  if (sink < 0) console.log(sink);
  return (iterations / ms) * 1000;
}

const names = Object.keys(impls);
const results = Object.fromEntries(names.map((n) => [n, []]));
const warmIterations = Math.max(1000, Math.floor(config.iterations / 5));
for (let round = -1; round < config.rounds; round++) {
  const order = names.map((_, i) => names[(i + Math.max(round, 0)) % names.length]);
  for (const name of order) {
    const rate = measure(impls[name], round < 0 ? warmIterations : config.iterations);
    if (round >= 0) results[name].push(rate);
  }
}
console.log(JSON.stringify({ envelope: env.name, bodies: k, iterations: config.iterations, check, results }));
