import { Badge, Button, Group, Switch, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';

/** The maintenance switch (admin): on, every store answers 503 and shows the message; the console keeps working. */
export function MaintenanceCard() {
  const { t } = useTranslation('console');
  const state = useApiQuery('/operator/maintenance', {});
  const write = useWrite();
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
    <ConsoleCard
      title={t('maintenance.title')}
      badge={
        <Badge color={state.data?.on ? 'red' : 'gray'} data-testid="console-maintenance-state">
          {state.data?.on ? t('maintenance.isOn') : t('maintenance.isOff')}
        </Badge>
      }
      hint={t('maintenance.hint')}
      testId="console-maintenance"
    >
      <Switch label={t('maintenance.switch')} checked={on} onChange={(e) => setOn(e.currentTarget.checked)} mb="xs" data-testid="console-maintenance-switch" />
      {on && <TextInput label={t('maintenance.message')} value={msg} onChange={(e) => setMsg(e.currentTarget.value)} maxLength={300} data-testid="console-maintenance-msg" />}
      <ActionAlert error={error} mt="sm" />
      <Group justify="flex-end" mt="sm">
        <Button onClick={() => void save()} loading={busy} disabled={on && msg.trim() === ''} data-testid="console-maintenance-save">
          {t('maintenance.save')}
        </Button>
      </Group>
    </ConsoleCard>
  );
}
