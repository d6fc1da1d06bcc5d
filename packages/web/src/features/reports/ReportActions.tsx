import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from './csv';

interface ReportActionsProps {
  /** Builds the whole report's CSV (every row of the applied period, not only the page shown). */
  csv: () => Promise<string>;
  fileName: string;
  disabled?: boolean;
}

/** CSV download and A4 print of the applied report. */
export function ReportActions({ csv, fileName, disabled }: ReportActionsProps) {
  const { t } = useTranslation('reports');
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      downloadCsv(fileName, await csv());
    } catch {
      // A refused call was shown by its handler.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="light" onClick={() => void download()} loading={busy} disabled={disabled} data-testid="report-csv">
        {t('csv')}
      </Button>
      <Button variant="default" onClick={() => window.print()} disabled={disabled} data-testid="report-print-button">
        {t('print')}
      </Button>
    </>
  );
}
