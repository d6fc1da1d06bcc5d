import { Alert, Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { ZReport } from '@moneybox/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiQuery } from '../../api/hooks';
import { useWrite } from '../../api/write';
import { toast } from '../../components/message';
import { PageFrame } from '../../components/PageFrame';
import { useMoney } from '../../money/useMoney';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { KioskCollections } from './KioskCollections';
import { KioskSlipDialog } from './KioskSlipDialog';
import { useZReport } from './ZReportPrint';

type Target = 'shift' | 'collection' | 'machine';

/** A column heading of a report table: amounts are right-aligned. */
interface Heading {
  label: string;
  right?: boolean;
}

/** One part of the report on screen: its heading, its table's column headings and rows, scrolled sideways on a phone. */
function Section({ title, minWidth, head, children }: { title: string; minWidth: number; head: Heading[]; children: ReactNode }) {
  return (
    <>
      <Title order={2} fz="h5" my="sm">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped className="mbx-report-table">
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h.label} ta={h.right ? 'right' : undefined}>
                  {h.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/**
 * The store day close (bosses, a viewer too): a day's Z report (the stored one once closed), what
 * still blocks the close, the close, notes on differences, and the report printed as a 300px receipt or on A4;
 * each kiosk collection of the day reprints its slip.
 */
export default function DayClosePage() {
  const { t } = useTranslation(['day-close', 'common', 'home']);
  const { money, signed } = useMoney();
  const { diff } = useLocalTimeDiff();
  const [params, setParams] = useSearchParams();
  const day = params.get('day') ?? undefined;
  const q = useApiQuery('/dayClose/get', day ? { day } : {});
  const write = useWrite();
  const [target, setTarget] = useState('');
  const [note, setNote] = useState('');
  const [slip, setSlip] = useState<ZReport['collections'][number] | null>(null);
  const v = q.data;
  const r = v?.report;

  const close = async () => {
    if (!r) return;
    await write('/dayClose/close', { day: r.day });
    toast(t('day-close:closedToast'));
    await q.refetch();
  };
  const annotate = async () => {
    if (!r || !target || !note.trim()) return;
    const [kind, id] = target.split(':') as [Target, string];
    await write('/dayClose/annotate', { day: r.day, target: kind, target_id: Number(id), note: note.trim() });
    setNote('');
    await q.refetch();
  };
  const targets = r
    ? [
        ...r.shifts.filter((s) => s.over_short !== null && s.over_short !== 0).map((s) => ({ value: `shift:${s.shift_id}`, label: `${t('day-close:shift')} #${s.moneybox} ${s.cashier} ${signed(s.over_short)}` })),
        ...r.collections.filter((c) => c.over_short !== 0).map((c) => ({ value: `collection:${c.collection_id}`, label: `${t('day-close:kiosk')} ${c.kiosk} ${c.over_short === null ? t('day-close:notCollected') : signed(c.over_short)}` })),
        ...r.machines.filter((m) => !m.metersMatch).map((m) => ({ value: `machine:${m.id}`, label: `${t('day-close:machine')} ${m.name}` })),
      ]
    : [];
  const print = useZReport(v, diff);

  return (
    <PageFrame title={t('day-close:title')} crumbs={[{ label: t('home:groups.report') }]}>
      <Group align="end">
        <TextInput type="date" label={t('day-close:day')} value={r?.day ?? day ?? ''} onChange={(e) => e.currentTarget.value && setParams({ day: e.currentTarget.value })} data-testid="day-close-day" />
        {v ? (
          <Badge color={v.closed ? 'green' : 'gray'} size="lg" data-testid="day-close-state">
            {v.closed ? t('day-close:closed') : t('day-close:open')}
          </Badge>
        ) : null}
        {print.buttons}
      </Group>
      {v && !v.closed ? (
        <Card withBorder radius="md" padding="md">
          <Stack gap="xs">
            {v.blocked.length ? (
              <Alert color="orange" title={t('day-close:blockedTitle')} data-testid="day-close-blocked">
                {v.blocked.map((b) => (
                  <Text key={`${b.reason}-${b.id ?? ''}`} size="sm">
                    {t(`day-close:blocked.${b.reason}`, { name: b.name })}
                  </Text>
                ))}
              </Alert>
            ) : null}
            <Group>
              <Button onClick={close} disabled={v.blocked.length > 0} data-testid="day-close-submit">
                {t('day-close:close')}
              </Button>
            </Group>
          </Stack>
        </Card>
      ) : null}
      {v && !v.closed ? <KioskCollections onCollected={() => void q.refetch()} /> : null}
      {r ? (
        <Card withBorder radius="md" padding="md" data-testid="day-close-report">
          <Section title={t('day-close:shifts')} minWidth={520} head={[{ label: t('day-close:drawer') }, { label: t('day-close:cashier') }, { label: t('day-close:expected'), right: true }, { label: t('day-close:counted'), right: true }, { label: t('day-close:overShort'), right: true }]}>
            {r.shifts.map((s) => (
              <Table.Tr key={s.shift_id} data-shift={s.shift_id}>
                <Table.Td>#{s.moneybox}</Table.Td>
                <Table.Td>
                  {s.cashier} {s.end === null ? <Badge color="orange">{t('day-close:open')}</Badge> : null}
                </Table.Td>
                <Table.Td ta="right">{money(s.expected)}</Table.Td>
                <Table.Td ta="right">{s.counted === null ? '—' : money(s.counted)}</Table.Td>
                <Table.Td ta="right" c={s.large ? 'red' : undefined}>
                  {s.over_short === null ? '—' : signed(s.over_short)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Section>
          <Section title={t('day-close:collections')} minWidth={520} head={[{ label: t('day-close:kiosk') }, { label: t('day-close:collector') }, { label: t('day-close:expected'), right: true }, { label: t('day-close:counted'), right: true }, { label: t('day-close:overShort'), right: true }, { label: '' }]}>
            {r.collections.map((c) => (
              <Table.Tr key={c.collection_id} data-collection={c.collection_id}>
                <Table.Td>{c.kiosk}</Table.Td>
                <Table.Td>{c.collector}</Table.Td>
                <Table.Td ta="right">{money(c.expected)}</Table.Td>
                <Table.Td ta="right">{c.counted === null ? t('day-close:notCollected') : money(c.counted)}</Table.Td>
                <Table.Td ta="right" c={c.large ? 'red' : undefined}>
                  {c.over_short === null ? c.reason : signed(c.over_short)}
                </Table.Td>
                <Table.Td ta="right">
                  <Button size="xs" variant="default" onClick={() => setSlip(c)} data-testid={`collection-slip-${c.collection_id}`}>
                    {t('day-close:slip.print')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Section>
          <Section title={t('day-close:machines')} minWidth={620} head={[{ label: t('day-close:machine') }, { label: t('day-close:played'), right: true }, { label: t('day-close:won'), right: true }, { label: t('day-close:metersDay'), right: true }, { label: t('day-close:ledgerDay'), right: true }, { label: t('day-close:meters') }]}>
            {r.machines.map((m) => (
              <Table.Tr key={m.id} data-machine={m.name}>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td ta="right">{money(m.played)}</Table.Td>
                <Table.Td ta="right">{money(m.won)}</Table.Td>
                <Table.Td ta="right" data-testid="machine-meters">{`${m.meters.played} / ${m.meters.won} / ${m.meters.games}`}</Table.Td>
                <Table.Td ta="right" data-testid="machine-ledger">{`${m.ledger.played} / ${m.ledger.won} / ${m.ledger.games}`}</Table.Td>
                <Table.Td c={m.metersMatch ? undefined : 'red'}>{m.metersMatch ? t('day-close:metersMatch') : t('day-close:metersDiffer')}
                  {m.meterResets ? ` · ${t('day-close:metersReset', { n: m.meterResets })}` : ''}
                </Table.Td>
              </Table.Tr>
            ))}
          </Section>
          <Section title={t('day-close:channels')} minWidth={420} head={[{ label: t('day-close:channelHeading') }, { label: t('day-close:purchases'), right: true }, { label: t('day-close:redeems'), right: true }, { label: t('day-close:specialComps'), right: true }]}>
            {r.channels.map((c) => (
              <Table.Tr key={c.channel} data-channel={c.channel}>
                <Table.Td>{t(`day-close:channel.${c.channel}`)}</Table.Td>
                <Table.Td ta="right">{money(c.purchases)}</Table.Td>
                <Table.Td ta="right">{money(c.redeems)}</Table.Td>
                <Table.Td ta="right">{money(c.special_comps)}</Table.Td>
              </Table.Tr>
            ))}
          </Section>
          <Title order={2} fz="h5" my="sm">
            {t('day-close:totals')}
          </Title>
          <Table>
            <Table.Tbody>
              <Table.Tr data-total="purchases">
                <Table.Th>{t('day-close:purchases')}</Table.Th>
                <Table.Td ta="right">{money(r.totals.purchases)}</Table.Td>
              </Table.Tr>
              <Table.Tr data-total="redeems">
                <Table.Th>{t('day-close:redeems')}</Table.Th>
                <Table.Td ta="right">{money(r.totals.redeems)}</Table.Td>
              </Table.Tr>
              <Table.Tr data-total="drawers">
                <Table.Th>{t('day-close:drawersOverShort')}</Table.Th>
                <Table.Td ta="right">{signed(r.totals.drawers_over_short)}</Table.Td>
              </Table.Tr>
              <Table.Tr data-total="kiosks">
                <Table.Th>{t('day-close:kiosksOverShort')}</Table.Th>
                <Table.Td ta="right">{signed(r.totals.kiosks_over_short)}</Table.Td>
              </Table.Tr>
              <Table.Tr data-total="credit">
                <Table.Th>{t('day-close:creditUsed')}</Table.Th>
                <Table.Td ta="right">{money(r.store_credit_used)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Card>
      ) : null}
      {v && targets.length ? (
        <Card withBorder radius="md" padding="md" data-testid="day-close-notes">
          <Title order={2} fz="h5" mb="sm">
            {t('day-close:notes')}
          </Title>
          {v.notes.map((n, i) => (
            <Text key={i} size="sm">
              {n.by}: {n.note}
            </Text>
          ))}
          <Group align="end" mt="sm">
            <NativeSelect label={t('day-close:difference')} value={target} onChange={(e) => setTarget(e.currentTarget.value)} data={[{ value: '', label: '—' }, ...targets]} data-testid="note-target" />
            <TextInput label={t('day-close:note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={300} data-testid="note-text" />
            <Button onClick={annotate} disabled={!target || !note.trim()} data-testid="note-submit">
              {t('day-close:annotate')}
            </Button>
          </Group>
        </Card>
      ) : null}
      {print.element}
      {slip ? <KioskSlipDialog slip={slip} kioskId={slip.kiosk_id} store={r?.store} reprint onClose={() => setSlip(null)} /> : null}
    </PageFrame>
  );
}
