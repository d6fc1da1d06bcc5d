import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Names of fields that carry a secret anywhere in the product: passwords, session tokens, PINs,
 * one-time keys, enrolment codes, terminal keys and signatures, the metrics token. Whatever object
 * a log line carries, a field of these names is written as "[redacted]" (one and two levels deep,
 * which is as deep as our log objects go), so a careless `log.info({ input })` cannot leak one.
 */
const SECRET_FIELDS = [
  'password', 'new_password', 'old_password', 'TOKEN', 'token', 'pin', 'PIN', 'new_pin', 'key',
  'signature', 'public_key', 'private_key', 'privateKey', 'secret', 'authorization', 'cookie', 'token_hash',
];
const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'req.headers["x-metrics-token"]', 'res.headers["set-cookie"]',
  // `code` is an enrolment code in a message or input, but an error's code elsewhere (kept).
  'msg.code', 'input.code', 'body.code', 'message.code',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** Query parameters whose values are secrets; a URL in a log line has them replaced. */
const SECRET_QUERY = /([?&](?:token|key|pin|password|code|signature)=)[^&#]*/gi;

function scrubUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** An incoming X-Request-Id from a proxy is kept when it is short and plain; otherwise a new UUID. */
export function requestId(req: IncomingMessage): string {
  const h = req.headers['x-request-id'];
  return typeof h === 'string' && /^[\w.:-]{1,64}$/.test(h) ? h : randomUUID();
}

/**
 * The server's pino options: JSON lines, one request id (`reqId`) on every line of a request
 * (Fastify binds it to req.log; terminal connections log through their upgrade request's logger,
 * so `reqId` is the connection id there), secrets redacted, URLs scrubbed.
 */
export function loggerOptions(level: string, extra: object = {}) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
        return { method: req.method, url: scrubUrl(req.url), remoteAddress: req.ip, userAgent: req.headers?.['user-agent'] };
      },
    },
    ...extra,
  };
}
