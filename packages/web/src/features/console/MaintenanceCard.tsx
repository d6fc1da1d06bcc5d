import { Badge, Button, Card, Group, Switch, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsoleQuery, useConsoleWrite } from '../../api/console';
import { useConsoleAction } from './use-console-action';
import { ActionAlert } from './ActionAlert';

/** The maintenance switch (admin): on, every store answers 503 and shows the message; the console keeps working. */
export function MaintenanceCard() {
  const { t } = useTranslation('console');
  const state = useConsoleQuery('/operator/maintenance', {});
  const write = useConsoleWrite();
  const { busy, error, run } = useConsoleAction();
  const [on, setOn] = useState(false);
  const [msg, setMsg] = useState('');
  useEffect(() => {
    if (state.data) {
      setOn(state.data.on);
      setMsg(state.data.msg);
    }
  }, [state.data]);
  const save = () => run(() => write('/operator/maintenanceSet', { on, ...(on && { msg }) }), on ? t('maintenance.onDone') : t('maintenance.offDone'));
  return (
    <Card withBorder padding="md" data-testid="console-maintenance">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2} fz="h4">
          {t('maintenance.title')}
        </Title>
        <Badge color={state.data?.on ? 'red' : 'gray'} data-testid="console-maintenance-state">
          {state.data?.on ? t('maintenance.isOn') : t('maintenance.isOff')}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        {t('maintenance.hint')}
      </Text>
      <Switch label={t('maintenance.switch')} checked={on} onChange={(e) => setOn(e.currentTarget.checked)} mb="xs" data-testid="console-maintenance-switch" />
      {on && <TextInput label={t('maintenance.message')} value={msg} onChange={(e) => setMsg(e.currentTarget.value)} maxLength={300} data-testid="console-maintenance-msg" />}
      <ActionAlert error={error} mt="sm" />
      <Group justify="flex-end" mt="sm">
        <Button onClick={() => void save()} loading={busy} disabled={on && msg.trim() === ''} data-testid="console-maintenance-save">
          {t('maintenance.save')}
        </Button>
      </Group>
    </Card>
  );
}
