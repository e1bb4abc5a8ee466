/**
 * How the measure's local servers run: on 127.0.0.1 with a port the OS picks, printing `port <n>`
 * once listening, and exiting on SIGTERM or SIGINT, or by themselves after `maxSeconds`.
 */
export function serve(server, maxSeconds) {
  server.listen(0, '127.0.0.1', () => {
    process.stdout.write(`port ${server.address().port}\n`);
  });
  const stop = () => {
    server.close();
    server.closeAllConnections?.();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  setTimeout(stop, maxSeconds * 1000).unref();
}
