import { BarChart } from '@mantine/charts';
// The legend's swatches: a core sheet only the chart needs, so it stays in the chart's chunk.
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import type { DailyRow, ReportChannel } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { formatAxisUnits, formatUnits } from '../../money/units';
import { channelLabel, netByDay } from './daily-columns';

const COLORS: Record<ReportChannel, string> = { pos: 'blue.6', reload_kiosk: 'teal.6', online: 'orange.6', reloader: 'grape.6' };

/** Net per store day by channel (bars side by side). Loaded only by the daily report (lazy chunk). */
export default function DailyChart({ list, channels }: { list: readonly DailyRow[]; channels: readonly ReportChannel[] }) {
  const { t } = useTranslation('reports');
  const { coinSign } = useLayoutInfo();
  return (
    <BarChart
      h={260}
      data={netByDay(list, channels)}
      dataKey="day"
      series={channels.map((c) => ({ name: c, label: channelLabel(c, t), color: COLORS[c] }))}
      valueFormatter={(v) => formatUnits(v, coinSign)}
      // The value axis speaks money too: the layout's sign on every tick ('$', the colon sign on layout 2).
      yAxisProps={{ tickFormatter: (v: number) => formatAxisUnits(v, coinSign), width: 80 }}
      withLegend
      tickLine="y"
      aria-label={t('chartTitle')}
    />
  );
}
