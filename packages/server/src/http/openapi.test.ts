import { describe, expect, it } from 'vitest';
import { allCalls } from './api/index.js';
import { useTestServer } from '../testing/server.js';

// The document does not depend on the database: one, unseeded, is enough.
describe('GET /API/openapi.json', () => {
  const s = useTestServer('sqlite', { seed: false });

  it('describes every call with the request schema the server validates with', async () => {
    const res = await s.raw('/API/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, { post?: { requestBody: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> } } }> };
    expect(doc.openapi).toBe('3.1.0');
    for (const call of allCalls) expect(Object.keys(doc.paths)).toContain(`/API${call.path}`);
    const purchase = doc.paths['/API/customer/purchase']!.post!.requestBody.content['text/plain']!.schema;
    expect(purchase.required).toEqual(expect.arrayContaining(['UID', 'TOKEN', 'id', 'key']));
    // An empty amount is a business refusal (35), not a schema error, so it is described but optional.
    expect(Object.keys(purchase.properties ?? {})).toContain('amount');
    const login = doc.paths['/API/user/posLogin']!.post!.requestBody.content['application/json']!.schema;
    expect(Object.keys(login.properties ?? {})).toEqual(expect.arrayContaining(['mode', 'username', 'password']));
    expect(doc.paths['/API/config/domain.json']).toBeDefined();
    // The status-0 reply is described from the call map's reply schema.
    const replies = (doc.paths['/API/drawer/info']!.post as unknown as { responses: Record<string, { content: Record<string, { schema: { oneOf: { properties?: Record<string, unknown> }[] } }> }> }).responses;
    expect(Object.keys(replies['200']!.content['application/json']!.schema.oneOf[0]!.properties ?? {})).toEqual(expect.arrayContaining(['status', 'shift_id']));
  });
});
