import { Badge, Button, Group, NativeSelect, NumberInput, PasswordInput, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { currencySignForLayout, themeForLayout } from '@moneybox/contract/layout';
import type { ConsoleStore } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { consoleSession } from '../../../auth/console-session';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useDocumentTitle } from '../../../layouts/page-title';
import { useMoney } from '../../../money/useMoney';
import { CreditCard } from '../credit/ConsoleCreditPage';
import { ReportLinks, StoreBack } from './StoreNav';
import { StoreState } from '../stores/ConsoleStoresPage';
import { StoreDistributor } from './StoreDistributor';
import { StorePlace } from './StorePlace';
import { PasswordDialog } from '../shell/PasswordDialog';
import { StoreExclusionSharing } from './StoreExclusionSharing';
import { StoreCashThresholds } from './StoreCashThresholds';
import { StoreThresholds } from './StoreThresholds';
import { consoleTime } from '../shell/console-time';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';

/** /operator/stores/:kid: the store's settings and quota, its reports (read-only), freeze, bosses, theme, alert thresholds; the admin also sets the quota and the thresholds and moves the store to another distributor. */
export default function ConsoleStorePage() {
  const { t } = useTranslation(['console', 'common']);
  const kid = Number(useParams().kid);
  const detail = useApiQuery('/operator/store', { kid });
  const store = detail.data?.store;
  useDocumentTitle(store ? `${store.name} (${store.kid})` : t('console:stores'));
  const role = consoleSession()?.role;
  const distributors = useApiQuery('/operator/distributors', {});
  // The store's credit edge, for the moves' confirmation: its distributor (and that one's credit) or the operator.
  const parent = store?.distributor ? distributors.data?.list.find((d) => d.username === store.distributor) : undefined;
  const parties = store && { child: `${store.name} (${store.kid})`, parent: store.distributor ?? t('console:credit.operator'), parentBalance: store.distributor ? (parent?.credit ?? null) : null };
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <StoreBack to="/operator/stores" label={t('console:backToStores')} testId="console-back" error={detail.error} />
      {store && (
        <>
          <Group gap="sm" wrap="wrap">
            <Title order={1} fz="h3" data-testid="console-store-title">
              {`${store.name} (${store.kid})`}
            </Title>
            <StoreState row={store} />
          </Group>
          <ReportLinks kid={store.kid} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <StoreDetails store={store} />
            <Stack gap="md">
              {role !== 'support' && <StorePlace key={`${store.name}|${store.address}|${store.city}|${store.state}|${store.zip}|${store.phone}`} store={store} />}
              {role !== 'support' && <Freeze store={store} />}
              <Bosses kid={store.kid} bosses={detail.data!.bosses} canManage={role !== 'support'} />
              <Theme kid={store.kid} hosts={detail.data!.hosts} canManage={role !== 'support'} />
            </Stack>
          </SimpleGrid>
          <Stack gap="md">
            <CreditCard target={{ kid: store.kid }} fund="credit" canMove={role !== 'support'} title={t('console:credit.storeCredit')} testId="console-store-credit" parties={parties!} />
            <CreditCard target={{ kid: store.kid }} fund="comps" canMove={role !== 'support'} title={t('console:fields.specialComps')} testId="console-store-comps" parties={parties!} />
          </Stack>
          <StoreThresholds kid={store.kid} canEdit={role === 'admin'} />
          <StoreCashThresholds kid={store.kid} canEdit={role === 'admin'} />
          <StoreExclusionSharing kid={store.kid} canEdit={role === 'admin'} />
          {role === 'admin' && <StoreDistributor kid={store.kid} name={store.name} credit={store.credit} />}
          {role === 'admin' && <Quota store={store} />}
        </>
      )}
    </Stack>
  );
}

/** The store's facts; a cap or minimum of 0 means none and says so (never $0.00). */
export function StoreDetails({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation('console');
  const { money } = useMoney();
  const rows: [string, string][] = [
    [t('columns.credit'), `${money(store.credit)}${store.days_left !== null ? ` (${t('daysLeft', { count: store.days_left })})` : ''}`],
    [t('fields.specialComps'), money(store.special_comps)],
    [t('columns.shifts'), String(store.open_shifts)],
    [t('columns.machines'), `${store.machines_connected} / ${store.machines_enrolled}`],
    [t('columns.purchases'), money(store.today.purchases)],
    [t('columns.redeems'), money(store.today.redeems)],
    [t('columns.net'), money(store.today.net)],
    [t('fields.distributor'), store.distributor ?? t('noDistributor')],
    [t('fields.address'), [store.address, store.city, store.state, store.zip].filter(Boolean).join(', ')],
    [t('fields.phone'), store.phone],
    [t('fields.timezone'), store.timezone],
    [t('fields.maxDrawers'), String(store.max_drawers)],
    [t('fields.maxMachines'), String(store.max_machines)],
    [t('fields.limitDay'), String(store.limit_day)],
    [t('fields.capHourly'), store.caps.hourly ? money(store.caps.hourly) : t('noCap')],
    [t('fields.capDaily'), store.caps.daily ? money(store.caps.daily) : t('noCap')],
    [t('fields.capWeekly'), store.caps.weekly ? money(store.caps.weekly) : t('noCap')],
    [t('fields.minAmount'), store.min_amount ? money(store.min_amount) : t('noMinimum')],
    [t('fields.createdAt'), consoleTime(store.created_at)],
  ];
  return (
    <ConsoleCard title={t('details')}>
      <Table fz="sm" verticalSpacing={4} data-testid="console-store-details">
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w="45%" fw={500} c="dimmed">
                {k}
              </Table.Th>
              <Table.Td>{v || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ConsoleCard>
  );
}

function Freeze({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation('console');
  const write = useWrite();
  const [message, setMessage] = useState('');
  const action = useConsoleAction();
  const error = action.error;
  return (
    <ConsoleCard title={t('freezeTitle')}>
      <ActionAlert error={error} mb="sm" />
      {store.frozen ? (
        <Stack gap="sm">
          <Text data-testid="console-freeze-message">{t('frozenWith', { msg: store.freeze_msg })}</Text>
          <Button color="green" loading={action.busy} onClick={() => void action.run(() => write('/operator/storeFreeze', { kid: store.kid, freeze: false }), t('unfrozenDone'))} data-testid="console-unfreeze">
            {t('unfreeze')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Textarea label={t('freezeMessage')} description={t('freezeHint')} value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={300} autosize minRows={2} data-testid="console-freeze-input" />
          <Button
            color="red"
            loading={action.busy}
            disabled={!message.trim()}
            onClick={() => void action.run(() => write('/operator/storeFreeze', { kid: store.kid, freeze: true, message }), t('frozenDone')).then((ok) => ok && setMessage(''))}
            data-testid="console-freeze"
          >
            {t('freeze')}
          </Button>
        </Stack>
      )}
    </ConsoleCard>
  );
}

function Bosses({ kid, bosses, canManage }: { kid: number; bosses: { id: number; account: string; locked: boolean; disabled: boolean; lastLogin: string | null }[]; canManage: boolean }) {
  const { t } = useTranslation('console');
  const write = useWrite();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [newPasswordFor, setNewPasswordFor] = useState<{ id: number; account: string } | null>(null);
  const action = useConsoleAction();
  const error = action.error;
  return (
    <ConsoleCard title={t('bosses')}>
      <PasswordDialog
        account={newPasswordFor?.account ?? null}
        save={(pw) => write('/operator/bossPassword', { kid, id: newPasswordFor!.id, password: pw })}
        done={t('offboard.passwordSet', { name: newPasswordFor?.account ?? '' })}
        onClose={() => setNewPasswordFor(null)}
        testId="console-boss-password-dialog"
      />
      <ActionAlert error={error} mb="sm" />
      {bosses.length === 0 && <Text c="dimmed">{t('noBosses')}</Text>}
      <Stack gap={6} data-testid="console-bosses">
        {bosses.map((b) => (
          <Group key={b.id} justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs">
              <Text fw={600}>{b.account}</Text>
              <Badge color={b.locked ? 'red' : b.disabled ? 'gray' : 'green'} variant="light">
                {b.locked ? t('locked') : b.disabled ? t('disabled') : t('active')}
              </Badge>
              <Text fz="xs" c="dimmed">
                {t('lastLogin')}: {consoleTime(b.lastLogin)}
              </Text>
            </Group>
            <Group gap={4} wrap="nowrap">
              {canManage && b.locked && (
                <Button size="compact-sm" variant="light" loading={action.busy} onClick={() => void action.run(() => write('/operator/bossUnlock', { kid, id: b.id }), t('unlocked'))} data-testid={`console-unlock-${b.account}`}>
                  {t('unlock')}
                </Button>
              )}
              {canManage && (
                <Button size="compact-sm" variant="subtle" onClick={() => setNewPasswordFor(b)} data-testid={`console-boss-new-password-${b.account}`}>
                  {t('offboard.newPassword')}
                </Button>
              )}
            </Group>
          </Group>
        ))}
      </Stack>
      {canManage && (
        <Group mt="md" align="flex-end" gap="xs" wrap="wrap">
          <TextInput label={t('username')} value={username} onChange={(e) => setUsername(e.currentTarget.value)} maxLength={20} w={{ base: '100%', xs: 160 }} data-testid="console-boss-username" />
          <PasswordInput label={t('password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} maxLength={20} w={{ base: '100%', xs: 160 }} data-testid="console-boss-password" />
          <Button
            loading={action.busy}
            disabled={!username || !password}
            onClick={() =>
              void action.run(() => write('/operator/bossCreate', { kid, username, password }), t('bossCreated')).then((ok) => {
                if (ok) {
                  setUsername('');
                  setPassword('');
                }
              })
            }
            data-testid="console-boss-create"
          >
            {t('createBoss')}
          </Button>
        </Group>
      )}
    </ConsoleCard>
  );
}

const LAYOUTS = [0, 1, 2, 3, 4, 5, 6];

/**
 * The store's theme (spec section 1: layout by host): each host its app is served at with its layout,
 * its colour theme and currency sign; set a host's layout (a new host is added), or take a host off.
 */
function Theme({ kid, hosts, canManage }: { kid: number; hosts: { host: string; layout: number }[]; canManage: boolean }) {
  const { t } = useTranslation('console');
  const write = useWrite();
  const [host, setHost] = useState(hosts[0]?.host ?? '');
  const [layout, setLayout] = useState(String(hosts[0]?.layout ?? 0));
  const action = useConsoleAction();
  const describe = (l: number) => t('theme.layoutName', { n: l, theme: t(`theme.themes.${themeForLayout(l)}`), sign: currencySignForLayout(l) });
  return (
    <ConsoleCard title={t('theme.title')}>
      <ActionAlert error={action.error} mb="sm" />
      {hosts.length === 0 && <Text c="dimmed">{t('theme.noHosts')}</Text>}
      <Stack gap={6} data-testid="console-hosts">
        {hosts.map((h) => (
          <Group key={h.host} justify="space-between" wrap="wrap" gap="xs" data-host={h.host}>
            <Group gap="xs" wrap="wrap" miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {h.host}
              </Text>
              <Badge variant="light" data-testid={`console-host-layout-${h.host}`}>
                {describe(h.layout)}
              </Badge>
            </Group>
            {canManage && (
              <Button size="compact-sm" variant="light" color="red" loading={action.busy} onClick={() => void action.run(() => write('/operator/storeHostRemove', { kid, host: h.host }), t('theme.removed'))} data-testid={`console-host-remove-${h.host}`}>
                {t('theme.remove')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {canManage && (
        <Group mt="md" align="flex-end" gap="xs" wrap="wrap">
          <TextInput label={t('theme.host')} description={t('theme.hostHint')} value={host} onChange={(e) => setHost(e.currentTarget.value)} maxLength={253} w={{ base: '100%', xs: 220 }} data-testid="console-host" />
          <NativeSelect label={t('theme.layout')} value={layout} onChange={(e) => setLayout(e.currentTarget.value)} data={LAYOUTS.map((l) => ({ value: String(l), label: describe(l) }))} w={{ base: '100%', xs: 220 }} data-testid="console-host-layout" />
          <Button loading={action.busy} disabled={!host.trim()} onClick={() => void action.run(() => write('/operator/storeHost', { kid, host: host.trim(), layout: Number(layout) }), t('theme.saved'))} data-testid="console-host-save">
            {t('theme.save')}
          </Button>
        </Group>
      )}
    </ConsoleCard>
  );
}

function Quota({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation('console');
  const write = useWrite();
  const [q, setQ] = useState({
    max_drawers: store.max_drawers,
    max_machines: store.max_machines,
    limit_day: store.limit_day,
    limit_hourly: store.caps.hourly,
    limit_daily: store.caps.daily,
    limit_weekly: store.caps.weekly,
    min_amount: store.min_amount,
  });
  const action = useConsoleAction();
  const error = action.error;
  const field = (key: keyof typeof q, label: string, decimals = 0) => (
    <NumberInput label={label} value={q[key]} onChange={(v) => setQ({ ...q, [key]: typeof v === 'number' ? v : 0 })} min={0} decimalScale={decimals} allowNegative={false} data-testid={`console-quota-${key}`} />
  );
  return (
    <ConsoleCard title={t('quota')}>
      <ActionAlert error={error} mb="sm" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {field('max_drawers', t('fields.maxDrawers'))}
        {field('max_machines', t('fields.maxMachines'))}
        {field('limit_day', t('fields.limitDay'))}
        {field('min_amount', t('fields.minAmount'), 2)}
        {field('limit_hourly', t('fields.capHourly'), 2)}
        {field('limit_daily', t('fields.capDaily'), 2)}
        {field('limit_weekly', t('fields.capWeekly'), 2)}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button loading={action.busy} onClick={() => void action.run(() => write('/operator/storeQuota', { kid: store.kid, ...q }), t('quotaSaved'))} data-testid="console-quota-save">
          {t('saveQuota')}
        </Button>
      </Group>
    </ConsoleCard>
  );
}
