import { Button, Card, Group, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useDocumentTitle } from '../../../layouts/page-title';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { distributorLabel } from './StoreDistributor';

const TEXT = ['name', 'timezone', 'address', 'city', 'state', 'zip', 'phone'] as const;
const NUMBERS = ['kid', 'max_drawers', 'max_machines', 'limit_day', 'drawers'] as const;
const AMOUNTS = ['credit', 'comps_budget', 'limit_hourly', 'limit_daily', 'limit_weekly'] as const;

const LABEL: Record<(typeof TEXT)[number] | (typeof NUMBERS)[number] | (typeof AMOUNTS)[number], string> = {
  kid: 'fields.kid',
  name: 'fields.name',
  timezone: 'fields.timezone',
  address: 'fields.address',
  city: 'fields.city',
  state: 'fields.state',
  zip: 'fields.zip',
  phone: 'fields.phone',
  max_drawers: 'fields.maxDrawers',
  max_machines: 'fields.maxMachines',
  limit_day: 'fields.limitDay',
  drawers: 'fields.drawers',
  credit: 'fields.credit',
  comps_budget: 'fields.compsBudget',
  limit_hourly: 'fields.capHourly',
  limit_daily: 'fields.capDaily',
  limit_weekly: 'fields.capWeekly',
};

/** /operator/stores/new (admin): a new store, what `create-store` takes, bound to the distributor chosen (or the operator's own). */
export default function ConsoleNewStorePage() {
  const { t } = useTranslation('console');
  useDocumentTitle(t('newStore'));
  const navigate = useNavigate();
  const write = useWrite();
  const [text, setText] = useState<Record<(typeof TEXT)[number], string>>({ name: '', timezone: 'America/Chicago', address: '', city: '', state: '', zip: '', phone: '' });
  const [nums, setNums] = useState<Record<(typeof NUMBERS)[number], number>>({ kid: 0, max_drawers: 5, max_machines: 20, limit_day: 31, drawers: 1 });
  const [amounts, setAmounts] = useState<Record<(typeof AMOUNTS)[number], number>>({ credit: 0, comps_budget: 0, limit_hourly: 0, limit_daily: 0, limit_weekly: 0 });
  const distributors = useApiQuery('/operator/distributors', {});
  // '': the operator's own store (no distributor).
  const [distributor, setDistributor] = useState('');
  const { busy, error, run } = useConsoleAction();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    let kid = 0;
    const create = async () => {
      kid = (await write('/operator/storeCreate', { ...text, ...nums, ...amounts, ...(distributor && { distributor_id: Number(distributor) }) })).kid;
    };
    if (await run(create, t('storeCreated'))) navigate(`/operator/stores/${kid}`);
  };
  return (
    <Card withBorder padding="md" maw={900} mx="auto" component="form" onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Title order={1} fz="h3">
          {t('newStore')}
        </Title>
        <ActionAlert error={error} testId="console-new-store-error" />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <NativeSelect
            label={t('fields.distributor')}
            description={t('offboard.newStoreDistributorHint')}
            value={distributor}
            onChange={(e) => setDistributor(e.currentTarget.value)}
            data={[{ value: '', label: t('move.operator') }, ...(distributors.data?.list ?? []).map((d) => ({ value: String(d.id), label: distributorLabel(d) }))]}
            data-testid="console-new-distributor"
          />
          {NUMBERS.map((k) => (
            <NumberInput key={k} label={t(LABEL[k])} value={nums[k]} onChange={(v) => setNums({ ...nums, [k]: typeof v === 'number' ? v : 0 })} min={0} allowDecimal={false} allowNegative={false} data-testid={`console-new-${k}`} />
          ))}
          {TEXT.map((k) => (
            <TextInput key={k} label={t(LABEL[k])} value={text[k]} onChange={(e) => setText({ ...text, [k]: e.currentTarget.value })} maxLength={k === 'name' ? 100 : 200} data-testid={`console-new-${k}`} />
          ))}
          {AMOUNTS.map((k) => (
            <NumberInput key={k} label={t(LABEL[k])} value={amounts[k]} onChange={(v) => setAmounts({ ...amounts, [k]: typeof v === 'number' ? v : 0 })} min={0} decimalScale={2} allowNegative={false} data-testid={`console-new-${k}`} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate('/operator/stores')}>
            {t('backToStores')}
          </Button>
          <Button type="submit" loading={busy} data-testid="console-new-submit">
            {t('createStore')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
