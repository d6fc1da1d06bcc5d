import { TerminalClose } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type Session } from '../testing/server.js';
import { bossSession, demoTerminal, eventually } from '../testing/terminal-kit.js';

/**
 * Heartbeats decide connected and disconnected. A 1 s period: connected means a beat written within three
 * periods, so the test's server must keep its event loop within that of the beats; at 200 ms a clean-clone
 * run at load average 10 on two cores read a beating terminal as disconnected.
 */
describeOnDatabases('terminal heartbeats', (s) => {
  let boss: Session;

  beforeAll(async () => {
    boss = await bossSession(s);
  });

  const statusOf = async (name: number) => ((await s.call('/machine/list', boss)).list as Array<{ machine_id: number; status: string; lastSeen: string | null }>).find((m) => m.machine_id === name)!;

  it('a terminal that keeps beating stays connected, its last seen moving; one that falls silent is closed and shown disconnected', async () => {
    const beating = await demoTerminal(s, 101);
    expect(beating.welcome.heartbeat_ms).toBe(1000);
    const timer = setInterval(() => beating.socket.send({ type: 'heartbeat' }), 250);
    const silent = await demoTerminal(s, 102);
    try {
      const first = await statusOf(101);
      expect(first.status).toBe('connected');
      expect((await statusOf(102)).status).toBe('connected');
      // Three silent periods: the server closes 102; 101 beats on.
      expect(await silent.socket.closed).toMatchObject({ code: TerminalClose.SILENT, reason: 'no heartbeat' });
      await eventually(async () => expect((await statusOf(102)).status).toBe('disconnected'), 30_000);
      await eventually(async () => expect((await statusOf(101)).lastSeen! > first.lastSeen!).toBe(true), 30_000);
      expect((await statusOf(101)).status).toBe('connected');
    } finally {
      clearInterval(timer);
      await beating.socket.close();
    }
    await eventually(async () => expect((await statusOf(101)).status).toBe('disconnected'), 30_000);
  });
}, { settings: { terminalHeartbeatMs: 1000 } });
