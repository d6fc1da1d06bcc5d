import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionAlert } from '../shell/ActionAlert';

/** The store's reports the console opens, each the store's own report read through its console call. */
export const STORE_REPORTS = ['daily', 'shift', 'transactions', 'day-close', 'cash'] as const;
export type StoreReport = (typeof STORE_REPORTS)[number];

/** A store page's way back (to the stores, or to the store from its reports) and the store's read refused. */
export function StoreBack({ to, label, testId, error }: { to: string; label: string; testId: string; error: Error | null }) {
  return (
    <>
      <Anchor component={Link} to={to} fz="sm" data-testid={testId}>
        ← {label}
      </Anchor>
      <ActionAlert error={error?.message} testId="console-store-error" />
    </>
  );
}

/** One button per report of the store, the open one filled. */
export function ReportLinks({ kid, current }: { kid: number; current?: StoreReport }) {
  const { t } = useTranslation('console');
  return (
    <Group gap="xs" wrap="wrap" data-testid="console-store-reports">
      {STORE_REPORTS.map((r) => (
        <Button key={r} component={Link} to={`/operator/stores/${kid}/reports/${r}`} variant={r === current ? 'filled' : 'default'} size="sm" data-testid={`console-report-${r}`}>
          {t(`reports.${r}`)}
        </Button>
      ))}
    </Group>
  );
}
