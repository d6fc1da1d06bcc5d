import { Badge, Button, Group, Select, Stack, Text, TextInput, Title, type MantineTheme } from '@mantine/core';
import type { ConsoleStoreRow } from '@moneybox/contract';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConsoleMayOpen } from '../shell/ConsoleGuard';
import { useApiQuery } from '../../../api/hooks';
import { DATA_TABLE_LOOK, TableEdge } from '../../../components/WideTable';
import { useDocumentTitle } from '../../../layouts/page-title';
import { useMoney } from '../../../money/useMoney';
import { STORE_FILTERS, visibleStores, type SortKey, type StoreFilter } from './store-filter';
import { consoleTime } from '../shell/console-time';

/** The stores screen's fallback poll: the console's live socket (use-console-live.ts) refetches it when a store moves. */
const REFRESH_MS = 15_000;

const BADGE_WHOLE = { flexShrink: 0, minWidth: 'max-content' } as const;

/**
 * Open or frozen, and the low-credit flag. A badge clips its label, so in a squeezed table column it
 * would be cut ("ABIER…"): each keeps at least its text's width (`max-content`).
 */
/** The store's state badges; `stacked`: one under the other (the stores table, so it fits 1366 px). */
export function StoreState({ row, stacked = false }: { row: Pick<ConsoleStoreRow, 'frozen' | 'low_credit'>; stacked?: boolean }) {
  const { t } = useTranslation('console');
  return (
    <Group gap={4} wrap={stacked ? 'wrap' : 'nowrap'} maw={stacked ? 'min-content' : undefined}>
      {row.frozen ? (
        <Badge color="red" data-testid="store-frozen" style={BADGE_WHOLE}>
          {t('frozen')}
        </Badge>
      ) : (
        <Badge color="green" variant="light" style={BADGE_WHOLE}>
          {t('open')}
        </Badge>
      )}
      {row.low_credit && (
        <Badge color="orange" variant="light" data-testid="store-low-credit" style={BADGE_WHOLE}>
          {t('lowCredit')}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The columns shown only on a wide screen (from xl, 88em): at 1366 px the table fits its page without
 * scrolling sideways; the distributor and the last activity are on each store's page.
 */
const WIDE = (th: MantineTheme) => `(min-width: ${th.breakpoints.xl})`;

/** /operator/stores: every store in the account's scope, searched, filtered and sorted. */
export default function ConsoleStoresPage() {
  const { t } = useTranslation(['console', 'common']);
  const mayOpen = useConsoleMayOpen();
  useDocumentTitle(t('console:stores'));
  const navigate = useNavigate();
  const { money } = useMoney();
  const stores = useApiQuery('/operator/stores', {}, { refetchInterval: REFRESH_MS });
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<StoreFilter>('all');
  const [sort, setSort] = useState<DataTableSortStatus<ConsoleStoreRow>>({ columnAccessor: 'kid', direction: 'asc' });
  const all = stores.data?.list ?? [];
  const rows = useMemo(() => visibleStores(all, { search, filter, sort: sort.columnAccessor as SortKey, desc: sort.direction === 'desc' }), [all, search, filter, sort]);
  const viewport = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', t('console:stores'));
  }, [t]);

  const num = { textAlign: 'right' as const, noWrap: true, sortable: true };
  const columns: DataTableColumn<ConsoleStoreRow>[] = [
    { accessor: 'kid', title: t('console:columns.kid'), sortable: true, noWrap: true },
    {
      accessor: 'name',
      title: t('console:columns.name'),
      sortable: true,
      render: (r) => (
        <Text component={Link} to={`/operator/stores/${r.kid}`} fz="sm" c="var(--mantine-primary-color-filled)" fw={600} data-testid={`store-link-${r.kid}`}>
          {r.name}
        </Text>
      ),
    },
    { accessor: 'frozen', title: t('console:columns.state'), sortable: true, render: (r) => <StoreState row={r} stacked /> },
    { accessor: 'open_shifts', title: t('console:columns.shifts'), ...num },
    {
      accessor: 'machines',
      // Two lines: the long title alone would push the table past 1366 px.
      title: (
        <span aria-label={t('console:columns.machines')}>
          {t('console:columns.machinesShort')}
          <Text component="span" display="block" fz="xs" fw={400} c="dimmed" aria-hidden>
            {t('console:columns.machinesOf')}
          </Text>
        </span>
      ),
      ...num, render: (r) => `${r.machines_connected} / ${r.machines_enrolled}` },
    { accessor: 'credit', title: t('console:columns.credit'), ...num, render: (r) => money(r.credit) },
    { accessor: 'purchases', title: t('console:columns.purchases'), ...num, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})`, render: (r) => money(r.today.purchases) },
    { accessor: 'redeems', title: t('console:columns.redeems'), ...num, visibleMediaQuery: (th) => `(min-width: ${th.breakpoints.sm})`, render: (r) => money(r.today.redeems) },
    { accessor: 'net', title: t('console:columns.net'), ...num, render: (r) => money(r.today.net) },
    { accessor: 'distributor', title: t('console:columns.distributor'), sortable: true, visibleMediaQuery: WIDE, render: (r) => r.distributor ?? t('console:noDistributor') },
    {
      accessor: 'last_activity',
      title: t('console:columns.lastActivity'),
      sortable: true,
      noWrap: true,
      visibleMediaQuery: WIDE,
      render: (r) => consoleTime(r.last_activity),
    },
  ];

  return (
    <Stack gap="sm" maw={1600} mx="auto">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz="h3">
          {t('console:stores')}
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/operator/credit" variant="default" data-testid="console-credit-link">
            {t('console:credit.title')}
          </Button>
          <Button component={Link} to="/operator/news" variant="default" data-testid="console-news-link">
            {t('console:news.title')}
          </Button>
          {/* Each guarded page's link for the roles its guard lets in (ConsoleGuard.tsx: the call the page needs). */}
          {mayOpen('/operator/accounts') && (
            <Button component={Link} to="/operator/accounts" variant="default" data-testid="console-accounts-link">
              {t('console:accounts')}
            </Button>
          )}
          {mayOpen('/operator/settings') && (
            <Button component={Link} to="/operator/settings" variant="default" data-testid="console-platform-settings-link">
              {t('console:settings.title')}
            </Button>
          )}
          {mayOpen('/operator/stores/new') && (
            <Button component={Link} to="/operator/stores/new" data-testid="console-new-store">
              {t('console:newStore')}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('console:search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 340 }}
          data-testid="console-store-search"
        />
        <Select
          label={t('console:filter')}
          data={STORE_FILTERS.map((f) => ({ value: f, label: t(`console:filters.${f}`) }))}
          value={filter}
          onChange={(v) => setFilter((v as StoreFilter | null) ?? 'all')}
          allowDeselect={false}
          w={{ base: '100%', sm: 220 }}
          data-testid="console-store-filter"
        />
        <Text c="dimmed" fz="sm" pb={6} data-testid="console-store-count">
          {t('console:storeCount', { shown: rows.length, count: all.length })}
        </Text>
      </Group>
      <TableEdge scroller={viewport} watch={[rows]} testId="console-stores" rootTestId="console-stores">
        <DataTable<ConsoleStoreRow>
          {...DATA_TABLE_LOOK}
          minHeight={rows.length ? undefined : 160}
          records={rows}
          idAccessor="kid"
          columns={columns}
          fetching={stores.isLoading}
          noRecordsText={t('console:noStores')}
          sortStatus={sort}
          onSortStatusChange={setSort}
          onRowClick={({ record }) => navigate(`/operator/stores/${record.kid}`)}
          customRowAttributes={(r) => ({ 'data-row': r.kid })}
          scrollViewportRef={viewport}
        />
      </TableEdge>
    </Stack>
  );
}
