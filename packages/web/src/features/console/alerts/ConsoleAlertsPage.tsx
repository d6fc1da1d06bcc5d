import { Badge, Button, Group, Modal, SegmentedControl, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { ConsoleAlert } from '@moneybox/contract';
import { NOTE_REQUIRED_KINDS } from '@moneybox/contract/alert-kinds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { consoleSession } from '../../../auth/console-session';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { DIALOG_WIDTH } from '../../../components/message';
import { useDocumentTitle } from '../../../layouts/page-title';
import { useMoney } from '../../../money/useMoney';
import { toUnits } from '@moneybox/contract/money';
import { alertMovements, alertText } from './alert-text';
import { consoleTime } from '../shell/console-time';
import { ConsoleTable } from '../shell/ConsoleTable';
import { useConsoleAction } from '../shell/use-console-action';
import { ALERTS_POLL_MS } from '../shell/use-console-live';
import { ActionAlert } from '../shell/ActionAlert';

const STATE_COLOR = { open: 'red', acknowledged: 'yellow', resolved: 'green', cleared: 'gray' } as const;

/** /operator/alerts: the alerts of the account's scope (open, or every state), acknowledged and resolved with a note (admin and distributor). */
export default function ConsoleAlertsPage() {
  const { t } = useTranslation(['console', 'common']);
  useDocumentTitle(t('console:alerts.title'));
  const { money } = useMoney();
  const [filter, setFilter] = useState<'open' | 'all'>('open');
  const alerts = useApiQuery('/operator/alerts', { filter }, { refetchInterval: ALERTS_POLL_MS });
  const write = useWrite();
  const { busy, error, run } = useConsoleAction();
  // The dialog's alert and what it does: resolve (always with a note), or acknowledge an unusual-activity alert (with one too).
  const [acting, setActing] = useState<{ alert: ConsoleAlert; act: 'acknowledge' | 'resolve' } | null>(null);
  const [note, setNote] = useState('');
  const role = consoleSession()?.role;
  const mayAct = role === 'admin' || role === 'distributor';
  const list = alerts.data?.list ?? [];
  const close = () => setActing(null);
  const confirm = async () => {
    if (!acting) return;
    const { alert, act } = acting;
    const done =
      act === 'resolve'
        ? await run(() => write('/operator/alertResolve', { id: alert.id, note }), t('console:alerts.resolved'))
        : await run(() => write('/operator/alertAcknowledge', { id: alert.id, note }), t('console:alerts.acknowledged'));
    if (done) {
      setActing(null);
      setNote('');
    }
  };
  const acknowledge = (a: ConsoleAlert) => (NOTE_REQUIRED_KINDS.includes(a.kind) ? setActing({ alert: a, act: 'acknowledge' }) : void run(() => write('/operator/alertAcknowledge', { id: a.id }), t('console:alerts.acknowledged')));
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={1} fz="h3">
          {t('console:alerts.title')}
        </Title>
        <Group gap="xs">
          <SegmentedControl
            value={filter}
            onChange={(v) => setFilter(v === 'all' ? 'all' : 'open')}
            data={[
              { value: 'open', label: t('console:alerts.filterOpen') },
              { value: 'all', label: t('console:alerts.filterAll') },
            ]}
            data-testid="console-alerts-filter"
          />
          <Button component={Link} to="/operator/audit" variant="default">
            {t('console:audit.title')}
          </Button>
          {role === 'admin' && (
            <Button component={Link} to="/operator/settings" variant="default" data-testid="console-settings-link">
              {t('console:settings.title')}
            </Button>
          )}
        </Group>
      </Group>
      <ActionAlert error={error} />
      <ConsoleTable minWidth={760} testId="console-alerts" head={[t('console:alerts.raised'), t('console:alerts.store'), t('console:alerts.kind'), t('console:alerts.what'), t('console:alerts.state'), '']}>
        {list.length === 0 && !alerts.isLoading && (
          <Table.Tr>
            <Table.Td colSpan={6}>
              <Text c="dimmed" ta="center" py="md" data-testid="console-alerts-empty">
                {filter === 'open' ? t('console:alerts.noneOpen') : t('console:alerts.none')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {list.map((a) => (
          <Table.Tr key={a.id} data-kind={a.kind} data-state={a.state}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{consoleTime(a.raised_at)}</Table.Td>
            <Table.Td>{a.kid === null ? t('console:alerts.platform') : <Link to={`/operator/stores/${a.kid}`}>{`${a.kid} ${a.store ?? ''}`}</Link>}</Table.Td>
            <Table.Td>
              <Text fw={600} fz="sm">
                {t(`console:alerts.kinds.${a.kind}`)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text fz="sm">{alertText(a, t, money)}</Text>
              <Movements alert={a} />
              {a.note && (
                <Text fz="xs" c="dimmed">
                  {t('console:alerts.noteBy', { who: a.resolved_by ?? a.acknowledged_by ?? '', note: a.note })}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Badge color={STATE_COLOR[a.state]} variant="light" miw="max-content" style={{ flexShrink: 0 }}>
                {t(`console:alerts.states.${a.state}`)}
              </Badge>
            </Table.Td>
            <Table.Td>
              {mayAct && a.state !== 'resolved' && (
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  {a.state === 'open' && (
                    <Button size="compact-sm" variant="light" disabled={busy} onClick={() => acknowledge(a)} data-testid="console-alert-ack">
                      {t('console:alerts.acknowledge')}
                    </Button>
                  )}
                  <Button size="compact-sm" variant="subtle" onClick={() => setActing({ alert: a, act: 'resolve' })} data-testid="console-alert-resolve">
                    {t('console:alerts.resolve')}
                  </Button>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      
      </ConsoleTable>
      <Modal opened={acting !== null} onClose={close} title={t(acting?.act === 'acknowledge' ? 'console:alerts.acknowledgeTitle' : 'console:alerts.resolveTitle')} size={DIALOG_WIDTH} centered>
        <Stack>
          {acting && <Text fz="sm">{alertText(acting.alert, t, money)}</Text>}
          {acting && <Movements alert={acting.alert} />}
          <Textarea
            label={t('console:alerts.note')}
            description={t(acting?.act === 'acknowledge' ? 'console:alerts.ackNoteHint' : 'console:alerts.noteHint')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
            data-testid="console-alert-note"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <Button disabled={!note.trim() || busy} onClick={() => void confirm()} data-testid={acting?.act === 'acknowledge' ? 'console-alert-ack-confirm' : 'console-alert-resolve-confirm'}>
              {t(acting?.act === 'acknowledge' ? 'console:alerts.acknowledge' : 'console:alerts.resolve')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The movements an unusual-activity alert lists: time, store, movement, customer and amount, one a line. */
function Movements({ alert }: { alert: ConsoleAlert }) {
  const { t } = useTranslation('console');
  const { money } = useMoney();
  const list = alertMovements(alert);
  if (list.length === 0) return null;
  return (
    <Stack gap={0} mt={4} data-testid="console-alert-movements">
      {list.map((m) => (
        <Text key={m.id} fz="xs" c="dimmed">
          {t('alerts.movement', { at: consoleTime(m.at), kid: m.kid, store: m.store, kind: t(`alerts.movementKinds.${m.kind === 'redeem' || m.kind === 'revert' ? m.kind : 'purchase'}`), id: m.id, name: m.name, customer: m.customer, amount: money(toUnits(m.amount_cents)) })}
        </Text>
      ))}
    </Stack>
  );
}
