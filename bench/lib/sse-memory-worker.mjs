/**
 * Memory while streaming a large body, run in a fresh process by bench/run.mjs (its RSS is the
 * client's alone; the server is another process):
 *   node sse-memory-worker.mjs <json config>
 * config: { stream, port, body: 'sse' | 'binary', bytes, warmupBytes }
 *   stream  contractgen's compiled runtime module (generator/dist/templates/stream.js)
 * sse: GET /sse through fetch + readerSource + itemStream (every event's data JSON, `[DONE]` the
 * terminator), as a generated client reads a streamed success; each item is counted and dropped.
 * binary: GET /binary through fetch + readerSource, each chunk counted and dropped.
 * After a warm-up body of `warmupBytes` (not sampled), process.memoryUsage() (rss, heapUsed) is
 * sampled every 100 ms with the bytes read so far. Prints one JSON line: the totals, the peak, the
 * RSS and heapUsed when a tenth, two tenths, … of the body had been read, and the growth from 10%
 * to 100%.
 */
import { pathToFileURL } from 'node:url';

const config = JSON.parse(process.argv[2]);
const { itemStream, readerSource } = await import(pathToFileURL(config.stream).href);

let read = 0;
let items = 0;

/** Reads one body of `bytes` through the client's path, counting bytes and items and dropping them. */
async function consume(bytes) {
  const res = await fetch(`http://127.0.0.1:${config.port}/${config.body}?bytes=${bytes}`);
  if (!res.ok || res.body === null) throw new Error(`HTTP ${res.status}`);
  const source = readerSource(res.body);
  if (config.body === 'sse') {
    // The bytes read are counted where the stream pulls its chunks, so each sample knows how far it is.
    const counted = {
      read: async () => {
        const chunk = await source.read();
        if (chunk !== undefined) read += chunk.length;
        return chunk;
      },
      cancel: () => source.cancel(),
    };
    const stream = itemStream(counted, { format: 'sse', json: true, terminator: '[DONE]' }, { idleTimeoutMs: 60_000, maxItemChars: 1 << 20 });
    for await (const item of stream) if (item !== undefined) items++;
    if (stream.error !== undefined) throw new Error(`the stream ended early: ${JSON.stringify(stream.error)}`);
  } else {
    for (let chunk = await source.read(); chunk !== undefined; chunk = await source.read()) {
      read += chunk.length;
      items++;
    }
  }
}

// A first, shorter body unsampled: the heap's young generation and the connection's buffers grow
// to their working size in its first few hundred megabytes, which a 1 GiB body read at ~1 GB/s
// would otherwise show as growth past its first tenth.
if (config.warmupBytes > 0) await consume(config.warmupBytes);
read = 0;
items = 0;
const samples = [];
const sample = () => {
  const { rss, heapUsed } = process.memoryUsage();
  samples.push({ read, rss, heapUsed });
};
sample();
const timer = setInterval(sample, 100);
const started = performance.now();
await consume(config.bytes);
const seconds = (performance.now() - started) / 1000;
clearInterval(timer);
sample();

const total = read;
/** The first sample at or past `fraction` of the body. */
const at = (fraction) => samples.find((s) => s.read >= fraction * total) ?? samples.at(-1);
const tenths = Array.from({ length: 11 }, (_, i) => {
  const s = at(i / 10);
  return { read: s.read, rss: s.rss, heapUsed: s.heapUsed };
});
const last = samples.at(-1);
console.log(
  JSON.stringify({
    body: config.body,
    bytes: total,
    items,
    seconds,
    mbPerS: total / 1e6 / seconds,
    itemsPerS: items / seconds,
    samples: samples.length,
    peakRss: Math.max(...samples.map((s) => s.rss)),
    peakHeapUsed: Math.max(...samples.map((s) => s.heapUsed)),
    rssGrowth: last.rss - at(0.1).rss,
    heapUsedGrowth: last.heapUsed - at(0.1).heapUsed,
    tenths,
  }),
);
