import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseCamera, chosenCamera, useCameraScan, type CameraState } from '../hardware/camera-scan';
import { looksLikeAamva } from '../hardware/aamva';
import { QR_CODE, type CodeFormat } from '../hardware/qr-reader';
import { mobileIdOfCard } from './customer-card';

/** What the camera looks for: a customer's card (its QR, the one the PIN reset shows), or a driver's licence or ID card (its PDF417). */
export type CameraScanKind = 'card' | 'licence';

/** Per kind: the codes read, the one taken, where its title and hint are, and what any other code is told. */
const KINDS: Record<CameraScanKind, { formats: readonly CodeFormat[]; accepts: (code: string) => boolean; words: 'camera' | 'camera.licence'; other: string }> = {
  card: { formats: QR_CODE, accepts: (code) => mobileIdOfCard(code) !== null, words: 'camera', other: 'camera.notCard' },
  licence: { formats: ['pdf417'], accepts: looksLikeAamva, words: 'camera.licence', other: 'camera.licence.notLicence' },
};

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Default: a customer's card. */
  kind?: CameraScanKind;
  /** The code was read (its text as the camera read it, for the page to take as a scanner's). The camera is stopped already. */
  onCode: (code: string) => void;
}

/** What the cashier can do about the camera's state; 'scanning' and 'starting' are no problem. */
const PROBLEMS: ReadonlySet<CameraState> = new Set(['denied', 'noCamera', 'busy', 'failed', 'unsupported', 'readerFailed']);

/**
 * The counter's camera scan: a live preview while the camera looks for a customer's card or an ID. The first
 * one read stops the camera and is handed on; any other code says so and the camera goes on looking.
 * Closing the dialog stops the camera.
 */
export function CameraScanDialog({ opened, onClose, kind = 'card', onCode }: Props) {
  const { t } = useTranslation(['customer', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={t(`customer:${KINDS[kind].words}.title`)} centered size="lg" data-testid="camera-scan-dialog" data-kind={kind}>
      <CameraView active={opened} kind={kind} onCode={onCode} />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose} data-testid="camera-scan-close">
          {t('common:close')}
        </Button>
      </Group>
    </Modal>
  );
}

function CameraView({ active, kind, onCode }: { active: boolean; kind: CameraScanKind; onCode: (code: string) => void }) {
  const { formats, accepts, words, other } = KINDS[kind];
  const { t } = useTranslation('customer');
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [notCard, setNotCard] = useState(false);
  // The camera chosen on this browser (kept for the next scan), else the browser's own pick.
  const [deviceId, setDeviceId] = useState<string | null>(() => chosenCamera());
  const { state, cameras, current } = useCameraScan(
    video,
    active,
    (code) => {
      if (!accepts(code)) {
        setNotCard(true);
        return false;
      }
      onCode(code);
      return true;
    },
    attempt,
    deviceId,
    formats,
  );
  const problem = PROBLEMS.has(state);
  return (
    <Stack gap="sm">
      {cameras.length > 1 ? (
        <Select
          label={t('camera.choose')}
          data={cameras.map((c, i) => ({ value: c.deviceId, label: c.label || t('camera.numbered', { n: i + 1 }) }))}
          value={current ?? deviceId}
          onChange={(id) => {
            if (!id) return;
            chooseCamera(id);
            setDeviceId(id);
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="camera-choose"
        />
      ) : null}
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
          {t(other)}
        </Alert>
      ) : (
        <Text size="sm" role="status" data-testid="camera-scan-status" data-state={state}>
          {t(state === 'starting' ? 'camera.starting' : `${words}.hint`)}
        </Text>
      )}
    </Stack>
  );
}
