import { Alert, Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StoreInfo } from '@moneybox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageFrame } from '../../components/PageFrame';
import { useMoney } from '../../money/useMoney';
import { QuotaCard } from './QuotaCard';
import { StoreEditForm } from './StoreEditForm';
import { callKey } from '../../api/query-keys';

function Label({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value || '-'}
      </Text>
    </Stack>
  );
}

/**
 * /SystemSetup/StoreInformationIndex (boss; read-only for a viewer): the store's information, the boss's settings
 * (a viewer sees them all, the player protection and payout thresholds too) and the quota.
 */
export default function StoreInformationPage() {
  const { t } = useTranslation(['store-info', 'home']);
  const { money } = useMoney();
  const client = useQueryClient();
  const q = useApiQuery('/store/info');
  const info = q.data?.info as StoreInfo | undefined;
  const editable = (q.data?.editable.length ?? 0) > 0;
  const yes = (b: boolean) => (b ? t('store-info:yes') : t('store-info:no'));

  return (
    <PageFrame title={t('store-info:title')} crumbs={[{ label: t('home:groups.setup') }]}>
      {q.isPending ? <PageLoading /> : null}
      {q.isError ? (
        <Alert color="red" variant="light" role="alert">
          {q.error.message}
        </Alert>
      ) : null}
      {info ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder padding="md" data-testid="store-info">
              <Stack gap="md">
                <Title order={2} fz="h4">
                  {`${info.storename} (${info.kid})`}
                </Title>
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  <Label label={t('store-info:fields.kid')} value={String(info.kid)} />
                  <Label label={t('store-info:fields.storename')} value={info.storename} />
                  <Label label={t('store-info:fields.freeze')} value={info.freeze ? `${yes(true)} · ${info.freeze_msg}` : yes(false)} />
                  <Label label={t('store-info:fields.max_machines')} value={String(info.max_machines)} />
                  <Label label={t('store-info:fields.max_drawers')} value={String(info.max_drawers)} />
                  <Label label={t('store-info:fields.special_comps')} value={money(info.special_comps)} />
                  <Label label={t('store-info:fields.exchange_rate')} value={String(info.exchange_rate)} />
                  <Label label={t('store-info:fields.timezone')} value={info.timezone} />
                  <Label label={t('store-info:fields.limit_day')} value={t('store-info:daysN', { count: info.limit_day })} />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {t('store-info:operatorOnly')}
                </Text>
                {editable ? (
                  <StoreEditForm info={info} onSaved={() => void client.invalidateQueries({ queryKey: callKey('/store/info') })} />
                ) : (
                  <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="store-readonly">
                    {(['address', 'city', 'state', 'zip', 'phone'] as const).map((f) => (
                      <Label key={f} label={t(`store-info:fields.${f}`)} value={info[f]} />
                    ))}
                    <Label label={t('store-info:fields.min_amount')} value={money(info.min_amount)} />
                    {(['hourly', 'daily', 'weekly'] as const).map((w) => (
                      <Label key={w} label={t(`store-info:windows.${w}`)} value={info.limits[w] ? money(info.limits[w]) : t('store-info:none')} />
                    ))}
                    <Label label={t('store-info:fields.blind_count')} value={yes(info.blind_count)} />
                    <Label label={t('store-info:fields.large_difference')} value={money(info.large_difference)} />
                  </SimpleGrid>
                )}
                {editable ? null : (
                  <Stack gap="xs" data-testid="store-protection-readonly">
                    <Text fw={600} size="sm">
                      {t('store-info:protection')}
                    </Text>
                    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                      <Label label={t('store-info:fields.min_age')} value={t('store-info:yearsN', { count: info.min_age })} testId="store-ro-min_age" />
                      <Label label={t('store-info:fields.id_check')} value={info.id_check ? money(info.id_check) : t('store-info:never')} testId="store-ro-id_check" />
                      <Label label={t('store-info:fields.large_payout')} value={info.large_payout ? money(info.large_payout) : t('store-info:none')} testId="store-ro-large_payout" />
                      <Label label={t('store-info:fields.birthday_required')} value={yes(info.birthday_required)} testId="store-ro-birthday_required" />
                    </SimpleGrid>
                  </Stack>
                )}
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <QuotaCard />
          </Grid.Col>
        </Grid>
      ) : null}
    </PageFrame>
  );
}
