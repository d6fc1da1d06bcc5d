import { CALLS, CALL_BODY_BYTES, CALL_PATHS, CONSOLE_CALLS, CONSOLE_PATHS, type CallSpec } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { allCalls } from './api/index.js';
import { consoleCalls } from './api/console/console.calls.js';
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

  it('describes every platform console call from the console map: its input, its reply and who may make it', async () => {
    type Op = { operationId: string; tags: string[]; summary: string; requestBody: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }; responses: Record<string, { content?: Record<string, { schema: { oneOf: { properties?: Record<string, unknown> }[] } }> }> };
    const doc = (await (await s.raw('/API/openapi.json')).json()) as { paths: Record<string, { post?: Op }> };
    // Every entry of the console map and every console call the server answers, none left out.
    const missing = [...CONSOLE_PATHS, ...consoleCalls.map((c) => c.path)].filter((p) => !doc.paths[`/API${p}`]?.post);
    expect(missing).toEqual([]);
    for (const path of CONSOLE_PATHS) {
      const op = doc.paths[`/API${path}`]!.post!;
      expect(op.tags, path).toEqual(['operator']);
      const who = CONSOLE_CALLS[path].who;
      if (who.anonymous) expect(op.summary, path).toMatch(/no session needed/);
      else for (const role of ['admin', 'distributor', 'support'] as const) expect(op.summary.split('allowed: ')[1]!.split(', ').includes(role), `${path} ${role}`).toBe(who[role]);
    }
    const move = doc.paths['/API/operator/creditMove']!.post!;
    expect(move.requestBody.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['UID', 'TOKEN', 'key', 'amount']));
    expect(Object.keys(move.responses['200']!.content!['application/json']!.schema.oneOf[0]!.properties ?? {})).toEqual(expect.arrayContaining(['parent_balance', 'child_balance']));
    // One operation id per call across both maps.
    const ids = Object.values(doc.paths).flatMap((p) => (p.post ? [p.post.operationId] : []));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("says of every call of the registry its audience, read or write, and body limit, as the registry does", async () => {
    const doc = (await (await s.raw('/API/openapi.json')).json()) as { paths: Record<string, { post?: Record<string, unknown> }> };
    for (const path of CALL_PATHS) {
      const spec: CallSpec = CALLS[path];
      expect(doc.paths[`/API${path}`]?.post, path).toMatchObject({ 'x-audience': spec.audience, 'x-kind': spec.kind, 'x-body-limit': spec.bodyLimit ?? CALL_BODY_BYTES });
    }
  });
});
