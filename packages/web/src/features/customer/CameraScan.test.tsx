import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoCustomers } from '../../test/customers';
import { renderRoutes } from '../../test/render';
import type { CustomerRecord } from './customer-api';
import { CustomerSearch } from './CustomerSearch';
import { loginQrValue } from './format';

/** A camera track as getUserMedia gives it: `stop` is what the test watches. */
function fakeCamera() {
  const tracks = [{ kind: 'video', stop: vi.fn() }];
  const stream = { getTracks: () => tracks, getVideoTracks: () => tracks };
  return { tracks, stream, stopped: () => tracks.every((t) => t.stop.mock.calls.length > 0) };
}

/** The browser's Barcode Detection API, reading the frames the test lists (one list of codes per frame, then nothing). */
function fakeDetector(frames: string[][]) {
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

function giveCamera(getUserMedia: (c: MediaStreamConstraints) => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: vi.fn(getUserMedia) }, configurable: true });
  return navigator.mediaDevices.getUserMedia as unknown as ReturnType<typeof vi.fn>;
}

const asked: Array<{ type: string; rule: string }> = [];
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { type: string; rule: string };
      asked.push({ type: body.type, rule: body.rule });
      const list = demoCustomers.filter((c) => (body.type === 'mobile_id' ? c.mobile_id === body.rule : c.phone.startsWith(body.rule) || c.mobile_id.startsWith(body.rule)));
      return new Response(JSON.stringify({ status: 0, list }), { status: 200 });
    }),
  );
  // jsdom plays no video: the preview "plays" and has a frame to read.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

function Counter({ opened }: { opened: CustomerRecord[] }) {
  const [, setSearching] = useState(false);
  return <CustomerSearch onOpen={(c) => opened.push(c)} onSearchingChange={setSearching} />;
}

async function counter(opened: CustomerRecord[]) {
  await renderRoutes([{ path: '/', element: <Counter opened={opened} /> }], '/');
  return screen.findByRole('button', { name: 'Scan with camera' }, { timeout: 8000 });
}

describe('scanning a customer card with the camera', () => {
  it('opens the card’s customer as a scanner’s card does, after any other QR code said it is no card; the camera stops and the PIN is never searched', async () => {
    const camera = fakeCamera();
    const getUserMedia = giveCamera(async () => camera.stream);
    const detector = fakeDetector([[], ['moneybox:movement:42'], [], [loginQrValue('10010002', '111111')]]);
    const opened: CustomerRecord[] = [];
    fireEvent.click(await counter(opened));
    expect(await screen.findByTestId('camera-preview')).toBeInTheDocument();
    // A receipt's QR: told so, and the camera goes on.
    expect(await screen.findByTestId('camera-scan-not-card')).toHaveTextContent('not a customer card');
    expect(camera.stopped()).toBe(false);
    await waitFor(() => expect(opened.map((c) => c.id)).toEqual([2]));
    expect(camera.stopped()).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    expect(detector.formats).toEqual([['qr_code']]);
    // Searched as a scanned card is: by its mobile id alone.
    expect(asked.filter((a) => a.rule.includes('111111') || a.rule.includes('moneybox'))).toEqual([]);
    expect(asked).toContainEqual({ type: 'mobile_id', rule: '10010002' });
    // Nothing read after the card.
    const read = detector.frames();
    await new Promise((r) => setTimeout(r, 400));
    expect(detector.frames()).toBe(read);
  });

  it('a keyboard-wedge scanner typing the same card into the box opens the same customer the same way', async () => {
    const opened: CustomerRecord[] = [];
    await counter(opened);
    const box = screen.getByTestId('customer-search');
    fireEvent.change(box, { target: { value: loginQrValue('10010004', '222222') } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(opened.map((c) => c.id)).toEqual([4]));
    expect(asked.filter((a) => a.rule.includes('222222'))).toEqual([]);
  });

  it('closing the dialog stops the camera', async () => {
    const camera = fakeCamera();
    giveCamera(async () => camera.stream);
    const detector = fakeDetector([]);
    const opened: CustomerRecord[] = [];
    fireEvent.click(await counter(opened));
    await waitFor(() => expect(detector.frames()).toBeGreaterThan(1));
    expect(camera.stopped()).toBe(false);
    fireEvent.click(screen.getByTestId('camera-scan-close'));
    await waitFor(() => expect(camera.stopped()).toBe(true));
    const read = detector.frames();
    await new Promise((r) => setTimeout(r, 400));
    expect(detector.frames()).toBe(read);
    expect(opened).toEqual([]);
  });

  it('a camera refused, or none, says so; a camera that comes late after the dialog closed is stopped at once', async () => {
    fakeDetector([]);
    giveCamera(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    fireEvent.click(await counter([]));
    expect(await screen.findByTestId('camera-scan-problem')).toHaveTextContent('camera was refused');
    fireEvent.click(screen.getByTestId('camera-scan-close'));

    giveCamera(async () => {
      throw new DOMException('Requested device not found', 'NotFoundError');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(await screen.findByTestId('camera-scan-problem')).toHaveTextContent('No camera was found');
    fireEvent.click(screen.getByTestId('camera-scan-close'));

    const late = fakeCamera();
    let give: (s: unknown) => void = () => {};
    giveCamera(() => new Promise((resolve) => (give = resolve)));
    fireEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    await screen.findByTestId('camera-preview');
    fireEvent.click(screen.getByTestId('camera-scan-close'));
    give(late.stream);
    await waitFor(() => expect(late.stopped()).toBe(true));
  });

  it('without getUserMedia (no camera API, or an http address) the button is there, disabled, saying why', async () => {
    const button = await counter([]);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', expect.stringContaining('https'));
  });
});
