import { CONSOLE_LIVE_PATH, type ConsoleLiveMessage } from '@moneybox/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consoleAccount } from '../testing/console-kit.js';
import { openLive } from '../testing/live-kit.js';
import { useTestServer } from '../testing/server.js';
import { bossSession } from '../testing/terminal-kit.js';

/**
 * A server whose bus lost its LISTEN connection (PostgreSQL: a backend ended, a network blip) missed
 * what other servers notified meanwhile; once it listens again every screen it serves refetches:
 * the store's live sockets hear "everything changed", the console's hear alerts and stores.
 */
describe('screens resync after the bus listens again (postgres)', () => {
  const s = useTestServer('postgres');

  it("tells the store's and the console's sockets to refetch once the bus listens again", async () => {
    const store = openLive(s.url, await bossSession(s));
    await store.next((m) => m.type === 'hello', 30_000);
    const admin = await consoleAccount(s, 'admin');
    const console = new WebSocket(`${s.url.replace('http', 'ws')}${CONSOLE_LIVE_PATH}`);
    const heard: ConsoleLiveMessage[] = [];
    console.on('message', (d: Buffer) => heard.push(JSON.parse(d.toString()) as ConsoleLiveMessage));
    await new Promise((resolve) => console.once('open', resolve));
    console.send(JSON.stringify({ UID: admin.UID, TOKEN: admin.TOKEN }));
    const until = async (what: () => boolean) => {
      // A hang guard only: the bus retries a second after a loss.
      for (let i = 0; i < 300 && !what(); i++) await new Promise((r) => setTimeout(r, 100));
      expect(what()).toBe(true);
    };
    await until(() => heard.some((m) => m.type === 'hello'));
    const mark = store.mark();
    const consoleMark = heard.length;

    const cut = await sql<{ n: number }>`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND query = 'LISTEN moneybox_terminal' AND pid <> pg_backend_pid()`.execute(s.handle.db);
    expect(cut.rows[0]!.n).toBeGreaterThanOrEqual(1);

    expect(await store.next((m) => m.type === 'changed', 30_000, mark)).toEqual({ type: 'changed', machines: 'all', customers: 'all' });
    await until(() => heard.slice(consoleMark).some((m) => m.type === 'alerts') && heard.slice(consoleMark).some((m) => m.type === 'stores'));
    store.close();
    console.close();
  });
});
