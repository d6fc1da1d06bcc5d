import { Card, NativeSelect, TextInput, Title } from '@mantine/core';
import type { ReportChannel } from '@moneybox/contract';
import { REPORT_CHANNELS } from '@moneybox/contract/report-fields';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { PageLoading } from '../../components/LoadingOverlay';
import { PageFrame } from '../../components/PageFrame';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { buildCsv } from './csv';
import { channelLabel, dailyColumns } from './daily-columns';
import { withDayCloseLinks } from './day-close-links';
import { PeriodForm } from './PeriodForm';
import { periodPayload, type Period } from './period';
import { PrintReport } from './PrintReport';
import { ReportActions } from './ReportActions';
import { ReportTable } from './ReportTable';
import { usePeriod } from './usePeriod';

/** The chart (recharts through @mantine/charts) is its own chunk, loaded by this page only. */
const DailyChart = lazy(() => import('./DailyChart'));

interface Filters {
  pinId: string;
  channel: ReportChannel | '';
}
const NO_FILTERS: Filters = { pinId: '', channel: '' };

/**
 * /Reports/DailyReports (bosses only): one row per store day × channel with a totals row, and a
 * chart of each day's net by channel.
 */
export default function DailyReportsPage() {
  const { t } = useTranslation(['reports', 'home']);
  const { coinSign } = useLayoutInfo();
  const { period, today, ready, apply } = usePeriod();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const payload = {
    ...periodPayload(period),
    ...(filters.pinId.trim() && { pinId: filters.pinId.trim() }),
    ...(filters.channel && { fun_name: filters.channel }),
  };
  const q = useApiQuery('/drawer/dailyLog', payload, { enabled: ready, call: { handle: 'inline' } });

  const onApply = (p: Period) => {
    apply(p);
    setFilters(draft);
  };

  const rows = q.data?.list ?? [];
  // Each day links to its close (the Z report).
  const columns = withDayCloseLinks(dailyColumns(t, coinSign, q.data?.totals ?? null), (day) => `/Reports/DayClose?day=${day}`);
  const channels = filters.channel ? REPORT_CHANNELS.filter((c) => c === filters.channel) : REPORT_CHANNELS;
  const filterText = [filters.pinId && `${t('reports:customer')}: ${filters.pinId}`, filters.channel && `${t('reports:channel')}: ${channelLabel(filters.channel, t)}`].filter((s): s is string => Boolean(s));

  return (
    <PageFrame title={t('reports:dailyTitle')} crumbs={[{ label: t('home:groups.report') }]}>
      <PeriodForm period={period} today={today} onApply={onApply} error={q.isError ? q.error.message : null} actions={<ReportActions csv={async () => buildCsv(columns, rows)} fileName={`daily-${period.from}-${period.to}.csv`} disabled={!q.data} />}>
        <TextInput label={t('reports:customer')} placeholder={t('reports:customerHint')} value={draft.pinId} onChange={(e) => setDraft({ ...draft, pinId: e.currentTarget.value })} w={170} data-testid="filter-customer" />
        <NativeSelect
          label={t('reports:channel')}
          value={draft.channel}
          onChange={(e) => setDraft({ ...draft, channel: e.currentTarget.value as ReportChannel | '' })}
          data={[{ value: '', label: t('reports:all') }, ...REPORT_CHANNELS.map((c) => ({ value: c, label: channelLabel(c, t) }))]}
          data-testid="filter-channel"
        />
      </PeriodForm>
      {q.data ? (
        <Card withBorder radius="md" padding="md" data-testid="daily-chart">
          <Title order={2} fz="h5" mb="sm">
            {t('reports:chartTitle')}
          </Title>
          <Suspense fallback={<PageLoading />}>
            <DailyChart list={q.data.list} channels={channels} />
          </Suspense>
        </Card>
      ) : null}
      <ReportTable columns={columns} rows={rows} rowKey={(r) => `${r.day}-${r.channel}`} fetching={q.isFetching} testId="daily-table" label={t('reports:dailyTitle')} />
      <PrintReport title={t('reports:dailyTitle')} period={period} filters={filterText} columns={columns} rows={rows} rowKey={(r) => `${r.day}-${r.channel}`} />
    </PageFrame>
  );
}
