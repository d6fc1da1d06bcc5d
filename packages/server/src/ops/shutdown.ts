import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** One named step of a shutdown: logged when it ends, so a hang names the step it is stuck in. */
type ShutdownStep = (name: string, work: () => Promise<void>) => Promise<void>;

/**
 * Graceful shutdown on SIGTERM and SIGINT: `close` stops accepting (Fastify answers 503 to new
 * requests on open connections, so /readyz fails), waits for the requests in flight (a money call
 * waiting for its group commit is one), closes terminal sockets and the database. The process
 * exits 0 when that finished, or 1 after `timeoutMs` whatever still hangs; a second signal does
 * not start a second close. On a timeout the log names the step still running and what
 * `describe` says of the process then (open connections, the database pool).
 */
export function shutdownOnSignals(close: (step: ShutdownStep) => Promise<void>, timeoutMs: number, log: FastifyBaseLogger, describe: () => Promise<object> = async () => ({})): void {
  let stopping = false;
  let running = 'start';
  const step: ShutdownStep = async (name, work) => {
    running = name;
    const startedAt = Date.now();
    await work();
    log.info({ step: name, ms: Date.now() - startedAt }, 'shutdown step done');
  };
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, timeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      const exit = (state: object) => {
        log.error({ timeoutMs, step: running, ...state }, 'shutdown timed out: exiting with work unfinished');
        process.exit(1);
      };
      describe().then(exit, () => exit({}));
    }, timeoutMs);
    timer.unref();
    close(step).then(
      () => {
        log.info('shut down');
        process.exit(0);
      },
      (err: unknown) => {
        log.error({ err, step: running }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Connections the HTTP server still holds (sockets of requests in flight and idle keep-alives). */
export function openConnections(server: { getConnections(cb: (err: Error | null, count: number) => void): void }): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, n) => resolve(err ? -1 : n)));
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

/**
 * A closing server ends every keep-alive connection with its next response (`Connection: close`).
 * Closing drops the connections idle at that instant, but a connection whose request was still in
 * flight turns idle afterwards, and a client may keep it open for the keep-alive timeout (72 s):
 * the close would wait for it and the shutdown time out, though no work is left.
 */
export function endKeepAliveWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) void reply.header('connection', 'close');
  });
}
