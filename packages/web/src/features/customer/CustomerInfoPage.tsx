import type { CustomerListReply } from '@moneybox/contract';
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
import { fullName } from './format';

const PAGE_SIZE = 20;

/** /Customer/CustomerInfo: every customer of the store, a page at a time; a row opens the customer at the counter. */
export default function CustomerInfoPage() {
  const { t } = useTranslation(['customer', 'home']);
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = useApiQuery<CustomerListReply>('/customer/customerInfo', { page, limit: PAGE_SIZE }, { staleTime: 0 });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / PAGE_SIZE));

  const openCustomer = (c: CustomerRecord) => {
    writeCurrentCustomerId(c.id);
    void navigate('/CustomerAccount');
  };

  return (
    <PageFrame title={t('customer:infoTitle')} crumbs={[{ label: t('home:groups.customer'), to: '/CustomerAccount' }]}>
      <Stack gap="sm">
        {q.isError ? <Alert color="red">{q.error.message}</Alert> : null}
        <Table.ScrollContainer minWidth={1100}>
          <Table striped highlightOnHover fz="sm" data-testid="customer-list" style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                {(['id', 'mobile_id', 'name', 'drivers_license', 'birthday', 'gender', 'phone', 'mail', 'bank', 'bank_account', 'account_type', 'entries', 'winnings', 'block', 'createTime'] as const).map((c) => (
                  <Table.Th key={c} style={{ whiteSpace: 'nowrap' }}>
                    {t(`fields.${c}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {q.data?.list.map((c) => (
                <Table.Tr key={c.id} onClick={() => openCustomer(c)} style={{ cursor: 'pointer' }} data-testid={`customer-row-${c.id}`}>
                  <Table.Td>{c.id}</Table.Td>
                  <Table.Td>{c.mobile_id}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Anchor
                      component="button"
                      type="button"
                      fz="sm"
                      onClick={(e: React.MouseEvent) => {
                        e.stopPropagation();
                        openCustomer(c);
                      }}
                    >
                      {fullName(c)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.drivers_license}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.birthday}</Table.Td>
                  <Table.Td>{t(`gender.${c.gender || 'none'}`, { defaultValue: c.gender })}</Table.Td>
                  <Table.Td>{c.phone}</Table.Td>
                  <Table.Td>{c.mail}</Table.Td>
                  <Table.Td>{c.bank}</Table.Td>
                  <Table.Td>{c.bank_account}</Table.Td>
                  <Table.Td>{c.account_type}</Table.Td>
                  <Table.Td ta="right">{money(c.entries, coinSign)}</Table.Td>
                  <Table.Td ta="right">{money(c.winnings, coinSign)}</Table.Td>
                  <Table.Td>
                    {c.block ? (
                      <Badge color="red" size="sm">
                        {t('state.blocked')}
                      </Badge>
                    ) : (
                      <Badge color="teal" variant="light" size="sm">
                        {t('state.active')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(c.createTime, diff)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {q.isPending ? (
          <Text c="dimmed">{t('loading')}</Text>
        ) : q.data?.total === 0 ? (
          <Text c="dimmed">{t('listEmpty')}</Text>
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
