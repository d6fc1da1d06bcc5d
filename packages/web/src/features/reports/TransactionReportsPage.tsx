import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useApiQuery } from '../../api/hooks';
import { PageFrame } from '../../components/PageFrame';
import { TransactionReport, useTransactionReport, type TransactionPageInput } from './TransactionReport';
import { usePeriod } from './usePeriod';

const fetchPage = (input: TransactionPageInput) => call('/drawer/transaction', input);

/** /Reports/TransactionReports: the store's transaction report (`TransactionReport`) through its own call. */
export default function TransactionReportsPage() {
  const { t } = useTranslation(['reports', 'home']);
  const { period, today, ready, apply } = usePeriod();
  const state = useTransactionReport(period, apply);
  const q = useApiQuery('/drawer/transaction', state.input, { enabled: ready, placeholderData: keepPreviousData, call: { handle: 'inline' } });
  return (
    <PageFrame title={t('reports:transactionTitle')} crumbs={[{ label: t('home:groups.report') }]}>
      <TransactionReport state={state} q={q} fetchPage={fetchPage} period={period} today={today} file="transactions" />
    </PageFrame>
  );
}
