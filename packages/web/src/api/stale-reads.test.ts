import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keysFor } from '../live/invalidate';
import { customerInfoKey, customerKeys, refreshAfterCustomerWrite } from './stale-reads';

const cached = [
  ['/customer/info', { type: 'id', rule: '6' }],
  ['/customer/info', { type: 'id', rule: '7' }],
  ['/customer/getDayLimit', { id: 6 }],
  ['/customer/blockState', { id: 6 }],
  ['/customer/history', { id: 6, startTime: 'a', endTime: 'b', page: 1, limit: 10 }],
  ['/customer/search', { type: 'any', rule: 'smith' }],
  ['/drawer/info', {}],
  ['/machine/list', {}],
];

function cache(): QueryClient {
  const client = new QueryClient();
  for (const key of cached) client.setQueryData(key, { status: 0 });
  return client;
}
const stale = (client: QueryClient) => cached.filter((k) => client.getQueryState(k)?.isInvalidated).map((k) => JSON.stringify(k));

describe("a screen's own write and the live feed make the same reads stale", () => {
  it("a money movement: the customer's reads and search, as the live feed's, and the counter's drawer; no other customer", async () => {
    const client = cache();
    await refreshAfterCustomerWrite(client, 6, { money: true });
    expect(stale(client)).toEqual(cached.filter((k) => !(k[0] === '/machine/list' || JSON.stringify(k[1]).includes('"7"'))).map((k) => JSON.stringify(k)));
    // The live feed's keys for the customer are the same list (its own source): a change to one is a change to both.
    expect(keysFor({ machines: [], customers: [6] })).toEqual(customerKeys([6]));
  });

  it('a write without money leaves the drawer; a key set from the reply is not fetched again', async () => {
    const client = cache();
    await refreshAfterCustomerWrite(client, 6, { written: [customerInfoKey(6)] });
    const s = stale(client);
    expect(s).not.toContain(JSON.stringify(['/drawer/info', {}]));
    expect(s).not.toContain(JSON.stringify(customerInfoKey(6)));
    expect(s).toContain(JSON.stringify(['/customer/blockState', { id: 6 }]));
  });
});
