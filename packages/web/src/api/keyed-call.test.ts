import { describe, expect, it, vi } from 'vitest';
import { callTestHooks, heldReply, signIn, signOut } from '../test/fake-server';
import { shown } from '../test/message-box';
import { ApiError } from './call';
import { keyedCall, newOneTimeKey, type KeyedPath } from './keyed-call';
import { KeyAlreadyRecorded } from './one-time-key';

vi.mock('../components/message', () => import('../test/message-box'));

/** A stand-in server behind fetch: /config/key hands out k1, k2, ...; `money` answers each money call (recorded in `sent`). */
function serve(money: (body: Record<string, unknown>) => Record<string, unknown>) {
  let n = 0;
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Record<string, unknown>;
    const reply =
      url === '/API/config/key' ? { status: 0, key: `k${++n}`, expiresIn: 600 } : url === '/API/config/maintain' ? { status: 0, msg: '' } : (sent.push(body), money(body));
    return new Response(JSON.stringify(reply), { status: 200 });
  });
  return sent;
}

callTestHooks(shown);

const fills = { path: '/drawer/fills' as const, target: 7, cents: 1050, payload: { shift_id: 7, reason: 'change' } };

describe('money call with its one-time key', () => {
  it('sends the intent’s amount in units with the key', async () => {
    const sent = serve(() => ({ status: 0, balance: 10.5 }));
    await expect(keyedCall(newOneTimeKey(), fills)).resolves.toMatchObject({ balance: 10.5 });
    expect(sent).toEqual([{ shift_id: 7, reason: 'change', amount: 10.5, key: 'k1' }]);
  });

  it('renews a key the server calls expired (12 on its first use) once, without showing the 12', async () => {
    const sent = serve((b) => (b.key === 'k1' ? { status: 12 } : { status: 0 }));
    await keyedCall(newOneTimeKey(), fills);
    expect(sent.map((b) => b.key)).toEqual(['k1', 'k2']);
    expect(shown).toEqual([]);
  });

  it('says "already recorded" when a retry’s key was used by the send whose reply was lost', async () => {
    const keys = newOneTimeKey();
    let lost = true;
    const sent = serve(() => {
      if (lost) {
        lost = false;
        return { e: 'reply lost' } as Record<string, unknown>;
      }
      return { status: 12 };
    });
    await expect(keyedCall(keys, fills)).rejects.toBeInstanceOf(ApiError);
    // The lost reply's message box (its code loads with the first one).
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    shown.length = 0;
    await expect(keyedCall(keys, fills)).rejects.toBeInstanceOf(KeyAlreadyRecorded);
    expect(sent.map((b) => b.key)).toEqual(['k1', 'k1']);
    expect(shown).toEqual(['This confirmation was already recorded once; the figures shown are up to date.']);
  });

  it('shows a business refusal in a message box, or leaves it to the caller when inline', async () => {
    serve(() => ({ status: 38 }));
    await expect(keyedCall(newOneTimeKey(), fills)).rejects.toMatchObject({ failure: { status: 38 } });
    await vi.waitFor(() => expect(shown).toHaveLength(1));
    await expect(keyedCall(newOneTimeKey(), fills, { inline: true })).rejects.toMatchObject({ failure: { status: 38 } });
    expect(shown).toHaveLength(1);
  });
});

describe('the money calls', () => {
  it('are the calls of the map that take an amount and a key', () => {
    const paths = ['/drawer/init', '/drawer/fills', '/drawer/bleeds', '/customer/purchase', '/customer/redeem', '/customer/comps', '/customer/revert'] as const satisfies readonly KeyedPath[];
    // Both ways: no money call missing from the list above (the compiler checks this line).
    expect(paths).toHaveLength(7);
    const every: (typeof paths)[number] extends KeyedPath ? (KeyedPath extends (typeof paths)[number] ? true : false) : false = true;
    expect(every).toBe(true);
  });
});

describe('a money call whose session the tab left while it was on its way', () => {
  it('shows nothing (the reply is about a session the tab no longer has)', async () => {
    signIn('old');
    const release = heldReply({ status: 5 }, { '/config/key': { status: 0, key: 'k1', expiresIn: 600 } });
    const reply = keyedCall(newOneTimeKey(), fills);
    await new Promise((r) => setTimeout(r, 20));
    signOut();
    release();
    await expect(reply).rejects.toBeInstanceOf(ApiError);
    await new Promise((r) => setTimeout(r, 50));
    expect(shown).toEqual([]);
  });
});

