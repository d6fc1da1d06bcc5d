import type { FastifyInstance } from 'fastify';

/**
 * The app's Content-Security-Policy. Scripts only from the server's own files (the built web app has no
 * inline script, and no `eval`: the web sets zod jitless); WebAssembly may be compiled ('wasm-unsafe-eval',
 * not 'unsafe-eval': no JavaScript from strings), which only those scripts can ask for: the counter's camera
 * scan reads QR codes with ZXing's .wasm, a file of the build, where the browser has no Barcode Detection API
 * (docs/HARDWARE.md "Camera"); styles from its files and inline, because
 * Mantine writes its CSS variables and component styles into `<style>` elements at run time (a nonce would
 * need every library to take it, for little: inline styles run no code). Images also from `data:` and
 * `blob:` (the console's QR code and the news preview of chosen files). No page may frame the app. The
 * pages connect to the server alone, and to the counters' network receipt printers the operator names
 * (PRINTER_ORIGINS: the receipt is posted to the printer from the counter's browser).
 */
export function contentSecurityPolicy(printerOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...printerOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A year, subdomains included: once a browser saw it over TLS it never speaks plain http to the host. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response: the CSP above (a route may set a stricter one, as the news files do),
 * nosniff, no framing (X-Frame-Options for browsers without frame-ancestors), no referrer, a window of its
 * own (COOP); HSTS only when the request came over TLS, directly or, with TRUST_PROXY=1, as the proxy's
 * X-Forwarded-Proto says (README "Security headers").
 */
export function registerSecurityHeaders(app: FastifyInstance, printerOrigins: readonly string[] = []): void {
  const csp = contentSecurityPolicy(printerOrigins);
  app.addHook('onRequest', async (req, reply) => {
    void reply
      .header('content-security-policy', csp)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header('cross-origin-opener-policy', 'same-origin');
    if (req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
  });
}
