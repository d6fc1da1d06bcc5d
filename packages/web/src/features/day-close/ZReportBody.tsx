import type { CallReply } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../money/useMoney';
import { storeTime } from '../../time/store-time';

type ZReport = CallReply<'/dayClose/get'>['report'];

/**
 * The Z report as printed: a plain document (300px receipt or A4), the same lines in both; a stored
 * report prints exactly as it was closed.
 */
export function ZReportBody({ report, closedAt, closedBy, diff }: { report: ZReport; closedAt: string | null; closedBy: string | null; diff: number }) {
  const { t } = useTranslation('day-close');
  const { money, signed } = useMoney();
  const tt = report.totals;
  return (
    <div className="mbx-zreport" data-testid="z-report-body">
      <h1>{t('zTitle')}</h1>
      <p>
        {report.store} · {report.day}
      </p>
      <p data-line="window">{t('window', { from: storeTime(report.from, diff), to: storeTime(report.to, diff) })}</p>
      <p data-line="state">{closedAt ? t('closedBy', { at: storeTime(closedAt, diff), by: closedBy ?? '' }) : t('notClosed')}</p>
      <h2>{t('shifts')}</h2>
      <table>
        <tbody>
          {report.shifts.map((s) => (
            <tr key={s.shift_id} data-line={`shift-${s.shift_id}`}>
              <th>
                #{s.moneybox} {s.cashier}
                {s.large ? ' !' : ''}
              </th>
              <td>{money(s.expected)}</td>
              <td>{s.counted === null ? '—' : money(s.counted)}</td>
              <td>{s.over_short === null ? '—' : signed(s.over_short)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('collections')}</h2>
      <table>
        <tbody>
          {report.collections.map((c) => (
            <tr key={c.collection_id} data-line={`collection-${c.collection_id}`}>
              <th>
                {c.kiosk}
                {c.large ? ' !' : ''}
              </th>
              <td>{money(c.expected)}</td>
              <td>{c.counted === null ? t('notCollected') : money(c.counted)}</td>
              <td>{c.over_short === null ? c.reason : signed(c.over_short)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('machines')}</h2>
      <table>
        <tbody>
          {report.machines.map((m) => (
            <tr key={m.id} data-line={`machine-${m.id}`}>
              <th>
                {m.name}
                {m.metersMatch ? '' : ' !'}
              </th>
              <td>{money(m.played)}</td>
              <td>{money(m.won)}</td>
              <td>{m.metersMatch ? t('metersMatch') : t('metersDiffer')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t('channels')}</h2>
      <table>
        <tbody>
          {report.channels.map((c) => (
            <tr key={c.channel} data-line={`channel-${c.channel}`}>
              <th>{t(`channel.${c.channel}`)}</th>
              <td>{money(c.purchases)}</td>
              <td>{money(c.redeems)}</td>
              <td>{money(c.special_comps)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
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
            <td>{tt.drawers_over_short === 0 ? money(0) : signed(tt.drawers_over_short)}</td>
          </tr>
          <tr data-line="kiosksOverShort">
            <th>{t('kiosksOverShort')}</th>
            <td>{tt.kiosks_over_short === 0 ? money(0) : signed(tt.kiosks_over_short)}</td>
          </tr>
          <tr data-line="largeDifferences">
            <th>{t('largeDifferences', { threshold: money(report.large_diff) })}</th>
            <td>{tt.large_differences + tt.machines_mismatched}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
