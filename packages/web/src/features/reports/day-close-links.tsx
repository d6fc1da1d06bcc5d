import { Anchor } from '@mantine/core';
import type { DailyRow } from '@moneybox/contract';
import { Link } from 'react-router';
import type { ReportColumn } from './report-columns';

/**
 * The daily report's columns with each day a link to that day's close (the Z report) at `href(day)`:
 * on screen only, the print and the CSV keep the day.
 */
export function withDayCloseLinks(columns: ReportColumn<DailyRow>[], href: (day: string) => string): ReportColumn<DailyRow>[] {
  return columns.map((c) =>
    c.id === 'day'
      ? {
          ...c,
          cell: (r: DailyRow) => (
            <Anchor component={Link} to={href(r.day)} data-testid={`day-close-link-${r.day}`}>
              {r.day}
            </Anchor>
          ),
        }
      : c,
  );
}
