import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { StoreInfo } from '@moneybox/contract';
import { denominationsFor, parseDenominations } from '@moneybox/contract/denominations';
import { PHONE_PATTERN, STORE_CONTACT_FIELDS, STORE_CONTACT_MAX, STORE_MIN_AGE, ZIP_PATTERN, type StoreContactField } from '@moneybox/contract/staff-fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/call';
import { useWrite } from '../../api/write';
import { toast } from '../../components/message';
import { useMoney } from '../../money/useMoney';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { limitHint, limitProblem } from './limit-rules';

type Window = 'hourly' | 'daily' | 'weekly';
const WINDOWS: Window[] = ['hourly', 'daily', 'weekly'];

type Values = Record<StoreContactField, string> & { min_amount: number | string; blind_count: boolean; denominations: string; large_difference: number | string } & Record<`limit_${Window}`, number | string> & {
  min_age: number | string;
  birthday_required: boolean;
  id_check: number | string;
  large_payout: number | string;
};

function valuesOf(i: StoreInfo): Values {
  return {
    address: i.address, city: i.city, state: i.state, zip: i.zip, phone: i.phone,
    min_amount: i.min_amount, blind_count: i.blind_count,
    denominations: i.denominations.join(', '), large_difference: i.large_difference,
    limit_hourly: i.limits.hourly, limit_daily: i.limits.daily, limit_weekly: i.limits.weekly,
    min_age: i.min_age, birthday_required: i.birthday_required, id_check: i.id_check, large_payout: i.large_payout,
  };
}

/** The boss's part of Store Information: contact fields, minimum amount, purchase limits (up to the provider's caps), denominations, large difference, blind count. */
export function StoreEditForm({ info, onSaved }: { info: StoreInfo; onSaved: (i: StoreInfo) => void }) {
  const { t } = useTranslation(['store-info', 'common']);
  const { money } = useMoney();
  const { coinSign } = useLayoutInfo();
  const [problem, setProblem] = useState<string | null>(null);
  const hintText = (h: ReturnType<typeof limitHint>) => (h.key === 'capIs' ? t('store-info:capIs', { cap: money(h.cap), min: money(0.01) }) : t('store-info:noCap'));
  const [busy, setBusy] = useState(false);
  const write = useWrite();
  const form = useForm<Values>({
    initialValues: valuesOf(info),
    validate: {
      ...Object.fromEntries(
        STORE_CONTACT_FIELDS.map((f) => [
          f,
          (v: string) =>
            v.length > STORE_CONTACT_MAX[f]
              ? t('store-info:tooLong', { count: STORE_CONTACT_MAX[f] })
              : f === 'phone' && !PHONE_PATTERN.test(v)
                ? t('store-info:phoneFormat')
                : f === 'zip' && !ZIP_PATTERN.test(v)
                  ? t('store-info:zipFormat')
                  : null,
        ]),
      ),
      min_amount: (v) => (Number(v) > 0 ? null : t('store-info:minAbove0')),
      denominations: (v) => (parseDenominations(v) === null ? t('store-info:denominationsFormat') : null),
      large_difference: (v) => (Number(v) >= 0 && v !== '' ? null : t('store-info:limitFormat')),
      min_age: (v) => (Number.isInteger(Number(v)) && v !== '' && Number(v) >= STORE_MIN_AGE.min && Number(v) <= STORE_MIN_AGE.max ? null : t('store-info:minAgeRange', STORE_MIN_AGE)),
      id_check: (v) => (Number(v) >= 0 && v !== '' ? null : t('store-info:limitFormat')),
      // A large payout is reported with the ID checked: its threshold needs the ID check's, at or below it.
      large_payout: (v, all) =>
        !(Number(v) >= 0 && v !== '') ? t('store-info:limitFormat') : Number(v) > 0 && (Number(all.id_check) === 0 || Number(v) < Number(all.id_check)) ? t('store-info:largeNeedsIdCheck') : null,
      ...Object.fromEntries(
        WINDOWS.map((w) => [
          `limit_${w}`,
          (v: number | string) => {
            const p = limitProblem(v, info.caps[w]);
            return p === null ? null : p.key === 'limitFormat' ? t('store-info:limitFormat') : t(`store-info:${p.key}`, { cap: money(p.cap), min: money(0.01) });
          },
        ]),
      ),
    },
  });

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setProblem(null);
    try {
      const r = await write('/store/update', { ...v, min_amount: Number(v.min_amount), limit_hourly: Number(v.limit_hourly), limit_daily: Number(v.limit_daily), limit_weekly: Number(v.limit_weekly), large_difference: Number(v.large_difference), min_age: Number(v.min_age), id_check: Number(v.id_check), large_payout: Number(v.large_payout) }, { handle: 'inline' });
      toast(t('store-info:saved'));
      form.setValues(valuesOf(r.info));
      form.resetDirty(valuesOf(r.info));
      onSaved(r.info);
    } catch (err) {
      if (err instanceof ApiError) setProblem(err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="store-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {STORE_CONTACT_FIELDS.map((f) => (
            <TextInput key={f} label={t(`store-info:fields.${f}`)} maxLength={STORE_CONTACT_MAX[f]} data-testid={`store-${f}`} {...form.getInputProps(f)} />
          ))}
          <NumberInput label={t('store-info:fields.min_amount')} min={0.01} decimalScale={2} hideControls data-testid="store-min_amount" {...form.getInputProps('min_amount')} />
        </SimpleGrid>
        <Text fw={600} size="sm">
          {t('store-info:purchaseLimits')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {WINDOWS.map((w) => (
            <NumberInput
              key={w}
              label={t(`store-info:windows.${w}`)}
              description={hintText(limitHint(info.caps[w]))}
              min={0}
              decimalScale={2}
              hideControls
              data-testid={`store-limit_${w}`}
              {...form.getInputProps(`limit_${w}`)}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('store-info:fields.denominations')}
            description={t('store-info:denominationsHint', { defaults: denominationsFor([], coinSign).join(', ') })}
            data-testid="store-denominations"
            {...form.getInputProps('denominations')}
          />
          <NumberInput label={t('store-info:fields.large_difference')} description={t('store-info:largeDifferenceHint')} min={0} decimalScale={2} hideControls data-testid="store-large_difference" {...form.getInputProps('large_difference')} />
        </SimpleGrid>
        <Text fw={600} size="sm">
          {t('store-info:protection')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberInput label={t('store-info:fields.min_age')} min={STORE_MIN_AGE.min} max={STORE_MIN_AGE.max} allowDecimal={false} hideControls data-testid="store-min_age" {...form.getInputProps('min_age')} />
          <NumberInput label={t('store-info:fields.id_check')} description={t('store-info:idCheckHint')} min={0} decimalScale={2} hideControls data-testid="store-id_check" {...form.getInputProps('id_check')} />
          <NumberInput label={t('store-info:fields.large_payout')} description={t('store-info:largePayoutHint')} min={0} decimalScale={2} hideControls data-testid="store-large_payout" {...form.getInputProps('large_payout')} />
        </SimpleGrid>
        <Switch label={t('store-info:fields.birthday_required')} description={t('store-info:birthdayRequiredHint')} data-testid="store-birthday_required" {...form.getInputProps('birthday_required', { type: 'checkbox' })} />
        <Switch label={t('store-info:fields.blind_count')} description={t('store-info:blindCountHint')} data-testid="store-blind_count" {...form.getInputProps('blind_count', { type: 'checkbox' })} />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={busy} disabled={!form.isDirty()} data-testid="store-save">
            {t('store-info:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
