// @vitest-environment node
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('the camera’s WebAssembly QR reader', () => {
  it('bundles the very .wasm the barcode-detector ponyfill was built against (its version and SHA-256)', () => {
    // qr-zxing.ts serves zxing-wasm's reader .wasm from the app's build: the glue code inside barcode-detector
    // and that file must be one release, or the reader fails at load. Both are pinned in packages/web/package.json.
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const pkg = JSON.parse(fs.readFileSync(path.resolve(path.dirname(file), '../../package.json'), 'utf8')) as { name: string; version: string };
    expect(pkg).toMatchObject({ name: 'zxing-wasm', version: ZXING_WASM_VERSION });
    const wasm = fs.readFileSync(file);
    expect(createHash('sha256').update(wasm).digest('hex')).toBe(ZXING_WASM_SHA256);
  });
});
