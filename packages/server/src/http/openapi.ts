import { CALLS, CALL_BODY_BYTES, CONSOLE_WHO, SERVER_VERSION, WHO, statusMessages, domainMap, type CallSpec, type ConsoleRule, type ConsoleWho, type Rule, type Who } from '@moneybox/contract';
import { z } from 'zod';

/** Every reply: a status from the catalogue (0 = success) and, on refusal, the English message. */
const envelopeReply = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'integer', enum: Object.keys(statusMessages).map(Number) },
    error: { type: 'string', description: 'English message of a non-zero status' },
  },
  additionalProperties: true,
};

const catalogue = Object.entries(statusMessages)
  .map(([code, msg]) => `- ${code}: ${msg}`)
  .join('\n');

/** The permission matrix's row in words, for the document. */
function allowedList(r: Rule): string {
  const names: Record<Who, string> = { anonymous: 'anonymous', cashier: 'cashier', viewer: 'boss in viewer mode', boss: 'boss' };
  return WHO.filter((w) => r[w]).map((w) => names[w]).join(', ') || 'nobody';
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** The platform matrix's row in words. */
function consoleAllowedList(r: ConsoleRule): string {
  return CONSOLE_WHO.filter((w: ConsoleWho) => w !== 'anonymous' && r[w]).join(', ') || 'nobody';
}

/** One call of a map as an OpenAPI operation: its input schema, its status-0 reply beside the refusal envelope. */
function operation(path: string, call: CallSpec, tag: string, summary: string): Record<string, unknown> {
  const schema = jsonSchema(call.input, 'input');
  const [, group, name] = path.split('/');
  return {
    post: {
      operationId: `${group}_${name}`,
      tags: [tag],
      summary,
      // The registry's own words: whose session, read or write, and the body limit (bytes).
      'x-audience': call.audience,
      'x-kind': call.kind,
      'x-body-limit': call.bodyLimit ?? CALL_BODY_BYTES,
      requestBody: {
        required: true,
        content: { 'text/plain': { schema }, 'application/json': { schema } },
      },
      responses: {
        '200': {
          description: 'A business outcome: the status-0 reply, or a catalogued refusal (status and English error)',
          content: { 'application/json': { schema: { oneOf: [jsonSchema(call.reply, 'output'), envelopeReply] } } },
        },
        '503': { description: 'Maintenance: `{e, msg}`, no status; fetch /config/maintain' },
        '511': { description: 'A rate limit (logins, one-time keys, usernames in use tried): `{status: 34, error, retryAfter}`' },
      },
    },
  };
}

/** What a call's operation says of its session and who may make it, by the entry's audience. */
function summaryOf(call: CallSpec): string {
  if (call.audience === 'console') {
    return call.who.anonymous ? 'Platform console sign-in step; no session needed' : `Platform console call (the console session's UID, TOKEN); allowed: ${consoleAllowedList(call.who)}`;
  }
  return call.who.anonymous ? 'No session needed' : `Session call (UID, TOKEN); allowed: ${allowedList(call.who)}`;
}

/**
 * The OpenAPI 3.1 document of the API, generated from the contract's call registry (CALLS: the
 * store's calls and the platform console's): the same zod schemas that validate requests and replies,
 * the same `who` the envelope enforces, so it cannot drift from what the server accepts and answers.
 * Served at GET /API/openapi.json.
 */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [path, call] of Object.entries(CALLS) as [string, CallSpec][]) {
    paths[`/API${path}`] = operation(path, call, path.split('/')[1]!, summaryOf(call));
  }
  const domainSchema = z.toJSONSchema(domainMap);
  delete (domainSchema as { $schema?: string }).$schema;
  paths['/API/config/domain.json'] = {
    get: {
      operationId: 'config_domain',
      tags: ['config'],
      summary: 'Host → layout (0-6); a host without an entry uses layout 0',
      responses: { '200': { description: 'The domain map', content: { 'application/json': { schema: domainSchema } } } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Moneybox POS API',
      version: SERVER_VERSION,
      description: `POST calls with a JSON body (text/plain or application/json). Amounts are currency units with at most two decimals.\n\nStatus catalogue:\n${catalogue}`,
    },
    paths,
  };
}
