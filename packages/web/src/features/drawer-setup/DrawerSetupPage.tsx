import { Alert, Button, Group, SimpleGrid, Text } from '@mantine/core';
import type { DrawerSetupItem, ShiftReport } from '@moneybox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { useWrite } from '../../api/write';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageFrame } from '../../components/PageFrame';
import { confirmBox, toast } from '../../components/message';
import { DrawerReportDialog } from '../drawer-report/DrawerReportDialog';
import { DrawerCard } from './DrawerCard';
import { call } from '../../api/call';
import { i18n } from '../../i18n/i18n';
import { CashCountDialog, type CashCount } from '../shift-close/CashCountDialog';
import { callKey } from '../../api/query-keys';

/** /SystemSetup/DrawerSetup (boss): every drawer of the store; freeze, unfreeze, create, force-close. */
export default function DrawerSetupPage() {
  const { t } = useTranslation(['drawer-setup', 'home', 'drawer-report']);
  const client = useQueryClient();
  const write = useWrite();
  const q = useApiQuery('/drawer/setupList', {}, { refetchInterval: 10_000 });
  const [busy, setBusy] = useState<string | null>(null);
  const [report, setReport] = useState<ShiftReport | null>(null);
  const [counting, setCounting] = useState<{ drawer: DrawerSetupItem; denominations: string[] } | null>(null);

  const list = q.data?.list ?? [];

  const reload = () => {
    void client.invalidateQueries({ queryKey: callKey('/drawer/setupList') });
    void client.invalidateQueries({ queryKey: callKey('/drawer/info') });
  };

  /** Runs one action with its button busy; refusals were already shown by the call's handler. */
  const act = async (id: string, fn: () => Promise<void>) => {
    setBusy(id);
    try {
      await fn();
    } catch {
      // Shown by the call's handler.
    } finally {
      setBusy(null);
      reload();
    }
  };

  const freeze = (d: DrawerSetupItem) =>
    act(`freeze-${d.id}`, async () => {
      const to = !d.freeze;
      if (!(await confirmBox(t(to ? 'drawer-setup:freezeConfirm' : 'drawer-setup:unfreezeConfirm', { number: d.number })))) return;
      await write('/drawer/freeze', { id: d.id, freeze: to });
      toast(t(to ? 'drawer-setup:frozenDone' : 'drawer-setup:unfrozenDone', { number: d.number }));
    });

  // A boss's force close counts the drawer too (issue 23): the count dialog, then the close with it.
  const forceClose = (d: DrawerSetupItem) =>
    act(`close-${d.id}`, async () => {
      if (!(await confirmBox(t('drawer-setup:forceCloseConfirm', { number: d.number, account: d.account ?? '-' })))) return;
      const [info] = await Promise.all([call('/drawer/info', { id: d.id }), i18n.loadNamespaces('drawer')]);
      setCounting({ drawer: d, denominations: info.denominations });
    });

  const submitCount = async (count: CashCount) => {
    if (!counting) return;
    const r = await write('/drawer/forceClose', { id: counting.drawer.id, ...count });
    setCounting(null);
    setReport(r);
    reload();
  };

  // Confirmed first, with the count against the store's maximum ("Create drawer 4 of 5?"). At the
  // maximum the server refuses (15) with the spec's message: there is nothing to confirm.
  const create = () =>
    act('create', async () => {
      const max = q.data?.max_drawers ?? 0;
      if (list.length < max && !(await confirmBox(t('drawer-setup:createConfirm', { n: list.length + 1, max })))) return;
      const r = await write('/drawer/create', {});
      toast(t('drawer-setup:createDone', { number: r.drawer.number }));
    });

  return (
    <PageFrame title={t('drawer-setup:title')} crumbs={[{ label: t('home:groups.setup') }]}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" data-testid="drawer-count">
          {q.data ? t('drawer-setup:count', { n: list.length, count: q.data.max_drawers }) : ''}
        </Text>
        <Button onClick={() => void create()} loading={busy === 'create'} disabled={busy !== null || !q.data} data-testid="create-drawer">
          {t('drawer-setup:create')}
        </Button>
      </Group>
      {q.isPending ? <PageLoading /> : null}
      {q.isError ? (
        <Alert color="red" variant="light" role="alert">
          {q.error.message}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="drawer-setup-list">
        {list.map((d) => (
          <DrawerCard key={d.id} drawer={d} busy={busy} onFreeze={() => void freeze(d)} onForceClose={() => void forceClose(d)} />
        ))}
      </SimpleGrid>
      {counting ? (
        <CashCountDialog
          drawerNumber={counting.drawer.number}
          storeList={counting.denominations}
          intro={t('drawer-setup:forceCloseCount', { number: counting.drawer.number, account: counting.drawer.account ?? '-' })}
          onSubmit={submitCount}
          onCancel={() => setCounting(null)}
        />
      ) : null}
      {/* The force-close report is printed by the boss who closed it; it records them as the closer. */}
      <DrawerReportDialog opened={report !== null} report={report} onClose={() => setReport(null)} />
    </PageFrame>
  );
}
