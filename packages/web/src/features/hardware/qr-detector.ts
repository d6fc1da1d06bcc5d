/**
 * A QR reader for camera frames: the browser's own Barcode Detection API (`window.BarcodeDetector`: Chrome on
 * Android, macOS and ChromeOS; not on Windows or Linux, nor in Firefox or Safari by default) when it reads 'qr_code', else
 * ZXing's WebAssembly build through the `barcode-detector` ponyfill (`qr-zxing.ts`), loaded only then, by
 * dynamic import, with its .wasm served from the app's own build (never a CDN).
 */
import { QR_CODE, type CodeFormat, type QrReader } from './qr-reader';

export type { CodeFormat, QrReader } from './qr-reader';

interface NativeDetector {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats(): Promise<readonly string[]>;
}

function nativeDetector(): NativeDetector | null {
  const found = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  return typeof found === 'function' ? found : null;
}

/** The browser's detector when it reads every one of `formats`; otherwise the WebAssembly one, ready (its .wasm fetched and compiled). */
export async function qrReader(formats: readonly CodeFormat[] = QR_CODE): Promise<QrReader> {
  const Native = nativeDetector();
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as readonly string[]);
    if (formats.every((f) => supported.includes(f))) return new Native({ formats: [...formats] });
  }
  const { zxingQrReader } = await import('./qr-zxing');
  return zxingQrReader(formats);
}
