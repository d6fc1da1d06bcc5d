import { TerminalClose } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type Session } from '../testing/server.js';
import { bossSession, demoTerminal, eventually } from '../testing/terminal-kit.js';

/** Heartbeats decide connected and disconnected (with a 200 ms period so the test is short). */
describeOnDatabases('terminal heartbeats', (s) => {
  let boss: Session;

  beforeAll(async () => {
    boss = await bossSession(s);
  });

  const statusOf = async (name: number) => ((await s.call('/machine/list', boss)).list as Array<{ machine_id: number; status: string; lastSeen: string | null }>).find((m) => m.machine_id === name)!;

  it('a terminal that keeps beating stays connected, its last seen moving; one that falls silent is closed and shown disconnected', async () => {
    const beating = await demoTerminal(s, 101);
    expect(beating.welcome.heartbeat_ms).toBe(200);
    const timer = setInterval(() => beating.socket.send({ type: 'heartbeat' }), 100);
    const silent = await demoTerminal(s, 102);
    try {
      const first = await statusOf(101);
      expect(first.status).toBe('connected');
      expect((await statusOf(102)).status).toBe('connected');
      // Three silent periods: the server closes 102; 101 beats on.
      expect(await silent.socket.closed).toMatchObject({ code: TerminalClose.SILENT, reason: 'no heartbeat' });
      await eventually(async () => expect((await statusOf(102)).status).toBe('disconnected'));
      await eventually(async () => expect((await statusOf(101)).lastSeen! > first.lastSeen!).toBe(true));
      expect((await statusOf(101)).status).toBe('connected');
    } finally {
      clearInterval(timer);
      await beating.socket.close();
    }
    await eventually(async () => expect((await statusOf(101)).status).toBe('disconnected'));
  });
}, { settings: { terminalHeartbeatMs: 200 } });
