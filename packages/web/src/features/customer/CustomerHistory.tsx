import { Alert, Button, Group, Pagination, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { GIFT_AWARD_TYPES } from '@moneybox/contract/customer-fields';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { formatUnits as money } from '../../money/units';
import { storeDayRange, storeInputToUtc } from '../../time/store-time';
import { credits } from './format';

const PAGE_SIZE = 10;

type Tab = 'rounds' | 'gifts';

interface Range {
  startTime: string;
  endTime: string;
}

/** Game history and gift log for a store-time date range, a page at a time; loads only when a tab is opened. */
export function CustomerHistory({ customerId }: { customerId: number }) {
  const { t } = useTranslation('customer');
  const { diff, ready } = useLocalTimeDiff();
  const [tab, setTab] = useState<Tab | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<Range | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (!ready) return;
    const r = storeDayRange(diff);
    setFrom(r.from);
    setTo(r.to);
    setRange(toRange(r.from, r.to, diff));
  }, [ready, diff, customerId]);

  useEffect(() => setPage(1), [customerId, tab]);

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    const r = toRange(from, to, diff);
    if (!r) {
      setProblem(t('history.badDate'));
      return;
    }
    // Spec section 5: 'To date' must be later than 'From date'.
    if (r.endTime <= r.startTime) {
      setProblem(t('history.toAfterFrom'));
      return;
    }
    setProblem(null);
    setPage(1);
    setRange(r);
  };

  return (
    <Tabs value={tab} onChange={(v) => setTab(v as Tab | null)} keepMounted={false} data-testid="customer-history">
      <Tabs.List>
        <Tabs.Tab value="rounds" data-testid="tab-rounds">
          {t('history.rounds')}
        </Tabs.Tab>
        <Tabs.Tab value="gifts" data-testid="tab-gifts">
          {t('history.gifts')}
        </Tabs.Tab>
      </Tabs.List>
      {tab ? (
        <Stack gap="sm" pt="sm">
          <form onSubmit={apply} noValidate>
            <Group gap="xs" align="flex-end">
              <TextInput type="datetime-local" label={t('history.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} size="sm" data-testid="history-from" />
              <TextInput type="datetime-local" label={t('history.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} size="sm" data-testid="history-to" />
              <Button type="submit" size="sm" variant="light" data-testid="history-search">
                {t('history.search')}
              </Button>
            </Group>
          </form>
          {problem ? (
            <Alert color="red" py={6} role="alert">
              {problem}
            </Alert>
          ) : null}
          {range ? tab === 'rounds' ? <Rounds customerId={customerId} range={range} page={page} setPage={setPage} diff={diff} /> : <Gifts customerId={customerId} range={range} page={page} setPage={setPage} diff={diff} /> : null}
        </Stack>
      ) : null}
    </Tabs>
  );
}

function toRange(from: string, to: string, diff: number): Range | null {
  const startTime = storeInputToUtc(from, diff);
  const endTime = storeInputToUtc(to, diff);
  return startTime && endTime ? { startTime, endTime } : null;
}

interface ListProps {
  customerId: number;
  range: Range;
  page: number;
  setPage: (p: number) => void;
  diff: number;
}

/** The round's figures the machine reports in game credits. */
const CREDIT_COLUMNS = ['begin_credits', 'end_credits', 'jp_bet', 'game_bet', 'extra_bet', 'buy_bonus_cost', 'win'] as const;

function Rounds({ customerId, range, page, setPage, diff }: ListProps) {
  const { t } = useTranslation('customer');
  const q = useApiQuery('/customer/history', { id: customerId, ...range, page, limit: PAGE_SIZE });
  const { coinSign } = useLayoutInfo();
  return (
    <Paged total={q.data?.total} page={page} setPage={setPage} loading={q.isPending}>
      {/* Rounds are in game credits while the card's balances are money: the unit is said, never left to guess. */}
      <Text size="sm" c="dimmed" data-testid="rounds-unit">
        {t('rounds.unit', { sign: coinSign })}
      </Text>
      <Table.ScrollContainer minWidth={960}>
        <Table striped fz="sm" data-testid="rounds-table">
          <Table.Thead>
            <Table.Tr>
              {(['round_no', 'serial_no', 'time', 'game_name'] as const).map((c) => (
                <Table.Th key={c}>{t(`rounds.${c}`)}</Table.Th>
              ))}
              {CREDIT_COLUMNS.map((c) => (
                <Table.Th key={c} ta="right">
                  {t(`rounds.${c}`)}
                  {/* Beginning and ending credits say their unit in their name already. */}
                  {c === 'begin_credits' || c === 'end_credits' ? null : (
                    <Text span size="xs" c="dimmed" display="block" fw={400} data-unit="credits">
                      {t('rounds.creditsUnit')}
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data?.list.map((r) => (
              <Table.Tr key={`${r.round_no}-${r.serial_no}`}>
                <Table.Td>{r.round_no}</Table.Td>
                <Table.Td>{r.serial_no}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(r.time, diff)}</Table.Td>
                <Table.Td>{r.game_name}</Table.Td>
                {CREDIT_COLUMNS.map((k) => (
                  <Table.Td key={k} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {credits(r[k])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paged>
  );
}

const GIFT_TYPE_KEYS: Record<(typeof GIFT_AWARD_TYPES)[number], string> = {
  'Daily Bonus': 'dailyBonus',
  Items: 'items',
  Footprints: 'footprints',
  'Fish Mission': 'fishMission',
  'Phone Verification': 'phoneVerification',
  'Rankings Bonus': 'rankingsBonus',
};

function Gifts({ customerId, range, page, setPage, diff }: ListProps) {
  const { t } = useTranslation('customer');
  const { coinSign } = useLayoutInfo();
  const q = useApiQuery('/customer/giftHistory', { id: customerId, ...range, page, limit: PAGE_SIZE });
  const cols = ['time', 'title', 'award_type', 'award_amount', 'award_item', 'item_amount', 'level'] as const;
  const typeName = (type: string) => {
    const k = GIFT_TYPE_KEYS[type as keyof typeof GIFT_TYPE_KEYS];
    return k ? t(`giftTypes.${k}`) : type;
  };
  return (
    <Paged total={q.data?.total} page={page} setPage={setPage} loading={q.isPending}>
      <Table.ScrollContainer minWidth={760}>
        <Table striped fz="sm" data-testid="gifts-table">
          <Table.Thead>
            <Table.Tr>
              {cols.map((c) => (
                <Table.Th key={c}>{t(`gifts.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data?.list.map((g, i) => (
              <Table.Tr key={`${g.time}-${i}`}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(g.time, diff)}</Table.Td>
                <Table.Td>{g.title}</Table.Td>
                <Table.Td>{typeName(g.award_type)}</Table.Td>
                <Table.Td ta="right">{money(g.award_amount, coinSign)}</Table.Td>
                <Table.Td>{g.award_item}</Table.Td>
                <Table.Td ta="right">{g.item_amount}</Table.Td>
                <Table.Td ta="right">{g.level}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paged>
  );
}

function Paged({ total, page, setPage, loading, children }: { total: number | undefined; page: number; setPage: (p: number) => void; loading: boolean; children: React.ReactNode }) {
  const { t } = useTranslation('customer');
  const pages = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  return (
    <Stack gap="xs">
      {children}
      {loading ? (
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      ) : total === 0 ? (
        <Text size="sm" c="dimmed" data-testid="history-empty">
          {t('history.empty')}
        </Text>
      ) : null}
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} getControlProps={pageLabels(t)} /> : null}
      {total ? (
        <Text size="xs" c="dimmed">
          {t('history.total', { count: total })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Accessible names of the pager's arrows in the page's language. */
export function pageLabels(t: (k: string) => string) {
  return (control: 'first' | 'previous' | 'last' | 'next') => ({ 'aria-label': t(`pager.${control}`) });
}
