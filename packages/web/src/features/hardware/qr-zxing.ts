import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The reader build's .wasm (QR and the other codes it reads, no writer), a file of the app's own build:
// Vite copies it to dist/assets under a hashed name and this is its URL. The ponyfill would otherwise fetch
// it from jsDelivr, which a counter offline, or the app's Content-Security-Policy, does not allow.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { QR_CODE, type CodeFormat, type QrReader } from './qr-reader';

let ready: Promise<unknown> | null = null;

/** ZXing's QR reader (loaded by `qrReader` when the browser has no Barcode Detection API of its own). */
export async function zxingQrReader(formats: readonly CodeFormat[] = QR_CODE): Promise<QrReader> {
  ready ??= prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
    fireImmediately: true,
  }).catch((err: unknown) => {
    ready = null;
    throw err;
  });
  await ready;
  return new BarcodeDetector({ formats: [...formats] });
}
