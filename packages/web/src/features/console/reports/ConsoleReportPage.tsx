import { Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { CONSOLE_REPORT_MAX_DAYS, REPORT_CHANNELS } from '@moneybox/contract/report-fields';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { useApiQuery } from '../../../api/hooks';
import { PageLoading } from '../../../components/LoadingOverlay';
import { useDocumentTitle } from '../../../layouts/page-title';
import { formatUnits } from '../../../money/units';
import { useLayoutInfo } from '../../../theme/LayoutProvider';
import { BOM, buildCsv } from '../../reports/csv';
import { PeriodForm } from '../../reports/PeriodForm';
import type { Period } from '../../reports/period';
import { ReportActions } from '../../reports/ReportActions';
import { ReportTable } from '../../reports/ReportTable';
import { creditColumns, crossColumns, pageCount, reportInput, storeTotalsColumns, type CrossFilters } from './cross-report';

// The chart library is loaded with this page only (its own chunk), as the store's daily report does.
const DailyChart = lazy(() => import('../../reports/DailyChart'));

/** Today on the console's own calendar (the browser's). */
const localToday = () => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** The default period: yesterday and today on the console's calendar, so every store's own today is in it (zones west and east of the console's). */
const defaultPeriod = (today: string): Period => ({ from: new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10), to: today });

/**
 * /operator/reports: the cross-store report over the account's stores (its scope), narrowed by a
 * distributor or kiosk ids: the totals of every selected store, net per day by channel (chart), and
 * store × store day × channel a page of stores at a time, above them each page store's totals; the credit given; CSV of
 * every page (the totals per store, then the rows).
 */
export default function ConsoleReportPage() {
  const { t } = useTranslation(['console', 'reports']);
  useDocumentTitle(t('console:crossReport.title'));
  const { coinSign } = useLayoutInfo();
  const today = localToday();
  const [period, setPeriod] = useState<Period>(() => defaultPeriod(today));
  const [filters, setFilters] = useState<CrossFilters>({ distributor: '', stores: '' });
  const [draft, setDraft] = useState<CrossFilters>(filters);
  const [page, setPage] = useState(1);
  const q = useApiQuery('/operator/report', reportInput(period, filters, page));
  const distributors = useApiQuery('/operator/distributors', {});
  const data = q.data;
  const totals = data?.totals ?? null;
  const columns = crossColumns(t, coinSign, totals);
  const storeColumns = storeTotalsColumns(t, coinSign, totals);
  const csv = async () => {
    // Every page of stores, one call each, in kiosk id order: the totals per store, a blank line, then the rows.
    const rows = [];
    const perStore = [];
    for (let p = 1; p <= pageCount(data!); p++) {
      const r = p === page ? data! : await call('/operator/report', reportInput(period, filters, p));
      rows.push(...r.list);
      perStore.push(...r.store_totals);
    }
    return `${buildCsv(storeColumns, perStore)}\r\n${buildCsv(columns, rows).slice(BOM.length)}`;
  };
  const paging = data
    ? {
        page,
        perPage: data.page_stores,
        total: data.stores,
        onPage: setPage,
        text: t('console:crossReport.pageInfo', { from: Math.min(data.stores, (page - 1) * data.page_stores + 1), to: Math.min(data.stores, page * data.page_stores), total: data.stores }),
      }
    : undefined;
  const summary = totals && [
    [t('console:crossReport.stores'), String(data!.stores)],
    [t('reports:col.purchases'), formatUnits(totals.purchases, coinSign)],
    [t('reports:col.redeems'), formatUnits(totals.redeems, coinSign)],
    [t('reports:col.net'), formatUnits(totals.net, coinSign)],
    [t('reports:col.specialComps'), formatUnits(totals.special_comps, coinSign)],
    [t('console:crossReport.creditGiven'), formatUnits(totals.credit_given, coinSign)],
  ];
  const distributorList = distributors.data?.list ?? [];
  return (
    <Stack gap="md" maw={1600} mx="auto" data-testid="console-cross-report">
      <Title order={1} fz="h3">
        {t('console:crossReport.title')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('console:crossReport.hint')}
      </Text>
      <PeriodForm
        period={period}
        today={today}
        limitDay={CONSOLE_REPORT_MAX_DAYS}
        onApply={(p) => {
          setPeriod(p);
          setFilters(draft);
          setPage(1);
        }}
        error={q.error?.message ?? null}
        actions={<ReportActions csv={csv} fileName={`stores-${period.from}-${period.to}.csv`} disabled={!data} />}
      >
        {distributorList.length > 0 && (
          <NativeSelect
            label={t('console:crossReport.distributor')}
            value={draft.distributor}
            onChange={(e) => setDraft({ ...draft, distributor: e.currentTarget.value })}
            data={[{ value: '', label: t('console:crossReport.allDistributors') }, ...distributorList.map((d) => ({ value: String(d.id), label: d.username }))]}
            data-testid="cross-distributor"
          />
        )}
        <TextInput
          label={t('console:crossReport.storesFilter')}
          placeholder={t('console:crossReport.storesPlaceholder')}
          value={draft.stores}
          onChange={(e) => setDraft({ ...draft, stores: e.currentTarget.value })}
          data-testid="cross-stores"
        />
      </PeriodForm>
      {summary && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs" data-testid="cross-totals">
          {summary.map(([label, value]) => (
            <Card key={label} withBorder padding="xs">
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
              <Text fw={700}>{value}</Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {data && data.stores > 0 && (
        <Card withBorder padding="sm" data-testid="cross-chart">
          <Title order={2} fz="h5" mb="xs">
            {t('console:crossReport.chart')}
          </Title>
          <Suspense fallback={<PageLoading />}>
            <DailyChart list={data.day_channels} channels={REPORT_CHANNELS} />
          </Suspense>
        </Card>
      )}
      {data && data.store_totals.length > 0 && (
        <Stack gap="xs">
          <Title order={2} fz="h5">
            {t('console:crossReport.perStore')}
          </Title>
          <ReportTable
            columns={storeColumns}
            rows={data.store_totals}
            rowKey={(r) => r.kid}
            fetching={q.isFetching}
            paging={paging}
            testId="cross-per-store"
            label={t('console:crossReport.perStore')}
          />
        </Stack>
      )}
      <ReportTable
        columns={columns}
        rows={data?.list ?? []}
        rowKey={(r) => `${r.kid}-${r.day}-${r.channel}`}
        fetching={q.isFetching}
        paging={paging}
        testId="cross-table"
        label={t('console:crossReport.title')}
      />
      {data && data.credit.length > 0 && (
        <Group gap="xs" align="stretch">
          <Stack gap="xs" w="100%">
            <Title order={2} fz="h5">
              {t('console:crossReport.creditGiven')}
            </Title>
            <ReportTable columns={creditColumns(t, coinSign, totals)} rows={data.credit} rowKey={(r) => `${r.kid}-${r.day}`} testId="cross-credit" label={t('console:crossReport.creditGiven')} />
          </Stack>
        </Group>
      )}
    </Stack>
  );
}
