import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from './message';

interface QrCodeDialogProps {
  opened: boolean;
  /** What the code encodes (for example a customer's mobile id and PIN). */
  value: string;
  title: string;
  /** Text under the code, e.g. the values in clear for typing by hand. */
  caption?: React.ReactNode;
  onClose: () => void;
}

/** A dialog showing a QR code the customer can scan. The qrcode library loads only when it opens. */
export function QrCodeDialog({ opened, value, title, caption, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation('common');
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    let live = true;
    void import('qrcode').then(async (qr) => {
      const url = await qr.toDataURL(value, { width: 240, margin: 1, errorCorrectionLevel: 'M' });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [opened, value]);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={DIALOG_WIDTH} centered>
      <Stack align="center" gap="sm">
        {src ? <Image src={src} alt={t('qrCode')} w={240} h={240} data-testid="qr-code" /> : <Text>{t('loading')}</Text>}
        {caption}
        <Group justify="flex-end" w="100%">
          <Button onClick={onClose}>{t('close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
