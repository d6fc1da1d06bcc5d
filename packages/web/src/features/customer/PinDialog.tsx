import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QrCodeDialog } from '../../components/QrCodeDialog';
import { loginQrValue } from './format';

export interface ShownPin {
  mobileId: string;
  pin: string;
  /** 'created' for a new customer, 'reset' after a PIN reset. */
  reason: 'created' | 'reset';
}

/** The mobile id and PIN, shown once (the server never tells the PIN again), with a QR code to scan. */
export function PinDialog({ shown, onClose }: { shown: ShownPin | null; onClose: () => void }) {
  const { t } = useTranslation('customer');
  return (
    <QrCodeDialog
      opened={shown !== null}
      value={shown ? loginQrValue(shown.mobileId, shown.pin) : ''}
      title={shown?.reason === 'reset' ? t('pin.resetTitle') : t('pin.createdTitle')}
      onClose={onClose}
      caption={
        shown ? (
          <Stack gap={4} align="center" data-testid="pin-shown">
            <Text size="sm">
              {t('fields.mobile_id')}:{' '}
              <Text span ff="monospace" fw={700} fz="lg" data-testid="pin-mobile-id">
                {shown.mobileId}
              </Text>
            </Text>
            <Text size="sm">
              {t('fields.pin')}:{' '}
              <Text span ff="monospace" fw={700} fz="lg" data-testid="pin-value">
                {shown.pin}
              </Text>
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {t('pin.once')}
            </Text>
          </Stack>
        ) : null
      }
    />
  );
}
