import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { periodProblem, type Period } from './period';

interface PeriodFormProps {
  /** The applied period (the form starts from it). */
  period: Period;
  /** The store's today: the date pickers' upper bound. */
  today: string;
  /** Called with a period that passed the form's rules, together with the page's filters. */
  onApply: (p: Period) => void;
  /** The page's filter inputs, applied with the period. */
  children?: ReactNode;
  /** CSV and Print, at the end of the row. */
  actions?: ReactNode;
  /** The server's refusal of the applied period (39 'Improper time period: 31 days', ...), or null. */
  error?: string | null;
  /** The store's widest period in days when the page knows it (the console); otherwise read from /customer/getDayLimit. */
  limitDay?: number;
}

/**
 * From/To store days and the page's filters, applied together by Show. 'To date' before 'From date'
 * is refused here, without a call; a period wider than the store's `limit_day` days goes to the
 * server, whose 39 reads the spec's way (message, limit_day, 'days'). The hint says the limit.
 *
 * One message per error, in one place: the form's own problem under the To date; the server's
 * refusal in the alert under the form, only while the dates shown are the ones it refused (editing
 * them clears it, and the form's own problem takes its place rather than standing beside it).
 */
export function PeriodForm({ period, today, onApply, children, actions, error, limitDay }: PeriodFormProps) {
  const { t } = useTranslation('reports');
  const [draft, setDraft] = useState<Partial<Period>>({});
  const [shown, setShown] = useState(false);
  const limit = useApiQuery('/customer/getDayLimit', {}, { staleTime: 5 * 60_000, call: { handle: 'quiet' }, enabled: limitDay === undefined });
  const days = limitDay ?? limit.data?.limit_day;
  const value: Period = { from: draft.from ?? period.from, to: draft.to ?? period.to };
  const problem = periodProblem(value);
  const formProblem = shown && problem !== null;
  const serverError = !formProblem && error && value.from === period.from && value.to === period.to ? error : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (problem) return;
    onApply(value);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="period-form">
      <Group align="flex-start" wrap="wrap" gap="sm">
        <TextInput
          type="date"
          label={t('from')}
          name="from"
          value={value.from}
          max={today}
          onChange={(e) => {
            const from = e.currentTarget.value;
            setDraft((d) => ({ ...d, from }));
          }}
          error={shown && problem === 'missing' && !value.from ? t('dateMissing') : undefined}
          data-testid="period-from"
        />
        <TextInput
          type="date"
          label={t('to')}
          name="to"
          value={value.to}
          max={today}
          onChange={(e) => {
            const to = e.currentTarget.value;
            setDraft((d) => ({ ...d, to }));
          }}
          error={shown && problem ? t(problem === 'toBeforeFrom' ? 'toBeforeFrom' : 'dateMissing') : undefined}
          data-testid="period-to"
        />
        {children}
        <Button type="submit" mt={25} data-testid="period-show">
          {t('show')}
        </Button>
        {actions ? (
          <Group gap="xs" mt={25} ml="auto">
            {actions}
          </Group>
        ) : null}
      </Group>
      {days !== undefined ? (
        <Text size="xs" c="gray.7" mt={4} data-testid="period-limit">
          {t('limitHint', { count: days })}
        </Text>
      ) : null}
      {serverError ? (
        <Alert color="red" role="alert" mt="sm" data-testid="report-error">
          {serverError}
        </Alert>
      ) : null}
    </form>
  );
}
