/** Thin cookie access: the spec keeps login state and kiosk data in cookies (section 4). */
export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(name: string, value: string, days?: number): void {
  const expires = days === undefined ? '' : `; max-age=${Math.round(days * 86400)}`;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expires}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; path=/; SameSite=Lax; max-age=0`;
}
