import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withTestServer } from '../testing/server.js';

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
        expect({ page, frame: directive('frame-ancestors'), script: directive('script-src'), object: directive('object-src') }).toEqual({ page, frame: "frame-ancestors 'none'", script: "script-src 'self'", object: "object-src 'none'" });
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
});
