import { Alert, Button, Code, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ALERT_THRESHOLDS, THRESHOLD_KINDS, WEBHOOK_ERRORS, WEBHOOK_REFUSAL_REASON } from '@moneybox/contract/alert-kinds';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/call';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useDocumentTitle } from '../../../layouts/page-title';
import { consoleTime } from '../shell/console-time';
import { ConsoleTable } from '../shell/ConsoleTable';
import { MaintenanceCard } from './MaintenanceCard';
import { UnusualActivityCard } from './UnusualActivityCard';
import { isMoney, sent, shown, type ThresholdForm as Form } from '../store/thresholds';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';

/** /operator/settings (admin): the maintenance switch, the alert thresholds' platform defaults, the unusual-activity rules and the webhooks alerts are sent to. */
export default function ConsoleSettingsPage() {
  const { t } = useTranslation(['console', 'common']);
  useDocumentTitle(t('console:settings.title'));
  const thresholds = useApiQuery('/operator/thresholds', {});
  const hooks = useApiQuery('/operator/webhooks', {});
  const write = useWrite();
  const { busy, error, run } = useConsoleAction();
  // The add's refusal shows under the URL field, not at the top of the page far above the form on a phone.
  const adding = useConsoleAction();
  const [form, setForm] = useState<Form | null>(null);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  useEffect(() => {
    const set = thresholds.data?.set;
    if (set && form === null) setForm(Object.fromEntries(THRESHOLD_KINDS.map((k) => [k, shown(k, set[k])])) as Form);
  }, [thresholds.data, form]);
  const save = () => run(() => write('/operator/thresholdsSet', { values: Object.fromEntries(THRESHOLD_KINDS.map((k) => [k, sent(k, form?.[k] ?? '')])) }), t('console:settings.saved'));
  const add = async () => {
    await adding.run(async () => {
      try {
        const r = await write('/operator/webhookAdd', { url });
        setSecret(r.secret);
        setUrl('');
      } catch (err) {
        throw err instanceof ApiError && err.reason === WEBHOOK_REFUSAL_REASON ? new Error(t('console:settings.webhookAddressRefused')) : err;
      }
    }, t('console:settings.webhookAdded'));
  };
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz="h3">
        {t('console:settings.title')}
      </Title>
      <ActionAlert error={error} />
      <MaintenanceCard />
      <ConsoleCard title={t('console:settings.thresholds')} hint={t('console:settings.thresholdsHint')}>
        {form && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            {THRESHOLD_KINDS.map((k) => (
              <NumberInput
                key={k}
                label={t(`console:settings.threshold.${k}`)}
                description={t(`console:settings.unit.${ALERT_THRESHOLDS[k].unit}`)}
                placeholder={k === 'over_short' ? t('console:settings.storeLargeDiff') : String(shown(k, thresholds.data?.effective[k] ?? null))}
                value={form[k]}
                onChange={(v) => setForm({ ...form, [k]: v })}
                min={0}
                decimalScale={isMoney(k) ? 2 : 0}
                data-testid={`console-threshold-${k}`}
              />
            ))}
          </SimpleGrid>
        )}
        <Group justify="flex-end" mt="md">
          <Button disabled={!form || busy} onClick={() => void save()} data-testid="console-thresholds-save">
            {t('console:settings.save')}
          </Button>
        </Group>
      </ConsoleCard>
      <UnusualActivityCard />
      <ConsoleCard title={t('console:settings.webhooks')} hint={t('console:settings.webhooksHint')}>
        <Group align="flex-end" wrap="wrap" gap="xs">
          <TextInput label={t('console:settings.url')} placeholder="https://" value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={adding.error} maxLength={500} style={{ flex: '1 1 260px' }} data-testid="console-webhook-url" />
          <Button disabled={!url || busy || adding.busy} onClick={() => void add()} data-testid="console-webhook-add">
            {t('console:settings.webhookAdd')}
          </Button>
        </Group>
        {secret && (
          <Alert color="yellow" mt="sm" withCloseButton onClose={() => setSecret(null)} title={t('console:settings.secretTitle')}>
            <Text fz="sm">{t('console:settings.secretHint')}</Text>
            <Code block mt={4} data-testid="console-webhook-secret">
              {secret}
            </Code>
          </Alert>
        )}
        <ConsoleTable minWidth={640} testId="console-webhooks" head={[t('console:settings.url'), t('console:settings.added'), t('console:settings.deliveries'), '']} card={false}>
          {(hooks.data?.list ?? []).map((h) => (
            <Table.Tr key={h.id}>
              <Table.Td style={{ wordBreak: 'break-all' }}>{h.url}</Table.Td>
              <Table.Td>
                {consoleTime(h.created_at)} · {h.created_by}
              </Table.Td>
              <Table.Td>
                {t('console:settings.deliveryCounts', { delivered: h.delivered, pending: h.pending })}
                {h.last_error && (
                  <Text fz="xs" c="red">
                    {t(h.last_error === WEBHOOK_ERRORS.refused ? 'console:settings.webhookRefused' : 'console:settings.webhookFailed')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => void run(() => write('/operator/webhookRemove', { id: h.id }), t('console:settings.webhookRemoved'))}>
                  {t('console:settings.remove')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
      
        </ConsoleTable>
      </ConsoleCard>
    </Stack>
  );
}
