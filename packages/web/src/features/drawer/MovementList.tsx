import { Card, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { MOVEMENTS_PAGE_SIZE, useMovements } from './drawer-api';
import { formatSignedUnits, formatUnits } from '../../money/units';
import { kioskData } from '../../auth/session';
import { ReprintButton } from '../hardware/MovementPrint';
import type { ReceiptKind } from '../hardware/receipt';

const KNOWN_KINDS = ['init', 'fill', 'bleed', 'purchase', 'revert', 'redeem', 'special_comps'];
/** The ledger kinds whose receipt a row reprints (features/hardware). */
const RECEIPT_OF: Record<string, ReceiptKind> = { fill: 'fills', bleed: 'bleeds', purchase: 'purchase', revert: 'revert', redeem: 'redeem', special_comps: 'comps' };

/** This shift's ledger rows, newest first, a page at a time. */
export function MovementList({ shiftId }: { shiftId?: number }) {
  const { t } = useTranslation(['drawer', 'hardware']);
  const counter = kioskData();
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const [page, setPage] = useState(1);
  const q = useMovements(page, shiftId);
  const rows = q.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / MOVEMENTS_PAGE_SIZE));
  const money = (units: number) => formatUnits(units, coinSign);
  const signed = (units: number) => formatSignedUnits(units, coinSign);

  return (
    <Card withBorder radius="md" padding="md" data-testid="movements">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {t('movements.heading')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('movements.total', { n: q.data?.total ?? 0 })}
          </Text>
        </Group>
        {q.isError ? <Text c="red.9" role="alert">{q.error.message}</Text> : null}
        {rows.length === 0 && !q.isPending ? (
          <Text size="sm" c="gray.7">
            {t('movements.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('movements.time')}</Table.Th>
                  <Table.Th>{t('movements.kind')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('movements.amount')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('movements.drawerCash')}</Table.Th>
                  <Table.Th>{t('movements.detail')}</Table.Th>
                  <Table.Th>{t('movements.account')}</Table.Th>
                  <Table.Th>{t('hardware:receiptColumn')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((m) => (
                  <Table.Tr key={m.id} data-kind={m.kind}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(m.time, diff)}</Table.Td>
                    <Table.Td>{t(`movements.kinds.${KNOWN_KINDS.includes(m.kind) ? m.kind : 'other'}`)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{m.amount === undefined ? '-' : money(m.amount)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{m.drawer === undefined ? '-' : signed(m.drawer)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {[m.customer_id !== null ? t('movements.customer', { id: m.customer_id }) : '', m.note].filter(Boolean).join(' · ') || '-'}
                    </Table.Td>
                    <Table.Td>{m.account ?? '-'}</Table.Td>
                    <Table.Td>
                      {RECEIPT_OF[m.kind] && m.amount !== undefined ? (
                        <ReprintButton
                          receipt={{
                            kind: RECEIPT_OF[m.kind]!,
                            movementId: m.id,
                            store: counter.storename,
                            cashier: m.account ?? counter.account,
                            time: m.time,
                            diff,
                            amount: m.amount,
                            coinSign,
                            ...(m.customer_id !== null ? { customer: { id: m.customer_id, name: '' } } : {}),
                          }}
                        />
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 ? <Pagination value={page} onChange={setPage} total={pages} size="sm" data-testid="movements-pages" /> : null}
      </Stack>
    </Card>
  );
}
