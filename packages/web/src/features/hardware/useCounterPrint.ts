import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printReceipt, printsByItself, type PrintOptions, type PrintOutcome } from './print';
import type { ReceiptDoc } from './receipt';

/**
 * A report's Print (the drawer report, the Z report): to the receipt printer set up for this browser when
 * there is one, else the browser's print dialog (the page's print copy). `state` says how the last print
 * to the printer went ('offline': it did not answer; the caller says so); `reset` forgets it (the dialog closed).
 */
export function useCounterPrint(options?: PrintOptions) {
  const { i18n } = useTranslation();
  const [state, setState] = useState<PrintOutcome | 'printing' | null>(null);
  const print = async (doc: ReceiptDoc | null) => {
    if (!doc || !printsByItself(options?.settings)) return window.print();
    setState('printing');
    setState(await printReceipt(doc, { chinese: i18n.language === 'zh_Hans', ...options }));
  };
  return { state, print, reset: () => setState(null) };
}
