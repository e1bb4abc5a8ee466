/**
 * SSE parse throughput, run in a fresh process by bench/run.mjs:
 *   node sse-worker.mjs <json config>
 * config: { sse, peers: [package names], mb, rounds, limit }
 *   sse    path of contractgen's compiled runtime module (generator/dist/templates/sse.js)
 *   peers  parsers with eventsource-parser's createParser API, imported by name from bench/node_modules
 * For each stream kind and chunking (bench/lib/sse-streams.mjs) the bytes are cut and decoded once by
 * one streaming TextDecoder, as stream.ts decodes them, and the same strings are fed to every
 * parser: the figures are parsing alone. One case at a time, each parser's events are first checked against
 * contractgen's (type and data, in order; ids are left out, as eventsource-parser forgets the last
 * event ID at every event where the standard keeps it). Then `rounds` rounds, each running every
 * parser once per case in a rotating order. No collection is forced between runs: a full
 * collection (global.gc()) before each run made every run of both parsers some 3× slower under
 * Node 20, which no live stream sees; and garbage one run leaves costs the next little, as a
 * scavenge's work is what survives, not what died.
 * Prints one JSON line.
 */
import { pathToFileURL } from 'node:url';
import { CHUNKINGS, KINDS, cut, decodeChunks, streamText } from './sse-streams.mjs';

const config = JSON.parse(process.argv[2]);
const { sseParser } = await import(pathToFileURL(config.sse).href);

/** Each parser as a function of the chunks: feeds them all, returns the events seen and their data's length. */
const parsers = {
  contractgen: (chunks, collect) => {
    let n = 0;
    let chars = 0;
    const parser = sseParser(
      {
        event: (e) => {
          n++;
          chars += e.data.length;
          if (collect) collect.push([e.event, e.data]);
        },
        retry: () => undefined,
        tooLarge: () => {
          throw new Error('contractgen: tooLarge');
        },
      },
      config.limit,
    );
    for (const chunk of chunks) parser.feed(chunk);
    return n + chars;
  },
};
for (const name of config.peers) {
  const { createParser } = await import(name);
  parsers[name] = (chunks, collect) => {
    let n = 0;
    let chars = 0;
    const parser = createParser({
      onEvent: (e) => {
        n++;
        chars += e.data.length;
        if (collect) collect.push([e.event ?? 'message', e.data]);
      },
    });
    for (const chunk of chunks) parser.feed(chunk);
    return n + chars;
  };
}
const names = Object.keys(parsers);

const encoder = new TextEncoder();
const cases = [];
let sink = 0;
// One case at a time: its chunks are dropped before the next one's are made, so the worker's
// memory stays that of one stream.
for (const kind of KINDS) {
  const bytes = encoder.encode(streamText(kind, config.mb * 1e6));
  for (const chunking of CHUNKINGS) {
    const chunks = decodeChunks(cut(bytes, chunking));
    const reference = [];
    parsers.contractgen(chunks, reference);
    const check = {};
    for (const name of names) {
      if (name === 'contractgen') continue;
      const seen = [];
      parsers[name](chunks, seen);
      const differs = seen.length !== reference.length ? -2 : seen.findIndex((e, i) => e[0] !== reference[i][0] || e[1] !== reference[i][1]);
      check[name] = differs === -1 ? 'same events' : differs === -2 ? `${seen.length} events, contractgen ${reference.length}` : `event ${differs} differs`;
    }
    const c = { kind, chunking, chunks: chunks.length, bytes: bytes.length, events: reference.length, check, results: Object.fromEntries(names.map((n) => [n, { eventsPerS: [], mbPerS: [], seconds: [] }])) };
    reference.length = 0;
    for (let round = -1; round < config.rounds; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + Math.max(round, 0)) % names.length];
        const t0 = performance.now();
        sink += parsers[name](chunks);
        const s = (performance.now() - t0) / 1000;
        if (round < 0) continue;
        c.results[name].eventsPerS.push(c.events / s);
        c.results[name].mbPerS.push(c.bytes / 1e6 / s);
        c.results[name].seconds.push(s);
      }
    }
    // Each peer's time over contractgen's in the same round: rounds a few hundred milliseconds
    // apart see the same machine, so the median of these moves less with its load than the medians.
    for (const name of names) if (name !== 'contractgen') c.results[name].perRound = c.results[name].seconds.map((s, i) => s / c.results.contractgen.seconds[i]);
    cases.push(c);
  }
}
if (sink < 0) console.log(sink);
console.log(
  JSON.stringify({
    mb: config.mb,
    rounds: config.rounds,
    cases,
  }),
);
