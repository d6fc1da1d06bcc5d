import { Status } from '@moneybox/contract/status';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError } from './call';
import { runWrite } from './write';
import { callTestHooks, heldReply } from '../test/fake-server';
import { shown } from '../test/message-box';

vi.mock('../components/message', () => import('../test/message-box'));

callTestHooks(shown);

describe('runWrite: the one mutation path of a write', () => {
  it('counts as a running mutation (the loading overlay) until the reply arrives', async () => {
    const client = new QueryClient();
    const release = heldReply({ status: 0, released: true, occupied: false });
    const done = runWrite(client, '/machine/remove', { id: 3 });
    await vi.waitFor(() => expect(client.isMutating()).toBe(1));
    release();
    await expect(done).resolves.toMatchObject({ released: true });
    expect(client.isMutating()).toBe(0);
  });

  it('maps a refusal to the user’s language and shows it the spec’s way, or leaves it to the caller when inline', async () => {
    const client = new QueryClient();
    heldReply({ status: Status.DRAWER_FROZEN })();
    const text = i18n.t(`status:${Status.DRAWER_FROZEN}`);
    await expect(runWrite(client, '/drawer/freeze', { id: 1, freeze: true })).rejects.toEqual(new ApiError({ kind: 'message', status: Status.DRAWER_FROZEN }, { status: Status.DRAWER_FROZEN }, text));
    await vi.waitFor(() => expect(shown).toEqual([text]));
    shown.length = 0;
    await expect(runWrite(client, '/drawer/freeze', { id: 1, freeze: true }, { handle: 'inline' })).rejects.toBeInstanceOf(ApiError);
    expect(shown).toEqual([]);
    expect(client.isMutating()).toBe(0);
  });
});
