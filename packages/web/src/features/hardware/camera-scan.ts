import { useEffect, useRef, useState, type RefObject } from 'react';
import { qrReader, type CodeFormat, type QrReader } from './qr-detector';
import { QR_CODE } from './qr-reader';

/**
 * A tablet's or PC's camera reading QR codes (HARDWARE.md "Camera"): `getUserMedia` (a secure page: https, or
 * localhost) shows the camera in a <video>, and every `SCAN_INTERVAL_MS` the frame it shows is read by
 * `qrReader()` (the browser's Barcode Detection API, else ZXing's WebAssembly). Each code read is handed to
 * `onCode`; `true` (taken) stops the camera, `false` keeps reading.
 */
export const SCAN_INTERVAL_MS = 150;
/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to read. */
const HAVE_CURRENT_DATA = 2;

/** Where the camera stands: the problems are the ones a cashier can act on. */
export type CameraState = 'starting' | 'scanning' | 'denied' | 'noCamera' | 'busy' | 'failed' | 'unsupported' | 'readerFailed';

/** Whether this page may ask for the camera at all (a browser that has it, on a secure page). */
export function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** getUserMedia's refusal, as the cashier is told it. */
export function cameraProblem(err: unknown): CameraState {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'noCamera';
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') return 'busy';
  return 'failed';
}

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** The camera this browser chose last (a device id: one per browser, as a counter's tablet keeps its camera). */
const CHOSEN_CAMERA = 'mbx.camera';

export function chosenCamera(): string | null {
  try {
    return localStorage.getItem(CHOSEN_CAMERA);
  } catch {
    return null;
  }
}

export function chooseCamera(deviceId: string): void {
  try {
    localStorage.setItem(CHOSEN_CAMERA, deviceId);
  } catch {
    // a browser that keeps nothing: the choice lasts this dialog
  }
}

/**
 * What the camera is asked for: the camera chosen on this browser when it is there (`ideal`: another one
 * rather than none when it was unplugged), else the one facing away from the cashier (a tablet's back camera).
 */
export function cameraConstraints(deviceId: string | null): MediaStreamConstraints {
  return { video: deviceId ? { deviceId: { ideal: deviceId } } : { facingMode: { ideal: 'environment' } }, audio: false };
}

export interface CameraChoice {
  deviceId: string;
  label: string;
}

/** The cameras of this device (their names once the page may use the camera), and the one a stream shows. */
async function camerasOf(stream: MediaStream): Promise<{ cameras: CameraChoice[]; current: string | null }> {
  const devices = typeof navigator.mediaDevices.enumerateDevices === 'function' ? await navigator.mediaDevices.enumerateDevices() : [];
  const cameras = devices.filter((d) => d.kind === 'videoinput' && d.deviceId !== '').map((d) => ({ deviceId: d.deviceId, label: d.label }));
  const track = stream.getVideoTracks?.()[0];
  const current = track?.getSettings?.().deviceId ?? null;
  return { cameras, current };
}

export interface CameraScan {
  state: CameraState;
  /** This device's cameras, known once one has started (empty before, or when the browser lists none). */
  cameras: CameraChoice[];
  /** The device id of the camera showing now. */
  current: string | null;
}

/**
 * Runs the camera into `video` while `active` (and again for each new `attempt` or `deviceId`); every exit
 * stops every track: `active` turning false, the component unmounting, a code taken, the reader failing to load.
 */
export function useCameraScan(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (text: string) => boolean,
  attempt = 0,
  deviceId: string | null = null,
  formats: readonly CodeFormat[] = QR_CODE,
): CameraScan {
  const [cameras, setCameras] = useState<{ cameras: CameraChoice[]; current: string | null }>({ cameras: [], current: null });
  const [state, setState] = useState<CameraState>('starting');
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stopStream(stream);
      stream = null;
      if (video.current) video.current.srcObject = null;
    };
    setState('starting');
    void (async () => {
      if (!cameraAvailable()) {
        setState('unsupported');
        return;
      }
      // The reader loads (its .wasm, when the browser has no detector) while the camera starts.
      const reading = qrReader(formats);
      reading.catch(() => undefined);
      try {
        const s = await navigator.mediaDevices.getUserMedia(cameraConstraints(deviceId));
        if (stopped) {
          stopStream(s);
          return;
        }
        stream = s;
        camerasOf(s)
          .then((c) => {
            if (!stopped) setCameras(c);
          })
          .catch(() => undefined);
      } catch (err) {
        if (!stopped) setState(cameraProblem(err));
        return;
      }
      const v = video.current;
      if (!v) {
        stop();
        return;
      }
      v.srcObject = stream;
      try {
        await v.play();
      } catch {
        // muted autoplay: the frames come all the same
      }
      let reader: QrReader;
      try {
        reader = await reading;
      } catch {
        if (!stopped) setState('readerFailed');
        stop();
        return;
      }
      if (stopped) return;
      setState('scanning');
      const tick = async () => {
        if (stopped) return;
        if (v.readyState >= HAVE_CURRENT_DATA) {
          let codes: ReadonlyArray<{ rawValue: string }> = [];
          try {
            codes = await reader.detect(v);
          } catch {
            // a frame it could not read: the next one
          }
          if (stopped) return;
          for (const code of codes) {
            if (handler.current(code.rawValue)) {
              stop();
              return;
            }
          }
        }
        timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    })();
    return stop;
  }, [active, attempt, deviceId, formats, video]);

  return { state, ...cameras };
}
