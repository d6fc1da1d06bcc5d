import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withTestServer } from '../testing/server.js';
import { parsePrinterOrigins } from '../settings.js';

/** A built web app of one page, as the server serves it (the real build is the e2e tier's). */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'moneybox-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const PAGES = ['/', '/pos/login?kioskId=1001', '/operator', '/operator/stores'];

/**
 * A stranger's site framing the console, or a script injected into a page: every page of the app carries
 * a strict CSP (no inline or foreign script, no framing), nosniff, X-Frame-Options and no referrer; HSTS
 * only over TLS, which behind a proxy (TRUST_PROXY=1) is its X-Forwarded-Proto.
 */
describe('security headers', () => {
  it("the app's pages: a CSP with no inline script and no framing, nosniff, DENY, no referrer; no HSTS over plain http", async () => {
    await withTestServer('sqlite', { webDist }, async (s) => {
      for (const page of [...PAGES, '/assets/app.js', '/API/openapi.json']) {
        const res = await fetch(`${s.url}${page}`);
        const csp = res.headers.get('content-security-policy') ?? '';
        const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `));
        expect({ page, frame: directive('frame-ancestors'), script: directive('script-src'), object: directive('object-src') }).toEqual({ page, frame: "frame-ancestors 'none'", script: "script-src 'self' 'wasm-unsafe-eval'", object: "object-src 'none'" });
        expect(directive('default-src')).toBe("default-src 'self'");
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('strict-transport-security')).toBeNull();
        await res.arrayBuffer();
      }
      // Without a trusted proxy a client's X-Forwarded-Proto says nothing.
      const forged = await fetch(`${s.url}/operator`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(forged.headers.get('strict-transport-security')).toBeNull();
    });
  });

  it('behind a trusted proxy that took the request over TLS: HSTS', async () => {
    await withTestServer('sqlite', { webDist, trustProxy: true }, async (s) => {
      const tls = await fetch(`${s.url}/operator`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(tls.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const plain = await fetch(`${s.url}/operator`, { headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers.get('strict-transport-security')).toBeNull();
    });
  });

  it("lets the pages post to the counters' network printers the operator names (PRINTER_ORIGINS), and to nothing else", async () => {
    await withTestServer('sqlite', { webDist, printerOrigins: parsePrinterOrigins('http://192.168.1.50, https://printer.local:8043') }, async (s) => {
      const csp = (await fetch(`${s.url}/pos/login?kioskId=1001`)).headers.get('content-security-policy') ?? '';
      expect(csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src '))).toBe("connect-src 'self' http://192.168.1.50 https://printer.local:8043");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    });
    const plain = await withTestServer('sqlite', { webDist }, async (s) => (await fetch(`${s.url}/`)).headers.get('content-security-policy') ?? '');
    expect(plain).toContain("connect-src 'self';");
  });

  it('refuses at start a printer entry that would widen or rewrite the policy: a path, a wildcard, a quote, a directive', () => {
    for (const bad of ['http://192.168.1.50/cgi-bin', 'http://*', "https://p.local 'unsafe-eval'", 'http://p.local; script-src *', 'ftp://p.local', '192.168.1.50', 'data:']) {
      expect(() => parsePrinterOrigins(bad), bad).toThrow(/PRINTER_ORIGINS: not an origin/);
    }
    expect(parsePrinterOrigins('')).toEqual([]);
    expect(parsePrinterOrigins('http://[fe80::1]:8080,http://10.0.0.7')).toEqual(['http://[fe80::1]:8080', 'http://10.0.0.7']);
  });
});
