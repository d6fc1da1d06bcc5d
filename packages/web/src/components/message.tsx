import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { showToast } from '../app/overlays/toasts';
import { i18n } from '../i18n/i18n';

/** Dialogs, message boxes and toasts are 300px wide (spec section 9). */
export const DIALOG_WIDTH = 300;

/** An alert with one OK button; resolves when it closes. */
export function messageBox(message: string, title?: string): Promise<void> {
  return new Promise((resolve) => {
    const id = modals.open({
      title: title ?? i18n.t('common:notice'),
      size: DIALOG_WIDTH,
      centered: true,
      onClose: () => resolve(),
      children: (
        <>
          <Text data-testid="message-box-text" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {message}
          </Text>
          <Group justify="flex-end" mt="md">
            <Button data-autofocus onClick={() => modals.close(id)}>
              {i18n.t('common:ok')}
            </Button>
          </Group>
        </>
      ),
    });
  });
}

/** A question with OK and Cancel; resolves true for OK. */
export function confirmBox(message: string, title?: string): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: title ?? i18n.t('common:confirm'),
      size: DIALOG_WIDTH,
      centered: true,
      children: <Text>{message}</Text>,
      labels: { confirm: i18n.t('common:ok'), cancel: i18n.t('common:cancel') },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

type ToastKind = 'success' | 'error' | 'info';

/** A short message in the corner; 300px wide like every message box. */
export function toast(message: string, kind: ToastKind = 'success'): void {
  showToast({
    message,
    color: kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'gray',
    autoClose: kind === 'error' ? 6000 : 3000,
    style: { width: DIALOG_WIDTH },
  });
}
