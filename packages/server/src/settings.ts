import path from 'node:path';
import { HEARTBEAT_MS } from '@moneybox/contract';
import type { DatabaseBounds } from './db/pg-bounds.js';
import ipaddr from 'ipaddr.js';

/** Process settings from the environment, read once at start. */
export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** A PostgreSQL replica the report calls read from (docs/ops/standby.md); money calls never do. */
  replicaDatabaseUrl: string | undefined;
  /** Reports read the primary while the replica is further behind than this. */
  replicaMaxLagMs: number;
  env: string;
  /** Idle time after which a session answers 5. */
  sessionIdleMs: number;
  /** Idle time after which a platform console session answers 5 (CONSOLE_IDLE_MINUTES, 30). */
  consoleIdleMs: number;
  /** Lifetime of a one-time key from /config/key. */
  keyTtlMs: number;
  /** One-time keys one address may take per minute from /config/key (an anonymous call) before HTTP 511. */
  keyIpLimit: number;
  /** Failed logins from one address within the window before HTTP 511. */
  loginIpLimit: number;
  /** Login attempts for one username within the window before HTTP 511. */
  loginUserLimit: number;
  loginWindowMs: number;
  webDist: string | undefined;
  logLevel: string;
  /** Bearer token that lets a non-loopback client read /metrics (ops/metrics.ts); unset: loopback only. */
  metricsToken: string | undefined;
  /** On SIGTERM/SIGINT the process exits by then even if something still hangs (ops/shutdown.ts). */
  shutdownTimeoutMs: number;
  /** Heartbeat period asked of terminals; silent for 3 periods means disconnected (docs/TERMINAL.md). */
  terminalHeartbeatMs: number;
  /** How often the live sockets' sessions are checked (logged out, replaced, idle, disabled: the socket closes). */
  liveSessionCheckMs: number;
  /**
   * How often this process folds new ledger rows into the reports' daily totals; 0 = never (another
   * server does it). Reports stay exact either way: they read the totals plus the live tail above them.
   */
  reportRefreshMs: number;
  /** How often the alert sweep runs (ALERT_SWEEP_MS, 60 s; 0: never). */
  alertSweepMs: number;
  /** SQLite on a file: the HTTP money calls in a worker thread (SQLITE_MONEY_WORKER=1; money/money-worker.ts). */
  sqliteMoneyWorker: boolean;
  /** How often the sweep also runs the ledger verify (ALERT_VERIFY_MS, one hour; 0: never). */
  alertVerifyMs: number;
  /** How often the ledger's digests are brought up to date (LEDGER_DIGEST_MS, 60 s; 0: never; jobs/ledger-digests.ts). */
  ledgerDigestMs: number;
  /** The operator's Ed25519 ledger key (LEDGER_KEY_FILE, default `<DATA_DIR>/ledger-key.pem`; auth/ledger-key.ts). */
  ledgerKeyFile: string;
  /** Encrypts the ledger key file when set (LEDGER_KEY_PASSPHRASE); a secret: never logged. */
  ledgerKeyPassphrase: string | undefined;
  /** How long a customer's personal data is kept after their last money movement before it may be erased on request (CUSTOMER_RETENTION_DAYS, 1,825: five years). */
  customerRetentionDays: number;
  /** How often the webhook deliverer looks at its outbox (WEBHOOK_DELIVER_MS, 2 s; 0: never). */
  webhookDeliverMs: number;
  /** Where webhooks may go beyond public https addresses (WEBHOOK_ALLOW_NETWORKS, WEBHOOK_ALLOW_HTTP; services/alerts/webhook-target.ts). */
  webhooks: WebhookPolicy;
  /** A request's headers must have arrived by then (docs/DECISIONS.md "Slow clients"). */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must have arrived by then; the handler's own time does not count. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this; above every proxy's own idle time to its upstream. */
  keepAliveTimeoutMs: number;
  /** Behind a reverse proxy (TRUST_PROXY=1): the client's address and protocol from its X-Forwarded-* headers. */
  trustProxy: boolean;
  /** The counters' network receipt printers the pages may post to (PRINTER_ORIGINS; the CSP's connect-src, docs/HARDWARE.md). */
  printerOrigins: readonly string[];
  /** Open connections one TCP peer address may hold; more are closed at once. 0 = no cap (the default behind a proxy). */
  maxConnectionsPerAddress: number;
  /**
   * How long a call waits on a database that does not answer before it answers 14 (DB_ACQUIRE_TIMEOUT_SECONDS 5,
   * DB_LOCK_TIMEOUT_SECONDS 5, DB_STATEMENT_TIMEOUT_SECONDS 15; db/pg-bounds.ts, README "A database that hangs").
   */
  databaseBounds: DatabaseBounds;
}

/**
 * Where webhooks may go. By default only public unicast addresses over https (services/alerts/webhook-target.ts);
 * the operator widens it for receivers inside the network.
 */
export interface WebhookPolicy {
  /** CIDR ranges allowed although they are not public (WEBHOOK_ALLOW_NETWORKS, e.g. `10.1.2.0/24,127.0.0.1/32`). */
  allowNetworks: readonly string[];
  /** Plain http allowed (WEBHOOK_ALLOW_HTTP=1); otherwise https only. */
  allowHttp: boolean;
}

/** `WEBHOOK_ALLOW_NETWORKS`: comma-separated CIDRs; a bad entry stops the server at start rather than being ignored. */
export function parseAllowNetworks(text: string | undefined): string[] {
  const list = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const cidr of list) if (!ipaddr.isValidCIDR(cidr)) throw new Error(`WEBHOOK_ALLOW_NETWORKS: not a CIDR range: ${cidr}`);
  return list;
}

/**
 * `PRINTER_ORIGINS`: comma-separated origins of network receipt printers (`http://192.168.1.50`,
 * `https://printer.local:8043`), each a scheme, a host and an optional port, nothing else: they go into
 * the Content-Security-Policy, so an entry with a path, a wildcard, a quote or a `;` would widen or
 * rewrite it; a bad entry stops the server at start rather than being ignored.
 */
export function parsePrinterOrigins(text: string | undefined): string[] {
  const list = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of list) {
    if (!/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin) && !/^https?:\/\/\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(origin)) {
      throw new Error(`PRINTER_ORIGINS: not an origin (scheme://host[:port]): ${origin}`);
    }
  }
  return list;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): Settings {
  const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    replicaDatabaseUrl: env.REPLICA_DATABASE_URL || undefined,
    replicaMaxLagMs: int(env.REPLICA_MAX_LAG_SECONDS, 10) * 1000,
    env: env.MONEYBOX_ENV ?? 'demo',
    sessionIdleMs: int(env.SESSION_IDLE_MINUTES, 720) * 60_000,
    consoleIdleMs: int(env.CONSOLE_IDLE_MINUTES, 30) * 60_000,
    keyTtlMs: int(env.KEY_TTL_SECONDS, 600) * 1000,
    keyIpLimit: int(env.KEY_IP_LIMIT, 6000),
    loginIpLimit: int(env.LOGIN_IP_LIMIT, 30),
    loginUserLimit: int(env.LOGIN_USER_LIMIT, 20),
    loginWindowMs: int(env.LOGIN_WINDOW_SECONDS, 300) * 1000,
    webDist: env.WEB_DIST,
    logLevel: env.LOG_LEVEL ?? 'info',
    terminalHeartbeatMs: int(env.TERMINAL_HEARTBEAT_MS, HEARTBEAT_MS),
    liveSessionCheckMs: int(env.LIVE_SESSION_CHECK_MS, 5000),
    reportRefreshMs: int(env.REPORT_REFRESH_MS, 1000),
    alertSweepMs: int(env.ALERT_SWEEP_MS, 60_000),
    sqliteMoneyWorker: env.SQLITE_MONEY_WORKER === '1',
    alertVerifyMs: int(env.ALERT_VERIFY_MS, 3_600_000),
    webhookDeliverMs: int(env.WEBHOOK_DELIVER_MS, 2000),
    customerRetentionDays: int(env.CUSTOMER_RETENTION_DAYS, 1825),
    ledgerDigestMs: int(env.LEDGER_DIGEST_MS, 60_000),
    ledgerKeyFile: path.resolve(env.LEDGER_KEY_FILE ?? path.join(env.DATA_DIR ?? 'data', 'ledger-key.pem')),
    ledgerKeyPassphrase: env.LEDGER_KEY_PASSPHRASE || undefined,
    webhooks: { allowNetworks: parseAllowNetworks(env.WEBHOOK_ALLOW_NETWORKS), allowHttp: env.WEBHOOK_ALLOW_HTTP === '1' },
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: env.TRUST_PROXY === '1',
    printerOrigins: parsePrinterOrigins(env.PRINTER_ORIGINS),
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_SECONDS, 20) * 1000,
    databaseBounds: {
      acquireMs: int(env.DB_ACQUIRE_TIMEOUT_SECONDS, 5) * 1000,
      lockMs: int(env.DB_LOCK_TIMEOUT_SECONDS, 5) * 1000,
      statementMs: int(env.DB_STATEMENT_TIMEOUT_SECONDS, 15) * 1000,
    },
    ...connectionLimits(env, int),
  };
}

/**
 * Node refuses a header timeout above the request timeout: the header one is held to it. Behind a
 * proxy (TRUST_PROXY=1) every connection comes from the proxy, so a per-address cap would cap all
 * clients together: the proxy caps each client instead (docs/ops), unless a cap is set explicitly.
 */
function connectionLimits(env: NodeJS.ProcessEnv, int: (v: string | undefined, d: number) => number) {
  const requestTimeoutMs = Math.max(1, int(env.REQUEST_TIMEOUT_SECONDS, 30)) * 1000;
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(requestTimeoutMs, Math.max(1, int(env.HEADERS_TIMEOUT_SECONDS, 10)) * 1000),
    keepAliveTimeoutMs: Math.max(1, int(env.KEEP_ALIVE_TIMEOUT_SECONDS, 72)) * 1000,
    maxConnectionsPerAddress: int(env.MAX_CONNECTIONS_PER_ADDRESS, env.TRUST_PROXY === '1' ? 0 : 512),
  };
}
