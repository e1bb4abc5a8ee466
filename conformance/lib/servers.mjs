// Prism on 127.0.0.1 for one description, and the logging proxy in front of it that records each
// raw request (method, URL as sent, headers, body) and the answer it got.
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import { createServer as netServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const PRISM = join(here, '..', 'node_modules/@stoplight/prism-cli/dist/index.js');
const START_TIMEOUT_MS = 90_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** `prism mock --errors` on a free port, resolved once it says it listens; `stop()` ends it. */
export async function startPrism(description) {
  const port = await freePort();
  const child = spawn(process.execPath, [PRISM, 'mock', '--errors', '-h', '127.0.0.1', '-p', String(port), description], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 3000).unref();
    });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start in ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const watch = (chunk) => {
      log = (log + chunk).slice(-4000);
      if (/Prism is listening/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${code}): ${log.split('\n').filter(Boolean).slice(-3).join(' | ').slice(0, 300)}`));
    });
  });
  try {
    await ready;
  } catch (e) {
    await stop();
    throw e;
  }
  // Past the start only the tail is kept: the reason when it dies on a request.
  return {
    port,
    stop,
    lastError: () =>
      log
        .split('\n')
        .filter((l) => /^\w*Error\b|Error:/.test(l))
        .pop()
        ?.trim()
        .slice(0, 200) ?? 'exited',
  };
}

/** A node:http proxy to `targetPort` that keeps every request as it arrived, with the answer. */
export async function startProxy(targetPort) {
  const seen = [];
  let target = targetPort;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const record = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body,
      };
      seen.push(record);
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: target,
          method: req.method,
          path: req.url,
          headers: req.headers,
        },
        (answer) => {
          const back = [];
          answer.on('data', (c) => back.push(c));
          answer.on('end', () => {
            record.response = {
              status: answer.statusCode,
              headers: answer.headers,
              body: Buffer.concat(back),
            };
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(record.response.body);
          });
        },
      );
      upstream.on('error', (e) => {
        // Prism is gone (it dies on some requests): the caller restarts it.
        record.response = { status: 502, headers: {}, body: Buffer.from(String(e.message)), upstreamDown: true };
        res.writeHead(502).end();
      });
      upstream.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    /** Points the proxy at another Prism (after a restart). */
    retarget: (port) => {
      target = port;
    },
    /** The requests recorded since the last call. */
    take: () => seen.splice(0, seen.length),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
