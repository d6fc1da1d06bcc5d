import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ConsoleDistributor } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleSession } from '../../../auth/console-session';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useDocumentTitle } from '../../../layouts/page-title';
import { useMoney } from '../../../money/useMoney';
import { consoleTime } from '../shell/console-time';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { confirmLines } from '../shell/confirm-lines';
import { CreditAmountInput, type CreditAmount } from './CreditAmountInput';
import { newKey } from './credit-key';
import { withCreditWords } from './credit-refusal';
import { MultiStoreCredit } from './MultiStoreCredit';


type Target = { kid: number } | { distributor_id: number };

/** The two sides of a move's edge, for its confirmation: the child's name, its parent's and the parent's balance (null: the operator, unlimited). */
export interface CreditParties {
  child: string;
  parent: string;
  parentBalance: number | null;
}

/** What a give or take-back will do, a line each: the amount from one side to the other, and both balances after. */
export function creditMoveLines(t: (k: string, o?: Record<string, unknown>) => string, money: (units: number) => string, m: { amount: number; back: boolean; fund: 'credit' | 'comps'; childBalance: number; parties: CreditParties }): string[] {
  const { child, parent, parentBalance } = m.parties;
  const delta = m.back ? -m.amount : m.amount;
  const [from, to] = m.back ? [child, parent] : [parent, child];
  const what = t(m.back ? `creditConfirm.${m.fund}Back` : `creditConfirm.${m.fund}Give`, { amount: money(m.amount), from, to });
  const childLine = t('creditConfirm.after', { name: child, before: money(m.childBalance), after: money(m.childBalance + delta) });
  const parentLine = parentBalance === null ? t('creditConfirm.operatorAfter', { name: parent }) : t('creditConfirm.after', { name: parent, before: money(parentBalance), after: money(parentBalance - delta) });
  return [what, m.back ? childLine : parentLine, m.back ? parentLine : childLine, t('creditConfirm.undo')];
}

/**
 * A party's credit (or a store's special comps budget): its balance, give and take back with a note
 * when the account may move along its edge (after a confirmation of the amount, from, to and both
 * balances after), and the history with both sides' balances.
 */
export function CreditCard({ target, fund, canMove, title, testId, parties }: { target: Target; fund: 'credit' | 'comps'; canMove: boolean; title: string; testId: string; parties: CreditParties }) {
  const { t } = useTranslation('console');
  const { money } = useMoney();
  const history = useApiQuery('/operator/creditHistory', { ...target, fund });
  const write = useWrite();
  const action = useConsoleAction();
  const [amount, setAmount] = useState<CreditAmount>('');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newKey);
  /** A new amount is a new intended move: a new key. */
  const typed = (a: CreditAmount) => {
    setAmount(a);
    setKey(newKey());
  };
  const submit = async (back: boolean) => {
    if (amount === '' || amount <= 0 || !history.data) return;
    const lines = creditMoveLines(t, money, { amount, back, fund, childBalance: history.data.balance, parties });
    if (!(await confirmLines(t(back ? 'creditConfirm.backTitle' : 'creditConfirm.giveTitle'), lines))) return;
    const move = () => write('/operator/creditMove', { ...target, fund, amount, back, note, key }).catch(withCreditWords(t, money));
    const ok = await action.run(move, back ? t('credit.takenBack') : t('credit.given'));
    if (ok) {
      setAmount('');
      setNote('');
      setKey(newKey());
    }
  };
  const list = history.data?.list ?? [];
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text fw={700} fz="lg" data-testid={`${testId}-balance`}>
          {history.data ? money(history.data.balance) : '—'}
        </Text>
      </Group>
      <ActionAlert error={action.error ?? history.error?.message} mb="sm" />
      {canMove && (
        <Group align="flex-end" gap="xs" wrap="wrap" mb="sm">
          <CreditAmountInput label={t('credit.amount')} value={amount} onChange={typed} w={{ base: '100%', xs: 140 }} data-testid={`${testId}-amount`} />
          <TextInput label={t('credit.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} style={{ flex: 1 }} miw={160} data-testid={`${testId}-note`} />
          <Group gap="xs" wrap="nowrap">
            <Button loading={action.busy} disabled={amount === '' || amount <= 0} onClick={() => void submit(false)} data-testid={`${testId}-give`}>
              {t('credit.give')}
            </Button>
            <Button variant="light" color="orange" loading={action.busy} disabled={amount === '' || amount <= 0} onClick={() => void submit(true)} data-testid={`${testId}-back`}>
              {t('credit.takeBack')}
            </Button>
          </Group>
        </Group>
      )}
      {list.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('credit.noHistory')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} mah={360}>
          <Table striped fz="sm" verticalSpacing={4} data-testid={`${testId}-history`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('credit.when')}</Table.Th>
                <Table.Th ta="right">{t('credit.amount')}</Table.Th>
                <Table.Th ta="right">{t('credit.balanceAfter')}</Table.Th>
                <Table.Th>{t('credit.other')}</Table.Th>
                <Table.Th>{t('credit.by')}</Table.Th>
                <Table.Th>{t('credit.note')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{consoleTime(r.at)}</Table.Td>
                  <Table.Td ta="right" c={r.amount < 0 ? 'red' : 'green'} fw={600}>
                    {r.amount > 0 ? '+' : ''}
                    {money(r.amount)}
                  </Table.Td>
                  <Table.Td ta="right">{r.balance === null ? '—' : money(r.balance)}</Table.Td>
                  <Table.Td>
                    {r.other === 'operator' ? t('credit.operator') : r.other}
                    {r.other_balance !== null && (
                      <Text span c="dimmed" fz="xs">
                        {` (${money(r.other_balance)})`}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{r.by === 'operator' ? t('credit.operator') : (r.by ?? '—')}</Table.Td>
                  <Table.Td>{r.note}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** May the signed-in account move credit along this distributor's edge (the admin any; a distributor its sub-distributors)? */
function movesTo(d: ConsoleDistributor): boolean {
  const s = consoleSession();
  return s?.role === 'admin' || (s?.role === 'distributor' && d.parent_id === s.uid);
}

/** /operator/credit: the distributors in the account's scope with their credit; one's history, give and take back. */
export default function ConsoleCreditPage() {
  const { t } = useTranslation('console');
  const { money } = useMoney();
  useDocumentTitle(t('credit.title'));
  const distributors = useApiQuery('/operator/distributors', {});
  const list = distributors.data?.list ?? [];
  const [picked, setPicked] = useState<number | null>(null);
  const chosen = list.find((d) => d.id === picked) ?? list[0];
  return (
    <Stack gap="md" maw={1200} mx="auto">
      <Title order={1} fz="h3">
        {t('credit.title')}
      </Title>
      <Text c="dimmed" fz="sm">
        {t('credit.hint')}
      </Text>
      <ActionAlert error={distributors.error?.message} />
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={340}>
          <Table striped highlightOnHover fz="sm" data-testid="console-distributors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('roles.distributor')}</Table.Th>
                <Table.Th>{t('credit.parent')}</Table.Th>
                <Table.Th ta="right">{t('credit.balance')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('stores')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4} c="dimmed">
                    {t('credit.noDistributors')}
                  </Table.Td>
                </Table.Tr>
              )}
              {list.map((d) => (
                <Table.Tr key={d.id} data-row={d.username} onClick={() => setPicked(d.id)} style={{ cursor: 'pointer' }} bg={d.id === chosen?.id ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Table.Td fw={600}>
                    {d.username}
                    {d.id === consoleSession()?.uid && (
                      <Badge ml={6} size="sm" variant="light">
                        {t('credit.you')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{d.parent ?? t('credit.operator')}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(d.credit)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{d.stores.length ? d.stores.join(', ') : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      {chosen && (
        <CreditCard
          key={chosen.id}
          target={{ distributor_id: chosen.id }}
          fund="credit"
          canMove={movesTo(chosen)}
          title={t('credit.of', { name: chosen.username })}
          testId="console-distributor-credit"
          parties={{ child: chosen.username, parent: chosen.parent ?? t('credit.operator'), parentBalance: chosen.parent_id === null ? null : (list.find((d) => d.id === chosen.parent_id)?.credit ?? null) }}
        />
      )}
      {consoleSession()?.role !== 'support' && <MultiStoreCredit distributors={list} />}
    </Stack>
  );
}
