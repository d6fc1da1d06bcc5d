import type { ReactNode } from 'react';
import type { CallReply, DayCloseNote } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../money/useMoney';
import { storeTime } from '../../time/store-time';
import { DaySeal, type DaySealView } from './DaySeal';
import { noteTarget } from './z-report-receipt';
import { HEADING, TABLE, TITLE } from './z-report-styles';

type ZReport = CallReply<'/dayClose/get'>['report'];

const NOTE_CELL = { whiteSpace: 'normal', textAlign: 'left', overflowWrap: 'anywhere' } as const;

/** A section's rows, or one "none" line when it has none. */
function Rows<T>({ items, none, children }: { items: readonly T[]; none: string; children: (item: T) => ReactNode }) {
  return (
    <table style={TABLE}>
      <tbody>
        {items.length ? (
          items.map(children)
        ) : (
          <tr data-line="none">
            <td colSpan={4} style={{ fontStyle: 'italic' }}>
              {none}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

/**
 * The Z report as printed: a plain document (300px receipt or A4), the same lines in both; a stored
 * report prints exactly as it was closed. `notes` (the bosses' notes on its differences, kept beside the
 * report) print beneath it, each naming its difference, its author and time; the report's lines never change for them.
 */
export function ZReportBody({
  report,
  closedAt,
  closedBy,
  diff,
  notes = [],
  seal = null,
  sealQr = null,
}: {
  report: ZReport;
  closedAt: string | null;
  closedBy: string | null;
  diff: number;
  notes?: readonly DayCloseNote[];
  /** The closed day's ledger seal, printed last (absent for an open day or one closed before seals). */
  seal?: DaySealView | null | undefined;
  /** The seal's QR code, drawn beforehand (`useSealQr`). */
  sealQr?: string | null;
}) {
  const { t } = useTranslation('day-close');
  const { money, signed } = useMoney();
  const tt = report.totals;
  return (
    <div className="mbx-zreport" data-testid="z-report-body">
      <h1 style={TITLE}>{t('zTitle')}</h1>
      <p>
        {report.store} · {report.day}
      </p>
      <p data-line="window">{t('window', { from: storeTime(report.from, diff), to: storeTime(report.to, diff) })}</p>
      <p data-line="state">{closedAt ? t('closedBy', { at: storeTime(closedAt, diff), by: closedBy ?? '' }) : t('notClosed')}</p>
      <h2 style={HEADING}>{t('shifts')}</h2>
      <Rows items={report.shifts} none={t('none')}>
          {(s) => (
            <tr key={s.shift_id} data-line={`shift-${s.shift_id}`}>
              <th>
                #{s.moneybox} {s.cashier}
                {s.large ? ' !' : ''}
              </th>
              <td>{money(s.expected)}</td>
              <td>{s.counted === null ? '—' : money(s.counted)}</td>
              <td>{s.over_short === null ? '—' : signed(s.over_short)}</td>
            </tr>
          )}
      </Rows>
      <h2 style={HEADING}>{t('collections')}</h2>
      <Rows items={report.collections} none={t('none')}>
          {(c) => (
            <tr key={c.collection_id} data-line={`collection-${c.collection_id}`}>
              <th>
                {c.kiosk}
                {c.large ? ' !' : ''}
              </th>
              <td>{money(c.expected)}</td>
              <td>{c.counted === null ? t('notCollected') : money(c.counted)}</td>
              <td>{c.over_short === null ? c.reason : signed(c.over_short)}</td>
            </tr>
          )}
      </Rows>
      <h2 style={HEADING}>{t('machines')}</h2>
      <Rows items={report.machines} none={t('none')}>
          {(m) => (
            <tr key={m.id} data-line={`machine-${m.id}`}>
              <th>
                {m.name}
                {m.metersMatch ? '' : ' !'}
              </th>
              <td>{money(m.played)}</td>
              <td>{money(m.won)}</td>
              <td>
                {m.metersMatch ? t('metersMatch') : t('metersDiffer')}
                {m.meterResets ? ` · ${t('metersReset', { n: m.meterResets })}` : ''}
              </td>
            </tr>
          )}
      </Rows>
      {report.machines.length ? (
        <>
          <p data-line="machine-counts">{t('metersDayLegend')}</p>
          <Rows items={report.machines} none={t('none')}>
            {(m) => (
              <tr key={m.id} data-line={`machine-meters-${m.id}`}>
                <th>{m.name}</th>
                <td>{`${m.meters.played}/${m.meters.won}/${m.meters.games}`}</td>
                <td>{`${m.ledger.played}/${m.ledger.won}/${m.ledger.games}`}</td>
              </tr>
            )}
          </Rows>
        </>
      ) : null}
      <h2 style={HEADING}>{t('channels')}</h2>
      <Rows items={report.channels} none={t('none')}>
          {(c) => (
            <tr key={c.channel} data-line={`channel-${c.channel}`}>
              <th>{t(`channel.${c.channel}`)}</th>
              <td>{money(c.purchases)}</td>
              <td>{money(c.redeems)}</td>
              <td>{money(c.special_comps)}</td>
            </tr>
          )}
      </Rows>
      <table style={{ ...TABLE, marginTop: 10 }}>
        <tbody>
          <tr data-line="purchases">
            <th>{t('purchases')}</th>
            <td>{money(tt.purchases)}</td>
          </tr>
          <tr data-line="redeems">
            <th>{t('redeems')}</th>
            <td>{money(tt.redeems)}</td>
          </tr>
          <tr data-line="specialComps">
            <th>{t('specialComps')}</th>
            <td>{money(tt.special_comps)}</td>
          </tr>
          <tr data-line="gifts">
            <th>{t('gifts')}</th>
            <td>{money(report.gifts.amount)}</td>
          </tr>
          <tr data-line="creditUsed">
            <th>{t('creditUsed')}</th>
            <td>{money(report.store_credit_used)}</td>
          </tr>
          <tr data-line="drawersOverShort">
            <th>{t('drawersOverShort')}</th>
            <td>{signed(tt.drawers_over_short)}</td>
          </tr>
          <tr data-line="kiosksOverShort">
            <th>{t('kiosksOverShort')}</th>
            <td>{signed(tt.kiosks_over_short)}</td>
          </tr>
          <tr data-line="largeDifferences">
            <th>{t('largeDifferences', { threshold: money(report.large_diff) })}</th>
            <td>{tt.large_differences + tt.machines_mismatched}</td>
          </tr>
        </tbody>
      </table>
      {notes.length ? (
        <section data-testid="z-notes">
          <h2 style={HEADING}>{t('notes')}</h2>
          <table style={TABLE}>
            <tbody>
              {notes.map((n, i) => (
                <tr key={i} data-line={`note-${n.target}-${n.target_id}`}>
                  <th>{noteTarget(report, n, t)}</th>
                  {/* A note is words, not a figure: it wraps within the 300px receipt (the figures' cells do not). */}
                  <td style={NOTE_CELL}>
                    {t('noteBy', { by: n.by, at: storeTime(n.at, diff) })}: {n.note}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {seal ? <DaySeal seal={seal} qr={sealQr} /> : null}
    </div>
  );
}
