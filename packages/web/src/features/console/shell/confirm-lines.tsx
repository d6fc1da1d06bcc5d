import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { i18n } from '../../../i18n/i18n';

/**
 * The confirmation of an act one click must not do alone (a credit move, a store's move to another
 * distributor, an account taken out of use): what will happen, a line each (amount, from, to, balances
 * after); OK and Cancel. Resolves true for OK.
 */
export function confirmLines(title: string, lines: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      size: 'md',
      centered: true,
      children: (
        <Stack gap={4} data-testid="console-confirm">
          {lines.map((line, i) => (
            <Text key={i} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
        </Stack>
      ),
      labels: { confirm: i18n.t('common:ok'), cancel: i18n.t('common:cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
