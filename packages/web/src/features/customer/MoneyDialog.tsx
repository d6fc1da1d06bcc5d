import type { CustomerInfoReply, CustomerMoneyReply } from '@moneybox/contract';
import { Alert, Button, Group, Modal, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { CUSTOMER_FIELD_MAX, ID_TYPES, type IdType } from '@moneybox/contract/customer-fields';
import { payoutNeeds } from '@moneybox/contract/payout-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/call';
import { KeyAlreadyRecorded, type OneTimeKey } from '../../api/one-time-key';
import { useKeyedCall } from '../../api/useKeyedCall';
import { kioskData } from '../../auth/session';
import { MovementPrint } from '../hardware/MovementPrint';
import { useLicenceScan } from '../hardware/useLicenceScan';
import type { MovementReceipt } from '../hardware/receipt';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { customerInfoKey, refreshAfterCustomerWrite } from '../../api/stale-reads';
import type { CustomerRecord } from './customer-api';
import { checkAmount } from './customer-rules';
import { formatUnits as money, unitsToCents } from '../../money/units';
import { fullName } from './format';
import { MOVEMENTS, movementRefusal, type MovementKind } from './movement';

/** Popups are at most 420px wide (spec section 9). */
export const POPUP_WIDTH = 420;

interface Props {
  kind: MovementKind | null;
  customer: CustomerRecord;
  blocked: boolean;
  revertable: number | null;
  /** What a purchase may still be (currency units): the server's least left of the store's and the customer's own limits; null when none limits it. */
  purchaseLeft: number | null;
  /** The store's ID-check threshold (currency units, 0 = none): a redeem taking the day's payouts above it asks for the customer's ID. */
  idCheck?: number;
  /** What the customer was paid out this store day, every channel (currency units): the threshold applies to the day's total. */
  paidToday?: number;
  /** The page's key holder: a confirmation retried, even from a reopened dialog, keeps its key. */
  keys: OneTimeKey;
  onClose: () => void;
}

/** Amount → Enter → the call with its one-time key → the new balances. */
export function MoneyDialog({ kind, customer, blocked, revertable, purchaseLeft, idCheck = 0, paidToday = 0, keys, onClose }: Props) {
  const { t } = useTranslation(['customer', 'common', 'hardware']);
  const { coinSign } = useLayoutInfo();
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<CustomerMoneyReply | null>(null);
  // The done movement's receipt (printed by itself when a printer is set up: features/hardware).
  const [receipt, setReceipt] = useState<MovementReceipt | null>(null);
  const { diff } = useLocalTimeDiff();
  // The ID of a checked payout: typed from the customer's document, never prefilled (a prefilled number checks nothing).
  const [idType, setIdType] = useState<IdType>('drivers_license');
  const [idNumber, setIdNumber] = useState('');
  const okRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!kind) return;
    setAmount('');
    setFieldError(null);
    setProblem(null);
    setDone(null);
    setReceipt(null);
    setIdType('drivers_license');
    setIdNumber('');
    setIdScanned(false);
    void keys.prime();
  }, [kind, keys]);

  // The confirmation replaces the form inside the open dialog: move focus to its OK, so Enter closes it.
  useEffect(() => {
    if (done) okRef.current?.focus();
  }, [done]);

  const move = useKeyedCall({ keys, inline: true });

  const typed = checkAmount(amount);
  const needsId = kind === 'redeem' && idNeeded(typed.ok ? typed.cents : 0, idCheck, paidToday);
  // The customer's licence or ID card scanned (2D scanner, keyboard mode) fills the ID number; the server
  // still checks it against the one on record. A corrupt or expired document is refused here. Listening for
  // the whole redeem (a scan typed into the amount hides the ID fields until the amount is put back).
  const [idScanned, setIdScanned] = useState(false);
  const idScanProblem = useLicenceScan(kind === 'redeem' && idCheck > 0 && !done, null, ({ licence, field, before }) => {
    if (field === 'amount' && before !== null) setAmount(before);
    if (field === 'id_number' && before !== null) setIdNumber(before);
    setIdScanned(licence !== null);
    if (!licence) return;
    setIdType(licence.document === 'ID' ? 'state_id' : 'drivers_license');
    setIdNumber(licence.idNumber);
    setProblem(null);
  });

  if (!kind) return null;

  const confirm = async (e: React.FormEvent) => {
    e.preventDefault();
    // A second Enter or click while the first is in flight joins it (the one-time key module); the button is disabled too.
    const checked = checkAmount(amount);
    if (!checked.ok) {
      setFieldError(t(checked.problem.key, checked.problem.values));
      return;
    }
    setFieldError(null);
    setProblem(null);
    if (needsId && idNumber.trim() === '') {
      setProblem(t('idCheck.required'));
      return;
    }
    try {
      const payload = needsId ? { id: customer.id, id_type: idType, id_number: idNumber.trim() } : { id: customer.id };
      const reply = await move.run({ path: MOVEMENTS[kind].path, target: customer.id, cents: checked.cents, payload });
      client.setQueryData<CustomerInfoReply>(customerInfoKey(customer.id), (old) =>
        old ? { ...old, customer: { ...old.customer, entries: reply.entries, winnings: reply.winnings } } : old,
      );
      // The card's other parts (the revert it now offers) and the counter's drawer are read again.
      void refreshAfterCustomerWrite(client, customer.id, { money: true });
      const counter = kioskData();
      setReceipt({
        kind,
        movementId: reply.movement_id,
        store: counter.storename,
        cashier: counter.account,
        time: new Date().toISOString(),
        diff,
        amount: reply.amount,
        coinSign,
        customer: { id: customer.id, name: fullName(customer) },
        entries: reply.entries,
        winnings: reply.winnings,
      });
      setDone(reply);
    } catch (err) {
      if (err instanceof KeyAlreadyRecorded) {
        // It went through: clear the amount so a second Enter cannot record it again with a fresh key.
        setAmount('');
        setProblem(t('common:alreadyRecorded'));
        void refreshAfterCustomerWrite(client, customer.id, { money: true });
      } else if (err instanceof ApiError && err.failure.kind === 'message') {
        setProblem(movementRefusal(err.reply, t, err.message, { blocked, coinSign }));
      } else if (!(err instanceof ApiError)) {
        setProblem(t('common:error'));
      }
    }
  };

  const hint = hintFor(kind, customer, revertable, purchaseLeft);
  return (
    <Modal opened onClose={onClose} title={t(`actions.${kind}`)} size={POPUP_WIDTH} centered data-testid="money-dialog">
      {done ? (
        <Stack gap="sm" data-testid="money-done">
          <CustomerWho customer={customer} />
          <Alert color="teal" title={t(`done.${kind}`)}>
            {t('done.amount', { amount: money(done.amount, coinSign) })}
          </Alert>
          <Table fz="sm" data-testid="money-balances">
            <Table.Tbody>
              <Row label={t('fields.entries')} value={money(done.entries, coinSign)} line="entries" />
              <Row label={t('fields.winnings')} value={money(done.winnings, coinSign)} line="winnings" />
              {/* Absent for a cashier under blind count: the server leaves the drawer's expected balance out. */}
              {done.balance === undefined ? null : <Row label={t('done.drawerBalance')} value={money(done.balance, coinSign)} line="balance" />}
            </Table.Tbody>
          </Table>
          {receipt ? <MovementPrint receipt={receipt} /> : null}
          <Group justify="flex-end">
            <Button ref={okRef} onClick={onClose} data-testid="money-close" data-autofocus>
              {t('common:ok')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(e) => void confirm(e)} noValidate>
          <Stack gap="sm">
            <CustomerWho customer={customer} />
            {hint ? (
              <Text size="sm" c="dimmed" data-testid="money-hint">
                {t(hint.key, { amount: money(hint.units, coinSign) })}
              </Text>
            ) : null}
            <TextInput
              name="amount"
              label={t('dialog.amount', { sign: coinSign })}
              value={amount}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                setFieldError(null);
                setProblem(null);
              }}
              inputMode="decimal"
              autoComplete="off"
              maxLength={14}
              data-autofocus
              required
              error={fieldError ?? undefined}
              data-testid="money-amount"
            />
            {needsId ? (
              <Paper withBorder p="xs" data-testid="money-id-check">
                <Stack gap={6}>
                  <Text size="sm" fw={600}>
                    {t('idCheck.title', { amount: money(idCheck, coinSign) })}
                  </Text>
                  {paidToday > 0 ? (
                    <Text size="xs" data-testid="money-paid-today">
                      {t('idCheck.paidToday', { amount: money(paidToday, coinSign) })}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {t(customer.drivers_license ? 'idCheck.confirm' : 'idCheck.enter')}
                  </Text>
                  <Select
                    label={t('idCheck.type')}
                    data={ID_TYPES.map((v) => ({ value: v, label: t(`idCheck.types.${v}`) }))}
                    value={idType}
                    onChange={(v) => v && setIdType(v as IdType)}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    data-testid="money-id-type"
                  />
                  <TextInput
                    name="id_number"
                    label={t('idCheck.number')}
                    value={idNumber}
                    onChange={(e) => {
                      setIdNumber(e.currentTarget.value);
                      setIdScanned(false);
                      setProblem(null);
                    }}
                    maxLength={CUSTOMER_FIELD_MAX.drivers_license}
                    autoComplete="off"
                    required
                    data-testid="money-id-number"
                  />
                  {idScanProblem ? (
                    <Text size="xs" c="red" role="alert" data-testid="money-id-scan-problem">
                      {idScanProblem}
                    </Text>
                  ) : idScanned ? (
                    <Text size="xs" c="teal" role="status" data-testid="money-id-scanned">
                      {t('hardware:idScan.payoutFilled')}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>
            ) : null}
            {problem ? (
              <Alert color="red" role="alert" data-testid="money-problem">
                {problem}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose} disabled={move.busy}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={move.busy} data-testid="money-confirm">
                {t('dialog.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Who the money is for, beside the amount: the cashier confirms who, not only how much (issue 20). */
function CustomerWho({ customer: c }: { customer: CustomerRecord }) {
  const { t } = useTranslation('customer');
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-default-hover)" data-testid="money-customer">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {t('dialog.customer')}
      </Text>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="money-customer-name">
        {fullName(c)}
      </Text>
      <Text size="sm">
        {t('fields.id')}: <b data-testid="money-customer-id">{c.id}</b> · {t('fields.mobile_id')}: <b data-testid="money-customer-mobile-id">{c.mobile_id}</b>
      </Text>
    </Paper>
  );
}

function Row({ label, value, line }: { label: string; value: string; line: string }) {
  return (
    <Table.Tr data-line={line}>
      <Table.Th fw={500}>{label}</Table.Th>
      <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** Whether a redeem of `cents` needs the customer's ID, after `paidTodayUnits` paid today: the contract's rule, the server's too. */
export function idNeeded(cents: number, idCheckUnits: number, paidTodayUnits = 0): boolean {
  return payoutNeeds({ id_check_cents: unitsToCents(idCheckUnits), large_payout_cents: 0 }, unitsToCents(paidTodayUnits), cents).idCheck;
}

function hintFor(kind: MovementKind, c: CustomerRecord, revertable: number | null, purchaseLeft: number | null): { key: string; units: number } | null {
  switch (kind) {
    case 'purchase':
      return purchaseLeft === null ? null : { key: 'dialog.limitLeft', units: purchaseLeft };
    case 'redeem':
      return { key: 'dialog.winnings', units: c.winnings };
    case 'comps':
      return { key: 'dialog.entries', units: c.entries };
    case 'revert':
      return revertable === null ? null : { key: 'dialog.revertable', units: revertable };
  }
}
