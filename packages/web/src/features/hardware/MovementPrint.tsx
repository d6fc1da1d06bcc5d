import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { printReceipt, printsByItself, type PrintOptions, type PrintOutcome } from './print';
import { DRAWER_ONLY, movementReceipt, type MovementReceipt } from './receipt';

/** Movements whose receipt went to the printer by itself already (kind:id): a re-render or a remount never prints it again. */
const printedOnce = new Set<string>();

/**
 * A movement's receipt, printed by itself once the movement is done when a printer is set up (with the
 * drawer pulse for cash), and the button to print it (the browser's dialog) or print it again (a
 * reprint: marked, no pulse). The movement is done whatever the printer does: a printer that refuses
 * or does not answer only says so.
 */
export function MovementPrint({ receipt, options }: { receipt: MovementReceipt; options?: PrintOptions }) {
  const { t, i18n } = useTranslation('hardware');
  const [state, setState] = useState<PrintOutcome | 'printing' | 'idle'>('idle');
  const auto = printsByItself(options?.settings);
  const key = `${receipt.kind}:${receipt.movementId}`;

  const run = useCallback(
    async (reprint: boolean) => {
      setState('printing');
      const doc = movementReceipt({ ...receipt, reprint }, t);
      setState(await printReceipt(doc, { chinese: i18n.language === 'zh_Hans', ...options }));
    },
    [receipt, t, i18n.language, options],
  );

  useEffect(() => {
    if (!auto || printedOnce.has(key)) return;
    printedOnce.add(key);
    void run(false);
  }, [auto, key, run]);

  return (
    <Stack gap={6} data-testid="movement-print" data-state={state}>
      {state === 'offline' ? (
        <Alert color="orange" role="alert" data-testid="printer-offline">
          {t('offline')}
        </Alert>
      ) : null}
      <Group justify="flex-start">
        <Button variant="default" size="xs" loading={state === 'printing'} onClick={() => void run(auto)} data-testid="receipt-print">
          {t(auto ? 'reprint' : 'printReceipt')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A movement's receipt printed again from a list (marked "Reprint", never opening the drawer); says so at once when the printer is offline. */
export function ReprintButton({ receipt, options }: { receipt: MovementReceipt; options?: PrintOptions }) {
  const { t, i18n } = useTranslation('hardware');
  const [state, setState] = useState<PrintOutcome | 'printing' | 'idle'>('idle');
  const reprint = async () => {
    setState('printing');
    setState(await printReceipt(movementReceipt({ ...receipt, reprint: true }, t), { chinese: i18n.language === 'zh_Hans', ...options }));
  };
  return (
    <Stack gap={2} align="flex-start">
      <Button variant="subtle" size="compact-xs" loading={state === 'printing'} onClick={() => void reprint()} data-testid="movement-reprint">
        {t('reprint')}
      </Button>
      {state === 'offline' ? (
        <Text size="xs" c="red.9" role="alert">
          {t('testOffline')}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Opens the cash drawer once when mounted (the shift count: the cashier counts the cash in it), through
 * the printer set up for this browser; nothing with the print dialog. Says so when the printer is offline.
 */
export function OpenDrawerOnMount({ options }: { options?: PrintOptions }) {
  const { t } = useTranslation('hardware');
  const [offline, setOffline] = useState(false);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !printsByItself(options?.settings)) return;
    opened.current = true;
    void printReceipt(DRAWER_ONLY, options).then((outcome) => setOffline(outcome === 'offline'));
  }, [options]);
  return offline ? (
    <Text size="sm" c="red.9" role="alert" data-testid="drawer-offline">
      {t('drawerOffline')}
    </Text>
  ) : null;
}
