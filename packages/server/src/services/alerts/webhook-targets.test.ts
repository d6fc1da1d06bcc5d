import { networkInterfaces } from 'node:os';
import { Status, WEBHOOK_REFUSAL_REASON } from '@moneybox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookRepository, outboxRepository } from '../../repositories/alert.repository.js';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { webhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.js';
import { DELIVERY_FAILED, deliverWebhooks, webhookDeliverer } from './webhook-delivery.js';
import { TARGET_REFUSED } from './webhook-target.js';

/** The operator's allow-list for receivers on this machine's loopback, over http. */
const LOCAL_RECEIVERS = { allowNetworks: ['127.0.0.1/32'], allowHttp: true };
const NO_ALLOW_LIST = { allowNetworks: [], allowHttp: false };

/** Waits until `done()` holds; the cap only guards a hang. */
async function until(done: () => boolean, what: string, capMs = 20_000): Promise<void> {
  const end = Date.now() + capMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A console admin (or whoever holds an admin's session) aiming webhooks at the server's own network:
 * without the operator's allow-list every internal form of an address is refused when added, a stored
 * one is refused when it is delivered (the name resolved again and connected to as checked), and a
 * failed delivery says the same words whatever answered. One receiver that never answers holds up no
 * other webhook's deliveries.
 */
describeOnDatabases(
  'webhook targets',
  (s) => {
    let admin: ConsoleSession;
    const as = () => ({ UID: admin.UID, TOKEN: admin.TOKEN });
    const receivers: WebhookReceiver[] = [];
    const receiver = async (opts: { hang?: boolean } = {}) => {
      const r = await webhookReceiver(opts);
      receivers.push(r);
      return r;
    };
    let alertId = 0;
    /** `n` alert events for every active webhook, due now. */
    const events = async (n: number) => {
      for (let i = 0; i < n; i++) await outboxRepository.enqueue(s.handle.db, alertId, 'alert.raised', JSON.stringify({ event: 'alert.raised', n: i }), new Date().toISOString());
    };
    const removeAll = async () => {
      for (const h of await webhookRepository.active(s.handle.db)) await webhookRepository.remove(s.handle.db, h.id, new Date().toISOString());
    };

    beforeAll(async () => {
      admin = await consoleAccount(s, 'admin');
      const [a] = await s.handle.db.insertInto('alert').values({ kind: 'ledger', subject: 'test', raised_at: new Date().toISOString() }).returning('id').execute();
      alertId = a!.id;
    });
    afterAll(async () => {
      for (const r of receivers) await r.close();
    });

    it('without the allow-list every internal form of an address is refused, with one message, and nothing is stored', async () => {
      const own = Object.values(networkInterfaces())
        .flat()
        .flatMap((i) => (i && !i.internal && i.family === 'IPv4' ? [`https://${i.address}/hook`] : []));
      const urls = [
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://[::1]/hook',
        'https://0.0.0.0/hook',
        'https://2130706433/hook',
        'https://0x7f000001/hook',
        'https://127.1/hook',
        'https://0177.0.0.1/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[::ffff:7f00:1]/hook',
        'https://169.254.169.254/latest/meta-data/',
        'https://[fe80::1]/hook',
        'https://10.0.0.1/hook',
        'https://172.16.0.1/hook',
        'https://192.168.1.1/hook',
        'https://100.64.0.1/hook',
        'https://[fd00::1]/hook',
        'https://[64:ff9b::a00:1]/hook',
        'https://127.0.0.1:5432/',
        `https://127.0.0.1:${new URL(s.url).port}/API/config/key`,
        `http://localhost:${new URL(s.url).port}/API/config/key`,
        // Plain http to a public address: https only unless the operator allows http.
        'http://93.184.216.34/hook',
        ...own,
      ];
      for (const url of urls) {
        const r = await s.call('/operator/webhookAdd', { ...as(), url });
        expect({ url, status: r.status, error: r.error, reason: r.reason }).toEqual({ url, status: Status.INPUT_ERROR, error: TARGET_REFUSED, reason: WEBHOOK_REFUSAL_REASON });
      }
      expect(await webhookRepository.active(s.handle.db)).toEqual([]);
      const trail = (await s.call('/operator/audit', as())).list as { kind: string }[];
      expect(trail.filter((t) => t.kind === 'console.webhook_add')).toEqual([]);
    });

    it('a stored webhook whose name resolves to loopback at delivery time is refused then: nothing reaches the receiver', async () => {
      const hook = await receiver();
      // Stored as if its name had resolved to a public address when it was added (DNS rebinding).
      await webhookRepository.add(s.handle.db, `https://localhost:${hook.port}/hook`, 'secret', 'admin', new Date().toISOString());
      await webhookRepository.add(s.handle.db, `https://127.0.0.1:${hook.port}/hook`, 'secret', 'admin', new Date().toISOString());
      await events(1);
      expect(await deliverWebhooks(s.handle, NO_ALLOW_LIST)).toEqual({ delivered: 0, failed: 2 });
      expect(hook.got).toEqual([]);
      const listed = (await s.call('/operator/webhooks', as())).list as { last_error: string; pending: number }[];
      expect(listed.map((h) => [h.pending, h.last_error])).toEqual([
        [1, TARGET_REFUSED],
        [1, TARGET_REFUSED],
      ]);
      await removeAll();
    });

    it('with the allow-list a local receiver is added and reached; a failure says the same words whether a port answered or not', async () => {
      const hook = await receiver();
      const id = await webhookRepository.add(s.handle.db, hook.url, 'secret', 'admin', new Date().toISOString());
      // A port of this machine nothing listens on: the closed receiver's.
      const closed = await webhookReceiver();
      await closed.close();
      const closedId = await webhookRepository.add(s.handle.db, closed.url, 'secret', 'admin', new Date().toISOString());
      hook.answers.push(404);
      await events(1);
      expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS)).toEqual({ delivered: 0, failed: 2 });
      expect(hook.got).toHaveLength(1);
      const listed = (await s.call('/operator/webhooks', as())).list as { id: number; last_error: string }[];
      expect(listed.map((h) => [h.id, h.last_error])).toEqual([
        [id, DELIVERY_FAILED],
        [closedId, DELIVERY_FAILED],
      ]);
      await removeAll();
    });

    it('with the allow-list a name that resolves inside it is reached, on the address the check resolved', async () => {
      const hook = await receiver();
      await webhookRepository.add(s.handle.db, `http://localhost:${hook.port}/hook`, 'secret', 'admin', new Date().toISOString());
      await events(1);
      expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS)).toEqual({ delivered: 1, failed: 0 });
      expect(hook.got).toHaveLength(1);
      expect(hook.got[0]!.headers.host).toBe(`localhost:${hook.port}`);
      await removeAll();
    });

    it('one receiver that never answers holds up no other webhook: every healthy delivery arrives while it still hangs', async () => {
      const healthy = await receiver();
      const hanging = await receiver({ hang: true });
      await webhookRepository.add(s.handle.db, hanging.url, 'secret', 'admin', new Date().toISOString());
      await webhookRepository.add(s.handle.db, healthy.url, 'secret', 'admin', new Date().toISOString());
      await events(40);
      // The hanging receiver's requests would time out only after 10 minutes: long past the cap below.
      const deliverer = webhookDeliverer(s.handle, LOCAL_RECEIVERS, { timeoutMs: 600_000 });
      const lanes: Promise<unknown>[] = [];
      let stop = false;
      const passes = (async () => {
        while (!stop) {
          lanes.push((await deliverer.pass()).lanes);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      try {
        await until(() => healthy.got.length >= 40, 'the healthy receiver to get its 40 deliveries');
      } finally {
        stop = true;
        await passes;
      }
      expect(hanging.waiting).toBeGreaterThan(0);
      expect(hanging.abandoned).toBe(0);
      expect(new Set(healthy.got.map((r) => JSON.parse(r.body).n as number)).size).toBe(40);
      await removeAll();
      await hanging.close();
      await Promise.allSettled(lanes);
    });
  },
  { settings: { alertSweepMs: 0, webhookDeliverMs: 0 } },
);
