import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError, reloadForChunkError } from '../../app/chunk-reload';
import { useEndSession } from '../../auth/end-session';
import { kioskData } from '../../auth/session';
import { LogoutIcon } from '../../components/icons';
import { closeShift } from '../shift-close/close-shift';
import { logoutPath } from './logout';

const loadFlow = () => import('./LogoutFlow');
const LogoutFlow = lazy(loadFlow);

/** The logout button (spec section 2); the flow with the report loads when it is pressed (`LogoutFlow`). */
export function LogoutButton() {
  const { t } = useTranslation('logout');
  // Each press mounts the flow afresh (a count dialog cancelled earlier leaves it mounted, its confirmation closed).
  const [flow, setFlow] = useState(0);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const finish = useEndSession();

  const start = async () => {
    const path = logoutPath(kioskData());
    setBusy(true);
    try {
      if (path === 'confirm-report') {
        // The button spins while the flow's code loads; the dialog then opens at once.
        await loadFlow();
        setFlow((n) => n + 1);
        return;
      }
      if (path === 'close-shift') await closeShift(client).catch(() => undefined);
      await finish();
    } catch (err) {
      // A stale deployment's missing chunk: reload (at most once a minute), as for a page's chunk.
      if (!isChunkLoadError(err) || !reloadForChunkError()) throw err;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* On a phone only the icon shows (the word stays for screen readers), so the header keeps room for the kiosk id and the drawer. */}
      <Button variant="white" color="dark" size="compact-md" className="mbx-icon-on-phone" onClick={() => void start()} loading={busy} data-testid="logout" leftSection={<LogoutIcon />}>
        <span className="mbx-hide-phone">{t('logout')}</span>
      </Button>
      {flow ? (
        <Suspense fallback={null}>
          <LogoutFlow key={flow} onCancel={() => setFlow(0)} />
        </Suspense>
      ) : null}
    </>
  );
}
