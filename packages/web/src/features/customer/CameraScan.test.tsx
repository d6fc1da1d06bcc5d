import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { demoCustomers } from '../../test/customers';
import { renderRoutes } from '../../test/render';
import type { CustomerRecord } from './customer-api';
import { CustomerSearch } from './CustomerSearch';
import { loginQrValue } from './format';
import { cameraGone, fakeCamera, fakeDetector, giveCamera, playingVideo } from '../../test/camera';

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
  playingVideo();
});
afterEach(cameraGone);

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

  it('with two cameras, the cashier picks the other: the first stops, the chosen one starts, and this browser opens it next time', async () => {
    localStorage.removeItem('mbx.camera');
    // jsdom has no scrollIntoView, which the camera list's options call when it opens.
    const jsdomScroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = vi.fn();
    onTestFinished(() => {
      localStorage.removeItem('mbx.camera');
      if (jsdomScroll) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScroll);
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    const front = fakeCamera();
    const back = fakeCamera();
    const settings = (deviceId: string) => ({ getSettings: () => ({ deviceId }) });
    Object.assign(front.tracks[0]!, settings('cam-front'));
    Object.assign(back.tracks[0]!, settings('cam-back'));
    const getUserMedia = giveCamera(async (c) => (JSON.stringify(c).includes('cam-back') ? back.stream : front.stream));
    Object.assign(navigator.mediaDevices, {
      enumerateDevices: async () => [
        { kind: 'audioinput', deviceId: 'mic', label: 'Microphone' },
        { kind: 'videoinput', deviceId: 'cam-front', label: 'Front camera' },
        { kind: 'videoinput', deviceId: 'cam-back', label: 'Back camera' },
      ],
    });
    fakeDetector([]);
    fireEvent.click(await counter([]));
    // The browser's own pick first (the camera facing away), then the list of this device's two cameras.
    const choose = await screen.findByTestId('camera-choose');
    expect(screen.getByText('Camera', { selector: 'label' })).toBeInTheDocument();
    expect(choose).toHaveValue('Front camera');
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: { facingMode: { ideal: 'environment' } }, audio: false });
    fireEvent.click(choose);
    fireEvent.click(await screen.findByRole('option', { name: 'Back camera' }));
    await waitFor(() => expect(getUserMedia).toHaveBeenLastCalledWith({ video: { deviceId: { ideal: 'cam-back' } }, audio: false }));
    await waitFor(() => expect(front.stopped()).toBe(true));
    expect(back.stopped()).toBe(false);
    await waitFor(() => expect(screen.getByTestId('camera-choose')).toHaveValue('Back camera'));
    expect(localStorage.getItem('mbx.camera')).toBe('cam-back');
    // Closed and opened again: the chosen camera at once.
    fireEvent.click(screen.getByTestId('camera-scan-close'));
    await waitFor(() => expect(back.stopped()).toBe(true));
    const calls = getUserMedia.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    await waitFor(() => expect(getUserMedia.mock.calls.length).toBe(calls + 1));
    expect(getUserMedia).toHaveBeenLastCalledWith({ video: { deviceId: { ideal: 'cam-back' } }, audio: false });
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
