import { Alert, Button, Checkbox, Group, Table, Text, TextInput } from '@mantine/core';
import type { ConsoleCreditMovesResult, ConsoleDistributor, ConsoleStoreRow } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleSession } from '../../../auth/console-session';
import { failureMessage } from '../../../api/failure';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useMoney } from '../../../money/useMoney';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';
import { CreditAmountInput, type CreditAmount } from './CreditAmountInput';
import { newKey } from './credit-key';
import { confirmLines } from '../shell/confirm-lines';
import { creditShortText } from './credit-refusal';
import { useConsoleAction } from '../shell/use-console-action';

type T = (k: string, o?: Record<string, unknown>) => string;

/** The stores a multi-store give reaches: the admin every store; a distributor the stores bound to it (the edges it moves along). */
export function givableStores(list: ConsoleStoreRow[], session: { role: string; username: string } | null): ConsoleStoreRow[] {
  if (session?.role === 'admin') return list;
  return list.filter((s) => s.distributor === session?.username);
}

/** A store's giver: its distributor with that one's credit, or the operator (unlimited, null). */
function giverOf(store: ConsoleStoreRow, distributors: ConsoleDistributor[]): { name: string | null; balance: number | null } {
  if (!store.distributor) return { name: null, balance: null };
  return { name: store.distributor, balance: distributors.find((d) => d.username === store.distributor)?.credit ?? null };
}

/**
 * What a give to several stores will do: each store's amount, giver and credit after; each distributor
 * giver's credit before and after; the total.
 */
export function multiCreditLines(t: T, money: (units: number) => string, moves: { store: ConsoleStoreRow; amount: number }[], distributors: ConsoleDistributor[]): string[] {
  const operator = t('credit.operator');
  const lines = moves.map(({ store, amount }) =>
    t('multiCredit.confirmLine', { store: `${store.name} (${store.kid})`, amount: money(amount), from: giverOf(store, distributors).name ?? operator, after: money(store.credit + amount) }),
  );
  const givers = new Map<string, { before: number; total: number }>();
  for (const { store, amount } of moves) {
    const g = giverOf(store, distributors);
    if (g.name === null || g.balance === null) continue;
    const seen = givers.get(g.name) ?? { before: g.balance, total: 0 };
    givers.set(g.name, { ...seen, total: seen.total + amount });
  }
  for (const [name, g] of givers) lines.push(t('creditConfirm.after', { name, before: money(g.before), after: money(g.before - g.total) }));
  const total = moves.reduce((sum, m) => sum + m.amount, 0);
  lines.push(t('multiCredit.confirmTotal', { count: moves.length, total: money(total) }), t('creditConfirm.undo'));
  return lines;
}

/** A refused move's words: the credit refusal with its figures, else the status's message and its reason. */
function refusalText(r: ConsoleCreditMovesResult, t: T, money: (units: number) => string): string {
  return creditShortText(r, t, money) ?? failureMessage({ kind: 'message', status: r.refusal ?? 0, ...(r.reason !== undefined && { reason: r.reason }) }, t);
}

/**
 * Credit to several stores at once (`/operator/creditMoves`): pick the stores, one amount for all or
 * each its own, confirm what will happen, and every move goes with its own idempotency key. The
 * stores that got it leave the selection (their keys are spent); the ones refused stay selected with
 * their keys, so giving again retries only them and nothing is given twice, even when the reply of
 * the first try was lost.
 */
export function MultiStoreCredit({ distributors }: { distributors: ConsoleDistributor[] }) {
  const { t } = useTranslation(['console', 'status', 'common']);
  const { money } = useMoney();
  const stores = useApiQuery('/operator/stores', {});
  const write = useWrite();
  const action = useConsoleAction();
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const [same, setSame] = useState<CreditAmount>('');
  const [own, setOwn] = useState<Record<number, CreditAmount>>({});
  const [keys, setKeys] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  const [results, setResults] = useState<ConsoleCreditMovesResult[] | null>(null);
  /** Each store's latest outcome, over every try. */
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, ConsoleCreditMovesResult>>(new Map());
  const list = givableStores(stores.data?.list ?? [], consoleSession());
  const amountOf = (kid: number): CreditAmount => (own[kid] === undefined || own[kid] === '' ? same : own[kid]);
  const chosen = list.filter((s) => picked.has(s.kid));
  const ready = chosen.length > 0 && chosen.every((s) => { const a = amountOf(s.kid); return a !== '' && a > 0; });
  /** A new amount is a new intended move: its key is dropped (a new one is drawn when it goes). */
  const forget = (kids: number[]) => setKeys((k) => Object.fromEntries(Object.entries(k).filter(([kid]) => !kids.includes(Number(kid)))));
  /** The amount for all: the stores without their own amount drop their keys. */
  const sameTyped = (a: CreditAmount) => {
    setSame(a);
    forget(list.filter((s) => own[s.kid] === undefined || own[s.kid] === '').map((s) => s.kid));
  };
  const toggle = (kid: number, on: boolean) => setPicked((p) => { const next = new Set(p); if (on) next.add(kid); else next.delete(kid); return next; });

  const give = async () => {
    if (!ready) return;
    const moves = chosen.map((store) => ({ store, amount: amountOf(store.kid) as number }));
    if (!(await confirmLines(t('multiCredit.confirmTitle'), multiCreditLines(t, money, moves, distributors)))) return;
    const withKeys = { ...keys };
    for (const m of moves) withKeys[m.store.kid] ??= newKey();
    setKeys(withKeys);
    let reply: ConsoleCreditMovesResult[] = [];
    const ok = await action.run(async () => {
      reply = (await write('/operator/creditMoves', { note, moves: moves.map((m) => ({ kid: m.store.kid, amount: m.amount, key: withKeys[m.store.kid]! })) })).results;
    }, t('multiCredit.sent'));
    if (!ok) return;
    setResults(reply);
    setOutcomes((o) => new Map([...o, ...reply.map((r) => [r.kid, r] as const)]));
    const done = reply.filter((r) => r.ok).map((r) => r.kid);
    setPicked((p) => new Set([...p].filter((kid) => !done.includes(kid))));
    forget(done);
  };

  const failed = results?.filter((r) => !r.ok) ?? [];
  const name = (kid: number) => { const s = list.find((x) => x.kid === kid); return s ? `${s.name} (${kid})` : String(kid); };
  return (
    <ConsoleCard title={t('multiCredit.title')} hint={t('multiCredit.hint')} testId="console-multi-credit">
      <ActionAlert error={action.error ?? stores.error?.message} mb="sm" />
      {results && (
        <Alert color={failed.length ? 'orange' : 'green'} mb="sm" data-testid="console-multi-credit-summary">
          {failed.length
            ? t('multiCredit.partial', { done: results.length - failed.length, count: results.length, stores: failed.map((r) => name(r.kid)).join(', ') })
            : t('multiCredit.allDone', { count: results.length })}
        </Alert>
      )}
      <Group align="flex-end" gap="xs" wrap="wrap" mb="sm">
        <CreditAmountInput label={t('multiCredit.same')} value={same} onChange={sameTyped} w={{ base: '100%', xs: 180 }} data-testid="console-multi-credit-same" />
        <TextInput label={t('credit.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={200} style={{ flex: 1 }} miw={160} data-testid="console-multi-credit-note" />
        <Button loading={action.busy} disabled={!ready} onClick={() => void give()} data-testid="console-multi-credit-give">
          {t('multiCredit.give', { count: chosen.length })}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={560} mah={420}>
        <Table striped fz="sm" verticalSpacing={4} data-testid="console-multi-credit-stores">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('multiCredit.all')}
                  checked={list.length > 0 && chosen.length === list.length}
                  indeterminate={chosen.length > 0 && chosen.length < list.length}
                  onChange={(e) => setPicked(new Set(e.currentTarget.checked ? list.map((s) => s.kid) : []))}
                  data-testid="console-multi-credit-all"
                />
              </Table.Th>
              <Table.Th>{t('stores')}</Table.Th>
              <Table.Th ta="right">{t('credit.balance')}</Table.Th>
              <Table.Th>{t('credit.amount')}</Table.Th>
              <Table.Th>{t('multiCredit.outcome')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((s) => {
              const r = outcomes.get(s.kid);
              return (
                <Table.Tr key={s.kid} data-row={s.kid}>
                  <Table.Td>
                    <Checkbox aria-label={`${s.name} (${s.kid})`} checked={picked.has(s.kid)} onChange={(e) => toggle(s.kid, e.currentTarget.checked)} data-testid={`console-multi-credit-pick-${s.kid}`} />
                  </Table.Td>
                  <Table.Td>{`${s.name} (${s.kid})`}</Table.Td>
                  <Table.Td ta="right">{money(s.credit)}</Table.Td>
                  <Table.Td>
                    <CreditAmountInput
                      aria-label={t('multiCredit.amountOf', { store: s.name })}
                      placeholder={same === '' ? undefined : String(same)}
                      value={own[s.kid] ?? ''}
                      onChange={(a) => {
                        setOwn({ ...own, [s.kid]: a });
                        forget([s.kid]);
                      }}
                      size="xs"
                      w={120}
                      data-testid={`console-multi-credit-amount-${s.kid}`}
                    />
                  </Table.Td>
                  <Table.Td data-testid={`console-multi-credit-result-${s.kid}`} data-ok={r ? String(r.ok) : undefined}>
                    {r && (
                      <Text fz="xs" c={r.ok ? 'green' : 'red'}>
                        {r.ok ? t('multiCredit.done', { balance: money(r.child_balance ?? 0) }) : refusalText(r, t, money)}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ConsoleCard>
  );
}
