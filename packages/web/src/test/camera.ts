import { expect, vi } from 'vitest';

// A camera and a barcode reader for component tests (jsdom has neither): the camera scan's tests.

/** A camera track as getUserMedia gives it: `stop` is what the test watches. */
export function fakeCamera() {
  const tracks = [{ kind: 'video', stop: vi.fn() }];
  const stream = { getTracks: () => tracks, getVideoTracks: () => tracks };
  return { tracks, stream, stopped: () => tracks.every((t) => t.stop.mock.calls.length > 0) };
}

/** The browser's Barcode Detection API, reading the frames the test lists (one list of codes per frame, then nothing). */
export function fakeDetector(frames: string[][]) {
  const formats: string[][] = [];
  let read = 0;
  class FakeBarcodeDetector {
    static getSupportedFormats = async () => ['qr_code', 'pdf417'];
    constructor(options: { formats: string[] }) {
      formats.push(options.formats);
    }
    async detect(source: unknown) {
      expect(source).toBeInstanceOf(HTMLVideoElement);
      const frame = frames[read++] ?? [];
      return frame.map((rawValue) => ({ rawValue }));
    }
  }
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
  return { formats, frames: () => read };
}

export function giveCamera(getUserMedia: (c: MediaStreamConstraints) => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn(getUserMedia) }, configurable: true });
  return navigator.mediaDevices.getUserMedia as unknown as ReturnType<typeof vi.fn>;
}

/** jsdom plays no video: the preview "plays" and has a frame to read. Undone (with the camera) by `cameraGone`. */
export function playingVideo(): void {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
}

/** After a test: the stubs and spies undone, and the page has no camera again. */
export function cameraGone(): void {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
}
