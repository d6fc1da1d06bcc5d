import { Alert, Button, Group, NativeSelect, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useApiQuery } from '../../api/hooks';
import { PageLoading } from '../../components/LoadingOverlay';
import { useMoney } from '../../money/useMoney';
import { storeDayEnd, storeDayStart, storeTime, storeToday } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { ACTIVITY_KINDS, KIND_GROUPS, actorName, describeChange, kindKey } from './activity-labels';

const PAGE_SIZE = 20;

/** Activity: the store's audit trail with its money rows, by account, kind and period (store days), with CSV export. */
export function ActivityTab() {
  const { t } = useTranslation(['staff', 'common']);
  const { diff, ready } = useLocalTimeDiff();
  const { money } = useMoney();
  const today = storeToday(diff);
  const [account, setAccount] = useState('');
  const [kind, setKind] = useState('');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const staff = useApiQuery('/user/list');

  const fromDay = from ?? today;
  const toDay = to ?? today;
  const filter = {
    ...(account && { account_id: Number(account) }),
    ...(kind && { kind }),
    startTime: storeDayStart(fromDay, diff) ?? undefined,
    endTime: storeDayEnd(toDay, diff) ?? undefined,
  };
  const q = useApiQuery('/audit/list', { ...filter, page, limit: PAGE_SIZE }, { enabled: ready, call: { handle: false } });
  const pages = q.data ? Math.max(1, Math.ceil(q.data.total / PAGE_SIZE)) : 1;

  const exportCsv = async () => {
    setExporting(true);
    try {
      const r = await call('/audit/export', filter);
      const url = URL.createObjectURL(new Blob(['\ufeff', r.csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `activity-${fromDay}-${toDay}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch {
      // Shown by the call's handler.
    } finally {
      setExporting(false);
    }
  };

  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  return (
    <>
      <Group align="flex-end" wrap="wrap" gap="sm" mb="sm">
        <NativeSelect
          label={t('staff:account')}
          value={account}
          onChange={(e) => reset(setAccount)(e.currentTarget.value)}
          data={[{ value: '', label: t('staff:all') }, ...(staff.data?.list ?? []).map((u) => ({ value: String(u.id), label: u.account }))]}
          data-testid="activity-account"
        />
        <NativeSelect
          label={t('staff:kind')}
          value={kind}
          onChange={(e) => reset(setKind)(e.currentTarget.value)}
          data={[
            { value: '', label: t('staff:all') },
            { group: t('staff:groupsLabel'), items: KIND_GROUPS.map((g) => ({ value: g, label: t(`staff:groups.${g}`) })) },
            { group: t('staff:kindsLabel'), items: ACTIVITY_KINDS.map((k) => ({ value: k, label: t(`staff:${kindKey(k)}`) })) },
          ]}
          data-testid="activity-kind"
        />
        <TextInput type="date" label={t('staff:from')} value={fromDay} max={today} onChange={(e) => reset(setFrom)(e.currentTarget.value)} data-testid="activity-from" />
        <TextInput type="date" label={t('staff:to')} value={toDay} max={today} onChange={(e) => reset(setTo)(e.currentTarget.value)} data-testid="activity-to" />
        <Button variant="light" onClick={() => void exportCsv()} loading={exporting} data-testid="activity-export">
          {t('staff:exportCsv')}
        </Button>
      </Group>
      {q.isPending ? <PageLoading /> : null}
      {q.isError ? (
        <Alert color="red" variant="light" role="alert">
          {q.error.message}
        </Alert>
      ) : null}
      {q.data ? (
        <>
          <Text size="sm" c="dimmed" mb="xs" data-testid="activity-total">
            {t('staff:rows', { count: q.data.total })}
          </Text>
          <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={t('staff:activityTab')}>
            <Table striped verticalSpacing="xs" data-testid="activity">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staff:time')}</Table.Th>
                  <Table.Th>{t('staff:account')}</Table.Th>
                  <Table.Th>{t('staff:kind')}</Table.Th>
                  <Table.Th>{t('staff:target')}</Table.Th>
                  <Table.Th>{t('staff:amount')}</Table.Th>
                  <Table.Th>{t('staff:details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.list.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(r.at, diff)}</Table.Td>
                    <Table.Td data-testid="activity-actor">
                      {actorName(r, t)}
                      <Text span size="xs" c="dimmed">{` (${t(`staff:roles.${r.actor_role}`, { defaultValue: r.actor_role })})`}</Text>
                    </Table.Td>
                    <Table.Td>{t(`staff:${kindKey(r.kind)}`, { defaultValue: r.kind })}</Table.Td>
                    <Table.Td>{r.target_type ? `${t(`staff:targets.${r.target_type}`, { defaultValue: r.target_type })} ${r.target}` : r.target}</Table.Td>
                    <Table.Td>{r.amount === null ? '' : money(r.amount)}</Table.Td>
                    <Table.Td>
                      <Text size="xs" style={{ wordBreak: 'break-word' }}>
                        {describeChange(r.before, r.after)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} mt="sm" getControlProps={(control) => ({ 'aria-label': t(`staff:pager.${control}`) })} /> : null}
        </>
      ) : null}
    </>
  );
}
