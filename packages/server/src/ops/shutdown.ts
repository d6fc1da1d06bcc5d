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

/**
 * A bug that escapes every handler ends the process (Node's default, kept: its state is unknown), but
 * as one JSON line at level fatal in the same log, not a bare stack on stderr. The supervisor
 * (systemd Restart=on-failure, the orchestrator) starts it again; money is safe by the transactions.
 */
export function logFatalErrors(log: FastifyBaseLogger): void {
  const die = (kind: string) => (err: unknown) => {
    log.fatal({ err }, kind);
    process.exit(1);
  };
  process.on('uncaughtException', die('uncaught exception'));
  process.on('unhandledRejection', die('unhandled promise rejection'));
}
