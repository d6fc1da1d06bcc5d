import type { FastifyBaseLogger } from 'fastify';

/**
 * Graceful shutdown on SIGTERM and SIGINT: `close` stops accepting (Fastify answers 503 to new
 * requests on open connections, so /readyz fails), waits for the requests in flight (a money call
 * waiting for its group commit is one), closes terminal sockets and the database. The process
 * exits 0 when that finished, or 1 after `timeoutMs` whatever still hangs; a second signal does
 * not start a second close.
 */
export function shutdownOnSignals(close: () => Promise<void>, timeoutMs: number, log: FastifyBaseLogger): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown timed out: exiting with work unfinished');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    close().then(
      () => {
        log.info('shut down');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
