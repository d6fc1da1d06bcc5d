import { Alert, Button, Code, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { CallReply } from '@moneybox/contract';
import { TERMINAL_KINDS, type TerminalKind } from '@moneybox/contract/terminal-kinds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/hooks';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { readMachineName, spacedCode } from './machine-rules';

type EnrolCode = CallReply<'/machine/enrolCode'>;

/** A one-time enrolment code for a new terminal: chosen kind and name, shown once. */
export function EnrolDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['machine', 'common']);
  const { diff } = useLocalTimeDiff();
  const [kind, setKind] = useState<TerminalKind>('game');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState<EnrolCode | null>(null);
  const enrol = useApiMutation('/machine/enrolCode');

  const close = () => {
    setCode(null);
    setName('');
    setError(null);
    onClose();
  };
  const create = async () => {
    const n = name.trim() === '' ? undefined : readMachineName(name);
    if (n === null) return setError(t('machine:nameMustBeNumber'));
    try {
      setCode(await enrol.mutateAsync({ kind, ...(n === undefined ? {} : { machine_id: n }) }));
    } catch {
      // Shown by the call's handler.
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('machine:enrolTitle')} size={420} centered data-testid="enrol-dialog">
      {code ? (
        <Stack gap="sm">
          <Text size="sm">{t('machine:codeFor', { kind: t(`machine:kinds.${code.kind}`), name: code.machine_id })}</Text>
          <Code block fz="xl" ta="center" data-testid="enrol-code">
            {spacedCode(code.code)}
          </Code>
          <Alert variant="light" color="blue.9">
            {t('machine:codeHelp', { until: storeTime(code.expiresAt, diff) })}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close} data-testid="enrol-done">
              {t('common:close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <Stack gap="sm">
            <NativeSelect
              label={t('machine:kind')}
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as TerminalKind)}
              data={TERMINAL_KINDS.map((k) => ({ value: k, label: t(`machine:kinds.${k}`) }))}
              data-testid="enrol-kind"
            />
            <TextInput
              label={t('machine:nameOptional')}
              inputMode="numeric"
              value={name}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-testid="enrol-name"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={enrol.isPending} data-testid="enrol-create">
                {t('machine:createCode')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
