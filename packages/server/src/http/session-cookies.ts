/** The `uid` and `token` cookies the web keeps (spec section 4), for routes a browser opens itself (files, the live socket). */
export function sessionCookies(header: string | undefined): { uid?: string; token?: string } {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name !== 'uid' && name !== 'token') continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      // A malformed cookie is as good as none.
    }
  }
  return out;
}
