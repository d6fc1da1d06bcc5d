import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { renderRoutes } from '../test/render';
import { ScreenGuard } from './ScreenGuard';

/** The menu reply as the server sends it for a cashier: `opens` lists what the matrix lets it open. */
function clientFor(opens: string[]) {
  const client = createQueryClient();
  client.setQueryData(['/user/menu', { lang: 'en' }, 'opens'], { status: 0, menu: [], opens, serverVer: '1', env: 'test' });
  client.setQueryDefaults(['/user/menu'], { staleTime: Infinity });
  return client;
}

const route = (link: string) => [{ path: link, element: <ScreenGuard link={link}><p>the boss page</p></ScreenGuard> }];

describe('ScreenGuard', () => {
  it("shows 'Permission error' for a screen the account may not open", async () => {
    await renderRoutes(route('/SystemSetup/userSettingSpecifyGroup'), '/SystemSetup/userSettingSpecifyGroup', clientFor(['/CustomerAccount', '/Drawer']));
    expect(await screen.findByTestId('permission-error')).toHaveTextContent('Permission error');
    expect(screen.queryByText('the boss page')).toBeNull();
  });

  it('opens a screen the account may open', async () => {
    await renderRoutes(route('/SystemSetup/userSettingSpecifyGroup'), '/SystemSetup/userSettingSpecifyGroup', clientFor(['/SystemSetup/userSettingSpecifyGroup']));
    expect(await screen.findByText('the boss page')).toBeInTheDocument();
  });
});
