import { permissionOf, WHO, type Who } from '../domain/permissions.js';
import { SERVER_VERSION, statusMessages, domainMap } from '@moneybox/contract';
import { z } from 'zod';
import type { CallDef } from './call.js';

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

/**
 * The OpenAPI 3.1 document of the API, generated from the same zod schemas that validate requests,
 * so it cannot drift from what the server accepts. Served at GET /API/openapi.json.
 */
/** The permission matrix's row in words, for the document. */
function allowedList(path: string): string {
  const r = permissionOf(path);
  const names: Record<Who, string> = { anonymous: 'anonymous', cashier: 'cashier', viewer: 'boss in viewer mode', boss: 'boss' };
  return r ? WHO.filter((w) => r[w]).map((w) => names[w]).join(', ') || 'nobody' : 'nobody (no row in the permission matrix)';
}

export function openApiDocument(calls: readonly CallDef[]): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const call of calls) {
    const schema = z.toJSONSchema(call.input, { io: 'input', unrepresentable: 'any' });
    delete (schema as { $schema?: string }).$schema;
    const [, group, name] = call.path.split('/');
    paths[`/API${call.path}`] = {
      post: {
        operationId: `${group}_${name}`,
        tags: [group],
        summary: call.access === 'public' ? 'No session needed' : `Session call (UID, TOKEN); allowed: ${allowedList(call.path)}`,
        requestBody: {
          required: true,
          content: { 'text/plain': { schema }, 'application/json': { schema } },
        },
        responses: {
          '200': { description: 'A business outcome: status 0 or a catalogued code', content: { 'application/json': { schema: envelopeReply } } },
          '503': { description: 'Maintenance: `{e, msg}`, no status; fetch /config/maintain' },
          '511': { description: 'Login rate limit: `{status: 34, error, retryAfter}`' },
        },
      },
    };
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
