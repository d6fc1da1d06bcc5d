import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../api/write';
import { printReceipt, printsByItself, type PrintOptions } from './print';
import { DRAWER_ONLY } from './receipt';

/**
 * "No sale": opens the cash drawer with no movement (change for a customer, a jammed bill). The server
 * records who and when first (`/drawer/noSale`, audited; a viewer cannot), then the printer set up for
 * this browser pulses the drawer; with no such printer (the print dialog) there is nothing to open, and
 * the button says so. A refusal is the server's message; an offline printer is said at once.
 */
export function NoSaleButton({ options }: { options?: PrintOptions }) {
  const { t } = useTranslation('hardware');
  const write = useWrite();
  const [state, setState] = useState<'idle' | 'busy' | 'opened' | 'offline'>('idle');
  const [count, setCount] = useState(0);
  const canOpen = printsByItself(options?.settings);
  const open = async () => {
    setState('busy');
    try {
      const r = await write('/drawer/noSale', {});
      setCount(r.this_shift);
      setState((await printReceipt(DRAWER_ONLY, options)) === 'offline' ? 'offline' : 'opened');
    } catch {
      setState('idle');
    }
  };
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" onClick={() => void open()} loading={state === 'busy'} disabled={!canOpen} title={canOpen ? undefined : t('noSale.noPrinter')} data-testid="no-sale">
        {t('noSale.button')}
      </Button>
      {!canOpen ? (
        <Text size="xs" c="dimmed" data-testid="no-sale-hint">
          {t('noSale.noPrinter')}
        </Text>
      ) : null}
      {state === 'opened' ? (
        <Text size="sm" data-testid="no-sale-done">
          {t('noSale.opened', { n: count })}
        </Text>
      ) : null}
      {state === 'offline' ? (
        <Text size="sm" c="red.9" role="alert" data-testid="no-sale-offline">
          {t('drawerOffline')}
        </Text>
      ) : null}
    </Group>
  );
}
