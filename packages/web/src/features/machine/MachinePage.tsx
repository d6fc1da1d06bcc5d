import { Alert, Badge, Button, Group, SimpleGrid, Text } from '@mantine/core';
import type { MachineListItem } from '@moneybox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { useWrite } from '../../api/write';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageFrame } from '../../components/PageFrame';
import { confirmBox, toast } from '../../components/message';
import { livePoll, useLive } from '../../live/useLive';
import { EnrolDialog } from './EnrolDialog';
import { MachineCard } from './MachineCard';
import { RenameDialog } from './RenameDialog';
import { callKey } from '../../api/query-keys';

/** Without the live socket (down, reconnecting): status, customer and today's play refresh every 2 seconds. */
const POLL_MS = 2_000;

/** /Machine (boss): every terminal of the store, live; enrolment codes, rename and release. */
export default function MachinePage() {
  const { t } = useTranslation(['machine']);
  const client = useQueryClient();
  const write = useWrite();
  // Pushed: the server says when a machine changed (live/); the poll is only the fallback.
  const live = useLive();
  const q = useApiQuery('/machine/list', {}, { refetchInterval: livePoll(live, POLL_MS) });
  const [busy, setBusy] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<MachineListItem | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const reload = () => void client.invalidateQueries({ queryKey: callKey('/machine/list') });

  const rename = async (name: number) => {
    const m = renaming!;
    await write('/machine/update', { id: m.id, machine_id: name });
    setRenaming(null);
    toast(t('machine:editSuccessful'));
    reload();
  };

  const release = async (m: MachineListItem) => {
    setBusy(`release-${m.id}`);
    try {
      if (!(await confirmBox(t('machine:releaseConfirm', { name: m.machine_id })))) return toast(t('machine:releaseCanceled'), 'info');
      let r = await write('/machine/remove', { id: m.id });
      if (!r.released && r.occupied) {
        if (!(await confirmBox(t('machine:machineOccupied', { name: m.machine_id })))) return toast(t('machine:releaseCanceled'), 'info');
        r = await write('/machine/remove', { id: m.id, confirm: true });
      }
      if (r.released) toast(t('machine:releaseCompleted'));
    } catch {
      // Shown by the call's handler (20: not connected).
    } finally {
      setBusy(null);
      reload();
    }
  };

  const list = q.data?.list ?? [];
  return (
    <PageFrame title={t('machine:title')} crumbs={[]}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Text size="sm" data-testid="machine-count">
            {q.data ? t('machine:count', { n: list.length, count: q.data.max_machines }) : ''}
          </Text>
          <Badge variant="dot" color={live ? 'teal' : 'gray'} data-testid="live-state" data-live={live}>
            {live ? t('machine:live') : t('machine:polling')}
          </Badge>
        </Group>
        <Button onClick={() => setEnrolling(true)} disabled={!q.data} data-testid="enrol-open">
          {t('machine:enrol')}
        </Button>
      </Group>
      {q.isPending ? <PageLoading /> : null}
      {q.isError ? (
        <Alert color="red" variant="light" role="alert">
          {q.error.message}
        </Alert>
      ) : null}
      {q.data && list.length === 0 ? (
        <Alert variant="light" color="gray" data-testid="no-machine">
          {t('machine:noMachineFound')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="machine-list">
        {list.map((m) => (
          <MachineCard key={m.id} machine={m} busy={busy} onRename={() => setRenaming(m)} onRelease={() => void release(m)} />
        ))}
      </SimpleGrid>
      <RenameDialog current={renaming?.machine_id ?? null} onClose={() => setRenaming(null)} onSave={rename} />
      <EnrolDialog
        opened={enrolling}
        onClose={() => {
          setEnrolling(false);
          reload();
        }}
      />
    </PageFrame>
  );
}
