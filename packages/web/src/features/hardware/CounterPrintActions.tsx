import { Button, Text } from '@mantine/core';
import type { ReceiptDoc } from './receipt';
import type { useCounterPrint } from './useCounterPrint';

interface CounterPrintActionsProps {
  /** The page's `useCounterPrint()`. */
  printer: ReturnType<typeof useCounterPrint>;
  /** What Print sends to the receipt printer (built when clicked); null: the browser's print dialog. */
  doc: () => ReceiptDoc | null;
  texts: { print: string; close: string; offline: string };
  onClose: () => void;
  /** Prefix of the test ids: `<testId>-print-button`, `<testId>-printer-offline`. */
  testId: string;
}

/**
 * The actions under a report's or slip's receipt dialog (the drawer report, the Z report, a kiosk collection
 * slip): the printer's "did not answer" when it did not, Print (to the counter's receipt printer, or the
 * browser's print dialog when none is set up) and Close (which forgets how the last print went).
 */
export function CounterPrintActions({ printer, doc, texts, onClose, testId }: CounterPrintActionsProps) {
  return (
    <>
      {printer.state === 'offline' ? (
        <Text size="sm" c="red.9" role="alert" data-testid={`${testId}-printer-offline`}>
          {texts.offline}
        </Text>
      ) : null}
      <Button variant="default" loading={printer.state === 'printing'} onClick={() => void printer.print(doc())} data-testid={`${testId}-print-button`}>
        {texts.print}
      </Button>
      <Button
        onClick={() => {
          printer.reset();
          onClose();
        }}
      >
        {texts.close}
      </Button>
    </>
  );
}
