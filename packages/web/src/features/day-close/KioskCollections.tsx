import { Button, Card, Divider, Group, Modal, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { CallReply, KioskBox, KioskCollectionSlip } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { KeyAlreadyRecorded } from '../../api/one-time-key';
import { useOneTimeKey } from '../../api/useKeyedCall';
import { useWrite } from '../../api/write';
import { centsToUnits, unitsToCents } from '../../money/units';
import { useMoney } from '../../money/useMoney';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { countDetail, countTotalCents, storeDenominations, type PieceCounts } from '../shift-close/denominations';
import { DenominationCount } from '../shift-close/DenominationCount';
import { KioskSlipDialog } from './KioskSlipDialog';

const NUM = { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' } as const;

/** Counting one kiosk's box by denomination: expected, counted and the over/short as the boss types. */
export function CollectDialog({ box, denominations, onDone, onCancel }: { box: KioskBox; denominations: readonly string[]; onDone: (slip: KioskCollectionSlip | null) => void; onCancel: () => void }) {
  const { t } = useTranslation(['day-close', 'common']);
  const { money, signed } = useMoney();
  const { coinSign } = useLayoutInfo();
  const [pieces, setPieces] = useState<PieceCounts>({});
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const keys = useOneTimeKey();
  const write = useWrite();
  const sum = countTotalCents(pieces, denominations);
  const diff = sum === null ? null : sum - unitsToCents(box.expected);

  // A count and a "not collected" mark are two intents: a retry of either reuses its own key only.
  const send = async (intent: { kind: string; cents: number }, input: { counted?: number; count_detail?: Record<string, number>; reason?: string }) => {
    setBusy(true);
    try {
      const slip = await keys.submit({ ...intent, target: box.id }, (key) => write('/kiosk/collect', { id: box.id, ...input, key }));
      onDone(slip);
    } catch (err) {
      // Refused: shown already, the count stays for a retry with the same key. Recorded by an earlier send: done.
      if (err instanceof KeyAlreadyRecorded) onDone(null);
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    if (sum === null) return;
    const detail = countDetail(pieces, denominations);
    await send({ kind: '/kiosk/collect', cents: sum }, { counted: centsToUnits(sum), ...(Object.keys(detail).length ? { count_detail: detail } : {}) });
  };
  const markNotCollected = async () => {
    if (!reason.trim()) return;
    await send({ kind: '/kiosk/collect:not-collected', cents: 0 }, { reason: reason.trim() });
  };

  return (
    <Modal opened onClose={onCancel} title={t('day-close:collectTitle', { kiosk: box.name })} size={360} data-testid="kiosk-collect-dialog">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text>{t('day-close:expected')}</Text>
          <Text fw={600} data-testid="collect-expected" style={NUM}>
            {money(box.expected)}
          </Text>
        </Group>
        <DenominationCount denominations={denominations} coinSign={coinSign} pieces={pieces} onChange={setPieces} />
        <Group justify="space-between">
          <Text fw={700}>{t('day-close:overShort')}</Text>
          <Text fw={700} c={diff !== null && diff < 0 ? 'red.9' : undefined} data-testid="collect-over-short" style={NUM}>
            {diff === null ? '-' : signed(centsToUnits(diff))}
          </Text>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={sum === null} data-testid="collect-submit">
            {t('day-close:collect')}
          </Button>
        </Group>
        <Divider label={t('day-close:orNotCollected')} />
        <TextInput label={t('day-close:notCollectedReason')} value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} data-testid="collect-reason" />
        <Group justify="flex-end">
          <Button variant="light" color="orange" onClick={() => void markNotCollected()} loading={busy} disabled={!reason.trim()} data-testid="collect-not-collected">
            {t('day-close:markNotCollected')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The reload kiosks' cash boxes (bosses, a viewer too: a collection opens no shift of theirs, so it never
 * blocks the day's close): what each should hold since its last collection, its collection counted by the
 * store's denominations (Store Information's), then the slip (`KioskSlipDialog`: Print to the counter's printer).
 */
export function KioskCollections({ onCollected }: { onCollected: () => void }) {
  const { t } = useTranslation(['day-close', 'common']);
  const { money } = useMoney();
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const boxes = useApiQuery('/kiosk/boxes', {});
  const info = useApiQuery('/store/info', {});
  const [open, setOpen] = useState<KioskBox | null>(null);
  const [slip, setSlip] = useState<{ slip: KioskCollectionSlip; kioskId: number } | null>(null);
  const list: CallReply<'/kiosk/boxes'>['list'] = boxes.data?.list ?? [];
  if (!list.length) return null;
  const denominations = storeDenominations(info.data?.info.denominations, coinSign);

  const done = (box: KioskBox, s: KioskCollectionSlip | null) => {
    setOpen(null);
    setSlip(s && { slip: s, kioskId: box.id });
    void boxes.refetch();
    onCollected();
  };

  return (
    <Card withBorder radius="md" padding="md" data-testid="kiosk-boxes">
      <Title order={2} fz="h5" mb="sm">
        {t('day-close:kioskBoxes')}
      </Title>
      <Table.ScrollContainer minWidth={360}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {(['kiosk', 'expected', 'lastCollection', ''] as const).map((k) => (
                <Table.Th key={k} ta={k === 'expected' ? 'right' : undefined}>
                  {k ? t(`day-close:${k}`) : null}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((b) => (
              <Table.Tr key={b.id} data-kiosk={b.name}>
                {[b.name, money(b.expected), b.last_collection ? storeTime(b.last_collection, diff) : '—'].map((text, i) => (
                  <Table.Td key={i} style={i === 1 ? NUM : undefined}>
                    {text}
                  </Table.Td>
                ))}
                <Table.Td ta="right">
                  {/* A box that took nothing since its last collection has nothing to collect; a count waits for the store's denominations. */}
                  {b.expected > 0 ? (
                    <Button size="xs" onClick={() => setOpen(b)} disabled={!info.data} data-testid={`collect-${b.name}`}>
                      {t('day-close:collect')}
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed" data-testid={`nothing-${b.name}`}>
                      {t('day-close:nothingToCollect')}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {open ? <CollectDialog box={open} denominations={denominations} onDone={(s) => done(open, s)} onCancel={() => setOpen(null)} /> : null}
      {slip ? <KioskSlipDialog slip={slip.slip} kioskId={slip.kioskId} onClose={() => setSlip(null)} /> : null}
    </Card>
  );
}
