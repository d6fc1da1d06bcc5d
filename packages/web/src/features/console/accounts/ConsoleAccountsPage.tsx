import { Badge, Button, Group, PasswordInput, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CONSOLE_ROLES, type ConsoleRole } from '@moneybox/contract/console-roles';
import type { PlatformAccount } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useDocumentTitle } from '../../../layouts/page-title';
import { consoleTime } from '../shell/console-time';
import { ConsoleTable } from '../shell/ConsoleTable';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';
import { consoleSession } from '../../../auth/console-session';
import { confirmLines } from '../shell/confirm-lines';
import { PasswordDialog } from '../shell/PasswordDialog';

/** The kiosk ids typed as "1001, 2002": the numbers, or null when one is not a number. */
export function kioskIds(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  if (!parts.every((p) => /^\d{1,12}$/.test(p))) return null;
  return parts.map(Number);
}

/** /operator/accounts (admin): the platform accounts, a new one, unlock, reset of the second factor, a new password, disable and remove (never one's own). */
export default function ConsoleAccountsPage() {
  const { t } = useTranslation(['console', 'status', 'common']);
  useDocumentTitle(t('console:accounts'));
  const accounts = useApiQuery('/operator/accounts', {});
  const write = useWrite();
  const [form, setForm] = useState({ username: '', password: '', role: 'distributor' as ConsoleRole, parent: '', stores: '' });
  const { error, setError, run } = useConsoleAction();
  const [newPasswordFor, setNewPasswordFor] = useState<PlatformAccount | null>(null);
  const list = accounts.data?.list ?? [];
  const me = consoleSession()?.uid;
  const disable = async (a: PlatformAccount) => {
    const lines = a.disabled ? [t('console:offboard.enableWhat', { name: a.username })] : [t('console:offboard.disableWhat', { name: a.username })];
    if (!(await confirmLines(a.disabled ? t('console:offboard.enable') : t('console:offboard.disable'), lines))) return;
    await run(() => write('/operator/accountDisable', { id: a.id, disable: !a.disabled }), a.disabled ? t('console:offboard.enabled') : t('console:offboard.disabledDone'));
  };
  const remove = async (a: PlatformAccount) => {
    if (!(await confirmLines(t('console:offboard.remove'), [t('console:offboard.removeWhat', { name: a.username })]))) return;
    await run(() => write('/operator/accountRemove', { id: a.id }), t('console:offboard.removed'));
  };
  const distributors = list.filter((a) => a.role === 'distributor');
  const create = async () => {
    const stores = form.role === 'distributor' ? kioskIds(form.stores) : [];
    if (stores === null) return setError(t('status:13'));
    const ok = await run(
      () =>
        write('/operator/accountCreate', {
          username: form.username,
          password: form.password,
          role: form.role,
          ...(form.role !== 'admin' && form.parent ? { parent_id: Number(form.parent) } : {}),
          ...(stores.length ? { stores } : {}),
        }),
      t('console:accountCreated'),
    );
    if (ok) setForm({ ...form, username: '', password: '', stores: '' });
  };
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz="h3">
        {t('console:accounts')}
      </Title>
      <ActionAlert error={error} testId="console-accounts-error" />
      <PasswordDialog
        account={newPasswordFor?.username ?? null}
        save={(password) => write('/operator/accountPassword', { id: newPasswordFor!.id, password })}
        done={t('console:offboard.passwordSet', { name: newPasswordFor?.username ?? '' })}
        onClose={() => setNewPasswordFor(null)}
        testId="console-account-password-dialog"
      />
      <ConsoleCard title={t('console:accountCreate')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <TextInput label={t('console:username')} value={form.username} onChange={(e) => setForm({ ...form, username: e.currentTarget.value })} maxLength={20} data-testid="console-account-username" />
          <PasswordInput label={t('console:password')} value={form.password} onChange={(e) => setForm({ ...form, password: e.currentTarget.value })} maxLength={20} data-testid="console-account-password" />
          <Select
            label={t('console:role')}
            data={CONSOLE_ROLES.map((r) => ({ value: r, label: t(`console:roles.${r}`) }))}
            value={form.role}
            onChange={(v) => setForm({ ...form, role: (v as ConsoleRole | null) ?? 'distributor' })}
            allowDeselect={false}
            data-testid="console-account-role"
          />
          {form.role === 'distributor' && (
            <TextInput label={t('console:storesField')} value={form.stores} onChange={(e) => setForm({ ...form, stores: e.currentTarget.value })} data-testid="console-account-stores" />
          )}
          {form.role !== 'admin' && (
            <Select
              label={form.role === 'support' ? t('console:parent') : t('console:parentDistributor')}
              data={[{ value: '', label: t('console:noDistributor') }, ...distributors.map((d) => ({ value: String(d.id), label: d.username }))]}
              value={form.parent}
              onChange={(v) => setForm({ ...form, parent: v ?? '' })}
              data-testid="console-account-parent"
            />
          )}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button disabled={!form.username || !form.password} onClick={() => void create()} data-testid="console-account-create">
            {t('console:accountCreate')}
          </Button>
        </Group>
      </ConsoleCard>
      <ConsoleTable minWidth={720} testId="console-accounts" head={[t('console:username'), t('console:role'), t('console:columns.distributor'), t('console:stores'), t('console:lastLogin'), '']}>
        {list.map((a) => (
          <Table.Tr key={a.id} data-row={a.username}>
            <Table.Td>
              <Group gap={4}>
                <Text fw={600} fz="sm">
                  {a.username}
                </Text>
                {a.locked && <Badge color="red">{t('console:locked')}</Badge>}
                {a.disabled && (
                  <Badge color="gray" data-testid={`console-account-disabled-${a.username}`}>
                    {t('console:disabled')}
                  </Badge>
                )}
                <Text fz="xs" c={a.enrolled ? 'green' : 'dimmed'}>
                  {a.enrolled ? t('console:enrolled') : t('console:notEnrolled')}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>{t(`console:roles.${a.role}`)}</Table.Td>
            <Table.Td>{a.parent ?? '—'}</Table.Td>
            <Table.Td>{a.stores.length ? a.stores.join(', ') : '—'}</Table.Td>
            <Table.Td>{consoleTime(a.lastLogin)}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="wrap" justify="flex-end">
                {a.locked && (
                  <Button size="compact-sm" variant="light" onClick={() => void run(() => write('/operator/accountUnlock', { id: a.id }), t('console:unlocked'))}>
                    {t('console:unlock')}
                  </Button>
                )}
                {a.enrolled && (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => void run(() => write('/operator/accountResetFactor', { id: a.id }), t('console:factorReset'))}>
                    {t('console:resetFactor')}
                  </Button>
                )}
                <Button size="compact-sm" variant="subtle" onClick={() => setNewPasswordFor(a)} data-testid={`console-account-new-password-${a.username}`}>
                  {t('console:offboard.newPassword')}
                </Button>
                {a.id !== me && (
                  <>
                    <Button size="compact-sm" variant="light" color={a.disabled ? 'green' : 'orange'} onClick={() => void disable(a)} data-testid={`console-account-disable-${a.username}`}>
                      {a.disabled ? t('console:offboard.enable') : t('console:offboard.disable')}
                    </Button>
                    <Button size="compact-sm" variant="light" color="red" onClick={() => void remove(a)} data-testid={`console-account-remove-${a.username}`}>
                      {t('console:offboard.remove')}
                    </Button>
                  </>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      
      </ConsoleTable>
    </Stack>
  );
}
