/** A node:http server on 127.0.0.1 for behaviour tests: listening on a free port, closed when done. */
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writePackage } from './type-tests.js';

export interface Loopback {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  close(): Promise<void>;
}

export async function listenLoopback(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Loopback> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A generated package under test: written to `out`, imported from its dist/, beside a loopback server; `dispose` removes both. */
export interface PackageUnderTest<P> {
  readonly pkg: P;
  readonly base: string;
  dispose(): Promise<void>;
}

/** The package of the contract (or OpenAPI description) `file`, with `typeTests` beside its sources, and a server answering with `handle`. */
export async function packageUnderTest<P>(file: string, out: string, typeTests: string, handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<PackageUnderTest<P>> {
  await writePackage(file, out, typeTests);
  const server = await listenLoopback(handle);
  const pkg = (await import(pathToFileURL(join(out, 'dist', 'index.js')).href)) as P;
  return {
    pkg,
    base: server.base,
    async dispose() {
      await server.close();
      rmSync(out, { recursive: true, force: true });
    },
  };
}
