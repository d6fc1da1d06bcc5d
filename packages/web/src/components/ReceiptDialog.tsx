import { Button, Group, Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DIALOG_WIDTH } from './message';

interface ReceiptDialogProps {
  opened: boolean;
  /** The dialog's accessible title (hidden: the receipt carries its own heading). */
  title: string;
  /** The receipt in the dialog. */
  receipt: ReactNode;
  /** The print copy; the receipt itself when not given. */
  printCopy?: ReactNode;
  /** The buttons under it (Print, Close). */
  actions: ReactNode;
  testId: string;
  printTestId: string;
}

/**
 * A 300px receipt in a dialog that cannot be dismissed by clicking outside or by Escape (the user
 * prints or closes deliberately), with a second copy straight under <body> for the printer, so no
 * dialog, scroll box or transform can clip it (`.mbx-print-root` in app/styles/pages.css).
 */
export function ReceiptDialog({ opened, title, receipt, printCopy = receipt, actions, testId, printTestId }: ReceiptDialogProps) {
  return (
    <>
      {opened
        ? createPortal(
            <div className="mbx-print-root" data-testid={printTestId}>
              {printCopy}
            </div>,
            document.body,
          )
        : null}
      <Modal
        opened={opened}
        onClose={() => {}}
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        size={DIALOG_WIDTH}
        padding="sm"
        centered
        title={<span className="visually-hidden">{title}</span>}
        styles={{ header: { minHeight: 0, padding: 0 }, body: { paddingTop: 12 } }}
        data-testid={testId}
      >
        {opened ? receipt : null}
        <Group justify="space-between" mt="md">
          {actions}
        </Group>
      </Modal>
    </>
  );
}

/** The usual actions under a receipt: Print (the browser's print of the print copy) and Close. */
export function PrintClose({ print, close, onClose, onPrint }: { print: string; close: string; onClose: () => void; onPrint?: () => void }) {
  return (
    <>
      <Button variant="default" onClick={onPrint ?? (() => window.print())}>
        {print}
      </Button>
      <Button onClick={onClose}>{close}</Button>
    </>
  );
}
