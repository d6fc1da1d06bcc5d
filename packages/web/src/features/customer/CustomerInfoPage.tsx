import { Alert, Anchor, Badge, Pagination, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { PageFrame } from '../../components/PageFrame';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { pageLabels } from './CustomerHistory';
import type { CustomerRecord } from './customer-api';
import { writeCurrentCustomerId } from './current-customer';
import { formatUnits as money } from '../../money/units';
import { accountTypeName, fullName } from './format';
import { STICKY_CELL, WideTable } from '../../components/WideTable';

const PAGE_SIZE = 20;
const NUMBER: React.CSSProperties = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
/** Words wrap inside a long e-mail, bank or name only when they must, so the key columns fit a 1366 px till. */
const TEXT: React.CSSProperties = { overflowWrap: 'break-word', minWidth: 110, maxWidth: 220 };

/** /Customer/CustomerInfo: every customer of the store, a page at a time; a row opens the customer at the counter. */
export default function CustomerInfoPage() {
  const { t } = useTranslation('customer');
  return <CustomerListPage path="/customer/customerInfo" title={t('infoTitle')} empty={t('listEmpty')} />;
}

/**
 * A page of the store's customers from `path` (every customer, or the boss's protected ones: the same
 * reply), a page at a time; a row opens the customer at the counter.
 */
export function CustomerListPage({ path, title, empty }: { path: '/customer/customerInfo' | '/customer/protected'; title: string; empty: string }) {
  const { t } = useTranslation(['customer', 'home']);
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useApiQuery(path, { page, limit: PAGE_SIZE }, { staleTime: 0 });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));

  const openCustomer = (c: CustomerRecord) => {
    writeCurrentCustomerId(c.id);
    void navigate('/CustomerAccount');
  };

  return (
    <PageFrame title={title} crumbs={[{ label: t('home:groups.customer'), to: '/CustomerAccount' }]}>
      <Stack gap="sm">
        {q.isError ? <Alert color="red">{q.error.message}</Alert> : null}
        <WideTable label={title} testId="customer-list">
          <Table highlightOnHover fz="sm" horizontalSpacing="xs" verticalSpacing={6} data-testid="customer-list">
            <Table.Thead>
              <Table.Tr>
                {/* Two facts to a column where they belong together, so every column fits a 1366 px till; the key
                    ones (who, balances, status) first, so a narrower screen shows them before its scroll. */}
                <Table.Th style={STICKY_CELL} data-head="customer">
                  <Stacked top={t('fields.name')} bottom={`${t('fields.id')} · ${t('fields.mobile_id')}`} />
                </Table.Th>
                <Table.Th data-head="contact">
                  <Stacked top={t('fields.phone')} bottom={t('fields.mail')} />
                </Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-head="entries">
                  {t('fields.entries')}
                </Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-head="winnings">
                  {t('fields.winnings')}
                </Table.Th>
                <Table.Th data-head="block">
                  <Stacked top={t('fields.block')} bottom={t('fields.account_type')} />
                </Table.Th>
                <Table.Th data-head="identity">
                  <Stacked top={t('fields.drivers_license')} bottom={`${t('fields.birthday')} · ${t('fields.gender')}`} />
                </Table.Th>
                <Table.Th data-head="bank">
                  <Stacked top={t('fields.bank')} bottom={t('fields.bank_account')} />
                </Table.Th>
                <Table.Th data-head="createTime">{t('fields.createTime')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data?.list.map((c) => (
                <Table.Tr key={c.id} onClick={() => openCustomer(c)} style={{ cursor: 'pointer' }} data-testid={`customer-row-${c.id}`}>
                  <Table.Td style={STICKY_CELL} data-col="customer">
                    <Anchor
                      component="button"
                      type="button"
                      fz="sm"
                      fw={600}
                      ta="left"
                      style={TEXT}
                      onClick={(e: React.MouseEvent) => {
                        e.stopPropagation();
                        openCustomer(c);
                      }}
                    >
                      {fullName(c)}
                    </Anchor>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      #{c.id} · {c.mobile_id}
                    </Text>
                  </Table.Td>
                  <Table.Td data-col="contact">
                    <Stacked top={c.phone || '-'} bottom={c.mail || '-'} plain />
                  </Table.Td>
                  <Table.Td ta="right" data-col="entries" style={NUMBER}>
                    {money(c.entries, coinSign)}
                  </Table.Td>
                  <Table.Td ta="right" data-col="winnings" style={NUMBER}>
                    {money(c.winnings, coinSign)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {/* A badge in an auto-sized cell shrank to an empty pill: its label never clips here. */}
                    <Badge
                      color={c.block ? 'red' : 'teal'}
                      variant={c.block ? 'filled' : 'light'}
                      size="sm"
                      styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
                      data-col="block"
                    >
                      {c.block ? t('state.blocked') : t('state.active')}
                    </Badge>
                    {c.protection ? (
                      <Badge color="orange" size="sm" display="block" styles={{ root: { maxWidth: 'none' }, label: { overflow: 'visible', textOverflow: 'clip' } }} data-col="protection">
                        {c.protection.until === null
                          ? t(`protection.badgePermanent.${c.protection.kind}`)
                          : t(`protection.badge.${c.protection.kind}`, { date: storeTime(c.protection.until, diff).split(' ')[0] })}
                      </Badge>
                    ) : null}
                    <Text size="xs" c="dimmed" data-col="account_type">
                      {accountTypeName(c.account_type, t)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-col="identity">
                    <Stacked top={c.drivers_license || '-'} bottom={`${c.birthday || '-'} · ${t(`gender.${c.gender || 'none'}`, { defaultValue: c.gender })}`} plain />
                  </Table.Td>
                  <Table.Td data-col="bank">
                    <Stacked top={c.bank || '-'} bottom={c.bank_account || '-'} plain />
                  </Table.Td>
                  <Table.Td data-col="createTime" style={{ whiteSpace: 'nowrap' }}>
                    <Stacked top={storeTime(c.createTime, diff).split(' ')[0]!} bottom={storeTime(c.createTime, diff).split(' ')[1] ?? ''} plain />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
        {q.isPending ? (
          <Text c="dimmed">{t('loading')}</Text>
        ) : q.data?.total === 0 ? (
          <Text c="dimmed">{empty}</Text>
        ) : null}
        {pages > 1 ? <Pagination total={pages} value={page} onChange={(p) => setParams({ page: String(p) })} getControlProps={pageLabels(t)} /> : null}
        {q.data ? (
          <Text size="xs" c="dimmed" data-testid="customer-list-total">
            {t('history.total', { count: q.data.total })}
          </Text>
        ) : null}
      </Stack>
    </PageFrame>
  );
}

/** Two facts in one cell (or two labels in one heading), one above the other. */
function Stacked({ top, bottom, plain }: { top: string; bottom: string; plain?: boolean }) {
  return (
    <>
      <Text size="sm" fw={plain ? undefined : 700} span display="block" style={TEXT}>
        {top}
      </Text>
      <Text size="xs" c="dimmed" fw={plain ? undefined : 600} span display="block" style={TEXT}>
        {bottom}
      </Text>
    </>
  );
}
