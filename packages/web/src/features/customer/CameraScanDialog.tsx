import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCameraScan, type CameraState } from '../hardware/camera-scan';
import { mobileIdOfCard } from './customer-card';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** A customer's card was read (its text as the camera read it, for the search to open as a scanner's). The camera is stopped already. */
  onCard: (code: string) => void;
}

/** What the cashier can do about the camera's state; 'scanning' and 'starting' are no problem. */
const PROBLEMS: ReadonlySet<CameraState> = new Set(['denied', 'noCamera', 'busy', 'failed', 'unsupported', 'readerFailed']);

/**
 * The counter's camera scan: a live preview while the camera looks for a customer's card (its QR, the one the
 * PIN reset shows). The first card read stops the camera and is handed on; any other QR code says so and the
 * camera goes on looking. Closing the dialog stops the camera.
 */
export function CameraScanDialog({ opened, onClose, onCard }: Props) {
  const { t } = useTranslation(['customer', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('customer:camera.title')} centered size="lg" data-testid="camera-scan-dialog">
      <CameraView active={opened} onCard={onCard} />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} data-testid="camera-scan-close">
          {t('common:close')}
        </Button>
      </Group>
    </Modal>
  );
}

function CameraView({ active, onCard }: { active: boolean; onCard: (code: string) => void }) {
  const { t } = useTranslation('customer');
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [notCard, setNotCard] = useState(false);
  const state = useCameraScan(
    video,
    active,
    (code) => {
      if (mobileIdOfCard(code) === null) {
        setNotCard(true);
        return false;
      }
      onCard(code);
      return true;
    },
    attempt,
  );
  const problem = PROBLEMS.has(state);
  return (
    <Stack gap="sm">
      <video
        ref={video}
        muted
        playsInline
        autoPlay
        aria-label={t('camera.preview')}
        data-testid="camera-preview"
        style={{ width: '100%', aspectRatio: '4 / 3', background: 'var(--mantine-color-dark-7)', borderRadius: 'var(--mantine-radius-sm)', objectFit: 'cover', display: problem ? 'none' : 'block' }}
      />
      {problem ? (
        <Alert color="red" role="alert" data-testid="camera-scan-problem" data-problem={state}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(`camera.problem.${state}`)}</Text>
            {state !== 'unsupported' ? (
              <Button size="xs" variant="light" onClick={() => setAttempt((a) => a + 1)} data-testid="camera-scan-retry">
                {t('camera.retry')}
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : notCard ? (
        <Alert color="yellow" role="alert" data-testid="camera-scan-not-card">
          {t('camera.notCard')}
        </Alert>
      ) : (
        <Text size="sm" role="status" data-testid="camera-scan-status" data-state={state}>
          {t(state === 'starting' ? 'camera.starting' : 'camera.hint')}
        </Text>
      )}
    </Stack>
  );
}
