import type { CallInput, CustomerInfoReply } from '@moneybox/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Status } from '@moneybox/contract/status';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/call';
import { useApiQuery } from '../../api/hooks';
import { useOneTimeKey } from '../../api/useKeyedCall';
import type { WritePath } from '../../api/call-kinds';
import { useWrite } from '../../api/write';
import { kioskData } from '../../auth/session';
import { livePoll, useLive } from '../../live/useLive';
import { confirmBox, toast } from '../../components/message';
import { PageFrame } from '../../components/PageFrame';
import { CustomerCard } from './CustomerCard';
import { CustomerEraseButton, CustomerExportButton } from './CustomerDataButtons';
import { CustomerFormDialog } from './CustomerFormDialog';
import { CustomerHistory } from './CustomerHistory';
import { CustomerSearch } from './CustomerSearch';
import { customerInfoKey, refreshAfterCustomerWrite } from '../../api/stale-reads';
import { idPayload, infoPayload, statusOf, type CustomerRecord } from './customer-api';
import { useCurrentCustomerId } from './current-customer';
import { MoneyDialog } from './MoneyDialog';
import { ageLockText, moneyLockReasons, MOVEMENT_KINDS, PROTECTION_LOCKED, protectionText, type MovementKind } from './movement';
import { ProtectDialog, ProtectionSlipDialog, type ProtectOutcome } from './ProtectDialog';
import { PersonalLimitsDialog } from './PersonalLimitsDialog';
import { storeDate } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { PinDialog, type ShownPin } from './PinDialog';
import { useTypingSearches } from './typing-searches';
import { callKey } from '../../api/query-keys';

/** /CustomerAccount: the counter flow — find the customer, see the card, move credit. */
export default function CustomerAccountPage() {
  const { t } = useTranslation(['customer', 'home', 'common']);
  const client = useQueryClient();
  const write = useWrite();
  /** A write whose refusal gets the spec's message box; resolves null when it was refused. */
  const writeOrNull = <P extends WritePath>(path: P, payload: CallInput<P>) => write(path, payload).catch(() => null);
  const [customerId, setCustomerId] = useCurrentCustomerId();
  const [moving, setMoving] = useState<MovementKind | null>(null);
  const [form, setForm] = useState<{ editing: CustomerRecord | null } | null>(null);
  const [pin, setPin] = useState<ShownPin | null>(null);
  // A search in the box that has not opened anyone: the customer shown before is not the one being asked for.
  const [searching, setSearching] = useState(false);
  // Opening a customer by any way (search, create) starts the search box afresh.
  const [searchKey, setSearchKey] = useState(0);
  const searchRef = useRef<HTMLInputElement>(null);
  const kiosk = kioskData();
  const viewer = kiosk.moneybox === -1;
  // One holder per page: a confirmation retried after a failure, even from a reopened dialog, keeps its key.
  const keys = useOneTimeKey();

  const enabled = customerId !== null;
  const id = customerId ?? 0;
  // Pushed: a machine seats or releases the customer, plays, a kiosk sells at any time ("playing on
  // machine N" shows live); the server says so (live/) and the card refetches. Polled while the socket is down.
  const live = useLive();
  const info = useApiQuery('/customer/info', infoPayload(id), { enabled, call: { handle: false }, staleTime: 0, refetchInterval: livePoll(live, 3_000) });
  const limits = useApiQuery('/customer/getDayLimit', idPayload(id), { enabled, staleTime: 0 });
  const block = useApiQuery('/customer/blockState', idPayload(id), { enabled, staleTime: 0 });
  const customer = info.data?.customer;
  const blocked = block.data?.block ?? customer?.block ?? false;
  const locks = customer ? moneyLockReasons({ blocked, playing: customer.playing }, t) : [];
  const moneyOff = viewer || searching || locks.length > 0;
  // Self-excluded or cooling off: purchase and special comps wait, redeem and revert stay (the server's money/protection.ts).
  const { diff } = useLocalTimeDiff(customer?.protection != null);
  const protection = customer?.protection ?? null;
  const protectedReason = protection ? protectionText({ protection: protection.kind, until: protection.until }, t, (iso) => storeDate(iso, diff)) : null;
  // Younger than the store's minimum age (or no birthday to tell): the same two movements wait (the contract's minimum-age.ts, as the server checks it).
  const ageReason = ageLockText(limits.data, t);
  const purchaseLocks = [protectedReason, ageReason].filter((r): r is string => r !== null);
  const [protecting, setProtecting] = useState(false);
  const [slip, setSlip] = useState<ProtectOutcome | null>(null);
  const [limiting, setLimiting] = useState(false);

  useEffect(() => {
    // A remembered customer that is gone (another store, a reset database) is forgotten quietly.
    if (info.error instanceof ApiError && statusOf(info.error) === Status.CUSTOMER_ERROR) setCustomerId(null);
  }, [info.error, setCustomerId]);

  // After opening a customer the focus stays in the search box: the next card scanned (digits and Enter, as
  // a keyboard-wedge scanner types them) searches; a money dialog opens only by a deliberate act on the card.
  const open = (c: CustomerRecord) => {
    client.setQueryData<CustomerInfoReply>(customerInfoKey(c.id), (old) => old ?? { status: 0, customer: c, revertable: null });
    setSearching(false);
    setSearchKey((k) => k + 1);
    setCustomerId(c.id);
    setTimeout(() => searchRef.current?.focus(), 0);
  };
  useTypingSearches(searchRef);

  const closeMoney = () => {
    setMoving(null);
    setTimeout(() => searchRef.current?.focus(), 0);
  };

  const toggleBlock = async () => {
    if (!customer) return;
    const next = !blocked;
    if (!(await confirmBox(t(next ? 'confirm.block' : 'confirm.unblock', { name: `${customer.first_name} ${customer.last_name}` })))) return;
    const r = await writeOrNull('/customer/block', { id: customer.id, block: next });
    if (!r) return;
    client.setQueryData(callKey('/customer/blockState', idPayload(customer.id)), r);
    toast(t(r.block ? 'done.blocked' : 'done.unblocked'));
    void refreshAfterCustomerWrite(client, customer.id, { written: [callKey('/customer/blockState', idPayload(customer.id))] });
  };

  const resetPin = async () => {
    if (!customer || !(await confirmBox(t('confirm.reset', { name: `${customer.first_name} ${customer.last_name}` })))) return;
    const r = await writeOrNull('/customer/reset', { id: customer.id, pin_id: kiosk.moneybox });
    if (r) setPin({ mobileId: r.mobile_id, pin: r.pin, reason: 'reset' });
  };

  const kick = async () => {
    if (!customer || !(await confirmBox(t('confirm.kick', { name: `${customer.first_name} ${customer.last_name}`, machine: customer.machine ?? '-' })))) return;
    const r = await writeOrNull('/customer/kick', { id: customer.id });
    if (!r) return;
    toast(t('done.kicked'));
    void refreshAfterCustomerWrite(client, customer.id);
  };

  return (
    // The group and the page share their name, so the trail is just Home › Customer Account.
    <PageFrame title={t('customer:title')}>
      <Stack gap="md" maw={960}>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <div style={{ flex: '1 1 280px', minWidth: 0 }}>
            <CustomerSearch key={searchKey} ref={searchRef} onOpen={open} onSearchingChange={setSearching} />
          </div>
          <Button variant="light" onClick={() => setForm({ editing: null })} data-testid="customer-create">
            {t('actions.create')}
          </Button>
        </Group>

        {viewer ? (
          <Alert color="gray" py={6} data-testid="viewer-note">
            {t('viewerNote')}
          </Alert>
        ) : !kiosk.initAmount ? (
          <Alert color="yellow" py={6} data-testid="init-note">
            {t('initNote')}
          </Alert>
        ) : null}

        {customerId === null ? (
          <Text c="dimmed" data-testid="customer-none">
            {t('noneSelected')}
          </Text>
        ) : info.isError && !customer ? (
          <Alert color="red" data-testid="customer-error">
            {info.error.message}
          </Alert>
        ) : !customer ? (
          <Text c="dimmed">{t('loading')}</Text>
        ) : (
          <>
            <CustomerCard
              customer={customer}
              blocked={blocked}
              limits={limits.data}
              paused={searching}
              actions={
                <Stack gap="xs">
                  {locks.length ? (
                    <Alert color="red" py={6} role="status" title={t('card.lockedTitle')} data-testid="customer-locked">
                      <Stack gap={2}>
                        {locks.map((reason) => (
                          <Text key={reason} size="sm">
                            {reason}
                          </Text>
                        ))}
                      </Stack>
                    </Alert>
                  ) : null}
                  {protectedReason ? (
                    <Alert color="orange" py={6} role="status" title={t('protection.lockedTitle')} data-testid="customer-protected">
                      <Text size="sm">{protectedReason}</Text>
                    </Alert>
                  ) : null}
                  {ageReason ? (
                    <Alert color="orange" py={6} role="status" title={t('protection.lockedTitle')} data-testid="customer-underage">
                      <Text size="sm">{ageReason}</Text>
                    </Alert>
                  ) : null}
                  <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                    {MOVEMENT_KINDS.map((k) => (
                      <Button
                        key={k}
                        onClick={() => setMoving(k)}
                        disabled={moneyOff || (purchaseLocks.length > 0 && PROTECTION_LOCKED.includes(k))}
                        title={purchaseLocks.length > 0 && PROTECTION_LOCKED.includes(k) ? purchaseLocks.join(' ') : undefined}
                        variant={k === 'purchase' ? 'filled' : 'light'}
                        // Long labels (Spanish) wrap instead of being cut on a phone.
                        styles={{ root: { height: 'auto', minHeight: 36, paddingBlock: 6 }, label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
                        data-testid={`action-${k}`}
                      >
                        {t(`actions.${k}`)}
                      </Button>
                    ))}
                  </SimpleGrid>
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setForm({ editing: customer })} disabled={searching} data-testid="action-edit">
                      {t('actions.edit')}
                    </Button>
                    <Button size="xs" variant="default" color={blocked ? 'teal' : 'red'} onClick={() => void toggleBlock()} disabled={searching} data-testid="action-block">
                      {blocked ? t('actions.unblock') : t('actions.block')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => void resetPin()} disabled={searching} data-testid="action-reset">
                      {t('actions.reset')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => void kick()} disabled={searching || !customer.playing} data-testid="action-kick">
                      {t('actions.kick')}
                    </Button>
                    <Button size="xs" variant="default" color="orange" onClick={() => setProtecting(true)} disabled={searching} data-testid="action-protect">
                      {t('actions.protect')}
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setLimiting(true)} disabled={searching} data-testid="action-limits">
                      {t('actions.limits')}
                    </Button>
                    <CustomerExportButton customerId={customer.id} disabled={searching} />
                    <CustomerEraseButton customerId={customer.id} disabled={searching || customer.erased} onErased={() => void refreshAfterCustomerWrite(client, customer.id)} />
                  </Group>
                </Stack>
              }
            />
            <CustomerHistory customerId={customer.id} />
            <MoneyDialog
              kind={moving}
              customer={customer}
              blocked={blocked}
              revertable={info.data?.revertable ?? null}
              purchaseLeft={limits.data?.purchase_left ?? null}
              idCheck={limits.data?.id_check ?? 0}
              paidToday={limits.data?.paid_today ?? 0}
              keys={keys}
              onClose={closeMoney}
            />
          </>
        )}
      </Stack>

      <CustomerFormDialog
        opened={form !== null}
        editing={form?.editing ?? null}
        onClose={() => setForm(null)}
        onCreated={(r) => {
          setForm(null);
          open(r.customer);
          setPin({ mobileId: r.mobile_id, pin: r.pin, reason: 'created' });
          toast(t('done.created'));
          void refreshAfterCustomerWrite(client, r.customer.id, { written: [customerInfoKey(r.customer.id)] });
        }}
        onUpdated={(r) => {
          setForm(null);
          client.setQueryData<CustomerInfoReply>(customerInfoKey(r.customer.id), (old) => ({ status: 0, revertable: old?.revertable ?? null, customer: r.customer }));
          toast(t('done.updated'));
          void refreshAfterCustomerWrite(client, r.customer.id, { written: [customerInfoKey(r.customer.id)] });
        }}
      />
      <PinDialog shown={pin} onClose={() => setPin(null)} />
      <ProtectDialog
        customer={protecting && customer ? customer : null}
        onClose={() => setProtecting(false)}
        onDone={(r) => {
          setProtecting(false);
          client.setQueryData<CustomerInfoReply>(customerInfoKey(r.customer.id), (old) => ({ status: 0, revertable: old?.revertable ?? null, customer: r.customer }));
          setSlip(r);
          void refreshAfterCustomerWrite(client, r.customer.id, { written: [customerInfoKey(r.customer.id)] });
        }}
      />
      <ProtectionSlipDialog reply={slip} onClose={() => setSlip(null)} />
      <PersonalLimitsDialog
        key={limiting ? 'open' : 'closed'}
        customer={limiting && customer ? customer : null}
        current={limits.data?.personal}
        onClose={() => setLimiting(false)}
        onSaved={() => {
          setLimiting(false);
          toast(t('personalLimits.done'));
          void limits.refetch();
        }}
      />
    </PageFrame>
  );
}
