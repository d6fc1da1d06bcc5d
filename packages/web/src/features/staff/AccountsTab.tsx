import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { UserListItem } from '@moneybox/contract';
import { SCREENS } from '@moneybox/contract/screens';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { useWrite } from '../../api/write';
import { PageLoading } from '../../components/LoadingOverlay';
import { confirmBox, toast } from '../../components/message';
import { currentLanguage } from '../../i18n/i18n';
import { menuCodes } from '../../i18n/languages';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { AccountFormDialog } from './AccountFormDialog';
import { callKey } from '../../api/query-keys';

/** Filled with dark shades: white text keeps a 4.5:1 contrast. */
const STATUS_COLOR = { enabled: 'teal.9', disabled: 'gray.7', locked: 'red.9' } as const;

/** The store's staff with the administrator labels, and the boss's actions on each (none for a viewer). */
export function AccountsTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation(['staff', 'common']);
  const client = useQueryClient();
  const write = useWrite();
  const q = useApiQuery('/user/list');
  const { diff } = useLocalTimeDiff();
  const [dialog, setDialog] = useState<{ editing: UserListItem | null } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const lang = menuCodes[currentLanguage()];
  const screenName = (link: string) => SCREENS.find((s) => s.link === link)?.names[lang] ?? link;

  const reload = () => client.invalidateQueries({ queryKey: callKey('/user/list') });
  const act = async (id: string, fn: () => Promise<void>) => {
    setBusy(id);
    try {
      await fn();
    } catch {
      // Shown by the call's handler.
    } finally {
      setBusy(null);
      void reload();
    }
  };

  const toggle = (u: UserListItem) =>
    act(`disable-${u.id}`, async () => {
      if (!u.disable && !(await confirmBox(t('staff:disableConfirm', { account: u.account })))) return;
      await write('/user/disable', { id: u.id, disable: !u.disable });
      toast(t('staff:changeDone'));
    });
  const remove = (u: UserListItem) =>
    act(`remove-${u.id}`, async () => {
      if (!(await confirmBox(t('staff:removeConfirm', { account: u.account })))) return;
      await write('/user/remove', { id: u.id });
      toast(t('staff:removeDone'));
    });
  const unlock = (u: UserListItem) =>
    act(`unlock-${u.id}`, async () => {
      await write('/user/unlock', { id: u.id });
      toast(t('staff:changeDone'));
    });

  const rows = q.data?.list ?? [];
  return (
    <>
      <Group justify="space-between" wrap="wrap" mb="sm">
        <Text size="sm" c="dimmed">
          {q.data ? t('staff:count', { count: rows.length }) : ''}
        </Text>
        {readOnly ? (
          <Text size="sm" c="dimmed" data-testid="read-only">
            {t('staff:readOnly')}
          </Text>
        ) : (
          <Button onClick={() => setDialog({ editing: null })} data-testid="create-account">
            {t('staff:create')}
          </Button>
        )}
      </Group>
      {q.isPending ? <PageLoading /> : null}
      {q.isError ? (
        <Alert color="red" variant="light" role="alert">
          {q.error.message}
        </Alert>
      ) : null}
      {q.data ? (
        <Table.ScrollContainer minWidth={1040} type="native" tabIndex={0} role="region" aria-label={t('staff:accountsTab')}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="accounts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('staff:account')}</Table.Th>
                <Table.Th>{t('staff:type')}</Table.Th>
                <Table.Th>{t('staff:status')}</Table.Th>
                <Table.Th>{t('staff:permission')}</Table.Th>
                <Table.Th>{t('staff:boundStore')}</Table.Th>
                <Table.Th>{t('staff:createTime')}</Table.Th>
                <Table.Th>{t('staff:lastLogin')}</Table.Th>
                {readOnly ? null : <Table.Th>{t('staff:actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((u) => (
                <Table.Tr key={u.id} data-testid={`account-${u.account}`}>
                  <Table.Td fw={600}>
                    {u.account}
                    {u.self ? <Text span size="xs" c="dimmed">{` (${t('staff:you')})`}</Text> : null}
                  </Table.Td>
                  <Table.Td>{t(`staff:types.${u.type}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[u.status]} variant="filled" style={{ minWidth: 'max-content' }} data-testid="account-status">
                      {t(`staff:statuses.${u.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{u.permission.map(screenName).join(', ')}</Text>
                  </Table.Td>
                  <Table.Td>{`${u.storename} (${u.kid})`}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(u.createTime, diff)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(u.lastLogin, diff)}</Table.Td>
                  {readOnly ? null : (
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button size="compact-xs" variant="light" onClick={() => setDialog({ editing: u })} disabled={busy !== null} data-testid="edit">
                          {t('staff:edit')}
                        </Button>
                        {u.self ? null : (
                          <Button size="compact-xs" variant="light" color={u.disable ? 'green' : 'orange'} onClick={() => void toggle(u)} loading={busy === `disable-${u.id}`} disabled={busy !== null} data-testid="toggle">
                            {u.disable ? t('staff:enable') : t('staff:disable')}
                          </Button>
                        )}
                        {u.locked ? (
                          <Button size="compact-xs" variant="light" onClick={() => void unlock(u)} loading={busy === `unlock-${u.id}`} disabled={busy !== null} data-testid="unlock">
                            {t('staff:unlock')}
                          </Button>
                        ) : null}
                        {u.self ? null : (
                          <Button size="compact-xs" variant="light" color="red" onClick={() => void remove(u)} loading={busy === `remove-${u.id}`} disabled={busy !== null} data-testid="remove">
                            {t('staff:remove')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <AccountFormDialog
        opened={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={(_u, created) => {
          setDialog(null);
          toast(created ? t('staff:createDone') : t('staff:editDone'));
          void reload();
        }}
      />
    </>
  );
}
