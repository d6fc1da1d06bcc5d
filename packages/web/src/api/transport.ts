/** What a call yields: the body of a 200, {status, error} of a 511, or {e} for any other failure (spec section 7). */
export type Reply = { status?: number; error?: string; e?: unknown; [field: string]: unknown };

export async function post(path: string, payload: object = {}): Promise<Reply> {
  let res: Response;
  try {
    res = await fetch(`/API${path}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(payload),
    });
  } catch (err) {
    return { e: String(err) };
  }
  if (res.status === 200) {
    try {
      return (await res.json()) as Reply;
    } catch (err) {
      return { e: String(err) };
    }
  }
  if (res.status === 511) {
    const body = (await res.json().catch(() => ({}))) as Reply;
    return { status: body.status, error: body.error };
  }
  return { e: await res.text().catch(() => res.statusText) };
}

/** GET /API/config/domain.json: host → layout. */
export async function fetchDomainMap(): Promise<Record<string, unknown>> {
  const res = await fetch('/API/config/domain.json', { headers: { accept: 'application/json' } });
  if (!res.ok) return {};
  return (await res.json()) as Record<string, unknown>;
}
